"""The import's quick way of writing on DuckDB (each hand made lines of CSV as it is read,
Hand.add_csv; a batch written by a second thread while the next is read) stores what SQLite
stores through bound values (Engine.executemany), row for row: texts with quotes and commas,
an empty text, NULLs, amounts in hundredths, and hands read twice, across batches."""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path

import pokersql
from pokersql.histories import store as history_store

HISTORIES = Path(__file__).resolve().parent / "histories"
TABLES = ("history_hands", "history_seats", "history_actions", "history_board", "history_results")
# A player whose name holds a quote and a comma; a table with no name; odd cents.
RENAMED = {
    "MrWhite": 'Mr "White", Esq.',
    "Table 'Pluribus Session 30'": "Table ''",
    "(50/100)": "($0.50/$1.05 USD)",
}


def tricky_file(folder: Path) -> Path:
    text = (HISTORIES / "pluribus_30.txt").read_text(encoding="utf-8")
    for old, new in RENAMED.items():
        text = text.replace(old, new)
    path = folder / "tricky.txt"
    path.write_text(text, encoding="utf-8")
    return path


def plain(value):
    """A value as both engines give it back: an amount as Decimal of two places, a time as text."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float, Decimal)):
        return Decimal(str(value)).quantize(Decimal("0.01"))
    if isinstance(value, datetime.datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    return value


def tables(db) -> dict[str, list[tuple]]:
    return {table: sorted((tuple(plain(value) for value in row) for row in db.engine.execute(f"select * from {table}")), key=repr)
            for table in TABLES}


def test_duckdb_writes_the_rows_sqlite_writes(tmp_path, monkeypatch):
    monkeypatch.setattr(history_store, "BATCH_HANDS", 7)  # 33 batches, written by the second thread
    files = [tricky_file(tmp_path), HISTORIES / "pluribus_31.txt"]
    files = [*files, files[0]]  # the tricky hands twice: the second time, held already
    held = {}
    for engine in ("duckdb", "sqlite"):
        with pokersql.connect(str(tmp_path / f"h.{engine}"), engine=engine) as db:
            result = db.import_histories(files)
            assert (result.imported, result.duplicates) == (153, 80)
            assert not db.engine.read_only  # a file opened to write is left so (an import once reopened it read-only)
            held[engine] = tables(db)
    assert held["duckdb"]["history_hands"][0][4] == Decimal("1.05")
    assert {row[9] for row in held["duckdb"]["history_hands"]} == {"", "Pluribus Session 31"}
    assert 'Mr "White", Esq.' in {row[3] for row in held["duckdb"]["history_seats"]}
    for table in TABLES:
        assert held["duckdb"][table] == held["sqlite"][table], table


def test_import_writes_the_tables_as_parquet_that_duckdb_reads(tmp_path, capsys):
    """--parquet DIR: the five tables, whole (the hands held before this import too), read back
    by DuckDB's own Parquet reader row for row, column names and types kept."""
    import json

    import duckdb

    from pokersql.cli import main

    database, folder = tmp_path / "h.duckdb", tmp_path / "tables"
    assert main(["--db", str(database), "import", str(HISTORIES / "pluribus_30.txt")]) == 0
    capsys.readouterr()
    assert main(["--db", str(database), "import", str(HISTORIES / "pluribus_31.txt"), str(HISTORIES / "handhq_abs_sample.phhs"),
                 "--parquet", str(folder), "--format", "json"]) == 0
    written = json.loads(capsys.readouterr().out)
    assert written["imported"] == 75 and written["parquet"] == [str(folder / f"{table}.parquet") for table in TABLES]
    connection = duckdb.connect(str(database), read_only=True)
    counts = {}
    try:
        for table, path in zip(TABLES, written["parquet"]):
            held = connection.execute(f"select * from {table}")
            columns = [(column[0], column[1]) for column in held.description]
            rows = sorted(held.fetchall(), key=repr)
            read = connection.execute("select * from read_parquet(?)", [path])
            assert [(column[0], column[1]) for column in read.description] == columns, table
            assert sorted(read.fetchall(), key=repr) == rows, table
            counts[table] = len(rows)
        assert counts["history_hands"] == 155 and counts["history_results"] == 153 * 6 + 9  # the first import's too
    finally:
        connection.close()


def test_parquet_is_refused_where_the_engine_writes_none(tmp_path, capsys):
    from pokersql.cli import main

    status = main(["--db", str(tmp_path / "h.sqlite"), "--engine", "sqlite", "import", str(HISTORIES / "pluribus_30.txt"),
                   "--parquet", str(tmp_path / "tables")])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "SQLite cannot write Parquet" in err
    assert not (tmp_path / "tables").exists()
    with pokersql.connect(str(tmp_path / "h.sqlite"), engine="sqlite") as db:
        assert "history_hands" not in db.engine.relation_names()


def test_a_batch_that_fails_in_the_writing_thread_rolls_the_import_back(tmp_path, monkeypatch, capsys):
    """The third batch's write fails in the second thread (that batch only): the import stops
    with that error (exit 1, one line) and the database holds what it held before, the two
    batches written undone."""
    from pokersql.cli import main
    from pokersql.engines.duckdb import DuckDBEngine
    from pokersql.errors import DatabaseError

    database = tmp_path / "h.duckdb"
    assert main(["--db", str(database), "import", str(HISTORIES / "pluribus_30.txt")]) == 0
    monkeypatch.setattr(history_store, "BATCH_HANDS", 7)
    written = []
    append_csv = DuckDBEngine.append_csv

    def failing(self, table, columns, lines, hundredths=()):
        import threading

        written.append(threading.current_thread().name)
        if len(written) == 11:  # the third batch's first table, and no other
            raise DatabaseError("the disk is full (on purpose)")
        append_csv(self, table, columns, lines, hundredths)

    monkeypatch.setattr(DuckDBEngine, "append_csv", failing)
    capsys.readouterr()
    status = main(["--db", str(database), "import", str(HISTORIES / "pluribus_31.txt")])
    err = capsys.readouterr().err
    assert status == 1 and err.count("\n") == 1 and "the disk is full (on purpose)" in err, err
    assert written[0].startswith("pokersql-import")  # written by the second thread
    with pokersql.connect(str(database)) as db:
        assert db.engine.execute("select count(*), min(hand_id) from history_hands") == [(80, "30000")]
