"""`stats` and `history` in an 80-column terminal (issue 66): a narrow default set of columns
(player, hands, VPIP, PFR, 3-bet, WTSD, W$SD, bb/100; history's player, hands, net won, won at
showdown, luck, EV adjusted), `--columns` to pick others and `--wide` for all, and nothing
shrunk to nothing. Run in a real pseudo-terminal of 80 columns (the kernel's TIOCSWINSZ, as a
terminal window sets it), each printed value read back against the command's own JSON."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

HISTORIES = Path(__file__).resolve().parent / "histories"
PLURIBUS = [str(HISTORIES / "pluribus_30.txt"), str(HISTORIES / "pluribus_31.txt")]
NARROW = {"player": "player", "hands": "hands", "vpip": "vpip", "pfr": "pfr", "three_bet": "3bet", "wtsd": "wtsd", "wsd": "w$sd",
          "bb_per_100": "bb/100"}
HISTORY = {"player": "player", "hands": "hands", "net_won": "net won", "won_at_showdown": "showdown", "luck": "luck",
           "ev_adjusted": "EV adjusted"}


@pytest.fixture(scope="module")
def imported(db_file):
    from pokersql.cli import main

    assert main(["--db", db_file, "-q", "import", *PLURIBUS]) == 0
    return db_file


def in_terminal(*args: str, columns: int = 80) -> str:
    """pokersql's output in a pseudo-terminal COLUMNS wide (no colour)."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    environment = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")} | {"NO_COLOR": "1", "TERM": "xterm"}
    process = subprocess.Popen([sys.executable, "-m", "pokersql", *args], stdin=follower, stdout=follower, stderr=follower,
                               env=environment, close_fds=True)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the other side closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=120)
    os.close(leader)
    return re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", b"".join(chunks).decode("utf-8").replace("\r\n", "\n"))


def _rows(text: str) -> list[list[str]]:
    """The table's lines, as cells (rich's heavy and light rules)."""
    return [[cell.strip() for cell in re.split(r"[│┃]", line)[1:-1]] for line in text.splitlines() if line.startswith(("│", "┃"))]


def _json(db_file, *args) -> dict:
    done = subprocess.run([sys.executable, "-m", "pokersql", "--db", db_file, *args, "--format", "json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("command, shown, digits", [("stats", NARROW, 1), ("history", HISTORY, 2)])
def test_the_default_columns_fit_80_columns_whole(imported, command, shown, digits):
    text = in_terminal("--db", imported, command)
    assert max(len(line) for line in text.splitlines()) <= 80, text
    header, *rows = _rows(text)
    assert header == list(shown.values())
    expected = _json(imported, command)["players"]
    assert len(rows) == len(expected) == 6
    for row, player in zip(rows, expected):
        assert row == [player["player"], str(player["hands"]),
                       *(("" if player[k] is None else f"{player[k]:,.{digits}f}") for k in list(shown)[2:])]


def test_wide_prints_every_column_whole_however_narrow_the_terminal(imported):
    text = in_terminal("--db", imported, "stats", "--wide")
    header, *rows = _rows(text)
    every = list(_json(imported, "stats")["players"][0])
    assert len(header) == len(every) and all(cell for cell in header)
    assert all(all(cell for cell in row[:4]) for row in rows) and len(rows) == 6


def test_columns_picks_the_table_and_leaves_json_whole(imported):
    header, *rows = _rows(in_terminal("--db", imported, "stats", "--columns", "rfi,steal,cbet_flop"))
    assert header == ["player", "rfi", "steal", "cbet_flop"]
    expected = _json(imported, "stats")["players"]
    assert rows == [[p["player"], *(f"{p[k]:,.1f}" for k in ("rfi", "steal", "cbet_flop"))] for p in expected]
    assert set(_json(imported, "stats", "--columns", "rfi")["players"][0]) == set(expected[0])


@pytest.mark.parametrize("command, known", [("stats", "vpip"), ("history", "net_won")])
def test_an_unknown_column_is_one_line_naming_it(imported, command, known):
    done = subprocess.run([sys.executable, "-m", "pokersql", "--db", imported, command, "--columns", f"{known},nope"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1 and "'nope'" in done.stderr
