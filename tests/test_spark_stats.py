"""The tracker on Spark (issue 46): real hand histories imported on Spark give DuckDB's
``history_hand_stats`` row for row, and ``pokersql stats`` prints DuckDB's figures player by
player. Spark stores the report views at import as DuckDB does (066's five tables, filled by
pokersql/histories/stored.py in temporary tables of held rows, engines/spark/temporary.py): each
stored table holds DuckDB's rows for the same files, and ``stats`` reads Spark's stored table.

It runs on the Spark worker (xdist group "spark"), in a copy of the session's warehouse
(conftest.py ``built_spark``, built once for tests/test_spark.py too): no other warehouse is built.
"""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from pathlib import Path

import pytest

import pokersql
from pokersql.cli import main
from pokersql.histories.stored import HANDS, STORED

pytestmark = pytest.mark.xdist_group("spark")

HISTORIES = Path(__file__).resolve().parent / "histories"
STARS = HISTORIES / "fpdb" / "cash" / "Stars" / "Flop"
# The Pluribus sample (every seat's cards shown: no hero) and PokerStars cash files of the corpus:
# raked hands dealt to Hero, the fpdb files whose flags are checked (test_history_stats.py), its
# "Stats-comparision" file, walks, limit Hold'em of ten seats.
REAL = [
    HISTORIES / "pluribus_30.txt",
    HISTORIES / "pluribus_31.txt",
    STARS / "NLHE-6max-USD-0.05-0.10-200911.txt",
    STARS / "NLHE-6max-USD-0.05-0.10-200912.Allin-pre.txt",
    STARS / "NLHE-FR-USD-0.01-0.02-201004.4betPF.txt",
    STARS / "NLHE-6max-USD-0.05-0.10-200912.Stats-comparision.txt",
    STARS / "NLHE-6max-EUR-0.05-0.10-201906.RIO.STP.walk.txt",
    STARS / "LHE-10max-USD-1.00-2.00-200508.hero.takes.a.walk.txt",
]
KEYS = ("site", "hand_id", "seat")


def plain(value: object) -> object:
    """A value as both engines can be compared: numbers as floats to the millionth (Spark's
    decimals, DuckDB's doubles), times as text."""
    if isinstance(value, (Decimal, float)) and not isinstance(value, bool):
        return round(float(value), 6)
    if isinstance(value, (datetime.datetime, datetime.date)):
        return value.isoformat(sep=" ") if isinstance(value, datetime.datetime) else value.isoformat()
    return value


def hand_stats(db: pokersql.Database, columns: list[str]) -> list[tuple]:
    rows = db.engine.execute(f"select {', '.join(columns)} from history_hand_stats order by {', '.join(KEYS)}")
    return [tuple(plain(value) for value in row) for row in rows]


def rows_of(db: pokersql.Database, relation: str, columns: list[str]) -> list[tuple]:
    """The relation's rows, ``columns`` of them, as both engines can be compared, sorted."""
    rows = db.engine.execute(f"select {', '.join(columns)} from {relation}")
    return sorted((tuple(plain(value) for value in row) for row in rows), key=repr)


def stats_json(capsys: pytest.CaptureFixture[str], base: list[str], *args: str) -> dict:
    assert main([*base, "stats", "--format", "json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_stats_on_spark_are_duckdbs_on_the_real_files(built_spark, built_database, capsys) -> None:
    """The same files on both engines: Spark's history_hand_stats is DuckDB's (its view and its
    stored table) seat by seat, each of Spark's five stored tables is DuckDB's row for row, and
    `pokersql stats`' JSON is DuckDB's, player by player. Each Spark query of the view costs a
    minute or two of planning: the test asks one (`stats` reads the stored table)."""
    duck_path = built_database("duckdb")
    with pokersql.connect(duck_path) as duck:
        assert duck.import_histories(REAL).imported == 236  # 153 of Pluribus, 83 of the corpus
        duck.engine.execute("select * from history_hand_stats limit 0")
        columns = duck.engine.columns()
        expected = hand_stats(duck, columns)
        stored = [tuple(plain(v) for v in row) for row in duck.engine.execute(
            f"select {', '.join(columns)} from stored_hand_stats order by {', '.join(KEYS)}")]
        stored_columns = {}  # each stored table's columns, and DuckDB's rows of it
        for table in (*STORED, HANDS):
            duck.engine.execute(f"select * from {table} limit 0")
            stored_columns[table] = duck.engine.columns()
        duck_stored = {table: rows_of(duck, table, names) for table, names in stored_columns.items()}
    assert stored == expected  # DuckDB's stored table is its view's rows
    assert all(duck_stored.values()) and len(duck_stored[HANDS]) == 236
    spark_path = built_spark()
    with pokersql.connect(spark_path, "spark") as spark:
        assert spark.import_histories(REAL).imported == len({row[:2] for row in expected})
        on_spark = hand_stats(spark, columns)
        # each stored table is DuckDB's, row for row (stored at import: an import that stored
        # nothing leaves them empty); and the stored statistics are Spark's own view's
        spark_stored = {table: rows_of(spark, table, names) for table, names in stored_columns.items()}
    for table, rows in duck_stored.items():
        assert spark_stored[table] == rows, (table, len(spark_stored[table]), len(rows))
    assert spark_stored["stored_hand_stats"] == sorted(on_spark, key=repr)
    assert len(on_spark) == len(expected)
    for spark_row, duck_row in zip(on_spark, expected):  # seat by seat, each difference named
        assert spark_row == duck_row, {c: (s, d) for c, s, d in zip(columns, spark_row, duck_row) if s != d}
    # the command, a whole run of it on each engine: the same JSON (each reads its stored table)
    players = set()
    for money in stats_json(capsys, ["--db", duck_path])["moneys"]:  # one money at a time (issue 66)
        options = ["--tournaments"] if money["kind"] == "tournaments" else ["--currency", money["currency"] or "none"]
        on_duckdb = stats_json(capsys, ["--db", duck_path], *options)
        assert stats_json(capsys, ["--engine", "spark", "--db", spark_path], *options) == on_duckdb
        players |= {row["player"] for row in on_duckdb["players"]}
    assert len(players) > 10 and "Hero" in players
