"""The runner's guarantees, written once and run on every engine (issue 22's conformance suite):
the history records every file, an applied file that is edited is refused, and a file that
fails leaves the database as it was, seen from a new connection, and applies once mended.

DuckDB and SQLite on files of the test's own; PostgreSQL on a database of the test's own on the
session's server (the xdist group "postgres"); Spark on a warehouse directory of the test's own
(the group "spark", one JVM). What only one engine has (SQLite's transaction state, Spark's
catalog file, what a file cannot be transpiled for) stays in that engine's own test file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import pokersql
from pokersql import migrations
from pokersql.errors import DatabaseError, MigrationError

ENGINES = [
    "duckdb",
    "sqlite",
    pytest.param("postgres", marks=pytest.mark.xdist_group("postgres")),
    pytest.param("spark", marks=pytest.mark.xdist_group("spark")),
]


@pytest.fixture(params=ENGINES)
def kind(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def new_database(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """An empty database of the test's own: a file, a directory (Spark) or a URL (PostgreSQL)."""
    if kind == "postgres":
        return request.getfixturevalue("server").create_database(_name(request))
    return str(tmp_path / f"new.{kind}")


@pytest.fixture
def built(kind: str, request: pytest.FixtureRequest) -> str:
    """A copy of a database the SQL files built, the session's (conftest.py)."""
    if kind == "postgres":
        return request.getfixturevalue("built_postgres")(_name(request))
    if kind == "spark":
        return request.getfixturevalue("built_spark")()
    return request.getfixturevalue("built_database")(kind)


def _name(request: pytest.FixtureRequest) -> str:
    return request.node.name[:50].lower().replace("[", "_").replace("]", "")


@contextmanager
def opened(kind: str, target: str) -> Iterator[pokersql.Database]:
    with pokersql.connect(target, engine=kind) as database:
        yield database


def write(directory: Path, files: dict[str, str]) -> Callable[[], list[migrations.SqlFile]]:
    """Write the files into ``directory``; returns what reads them again (sql_files)."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (directory / name).write_text(text, encoding="utf-8")
    return lambda: migrations.sql_files(directory)


def scripts(database: pokersql.Database) -> list[str]:
    return [s for (s,) in database.engine.execute("select script from schema_history order by installed_rank")]


def test_the_history_records_every_file_the_engine_runs(kind: str, built: str) -> None:
    files = [f for f in migrations.sql_files() if f.runs_on(kind)]
    with opened(kind, built) as database:
        rows = database.engine.execute(
            "select version, script, checksum, success, execution_ms from schema_history order by installed_rank"
        )
        assert [(v, s, c) for v, s, c, _, _ in rows] == [(f.version, f.script, f.checksum) for f in files]
        assert all(success in (True, 1) and ms >= 0 for *_, success, ms in rows)
        assert database.migrate() == []


def test_an_edited_applied_file_is_refused_and_a_byte_order_mark_is_no_edit(kind: str, new_database: str, tmp_path: Path) -> None:
    files = write(tmp_path / "sql", {"001_one.sql": "create table one (x integer);\n"})
    with opened(kind, new_database) as database:
        assert [f.script for f in migrations.migrate(database.engine, files())] == ["001_one.sql"]
        files = write(tmp_path / "sql", {"001_one.sql": "create table one (x bigint);\n"})
        with pytest.raises(MigrationError, match=r"^001_one\.sql was edited after it was applied") as raised:
            migrations.migrate(database.engine, files())
        assert "\n" not in str(raised.value)
        # Only a byte-order mark and other line ends: the same file.
        files = write(tmp_path / "sql", {"001_one.sql": "\ufeffcreate table one (x integer);\r\n"})
        assert migrations.migrate(database.engine, files()) == []
        assert scripts(database) == ["001_one.sql"]


def test_a_failed_file_leaves_the_database_as_it_was(kind: str, new_database: str, tmp_path: Path) -> None:
    """The failed migration had made a table and written rows to it, appended a row to a table
    that was there, dropped another and made a view again: all of it is undone (on Spark, which
    has no transactions, by pokersql itself)."""
    directory = tmp_path / "sql"
    files = write(
        directory,
        {
            "001_one.sql": (
                "create table one (x integer);\n"
                "insert into one values (1);\n"
                "create table spare (x integer);\n"
                "insert into spare values (7);\n"
            ),
            "002_kept.views.sql": "create view kept as select x from one;\n",
        },
    )
    with opened(kind, new_database) as database:
        migrations.migrate(database.engine, files())
        catalog = _spark_catalog(kind, new_database)
        files = write(
            directory,
            {
                "002_kept.views.sql": "create view kept as select x, x + 1 as y from one;\n",  # applied again
                "003_broken.sql": (
                    "create table two (x integer);\n"
                    "insert into two values (2);\n"
                    "insert into one values (2);\n"
                    "drop table spare;\n"
                    "select * from missing_table;\n"
                ),
            },
        )
        with pytest.raises(MigrationError, match=r"^003_broken\.sql failed: .*missing_table") as raised:
            migrations.migrate(database.engine, files())
        assert isinstance(raised.value.__cause__, DatabaseError)
        assert "\n" not in str(raised.value)
    # Seen from a new connection: nothing of the failed migration stayed.
    with opened(kind, new_database) as database:
        assert set(database.engine.relation_names()) == {"schema_history", "one", "spare", "kept"}
        assert database.engine.execute("select x from one") == [(1,)]
        assert database.engine.execute("select x from spare") == [(7,)]
        assert database.engine.execute("select * from kept") == [(1,)]
        assert scripts(database) == ["001_one.sql", "002_kept.views.sql"]
        assert _spark_catalog(kind, new_database) == catalog
        if kind == "spark":
            assert not (Path(new_database) / "two").exists()  # the table's files went with it
    # Mended, the files apply.
    files = write(directory, {"003_broken.sql": "create table two (x integer);\n"})
    with opened(kind, new_database) as database:
        assert [f.script for f in migrations.migrate(database.engine, files())] == ["002_kept.views.sql", "003_broken.sql"]
        assert database.engine.execute("select x, y from kept") == [(1, 2)]


def _spark_catalog(kind: str, target: str) -> str | None:
    """Spark's catalog file (its tables' schemas and its views), written only when a migration
    succeeded; None on the other engines."""
    if kind != "spark":
        return None
    from pokersql.engines.spark.storage import CATALOG_FILE

    return (Path(target) / CATALOG_FILE).read_text(encoding="utf-8")
