"""Split-pot equity with `random` hands (issue 47: `equity --game omaha8 ... random`,
sql/equity/059): Monte Carlo within its standard errors of an enumeration in this file of
every hand of the random player and every board, ranked by pokerkit's OmahaHoldemHand and
OmahaEightOrBetterLowHand (tests/test_split_equity.py's count for known hands, averaged over the
random player's hands: each hand, then each board, equally likely); the same trials on SQLite."""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations

import pytest

import pokersql
from pokersql.cards import card_name, parse_cards
from tests.test_split_equity import enumerated

# A turn with all but nine cards dead: 126 hands of the random player, 5 rivers each.
KNOWN, BOARD = "Ah 2h Kc Qc", "4h 7c Kd 8s"
LEFT = ["3c", "3d", "5s", "6h", "9d", "Jc", "Qh", "2s", "Ac"]
DEAD = " ".join(c for c in (card_name(n) for n in range(52)) if c not in set(LEFT) | set(KNOWN.split()) | set(BOARD.split()))


@lru_cache
def random_player() -> list[tuple[float, float, float, float]]:
    """Each player's (equity, high_share, low_share, scoop), averaged over every hand of the
    random player (second) from the nine cards left, each counted over every river."""
    totals = [[0.0] * 4 for _ in range(2)]
    hands = list(combinations(LEFT, 4))
    for hand in hands:
        _, players = enumerated((KNOWN, " ".join(hand)), BOARD, DEAD)
        for total, (equity, high, low, scoop, _, _) in zip(totals, players):
            for n, value in enumerate((equity, high, low, scoop)):
                total[n] += value / len(hands)
    return [tuple(t) for t in totals]


def test_random_hand_within_its_standard_errors(built_database):
    database = pokersql.connect(built_database("duckdb"))
    drawn = database.equity(KNOWN, "random", board=BOARD, dead=DEAD, game="omaha8", trials=4000, seed=9)
    assert not drawn.exact and drawn.boards == 4000 and drawn.seed == 9
    assert drawn.players[1].range == "random" and drawn.players[1].combos == math.comb(9, 4)
    for mine, (equity, high, low, scoop) in zip(drawn.players, random_player()):
        assert 0 < mine.std_error < 0.02 and abs(mine.equity - equity) < 4 * mine.std_error
        assert abs(mine.scoop - scoop) < 4 * math.sqrt(scoop * (1 - scoop) / 4000)
        assert abs(mine.high_share + mine.low_share - mine.equity) < 1e-12
    # both halves are played: a low is made on some runouts, not all
    assert 0 < drawn.players[0].low_share < 0.5 and 0 < drawn.players[1].high_share
    database.close()


def test_the_same_trials_on_sqlite(built_database):
    """The same seed deals the same trials on every engine: SQLite's answer is DuckDB's, with
    two random hands of five cards (omaha5-8) three-way on a flop."""
    answers = []
    for engine in ("duckdb", "sqlite"):
        with pokersql.connect(built_database(engine), engine=engine) as database:
            answers.append(database.equity(
                "Ah 2h Kc Qc 3s", "random", "random", board="4h 7c Kd", game="omaha5-8", trials=300, seed=4,
            ).to_dict())
    assert answers[0] == answers[1] and answers[0]["boards"] == 300
    assert [p["combos"] for p in answers[0]["players"]] == [1, math.comb(44, 5), math.comb(44, 5)]
    assert sum(p["equity"] for p in answers[0]["players"]) == pytest.approx(1.0)
