"""Exact five-card counts from combinatorics, independent of any table.

The formulas of the classic derivation (each category counted directly, e.g.
four of a kind = 13 quad values x 48 fifth cards), so ``freq`` can set what the
``hands`` table holds beside what it should hold.
"""

from math import comb

TOTAL_FIVE_CARD_HANDS = comb(52, 5)

_STRAIGHTS = 10  # high card 5 (the wheel) .. A
_FLUSH_SETS = comb(13, 5)


def five_card_counts() -> dict[int, int]:
    """points -> the number of five-card hands of that category."""
    counts = {
        9: 4,
        8: _STRAIGHTS * 4 - 4,
        7: 13 * 48,
        6: 13 * comb(4, 3) * 12 * comb(4, 2),
        5: (_FLUSH_SETS - _STRAIGHTS) * 4,
        4: _STRAIGHTS * (4**5 - 4),
        3: 13 * comb(4, 3) * comb(12, 2) * 4**2,
        2: comb(13, 2) * comb(4, 2) ** 2 * 11 * 4,
        1: 13 * comb(4, 2) * comb(12, 3) * 4**3,
        0: (_FLUSH_SETS - _STRAIGHTS) * (4**5 - 4),
    }
    assert sum(counts.values()) == TOTAL_FIVE_CARD_HANDS
    return counts


# -- short deck (36 cards, 6 through A) ----------------------------------------

TOTAL_SHORT_DECK_FIVE_CARD_HANDS = comb(36, 5)
_SHORT_STRAIGHTS = 6  # high card 9 (A-6-7-8-9, the ace low) .. A
_SHORT_FLUSH_SETS = comb(9, 5)


def short_deck_five_card_counts() -> dict[int, int]:
    """points -> the number of five-card short-deck hands of that category (the same under both
    rule sets: they order the categories differently, they hold the same hands)."""
    counts = {
        9: 4,
        8: _SHORT_STRAIGHTS * 4 - 4,
        7: 9 * 32,
        6: 9 * comb(4, 3) * 8 * comb(4, 2),
        5: (_SHORT_FLUSH_SETS - _SHORT_STRAIGHTS) * 4,
        4: _SHORT_STRAIGHTS * (4**5 - 4),
        3: 9 * comb(4, 3) * comb(8, 2) * 4**2,
        2: comb(9, 2) * comb(4, 2) ** 2 * 7 * 4,
        1: 9 * comb(4, 2) * comb(8, 3) * 4**3,
        0: (_SHORT_FLUSH_SETS - _SHORT_STRAIGHTS) * (4**5 - 4),
    }
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
