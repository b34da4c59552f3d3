"""PostgreSQL: query over a superuser's URL cannot leave its read-only role (issue 21).

A role set inside the session is no boundary (``reset role``, ``set local role``,
``set_config('role', ...)``): query logs in as pokersql_reader, a member of
pg_read_all_data only. Each route the red team took is a test of its own, through the real
command line on a real server (tests/pg_server.py), and none may leave a file behind.
"""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import psycopg
import pytest

from pokersql.cli import main
from pokersql.engines.postgres import READER_ROLE
from signals import pokersql_command  # tests/signals.py

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import histories_generate  # noqa: E402  (bench/histories_generate.py)

pytestmark = pytest.mark.xdist_group("postgres")


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def query(capsys, url: str, sql: str) -> tuple[int, str, str]:
    return run(capsys, "--engine", "postgres", "--db", url, "query", "--", sql)


def refused(status: int, out: str, err: str, why: str = "query is read-only") -> None:
    assert status == 2 and out == "", (status, out, err)
    assert len(err.strip().splitlines()) == 1 and err.startswith(f"pokersql: error: {why}"), err


def escapes(target: str) -> dict[str, str]:
    """Each route out of the read-only role, writing ``target`` (a file the server can write)."""
    program = f"copy (select 1) to program ''touch {target}''"
    return {
        "do_reset_role_copy_program": f"do $$ begin reset role; execute '{program}'; end $$",
        "do_set_local_role_copy_program": f"do $$ begin set local role postgres; execute '{program}'; end $$",
        "set_config_role_copy_program": (
            f"do $$ begin perform set_config('role', 'postgres', true); execute '{program}'; end $$"
        ),
        "select_set_config_role": "select set_config('role', 'postgres', true) as role",
        "copy_to_program": f"copy (select 1) to program 'touch {target}'",
        "copy_to_file": f"copy (select 1 as x) to '{target}'",
        "do_reset_role_copy_to_file": f"do $$ begin reset role; execute 'copy (select 1) to ''{target}'''; end $$",
        "lo_export": f"select lo_export(lo_from_bytea(0, 'x'), '{target}')",
    }


@pytest.fixture
def target(server, tmp_path) -> str:
    """A path the server's user may write (the server's own directory), and no file there yet."""
    path = server.directory / f"escaped-{tmp_path.name}"
    assert not path.exists()
    return str(path)


@pytest.mark.parametrize(
    "route",
    [
        "do_reset_role_copy_program",
        "do_set_local_role_copy_program",
        "set_config_role_copy_program",
        "select_set_config_role",
        "copy_to_program",
        "copy_to_file",
        "do_reset_role_copy_to_file",
        "lo_export",
    ],
)
def test_query_cannot_leave_the_read_only_role(capsys, pg_url, target, route):
    status, out, err = query(capsys, pg_url, escapes(target)[route])
    refused(status, out, err)
    assert not __import__("os").path.exists(target)


@pytest.mark.parametrize(
    "sql",
    [
        "select pg_read_file('/etc/passwd') as leaked",
        "do $$ begin raise exception '%', pg_read_file('/etc/passwd'); end $$",
        "do $$ begin reset role; raise exception '%', pg_read_file('/etc/passwd'); end $$",
        "do $$ begin perform set_config('role', 'postgres', true); raise exception '%', pg_read_file('/etc/passwd'); end $$",
        "select pg_read_binary_file('/etc/passwd') as leaked",
        "select * from pg_ls_dir('/etc') as leaked",
    ],
)
def test_query_cannot_read_the_servers_files(capsys, pg_url, sql):
    status, out, err = query(capsys, pg_url, sql)
    refused(status, out, err)
    assert "root:" not in out + err and "passwd" not in out


def test_query_runs_as_the_reader_role_which_can_only_read(capsys, pg_url):
    status, out, err = query(capsys, pg_url, "select current_user as u, session_user as s")
    assert status == 0 and out.splitlines()[-2:] != [], err
    assert out.count(READER_ROLE) >= 2, out
    status, out, err = run(capsys, "--engine", "postgres", "--db", pg_url, "query", "select count(*) as n from hands where points = 9", "--format", "csv")
    assert status == 0 and out.splitlines() == ["n", "4"], err
    with psycopg.connect(pg_url) as connection:
        (superuser, roles) = connection.execute(
            "select r.rolsuper, array(select m.rolname::text from pg_roles as m "
            "where m.oid <> r.oid and pg_has_role(r.oid, m.oid, 'MEMBER') order by 1) "
            "from pg_roles as r where r.rolname = %s",
            (READER_ROLE,),
        ).fetchone()
    assert superuser is False and roles == ["pg_read_all_data"]


def test_a_reader_that_cannot_log_in_is_one_line(capsys, pg_url):
    with psycopg.connect(pg_url, autocommit=True) as connection:
        query(capsys, pg_url, "select 1")  # the role exists
        connection.execute(f"alter role {READER_ROLE} nologin")
        try:
            status, out, err = query(capsys, pg_url, "select 1")
        finally:
            connection.execute(f"alter role {READER_ROLE} login")
    assert status == 1 and out == "" and len(err.strip().splitlines()) == 1, err
    assert "cannot log in" in err and "pg_hba.conf" in err and "no superuser" in err


@pytest.mark.parametrize("sql", ["", ";", "-- nothing", "/* */ ;"])
def test_an_empty_query_is_refused(capsys, pg_url, sql):
    refused(*query(capsys, pg_url, sql), why="query: no SQL statement given")


def test_two_statements_are_refused(capsys, pg_url):
    refused(*query(capsys, pg_url, "select 1 as a; select 2 as b"), why="query takes one statement")


def test_the_password_is_never_printed(capsys, server, pg_url):
    """The test server trusts every login: the URL's password is taken and ignored."""
    password = "hunter2-secret"
    url = pg_url.replace("postgresql://postgres@", f"postgresql://postgres:{password}@")
    outputs = []
    for command in (["migrate"], ["build"], ["migrate", "--format", "json"], ["build", "--format", "csv"], ["query", "select 1 as x; select 2"]):
        status, out, err = run(capsys, "--engine", "postgres", "--db", url, *command)
        outputs.append(out + err)
        assert status in (0, 2), err
    broken = url.replace("port=", "port=1")  # a server that is not there: the connection error
    status, out, err = run(capsys, "--engine", "postgres", "--db", broken, "deal")
    assert status == 1
    outputs.append(out + err)
    assert all(password not in text for text in outputs), outputs
    assert "postgres:***@" in outputs[0]


# -- what a read-only transaction does not roll back (issue 43) ------------------------------

REVOKES = re.compile(r"```sql\n(\s*revoke execute on function .*?)```", re.DOTALL)
WAL_PREFIX = "pokersql-test-wal"
WAL_MESSAGE = f"select pg_logical_emit_message(false, '{WAL_PREFIX}', repeat('x', 1000000)) as lsn"


@pytest.fixture
def plain_url(server, built_postgres, request) -> str:
    """A built database owned by a role with no privileges of note (no superuser, in no role),
    and its URL as that role (the test server trusts every login)."""
    name = "plain_" + request.node.name[:40].lower().replace("[", "_").replace("]", "").replace("-", "_")
    url = built_postgres(name)
    with psycopg.connect(url, autocommit=True) as connection:
        if connection.execute("select from pg_roles where rolname = 'pokersql_plain'").fetchone() is None:
            connection.execute("create role pokersql_plain login")
        connection.execute(f'alter database "{name}" owner to pokersql_plain')
        for (table,) in connection.execute("select tablename from pg_tables where schemaname = 'public'").fetchall():
            connection.execute(f'alter table "{table}" owner to pokersql_plain')
        for (view,) in connection.execute("select viewname from pg_views where schemaname = 'public'").fetchall():
            connection.execute(f'alter view "{view}" owner to pokersql_plain')
        connection.execute("alter schema public owner to pokersql_plain")
    return url.replace("postgresql://postgres@", "postgresql://pokersql_plain@")


def wal_lsn(url: str) -> str:
    with psycopg.connect(url) as connection:
        return str(connection.execute("select pg_current_wal_insert_lsn()").fetchone()[0])


def messages_since(url: str, since: str) -> int:
    """The logical messages of WAL_PREFIX written to the WAL since the position `since`, read
    with pg_walinspect as the server's superuser. (Counting records, not bytes: the other tests
    on the same server write WAL of their own meanwhile.)"""
    superuser = re.sub(r"^postgresql://[^@]*@", "postgresql://postgres@", url)
    with psycopg.connect(superuser, autocommit=True) as connection:
        connection.execute("create extension if not exists pg_walinspect")
        connection.execute("checkpoint")  # every record written so far is flushed, so readable
        return connection.execute(
            "select count(*) from pg_get_wal_records_info(%s::pg_lsn, pg_current_wal_flush_lsn()) "
            "where resource_manager = 'LogicalMessage' and description like %s",
            (since, f"%{WAL_PREFIX}%"),
        ).fetchone()[0]


def test_the_reader_cannot_write_wal(capsys, pg_url):
    before = wal_lsn(pg_url)
    refused(*query(capsys, pg_url, WAL_MESSAGE))
    assert messages_since(pg_url, before) == 0  # the message never reached the WAL
    with psycopg.connect(pg_url) as connection:
        callers = connection.execute(
            "select r.rolname from pg_roles as r where not r.rolsuper and has_function_privilege("
            "r.oid, 'pg_logical_emit_message(boolean, text, text)', 'EXECUTE')"
        ).fetchall()
    assert (READER_ROLE,) not in callers


class Victim:
    """A session of ``url`` that sleeps ``seconds`` in a thread: ``survived`` once it ends."""

    def __init__(self, url: str, seconds: float) -> None:
        self.connection = psycopg.connect(url, autocommit=True, application_name="pokersql_victim")
        self.pid = self.connection.info.backend_pid
        self.error: Exception | None = None
        self.thread = threading.Thread(target=self._sleep, args=(seconds,))
        self.thread.start()

    def _sleep(self, seconds: float) -> None:
        try:
            self.connection.execute("select pg_sleep(%s)", (seconds,))
        except psycopg.Error as e:
            self.error = e
        finally:
            self.connection.close()

    def survived(self) -> bool:
        self.thread.join()
        return self.error is None


@pytest.mark.parametrize("how", ["pg_terminate_backend", "pg_cancel_backend"])
def test_the_reader_cannot_end_or_cancel_the_urls_sessions(capsys, pg_url, plain_url, how):
    for victim_url in (pg_url, plain_url):
        victim = Victim(victim_url, 3)
        status, out, err = query(capsys, pg_url, f"select {how}({victim.pid}) as done")
        refused(status, out, err)
        assert victim.survived(), (victim_url, victim.error)


def test_a_plain_role_is_told_in_one_note_what_postgres_lets_it_do_until_an_administrator_revokes_it(capsys, server, plain_url):
    victim = Victim(plain_url, 30)
    status, out, err = query(capsys, plain_url, f"select pg_terminate_backend({victim.pid}) as ended")
    assert not victim.survived() and status == 0  # what PostgreSQL allows: said, not fenced
    (note,) = err.splitlines()
    assert note.startswith("pokersql: note: query runs as pokersql_plain,")
    for told in ("pg_logical_emit_message", "pg_terminate_backend", "pg_cancel_backend", "docs/engines.md"):
        assert told in note, note
    (revokes,) = REVOKES.findall((Path(__file__).resolve().parents[1] / "docs" / "engines.md").read_text(encoding="utf-8"))
    done = server.psql(plain_url, revokes)  # the administrator: the server's superuser, in that database
    assert done.returncode == 0, done.stderr
    status, out, err = run(capsys, "--engine", "postgres", "--db", plain_url, "query", "select count(*) as n from cards", "--format", "csv")
    assert (status, out, err) == (0, "n\n52\n", "")
    before = wal_lsn(plain_url)
    refused(*query(capsys, plain_url, WAL_MESSAGE))
    victim = Victim(plain_url, 3)
    refused(*query(capsys, plain_url, f"select pg_terminate_backend({victim.pid}) as ended"))
    assert victim.survived() and messages_since(plain_url, before) == 0


@pytest.mark.parametrize(
    "sql", ["reset role", "listen x", "set role none", "prepare p as select 1", "commit", "vacuum", "discard all"]
)
def test_a_statement_that_returns_no_rows_is_refused_in_one_line(capsys, pg_url, sql):
    status, out, err = query(capsys, pg_url, sql)
    refused(status, out, err)
    assert f"refused {sql!r}" in err and "stream()" not in err


def test_query_stops_at_its_timeout_in_one_line(capsys, pg_url):
    started = time.monotonic()
    status, out, err = run(capsys, "--engine", "postgres", "--db", pg_url, "query", "--timeout", "1", "select count(*) from generate_series(1, 3e9)")
    assert status == 1 and out == "" and time.monotonic() - started < 20
    assert err == "pokersql: error: query stopped: it ran longer than its time limit of 1 s (query --timeout SECONDS gives it more; --timeout 0, no limit)\n"
    status, out, err = run(capsys, "--engine", "postgres", "--db", pg_url, "query", "show statement_timeout", "--format", "csv")
    assert (status, out) == (0, "statement_timeout\n5min\n"), err  # the default: 300 s
    status, out, err = run(capsys, "--engine", "postgres", "--db", pg_url, "query", "--timeout", "0", "show statement_timeout", "--format", "csv")
    assert (status, out) == (0, "statement_timeout\n0\n"), err


def test_a_killed_client_leaves_no_statement_running(pg_url):
    marker = "select count(*) as killed_client from generate_series(1, 3e10)"
    client = subprocess.Popen(
        [*pokersql_command(), "--engine", "postgres", "--db", pg_url, "query", "--timeout", "0", marker],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    watching = "select pid from pg_stat_activity where state = 'active' and query like '%killed_client%' and pid <> pg_backend_pid()"
    try:
        with psycopg.connect(pg_url, autocommit=True) as connection:
            deadline = time.monotonic() + 60
            while not connection.execute(watching).fetchall():
                assert client.poll() is None and time.monotonic() < deadline, "the query did not start"
                time.sleep(0.1)
            client.kill()
            client.wait()
            killed = time.monotonic()
            while connection.execute(watching).fetchall():
                assert time.monotonic() - killed < 10, "the statement still runs 10 s after its client was killed"
                time.sleep(0.2)
    finally:
        if client.poll() is None:
            client.kill()
            client.wait()


def test_an_import_whose_session_is_ended_says_one_line(built_postgres, tmp_path):
    """pg_terminate_backend while the import writes (psycopg's pipeline): pokersql's line only,
    not psycopg's log of the pipeline it could not end; no hand of the import is left."""
    url = built_postgres("import_ended")
    text = tmp_path / "generated.txt"
    histories_generate.write(text, 20_000, seed=5)
    importing = subprocess.Popen(
        [*pokersql_command(), "--engine", "postgres", "--db", url, "import", str(text)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    writing = "select pid from pg_stat_activity where state = 'active' and query like 'insert into history_%'"
    try:
        with psycopg.connect(url, autocommit=True) as connection:
            deadline = time.monotonic() + 120
            while not (pids := connection.execute(writing).fetchall()):
                assert importing.poll() is None and time.monotonic() < deadline, "the import wrote nothing"
                time.sleep(0.05)
            connection.execute("select pg_terminate_backend(%s)", (pids[0][0],))
        _, err = importing.communicate(timeout=60)
    finally:
        if importing.poll() is None:
            importing.kill()
            importing.wait()
    assert importing.returncode == 1, err
    (line,) = err.splitlines()
    assert line.startswith("pokersql: error: ") and ("terminating connection" in line or "closed" in line), err
    with psycopg.connect(url) as connection:  # the import's transaction rolled back
        assert connection.execute("select count(*) from history_hands").fetchone() == (0,)
