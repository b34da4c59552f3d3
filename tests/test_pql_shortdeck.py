"""PQL's hand ratings in short deck (issue 65): `shortdeck` (a flush above a full house, a
straight above three of a kind: Open PQL's and pokerkit's order) and pokersql's
`shortdeck-triton` (three of a kind above a straight too). River equity against `pokersql
equity --exact`; equity, winsHi / tiesHi, hand type counts, minHandType, the nuts and
rateHiHand's order and nutHiOuts against a plain enumeration of the deals here, each hand ranked by
pokerkit's ShortDeckHoldemHand (triton: pokerkit's order within a hand type, the categories
in triton's order)."""

from __future__ import annotations

import functools
import json
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from pokerkit import Label, ShortDeckHoldemHand

from pokersql.cards import parse_cards
from tests.pql_kit import pql_database, exact_answer as answer, text  # noqa: F401 (pql_database: the fixture db)

DECK = list(range(16, 52))  # six through ace
NAMES = {
    Label.HIGH_CARD: "HIGH_CARD", Label.ONE_PAIR: "PAIR", Label.TWO_PAIR: "TWO_PAIR", Label.THREE_OF_A_KIND: "TRIPS",
    Label.STRAIGHT: "STRAIGHT", Label.FLUSH: "FLUSH", Label.FULL_HOUSE: "FULL_HOUSE", Label.FOUR_OF_A_KIND: "QUADS",
    Label.STRAIGHT_FLUSH: "STRAIGHT_FLUSH",
}
# the hand types weakest first, as each rule set orders them (the rules, written here)
ORDER = {
    "shortdeck": ["HIGH_CARD", "PAIR", "TWO_PAIR", "TRIPS", "STRAIGHT", "FULL_HOUSE", "FLUSH", "QUADS", "STRAIGHT_FLUSH"],
    "shortdeck-triton": ["HIGH_CARD", "PAIR", "TWO_PAIR", "STRAIGHT", "TRIPS", "FULL_HOUSE", "FLUSH", "QUADS", "STRAIGHT_FLUSH"],
}
GAMES = list(ORDER)


def best(game, cards):
    """(the hand type, a key that orders hands as the game does) of the best five of cards."""
    if game == "shortdeck":  # pokerkit's own short deck hand: its best five, its order
        hand = ShortDeckHoldemHand.from_game(text(cards))
        return NAMES[hand.entry.label], (0, hand)
    fives = [ShortDeckHoldemHand(text(five)) for five in combinations(cards, 5)]
    keyed = [(ORDER[game].index(NAMES[h.entry.label]), h) for h in fives]  # within a type, pokerkit's order
    top = max(keyed)
    return ORDER[game][top[0]], top


def deals(hands, board):
    """Every runout of the board (the rest of the 36 cards) for hands of known cards."""
    used = [c for h in hands for c in h] + board
    left = [c for c in DECK if c not in used]
    for more in combinations(left, 5 - len(board)):
        yield board + list(more)


def tally(game, hands, board):
    """Over every runout: each player's summed share of the pot, wins (a tie too) and ties,
    the first player's hand types on the river, and the runouts."""
    shares, wins, ties, types, count = [Fraction(0)] * len(hands), [0] * len(hands), [0] * len(hands), Counter(), 0
    for full in deals(hands, board):
        rated = [best(game, h + full) for h in hands]
        top = max(key for _, key in rated)
        winners = [i for i, (_, key) in enumerate(rated) if key == top]
        for i in winners:
            shares[i] += Fraction(1, len(winners))
            wins[i] += 1
            ties[i] += len(winners) > 1
        types[rated[0][0]] += 1
        count += 1
    return shares, wins, ties, types, count


# (hands, board): a flop, a turn, three players, preflop; 7s7d against 9c8c on 7h6sTd is a set against a
# straight (the two rule sets part there); A-9-8-7-6 (the ace low) against a set of sixes.
SPOTS = [
    (["AhKh", "QsQd"], "Th9h6c"),
    (["7s7d", "9c8c"], "7h6sTd"),
    (["AhKh", "JcTc", "8s8d"], "9h7h6d"),
    (["KsQs", "AcAd"], "JsTs6h7c"),
    (["Ac9d", "6h6d"], "8s7c6cKh"),
    (["AhKh", "QsQd"], ""),  # preflop: every board of five
]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("hands", "board"), SPOTS)
def test_riverequity_is_pokersql_equity(db, run, game, hands, board):
    names = ["hero", "villain", "p3"][: len(hands)]
    players = ", ".join(f"{n}='{h}'" for n, h in zip(names, hands))
    _, values = answer(db, f"select {', '.join(f'avg(riverequity({n}))' for n in names)} from game='{game}', {players}, board='{board}'")
    status, out, err = run("equity", *hands, *(["--board", board] if board else []), "--game", game, "--exact", "--format", "json")
    assert status == 0, err
    assert values == pytest.approx([p["equity"] for p in json.loads(out)["players"]], abs=1e-12)


def test_the_rule_sets_part_on_a_set_against_a_straight(db):
    equities = [answer(db, f"select avg(riverequity(hero)) from game='{g}', hero='7s7d', villain='9c8c', board='7h6sTd'")[1][0] for g in GAMES]
    assert equities[1] == 1 and equities[0] < 0.6


def test_riverequity_against_a_random_hand_is_pokersql_equity(db, run):
    _, values = answer(db, "select avg(riverequity(hero)) from game='shortdeck', hero='AhKh', villain='*', board='Th9h6c7d'")
    status, out, err = run("equity", "AhKh", "random", "--board", "Th9h6c7d", "--game", "shortdeck", "--exact", "--format", "json")
    assert status == 0, err
    assert values[0] == pytest.approx(json.loads(out)["players"][0]["equity"], abs=1e-12)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("hands", "board"), [SPOTS[0], SPOTS[1], SPOTS[2], SPOTS[4]])
def test_equity_wins_ties_and_hand_types_are_pokerkits(db, game, hands, board):
    parsed = [parse_cards(h) for h in hands]
    shares, wins, ties, types, count = tally(game, parsed, parse_cards(board))
    names = ["hero", "villain", "p3"][: len(hands)]
    players = ", ".join(f"{n}='{h}'" for n, h in zip(names, hands))
    selectors = [f"avg(riverequity({n})), count(winshi({n})), count(tieshi({n}))" for n in names]
    query = f"select {', '.join(selectors)}, histogram(handtype(hero, river)), avg(equity(hero, flop)) from game='{game}', {players}, board='{board}'"
    trials, values = answer(db, query)
    for i in range(len(hands)):
        equity, won, tied = values[3 * i : 3 * i + 3]
        assert equity == pytest.approx(float(shares[i] / count), abs=1e-12)
        assert Fraction(won) / Fraction(trials) == Fraction(wins[i], count)
        assert Fraction(tied) / Fraction(trials) == Fraction(ties[i], count)
    histogram = values[3 * len(hands)]
    assert [h["value"] for h in histogram] == [t for t in ORDER[game] if t in types]  # in the game's order
    assert {h["value"]: Fraction(h["count"]) / Fraction(trials) for h in histogram} == {t: Fraction(n, count) for t, n in types.items()}
    assert values[-1] == pytest.approx(float(shares[0] / count), abs=1e-12)  # one flop: its equity is the river's mean


@pytest.mark.parametrize("game", GAMES)
def test_hand_types_over_every_flop_turn_and_river_are_pokerkits(db, game):
    """Every turn and river of a flop (C(31, 2) = 465) sorted by pokerkit into hand types,
    against PQL's handType counts and minHandType's: flush or better, straight or better (a
    nine on 9h9s8h with 7h6h is three of a kind, a ten a straight too: they part there)."""
    hero = parse_cards("7h6h")
    board = parse_cards("9h9s8h")
    types = Counter(best(game, hero + full)[0] for full in deals([hero], board))
    trials, values = answer(
        db,
        f"select histogram(handtype(hero, river)), count(minhandtype(hero, river, flush)), count(minhandtype(hero, river, straight)), "
        f"count(exacthandtype(hero, river, fullhouse)) from game='{game}', hero='7h6h', board='9h9s8h'",
    )
    count = sum(types.values())
    histogram, flush_up, straight_up, full_houses = values
    assert [h["value"] for h in histogram] == [t for t in ORDER[game] if t in types]
    assert {h["value"]: Fraction(h["count"]) / Fraction(trials) for h in histogram} == {t: Fraction(n, count) for t, n in types.items()}
    order = ORDER[game]
    at_least = {t: sum(n for u, n in types.items() if order.index(u) >= order.index(t)) for t in ("FLUSH", "STRAIGHT")}
    assert Fraction(flush_up) / Fraction(trials) == Fraction(at_least["FLUSH"], count)
    assert Fraction(straight_up) / Fraction(trials) == Fraction(at_least["STRAIGHT"], count)
    assert Fraction(full_houses) / Fraction(trials) == Fraction(types["FULL_HOUSE"], count)
    assert {"TRIPS", "STRAIGHT", "FULL_HOUSE", "FLUSH", "QUADS", "STRAIGHT_FLUSH"} <= set(types)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("board", ["AsAhKsQs9s", "9h8d7c6sAs", "TsTdTh9c8c"])
def test_every_two_hands_on_a_river_board_are_ordered_as_pokerkit(db, game, board):
    """Every hero and villain hand on the board (465 x 406 deals): hero wins and ties as
    pokerkit's hands compare; the nuts as the best any two cards left could make."""
    full = parse_cards(board)
    left = [c for c in DECK if c not in full]
    key = {pair: best(game, list(pair) + full)[1] for pair in combinations(left, 2)}
    wins = ties = deals_count = 0
    for hero in key:
        for villain in key:
            if set(hero) & set(villain):
                continue
            deals_count += 1
            wins += key[hero] > key[villain]
            ties += key[hero] == key[villain]
    trials, values = answer(db, f"select count(winshi(hero)), count(tieshi(hero)) from game='{game}', hero='*', villain='*', board='{board}'")
    # winsHi counts a tie (a share of the pot) as a win
    assert [Fraction(v) / Fraction(trials) for v in values] == [Fraction(wins + ties, deals_count), Fraction(ties, deals_count)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("hero", "board"), [("AsKs", "QsJsTs9h8h"), ("9h9d", "9s8d7c6sAs"), ("9h9d", "9s8d7c6hKh"), ("AhQd", "AsAdKsQs9s"), ("KhKd", "KsQhJd6c6d")])
def test_the_nuts_are_the_best_any_two_cards_left_make(db, game, hero, board):
    full = parse_cards(board)
    hand = parse_cards(hero)
    left = [c for c in DECK if c not in full + hand]
    own_type, own = best(game, hand + full)
    others = [best(game, list(pair) + full) for pair in combinations(left, 2)]
    nut = own >= max(k for _, k in others)
    nut_for_type = all(own >= k for t, k in others if t == own_type)
    _, values = answer(db, f"select count(nuthi(hero, river)), count(nuthiforhandtype(hero, river)) from game='{game}', hero='{hero}', board='{board}'")
    assert values == [int(nut), int(nut_for_type)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("hero", "board"), [("AhKh", "Th9h6c"), ("7s7d", "7h6sTd"), ("JcTc", "9h7h6d"), ("8s8d", "9h7h6d"), ("9c8c", "7h6dKs"), ("KsQs", "JsTs6h7c"), ("Ac9d", "8s7c6cKh")])
def test_nut_hi_outs_are_pokerkits(db, game, hero, board):
    """nutHiOuts on the flop or turn against a plain count: each card of the 36 unseen by the
    hero is an out when, on the board one card longer, no two other unseen cards make a hand
    that pokerkit ranks (in the game's order) above the hero's. 9c8c on 7h6dKs has 8 in shortdeck
    (an ace or a ten makes a straight), 4 ranked the standard way (the ace-low A-9-8-7-6 none)."""
    hand, cards = parse_cards(hero), parse_cards(board)
    unseen = [c for c in DECK if c not in hand + cards]
    rated = functools.cache(lambda held: best(game, list(held))[1])
    outs = 0
    for card in unseen:
        after = cards + [card]
        mine = rated(tuple(hand + after))
        outs += all(rated(pair + tuple(after)) <= mine for pair in combinations([c for c in unseen if c != card], 2))
    street = "flop" if len(cards) == 3 else "turn"
    _, values = answer(db, f"select avg(nuthiouts(hero, {street})) from game='{game}', hero='{hero}', board='{board}'")
    assert values == [outs]


@pytest.mark.parametrize("game", GAMES)
def test_ratehihand_orders_five_cards_as_pokerkit(db, game):
    fives = ["AsKsQsJsTs", "9h8h7h6hAh", "AsAhAdAcKs", "AsKsQs9s7s", "AsAhAdKsKh", "AsKdQcJhTs", "Ts9h8d7c6s", "As9h8d7c6s", "AsAhAd9c7s", "AsAhKdKc9s", "AsAhKdQc9s", "AsKhQdJc9s"]
    ranked = sorted(fives, key=lambda f: best(game, parse_cards(f))[1])
    pairs = list(zip(ranked, ranked[1:]))
    trials, values = answer(db, f"select {', '.join(f'count(ratehihand({a!r}) < ratehihand({b!r}))' for a, b in pairs)} from game='{game}', board='AsKsQs'")
    assert values == [trials] * len(pairs)
    assert ranked[-1] == "AsKsQsJsTs" and ranked.index("As9h8d7c6s") < ranked.index("Ts9h8d7c6s")


def test_hand_types_and_ratings_print_in_the_game_ranking(db):
    query = "select max(ratehihand('AsKsQs9s7s')), min(ratehihand('As9h8d7c6s')), min(handtype(hero, river)), max(handtype(hero, river))"
    _, values = answer(db, f"{query} from game='shortdeck', hero='AsAh', board='AdKsKh'")
    assert values == ["FLUSH(A, K, Q, 9, 7)", "STRAIGHT(9, 8, 7, 6, A)", "FULL_HOUSE", "QUADS"]


@pytest.mark.parametrize("game", GAMES)
def test_flop_categories_rank_made_hands_in_the_game_order(db, game):
    """Every flop for 7h6h (C(34, 3) = 5,984): its made hand (the five cards, one hand type in
    both rule sets) by pokerkit, against minFlopHandCategory from a straight and from a flush up."""
    hero = parse_cards("7h6h")
    types = Counter(NAMES[ShortDeckHoldemHand(text(hero + list(flop))).entry.label] for flop in combinations([c for c in DECK if c not in hero], 3))
    order = ORDER[game]
    trials, values = answer(
        db,
        f"select count(minflophandcategory(hero, flopstraight)), count(minflophandcategory(hero, flopflush)), "
        f"count(exactflophandcategory(hero, flopfullhouse)), histogram(flophandcategory(hero)) from game='{game}', hero='7h6h'",
    )
    count = sum(types.values())
    for value, least in zip(values[:2], ("STRAIGHT", "FLUSH")):
        assert Fraction(value) / Fraction(trials) == Fraction(sum(n for t, n in types.items() if order.index(t) >= order.index(least)), count)
    assert Fraction(values[2]) / Fraction(trials) == Fraction(types["FULL_HOUSE"], count)
    made = [h["value"] for h in values[3] if h["value"] in ("FLOPTRIPS", "FLOPSTRAIGHT", "FLOPFULLHOUSE", "FLOPFLUSH")]
    assert made == [f"FLOP{t.replace('_', '')}" for t in order if t in ("TRIPS", "STRAIGHT", "FULL_HOUSE", "FLUSH")]


def test_a_hand_with_a_card_below_six_is_refused(run):
    status, out, err = run("pql", "select avg(riverequity(hero)) from game='shortdeck', hero='Ah5h', villain='7c7d', board='Th9h6c'")
    assert status == 2 and out == ""
    assert "shortdeck's deck has no card '5h' (of hero)" in err and len(err.strip().splitlines()) == 1, err


def test_the_hand_type_floors_are_counted_from_the_classes():
    """Each game's floors come from the count of five-card classes of each type: Hold'em's are
    the constants its ratings were built on, short deck's add up to its 1,404 classes."""
    from pokersql.pql.games import HAND_TYPE_FLOORS, RATINGS, game_of

    assert game_of("holdem").floors == HAND_TYPE_FLOORS and game_of("holdem").ratings == RATINGS
    for game in GAMES:
        assert game_of(game).ratings == 1405 and game_of(game).hand_types == ORDER[game]
