"""Issue 43 ("Nothing lost, every bad input one line"): the edges of a hand's cell, a file and a frame.

A cell is bounded (1,000 characters) before any card is read, whatever its length and
whichever reader (pyarrow, Python's csv) and engine; every Unicode space separates cards as a
space does; bytes are read as UTF-8 text; two columns of one name and a directory are
refused. Each answer is the same on DuckDB and SQLite (the CLI's ``--engine``), and a
message quotes the value as text, never as a Python tuple or bytes.
"""

from __future__ import annotations

import io
import json
import sys
import time

import pandas
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from pokersql import BadInput, hand_sources
from pokersql.cards import SEPARATORS, parse_cards
from pokersql.cli import main

from test_file_edges import LOW, ROYAL, one_line_error  # tests/test_file_edges.py

ENGINES = ["duckdb", "sqlite"]
LONG = "(a hand's cards take at most 1,000)"


@pytest.fixture(scope="module", params=ENGINES)
def engine_db(request, built_database) -> tuple[str, str]:
    """(engine, a built database file of it) that the module's CLI runs share."""
    return request.param, built_database(request.param)


@pytest.fixture
def cli(engine_db, capsys, monkeypatch):
    """Run the CLI in-process on engine_db's engine and file; ``stdin`` bytes as a pipe gives them."""
    engine, path = engine_db

    def _run(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
        if stdin is not None:
            monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        status = main(["--db", path, "--engine", engine, *args])
        captured = capsys.readouterr()
        return status, captured.out, captured.err

    return _run


def refused(cli, *args: str, **stdin: bytes) -> str:
    """The one line of a CLI run that must fail as bad input (exit 2)."""
    return one_line_error(*cli(*args, **stdin))


def json_rows(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


@pytest.fixture(params=["pyarrow", "python csv"])
def csv_reader(request, monkeypatch) -> str:
    """Each CSV reader of own_hands: pyarrow's, or Python's csv module where pyarrow is missing."""
    if request.param == "python csv":
        monkeypatch.setattr(hand_sources, "_has", lambda module: False)
    return request.param


# -- a cell's length ------------------------------------------------------------------
def test_a_csv_cell_over_the_csv_modules_limit_is_exit_2_naming_the_line_and_the_value(cli, csv_reader, tmp_path):
    """131,072 characters is Python csv's limit of a field (DuckDB's path read the line with it)."""
    path = tmp_path / "hands.csv"
    path.write_text(f"id,cards\n1,{ROYAL}\n2,\"{'A' * 200_000}\"\n", encoding="utf-8")
    assert refused(cli, "eval", "--file", str(path)) == f"{path} line 3: 'cards' is 200,000 characters long {LONG}: '{'A' * 24}…'"


def test_a_long_cell_of_a_kept_column_is_read(cli, csv_reader, tmp_path):
    path = tmp_path / "hands.csv"
    path.write_text(f"note,cards\n\"{'n' * 200_000}\",{ROYAL}\n", encoding="utf-8")
    status, out, err = cli("eval", "--file", str(path), "--format", "json")
    assert (status, err) == (0, "")
    (row,) = json_rows(out)
    assert (len(row["note"]), row["hand_rank"]) == (200_000, 1)


@pytest.mark.parametrize(
    "hands, start, where",
    [
        (lambda cell: [cell], ROYAL, "row 1: the hand"),
        (lambda cell: pa.table({"cards": [LOW, cell]}), ROYAL, "row 2: 'cards'"),
        (lambda cell: pandas.DataFrame({"hole": [cell], "board": ["Qs Js Ts"]}), "As Ks", "row 1: 'hole'"),
    ],
)
def test_a_cell_of_at_most_1000_characters_is_read_on_every_engine(db, hands, start, where):
    """The bound is the cell's text, spaces and all: DuckDB's query and the Python parser agree."""
    cell = start.ljust(1_000)
    assert [row["hand_rank"] for row in db.evaluate_many(hands(cell)).records()][-1] == 1
    with pytest.raises(BadInput) as error:
        db.evaluate_many(hands(cell + " "))
    assert str(error.value) == f"{where} is 1,001 characters long {LONG}: '{start.ljust(24)}…'"


def test_a_cell_of_30_mb_is_refused_at_once(db):
    """Before: 25 to 96 s and 1.3 GB, the cards parsed one by one (and DuckDB's regular expressions over them)."""
    cell = "As Ks " * 5_000_000
    started = time.monotonic()
    with pytest.raises(BadInput) as error:
        db.evaluate_many(pa.table({"cards": [ROYAL, cell]}))
    assert time.monotonic() - started < 10
    assert str(error.value) == f"row 2: 'cards' is 30,000,000 characters long {LONG}: 'As Ks As Ks As Ks As Ks …'"


def test_a_csv_cell_of_30_mb_is_exit_2_naming_its_line(cli, tmp_path):
    """Longer than pyarrow's block: the file is read again by Python's csv to name the line."""
    path = tmp_path / "hands.csv"
    path.write_text(f"id,cards\n1,{ROYAL}\n\n2,\"{'As Ks ' * 5_000_000}\"\n", encoding="utf-8")
    expected = f"{path} line 4: 'cards' is 30,000,000 characters long {LONG}: 'As Ks As Ks As Ks As Ks …'"
    assert refused(cli, "eval", "--file", str(path)) == expected


def test_a_long_stdin_line_and_a_long_showdown_hole_are_exit_2(cli, tmp_path):
    stdin = f"{ROYAL}\n{'Ks' * 100_000}\n".encode()
    expected = f"stdin line 2: the hand is 200,000 characters long {LONG}: '{'Ks' * 12}…'"
    assert refused(cli, "eval", "--file", "-", stdin=stdin) == expected
    path = tmp_path / "showdown.csv"
    path.write_text(f"hand_id,seat,hole,board\n1,1,Ah Kh,{LOW}\n1,2,\"{'Qs ' * 50_000}\",{LOW}\n", encoding="utf-8")
    assert refused(cli, "showdown", "--file", str(path)) == f"{path} line 3: 'hole' is 150,000 characters long {LONG}: '{'Qs ' * 8}…'"


# -- separators ---------------------------------------------------------------------------
def test_the_separators_are_the_comma_and_every_space_python_knows():
    spaces = [chr(code) for code in range(sys.maxunicode + 1) if chr(code).isspace()]
    assert sorted(SEPARATORS) == sorted([",", *spaces])
    assert {"\u00a0", "\u2009", "\u202f", "\u3000"} <= set(SEPARATORS)


def test_every_unicode_space_separates_cards_on_every_engine(db):
    cards = ["As", "Ks", "Qs", "Js", "Ts"]
    hands = [separator.join(cards) for separator in SEPARATORS] + ["\u3000As\u00a0Ks\u2009Qs\u202fJs,\u2028Ts\u0085"]
    for given in (hands, pa.table({"cards": hands}), pandas.DataFrame({"cards": hands})):
        assert {tuple(row["cards"]) for row in db.evaluate_many(given).records()} == {tuple(cards)}


def test_no_break_spaces_in_the_cli(cli, tmp_path):
    hand = "As\u00a0Ks\u2009Qs\u202fJs\u00a0Ts"
    status, out, err = cli("eval", hand, "--format", "json")
    assert (status, err, json.loads(out)["hand_rank"]) == (0, "", 1)
    status, out, err = cli("eval", "--file", "-", "--format", "json", stdin=f"{hand}\n{LOW.replace(' ', chr(0xa0))}\n".encode())
    assert (status, err, [row["hand_rank"] for row in json_rows(out)]) == (0, "", [1, 7462])
    path = tmp_path / "hands.csv"
    path.write_text(f"cards\n{hand}\n", encoding="utf-8")
    status, out, err = cli("eval", "--file", str(path), "--format", "json")
    assert (status, err, [row["cards"] for row in json_rows(out)]) == (0, "", [["As", "Ks", "Qs", "Js", "Ts"]])


@pytest.mark.parametrize(
    "hand, message",
    [
        ("As\u00a0Ks\u00a0Qs\u00a0Js\u00a0Xx", "unknown card 'Xx'"),
        ("As Ks Qs Js T\u200bs", "unknown card 'T\\u200bs'"),  # a zero-width space is no space: named, visibly
        ("As Ks Qs Js Ts\x00", "unknown card '\\x00'"),
        ("As Ks Qs Js " + "Z" * 40, f"unknown card '{'Z' * 24}…'"),
    ],
)
def test_a_bad_card_is_quoted_as_text_on_every_engine(db, hand, message):
    """Never a tuple ("cannot read the hand ('As\\xa0Ks',)"), never bytes, never a 40-character token whole."""
    for given in ([hand], pa.table({"cards": [hand]})):
        with pytest.raises(BadInput) as error:
            db.evaluate_many(given)
        assert str(error.value).startswith(f"row 1: {message}: write a rank")
    with pytest.raises(BadInput) as error:
        parse_cards(hand)
    assert str(error.value).startswith(f"{message}: write a rank")


# -- bytes ----------------------------------------------------------------------------------
def test_a_binary_cards_column_is_read_as_utf8_on_every_engine(cli, tmp_path):
    text, binary, lists = (tmp_path / f"{name}.parquet" for name in ("text", "binary", "lists"))
    hands = [ROYAL, "A♠ K♠ Q♠ J♠ 10♠", LOW]
    pq.write_table(pa.table({"id": [1, 2, 3], "cards": hands}), text)
    pq.write_table(pa.table({"id": [1, 2, 3], "cards": pa.array([hand.encode() for hand in hands], pa.binary())}), binary)
    as_lists = pa.array([[card.encode() for card in hand.split()] for hand in hands], pa.list_(pa.binary()))
    pq.write_table(pa.table({"id": [1, 2, 3], "cards": as_lists}), lists)
    answers = []
    for path in (text, binary, lists):
        status, out, err = cli("eval", "--file", str(path), "--format", "json")
        assert (status, err) == (0, "")
        answers.append(json_rows(out))
    assert answers[0] == answers[1] == answers[2]
    assert [row["hand_rank"] for row in answers[0]] == [1, 1, 7462]


def test_bytes_in_a_list_or_a_frame_are_utf8_text_on_every_engine(db):
    royal = "A♠ K♠ Q♠ J♠ 10♠".encode()
    lists = [royal.split(), [card.encode() for card in LOW.split()]]
    for given in ([royal, bytearray(LOW.encode())], lists, pandas.DataFrame({"cards": [royal, LOW.encode()]})):
        assert [row["hand_rank"] for row in db.evaluate_many(given).records()] == [1, 7462]
    with pytest.raises(BadInput) as error:
        db.evaluate_many([royal, b"2c 3d 4h 5s 7\xe9"])
    assert str(error.value) == "row 2: the hand is not UTF-8 text (byte 0xe9 at byte 14)"


def test_a_binary_cell_that_is_not_utf8_is_exit_2_naming_the_row(cli, tmp_path):
    path = tmp_path / "hands.parquet"
    pq.write_table(pa.table({"cards": pa.array([ROYAL.encode(), b"2c 3d 4h \xff 5s 7c"], pa.binary())}), path)
    assert refused(cli, "eval", "--file", str(path)) == f"{path} row 2: 'cards' is not UTF-8 text (byte 0xff at byte 10)"
    cards = pa.array([[b"As", b"Ks", b"Qs", b"Js", b"T\xe9"]], pa.list_(pa.binary()))
    pq.write_table(pa.table({"cards": cards}), path)
    assert refused(cli, "eval", "--file", str(path)) == f"{path} row 1: 'cards' is not UTF-8 text (byte 0xe9 at byte 2)"


# -- columns and paths ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "frame, what",
    [
        (pandas.DataFrame([[ROYAL, LOW]], columns=["cards", "cards"]), "a DataFrame"),
        (pa.Table.from_arrays([pa.array([ROYAL]), pa.array([LOW])], names=["cards", "cards"]), "an Arrow table"),
    ],
)
def test_a_frame_with_two_cards_columns_is_refused_naming_them(db, frame, what):
    with pytest.raises(BadInput) as error:
        db.evaluate_many(frame)
    assert str(error.value) == f"{what} has 2 columns named 'cards': rename all but one"


def test_a_file_with_two_columns_of_one_name_is_exit_2(cli, tmp_path):
    path = tmp_path / "hands.csv"
    path.write_text(f"cards,id,cards\n{ROYAL},1,{LOW}\n", encoding="utf-8")
    assert refused(cli, "eval", "--file", str(path)) == f"{path} has 2 columns named 'cards': rename all but one"
    path.write_text(f"hand_id,seat,seat,hole,board\n1,1,2,Ah Kh,{LOW}\n", encoding="utf-8")
    assert refused(cli, "showdown", "--file", str(path)) == f"{path} has 2 columns named 'seat': rename all but one"
    path.write_text(f"id,id,cards\n1,2,{ROYAL}\n", encoding="utf-8")
    assert refused(cli, "eval", "--file", str(path), "--keep", "id") == f"{path} has 2 columns named 'id': rename all but one"
    status, out, err = cli("eval", "--file", str(path), "--keep", "", "--format", "json")  # the twins not read: fine
    assert (status, err, json_rows(out)[0]["hand_rank"]) == (0, "", 1)


def test_a_directory_is_named_as_one(db, cli, tmp_path):
    expected = f"{str(tmp_path)!r} is a directory, not a file: give a .csv or .parquet file"
    with pytest.raises(BadInput) as error:
        db.evaluate_many(tmp_path)
    assert str(error.value) == expected
    with pytest.raises(BadInput) as error:
        db.evaluate_many(str(tmp_path))
    assert str(error.value) == expected
    for command in ("eval", "showdown"):
        status, out, err = cli(command, "--file", str(tmp_path))
        assert one_line_error(status, out, err) == expected
    assert refused(cli, "eval", "--file", "/dev/null") == "not a file: '/dev/null'"
    assert refused(cli, "eval", "--file", str(tmp_path / "missing.csv")) == f"no such file: {str(tmp_path / 'missing.csv')!r}"
