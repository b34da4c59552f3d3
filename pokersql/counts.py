"""Exact five-card counts from combinatorics, independent of any table.

The formulas of the classic derivation (each category counted directly, e.g.
four of a kind = 13 quad values x 48 fifth cards), so ``freq`` can set what the
``hands`` table holds beside what it should hold.
"""

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
