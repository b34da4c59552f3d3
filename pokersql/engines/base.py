"""What every engine is: the interface (``Engine``), what it shares, and the CSV writer.

Engine errors are re-raised as pokersql's own DatabaseError, naming the SQL file or the
statement that failed. What the user's SQL runs on (``read_only_query``, ``relation``) is a
connection that the engine itself keeps from writing and from reaching any file or the
network: pokersql never inspects the statement's text for that (each engine's module says how).

What differs per engine is declared by the engine's class, in one place (``Engine``'s attributes
say what each declaration means, and its default): code outside ``pokersql.engines`` reads
the declarations and never asks which engine it runs on.
"""

from __future__ import annotations

import contextlib
import csv
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import interrupts
from ..errors import BadInput, DatabaseError, Interrupted, PokerSQLError, TimedOut
from .journal import rolled_back as _rolled_back

if TYPE_CHECKING:
    from ..transpile import TableMacros

# How messages name each engine (the registry, pokersql.engines, names the engines and their classes).
ENGINE_TITLES = {"duckdb": "DuckDB", "sqlite": "SQLite", "postgres": "PostgreSQL", "spark": "Spark"}
DEFAULT_ENGINE = "duckdb"  # --engine's default
# The engines whose database is one file, told by its header (file_kind).
FILE_ENGINES = ("duckdb", "sqlite")

FETCH_ROWS = 10_000  # rows per fetch when a query's rows are streamed

# The tables a command's inputs reach the views through (Engine.inputs): empty unless given.
INPUT_TABLES = ("hand_input", "board_input", "dead_input", "random_hand_input", "range_input")
# And the settings of a deal (one row): the database's row unless given.
SCRATCH_TABLES = ("deal_settings", *INPUT_TABLES)


def file_kind(path: str | None) -> str | None:
    """"duckdb" or "sqlite" by the file's header; None for no file, an empty one or another kind.

    A SQLite file begins with "SQLite format 3\\0"; a DuckDB file has "DUCK" at byte 8.
    """
    if path is None:
        return None
    header = _header(path)
    if header is not None and not header.startswith(b"SQLite format 3\x00") and _rolled_back(path):
        header = _header(path)
    if header is None:
        return None
    if header.startswith(b"SQLite format 3\x00"):
        return "sqlite"
    if header[8:12] == b"DUCK":
        return "duckdb"
    return None


def _header(path: str) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read(16)
    except OSError:
        return None


def _check_kind(path: str | None, engine: str) -> None:
    """A file of another engine, or (for a file engine) a folder or a file that is no database
    (a CSV, DuckDB's empty file; SQLite makes an empty file a database), is refused by name."""
    kind = file_kind(path)
    if kind is not None and kind != engine:
        raise BadInput(f"{path} is a {ENGINE_TITLES[kind]} database file, not {ENGINE_TITLES[engine]}: use --engine {kind}")
    if path is None or kind is not None or engine not in FILE_ENGINES:
        return
    if os.path.isdir(path):
        raise BadInput(f"{path} is a folder, not a {ENGINE_TITLES[engine]} database file")
    if os.path.isfile(path) and os.access(path, os.R_OK) and (os.path.getsize(path) or engine != "sqlite"):
        raise BadInput(f"{path} is not a {ENGINE_TITLES[engine]} database file")


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
    temp_schema: str = "temp"  # the schema of a session's temporary tables
    # Why ``build --preflop`` does not run the preflop job (023 to 025) here, or None: it runs it.
    preflop_job_refused: str | None = None
    # Unmeasured engines (Spark): SQLite's figures, a cautious guess.
    equity_costs = EquityCosts(exact_start=0.5, exact_per_work=6e-5, trial=7e-4, slice_trials=20_000, slice_work=5_000_000)
    # The SQL dialect the engine runs (sqlglot's name): the SQL files for it (a file only_on one).
    dialect: str = ""
    # connect(path=":memory:") means a database in memory (path None).
    in_memory: bool = False
    # The database is a server's URL (postgresql://...), not a file.
    takes_url: bool = False
    # Options of the engine besides the path, given as ``--NAME`` on the command line
    # (``connect(**engine_options)``): Spark's ``master``.
    options: tuple[str, ...] = ()
    # ``query --read``: one query may read the files named, and no other (DuckDB's allowed_paths).
    reads_files: bool = False
    # evaluate_many hands the connection each batch as a frame (Arrow or pandas) and reads its
    # card text in SQL (own_hands._duckdb_batch); elsewhere the hands are parsed in Python and
    # written to a temp table (own_hands._python_batch).
    reads_frames: bool = False
    # evaluate and compare ask an in-memory SQLite copy of the lookup tables from the second
    # call on (own_hands.LookupCopy): the engine takes about 10 ms to plan a query that small.
    copies_lookups: bool = False
    # DuckDB runs the table macros of the SQL files itself; elsewhere each call is expanded when
    # a file is transpiled, with the macros of every file (migrations hands them to statements).
    runs_table_macros: bool = False
    # What the engine cannot keep the user's query from doing (PostgreSQL, a plain role's URL),
    # once read_only_query has run: the query command prints it as a note. None: nothing.
    query_note: str | None = None
    # A command that only reads (query, history, stats, export) builds nothing: a database with
    # SQL files pending is refused, naming migrate (first_use.check_built). Elsewhere it builds.
    reads_built_only: bool = False

    @classmethod
    def built_at(cls, path: str) -> bool:
        """Whether ``path`` may hold a database this engine built, seen without opening it (so
        nothing is made); the database itself says what is pending (migrations.plan)."""
        return True

    @property
    def title(self) -> str:
        """The engine's name in messages: DuckDB, SQLite, PostgreSQL, Spark."""
        return ENGINE_TITLES[self.name]

    @property
    def engine_option(self) -> str:
        """The command line's ``--engine`` option naming this engine ("" for the default), with a space before."""
        return "" if self.name == DEFAULT_ENGINE else f" --engine {self.name}"

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

    # ``pokersql import`` writes hand histories here (Spark: not yet, and this says why).
    imports_histories_refused: str | None = None
    # Whether ``import`` stores the new hands' payouts, all-in EV and statistics (066,
    # histories/stored.py), which ``history`` and ``stats`` then read; else they read the views
    # themselves. Every engine does (Spark since issue 46's part: its temporary tables are held
    # rows, engines/spark/temporary.py).
    stores_histories: bool = True
    # Values bound in one ``in (?, ...)`` of ``held``: SQLite takes 32,766 parameters from 3.32.
    held_chunk: int = 900

    def held(self, table: str, column: str, values: Sequence[Any], where: str = "", params: Sequence[Any] = ()) -> set:
        """Those of ``values`` that ``table.column`` holds, in rows that meet ``where`` (SQL of
        pokersql's own, ``params`` bound) if given."""
        found: set = set()
        condition = f"{where} and " if where else ""
        for start in range(0, len(values), self.held_chunk):
            chunk = list(values[start : start + self.held_chunk])
            marks = ", ".join("?" for _ in chunk)
            rows = self.execute(f"select {column} from {table} where {condition}{column} in ({marks})", (*params, *chunk))
            found.update(row[0] for row in rows)
        return found

    def append(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Insert ``rows`` into one of pokersql's tables (``table`` and ``columns`` are pokersql's
        own names, written into the SQL; the values are bound)."""
        if rows:
            marks = ", ".join("?" for _ in columns)
            self.executemany(f"insert into {table} ({', '.join(columns)}) values ({marks})", rows)

    # append_csv takes a batch of rows as lines of CSV (Hand.add_csv), quicker than append's rows.
    appends_csv: bool = False
    # append and append_csv may run in a second thread, the one thread using the connection
    # while they run, and release the GIL while the engine writes: the import reads the next
    # batch of hands meanwhile (histories.store.write_hands).
    appends_in_thread: bool = False

    def append_csv(self, table: str, columns: Sequence[str], lines: Sequence[str], hundredths: Collection[str] = ()) -> None:
        """Insert rows given as lines of CSV (every text quoted, a NULL an empty field, each
        line ending in a newline) into one of pokersql's tables, the columns ``hundredths``
        given as integers, a hundredth of the value: where ``appends_csv``."""
        raise NotImplementedError

    def statements(self, script: str, source: str = "SQL", macros: TableMacros | None = None) -> list[str]:
        """The statements of a script written in DuckDB's dialect, ready for this engine.

        ``source`` names the script (a file) in an error; ``macros``: the table macros of the
        other SQL files (``transpile.table_macros``), for an engine that expands them.
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

    def side_connection(self) -> Any:
        """A second connection of the database for another thread, which sees what is committed
        (not the caller's transaction), stopped by ``interrupt`` too; None where there is none
        (histories/aside.py). Closed by ``close_side_connection``."""
        return None

    def close_side_connection(self, connection: Any) -> None:
        """Close what ``side_connection`` gave."""

    @contextlib.contextmanager
    def time_limit(self, seconds: float | None) -> Iterator[None]:
        """The user's query (``read_only_query``, run and read inside the block) stopped once it
        has run ``seconds`` (None or 0: no limit), as TimedOut. Here a timer thread calls
        ``interrupt()``, as Ctrl-C does; a SIGINT meanwhile stays Interrupted. PostgreSQL uses
        its own ``statement_timeout`` instead."""
        if not seconds:
            yield
            return
        fired = threading.Event()

        def stop() -> None:
            fired.set()
            self.interrupt()

        timer = threading.Timer(seconds, stop)
        timer.daemon = True
        timer.start()
        try:
            yield
        except Interrupted as e:
            if fired.is_set() and not interrupts.pending():
                raise TimedOut(seconds) from e
            raise
        finally:
            timer.cancel()

    def relation_names(self) -> list[str]:
        """The tables and views a user may read or export."""
        raise NotImplementedError

    def object_types(self, macros: bool = False) -> dict[str, str]:
        """name -> 'table' or 'view' (and with ``macros``, 'macro' or 'table macro'), for every such
        object of the database's main schema."""
        raise NotImplementedError

    # The files beside the database file that are the database's too (its write-ahead log, its
    # journal): the database's path with each of these after it (``own_file``).
    companion_suffixes: tuple[str, ...] = ()

    def own_file(self, path: str) -> str | None:
        """The database's own file that writing ``path`` would write onto, links followed: the
        database file (for a database that is a directory, the directory and all in it), or one
        of its companions; None for any other file, and for a database in memory or on a server."""
        if self.path is None or self.takes_url:
            return None
        target = os.path.realpath(path)
        database = os.path.realpath(self.path)
        if os.path.isdir(database) and os.path.commonpath((target, database)) == database:
            return self.path
        for own in (self.path, *(stem + suffix for stem in (self.path, database) for suffix in self.companion_suffixes)):
            if target == os.path.realpath(own) or _same_file(path, own):
                return own
        return None

    # The formats ``export`` writes: CSV by ``write_csv`` from the rows of ``_export_rows``,
    # unless the engine writes its files itself (``_export``).
    export_formats: tuple[str, ...] = ("csv",)

    @property
    def writes_table_parquet(self) -> bool:
        """import --parquet: a table, whole, as one Parquet file (``table_to_parquet``); an
        engine that exports Parquet does, and one that writes it otherwise says so."""
        return "parquet" in self.export_formats

    def table_to_parquet(self, table: str, path: str) -> None:
        """A table, whole, as one Parquet file: by ``export`` (an engine that writes Parquet)."""
        self.export(table, path, "parquet")

    def export(self, relation: str, path: str, file_format: str) -> int:
        """Write a table or view to a file; returns the rows written.

        ``relation`` must be one of ``relation_names()`` (it is written into the SQL).
        """
        if relation not in self.relation_names() or file_format not in self.export_formats:
            raise DatabaseError(f"cannot export {relation!r} as {file_format!r}")
        return self._export(relation, path, file_format)

    def _export(self, relation: str, path: str, file_format: str) -> int:
        return write_csv(path, self._export_rows(relation))

    def _export_rows(self, relation: str) -> Iterator[Sequence[Any]]:
        """The column names of ``relation``, then its rows, as ``write_csv`` writes them; an
        engine's error as pokersql's, naming "exporting RELATION"."""
        raise NotImplementedError

    def relation(self, sql: str, read: Sequence[str] = ()) -> Any:
        """A lazy result with .df() and .arrow(), where the engine has one."""
        raise NotImplementedError(f"{self.name} has no lazy results with .df() and .arrow(): use query(...).df()")

    def query_progress(self) -> float:
        """How far the running query is, in percent, asked from another thread; -1 when unknown."""
        return -1.0

    @contextlib.contextmanager
    def bounded_memory(self, counts: int = 1) -> Iterator[None]:
        """Exact counting (equity's) with its memory bounded, as Monte Carlo's slices bound
        theirs, ``counts`` of them at once (an import's lanes, histories/aside.py): here nothing
        to do (SQLite, PostgreSQL and Spark hold little of it in memory, or bound it with their
        own settings)."""
        yield

    @contextlib.contextmanager
    def joins_as_written(self) -> Iterator[None]:
        """Where the engine picks a hash join's build side by its estimates of the rows, the block's
        joins keep the sides their join order gives them: here nothing to do."""
        yield

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
        """Run the block in a transaction that is always rolled back: it leaves nothing behind."""
        self.begin()
        try:
            yield
        except BaseException as e:
            self._rollback_after(e)
            raise
        self.rollback()

    @contextlib.contextmanager
    def inputs(self, **relations: Sequence[Sequence[Any]]) -> Iterator[Callable[..., None]]:
        """A command's inputs, as relations the views read for the block only.

        Each of INPUT_TABLES holds the rows given under its name (whole rows, in the table's
        column order), and none if it is not named; deal_settings holds the row given, or the
        database's own row. Yields ``give(**relations)``, which gives some of them again for
        the rest of the block (Monte Carlo's slices). Nothing is left behind, whatever ends
        the block, and nothing is written to the database file.

        How each engine holds them is its own (``_open_inputs``, ``_hold``): here, the tables
        themselves, in a transaction that is always rolled back (SQLite on a file it may
        write: a view of the file reads the file's tables only, and making its 70 views again
        as temporary views over temporary tables costs some 50 ms a command).
        """
        with self.scratch():
            self._open_inputs()
            self._give({name: () for name in INPUT_TABLES} | relations)
            yield lambda **more: self._give(more)

    def _open_inputs(self) -> None:
        """At the start of the inputs' block, in its transaction: what the engine needs first."""

    @contextlib.contextmanager
    def temporary(
        self, name: str, columns: Sequence[str], rows: Sequence[Sequence[Any]], key: Sequence[str] = ()
    ) -> Iterator[None]:
        """For the block, a relation ``name`` of ``columns`` (``"hand_no integer"``, ...) that
        holds ``rows``, outside the database (a read-only file works) and gone after it;
        ``key``, columns the engine may index the rows by.

        Here a TEMP table with that primary key, made in a transaction that is always rolled
        back (SQLite, PostgreSQL): its DDL is rolled back too.
        """
        primary_key = [f"primary key ({', '.join(key)})"] if key else []
        with self.scratch():
            self.execute(f"create temp table {name} ({', '.join([*columns, *primary_key])})")
            if rows:
                marks = ", ".join("?" for _ in columns)
                self.executemany(f"insert into {self.temp_schema}.{name} values ({marks})", rows)
            yield

    def _give(self, relations: dict[str, Sequence[Sequence[Any]]]) -> None:
        unknown = sorted(set(relations) - set(SCRATCH_TABLES))
        if unknown:
            raise ValueError(f"no input table {', '.join(unknown)}: the inputs are {', '.join(SCRATCH_TABLES)}")
        for name, rows in relations.items():
            self._hold(name, [tuple(row) for row in rows])

    def _hold(self, name: str, rows: list[tuple]) -> None:
        """For the rest of the inputs' block, the input table ``name`` holds ``rows``."""
        self.execute(f"delete from {name}")
        if rows:
            marks = ", ".join("?" for _ in rows[0])
            self.executemany(f"insert into {name} values ({marks})", rows)

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


def _same_file(path: str, other: str) -> bool:
    """Whether both are there and are one file (a hard link too)."""
    try:
        return os.path.samefile(path, other)
    except OSError:
        return False


@contextlib.contextmanager
def _replacing(path: str) -> Iterator[str]:
    """A temporary file beside ``path`` to write; it replaces ``path`` only if the block succeeds.

    The one way pokersql writes a file of the user's (``export``, ``import --parquet``); the
    library checks first that ``path`` is not the database's (``Engine.own_file``) and may be
    replaced. A failure (a full disk, an interrupt) removes the temporary file and leaves
    whatever was at ``path``. Through a symbolic link, the file it names is replaced (the link
    stays), and a file replaced keeps its permissions. Where no file was there when the write
    began, none is replaced at its end: one that appeared meanwhile (another program's) is kept,
    and BadInput names it (the new file is put in place as a hard link, which fails on a name
    that exists; a file system without hard links gets the plain rename). The temporary file's
    name is random and it is made with O_EXCL and O_NOFOLLOW (``tempfile.mkstemp``): in a
    folder others can write, a link planted at a name pokersql would use is never followed.
    """
    target = Path(os.path.realpath(path))
    was_there = os.path.lexists(target)
    try:  # made now, so that a directory that cannot be written is named as the user gave it
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=f".partial{target.suffix}", dir=target.parent)
    except OSError as e:
        raise DatabaseError(f"cannot write {path!r}: {e.strerror or _first_line(e)}") from e
    temporary = Path(name)
    try:
        if not was_there:  # mkstemp makes it 0600: a new file gets the permissions open() gives
            os.fchmod(handle, 0o666 & ~_umask())
    finally:
        os.close(handle)
    try:
        yield str(temporary)
        if was_there:
            with contextlib.suppress(OSError):  # a file that went meanwhile: the default permissions
                shutil.copymode(target, temporary)
            os.replace(temporary, target)
        else:
            _put_in_place(temporary, target, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()


def _umask() -> int:
    """The process's umask, read without changing it where Linux says it (os.umask sets it)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _put_in_place(temporary: Path, target: Path, path: str) -> None:
    """Give the whole ``temporary`` file the name ``target``, which was free when the write began;
    BadInput if a file took it since (it is left as it is)."""
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise BadInput(f"{path!r}: a file appeared there while pokersql wrote it; it is left as it is (--force replaces it)") from None
    except OSError:  # no hard links on this file system
        os.replace(temporary, target)


NO_STATEMENT = "query: no SQL statement given (the SQL is empty, or only comments and semicolons)"


def write_csv(path: str, rows: Iterable[Sequence[Any]]) -> int:
    """Write ``rows`` (the column names first) to the CSV file ``path``; returns the rows written
    after the names. Every engine's CSV export is written here: one header line, comma
    separated, quoted where needed (Python's csv module), "\\n" line endings, UTF-8. The file
    appears only when it is whole (``_replacing``); ``rows`` is closed, if it can be, either way.
    """
    count = 0
    try:
        with _replacing(path) as temporary, open(temporary, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle, lineterminator="\n")
            for count, row in enumerate(rows):
                writer.writerow(row)
    except OSError as e:
        raise DatabaseError(f"cannot write {path!r}: {e.strerror or _first_line(e)}") from e
    finally:
        close = getattr(rows, "close", None)
        if close is not None:
            close()
    return count


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
