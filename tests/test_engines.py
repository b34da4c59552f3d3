"""What every engine's Engine does alike, beyond the SQL files: here, executemany."""

from __future__ import annotations

from typing import Any

import pytest

from pokersql.engines import ENGINES


class RowByRow:
    """A connection that counts its executemany calls (DuckDB's run a statement per row)."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.calls = 0

    def executemany(self, *args: Any) -> Any:
        self.calls += 1
        return self.connection.executemany(*args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.connection, name)


@pytest.mark.parametrize("engine_name", ["duckdb", "sqlite"])
@pytest.mark.parametrize(
    ("sql", "one_statement"),
    [
        ("insert into t (a, b, c) values (?, ?, 7)", True),  # DuckDB: a list per parameter, unnested
        ("insert into t (a, b, c) values (?, ?, abs(-7))", False),  # parentheses inside: row by row
    ],
)
def test_executemany_inserts_every_row_as_given(engine_name: str, sql: str, one_statement: bool) -> None:
    rows = [(1, 0.5), (None, 2), (3, None), (2**40, -1.25)] + [(n, n / 4) for n in range(5, 3000)]
    engine = ENGINES[engine_name]()
    try:
        engine.execute("create table t (a bigint, b double, c integer)")
        if engine_name == "duckdb":
            engine._connection = connection = RowByRow(engine._connection)
            engine.executemany(sql, rows)
            engine._connection = connection.connection
            assert connection.calls == (0 if one_statement else 1)
        else:
            engine.executemany(sql, rows)
        got = engine.execute("select a, b, c from t")
    finally:
        engine.close()
    assert sorted(got, key=repr) == sorted(((a, None if b is None else float(b), 7) for a, b in rows), key=repr)
