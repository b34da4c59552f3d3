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
