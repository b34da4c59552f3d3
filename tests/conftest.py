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

import fcntl
import json
import os
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest
import sqlglot

import pokersql
from pokersql import places
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
        f"spark (tests/test_spark.py, tests/test_spark_stats.py, one worker): pyspark {_version_of('pyspark')}",
    ]


def _version_of(package: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return "NOT INSTALLED (its tests fail)"


@pytest.fixture(scope="session", autouse=True)
def transpile_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run's transpile cache (pokersql/transpile.py), shared by its xdist workers and the
    programs they start: each SQL file is transpiled once a run, not once a build, and nothing
    is written under the home folder."""
    run_folder = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_folder = run_folder.parent
    os.environ["POKERSQL_CACHE_DIR"] = str(run_folder / "cache")
    return run_folder / "cache"


@pytest.fixture(scope="session", autouse=True)
def data_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The user's data folder, where the CLI keeps its default database (pokersql/places.py):
    a folder of this worker's for the whole run (XDG_DATA_HOME, HOME where platformdirs reads
    that instead), for the tests and the programs they start; never the real user's."""
    home = tmp_path_factory.mktemp("home")
    os.environ["XDG_DATA_HOME"] = str(home / ".local" / "share")
    if not places.data_folder().is_relative_to(home):  # macOS: ~/Library/Application Support
        os.environ["HOME"] = str(home)
    assert places.data_folder().is_relative_to(home), places.data_folder()
    return places.data_folder()


@pytest.fixture(scope="session", params=ENGINES)
def db(request: pytest.FixtureRequest, built_database: Callable[[str], str]):
    """A migrated pokersql database (``hands`` built), shared by the session: a copy of the built file."""
    database = pokersql.connect(built_database(request.param, for_the_session=True), engine=request.param)
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
    database file of that engine. Each engine's file is built once per test run, by the first
    xdist worker that needs it (the others wait for it, under a lock), then copied.
    ``built_database.applied("duckdb")`` is the scripts that build's migrate() returned, in order.
    A copy is removed when the test or module that made it ends (COPIES, below); a session
    fixture asks for one that lasts: ``built_database("duckdb", for_the_session=True)``."""
    shared = _run_folder(tmp_path_factory) / "built"
    shared.mkdir(exist_ok=True)

    def template(engine: str) -> Path:
        def build(building: Path) -> None:
            with pokersql.connect(str(building), engine=engine) as database:
                applied = database.migrate()
            (shared / f"applied.{engine}.json").write_text(json.dumps([f.script for f in applied]), encoding="utf-8")

        return _made_once(shared / f"poker.{engine}", build)

    def applied(engine: str = "duckdb") -> list[str]:
        template(engine)
        return json.loads((shared / f"applied.{engine}.json").read_text(encoding="utf-8"))

    def copy(engine: str = "duckdb", *, for_the_session: bool = False) -> str:
        source = template(engine)
        target = tmp_path_factory.mktemp(f"copy-{engine}") / source.name
        shutil.copyfile(source, target)
        if not for_the_session:  # a session fixture's copy lasts the run
            COPIES.append(target.parent)
        return str(target)

    copy.applied = applied
    return copy


def _made_once(path: Path, make: Callable[[Path], None]) -> Path:
    """``path``, made by ``make(building)`` (then renamed) by the first xdist worker of the run
    that asks for it; the others wait for it, under a lock."""
    with open(path.with_name(f"{path.name}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            building = path.with_name(f"building.{path.name}")
            building.unlink(missing_ok=True)
            make(building)
            building.rename(path)
    return path


@pytest.fixture(scope="session")
def built_once(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, Callable[[Path], None]], str]:
    """A factory: ``built_once(name, make)`` is the path of a fresh copy of the database file
    ``name`` that ``make(path)`` writes, made once per test run, by the first xdist worker that
    needs it (the others wait for it, under a lock); the copy goes as built_database's do."""
    shared = _run_folder(tmp_path_factory) / "built"
    shared.mkdir(exist_ok=True)

    def copy(name: str, make: Callable[[Path], None]) -> str:
        source = _made_once(shared / name, make)
        target = tmp_path_factory.mktemp("copy-once") / name
        shutil.copyfile(source, target)
        COPIES.append(target.parent)
        return str(target)

    return copy


def _run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run's temporary folder, shared by its xdist workers."""
    run_folder = tmp_path_factory.getbasetemp()
    return run_folder.parent if os.environ.get("PYTEST_XDIST_WORKER") else run_folder


# Every copy of a built database made in the run (60 to 130 MB each), in the order made. Kept,
# the run's copies took 22 to 30 GB of /tmp and a run failed on a full disk: a copy made during
# a test (by it or its function fixtures) is removed when the test ends, one made for a module
# when the module ends (the session's last until the run's end).
COPIES: list[Path] = []


def _remove_copies_made_since(mark: int) -> None:
    while len(COPIES) > mark:
        shutil.rmtree(COPIES.pop(), ignore_errors=True)


@pytest.fixture(scope="module", autouse=True)
def _module_copies_removed():
    mark = len(COPIES)
    yield
    _remove_copies_made_since(mark)


@pytest.fixture(autouse=True)
def _test_copies_removed():
    mark = len(COPIES)
    yield
    _remove_copies_made_since(mark)


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


# -- the two steps: the quick one (the README's command) and the engines at scale (-m scale) -------

# The checks at scale, marked `scale`: the README's `pytest -q` leaves them out (addopts'
# `-m "not scale"`, pyproject.toml) and .ci/run runs them first, as `pytest -q -m scale`; both
# steps must pass. They are the tests marked `slow` (each builds or scans every hand, or builds the
# package, or drives the shells or a browser); every test of these xdist groups (a PostgreSQL
# server and a Spark JVM started and pokersql built on each, the preflop table's full build; the
# tracker's heaviest imports: the fpdb corpus through PHH and back, money over the corpus, 2,000
# generated hands); each check's SQLite copy (its engine parameter, its name or its module says
# sqlite: DuckDB's, the default's, stays in the quick step); and these modules, the tracker's
# lanes and the migrations of older databases, which import and store thousands of hands.
SCALE_GROUPS = ("postgres", "spark", "preflop", "generated", "phh_round_trip", "fpdb_money")
SCALE_MODULES = ("test_history_aside.py", "test_history_one_tally.py")


def _group_of(item: pytest.Item) -> str | None:
    mark = item.get_closest_marker("xdist_group")
    return (mark.args[0] if mark.args else mark.kwargs.get("name")) if mark else None


def _at_scale(item: pytest.Item) -> bool:
    callspec = getattr(item, "callspec", None)
    on_sqlite = callspec is not None and any(value == "sqlite" for value in callspec.params.values() if isinstance(value, str))
    return (
        item.get_closest_marker("slow") is not None
        or _group_of(item) in SCALE_GROUPS
        or item.path.name in SCALE_MODULES
        or on_sqlite
        or "sqlite" in item.path.name
        or "sqlite" in getattr(item, "originalname", item.name)
    )


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _at_scale(item):
            item.add_marker(pytest.mark.scale)


# -- a real PostgreSQL server (tests/pg_server.py), one per session and xdist worker --------------

# The test being set up now (pytest_runtest_setup), for the session fixtures that check its group.
RUNNING: list[pytest.Item] = []


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    RUNNING[:] = [item]


def _started_in_its_group(what: str, groups: tuple[str, ...]) -> None:
    """A session's server or JVM is started by a test of its xdist group: one started by another
    test is a second one on another worker (minutes of a build on the two-core machine)."""
    if not RUNNING:
        return
    group = _group_of(RUNNING[0])
    assert group in groups, (
        f"{RUNNING[0].nodeid} starts {what} outside the xdist group {groups[0]!r}: "
        f"mark it pytest.mark.xdist_group({groups[0]!r})"
    )


@pytest.fixture(scope="session")
def server():
    from pg_server import Server

    _started_in_its_group("the session's PostgreSQL server", ("postgres", "doc_examples"))
    running = Server()
    try:
        running.start()
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def built_postgres(server) -> Callable[[str], str]:
    """A factory: ``built_postgres(name)`` is the URL of a new database ``name`` on the server, a
    copy of one with pokersql's objects built (hands and the 7-card tables), built once."""
    template = "pokersql_built"
    url = server.create_database(template)
    with pokersql.connect(url, engine="postgres") as database:
        database.migrate()

    def copy(name: str) -> str:
        return server.create_database(name, template=template)

    return copy


@pytest.fixture(scope="session")
def pg_url(built_postgres: Callable[[str], str]) -> str:
    """A built database on the server, shared by the session."""
    return built_postgres("pokersql")


@pytest.fixture
def fresh_url(server, request: pytest.FixtureRequest) -> str:
    """An empty database of the test's own on the server."""
    return server.create_database(request.node.name[:50].lower().replace("[", "_").replace("]", ""))


@pytest.fixture(scope="session")
def pg(pg_url: str):
    database = pokersql.connect(pg_url, engine="postgres")
    yield database
    database.close()


# -- Spark (local mode), on one xdist worker: mark its tests xdist_group("spark") ------------------


@pytest.fixture(scope="session")
def built_spark(tmp_path_factory: pytest.TempPathFactory) -> Callable[[], str]:
    """A factory: ``built_spark()`` is the path of a fresh copy of a fully migrated Spark warehouse
    (a directory: its tables' Parquet files, found by their place in it, and the catalog file),
    built once per session."""
    built: list[Path] = []

    def copy() -> str:
        if not built:
            _started_in_its_group("a Spark warehouse's build", ("spark",))
            template = tmp_path_factory.mktemp("built-spark") / "poker.spark"
            with pokersql.connect(str(template), engine="spark") as database:
                database.migrate()
            built.append(template)
        target = tmp_path_factory.mktemp("copy-spark") / "poker.spark"
        shutil.copytree(built[0], target)
        return str(target)

    return copy
