"""PQL's Courchevel (courchevel, courchevel8): five hole cards, Omaha's two of them with three of
the board, the first board card shown with the hole cards (``board='Kh'``, the spot before the
flop). Checked against every deal enumerated here in plain Python and rated by pokerkit's Omaha
hands (hi, and eight-or-better lo), and against `pokersql equity --game courchevel8`; with a
Hold'em spot of the same dealing (part of the flop dealt, the flop and river read, not the turn)
rated by phevaluator."""

from __future__ import annotations

from itertools import combinations, permutations

import pytest
from phevaluator import evaluate_cards
from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand

from pokersql.cards import card_name, parse_cards
from tests.pql_kit import pql_database, answer, text  # noqa: F401 (pql_database: the fixture db)

HERO, VILLAIN, FIRST = "AhAd2c3cKs", "KhKd4d5d9s", "4h"
# 27 cards dead: 14 left for the flop's other two cards, the turn and the river
DEAD = "2s2h2d3s3h3d5s5h5c6s6h6d6c7s7h7d7c8s8h8d8cJsJhJdJcQsQh"


def pokerkit_hand(hand_class, hole, board):
    try:
        return hand_class.from_game(text(hole), text(board))
    except ValueError:
        return None  # no qualifying lo


def shares(holes, board, lo):
    """Each player's share of the pot on a full board: the hi half and the lo half (all to the
    hi when no hand has a lo; courchevel: the hi alone)."""
    highs = [pokerkit_hand(OmahaHoldemHand, h, board) for h in holes]
    hi = [float(h == max(highs)) / highs.count(max(highs)) for h in highs]
    los = [pokerkit_hand(OmahaEightOrBetterLowHand, h, board) for h in holes] if lo else [None] * len(holes)
    qualified = [x for x in los if x is not None]
    if not qualified:
        return hi, [False] * len(holes)
    best = max(qualified)
    lo_share = [float(x is not None and x == best) / qualified.count(best) for x in los]
    return [(a + b) / 2 for a, b in zip(hi, lo_share)], [x is not None and x == best for x in los]


@pytest.mark.parametrize("game", ["courchevel", "courchevel8"])
def test_courchevel_before_the_flop_against_pokerkit(db, game):
    """Every flop (the shown card and two more), turn and river: the river equity, the flop's
    equity at least a half (the mean share over each flop's turns and rivers), a paired flop,
    the lo won (courchevel8)."""
    holes, dead = [parse_cards(HERO), parse_cards(VILLAIN)], parse_cards(DEAD)
    first = parse_cards(FIRST)
    left = [c for c in range(52) if c not in dead + first + holes[0] + holes[1]]
    assert len(left) == 14
    cache = {}
    deals, equity, paired, wins_lo, flop_half = 0, 0.0, 0, 0, 0
    for flop in combinations(left, 2):
        rest = [c for c in left if c not in flop]
        runs = []
        for turn, river in permutations(rest, 2):
            key = frozenset(flop + (turn, river))
            if key not in cache:
                cache[key] = shares(holes, first + list(key), game == "courchevel8")
            runs.append(cache[key])
        mean = sum(s[0][0] for s in runs) / len(runs)
        pair = len({c // 4 for c in first + list(flop)}) < 3
        for share, won in runs:
            deals += 1
            equity += share[0]
            paired += pair
            wins_lo += won[0]
            flop_half += mean >= 0.5
    lo = ", count(winslo(hero))" if game == "courchevel8" else ""
    trials, values = answer(
        db, f"select avg(riverequity(hero)), count(minhvhequity(hero, flop, 0.5)), count(pairedboard(flop)){lo} "
        f"from game='{game}', hero='{HERO}', villain='{VILLAIN}', board='{FIRST}', dead='{DEAD}'",
    )
    assert trials == deals == 91 * 12 * 11
    assert values[0] == pytest.approx(equity / deals, abs=1e-12)
    assert values[1:3] == [flop_half, paired]
    if lo:
        assert values[3] == wins_lo


def test_courchevel8_on_the_flop_is_pokersql_equity(db):
    _, values = answer(db, f"select avg(riverequity(hero)), avg(riverequity(villain)) from game='courchevel8', hero='{HERO}', villain='{VILLAIN}', board='4h7s9c'")
    expected = db.equity(HERO, VILLAIN, board="4h7s9c", game="courchevel8")
    assert expected.exact
    assert values == pytest.approx([p.equity for p in expected.players], abs=1e-12)


def test_holdem_part_of_the_flop_dealt_the_turn_unread(db):
    """Two flop cards given, the third dealt, the river read and the turn not: each deal's turn
    and river apart from the flop's third card (phevaluator over every deal)."""
    hero, villain, board = parse_cards("AhKh"), parse_cards("QsQd"), parse_cards("4h5c")
    dead = parse_cards("2s2h2d3s3h3d5s5h6s6h6d6c7s7h7d7c8s8h8d8cJsJhJdJcQhQc9s9h9d9c")
    left = [c for c in range(52) if c not in hero + villain + board + dead]
    deals, equity, paired = 0, 0.0, 0
    for third in left:
        for turn, river in permutations([c for c in left if c != third], 2):
            full = [card_name(c) for c in board + [third, turn, river]]
            a, b = (evaluate_cards(*full, *[card_name(c) for c in h]) for h in (hero, villain))
            deals += 1
            equity += 1.0 if a < b else 0.5 if a == b else 0.0
            paired += len({c // 4 for c in board + [third]}) < 3
    trials, values = answer(
        db, f"select avg(riverequity(hero)), count(pairedboard(flop)) from hero='AhKh', villain='QsQd', board='4h5c', dead='{text(dead)}'",
    )
    assert trials == deals == len(left) * (len(left) - 1) * (len(left) - 2)
    assert values == [pytest.approx(equity / deals, abs=1e-12), paired]
