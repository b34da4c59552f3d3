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

import psycopg
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


# -- PostgreSQL: query's timeout and the server's file functions, as a plain role -----------------


def role_url(server, built_postgres, request, role: str, *grants: str) -> str:
    """A built database owned by ``role`` (made if need be: a login, no superuser, in no role),
    with ``grants`` run in it as the server's superuser; its URL as that role."""
    name = f"{role}_" + request.node.name[:30].lower().replace("[", "_").replace("]", "").replace("-", "_")
    url = built_postgres(name)
    with psycopg.connect(url, autocommit=True) as connection:
        if connection.execute("select from pg_roles where rolname = %s", (role,)).fetchone() is None:
            connection.execute(f"create role {role} login")
        connection.execute(f'alter database "{name}" owner to {role}')
        for (table,) in connection.execute("select tablename from pg_tables where schemaname = 'public'").fetchall():
            connection.execute(f'alter table "{table}" owner to {role}')
        for (view,) in connection.execute("select viewname from pg_views where schemaname = 'public'").fetchall():
            connection.execute(f'alter view "{view}" owner to {role}')
        connection.execute(f"alter schema public owner to {role}")
        for grant in grants:
            connection.execute(grant)
    return url.replace("postgresql://postgres@", f"postgresql://{role}@")


@pytest.mark.xdist_group("postgres")
@pytest.mark.parametrize("as_role", ["superuser", "plain role"])
def test_query_stops_at_its_timeout_as_a_superuser_and_as_a_plain_role(capsys, server, built_postgres, pg_url, request, as_role) -> None:
    """The issue's query, `select count(*) from generate_series(1, 3000000000)`, stopped at
    --timeout in one line (exit 1), the default 300 s (statement_timeout 5min) for either role."""
    url = pg_url if as_role == "superuser" else role_url(server, built_postgres, request, "pokersql_timed")
    sql = "select count(*) from generate_series(1, 3000000000)"
    started = time.perf_counter()
    status, out, err = run(capsys, "--engine", "postgres", "--db", url, "query", "--timeout", "1", sql)
    assert (status, out) == (1, "") and time.perf_counter() - started < 60
    assert err.splitlines()[-1] == (
        "pokersql: error: query stopped: it ran longer than its time limit of 1 s "
        "(query --timeout SECONDS gives it more; --timeout 0, no limit)"
    )
    status, out, err = run(capsys, "--engine", "postgres", "--db", url, "query", "show statement_timeout", "--format", "csv")
    assert (status, out) == (0, "statement_timeout\n5min\n"), err


@pytest.mark.xdist_group("postgres")
@pytest.mark.parametrize("may_create_roles", [False, True], ids=["plain", "createrole"])
@pytest.mark.parametrize(
    "route",
    [
        "select lo_export({oid}, '{target}') as written",
        "do $$ begin perform lo_export({oid}, '{target}'); end $$",
    ],
    ids=["select", "do"],
)
def test_a_role_granted_lo_export_cannot_write_a_servers_file_through_query(capsys, server, built_postgres, request, tmp_path, may_create_roles, route) -> None:
    """A role granted lo_export (no superuser, in no role) wrote any file the server's user may
    from query's read-only transaction (a large object of its own, written out). Such a role's query runs as pokersql_reader, as a
    superuser's does: refused in one line, and no file written; a role that cannot make the
    reader is told so in one line (exit 1), before anything runs."""
    role = "pokersql_lo_maker" if may_create_roles else "pokersql_lo"
    url = role_url(
        server, built_postgres, request, role, f"grant execute on function lo_export(oid, text) to {role}",
        *([f"alter role {role} createrole"] if may_create_roles else []),
    )
    with psycopg.connect(url, autocommit=True) as connection:  # the role's own large object, committed
        (oid,) = connection.execute("select lo_from_bytea(0, 'x')").fetchone()
    target = server.directory / f"escaped-{tmp_path.name}"
    status, out, err = run(capsys, "--engine", "postgres", "--db", url, "query", "--", route.format(oid=oid, target=target))
    assert not target.exists()
    assert out == "" and len(err.strip().splitlines()) == 1, (status, out, err)
    if may_create_roles:
        assert status == 2 and err.startswith("pokersql: error: query is read-only: refused") and "lo_export" in err, err
    else:
        assert status == 1 and "runs as the role pokersql_reader" in err and "which it cannot make" in err, err


@pytest.mark.xdist_group("postgres")
def test_a_reader_role_granted_lo_export_is_not_used(capsys, server, built_postgres, request, tmp_path) -> None:
    """pokersql_reader itself granted a file function (lo_export, in the URL's database): a
    superuser's query refuses to run as it, in one line (exit 1), and writes no file."""
    from pokersql.engines.postgres import READER_ROLE

    url = built_postgres("reader_granted_lo_export")
    run(capsys, "--engine", "postgres", "--db", url, "query", "select 1")  # the reader role exists
    target = server.directory / f"escaped-{tmp_path.name}"
    with psycopg.connect(url, autocommit=True) as connection:
        (oid,) = connection.execute("select lo_from_bytea(0, 'x')").fetchone()
        connection.execute(f"grant select on large object {oid} to {READER_ROLE}")
        connection.execute(f"grant execute on function lo_export(oid, text) to {READER_ROLE}")
        try:
            status, out, err = run(capsys, "--engine", "postgres", "--db", url, "query", f"select lo_export({oid}, '{target}') as written")
        finally:
            connection.execute(f"revoke execute on function lo_export(oid, text) from {READER_ROLE}")
    assert not target.exists()
    assert (status, out) == (1, "") and len(err.strip().splitlines()) == 1, (status, out, err)
    assert "that role exists and can do more than read" in err, err
