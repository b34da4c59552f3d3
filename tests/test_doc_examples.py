"""Every SQL example of the README and docs/ is run, as written, in the real shell, and prints
what the page shows: the `duckdb` program of the duckdb-cli test dependency, `sqlite3`, and
`psql` on the session's PostgreSQL server (tests/pg_server.py). The
README's other terminal sessions (the CLI's) are run too.

A session is a ```console block (tests/doc_sessions.py reads and runs it). Each runs in a
directory of its own holding copies of built databases, poker.duckdb and poker.sqlite, and
sql/ as in the repository's root; `psql poker` reaches a database `poker` made new for it.
docs/pipeline.md is left out: its generator runs its SQL (tests/test_pipeline_docs.py).

An example marked `<!-- pending: FEATURE -->` uses what another branch adds: it must fail
here for that reason alone, so that the test fails, telling to take the mark off, once the
feature has arrived.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from doc_sessions import BIN, ROOT, SQL_PIPE, Session, assert_as_shown, clean, run, sessions, workspace  # tests/doc_sessions.py

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("doc_examples")]

GENERATED = {"pipeline.md", "cli.md"}
PAGES = [ROOT / "README.md", *sorted(path for path in (ROOT / "docs").glob("*.md") if path.name not in GENERATED)]
# what a pending example fails with, until its feature is merged
PENDING_FAILURES = {"sql --recipe": "No such option '--recipe'"}


def examples() -> list[Session]:
    """The sessions that run SQL in a shell, on any page; and every session of the README."""
    found = []
    for page in PAGES:
        found += [s for s in sessions(page) if page.name == "README.md" or s.runs_sql()]
    return found


EXAMPLES = examples()


# SQL blocks that another test takes from the page and runs: the page, that test, and how each
# such block starts (the administrator's revokes need a superuser: test_postgres_sandbox.py).
RUN_ELSEWHERE = {"engines.md": ("tests/test_postgres_sandbox.py", "revoke execute on function")}


def test_every_sql_example_is_a_session_that_runs():
    """No SQL left in a block that is not run: every SQL example is a console session, or one of
    the blocks that another test reads from its page and runs (RUN_ELSEWHERE)."""
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        blocks = re.findall(r"```sql\n\s*(.*?)```", text, re.DOTALL)
        test, start = RUN_ELSEWHERE.get(page.name, ("", None))
        assert all(start and block.startswith(start) for block in blocks), f"{page.name}: an SQL block that no test runs: make it a console session"
        if blocks:
            assert f'"{page.name}"' in (ROOT / test).read_text(encoding="utf-8"), f"{test} no longer reads {page.name}"
        for block in re.findall(r"```(?:bash|sh|shell)\n(.*?)```", text, re.S):
            assert not SQL_PIPE.search(block), f"{page.name}: SQL piped into a shell outside a session: {block}"
    assert {s.page.name for s in EXAMPLES} >= {"README.md", "sql.md", "own-hands.md", "ranges.md", "engines.md"}


@pytest.fixture(scope="module")
def databases(built_database, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("doc-databases")
    for engine, name in (("duckdb", "poker.duckdb"), ("sqlite", "poker.sqlite")):
        Path(built_database(engine)).rename(folder / name)
    return folder


def environment(session: Session, request) -> dict[str, str]:
    """For psql: the session's server, and a new database `poker` on it."""
    if not any("psql" in command.text for _, command, _ in session.steps):
        return {}
    server = request.getfixturevalue("server")  # the session's (conftest.py)
    server.create_database("poker")
    return {"PGHOST": str(server.directory), "PGPORT": str(server.port), "PGUSER": "postgres", "PATH": os.pathsep.join([str(server.bin), str(BIN), os.environ["PATH"]])}


@pytest.mark.parametrize("session", EXAMPLES, ids=[s.name for s in EXAMPLES])
def test_the_example_prints_what_the_page_shows(session, databases, tmp_path, request):
    directory = workspace(databases, tmp_path / "session", session)
    results = run(session, directory, environment(session, request))
    if session.pending:
        failures = [stderr for _, _, stderr, status in results if status]
        assert failures and PENDING_FAILURES[session.pending] in failures[0], (
            f"{session.name} is marked pending on '{session.pending}', which works now: take the mark off"
        )
        return
    assert_as_shown(session, results)


def test_a_wrong_output_on_the_page_is_caught(databases, tmp_path):
    """The comparison bites: the README's first SQL session with one digit changed fails."""
    session = next(s for s in EXAMPLES if s.page.name == "README.md" and "duckdb" in s.shells())
    statement = next(st for _, _, statements in session.steps for st in statements if st.output)
    statement.output = [re.sub(r"\d", lambda m: str((int(m.group()) + 1) % 10), line, count=1) for line in statement.output]
    results = run(session, workspace(databases, tmp_path / "session", session))
    assert any(clean(out) != clean("\n".join(step.output)) for step, out, _, _ in results if step is statement)


def unordered(statement: str) -> bool:
    """A query that returns rows with no order given: they come back in any order."""
    text = statement.strip().strip("\"'").strip().lower()
    return text.startswith(("select", "with", "from")) and "order by" not in text


def test_every_query_of_the_examples_says_its_order():
    """Without `order by`, DuckDB returns a file's rows in the order its threads finish."""
    every = [session for page in PAGES for session in sessions(page)]  # the CLI's sessions too
    queries = [st.text for s in every for _, _, statements in s.steps for st in statements]
    queries += [command.text.split("query", 1)[1] for s in every for _, command, _ in s.steps if "pokersql query" in command.text]
    assert len(queries) > 20 and not [query for query in queries if unordered(query)]
    recipes = sorted((ROOT / "sql" / "recipes").glob("*.sql"))
    assert recipes and all("order by" in path.read_text(encoding="utf-8").rsplit(";", 2)[-2].lower() for path in recipes)
    assert unordered(" \"select * from hands\"") and not unordered("select * from hands order by hand_rank")
