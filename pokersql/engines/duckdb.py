"""DuckDB, through its Python client: pokersql's own dialect, run as written.

What the user's SQL runs on (``read_only_query``, ``relation``) is a second connection to the
database file, opened ``read_only``, with no temporary directory (nothing to read or write
there), no automatic installing or loading of extensions, external access off, the local file
system disabled (DuckDB would still let it reach the database's own files and its temporary
directory), and the configuration locked (``DuckDBEngine._open_sandbox``). ``query --read
PATH`` instead leaves the local file system on with exactly those files allowed
(``allowed_paths``). DuckDB lets one process open a file with one configuration at a time, so
the read-write connection is closed while the read-only one is open (and the other way round:
each is opened again when it is next needed). If another Database of the same process holds
the file open, DuckDB cannot open it with the sandbox's configuration, and the query is
refused (one line): it never runs on that instance. DuckDB's parser must find one statement,
of a kind that reads (``READING_STATEMENTS``; an ``explain`` of one): temporary tables, views
and macros, ``attach``, ``copy``, ``set`` and the like are refused before they run.

DuckDB "in memory" (``path=None``) lives in a private temporary file, removed when the
Database is closed: the same sandbox then holds for it. (A true in-memory instance cannot be
opened a second time, and its settings are the whole process's.)

No pokersql connection installs or loads an extension by itself, and a database file of
another engine is refused by its header, before DuckDB would try to download the extension
that reads it.
"""

from __future__ import annotations

import contextlib
import csv
import os
import re
import shutil
import tempfile
import weakref
from collections.abc import Collection, Iterator, Sequence
from typing import Any

from .. import interrupts
from ..errors import BadInput, DatabaseError, Interrupted, PokerSQLError, Refused
from ..transpile import TableMacros
from .base import FETCH_ROWS, NO_STATEMENT, Engine, EquityCosts, _abbreviate, _check_kind, _first_line, _more_than_one, _replacing

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
_UNKNOWN_KIND = re.compile(r"-?\d+")
_EXPLAIN = re.compile(r"^\s*explain\s+(?:analy[sz]e\s+)?(?:\([^()]*\)\s*)?", re.IGNORECASE)
# DuckDB's memory for one exact count (memory_limit; what does not fit spills to the database's
# temporary directory): the process peaks some 0.1 to 0.2 GB above it, under 1 GB. Left to itself
# (80% of RAM), AhAd v random before the flop, one query, peaked at 1.6 to 1.8 GB.
EXACT_MEMORY_MB = 768
# And for each more count at once (bounded_memory's counts: an import's two lanes, 1,280 MB).
# A lane's chunk of 10,000 hands took some 330 to 380 MB above what the import already held
# (its all-in EV); two under 768 MB in all spilled every other chunk and failed at 20,000 a
# chunk. A million hands (docs/development.md, "A million hands"): the process's peak 1.54 GB for 1.04.
MORE_COUNT_MEMORY_MB = 512


def _kind(statement: Any) -> str:
    """The name of a parsed statement's type. DuckDB's parser knows types that its Python
    client's StatementType may not (DuckDB 2.0's ``update extensions`` is 29, and
    ``statement.type`` raises ValueError): such a type is named by its number, and refused
    like any other that is not READING_STATEMENTS."""
    try:
        return statement.type.name
    except ValueError as e:
        number = _UNKNOWN_KIND.search(str(e))
        return f"{number.group() if number else '?'}, unknown to this duckdb client"


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


class DuckDBEngine(Engine):
    name = "duckdb"
    dialect = "duckdb"
    default_path = "pokersql.duckdb"
    binds_views = True
    in_memory = True
    reads_files = True
    reads_frames = True
    copies_lookups = True
    runs_table_macros = True
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
        self._resets: list[str] = []  # settings to reset after the rollback (_setting)
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
                # writable engine.
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
        try:
            self.connection.executemany(sql, [list(row) for row in rows])
        except _duckdb_failures() as e:
            raise self._error(e, sql) from e

    def _open_inputs(self) -> None:
        self._held_inputs: set[str] = set()

    def _hold(self, name: str, rows: list[tuple]) -> None:
        """A temporary table of the connection under the input table's name, made in the
        block's transaction and gone with its rollback: the views read it in the file's table's
        place (an unqualified name finds the temporary object first), and the file, read-only
        or not, is never written."""
        if name in self._held_inputs:
            self.execute(f'delete from temp."{name}"')
        else:
            self.execute(f'create temp table "{name}" as select * from main."{name}" limit 0')
            self._held_inputs.add(name)
        if rows:
            # One statement, a list per column: executemany runs once per row (half a millisecond each).
            columns = ", ".join("unnest(?)" for _ in rows[0])
            self.execute(f'insert into temp."{name}" select {columns}', [list(column) for column in zip(*rows)])

    def columns(self) -> list[str]:
        return list(self._description)

    def held(self, table: str, column: str, values: Sequence[Any], where: str = "", params: Sequence[Any] = ()) -> set:
        # One list bound to = any(?): 5,000 values in 12 ms, where as many ? take 300 ms.
        condition = f"{where} and " if where else ""
        rows = self.execute(f"select {column} from {table} where {condition}{column} = any(?)", (*params, list(values)))
        return {row[0] for row in rows}

    appends_csv = True
    appends_in_thread = True  # DuckDB releases the GIL while a statement runs

    def append(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Through a CSV file that DuckDB reads (``_insert_csv``): three times quicker than a
        list per column bound to ``unnest(?)`` (``_hold``), and executemany runs once per row."""
        if rows:
            self._insert_csv(table, columns, (), lambda handle: csv.writer(handle, lineterminator="\n").writerows(rows))

    def append_csv(self, table: str, columns: Sequence[str], lines: Sequence[str], hundredths: Collection[str] = ()) -> None:
        if lines:
            self._insert_csv(table, columns, hundredths, lambda handle: handle.write("".join(lines)))

    def _insert_csv(self, table: str, columns: Sequence[str], hundredths: Collection[str], write: Any) -> None:
        """``write(handle)`` writes the rows to a file in a private temporary folder, which
        DuckDB reads into ``table`` with the table's own column types (the ``hundredths``
        columns as integers, divided by 100 exactly), and is removed. A quoted empty field is an
        empty text, an unquoted one a NULL."""
        types = dict(self.execute(
            "select column_name, data_type from information_schema.columns "
            "where table_schema = 'main' and table_catalog = current_database() and table_name = ?",
            (table,),
        ))
        declared = ", ".join(f"'{column}': '{'BIGINT' if column in hundredths else types[column]}'" for column in columns)
        chosen = ", ".join(f"{column} * 0.01::decimal(3, 2)" if column in hundredths else column for column in columns)
        with tempfile.TemporaryDirectory(prefix="pokersql-append-") as directory:
            path = os.path.join(directory, f"{table}.csv")
            with open(path, "w", newline="", encoding="utf-8") as handle:
                write(handle)
            self.execute(
                f"insert into {table} ({', '.join(columns)}) select {chosen} from read_csv(?, header = false, "
                f"auto_detect = false, quote = '\"', escape = '\"', allow_quoted_nulls = false, columns = {{{declared}}})",
                (path,),
            )

    @contextlib.contextmanager
    def _setting(self, name: str, value: str) -> Iterator[None]:
        """The block run with DuckDB's setting ``name`` at ``value``, then reset. A statement
        that failed leaves its transaction aborted, where DuckDB refuses even a reset: then the
        reset waits for the rollback, and the block's error is the one raised, not the reset's."""
        self.connection.execute(f"set {name} = '{value}'")
        try:
            yield
        except BaseException:
            try:
                self.connection.execute(f"reset {name}")
            except duckdb.TransactionException:
                self._resets.append(name)
            raise
        self.connection.execute(f"reset {name}")

    def rollback(self) -> None:
        super().rollback()
        resets, self._resets = self._resets, []
        for name in resets:  # (refused in the aborted transaction: _setting)
            self.connection.execute(f"reset {name}")

    def bounded_memory(self, counts: int = 1) -> contextlib.AbstractContextManager[None]:
        """The block's queries under EXACT_MEMORY_MB, and MORE_COUNT_MEMORY_MB more for each
        more count at once (the setting is the database's, every connection's), then DuckDB's
        default again."""
        return self._setting("memory_limit", f"{EXACT_MEMORY_MB + MORE_COUNT_MEMORY_MB * (max(counts, 1) - 1)}MB")

    def joins_as_written(self) -> contextlib.AbstractContextManager[None]:
        """DuckDB's optimizer builds a hash join's table on the side it estimates smaller (its
        build_side_probe_side), and it takes a chunk's classes of boards before the flop (024,
        031) for some thousands of rows, where they are millions: it built the millions and
        probed them with the 190,346 rows of suit_reduced_seven. Left as the join order gives
        them, the lookup is the table built: the stored all-in EV of the multiway all-ins in some
        40% less time, the same rows (docs/development.md)."""
        return self._setting("disabled_optimizers", "build_side_probe_side")

    def statements(self, script: str, source: str = "SQL", macros: TableMacros | None = None) -> list[str]:
        # DuckDB runs its table macros itself: ``macros`` are for the other engines.
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
        kind = _kind(statement)
        if kind == "EXPLAIN":
            explained = self._statements_of(cursor, _EXPLAIN.sub("", statement.query, count=1), sql)
            kind = _kind(explained[0]) if len(explained) == 1 else "EXPLAIN"
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
    companion_suffixes = (".wal",)  # its write-ahead log: export never writes onto it

    def _export(self, relation: str, path: str, file_format: str) -> int:
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

    def side_connection(self) -> Any:
        cursor = self.connection.cursor()  # the same database, a connection of its own
        self._cursors.append(cursor)  # (interrupt() stops it)
        return cursor

    def close_side_connection(self, connection: Any) -> None:
        self._cursors.remove(connection)
        connection.close()

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
