"""PQL's nutHi and nutHiForHandType in Hold'em and short deck over many deals (issue 65), each
deal's nuts found here by rating every two unseen cards: phevaluator for Hold'em, pokerkit's
short deck hands for short deck.

From the player's view the nuts on a street are the best hand any two cards not on the board
and not in the player's hand make with the board; within its hand type, the best of those of
the player's type. Each count is recounted deal by deal: every board of the deals, every two
cards of the deck left rated once on it, and for each hand the best of those sharing no card
with it (the hand's own two cards are one of the twos).
"""

from __future__ import annotations

from itertools import combinations

from phevaluator import evaluate_cards
from pokerkit import ShortDeckHoldemHand

from pokersql.cards import card_name, parse_cards
from tests.pql_kit import pql_database, exact_answer as answer  # noqa: F401 (pql_database: the fixture db)
from tests.test_pql_omaha_nuts import hand_type as phevaluator_type
from tests.test_pql_shortdeck import NAMES


def holdem(cards: list[int]) -> tuple[int, int]:
    """(hand type, a key: the higher the better) of the best five, phevaluator's."""
    rank = evaluate_cards(*map(card_name, cards))
    return phevaluator_type(rank), -rank


def shortdeck(cards: list[int]) -> tuple[str, object]:
    """(hand type, a key: the higher the better) of the best five, pokerkit's short deck hand."""
    hand = ShortDeckHoldemHand.from_game("".join(map(card_name, cards)))
    return NAMES[hand.entry.label], hand


def nut_counts(rate, deck: list[int], board: list[int]) -> tuple[int, int, int]:
    """(deals, nuts, nuts within the hand type) over every next card of ``board`` and every hand
    of two cards of the deck left."""
    deals = nuts = within = 0
    for card in (c for c in deck if c not in board):
        full = board + [card]
        rated = {two: rate(list(two) + full) for two in combinations([c for c in deck if c not in full], 2)}
        ordered = sorted(rated, key=lambda two: rated[two][1], reverse=True)  # the best first
        by_type: dict = {}
        for two in ordered:
            by_type.setdefault(rated[two][0], []).append(two)
        for hand, (own_type, own) in rated.items():  # each hand: the best two sharing no card with it
            best = next(rated[t][1] for t in ordered if not set(t) & set(hand))
            of_type = next((rated[t][1] for t in by_type[own_type] if not set(t) & set(hand)), own)
            deals += 1
            nuts += own >= best
            within += own >= of_type
    return deals, nuts, within


def test_holdem_nuts_on_the_river_of_every_hand_are_phevaluators(db):
    board = parse_cards("Ks7d2c9s")
    trials, values = answer(db, "select count(nuthi(hero, river)), count(nuthiforhandtype(hero, river)) from game='holdem', hero='*', board='Ks7d2c9s'")
    deals, nuts, within = nut_counts(holdem, list(range(52)), board)
    assert (trials, values) == (deals, [nuts, within])
    assert 0 < nuts < within < deals  # the hands part: blockers count (hero holds a card of the nuts)


def test_holdem_nuts_on_the_turn_of_every_hand_are_phevaluators(db):
    """Each turn deal stands for every river left (the river unread): it weighs as many."""
    board, deck = parse_cards("Th9h6c"), list(range(52))
    trials, values = answer(db, "select count(nuthi(hero, turn)), count(nuthiforhandtype(hero, turn)) from game='holdem', hero='*', board='Th9h6c'")
    deals, nuts, within = nut_counts(holdem, deck, board)
    each = len(deck) - 6
    assert (trials, values) == (deals * each, [nuts * each, within * each])
    assert 0 < nuts < within < deals


def test_holdem_nuts_on_every_river_from_a_flop_are_phevaluators(db):
    """A hand against a hand from a flop: 990 turns and rivers, each river board's nuts."""
    hero, villain, flop = parse_cards("AhKh"), parse_cards("QhQd"), parse_cards("Ks7d2c")
    trials, (nuts,) = answer(db, "select count(nuthi(hero, river)) from game='holdem', hero='AhKh', villain='QhQd', board='Ks7d2c'")
    left = [c for c in range(52) if c not in hero + villain + flop]
    expected, boards = 0, list(combinations(left, 2))
    for turn, river in boards:  # every two cards not on the board nor in hero's hand: the villain's too
        full = flop + [turn, river]
        own = evaluate_cards(*map(card_name, hero + full))
        unseen = [c for c in range(52) if c not in full + hero]
        expected += own <= min(evaluate_cards(*map(card_name, list(two) + full)) for two in combinations(unseen, 2))
    assert len(boards) == 990 and trials == 2 * 990  # the turn and river in either order: each deal weighs 2
    assert nuts == 2 * expected and 0 < expected < 990


def test_shortdeck_nuts_on_the_river_of_every_hand_are_pokerkits(db):
    board = parse_cards("Th9h6c7s")
    trials, values = answer(db, "select count(nuthi(hero, river)), count(nuthiforhandtype(hero, river)) from game='shortdeck', hero='*', board='Th9h6c7s'")
    deals, nuts, within = nut_counts(shortdeck, list(range(16, 52)), board)
    assert (trials, values) == (deals, [nuts, within])
    assert 0 < nuts < within < deals


def test_shortdeck_nuts_on_the_turn_of_every_hand_are_pokerkits(db):
    """Each turn deal stands for every river left (the river unread): it weighs as many."""
    board, deck = parse_cards("AsJd8c"), list(range(16, 52))
    trials, values = answer(db, "select count(nuthi(hero, turn)), count(nuthiforhandtype(hero, turn)) from game='shortdeck', hero='*', board='AsJd8c'")
    deals, nuts, within = nut_counts(shortdeck, deck, board)
    each = len(deck) - 6
    assert (trials, values) == (deals * each, [nuts * each, within * each])
    assert 0 < nuts < within < deals


def test_kept_is_one_more_than_the_twos_a_hand_can_share_a_card_with():
    """A board's best ``kept`` twos hold one sharing no card with any hand: one more than the
    twos of the cards left that share a card with a hand, counted here one by one."""
    from pokersql.pql.games import game_of
    from pokersql.pql.outs import kept

    for name in ("holdem", "shortdeck", "omaha", "omaha5"):
        game = game_of(name)
        for street in (3, 4):  # the board one card longer: the turn's, the river's
            left = list(game.deck)[street + 1:]
            hand = set(left[:game.hole])
            assert kept(game, street) == 1 + sum(1 for two in combinations(left, 2) if hand & set(two)), (name, street)
