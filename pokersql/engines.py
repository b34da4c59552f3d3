"""One small class per database engine, behind one interface.

Engine errors are re-raised as pokersql's own DatabaseError, naming the SQL
file or the statement that failed.
"""

from __future__ import annotations

import contextlib
import csv
import os
import re
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any


from .errors import DatabaseError
from .transpile import transpile

# pokersql writes database files that PyPI's duckdb-cli (1.5) can open too.
DUCKDB_STORAGE_VERSION = "v1.5.0"


class Engine:
    """What the library needs from a database."""

    name: str = ""
    default_path: str = ""
    path: str | None = None
    binds_views: bool = False  # True where create view fails on a missing table or column

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        raise NotImplementedError

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        raise NotImplementedError

    def columns(self) -> list[str]:
        """Column names of the last statement's result."""
        raise NotImplementedError

    def statements(self, script: str, source: str = "SQL") -> list[str]:
        """The statements of a script written in DuckDB's dialect, ready for this engine.

        ``source`` names the script (a file) in an error.
        """
        raise NotImplementedError

    def statement_is_read_only(self, sql: str) -> bool:
        raise NotImplementedError

    def relation_names(self) -> list[str]:
        """The tables and views a user may read or export."""
        raise NotImplementedError

    def object_types(self, macros: bool = False) -> dict[str, str]:
        """name -> 'table' or 'view' (and with ``macros``, 'macro' or 'table macro'), for every such
        object of the database's main schema."""
        raise NotImplementedError

    export_formats: tuple[str, ...] = ()

    def export(self, relation: str, path: str, file_format: str) -> int:
        """Write a table or view to a file; returns the rows written.

        ``relation`` must be one of ``relation_names()`` (it is written into the SQL).
        """
        raise NotImplementedError

    def relation(self, sql: str) -> Any:
        """A lazy result with .df() and .arrow(), where the engine has one."""
        raise NotImplementedError(f"{self.name} has no lazy results with .df() and .arrow(): use query(...).df()")

    def query_progress(self) -> float:
        """How far the running query is, in percent, asked from another thread; -1 when unknown."""
        return -1.0

    def begin(self, immediate: bool = False) -> None:
        """Start a transaction; ``immediate``: take the write lock now, where the engine has one to take."""
        self.execute("begin transaction")

    def commit(self) -> None:
        self.execute("commit")

    def rollback(self) -> None:
        self.execute("rollback")

    @contextlib.contextmanager
    def transaction(self, immediate: bool = False) -> Iterator[None]:
        """Commit what the block did, or roll all of it back if it raised."""
        self.begin(immediate)
        try:
            yield
        except BaseException:
            self.rollback()
            raise
        self.commit()

    @contextlib.contextmanager
    def scratch(self) -> Iterator[None]:
        """Run the block in a transaction that is always rolled back: it leaves nothing behind."""
        self.begin()
        try:
            yield
        finally:
            self.rollback()

    def close(self) -> None:
        raise NotImplementedError

    def version(self) -> str:
        raise NotImplementedError


# Imported by the first engine that needs it, not with pokersql: a command on SQLite
# never loads DuckDB, and one that applies no SQL file never loads sqlglot (start-up time).
duckdb: Any = None


def _load_duckdb() -> None:
    global duckdb
    if duckdb is None:
        import duckdb as module

        duckdb = module


class DuckDBEngine(Engine):
    name = "duckdb"
    default_path = "pokersql.duckdb"
    binds_views = True

    def __init__(self, path: str | None = None, read_only: bool = False) -> None:
        _load_duckdb()
        self.path = path
        config = {}
        if path is not None and not os.path.exists(path) and not read_only:
            config["storage_compatibility_version"] = DUCKDB_STORAGE_VERSION
        try:
            self.connection = duckdb.connect(path or ":memory:", read_only=read_only, config=config)
        except duckdb.Error as e:
            raise DatabaseError(f"cannot open DuckDB database {path!r}: {_first_line(e)}") from e
        # DuckDB's own bar would write over pokersql's output: it measures progress, for
        # query_progress(), but never prints.
        self.execute("set enable_progress_bar = true")
        self.execute("set enable_progress_bar_print = false")
        self._description: list[str] = []

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        try:
            cursor = self.connection.execute(sql, list(params))
            self._description = [d[0] for d in cursor.description or []]
            return cursor.fetchall() if cursor.description else []
        except duckdb.Error as e:
            raise DatabaseError(f"{_first_line(e)} (in: {_abbreviate(sql)})") from e

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        try:
            self.connection.executemany(sql, [list(row) for row in rows])
        except duckdb.Error as e:
            raise DatabaseError(f"{_first_line(e)} (in: {_abbreviate(sql)})") from e

    def columns(self) -> list[str]:
        return list(self._description)

    def statements(self, script: str, source: str = "SQL") -> list[str]:
        try:
            return [statement.query for statement in self.connection.extract_statements(script)]
        except duckdb.Error as e:
            raise DatabaseError(f"cannot parse {source}: {_first_line(e)}") from e

    def statement_is_read_only(self, sql: str) -> bool:
        try:
            parsed = self.connection.extract_statements(sql)
        except duckdb.Error as e:
            raise DatabaseError(_first_line(e)) from e
        allowed = {duckdb.StatementType.SELECT, duckdb.StatementType.EXPLAIN}
        return bool(parsed) and all(statement.type in allowed for statement in parsed)

    def relation_names(self) -> list[str]:
        rows = self.execute(
            "select table_name from information_schema.tables "
            "where table_schema = 'main' and table_catalog = current_database() order by table_name"
        )
        return [name for (name,) in rows]

    def object_types(self, macros: bool = False) -> dict[str, str]:
        rows = self.execute(
            "select table_name, 'table' from duckdb_tables() "
            "where schema_name = 'main' and database_name = current_database() "
            "union all "
            "select view_name, 'view' from duckdb_views() "
            "where not internal and schema_name = 'main' and database_name = current_database()"
        )
        if macros:  # duckdb_functions() lists every built-in function too: about 25 ms
            rows += self.execute(
                "select distinct function_name, case when function_type = 'table_macro' then 'table macro' else 'macro' end "
                "from duckdb_functions() where function_type in ('macro', 'table_macro') and not internal "
                "and schema_name = 'main' and database_name = current_database()"
            )
        return dict(rows)

    export_formats = ("parquet", "csv")

    def export(self, relation: str, path: str, file_format: str) -> int:
        if relation not in self.relation_names() or file_format not in self.export_formats:
            raise DatabaseError(f"cannot export {relation!r} as {file_format!r}")
        # COPY takes no bound parameter for its file name: the path goes in as a quoted literal.
        target = "'" + path.replace("'", "''") + "'"
        options = "format parquet" if file_format == "parquet" else "format csv, header true"
        rows = self.execute(f'copy (select * from "{relation}") to {target} ({options})')
        return rows[0][0] if rows else self.execute(f'select count(*) from "{relation}"')[0][0]

    def query_progress(self) -> float:
        try:
            return float(self.connection.query_progress())
        except duckdb.Error:
            return -1.0

    def relation(self, sql: str) -> Any:
        try:
            return self.connection.sql(sql)
        except duckdb.Error as e:
            raise DatabaseError(f"{_first_line(e)} (in: {_abbreviate(sql)})") from e

    def close(self) -> None:
        self.connection.close()

    def version(self) -> str:
        return f"DuckDB {duckdb.__version__}"


# How long a SQLite connection waits for another process's write (a build takes about 10 s).
SQLITE_BUSY_TIMEOUT_S = 120


class SQLiteEngine(Engine):
    """SQLite through Python's sqlite3, running the DuckDB-dialect SQL files transpiled by sqlglot.

    The connection is in autocommit mode (``isolation_level=None``): the module
    never opens a transaction behind our back, so ``begin``/``commit``/``rollback``
    are exactly the ones Engine issues, and DDL inside them is rolled back too.
    """

    name = "sqlite"
    default_path = "pokersql.sqlite"

    def __init__(self, path: str | None = None, read_only: bool = False) -> None:
        self.path = path
        try:
            if path is None:
                self.connection = sqlite3.connect(":memory:", isolation_level=None)
            elif read_only:
                uri = Path(path).absolute().as_uri() + "?mode=ro"
                self.connection = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=SQLITE_BUSY_TIMEOUT_S)
            else:
                self.connection = sqlite3.connect(path, isolation_level=None, timeout=SQLITE_BUSY_TIMEOUT_S)
            # DuckDB enforces foreign keys (hand_input.card_id references cards); SQLite only when asked.
            self.connection.execute("pragma foreign_keys = on")
        except sqlite3.Error as e:
            raise DatabaseError(f"cannot open SQLite database {path!r}: {_first_line(e)}") from e
        self._description: list[str] = []

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        try:
            cursor = self.connection.execute(sql, tuple(params))
            self._description = [d[0] for d in cursor.description or []]
            return cursor.fetchall()
        except sqlite3.Error as e:
            raise DatabaseError(f"{_first_line(e)} (in: {_abbreviate(sql)})") from e

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            self.connection.executemany(sql, [tuple(row) for row in rows])
        except sqlite3.Error as e:
            raise DatabaseError(f"{_first_line(e)} (in: {_abbreviate(sql)})") from e

    def columns(self) -> list[str]:
        return list(self._description)

    def statements(self, script: str, source: str = "SQL") -> list[str]:
        return transpile(script, "sqlite", source)

    def begin(self, immediate: bool = False) -> None:
        # immediate: the write lock first, so two processes never both decide to write the same thing.
        self.execute("begin immediate transaction" if immediate else "begin transaction")

    def statement_is_read_only(self, sql: str) -> bool:
        """True for queries (select, with, union, ...) and their explain; anything else is refused."""
        explained = _EXPLAIN.match(sql)
        if explained:
            return self.statement_is_read_only(sql[explained.end() :])
        import sqlglot  # here, not at start-up: only `query` needs it
        from sqlglot import exp
        from sqlglot.errors import ParseError, SqlglotError

        try:
            parsed = [statement for statement in sqlglot.parse(sql, read="sqlite") if statement is not None]
        except SqlglotError as e:
            reason = e.errors[0]["description"] if isinstance(e, ParseError) and e.errors else _first_line(e)
            raise DatabaseError(f"cannot parse {_abbreviate(sql)!r}: {reason}") from e
        writes = (exp.Insert, exp.Update, exp.Delete, exp.Merge, exp.Create, exp.Drop, exp.Alter, exp.Command)
        return bool(parsed) and all(isinstance(s, (exp.Query, exp.Values)) and s.find(*writes) is None for s in parsed)

    def relation_names(self) -> list[str]:
        rows = self.execute(
            "select name from sqlite_master "
            "where type in ('table', 'view') and name not like 'sqlite_%' order by name"
        )
        return [name for (name,) in rows]

    def object_types(self, macros: bool = False) -> dict[str, str]:
        rows = self.execute(
            "select name, type from sqlite_master where type in ('table', 'view') and name not like 'sqlite_%'"
        )
        return dict(rows)

    # SQLite has no COPY and no Parquet writer: CSV only, written row by row by Python's csv module.
    export_formats = ("csv",)

    def export(self, relation: str, path: str, file_format: str) -> int:
        if relation not in self.relation_names() or file_format not in self.export_formats:
            raise DatabaseError(f"cannot export {relation!r} as {file_format!r}")
        try:
            cursor = self.connection.execute(f'select * from "{relation}"')
            count = 0
            with open(path, "w", newline="", encoding="utf-8") as handle:
                writer = csv.writer(handle, lineterminator="\n")
                writer.writerow([d[0] for d in cursor.description])
                while rows := cursor.fetchmany(10_000):
                    writer.writerows(rows)
                    count += len(rows)
        except sqlite3.Error as e:
            raise DatabaseError(f"{_first_line(e)} (exporting {relation})") from e
        except OSError as e:
            raise DatabaseError(f"cannot write {path!r}: {e.strerror or _first_line(e)}") from e
        return count

    def close(self) -> None:
        self.connection.close()

    def version(self) -> str:
        return f"SQLite {sqlite3.sqlite_version}"


_EXPLAIN = re.compile(r"\s*explain(\s+query\s+plan)?\s+", re.IGNORECASE)


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _abbreviate(sql: str, limit: int = 80) -> str:
    flat = " ".join(sql.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


ENGINES: dict[str, type[Engine]] = {"duckdb": DuckDBEngine, "sqlite": SQLiteEngine}
