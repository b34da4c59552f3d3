"""One evaluation in SQL for every game (issue 44): game_evaluations_of (sql/games/042) ranks
the other games' hands for eval, compare, deal, showdown and evaluate_many, on DuckDB and SQLite.

Checked from outside: each hand's hand_rank against phevaluator (Omaha: the best of its ranks
of every two hole cards with every three of the board) and pokerkit (short deck: the best of
its classes over every five), its best five a five of the hand of that rank; a bad row named as
before; and no path of the games through Hold'em's Python-side ranking."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import pandas as pd
import pytest
from phevaluator import evaluate_cards
from pokerkit import Card
from pokerkit.lookups import ShortDeckHoldemLookup

import pokersql
from pokersql import evaluation, own_hands
from pokersql.cards import card_name, parse_cards
from pokersql.database import Database
from pokersql.errors import BadInput

ENGINES = ("duckdb", "sqlite")
LOOKUP = ShortDeckHoldemLookup()
ROWS = 150  # per game and engine
SHORT_DECK_LABELS = {  # pokerkit's labels, best first, per rule set (docs/games-flop.md)
    "shortdeck": ("Straight flush", "Four of a kind", "Flush", "Full house", "Straight", "Three of a kind", "Two pair", "One pair", "High card"),
    "shortdeck-triton": ("Straight flush", "Four of a kind", "Flush", "Full house", "Three of a kind", "Straight", "Two pair", "One pair", "High card"),
}


@pytest.fixture(scope="module", params=ENGINES)
def database(request: pytest.FixtureRequest, built_database: Callable[[str], str]):
    with pokersql.connect(built_database(request.param), engine=request.param) as db:
        yield db


def omaha_rank(hole: list[int], board: list[int]) -> int:
    """phevaluator's best five of exactly two hole cards and three of the board."""
    return min(evaluate_cards(*pair, *triple) for pair in itertools.combinations(hole, 2) for triple in itertools.combinations(board, 3))


def short_deck_key(five: list[int], rule_set: str) -> tuple[int, int]:
    """pokerkit's order of a five of the 36 cards under the rule set: (category, then its index)."""
    entry = LOOKUP.get_entry(Card.parse("".join(card_name(c) for c in five)))
    return SHORT_DECK_LABELS[rule_set].index(entry.label.value), -entry.index


def random_rows(game: str, seed: int) -> tuple[pd.DataFrame, list[tuple[list[int], list[int]]]]:
    """ROWS random hands of the game in the contract's notations, as a frame and as card ids."""
    rng = np.random.default_rng(seed)
    hole_cards = {"omaha": 4, "omaha5": 5, "omaha6": 6}.get(game, 0)
    lowest = 0 if hole_cards else 16
    hands, texts = [], []
    for number in range(ROWS):
        size = 3 + number % 3 if hole_cards else 5 + number % 3
        cards = (rng.permutation(52 - lowest)[: hole_cards + size] + lowest).tolist()
        hands.append((cards[:hole_cards], cards[hole_cards:]) if hole_cards else (cards, []))
        names = [card_name(c) for c in cards]
        if number % 4 == 1:  # lower case, 10 for T, commas
            names = [n.replace("T", "10").lower() for n in names]
        texts.append(names)
    sep = lambda n, names: (", " if n % 4 == 1 else " ").join(names)  # noqa: E731
    if hole_cards:
        frame = pd.DataFrame({
            "hole": [sep(n, t[:hole_cards]) for n, t in enumerate(texts)],
            "board": [sep(n, t[hole_cards:]) for n, t in enumerate(texts)],
            "row": range(ROWS),
        })
    else:
        frame = pd.DataFrame({"cards": [sep(n, t) for n, t in enumerate(texts)], "row": range(ROWS)})
    return frame, hands


@pytest.mark.parametrize("game", ["omaha", "omaha5", "omaha6", "shortdeck", "shortdeck-triton"])
def test_evaluate_many_of_a_game_is_the_peers(database: Database, game: str) -> None:
    frame, hands = random_rows(game, seed=44 + len(game))
    result = database.evaluate_many(frame, game=game).arrow()
    assert result.column("row").to_pylist() == list(range(ROWS))  # the input's order, its column kept
    by_rank: dict[int, tuple] = {}
    for (hole, board), cards, best, rank in zip(
        hands, result.column("cards").to_pylist(), result.column("best").to_pylist(), result.column("hand_rank").to_pylist()
    ):
        assert cards == [card_name(c) for c in hole + board]
        five = parse_cards(best)
        assert set(five) <= set(hole + board) and len(set(five)) == 5, (cards, best)
        if game.startswith("omaha"):
            assert rank == omaha_rank(hole, board) == evaluate_cards(*five), (cards, best, rank)
            assert len(set(five) & set(hole)) == 2
        else:
            theirs = min(short_deck_key(list(f), game) for f in itertools.combinations(hole, 5))
            assert short_deck_key(five, game) == theirs, (cards, best)
            by_rank.setdefault(rank, theirs)
            assert by_rank[rank] == theirs  # one hand_rank, one class of pokerkit's
    if not game.startswith("omaha"):
        assert sorted(by_rank, key=lambda r: by_rank[r]) == sorted(by_rank)  # hand_rank in pokerkit's order


def test_no_game_is_ranked_through_hold_ems_python_side(database: Database, tmp_path, monkeypatch) -> None:
    """eval, compare, deal, showdown and evaluate_many of the other games read game_evaluations_of
    alone: Hold'em's few-hands path (evaluation.rank_hands) and its batches (own_hands) refuse here."""

    def refused(*args, **kwargs):
        raise AssertionError("a game's hand was ranked through Hold'em's path")

    monkeypatch.setattr(evaluation, "rank_hands", refused)
    monkeypatch.setattr(own_hands, "_duckdb_batch", refused)
    monkeypatch.setattr(own_hands, "_python_batch", refused)
    result = database.evaluate("As Ks Qd Jd", game="omaha", board="Ts 9s 2c 7h 8s")
    assert (result.best, result.category, result.hand_rank) == (["As", "Ks", "Ts", "9s", "8s"], "Flush", 403)
    low = database.evaluate("Ah 6c 7d 8s 9h", game="shortdeck")
    assert (low.best, low.category) == (["9h", "8s", "7d", "6c", "Ah"], "Straight")  # the ace plays low
    compared = database.compare("Ah Kh Qd Jd", "Qs Qc 9d 8d", game="omaha", board="2c 7d 9s Jh Th")
    assert [(r.hand_rank, r.place) for r in compared.hands] == [(1601, 1), (1602, 2)]
    dealt = database.deal(players=3, seed=42, game="omaha")
    assert [p.hand_rank for p in dealt.players] == [1609, 2916, 3316]
    many = database.evaluate_many(pd.DataFrame({"cards": ["As Ks Qs Js 9s 6c 6d"]}), game="shortdeck-triton")
    assert many.arrow().column("hand_rank").to_pylist() == [database.evaluate("As Ks Qs Js 9s", game="shortdeck-triton").hand_rank]
    table = tmp_path / "omaha.csv"
    table.write_text("hand_id,seat,hole,board\n1,1,Ah Kh Qd Jd,2c 7d 9s Jh Th\n1,2,Qs Qc 9d 8d,2c 7d 9s Jh Th\n")
    shown = database.showdown(str(table), game="omaha")
    assert [(s.hand_rank, s.place) for s in shown.hands[0].players] == [(1601, 1), (1602, 2)]


def test_of_fives_equally_ranked_the_first_in_the_hands_order_plays(database: Database) -> None:
    """A wheel of either four (A-5-4-3-2 with the 4d or the 4s): the first four given plays."""
    for hole, four in [("4d 4s As Kc", "4d"), ("4s 4d As Kc", "4s")]:
        result = database.evaluate(hole, game="omaha", board="5h 3h 2h Qc")
        assert (result.best, result.hand_rank) == (["5h", four, "3h", "2h", "As"], 1609)


@pytest.mark.parametrize(
    ("game", "row", "message"),
    [
        ("omaha", ("As Ks Qd", "2c 3c 4c"), "row 3: omaha: the hand needs 4 hole cards, got 3: As Ks Qd"),
        ("omaha", ("As Ks Qd Jd", "2c 3c"), "row 3: omaha: the board needs 3, 4 or 5 cards, got 2: 2c 3c"),
        ("omaha", ("As Ks Qd Jd", "2c 3c As"), "As"),
        ("omaha", ("As Ks Qd Jd", "2c 3c Xx"), "Xx"),
        ("omaha", ("As Ks Qd Jd", None), "row 3: 'board' is"),
        ("shortdeck", ("As Ks Qd Jd 2c",), "row 3: card '2c' is not in shortdeck's deck"),
        ("shortdeck", ("As Ks Qd Jd",), "row 3: shortdeck: the hand needs 5, 6 or 7 cards, got 4"),
    ],
)
def test_a_bad_row_of_a_games_frame_is_named_as_the_python_side_names_it(database: Database, game: str, row: tuple, message: str) -> None:
    """DuckDB reads a frame in SQL, SQLite parses it in Python: the same one line, naming the row."""
    columns = ("hole", "board") if len(row) == 2 else ("cards",)
    good = ("Ah Kh Qh Jh", "Th 9h 8h") if len(row) == 2 else ("Ah Kh Qh Jh Th",)
    frame = pd.DataFrame([good, good, row, good], columns=columns)
    with pytest.raises(BadInput) as caught:
        database.evaluate_many(frame, game=game)
    text = str(caught.value)
    assert "\n" not in text and text.startswith("row 3: ") and message in text, text
