"""Read-only means read-only: `query` and `relation()` read pokersql's database and nothing else.

The engine enforces it (a read-only connection, no file, no extension, no network), not a
look at the statement's text: every attack below got through a text check once (issue 10).
Each is tried on a database file of each engine through the real command line, and the
database must be exactly as it was afterwards.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pokersql
from pokersql.cli import main

ROYAL_FLUSHES = "select count(*) as n from hands where points = 9"


def cli(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def database(built_database, engine_name) -> tuple[str, str]:
    """(engine, path) of a fresh copy of a built database file."""
    return engine_name, built_database(engine_name)


def query(capsys, database, sql: str, *more: str) -> tuple[int, str, str]:
    engine, path = database
    return cli(capsys, "--engine", engine, "--db", path, "query", sql, *more)


def state(capsys, database) -> list[str]:
    """What must not change: every table and view, the hands' count and its royal flushes."""
    engine, path = database
    status, out, err = query(capsys, database, "select count(*) as hands, sum(points) as points from hands", "--format", "csv")
    assert status == 0, err
    with pokersql.connect(path, engine) as db:
        return [out, *db.engine.relation_names()]


ATTACKS = [
    # DuckDB: EXPLAIN ANALYZE runs its statement, and a commit then makes it stay.
    "explain analyze drop table hands; explain analyze commit",
    "with d as (delete from hands where points = 9 returning 1) select count(*) from d; explain analyze commit",
    "explain analyze delete from hands where points = 9",
    "delete from hands",
    "drop view equity",
    "create table junk as select 1 as x",
    "pragma query_only = 0",
]


@pytest.mark.parametrize("sql", ATTACKS)
def test_query_cannot_change_the_database(capsys, database, sql):
    before = state(capsys, database)
    status, out, err = query(capsys, database, sql)
    assert len(err.strip().splitlines()) == 1 and out == "", (out, err)
    if status == 1:  # DuckDB's syntax that SQLite cannot parse
        assert database[0] == "sqlite" and "syntax error" in err, err
    else:
        assert status == 2 and err.startswith(("pokersql: error: query is read-only", "pokersql: error: query takes one statement")), err
    assert state(capsys, database) == before
    status, out, _ = query(capsys, database, ROYAL_FLUSHES, "--format", "csv")
    assert out.splitlines() == ["n", "4"]


@pytest.mark.parametrize(
    "sql",
    [
        "explain analyze copy (select 'x' as junk) to '{target}' (format csv)",
        "copy (select 'x' as junk) to '{target}' (format csv)",
        "attach '{target}' as junk",
        "vacuum into '{target}'",
    ],
)
def test_query_cannot_write_a_file(capsys, database, tmp_path, sql):
    """Not a new file, and not the database file itself (COPY once overwrote it)."""
    engine, path = database
    size = os.path.getsize(path)
    for target in (tmp_path / "junk.csv", Path(path)):
        status, out, err = query(capsys, database, sql.format(target=target))
        # DuckDB's read-only connection takes "attach" of its own file as a no-op (exit 0).
        assert status in (1, 2) or (target == Path(path) and "attach" in sql), (out, err)
        assert len(err.strip().splitlines()) == (status != 0)
        assert not (tmp_path / "junk.csv").exists()
    assert os.path.getsize(path) == size
    assert query(capsys, database, ROYAL_FLUSHES, "--format", "csv")[1].splitlines() == ["n", "4"]


@pytest.mark.parametrize(
    "sql",
    [
        "select * from read_csv('/etc/passwd')",
        "select * from read_blob('/etc/passwd')",
        "select * from read_text('/etc/passwd')",
        "select * from '/etc/passwd'",
        "select * from read_csv('http://127.0.0.1:9/x.csv')",
        "install sqlite",
        "load sqlite",
        "set enable_external_access = true",
    ],
)
def test_duckdb_query_reads_no_file_and_loads_nothing(capsys, built_database, sql, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))  # where DuckDB would put a downloaded extension
    status, out, err = query(capsys, ("duckdb", built_database("duckdb")), sql)
    assert out == "" and len(err.strip().splitlines()) == 1, (out, err)
    if status == 1:  # with external access off, DuckDB does not even take the string for a file
        assert sql == "select * from '/etc/passwd'" and "Table with name /etc/passwd does not exist" in err
    else:
        assert status == 2 and err.startswith("pokersql: error: query is read-only"), err
    assert "root:" not in err
    assert not (tmp_path / ".duckdb").exists()


def test_relation_cannot_write(built_database):
    path = built_database("duckdb")
    with pokersql.connect(path) as db:
        for sql in ("explain analyze delete from hands where points = 9", "delete from hands", "explain analyze commit; delete from hands"):
            with pytest.raises(pokersql.BadInput, match="read-only|one statement"):
                db.relation(sql).fetchall()
        with pytest.raises(pokersql.BadInput, match="read-only"):
            db.relation("select * from read_csv('/etc/passwd')").fetchall()
        assert db.relation(ROYAL_FLUSHES).fetchall() == [(4,)]
        assert db.deal(players=2, seed=1).seed == 1  # the database can be used for the rest after it
        assert db.query(ROYAL_FLUSHES).rows == [(4,)]


def test_in_memory_relation_and_query_cannot_write(db):
    """In memory: DuckDB's sandbox holds there too (its database is a private temporary file)."""
    attacks = ATTACKS[:4] if db.engine.name == "duckdb" else ["delete from hands", "drop view equity", "pragma query_only = 0"]
    for sql in attacks:
        with pytest.raises(pokersql.BadInput, match="read-only|one statement"):
            db.query(sql)
        if db.engine.name == "duckdb":
            with pytest.raises(pokersql.BadInput, match="read-only|one statement"):
                db.relation(sql).fetchall()
    assert db.query(ROYAL_FLUSHES).rows == [(4,)]
    assert db.query("select count(*) from hands").rows == [(2598960,)]


def test_query_runs_in_a_read_only_database_file(capsys, database):
    """The read-only connection reads what pokersql built: the same answers as before."""
    status, out, err = query(capsys, database, "select points, count(*) as n from hands group by points order by points", "--format", "json")
    assert status == 0, err
    assert json.loads(out.splitlines()[0]) == {"points": 0, "n": 1302540}


@pytest.mark.parametrize(("kind", "other"), [("sqlite", "duckdb"), ("duckdb", "sqlite")])
def test_a_file_of_the_other_engine_is_named_and_nothing_is_downloaded(capsys, built_database, kind, other, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    path = built_database(kind)
    size = os.path.getsize(path)
    status, out, err = cli(capsys, "--engine", other, "--db", path, "deal")
    assert status == 2 and out == ""
    title = {"duckdb": "DuckDB", "sqlite": "SQLite"}[kind]
    assert f"is a {title} database file" in err and f"--engine {kind}" in err and len(err.strip().splitlines()) == 1
    assert os.path.getsize(path) == size and not (tmp_path / ".duckdb").exists()


def test_every_duckdb_connection_refuses_to_download_an_extension(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    with pokersql.connect(str(tmp_path / "x.duckdb")) as db:
        settings = dict(
            db.engine.execute(
                "select name, value from duckdb_settings() "
                "where name in ('autoinstall_known_extensions', 'autoload_known_extensions')"
            )
        )
    assert settings == {"autoinstall_known_extensions": "false", "autoload_known_extensions": "false"}


def test_an_empty_database_path_is_refused(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = cli(capsys, "--db", "", "deal")
    assert status == 2 and "--db" in err and "empty" in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_a_refused_sqlite_query_is_one_line(capsys, built_database):
    """No sqlglot warning first (a real process: pytest would catch the warning's log record)."""
    path = built_database("sqlite")
    for sql in ("replace into cards values (1)", "vacuum into 'junk.sqlite'", "delete from hands", "analyze"):
        done = subprocess.run(
            [sys.executable, "-m", "pokersql", "--engine", "sqlite", "--db", path, "query", sql],
            capture_output=True, text=True, timeout=120,
        )
        assert done.returncode == 2 and done.stderr.startswith("pokersql: error: query is read-only"), done.stderr
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert cli(capsys, "--engine", "sqlite", "--db", path, "query", ROYAL_FLUSHES, "--format", "csv")[1].splitlines() == ["n", "4"]


def test_two_databases_of_one_process_on_one_file(built_database):
    """DuckDB opens a file with one configuration per process: while another Database holds it,
    query cannot open its sandbox and refuses in one line (it never runs on that instance)."""
    path = built_database("duckdb")
    with pokersql.connect(path) as holder, pokersql.connect(path) as reader:
        assert holder.deal(players=2, seed=1).seed == 1  # its read-write connection is open
        for sql in [*ATTACKS[:4], ROYAL_FLUSHES]:
            with pytest.raises(pokersql.DatabaseError, match="another pokersql.connect"):
                reader.query(sql)
        assert holder.query(ROYAL_FLUSHES).rows == [(4,)]  # its own query closed its read-write connection
        assert reader.query(ROYAL_FLUSHES).rows == [(4,)]
    with pokersql.connect(path) as db:
        assert db.query(ROYAL_FLUSHES).rows == [(4,)] and db.deal(players=2, seed=1).seed == 1
