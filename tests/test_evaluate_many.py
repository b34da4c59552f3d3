"""Issue 11: db.evaluate_many over lists, DataFrames, Arrow tables and files, checked hand for
hand against phevaluator; bad hands named by their row; nothing written to the database.

DuckDB evaluates 100,000 random 5-, 6- and 7-card hands (and the special hands of
test_own_hands) on every path; SQLite a tenth (VOLUME), its rows parsed in Python.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas
import phevaluator
import polars
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import pokersql
from pokersql import BadInput, hand_sources, own_hands
from pokersql.cards import CARD_NAMES, parse_cards
from pokersql.engines import ENGINES

from conftest import VOLUME  # tests/conftest.py
from test_own_hands import SPECIAL_HANDS, hand_text, random_hands  # tests/test_own_hands.py

HANDS = 100_000

# phevaluator's rank ranges of each category: an independent check of `category` and `points`.
CATEGORY_BY_RANK = [
    (1, 9, "Royal Flush"), (10, 8, "Straight Flush"), (166, 7, "Four of a Kind"), (322, 6, "Full House"),
    (1599, 5, "Flush"), (1609, 4, "Straight"), (2467, 3, "Three of a Kind"), (3325, 2, "Two Pair"),
    (6185, 1, "One Pair"), (7462, 0, "High Card"),
]


def category_of(rank: int) -> tuple[int, str]:
    return next((points, category) for last, points, category in CATEGORY_BY_RANK if rank <= last)


@pytest.fixture(scope="module")
def sample(db) -> list[list[int]]:
    """The special hands, then random hands of 5 to 7 cards (100,000 on DuckDB)."""
    count = int(HANDS * VOLUME.get(db.engine.name, 1.0))
    return [parse_cards(text) for text in SPECIAL_HANDS] + random_hands(count, seed=1111)


@pytest.fixture(scope="module")
def expected(sample) -> list[int]:
    return [phevaluator.evaluate_cards(*hand) for hand in sample]


def texts_of(hands: list[list[int]]) -> list[str]:
    return [" ".join(CARD_NAMES[card] for card in hand) for hand in hands]


def check(result, sample: list[list[int]], expected: list[int]) -> None:
    """Every hand: phevaluator's rank, its category, its cards, and a best five that makes that rank."""
    assert len(result) == len(sample)
    checked = 0
    for hand, rank, row in zip(sample, expected, result.rows()):
        cards, best, points, category, hand_rank = row
        assert hand_rank == rank, f"{cards}: expected hand_rank {rank}, got {hand_rank}"
        assert (points, category) == category_of(rank), f"{cards}: rank {rank} is not {points} {category}"
        assert cards == [CARD_NAMES[card] for card in hand]
        assert len(best) == 5 and set(best) <= set(cards), f"{cards}: best {best}"
        assert phevaluator.evaluate_cards(*best) == rank, f"{cards}: best {best} is not rank {rank}"
        checked += 1
    assert checked == len(sample)
    assert {len(hand) for hand in sample} == {5, 6, 7}


def test_a_list_of_card_text(db, sample, expected):
    check(db.evaluate_many(texts_of(sample)), sample, expected)


def test_lists_of_cards_and_every_notation(db, sample, expected):
    """Cards as lists, and the notations the contract allows: case, '10', symbols, commas, none."""
    generator = random.Random(7)
    count = min(len(sample), 20_000)
    hands = [
        [CARD_NAMES[card] for card in hand] if n % 2 else hand_text(hand, generator).replace("s", "♠")
        for n, hand in enumerate(sample[:count])
    ]
    check(db.evaluate_many(iter(hands)), sample[:count], expected[:count])


def test_a_pandas_frame(db, sample, expected):
    frame = pandas.DataFrame({"hand_id": range(len(sample)), "cards": texts_of(sample)})
    check(db.evaluate_many(frame), sample, expected)


def test_a_polars_frame_of_hole_and_board(db, sample, expected):
    texts = [[CARD_NAMES[card] for card in hand] for hand in sample]
    frame = polars.DataFrame({"hole": [" ".join(t[:2]) for t in texts], "board": [",".join(t[2:]) for t in texts]})
    check(db.evaluate_many(frame), sample, expected)


def test_an_arrow_table_of_card_lists(db, sample, expected):
    table = pa.table({"cards": [[CARD_NAMES[card] for card in hand] for hand in sample]})
    check(db.evaluate_many(table), sample, expected)


def test_a_parquet_file(db, sample, expected, tmp_path):
    path = tmp_path / "hands.parquet"
    pq.write_table(pa.table({"cards": texts_of(sample)}), path, row_group_size=30_000)
    check(db.evaluate_many(path), sample, expected)


def test_a_csv_file(db, sample, expected, tmp_path):
    path = tmp_path / "hands.csv"
    pandas.DataFrame({"seat": 1, "cards": texts_of(sample)}).to_csv(path, index=False)
    check(db.evaluate_many(str(path)), sample, expected)


def test_the_best_five_are_those_best_five_picks(db):
    """The same five cards, in the same order, as 011's best_five_cards view (typed into hand_input)."""
    hands = [parse_cards(text) for text in SPECIAL_HANDS] + random_hands(300, seed=5)
    with db.engine.inputs(hand_input=[(number, card) for number, hand in enumerate(hands, start=1) for card in hand]):
        typed = db.engine.execute("select best, hand_rank from typed_hands order by player")
    result = db.evaluate_many(texts_of(hands))
    assert [(" ".join(h.best), h.hand_rank) for h in result] == typed


def test_frames_and_rows_agree(db):
    hands = ["As Ks Qs Js Ts", "Ah 2c 3d 4s 5h 5d", "Kc Kd Kh 7s 7c 7d 2h"]
    result = db.evaluate_many(hands)
    one_by_one = [db.evaluate(hand) for hand in hands]
    assert list(result) == one_by_one
    assert result[1] == one_by_one[1] and result[-1] == one_by_one[-1]
    frame = result.df()
    assert list(frame.columns) == ["cards", "best", "points", "category", "hand_rank"]
    assert list(frame["hand_rank"]) == [h.hand_rank for h in one_by_one]
    assert [list(cards) for cards in frame["best"]] == [h.best for h in one_by_one]
    table = result.arrow()
    assert table.column("best").to_pylist() == [h.best for h in one_by_one]
    assert table.column("category").to_pylist() == [h.category for h in one_by_one]


def test_nothing_to_evaluate(db):
    result = db.evaluate_many([])
    assert len(result) == 0 and list(result) == [] and result.arrow().num_rows == 0


# -- bad hands ---------------------------------------------------------------------
BAD_HANDS = [
    ("As Ks Qs Js Xs", "unknown card 'Xs'"),
    ("As Ks Qs Js Ts As", "duplicate card 'As'"),
    ("As Ks Qs Js", "got 4: As Ks Qs Js"),
    ("As Ks Qs Js Ts 9s 8s 7s", "got 8"),
    ("A s Ks Qs Js Ts", "unknown card 'A'"),
    ("", "got nothing"),
]


@pytest.mark.parametrize("bad, message", BAD_HANDS)
def test_a_bad_hand_is_named_by_its_row(db, bad, message):
    hands = ["As Ks Qs Js Ts"] * 3 + [bad] + ["2c 3d 4h 5s 7c"] * 2
    with pytest.raises(BadInput) as error:
        db.evaluate_many(hands)
    assert str(error.value).startswith("row 4: ")
    assert message in str(error.value)


def test_a_bad_hand_in_a_later_batch(db, monkeypatch):
    """The row number counts the batches before it; the good batches before it are not returned."""
    monkeypatch.setattr(own_hands, "BATCH_ROWS", 1000)
    monkeypatch.setattr(own_hands, "SQLITE_BATCH_ROWS", 1000)
    hands = texts_of(random_hands(3500, seed=3))
    hands[2499] = hands[2499] + " Qx"
    with pytest.raises(BadInput, match=r"^row 2500: unknown card 'Qx'"):
        db.evaluate_many(hands)


def test_a_bad_hand_in_a_file_names_its_line(db, tmp_path):
    hands = texts_of(random_hands(50, seed=4))
    hands[9] = "7h 7h 2c 3d 4s"
    path = tmp_path / "hands.csv"
    path.write_text("cards\n" + "\n".join(hands) + "\n", encoding="utf-8")
    with pytest.raises(BadInput, match=rf"^{path} line 11: duplicate card '7h'"):
        db.evaluate_many(path)
    parquet = tmp_path / "hands.parquet"
    pq.write_table(pa.table({"cards": hands}), parquet)
    with pytest.raises(BadInput, match=rf"^{parquet} row 10: duplicate card '7h'"):
        db.evaluate_many(parquet)


@pytest.mark.parametrize(
    "frame, message",
    [
        (pandas.DataFrame({"hand": ["As Ks Qs Js Ts"]}), r"needs a .cards. column \(or .hole. and .board.\); its columns: hand"),
        (pa.table({"hole": ["As Ks"]}), "needs a 'cards' column"),
    ],
)
def test_a_frame_without_the_columns(db, frame, message):
    with pytest.raises(BadInput, match=message):
        db.evaluate_many(frame)


def test_a_file_that_is_not_there_or_of_no_known_kind(db, tmp_path):
    with pytest.raises(BadInput, match="no such file"):
        db.evaluate_many(tmp_path / "missing.parquet")
    other = tmp_path / "hands.json"
    other.write_text("[]", encoding="utf-8")
    with pytest.raises(BadInput, match="end the file name in .parquet or .csv"):
        db.evaluate_many(other)


# -- progress, memory ----------------------------------------------------------------
def test_progress_is_reported_a_batch_at_a_time(db, monkeypatch):
    monkeypatch.setattr(own_hands, "BATCH_ROWS", 1000)
    monkeypatch.setattr(own_hands, "SQLITE_BATCH_ROWS", 1000)
    heard = []
    monkeypatch.setattr(db, "progress", lambda task, done, total: heard.append((task, done, total)))
    db.evaluate_many(texts_of(random_hands(2500, seed=6)))
    assert [(done, total) for _, done, total in heard] == [(0, 2500), (1000, 2500), (2000, 2500), (2500, 2500)]
    assert {task for task, _, _ in heard} == {"evaluating hands"}


def test_a_parquet_file_is_read_a_batch_at_a_time(db, monkeypatch, tmp_path):
    """Batches of the file, never the whole file at once (memory stays bounded)."""
    monkeypatch.setattr(own_hands, "BATCH_ROWS", 700)
    monkeypatch.setattr(own_hands, "SQLITE_BATCH_ROWS", 700)
    hands = random_hands(2000, seed=8)
    path = tmp_path / "hands.parquet"
    pq.write_table(pa.table({"cards": texts_of(hands)}), path, row_group_size=500)
    source = hand_sources.source_of(path, 700)
    assert [batch.count for batch in source.batches] == [700, 700, 600]
    result = db.evaluate_many(path)
    assert [h.hand_rank for h in result] == [phevaluator.evaluate_cards(*hand) for hand in hands]


# -- nothing written ----------------------------------------------------------------
def test_evaluating_writes_nothing_to_a_read_only_database(built_database, engine_name):
    """Opened read-only, the database refuses any write: evaluate, compare and evaluate_many still answer."""
    path = built_database(engine_name)
    database = pokersql.Database(ENGINES[engine_name](path, read_only=True))
    try:
        hands = random_hands(2000, seed=9)
        for hand in hands[:20]:  # the first asks the database, the others (DuckDB) its lookup copy
            assert database.evaluate([CARD_NAMES[c] for c in hand]).hand_rank == phevaluator.evaluate_cards(*hand)
        assert database.compare("Ah Kh", "Qs Qd", board="2c 7d 9s Jh Th").winners == [2]
        result = database.evaluate_many(texts_of(hands))
        assert [h.hand_rank for h in result] == [phevaluator.evaluate_cards(*hand) for hand in hands]
        assert database.engine.execute("select count(*) from hand_input") == [(0,)]
    finally:
        database.close()


def test_a_python_list_without_pyarrow(monkeypatch):
    """DuckDB reads a Python list as one list parameter when pyarrow is missing."""
    monkeypatch.setattr(hand_sources, "_has", lambda module: False)
    with pokersql.connect() as database:
        hands = random_hands(3000, seed=10)
        result = database.evaluate_many(texts_of(hands))
        assert [h.hand_rank for h in result] == [phevaluator.evaluate_cards(*hand) for hand in hands]
        assert isinstance(result.chunks[0], list)


def test_evaluate_many_on_a_path_string_reads_the_file(db, tmp_path):
    path = tmp_path / "one.csv"
    path.write_text('cards\n"As,Ks,Qs,Js,Ts"\n', encoding="utf-8")
    assert [h.category for h in db.evaluate_many(str(path))] == ["Royal Flush"]
    assert Path(path).exists()
