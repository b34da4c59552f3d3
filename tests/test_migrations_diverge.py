"""Migrations that cannot diverge (issue 22, part 5).

- A checksum ignores comments and whitespace (strings, quoted names and optimizer hints kept):
  a comment in a versioned file can be corrected; its SQL still cannot be edited.
- A database whose schema_history holds the checksums 0.1.x recorded (the sha256 of the whole
  text) opens with no refusal and nothing applied or rebuilt.
- The tables built from a view file are built again when it changes (006 hand_classes from 005,
  then hands, best_by_*, suit_reduced_*, and preflop_matchups, filled from 025), in the same
  transaction, and every audit passes afterwards.
- The run order: every file runs after the files it reads.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

import pokersql
from pokersql import MigrationError, migrations
from test_audits import AUDITS, DUCKDB_ONLY, run_audit
from test_migrations import built, source, sql_copy  # noqa: F401 (fixtures: a built database's copy, an editable sql/)

COMMENT_014 = "random_hand_input"  # a word of 014's opening comment, and a table it creates


def edit(path: Path, old: str, new: str) -> None:
    """OLD's first occurrence only (a word of a comment may also be a table's name)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def history(db) -> list[tuple]:
    return db.engine.execute("select installed_rank, version, type, script, checksum from schema_history order by installed_rank")


# -- the checksum ------------------------------------------------------------


def test_comments_and_whitespace_are_not_part_of_the_checksum():
    text = "create view v as\nselect 1 as x, -- one\n    2 as y /* two */\nfrom t;\n"
    assert migrations.checksum(text) == migrations.checksum("/* a view */\ncreate  view v as select 1 as x,\n2 as y from t;")
    assert migrations.checksum(text).startswith("v2:")
    assert migrations.checksum(text) != migrations.checksum(text.replace("2 as y", "3 as y"))
    # whitespace between two words is kept as one space: it is not nothing
    assert migrations.checksum("select a from t") != migrations.checksum("select afrom t")


@pytest.mark.parametrize(
    "sql",
    [
        "select '-- not a comment' as x",
        "select '/* not a comment */' as x",
        "select 'it''s -- still the string' as x",
        'select 1 as "a-- bc", 2 as "c/*d*/"',
        "select /*+ BROADCAST(t) */ * from t",  # Spark's hint: code, not a comment
        "select 1 /* never closed",
        "select 'never closed -- x",
    ],
)
def test_what_looks_like_a_comment_inside_quotes_or_a_hint_is_part_of_the_checksum(sql):
    """Each text, and the same with one character changed after the `--` or `/*`: two checksums."""
    marker = sql.index("--") if "--" in sql else sql.index("/*")
    changed = sql[: marker + 3] + ("Z" if sql[marker + 3] != "Z" else "Y") + sql[marker + 4 :]
    assert migrations.checksum(sql) != migrations.checksum(changed)
    # and a real comment after it is still left out; after a quote never closed, nothing is a comment
    closed = not sql.startswith("select 'never closed")
    assert (migrations.checksum(sql + "\n-- a comment\n") == migrations.checksum(sql + "\n")) == closed


def test_statements_are_found_past_a_string_that_holds_a_comment_marker(tmp_path):
    (tmp_path / "001_t.sql").write_text(
        "create table t (x varchar);\ninsert into t values ('-- /* x');\n\ncreate table u (y integer);\n", encoding="utf-8"
    )
    (sql_file,) = migrations.sql_files(tmp_path)
    assert [(kind, name) for kind, name, _ in sql_file.definitions()] == [("table", "t"), ("table", "u")]


# Versioned files added after the change to v2 checksums: no 0.1.x database recorded them.
VERSIONED_SINCE_V2 = ("026_hand_class_lists.duckdb.sql", "028_hand_histories.sql", "033_game_tables.sql", "041_games.sql", "043_history_more.sql", "045_low_classes.sql", "046_split_games.sql", "055_odds_tables.sql", "057_history_site_said.sql", "061_history_game_names.sql", "064_history_site_games.sql", "066_history_stored_tally.sql", "067_history_unknown_results.sql")


def test_every_versioned_file_is_one_that_0_1_recorded_comments_aside():
    """A versioned file's SQL never changes, only its comments may: its checksum today is the v2
    checksum of a text 0.1.x recorded (LEGACY_CHECKSUMS), unless it was added since
    (VERSIONED_SINCE_V2, which 0.1.x could not know). View files may change (applied again)."""
    recorded = set(migrations.LEGACY_CHECKSUMS.values())
    versioned = [f for f in migrations.sql_files() if not f.repeatable]
    assert len(versioned) >= 10
    assert set(VERSIONED_SINCE_V2) <= {f.script for f in versioned}
    for sql_file in versioned:
        assert (sql_file.checksum in recorded) != (sql_file.script in VERSIONED_SINCE_V2), sql_file.script


def old_checksum(sql_file: migrations.SqlFile) -> str | None:
    """What 0.1.x recorded of a text with today's SQL, comments aside: its whole-text sha256 when
    that is today's text, else one of LEGACY_CHECKSUMS of the same v2 checksum (its comments since
    corrected); None when no text 0.1.x knew has today's SQL (a view file changed since)."""
    whole = hashlib.sha256(sql_file.text.encode("utf-8")).hexdigest()
    if migrations.LEGACY_CHECKSUMS.get(whole) == sql_file.checksum:
        return whole
    return next((old for old, new in sorted(migrations.LEGACY_CHECKSUMS.items()) if new == sql_file.checksum), None)


# -- a database, old and new ---------------------------------------------------


def write_old_checksums(db) -> None:
    """schema_history as 0.1.x (dd4d228) recorded it: the sha256 of each file's whole text, for
    every file whose SQL 0.1.x knew (every versioned file among them)."""
    with db.engine.transaction():
        for sql_file in migrations.sql_files():
            old = old_checksum(sql_file)
            if old is not None:
                db.engine.execute("update schema_history set checksum = ? where script = ?", (old, sql_file.script))


def test_a_database_with_old_checksums_opens_with_nothing_refused_or_rebuilt(built, engine_name, sql_copy):
    with pokersql.connect(built, engine=engine_name) as db:
        write_old_checksums(db)
        before = history(db)
        # versioned files (those 0.1.x knew)
        assert not any(row[4].startswith("v2:") for row in before if row[1] is not None and row[3] not in VERSIONED_SINCE_V2)
    # read-only, it is read as it is: nothing pending, so nothing written (no row upgraded)
    with pokersql.connect(built, engine=engine_name, read_only=True) as db:
        assert db.deal(players=4, seed=2010).winners == [3]
        assert db.engine.read_only and history(db) == before
    with pokersql.connect(built, engine=engine_name) as db:
        assert db.migrate() == []
        assert db.deal(players=4, seed=2010).winners == [3]
        assert history(db) == before  # nothing applied, nothing rebuilt, no row rewritten
        # a comment corrected in a versioned file since (014's) and in a view file (005's)
        edit(source(sql_copy, "014_equity_input.sql"), COMMENT_014, COMMENT_014 + " (corrected)")
        edit(source(sql_copy, "005_hand_evaluation.views.sql"), "*/", " Corrected. */")
        assert migrations.migrate(db.engine, migrations.sql_files(sql_copy)) == []
        assert history(db) == before
        # its SQL edited: refused as ever
        edit(source(sql_copy, "014_equity_input.sql"), "create table dead_input", "create table dead_input_edited")
        with pytest.raises(MigrationError, match=r"^014_equity_input.sql was edited after it was applied .*add a new one instead$"):
            migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        assert history(db) == before


def test_a_comment_in_a_versioned_file_can_be_corrected_its_sql_cannot(built, engine_name, sql_copy):
    with pokersql.connect(built, engine=engine_name) as db:
        before = history(db)
        assert all(row[4].startswith("v2:") for row in before)
        edit(source(sql_copy, "014_equity_input.sql"), COMMENT_014, COMMENT_014 + " (corrected)")
        assert (source(sql_copy, "014_equity_input.sql")).read_text() != (source(migrations.sql_directory(), "014_equity_input.sql")).read_text()
        assert migrations.migrate(db.engine, migrations.sql_files(sql_copy)) == []
        edit(source(sql_copy, "014_equity_input.sql"), "card_id integer primary key", "card_id bigint primary key")
        with pytest.raises(MigrationError) as raised:
            migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        assert str(raised.value).startswith("014_equity_input.sql was edited after it was applied (checksum v2:")
        assert history(db) == before


# -- tables built from a view file ---------------------------------------------

# (066's stored tables too: the history views that fill them rank hands by 005's)
DERIVED = ["006_hand_classes.sql", "008_hands.sql", "010_best_hand_ranks.sql", "012_holdem_tables.sql", "022_preflop_matchups.sql", "033_game_tables.sql", "066_history_stored_tally.sql"]
# and on DuckDB, the lists its macros read, laid out from 006's and 010's tables
DERIVED_ON_DUCKDB = ["026_hand_class_lists.duckdb.sql"]
# One row taken out of a table of each file built from 005, and one put into the table filled from 025.
TAMPER = [
    "delete from hand_classes where hand_rank = 7462",
    "delete from hands where hand_rank = 1",
    "delete from best_by_values where hand_rank = 7462",
    "delete from suit_reduced_five where hand_rank = 1",
    "insert into preflop_matchups values (48, 44, 40, 36, 1, 0, 0)",
]
COUNTED = ["hand_classes", "hands", "best_by_values", "suit_reduced_five", "preflop_matchups"]
# A harmless edit of 005's SQL: the same column, named again.
EDIT_005 = ("    evaluation.is_flush\nfrom hand_evaluation_7", "    evaluation.is_flush as is_flush\nfrom hand_evaluation_7")


def counts(db) -> list[int]:
    return [db.engine.execute(f"select count(*) from {table}")[0][0] for table in COUNTED]


def tamper(db) -> None:
    with db.engine.transaction():
        for statement in TAMPER:
            db.engine.execute(statement)


def test_editing_005_rebuilds_the_tables_built_from_it_and_every_audit_passes(built, engine_name, sql_copy):
    with pokersql.connect(built, engine=engine_name) as db:
        files = migrations.sql_files(sql_copy)
        assert migrations.migrate(db.engine, files) == []
        built_counts = counts(db)
        assert built_counts[0] == 7462 and built_counts[1] == 2_598_960 and built_counts[4] == 0
        before = history(db)
        tamper(db)
        derived = DERIVED + (DERIVED_ON_DUCKDB if engine_name == "duckdb" else [])
        if engine_name == "duckdb":
            db.engine.execute("delete from hand_class_lists")  # its one row
        assert counts(db) != built_counts
        assert migrations.migrate(db.engine, migrations.sql_files(sql_copy)) == []  # nothing edited: nothing rebuilt
        edit(source(sql_copy, "005_hand_evaluation.views.sql"), *EDIT_005)
        applied = migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        assert counts(db) == built_counts  # every table built again from 005, the filled one emptied
        if engine_name == "duckdb":
            assert db.engine.execute("select hand_rank('As Ks Qs Js Ts'), hand_rank('7d 5c 4h 3s 2d')") == [(1, 7462)]
        views = [f.script for f in files if f.repeatable and f.number >= 5 and f.runs_on(engine_name)]
        in_run_order = [f.script for f in files if f.script in {*views, *derived}]  # each after the files it reads
        assert [f.script for f in applied] == in_run_order
        rows = history(db)
        assert rows[: len(before)] == before
        new = [(script, kind) for _, _, kind, script, _ in rows[len(before) :]]
        assert new == [(script, "rebuilt" if script in derived else "repeatable") for script in in_run_order]
        for audit in AUDITS:
            if engine_name == "duckdb" or audit.name not in DUCKDB_ONLY:
                assert run_audit(db, audit) == [], audit.name
        assert migrations.migrate(db.engine, migrations.sql_files(sql_copy)) == []


def test_a_view_file_no_table_reads_rebuilds_nothing(built_database, sql_copy):
    with pokersql.connect(built_database("duckdb")) as db:
        tamper(db)
        tampered = counts(db)
        edit(source(sql_copy, "009_hand_frequencies.views.sql"), "from hand_categories", "from hand_categories as hand_categories")
        applied = migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        assert applied and all(f.repeatable for f in applied)
        assert counts(db) == tampered


def test_a_failed_rebuild_leaves_the_database_as_it_was(built_database, sql_copy):
    with pokersql.connect(built_database("duckdb")) as db:
        tamper(db)
        tampered, before = counts(db), history(db)
        edit(source(sql_copy, "005_hand_evaluation.views.sql"), *EDIT_005)
        edit(source(sql_copy, "009_hand_frequencies.views.sql"), "from hand_categories", "from no_such_table")
        with pytest.raises(MigrationError, match="009_hand_frequencies.views.sql failed"):
            migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        assert counts(db) == tampered and history(db) == before


def test_the_lookup_tables_first_use_rebuilds_everything_built_from_an_edited_view_file(built_database, sql_copy, monkeypatch):
    """Evaluating a hand applies only the files its lookup tables need (files_for); when a view
    file changed under tables built from it, it rebuilds all of them (hands too), or the ones
    left out would never follow the edit."""
    built = built_database("duckdb")
    with pokersql.connect(built) as db:
        built_counts = counts(db)
        tamper(db)
    edit(source(sql_copy, "005_hand_evaluation.views.sql"), *EDIT_005)
    monkeypatch.setattr(migrations, "sql_directory", lambda: sql_copy)
    with pokersql.connect(built) as db:
        assert db.evaluate("As Ks Qs Js Ts").category == "Royal Flush"
    with pokersql.connect(built) as db:
        db.migrate()
        assert counts(db) == built_counts


# -- the run order -------------------------------------------------------------


def test_every_file_reads_only_files_before_it():
    """The order that holds (the run order, a versioned file after the view files it reads):
    cat $(cat sql/run_order.txt) builds everything, and a rebuilt table's inputs are in place first."""
    files = migrations.sql_files()
    numbers = {f.script: place for place, f in enumerate(files)}
    for script, read in migrations.file_reads(files).items():
        later = [other for other in read if numbers[other] > numbers[script]]
        assert not later, f"{script} reads {later}"
    # Flyway would apply every versioned file before every view file: not with 006 reading 005's
    # views, nor 066 (the stored tables) the history views
    readers = {script for script, read in migrations.file_reads(files).items() if not script.endswith(".views.sql") and any(r.endswith(".views.sql") for r in read)}
    assert readers == {"006_hand_classes.sql", "066_history_stored_tally.sql"}
