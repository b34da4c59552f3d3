"""evaluate_many and `eval --file --game` of the split-pot and lowball games (issue 64): each row
of a batch ranked in SQL as `evaluate` ranks one hand, checked from outside: seeded random hands
of every game of split_games ordered as pokerkit's hands order them (StandardHighHand,
OmahaHoldemHand, EightOrBetterLowHand, OmahaEightOrBetterLowHand, RegularLowHand,
StandardLowHand, BadugiHand), no low exactly where pokerkit finds none, each low named as the
test's reading of pokerkit's best low; SQLite gives DuckDB's rows; bad input is one line."""

from __future__ import annotations

import json
import random

import pandas as pd
import pytest
from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand
from test_deal_own_cards import low_words  # a low in words, read from pokerkit's best low
from test_lows import GAMES, assert_same_order, pokerkit_hand

import pokersql
from pokersql.cards import card_name
from pokersql.cli import main
from pokersql.errors import BadInput
from pokersql.games import REGISTRY

SPLIT = sorted(name for name, game in REGISTRY.items() if game.is_split)
# game: (hole cards, board cards, pokerkit's high hand or None, its low hand or None)
POKERKIT = {**GAMES, "courchevel": (5, 5, OmahaHoldemHand, None), "courchevel8": (5, 5, OmahaHoldemHand, OmahaEightOrBetterLowHand)}
HANDS = 300  # seeded random hands a game
SINGLES = 25  # of them also evaluated one at a time


@pytest.fixture(scope="module", params=("duckdb", "sqlite"))
def db(request, tmp_path_factory):
    """A fresh database file of the engine: evaluate_many builds what it reads."""
    path = tmp_path_factory.mktemp("split_many") / f"poker.{request.param}"
    with pokersql.connect(str(path), engine=request.param) as database:
        yield database


def random_hands(name: str, count: int, seed: str = "64") -> tuple[list[list[int]], list[list[int]]]:
    """Each hand's own cards and its board: stud's 5 to 7 cards, Omaha's hole cards and 3 to 5 on the board."""
    game = REGISTRY[name]
    rng = random.Random(f"{name} {seed}")
    holes, boards = [], []
    for _ in range(count):
        held = game.hole_cards if game.board_cards else rng.choice(game.hand_sizes)
        dealt = rng.sample(range(52), held + (rng.choice((3, 4, 5)) if game.board_cards else 0))
        holes.append(dealt[:held])
        boards.append(dealt[held:])
    return holes, boards


def text(cards: list[int]) -> str:
    return " ".join(card_name(c) for c in cards)


def frame_of(name: str, holes: list[list[int]], boards: list[list[int]]) -> pd.DataFrame:
    if REGISTRY[name].board_cards:
        return pd.DataFrame({"hand_id": range(1, len(holes) + 1), "hole": map(text, holes), "board": map(text, boards)})
    return pd.DataFrame({"hand_id": range(1, len(holes) + 1), "cards": map(text, holes)})


@pytest.mark.parametrize("name", SPLIT)
def test_rows_order_as_pokerkit_and_equal_evaluate(db, name):
    """Every row: hand_rank and low_rank order the hands as pokerkit's hands order them (a
    low-only game's hand_rank its low's), low_rank None exactly where pokerkit finds no low,
    low_category pokerkit's best low in words; the first rows equal `evaluate` of the same hand."""
    hole_count, board_count, high_class, low_class = POKERKIT[name]
    holes, boards = random_hands(name, HANDS)
    result = db.evaluate_many(frame_of(name, holes, boards), game=name)
    records = result.records()
    assert [r["hand_id"] for r in records] == list(range(1, HANDS + 1))
    assert [r["cards"] for r in records] == [[card_name(c) for c in h + b] for h, b in zip(holes, boards)]
    highs = [r["hand_rank"] for r in records]
    low_ranks = [r["low_rank"] for r in records]
    if high_class:
        assert assert_same_order(highs, [pokerkit_hand(high_class, h, b) for h, b in zip(holes, boards)]) == HANDS
    else:
        assert highs == low_ranks
    if low_class:
        theirs = [pokerkit_hand(low_class, h, b) for h, b in zip(holes, boards)]
        assert assert_same_order(low_ranks, theirs) > HANDS // 20
        ranking = REGISTRY[name].low_ranking
        words = [None if low is None else low_words("eight-or-better" if "8" in name else ranking, low) for low in theirs]
        assert [r["low_category"] for r in records] == words
    else:
        assert low_ranks == [None] * HANDS and [r["low_category"] for r in records] == [None] * HANDS
    singles = [db.evaluate(text(h), board=text(b), game=name) for h, b in zip(holes[:SINGLES], boards[:SINGLES])]
    assert list(result)[:SINGLES] == singles


def test_sqlite_gives_duckdbs_rows(tmp_path):
    """The same hands of every game, DuckDB's batch and SQLite's: the same records."""
    answers = {}
    for engine in ("duckdb", "sqlite"):
        with pokersql.connect(str(tmp_path / f"poker.{engine}"), engine=engine) as database:
            answers[engine] = {name: database.evaluate_many(frame_of(name, *random_hands(name, 40, "lite")), game=name).records()
                               for name in SPLIT}
    assert answers["sqlite"] == answers["duckdb"]


def test_the_command_line_prints_the_librarys_rows(db_file, tmp_path, capsys):
    """eval --file --game razz (a CSV) and stud8 (stdin): JSON lines, the library's records."""
    holes, boards = random_hands("razz", 30)
    path = tmp_path / "razz.csv"
    frame_of("razz", holes, boards).to_csv(path, index=False)
    assert main(["--db", db_file, "eval", "--file", str(path), "--game", "razz", "--format", "json"]) == 0
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    with pokersql.connect(db_file) as database:
        expected = database.evaluate_many(str(path), game="razz").records()
    assert printed == [{**r, "hand_id": str(r["hand_id"])} for r in expected]
    assert [set(r) for r in printed] == [{"hand_id", "cards", "hand_rank", "low_rank", "low_category"}] * 30


@pytest.mark.parametrize(
    ("name", "hands", "message"),
    [
        ("razz", ["As 2d 3c 4h 7s", "As 2d 3c"], "row 2: razz: the hand needs 5 to 7 cards, got 3: As 2d 3c"),
        ("badugi", ["As 2d 3c 4h 7s"], "row 1: badugi: the hand needs 4 cards, got 5: As 2d 3c 4h 7s"),
        ("stud8", ["As 2d 3c 4h As"], "row 1: duplicate card 'As'"),
        ("omaha8", ["As 2d 3c 4h 7s 8s 9s"], "omaha8: the hands need 'hole' and 'board' columns"),
        ("omaha8", pd.DataFrame({"hole": ["As 2d 3c 4h"], "board": ["7s 8s"]}), "row 1: omaha8: the board needs 3 to 5 cards, got 2: 7s 8s"),
    ],
)
def test_bad_input_is_one_line_naming_the_row(db, name, hands, message):
    with pytest.raises(BadInput) as refused:
        db.evaluate_many(hands, game=name)
    assert str(refused.value).startswith(message) and "\n" not in str(refused.value)
