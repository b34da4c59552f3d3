"""Shared fixtures: one migrated database per engine, and the reference counts.

The expensive part (the versioned SQL files, ``hands`` included) runs once per engine
for the whole session. Tests that change the database do it inside
``db.engine.scratch()``, a transaction that is always rolled back, so the shared
database stays as the SQL files left it.

To test another engine, add its name to ENGINES (it must be a key of
``pokersql.engines.ENGINES``); every test that takes ``db`` or ``engine_name`` then
runs once per engine.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest
import sqlglot

import pokersql
from pokersql.cli import main

ENGINES = ["duckdb", "sqlite"]

# How much of the many-hands tests (many deals, every hand through the article's
# pipeline) each engine runs. SQLite deals and ranks 20 to 100 times slower than
# DuckDB, so it runs a tenth; the statistics still have the power they need.
VOLUME = {"duckdb": 1.0, "sqlite": 0.1}

# The project's own copy of the exact combinatorial counts (shared/reference/exact_counts.json).
REFERENCE = Path(__file__).resolve().parent / "reference" / "exact_counts.json"


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [
        f"pokersql engines under test: {', '.join(ENGINES)}",
        f"duckdb {duckdb.__version__}, sqlite {sqlite3.sqlite_version}, sqlglot {sqlglot.__version__}",
        f"spark (tests/test_spark.py, one worker): pyspark {_version_of('pyspark')}",
    ]


def _version_of(package: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return "NOT INSTALLED (its tests fail)"


@pytest.fixture(scope="session", params=ENGINES)
def db(request: pytest.FixtureRequest):
    """A migrated in-memory pokersql database (``hands`` built), shared by the session."""
    database = pokersql.connect(engine=request.param)
    database.migrate()
    yield database
    database.close()


@pytest.fixture(scope="session")
def volume(db) -> float:
    """The share of the many-hands work that db's engine runs (see VOLUME)."""
    return VOLUME.get(db.engine.name, 1.0)


@pytest.fixture(params=ENGINES)
def engine_name(request: pytest.FixtureRequest) -> str:
    """The engine of a test that opens databases of its own (files in tmp_path)."""
    return request.param


@pytest.fixture(scope="session")
def built_database(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], str]:
    """A factory: ``built_database("duckdb")`` is the path of a fresh copy of a fully migrated
    database file of that engine. Each engine's file is built once per session, then copied."""
    templates: dict[str, Path] = {}

    def copy(engine: str = "duckdb") -> str:
        if engine not in templates:
            template = tmp_path_factory.mktemp(f"built-{engine}") / f"poker.{engine}"
            with pokersql.connect(str(template), engine=engine) as database:
                database.migrate()
            templates[engine] = template
        target = tmp_path_factory.mktemp(f"copy-{engine}") / templates[engine].name
        shutil.copyfile(templates[engine], target)
        return str(target)

    return copy


@pytest.fixture(scope="module")
def db_file(built_database: Callable[[str], str]) -> str:
    """A built DuckDB database file that the tests of one module share (their own copy)."""
    return built_database("duckdb")


@pytest.fixture
def run(db_file: str, capsys: pytest.CaptureFixture):
    """Run the CLI in-process on the test module's own ``db_file``; returns (exit status, stdout, stderr)."""

    def _run(*args: str) -> tuple[int, str, str]:
        status = main(["--db", db_file, *args])
        captured = capsys.readouterr()
        return status, captured.out, captured.err

    return _run


@pytest.fixture(scope="session")
def exact_counts_path() -> Path:
    """tests/reference/exact_counts.json: a missing reference fails every test that needs it."""
    assert REFERENCE.is_file(), f"reference counts not found at {REFERENCE}"
    return REFERENCE


@pytest.fixture(scope="session")
def exact_counts(exact_counts_path: Path) -> dict:
    return json.loads(exact_counts_path.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def five_card_reference(exact_counts: dict) -> dict:
    """The five-card part of the reference, with its categories keyed by points."""
    five = exact_counts["five_card"]
    return {
        "total": five["total"],
        "distinct_ranks": five["distinct_ranks"],
        "categories": {c["points"]: c for c in five["categories"]},
    }
