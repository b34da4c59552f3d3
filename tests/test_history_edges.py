"""`pokersql import` at the edges (issue 43): PHH hands that cannot be, or that a library could
not read (nested too deep, numbers too long), a line of megabytes (or no line end at all, as
/dev/zero), and a table name holding a quote. Each bad input: exit 2, one line naming the file,
the line and the value, and the database as it was."""

from __future__ import annotations

import re
import resource
import subprocess
from pathlib import Path

import pytest

import pokersql
from pokersql.histories import MAX_LINE
from signals import pokersql_command  # tests/signals.py
from test_history_errors import GOOD, database, run, state  # noqa: F401 (database: a fixture)
from test_history_parallel import read_by

PHH = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.50, 1, 0]
min_bet = 1
starting_stacks = [200.30, 81.60, 197]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cbr 3.00', 'p2 f']
hand = 3017237436
seats = [6, 3, 5]
seat_count = 6
players = ['Ann', 'Bob', 'Cid']
winnings = [2, 0, 0]
"""


def phh(key: str, value: str) -> str:
    """The hand of PHH with ``key`` (a line of its own) set to ``value``."""
    return re.sub(rf"^{key} = .*$", lambda _: f"{key} = {value}", PHH, flags=re.M)


ELEVEN = ", ".join(["100"] * 11)
# name -> (the file's text, the line the error names, the reason)
PHH_CASES = {
    "nested arrays": (phh("starting_stacks", "[" * 3000 + "1" + "]" * 3000), 5, "not PHH: arrays or inline tables nested 3000 deep, too deep to read: 'starting_stacks = [[[[[[[[[[[[[[[[[[[[[['... (6,019 characters)"),
    "nested inline tables": (PHH + "venue = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n", 12, "not PHH: arrays or inline tables nested 3000 deep, too deep to read: 'venue = {a = {a = {a = {a = {a = {a = {a'... (18,009 characters)"),
    "a stack of 400 digits": (phh("starting_stacks", f"[{'1' * 400}, 81.60, 197]"), 1, f"amount too large: '{'1' * 40}'... (400 characters), more than the tables hold (9,999,999,999,999,999.99)"),
    "a stack of 5,000 digits": (phh("starting_stacks", f"[{'1' * 5000}, 81.60, 197]"), 5, "not PHH: a number too long to read: 'starting_stacks = [111111111111111111111'... (5,032 characters)"),
    "a pot too large": (
        phh("starting_stacks", "[9999999999999999, 9999999999999999, 197]")
        .replace("'p1 cbr 3.00', 'p2 f'", "'p1 cbr 9999999999999999', 'p2 cc', 'd db AcKdQh', 'd db 2s', 'd db 3s'"),
        1, "amount too large: a pot of 19,999,999,999,999,998.00, more than the tables hold (9,999,999,999,999,999.99)",
    ),
    "a year past 9999": (PHH + "year = 2100000000000000009\nmonth = 7\nday = 1\n", 1, "not a date: '2100000000000000009-7-1'"),
    "a day past the month": (PHH + "year = 2009\nmonth = 2\nday = 30\n", 1, "not a date: '2009-2-30'"),
    "two players in a seat": (phh("seats", "[6, 6, 5]"), 1, "two players in seat 6: 'Ann' and 'Bob'"),
    "a player in two seats": (phh("players", "['Ann', 'Bob', 'Ann']"), 1, "player 'Ann' sits twice: in seats 6 and 5"),
    "seat 0": (phh("seats", "[6, 0, 5]"), 1, "seat 0 of 'Bob' is not a seat of a table of 6 seats"),
    "a seat past ten": (phh("seats", "[6, 3, 11]"), 1, "seat 11 of 'Cid' is past the 10 seats of a Hold'em table"),
    "11 players": (
        phh("starting_stacks", f"[{ELEVEN}]").replace("seat_count = 6\n", "").replace("seats = [6, 3, 5]\n", "")
        .replace("players = ['Ann', 'Bob', 'Cid']", f"players = {[f'P{n}' for n in range(1, 12)]}")
        .replace("antes = [0, 0, 0]", f"antes = [{', '.join(['0'] * 11)}]")
        .replace("blinds_or_straddles = [0.50, 1, 0]", f"blinds_or_straddles = [0.50, 1, {', '.join(['0'] * 9)}]")
        .replace("winnings = [2, 0, 0]", f"winnings = [2, {', '.join(['0'] * 10)}]"),
        1, "more than 10 players: 'P11' is the 11th",
    ),
    "a folded player collects": (phh("winnings", "[0, 0, 2]"), 1, "Cid folded, and collects 2 from the pot"),
}


def test_the_good_phh_hand_is_imported(tmp_path, database, capsys):
    """The hand the cases break, unbroken: imported."""
    path = tmp_path / "good.phh"
    path.write_text(PHH, encoding="utf-8")
    status, out, err = run(database, str(path), capsys=capsys)
    assert status == 0, err
    with pokersql.connect(database[0], engine=database[1]) as db:
        seats = db.engine.execute("select seat, player from history_seats where hand_id = '3017237436' order by seat")
    assert [tuple(row) for row in seats] == [(3, "Bob"), (5, "Cid"), (6, "Ann")]


@pytest.mark.parametrize("case", PHH_CASES)
def test_a_bad_phh_hand_gets_one_line(tmp_path, database, capsys, case):
    text, line, reason = PHH_CASES[case]
    path = tmp_path / "bad.phh"
    path.write_text(text, encoding="utf-8")
    before = state(*database)
    status, out, err = run(database, str(path), capsys=capsys)
    assert (status, out) == (2, ""), err
    assert err == f"pokersql: error: {path}:{line}: {reason} (--skip-bad imports the other hands)\n"
    assert state(*database) == before


def test_a_table_name_holding_quotes_is_kept_whole(tmp_path):
    text = GOOD.read_text(encoding="utf-8").replace("Table 'Pluribus Session 30'", "Table 'Pl'uribus 'Session' 30'")
    path = tmp_path / "quoted.txt"
    path.write_text(text, encoding="utf-8")
    with pokersql.connect(str(tmp_path / "h.duckdb")) as db:
        db.import_histories([path])
        names = db.engine.execute("select distinct table_name, max_seats, button_seat from history_hands where hand_id = '30000'")
    assert [tuple(row) for row in names] == [("Pl'uribus 'Session' 30", 6, 6)]


def long_line(tmp_path: Path, where: str, size: int) -> tuple[Path, int]:
    """A file with a line of ``size`` characters and no line end: the whole file ("alone"),
    or after the 80 hands of pluribus_30.txt ("after"); and that line's number."""
    path = tmp_path / f"long_{where}.txt"
    good = GOOD.read_text(encoding="utf-8") if where == "after" else ""
    path.write_text(good + "PokerStars Hand #1: " + "x" * (size - 20), encoding="utf-8")
    return path, good.count("\n") + 1


@pytest.mark.parametrize(
    "where, size, how",
    [("alone", 2 << 20, "one process"), ("after", 2 << 20, "one process"), ("after", 2 << 20, "workers"),
     ("after", 5 << 20, "workers"), ("after", MAX_LINE + 1, "one process"), ("after", MAX_LINE + 1, "workers")],
)
def test_a_line_longer_than_a_mebibyte_is_refused(tmp_path, database, capsys, monkeypatch, where, size, how):
    """Read by the import's process or by its workers (a line of 2 MiB: a worker sees it; of
    5 MiB: the cutting into chunks does): the same line, and nothing written."""
    read_by(monkeypatch, how)
    path, line = long_line(tmp_path, where, size)
    before = state(*database)
    status, out, err = run(database, str(path), capsys=capsys)
    assert (status, out) == (2, ""), err
    assert err == f"pokersql: error: {path}:{line}: a line longer than 1 MiB (1,048,576 characters): not a hand history\n"
    assert state(*database) == before


def test_a_line_of_a_mebibyte_is_read(tmp_path, database, capsys, monkeypatch):
    """The longest line read: a hand's chat of MAX_LINE characters passes (the limit is not lower)."""
    text = GOOD.read_text(encoding="utf-8")
    said = "Gogo said, \"" + "x" * (MAX_LINE - 13) + "\""  # MAX_LINE characters
    path = tmp_path / "chat.txt"
    path.write_text(text.replace("Budd: folds\n", f"{said}\nBudd: folds\n", 1), encoding="utf-8")
    for how in ("one process", "workers"):
        read_by(monkeypatch, how)
        status, out, err = run(database, "--format", "json", str(path), capsys=capsys)
        assert status == 0, err


def test_dev_zero_is_refused_in_bounded_memory(tmp_path):
    """/dev/zero: no line end, ever. The import reached 2 GB in 17 s reading its first line; in
    1 GiB of address space, it ends within the minute with one line: a device is refused before
    it is read (checks.special_file; a regular file's endless line has the test above)."""

    def at_most_a_gibibyte() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    done = subprocess.run(
        [*pokersql_command(), "--db", str(tmp_path / "h.duckdb"), "import", "/dev/zero"],
        capture_output=True, text=True, timeout=60, preexec_fn=at_most_a_gibibyte,
    )
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr == "pokersql: error: /dev/zero: a device, not a hand-history file\n"


SITTING_OUT = """\
PokerStars Hand #45000: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 12:00:00 ET
Table 'Sit Out' 6-max Seat #1 is the button
Seat 1: playerA ($2 in chips)
Seat 2: playerB ($2 in chips)
Seat 3: playerC ($2 in chips)
Seat 4: playerD ($2.40 in chips) is sitting out
playerB: posts small blind $0.01
playerC: posts big blind $0.02
*** HOLE CARDS ***
playerA: raises $0.04 to $0.06
playerB: folds
playerC: calls $0.04
*** FLOP *** [2c 7s Jd]
playerC: checks
playerA: checks
*** TURN *** [2c 7s Jd] [3h]
playerC: bets $1.94 and is all-in
playerA: calls $1.94 and is all-in
*** RIVER *** [2c 7s Jd 3h] [5c]
*** SHOW DOWN ***
playerC: shows [9d 9h] (a pair of Nines)
playerA: shows [Ah Kd] (high card Ace)
playerC collected $4.01 from pot
*** SUMMARY ***
Total pot $4.01 | Rake $0
Board [2c 7s Jd 3h 5c]
Seat 1: playerA (button) showed [Ah Kd] and lost with high card Ace
Seat 2: playerB (small blind) folded before Flop
Seat 3: playerC (big blind) showed [9d 9h] and won ($4.01) with a pair of Nines
"""


def test_a_seat_sitting_out_is_not_dealt_in(tmp_path, built_database):
    """Issue 45: playerD, sitting out, was a player of the hand (in at the end, with no cards),
    and the all-in on the turn was missing from history_allin_ev."""
    path = tmp_path / "sitting_out.txt"
    path.write_text(SITTING_OUT, encoding="utf-8")
    with pokersql.connect(built_database("duckdb")) as db:
        db.import_histories([path])
        players = db.engine.execute("select player from history_player_hands where hand_id = '45000' order by seat")
        seats = db.engine.execute("select player from history_seats where hand_id = '45000' order by seat")
        allin = db.engine.execute(
            "select player, street, round(equity, 4), in_pot, won from history_allin_ev where hand_id = '45000' order by seat"
        )
    assert [row[0] for row in players] == [row[0] for row in seats] == ["playerA", "playerB", "playerC"]
    assert [(row[0], row[1], float(row[2]), float(row[3]), float(row[4])) for row in allin] == [
        ("playerA", "turn", 0.1364, 2.0, 0.0),  # 6 outs (3 aces, 3 kings) of the 44 rivers
        ("playerC", "turn", 0.8636, 2.0, 4.01),
    ]
