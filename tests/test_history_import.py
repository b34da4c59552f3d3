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
            held[engine] = tables(db)
    assert held["duckdb"]["history_hands"][0][4] == Decimal("1.05")
    assert {row[9] for row in held["duckdb"]["history_hands"]} == {"", "Pluribus Session 31"}
    assert 'Mr "White", Esq.' in {row[3] for row in held["duckdb"]["history_seats"]}
    for table in TABLES:
        assert held["duckdb"][table] == held["sqlite"][table], table
