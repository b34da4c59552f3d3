"""One small class per database engine, behind one interface.

Engine errors are re-raised as pokersql's own DatabaseError, naming the SQL
file or the statement that failed.

What the user's SQL runs on (``read_only_query``, ``read_only_relation``) is a
connection that the engine itself keeps from writing and from reaching any file or
the network: pokersql never inspects the statement's text for that.

- DuckDB: a second connection to the database file, opened ``read_only``, with no
  temporary directory (nothing to read or write there), no automatic installing or
  loading of extensions, external access off, the local file system disabled (DuckDB
  would still let it reach the database's own files and its temporary directory), and
  the configuration locked (``DuckDBEngine._open_sandbox``). ``query --read PATH``
  instead leaves the local file system on with exactly those files allowed
  (``allowed_paths``). DuckDB lets one process open a file with one configuration at a
  time, so the read-write connection is closed while the read-only one is open (and the
  other way round: each is opened again when it is next needed). If another Database of
  the same process holds the file open, DuckDB cannot open it with the sandbox's
  configuration, and the query is refused (one line): it never runs on that instance.
  DuckDB's parser must find one statement, of a kind that reads (``READING_STATEMENTS``;
  an ``explain`` of one): temporary tables, views and macros, ``attach``, ``copy``,
  ``set`` and the like are refused before they run.
- DuckDB "in memory" (``path=None``) lives in a private temporary file, removed when the
  Database is closed: the same sandbox then holds for it. (A true in-memory instance
  cannot be opened a second time, and its settings are the whole process's.)
- SQLite: a file is opened a second time with ``mode=ro``; in memory, the same
  connection is used. Either way with ``pragma query_only`` and an authorizer that
  allows reading and nothing else (no ``attach``, which would create a file, no
  ``vacuum into``, no pragma that sets).

No pokersql connection installs or loads an extension by itself, and a database file
of the other engine is refused by its header, before DuckDB would try to download the
extension that reads it.
"""

from __future__ import annotations

import contextlib
import csv
import os
import re
import shutil
import sqlite3
import tempfile
import weakref
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any


from .. import interrupts
from ..errors import BadInput, DatabaseError, Interrupted, PokerSQLError, Refused
from ..transpile import transpile
from . import ENGINE_TITLES

# pokersql writes database files that PyPI's duckdb-cli (1.5) can open too.
DUCKDB_STORAGE_VERSION = "v1.5.0"

# Every DuckDB connection: never download or load an extension behind the user's back.
DUCKDB_NO_EXTENSIONS = {"autoinstall_known_extensions": False, "autoload_known_extensions": False}
# The connection the user's SQL runs on (see DuckDBEngine._open_sandbox): opened read-only with
# no temporary directory (DuckDB would let the statement read and write files there), then
# external access off, the local file system off (or only the --read files), and locked.
DUCKDB_SANDBOX = {**DUCKDB_NO_EXTENSIONS, "temp_directory": ""}
# The kinds of statement the user's SQL may be (DuckDB's parser says which): they read. An
# EXPLAIN is taken if the statement it explains is one of them. MULTI is a PIVOT whose
# columns DuckDB reads first (its own temporary enum type of them, then the select).
READING_STATEMENTS = ("SELECT", "EXPLAIN", "PRAGMA", "CALL", "MULTI")
_EXPLAIN = re.compile(r"^\s*explain\s+(?:analy[sz]e\s+)?(?:\([^()]*\)\s*)?", re.IGNORECASE)

FETCH_ROWS = 10_000  # rows per fetch when a query's rows are streamed

# The tables pokersql writes while it works, always inside scratch() and always rolled back.
# On a database opened read-only they are temporary copies, in memory (see Engine.scratch).
SCRATCH_TABLES = ("deal_settings", "hand_input", "board_input", "dead_input", "random_hand_input", "range_input")


def file_kind(path: str | None) -> str | None:
    """"duckdb" or "sqlite" by the file's header; None for no file, an empty one or another kind.

    A SQLite file begins with "SQLite format 3\\0"; a DuckDB file has "DUCK" at byte 8.
    """
    if path is None:
        return None
    try:
        with open(path, "rb") as handle:
            header = handle.read(16)
    except OSError:
        return None
    if header.startswith(b"SQLite format 3\x00"):
        return "sqlite"
    if header[8:12] == b"DUCK":
        return "duckdb"
    return None


def _check_kind(path: str | None, engine: str) -> None:
    kind = file_kind(path)
    if kind is not None and kind != engine:
        raise BadInput(f"{path} is a {ENGINE_TITLES[kind]} database file, not {ENGINE_TITLES[engine]}: use --engine {kind}")


@dataclass(frozen=True)
class EquityCosts:
    """What equity costs on one engine, fitted to bench/equity_cost.py's measurements: the
    default of ``equity`` picks exact or Monte Carlo by these estimates (ranges.choose_exact),
    and refuses exact work estimated at more than ranges.EXACT_SECONDS_MAX."""

    exact_start: float  # seconds an exact count costs whatever its size (planning, the boards' classes)
    exact_per_work: float  # and seconds per unit of ranges.exact_work (deals x boards)
    trial: float  # seconds per Monte Carlo trial (a trial's cost hardly depends on the hands)
    slice_trials: int  # Monte Carlo trials per query: memory stays bounded, each a progress step
    # Exact range equity in slices of a player's combinations, each at most this much
    # ranges.exact_work (deals x boards): memory stays bounded as Monte Carlo's does.
    slice_work: int


class Engine:
    """What the library needs from a database."""

    name: str = ""
    default_path: str = ""
    path: str | None = None
    binds_views: bool = False  # True where create view fails on a missing table or column
    read_only: bool = False  # the file is open read-only: nothing pokersql does writes to it
    _shadowed: bool = False  # read-only: the scratch tables' temporary copies are made
    temp_schema: str = "temp"  # the schema of a session's temporary tables
    # Why ``build --preflop`` does not run the preflop job (023) here, or None: it runs it.
    preflop_job_refused: str | None = None
    # Unmeasured engines (Spark): SQLite's figures, a cautious guess.
    equity_costs = EquityCosts(exact_start=0.5, exact_per_work=6e-5, trial=7e-4, slice_trials=20_000, slice_work=5_000_000)

    def reopen(self, read_only: bool) -> None:
        """Open the file again, read-only or read-write (a file that cannot be written, or that
        another process holds, fails here with one line)."""
        raise NotImplementedError

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

    def read_only_query(self, sql: str, params: Sequence[Any] = (), read: Sequence[str] = ()) -> contextlib.AbstractContextManager[tuple[list[str], Iterator[tuple]]]:
        """``with engine.read_only_query(sql) as (columns, rows)``: the rows of the one
        statement, fetched a slice at a time, on a connection that cannot write.

        A statement that would write, or reach a file or the network, raises Refused; so do
        several statements. ``read``: files it may read (DuckDB only; Database checks that).
        """
        raise NotImplementedError

    def interrupt(self) -> None:
        """Stop the running query (called from another thread, on SIGINT)."""

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

    def relation(self, sql: str, read: Sequence[str] = ()) -> Any:
        """A lazy result with .df() and .arrow(), where the engine has one."""
        raise NotImplementedError(f"{self.name} has no lazy results with .df() and .arrow(): use query(...).df()")

    def query_progress(self) -> float:
        """How far the running query is, in percent, asked from another thread; -1 when unknown."""
        return -1.0

    def begin(self, immediate: bool = False) -> None:
        """Start a transaction; ``immediate``: take the write lock now, where the engine has one to take."""
        self.execute("begin transaction")

    def commit(self) -> None:
        interrupts.check()  # a SIGINT already came: roll back instead (see pokersql.interrupts)
        self.execute("commit")

    def rollback(self) -> None:
        self.execute("rollback")

    @contextlib.contextmanager
    def transaction(self, immediate: bool = False) -> Iterator[None]:
        """Commit what the block did, or roll all of it back if it raised."""
        self.begin(immediate)
        try:
            yield
            self.commit()
        except BaseException as e:
            self._rollback_after(e)
            raise

    @contextlib.contextmanager
    def scratch(self) -> Iterator[None]:
        """Run the block in a transaction that is always rolled back: it leaves nothing behind.

        On a file opened read-only, the block writes to temporary copies of the scratch tables
        (SCRATCH_TABLES), which the views read in their place: nothing reaches the file.
        """
        if self.read_only and not self._shadowed:
            self._shadow_scratch_tables()
            self._shadowed = True
        self.begin()
        try:
            yield
        except BaseException as e:
            self._rollback_after(e)
            raise
        self.rollback()

    def _shadow_scratch_tables(self) -> None:
        """Temporary copies of the scratch tables, which the views read in their place: an
        unqualified name finds the temporary object before the file's."""
        held = self.object_types()
        for table in SCRATCH_TABLES:
            if held.get(table) == "table":
                self.execute(f'create temp table "{table}" as select * from main."{table}"')

    def _rollback_after(self, cause: BaseException) -> None:
        """Roll back after ``cause``; if that fails too, the cause still comes first.

        (A full disk fails the statement, and SQLite may then have ended the transaction
        itself: "cannot rollback - no transaction is active" must not hide the real cause.)
        """
        try:
            self.rollback()
        except DatabaseError as failed:
            if isinstance(cause, PokerSQLError):
                cause.args = (f"{cause}; then the rollback failed: {failed}",)
            else:
                cause.add_note(f"then the rollback failed: {failed}")

    def drop_keeping_views(self, drops: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """Run each ``(drop statement, name)``, in order, inside the open transaction; returns the
        (name, definition) of the user's views dropped with them, in the order to make them again.

        DuckDB, SQLite and Spark keep a view whose table is dropped (it reads the table again
        when it is made again): nothing else goes.
        """
        for statement, name in drops:
            self.execute(f'{statement} "{name}"')
        return []

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


def _duckdb_failures() -> tuple[type[BaseException], ...]:
    """What a DuckDB call raises: its errors, and RuntimeError("Query interrupted")."""
    return (duckdb.Error, RuntimeError)


# `insert into t (a, b) values (?, ?, 1)`: a table, its columns, one row of values with no
# parentheses or quotes inside.
_ONE_ROW_INSERT = re.compile(r"^\s*(insert\s+into\s+[\w.\"]+\s*(?:\([^()]*\))?)\s*values\s*\(([^()'\"]*)\)\s*;?\s*$", re.I)


class DuckDBEngine(Engine):
    name = "duckdb"
    default_path = "pokersql.duckdb"
    binds_views = True
    # bench/equity_cost.py: exact 0.6 s + 4.5e-7 s per deal x board (AhAd vs
    # QQ+,AKs before the flop, 39 million, 17 s on a loaded machine); Monte Carlo 22-41 us a
    # trial. A query costs about 0.15 s to plan, so Monte Carlo's slices are large (about 100
    # MB more per 500,000 trials); exact ranges in slices of 5 million deals x boards (AhKh vs
    # random vs random on a turn, 56 million, took 6.4 GB in one query).
    equity_costs = EquityCosts(exact_start=0.6, exact_per_work=4.5e-7, trial=2.5e-5, slice_trials=500_000, slice_work=5_000_000)

    def __init__(self, path: str | None = None, read_only: bool = False) -> None:
        _load_duckdb()
        _check_kind(path, "duckdb")
        self.path = path
        # A file that is not there yet is made, and written: read-only is for a file that exists.
        self.read_only = read_only and path is not None and os.path.exists(path)
        self._file = path  # the file DuckDB opens: "in memory" is a private temporary file
        if path is None:
            directory = tempfile.mkdtemp(prefix="pokersql-memory-")
            self._file = os.path.join(directory, "memory.duckdb")
            self._remove_file = weakref.finalize(self, shutil.rmtree, directory, ignore_errors=True)
        self._connection: Any = None
        self._reader: Any = None  # the sandboxed read-only connection (see _open_sandbox)
        self._reader_paths: tuple[str, ...] = ()  # the files it may read (query --read)
        self._cursors: list[Any] = []  # cursors of read_only_query, for interrupt()
        self._description: list[str] = []
        interrupts.register(self)
        self.connection  # opened now: a file that cannot be opened fails here, not later

    @property
    def connection(self) -> Any:
        """The read-write connection (read-only if the engine was made so), opened when needed."""
        if self._connection is None:
            self._close_reader()
            config = dict(DUCKDB_NO_EXTENSIONS)
            if not os.path.exists(self._file) and not self.read_only:
                config["storage_compatibility_version"] = DUCKDB_STORAGE_VERSION
            try:
                self._connection = self._open(self.read_only, config)
            except DatabaseError as e:
                if not (self.read_only and "different configuration" in str(e)):
                    raise
                # Another Database of this same process has the file open read-write, and DuckDB
                # opens a file with one configuration per process: share that instance, as a
                # writable engine (scratch tables then work as they do there).
                self.read_only = False
                self._connection = self._open(False, config)
            # DuckDB's own bar would write over pokersql's output: it measures progress, for
            # query_progress(), but never prints.
            self._connection.execute("set enable_progress_bar = true")
            self._connection.execute("set enable_progress_bar_print = false")
        return self._connection

    def _open(self, read_only: bool, config: dict[str, Any]) -> Any:
        try:
            return duckdb.connect(self._file, read_only=read_only, config=config)
        except duckdb.Error as e:
            message = _first_line(e)
            if "Conflicting lock" in message:
                holder = re.search(r"\(PID (\d+)\)", message)
                by = f" (PID {holder.group(1)})" if holder else ""
                raise DatabaseError(f"database {self.path} is in use by another process{by}: try again when it is done") from e
            raise DatabaseError(f"cannot open DuckDB database {self.path!r}: {message}") from e

    def reopen(self, read_only: bool) -> None:
        self._close_connections()
        self.read_only = read_only and self.path is not None
        self._shadowed = False
        self.connection

    def _reading_connection(self, read: Sequence[str] = ()) -> Any:
        """What the user's SQL runs on: the sandboxed read-only connection (see the module),
        which may read the files ``read`` and no other."""
        paths = tuple(sorted({os.path.abspath(path) for path in read}))
        if self._reader is not None and self._reader_paths != paths:
            self._close_reader()
        if self._reader is None:
            if self._connection is not None:
                self._connection.close()
                self._connection = None
                self._shadowed = False
            self._reader = self._open_sandbox(paths)
            self._reader_paths = paths
        return self._reader

    def _open_sandbox(self, paths: tuple[str, ...]) -> Any:
        """The database file read-only, with no temporary directory; then external access off,
        the local file system off unless files are to be read (then those files only), locked.

        ``allowed_paths`` can be set only between the start and turning external access off.
        With the local file system on, DuckDB would also let a statement read (and, through
        ``explain analyze copy``, write) the allowed files: no statement but a reading one
        runs (``_parse``), so only reading remains.
        """
        where = self.path or "this in-memory database"
        try:
            connection = duckdb.connect(self._file, read_only=True, config=DUCKDB_SANDBOX)
        except duckdb.Error as e:
            if "different configuration" in str(e):
                raise DatabaseError(
                    f"query cannot open {where} read-only: another pokersql.connect() of this process "
                    "holds it open; close that one first"
                ) from e
            raise DatabaseError(f"cannot open DuckDB database {where!r}: {_first_line(e)}") from e
        try:
            locked = connection.execute("select current_setting('lock_configuration')").fetchone()[0]
            if locked:  # another query of this process opened this instance: its files, not ours
                raise DatabaseError(
                    f"query cannot open {where} read-only: another query of this process holds it open; close that one first"
                )
            if paths:
                allowed = ", ".join("'" + path.replace("'", "''") + "'" for path in paths)
                connection.execute(f"set allowed_paths = [{allowed}]")
            connection.execute("set enable_external_access = false")
            if not paths:
                connection.execute("set disabled_filesystems = 'LocalFileSystem'")
            connection.execute("set lock_configuration = true")
        except BaseException:
            connection.close()
            raise
        return connection

    def _close_reader(self) -> None:
        if self._reader is not None:
            self._reader.close()
            self._reader = None
            self._reader_paths = ()

    def _error(self, error: Exception, sql: str) -> PokerSQLError:
        # A SIGINT ends a DuckDB query as InterruptException (interrupt() from the watcher
        # thread) or as RuntimeError "Query interrupted" (the client's own signal check).
        if isinstance(error, duckdb.InterruptException) or "interrupted" in str(error).lower():
            return Interrupted()
        return DatabaseError(f"{_first_line(error)} (in: {_abbreviate(sql)})")

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        try:
            cursor = self.connection.execute(sql, list(params))
            self._description = [d[0] for d in cursor.description or []]
            return cursor.fetchall() if cursor.description else []
        except _duckdb_failures() as e:
            raise self._error(e, sql) from e

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        one_row = _ONE_ROW_INSERT.match(sql)
        parameters = one_row.group(2).count("?") if one_row else None
        try:
            if one_row and all(len(row) == parameters for row in rows):
                # DuckDB's executemany runs the statement once per row, about half a millisecond
                # each (1.5 s for the 2,652 combinations of random v random); one statement
                # that unnests a list per parameter inserts the same rows in milliseconds.
                values = one_row.group(2).replace("?", "unnest(?)")
                self.connection.execute(f"{one_row.group(1)} select {values}", [list(column) for column in zip(*rows)])
            else:
                self.connection.executemany(sql, [list(row) for row in rows])
        except _duckdb_failures() as e:
            raise self._error(e, sql) from e

    def columns(self) -> list[str]:
        return list(self._description)

    def statements(self, script: str, source: str = "SQL") -> list[str]:
        try:
            return [statement.query for statement in self.connection.extract_statements(script)]
        except duckdb.Error as e:
            raise DatabaseError(f"cannot parse {source}: {_first_line(e)}") from e

    @contextlib.contextmanager
    def read_only_query(
        self, sql: str, params: Sequence[Any] = (), read: Sequence[str] = ()
    ) -> Iterator[tuple[list[str], Iterator[tuple]]]:
        opened_here = self._reader is None
        try:
            with self._read_only_rows(sql, params, read) as result:
                yield result
        finally:
            if opened_here:
                self._close_reader()  # other Databases of this process may open the file again

    @contextlib.contextmanager
    def _read_only_rows(self, sql: str, params: Sequence[Any], read: Sequence[str]) -> Iterator[tuple[list[str], Iterator[tuple]]]:
        cursor = self._reading_connection(read).cursor()
        self._cursors.append(cursor)
        try:
            statement = self._parse(cursor, sql)
            columns, result = self._run_read_only(cursor, statement, params)
            yield columns, self._fetch(result, sql) if columns else iter(())
        finally:
            self._cursors.remove(cursor)
            with contextlib.suppress(duckdb.Error):
                cursor.execute("rollback")  # the read-only transaction, if the statement left it open
            cursor.close()

    def _parse(self, cursor: Any, sql: str) -> str:
        """The one statement of ``sql``, if DuckDB's parser finds it to be one that reads
        (READING_STATEMENTS; an EXPLAIN, if the statement it explains is); else Refused."""
        statements = self._statements_of(cursor, sql)
        if not statements:
            raise BadInput(NO_STATEMENT)
        if len(statements) > 1:
            raise Refused(_more_than_one(sql, len(statements)))
        statement = statements[0]
        kind = statement.type.name
        if kind == "EXPLAIN":
            explained = self._statements_of(cursor, _EXPLAIN.sub("", statement.query, count=1), sql)
            kind = explained[0].type.name if len(explained) == 1 else "EXPLAIN"
        if kind not in READING_STATEMENTS or kind == "EXPLAIN":
            raise Refused(
                f"query is read-only: refused {_abbreviate(sql, 60)!r} (a statement of type {kind}; "
                "query runs one select, explain, pragma or call)"
            )
        return statement.query

    @staticmethod
    def _statements_of(cursor: Any, text: str, sql: str | None = None) -> list[Any]:
        try:
            return cursor.extract_statements(text)
        except duckdb.Error as e:
            if sql is not None:  # the statement an EXPLAIN explains cannot be parsed alone
                return []
            raise DatabaseError(f"{_first_line(e)} (in: {_abbreviate(text)})") from e

    def _run_read_only(self, cursor: Any, sql: str, params: Sequence[Any]) -> tuple[list[str], Any]:
        """One statement in a transaction of its own, begun read only: its columns and its
        result, not fetched yet."""
        try:
            with contextlib.suppress(duckdb.TransactionException):
                cursor.execute("rollback")  # what the statement before may have left open
            cursor.execute("begin transaction read only")
            result = cursor.execute(sql, list(params))
            columns = [d[0] for d in result.description or []]
            types = [str(d[1]) for d in result.description or []]
            if any(kind.endswith("WITH TIME ZONE") for kind in types):
                result = cursor.execute(_without_time_zones(cursor, sql, types), list(params))
            return columns, result
        except _duckdb_failures() as e:
            raise self._refusal(e, sql) from e

    def _fetch(self, result: Any, sql: str) -> Iterator[tuple]:
        try:
            while rows := result.fetchmany(FETCH_ROWS):
                yield from rows
        except _duckdb_failures() as e:
            raise self._refusal(e, sql) from e

    def _refusal(self, error: Exception, sql: str) -> PokerSQLError:
        """A write, a file or the network refused by the engine: exit 2; anything else as usual."""
        refused = isinstance(error, duckdb.PermissionException) or any(
            needle in str(error) for needle in ("read-only", "read only", "configuration has been locked")
        )
        if refused:
            return Refused(f"query is read-only: refused {_abbreviate(sql, 60)!r} ({_first_line(error)})")
        return self._error(error, sql)

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
        with _replacing(path) as temporary:
            target = "'" + temporary.replace("'", "''") + "'"
            options = "format parquet" if file_format == "parquet" else "format csv, header true"
            rows = self.execute(f'copy (select * from "{relation}") to {target} ({options})')
        return rows[0][0] if rows else self.execute(f'select count(*) from "{relation}"')[0][0]

    def query_progress(self) -> float:
        try:
            return float(self.connection.query_progress())
        except duckdb.Error:
            return -1.0

    def interrupt(self) -> None:
        for connection in (self._connection, self._reader, *self._cursors):
            if connection is not None:
                with contextlib.suppress(Exception):
                    connection.interrupt()

    def relation(self, sql: str, read: Sequence[str] = ()) -> Any:
        """The statement ``sql`` as a lazy relation that cannot write (see the module).

        It lives on the sandboxed read-only connection, until the engine next needs to
        write (a deal, an ``export``, a migration), in a read-only transaction that stays
        open: each time the relation runs, it runs in it.
        """
        cursor = self._reading_connection(read).cursor()
        statement = self._parse(cursor, sql)
        try:
            cursor.execute("begin transaction read only")
            return cursor.sql(statement)
        except _duckdb_failures() as e:
            raise self._refusal(e, sql) from e

    def _close_connections(self) -> None:
        self._close_reader()
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        self._shadowed = False

    def close(self) -> None:
        self._close_connections()
        if self.path is None:
            self._remove_file()  # "in memory": its temporary file goes with it

    def version(self) -> str:
        return f"DuckDB {duckdb.__version__}"


def _without_time_zones(cursor: Any, sql: str, types: list[str]) -> str:
    """The query again, its columns with a time zone cast to text.

    DuckDB's Python client needs pytz to turn such a value into a datetime, and pokersql
    does not depend on pytz: the text (2026-11-22 09:15:00+00) keeps the same instant.
    """
    casts = [
        f"cast(#{number} as varchar)" if kind.endswith("WITH TIME ZONE") else f"#{number}"
        for number, kind in enumerate(types, start=1)
    ]
    relation = cursor.sql(sql).project(", ".join(casts))
    return relation.sql_query()


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
    # Measured (docs/engines.md): SQLite sorts the preflop job's rows (023) through temporary
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

    def reopen(self, read_only: bool) -> None:
        self.close()
        self.connection = self._connect(read_only and self.path is not None)

    def _shadow_scratch_tables(self) -> None:
        # SQLite: a view of the file reads the file's tables only, whatever the temporary schema
        # holds; so the views are made again as temporary views too, in the order they were made.
        super()._shadow_scratch_tables()
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

    def statements(self, script: str, source: str = "SQL") -> list[str]:
        return transpile(script, "sqlite", source)

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

    # SQLite has no COPY and no Parquet writer: CSV only, written row by row by Python's csv module.
    export_formats = ("csv",)

    def export(self, relation: str, path: str, file_format: str) -> int:
        if relation not in self.relation_names() or file_format not in self.export_formats:
            raise DatabaseError(f"cannot export {relation!r} as {file_format!r}")
        try:
            cursor = self.connection.execute(f'select * from "{relation}"')
            count = 0
            with _replacing(path) as temporary, open(temporary, "w", newline="", encoding="utf-8") as handle:
                writer = csv.writer(handle, lineterminator="\n")
                writer.writerow([d[0] for d in cursor.description])
                while rows := cursor.fetchmany(FETCH_ROWS):
                    writer.writerows(rows)
                    count += len(rows)
        except sqlite3.Error as e:
            raise _sqlite_error(e, f"exporting {relation}") from e
        except OSError as e:
            raise DatabaseError(f"cannot write {path!r}: {e.strerror or _first_line(e)}") from e
        return count

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


@contextlib.contextmanager
def _replacing(path: str) -> Iterator[str]:
    """A temporary file beside ``path`` to write; it replaces ``path`` only if the block succeeds.

    A failure (a full disk, an interrupt) removes it and leaves whatever was at ``path``.
    """
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.partial{target.suffix}")
    try:  # made now, so that a directory that cannot be written is named as the user gave it
        temporary.open("w").close()
    except OSError as e:
        raise DatabaseError(f"cannot write {path!r}: {e.strerror or _first_line(e)}") from e
    try:
        yield str(temporary)
        os.replace(temporary, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()




NO_STATEMENT = "query: no SQL statement given (the SQL is empty, or only comments and semicolons)"


def _more_than_one(sql: str, count: int | None = None) -> str:
    """Why ``query`` refuses several statements: it would show only the last one's rows."""
    got = f", not {count}" if count else ""
    return f"query takes one statement{got}: run each on its own (refused {_abbreviate(sql, 60)!r})"


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _abbreviate(sql: str, limit: int = 80) -> str:
    flat = " ".join(sql.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
