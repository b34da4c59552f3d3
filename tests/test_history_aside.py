"""The import's chunks computed aside (issue 46: pokersql/histories/aside.py): more connections
of the DuckDB database, each in a thread, compute the chunks in turn while the import's
connection hands them their rows and stores what they computed. The rows are those of one
connection, every stored table the same; a failure or Ctrl-C, in a lane or in the import, leaves
the database as it was and nothing behind (no temporary table or view, no connection, no
folder). A migration of 066 (a database imported before it) stores its hands aside too; a
transaction whose migrate applied a file before computes nothing aside."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import pytest

import pokersql
from pokersql import migrations
from pokersql.histories import aside, stored
from test_first_hour import default_limit
from test_history_pots import REAL
from test_history_stored import check_equal, counts

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import histories_generate  # noqa: E402  (bench/histories_generate.py)

TEMPORARY = ("select (select count(*) from duckdb_tables() where temporary) "
             "+ (select count(*) from duckdb_views() where temporary and not internal)")


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    """150 generated six-max hands, many all in (heads-up and multiway before the flop among them)."""
    path = tmp_path_factory.mktemp("aside") / "generated.txt"
    histories_generate.write(path, 150, seed=47, all_in=0.05)
    return path


def watching(monkeypatch) -> dict[str, list]:
    """What the asides of the test did: each chunk given (its lane, the chunks given by then)
    and DuckDB's memory limit as its lane counted it, each chunk taken (the chunks given by
    then), and the folders they made."""
    seen: dict[str, list] = {"given": [], "limits": [], "taken": [], "folders": []}
    real_count, real_take, real_mkdtemp = aside.Aside._count, aside.Aside._take_first, tempfile.mkdtemp

    def count(self, lane, chunk):
        seen["given"].append((chunk, lane))
        seen["limits"].append(self.connections[lane].execute("select current_setting('memory_limit')").fetchone()[0])
        return real_count(self, lane, chunk)

    def take(self):
        chunk = self.counting[0][1]
        given = max(given for _, given, _ in self.counting)
        real_take(self)
        seen["taken"].append((chunk, given))

    def mkdtemp(*args, **options):
        seen["folders"].append(Path(real_mkdtemp(*args, **options)))
        return str(seen["folders"][-1])

    real_fill = stored.fill  # in chunks of 40 hands (150 generated: 4 chunks)
    monkeypatch.setattr(stored, "fill", lambda engine, **options: real_fill(engine, 40, **options))
    monkeypatch.setattr(aside.Aside, "_count", count)
    monkeypatch.setattr(aside.Aside, "_take_first", take)
    monkeypatch.setattr(aside.tempfile, "mkdtemp", mkdtemp)
    monkeypatch.setattr(aside, "workers", lambda: 2)  # (two cores, whatever this process's affinity)
    monkeypatch.setattr(aside, "LANE_CHUNKS", 2)
    monkeypatch.setattr(aside, "LANES", 2)
    return seen


def stored_rows(db) -> dict[str, list[tuple]]:
    return {table: sorted(map(repr, db.engine.execute(f"select * from {table}"))) for table in [stored.HANDS, *stored.STORED]}


def nothing_left(db, seen) -> None:
    assert db.engine.execute(TEMPORARY) == [(0,)]
    assert db.engine._cursors == []
    assert seen["folders"] and not any(folder.exists() for folder in seen["folders"])


def test_the_rows_computed_aside_are_those_of_one_connection(built_database, generated, monkeypatch):
    """The same hands imported with and without the lanes, in chunks of 40 hands: the five
    stored tables hold the same rows, each its view's; each chunk was computed by a lane, in
    turn, the next one given before its rows were taken (both lanes at work), under the memory
    of two counts, DuckDB's own limit again after."""
    seen = watching(monkeypatch)
    with pokersql.connect(built_database("duckdb")) as db:
        limit = default_limit(db)
        db.import_histories([generated])
        check_equal(db)
        with_aside = stored_rows(db)
        nothing_left(db, seen)
        assert set(seen["limits"]) == {"1.1 GiB"}  # 768 + 512 MB (MORE_COUNT_MEMORY_MB), as DuckDB shows it
        assert default_limit(db) == limit != "1.1 GiB"
    preflop = [row for row in with_aside["stored_allin_ev"] if "'preflop'" in row]
    assert len(preflop) >= 20 and len(with_aside["stored_hand_stats"]) > 150 * 5
    assert sorted(seen["given"]) == [(0, 0), (1, 1), (2, 0), (3, 1)]
    assert seen["taken"] == [(0, 1), (1, 2), (2, 3), (3, 3)]  # each chunk taken once the next was given
    monkeypatch.setattr(aside, "LANE_CHUNKS", 5)  # too few chunks for the lanes: every hand in the import's connection
    with pokersql.connect(built_database("duckdb")) as db:
        db.import_histories([generated])
        assert stored_rows(db) == with_aside
        nothing_left(db, seen)
    assert len(seen["given"]) == 4


@pytest.mark.parametrize("raised", [KeyboardInterrupt, RuntimeError])
@pytest.mark.parametrize("where", ["aside", "import"])
def test_a_failure_leaves_the_database_as_it_was_and_nothing_behind(built_database, generated, monkeypatch, raised, where):
    """A failure in the second connection's count, or a Ctrl-C or error of the import's while
    it counts (a query of minutes, interrupted): the import raises it, the database is as it
    was, no temporary object, connection or folder is left, and the hands import again."""
    seen = watching(monkeypatch)
    real_count, real_take = aside.Aside._count, aside.Aside._take_first  # (the watched ones)
    if where == "aside":
        def count(self, lane, chunk):
            real_count(self, lane, chunk)
            raise raised("the aside failed")
    else:
        def count(self, lane, chunk):  # interrupted by close(), or it would take minutes
            self.connections[lane].execute("select count(*) from range(1000000000000)").fetchall()

        def take(self):  # (while the lanes count)
            raise raised("the import failed")

    with pokersql.connect(built_database("duckdb")) as db:
        db.import_histories(REAL[:1])
        before = counts(db)
        monkeypatch.setattr(aside.Aside, "_count", count)
        if where == "import":
            monkeypatch.setattr(aside.Aside, "_take_first", take)
        started = time.perf_counter()
        with pytest.raises(raised):
            db.import_histories([generated])
        assert time.perf_counter() - started < 60
        assert counts(db) == before and db.engine.execute("select count(*) from history_hands")[0][0] == before[stored.HANDS]
        nothing_left(db, seen)
        monkeypatch.setattr(aside.Aside, "_count", real_count)
        monkeypatch.setattr(aside.Aside, "_take_first", real_take)
        db.import_histories([generated])
        check_equal(db)
        nothing_left(db, seen)


def unapplied_066(db) -> None:
    """The database as one imported before 066: its five tables and its record gone (committed)."""
    with db.engine.transaction():
        for table in (*stored.STORED, stored.HANDS):
            db.engine.execute(f"drop table {table}")
        db.engine.execute("delete from schema_history where script = '066_history_stored_tally.sql'")


def applied(db) -> list[str]:
    return [script for (script,) in db.engine.execute("select script from schema_history order by installed_rank")]


def test_a_migration_of_066_stores_the_hands_held_aside(built_database, generated, monkeypatch):
    """A database imported before 066: `migrate` stores every hand held by the lanes (over a
    million hands a third faster than the migration's one connection: docs/development.md), the
    same rows as the import stored. A failure in a lane leaves the database as it was (no 066,
    no stored table); and where a file is applied before 066 in the same migration (its rows
    and views not committed), the hands are stored in the migration's connection, the same rows."""
    seen = watching(monkeypatch)
    with pokersql.connect(built_database("duckdb")) as db:
        db.import_histories([generated])
        imported = stored_rows(db)
        unapplied_066(db)
        before = applied(db)
        real_count = aside.Aside._count

        def count(self, lane, chunk):
            real_count(self, lane, chunk)
            raise RuntimeError("the lane failed")

        monkeypatch.setattr(aside.Aside, "_count", count)
        with pytest.raises(RuntimeError, match="the lane failed"):
            db.migrate()
        assert applied(db) == before and stored.HANDS not in db.engine.object_types()
        nothing_left(db, seen)
        monkeypatch.setattr(aside.Aside, "_count", real_count)
        seen["given"].clear()
        assert [f.script for f in db.migrate()] == ["066_history_stored_tally.sql"]
        assert stored_rows(db) == imported
        check_equal(db)
        assert sorted(seen["given"]) == [(0, 0), (1, 1), (2, 0), (3, 1)]  # each chunk by a lane
        nothing_left(db, seen)
        unapplied_066(db)  # and 065 to apply again first (its checksum not the file's)
        with db.engine.transaction():
            db.engine.execute("update schema_history set checksum = 'x' where script = '065_history_reports.views.sql'")
        seen["given"].clear()
        # (the view files after them in the run order, 068 on, are applied again with them)
        after = [f.script for f in migrations.sql_files()]
        after = [script for script in after[after.index("066_history_stored_tally.sql") + 1:] if script.endswith(".views.sql")]
        assert "068_game_registry.views.sql" in after
        assert [f.script for f in db.migrate()] == ["065_history_reports.views.sql", "066_history_stored_tally.sql", *after]
        assert seen["given"] == [] and stored_rows(db) == imported


def test_only_where_the_second_connection_reads_what_the_import_reads(built_database, generated, monkeypatch):
    """No aside on one core or with LANES 0, nor where the transaction recorded a migration (its files' tables
    and rows not committed: the second connection would read others), nor by default (064's
    fill, a migration's that changes rows the views read)."""
    started: list = []
    real_start = aside.Aside.start.__func__

    def start(cls, *args):
        started.append(real_start(cls, *args))
        return started[-1]

    monkeypatch.setattr(aside.Aside, "start", classmethod(start))
    monkeypatch.setattr(aside, "workers", lambda: 2)  # (two cores, whatever this process's affinity)
    monkeypatch.setattr(aside, "LANES", 2)
    real_fill = stored.fill  # in chunks of 40 hands (150 generated: 4 chunks)
    monkeypatch.setattr(stored, "fill", lambda engine, **options: real_fill(engine, 40, **options))
    with pokersql.connect(built_database("duckdb")) as db:
        db.import_histories([generated])
        assert started and all(isinstance(one, aside.Aside) for one in started)
        monkeypatch.setattr(stored, "fill", real_fill)
        no_step = lambda run: None  # (start returns before a step is given a connection)  # noqa: E731
        assert aside.Aside.start(db.engine, 1, no_step, no_step, {}) is None  # one chunk: no lane
        monkeypatch.setattr(aside, "workers", lambda: 1)  # one core (parallel.workers: the process's affinity)
        assert aside.Aside.start(db.engine, 4, no_step, no_step, {}) is None
        monkeypatch.setattr(aside, "workers", lambda: 2)
        monkeypatch.setattr(aside, "LANES", 0)  # none asked for
        assert aside.Aside.start(db.engine, 4, no_step, no_step, {}) is None
        monkeypatch.setattr(aside, "LANES", 2)
        with db.engine.transaction():
            db.engine.execute("update schema_history set checksum = checksum || 'x' where script = '031_hand_street_equities.views.sql'")
            assert aside.Aside.start(db.engine, 4, no_step, no_step, {}) is None
            db.engine.execute("delete from stored_hands")
            for table in stored.STORED:
                db.engine.execute(f"delete from {table}")
            started.clear()
            assert stored.fill(db.engine) > 0 and started == []
            check_equal(db)
            db.engine.execute("update schema_history set checksum = rtrim(checksum, 'x') where script = '031_hand_street_equities.views.sql'")
        assert db.engine._cursors == []
