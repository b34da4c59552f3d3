"""The server engines' edges of issue 63: PostgreSQL's query as a plain role (its timeout, the
server's file functions) and Spark's reading commands, which never build a warehouse.

Real components only: the session's PostgreSQL server (tests/pg_server.py) and Spark in local
mode, through the real command line.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

import pokersql
from pokersql import migrations
from pokersql.cli import main
from pokersql.engines import ENGINES
from signals import pokersql_command  # tests/signals.py


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def listing(folder: Path) -> list[tuple[str, int, int]]:
    """Every file and folder under ``folder`` (itself too): its path, size and mtime in ns."""
    found = [(".", 0, folder.stat().st_mtime_ns)]
    for path in sorted(folder.rglob("*")):
        stat = path.lstat()
        found.append((str(path.relative_to(folder)), stat.st_size if path.is_file() else 0, stat.st_mtime_ns))
    return found


# -- Spark: a command that only reads never builds (nor migrates) a warehouse ---------------------

SPARK_FILES = [f.script for f in migrations.files_on(ENGINES["spark"], migrations.sql_files())]


def unbuilt_line(folder: Path, command: str, scripts: list[str]) -> str:
    names = ", ".join(scripts) if len(scripts) <= 3 else f"{scripts[0]} to {scripts[-1]}, {len(scripts)} files"
    return (
        f"pokersql: error: database {folder} needs SQL files applied ({names}), and {command} builds nothing "
        f"on Spark (a new database's migrate takes minutes there): run first: pokersql --db {folder} --engine spark migrate\n"
    )


@pytest.mark.xdist_group("spark")
@pytest.mark.parametrize("left", ["empty", "a killed migrate's files"])
@pytest.mark.parametrize(
    "command",
    [
        ["query", "select 1"],
        ["query", "drop table hands"],
        ["query", "insert into cards select * from cards"],
        ["history"],
        ["export", "hands", "--to", "hands.csv"],
    ],
    ids=lambda c: " ".join(c[:2]),
)
def test_a_reading_command_on_an_unbuilt_warehouse_refuses_at_once_naming_migrate(tmp_path, left, command) -> None:
    """A new warehouse (an empty folder, or one a killed migrate left files in, without the
    catalog file its commit writes) is refused in one line naming migrate, before Spark starts:
    its migrate takes many minutes, and query's `drop table hands` built it first (past 300 s,
    the warehouse's files changing)."""
    folder = tmp_path / "poker.spark"
    folder.mkdir()
    if left != "empty":
        (folder / "cards").mkdir()
        (folder / "cards" / "part-00000.parquet").write_bytes(b"PAR1")
        (folder / ".pokersql.lock").touch()
    before = listing(folder)
    started = time.perf_counter()
    done = subprocess.run(
        [*pokersql_command(), "--engine", "spark", "--db", str(folder), *command],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )
    seconds = time.perf_counter() - started
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr == unbuilt_line(folder, command[0], SPARK_FILES)
    assert listing(folder) == before and not (tmp_path / "hands.csv").exists()
    assert seconds < 60, seconds  # no JVM started (some 1 s; the JVM alone takes 10 to 30 s)


@pytest.mark.xdist_group("spark")
def test_a_warehouse_with_files_pending_is_refused_and_left_as_it_was(tmp_path, capsys) -> None:
    """A warehouse whose catalog holds the first SQL file only (a migrate of an older pokersql,
    say): query, a write among them, is refused naming the files pending, and nothing changes."""
    folder = tmp_path / "poker.spark"
    every = migrations.sql_files()
    with pokersql.connect(str(folder), engine="spark") as database:
        migrations.migrate(database.engine, files=every[:1])
    before = listing(folder)
    for sql in ("select count(*) from cards", "drop table cards", "insert into cards select * from cards"):
        status, out, err = run(capsys, "--engine", "spark", "--db", str(folder), "query", sql)
        assert (status, out, err) == (2, "", unbuilt_line(folder, "query", SPARK_FILES[1:])), sql
    assert listing(folder) == before
