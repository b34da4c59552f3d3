"""pokersql's statements as Spark reads them: parsed trees and their targets, literals, and
Spark's own messages."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...transpile import parse


@lru_cache(maxsize=512)
def _parsed(sql: str) -> list[Any]:
    """pokersql's own statements (DuckDB's dialect), parsed once for Spark."""
    return parse(sql, "spark")


class SparkStatement(str):
    """A statement of a SQL file, already written in Spark SQL, with its parsed tree."""

    tree: Any

    def __new__(cls, text: str, tree: Any) -> SparkStatement:
        statement = super().__new__(cls, text)
        statement.tree = tree
        return statement


def _spark_sql(tree: Any) -> str:
    from sqlglot.errors import ErrorLevel

    return tree.sql("spark", unsupported_level=ErrorLevel.RAISE)


def _target(tree: Any) -> str | None:
    """The name of the table a statement creates, drops or writes."""
    from sqlglot import exp

    if isinstance(tree, exp.TruncateTable):
        node = tree.expressions[0]
    elif isinstance(tree, exp.Drop) and tree.args.get("tables"):
        node = tree.args["tables"][0]
    else:
        node = tree.this
    if isinstance(node, exp.Schema):
        node = node.this
    return node.name if isinstance(node, exp.Table) else None


def _literal(value: Any) -> str:
    if value is None:
        return "NULL"
    if value is True or value is False:
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"CAST('{value!r}' AS DOUBLE)"
    text = str(value).replace("\\", "\\\\").replace("'", "\\'")
    return f"'{text}'"


def _type_name(kind: Any) -> str:
    """A type of a schema in JSON as Spark SQL writes it."""
    if isinstance(kind, str):
        return {"integer": "INT", "long": "BIGINT", "short": "SMALLINT", "byte": "TINYINT"}.get(kind, kind.upper())
    from pyspark.sql.types import _parse_datatype_json_value

    return _parse_datatype_json_value(kind).simpleString()


def _spark_message(error: BaseException) -> str:
    """Spark's message, its first line, without the JVM's stack."""
    text = getattr(error, "getMessage", None)
    message = text() if callable(text) else str(error)
    lines = [line for line in str(message).splitlines() if line.strip()]
    first = lines[0] if lines else type(error).__name__
    return first.split(" SQLSTATE:")[0].strip()
