"""The versioned SQL, printed for a shell: as written (DuckDB) or transpiled with sqlglot.

Transpiling is strict: ``unsupported_level=ErrorLevel.RAISE``, every statement
sqlglot returns is kept, and what it cannot express fails loudly. One change of
meaning sqlglot makes without a word is refused here too: DuckDB's ``range(a, b)``
excludes ``b``, the ``generate_series(a, b)`` it becomes elsewhere includes it.

Spark needs three rewrites of the parsed statements (``_for_spark``; docs/engines.md lists
every difference and how it is handled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import DatabaseError

if TYPE_CHECKING:
    from sqlglot import exp

SOURCE_DIALECT = "duckdb"
DIALECTS = ("duckdb", "sqlite", "spark")


def transpile(sql: str, dialect: str, source: str = "SQL") -> list[str]:
    """Statements of ``sql`` (DuckDB's dialect) written in ``dialect``.

    What ``sqlglot.transpile(sql, read="duckdb", write=dialect, unsupported_level=ErrorLevel.RAISE)``
    returns, parsed once so that the parsed statements can be checked before they are written.
    """
    from sqlglot.errors import ErrorLevel, SqlglotError

    parsed = parse(sql, dialect, source)
    try:
        return [statement.sql(dialect, unsupported_level=ErrorLevel.RAISE) if statement else "" for statement in parsed]
    except SqlglotError as e:
        raise DatabaseError(f"cannot transpile {source} to {dialect}: {' '.join(str(e).split())}") from e


def parse(sql: str, dialect: str, source: str = "SQL") -> list[exp.Expression | None]:
    """The statements of ``sql`` (DuckDB's dialect), parsed and checked for ``dialect``:
    what ``transpile`` writes out (the Spark engine reads the trees themselves)."""
    import sqlglot  # here, not at start-up: only applying or printing SQL files needs it
    from sqlglot.errors import SqlglotError

    try:
        parsed = sqlglot.parse(sql, read=SOURCE_DIALECT)
        if dialect != SOURCE_DIALECT:
            _refuse_end_exclusive_range(parsed)
        if dialect == "spark":
            parsed = [_for_spark(statement) if statement else statement for statement in parsed]
        return parsed
    except SqlglotError as e:
        raise DatabaseError(f"cannot transpile {source} to {dialect}: {' '.join(str(e).split())}") from e


def _for_spark(statement: exp.Expression) -> exp.Expression:
    """What Spark SQL needs besides sqlglot's own translation (docs/engines.md):

    - constraints: Spark's Parquet tables refuse PRIMARY KEY, UNIQUE, REFERENCES and CHECK
      ("does not support CONSTRAINT"); they are left out, NOT NULL and DEFAULT are kept;
    - ``with x as materialized (...)``: sqlglot writes it, Spark cannot parse it; Spark
      decides what to reuse itself, so the hint is left out;
    - ``delete from t`` with no WHERE: Spark's Parquet tables take no DELETE; it is
      ``truncate table t``, the same thing.
    """
    from sqlglot import exp

    if isinstance(statement, exp.Create) and isinstance(statement.this, exp.Schema):
        kept = (exp.NotNullColumnConstraint, exp.DefaultColumnConstraint)
        for column in statement.this.expressions:
            if isinstance(column, exp.ColumnDef):
                constraints = column.args.get("constraints") or []
                column.set("constraints", [c for c in constraints if isinstance(c.kind, kept)])
        statement.this.set("expressions", [e for e in statement.this.expressions if isinstance(e, exp.ColumnDef)])
    for cte in statement.find_all(exp.CTE):
        if cte.args.get("materialized") is not None:
            cte.set("materialized", None)
    if isinstance(statement, exp.Delete) and not statement.args.get("where"):
        return exp.TruncateTable(expressions=[statement.this])
    return statement


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
