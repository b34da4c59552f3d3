"""query's sandbox holds for every DuckDB database a process opens, and query's edges (issue 21).

Each route the red team found is a test of its own: the temporary directory of a database
file, attaching it again, temporary objects, a database in memory and a second one in the
same process; then `--db :memory:`, `query -`, several statements, an empty query, the
help's examples on DuckDB and SQLite, `--read PATH`, and a PostgreSQL URL's password.
"""

from __future__ import annotations

import io
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pokersql
from pokersql.cli import cli as click_group
from pokersql.cli import main
from pokersql.errors import TimedOut
from signals import pokersql_command  # tests/signals.py

ROYAL_FLUSHES = "select count(*) as n from hands where points = 9"
PASSWD = "/etc/passwd"


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def refused(status: int, out: str, err: str, why: str = "query is read-only") -> None:
    """Exit 2, nothing on stdout, one line on stderr that says why."""
    assert status == 2 and out == "", (status, out, err)
    assert len(err.strip().splitlines()) == 1 and err.startswith(f"pokersql: error: {why}"), err


@pytest.fixture
def duck_file(built_database) -> str:
    return built_database("duckdb")


# -- DuckDB: the database file's temporary directory, and the file itself -------------------


def test_query_cannot_write_in_the_temporary_directory(capsys, duck_file):
    temporary = Path(duck_file + ".tmp")
    temporary.mkdir(exist_ok=True)  # as DuckDB makes it when a query spills
    status, out, err = run(capsys, "--db", duck_file, "query", f"copy (select 1 as x) to '{temporary}/x.csv'")
    refused(status, out, err)
    status, out, err = run(capsys, "--db", duck_file, "query", f"explain analyze copy (select 1 as x) to '{temporary}/x.csv'")
    refused(status, out, err)
    assert not (temporary / "x.csv").exists()


def test_query_cannot_read_a_file_planted_in_the_temporary_directory(capsys, duck_file):
    temporary = Path(duck_file + ".tmp")
    temporary.mkdir(exist_ok=True)
    (temporary / "planted.csv").write_text("secret\nplanted-value\n")
    for sql in (f"select * from read_csv('{temporary}/planted.csv')", f"select * from glob('{temporary}/*')"):
        status, out, err = run(capsys, "--db", duck_file, "query", sql)
        refused(status, out, err)
        assert "planted" not in out + err.replace(sql[:40], "")


@pytest.mark.parametrize("alias", ["again", "again (read_only)"])
def test_query_cannot_attach_the_database_file_again(capsys, duck_file, alias):
    status, out, err = run(capsys, "--db", duck_file, "query", f"attach '{duck_file}' as {alias}")
    refused(status, out, err)


@pytest.mark.parametrize(
    "sql",
    [
        "create temp table junk as select 1 as x",
        "create temp view junk as select 1 as x",
        "create temp macro junk(x) as x",
        "create temp sequence junk",
        "explain analyze create temp table junk as select 1 as x",
        "set variable junk = 1",
    ],
)
def test_query_makes_no_temporary_object(capsys, duck_file, sql):
    refused(*run(capsys, "--db", duck_file, "query", sql))


@pytest.mark.parametrize("sql", ["update extensions", "explain update extensions", "update extensions (httpfs)"])
def test_a_statement_type_this_duckdb_client_does_not_name_is_refused(capsys, duck_file, sql):
    """DuckDB 2.0's parser gives ``update extensions`` type 29, which its Python client's
    StatementType does not name (``statement.type`` raised ValueError: exit 1, a traceback's
    last line): refused as a write, in one line naming the statement."""
    status, out, err = run(capsys, "--db", duck_file, "query", sql)
    refused(status, out, err)
    assert f"refused {sql!r}" in err and "ValueError" not in err and "is not a valid" not in err


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
def test_query_stops_at_its_timeout_in_one_line(capsys, built_database, engine):
    """A timer interrupts the query as Ctrl-C does; it ends as a failure (exit 1), not as an
    interrupt. (A real process: without the timer, the query would run for hours.)"""
    path = built_database(engine)
    started = time.monotonic()
    done = subprocess.run(
        [*pokersql_command(), "--engine", engine, "--db", path, "query", "--timeout", "1.5",
         "select count(*) as n from hands as a, hands as b where a.hand_rank + b.hand_rank = 5"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 1 and done.stdout == "" and time.monotonic() - started < 30, done
    assert done.stderr == (
        "pokersql: error: query stopped: it ran longer than its time limit of 1.5 s "
        "(query --timeout SECONDS gives it more; --timeout 0, no limit)\n"
    )
    with pokersql.connect(path, engine) as db:  # the library: the same error, then the next query runs
        with pytest.raises(TimedOut):
            db.query("select count(*) as n from hands as a, hands as b where a.hand_rank + b.hand_rank = 5", timeout=1)
        assert db.query(ROYAL_FLUSHES, timeout=1).rows == [(4,)]


@pytest.mark.parametrize("value", ["-1", "soon"])
def test_a_bad_timeout_is_refused_in_one_line(capsys, duck_file, value):
    status, out, err = run(capsys, "--db", duck_file, "query", "--timeout", value, ROYAL_FLUSHES)
    assert status == 2 and out == "" and len(err.splitlines()) == 1 and "--timeout" in err and value in err, err


# -- DuckDB in memory, and a second database in one process ------------------------------

IN_MEMORY_ROUTES = [
    f"select * from read_csv('{PASSWD}')",
    "copy (select 1 as x) to '{tmp}/junk.csv'",
    "attach '{tmp}/new.duckdb' as new",
    "select * from glob('{tmp}/*')",
]


def _refused_everywhere(db: pokersql.Database, sql: str, tmp_path: Path) -> None:
    statement = sql.format(tmp=tmp_path)
    with pytest.raises(pokersql.BadInput, match="read-only") as caught:
        db.query(statement)
    assert "root:" not in str(caught.value)
    with pytest.raises(pokersql.BadInput, match="read-only"):
        db.relation(statement).fetchall()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep"]


@pytest.fixture(scope="module")
def in_memory_pair():
    """Two databases in memory, open at once in this process (each is built when opened: a few
    seconds, so every route below tries the same two; none of them changes a database). Its
    tests are one xdist group: on one worker, one after the other, they build the pair once
    (spread over the workers, a worker that ran another module's test between two of them
    built it again)."""
    with pokersql.connect() as first, pokersql.connect() as second:
        yield first, second


@pytest.mark.xdist_group("in_memory_pair")
@pytest.mark.parametrize("sql", IN_MEMORY_ROUTES)
def test_in_memory_query_and_relation_are_sandboxed(tmp_path, sql, in_memory_pair):
    (tmp_path / "keep").write_text("x")
    db = in_memory_pair[0]
    _refused_everywhere(db, sql, tmp_path)
    assert db.query("select count(*) as n from cards").rows == [(52,)]
    assert db.relation("select count(*) as n from cards").fetchall() == [(52,)]


@pytest.mark.xdist_group("in_memory_pair")
@pytest.mark.parametrize("sql", IN_MEMORY_ROUTES)
def test_the_second_in_memory_database_of_a_process_is_sandboxed(tmp_path, sql, in_memory_pair):
    (tmp_path / "keep").write_text("x")
    first, second = in_memory_pair
    assert first.evaluate("Ah Kh Qh Jh Th").hand_rank == 1  # the first is open and in use
    _refused_everywhere(second, sql, tmp_path)
    _refused_everywhere(first, sql, tmp_path)
    assert second.query("select count(*) as n from cards").rows == [(52,)]


@pytest.mark.parametrize("sql", IN_MEMORY_ROUTES)
def test_a_second_database_file_of_a_process_is_sandboxed(tmp_path, built_database, sql):
    (tmp_path / "keep").write_text("x")
    with pokersql.connect(built_database("duckdb")) as first, pokersql.connect(built_database("duckdb")) as second:
        assert first.query(ROYAL_FLUSHES).rows == [(4,)] and first.deal(players=2, seed=1).seed == 1
        _refused_everywhere(second, sql, tmp_path)
        assert second.query(ROYAL_FLUSHES).rows == [(4,)]


def test_in_memory_leaves_no_file_behind(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    db = pokersql.connect()
    where = Path(db.engine._file).parent
    assert db.query("select count(*) as n from cards").rows == [(52,)] and where.exists()
    db.close()
    assert not where.exists() and list(tmp_path.iterdir()) == []


# -- --db :memory: ------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
def test_db_memory_is_an_in_memory_database(capsys, tmp_path, monkeypatch, engine):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "--engine", engine, "--db", ":memory:", "query", "select count(*) as n from cards", "--format", "csv")
    assert status == 0 and out.splitlines() == ["n", "52"], err
    status, out, err = run(capsys, "--engine", engine, "--db", ":memory:", "eval", "Ah Kh Qh Jh Th", "--format", "csv")
    assert status == 0 and "Royal Flush" in out, err
    assert list(tmp_path.iterdir()) == []


# -- query -, several statements, an empty query --------------------------------------------


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
def test_query_reads_sql_from_stdin(capsys, built_database, monkeypatch, engine):
    monkeypatch.setattr(sys, "stdin", io.StringIO(ROYAL_FLUSHES + "\n"))
    status, out, err = run(capsys, "--engine", engine, "--db", built_database(engine), "query", "-", "--format", "csv")
    assert status == 0 and out.splitlines() == ["n", "4"], err


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
@pytest.mark.parametrize("sql", ["select 1 as a; select 2 as b", "select 1 as a;\nselect 2 as b;"])
def test_two_statements_are_refused(capsys, built_database, engine, sql):
    refused(*run(capsys, "--engine", engine, "--db", built_database(engine), "query", sql), why="query takes one statement")


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
@pytest.mark.parametrize("sql", ["", ";", " ;\n; ", "-- nothing\n", "/* nothing */;"])
def test_an_empty_query_is_refused(capsys, built_database, engine, sql):
    refused(*run(capsys, "--engine", engine, "--db", built_database(engine), "query", "--", sql), why="query: no SQL statement given")


# -- the help's examples -------------------------------------------------------------------


def _help_examples() -> list[str]:
    text = click_group.commands["query"].help
    return [line.strip() for line in text.splitlines() if "pokersql query" in line]


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
def test_every_example_of_query_help_runs(built_database, tmp_path, engine):
    """Each example, run by a real shell in a directory with mine.csv: it succeeds (the --read one
    on DuckDB; SQLite refuses --read in one line)."""
    examples = _help_examples()
    assert len(examples) >= 4 and any("query -" in e for e in examples) and any("--read" in e for e in examples)
    (tmp_path / "mine.csv").write_text("cards\nAh Kh Qh Jh Th\n2c 3d 4h 5s 7c\n")
    pokersql_command = f"{shlex.quote(sys.executable)} -m pokersql --engine {engine} --db {shlex.quote(built_database(engine))}"
    for example in examples:
        done = subprocess.run(
            example.replace("pokersql", pokersql_command, 1) if not example.startswith("echo") else example.replace("pokersql", pokersql_command),
            shell=True, capture_output=True, text=True, cwd=tmp_path, timeout=300,
        )
        if engine == "sqlite" and "--read" in example:
            refused(done.returncode, done.stdout, done.stderr, why="--read is for DuckDB")
            continue
        assert done.returncode == 0 and done.stdout.strip() and not done.stderr, (example, done.stderr)
    assert "group by all" not in click_group.commands["query"].help


# -- --read PATH ---------------------------------------------------------------------------


@pytest.fixture
def mine(tmp_path) -> Path:
    path = tmp_path / "mine.csv"
    path.write_text("cards\nAh Kh Qh Jh Th\n2c 3d 4h 5s 7c\n")
    return path


def test_read_opens_exactly_that_file(capsys, duck_file, mine, monkeypatch):
    monkeypatch.chdir(mine.parent)
    sql = "select cards, hand_rank(cards) as hand_rank from 'mine.csv' order by hand_rank"
    status, out, err = run(capsys, "--db", duck_file, "query", "--read", "mine.csv", sql, "--format", "csv")
    assert status == 0 and out.splitlines() == ["cards,hand_rank", "Ah Kh Qh Jh Th,1", "2c 3d 4h 5s 7c,7462"], err
    refused(*run(capsys, "--db", duck_file, "query", sql))  # without --read: refused


def test_read_refuses_another_file(capsys, duck_file, mine, tmp_path):
    other = tmp_path / "other.csv"
    other.write_text("secret\nother-value\n")
    for target in (other, PASSWD):
        status, out, err = run(capsys, "--db", duck_file, "query", "--read", str(mine), f"select * from read_csv('{target}')")
        refused(status, out, err)
        assert "other-value" not in err and "root:" not in err


@pytest.mark.parametrize(
    "sql",
    [
        "copy (select 'pwned' as x) to '{path}'",
        "explain analyze copy (select 'pwned' as x) to '{path}' (use_tmp_file false)",
        "explain analyze copy (select 'pwned' as x) to '{path}' (use_tmp_file false, overwrite true)",
    ],
)
def test_read_cannot_write_to_that_file(capsys, duck_file, mine, sql):
    before = mine.read_text()
    refused(*run(capsys, "--db", duck_file, "query", "--read", str(mine), sql.format(path=mine)))
    assert mine.read_text() == before


def test_read_lists_no_directory(capsys, duck_file, mine):
    for pattern in (f"{mine.parent}/*", f"{mine.parent}/*.csv"):
        refused(*run(capsys, "--db", duck_file, "query", "--read", str(mine), f"select * from glob('{pattern}')"))
        refused(*run(capsys, "--db", duck_file, "query", "--read", str(mine), f"select * from read_csv('{pattern}')"))


def test_read_takes_files_only(capsys, duck_file, mine):
    refused(*run(capsys, "--db", duck_file, "query", "--read", str(mine.parent), "select 1"), why="--read takes a file, not a directory")
    refused(*run(capsys, "--db", duck_file, "query", "--read", str(mine) + ".missing", "select 1"), why=f"--read {mine}.missing: no such file")


def test_read_is_refused_on_sqlite_in_one_line(capsys, built_database, mine):
    status, out, err = run(capsys, "--engine", "sqlite", "--db", built_database("sqlite"), "query", "--read", str(mine), "select 1")
    refused(status, out, err, why="--read is for DuckDB")


def test_read_in_the_library(built_database, mine):
    with pokersql.connect(built_database("duckdb")) as db:
        rows = db.query(f"select count(*) as n from read_csv('{mine}')", read=[mine]).rows
        assert rows == [(2,)]
        assert db.relation(f"select count(*) as n from read_csv('{mine}')", read=[mine]).fetchall() == [(2,)]
        with pytest.raises(pokersql.BadInput, match="read-only"):
            db.query(f"select count(*) as n from read_csv('{mine}')")  # the next query without it: refused


# -- a PostgreSQL URL's password, given to another engine ------------------------------------

PASSWORD = "hunter2-secret"
URLS = [f"postgresql://bob:{PASSWORD}@localhost:1/poker", f"postgresql://bob@localhost:1/poker?password={PASSWORD}"]


@pytest.mark.parametrize("engine", ["duckdb", "sqlite", "spark"])
@pytest.mark.parametrize("url", URLS)
@pytest.mark.parametrize("by", ["--db", "POKERSQL_DB"])
def test_a_url_given_to_another_engine_never_shows_its_password(capsys, monkeypatch, tmp_path, engine, url, by):
    monkeypatch.chdir(tmp_path)
    where = ["--db", url] if by == "--db" else []
    if by == "POKERSQL_DB":
        monkeypatch.setenv("POKERSQL_DB", url)
    for command in (["query", "select 1"], ["deal"], ["migrate"], ["build"]):
        status, out, err = run(capsys, "--engine", engine, *where, *command)
        assert status == 2 and PASSWORD not in out + err, (out, err)
        assert re.match(r"pokersql: error: postgresql://bob(:\*\*\*)?@localhost:1/poker(\?password=\*\*\*)? is a PostgreSQL URL", err), err
    assert list(tmp_path.iterdir()) == []
