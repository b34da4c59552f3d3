"""`export` and `import --parquet` never destroy data (issue 43).

They never write onto the open database or its own files (journal, write-ahead log), however
the path is spelled (the same path, a symbolic or hard link, `..`); they never replace a file
that is there unless told (`--force`); and they write a temporary file beside the target and
rename it into place, so that a failed or interrupted write leaves the old file whole. A
refusal is exit 2, one line naming the path, the database and the file byte for byte as they were.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

import pokersql
from pokersql.cli import main
from pokersql.engines.duckdb import DuckDBEngine
from pokersql.engines.sqlite import SQLiteEngine

HISTORIES = Path(__file__).parent / "histories"
HISTORY = HISTORIES / "pluribus_30.txt"
TABLES = ("history_hands", "history_seats", "history_actions", "history_board", "history_results")
COMPANION = {"duckdb": ".wal", "sqlite": "-journal"}  # a file of the database's own, beside it
PRECIOUS = b"precious,data\n1,2\n"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def run(capsys, engine: str, database: Path | str, *args: str) -> tuple[int, str, str]:
    status = main(["--engine", engine, "--db", str(database), *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def database_named(built_database, engine: str, folder: Path, name: str) -> Path:
    """A built database of ``engine``, as the file ``folder/name``."""
    folder.mkdir(exist_ok=True)
    path = folder / name
    shutil.move(built_database(engine), path)
    return path


def still_works(capsys, engine: str, database: Path) -> None:
    status, out, err = run(capsys, engine, database, "query", "select count(*) as n from cards", "--format", "json")
    assert status == 0 and json.loads(out) == {"n": 52}, err


# -- never onto the open database ----------------------------------------------------------------
@pytest.mark.parametrize("spelled", ["the same path", "a symbolic link", "a relative path with ..", "a hard link"])
def test_export_onto_the_open_database_is_refused(built_database, engine_name, tmp_path, monkeypatch, capsys, spelled):
    """The red team's case: `--db data.csv export cards --to data.csv` made the database a 2 KB CSV."""
    database = database_named(built_database, engine_name, tmp_path / "db", "data.csv")
    before = digest(database)
    (tmp_path / "elsewhere").mkdir()
    if spelled == "the same path":
        target = str(database)
    elif spelled == "a symbolic link":
        target = str(tmp_path / "elsewhere" / "link.csv")
        os.symlink(database, target)
    elif spelled == "a relative path with ..":
        monkeypatch.chdir(tmp_path / "elsewhere")
        target = "../db/data.csv"
    else:
        target = str(tmp_path / "db" / "hard.csv")
        os.link(database, target)
    for force in ([], ["--force"]):
        status, out, err = run(capsys, engine_name, database, "export", "cards", "--to", target, *force)
        assert (status, out) == (2, ""), err
        assert err == f"pokersql: error: export --to {target!r}: that is the open database {str(database)!r}; write to another file\n"
        assert digest(database) == before
    assert listing(tmp_path / "db") == sorted(["data.csv", *(["hard.csv"] if spelled == "a hard link" else [])])
    still_works(capsys, engine_name, database)


def test_export_onto_a_file_of_the_databases_own_is_refused(built_database, engine_name, tmp_path, capsys):
    """A link to the database's write-ahead log (DuckDB) or journal (SQLite): never written,
    even with --force, and never made."""
    database = database_named(built_database, engine_name, tmp_path / "db", f"poker.{engine_name}")
    before = digest(database)
    own = f"{database}{COMPANION[engine_name]}"
    link = tmp_path / "own.csv"
    os.symlink(own, link)
    status, out, err = run(capsys, engine_name, database, "export", "cards", "--to", str(link), "--force")
    assert (status, out) == (2, ""), err
    assert err == f"pokersql: error: export --to {str(link)!r}: that is the open database's {own!r}; write to another file\n"
    assert digest(database) == before and listing(database.parent) == [database.name]
    still_works(capsys, engine_name, database)


# -- never replace a file unless told ------------------------------------------------------------
@pytest.mark.parametrize("kind", ["a file", "a symbolic link to a file", "a symbolic link to nothing"])
def test_export_onto_an_existing_file_is_refused_without_force(built_database, engine_name, tmp_path, capsys, kind):
    database = Path(built_database(engine_name))
    before = digest(database)
    target, real = tmp_path / "out.csv", tmp_path / "real.csv"
    if kind == "a file":
        target.write_bytes(PRECIOUS)
    else:
        os.symlink(real, target)
        if kind == "a symbolic link to a file":
            real.write_bytes(PRECIOUS)
    status, out, err = run(capsys, engine_name, database, "export", "cards", "--to", str(target))
    assert (status, out) == (2, ""), err
    assert err == f"pokersql: error: export --to {str(target)!r}: the file exists; --force replaces it\n"
    assert digest(database) == before
    if kind == "a symbolic link to nothing":
        assert target.is_symlink() and not real.exists()
    else:
        assert target.read_bytes() == PRECIOUS


def test_export_with_force_replaces_the_file(built_database, engine_name, tmp_path, capsys):
    """--force replaces the file, keeping its permissions; through a symbolic link, the file
    it names (the link stays a link)."""
    database = Path(built_database(engine_name))
    target = tmp_path / "out.csv"
    target.write_bytes(PRECIOUS)
    target.chmod(0o600)
    status, out, err = run(capsys, engine_name, database, "export", "cards", "--to", str(target), "--force", "--format", "json")
    assert status == 0, err
    assert json.loads(out) == {"table": "cards", "file": str(target), "format": "csv", "rows": 52}
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("card_id,value,") and len(lines) == 53
    assert target.stat().st_mode & 0o777 == 0o600
    (tmp_path / "real").mkdir()
    real, link = tmp_path / "real" / "categories.csv", tmp_path / "link.csv"
    real.write_bytes(PRECIOUS)
    os.symlink(real, link)
    status, out, err = run(capsys, engine_name, database, "export", "hand_categories", "--to", str(link), "--force")
    assert status == 0, err
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8").splitlines()[0] == "points,category" and len(real.read_text().splitlines()) == 11
    assert listing(tmp_path) == ["link.csv", "out.csv", "real"] and listing(tmp_path / "real") == ["categories.csv"]


# -- a failed write leaves the old file whole ----------------------------------------------------
def _stop_with_ctrl_c() -> None:
    raise KeyboardInterrupt


def _fail_after_writing(monkeypatch, engine: str, meanwhile=_stop_with_ctrl_c) -> None:
    """``meanwhile`` (by default: the writer stops with Ctrl-C) once part of the file is written:
    SQLite's after the header and ten rows, DuckDB's once its COPY wrote the whole temporary file."""
    if engine == "sqlite":
        rows_of = SQLiteEngine._export_rows

        def some_rows(self, relation):
            for number, row in enumerate(rows_of(self, relation)):
                if number == 11:
                    meanwhile()
                yield row

        monkeypatch.setattr(SQLiteEngine, "_export_rows", some_rows)
    else:
        execute = DuckDBEngine.execute

        def copy_then_stop(self, sql, params=()):
            rows = execute(self, sql, params)
            if sql.startswith("copy "):
                written = sql.split(" to '")[1].split("'")[0]
                assert os.path.getsize(written) > 0  # the temporary file is written
                meanwhile()
            return rows

        monkeypatch.setattr(DuckDBEngine, "execute", copy_then_stop)


def test_an_interrupted_export_leaves_the_old_file_whole(built_database, engine_name, tmp_path, monkeypatch, capsys):
    """Through a symbolic link too: no temporary file is left in either folder."""
    database = Path(built_database(engine_name))
    before = digest(database)
    (tmp_path / "real").mkdir()
    real, link = tmp_path / "real" / "out.csv", tmp_path / "link.csv"
    real.write_bytes(PRECIOUS)
    os.symlink(real, link)
    _fail_after_writing(monkeypatch, engine_name)
    for target in (real, link):
        status, out, err = run(capsys, engine_name, database, "export", "cards", "--to", str(target), "--force")
        assert status == 130 and err.strip() == "pokersql: interrupted", err
        assert real.read_bytes() == PRECIOUS
        assert listing(tmp_path) == ["link.csv", "real"] and listing(tmp_path / "real") == ["out.csv"]
    assert digest(database) == before


def test_a_file_that_appears_while_export_writes_is_kept(built_database, engine_name, tmp_path, monkeypatch, capsys):
    """No file at the target when the export began, so none is replaced at its end: another
    program's file that took the name meanwhile is kept, and the export says so in one line."""
    database = Path(built_database(engine_name))
    target = tmp_path / "out.csv"
    _fail_after_writing(monkeypatch, engine_name, meanwhile=lambda: target.write_bytes(PRECIOUS))
    status, out, err = run(capsys, engine_name, database, "export", "cards", "--to", str(target))
    assert (status, out) == (2, ""), err
    assert err == f"pokersql: error: {str(target)!r}: a file appeared there while pokersql wrote it; it is left as it is (--force replaces it)\n"
    assert target.read_bytes() == PRECIOUS and listing(tmp_path) == ["out.csv"]


# -- import --parquet ----------------------------------------------------------------------------
def imported_once(tmp_path: Path, capsys) -> tuple[Path, Path]:
    """A DuckDB database holding one file's hands, and an empty folder beside it."""
    database, folder = tmp_path / "h.duckdb", tmp_path / "tables"
    folder.mkdir()
    assert main(["--db", str(database), "import", str(HISTORIES / "pluribus_31.txt")]) == 0
    capsys.readouterr()
    return database, folder


def hands_held(database: Path) -> int:
    with pokersql.connect(str(database), read_only=True) as db:
        return db.query("select count(*) from history_hands").rows[0][0]


def test_import_parquet_refuses_a_file_there_already(tmp_path, capsys):
    database, folder = imported_once(tmp_path, capsys)
    before = digest(database)
    there = folder / "history_board.parquet"
    there.write_bytes(PRECIOUS)
    status, out, err = run(capsys, "duckdb", database, "import", str(HISTORY), "--parquet", str(folder))
    assert (status, out) == (2, ""), err
    assert err == f"pokersql: error: import --parquet {str(there)!r}: the file exists; --force replaces it\n"
    assert digest(database) == before and hands_held(database) == 73  # pluribus_30's hands not imported
    assert listing(folder) == ["history_board.parquet"] and there.read_bytes() == PRECIOUS
    status, out, err = run(capsys, "duckdb", database, "import", str(HISTORY), "--parquet", str(folder), "--force", "--format", "json")
    assert status == 0, err
    assert json.loads(out)["parquet"] == [str(folder / f"{table}.parquet") for table in TABLES]
    assert listing(folder) == sorted(f"{table}.parquet" for table in TABLES)
    import pyarrow.parquet as parquet

    assert parquet.read_table(there).column_names[:3] == ["site", "hand_id", "card_no"]


def test_import_parquet_never_writes_onto_the_open_database(tmp_path, capsys):
    """A file it would write that is a link to the database: refused, --force or not."""
    database, folder = imported_once(tmp_path, capsys)
    before = digest(database)
    link = folder / "history_seats.parquet"
    os.symlink(database, link)
    for force in ([], ["--force"]):
        status, out, err = run(capsys, "duckdb", database, "import", str(HISTORY), "--parquet", str(folder), *force)
        assert (status, out) == (2, ""), err
        assert err == f"pokersql: error: import --parquet {str(link)!r}: that is the open database {str(database)!r}; write to another file\n"
        assert digest(database) == before and listing(folder) == ["history_seats.parquet"]
    assert hands_held(database) == 73


def test_import_force_goes_with_parquet(tmp_path, capsys):
    database = tmp_path / "h.duckdb"
    status, out, err = run(capsys, "duckdb", database, "import", str(HISTORY), "--force")
    assert (status, out, err) == (2, "", "pokersql: error: --force goes with --parquet DIR\n")
    assert not database.exists()


# -- the other engines: the same checks, in the library -------------------------------------------
@pytest.mark.xdist_group("postgres")
def test_postgres_export_refuses_an_existing_file(pg_url, tmp_path, capsys):
    target = tmp_path / "cards.csv"
    target.write_bytes(PRECIOUS)
    status, out, err = run(capsys, "postgres", pg_url, "export", "cards", "--to", str(target))
    assert (status, out) == (2, ""), err
    assert err == f"pokersql: error: export --to {str(target)!r}: the file exists; --force replaces it\n"
    assert target.read_bytes() == PRECIOUS
    status, out, err = run(capsys, "postgres", pg_url, "export", "cards", "--to", str(target), "--force")
    assert status == 0 and len(target.read_text(encoding="utf-8").splitlines()) == 53, err


@pytest.mark.xdist_group("spark")
def test_spark_writes_nothing_into_its_warehouse(tmp_path, capsys):
    """A Spark database is a directory (the warehouse): nothing is written in it, --force or not
    (a CSV file among a table's Parquet files would break the table). The import comes first: it
    makes the warehouse's folder; export, a command that reads, builds nothing on Spark, and
    refuses that unbuilt warehouse before it looks at the file (issue 63)."""
    warehouse = tmp_path / "poker.spark"
    written = str(warehouse / "tables" / "history_hands.parquet")
    status, out, err = run(capsys, "spark", warehouse, "import", str(HISTORY), "--parquet", str(warehouse / "tables"), "--force")
    assert (status, out) == (2, ""), err
    assert err == f"pokersql: error: import --parquet {written!r}: that is in the open database {str(warehouse)!r}; write to another file\n"
    status, out, err = run(capsys, "spark", warehouse, "export", "cards", "--to", str(warehouse / "cards.csv"), "--force")
    assert (status, out) == (2, "") and "needs SQL files applied" in err and err.endswith("--engine spark migrate\n"), err
    assert listing(warehouse) == [".pokersql.lock"]
