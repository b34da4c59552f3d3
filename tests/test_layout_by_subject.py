"""Issue 64: sql/ laid out by subject. A database that the code before the move built (main's
pokersql and main's sql/, in their stage folders: 01_article to 21_one_tally) with imported hands
and stored statistics opens with today's layout with nothing applied again: schema_history
identifies a file by its name and number, never by its folder."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

import pokersql
from pokersql import migrations


ROOT = Path(__file__).resolve().parents[1]
# the last commit with the stage folders (main before issue 64's move)
BEFORE_THE_MOVE = "82cd10e0560c4572363b4db3e2c0793577ebb8c3"  # main before the move: the stage folders, every SQL file's text as now
HANDS = ROOT / "tests" / "histories" / "pluribus_30.txt"
ADDED_SINCE = {"067_history_unknown_results.sql", "068_game_registry.views.sql", "069_own_card_deals.views.sql", "070_split_deal_frequencies.views.sql", "071_split_frequencies.views.sql"}  # the files added after the move (issue 66's, 64's)


COUNTED = ("history_hands", "history_actions", "stored_hands", "stored_player_hands", "hands", "hand_classes")


def rebuilt_from_views() -> set[str]:
    """The versioned files whose tables are built from a view file (006 from 005, the stored
    tables of 066 from 062 and 065, ...): made again when such a view file changes, their rows
    the same (tests/test_migrations_diverge.py); no other versioned file is applied again."""
    files = migrations.sql_files()
    return {f.script for f in migrations.derived_files([f for f in files if f.repeatable], files)}


def counts(db) -> dict[str, int]:
    return {table: db.engine.execute(f"select count(*) from {table}")[0][0] for table in COUNTED}


@pytest.mark.slow  # a full build by the old code (17 s): in the scale step
def test_a_database_of_the_stage_folders_opens_with_nothing_applied_again(tmp_path):
    old = tmp_path / "old"
    old.mkdir()
    try:
        archive = subprocess.run(["git", "archive", BEFORE_THE_MOVE, "pokersql", "sql"], cwd=ROOT, capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError) as e:  # a copy of the sources without git's history (as test_history_one_tally)
        pytest.skip(f"no git history to read the code at {BEFORE_THE_MOVE}: {e}")
    subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
    assert (old / "sql" / "01_article" / "001_cards.sql").is_file()
    database = tmp_path / "old.duckdb"
    for command in (["migrate"], ["import", str(HANDS)]):
        done = subprocess.run([sys.executable, "-m", "pokersql", "--db", str(database), *command],
                              cwd=old, env={"PYTHONPATH": str(old), "PATH": "/usr/bin:/bin", "POKERSQL_CACHE_DIR": ""},
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    with pokersql.connect(str(database)) as db:
        # read before today's code touches it (connect itself migrates: nothing to do)
        history = db.engine.execute("select installed_rank, version, type, script, checksum from schema_history order by installed_rank")
    assert {f.script for f in migrations.sql_files()} - {row[3] for row in history} == ADDED_SINCE
    with pokersql.connect(str(database)) as db:
        before = counts(db)
        assert before["history_hands"] > 0 and before["stored_hands"] == before["history_hands"]
        applied = db.migrate()
        # no versioned file applied again but those added since, the stored tables (066) made again
        # from the views changed since (062, 065) and filled from every hand held, and the other
        # tables built from a view file that changed since (rebuilt_from_views)
        added_versioned = {script for script in ADDED_SINCE if not script.endswith(".views.sql")}
        again = {f.script for f in applied if not f.repeatable}
        assert added_versioned | {"066_history_stored_tally.sql"} <= again <= added_versioned | rebuilt_from_views()
        after = db.engine.execute("select installed_rank, version, type, script, checksum from schema_history order by installed_rank")
        assert after[: len(history)] == history
        assert counts(db) == before
        assert db.migrate() == []


# main when issue 64's second half began (the SQL laid out by subject; its views not yet deduplicated)
BEFORE_THE_CORE = "7cbfdadafeb22b3304d9b76da849bb9ccadc05d4"


def _run(tree: Path, database: Path, *command: str) -> str:
    """pokersql of the source tree ``tree`` as a whole process; its standard output."""
    done = subprocess.run([sys.executable, "-m", "pokersql", "--db", str(database), *command],
                          cwd=tree, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "POKERSQL_CACHE_DIR": ""},
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow  # a full build by the old code: in the scale step
def test_a_database_of_the_core_before_its_views_changed_keeps_every_hand_and_statistic(tmp_path):
    """A database that main built at BEFORE_THE_CORE, with imported hands and everything stored,
    opens with today's code: no versioned file applied again but the tables built from a view
    file that changed (rebuilt_from_views), and every hand, stored row and statistic the same:
    `stats` and `history` print, in JSON, what the old code printed."""
    old = tmp_path / "old"
    old.mkdir()
    try:
        archive = subprocess.run(["git", "archive", BEFORE_THE_CORE, "pokersql", "sql"], cwd=ROOT, capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError) as e:  # a copy of the sources without git's history
        pytest.skip(f"no git history to read the code at {BEFORE_THE_CORE}: {e}")
    subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
    database = tmp_path / "old.duckdb"
    _run(old, database, "migrate")
    _run(old, database, "import", str(HANDS))
    said = {command: _run(old, database, command, "--format", "json") for command in ("stats", "history")}
    read = "select version, script, checksum from schema_history where type = 'versioned' and success order by installed_rank"
    with duckdb.connect(str(database), read_only=True) as con:  # as the old code left it
        versioned = con.execute(read).fetchall()
        before = {table: con.execute(f"select count(*) from {table}").fetchone()[0] for table in COUNTED}
    assert before["history_hands"] > 0 and before["stored_hands"] == before["history_hands"]
    with pokersql.connect(str(database)) as db:
        db.migrate()
        now = db.engine.execute(read)
        # no versioned file applied again but the tables built from a view file that changed
        assert {row[1] for row in now if row not in versioned} <= rebuilt_from_views()
        assert counts(db) == before
        assert db.migrate() == []
    for command, printed in said.items():
        assert json.loads(_run(ROOT, database, command, "--format", "json")) == _a_cent_apart(json.loads(printed)), command


def _a_cent_apart(printed, key: str = ""):
    """What the old code printed, but bb/100, which it summed as doubles in the rows' order (a
    value on a rounding edge printed either cent; tests/test_history_stats.py), may be a cent off."""
    if isinstance(printed, dict):
        return {k: _a_cent_apart(v, k) for k, v in printed.items()}
    if isinstance(printed, list):
        return [_a_cent_apart(v, key) for v in printed]
    if key == "bb_per_100" and isinstance(printed, float):
        return pytest.approx(printed, abs=0.0100001)
    return printed
