"""Files, the third round of edges (issue 63): nothing lost, every bad input one line.

- A temporary file beside a file pokersql writes (export, import --parquet, Spark's own files)
  has a random name made with O_EXCL and O_NOFOLLOW: a link planted in a shared folder at a name
  pokersql would use is never followed.
- A SQLite file killed in its first build: its hot journal rolled back before its kind is judged.
- An input file that is not a regular file (a FIFO with no writer) is refused in one line.
- `migrate --rebuild` drops only what `schema_history` records pokersql made.
- `migrate` with an edited versioned file: exit 1, as the contract says.
"""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

import pokersql
from pokersql.cli import main
from pokersql.errors import BadInput
from pokersql.engines.spark.engine import SparkEngine
from pokersql.engines.spark.storage import CATALOG_FILE
from signals import pokersql_command  # tests/signals.py

HISTORIES = Path(__file__).parent / "histories"
PRECIOUS = b"precious,data\n1,2\n"


def run(capsys, engine: str, database: Path | str, *args: str) -> tuple[int, str, str]:
    status = main(["--engine", engine, "--db", str(database), *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# -- 1. a link planted at a temporary name -------------------------------------------------------
def shared_folder_with_planted_links(tmp_path: Path, names: list[str], monkeypatch) -> tuple[Path, Path]:
    """A folder anyone may write in (1777), holding a link at each of ``names`` (and at the first
    random name mkstemp will try, ``.NAME.planted.partial.SUFFIX`` for each name given), all to one
    victim file elsewhere: ``(folder, victim)``."""
    folder, victim = tmp_path / "shared", tmp_path / "victim.txt"
    folder.mkdir()
    folder.chmod(0o1777)
    victim.write_bytes(PRECIOUS)
    # The first name each mkstemp tries is one a link may hold: it must try another, not follow it.
    random_names = tempfile._get_candidate_names
    monkeypatch.setattr(tempfile, "_get_candidate_names", lambda: itertools.chain(["planted"], random_names()))
    for name in names:
        stem = Path(name)
        for planted in (f".{name}.{os.getpid()}.partial{stem.suffix}", f".{name}.planted.partial{stem.suffix}"):
            os.symlink(victim, folder / planted)
    return folder, victim


def planted(folder: Path, names: list[str]) -> list[str]:
    return sorted(n for name in names for n in (f".{name}.{os.getpid()}.partial{Path(name).suffix}", f".{name}.planted.partial{Path(name).suffix}"))


def test_export_never_follows_a_link_planted_at_a_temporary_name(built_database, engine_name, tmp_path, monkeypatch, capsys):
    """The red team's case: a link at `.out.csv.<pid>.partial.csv` left the file it named at 0
    bytes. The new file has the permissions a plain write gives it (not mkstemp's 0600)."""
    database = built_database(engine_name)
    folder, victim = shared_folder_with_planted_links(tmp_path, ["out.csv"], monkeypatch)
    target = folder / "out.csv"
    status, out, err = run(capsys, engine_name, database, "export", "cards", "--to", str(target))
    assert status == 0, err
    assert victim.read_bytes() == PRECIOUS
    assert listing(folder) == sorted(["out.csv", *planted(folder, ["out.csv"])])  # the links left, no temporary file
    lines = target.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 53 and lines[0].startswith("card_id,"), lines[:2]
    mask = os.umask(0o022)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask
    status, out, err = run(capsys, engine_name, database, "export", "hand_categories", "--to", str(target), "--force")
    assert status == 0, err
    assert victim.read_bytes() == PRECIOUS and len(target.read_text(encoding="utf-8").splitlines()) == 11


@pytest.mark.xdist_group("spark")
def test_spark_never_follows_a_link_planted_at_a_temporary_name(tmp_path, monkeypatch):
    """Spark's writes through a temporary name: export's CSV, a table as one Parquet file
    (import --parquet's), and its own files in the warehouse (the catalog, an appended table's
    Parquet file). The engine itself: a new warehouse's migrate takes minutes."""
    folder, victim = shared_folder_with_planted_links(tmp_path, ["out.csv", "t.parquet"], monkeypatch)
    warehouse = tmp_path / "poker.spark"
    warehouse.mkdir()
    for name in (f".{CATALOG_FILE}.{os.getpid()}.partial{Path(CATALOG_FILE).suffix}", f".{CATALOG_FILE}.planted.partial{Path(CATALOG_FILE).suffix}"):
        os.symlink(victim, warehouse / name)
    engine = SparkEngine(str(warehouse))
    try:
        engine.execute("create table t (a integer)")
        engine.append("t", ["a"], [(1,), (2,)])
        assert engine.export("t", str(folder / "out.csv"), "csv") == 2
        engine.table_to_parquet("t", str(folder / "t.parquet"))
        assert engine.execute("select a from t order by a") == [(1,), (2,)]
    finally:
        engine.close()
    assert victim.read_bytes() == PRECIOUS
    assert listing(folder) == sorted(["out.csv", "t.parquet", *planted(folder, ["out.csv", "t.parquet"])])
    assert (folder / "out.csv").read_text(encoding="utf-8") == "a\n1\n2\n"
    import pyarrow.parquet as parquet

    assert parquet.read_table(folder / "t.parquet").column("a").to_pylist() == [1, 2]


# -- 4. migrate --rebuild drops only what pokersql made --------------------------------------------
def users_hands_table(engine: str, path: Path) -> None:
    """The user's own table named ``hands``, in a database pokersql never migrated."""
    if engine == "sqlite":
        import sqlite3

        with sqlite3.connect(path) as connection:
            connection.execute("create table hands (id integer, secret text)")
            connection.execute("insert into hands values (1, 'mine'), (2, 'also mine')")
        connection.close()
    else:
        import duckdb

        with duckdb.connect(str(path)) as connection:
            connection.execute("create table hands (id integer, secret varchar)")
            connection.execute("insert into hands values (1, 'mine'), (2, 'also mine')")


def users_rows(engine: str, path: Path) -> list[tuple]:
    import duckdb
    import sqlite3

    connection = sqlite3.connect(path) if engine == "sqlite" else duckdb.connect(str(path), read_only=True)
    try:
        names = [row[0] for row in connection.execute(
            "select name from sqlite_master" if engine == "sqlite" else "select table_name from information_schema.tables"
        ).fetchall()]
        return [tuple(names), *connection.execute("select id, secret from hands order by id").fetchall()]
    finally:
        connection.close()


def test_rebuild_refuses_a_users_table_at_a_name_it_would_make(engine_name, tmp_path, capsys):
    """The red team's case: `migrate` advised `migrate --rebuild` ("your own tables are kept"), and
    the rebuild replaced the user's `hands(id, secret)` with pokersql's. Now `migrate` gives advice
    that keeps it, and the rebuild refuses in one line naming the table, the file as it was."""
    path = tmp_path / f"mine.{engine_name}"
    users_hands_table(engine_name, path)
    before = users_rows(engine_name, path)
    assert before == [("hands",), (1, "mine"), (2, "also mine")]
    status, out, err = run(capsys, engine_name, path, "migrate")
    assert (status, out) == (1, ""), err
    assert err.count("\n") == 1 and "table hands has other columns" in err, err
    assert "--rebuild" not in err and "kept" not in err, err
    assert users_rows(engine_name, path) == before
    status, out, err = run(capsys, engine_name, path, "migrate", "--rebuild")
    assert (status, out) == (2, ""), err
    assert err == (
        f"pokersql: error: migrate --rebuild: table hands in {path} was not made by pokersql (schema_history "
        "does not record it) and the rebuild would replace it: rename or drop it, or give pokersql another database (--db)\n"
    )
    assert users_rows(engine_name, path) == before


def test_rebuild_refuses_a_name_that_a_file_not_yet_applied_would_make(tmp_path):
    """With a schema_history: a file it records is pokersql's to drop and make again; a new file's
    name held by the user's own table is not (the library, small SQL files)."""
    from pokersql import migrations

    directory = tmp_path / "sql"
    directory.mkdir()
    (directory / "001_numbers.sql").write_text("create table numbers (n integer);\n", encoding="utf-8")
    with pokersql.connect(str(tmp_path / "small.duckdb")) as db:
        assert [f.script for f in migrations.migrate(db.engine, migrations.sql_files(directory))] == ["001_numbers.sql"]
        db.engine.execute("insert into numbers values (7)")
        db.engine.execute("create table notes (note varchar)")
        db.engine.execute("insert into notes values ('mine')")
        (directory / "002_notes.sql").write_text("create table notes (n integer);\n", encoding="utf-8")
        with pytest.raises(BadInput, match=r"^migrate --rebuild: table notes in .* was not made by pokersql"):
            migrations.migrate(db.engine, migrations.sql_files(directory), rebuild=True)
        assert db.engine.execute("select note from notes") == [("mine",)]
        assert db.engine.execute("select n from numbers") == [(7,)]  # nothing dropped
        (directory / "002_notes.sql").unlink()
        assert [f.script for f in migrations.migrate(db.engine, migrations.sql_files(directory), rebuild=True)] == ["001_numbers.sql"]
        assert db.engine.execute("select count(*) from numbers") == [(0,)]  # pokersql's, made again
        assert db.engine.execute("select note from notes") == [("mine",)]


# -- 3. an input that is not a regular file --------------------------------------------------------
def test_import_of_a_fifo_with_no_writer_is_refused_at_once(tmp_path):
    """The red team's case: `import FIFO` waited for ever for a writer. A real process, so that a
    hang is a failed test (the timeout), not a hung run; nothing is made."""
    fifo, database = tmp_path / "hands.txt", tmp_path / "h.duckdb"
    os.mkfifo(fifo)
    done = subprocess.run(
        [*pokersql_command(), "--db", str(database), "import", str(fifo)], capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr == f"pokersql: error: {fifo}: a FIFO (a named pipe), not a hand-history file\n"
    assert listing(tmp_path) == ["hands.txt"]


def test_every_input_file_that_is_a_fifo_is_refused_in_one_line(built_database, tmp_path, capsys):
    """eval --file, showdown --file (their check was there) and query --read: one line naming the
    file, exit 2; a directory keeps its own message."""
    database = built_database("duckdb")
    fifo = tmp_path / "hands.csv"
    os.mkfifo(fifo)
    refused = {
        ("eval", "--file", str(fifo)): f"not a file: {str(fifo)!r}",  # refused already (is_file), as /dev/null
        ("showdown", "--file", str(fifo)): f"not a file: {str(fifo)!r}",
        ("query", "select 1 as one", "--read", str(fifo)): f"--read takes a file, not a FIFO (a named pipe): {fifo}",
        ("eval", "--file", str(tmp_path)): f"{str(tmp_path)!r} is a directory, not a file: give a .csv or .parquet file",
        # a folder is walked (issue 66): its one file, the FIFO, passed over, so no hand-history file
        ("import", str(tmp_path)): f"{tmp_path}: no hand-history file (1 passed over: {fifo}: a FIFO (a named pipe), not a hand-history file)",
    }
    for command, message in refused.items():
        status, out, err = run(capsys, "duckdb", database, *command)
        assert (status, out, err) == (2, "", f"pokersql: error: {message}\n"), command


# -- 2. a SQLite file killed in its first build ----------------------------------------------------
def test_a_sqlite_file_killed_in_its_first_build_is_rolled_back_and_opens(tmp_path):
    """The red team's case: `build` of a new SQLite file, SIGKILLed, left a file whose first page
    is zeros beside its hot journal, and every later command said `not a SQLite database file`.
    SQLite plays the journal back first (the empty file it was), and the file opens."""
    database = tmp_path / "new.sqlite"
    journal = tmp_path / "new.sqlite-journal"
    process = subprocess.Popen(
        [*pokersql_command(), "--engine", "sqlite", "--db", str(database), "build"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while not (database.exists() and database.stat().st_size > 0 and journal.exists()):
            assert process.poll() is None and time.monotonic() < deadline, "the build wrote no page in two minutes"
            time.sleep(0.2)
        time.sleep(1)
        assert process.poll() is None, "the build ended before it was killed"
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    with open(database, "rb") as handle:
        assert handle.read(100) == bytes(100)  # the first page not written yet: zeros, no header
    assert journal.read_bytes()[:8] == bytes.fromhex("d9d505f920a163d7")  # a hot journal
    with pokersql.connect(str(database), engine="sqlite") as db:
        assert db.engine.execute("select count(*) from sqlite_master") == [(0,)]
    assert database.stat().st_size == 0 and not journal.exists()  # as it was before the build


# -- 5. migrate with an edited versioned file ------------------------------------------------------
def test_migrate_with_an_edited_versioned_file_exits_1_in_one_line_naming_it(built_database, capsys):
    """The issue asked for exit 2; docs/contract.md's exit codes name "an edited applied SQL file"
    among the failures of exit 1, and the contract changes only through its own issue: exit 1,
    one line naming the file, nothing changed."""
    import duckdb

    database = built_database("duckdb")
    with duckdb.connect(database) as connection:
        script, = connection.execute("select script from schema_history where version = 1 and type = 'versioned'").fetchone()
        connection.execute("update schema_history set checksum = 'v2:' || repeat('0', 64) where version = 1")
    before = Path(database).read_bytes()
    status, out, err = run(capsys, "duckdb", database, "migrate")
    assert (status, out) == (1, ""), err
    assert err.startswith(f"pokersql: error: {script} was edited after it was applied (checksum v2:"), err
    assert err.endswith("a versioned file never changes; add a new one instead\n") and err.count("\n") == 1, err
    assert Path(database).read_bytes() == before
