"""Issue 21 ("Every edge"): the users' own hands from files and frames.

Garbage is an error naming the row (or line) and the value, never evaluated as if a card
were absent; a broken CSV or bytes that are not UTF-8 are one line and exit 2, never a
traceback; a line is the physical line of the file where the bad record starts; the
input's other columns come back beside the results; more rows than one batch work on
SQLite and PostgreSQL; a missing pyarrow names the extra to install.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pandas
import phevaluator
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from pokersql import BadInput
from pokersql.cards import CARD_NAMES
from pokersql.cli import main
from pokersql.errors import PokerSQLError

from test_own_hands import random_hands  # tests/test_own_hands.py

ROOT = Path(__file__).resolve().parent.parent
ROYAL = "As Ks Qs Js Ts"
LOW = "2c 3d 4h 5s 7c"


def texts_of(hands: list[list[int]]) -> list[str]:
    return [" ".join(CARD_NAMES[card] for card in hand) for hand in hands]


def one_line_error(status: int, out: str, err: str) -> str:
    """The message of a bad-input failure: exit 2, nothing on stdout, one line on stderr."""
    assert (status, out) == (2, ""), err
    assert err.count("\n") == 1 and err.startswith("pokersql: error: "), err
    assert "Traceback" not in err
    return err[len("pokersql: error: ") : -1]


# -- nulls and NaNs are errors, not missing cards ------------------------------------
@pytest.mark.parametrize(
    "frame, message",
    [
        (pa.table({"hole": ["As Ks", None], "board": ["Qs Js Ts", "4h 5s 7c 8d 9d"]}), "row 2: 'hole' is null, not cards"),
        (pa.table({"hole": ["As Ks", "2c 3d"], "board": ["Qs Js Ts", None]}), "row 2: 'board' is null, not cards"),
        (pandas.DataFrame({"hole": ["As Ks", None], "board": ["Qs Js Ts", "4h 5s 7c 8d 9d"]}), "row 2: 'hole' is NaN, not cards"),
        (pandas.DataFrame({"hole": [float("nan"), 1.0], "board": ["Qs Js Ts 9s 8s", "4h 5s 7c 8d 9d"]}), "row 1: 'hole' is NaN, not cards"),
        (
            pa.table({"cards": pa.array([ROYAL.split(), ["As", "Ks", None, "Js", "Ts", "2c"]], pa.list_(pa.string()))}),
            "row 2: 'cards' holds a card that is null: [As, Ks, null, Js, Ts, 2c]",
        ),
        (
            pa.table({"hole": pa.array([["2c", None]], pa.list_(pa.string())), "board": [["As", "Ks", "Qs", "Js", "Ts"]]}),
            "row 1: 'hole' holds a card that is null: [2c, null]",
        ),
    ],
)
def test_a_null_is_an_error_naming_the_row_and_the_value(db, frame, message):
    with pytest.raises(BadInput) as error:
        db.evaluate_many(frame)
    assert str(error.value) == message


def test_a_null_card_in_a_parquet_list_is_exit_2(run, db, tmp_path):
    path = tmp_path / "hands.parquet"
    cards = pa.array([ROYAL.split(), LOW.split(), ["As", "Ks", None, "Js", "Ts", "2c"]], pa.list_(pa.string()))
    pq.write_table(pa.table({"hand_id": [1, 2, 3], "cards": cards}), path)
    status, out, err = run("eval", "--file", str(path))
    assert one_line_error(status, out, err) == f"{path} row 3: 'cards' holds a card that is null: [As, Ks, null, Js, Ts, 2c]"
    with pytest.raises(BadInput, match=r"row 3: 'cards' holds a card that is null"):
        db.evaluate_many(path)


def test_a_null_hole_in_a_parquet_file_is_exit_2(run, tmp_path):
    path = tmp_path / "hands.parquet"
    pq.write_table(pa.table({"hole": ["As Ks", None], "board": ["Qs Js Ts", "2c 3d 4h 5s 9c"]}), path)
    status, out, err = run("eval", "--file", str(path), "--format", "json")
    assert one_line_error(status, out, err) == f"{path} row 2: 'hole' is null, not cards"


# -- CSV: fields, bytes, lines -----------------------------------------------------------
@pytest.mark.parametrize(
    "content, message",
    [
        (f"cards\n{ROYAL}\n{LOW},extra\n", "line 3: 2 fields where the header has 1 (cards)"),
        (f"hand_id,cards\n1,{ROYAL}\n2\n", "line 3: 1 fields where the header has 2 (hand_id, cards)"),
        (f"cards\n{ROYAL}\n\n\"{LOW}\nx\",y\n", "line 4: 2 fields where the header has 1 (cards)"),
    ],
)
def test_a_record_of_other_fields_than_the_header_is_exit_2_naming_its_line(run, db, tmp_path, content, message):
    path = tmp_path / "hands.csv"
    path.write_text(content, encoding="utf-8")
    status, out, err = run("eval", "--file", str(path), "--format", "csv")
    expected = f"{path} {message}; a field that holds a comma must be quoted (\"As,Ks,Qs,Js,Ts\")"
    assert one_line_error(status, out, err) == expected
    with pytest.raises(BadInput) as error:
        db.evaluate_many(path)
    assert str(error.value) == expected


def test_a_csv_that_is_not_utf8_is_exit_2_naming_its_line(run, db, tmp_path):
    path = tmp_path / "hands.csv"
    path.write_bytes(f"cards\n{ROYAL}\n{LOW} ".encode() + "é\n".encode("latin-1"))
    status, out, err = run("eval", "--file", str(path))
    expected = f"{path} line 3: not UTF-8 text (byte 0xe9 at column 16): save the file as UTF-8"
    assert one_line_error(status, out, err) == expected
    with pytest.raises(BadInput) as error:
        db.evaluate_many(path)
    assert str(error.value) == expected


@pytest.mark.parametrize(
    "stdin",
    [
        lambda data: io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict"),  # read as bytes
        lambda data: io.StringIO(data.decode("utf-8", "surrogateescape")),  # a text stream that escaped them
    ],
)
def test_stdin_that_is_not_utf8_is_exit_2_naming_its_line(run, monkeypatch, stdin):
    monkeypatch.setattr("sys.stdin", stdin(f"{ROYAL}\n{LOW}\nAs \xff".encode("latin-1") + b"\n"))
    status, out, err = run("eval", "--file", "-")
    assert one_line_error(status, out, err) == "stdin line 3: not UTF-8 text (byte 0xff at column 4)"


def test_stdin_bytes_of_a_real_process(built_database):
    """The real pipe: the bytes reach pokersql as they are, whatever the locale."""
    done = subprocess.run(
        [sys.executable, "-m", "pokersql", "--db", built_database("duckdb"), "eval", "--file", "-"],
        input=f"{ROYAL}\n".encode() + b"\xc3\x28 Ks Qs Js Ts\n",
        capture_output=True,
        timeout=300,
        env={**os.environ, "LC_ALL": "C", "PYTHONIOENCODING": ""},
    )
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr == b"pokersql: error: stdin line 2: not UTF-8 text (byte 0xc3 at column 1)\n"


@pytest.mark.parametrize(
    "content, line",
    [
        (f"cards\n{ROYAL}\n\n{LOW}\n2c 3d 4h 5s Xc\n", 5),  # a blank line before it
        (f"id,cards\n1,\"{ROYAL[:5]}\n{ROYAL[6:]}\"\n2,2c 3d 4h 5s Xc\n", 4),  # a newline inside quotes
        (f"id,cards\r\n1,{ROYAL}\r\n\r\n2,\"2c 3d\r\n4h 5s 7c\"\r\n3,2c 3d 4h 5s Xc\r\n", 6),  # both, with CRLF
        (f"\ufeffcards\n\n\n{ROYAL}\n2c 3d 4h 5s Xc\n", 5),  # a BOM, blank lines after the header
    ],
)
def test_the_line_is_the_physical_line_where_the_record_starts(run, db, tmp_path, content, line):
    path = tmp_path / "hands.csv"
    path.write_bytes(content.encode("utf-8"))
    with pytest.raises(BadInput) as error:
        db.evaluate_many(path)
    assert str(error.value).startswith(f"{path} line {line}: ")
    status, out, err = run("eval", "--file", str(path))
    assert one_line_error(status, out, err) == str(error.value)
    assert str(error.value).startswith(f"{path} line {line}: unknown card 'Xc'")


def test_lines_in_a_later_batch_count_the_blank_lines_before(db, monkeypatch, tmp_path):
    from pokersql import own_hands

    monkeypatch.setattr(own_hands, "BATCH_ROWS", 100)
    monkeypatch.setattr(own_hands, "SQLITE_BATCH_ROWS", 100)
    hands = texts_of(random_hands(300, seed=21))
    hands[249] = hands[249] + " Qx"
    path = tmp_path / "hands.csv"
    # A blank line after every 10th hand: hand n (1-based) is on line 1 + n + (n - 1) // 10.
    path.write_text("cards\n" + "".join(h + "\n" + ("\n" if n % 10 == 0 else "") for n, h in enumerate(hands, start=1)), encoding="utf-8")
    with pytest.raises(BadInput, match=rf"^{path} line {1 + 250 + 249 // 10}: unknown card 'Qx'"):
        db.evaluate_many(path)


# -- more rows than a batch on SQLite and PostgreSQL ------------------------------------
@pytest.fixture(scope="module")
def big_csv(tmp_path_factory) -> tuple[Path, list[list[int]]]:
    hands = random_hands(70_000, seed=65536)
    path = tmp_path_factory.mktemp("big") / "hands.csv"
    path.write_text("hand_id,cards\n" + "".join(f"{n},{text}\n" for n, text in enumerate(texts_of(hands))), encoding="utf-8")
    return path, hands


def check_big(out: str, hands: list[list[int]]) -> None:
    lines = out.splitlines()
    assert lines[0] == "hand_id,cards,best,points,category,hand_rank"
    assert len(lines) == len(hands) + 1
    for n, (hand, line) in enumerate(zip(hands, lines[1:])):
        hand_id, cards, *_, hand_rank = line.split(",")
        assert (hand_id, cards) == (str(n), " ".join(CARD_NAMES[c] for c in hand))
        assert int(hand_rank) == phevaluator.evaluate_cards(*hand), line


def test_a_csv_of_more_than_65536_rows_on_sqlite(built_database, big_csv, capsys):
    path, hands = big_csv
    status = main(["--engine", "sqlite", "--db", built_database("sqlite"), "eval", "--file", str(path), "--format", "csv"])
    captured = capsys.readouterr()
    assert (status, captured.err) == (0, "")
    check_big(captured.out, hands)


@pytest.mark.xdist_group("postgres")  # the session's PostgreSQL server (conftest.py), on its worker
def test_a_csv_of_more_than_65536_rows_on_postgres(server, big_csv, capsys):  # noqa: F811
    url = server.create_database("file_edges")
    path, hands = big_csv
    assert main(["--engine", "postgres", "--db", url, "--quiet", "migrate"]) == 0  # built first: eval then says nothing on stderr
    capsys.readouterr()
    status = main(["--engine", "postgres", "--db", url, "eval", "--file", str(path), "--format", "csv"])
    captured = capsys.readouterr()
    assert (status, captured.err) == (0, "")
    check_big(captured.out, hands)


# -- the input's columns come back -------------------------------------------------------
SEATED = {"hand_id": [17, 17, 18], "seat": [3, 5, 1], "cards": [ROYAL, LOW, "Ah Ad Ac Kd Ks 2c 3c"]}
RANKS = [1, 7462, 167]


@pytest.mark.parametrize("kind", ["pandas", "arrow", "parquet", "csv"])
def test_evaluate_many_keeps_the_frames_columns(db, tmp_path, kind):
    table = pa.table(SEATED)
    hands = {"pandas": lambda: table.to_pandas(), "arrow": lambda: table}.get(kind, lambda: None)()
    if kind == "parquet":
        hands = tmp_path / "hands.parquet"
        pq.write_table(table, hands)
    if kind == "csv":
        hands = tmp_path / "hands.csv"
        hands.write_text("hand_id,seat,cards\n" + "".join(f"{h},{s},{c}\n" for h, s, c in zip(*SEATED.values())), encoding="utf-8")
    frame = db.evaluate_many(hands).df()
    assert list(frame.columns) == ["hand_id", "seat", "cards", "best", "points", "category", "hand_rank"]
    as_text = kind == "csv"  # a CSV file's columns are its text, as written
    assert list(frame["hand_id"]) == [str(v) if as_text else v for v in SEATED["hand_id"]]
    assert list(frame["seat"]) == [str(v) if as_text else v for v in SEATED["seat"]]
    assert list(frame["hand_rank"]) == RANKS


def test_a_kept_column_named_like_a_result_column_is_renamed(db):
    frame = pandas.DataFrame({"points": [10, 20], "input_points": ["a", "b"], "hole": ["As Ks", "2c 3d"], "board": ["Qs Js Ts", "4h 5s 7c"]})
    result = db.evaluate_many(frame)
    assert result.kept == ("input_input_points", "input_points", "hole", "board")
    table = result.arrow()
    assert table.column_names == ["input_input_points", "input_points", "hole", "board", "cards", "best", "points", "category", "hand_rank"]
    assert table.column("input_input_points").to_pylist() == [10, 20]
    assert table.column("input_points").to_pylist() == ["a", "b"]
    assert table.column("points").to_pylist() == [9, 0]
    assert [h.hand_rank for h in result] == [1, 7462] and result[1].points == 0


def test_eval_file_keeps_the_files_columns(run, tmp_path):
    path = tmp_path / "hands.csv"
    path.write_text("hand_id,seat,cards,points\n007,3,\"As,Ks,Qs,Js,Ts\",x\n8,1,2c 3d 4h 5s 7c,y\n", encoding="utf-8")
    status, out, err = run("eval", "--file", str(path), "--format", "csv")
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "hand_id,seat,input_points,cards,best,points,category,hand_rank",
        "007,3,x,As Ks Qs Js Ts,As Ks Qs Js Ts,9,Royal Flush,1",
        "8,1,y,2c 3d 4h 5s 7c,7c 5s 4h 3d 2c,0,High Card,7462",
    ]
    status, out, err = run("eval", "--file", str(path), "--format", "json", "--keep", "seat,hand_id")
    assert (status, err) == (0, "")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [list(row)[:3] for row in rows] == [["seat", "hand_id", "cards"]] * 2
    assert [(row["hand_id"], row["seat"], row["hand_rank"]) for row in rows] == [("007", "3", 1), ("8", "1", 7462)]
    status, out, err = run("eval", "--file", str(path), "--format", "csv", "--keep", "")
    assert out.splitlines()[0] == "cards,best,points,category,hand_rank"
    status, out, err = run("eval", "--file", str(path), "--keep", "table")
    assert one_line_error(status, out, err) == f"{path} has no column 'table'; its columns: hand_id, seat, cards, points"
    status, out, err = run("eval", "As", "Ks", "Qs", "Js", "Ts", "--keep", "seat")
    assert status == 2 and "--keep goes with --file" in err


def test_eval_file_of_parquet_keeps_the_files_columns_in_the_table(run, tmp_path):
    path = tmp_path / "hands.parquet"
    pq.write_table(pa.table(SEATED), path)
    status, out, err = run("eval", "--file", str(path))
    assert (status, err) == (0, "")
    header, *rows = [[cell.strip() for cell in line.split(line[0])[1:-1]] for line in out.splitlines() if line[0] in "│┃"]
    assert header == ["hand_id", "seat", "cards", "best", "category", "points", "hand_rank"]
    assert [row[:2] + row[-1:] for row in rows] == [["17", "3", "1"], ["17", "5", "7462"], ["18", "1", "167"]]


# -- Parquet without pyarrow --------------------------------------------------------------
def test_parquet_without_pyarrow_names_the_extra(db, tmp_path, monkeypatch):
    path = tmp_path / "hands.parquet"
    pq.write_table(pa.table({"cards": [ROYAL]}), path)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)  # import pyarrow.parquet fails
    with pytest.raises(PokerSQLError) as error:
        db.evaluate_many(path)
    assert str(error.value) == "reading Parquet needs pyarrow, which pokersql does not install: pip install 'pokersql[parquet]'"
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert [requirement.split(">")[0] for requirement in extras["parquet"]] == ["pyarrow"]


def test_a_csv_without_pyarrow_is_read_the_same(db, tmp_path, monkeypatch):
    """Python's csv module, where pyarrow is missing: the same lines, fields and kept columns."""
    from pokersql import hand_sources

    monkeypatch.setattr(hand_sources, "_has", lambda module: False)
    path = tmp_path / "hands.csv"
    path.write_text(f"id,cards\n1,\"{ROYAL[:5]}\n{ROYAL[6:]}\"\n\n2,{LOW}\n", encoding="utf-8")
    result = db.evaluate_many(path)
    assert [(row[0], row[-1]) for row in result.table_rows()] == [("1", 1), ("2", 7462)]
    path.write_text(f"id,cards\n1,\"{ROYAL[:5]}\n{ROYAL[6:]}\"\n\n2,{LOW},x\n", encoding="utf-8")
    with pytest.raises(BadInput, match=rf"^{path} line 5: 3 fields where the header has 2"):
        db.evaluate_many(path)
    path.write_text(f"id,cards\n1,\"{ROYAL[:5]}\n{ROYAL[6:]}\"\n\n2,2c 3d 4h 5s Xc\n", encoding="utf-8")
    with pytest.raises(BadInput, match=rf"^{path} line 5: unknown card 'Xc'"):
        db.evaluate_many(path)
