"""PQL's nutHi and nutHiForHandType in Omaha (issue 65), against phevaluator by plain enumeration.

The nuts on a street are the best hand any two cards off the board and out of the player's hand
make with three of the board (Omaha's two from the hole); within its hand type, the best of
those of the player's type. The player's own hand: two of its hole cards and three of the board.
"""

from __future__ import annotations

import itertools

import pytest
from phevaluator import evaluate_cards

from tests.pql_kit import pql_database, exact_answer as counts  # noqa: F401 (pql_database: the fixture db)

# phevaluator's ranks (1 the best) where each hand type begins, best type first: straight flush,
# quads, full house, flush, straight, trips, two pair, pair, high card
TYPE_STARTS = [1, 11, 167, 323, 1600, 1610, 2468, 3326, 6186]
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def hand_type(rank: int) -> int:
    return max(i for i, start in enumerate(TYPE_STARTS) if rank >= start)


def best(hole: list[str], board: list[str]) -> int:
    return min(evaluate_cards(*h, *b) for h in itertools.combinations(hole, 2) for b in itertools.combinations(board, 3))


def nut_flags(hole: list[str], board: list[str]) -> tuple[bool, bool]:
    """(nuts, nuts within its hand type) of ``hole`` on ``board``, every two unseen cards tried."""
    own = best(hole, board)
    unseen = [c for c in DECK if c not in hole and c not in board]
    others = [best(list(two), board) for two in itertools.combinations(unseen, 2)]
    return own <= min(others), own <= min([r for r in others if hand_type(r) == hand_type(own)], default=own)


def split(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


RIVERS = [  # (game, hero, board); phevaluator's (nuts, nuts of its type) in the comment
    ("omaha", "AsKsQdJc", "Ts9s2h3c7d"),  # ace-king high, the best high card: (no, yes)
    ("omaha", "Js8c2d2c", "Ts9s7h3c2h"),  # jack-high straight, no flush nor pair possible: (yes, yes)
    ("omaha", "AsKs5d5c", "Qs8s2s7h9d"),  # the ace-high flush, no pair on the board: (yes, yes)
    ("omaha", "QhQd5c4c", "QsJh7d7c2s"),  # queens full, the best full house; 77 makes quads: (no, yes)
    ("omaha", "7h7s6c5c", "QsJh7d7c2s"),  # those quads: (yes, yes)
    ("omaha5", "AhKhQhJc2d", "ThTd4h9s3c"),  # five hole cards, tens with A-K; TT makes quads: (no, yes)
    ("omaha", "2c2d5h6h", "KsQd9c8h3s"),  # a pair of deuces, below aces: (no, no)
    ("omaha", "7c6d5h4s", "KsQd9c2h3s"),  # king-queen-nine-seven-six high, below ace high: (no, no)
    # blockers: the hand holds a card the better hands need
    ("omaha", "Ks2s9dQs", "Ts8dKhKdKc"),  # quad kings, the fourth king its own: (yes, yes)
    ("omaha", "9s9d9hAd", "6s3d4d3h7d"),  # nines full; 99 (the last nine its own) no better: (no, yes)
]


@pytest.mark.parametrize(("game", "hero", "board"), RIVERS)
def test_the_nuts_on_a_river_are_phevaluators(db, game, hero, board):
    trials, (nuts, within) = counts(db, f"select count(nuthi(hero, river)), count(nuthiforhandtype(hero, river)) from game='{game}', hero='{hero}', board='{board}'")
    assert trials == 1
    assert (bool(nuts), bool(within)) == nut_flags(split(hero), split(board))


def test_the_rivers_where_the_hand_makes_the_nuts_are_phevaluators(db):
    hero, board = "AhKhQdJd", "Th9h2c3s"
    trials, (nuts, within) = counts(db, f"select count(nuthi(hero, river)), count(nuthiforhandtype(hero, river)) from game='omaha', hero='{hero}', board='{board}'")
    rivers = [c for c in DECK if c not in split(hero) + split(board)]
    flags = [nut_flags(split(hero), split(board) + [river]) for river in rivers]
    assert trials == len(rivers) == 44
    assert (nuts, within) == (sum(f[0] for f in flags), sum(f[1] for f in flags))
    assert 0 < nuts < within  # the spot tells the two apart


def test_the_nuts_on_the_turn_of_each_hand_of_a_range_are_phevaluators(db):
    board = "Ks8s4d2c"
    trials, (nuts,) = counts(db, f"select count(nuthi(hero, turn)) from game='omaha', hero='AsQs**', board='{board}'")
    hands = [h for h in itertools.combinations([c for c in DECK if c not in split(board)], 4) if "As" in h and "Qs" in h]
    assert trials == len(hands) * 44  # every river of every hand: the turn's nuts read on each
    assert nuts == 44 * sum(nut_flags(list(h), split(board))[0] for h in hands)
