"""The versioned SQL, printed for a shell: as written (DuckDB) or transpiled with sqlglot.

Transpiling is strict: ``unsupported_level=ErrorLevel.RAISE``, every statement
sqlglot returns is kept, and what it cannot express fails loudly. One change of
meaning sqlglot makes without a word is refused here too: DuckDB's ``range(a, b)``
excludes ``b``, the ``generate_series(a, b)`` it becomes elsewhere includes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import DatabaseError

if TYPE_CHECKING:
    from sqlglot import exp

SOURCE_DIALECT = "duckdb"
DIALECTS = ("duckdb", "sqlite")


def transpile(sql: str, dialect: str, source: str = "SQL") -> list[str]:
    """Statements of ``sql`` (DuckDB's dialect) written in ``dialect``.

    What ``sqlglot.transpile(sql, read="duckdb", write=dialect, unsupported_level=ErrorLevel.RAISE)``
    returns, parsed once so that the parsed statements can be checked before they are written.
    """
    import sqlglot  # here, not at start-up: only applying or printing SQL files needs it
    from sqlglot.errors import ErrorLevel, SqlglotError

    try:
        parsed = sqlglot.parse(sql, read=SOURCE_DIALECT)
        if dialect != SOURCE_DIALECT:
            _refuse_end_exclusive_range(parsed)
        return [statement.sql(dialect, unsupported_level=ErrorLevel.RAISE) if statement else "" for statement in parsed]
    except SqlglotError as e:
        raise DatabaseError(f"cannot transpile {source} to {dialect}: {' '.join(str(e).split())}") from e


def _refuse_end_exclusive_range(parsed: list[exp.Expression | None]) -> None:
    import sqlglot
    from sqlglot import exp

    for statement in parsed:
        if statement is None:
            continue
        for series in statement.find_all(exp.GenerateSeries):
            if series.args.get("is_end_exclusive"):
                raise sqlglot.errors.UnsupportedError(
                    f"{series.sql(SOURCE_DIALECT)} excludes its end, the generate_series it would become "
                    "includes it: count with a table instead (002's digits)"
                )
