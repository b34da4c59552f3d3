"""The exact heads-up preflop table (022 to 025; issue 13), checked from outside the job.

The job counts boards by kind (values, then flush classes per suit), not board by board, so
every check here compares it with something computed another way:
- a pair of each of the 105 shapes (which suits and ranks the four cards share), drawn at
  random, against ``equity`` on a database whose table is empty, which enumerates every board
  by its classes (015, 017) and is itself checked against phevaluator (test_equity);
- AA v KK and AKs v QQ against published figures, to the digits published;
- over all 1,624,350 pairs, wins of A over B equal losses of B to A, and every pair's counts
  add up to the 1,712,304 boards;
- the equity command's lookup against its enumeration, for hands, ranges and random.
All of these tests run in one worker (xdist_group), which fills the table once (minutes).
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
import time
from fractions import Fraction
from collections.abc import Callable, Iterator

import pytest

import pokersql
from pokersql.cards import card_name
from pokersql.range_text import HAND_ORDER_SQL, hand_order

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("preflop")]

BOARDS = math.comb(48, 5)
PAIRS = 1326 * 1225


@pytest.fixture(scope="module")
def plain_db(built_database: Callable[[str], str]) -> str:
    """A built database whose preflop table is empty: equity enumerates."""
    return built_database("duckdb")


@pytest.fixture(scope="module")
def preflop_build(plain_db: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict, float]:
    """A copy of it with preflop_matchups filled by the CLI: its path, the JSON printed, seconds."""
    path = tmp_path_factory.mktemp("preflop") / "preflop.duckdb"
    shutil.copyfile(plain_db, path)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pokersql", "--db", str(path), "build", "--preflop", "--format", "json"],
        capture_output=True,
        text=True,
        timeout=3600,
    )
    assert done.returncode == 0, done.stderr
    return str(path), json.loads(done.stdout), time.perf_counter() - started


@pytest.fixture(scope="module")
def preflop(preflop_build: tuple[str, dict, float]) -> Iterator[pokersql.Database]:
    with pokersql.connect(preflop_build[0]) as db:
        yield db


@pytest.fixture(scope="module")
def plain(plain_db: str) -> Iterator[pokersql.Database]:
    with pokersql.connect(plain_db) as db:
        yield db


def test_every_pair_once_with_every_board(preflop: pokersql.Database) -> None:
    (rows, distinct, fewest, most, smallest), = preflop.engine.execute(
        "select count(*), count(distinct (hand_1_high, hand_1_low, hand_2_high, hand_2_low)), "
        "min(wins + ties + losses), max(wins + ties + losses), min(least(wins, ties, losses)) from preflop_matchups"
    )
    assert (rows, distinct, fewest, most) == (PAIRS, PAIRS, BOARDS, BOARDS)
    assert smallest >= 0  # no count of a kind of board went negative


def test_wins_of_a_over_b_are_losses_of_b_to_a(preflop: pokersql.Database) -> None:
    unmatched = preflop.engine.execute(
        """
        select count(*)
        from preflop_matchups as a
        left join preflop_matchups as b
            on b.hand_1_high = a.hand_2_high and b.hand_1_low = a.hand_2_low
            and b.hand_2_high = a.hand_1_high and b.hand_2_low = a.hand_1_low
        where b.wins is distinct from a.losses or b.ties is distinct from a.ties
        """
    )
    assert unmatched == [(0,)]


def _pair_cards(row: tuple[int, int, int, int]) -> tuple[str, str]:
    names = [card_name(c) for c in row]
    return names[0] + names[1], names[2] + names[3]


def _shape(names: tuple[str, str, str, str]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Which suits and which ranks of the four cards are the same (each numbered by where it
    first appears): 105 shapes among all pairs, from AhAd v AsAc to AhKd v QsJc."""

    def first_seen(values: list[str]) -> tuple[int, ...]:
        seen: dict[str, int] = {}
        return tuple(seen.setdefault(value, len(seen)) for value in values)

    return first_seen([name[1] for name in names]), first_seen([name[0] for name in names])


# A pair's shape in SQL: which of its four cards (hand_1_high, hand_1_low, hand_2_high, hand_2_low)
# share a suit (card % 4) and which a rank (card // 4), as six equalities each: the same partition
# of the four as _shape's numbering by first appearance.
_FOUR = ("hand_1_high", "hand_1_low", "hand_2_high", "hand_2_low")
_SHAPE_SQL = ", ".join(
    f"{a} {op} 4 = {b} {op} 4" for op in ("%", "//") for i, a in enumerate(_FOUR) for b in _FOUR[i + 1:]
)


def test_a_pair_of_every_shape_equals_the_enumeration(preflop: pokersql.Database, plain: pokersql.Database) -> None:
    """One pair, drawn at random, of each way four cards can share suits and ranks: the job counts
    boards by suit and by value, so a mistake there is a mistake for a whole shape. The table's
    1,624,350 pairs are grouped by shape in SQL (in Python, 10 to 25 s of this test), the pair of
    each shape the first by a hash seeded with 13; _shape checks that they are 105 shapes."""
    four = ", ".join(_FOUR)
    rows = preflop.engine.execute(
        f"select unnest(arg_min(({four}, wins, ties, losses), hash({four}, 13))) from preflop_matchups group by {_SHAPE_SQL}"
    )
    assert len({_shape(tuple(card_name(card) for card in row[:4])) for row in rows}) == len(rows) == 105
    wrong = []
    for *cards, wins, ties, losses in sorted(rows):
        hand_1, hand_2 = _pair_cards(tuple(cards))
        result = plain.equity(hand_1, hand_2)
        assert result.boards == BOARDS
        expected = (result.players[0].wins, result.players[0].ties, result.players[1].wins)
        if (wins, ties, losses) != expected:
            wrong.append(f"{hand_1} v {hand_2}: table {(wins, ties, losses)}, enumeration {expected}")
    assert not wrong, "\n".join(wrong)


# Kevin Gong, "Calling Pre-Flop All-In with KK or AK" (kevingong.com/Math/KKPreflop.html, 2007):
# AA over KK by the suits they share; Equilab and PokerStove via splitsuit.com and
# pokerstrategy.com: AKs has 46% against QQ with no suit shared.
PUBLISHED = [
    ("AsAh", "KsKh", 1, 82.6),  # the same two suits
    ("AsAh", "KsKd", 1, 81.9),  # one suit shared
    ("AsAh", "KdKc", 1, 81.3),  # no suit shared
    ("AA", "KK", 1, 81.9),  # suits unknown
    ("AsKs", "QhQd", 0, 46),
]


@pytest.mark.parametrize(("hand_1", "hand_2", "digits", "percent"), PUBLISHED)
def test_published_equities(preflop: pokersql.Database, hand_1: str, hand_2: str, digits: int, percent: float) -> None:
    equity = preflop.equity(hand_1, hand_2).players[0].equity
    assert round(100 * equity, digits) == percent


def test_the_classes_view_weights_by_combinations(preflop: pokersql.Database) -> None:
    rows = preflop.engine.execute("select count(*), sum(combos) from preflop_classes")
    assert rows == [(169 * 169, PAIRS)]
    (combos, wins, ties, losses, equity), = preflop.engine.execute(
        "select combos, wins, ties, losses, equity from preflop_classes where class_1 = 'AA' and class_2 = 'KK'"
    )
    by_range = preflop.equity("AA", "KK")
    assert combos == 36 and by_range.deals == combos * BOARDS
    assert (wins, ties, losses) == (by_range.players[0].wins, by_range.players[0].ties, by_range.players[1].wins)
    assert equity == pytest.approx(by_range.players[0].equity, abs=1e-15)


@pytest.mark.parametrize(
    ("hand_1", "hand_2"),
    [("AhAd", "KhKd"), ("KK,AKs", "QQ,KQs"), ("22", "AKo"), ("AhKh", "QQ+")],
)
def test_the_lookup_equals_the_enumeration(preflop: pokersql.Database, plain: pokersql.Database, hand_1: str, hand_2: str) -> None:
    looked_up, enumerated = preflop.equity(hand_1, hand_2), plain.equity(hand_1, hand_2, exact=True)
    assert looked_up.deals == enumerated.deals and looked_up.boards == enumerated.boards
    for mine, theirs in zip(looked_up.players, enumerated.players):
        assert (mine.combos, mine.wins, mine.ties) == (theirs.combos, theirs.wins, theirs.ties)
        assert mine.equity == pytest.approx(theirs.equity, abs=1e-12)


def test_random_against_random_is_even_and_instant(preflop: pokersql.Database) -> None:
    result = preflop.equity("random", "random")
    first, second = result.players
    assert result.exact and result.deals == PAIRS * BOARDS
    assert first.wins == second.wins and first.ties == second.ties and first.equity == pytest.approx(0.5, abs=1e-15)


def test_a_hand_against_random_equals_the_enumeration(preflop: pokersql.Database, plain: pokersql.Database) -> None:
    looked_up, enumerated = preflop.equity("7h2c", "random"), plain.equity("7h2c", "random", exact=True)
    assert looked_up.deals == enumerated.deals
    assert [(p.wins, p.ties) for p in looked_up.players] == [(p.wins, p.ties) for p in enumerated.players]


def test_with_a_board_or_three_players_it_enumerates(preflop: pokersql.Database, plain: pokersql.Database) -> None:
    # The table answers heads-up preflop only; anything else is the enumeration, unchanged.
    for hands, board in ((("AhAd", "KhKd"), "2c7d9s"), (("AhAd", "KhKd", "QsJs"), "")):
        assert preflop.equity(*hands, board=board) == plain.equity(*hands, board=board)


def test_build_preflop_json(preflop_build: tuple[str, dict, float]) -> None:
    _, printed, seconds = preflop_build
    assert printed["table"] == "preflop_matchups" and printed["rows"] == PAIRS
    assert 0 < printed["seconds"] <= seconds


def test_the_stored_hand_order_is_the_tables(preflop: pokersql.Database) -> None:
    """hand_order.csv (the order of top percentages) is what the table gives, class for class."""
    rows = preflop.engine.execute(HAND_ORDER_SQL)
    assert [tuple(int(v) if i else v for i, v in enumerate(row)) for row in rows] == list(hand_order())


def test_weighted_ranges_from_the_table(preflop: pokersql.Database) -> None:
    """Each pair of classes counted with its two weights multiplied, the counts times weight_scale."""
    result = preflop.equity("KK:0.5,AKs", "QQ@25,KQs")
    assert result.weight_scale == 8
    expected = [Fraction(0)] * 3
    for mine, m in (("KK", Fraction(1, 2)), ("AKs", 1)):
        for theirs, t in (("QQ", Fraction(1, 4)), ("KQs", 1)):
            part = preflop.equity(mine, theirs)
            for index, count in enumerate((part.deals, part.players[0].wins, part.players[0].ties)):
                expected[index] += m * t * count
    assert [Fraction(n, 8) for n in (result.deals, result.players[0].wins, result.players[0].ties)] == expected


def test_by_combo_from_the_table(preflop: pokersql.Database) -> None:
    """15% against 15%, each combination of the first against the whole second, from the table."""
    started = time.perf_counter()
    result = preflop.equity("15%", "15%", by_combo_of=1)
    seconds = time.perf_counter() - started
    rows = result.players[0].by_combo
    assert len(rows) == 200 and seconds < 5
    assert sum(r.wins for r in rows) == result.players[0].wins and sum(r.deals for r in rows) == result.deals
    for row in rows[:: 40]:
        alone = preflop.equity("".join(row.cards), "15%")
        assert (row.deals, row.wins, row.ties) == (alone.deals, alone.players[0].wins, alone.players[0].ties)
