"""`showdown --game G` of the split and lowball games (issue 47): random showdowns of three
players dealt here, each pot split by pokerkit's hands in the test (the high half to the best
high, the low half to the best qualifying low, the high taking it all with no low; a low-only
game's pot to the best low), on DuckDB and SQLite."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from test_lows import GAMES, pokerkit_hand  # tests/test_lows.py: each game's pokerkit hands

import pokersql
from tests.showdowns import showdown_csv

HANDS = 40  # showdowns a game, three players each


@pytest.fixture(scope="module", params=("duckdb", "sqlite"))
def showdown_db(request, built_database):
    database = pokersql.connect(built_database(request.param), engine=request.param)
    yield database
    database.close()


def dealt(name: str) -> list[tuple[list[list[int]], list[int]]]:
    """HANDS showdowns of three players from a seeded deck: (each player's cards, the board)."""
    holes, board_size = GAMES[name][:2]
    dealer = random.Random(f"split showdown {name}")
    hands = []
    for _ in range(HANDS):
        deck = list(range(52))
        dealer.shuffle(deck)
        hands.append(([deck[holes * n: holes * (n + 1)] for n in range(3)], deck[3 * holes: 3 * holes + board_size]))
    return hands


def split_by_pokerkit(name: str, holes: list[list[int]], board: list[int]) -> list[tuple[Fraction, Fraction]]:
    _, _, high_class, low_class = GAMES[name]
    highs = [pokerkit_hand(high_class, hole, board) for hole in holes] if high_class else [None] * 3
    lows = [pokerkit_hand(low_class, hole, board) for hole in holes] if low_class else [None] * 3
    has_low = any(low is not None for low in lows)
    high_pot = (Fraction(1, 2) if has_low else Fraction(1)) if high_class else Fraction(0)

    def split(part: Fraction, hands: list) -> list[Fraction]:
        held = [hand for hand in hands if hand is not None]
        winners = [hand is not None and hand == max(held) for hand in hands]
        return [part / sum(winners) if won else Fraction(0) for won in winners]

    return list(zip(split(high_pot, highs), split(1 - high_pot, lows) if has_low else [Fraction(0)] * 3))


@pytest.mark.parametrize("name", GAMES)
def test_split_showdowns_against_pokerkit(showdown_db, tmp_path, name):
    hands = dealt(name)
    result = showdown_db.showdown(str(showdown_csv(tmp_path / "hands.csv", hands)), game=name)
    assert len(result.hands) == HANDS
    splits = 0
    for shown, (holes, board) in zip(result.hands, hands):
        expected = split_by_pokerkit(name, holes, board)
        assert [(p.high_share, p.low_share) for p in shown.players] == [(float(h), float(lo)) for h, lo in expected], shown
        assert shown.high_winners == [p.player for p, (h, _) in zip(shown.players, expected) if h]
        assert shown.low_winners == [p.player for p, (_, lo) in zip(shown.players, expected) if lo]
        splits += sum(1 for h, lo in expected if h and lo) + sum(1 for h, lo in expected if bool(h) != bool(lo))
    assert splits >= HANDS  # every hand has a winner; hi-lo games split some pots


def test_bad_rows_are_refused_in_one_line(showdown_db, tmp_path):
    path = tmp_path / "hands.csv"
    path.write_text("hand_id,seat,hole,board\n1,1,Ah 2h 3c 4d 5s Kd Kh,2c 3c 4c\n1,2,As 2d 3h 4c 6s 7d 8h,2c 3c 4c\n", encoding="utf-8")
    with pytest.raises(pokersql.BadInput, match="hands.csv line 2.*a board is not dealt in razz"):
        showdown_db.showdown(str(path), game="razz")
    path.write_text("hand_id,seat,hole,board\n1,1,Ah 2h 3c,Kd Qd Jd\n1,2,As 2d 3h 4c,Kd Qd Jd\n", encoding="utf-8")
    with pytest.raises(pokersql.BadInput, match="hands.csv line 2.*seat 1 needs 4 cards, got 3"):
        showdown_db.showdown(str(path), game="omaha8")
