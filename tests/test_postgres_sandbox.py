"""PostgreSQL: query over a superuser's URL cannot leave its read-only role (issue 21).

A role set inside the session is no boundary (``reset role``, ``set local role``,
``set_config('role', ...)``): query logs in as pokersql_reader, a member of
pg_read_all_data only. Each route the red team took is a test of its own, through the real
command line on a real server (tests/pg_server.py), and none may leave a file behind.
"""

from __future__ import annotations

import psycopg
import pytest

from pokersql.cli import main
from pokersql.engines.postgres import READER_ROLE

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
