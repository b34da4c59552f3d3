"""The flop hand categories in the Omaha games (issue 65): flopHandCategory,
exactFlopHandCategory and minFlopHandCategory against Open PQL's rule, written again here in
plain Python from its source (openpql-prelude's eval/flop/holdem.rs and omaha.rs), over every
flop of a hand and every hand on a flop; the hand type it implies against phevaluator; Open
PQL's own test cases of its Omaha rule.

The rule: two hole cards and the three flop cards, exactly five, have a hand type; from a
straight up the category is that type; three of a kind is FLOPTRIPS when two of its cards are
on the flop, else FLOPSET (a pocket pair, or three of a kind on the flop itself); two pair is
FLOPTOPTWO when its pairs hold the flop's top and middle ranks, FLOPTOPANDBOTTOM when the top
only, else FLOPBOTTOMTWO; a pair ranks against the flop's ranks (lowest, middle, top: above
the top FLOPOVERPAIR, the top FLOPTOPPAIR, between top and middle FLOPPOCKET12 …, below the
lowest FLOPUNDERPAIR), whether the pair is in the hand or on the board. In Omaha
(eval_flop_omaha) every two of the hole cards are categorized so, the greatest kept in
Hold'em's order; pokersql takes every two of all the hole cards in omaha5 and omaha6 too,
where Open PQL's omaha5 reads four of its five."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from phevaluator import evaluate_cards

from pokersql.cards import card_name, parse_cards
from tests.pql_kit import pql_database, exact_answer as answer  # noqa: F401 (pql_database: the fixture db)

CATEGORIES = [
    "FLOPNOTHING", "FLOPUNDERPAIR", "FLOPTHIRDPAIR", "FLOPPOCKET23", "FLOPSECONDPAIR", "FLOPPOCKET12",
    "FLOPTOPPAIR", "FLOPOVERPAIR", "FLOPBOTTOMTWO", "FLOPTOPANDBOTTOM", "FLOPTOPTWO", "FLOPTRIPS",
    "FLOPSET", "FLOPSTRAIGHT", "FLOPFLUSH", "FLOPFULLHOUSE", "FLOPQUADS", "FLOPSTRAIGHTFLUSH",
]
TYPES = ["HIGH_CARD", "PAIR", "TWO_PAIR", "TRIPS", "STRAIGHT", "FLUSH", "FULL_HOUSE", "QUADS", "STRAIGHT_FLUSH"]
MADE = {4: "FLOPSTRAIGHT", 5: "FLOPFLUSH", 6: "FLOPFULLHOUSE", 7: "FLOPQUADS", 8: "FLOPSTRAIGHTFLUSH"}


def hand_type(five):
    """The hand type of five cards (an index of TYPES), and the ranks that appear twice or more."""
    ranks = Counter(c // 4 for c in five)
    shape = sorted(ranks.values(), reverse=True)
    flush = len({c % 4 for c in five}) == 1
    distinct = sorted(ranks)
    straight = len(distinct) == 5 and (distinct[4] - distinct[0] == 4 or distinct == [0, 1, 2, 3, 12])
    doubled = {r for r, n in ranks.items() if n >= 2}
    if straight and flush:
        return 8, doubled
    if shape[0] == 4:
        return 7, doubled
    if shape[:2] == [3, 2]:
        return 6, doubled
    if flush:
        return 5, doubled
    if straight:
        return 4, doubled
    return {3: 3, 2: 2 if shape[1] == 2 else 1, 1: 0}[shape[0]], doubled


def holdem_category(two, flop):
    """Open PQL's eval_flop_holdem: the category of two hole cards with the flop."""
    kind, doubled = hand_type(list(two) + list(flop))
    low, mid, top = sorted(c // 4 for c in flop)
    if kind >= 4:
        return MADE[kind]
    if kind == 3:
        (rank,) = doubled
        return "FLOPTRIPS" if sum(c // 4 == rank for c in flop) == 2 else "FLOPSET"
    if kind == 2:
        return "FLOPTOPTWO" if {top, mid} <= doubled else "FLOPTOPANDBOTTOM" if top in doubled else "FLOPBOTTOMTWO"
    if kind == 1:
        (pair,) = doubled
        steps = [(pair > top, "FLOPOVERPAIR"), (pair == top, "FLOPTOPPAIR"), (pair > mid, "FLOPPOCKET12"), (pair == mid, "FLOPSECONDPAIR"),
                 (pair > low, "FLOPPOCKET23"), (pair == low, "FLOPTHIRDPAIR")]
        return next((name for holds, name in steps if holds), "FLOPUNDERPAIR")
    return "FLOPNOTHING"


def omaha_category(hole, flop, cache=None):
    """Open PQL's eval_flop_omaha: every two hole cards' category, the greatest in Hold'em's order."""
    cache = {} if cache is None else cache
    best = 0
    for two in combinations(sorted(hole), 2):
        if two not in cache:
            cache[two] = CATEGORIES.index(holdem_category(two, flop))
        best = max(best, cache[two])
    return CATEGORIES[best]


def type_of_category(name):
    """The hand type a category stands for."""
    index = CATEGORIES.index(name)
    return TYPES[0 if index == 0 else 1 if index <= 7 else 2 if index <= 10 else 3 if index <= 12 else index - 9]


def phevaluator_type(rank):
    """phevaluator's rank (1 the best, 7462 the worst) as its hand type."""
    floors = [(10, 8), (166, 7), (322, 6), (1599, 5), (1609, 4), (2467, 3), (3325, 2), (6185, 1), (7462, 0)]
    return TYPES[next(kind for last, kind in floors if rank <= last)]


def omaha_type(hole, flop, cache):
    """The best hand of two hole cards and the flop by phevaluator, as its hand type."""
    for two in combinations(sorted(hole), 2):
        if two not in cache:
            cache[two] = evaluate_cards(*two, *flop)
    return phevaluator_type(min(cache[two] for two in combinations(sorted(hole), 2)))


def every_category_query(player):
    """flopHandCategory's histogram, then exactFlopHandCategory and minFlopHandCategory of each category."""
    exact = ", ".join(f"count(exactflophandcategory({player}, {c.lower()}))" for c in CATEGORIES)
    least = ", ".join(f"count(minflophandcategory({player}, {c.lower()}))" for c in CATEGORIES)
    return f"select histogram(flophandcategory({player})), {exact}, {least}"


def assert_counts(values, trials, expected, deals):
    """The histogram and the counts of each category (and of each at least as good) as the rule's
    share of the deals, weighted as PQL weighs them (each flop stands for its turns and rivers)."""
    scale = trials // deals
    assert trials == scale * deals
    histogram, exact, least = values[0], values[1 : 1 + len(CATEGORIES)], values[1 + len(CATEGORIES) :]
    assert {h["value"]: h["count"] for h in histogram} == {name: n * scale for name, n in expected.items()}
    assert [h["value"] for h in histogram] == [name for name in CATEGORIES if name in expected]  # weakest first
    assert exact == [expected[name] * scale for name in CATEGORIES]
    assert least == [sum(expected[name] for name in CATEGORIES[i:]) * scale for i in range(len(CATEGORIES))]


HANDS = [
    ("omaha", "AhKhQs3c"),
    ("omaha", "AsAdKsKd"),
    ("omaha", "9h8h7c6c"),
    ("omaha", "2c2d2h7s"),
    ("omaha", "QsQhJd4d"),
    ("omaha5", "AhKhQs3c4d"),
    ("omaha6", "AhKh3s3c4d5d"),
    ("omaha8", "As2s3d4d"),
    ("omaha5-8", "AhAd2c3c4s"),
]


@pytest.mark.parametrize(("game", "hand"), HANDS)
def test_every_flop_of_a_hand_is_open_pqls_category(db, game, hand):
    """Every flop of the cards left (C(48, 3) = 17,296 for four hole cards): the category by the
    rule, and the hand type it stands for by phevaluator's best two hole cards with the flop."""
    hole = parse_cards(hand)
    left = [c for c in range(52) if c not in hole]
    expected = Counter()
    for flop in combinations(left, 3):
        category = omaha_category(hole, flop)
        assert type_of_category(category) == omaha_type(hole, flop, {}), (hand, [card_name(c) for c in flop], category)
        expected[category] += 1
    trials, values = answer(db, f"{every_category_query('hero')} from game='{game}', hero='{hand}'")
    assert_counts(values, trials, expected, len(expected) and sum(expected.values()))
    assert len(expected) >= 9  # the hand meets many categories


@pytest.mark.slow  # 211,876 hands rated six times each, about 10 s a flop: in the scale step
@pytest.mark.parametrize("flop", ["Th9h8h", "Ks7d7c"])
def test_every_omaha_hand_on_a_flop_is_open_pqls_category(db, flop):
    """Every hand of four of the 49 cards left (211,876) on a flop: the category of each by the
    rule (each two cards' category found once), against the counts over the deals."""
    board = parse_cards(flop)
    left = [c for c in range(52) if c not in board]
    cache, ranks = {}, {}
    expected = Counter()
    for hole in combinations(left, 4):
        category = omaha_category(hole, board, cache)
        expected[category] += 1
        if category in MADE.values() or hole[0] % 97 == 0:  # the made hands, and some of the rest, against phevaluator
            assert type_of_category(category) == omaha_type(hole, board, ranks), ([card_name(c) for c in hole], flop, category)
    trials, values = answer(db, f"{every_category_query('hero')} from game='omaha', hero='*', board='{flop}'")
    assert_counts(values, trials, expected, sum(expected.values()))


@pytest.mark.parametrize(
    ("hand", "flop", "category"),
    [  # openpql-prelude's eval/flop/omaha.rs, test_flop_hand_category_omaha
        ("3d6cAsKs", "QsJsTs", "FLOPSTRAIGHTFLUSH"),
        ("3d6cAsAh", "AdAcKs", "FLOPQUADS"),
        ("3d6cAsAh", "AdKcKs", "FLOPFULLHOUSE"),
        ("3d6cAsKs", "QsJs9s", "FLOPFLUSH"),
        ("3d6cAsKh", "QdJcTs", "FLOPSTRAIGHT"),
        ("3d6cAsAh", "AdKcQs", "FLOPSET"),
        ("3d6cAs2h", "AdAcQs", "FLOPTRIPS"),
        ("3d6cJsQh", "TdJcQs", "FLOPTOPTWO"),
        ("3d6cTsQh", "TdJcQs", "FLOPTOPANDBOTTOM"),
        ("3d6cJsTh", "TdJcQs", "FLOPBOTTOMTWO"),
        ("3d6cAsAh", "KdQcJs", "FLOPOVERPAIR"),
        ("3d6cKs2h", "KdQcJs", "FLOPTOPPAIR"),
        ("3d6cQsQh", "KdTc7s", "FLOPPOCKET12"),
        ("3d6cTs2h", "KdTc7s", "FLOPSECONDPAIR"),
        ("3d6c9s9h", "KdTc7s", "FLOPPOCKET23"),
        ("3d6c7h2h", "KdTc7s", "FLOPTHIRDPAIR"),
        ("3d6c2s2h", "KdTc7s", "FLOPUNDERPAIR"),
        ("3d6cAsKh", "QdJc9s", "FLOPNOTHING"),
    ],
)
def test_open_pqls_own_omaha_cases(db, hand, flop, category):
    assert omaha_category(parse_cards(hand), parse_cards(flop)) == category
    trials, values = answer(db, f"select max(flophandcategory(hero)), count(exactflophandcategory(hero, {category})) from game='omaha', hero='{hand}', board='{flop}'")
    assert values == [category, trials]


@pytest.mark.parametrize(
    ("hand", "flop", "category"),
    [
        ("AhKh9h8h", "Th2h3c", "FLOPNOTHING"),  # four hearts in the hand, two on the flop: no flush
        ("9h9d9c2s", "Ks9s4d", "FLOPSET"),  # three nines in the hand, one on the flop: two of them play
        ("AhAdKcQs", "Ks7d7c", "FLOPTOPTWO"),  # aces up (FLOPBOTTOMTWO) is the better hand, kings up the greater category
        ("As2d3c4h", "5s6s7s", "FLOPSTRAIGHT"),  # 3-4-5-6-7 with two of the hand, not the wheel
        ("2h2d2c2s", "QhJd9c", "FLOPUNDERPAIR"),  # four deuces: a pair of them plays
    ],
)
def test_two_hole_cards_play_and_the_greatest_category_is_kept(db, hand, flop, category):
    """Exactly two hole cards play; the category kept is the greatest of each two's, which is
    not always the best hand's."""
    assert omaha_category(parse_cards(hand), parse_cards(flop)) == category
    _, values = answer(db, f"select max(flophandcategory(hero)) from game='omaha', hero='{hand}', board='{flop}'")
    assert values == [category]
