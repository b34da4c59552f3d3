"""PostgreSQL through psycopg 3, running the DuckDB-dialect SQL files transpiled by sqlglot.

The database is a ``postgresql://`` URL (``--db`` or ``POKERSQL_DB``); pokersql's objects go
to the connection's current schema (``public`` unless the URL's ``options`` or the role say
otherwise). psycopg is imported when the engine is first made, not with pokersql: a
machine without it runs the other engines, and ``--engine postgres`` says in one line
what to install.

- One session writes: autocommit mode, so ``begin``/``commit``/``rollback`` are exactly the
  ones Engine issues, and DDL is transactional: a migration that fails, or Ctrl-C, leaves
  the database as it was. ``begin(immediate=True)`` (a migration) also takes a
  transaction-level advisory lock, so two processes never apply the same file at once.
- Scratch work (the deal's settings, the hands typed in) happens in a transaction that is
  always rolled back, as on the other engines; other sessions never see it, and one
  that scratches at the same time waits for the row lock of ``deal_settings``.
- The user's SQL (``read_only_query``) runs on a second session whose transactions are
  read-only (``default_transaction_read_only``, and each statement in a ``begin
  transaction read only`` that is rolled back afterwards). The statement is sent with the
  extended protocol (psycopg's ``stream``), which takes one statement only: no ``commit;``
  can end the read-only transaction before a write. A superuser's statement runs as the
  predefined role ``pg_read_all_data`` (``set local role``): it reads every table, and
  cannot reach the server's files (``copy ... to 'file'``, ``pg_read_file``, ``lo_import``).
  What any other role may do, its own privileges decide.
- ``jit = off`` on both sessions: PostgreSQL's JIT compiled the lookup joins for seconds
  before running them in milliseconds.
- ``interrupt()`` (Ctrl-C) sends PostgreSQL's cancel request for whatever either session
  is running; the statement fails with ``query_canceled``, which becomes Interrupted.

Values: PostgreSQL's ``sum`` of a bigint is ``numeric`` (DuckDB's is ``hugeint``, which its
Python client gives as an int): a numeric with no fractional digits is read as a Python
int, any other as a Decimal.
"""

from __future__ import annotations

import contextlib
import csv
import re
from collections.abc import Iterator, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from . import interrupts
from .engines import FETCH_ROWS, SCRATCH_TABLES, Engine, EquityCosts, _abbreviate, _first_line, _replacing
from .errors import BadInput, DatabaseError, Interrupted, PokerSQLError, Refused
from .transpile import transpile

psycopg: Any = None

URL_SCHEMES = ("postgresql://", "postgres://")
# Any number: the key of the advisory lock a migration holds (pg_advisory_xact_lock).
MIGRATION_LOCK = 7462_2598960
# Set on every session: see the module's docstring.
SESSION_SETTINGS = ("set jit = off", "set application_name = 'pokersql'")


# The tables written in a transaction and read at once: the scratch tables, own_hands' temp table.
ANALYZED_TABLES = frozenset(SCRATCH_TABLES) | {"own_cards"}
# A statement that writes a table (its name), and one that reads.
_WRITE = re.compile(r"\s*(?:insert\s+into|update|delete\s+from)\s+((?:\w+\.)?\w+)", re.IGNORECASE)
_READ = re.compile(r"\s*(?:select|with)\b", re.IGNORECASE)


def _load_psycopg() -> None:
    global psycopg
    if psycopg is None:
        try:
            import psycopg as module
        except ImportError as e:
            raise PokerSQLError(
                "--engine postgres needs psycopg, which is not installed: pip install 'pokersql[postgres]'"
            ) from e
        psycopg = module


def masked(url: str) -> str:
    """The URL without its password, to show in messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


def placeholders(sql: str) -> str:
    """``sql`` with pokersql's ``?`` placeholders as psycopg's ``%s``, and every other ``%`` doubled.

    psycopg reads ``%`` everywhere in a query that has parameters (the modulo of the SQL
    files too); a ``?`` inside a string, a quoted name or a comment is left as it is.
    """
    out = []
    i, n = 0, len(sql)
    while i < n:
        char = sql[i]
        if char in "'\"":
            end = i + 1
            while end < n:
                if sql[end] == char:
                    if end + 1 < n and sql[end + 1] == char:  # '' or "" inside
                        end += 2
                        continue
                    break
                end += 1
            out.append(sql[i : end + 1].replace("%", "%%"))
            i = end + 1
        elif sql.startswith("--", i):
            end = sql.find("\n", i)
            end = n if end < 0 else end
            out.append(sql[i:end].replace("%", "%%"))
            i = end
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(sql[i:end].replace("%", "%%"))
            i = end
        elif char == "?":
            out.append("%s")
            i += 1
        elif char == "%":
            out.append("%%")
            i += 1
        else:
            out.append(char)
            i += 1
    return "".join(out)


def _query(sql: str, params: Sequence[Any]) -> tuple[str, Any]:
    """What psycopg is given: no parameters, the SQL as it is (a ``%`` is then just a ``%``)."""
    if not params:
        return sql, None
    return placeholders(sql), tuple(params)


def _integral_numeric_loader() -> type:
    from decimal import Decimal

    from psycopg.types.numeric import NumericLoader

    class IntegralNumericLoader(NumericLoader):
        """numeric as an int when it has no fractional digits (a sum of bigints), else a Decimal."""

        def load(self, data: Any) -> Any:
            text = bytes(data)
            if text.lstrip(b"-").isdigit():
                return int(text)
            return Decimal(text.decode())

    return IntegralNumericLoader


class PostgresEngine(Engine):
    name = "postgres"
    default_path = ""  # no default: a server is named by a URL
    binds_views = True
    temp_schema = "pg_temp"
    # Measured (docs/engines.md): PostgreSQL's plan of 023 misestimates its joins (rows=1 where
    # there are millions) and sorts or hashes the 0.9 billion rows of part 2 through temporary
    # files, more than 29 GB in 12 minutes and not done; a server's disk is not pokersql's to fill.
    preflop_job_refused = "PostgreSQL spills the job to tens of GB of temporary files"
    # bench/equity_cost.py: exact 0.5 s + 4e-5 s per deal x board (measured 2e-5 to 3e-3: AhAd vs
    # QQ+,AKs before the flop, 39 million, 806 s); Monte Carlo 14-30 ms a trial (100,000: half
    # an hour and more), slower than exact in every case measured.
    equity_costs = EquityCosts(exact_start=0.5, exact_per_work=4e-5, trial=1.9e-2, slice_trials=20_000, slice_work=5_000_000)

    def __init__(self, path: str | None = None, read_only: bool = False) -> None:
        if not path:
            raise BadInput(
                "--engine postgres needs the server's URL: --db postgresql://USER@HOST:PORT/DATABASE (or env POKERSQL_DB)"
            )
        if not path.startswith(URL_SCHEMES):
            raise BadInput(f"--engine postgres takes a postgresql:// URL, not {path!r}")
        _load_psycopg()
        self._url = path
        self.path = masked(path)
        # Nothing is written outside a transaction that is rolled back or a migration; a
        # server database has no read-only file to open (see the module's docstring).
        self.read_only = False
        self._reader: Any = None
        self._description: list[str] = []
        self._reader_superuser = False
        self._migrating = False
        self._written: set[str] = set()  # tables written since the last query (see _note_writes)
        interrupts.register(self)
        self.connection = self._connect()

    def _connect(self) -> Any:
        try:
            connection = psycopg.connect(self._url, autocommit=True)
        except psycopg.Error as e:
            raise DatabaseError(f"cannot connect to PostgreSQL at {self.path}: {_first_line(e)}") from e
        connection.adapters.register_loader("numeric", _integral_numeric_loader())
        for setting in SESSION_SETTINGS:
            connection.execute(setting)
        return connection

    def reopen(self, read_only: bool) -> None:
        """A server database is never opened read-only (see the module's docstring): nothing to do."""

    def _error(self, error: Exception, sql: str) -> PokerSQLError:
        if isinstance(error, psycopg.errors.QueryCanceled) and "user request" in str(error):
            return Interrupted()
        return DatabaseError(f"{_first_line(error)} (in: {_abbreviate(sql)})")

    def _note_writes(self, sql: str) -> None:
        """Remember the scratch table a write changes; before the next query reads, analyze it.

        The scratch tables hold a few rows only inside a transaction that is rolled back, so
        their statistics say "empty" and the planner, counting one row where there are six,
        chose nested loops that ran exact equity for minutes instead of 0.2 s. ANALYZE in the
        transaction counts its own rows (the statistics roll back with it).
        """
        match = _WRITE.match(sql)
        if match and match.group(1).split(".")[-1] in ANALYZED_TABLES:
            self._written.add(match.group(1))

    def _analyze_written(self, sql: str) -> None:
        if self._written and _READ.match(sql):
            tables = ", ".join(sorted(self._written))
            self._written.clear()
            self.connection.execute(f"analyze {tables}")

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        query, values = _query(sql, params)
        try:
            self._analyze_written(sql)
            self._note_writes(sql)
            cursor = self.connection.execute(query, values)
            self._description = [d.name for d in cursor.description or []]
            return cursor.fetchall() if cursor.description else []
        except psycopg.Error as e:
            raise self._error(e, sql) from e

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        self._note_writes(sql)
        try:
            with self.connection.cursor() as cursor:
                cursor.executemany(placeholders(sql), [tuple(row) for row in rows])
        except psycopg.Error as e:
            raise self._error(e, sql) from e

    def columns(self) -> list[str]:
        return list(self._description)

    def statements(self, script: str, source: str = "SQL") -> list[str]:
        return transpile(script, "postgres", source)

    def begin(self, immediate: bool = False) -> None:
        self.execute("begin transaction")
        self._migrating = immediate
        if immediate:  # a migration: one process at a time applies files to this database
            self.execute("select pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))

    def commit(self) -> None:
        if self._migrating:
            # Statistics of the new tables, with the files they came from: without them the
            # planner guessed 10^38 rows for exact equity's joins and ran it for minutes, not 0.2 s.
            self.execute("analyze")
        self._migrating = False
        super().commit()

    def rollback(self) -> None:
        self._migrating = False
        self._written.clear()
        super().rollback()

    # -- the user's SQL: a read-only session --------------------------------------

    def _reading_connection(self) -> Any:
        if self._reader is None:
            connection = self._connect()
            connection.execute("set default_transaction_read_only = on")
            (superuser,) = connection.execute("select current_setting('is_superuser') = 'on'").fetchone()
            self._reader_superuser = bool(superuser)
            self._reader = connection
        return self._reader

    @contextlib.contextmanager
    def read_only_query(self, sql: str, params: Sequence[Any] = ()) -> Iterator[tuple[list[str], Iterator[tuple]]]:
        connection = self._reading_connection()
        query, values = _query(sql, params)
        cursor = connection.cursor()
        rows: Any = None
        try:
            try:
                connection.execute("begin transaction read only")
                if self._reader_superuser:
                    connection.execute("set local role pg_read_all_data")
                # stream(): the extended protocol, one statement only, rows as they come.
                rows = cursor.stream(query, values, size=FETCH_ROWS)
                first = next(rows, None)
                columns = [d.name for d in cursor.description or []]
            except psycopg.Error as e:
                raise self._refusal(e, sql) from e
            yield columns, self._fetch(first, rows, sql)
        finally:
            with contextlib.suppress(psycopg.Error):
                if rows is not None:
                    rows.close()  # rows left unread: psycopg cancels the statement and drains it
                cursor.close()
                connection.execute("rollback")

    def _fetch(self, first: tuple | None, rows: Iterator[tuple], sql: str) -> Iterator[tuple]:
        if first is None:
            return
        yield first
        try:
            yield from rows
        except psycopg.Error as e:
            raise self._refusal(e, sql) from e

    def _refusal(self, error: Exception, sql: str) -> PokerSQLError:
        """A write, a file or several statements refused by the server: exit 2; else as usual."""
        errors = psycopg.errors
        if isinstance(error, (errors.ReadOnlySqlTransaction, errors.InsufficientPrivilege)):
            return Refused(f"query is read-only: refused {_abbreviate(sql, 60)!r} ({_first_line(error)})")
        if isinstance(error, errors.SyntaxError) and "multiple commands" in str(error):
            return Refused(f"query on PostgreSQL takes one statement: refused {_abbreviate(sql, 60)!r}")
        return self._error(error, sql)

    def interrupt(self) -> None:
        for connection in (self.connection, self._reader):
            if connection is not None:
                with contextlib.suppress(Exception):
                    connection.cancel_safe(timeout=5)

    # -- the catalog ---------------------------------------------------------------

    def relation_names(self) -> list[str]:
        return sorted(self.object_types())

    def object_types(self, macros: bool = False) -> dict[str, str]:
        """Tables and views of the current schema (PostgreSQL has no macros)."""
        rows = self.execute(
            "select c.relname, case when c.relkind in ('v', 'm') then 'view' else 'table' end "
            "from pg_catalog.pg_class as c "
            "inner join pg_catalog.pg_namespace as n on n.oid = c.relnamespace "
            "where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')"
        )
        return dict(rows)

    # CSV, written row by row by Python's csv module (as on SQLite): the same file DuckDB writes.
    export_formats = ("csv",)

    def export(self, relation: str, path: str, file_format: str) -> int:
        if relation not in self.relation_names() or file_format not in self.export_formats:
            raise DatabaseError(f"cannot export {relation!r} as {file_format!r}")
        sql = f'select * from "{relation}"'
        try:
            count = 0
            with self.connection.cursor() as cursor, _replacing(path) as temporary:
                with open(temporary, "w", newline="", encoding="utf-8") as handle:
                    writer = csv.writer(handle, lineterminator="\n")
                    header = False
                    for row in cursor.stream(sql, size=FETCH_ROWS):
                        if not header:
                            writer.writerow([d.name for d in cursor.description])
                            header = True
                        writer.writerow(row)
                        count += 1
                    if not header:
                        cursor.execute(sql + " limit 0")
                        writer.writerow([d.name for d in cursor.description])
        except psycopg.Error as e:
            raise self._error(e, f"exporting {relation}") from e
        except OSError as e:
            raise DatabaseError(f"cannot write {path!r}: {e.strerror or _first_line(e)}") from e
        return count

    def close(self) -> None:
        for connection in (self._reader, self.connection):
            if connection is not None:
                with contextlib.suppress(Exception):
                    connection.close()
        self._reader = None

    def version(self) -> str:
        server = self.execute("show server_version")[0][0]
        return f"PostgreSQL {re.split(r'[ (]', server)[0]} (psycopg {psycopg.__version__})"
