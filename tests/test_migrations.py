"""The runner of the SQL files, on fresh database files in tmp_path.

Versioned files (tables and data) are applied once and refused when edited; view
files are applied again when edited, with the view files after them; a migration
is one transaction. A database built without pokersql is adopted; one built by the
pre-release schema is refused, and rebuilt on request without touching the user's tables.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import pokersql
from pokersql import DatabaseError, MigrationError, migrations, shell_sql
from pokersql.cli import main
from pokersql.transpile import table_macros


def database_file(tmp_path: Path, engine_name: str) -> str:
    return str(tmp_path / f"test.{engine_name}")


@pytest.fixture
def sql_copy(tmp_path: Path) -> Path:
    """A copy of the SQL files that a test may edit."""
    directory = tmp_path / "sql"
    shutil.copytree(migrations.sql_directory(), directory)
    return directory


@pytest.fixture
def built(engine_name: str, built_database) -> str:
    """A database file the SQL files built (a copy of the session's), for the test's engine."""
    return built_database(engine_name)


def source_files(engine: str = "duckdb") -> list[Path]:
    """The SQL files an engine runs, in the order sql/run_order.txt lists them (the order a shell
    reads them: `cat $(cat sql/run_order.txt)`): a .duckdb. file runs on DuckDB only."""
    root = migrations.sql_directory()
    paths = [root.parent / line for line in (root / "run_order.txt").read_text(encoding="utf-8").split()]
    return [p for p in paths if engine == "duckdb" or ".duckdb." not in p.name]


def source(directory: Path, name: str) -> Path:
    """The file ``name`` in the subject folders of a copy of sql/ (or of sql/ itself)."""
    (path,) = directory.glob(f"*/{name}")
    return path


def history(db) -> list[tuple]:
    return db.engine.execute(
        "select installed_rank, version, description, type, script, checksum, applied_at, execution_ms, success "
        "from schema_history order by installed_rank"
    )


def tables(db) -> set[str]:
    """The tables and views the database holds, on any engine."""
    return set(db.engine.relation_names())


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_file_names_give_the_run_order():
    """Each file in its subject's folder, numbered: the numbers unique, with no gap but a retired
    file's (migrations.RETIRED_FILES: 063, whose tables 066 makes); sql/run_order.txt, what a
    shell reads, lists the runner's order; and that order follows what each file reads."""
    files = migrations.sql_files()
    paths = source_files()
    assert [f.script for f in files] == [p.name for p in paths]
    assert [f.path for f in files] == [p.relative_to(migrations.sql_directory()).as_posix() for p in paths]
    assert all(re.fullmatch(r"\d{3}_[a-z0-9_]+(\.duckdb)?(\.views)?\.sql", p.name) for p in paths)
    retired = [int(name[:3]) for name in migrations.RETIRED_FILES]
    assert sorted([f.number for f in files] + retired) == list(range(1, len(files) + len(retired) + 1))
    assert not set(migrations.RETIRED_FILES) & {f.script for f in files}
    assert set(migrations.RETIRED_FILES.values()) <= {f.script for f in files if not f.repeatable}
    folders = sorted(p.name for p in migrations.sql_directory().iterdir() if p.is_dir())
    assert folders == sorted([*migrations.SUBJECT_FOLDERS, *migrations.NOT_PIPELINE])
    assert all(f.path.count("/") == 1 and f.path.split("/")[0] in migrations.SUBJECT_FOLDERS for f in files)
    # every folder holds files; no SQL file left outside a subject folder
    assert {f.path.split("/")[0] for f in files} == set(migrations.SUBJECT_FOLDERS)
    assert not list(migrations.sql_directory().glob("*.sql"))
    placed = {f.script: i for i, f in enumerate(files)}
    for script, read in migrations.file_reads(files).items():
        assert all(placed[other] < placed[script] for other in read), f"{script} runs before {read}"


def test_each_subject_in_one_place():
    """Issue 64: the history and stored objects in two folders (histories, tracker), and the
    objects named for equity in two (equity, and the histories' street and all-in equities)."""
    folders: dict[str, set[str]] = {"history": set(), "equity": set()}
    for sql_file in migrations.sql_files():
        for _, name, _ in sql_file.definitions():
            if name.startswith(("history_", "stored_")):
                folders["history"].add(sql_file.path.split("/")[0])
            if "equity" in name or "equities" in name:
                folders["equity"].add(sql_file.path.split("/")[0])
    assert folders == {"history": {"histories", "tracker"}, "equity": {"equity", "histories"}}


def write_files(directory: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (directory / name).parent.mkdir(parents=True, exist_ok=True)
        (directory / name).write_text(text, encoding="utf-8")
    return directory


def test_the_run_order_follows_what_files_read(tmp_path):
    """A file numbered before the file whose view it reads runs after it; where nothing forces an
    order, by number: and the database it builds answers."""
    directory = write_files(tmp_path / "sql", {
        "b/001_base.sql": "create table base (x integer);\ninsert into base values (1), (2);\n",
        "a/002_top.views.sql": "create view top_view as select total * 10 as t from middle_view;\n",
        "c/003_unrelated.sql": "create table unrelated (y integer);\n",
        "c/004_middle.views.sql": "create view middle_view as select sum(x) as total from base;\n",
    })
    files = migrations.sql_files(directory)
    assert [f.number for f in files] == [1, 3, 4, 2]
    with pokersql.connect(":memory:") as db:
        migrations.migrate(db.engine, files)
        assert db.engine.execute("select t from top_view") == [(30,)]


def test_a_cycle_or_a_second_creator_is_refused_by_name(tmp_path):
    cycle = write_files(tmp_path / "cycle", {
        "a/001_one.views.sql": "create view one_view as select * from two_view;\n",
        "a/002_two.views.sql": "create view two_view as select * from one_view;\n",
    })
    with pytest.raises(MigrationError, match=r"cycle: a/001_one.views.sql \(reads 002_two.views.sql\)"):
        migrations.sql_files(cycle)
    twice = write_files(tmp_path / "twice", {
        "a/001_one.sql": "create table same (x integer);\n",
        "b/002_two.sql": "create table same (y integer);\n",
    })
    with pytest.raises(MigrationError, match="a/001_one.sql and b/002_two.sql both create same"):
        migrations.sql_files(twice)
    shared = write_files(tmp_path / "shared", {"a/001_one.sql": "create table one (x integer);\n",
                                                  "b/001_other.sql": "create table other (x integer);\n"})
    with pytest.raises(MigrationError, match="share a number.*a/001_one.sql, b/001_other.sql"):
        migrations.sql_files(shared)


def test_no_file_is_over_about_300_lines():
    """Issue 22: a file is read whole; the longest (003) holds the deal's hash and its shuffles."""
    lengths = {f.path: f.text.count("\n") for f in migrations.sql_files()}
    assert max(lengths.values()) <= 330, max(lengths.items(), key=lambda item: item[1])


def test_every_object_is_created_once_and_nothing_is_dropped():
    seen: dict[str, str] = {}
    for sql_file in migrations.sql_files():
        definitions = sql_file.definitions()
        # a file that creates nothing adds columns or rows (064's) to a table of a versioned file before it
        added_rows = re.findall(r"^\s*insert\s+into\s+(\w+)", migrations.without_comments(sql_file.text), re.IGNORECASE | re.MULTILINE)
        assert definitions or sql_file.added_columns() or added_rows, f"{sql_file.script} creates nothing"
        if not definitions:
            assert all(table in seen for table in added_rows) and not sql_file.repeatable, f"{sql_file.script} adds rows to {added_rows}"
        for table, _ in sql_file.added_columns():  # a column added to a table of a file before
            assert table in seen and not sql_file.repeatable, f"{sql_file.script} alters {table}"
        for kind, name, _ in definitions:
            assert name not in seen, f"{name} is created in {seen[name]} and again in {sql_file.script}"
            seen[name] = sql_file.script
            # views live in view files, tables in versioned files
            assert (kind == "table") != sql_file.repeatable, f"{kind} {name} in {sql_file.script}"
        code = re.sub(r"/\*.*?\*/|--[^\n]*", "", sql_file.text, flags=re.DOTALL)
        assert not re.search(r"\bdrop\s+(table|view|macro)\b", code, re.IGNORECASE), sql_file.script
        assert not re.search(r"\bcreate\s+or\s+replace\b", code, re.IGNORECASE), sql_file.script
    assert {"cards", "hands", "hand_classes", "poker_table", "equity", "seven_card_hand_keys"} <= set(seen)


def test_applies_every_file_and_records_it(built_database, engine_name):
    """A new file migrated: the session's build (conftest.py), what its migrate() returned and
    the history it wrote (in a copy of its file)."""
    with pokersql.connect(built_database(engine_name), engine=engine_name) as db:
        applied = built_database.applied(engine_name)
        paths = source_files(engine_name)
        assert applied == [p.name for p in paths]
        rows = history(db)
        assert len(rows) == len(paths)
        for installed, (row, path) in enumerate(zip(rows, paths), start=1):
            rank, version, description, kind, script, digest, applied_at, execution_ms, success = row
            number = int(path.name[:3])
            assert script == path.name
            assert rank == installed  # the order of installing (a DuckDB-only file is not installed on SQLite)
            if path.name.endswith(".views.sql"):
                assert (version, kind) == (None, "repeatable")
            else:
                assert (version, kind) == (number, "versioned")
            assert description == path.name[4:].split(".")[0].replace("_", " ")
            assert digest == migrations.checksum(path.read_text(encoding="utf-8"))
            assert applied_at is not None
            assert execution_ms >= 0
            assert success in (True, 1)
        assert {"cards", "hand_categories", "deal_settings", "hand_classes", "hands", "equity"} <= tables(db)


def test_second_migrate_applies_nothing(built, engine_name):
    path = built
    with pokersql.connect(path, engine=engine_name) as db:
        before = history(db)
        assert db.migrate() == []
        assert history(db) == before
    # and after reopening the file
    with pokersql.connect(path, engine=engine_name) as db:
        assert db.migrate() == []


def test_edited_versioned_file_is_refused(built, engine_name, sql_copy):
    with pokersql.connect(built, engine=engine_name) as db:
        assert migrations.migrate(db.engine, migrations.sql_files(sql_copy)) == []
        before = history(db)
        edited = source(sql_copy, "002_deal_settings.sql")
        # its SQL, not a comment (a comment is not part of the checksum)
        edited.write_text(edited.read_text(encoding="utf-8") + "\ninsert into digits (digit) values (10);\n", encoding="utf-8")
        # a pending file beside the edited one must not be applied either
        (sql_copy / "998_pending.sql").write_text("create table pending_marker (x integer);\n", encoding="utf-8")
        with pytest.raises(MigrationError) as raised:
            migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        message = str(raised.value)
        assert "002_deal_settings.sql" in message and "was edited" in message
        assert "\n" not in message
        assert history(db) == before
        assert "pending_marker" not in tables(db)


def test_edited_view_file_is_applied_again_with_the_view_files_after_it(built, engine_name, sql_copy):
    """Editing a view's one definition is the whole change: migrate applies it, and its result changes."""
    with pokersql.connect(built, engine=engine_name) as db:
        files = migrations.sql_files(sql_copy)
        assert migrations.migrate(db.engine, files) == []
        deal = db.engine.execute("select player, cards, hand_rank, place from poker_table order by player")
        assert db.engine.execute("select result from poker_table where place = 1") == [("wins",)]
        before = history(db)
        # the article's wording of a win, in the view that writes it (007)
        edit(source(sql_copy, "007_player_ranking.views.sql"), "then 'wins'", "then 'wins the pot'")
        applied = migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        later_views = [f.script for f in files if f.repeatable and f.number >= 7 and f.only_on in (None, engine_name)]
        assert [f.script for f in applied] == later_views
        assert db.engine.execute("select result from poker_table where place = 1") == [("wins the pot",)]
        assert db.engine.execute("select player, cards, hand_rank, place from poker_table order by player") == deal
        rows = history(db)
        assert rows[: len(before)] == before  # history is appended to, never rewritten
        assert [row[4] for row in rows[len(before) :]] == later_views
        assert {row[3] for row in rows[len(before) :]} == {"repeatable"}
        assert migrations.migrate(db.engine, migrations.sql_files(sql_copy)) == []


def test_an_upstream_view_edit_recreates_its_dependents(built, engine_name, sql_copy):
    """hand_points (005) gains a column; the views that read it (007, 011, ...) are created again and
    work, and the tables built from it (006, ...) are built again (tests/test_migrations_diverge.py)."""
    with pokersql.connect(built, engine=engine_name) as db:
        assert migrations.migrate(db.engine, migrations.sql_files(sql_copy)) == []
        deal = db.engine.execute("select player, cards, hand_rank, place from poker_table order by player")
        edit(
            source(sql_copy, "005_hand_evaluation.views.sql"),
            "    evaluation.rank_key,\n    evaluation.is_flush\nfrom hand_evaluation_7",
            "    evaluation.rank_key,\n    evaluation.is_flush,\n    'edited' as note\nfrom hand_evaluation_7",
        )
        applied = migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        assert [f.script for f in applied][0] == "005_hand_evaluation.views.sql"
        # the view files, and the versioned files whose tables are built from 005's views (issue 22)
        # (on DuckDB, 026's lists too: they are laid out from 010's tables; and 066's stored
        # tables, filled from the history views, which rank hands by 005's)
        assert {f.script for f in applied if not f.repeatable} == {
            "006_hand_classes.sql", "008_hands.sql", "010_best_hand_ranks.sql", "012_holdem_tables.sql", "022_preflop_matchups.sql",
            "033_game_tables.sql", "066_history_stored_tally.sql",
        } | ({"026_hand_class_lists.duckdb.sql"} if engine_name == "duckdb" else set())
        assert db.engine.execute("select distinct note from hand_points") == [("edited",)]
        assert db.engine.execute("select player, cards, hand_rank, place from poker_table order by player") == deal


def test_views_an_earlier_version_of_a_file_made_are_dropped_when_it_is_applied_again(built, engine_name, sql_copy):
    """020 once made equity_runouts, equity_hands and equity_showdowns, and equity, which read
    them (0.1.x); range equity's file made range_showdowns. Today's 020 makes none of them and
    equity is 017's.
    Applying today's files over that database drops the retired views, each after what reads
    it (PostgreSQL refuses otherwise, even when the reader moved to an earlier file:
    tests/test_postgres.py runs this too), so none stays behind as if it were the user's;
    equity answers as before."""
    check_retired_views_are_dropped(built, engine_name, sql_copy)


def exact_equity_on_a_flop(db) -> list[tuple]:
    """The equity view's rows for two hands (cards 48, 49 v 44, 45) on a flop (0, 21, 42)."""
    with db.engine.scratch():
        db.engine.executemany("insert into hand_input (hand_no, card_id) values (?, ?)", [(1, 48), (1, 49), (2, 44), (2, 45)])
        db.engine.executemany("insert into board_input (card_id) values (?)", [(0,), (21,), (42,)])
        return db.engine.execute("select player, runouts, wins, ties, pot_shares from equity order by player")


def check_retired_views_are_dropped(built: str, engine_name: str, sql_copy: Path) -> None:
    today = "create view equity as\nwith seat_ranks as (select * from seven_card_ranks('exact_runouts'))\nselect * from player_equity_of('seat_ranks');"
    edit(source(sql_copy, "017_exact_equity.views.sql"), today, "")
    edit(
        source(sql_copy, "020_monte_carlo.views.sql"),
        "create view monte_carlo_trials as",
        "create view equity_runouts as select * from exact_runouts;\n"
        "create view equity_hands as select * from equity_runouts;\n"
        "create view equity_showdowns as select * from equity_hands;\n"
        "create view equity as\nselect player, runouts, wins, ties, pot_shares from equity_of('equity_showdowns');\n"
        "create view monte_carlo_trials as",
    )
    edit(
        source(sql_copy, "018_range_equity.views.sql"),
        "create view range_equity as",
        "create view range_showdowns as select * from range_hands;\ncreate view range_equity as",
    )
    retired = {"equity_runouts", "equity_hands", "equity_showdowns", "range_showdowns"}
    with pokersql.connect(built, engine=engine_name) as db:
        migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        assert retired <= tables(db)
        before = exact_equity_on_a_flop(db)
        applied = [f.script for f in migrations.migrate(db.engine)]
        assert {"017_exact_equity.views.sql", "018_range_equity.views.sql", "020_monte_carlo.views.sql"} <= set(applied)
        assert not retired & tables(db)
        assert "equity" in tables(db)
        assert exact_equity_on_a_flop(db) == before
        assert len(before) == 2 and before[0][1] == 990


# Versioned files the flat layout never had. They are left out of it, and so are the files
# that read what they make (today's text of those could not run in the flat layout's order).
ADDED_SINCE_THE_FLAT_LAYOUT = ("026_hand_class_lists.duckdb.sql",)


def flat_layout(directory: Path) -> Path:
    """sql/ as it was before the stage folders, from today's files: one folder, each file under
    its earliest name (the lowest numbered of migrations.EARLIER_NAMES), the files split since
    then one file again. 015 then held the boards, the tally, exact equity and the streets; 020
    all of Monte Carlo; 023 all of the preflop job; 019 the DuckDB macros (left out here: they
    read 026's table, ADDED_SINCE_THE_FLAT_LAYOUT)."""
    directory.mkdir()
    files = migrations.sql_files()
    reads = migrations.file_reads(files)
    left_out = set(ADDED_SINCE_THE_FLAT_LAYOUT)
    left_out |= {f.script for f in files if reads[f.script] & left_out}
    texts: dict[str, list[str]] = {}
    for sql_file in files:
        if sql_file.script in left_out:
            continue
        name = min(migrations.EARLIER_NAMES.get(sql_file.script, (sql_file.script,)))
        texts.setdefault(name, []).append(sql_file.text)
    for name, parts in texts.items():
        (directory / name).write_text("\n".join(parts), encoding="utf-8")
    return directory


def check_a_flat_layout_database_migrates(target: str, engine_name: str, tmp_path: Path) -> None:
    """A database built by the files before they were split and numbered again: migrating it
    applies the new files over the objects the old ones made (a split file's views are dropped
    by the file they moved to), leaves exactly today's objects, and answers as before."""
    old = migrations.sql_files(flat_layout(tmp_path / "flat"))
    assert "021_streets.views.sql" not in [f.script for f in old]  # it was folded into 015 above
    with pokersql.connect(target, engine=engine_name) as db:
        migrations.migrate(db.engine, old)
        assert "equity_board_classes" in tables(db) and "street_equity" in tables(db)
        before = exact_equity_on_a_flop(db)
        applied = [f.script for f in migrations.migrate(db.engine)]
        moved = [f.script for f in migrations.sql_files() if f.script in migrations.EARLIER_NAMES and f.runs_on(db.engine.dialect)]
        assert set(moved) <= set(applied)
        assert migrations.migrate(db.engine) == []
        assert exact_equity_on_a_flop(db) == before and before[0][1] == 990
        made = {name for f in migrations.sql_files() if f.runs_on(db.engine.dialect) for kind, name, _ in f.definitions() if kind != "macro"}
        assert made <= tables(db)
        assert "025_preflop_flush_counts.views.sql" in {row[4] for row in history(db)}  # recorded by its new name


def test_a_database_of_the_flat_layout_migrates_to_the_stage_folders(tmp_path, engine_name):
    check_a_flat_layout_database_migrates(database_file(tmp_path, engine_name), engine_name, tmp_path)


def test_a_failing_view_file_leaves_the_database_as_it_was(built, engine_name, sql_copy):
    with pokersql.connect(built, engine=engine_name) as db:
        assert migrations.migrate(db.engine, migrations.sql_files(sql_copy)) == []
        before = history(db)
        deal = db.engine.execute("select * from poker_table order by player")
        edit(source(sql_copy, "009_hand_frequencies.views.sql"), "from hand_categories", "from no_such_table")
        edit(source(sql_copy, "007_player_ranking.views.sql"), "then 'wins'", "then 'wins the pot'")
        with pytest.raises(MigrationError) as raised:
            migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        assert "009_hand_frequencies.views.sql failed" in str(raised.value)
        assert "\n" not in str(raised.value)
        assert history(db) == before
        # 007 was applied again before 009 failed: rolled back with it, the old view is there
        assert db.engine.execute("select * from poker_table order by player") == deal
        assert len(db.engine.execute("select * from five_card_frequencies")) == 10


def test_line_endings_and_bom_are_not_an_edit(built, engine_name, sql_copy):
    with pokersql.connect(built, engine=engine_name) as db:
        assert migrations.migrate(db.engine, migrations.sql_files(sql_copy)) == []
        paths = [p for p in sql_copy.glob("*/*.sql") if p.parent.name in migrations.SUBJECT_FOLDERS]
        assert len(paths) == len(migrations.sql_files())
        for path in paths:
            text = path.read_text(encoding="utf-8")
            path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
        assert migrations.migrate(db.engine, migrations.sql_files(sql_copy)) == []


def test_a_failing_file_rolls_the_whole_migration_back(tmp_path, engine_name):
    """Three files apply (tables, rows, views), the fourth fails: none of it stays. (The
    article's first files, not all of them: building hands first adds seconds, not a case.)"""
    sql_copy = tmp_path / "sql"
    sql_copy.mkdir()
    for name in ("001_cards.sql", "002_deal_settings.sql", "003_shuffle_and_deal.views.sql"):
        shutil.copy(source(migrations.sql_directory(), name), sql_copy)
    (sql_copy / "999_broken.sql").write_text(
        "create table broken_marker (x integer);\ninsert into broken_marker values (1);\n"
        "select * from no_such_table;\n",
        encoding="utf-8",
    )
    with pokersql.connect(database_file(tmp_path, engine_name), engine=engine_name) as db:
        with pytest.raises(MigrationError) as raised:
            migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        message = str(raised.value)
        assert "999_broken.sql" in message
        assert "\n" not in message
        assert isinstance(raised.value, DatabaseError)
        assert raised.value.exit_code == 1
        assert tables(db) == set()  # as it was: empty, no schema_history either


def test_file_with_syntax_error_is_named(tmp_path, engine_name):
    """A file the engine cannot even split into statements is still named, and rolled back."""
    directory = tmp_path / "sql"
    directory.mkdir()
    shutil.copy(source(migrations.sql_directory(), "001_cards.sql"), directory)
    (directory / "002_typo.sql").write_text("create table typo_marker (x integer);\nselec 1;\n", encoding="utf-8")
    with pokersql.connect(database_file(tmp_path, engine_name), engine=engine_name) as db:
        with pytest.raises(MigrationError) as raised:
            migrations.migrate(db.engine, migrations.sql_files(directory))
        assert "002_typo.sql" in str(raised.value)
        assert "\n" not in str(raised.value)
        assert tables(db) == set()


def test_checksum_normalization(tmp_path):
    text = "select 1 as x;\n-- a comment\nselect 1;\n"  # creating nothing: one object, one file (run_order)
    crlf = text.replace("\n", "\r\n")
    assert migrations.checksum(text) == migrations.checksum(crlf) == migrations.checksum("\ufeff" + crlf)
    assert migrations.checksum(text) != migrations.checksum(text.replace("1", "2"))
    # the same through files on disk
    directory = tmp_path / "sql"
    directory.mkdir()
    (directory / "001_lf.sql").write_bytes(text.encode("utf-8"))
    (directory / "002_crlf_bom.sql").write_bytes(b"\xef\xbb\xbf" + crlf.encode("utf-8"))
    (directory / "003_cr.views.sql").write_bytes(text.replace("\n", "\r").encode("utf-8"))
    (directory / "README.txt").write_text("not an SQL file", encoding="utf-8")
    files = migrations.sql_files(directory)
    assert [(f.script, f.repeatable) for f in files] == [
        ("001_lf.sql", False), ("002_crlf_bom.sql", False), ("003_cr.views.sql", True)
    ]
    assert len({f.checksum for f in files}) == 1


def test_two_files_with_one_number_are_refused(tmp_path):
    directory = tmp_path / "sql"
    directory.mkdir()
    (directory / "001_a.sql").write_text("select 1;\n", encoding="utf-8")
    (directory / "001_b.views.sql").write_text("select 2;\n", encoding="utf-8")
    with pytest.raises(MigrationError):
        migrations.sql_files(directory)


def build_without_pokersql(db) -> None:
    """Every file's statements run as a shell runs them (as `pokersql sql` prints them, the
    table macros written in where the engine has none): no schema_history."""
    files = [f for f in migrations.sql_files() if f.only_on in (None, db.engine.name)]
    macros = None if db.engine.runs_table_macros else table_macros(f.text for f in files)
    for sql_file in files:
        for statement in db.engine.statements(sql_file.text, sql_file.script, macros):
            db.engine.execute(statement)


def test_a_database_built_without_pokersql_is_adopted(tmp_path, engine_name):
    path = database_file(tmp_path, engine_name)
    with pokersql.connect(path, engine=engine_name) as db:
        build_without_pokersql(db)
        assert "schema_history" not in tables(db)
        expected_deal = db.engine.execute("select player, cards, place from poker_table order by player")
    with pokersql.connect(path, engine=engine_name) as db:
        applied = db.migrate()
        assert [f.script for f in applied] == [f.script for f in migrations.sql_files() if f.repeatable and f.only_on in (None, engine_name)]
        kinds = {row[4]: row[3] for row in history(db)}
        assert {kinds[f.script] for f in migrations.sql_files() if not f.repeatable and f.only_on in (None, engine_name)} == {"baseline"}
        assert db.engine.execute("select player, cards, place from poker_table order by player") == expected_deal
        assert db.migrate() == []
        assert db.deal(players=4, seed=2010).winners == [3]


def test_a_database_with_other_tables_is_not_adopted(tmp_path, engine_name):
    path = database_file(tmp_path, engine_name)
    with pokersql.connect(path, engine=engine_name) as db:
        db.engine.execute("create table cards (card_id integer)")
        with pytest.raises(MigrationError) as raised:
            db.migrate()
        message = str(raised.value)
        assert "table cards has other columns" in message and "another database (--db)" in message
        assert "--rebuild" not in message  # a rebuild would replace the user's table (issue 63)
        assert "\n" not in message
        assert tables(db) == {"cards"}


def pre_release_database(db) -> None:
    """What 0.1.0 left in a file, in short: its schema_history, a table and a view of it, and the user's own."""
    db.engine.execute(
        "create table schema_history (version integer primary key, description varchar not null, "
        "script varchar not null, checksum varchar not null, applied_at timestamp not null, "
        "execution_ms integer not null, success boolean not null)"
    )
    db.engine.execute(
        "insert into schema_history values (1, 'cards', 'V001__cards.sql', 'abc', '2026-01-01 00:00:00', 5, true)"
    )
    db.engine.execute("create table cards (card_id integer primary key, value integer, name varchar)")
    db.engine.execute("insert into cards values (51, 14, 'As')")
    db.engine.execute("create view card_codes as select card_id, value from cards")
    db.engine.execute("create table my_sessions (session_id integer, note varchar)")
    db.engine.execute("insert into my_sessions values (1, 'keep me')")
    db.engine.execute("create view my_winners as select * from my_sessions")


def test_a_pre_release_database_is_refused_in_one_line_and_rebuilt_keeping_the_users_tables(tmp_path, engine_name):
    path = database_file(tmp_path, engine_name)
    with pokersql.connect(path, engine=engine_name) as db:
        pre_release_database(db)
    engine_option = [] if engine_name == "duckdb" else ["--engine", engine_name]
    status = main(["--db", path, *engine_option, "deal"])
    assert status == 1
    with pokersql.connect(path, engine=engine_name) as db:
        with pytest.raises(MigrationError) as raised:
            db.migrate()
        message = str(raised.value)
        assert "pre-release schema" in message and "\n" not in message
        assert f"pokersql --db {path}{' --engine sqlite' if engine_name == 'sqlite' else ''} migrate --rebuild" in message
        assert db.engine.execute("select count(*) from cards")[0][0] == 1  # nothing was touched
        applied = db.migrate(rebuild=True)
        assert len(applied) == len(source_files(engine_name))
        assert db.engine.execute("select note from my_sessions") == [("keep me",)]
        assert db.engine.execute("select count(*) from my_winners") == [(1,)]
        assert "card_codes" not in tables(db)
        assert db.engine.execute("select count(*) from cards")[0][0] == 52
        assert db.engine.execute("select count(*) from hands")[0][0] == 2598960
        assert [row[3] for row in history(db)].count("versioned") == sum(1 for p in source_files(engine_name) if ".views" not in p.name)
        assert db.migrate() == []


def test_a_rebuild_that_fails_leaves_the_database_as_it_was(tmp_path, engine_name, sql_copy):
    path = database_file(tmp_path, engine_name)
    # first of all, once pokersql's objects are dropped
    (sql_copy / "000_broken.sql").write_text("select * from no_such_table;\n", encoding="utf-8")
    with pokersql.connect(path, engine=engine_name) as db:
        pre_release_database(db)
        before = sorted(tables(db))
        with pytest.raises(MigrationError, match="000_broken.sql failed"):
            migrations.migrate(db.engine, migrations.sql_files(sql_copy), rebuild=True)
        assert sorted(tables(db)) == before
        assert db.engine.execute("select count(*) from cards")[0][0] == 1


def test_two_processes_migrating_one_new_sqlite_file_do_not_collide(tmp_path):
    """`build &`, then `query ...` once the file is there, on a fresh SQLite file: the second process
    waits for the first one's migration (the write lock is taken first, the state read again inside
    it). (Once there, not after a fixed 0.3 s: the second process, quicker to start since the commands'
    modules load as needed, could otherwise ask before the first made the file, under load.)"""
    import os
    import subprocess
    import sys
    import time

    path = str(tmp_path / "race.sqlite")
    command = [sys.executable, "-m", "pokersql", "--engine", "sqlite", "--db", path, "--quiet"]
    first = subprocess.Popen([*command, "build"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    waited = time.monotonic()
    while not os.path.exists(path) and first.poll() is None and time.monotonic() - waited < 120:
        time.sleep(0.01)
    second = subprocess.run(
        [*command, "query", "select count(*) as n from cards", "--format", "csv"],
        capture_output=True, text=True, timeout=300,
    )
    out, err = first.communicate(timeout=300)
    assert first.returncode == 0, err
    assert second.returncode == 0, second.stderr
    assert second.stdout.split() == ["n", "52"]
    with pokersql.connect(path, engine="sqlite") as db:
        rows = history(db)
        assert [row[4] for row in rows] == [p.name for p in source_files("sqlite")]  # each file applied once


def test_a_duckdb_only_view_file_is_applied_on_duckdb_and_passed_over_elsewhere(tmp_path, engine_name):
    directory = tmp_path / "sql"
    directory.mkdir()
    (directory / "001_numbers.sql").write_text("create table numbers (n integer);\ninsert into numbers values (1), (2);\n", encoding="utf-8")
    (directory / "002_twice.duckdb.views.sql").write_text(
        "create macro twice(x) as 2 * x;\n\ncreate view doubled as select twice(n) as n from numbers;\n", encoding="utf-8"
    )
    (directory / "003_total.views.sql").write_text("create view total as select sum(n) as n from numbers;\n", encoding="utf-8")
    files = migrations.sql_files(directory)
    assert [f.only_on for f in files] == [None, "duckdb", None]
    with pokersql.connect(None, engine=engine_name) as db:
        applied = [f.script for f in migrations.migrate(db.engine, files)]
        if engine_name == "duckdb":
            assert applied == ["001_numbers.sql", "002_twice.duckdb.views.sql", "003_total.views.sql"]
            assert db.engine.execute("select n from doubled order by n") == [(2,), (4,)]
            # edited, the macro is dropped and created again with the view that reads it
            edit(directory / "002_twice.duckdb.views.sql", "2 * x", "3 * x")
            assert [f.script for f in migrations.migrate(db.engine, migrations.sql_files(directory))] == [
                "002_twice.duckdb.views.sql", "003_total.views.sql"
            ]
            assert db.engine.execute("select n from doubled order by n") == [(3,), (6,)]
        else:
            assert applied == ["001_numbers.sql", "003_total.views.sql"]
            assert "doubled" not in tables(db)
        assert db.engine.execute("select n from total") == [(3,)]
    script = shell_sql.script_for("sqlite", files)
    assert "002_twice" not in script and "003_total.views.sql" in script
    assert "002_twice.duckdb.views.sql" in shell_sql.script_for("duckdb", files)


def test_a_file_of_what_an_engine_keeps_none_of_is_passed_over_there(tmp_path, monkeypatch):
    """RUNS_WHERE: 066's stored tables are made only where import stores rows in them
    (Engine.stores_histories); elsewhere (Spark) the file is passed over, as a ``.duckdb.sql``
    file is, and a later migrate, or a rebuild, has nothing of it to do."""
    directory = tmp_path / "sql"
    directory.mkdir()
    (directory / "001_numbers.sql").write_text("create table numbers (n integer);\n", encoding="utf-8")
    (directory / "002_kept.sql").write_text("create table kept as select n from numbers where 1 = 0;\n", encoding="utf-8")
    files = migrations.sql_files(directory)
    monkeypatch.setitem(migrations.RUNS_WHERE, "002_kept.sql", "stores_histories")
    assert migrations.RUNS_WHERE["066_history_stored_tally.sql"] == "stores_histories"
    for stores in (True, False):
        with pokersql.connect(None, engine="duckdb") as db:
            monkeypatch.setattr(db.engine, "stores_histories", stores)
            applied = [f.script for f in migrations.migrate(db.engine, files)]
            assert applied == ["001_numbers.sql", "002_kept.sql"][: 2 if stores else 1]
            assert ("kept" in tables(db)) is stores
            assert migrations.migrate(db.engine, files) == []
            assert [f.script for f in migrations.migrate(db.engine, files, rebuild=True)] == applied
