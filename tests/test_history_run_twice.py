"""Hands with two boards, paid from their cards (062, issue 45): a hand run twice (PokerStars' and
GGPoker's "*** FIRST FLOP ***" ... "*** SECOND RIVER ***", "FIRST Board" and "SECOND Board") and
Split Hold'em, its second board stored with board_no 2 (043). Every such hand of the corpus: each
pot split in one part per board, the first board taking the odd chip, each part's high (and a hi-lo
game's low) half decided on its own board; each player's won on each board is what the site's
collected lines say it paid on that board (collected_second_board, 043), within the rake; each
contested pot replayed by pokerkit with two runouts gives the same chips on each board."""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Iterable
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest

from pokersql.cli import main

FPDB = Path(__file__).resolve().parent / "histories" / "fpdb"
AUDITS = Path(__file__).resolve().parent.parent / "sql" / "audits"
# every corpus file with a hand of two boards, and that hand: (its hand id, its game under 061's names)
TWICE = {
    "cash/GGPoker/Flop/NL-ShortDeck-5max-USD-100-202104.internal.txt": ("1171217378123557259", "shortdeck"),
    "cash/GGPoker/Flop/PLO-6max-USD-2-5-202101.RIT.txt": ("OM232657303", "omaha"),
    "cash/GGPoker/Flop/PLO5-6max-USD-2-5-202104.Jackpot.txt": ("OM1349864", "omaha5"),
    "cash/GGPoker/Flop/PLO5-6max-USD-25-50-202104.RIT.txt": ("OM785467", "omaha5"),
    "cash/Stars/Flop/NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt": ("90721705235", "holdem"),
    "cash/Stars/Flop/NLHE-Split-6max-USD-1.00-2.00-201803.txt": ("184487904738", "holdem"),  # Split Hold'em
    "cash/Stars/Flop/PL-Courchevel-HL-6max-USD-1.00-2.00-201303.Run.It.Twice.txt": ("97007286518", "courchevel8"),
    "cash/Stars/Flop/PLO-6max-USD-200-400-201505.rit.leaves.table.txt": ("134782498345", "omaha"),
}
THRICE = "cash/GGPoker/Flop/PLO-6max-USD-2-5-202106.run.it.thrice.txt"  # refused: tests/test_corpus_games.py
# GGPoker paid this hand's first board (Tc 8h Ah 6h Jd) to 951600's Qs Ks, "Aces-High Straight", over
# 1802531's Td Ts, "Three Tens": the classic short deck order (pokersql's `shortdeck`, pokerkit's),
# where 061 names 6+ Hold'em `shortdeck-triton` (three of a kind above a straight): 064 names
# GGPoker's `shortdeck` (the corpus's only hand the two orders decide; none of PokerStars' does).
CLASSIC_ORDER = "1171217378123557259"
SECOND_BOARD = re.compile(r"^(\*\*\* SECOND (FLOP|TURN|RIVER) \*\*\*|SECOND Board \[)", re.MULTILINE)


def _imported(db: str, names: Iterable[str]) -> str:
    """``db`` with the corpus files ``names`` imported by the CLI, which says nothing on stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["--db", db, "import", *(str(FPDB / name) for name in names)])
    assert (status, err.getvalue()) == (0, ""), err.getvalue()
    return db


@pytest.fixture(scope="module")
def twice_db(db_file: str) -> str:
    return _imported(db_file, TWICE)


def _query(db: str, sql: str, *parameters) -> list[tuple]:
    with duckdb.connect(db, read_only=True) as con:
        return con.execute(sql, list(parameters)).fetchall()


def _hands() -> list[str]:
    return [hand for hand, _ in TWICE.values()]


def test_every_hand_of_two_boards_in_the_corpus_is_paid_on_each(twice_db):
    """The corpus's files that deal a second board are TWICE's, and THRICE's (refused); each of
    TWICE's has one hand of two boards, under its game's name, two boards."""
    files = {path.relative_to(FPDB).as_posix() for path in FPDB.glob("*/*/*/*")
             if path.is_file() and not path.name.endswith((".hp", ".hands", ".gt", ".md"))
             and SECOND_BOARD.search(path.read_text(encoding="utf-8", errors="replace"))}
    assert files == {*TWICE, THRICE}
    stored = _query(twice_db, "select h.hand_id, g.game, g.boards from history_hands h left join history_hand_games g"
                              " using (site, hand_id) where exists (select 1 from history_board b where b.site = h.site"
                              " and b.hand_id = h.hand_id and b.board_no = 2) order by h.hand_id")
    assert stored == sorted((hand, game, 2) for hand, game in TWICE.values())


# what the views paid each player on each board, and what the site says it paid there (hundredths)
PER_BOARD = """
with
    ours as (
        select hand_id, seat, board_no, sum(share_hundredths) as won
        from history_game_pot_winners
        group by hand_id, seat, board_no
    ),
    sites as (
        select hand_id, seat, 1 as board_no,
            cast(round((collected - coalesce(collected_second_board, 0)) * 100) as integer) as collected
        from history_results
        union all
        select hand_id, seat, 2, cast(round(collected_second_board * 100) as integer)
        from history_results
    )
select sites.hand_id, sites.seat, sites.board_no, coalesce(ours.won, 0), sites.collected,
    cast(round((coalesce(hands.rake, 0) + coalesce(hands.site_added, 0)) * 100) as integer)
from sites
join history_hands as hands using (hand_id)
left join ours using (hand_id, seat, board_no)
where sites.hand_id in (select unnest(?))
order by all
"""


def test_each_board_is_paid_as_the_site_paid_it(twice_db):
    """Each board's winners are those the site paid on that board (collected less
    collected_second_board, then collected_second_board), and each is paid no less than the site
    paid, all of it together no more above than the hand's rake (the site's pots are after it)."""
    rows = _query(twice_db, PER_BOARD, _hands())
    assert len({hand for hand, *_ in rows}) == 8
    for hand in _hands():
        mine = [row for row in rows if row[0] == hand]
        winners = {(seat, board) for _, seat, board, won, _, _ in mine if won > 0}
        paid = {(seat, board) for _, seat, board, _, collected, _ in mine if collected > 0}
        assert winners == paid, hand
        assert all(won >= collected for _, _, _, won, collected, _ in mine), hand
        assert 0 <= sum(won - collected for _, _, _, won, collected, _ in mine) <= mine[0][5], hand


def test_the_first_board_takes_the_odd_chip(twice_db):
    """The sites' convention, from their collected lines: of a hand of one pot, the first board's
    part is the second's or one cent more (PokerStars' 223.17 less its rake: 111.59 and 111.58;
    Split Hold'em's 67.07: 33.54 and 33.53; GGPoker's 97.85: 48.93 and 48.92). The views split the
    pot (before the rake) the same way: the first board one chip more where it is odd."""
    sites = dict(_query(twice_db, "select hand_id, list(b order by b) from (select hand_id,"
                                  " cast(round(sum(collected - coalesce(collected_second_board, 0)) * 100) as integer)"
                                  " - cast(round(sum(coalesce(collected_second_board, 0)) * 100) as integer) as b"
                                  " from history_results where hand_id in (select unnest(?)) group by hand_id) group by all",
                        _hands()))
    single = {hand for hand, in _query(twice_db, "select hand_id from history_pots where hand_id in (select unnest(?))"
                                                 " group by hand_id having count(*) = 1", _hands())}
    assert len(single) == 6 and sorted(sites[hand][0] for hand in single) == [0, 0, 0, 0, 1, 1]  # 0 or 1 cent
    ggpoker = _query(twice_db, "select player, collected, collected_second_board from history_results"
                               " where hand_id = 'OM232657303' and collected > 0 order by player")
    assert ggpoker == [("3b7dff87", Decimal("48.93"), Decimal("0.00")), ("Hero", Decimal("48.92"), Decimal("48.92"))]
    parts = _query(twice_db, "select hand_id, pot_no, board_no, sum(share_hundredths) from history_game_pot_winners"
                             " where hand_id in (select unnest(?)) group by all order by all", _hands())
    pots = dict(((hand, pot), amount) for hand, pot, amount in _query(
        twice_db, "select hand_id, pot_no, amount_hundredths from history_pots where hand_id in (select unnest(?))", _hands()))
    for (hand, pot), amount in pots.items():
        boards = [chips for h, p, _, chips in parts if (h, p) == (hand, pot)]
        assert sum(boards) == amount and (len(boards) == 1 or boards[0] - boards[1] == amount % 2), (hand, pot, boards)
    assert sum(amount % 2 for amount in pots.values()) == 0  # no odd pot in the corpus: the odd chip is the next test's


def test_a_hi_lo_board_splits_its_part_in_halves(twice_db):
    """PokerStars' Courchevel Hi/Lo run twice (163.50, rake 0.50; button seat 3): on the first board
    Player0's high and Hero's low take a half each of 81.75; on the second Player0's high takes half,
    and the low is tied, 20.44 to Hero (seat 4, first from the button's left) and 20.43 to Player0,
    as the site paid 20.38 and 20.37 of its 81.50."""
    (hand, _), = [value for name, value in TWICE.items() if "Courchevel" in name]
    rows = _query(twice_db, "select board_no, half, player, share_hundredths from history_game_pot_winners"
                            " where hand_id = ? order by all", hand)
    assert rows == [(1, "high", "Player0", 4088), (1, "low", "Hero", 4087),
                    (2, "high", "Player0", 4088), (2, "low", "Hero", 2044), (2, "low", "Player0", 2043)]


def test_the_audits_list_no_hand_of_two_boards(twice_db):
    """The game audit lists none of them (GGPoker's short deck hand by the classic order, 064);
    the Hold'em audit (030 ranks no second board) leaves them to it."""
    assert _query(twice_db, (AUDITS / "history_game_collected_matches_the_pots.sql").read_text(encoding="utf-8")) == []
    assert _query(twice_db, (AUDITS / "history_collected_matches_the_pots.sql").read_text(encoding="utf-8")) == []


def test_nets_of_the_hands_run_twice(twice_db):
    """Each player's net (won from the cards less in_pot) is the site's (collected less in_pot),
    or above it by no more than the rake. PokerStars' Hold'em run twice: Hero wins both boards,
    the pot of 225.32 (the site's 223.17 after its 2.15)."""
    rows = _query(twice_db, "select p.hand_id, p.player, p.net, r.collected - p.in_pot, h.rake from history_game_payouts p"
                            " join history_results r using (site, hand_id, seat) join history_hands h using (site, hand_id)"
                            " where p.hand_id in (select unnest(?))", _hands())
    assert len(rows) >= 16 and all(Decimal(0) <= net - site <= rake for _, _, net, site, rake in rows)
    nets = {player: net for hand, player, net, _, _ in rows if hand == "90721705235" and net}
    assert nets == {"Hero": Decimal("116.16"), "Player1": Decimal("-109.16"), "Player4": Decimal("-1.00"), "Player5": Decimal("-6.00")}


def test_the_tracker_stores_each_board_as_the_site_paid_it(twice_db, capsys):
    """What the tracker stores (stored_payouts, 066, filled at import) is the one tally: each hand of
    two boards is 062's, row for row, each player paid what the site paid on both boards (no less,
    within the rake; 030 pays a second board nothing); `history` nets each player the site's
    collected less in_pot (the tally's won where a site says nothing)."""
    stored = "select * from stored_payouts where hand_id in (select unnest(?))"
    game = "select * from history_game_payouts where hand_id in (select unnest(?))"
    assert _query(twice_db, f"{stored} except all {game}", _hands(), _hands()) == []
    assert _query(twice_db, f"{game} except all {stored}", _hands(), _hands()) == []
    rows = _query(twice_db, "select p.hand_id, p.won, r.collected, h.rake from stored_payouts p join history_results r"
                            " using (site, hand_id, seat) join history_hands h using (site, hand_id)"
                            " where p.hand_id in (select unnest(?))", _hands())
    assert len({hand for hand, *_ in rows}) == 8 and all(Decimal(0) <= won - paid <= rake for _, won, paid, rake in rows)
    assert ("90721705235", Decimal("225.32"), Decimal("223.17"), Decimal("2.15")) in rows
    assert main(["--db", twice_db, "history", "--format", "json"]) == 0
    moneys = json.loads(capsys.readouterr().out)["moneys"]
    nets: dict[str, Decimal] = {}
    for money in moneys:  # one money at a time (issue 66): a cash currency, or tournament chips
        options = ["--tournaments"] if money["kind"] == "tournaments" else ["--currency", money["currency"] or "none"]
        assert main(["--db", twice_db, "history", *options, "--format", "json"]) == 0
        kept = {player["player"]: Decimal(str(player["net_won"])) for player in json.loads(capsys.readouterr().out)["players"]}
        site = _query(twice_db, "select p.player, sum(coalesce(r.collected, p.won) - p.in_pot) from history_game_payouts p"
                                " left join history_results r using (site, hand_id, seat) join history_hands h using (site, hand_id)"
                                " where (h.tournament_id is not null) = ? and (? or h.currency is not distinct from ?) group by p.player",
                      money["kind"] == "tournaments", money["kind"] == "tournaments", money["currency"])
        assert kept == {player: net for player, net in site}
        nets.update(kept)
    assert nets["951600"] != 0


def _pokerkit_types(game: str):
    from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand, StandardHighHand

    return {"holdem": (StandardHighHand,), "omaha": (OmahaHoldemHand,), "omaha5": (OmahaHoldemHand,),
            "courchevel8": (OmahaHoldemHand, OmahaEightOrBetterLowHand)}[game]


def _pokerkit_runs_twice(hand_types, holes: list[str], stack: int, boards: list[list[str]]) -> dict[tuple[int, int], int]:
    """pokerkit's State: the players (in the order that takes odd chips) all in for ``stack`` on the
    street after which the two boards part, two runouts selected, the boards dealt as the history
    dealt them. Returns the chips it pushes to each (player, board); board None where one player won
    every board (pokerkit kills the other hands, and pushes the pot to the one left whole)."""
    from pokerkit import Automation, BettingStructure, ChipsPushing, Deck, Mode, Opening, State, Street

    shared = next(count for count in range(6) if count == 5 or boards[0][count] != boards[1][count])
    parting = {0: 0, 3: 1, 4: 2}[shared]
    streets = (Street(False, (False,) * len(holes[0].split()), 0, False, Opening.POSITION, 1, None),
               *(Street(True, (), count, False, Opening.POSITION, 1, None) for count in (3, 1, 1)))
    automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                   Automation.CARD_BURNING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
                   Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)
    n = len(holes)
    state = State(automations, Deck.STANDARD, hand_types, streets, BettingStructure.NO_LIMIT, False, 1, (0,) * n, 0,
                  (stack,) * n, n, mode=Mode.CASH_GAME)
    for hole in holes:
        state.deal_hole(hole.replace(" ", ""))
    dealt = 0
    for street in range(parting + 1):
        if street:
            count = (3, 1, 1)[street - 1]
            state.deal_board("".join(boards[0][dealt:dealt + count]))
            dealt += count
        if street < parting:
            for _ in range(n):
                state.check_or_call()
        else:  # the first to act all in, the others calling
            actor = state.actor_index
            state.complete_bet_or_raise_to(state.stacks[actor] + state.bets[actor])
            for _ in range(n - 1):
                state.check_or_call()
    while state.can_select_runout_count():
        state.select_runout_count(2)
    for run in range(2):
        card = dealt
        for count in (3, 1, 1)[parting:]:
            state.deal_board("".join(boards[run][card:card + count]))
            card += count
    assert [[repr(card) for card in state.get_board_cards(board)] for board in range(2)] == boards
    assert state.status is False and sum(state.payoffs) == 0
    pushed: dict[tuple[int, int], int] = {}
    for operation in state.operations:
        if isinstance(operation, ChipsPushing):
            for player, amount in enumerate(operation.amounts):
                if amount:
                    key = (player, operation.board_index)
                    pushed[key] = pushed.get(key, 0) + amount
    return pushed


# pokerkit warns where a card dealt is not among those it would deal next: the history's are dealt
@pytest.mark.filterwarnings("ignore:A card being dealt:UserWarning")
def test_each_contested_pot_is_pokerkits_with_two_runouts(twice_db):
    """pokerkit 0.7 runs a hand more than once (select_runout_count: the pot divided by the boards,
    the first board the odd chip; then by hand types, the high the odd chip; then among the
    winners). Each contested pot of each hand (but the short deck one: pokerkit's order is the
    classic one) replayed as its eligible players all in for equal shares of it, in the order
    from the button's left: pokerkit pushes each board's chips to whom the views pay them, chip
    for chip, and so each player's net of the pot."""
    replayed = scooped = 0
    for hand, game in TWICE.values():
        if hand == CLASSIC_ORDER:
            continue
        boards = [[card for card, in _query(twice_db, "select card from history_board where hand_id = ? and board_no = ?"
                                                      " order by card_no", hand, board)] for board in (1, 2)]
        for pot, amount, players in _query(twice_db, "select pot_no, amount_hundredths, players from history_pots"
                                                     " where hand_id = ? and players > 1", hand):
            seats = _query(twice_db, "select s.seat, s.hole_cards from history_seats s join history_contributions c"
                                     " using (site, hand_id, seat) join history_pots p using (site, hand_id)"
                                     " join history_hands h using (site, hand_id)"
                                     " where hand_id = ? and p.pot_no = ? and c.folded = 0 and c.in_pot_hundredths >= p.to_hundredths"
                                     " order by case when s.seat > coalesce(h.button_seat, 0) then 0 else 1 end, s.seat", hand, pot)
            assert len(seats) == players and amount % players == 0  # equal stacks make the pot
            pushed = _pokerkit_runs_twice(_pokerkit_types(game), [hole for _, hole in seats], amount // players, boards)
            ours = {(index, board_no - 1): chips for index, (seat, _) in enumerate(seats)
                    for board_no, chips in _query(twice_db, "select board_no, sum(share_hundredths) from history_game_pot_winners"
                                                            " where hand_id = ? and pot_no = ? and seat = ? group by board_no",
                                                  hand, pot, seat)}
            if {board for _, board in pushed} == {None}:  # one player won both boards: the pot, unboarded
                ours = {(player, None): sum(chips for (p, _), chips in ours.items() if p == player) for player, _ in ours}
                scooped += 1
            assert ours == pushed, (hand, pot)
            replayed += 1
    assert (replayed, scooped) == (7, 2)


@pytest.mark.parametrize("engine", ["sqlite", pytest.param("postgres", marks=pytest.mark.xdist_group("postgres"))])
def test_other_engines_pay_each_board_as_duckdb(engine, twice_db, tmp_path, request):
    """The same views on SQLite and PostgreSQL (the files they need): each board's winners and shares as on DuckDB."""
    from game_payouts import migrate_for_game_payouts  # tests/game_payouts.py

    import pokersql

    where = str(tmp_path / "twice.sqlite") if engine == "sqlite" else request.getfixturevalue("fresh_url")
    sql = ("select hand_id, pot_no, board_no, half, seat, share_hundredths from history_game_pot_winners"
           " order by hand_id, pot_no, board_no, half, seat")
    with pokersql.connect(where, engine=engine) as db:
        migrate_for_game_payouts(db.engine)
        db.import_histories([FPDB / name for name in TWICE])
        rows = [tuple(row) for row in db.engine.execute(sql)]
    assert len(rows) == 21 and rows == _query(twice_db, sql)


def test_an_odd_pot_gives_its_odd_chip_to_the_first_board(built_database, tmp_path):
    """No pot of the corpus is odd: Split Hold'em's hand with a small blind of 1.01 (the pot 69.83,
    the site's lines 33.54 and 33.54 of 67.08 after the rake) pays the first board's winner
    (Player1) 34.92 and the second's (Player2) 34.91, as the sites split 223.17 (111.59, 111.58)."""
    split = FPDB / "cash/Stars/Flop/NLHE-Split-6max-USD-1.00-2.00-201803.txt"
    text = split.read_text(encoding="utf-8").replace("#184487904738", "#184487904739")
    for old, new in (("posts small blind $1\n", "posts small blind $1.01\n"), ("Total pot $69.82", "Total pot $69.83"),
                     ("Player2 collected $33.53", "Player2 collected $33.54"), ("won ($33.53)", "won ($33.54)")):
        assert old in text
        text = text.replace(old, new)
    odd = tmp_path / "odd.txt"
    odd.write_text(text, encoding="utf-8")
    db = built_database("duckdb")
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        assert main(["--db", db, "import", str(odd)]) == 0, err.getvalue()
    rows = _query(db, "select pot_no, board_no, half, player, share_hundredths from history_game_pot_winners"
                      " where hand_id = '184487904739' order by all")
    assert rows == [(1, 1, "high", "Player1", 3492), (1, 2, "high", "Player2", 3491)]
    assert _query(db, (AUDITS / "history_game_collected_matches_the_pots.sql").read_text(encoding="utf-8")) == []


# each stored table (066) and the view it keeps, which a user may query directly
STORED_VIEWS = {"stored_payouts": "history_game_payouts", "stored_player_hands": "history_player_hands",
                "stored_allin_ev": "history_allin_ev", "stored_hand_stats": "history_hand_stats"}
# hands of one board: Omaha's side pots, and Omaha Hi/Lo's halves (030 pays neither as Omaha)
OMAHA = ["cash/Stars/Flop/PLO-FR-USD-0.01-0.02-201006.sidepots.txt", "cash/Stars/Flop/PLO8-6max-USD-0.01-0.02-200911.txt"]


@pytest.fixture(scope="module")
def omaha_too(twice_db: str) -> str:
    """twice_db with OMAHA's hands imported too (after the tests above, which count TWICE's)."""
    return _imported(twice_db, OMAHA)


@pytest.fixture(scope="module")
def said_nothing(omaha_too: str, tmp_path_factory) -> str:
    """A copy of omaha_too as a site that writes no collected line would leave it (history_results'
    collected null: the payouts' won is all a report has), its hands stored again."""
    import shutil

    import pokersql
    from pokersql.histories import stored

    copy = str(tmp_path_factory.mktemp("said_nothing") / "poker.duckdb")
    shutil.copyfile(omaha_too, copy)
    with pokersql.connect(copy) as db, db.engine.transaction():
        db.engine.execute("update history_results set collected = null, collected_second_board = null")
        for table in (*stored.STORED, stored.HANDS):
            db.engine.execute(f"delete from {table}")
        stored.fill(db.engine)
    return copy


@pytest.mark.parametrize("table", STORED_VIEWS)
@pytest.mark.parametrize("site_said", [True, False], ids=["collected", "nothing_collected"])
def test_a_view_queried_directly_gives_its_stored_rows(omaha_too, said_nothing, table, site_said):
    """Issue 44, one tally: a view a user queries directly and the table the tracker stored from it
    give the same rows, on every imported hand: the hands of two boards, and Omaha's (Hi and Hi/Lo)
    of one board, where the site says what each player collected and where it says nothing (the
    tally's won is then the net's). (Before 065, history_player_hands and history_hand_stats read
    030's Hold'em payouts: 27 rows of each differed where the site said nothing.)"""
    database = omaha_too if site_said else said_nothing
    view = STORED_VIEWS[table]
    assert _query(database, f"select * from {view} except all select * from {table}") == []
    assert _query(database, f"select * from {table} except all select * from {view}") == []
    (twice, omaha, hilo), = _query(
        database, f"select count(distinct case when history_hands.hand_id in (select unnest(?)) then history_hands.hand_id end),"
                  f" count(distinct case when history_hands.game like 'Omaha %' or history_hands.game like 'Pot Limit Omaha%' then history_hands.hand_id end),"
                  f" count(distinct case when history_hands.game like '%Hi/Lo%' then history_hands.hand_id end)"
                  f" from {view} join history_hands using (site, hand_id)", _hands())
    # (history_allin_ev: Hold'em's all-in hands, none of these)
    assert (twice, omaha > 4, hilo > 10) == ((len(TWICE), True, True) if table != "stored_allin_ev" else (0, False, False))
