"""The versioned SQL, printed for a shell: as written (DuckDB) or transpiled with sqlglot.

Transpiling is strict: ``unsupported_level=ErrorLevel.RAISE``, every statement
sqlglot returns is kept, and what it cannot express fails loudly.
"""

from __future__ import annotations

import sqlglot
from sqlglot.errors import ErrorLevel, SqlglotError

from .errors import DatabaseError
from .migrations import SqlFile

SOURCE_DIALECT = "duckdb"
DIALECTS = ("duckdb",)


def transpile(sql: str, dialect: str, source: str = "SQL") -> list[str]:
    """Statements of ``sql`` (DuckDB's dialect) written in ``dialect``."""
    try:
        return sqlglot.transpile(sql, read=SOURCE_DIALECT, write=dialect, unsupported_level=ErrorLevel.RAISE)
    except SqlglotError as e:
        raise DatabaseError(f"cannot transpile {source} to {dialect}: {' '.join(str(e).split())}") from e


def script_for(dialect: str, files: list[SqlFile]) -> str:
    """One script of all versioned files, each under a comment naming it."""
    parts = []
    for sql_file in files:
        parts.append(f"-- {sql_file.script}\n")
        if dialect == SOURCE_DIALECT:
            parts.append(sql_file.text.rstrip("\n") + "\n\n")
        else:
            parts.append("".join(statement + ";\n\n" for statement in transpile(sql_file.text, dialect, sql_file.script)))
    return "".join(parts)
