"""Other games' exact equity against a random hand (039) and by the next card (--next-street),
each spot counted by an outside evaluator, every deal: phevaluator's Omaha, pokerkit's
short-deck classes (test_games' helpers). Dead cards leave few cards, so each count is quick.
"""

from __future__ import annotations

import itertools
import json

import pytest
from phevaluator import evaluate_cards
from test_games import (  # noqa: F401 (pokerkit_classes: a fixture)
    card_text,
    deal_a_spot,
    exhaustive_equity,
    exhaustive_random_omaha_equity,
    pokerkit_classes,
    short_deck_ranks_of,
)


def exhaustive_random_short_deck_equity(holes: list[list[int] | None], board: list[int], dead: list[int], ranks: dict) -> list[float]:
    """Every board still to come and every two cards left for the one random player (None in
    holes), each deal counted once, ranked by pokerkit's classes (the best of the 21 fives)."""
    used = {c for hole in holes if hole for c in hole} | set(board) | set(dead)
    deck = [c for c in range(16, 52) if c not in used]
    best = lambda cards: min(ranks[(sum(5 ** (c // 4) for c in f), int(len({c % 4 for c in f}) == 1))] for f in itertools.combinations(cards, 5))  # noqa: E731
    shares = [0.0] * len(holes)
    deals = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        full = board + list(rest)
        known = [best(hole + full) if hole else 0 for hole in holes]
        for pair in itertools.combinations([c for c in deck if c not in rest], 2):
            seat_ranks = [rank if hole else best(list(pair) + full) for hole, rank in zip(holes, known)]
            top = min(seat_ranks)
            winners = [n for n, r in enumerate(seat_ranks) if r == top]
            for n in winners:
                shares[n] += 1 / len(winners)
            deals += 1
    return [share / deals for share in shares]


# (game, the seats: "known" or "random", board cards, cards left in the deck, the seed of the spot)
RANDOM_SPOTS = [
    ("omaha", ("known", "random"), 5, 24, 1),
    ("omaha", ("random", "known", "known"), 4, 17, 2),
    ("shortdeck", ("known", "random"), 3, 13, 3),
    ("shortdeck-triton", ("known", "known", "random"), 0, 12, 4),
    ("omaha", ("known", "random"), 3, 15, 9),
    ("omaha", ("random", "known"), 0, 12, 10),
]


@pytest.mark.parametrize(("game", "seats", "board_cards", "left", "seed"), RANDOM_SPOTS)
def test_exact_equity_against_a_random_hand_is_the_peers_count(run, pokerkit_classes, game, seats, board_cards, left, seed):
    """Omaha on a river, a turn, a flop and before it (few cards left), short deck on a flop and
    before it: the exact equity of
    every player (omaha_random_equity, short_deck_random_equity) is the peers' count of every
    deal, the deals are boards x hands, and the random hand's combos are the cards left's."""
    from pokersql.games import GAMES

    hole_cards = GAMES[game].hole_cards
    known = seats.count("known")
    dead_cards = (52 if game == "omaha" else 36) - known * hole_cards - board_cards - left
    spot, board, dead = deal_a_spot(game, known, board_cards, dead_cards, seed)
    dealt = iter(spot)
    holes = [next(dealt) if seat == "known" else None for seat in seats]
    hands = [card_text(hole) if hole else "random" for hole in holes]
    status, out, err = run("equity", "--game", game, *hands, "--board", card_text(board), "--dead", card_text(dead), "--exact", "--format", "json")
    assert status == 0, err
    result = json.loads(out)
    if game == "omaha":
        theirs = exhaustive_random_omaha_equity(holes, board, dead, hole_cards)
    else:
        theirs = exhaustive_random_short_deck_equity(holes, board, dead, short_deck_ranks_of(pokerkit_classes, game))
    assert [p["equity"] for p in result["players"]] == pytest.approx(theirs, abs=1e-12), (game, holes, board, dead)
    combos = __import__("math").comb(left, hole_cards)
    boards = __import__("math").comb(left - hole_cards, 5 - board_cards)
    assert (result["exact"], result["boards"], result["deals"]) == (True, boards, boards * combos)
    assert [p["combos"] for p in result["players"]] == [combos if hole is None else 1 for hole in holes]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--game", "omaha", "Ah Kh Qd Jd", "random", "--board", "2c 7d 9s"), ("omaha", "122,175,900", "--trials")),
        (("--game", "omaha5", "Ah Kh Qd Jd Tc", "random", "--board", "2c 7d 9s 3h"), ("omaha5", "5 cards", "--trials")),
        (("--game", "shortdeck", "Ah Kh", "random", "random"), ("shortdeck", "one random hand", "--trials")),
    ],
)
def test_exact_equity_of_a_random_hand_too_big_to_count_is_refused_in_one_line(run, args, words):
    status, out, err = run("equity", *args, "--exact")
    assert (status, out) == (2, "") and err.count("\n") == 1, err
    assert all(word in err for word in words), err


def best_now(game: str, hole: list[int], board: list[int], ranks: dict | None) -> int:
    """A hand's rank on a board of 4 or 5 cards by an outside evaluator: Omaha, the best of
    phevaluator's five-card ranks over two hole cards and three of the board; short deck,
    pokerkit's classes over every five of hole and board."""
    if ranks is None:
        return min(evaluate_cards(*pair, *triple) for pair in itertools.combinations(hole, 2) for triple in itertools.combinations(board, 3))
    return min(ranks[(sum(5 ** (c // 4) for c in f), int(len({c % 4 for c in f}) == 1))] for f in itertools.combinations(hole + board, 5))


# (game, players, board cards, cards left in the deck, the seed of the spot)
STREET_SPOTS = [
    ("omaha", 2, 3, 16, 5),
    ("omaha5", 3, 4, 20, 6),
    ("shortdeck", 3, 3, 14, 7),
    ("shortdeck-triton", 2, 4, 20, 8),
]


@pytest.mark.parametrize(("game", "players", "board_cards", "left", "seed"), STREET_SPOTS)
def test_the_next_street_of_a_game_is_the_peers_count(run, pokerkit_classes, game, players, board_cards, left, seed):
    """equity --game --next-street (040) on a flop and a turn: each card that can come, each
    player's equity over the boards that follow it and who leads once it is dealt, as the
    peers count them; the outs are the cards where a player leads."""
    from pokersql.games import GAMES

    rules = GAMES[game]
    dead_cards = (52 if rules.lowest_value == 2 else 36) - players * rules.hole_cards - board_cards - left
    holes, board, dead = deal_a_spot(game, players, board_cards, dead_cards, seed)
    args = ("equity", "--game", game, *(card_text(h) for h in holes), "--board", card_text(board), "--dead", card_text(dead))
    status, out, err = run(*args, "--next-street", "--format", "json")
    assert status == 0, err
    result = json.loads(out)
    ranks = short_deck_ranks_of(pokerkit_classes, game)
    deck = [c for c in range(16 if ranks else 0, 52) if c not in {c for h in holes for c in h} | set(board) | set(dead)]
    assert [card["card"] for card in result["next_street"]] == [card_text([c]) for c in deck]
    for card, shown in zip(deck, result["next_street"]):
        theirs = exhaustive_equity(game, holes, board + [card], ranks, dead)
        assert shown["equity"] == pytest.approx(theirs, abs=1e-12), (game, card_text([card]))
        assert shown["runouts"] == (left - 1 if board_cards == 3 else 1)
        now = [best_now(game, hole, board + [card], ranks) for hole in holes]
        assert shown["leaders"] == [n for n, rank in enumerate(now, start=1) if rank == min(now)], (game, card_text([card]))
    for number, player in enumerate(result["players"], start=1):
        assert player["outs"] == [card["card"] for card in result["next_street"] if number in card["leaders"]]


def test_the_next_street_of_a_game_needs_a_flop_or_a_turn_and_known_hands(run):
    for args, words in (
        (("--game", "omaha", "Ah Kh Qd Jd", "2s 2c 3d 4h", "--board", "2h 7d 9s Tc 3s"), ("omaha", "3 or 4 cards", "got 5")),
        (("--game", "shortdeck", "Ah Kh", "random", "--board", "6c 7d 9s"), ("shortdeck", "known hands", "random")),
    ):
        status, out, err = run("equity", *args, "--next-street")
        assert (status, out) == (2, "") and err.count("\n") == 1, err
        assert all(word in err for word in words), err
