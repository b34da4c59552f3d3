"""Split-pot equity beside a second outside evaluator: poker-equity's exact enumeration of Omaha
hi-lo (``exact_from_text``, its low shares and scoops), on random spots dealt here, on DuckDB and
SQLite (tests/test_split_equity.py checks against pokerkit's hands)."""

from __future__ import annotations

import random

import poker_equity
import pytest

import pokersql
from pokersql.cards import card_name

VARIANTS = {"omaha8": ("omaha_hi_lo", 4), "omaha5-8": ("omaha_five_hi_lo", 5)}


@pytest.fixture(scope="module", params=("duckdb", "sqlite"))
def split_db(request, built_database):
    database = pokersql.connect(built_database(request.param), engine=request.param)
    yield database
    database.close()


def spots(game: str, count: int) -> list[tuple[list[str], str]]:
    """``count`` spots of two or three players on a flop or a turn, dealt from a seeded deck."""
    dealer = random.Random(f"split-equity-peers {game}")
    holes = VARIANTS[game][1]
    dealt = []
    for _ in range(count):
        deck = [card_name(c) for c in range(52)]
        dealer.shuffle(deck)
        players, board_size = dealer.choice((2, 3)), dealer.choice((3, 4))
        hands = ["".join(deck[holes * n: holes * (n + 1)]) for n in range(players)]
        dealt.append((hands, "".join(deck[holes * players: holes * players + board_size])))
    return dealt


@pytest.mark.parametrize("game", list(VARIANTS))
def test_split_equity_equals_poker_equity(split_db, game):
    for hands, board in spots(game, 6):
        ours = split_db.equity(*hands, board=board, game=game)
        theirs = poker_equity.exact_from_text(VARIANTS[game][0], hands, board=board)
        assert ours.exact and theirs["exact"] and ours.boards == theirs["samples"], (hands, board)
        for mine, peer in zip(ours.players, theirs["players"]):
            assert [mine.equity, mine.low_share, mine.high_share, mine.scoop] == pytest.approx(
                [peer["equity"], peer["low_equity"], peer["equity"] - peer["low_equity"], peer["scoop"]], abs=1e-12
            ), (hands, board)
