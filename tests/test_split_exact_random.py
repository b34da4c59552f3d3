"""Exact split-pot equity with a `random` hand (issue 47: `equity --game omaha8 ... random
--exact`, sql/equity/059's omaha_split_random_equity): every hand the random player may
hold and every board still to come, each hand equally likely then each board, to the exact
count and the exact fraction of the pot of an enumeration in this file with pokerkit's
OmahaHoldemHand and OmahaEightOrBetterLowHand (tests/test_split_equity.py's `enumerated` for
each hand of the random player). All but nine or ten cards are dead: about a hundred hands."""

from __future__ import annotations

import math
from itertools import combinations

import pytest

import pokersql
from pokersql.cards import card_name
from pokersql.cli import main
from pokersql.games import rules
from pokersql.split_equity import EXACT_PAIR_ROWS, POT_PARTS, default_exact_rows, exact_random
from tests.test_split_equity import enumerated


def dead_but(*kept: str) -> str:
    """Every card not in ``kept`` (texts of cards, spaced)."""
    keep = {card for text in kept for card in text.split()}
    return " ".join(c for c in (card_name(n) for n in range(52)) if c not in keep)


LEFT = "3c 3d 5s 6h 9d Jc Qh 2s Ac"
# (game, hands with one "random", board, the cards left to the random hand and the board)
SPOTS = {
    # a turn three-way, the random hand in the middle: 126 hands x 5 rivers
    "turn": ("omaha8", ("Ah 2h Kc Qc", "random", "Jh Th 9h 8c"), "4h 7c Kd 8s", LEFT),
    # a flop heads-up: 126 hands x 10 boards
    "flop": ("omaha8", ("Ah 2h Kc Qc", "random"), "4h 7c Kd", LEFT),
    # five hole cards on a turn: 126 hands of five x 4 rivers
    "omaha5-8": ("omaha5-8", ("Ah 2h Kc Qc 3s", "random"), "4h 7c Kd 8s", LEFT),
}


def counted(hands: tuple[str, ...], board: str, left: str) -> tuple[int, list[tuple[int, int, int, int]]]:
    """(deals, each player's (scoops, splits, high parts, low parts)) over every hand of the
    random player from ``left`` and every board, the pot POT_PARTS parts a deal."""
    seat = hands.index("random")
    holes = len(hands[1 - seat].split())
    totals = [[0, 0, 0, 0] for _ in hands]
    deals = 0
    for hand in combinations(left.split(), holes):
        dealt = tuple(" ".join(hand) if n == seat else h for n, h in enumerate(hands))
        boards, players = enumerated(dealt, board, dead_but(board, left, *dealt))
        deals += boards
        for total, (_, high, low, _, scoops, splits) in zip(totals, players):
            # each board's parts are whole: the shares of `enumerated` times boards x POT_PARTS
            for n, value in enumerate((scoops, splits, round(high * boards * POT_PARTS), round(low * boards * POT_PARTS))):
                total[n] += value
    return deals, [tuple(t) for t in totals]


@pytest.fixture(scope="module")
def duckdb_db(built_database):
    with pokersql.connect(built_database("duckdb")) as database:
        yield database


@pytest.mark.parametrize("spot", SPOTS)
def test_exact_random_is_the_enumeration(duckdb_db, spot):
    game, hands, board, left = SPOTS[spot]
    dead = dead_but(board, left, *(h for h in hands if h != "random"))
    result = duckdb_db.equity(*hands, board=board, dead=dead, game=game, exact=True)
    deals, expected = counted(hands, board, left)
    holes = len(hands[0].split())
    assert result.exact and result.deals == deals and result.seed is None
    assert result.boards == math.comb(len(left.split()) - holes, 5 - len(board.split()))
    for player, hand, (scoops, splits, high, low) in zip(result.players, hands, expected):
        assert player.combos == (math.comb(9, holes) if hand == "random" else 1)
        assert (player.wins, player.ties) == (scoops, splits)
        # the exact fractions of the pot: split_result divides the same whole numbers
        assert (player.high_share, player.low_share) == (high / (POT_PARTS * deals), low / (POT_PARTS * deals))
        assert player.equity == (high + low) / (POT_PARTS * deals) and player.scoop == scoops / deals
    # both halves are played, and the random hand takes parts of both
    random_player = result.players[hands.index("random")]
    assert 0 < random_player.high_share and 0 < random_player.low_share and result.players[0].low_share > 0
    # the default counts it exactly too (cheap: a turn or a flop with these cards left)
    assert duckdb_db.equity(*hands, board=board, dead=dead, game=game).to_dict() == result.to_dict()


def test_the_same_on_sqlite(built_database):
    game, hands, board, left = SPOTS["turn"]
    dead = dead_but(board, left, *(h for h in hands if h != "random"))
    answers = []
    for engine in ("duckdb", "sqlite"):
        with pokersql.connect(built_database(engine), engine=engine) as database:
            answers.append(database.equity(*hands, board=board, dead=dead, game=game, exact=True).to_dict())
    deals, expected = counted(hands, board, left)
    assert answers[0] == answers[1] and answers[0]["exact"] and answers[0]["deals"] == deals
    assert [(p["wins"], p["ties"]) for p in answers[1]["players"]] == [e[:2] for e in expected]


def test_the_plan_exact_within_the_bound(duckdb_db):
    """exact_random: exact within EXACT_PAIR_ROWS (pairs of each hand x hands x boards), whether
    asked (--exact) or by default; beyond it, or with two random hands, the default is Monte Carlo."""
    plo8, plo5 = (rules(name, duckdb_db.context) for name in ("omaha8", "omaha5-8"))
    assert math.comb(44, 4) * 40 * 6 <= EXACT_PAIR_ROWS < math.comb(45, 4) * math.comb(41, 2) * 6
    assert exact_random(plo8, 1, 4, 44, None) and exact_random(plo8, 1, 4, 44, True)  # a turn heads-up, full deck
    assert not exact_random(plo8, 1, 3, 45, None) and not exact_random(plo8, 2, 4, 40, None)  # a flop; two random hands
    assert exact_random(plo5, 1, 5, 43, None) and not exact_random(plo5, 1, 4, 43, None)  # five cards: a river, not a turn


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["Ah 2h Kc Qc", "random", "--board", "4h 7c Kd 8s", "--exact", "--trials", "100"], "choose --exact or --trials, not both"),
        # five cards left, the random hand and the river need five: the flop needs six
        (["Ah 2h Kc Qc", "random", "--board", "4h 7c Kd", "--dead", dead_but("Ah 2h Kc Qc", "4h 7c Kd", "3c 3d 5s 6h 9d")],
         "the hands, the board and the dead cards leave 5 cards, 6 are needed"),
        (["Ah 2h Kc Qc", "random", "--board", "4h 7c Kd", "--exact"],
         "exact split-pot equity of a random hand would rank 733,055,400 pairs of its 148,995 hands with the boards, "
         "more than 40,000,000"),
        (["Ah 2h Kc Qc", "random", "random", "--board", "4h 7c Kd 8s", "--exact"], "exact split-pot equity counts one random hand, got 2"),
    ],
)
def test_refused_in_one_line(built_database, capsys, args, named):
    path = built_database("duckdb")
    before = open(path, "rb").read()
    assert main(["--db", path, "equity", "--game", "omaha8", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1 and named in captured.err, captured.err
    assert captured.err.startswith("pokersql: error: ") and open(path, "rb").read() == before


def test_the_default_bound_is_the_engines(duckdb_db):
    """By default a random hand is counted exactly within a bound of the engine's: DuckDB's the
    whole EXACT_PAIR_ROWS (the full-deck turn heads-up, 6.4 s exact against 11.5 s of Monte Carlo);
    SQLite's below that turn (159 s exact against 74 s), which is Monte Carlo there by default, and
    still exact with --exact."""
    from pokersql.engines.duckdb import DuckDBEngine
    from pokersql.engines.sqlite import SQLiteEngine

    plo8 = rules("omaha8", duckdb_db.context)
    assert default_exact_rows(DuckDBEngine.equity_costs) == EXACT_PAIR_ROWS
    sqlite_rows = default_exact_rows(SQLiteEngine.equity_costs)
    assert 1_000_000 < sqlite_rows < 32_580_240
    assert not exact_random(plo8, 1, 4, 44, None, sqlite_rows) and exact_random(plo8, 1, 4, 44, True, sqlite_rows)
    assert exact_random(plo8, 1, 5, 44, None, sqlite_rows)  # a river
