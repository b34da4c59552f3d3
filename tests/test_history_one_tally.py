"""One tally (issue 44): a database of the layout before 065, where 032's and 044's views read
030's Hold'em payouts and 063 made the stored tables (which the import filled from 062's tally,
the views' text rewritten: stored.READ_AS, gone), migrated to today's files: the stored rows are
what they were, 066 takes 063's tables as its own, and every view queried directly gives its
stored table's rows, on hands of two boards and Omaha's, where the sites say what each player
collected and where they say nothing."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import pokersql
from pokersql import migrations
from pokersql.histories import stored
from test_history_stored import own_file

ROOT = Path(__file__).resolve().parents[1]
FPDB = ROOT / "tests" / "histories" / "fpdb" / "cash"
# the last commit of the layout before: 032 and 044 whole, 063 in sql/20_tracker_stored
BEFORE = "a61bde5"
OLD_FILES = ("histories/032_hand_allin_ev.views.sql", "tracker/044_hand_stats.views.sql", "20_tracker_stored/063_history_stored.sql")
NEW_FILES = ("tracker/065_history_reports.views.sql", "tracker/066_history_stored_tally.sql")
FILES = [  # two boards (Hold'em, Split Hold'em, Omaha, Courchevel Hi/Lo), then Omaha's side pots and Hi/Lo
    "GGPoker/Flop/PLO-6max-USD-2-5-202101.RIT.txt", "GGPoker/Flop/PLO5-6max-USD-25-50-202104.RIT.txt",
    "Stars/Flop/NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt", "Stars/Flop/NLHE-Split-6max-USD-1.00-2.00-201803.txt",
    "Stars/Flop/PL-Courchevel-HL-6max-USD-1.00-2.00-201303.Run.It.Twice.txt",
    "Stars/Flop/PLO-6max-USD-200-400-201505.rit.leaves.table.txt",
    "Stars/Flop/PLO-FR-USD-0.01-0.02-201006.sidepots.txt", "Stars/Flop/PLO8-6max-USD-0.01-0.02-200911.txt",
]
NAMES = [stored.HANDS, *stored.STORED]


def _old_sql(folder: Path) -> Path:
    """sql/ as it was at BEFORE: today's files, with 032, 044 and 063 as they were, and no 065, 066."""
    sql = folder / "sql"
    shutil.copytree(migrations.sql_directory(), sql)
    for name in NEW_FILES:
        (sql / name).unlink()
    for name in OLD_FILES:
        try:
            # the file where it was at BEFORE (the stage folders then: 07_histories/, 09_tracker/ ...)
            listed = subprocess.run(["git", "ls-tree", "-r", "--name-only", BEFORE, "sql"], cwd=ROOT, capture_output=True, text=True,
                                    check=True).stdout.split()
            was = next(path for path in listed if path.endswith("/" + Path(name).name))
            text = subprocess.run(["git", "show", f"{BEFORE}:{was}"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        except (OSError, subprocess.CalledProcessError) as e:  # a copy of the sources without git's history
            pytest.skip(f"no git history to read sql/{name} at {BEFORE}: {e}")
        (sql / name).parent.mkdir(exist_ok=True)
        (sql / name).write_text(text, encoding="utf-8")
    return sql


def _files_of_the_tracker(every: list[migrations.SqlFile]) -> list[migrations.SqlFile]:
    """What the stored tables need, and the files that add to the history's tables (043, 057)."""
    needed = {f.script for f in migrations.files_for(["stored_hands", "stored_hand_stats", "stored_allin_ev", "history_game_payouts"], every)}
    needed |= {"043_history_more.sql", "057_history_site_said.sql", "064_history_site_games.sql"}
    return [f for f in every if f.script in needed]


def _rows(db, name: str) -> list[tuple]:
    return sorted(db.engine.execute(f"select * from {name}"), key=repr)


def _same_as_views(db) -> None:
    for table, view in stored.STORED.items():
        assert db.engine.execute(f"select count(*) from (select * from {view} except all select * from {table}) as d") == [(0,)], view
        assert db.engine.execute(f"select count(*) from (select * from {table} except all select * from {view}) as d") == [(0,)], view


@pytest.mark.parametrize("site_said", [True, False], ids=["collected", "nothing_collected"])
def test_a_database_of_063_migrates_to_the_same_stored_rows(tmp_path, site_said):
    old = migrations.sql_files(_old_sql(tmp_path))
    assert "063_history_stored.sql" in {f.script for f in old}
    path = str(tmp_path / "old.duckdb")
    with pokersql.connect(path) as db:
        migrations.migrate(db.engine, files=_files_of_the_tracker(old))
        db.import_histories([*(FPDB / name for name in FILES), own_file(tmp_path)])  # (ours: all-in Hold'em hands)
        if not site_said:  # a site that writes no collected line: the payouts' won is all there is
            with db.engine.transaction():
                db.engine.execute("update history_results set collected = null, collected_second_board = null")
                for table in NAMES:
                    db.engine.execute(f"delete from {table}")
                stored.fill(db.engine)
        # what the import stored before (063's tables, filled from 062's tally where the old views
        # read 030's payouts: READ_AS), computed again by the old views reading the tally in its place
        db.engine.execute("create temporary view history_payouts as select * from history_game_payouts")
        before = {name: _rows(db, name) for name in NAMES}
        for table, view in stored.STORED.items():
            assert _rows(db, view) == before[table], view
        db.engine.execute("drop view temp.history_payouts")
        # the old views, read directly, are 030's where the sites said nothing: not the stored rows
        differs = db.engine.execute("select count(*) from (select * from history_player_hands except all select * from stored_player_hands) as d")
        assert (differs[0][0] > 0) == (not site_said), differs
        every = _files_of_the_tracker(migrations.sql_files())
        applied = [f.script for f in migrations.migrate(db.engine, files=every)]
        assert applied[-2:] == ["065_history_reports.views.sql", "066_history_stored_tally.sql"], applied
        assert "032_hand_allin_ev.views.sql" in applied and "044_hand_stats.views.sql" in applied
        assert migrations.migrate(db.engine, files=every) == []
        after = {name: _rows(db, name) for name in NAMES}
        assert after == before
        assert len(after["stored_hands"]) > 20 and len(after["stored_allin_ev"]) > 0
        _same_as_views(db)
        assert "history_seat_actions" in db.engine.object_types()


def test_a_database_of_063_with_stored_rows_up_to_date_takes_066_as_its_own(tmp_path):
    """Where no view file that 066 reads changed since 063 was applied (063's tables filled from
    today's views), 066 is recorded as a baseline: its tables are 063's, rows and all."""
    every = _files_of_the_tracker(migrations.sql_files())
    old = {f.script: f for f in migrations.sql_files(_old_sql(tmp_path))}
    path = str(tmp_path / "db.duckdb")
    with pokersql.connect(path) as db:
        migrations.migrate(db.engine, files=every)
        db.import_histories([*(FPDB / name for name in FILES[:3]), own_file(tmp_path)])
        before = {name: _rows(db, name) for name in NAMES}
        # the history as a database that applied 063 (and not 066) after today's view files records it
        db.engine.execute("update schema_history set version = 63, script = '063_history_stored.sql', checksum = ?"
                          " where script = '066_history_stored_tally.sql'", (old["063_history_stored.sql"].checksum,))
        plan = migrations.plan(db.engine, every)
        assert ([f.script for f in plan.baseline], plan.apply, plan.drop_tables) == (["066_history_stored_tally.sql"], [], [])
        assert [f.script for f in migrations.migrate(db.engine, files=every)] == []
        assert db.engine.execute("select type from schema_history where script = '066_history_stored_tally.sql'") == [("baseline",)]
        assert {name: _rows(db, name) for name in NAMES} == before
        assert not migrations.plan(db.engine, every)
