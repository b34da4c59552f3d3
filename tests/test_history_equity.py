"""All-in equity and EV (sql/histories/032) and each street's equity (031) of imported hands,
checked from outside: phevaluator's exhaustive count over every board still to come,
pokerkit's replay for the pots, who may win each and the payoffs, and the EV worked out here
in Python from those. The real files' three all-ins (two before the flop, one on the flop)
and their every street run on DuckDB; our own side-pot hands (all-in on the flop and the turn:
small counts) on DuckDB, SQLite and PostgreSQL."""

from __future__ import annotations

import functools
import itertools
import json
import warnings

import pytest
from phevaluator import evaluate_cards

import pokersql
from pokersql import plots
from pokersql.cards import parse_cards
from pokersql.cli import main
from showdowns import Tally  # tests/showdowns.py
from test_history_pots import REAL, phh_text

# Our own hands, in PHH, every one shown down: (stacks, blinds, actions, the board when the
# betting ended, or None where the hand is no all-in of history_allin_ev)
OWN_HANDS = {
    # three all-in on the flop for different amounts: a main pot of three, a side pot of two,
    # the largest bet's uncalled part back to QQ
    "three all-in on the flop": ("[50, 150, 300]", "[1, 2, 0]", [
        "d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QsQc", "p3 cc", "p1 cc", "p2 cc", "d db 2c7s9d",
        "p1 cc", "p2 cc", "p3 cbr 298", "p1 cc", "p2 cc", "p1 sm AhAd", "p2 sm KhKd", "p3 sm QsQc",
        "d db Jd", "d db 5h",
    ], "2c 7s 9d"),
    # four all-in on the turn, three pots, an uncalled bet, AK and AK splitting (87 is odd)
    "four all-in on the turn, split": ("[31, 60, 90, 121]", "[1, 2, 0, 0]", [
        "d dh p1 7c2d", "d dh p2 AhKh", "d dh p3 AdKd", "d dh p4 QsQc", "p3 cc", "p4 cc", "p1 cc",
        "p2 cc", "d db As8c3h", "p1 cc", "p2 cc", "p3 cc", "p4 cc", "d db 9d", "p1 cc", "p2 cc",
        "p3 cc", "p4 cbr 119", "p1 cc", "p2 cc", "p3 cc", "p1 sm 7c2d", "p2 sm AhKh", "p3 sm AdKd",
        "p4 sm QsQc", "d db Ks",
    ], "As 8c 3h 9d"),
    # all-in on the flop against two; on the turn one bets and the other folds: the main pot
    # (the folded player's chips in it) between the two left, a side pot that one alone may win
    "a folded player's chips, a pot of one": ("[50, 300, 300]", "[1, 2, 0]", [
        "d dh p1 8h8d", "d dh p2 AcKc", "d dh p3 JsTs", "p3 cc", "p1 cc", "p2 cc", "d db 2c7s9d",
        "p1 cbr 48", "p2 cbr 98", "p3 cc", "d db Qh", "p2 cbr 50", "p3 f", "p1 sm 8h8d", "p2 sm AcKc",
        "d db 3d",
    ], "2c 7s 9d Qh"),
    # all-in on the flop, the caller's cards never known: not counted
    "a caller's cards unknown": ("[50, 300]", "[1, 2]", [
        "d dh p1 8h8d", "d dh p2 ????", "p1 cc", "p2 cc", "d db 2c7s9d", "p2 cc", "p1 cbr 48",
        "p2 cc", "p1 sm 8h8d", "d db Qh", "d db 3d",
    ], None),
    # three all-in before the flop: a main pot of three, a side pot of two that the suited short
    # stack is not in (its hearts make no flush there), QQ's uncalled part back
    "three all-in before the flop": ("[50, 150, 300]", "[1, 2, 0]", [
        "d dh p1 7h6h", "d dh p2 AsKd", "d dh p3 QcQd", "p3 cbr 300", "p1 cc", "p2 cc",
        "p1 sm 7h6h", "p2 sm AsKd", "p3 sm QcQd", "d db 2h9h5c", "d db Kh", "d db 8s",
    ], ""),
    # bets to the river, no one all-in: not counted (its streets are)
    "no all-in": ("[100, 100]", "[1, 2]", [
        "d dh p1 AhQc", "d dh p2 9s9d", "p1 cc", "p2 cc", "d db Ac7d2s", "p2 cc", "p1 cbr 4",
        "p2 cc", "d db Kd", "p2 cc", "p1 cc", "d db 4h", "p2 cc", "p1 cc", "p2 sm 9s9d", "p1 sm AhQc",
    ], None),
    # three all-in on the flop, the short stack's cards between the others' (QQ < KK < AA): each
    # hand is ranked once for all the pots and left out of those it is not in, here the middle one
    "three all-in on the flop, the short stack in the middle": ("[50, 150, 300]", "[1, 2, 0]", [
        "d dh p1 KhKd", "d dh p2 AhAd", "d dh p3 QsQc", "p3 cc", "p1 cc", "p2 cc", "d db 2c7s9d",
        "p1 cc", "p2 cc", "p3 cbr 298", "p1 cc", "p2 cc", "p1 sm KhKd", "p2 sm AhAd", "p3 sm QsQc",
        "d db Jd", "d db 5h",
    ], "2c 7s 9d"),
}
# The three before the flop, per seat: (pot, players, boards, wins, ties), phevaluator's count
# (test_side_pots_are_paid_by_each_pots_equity checks it), what SQLite and PostgreSQL must give
PREFLOP_NAME = "three all-in before the flop"
PREFLOP_COUNTS = {
    1: [(1, 3, 1_370_754, 328_577, 2_383)],
    2: [(1, 3, 1_370_754, 470_441, 2_383), (2, 2, 1_370_754, 606_060, 4_380)],
    3: [(1, 3, 1_370_754, 569_353, 2_383), (2, 2, 1_370_754, 760_314, 4_380)],
}
# The real files' all-ins: the hand, the street the money went in
REAL_ALLINS = {"31024": "flop", "31028": "preflop", "31068": "preflop"}
BOARD_SIZE = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}


def own_texts() -> dict[str, str]:
    return {name: phh_text(number, *case[:3]) for number, (name, case) in enumerate(OWN_HANDS.items(), start=1)}


def own_id(name: str) -> str:
    return str(list(OWN_HANDS).index(name) + 1)


@functools.cache
def tally(board: tuple[int, ...], holes: tuple[tuple[int, int], ...], dead: tuple[int, ...] = ()) -> tuple[int, list[tuple[int, int, float]]]:
    """phevaluator over every board still to come: (boards, [(wins, ties, equity)]); ``dead``:
    other cards out of the deck (the hole cards of players in the hand but not in the pot)."""
    out = set(board) | set(dead) | {card for hole in holes for card in hole}
    count = Tally(len(holes))
    for rest in itertools.combinations([c for c in range(52) if c not in out], 5 - len(board)):
        count.showdown((*board, *rest), holes)
    return count.results()


@functools.cache
def pot_tallies(board: tuple[int, ...], holes: tuple[tuple[int, int], ...], pots: tuple[tuple[int, ...], ...]):
    """phevaluator over every board still to come, each hand ranked once a board (every hole card
    out of the deck), tallied for each pot (the indexes into holes of who may win it): boards,
    [[(wins, ties, equity)] per pot]. One pass for all the pots: three hands before the flop are
    1,370,754 boards."""
    out = set(board) | {card for hole in holes for card in hole}
    counts = [[[0, 0, 0] for _ in pot] for pot in pots]  # wins, ties, split shares in 2520ths
    boards = 0
    for rest in itertools.combinations([c for c in range(52) if c not in out], 5 - len(board)):
        cards = (*board, *rest)
        ranks = [evaluate_cards(*cards, *hole) for hole in holes]
        boards += 1
        for pot, count in zip(pots, counts):
            best = min(ranks[index] for index in pot)
            winners = [number for number, index in enumerate(pot) if ranks[index] == best]
            if len(winners) == 1:
                count[winners[0]][0] += 1
            else:
                for number in winners:
                    count[number][1] += 1
                    count[number][2] += 2520 // len(winners)
    return boards, [[(wins, ties, (2520 * wins + shares) / (2520 * boards)) for wins, ties, shares in count] for count in counts]


def replay(text: str) -> tuple[list[tuple[int, list[int]]], list[int], list[int]]:
    """pokerkit: the pots when the betting was over (amount, the player indexes who may win
    it), what each player put in them, and the payoffs."""
    from pokerkit import HandHistory

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = HandHistory.loads(text.split("\n", 1)[1])
        starting = [int(stack) for stack in history.starting_stacks]
        for state in history:
            if sum(pot.amount for pot in state.pots):
                pots = [(int(pot.amount), list(pot.player_indices)) for pot in state.pots]
                put = [start - int(stack) for start, stack in zip(starting, state.stacks)]
    return pots, put, [int(payoff) for payoff in state.payoffs]


def hole_cards(db, hand_id: str) -> dict[int, tuple[int, int]]:
    rows = db.engine.execute(f"select seat, hole_cards from history_seats where hand_id = '{hand_id}' and hole_cards is not null")
    return {seat: tuple(parse_cards(cards)) for seat, cards in rows}


def board_cards(db, hand_id: str) -> list[int]:
    return [card for (card,) in db.engine.execute(f"select card_id from history_board where hand_id = '{hand_id}' order by card_no")]


def expected_own(name: str) -> dict[int, tuple[list[tuple[int, int, float]], float, float]]:
    """Per seat: ([(pot, players, boards, wins, ties, equity in it)], EV net, net), from pokerkit
    and phevaluator."""
    stacks, blinds, actions, board = OWN_HANDS[name]
    pots, put, payoffs = replay(own_texts()[name])
    holes = {}
    for action in actions:
        if action.startswith("d dh") and "?" not in action:
            seat = int(action.split()[2][1:])
            holes[seat] = tuple(parse_cards(action.split()[3]))
    ev = [-float(p) for p in put]
    equities: dict[int, list] = {seat: [] for seat in holes}
    # the cards of every player in (pots[0]: all of them) are out of the deck
    seats_in = [index + 1 for index in pots[0][1]]
    boards, results = pot_tallies(
        tuple(parse_cards(board)), tuple(holes[seat] for seat in seats_in),
        tuple(tuple(seats_in.index(index + 1) for index in players) for _, players in pots))
    for number, ((amount, players), pot_results) in enumerate(zip(pots, results), start=1):
        seats = [index + 1 for index in players]
        for seat, (wins, ties, equity) in zip(seats, pot_results):
            ev[seat - 1] += amount * equity
            equities[seat].append((number, len(seats), boards, wins, ties, equity))
    return {seat: (equities[seat], ev[seat - 1], float(payoffs[seat - 1])) for seat in equities if equities[seat]}


def allin_rows(db) -> tuple[list[tuple], list[tuple]]:
    """history_allin_equities and history_allin_ev, read once per database (the enumerations
    before the flop are seconds)."""
    if not hasattr(db, "_allin_rows"):
        db._allin_rows = (
            db.engine.execute(
                "select hand_id, seat, pot_no, players, runouts, wins, ties, equity from history_allin_equities order by hand_id, seat, pot_no"
            ),
            db.engine.execute("select hand_id, seat, street, ev_won, ev_net, net, luck from history_allin_ev order by hand_id, seat"),
        )
    return db._allin_rows


def check_own(db, name: str) -> None:
    """history_allin_equities and history_allin_ev of our hand: pokerkit's pots, phevaluator's
    equities, the EV from them, pokerkit's payoffs."""
    hand_id = own_id(name)
    expected = expected_own(name)
    equities, evs = allin_rows(db)
    got: dict[int, list] = {}
    for _, seat, *counts, equity in (row for row in equities if row[0] == hand_id):
        got.setdefault(seat, []).append((*counts, equity))
    assert got.keys() == expected.keys()
    for seat, (pots, ev_net, net) in expected.items():
        # pot, players, boards, wins, ties: exactly
        assert [tuple(row[:-1]) for row in got[seat]] == [row[:-1] for row in pots], (name, seat)
        assert [float(row[-1]) for row in got[seat]] == pytest.approx([row[-1] for row in pots], abs=1e-12)
    ev = [row[1:] for row in evs if row[0] == hand_id]
    assert [seat for seat, *_ in ev] == sorted(expected)
    for seat, _, _, ev_net, net, luck in ev:
        assert float(ev_net) == pytest.approx(expected[seat][1], abs=0.006)
        assert float(net) == expected[seat][2]
        assert float(luck) == pytest.approx(expected[seat][2] - expected[seat][1], abs=0.006)


@pytest.fixture(scope="module")
def duck(built_database, tmp_path_factory):
    folder = tmp_path_factory.mktemp("equity-duckdb")
    (folder / "own.phhs").write_text("\n".join(own_texts().values()), encoding="utf-8")
    with pokersql.connect(built_database("duckdb")) as db:
        db.import_histories([*REAL, folder / "own.phhs"])
        yield db


def test_the_allin_hands_are_those_all_in_before_the_river(duck):
    _, evs = allin_rows(duck)
    own = {own_id(name) for name, case in OWN_HANDS.items() if case[3] is not None}
    assert {row[0] for row in evs} == set(REAL_ALLINS) | own
    assert {row[0]: row[2] for row in evs if row[0] in REAL_ALLINS} == REAL_ALLINS


@pytest.mark.parametrize("hand_id", REAL_ALLINS)
def test_the_real_allin_equities_are_an_exhaustive_phevaluator_count(duck, hand_id):
    """Two before the flop (1,712,304 boards each), one on the flop: every runout counted alike,
    and the EV is the pot (as the history states it) times the equity."""
    board = tuple(board_cards(duck, hand_id)[: BOARD_SIZE[REAL_ALLINS[hand_id]]])
    equities, evs = allin_rows(duck)
    rows = [row[1:] for row in equities if row[0] == hand_id]
    holes = hole_cards(duck, hand_id)
    boards, expected = tally(board, tuple(holes[row[0]] for row in rows))
    assert [row[1:3] for row in rows] == [(1, 2), (1, 2)]  # equal stacks: one pot, heads-up
    assert [row[3:6] for row in rows] == [(boards, wins, ties) for wins, ties, _ in expected]
    assert [row[6] for row in rows] == pytest.approx([equity for _, _, equity in expected], abs=1e-12)
    total_pot = float(duck.engine.execute(f"select total_pot from history_hands where hand_id = '{hand_id}'")[0][0])
    collected = dict(duck.engine.execute(f"select seat, collected from history_results where hand_id = '{hand_id}'"))
    ev = [row[1:] for row in evs if row[0] == hand_id]
    for (seat, _, ev_won, _, net, _), (_, _, equity) in zip(ev, expected):
        assert float(ev_won) == pytest.approx(total_pot * equity, abs=0.006)
        assert float(net) == float(collected[seat]) - 10000  # all in: the whole stack


@pytest.mark.parametrize("name", [name for name, case in OWN_HANDS.items() if case[3] is not None])
def test_side_pots_are_paid_by_each_pots_equity(duck, name):
    check_own(duck, name)
    if name == PREFLOP_NAME:
        assert {seat: [row[:-1] for row in pots] for seat, (pots, *_) in expected_own(name).items()} == PREFLOP_COUNTS


def players_in(db, hand_id: str, board_size: int) -> list[int]:
    """The seats that had not folded before the street of that board was dealt."""
    folded = {
        seat for seat, street in db.engine.execute(f"select seat, street from history_actions where hand_id = '{hand_id}' and action = 'fold'")
        if BOARD_SIZE[street] < board_size
    }
    return sorted(set(hole_cards(db, hand_id)) - folded)


def check_streets(db, hand_ids: set[str] | None = None) -> int:
    """Every row of history_street_equities against phevaluator: the players still in, their
    equity over every board still to come, and the hand so far (ahead)."""
    rows = db.engine.execute(
        "select hand_id, board_size, seat, players, runouts, wins, ties, equity, hand_rank, ahead from history_street_equities"
    )
    spots: dict[tuple[str, int], list] = {}
    for row in rows:
        if hand_ids is None or row[0] in hand_ids:
            spots.setdefault((row[0], row[1]), []).append(row[2:])
    known = {hand for (hand,) in db.engine.execute(
        "select hand_id from history_seats group by site, hand_id having count(hole_1) = count(*)")}
    expected_spots = {
        (hand, size) for hand in known if hand_ids is None or hand in hand_ids
        for size in (3, 4, 5) if len(board_cards(db, hand)) >= size and len(players_in(db, hand, size)) >= 2
    }
    assert spots.keys() == expected_spots
    for (hand_id, size), seats in spots.items():
        seats.sort()
        board = tuple(board_cards(db, hand_id)[:size])
        holes = hole_cards(db, hand_id)
        assert [seat for seat, *_ in seats] == players_in(db, hand_id, size)
        boards, expected = tally(board, tuple(holes[seat] for seat, *_ in seats))
        assert [(players, runouts, wins, ties) for _, players, runouts, wins, ties, *_ in seats] == [
            (len(seats), boards, wins, ties) for wins, ties, _ in expected
        ], (hand_id, size)
        assert [row[5] for row in seats] == pytest.approx([equity for *_, equity in expected], abs=1e-12)
        ranks = [evaluate_cards(*board, *holes[seat]) for seat, *_ in seats]
        assert [(row[6], row[7]) for row in seats] == [(rank, int(rank == min(ranks))) for rank in ranks]
    return len(spots)


def test_every_streets_equity_is_an_exhaustive_phevaluator_count(duck):
    """Flop, turn and river of every hand whose cards are all known: the Pluribus hands and ours."""
    assert check_streets(duck) >= 180


def test_history_reports_the_luck(duck, tmp_path, capsys):
    """The report's sums: luck is the all-in hands' net less their EV (the EVs worked out above,
    from the history's pots), the net won sums to nothing (no rake), and the plot is a PNG."""
    picture = tmp_path / "history.png"
    status = main(["--db", str(duck.engine.path), "history", "--format", "json", "--plot", str(picture)])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    report = json.loads(captured.out)
    players = {player["player"]: player for player in report["players"]}
    # one money (issue 66): the Pluribus hands and ours name no currency; handhq_abs_sample's two are USD
    assert report["money"] == {"kind": "cash", "currency": None, "hands": 153 + len(OWN_HANDS)} and report["hands"] == 153 + len(OWN_HANDS)
    assert players["Gogo"]["allin_hands"] == 1 and players["Budd"]["allin_hands"] == 2
    # Budd, the favourite both times before the flop, won both: 31028 and 31068
    ev = {(row[0], row[1]): float(row[3]) for row in allin_rows(duck)[1]}
    assert players["Budd"]["luck"] == pytest.approx(20950 + 20325 - ev["31028", 5] - ev["31068", 1], abs=0.011)
    assert sum(player["net_won"] for player in players.values()) == pytest.approx(0, abs=1e-6)
    for player in players.values():
        assert player["luck"] == pytest.approx(player["allin_net"] - player["allin_ev"], abs=0.011)
        assert player["ev_adjusted"] == pytest.approx(player["net_won"] - player["luck"], abs=0.011)
    assert plots.png_size(picture) == plots.SIZE
    assert main(["--db", str(duck.engine.path), "history", "--player", "nobody", "--format", "json"]) == 0
    captured = capsys.readouterr()  # a name no hand has: no row, and a note (test_history_stats.py)
    assert json.loads(captured.out)["players"] == [] and "no imported hand has the player 'nobody'" in captured.err


def own_database(db, folder) -> None:
    (folder / "own.phhs").write_text("\n".join(own_texts().values()), encoding="utf-8")
    db.import_histories([folder / "own.phhs"])
    for name, case in OWN_HANDS.items():
        if case[3]:
            check_own(db, name)
    # before the flop, the counts by kind (preflop_board_classes_of, 024) transpiled: the counts
    # phevaluator gives (on DuckDB, above), not counted again here (1,370,754 boards in Python)
    got: dict[int, list] = {}
    for hand_id, seat, *counts, _ in allin_rows(db)[0]:
        if hand_id == own_id(PREFLOP_NAME):
            got.setdefault(seat, []).append(tuple(counts))
    assert got == PREFLOP_COUNTS
    assert check_streets(db) == 18  # the flop, turn and river of the six hands whose cards are all known


def test_sqlite_pays_our_hands_by_equity(built_database, tmp_path):
    with pokersql.connect(built_database("sqlite"), engine="sqlite") as db:
        own_database(db, tmp_path)


@pytest.mark.xdist_group("postgres")
def test_postgres_pays_our_hands_by_equity(built_postgres, tmp_path):
    with pokersql.connect(built_postgres("history_equity"), engine="postgres") as db:
        own_database(db, tmp_path)


def test_headsup_preflop_allins_read_the_preflop_table(duck):
    """With preflop_matchups holding the real files' two heads-up preflop matchups, both orders,
    made-up counts (a matchup's wins one way are its losses the other), history_allin_equities
    reads them, not the enumeration: each player gets the row with their own hand first. (That
    the table's counts are the enumeration's is tests/test_preflop.py's.) Emptied after."""
    preflop = sorted(hand_id for hand_id, street in REAL_ALLINS.items() if street == "preflop")
    rows, expected = [], {}
    for number, hand_id in enumerate(preflop):
        seats = [seat for (seat,) in duck.engine.execute(
            f"select seat from history_contributions where hand_id = '{hand_id}' and folded = 0 order by seat")]
        holes = hole_cards(duck, hand_id)
        first, second = (sorted(holes[seat], reverse=True) for seat in seats)
        wins, ties, losses = 1_000_000 + number, 12_304, 700_000 - number  # 1,712,304 boards
        rows += [(*first, *second, wins, ties, losses), (*second, *first, losses, ties, wins)]
        expected[(hand_id, seats[0])] = (1_712_304, wins, ties, (wins + ties / 2) / 1_712_304)
        expected[(hand_id, seats[1])] = (1_712_304, losses, ties, (losses + ties / 2) / 1_712_304)
    try:
        for row in rows:
            duck.engine.execute("insert into preflop_matchups values (?, ?, ?, ?, ?, ?, ?)", row)
        got = duck.engine.execute(
            "select hand_id, seat, runouts, wins, ties, equity from history_allin_equities "
            f"where hand_id in ({', '.join(repr(hand_id) for hand_id in preflop)})"
        )
        assert {(hand_id, seat): (runouts, wins, ties) for hand_id, seat, runouts, wins, ties, _ in got} == {
            key: value[:3] for key, value in expected.items()}
        for hand_id, seat, *_, equity in got:
            assert float(equity) == pytest.approx(expected[(hand_id, seat)][3], abs=1e-12)
    finally:
        duck.engine.execute("delete from preflop_matchups")

