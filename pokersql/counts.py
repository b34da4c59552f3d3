"""Exact five-card counts from combinatorics, independent of any table.

The formulas of the classic derivation (each category counted directly, e.g.
four of a kind = 13 quad values x 48 fifth cards), so ``freq`` can set what the
``hands`` table holds beside what it should hold.
"""

from itertools import product
from math import comb

TOTAL_FIVE_CARD_HANDS = comb(52, 5)

_STRAIGHTS = 10  # high card 5 (the wheel) .. A
_SHORT_STRAIGHTS = 6  # short deck: high card 9 (A-6-7-8-9, the ace low) .. A
TOTAL_SHORT_DECK_FIVE_CARD_HANDS = comb(36, 5)


def _counts_of_a_deck(values: int, straights: int) -> dict[int, int]:
    """points -> the number of five-card hands of that category, in a deck of ``values`` values
    (four suits each) holding ``straights`` straights."""
    flush_sets = comb(values, 5)
    return {
        9: 4,
        8: straights * 4 - 4,
        7: values * 4 * (values - 1),
        6: values * comb(4, 3) * (values - 1) * comb(4, 2),
        5: (flush_sets - straights) * 4,
        4: straights * (4**5 - 4),
        3: values * comb(4, 3) * comb(values - 1, 2) * 4**2,
        2: comb(values, 2) * comb(4, 2) ** 2 * (values - 2) * 4,
        1: values * comb(4, 2) * comb(values - 1, 3) * 4**3,
        0: (flush_sets - straights) * (4**5 - 4),
    }


def five_card_counts() -> dict[int, int]:
    """points -> the number of five-card hands of that category."""
    counts = _counts_of_a_deck(13, _STRAIGHTS)
    assert sum(counts.values()) == TOTAL_FIVE_CARD_HANDS
    return counts


# -- short deck (36 cards, 6 through A) ----------------------------------------


def short_deck_five_card_counts() -> dict[int, int]:
    """points -> the number of five-card short-deck hands of that category (the same under both
    rule sets: they order the categories differently, they hold the same hands)."""
    counts = _counts_of_a_deck(9, _SHORT_STRAIGHTS)
    assert sum(counts.values()) == TOTAL_SHORT_DECK_FIVE_CARD_HANDS
    return counts


# Every one of the C(36, 7) = 8,347,680 seven-card hands dealt and counted by category, by
# tests/reference/short_deck_counts.py (numpy, none of pokersql's code; its output is
# tests/reference/short_deck_counts.json, which a test holds these to). The rule sets differ
# where a hand holds both a straight and three of a kind (30,360 hands).
SHORT_DECK_SEVEN_CARD_COUNTS = {
    "shortdeck": {9: 1860, 8: 8700, 7: 44640, 6: 633024, 5: 175560, 4: 1169940, 3: 607200, 2: 3157056, 1: 2316600, 0: 233100},
    "shortdeck-triton": {
        9: 1860, 8: 8700, 7: 44640, 6: 633024, 5: 175560, 4: 1139580, 3: 637560, 2: 3157056, 1: 2316600, 0: 233100,
    },
}


# Every one of the C(52, 7) = 133,784,560 seven-card hands by the category of its best five
# (the published table: Wikipedia, "Poker probability", 7-card poker hands; freq --cards 7
# counts the same in SQL, and tests/test_simulate_split.py holds these to suit_reduced_seven's
# weights). Seven-card stud's high (simulate --game stud, stud8) is drawn from these.
SEVEN_CARD_COUNTS = {
    9: 4324, 8: 37260, 7: 224848, 6: 3473184, 5: 4047644, 4: 6180020, 3: 6461620, 2: 31433400, 1: 58627800, 0: 23294460,
}


# -- the games of a player's own cards (freq --game stud8, razz, deuce-to-seven ...) ---------
# Their exact counts by category, from combinatorics and published tables alone, where one is
# known: keyed by (half, category) as split_hand_frequencies_of (sql/games/071) names them.

# The seven-card ace-to-five lows of no pair by their highest card (the ace low): the published
# table (Wikipedia, "Poker probability", ace-to-five low; tests/test_lows.py counts it by multisets).
SEVEN_CARD_ACE_TO_FIVE_NO_PAIR = {
    5: 781_824, 6: 3_151_360, 7: 7_426_560, 8: 13_171_200, 9: 19_174_400, 10: 23_675_904, 11: 24_837_120,
    12: 21_457_920, 13: 13_939_200,
}
_HIGH_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}
_PAIRED = {1: "One Pair", 2: "Two Pair", 3: "Three of a Kind", 6: "Full House", 7: "Four of a Kind"}
_CATEGORY_NAMES = {9: "Royal Flush", 8: "Straight Flush", 7: "Four of a Kind", 6: "Full House", 5: "Flush", 4: "Straight",
                   3: "Three of a Kind", 2: "Two Pair", 1: "One Pair", 0: "High Card"}


def _low_name(high: int) -> str:
    return f"{_HIGH_NAMES.get(high, str(high))} low"


def _hands_of_distinct_values(cards: int, distinct: int) -> int:
    """Hands of ``cards`` cards holding exactly ``distinct`` values: the values chosen, then
    each value's copies (1 to 4 of its suits)."""
    ways = sum(_suit_ways(copies) for copies in product(range(1, 5), repeat=distinct) if sum(copies) == cards)
    return comb(13, distinct) * ways


def _suit_ways(copies: tuple[int, ...]) -> int:
    """The ways to choose the suits of each value's copies: the product of C(4, copies)."""
    result = 1
    for n in copies:
        result *= comb(4, n)
    return result


def split_game_counts(cards: int, low_ranking: str | None, high: bool) -> dict[tuple[str, str], int]:
    """(half, category) -> the exact number of hands of ``cards`` cards, where known: the high of
    seven cards (SEVEN_CARD_COUNTS); five-card ace-to-five and 2-7 lows by closed forms (a low of
    no pair by its highest card: the values below it chosen, every suit but, in 2-7, the
    flushes, and the straights taken out); seven cards' ace-to-five and eight-or-better lows of
    no pair from the published table, their pairs by how many values the seven cards hold (4:
    one pair, 3: two pair, 2: a full house); badugi's 4- and 1-card badugis."""
    counts: dict[tuple[str, str], int] = {}
    if high and cards == 7:
        counts.update({("high", _CATEGORY_NAMES[p]): n for p, n in SEVEN_CARD_COUNTS.items()})
    paired = {_PAIRED[p]: n for p, n in five_card_counts().items() if p in _PAIRED}
    if cards == 5 and low_ranking == "ace-to-five":
        counts.update({("low", _low_name(top)): comb(top - 1, 4) * 4**5 for top in range(5, 14)})
        counts.update({("low", name): n for name, n in paired.items()})
    if cards == 5 and low_ranking == "deuce-to-seven":
        counts.update({("low", _low_name(top)): (comb(top - 2, 4) - (top >= 6)) * (4**5 - 4) for top in range(7, 15)})
        counts.update({("low", name): n for name, n in paired.items()})
        counts.update({("low", "Straight"): 9 * (4**5 - 4), ("low", "Flush"): (comb(13, 5) - 9) * 4, ("low", "Straight Flush"): 9 * 4})
    if cards == 7 and low_ranking == "ace-to-five":
        counts.update({("low", _low_name(top)): n for top, n in SEVEN_CARD_ACE_TO_FIVE_NO_PAIR.items()})
        counts.update({("low", name): _hands_of_distinct_values(7, d) for name, d in (("One Pair", 4), ("Two Pair", 3), ("Full House", 2))})
    if cards == 7 and low_ranking == "eight-or-better":
        lows = {top: n for top, n in SEVEN_CARD_ACE_TO_FIVE_NO_PAIR.items() if top <= 8}
        counts.update({("low", _low_name(top)): n for top, n in lows.items()})
        counts[("low", "no low")] = comb(52, 7) - sum(lows.values())
    if cards == 4 and low_ranking == "badugi":
        counts[("low", "4-card badugi")] = comb(13, 4) * 24  # four values, their suits all different
        counts[("low", "1-card badugi")] = comb(13, 4) * 4 + 13  # one suit, or one value
    return counts
