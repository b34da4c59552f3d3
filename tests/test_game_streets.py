"""Other games' exact equity against a random hand (039) and by the next card (--next-street),
each spot counted by an outside evaluator, every deal: phevaluator's Omaha, pokerkit's
short-deck classes (test_games' helpers). Dead cards leave few cards, so each count is quick.
"""

from __future__ import annotations

import itertools
import json

import pytest
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
]


@pytest.mark.parametrize(("game", "seats", "board_cards", "left", "seed"), RANDOM_SPOTS)
def test_exact_equity_against_a_random_hand_is_the_peers_count(run, pokerkit_classes, game, seats, board_cards, left, seed):
    """Omaha on a river and a turn, short deck on a flop and before it: the exact equity of
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
        (("--game", "omaha", "Ah Kh Qd Jd", "random", "--board", "2c 7d 9s"), ("omaha", "flop", "--trials")),
        (("--game", "omaha5", "Ah Kh Qd Jd Tc", "random", "--board", "2c 7d 9s 3h"), ("omaha5", "5 cards", "--trials")),
        (("--game", "shortdeck", "Ah Kh", "random", "random"), ("shortdeck", "one random hand", "--trials")),
    ],
)
def test_exact_equity_of_a_random_hand_too_big_to_count_is_refused_in_one_line(run, args, words):
    status, out, err = run("equity", *args, "--exact")
    assert (status, out) == (2, "") and err.count("\n") == 1, err
    assert all(word in err for word in words), err
