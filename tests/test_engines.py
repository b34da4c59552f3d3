"""What every engine's Engine does alike, beyond the SQL files: here, executemany."""

from __future__ import annotations

import pytest

from pokersql.engines import ENGINES


@pytest.mark.parametrize("engine_name", ["duckdb", "sqlite"])
@pytest.mark.parametrize(
    "sql", ["insert into t (a, b, c) values (?, ?, 7)", "insert into t (a, b, c) values (?, ?, abs(-7))"]
)
def test_executemany_inserts_every_row_as_given(engine_name: str, sql: str) -> None:
    rows = [(1, 0.5), (None, 2), (3, None), (2**40, -1.25)] + [(n, n / 4) for n in range(5, 3000)]
    engine = ENGINES[engine_name]()
    try:
        engine.execute("create table t (a bigint, b double, c integer)")
        engine.executemany(sql, rows)
        got = engine.execute("select a, b, c from t")
    finally:
        engine.close()
    assert sorted(got, key=repr) == sorted(((a, None if b is None else float(b), 7) for a, b in rows), key=repr)
