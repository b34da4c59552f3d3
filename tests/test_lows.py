"""Low hands (issue 47): the low rankings of sql/evaluation (045) counted and ordered against
pokerkit's lookups and plain counting, and each game's high and low (047, pokersql/lows.py)
hand for hand against pokerkit's hands, on DuckDB and SQLite."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import pytest
from pokerkit import (
    BadugiHand,
    BadugiLookup,
    EightOrBetterLookup,
    EightOrBetterLowHand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    RegularLookup,
    RegularLowHand,
    Standard2Lookup,
    StandardHighHand,
    StandardLowHand,
)

import pokersql
from pokersql import games, lows
from pokersql.cards import card_name
from pokersql.errors import BadInput

ENGINES = ("duckdb", "sqlite")
VALUE_CHARS = "23456789TJQKA"
RANKINGS = {
    "eight-or-better": (EightOrBetterLookup, EightOrBetterLowHand),
    "ace-to-five": (RegularLookup, RegularLowHand),
    "deuce-to-seven": (Standard2Lookup, StandardLowHand),
    "badugi": (BadugiLookup, BadugiHand),
}


@pytest.fixture(scope="module", params=ENGINES)
def low_db(request, built_database):
    database = pokersql.connect(built_database(request.param), engine=request.param)
    yield database
    database.close()


@pytest.fixture(scope="module")
def classes(built_database):
    """low_classes (045) of the DuckDB build: ranking -> [(low_rank, rank_key, is_flush, cards)]."""
    with pokersql.connect(built_database("duckdb"), engine="duckdb") as database:
        rows = database.engine.execute("select ranking, low_rank, rank_key, is_flush, cards from low_classes order by ranking, low_rank")
    found: dict[str, list[tuple]] = {}
    for ranking, *row in rows:
        found.setdefault(ranking, []).append(tuple(int(x) for x in row))
    return found


def values_of(rank_key: int) -> list[int]:
    """The values (2..14) a rank_key (001: the sum of 5 ^ (value - 2)) holds, with repeats."""
    return [v for v in range(2, 15) for _ in range(rank_key // 5 ** (v - 2) % 5)]


def class_hand(rank_key: int, is_flush: int) -> str:
    """Cards of the class: one suit if is_flush, else suits c, d, h, s in turn (no flush)."""
    values = values_of(rank_key)
    suits = "h" * len(values) if is_flush else "cdhsc"[: len(values)]
    return "".join(VALUE_CHARS[v - 2] + s for v, s in zip(sorted(values), suits))


def test_class_counts_are_pokerkit_lookups_and_the_combinatorics(classes):
    """56 / 6,175 / 7,462 / 1,092 classes: pokerkit's lookups' distinct entries, and counted
    here: eight-or-better five distinct of A..8; ace-to-five the multisets of five of 13 values
    none five times; 2-7 the 7,462 of the standard ranking (1,287 flush multisets twice);
    badugi one to four distinct values."""
    counted = {
        "eight-or-better": comb(8, 5),
        "ace-to-five": comb(13 + 4, 5) - 13,
        "deuce-to-seven": comb(13 + 4, 5) - 13 + comb(13, 5),
        "badugi": sum(comb(13, k) for k in range(1, 5)),
    }
    assert counted == {"eight-or-better": 56, "ace-to-five": 6175, "deuce-to-seven": 7462, "badugi": 1092}
    for ranking, (lookup, _) in RANKINGS.items():
        entries = set(getattr(lookup(), "_Lookup__entries").values())
        assert len(classes[ranking]) == len(entries) == counted[ranking], ranking
        assert [row[0] for row in classes[ranking]] == list(range(1, counted[ranking] + 1))


@pytest.mark.parametrize("ranking", RANKINGS)
def test_classes_are_in_pokerkits_order(classes, ranking):
    """Each class (as cards) is strictly a better low than the next by low_rank, in pokerkit's
    hand of that ranking (the best first: 5-4-3-2-A, 7-5-4-3-2, a four-card badugi 4-3-2-A)."""
    hand_class = RANKINGS[ranking][1]
    hands = [hand_class(class_hand(rank_key, is_flush)) for _, rank_key, is_flush, _ in classes[ranking]]
    worse_next = [better > worse for better, worse in zip(hands, hands[1:])]
    assert all(worse_next), [str(h) for h, ok in zip(hands, worse_next) if not ok][:5]
    best = {"eight-or-better": [2, 3, 4, 5, 14], "ace-to-five": [2, 3, 4, 5, 14], "deuce-to-seven": [2, 3, 4, 5, 7], "badugi": [2, 3, 4, 14]}
    assert values_of(classes[ranking][0][1]) == best[ranking]


def seven_value_multisets():
    """Every multiset of seven values (each at most four times), with the number of seven-card
    hands that hold it (the suits' ways: C(4, n) for a value n times)."""
    for values in combinations_with_replacement(range(2, 15), 7):
        counts = Counter(values)
        if max(counts.values()) <= 4:
            yield counts, prod(comb(4, n) for n in counts.values())


def test_seven_card_lows_by_multiset(classes):
    """24,530,944 of the 133,784,560 seven-card hands hold an eight-or-better low, and the
    ace-to-five no-pair lows by high card are the published table: counted by the multiset of
    values with its ways, the low found once plainly (five distinct values of A..8; the fifth
    lowest distinct value) and once through low_classes (the best of its fives' classes)."""
    eight = {rank_key for _, rank_key, _, _ in classes["eight-or-better"]}
    ace_five = {rank_key: low_rank for low_rank, rank_key, _, _ in classes["ace-to-five"]}
    ace_five_high = {low_rank: max(1 if v == 14 else v for v in values_of(rank_key)) for low_rank, rank_key, _, _ in classes["ace-to-five"]}
    hands = eight_plain = eight_sql = 0
    by_high_plain: Counter = Counter()
    by_high_sql: Counter = Counter()
    for counts, ways in seven_value_multisets():
        hands += ways
        distinct = sorted(1 if v == 14 else v for v in counts)
        eight_plain += ways * (sum(1 for v in distinct if v <= 8) >= 5)
        if len(distinct) >= 5:
            by_high_plain[distinct[4]] += ways
        fives = {sum(5 ** (v - 2) for v in five) for five in combinations(sorted(counts.elements()), 5)}
        eight_sql += ways * bool(fives & eight)
        best = min(ace_five[key] for key in fives if key in ace_five)
        if best <= 1287:  # the no-pair classes come first: C(13, 5) of them
            by_high_sql[ace_five_high[best]] += ways
    published = {5: 781_824, 6: 3_151_360, 7: 7_426_560, 8: 13_171_200, 9: 19_174_400, 10: 23_675_904, 11: 24_837_120, 12: 21_457_920, 13: 13_939_200}
    assert hands == comb(52, 7) == 133_784_560
    assert eight_plain == eight_sql == 24_530_944
    assert dict(by_high_plain) == dict(by_high_sql) == published
    assert sum(published.values()) == 127_615_488


def cards_text(cards: list[int]) -> str:
    return "".join(card_name(c) for c in cards)


# game: (hole cards, board cards, pokerkit's high hand or None, its low hand or None)
GAMES = {
    "omaha8": (4, 5, OmahaHoldemHand, OmahaEightOrBetterLowHand),
    "omaha5-8": (5, 5, OmahaHoldemHand, OmahaEightOrBetterLowHand),
    "stud": (7, 0, StandardHighHand, None),
    "stud8": (7, 0, StandardHighHand, EightOrBetterLowHand),
    "razz": (7, 0, None, RegularLowHand),
    "deuce-to-seven": (5, 0, None, StandardLowHand),
    "ace-to-five": (5, 0, None, RegularLowHand),
    "badugi": (4, 0, None, BadugiHand),
}
HANDS = {"omaha8": 600, "omaha5-8": 300}


def pokerkit_hand(hand_class, hole: list[int], board: list[int]):
    """pokerkit's best hand of the class, or None when it finds none (no qualifying low)."""
    try:
        return hand_class.from_game(cards_text(hole), cards_text(board))
    except ValueError:
        return None


def assert_same_order(ours: list[int | None], theirs: list) -> int:
    """Our ranks (1 best) and pokerkit's hands order the hands alike: the same hands have none,
    and sorted by our rank each next hand is pokerkit's equal (equal rank) or worse."""
    assert [rank is None for rank in ours] == [hand is None for hand in theirs]
    ranked = sorted((rank, i) for i, rank in enumerate(ours) if rank is not None)
    for (rank_a, a), (rank_b, b) in zip(ranked, ranked[1:]):
        if rank_a == rank_b:
            assert theirs[a] == theirs[b], (rank_a, str(theirs[a]), str(theirs[b]))
        else:
            assert theirs[a] > theirs[b], (rank_a, rank_b, str(theirs[a]), str(theirs[b]))
    return len(ranked)


@pytest.mark.parametrize("name", GAMES)
def test_hand_for_hand_against_pokerkit(low_db, name):
    """Random hands of each game: hand_rank and low_rank order them as pokerkit's hands do
    (StandardHighHand / OmahaHoldemHand for the high, the game's low hand for the low); a low
    is None exactly where pokerkit finds none; a low-only game's hand_rank is its low_rank."""
    hole_count, board_count, high_class, low_class = GAMES[name]
    game = games.rules(name, low_db.context)
    rng = random.Random(f"{name} 47")
    deals = [rng.sample(range(52), hole_count + board_count) for _ in range(HANDS.get(name, 1500))]
    holes = [deal[:hole_count] for deal in deals]
    boards = [deal[hole_count:] for deal in deals]
    rows = lows.evaluate_split(low_db.context, game, holes, boards)
    highs, low_ranks = [row[0] for row in rows], [row[1] for row in rows]
    if high_class:
        assert assert_same_order(highs, [pokerkit_hand(high_class, h, b) for h, b in zip(holes, boards)]) == len(deals)
    else:
        assert highs == low_ranks
    if low_class:
        compared = assert_same_order(low_ranks, [pokerkit_hand(low_class, h, b) for h, b in zip(holes, boards)])
        assert compared > len(deals) // 10
    else:
        assert low_ranks == [None] * len(deals)


def test_an_unknown_split_game_is_bad_input(low_db):
    with pytest.raises(BadInput, match="'omaha9'"):
        games.rules("omaha9", low_db.context)



@pytest.mark.xdist_group("postgres")  # the session's PostgreSQL server (conftest.py), on its worker
def test_postgres_builds_the_same_classes(pg, built_database):
    """On PostgreSQL: low_classes (045) row for row as on DuckDB, and the same lows of a few
    razz and badugi hands (047 expanded into the query)."""
    query = "select ranking, low_rank, rank_key, is_flush, cards, high_card from low_classes order by ranking, low_rank"
    with pokersql.connect(built_database("duckdb"), engine="duckdb") as duck:
        assert [tuple(map(str, r)) for r in pg.engine.execute(query)] == [tuple(map(str, r)) for r in duck.engine.execute(query)]
        for name in ("razz", "badugi"):
            hole_count = GAMES[name][0]
            rng = random.Random(f"{name} postgres")
            holes = [rng.sample(range(52), hole_count) for _ in range(20)]
            ours = lows.evaluate_split(pg.context, games.rules(name, pg.context), holes, [[]] * len(holes))
            assert ours == lows.evaluate_split(duck.context, games.rules(name, duck.context), holes, [[]] * len(holes)), name
