"""`pokersql import` on bad input: one line naming the file, the line and the reason, exit 2,
and the database as it was; --skip-bad imports the good hands and lists each bad one.

The bad hands are real hands of tests/histories/ with one thing broken, appended under a new
hand id after a file of 80 good hands: the good hands before them are never written either.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import pokersql
from pokersql.cli import main
from pokersql.histories import store as history_store

HISTORIES = Path(__file__).resolve().parent / "histories"
GOOD = HISTORIES / "pluribus_30.txt"
TABLES = ("history_hands", "history_seats", "history_actions", "history_board", "history_results")


def first_hand() -> list[str]:
    text = GOOD.read_text(encoding="utf-8")
    return text[: text.index("\n\n\nPokerStars Hand #30001")].replace("#30000", "#39999").splitlines()


def hand_with(words: str) -> list[str]:
    """The first hand of GOOD whose text holds ``words``, as hand #39999."""
    hand = next(hand for hand in GOOD.read_text(encoding="utf-8").split("\n\n\n") if words in hand)
    return re.sub(r"#\d+:", "#39999:", hand, count=1).strip("\n").split("\n")


def broken(change, lines: list[str] | None = None) -> list[str]:
    lines = lines or first_hand()
    change(lines)
    return lines


def line_of(lines: list[str], start: str) -> int:
    """The number (from 1) of the hand's first line starting ``start``."""
    return next(number for number, line in enumerate(lines, start=1) if line.startswith(start))


def replace(old: str, new: str):
    def change(lines: list[str]) -> None:
        number = next(n for n, line in enumerate(lines) if old in line)
        lines[number] = lines[number].replace(old, new)

    return change


# name -> (the hand's lines, the line of the hand the error names (1 = its header), words of the reason)
CASES = {
    "truncated": (first_hand()[:20], 1, "truncated hand"),
    "unknown card": (broken(replace("[3c 9s]", "[3c 9x]")), 12, "unknown card '9x'"),
    "duplicate card": (broken(replace("[6d 5s]", "[6d 3c]")), 1, "duplicate card '3c'"),
    "more than the stack": (broken(replace("raises 125 to 225", "raises 10125 to 10225")), 20, "more than the stack"),
    # hands that cannot be (issue 43): each was imported
    "two players in a seat": (broken(replace("Seat 2: Gogo", "Seat 1: Gogo")), 4, "two players in seat 1: 'MrWhite' and 'Gogo'"),
    "seat 0": (broken(replace("Seat 1: MrWhite", "Seat 0: MrWhite")), 3, "seat 0 of 'MrWhite' is not a seat of a table of 6 seats"),
    "a seat past ten": (broken(replace("Seat 6: Pluribus", "Seat 11: Pluribus")), 8, "seat 11 of 'Pluribus' is past the 10 seats of a Hold'em table"),
    "11 players": (broken(lambda lines: (replace("6-max", "11-max")(lines), lines.__setitem__(slice(8, 8), [f"Seat {n}: P{n} (10000 in chips)" for n in range(7, 12)]))), 13, "more than 10 players: 'P11' is the 11th"),
    "a folded player collects": (broken(replace("Bill collected 250.0", "Budd collected 250.0")), 25, "Budd folded, and collects 250 from the pot"),
    "a stack of 400 digits": (broken(replace("MrWhite (10000 in", f"MrWhite ({'1' * 400} in")), 3, f"amount too large: '{'1' * 40}'... (400 characters)"),
    "no such date": (broken(replace("2019/07/11 08:20:00", "2019/02/30 08:20:00")), 1, "not a date and time: 2019/02/30 08:20:00"),
    "no such time": (broken(replace("2019/07/11 08:20:00", "2019/07/11 24:61:00")), 1, "not a date and time: 2019/07/11 24:61:00"),
    "a summary's board cut short": (
        broken(lambda lines: lines.__setitem__(line_of(lines, "Board [") - 1, "Board [" + lines[line_of(lines, "Board [") - 1][7:9]), hand_with("Board [")),
        line_of(hand_with("Board ["), "Board ["), "the summary's board",
    ),
    "dealt cards without a space": (broken(replace("Dealt to MrWhite [", "Dealt to MrWhite[")), 12, "no cards in 'Dealt to MrWhite[3c 9s]'"),
    "a stack of a superscript": (broken(replace("MrWhite (10000 in", "MrWhite (1000² in")), 3, "not an amount: '1000²'"),
    "text after the summary": (first_hand() + ["", "Rake back to the house: 3 chips"], 29, "unknown line 'Rake back to the house: 3 chips' after the hand's summary"),
}


def write_bad(tmp_path: Path, lines: list[str]) -> tuple[Path, int]:
    """80 good hands, then the bad one: the file, and the line of the bad hand's header."""
    good = GOOD.read_text(encoding="utf-8").rstrip("\n")
    path = tmp_path / "bad.txt"
    path.write_text(good + "\n\n\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return path, good.count("\n") + 4


def state(path: str, engine: str) -> list:
    """Everything import could change: each history table's rows, and schema_history."""
    with pokersql.connect(path, engine=engine) as db:
        names = db.engine.relation_names()
        held = [sorted(map(repr, db.engine.execute(f"select * from {table}"))) if table in names else None for table in TABLES]
        return [held, db.engine.execute("select script, checksum from schema_history order by installed_rank") if "schema_history" in names else None]


@pytest.fixture
def database(tmp_path, engine_name):
    """A database holding the hands of pluribus_31.txt: (path, engine)."""
    path = str(tmp_path / f"held.{engine_name}")
    with pokersql.connect(path, engine=engine_name) as db:
        db.import_histories([HISTORIES / "pluribus_31.txt"])
    return path, engine_name


def run(database: tuple[str, str], *args: str, capsys) -> tuple[int, str, str]:
    path, engine = database
    status = main(["--db", path, "--engine", engine, "import", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("case", CASES)
def test_a_bad_hand_stops_the_import_and_writes_nothing(tmp_path, database, capsys, case, monkeypatch):
    """In batches of 7 hands: 11 batches of good hands are written before the bad hand is read."""
    monkeypatch.setattr(history_store, "BATCH_HANDS", 7)
    lines, line, reason = CASES[case]
    path, header = write_bad(tmp_path, lines)
    before = state(*database)
    status, out, err = run(database, str(path), capsys=capsys)
    assert status == 2, err
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"pokersql: error: {path}:{header + line - 1}: "), err
    assert reason in err
    assert state(*database) == before


@pytest.mark.parametrize("case", CASES)
def test_skip_bad_imports_the_good_hands_and_lists_the_bad(tmp_path, database, capsys, case):
    lines, line, reason = CASES[case]
    path, header = write_bad(tmp_path, lines)
    status, out, err = run(database, "--skip-bad", "--format", "json", str(path), capsys=capsys)
    assert status == 0, err
    result = json.loads(out)
    assert [(s["file"], s["line"]) for s in result["skipped"]] == [(str(path), header + line - 1)]
    assert reason in result["skipped"][0]["reason"]
    assert (result["hands"], result["imported"]) == (80, 80)
    with pokersql.connect(database[0], engine=database[1]) as db:
        assert db.engine.execute("select count(*) from history_hands where hand_id = '39999'")[0][0] == 0
        assert db.engine.execute("select count(*) from history_hands")[0][0] == 153
    status, out, err = run(database, "--skip-bad", str(path), capsys=capsys)  # the table lists it too
    assert status == 0 and f"{header + line - 1}" in out and "already held" in out


FILES = {
    "unknown format": ("hands.csv", "hand_id,seat,hole\n1,1,Ah Kh\n", "not a hand history"),
    "empty": ("empty.txt", "\n\n", "empty file"),
    "binary": ("data.bin", None, "not UTF-8"),
    "missing": ("missing.txt", "", "no such file"),
}


@pytest.mark.parametrize("case", FILES)
def test_a_file_of_another_kind_gets_one_line(tmp_path, database, capsys, case):
    name, text, reason = FILES[case]
    path = tmp_path / name
    if text is None:
        path.write_bytes(bytes(range(256)) * 4)
    elif case != "missing":
        path.write_text(text, encoding="utf-8")
    before = state(*database)
    status, out, err = run(database, str(path), capsys=capsys)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(f"pokersql: error: {path}"), err
    assert reason in err
    assert state(*database) == before
    # --skip-bad passes over a file there that is not a hand history (issue 66), never a missing one
    status, out, err = run(database, "--skip-bad", str(GOOD), str(path), capsys=capsys)
    if case == "missing":
        assert (status, out) == (2, "") and err.startswith(f"pokersql: error: {path}") and reason in err
        assert state(*database) == before
    else:
        assert status == 0, err
        assert err.splitlines() == [f"pokersql: passed over {path}: {err.splitlines()[0].split(': ', 2)[2]}",
                                    "pokersql: 1 file(s) passed over: not hand histories"]
        assert reason in err and state(*database) != before


def test_a_failed_import_leaves_a_fresh_database_without_tables(tmp_path, capsys, engine_name):
    path, _ = write_bad(tmp_path, CASES["unknown card"][0])
    target = str(tmp_path / f"fresh.{engine_name}")
    status, _, err = run((target, engine_name), str(path), capsys=capsys)
    assert status == 2, err
    with pokersql.connect(target, engine=engine_name) as db:
        assert not {"history_hands", "schema_history"} & set(db.engine.relation_names())
