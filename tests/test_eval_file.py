"""Issue 11: `pokersql eval --file` (CSV, Parquet, stdin) and `compare --board`, checked against
phevaluator; a bad hand in a file is exit 2, one line naming its line and card, nothing written."""

from __future__ import annotations

import io
import json
import random

import phevaluator
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from pokersql import BadInput
from pokersql.cards import CARD_NAMES, parse_cards
from pokersql.cli import main

from test_own_hands import SPECIAL_HANDS, random_hands  # tests/test_own_hands.py

HANDS = 100_000


@pytest.fixture(scope="module")
def sample() -> list[list[int]]:
    return [parse_cards(text) for text in SPECIAL_HANDS] + random_hands(HANDS, seed=2222)


@pytest.fixture(scope="module")
def texts(sample) -> list[str]:
    return [" ".join(CARD_NAMES[card] for card in hand) for hand in sample]


def check_json_lines(out: str, sample: list[list[int]], kept: tuple[str, ...] = ()) -> None:
    lines = out.splitlines()
    assert len(lines) == len(sample)
    for hand, line in zip(sample, lines):
        row = json.loads(line)
        assert list(row) == [*kept, "cards", "best", "points", "category", "hand_rank"]
        expected = phevaluator.evaluate_cards(*hand)
        assert row["hand_rank"] == expected, f"{row['cards']}: expected hand_rank {expected}, got {row['hand_rank']}"
        assert row["cards"] == [CARD_NAMES[card] for card in hand]
        assert phevaluator.evaluate_cards(*row["best"]) == expected


def test_eval_file_csv(run, sample, texts, tmp_path):
    path = tmp_path / "hands.csv"
    path.write_text("hand_id,cards\n" + "".join(f'{n},"{text}"\n' for n, text in enumerate(texts)), encoding="utf-8")
    status, out, err = run("eval", "--file", str(path), "--format", "json")
    assert (status, err) == (0, "")
    check_json_lines(out, sample, kept=("hand_id",))
    assert [json.loads(line)["hand_id"] for line in out.splitlines()] == [str(n) for n in range(len(texts))]


def test_eval_file_parquet_of_hole_and_board(run, sample, texts, tmp_path):
    path = tmp_path / "hands.parquet"
    holes = [" ".join(text.split()[:2]) for text in texts]
    boards = [" ".join(text.split()[2:]) for text in texts]
    pq.write_table(pa.table({"seat": list(range(len(texts))), "hole": holes, "board": boards}), path)
    status, out, err = run("eval", "--file", str(path), "--format", "json")
    assert (status, err) == (0, "")
    check_json_lines(out, sample, kept=("seat", "hole", "board"))
    assert [json.loads(line)["seat"] for line in out.splitlines()] == list(range(len(texts)))


def test_eval_file_stdin(run, sample, texts, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(text + "\n" for text in texts)))
    status, out, err = run("eval", "--file", "-", "--format", "json")
    assert (status, err) == (0, "")
    check_json_lines(out, sample)


def test_eval_file_on_sqlite(built_database, capsys, tmp_path):
    hands = random_hands(3000, seed=3)
    path = tmp_path / "hands.csv"
    path.write_text("cards\n" + "".join(" ".join(CARD_NAMES[c] for c in hand) + "\n" for hand in hands), encoding="utf-8")
    status = main(["--engine", "sqlite", "--db", built_database("sqlite"), "eval", "--file", str(path), "--format", "json"])
    out = capsys.readouterr().out
    assert status == 0
    check_json_lines(out, hands)


def test_eval_file_as_csv_and_table(run, tmp_path):
    path = tmp_path / "hands.csv"
    path.write_text('cards\n"As,Ks,Qs,Js,Ts"\nAh 2c 3d 4s 5h 9d\n', encoding="utf-8")
    status, out, _ = run("eval", "--file", str(path), "--format", "csv")
    assert status == 0
    assert out.splitlines() == [
        "cards,best,points,category,hand_rank",
        "As Ks Qs Js Ts,As Ks Qs Js Ts,9,Royal Flush,1",
        "Ah 2c 3d 4s 5h 9d,5h 4s 3d 2c Ah,4,Straight,1609",
    ]
    status, out, _ = run("eval", "--file", str(path))
    assert status == 0
    assert "Royal Flush" in out and "5♥ 4♠ 3♦ 2♣ A♥" in out


@pytest.mark.parametrize(
    "content, line, message",
    [
        ("cards\nAs Ks Qs Js Ts\n2c 3d 4h 5s 7c\nAs Ks Qs Js Zs\n", 4, "unknown card 'Zs'"),
        ("cards\nAs Ks Qs Js Ts\n7h 7h 2c 3d 4s\n", 3, "duplicate card '7h'"),
        ("cards\nAs Ks Qs Js\n", 2, "got 4: As Ks Qs Js"),
    ],
)
def test_a_bad_hand_in_a_csv_file(run, tmp_path, content, line, message):
    path = tmp_path / "hands.csv"
    path.write_text(content, encoding="utf-8")
    for output_format in ("table", "json", "csv"):
        status, out, err = run("eval", "--file", str(path), "--format", output_format)
        assert status == 2
        assert out == ""  # nothing written for the file
        assert err.count("\n") == 1
        assert err.startswith(f"pokersql: error: {path} line {line}: ") and message in err


def test_a_bad_hand_on_stdin_names_its_line(run, monkeypatch):
    good = [" ".join(CARD_NAMES[c] for c in hand) for hand in random_hands(1500, seed=4)]
    good[1233] = good[1233].replace(" ", " Xx ", 1)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(good) + "\n"))
    status, out, err = run("eval", "--file", "-", "--format", "json")
    assert (status, out) == (2, "")
    assert err == "pokersql: error: stdin line 1234: unknown card 'Xx': write a rank 2-9, T, J, Q, K, A and a suit s, h, d, c (e.g. 'Ah')\n"


def test_a_bad_hand_in_a_parquet_file_names_its_row(run, tmp_path):
    path = tmp_path / "hands.parquet"
    pq.write_table(pa.table({"cards": ["As Ks Qs Js Ts", "As Ks Qs Js Ts 9s 8s 7s"]}), path)
    status, out, err = run("eval", "--file", str(path))
    assert (status, out) == (2, "")
    assert err.startswith(f"pokersql: error: {path} row 2: a hand needs 5, 6 or 7 cards, got 8")


@pytest.mark.parametrize(
    "args, message",
    [
        (["eval"], "give the cards of a hand, or --file PATH"),
        (["eval", "As", "--file", "x.csv"], "either the cards of a hand or --file, not both"),
        (["eval", "--file", "missing.csv"], "no such file: 'missing.csv'"),
    ],
)
def test_eval_file_usage(run, args, message):
    status, out, err = run(*args)
    assert status == 2 and out == "" and message in err


def test_a_file_without_a_cards_column(run, tmp_path):
    path = tmp_path / "hands.csv"
    path.write_text("hand\nAs Ks Qs Js Ts\n", encoding="utf-8")
    status, _, err = run("eval", "--file", str(path))
    assert status == 2 and "needs a 'cards' column (or 'hole' and 'board'); its columns: hand" in err


# -- compare --board ---------------------------------------------------------------
def test_compare_help_example_with_a_board(run):
    status, out, err = run("compare", "Ah Kh", "Qs Qd", "--board", "2c 7d 9s Jh Th", "--format", "json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["winners"] == [2]
    assert [h["category"] for h in data["hands"]] == ["High Card", "One Pair"]


def test_compare_with_a_board_agrees_with_phevaluator(db, volume):
    """Random Hold'em showdowns: 2 to 9 players, a board of 5; places and winners as phevaluator ranks them."""
    generator = random.Random(33)
    for _ in range(int(300 * volume) or 30):
        players = generator.randint(2, 9)
        deck = generator.sample(range(52), 5 + 2 * players)
        board, holes = deck[:5], [deck[5 + 2 * n : 7 + 2 * n] for n in range(players)]
        result = db.compare(*[" ".join(CARD_NAMES[c] for c in hole) for hole in holes], board=" ".join(CARD_NAMES[c] for c in board))
        ranks = [phevaluator.evaluate_cards(*hole, *board) for hole in holes]
        assert [h.hand_rank for h in result.hands] == ranks
        assert [h.place for h in result.hands] == [1 + sum(other < rank for other in ranks) for rank in ranks]
        assert result.winners == [n for n, rank in enumerate(ranks, start=1) if rank == min(ranks)]
        assert all(set(h.best) <= set(h.cards) for h in result.hands)


def test_compare_hands_of_fewer_cards_with_a_board(db):
    result = db.compare("Ah Kh", "Qs Qd", board="2c 7d 9s")
    assert [h.cards for h in result.hands] == [["Ah", "Kh", "2c", "7d", "9s"], ["Qs", "Qd", "2c", "7d", "9s"]]
    assert result.winners == [2]


@pytest.mark.parametrize(
    "hands, board, message",
    [
        (["Ah Kh", "Qs Qd"], "2c 7d", "hand 1 with the board needs 5, 6 or 7 cards, got 4"),
        (["Ah Kh", "Qs Qd"], "2c 7d 9s Jh Ah", "duplicate card 'Ah'"),
        (["Ah Kh 2c", "Qs Qd"], "2c 7d 9s Jh Th", "duplicate card '2c'"),
        (["Ah Kh 3c 4c", "Qs Qd"], "2c 7d 9s Jh Th", "hand 1 with the board needs 5, 6 or 7 cards, got 9"),
    ],
)
def test_compare_board_bad_input(db, hands, board, message):
    with pytest.raises(BadInput, match=message):
        db.compare(*hands, board=board)


@pytest.mark.parametrize(
    "kept",
    [
        {"hand_id": pa.array([7, None, 9], pa.int64()), "note": pa.array(["plain", "", None])},
        {"note": pa.array(['a "quote"', "a, comma", "a\nline"])},
        {"note": pa.array(["cr\rx", " spaced ", "ünï"]), "x,y": pa.array([1, 2, 3])},
        {"score": pa.array([0.1, 2.0, None]), "flag": pa.array([True, False, None])},
    ],
    ids=["text-and-integers", "cells-to-quote", "odd-text-and-a-name-to-quote", "floats-and-booleans"],
)
def test_csv_by_arrow_writes_what_pythons_csv_writes(run, tmp_path, monkeypatch, kept):
    """eval --file --format csv: evaluate_many's chunks written by pyarrow where that gives the same
    bytes as Python's csv (text and integers, nothing to quote), else by Python's csv; either way
    the bytes Python's csv writes (output._write_csv, forced here for the expected output)."""
    from pokersql import output

    path = tmp_path / "hands.parquet"
    pq.write_table(pa.table({**kept, "cards": ["As Ks Qs Js Ts", "2c 3d 4h 5s 7c 9h", "Ah Ad Ac Kh Kd 2s 3s"]}), path)
    status, out, err = run("eval", "--file", str(path), "--format", "csv")
    assert (status, err) == (0, "")
    monkeypatch.setattr(output, "csv_by_arrow", lambda tables: False)
    status, expected, err = run("eval", "--file", str(path), "--format", "csv")
    assert (status, err) == (0, "")
    assert out == expected
    assert out.split("\n")[1].endswith(",As Ks Qs Js Ts,As Ks Qs Js Ts,9,Royal Flush,1")
