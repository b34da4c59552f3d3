"""The runner of the versioned SQL files, on fresh database files in tmp_path."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import pokersql
from pokersql import DatabaseError, MigrationError, migrations


def database_file(tmp_path: Path, engine_name: str) -> str:
    return str(tmp_path / f"test.{engine_name}")


@pytest.fixture
def sql_copy(tmp_path: Path) -> Path:
    """A copy of the versioned SQL files that a test may edit."""
    directory = tmp_path / "sql"
    shutil.copytree(migrations.sql_directory(), directory)
    return directory


def source_files() -> list[Path]:
    return sorted(migrations.sql_directory().glob("V*__*.sql"))


def history(db) -> list[tuple]:
    return db.engine.execute(
        "select version, description, script, checksum, applied_at, execution_ms, success "
        "from schema_history order by version"
    )


def tables(db) -> set[str]:
    """The tables and views the database holds, on any engine."""
    return set(db.engine.relation_names())


def test_sql_files_in_version_order():
    files = migrations.sql_files()
    paths = source_files()
    assert [f.script for f in files] == [p.name for p in paths]
    assert [f.version for f in files] == sorted(f.version for f in files)
    assert len({f.version for f in files}) == len(files)
    assert [f.version for f in files] == [int(p.name[1:].split("__")[0]) for p in paths]


def test_applies_every_file_and_records_it(tmp_path, engine_name):
    with pokersql.connect(database_file(tmp_path, engine_name), engine=engine_name) as db:
        applied = db.migrate()
        paths = source_files()
        assert [f.script for f in applied] == [p.name for p in paths]
        rows = history(db)
        assert len(rows) == len(paths)
        assert len({row[3] for row in rows}) == len(rows)  # one checksum per file's content
        for row, path in zip(rows, paths):
            version, description, script, checksum, applied_at, execution_ms, success = row
            assert script == path.name
            assert version == int(path.name[1:].split("__")[0])
            assert description == path.stem.split("__", 1)[1].replace("_", " ")
            assert checksum == migrations.checksum(path.read_text(encoding="utf-8"))
            assert applied_at is not None
            assert execution_ms >= 0
            assert success in (True, 1)
        assert {"cards", "hand_categories", "deal_settings", "hand_classes", "hands"} <= tables(db)


def test_second_migrate_applies_nothing(tmp_path, engine_name):
    path = database_file(tmp_path, engine_name)
    with pokersql.connect(path, engine=engine_name) as db:
        assert db.migrate()
        before = history(db)
        assert db.migrate() == []
        assert history(db) == before
    # and after reopening the file
    with pokersql.connect(path, engine=engine_name) as db:
        assert db.migrate() == []
        assert history(db) == before


def test_edited_applied_file_is_refused(tmp_path, engine_name, sql_copy):
    with pokersql.connect(database_file(tmp_path, engine_name), engine=engine_name) as db:
        migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        before = history(db)
        edited = sql_copy / "V002__shuffle_and_deal.sql"
        edited.write_text(edited.read_text(encoding="utf-8") + "\n-- edited after it was applied\n", encoding="utf-8")
        # a pending file beside the edited one must not be applied either
        (sql_copy / "V998__pending.sql").write_text("create table pending_marker (x integer);\n", encoding="utf-8")
        with pytest.raises(MigrationError) as raised:
            migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        message = str(raised.value)
        assert "V002__shuffle_and_deal.sql" in message
        assert "\n" not in message
        assert history(db) == before
        assert "pending_marker" not in tables(db)


def test_line_endings_and_bom_are_not_an_edit(tmp_path, engine_name, sql_copy):
    with pokersql.connect(database_file(tmp_path, engine_name), engine=engine_name) as db:
        migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        for path in sql_copy.glob("V*.sql"):
            text = path.read_text(encoding="utf-8")
            path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
        assert migrations.migrate(db.engine, migrations.sql_files(sql_copy)) == []


def test_failing_file_is_rolled_back(tmp_path, engine_name, sql_copy):
    (sql_copy / "V999__broken.sql").write_text(
        "create table broken_marker (x integer);\ninsert into broken_marker values (1);\n"
        "select * from no_such_table;\n",
        encoding="utf-8",
    )
    with pokersql.connect(database_file(tmp_path, engine_name), engine=engine_name) as db:
        with pytest.raises(MigrationError) as raised:
            migrations.migrate(db.engine, migrations.sql_files(sql_copy))
        message = str(raised.value)
        assert "V999__broken.sql" in message
        assert "\n" not in message
        assert isinstance(raised.value, DatabaseError)
        assert raised.value.exit_code == 1
        versions = [row[0] for row in history(db)]
        assert versions == [f.version for f in migrations.sql_files()]  # every file before it, not it
        assert "broken_marker" not in tables(db)
        assert db.engine.execute("select count(*) from hands")[0][0] > 0


def test_file_with_syntax_error_is_named(tmp_path, engine_name):
    """A file the engine cannot even split into statements is still named, and rolled back."""
    directory = tmp_path / "sql"
    directory.mkdir()
    shutil.copy(migrations.sql_directory() / "V001__cards.sql", directory)
    (directory / "V002__typo.sql").write_text(
        "create table typo_marker (x integer);\nselec 1;\n", encoding="utf-8"
    )
    with pokersql.connect(database_file(tmp_path, engine_name), engine=engine_name) as db:
        with pytest.raises(MigrationError) as raised:
            migrations.migrate(db.engine, migrations.sql_files(directory))
        assert "V002__typo.sql" in str(raised.value)
        assert "\n" not in str(raised.value)
        assert "typo_marker" not in tables(db)
        assert [row[0] for row in history(db)] == [1]


def test_checksum_normalization(tmp_path):
    text = "create table t (x integer);\n-- a comment\nselect 1;\n"
    crlf = text.replace("\n", "\r\n")
    assert migrations.checksum(text) == migrations.checksum(crlf) == migrations.checksum("\ufeff" + crlf)
    assert migrations.checksum(text) != migrations.checksum(text.replace("1", "2"))
    # the same through files on disk
    directory = tmp_path / "sql"
    directory.mkdir()
    (directory / "V001__lf.sql").write_bytes(text.encode("utf-8"))
    (directory / "V002__crlf_bom.sql").write_bytes(b"\xef\xbb\xbf" + crlf.encode("utf-8"))
    (directory / "V003__cr.sql").write_bytes(text.replace("\n", "\r").encode("utf-8"))
    (directory / "README.txt").write_text("not a versioned file", encoding="utf-8")
    files = migrations.sql_files(directory)
    assert [f.script for f in files] == ["V001__lf.sql", "V002__crlf_bom.sql", "V003__cr.sql"]
    assert len({f.checksum for f in files}) == 1


def test_two_files_with_one_version_are_refused(tmp_path):
    directory = tmp_path / "sql"
    directory.mkdir()
    (directory / "V001__a.sql").write_text("select 1;\n", encoding="utf-8")
    (directory / "V1__b.sql").write_text("select 2;\n", encoding="utf-8")
    with pytest.raises(MigrationError):
        migrations.sql_files(directory)
