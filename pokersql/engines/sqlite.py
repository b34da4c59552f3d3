"""SQLite through Python's sqlite3, running the DuckDB-dialect SQL files transpiled by sqlglot.

What the user's SQL runs on (``read_only_query``): a file is opened a second time with
``mode=ro``; in memory, the same connection is used. Either way with ``pragma query_only`` and
an authorizer that allows reading and nothing else (no ``attach``, which would create a file,
no ``vacuum into``, no pragma that sets).
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .. import interrupts
from ..errors import DatabaseError, Interrupted, PokerSQLError, Refused
from ..transpile import TableMacros, transpile
from .base import FETCH_ROWS, SCRATCH_TABLES, Engine, EquityCosts, _abbreviate, _check_kind, _first_line, _more_than_one

# How long a SQLite connection waits for another process's write (a build takes about 10 s).
SQLITE_BUSY_TIMEOUT_S = 120
# The extended error code of a read-only connection's read that finds a hot journal
# (sqlite3.SQLITE_READONLY_ROLLBACK from Python 3.11; the project runs on 3.10 too).
SQLITE_READONLY_ROLLBACK = 776


class SQLiteEngine(Engine):
    """SQLite through Python's sqlite3, running the DuckDB-dialect SQL files transpiled by sqlglot.

    The connection is in autocommit mode (``isolation_level=None``): the module
    never opens a transaction behind our back, so ``begin``/``commit``/``rollback``
    are exactly the ones Engine issues, and DDL inside them is rolled back too.
    """

    name = "sqlite"
    dialect = "sqlite"
    default_path = "pokersql.sqlite"
    in_memory = True
    # Measured (docs/engines.md): SQLite sorts the preflop job's rows (023 to 025) through temporary
    # files, 13.8 GB in its first 4.4 minutes and not done.
    preflop_job_refused = "SQLite spills the job to tens of GB of temporary files"
    # bench/equity_cost.py: exact 0.5 s + 6e-5 s per deal x board (AhKh vs TT+ vs 87s,98s on a
    # flop, 113,505: 7 s; measured 2.7e-5 to 1e-3); Monte Carlo 0.4-2.5 ms a trial (100,000:
    # 45-250 s).
    equity_costs = EquityCosts(exact_start=0.5, exact_per_work=6e-5, trial=7e-4, slice_trials=20_000, slice_work=5_000_000)

    def __init__(self, path: str | None = None, read_only: bool = False) -> None:
        _check_kind(path, "sqlite")
        self.path = path
        self._reader: sqlite3.Connection | None = None
        self._description: list[str] = []
        interrupts.register(self)
        self.connection = self._connect(read_only and path is not None and os.path.exists(path))

    def _connect(self, read_only: bool) -> sqlite3.Connection:
        self.read_only = read_only
        self._shadowed = False
        path = self.path
        try:
            if path is None:
                connection = sqlite3.connect(":memory:", isolation_level=None)
            elif read_only:
                self._roll_back_hot_journal()
                uri = Path(path).absolute().as_uri() + "?mode=ro"
                connection = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=SQLITE_BUSY_TIMEOUT_S)
            else:
                connection = sqlite3.connect(path, isolation_level=None, timeout=SQLITE_BUSY_TIMEOUT_S)
            # DuckDB enforces foreign keys (hand_input.card_id references cards); SQLite only when asked.
            connection.execute("pragma foreign_keys = on")
            _stop_on_sigint(connection)
        except sqlite3.Error as e:
            raise DatabaseError(f"cannot open SQLite database {path!r}: {_first_line(e)}") from e
        return connection

    def _roll_back_hot_journal(self) -> None:
        """A write killed mid-transaction (``kill -9``, a power cut) leaves its rollback journal
        beside the file ("hot"): a connection opened ``mode=ro`` cannot roll it back, and fails on
        its first read ("attempt to write a readonly database"). A writable connection's first
        read rolls it back, as the sqlite3 shell's does: the file is again as it was before
        that transaction. (A journal of a live writer is not hot: SQLite leaves it alone.)"""
        if not os.path.exists(f"{self.path}-journal"):
            return
        try:
            with contextlib.closing(sqlite3.connect(self.path, isolation_level=None, timeout=SQLITE_BUSY_TIMEOUT_S)) as writer:
                writer.execute("select count(*) from sqlite_master")
        except sqlite3.Error as e:
            if getattr(e, "sqlite_errorcode", None) != SQLITE_READONLY_ROLLBACK:
                raise
            raise DatabaseError(
                f"SQLite database {self.path!r} was left by an interrupted write ({self.path}-journal), "
                f"and this user cannot roll it back: someone who can write it (and its folder) should run: "
                f"pokersql --db {self.path}{self.engine_option} migrate"
            ) from e

    def reopen(self, read_only: bool) -> None:
        self.close()
        self.connection = self._connect(read_only and self.path is not None)

    @contextlib.contextmanager
    def scratch(self) -> Iterator[None]:
        """On a file opened read-only, the block writes to temporary copies of the input tables
        (SCRATCH_TABLES), made once: nothing reaches the file."""
        if self.read_only and not self._shadowed:
            self._shadow_scratch_tables()
            self._shadowed = True
        with super().scratch():
            yield

    def _shadow_scratch_tables(self) -> None:
        # A view of the file reads the file's tables only, whatever the temporary schema holds;
        # so the views are made again as temporary views too, in the order they were made.
        held = self.object_types()
        for table in SCRATCH_TABLES:
            if held.get(table) == "table":
                self.execute(f'create temp table "{table}" as select * from main."{table}"')
        for (statement,) in self.execute("select sql from main.sqlite_master where type = 'view' order by rowid"):
            self.execute(re.sub(r"(?i)^\s*create\s+view\b", "create temp view", statement, count=1))

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        try:
            cursor = self.connection.execute(sql, tuple(params))
            self._description = [d[0] for d in cursor.description or []]
            return cursor.fetchall()
        except sqlite3.Error as e:
            raise _sqlite_error(e, sql) from e

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            self.connection.executemany(sql, [tuple(row) for row in rows])
        except sqlite3.Error as e:
            raise _sqlite_error(e, sql) from e

    @contextlib.contextmanager
    def read_only_query(self, sql: str, params: Sequence[Any] = (), read: Sequence[str] = ()) -> Iterator[tuple[list[str], Iterator[tuple]]]:
        if self.path is None:
            connection = self.connection
        else:
            if self._reader is None:
                uri = Path(self.path).absolute().as_uri() + "?mode=ro"
                try:
                    self._reader = sqlite3.connect(uri, uri=True, isolation_level=None)
                except sqlite3.Error as e:
                    raise DatabaseError(f"cannot open SQLite database {self.path!r}: {_first_line(e)}") from e
                _stop_on_sigint(self._reader)
            connection = self._reader
        connection.execute("pragma query_only = 1")
        connection.set_authorizer(_read_only_authorizer)
        try:
            try:
                cursor = connection.execute(sql, tuple(params))
            except sqlite3.Error as e:
                raise _sqlite_error(e, sql, refusing=True) from e
            columns = [d[0] for d in cursor.description or []]
            yield columns, self._fetch(cursor, sql)
        finally:
            connection.set_authorizer(None)
            if connection is self.connection:
                connection.execute("pragma query_only = 0")

    @staticmethod
    def _fetch(cursor: sqlite3.Cursor, sql: str) -> Iterator[tuple]:
        try:
            while rows := cursor.fetchmany(FETCH_ROWS):
                yield from rows
        except sqlite3.Error as e:
            raise _sqlite_error(e, sql, refusing=True) from e

    def interrupt(self) -> None:
        for connection in (self.connection, self._reader):
            if connection is not None:
                with contextlib.suppress(Exception):
                    connection.interrupt()

    def columns(self) -> list[str]:
        return list(self._description)

    def statements(self, script: str, source: str = "SQL", macros: TableMacros | None = None) -> list[str]:
        return transpile(script, self.dialect, source, macros)

    def begin(self, immediate: bool = False) -> None:
        # immediate: the write lock first, so two processes never both decide to write the same thing.
        self.execute("begin immediate transaction" if immediate else "begin transaction")

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

    # Its rollback journal, write-ahead log and WAL index: export never writes onto them.
    companion_suffixes = ("-journal", "-wal", "-shm")

    # SQLite has no COPY and no Parquet writer: CSV only (export_formats), by base.write_csv.
    def _export_rows(self, relation: str) -> Iterator[Sequence[Any]]:
        try:
            cursor = self.connection.execute(f'select * from "{relation}"')
            yield [d[0] for d in cursor.description]
            while rows := cursor.fetchmany(FETCH_ROWS):
                yield from rows
        except sqlite3.Error as e:
            raise _sqlite_error(e, f"exporting {relation}") from e

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        self.connection.close()

    def version(self) -> str:
        return f"SQLite {sqlite3.sqlite_version}"


# SQLite's virtual machine instructions between two looks at a pending Ctrl-C (a few
# microseconds of work; the look itself costs well under one).
SQLITE_CHECK_EVERY = 10_000


def _stop_on_sigint(connection: sqlite3.Connection) -> None:
    """Every SQLITE_CHECK_EVERY instructions, SQLite asks whether a SIGINT came, and stops.

    ``connection.interrupt()`` from the watcher thread alone is not enough: it is lost when it
    comes between two statements (SQLite forgets it when the next one starts), and that window
    grows on a loaded machine. The pending flag is never lost: the statement running, or the
    next one, stops within SQLITE_CHECK_EVERY instructions of the signal, whatever the load.
    """
    connection.set_progress_handler(interrupts.pending, SQLITE_CHECK_EVERY)


# SQLite's authorizer actions that only read; everything else is denied to the user's SQL.
_READING_ACTIONS = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION, sqlite3.SQLITE_RECURSIVE}
_READING_PRAGMAS = {"table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list"}


def _read_only_authorizer(action: int, first: str | None, second: str | None, database: str | None, trigger: str | None) -> int:
    if action in _READING_ACTIONS or (action == sqlite3.SQLITE_PRAGMA and first in _READING_PRAGMAS):
        return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


def _sqlite_error(error: sqlite3.Error, sql: str, refusing: bool = False) -> PokerSQLError:
    """Interrupted for SQLITE_INTERRUPT; Refused for what the read-only connection denied."""
    code = getattr(error, "sqlite_errorcode", None)
    if code == sqlite3.SQLITE_INTERRUPT:
        return Interrupted()
    denied = code in (sqlite3.SQLITE_AUTH, sqlite3.SQLITE_READONLY) or "not authorized" in str(error)
    if refusing and denied:
        return Refused(f"query is read-only: refused {_abbreviate(sql, 60)!r} ({_first_line(error)})")
    if refusing and isinstance(error, sqlite3.ProgrammingError) and "one statement at a time" in str(error):
        return Refused(_more_than_one(sql))
    return DatabaseError(f"{_first_line(error)} (in: {_abbreviate(sql)})")
