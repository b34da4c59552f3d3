"""Count every short-deck hand of 5 and 7 cards by category, under both rule sets, by dealing
them all: an enumeration of its own, independent of pokersql's SQL (it reads no table of it).

    .venv/bin/python tests/reference/short_deck_counts.py > tests/reference/short_deck_counts.json

The 36-card deck (6 through A, four suits), every C(36, 5) = 376,992 and C(36, 7) = 8,347,680
hand dealt with numpy; a hand's category is the best that five of its cards make: a straight
is five values in a row, A-6-7-8-9 the lowest (the ace low); a flush beats a full house;
'shortdeck' ranks a straight above three of a kind, 'shortdeck-triton' three of a kind above a
straight. About 10 s.
"""

from __future__ import annotations

import itertools
import json
import sys

import numpy as np

VALUES = list(range(6, 15))  # 6..A
CATEGORIES = [
    (9, "Royal Flush"), (8, "Straight Flush"), (7, "Four of a Kind"), (6, "Full House"), (5, "Flush"),
    (4, "Straight"), (3, "Three of a Kind"), (2, "Two Pair"), (1, "One Pair"), (0, "High Card"),
]
ORDER = {
    "shortdeck": [9, 8, 7, 5, 6, 4, 3, 2, 1, 0],
    "shortdeck-triton": [9, 8, 7, 5, 6, 3, 4, 2, 1, 0],
}
# The straights as bits of the values 6..A (bit 0 = 6): five in a row, and A-6-7-8-9.
STRAIGHTS = [0b11111 << low for low in range(5)] + [(1 << 8) | 0b1111]
ROYAL = 0b11111 << 4


def _has_straight(bits: np.ndarray) -> np.ndarray:
    found = np.zeros(bits.shape, dtype=bool)
    for straight in STRAIGHTS:
        found |= (bits & straight) == straight
    return found


def categories_present(hands: np.ndarray) -> dict[int, np.ndarray]:
    """hands: (N, k) card indexes 0..35, value = index // 4, suit = index % 4. For each
    category, whether five of the hand's cards make it."""
    values = hands // 4
    suits = hands % 4
    n = len(hands)
    value_counts = np.zeros((n, 9), dtype=np.int8)
    for column in values.T:
        value_counts[np.arange(n), column] += 1
    suit_bits = np.zeros((n, 4), dtype=np.int32)
    for value_column, suit_column in zip(values.T, suits.T):
        suit_bits[np.arange(n), suit_column] |= 1 << value_column.astype(np.int32)
    suit_sizes = np.zeros((n, 4), dtype=np.int8)
    for bit in range(9):
        suit_sizes += ((suit_bits >> bit) & 1).astype(np.int8)
    value_bits = (value_counts > 0).astype(np.int32) @ (1 << np.arange(9, dtype=np.int32))
    flush = (suit_sizes >= 5).any(axis=1)
    straight_flush = np.zeros(n, dtype=bool)
    royal = np.zeros(n, dtype=bool)
    for suit in range(4):
        in_flush = suit_sizes[:, suit] >= 5
        straight_flush |= in_flush & _has_straight(suit_bits[:, suit])
        royal |= in_flush & ((suit_bits[:, suit] & ROYAL) == ROYAL)
    trips = (value_counts >= 3).sum(axis=1)
    pairs = (value_counts >= 2).sum(axis=1)  # trips included
    return {
        9: royal,
        8: straight_flush,
        7: (value_counts >= 4).any(axis=1),
        6: (trips >= 1) & (pairs >= 2),
        5: flush,
        4: _has_straight(value_bits),
        3: trips >= 1,
        2: pairs >= 2,
        1: pairs >= 1,
        0: np.ones(n, dtype=bool),
    }


def counts(card_count: int) -> dict[str, dict[int, int]]:
    combos = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(36), card_count)), dtype=np.int8
    ).reshape(-1, card_count)
    present = categories_present(combos)
    result = {}
    for ranking, order in ORDER.items():
        best = np.full(len(combos), -1, dtype=np.int8)
        undecided = np.ones(len(combos), dtype=bool)
        for points in order:
            hit = undecided & present[points]
            best[hit] = points
            undecided &= ~hit
        result[ranking] = {points: int((best == points).sum()) for points, _ in CATEGORIES}
    return result


def main() -> None:
    names = dict(CATEGORIES)
    document: dict = {
        "_about": "Short deck (36 cards, 6 through A): every hand of 5 and of 7 cards dealt and counted "
        "by category by tests/reference/short_deck_counts.py (numpy, no pokersql code), under both rule "
        "sets. The five-card counts are the issue's published figures (straight flush 24 with the 4 "
        "royal flushes, four of a kind 288, flush 480, full house 1,728, straight 6,120, three of a "
        "kind 16,128, two pair 36,288, one pair 193,536, high card 122,400).",
    }
    for card_count, key in ((5, "five_card"), (7, "seven_card")):
        table = counts(card_count)
        document[key] = {
            ranking: [{"points": p, "category": names[p], "count": table[ranking][p]} for p in ORDER[ranking]]
            for ranking in ORDER
        }
    json.dump(document, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
