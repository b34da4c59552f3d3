"""Ctrl-C: a real SIGINT to a real pokersql process stops it within a second or two, with exit
status 130, the one line "pokersql: interrupted", no traceback, and the database as it was; a
SIGTERM likewise, with "pokersql: terminated" and exit status 143."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time

import duckdb
import pytest

import pokersql
from pokersql import interrupts
from pokersql.errors import Interrupted
from signals import interrupt, pokersql_command  # tests/signals.py

STARTED = 2.5  # seconds from the start of the process to the signal: Python and the engine are up
STOPPED = 3.0  # seconds from the signal to the end of the process, at most


def snapshot(engine: str, path: str) -> list:
    """What an interrupt must leave as it was: the applied files, the objects, the hands."""
    with pokersql.connect(path, engine) as db:
        return [
            db.query("select version, checksum, success from schema_history order by version").rows,
            db.engine.relation_names(),
            db.query("select count(*), sum(hand_rank), sum(points) from hands").rows,
        ]


LONG_COMMANDS = {
    "freq7": ["freq", "--cards", "7"],
    "monte-carlo": ["equity", "AhAd", "KhKd", "--trials", "10000000", "--seed", "3"],
    "query-csv": ["query", "select * from hands a, cards b", "--format", "csv"],
    "simulate": ["simulate", "--deals", "10000000", "--players", "10", "--seed", "1"],
}


# What a signal that ends a command prints, and its exit status.
ENDED = {signal.SIGINT: (130, "pokersql: interrupted"), signal.SIGTERM: (143, "pokersql: terminated")}


# freq --cards 7 takes minutes on SQLite but about 3 s on DuckDB, where a signal at STARTED could
# come as the command finishes, after its handler is gone: DuckDB's long freq is not long enough.
LONG_ON = [(engine, command) for engine in ("duckdb", "sqlite") for command in sorted(LONG_COMMANDS)
           if (engine, command) != ("duckdb", "freq7")]


@pytest.mark.parametrize(("engine_name", "command"), LONG_ON)
def test_sigint_stops_a_long_command(built_database, engine_name, command):
    path = built_database(engine_name)
    before = snapshot(engine_name, path)
    status, err, took = interrupt(["--engine", engine_name, "--db", path, *LONG_COMMANDS[command]], after=STARTED)
    assert status == 130, err
    assert err.strip() == "pokersql: interrupted" and "Traceback" not in err
    assert took < STOPPED, f"stopped {took:.1f} s after the signal"
    assert snapshot(engine_name, path) == before
    deal = subprocess.run([*pokersql_command(), "--engine", engine_name, "--db", path, "deal", "--seed", "1"], capture_output=True, text=True, timeout=120)
    assert deal.returncode == 0 and "Deal, seed 1" in deal.stdout, deal.stderr


@pytest.mark.parametrize("command", ["monte-carlo", "query-csv"])
def test_sigterm_stops_a_long_command_as_ctrl_c_does(built_database, engine_name, command):
    """`kill PID` (SIGTERM): the query stops, nothing is committed, one line `terminated` and exit
    143 (128 + 15), where Python's default ended the process silently (issue 43)."""
    path = built_database(engine_name)
    before = snapshot(engine_name, path)
    status, err, took = interrupt(["--engine", engine_name, "--db", path, *LONG_COMMANDS[command]], after=STARTED, sent=signal.SIGTERM)
    assert (status, err.strip()) == ENDED[signal.SIGTERM], err
    assert took < STOPPED, f"stopped {took:.1f} s after the signal"
    assert snapshot(engine_name, path) == before


@pytest.mark.parametrize(("sent", "after"), [(signal.SIGINT, 1.0), (signal.SIGINT, 2.0), (signal.SIGTERM, 1.5)])
def test_sigint_during_a_build_keeps_whole_files_and_is_not_lost(tmp_path, engine_name, sent, after):
    """Each SQL file is applied whole or not at all; the next build finishes the work. A SIGTERM
    (`kill PID`) is handled as Ctrl-C is, with its own line and status."""
    path = str(tmp_path / f"fresh.{engine_name}")
    status, err, took = interrupt(["--engine", engine_name, "--db", path, "build"], after=after, sent=sent)
    assert (status, err.strip()) == ENDED[sent], err
    assert took < STOPPED
    done = subprocess.run([*pokersql_command(), "--engine", engine_name, "--db", path, "freq", "--format", "csv"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    rows = [line.split(",") for line in done.stdout.splitlines()[1:]]
    assert len(rows) == 10 and all(row[-1] == "yes" for row in rows), done.stdout


def test_a_pending_interrupt_rolls_back_instead_of_committing(engine_name, tmp_path):
    """A SIGINT that came while the last statement of a file ran: the commit must not happen."""
    with pokersql.connect(str(tmp_path / f"x.{engine_name}"), engine_name) as db:
        interrupts._pending.set()
        try:
            with pytest.raises(Interrupted), db.engine.transaction():
                db.engine.execute("create table written_after_the_signal (x integer)")
        finally:
            interrupts._pending.clear()
        assert "written_after_the_signal" not in db.engine.relation_names()



def test_an_interrupt_before_the_query_begins_is_sent_again():
    """DuckDB forgets an interrupt that comes before its query has begun (a query clears the flag
    as it starts). The watcher interrupts again until the main thread takes the signal: here a
    real DuckDB query begins after the first interrupt and must still stop at once; once the
    signal is taken, no more interrupts (the rollback that follows must run)."""
    database = pokersql.connect(":memory:")
    interrupts.register(database.engine)
    long_query = "select count(*) from range(3000000000) t(i) where hash(i) % 7 = 1"
    with interrupts.handling_sigint():
        watcher = threading.Thread(target=interrupts._interrupt_until_taken, daemon=True)
        watcher.start()  # as the watcher does when the signal comes
        time.sleep(0.2)  # the first interrupt came before the query
        started = time.monotonic()
        with pytest.raises(Interrupted):
            database.engine.execute(long_query)
        took = time.monotonic() - started
        interrupts._taken.set()  # what the main thread's handler does
        watcher.join(timeout=1)
        assert not watcher.is_alive()
        assert database.engine.execute("select 42") == [(42,)]
    database.close()
    assert took < 1.0, f"the query ran {took:.1f} s after the signal"
