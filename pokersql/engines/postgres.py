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
- A command's inputs (``Engine.inputs``: the deal's settings, the hands typed in) go to
  temporary tables of the session, made in the command's transaction, which is always rolled
  back. A view is bound to the tables it read when it was made, so the views that read the
  input tables (directly or through other views) are made again in that transaction too, as
  temporary views of the same names over the temporary tables (``_open_inputs``, about 0.3 s
  for the 133 views): an unqualified name finds the session's temporary object first, and the
  rollback takes them all away. Two sessions giving inputs at once never wait for each other
  (writing the shared tables, the second waited for the first one's rows, the same keys, until
  its command ended). The shared tables cannot simply be written instead: the views read every
  row of ``deal_settings``, so a command's settings must delete the committed row, whose lock
  the next one waits for (docs/development.md, issue 64). Where the role may not make temporary
  objects, the input tables themselves are written, in that same rolled-back transaction.
- The user's SQL (``read_only_query``) runs on a second session whose transactions are
  read-only (``default_transaction_read_only``, and each statement in a ``begin
  transaction read only`` that is rolled back afterwards). The statement is sent with the
  extended protocol (psycopg's ``stream``), which takes one statement only: no ``commit;``
  can end the read-only transaction before a write.
- A role set within a session is no boundary: a statement can leave it (``reset role``, or
  ``set_config('role', ...)`` in a ``do`` block), and a superuser, or a member of one or of
  ``pg_execute_server_program``, ``pg_write_server_files`` or ``pg_read_server_files``,
  could then run a program or write and read the server's files; so could a role granted
  one of the server's file functions (FILE_FUNCTIONS: ``lo_export``, ``pg_read_file`` ...),
  which a read-only transaction does not stop. So when the URL's role is such a role
  (READER_NEEDED), the second session logs in as another role, ``pokersql_reader``
  (READER_ROLE): created once (a login, no superuser, member of ``pg_read_all_data`` only,
  calling none of FILE_FUNCTIONS), given a new random password each time pokersql logs in as
  it (as a SCRAM verifier made here: the password itself never reaches the server or its
  log), under an advisory lock so two processes do not cross. If it cannot be created or
  cannot log in (pg_hba.conf), query refuses in one line, saying what to do. What any
  other role may do, its own privileges decide.
- What a read-only transaction does not take back: WAL written by ``pg_logical_emit_message``
  and signals to the role's other sessions (WAL_WRITERS, SIGNALLERS, executable by PUBLIC).
  Setting up the reader revokes the WAL writers from PUBLIC in the database; the reader is a
  role of its own, so it cannot signal the URL role's sessions. A plain role's query runs as
  itself: what it may still do is said in one note (``query_note``), and docs/engines.md
  gives the administrator's SQL.
- ``query --timeout``: the server's ``statement_timeout``, set in the query's transaction
  (``time_limit``). Every session sets ``client_connection_check_interval`` (CLIENT_CHECK):
  a statement whose pokersql was killed ends within a second.
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
import graphlib
import logging
import re
import secrets
from collections.abc import Iterator, Sequence
from typing import Any

from .. import interrupts
from .base import FETCH_ROWS, SCRATCH_TABLES, Engine, EquityCosts, _abbreviate, _first_line, _more_than_one
from .postgres_text import URL_SCHEMES, _query, masked, placeholders
from ..errors import BadInput, DatabaseError, Interrupted, PokerSQLError, Refused, TimedOut
from ..transpile import TableMacros, transpile

psycopg: Any = None

# Any number: the key of the advisory lock a migration holds (pg_advisory_xact_lock).
MIGRATION_LOCK = 7462_2598960
# The key of the lock held while the reader role's password is set and used to log in.
READER_LOCK = MIGRATION_LOCK + 1
# The role the user's SQL runs as when the URL's role could reach the server's files.
READER_ROLE = "pokersql_reader"
# The functions that write or read the server's files, which only superusers may call unless
# granted: a role granted one (lo_export writes any file the server's user may) reaches them
# from a read-only transaction as a superuser would.
FILE_FUNCTIONS = ("lo_export", "lo_import", "pg_read_file", "pg_read_binary_file", "pg_ls_dir", "pg_stat_file")
# Whether the URL's role (the session's, whatever role a statement sets) is, or may become, a
# superuser or a role that reaches the server's files and programs (its parameter: FILE_FUNCTIONS).
READER_NEEDED = (
    "select exists (select from pg_catalog.pg_roles as r "
    "where pg_catalog.pg_has_role(session_user, r.oid, 'MEMBER') and (r.rolsuper or r.rolname in "
    "('pg_execute_server_program', 'pg_write_server_files', 'pg_read_server_files') "
    "or exists (select from pg_catalog.pg_proc as p where p.proname = any(%s) "
    "and pg_catalog.has_function_privilege(r.oid, p.oid, 'EXECUTE'))))"
)
# Set on every session: see the module's docstring.
SESSION_SETTINGS = ("set jit = off", "set application_name = 'pokersql'")
# Set on every session of a server that has it (PostgreSQL 14 and later): while a statement
# runs, the server looks this often whether pokersql is still there, and ends the statement
# if not (a client killed mid-query left its backend running for minutes).
CLIENT_CHECK = ("set client_connection_check_interval = '1s'", 140000)
# Functions that a role with no privileges of note may call by default (EXECUTE to PUBLIC),
# and that act beyond the read-only transaction: they write WAL that its rollback does not
# take back (pg_logical_emit_message: 199 MB of WAL from one query), or signal other sessions
# of the same role (ending its running import). UNFENCED_NOTE says what the reader cannot do.
WAL_WRITERS = ("pg_logical_emit_message",)
SIGNALLERS = ("pg_terminate_backend", "pg_cancel_backend")
# Each overload of those functions (its signature, for revoke) that a role (None: the current one) may execute.
EXECUTABLE = (
    "select p.oid::pg_catalog.regprocedure::text, p.proname::text from pg_catalog.pg_proc as p "
    "where p.proname = any(%s) and pg_catalog.has_function_privilege(coalesce(%s::name, current_user), p.oid, 'EXECUTE') order by 1"
)


# The tables written in a transaction and read at once: the input tables, own_hands' temp table.
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
        # psycopg logs what it ignores while a connection dies ("error ignored terminating
        # <psycopg.Pipeline [BAD]>: the connection is lost"): with no handler of the program's,
        # Python printed it to stderr beside pokersql's one line. A library user's handlers
        # still hear it.
        logging.getLogger("psycopg").addHandler(logging.NullHandler())
        psycopg = module


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
    dialect = "postgres"
    takes_url = True
    default_path = ""  # no default: a server is named by a URL
    binds_views = True
    temp_schema = "pg_temp"
    # Measured (docs/engines.md): PostgreSQL's plan of 023 to 025 misestimates its joins (rows=1 where
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
        self._migrating = False
        self._written: set[str] = set()  # tables written since the last query (see _note_writes)
        self._private_statements: list[str] | None = None  # what makes the session's own inputs (None: not read yet)
        self._timeout: float | None = None  # time_limit's seconds, while its block runs
        interrupts.register(self)
        self.connection = self._connect()

    def _connect(self, **login: str) -> Any:
        try:
            connection = psycopg.connect(self._url, autocommit=True, **login)
        except psycopg.Error as e:
            raise DatabaseError(f"cannot connect to PostgreSQL at {self.path}: {masked(_first_line(e))}") from e
        connection.adapters.register_loader("numeric", _integral_numeric_loader())
        for setting in SESSION_SETTINGS:
            connection.execute(setting)
        setting, since = CLIENT_CHECK
        if connection.info.server_version >= since:
            connection.execute(setting)
        return connection

    def reopen(self, read_only: bool) -> None:
        """A server database is never opened read-only (see the module's docstring): nothing to do."""

    def _error(self, error: Exception, sql: str) -> PokerSQLError:
        if isinstance(error, psycopg.errors.QueryCanceled) and "user request" in str(error):
            return Interrupted()
        if isinstance(error, psycopg.errors.QueryCanceled) and "statement timeout" in str(error) and self._timeout:
            return TimedOut(self._timeout)
        return DatabaseError(f"{_first_line(error)} (in: {_abbreviate(sql)})")

    def _note_writes(self, sql: str) -> None:
        """Remember the input table a write changes; before the next query reads, analyze it.

        The input tables hold a few rows only inside a transaction that is rolled back, so
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

    def statements(self, script: str, source: str = "SQL", macros: TableMacros | None = None) -> list[str]:
        return transpile(script, self.dialect, source, macros)

    def _open_inputs(self) -> None:
        """The session's own input tables, holding what the shared ones hold, and the views
        that read them made again over them as temporary views, in the block's transaction
        (see the module's docstring)."""
        if self._private_statements is None:
            self._private_statements = self._private_inputs()
        if self._private_statements:  # one round trip: with no parameters, psycopg sends them as one query
            self.execute(";\n".join(self._private_statements))

    def _private_inputs(self) -> list[str]:
        """What makes the session's own inputs (``_open_inputs``): none where the role may not."""
        (allowed,) = self.execute("select pg_catalog.has_database_privilege(pg_catalog.current_database(), 'TEMP')")[0]
        if not allowed:
            return []
        # Read while no temporary object exists: a definition names the tables it reads as the
        # session sees them, unqualified while no temporary one hides them.
        views = self._readers_of(list(SCRATCH_TABLES), this_schema=True)
        reads: dict[str, set[str]] = {name: set() for name, _ in views}
        for reader, read in self._reads_among(list(reads)):
            reads[reader].add(read)
        definitions = dict(views)
        (schema,) = self.execute("select current_schema()")[0]  # named so that no temporary table hides it
        tables = [
            statement
            for table in SCRATCH_TABLES
            for statement in (
                f'create temp table {table} (like "{schema}"."{table}" including defaults)',
                f'insert into pg_temp.{table} select * from "{schema}"."{table}"',
            )
        ]
        views_in_order = graphlib.TopologicalSorter(reads).static_order()
        return tables + [f'create temp view "{name}" as {definitions[name]}' for name in views_in_order]

    def begin(self, immediate: bool = False) -> None:
        if immediate:  # a migration may change the views: read them again
            self._private_statements = None
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
            (needed,) = self.connection.execute(READER_NEEDED, (list(FILE_FUNCTIONS),)).fetchone()
            connection = self._connect_reader() if needed else self._connect()
            connection.execute("set default_transaction_read_only = on")
            if not needed:
                self.query_note = self._unfenced(connection)
            self._reader = connection
        return self._reader

    @staticmethod
    def _unfenced(connection: Any) -> str | None:
        """What the URL's own role may do from a read-only transaction that PostgreSQL does not
        roll back (WAL_WRITERS, SIGNALLERS), in one sentence; None if an administrator has
        revoked it all (docs/engines.md gives the SQL)."""
        found = dict(connection.execute(EXECUTABLE, (list(WAL_WRITERS + SIGNALLERS), None)).fetchall())
        wal = sorted({name for name in found.values() if name in WAL_WRITERS})
        signals = sorted({name for name in found.values() if name in SIGNALLERS})
        if not found:
            return None
        (role,) = connection.execute("select current_user::text").fetchone()
        can = ([f"write WAL that the rollback keeps ({', '.join(wal)})"] if wal else []) + (
            [f"end or cancel the role's other sessions, a running import too ({', '.join(signals)})"] if signals else []
        )
        return (
            f"query runs as {role}, a role PostgreSQL lets {' and '.join(can)}; "
            "docs/engines.md gives the SQL an administrator runs to close this"
        )

    def _connect_reader(self) -> Any:
        """A session logged in as READER_ROLE (see the module), reading what the URL's role reads
        first (its search_path)."""
        from psycopg import sql

        why = (
            f"query over {self.path} runs as the role {READER_ROLE}, as the URL's role is a superuser "
            "or can reach the server's files, and a statement can leave a role set in its session"
        )
        role = sql.Identifier(READER_ROLE)
        writer = self.connection
        try:
            writer.execute("select pg_advisory_lock(%s)", (READER_LOCK,))
        except psycopg.Error as e:
            raise self._error(e, "select pg_advisory_lock") from e
        try:
            try:
                found = writer.execute(
                    "select r.rolsuper or exists (select from pg_catalog.pg_roles as m where m.oid <> r.oid "
                    "and pg_catalog.pg_has_role(r.oid, m.oid, 'MEMBER') and m.rolname <> 'pg_read_all_data' "
                    "and m.rolname not in ('pg_read_all_settings', 'pg_read_all_stats', 'pg_stat_scan_tables', 'pg_monitor')) "
                    "or exists (select from pg_catalog.pg_proc as p where p.proname = any(%s) "
                    "and pg_catalog.has_function_privilege(r.oid, p.oid, 'EXECUTE')) "
                    "from pg_catalog.pg_roles as r where r.rolname = %s",
                    (list(FILE_FUNCTIONS), READER_ROLE),
                ).fetchone()
                if found is None:
                    writer.execute(sql.SQL("create role {} login nosuperuser nocreatedb nocreaterole noreplication nobypassrls").format(role))
                    writer.execute(sql.SQL("grant pg_read_all_data to {}").format(role))
                elif found[0]:
                    raise DatabaseError(
                        f"{why}; that role exists and can do more than read ({READER_ROLE} must be no superuser and a "
                        f"member of pg_read_all_data only): drop it (drop role {READER_ROLE}) and pokersql makes it again"
                    )
                for signature, _ in writer.execute(EXECUTABLE, (list(WAL_WRITERS), READER_ROLE)).fetchall():
                    # No grant can be taken from one role alone: PUBLIC's goes, in this database.
                    writer.execute(sql.SQL("revoke execute on function {} from public, {}").format(sql.SQL(signature), role))
                password = secrets.token_urlsafe(32)
                verifier = writer.pgconn.encrypt_password(password.encode(), READER_ROLE.encode(), b"scram-sha-256")
                writer.execute(sql.SQL("alter role {} password {}").format(role, sql.Literal(verifier.decode())))
                (search_path,) = writer.execute("select current_setting('search_path')").fetchone()
            except psycopg.Error as e:
                raise DatabaseError(
                    f"{why}, which it cannot make ({_first_line(e)}): give --db the URL of a role that is no superuser "
                    "and cannot reach the server's files (one in pg_read_all_data reads everything)"
                ) from e
            try:
                reader = self._connect(user=READER_ROLE, password=password)
            except DatabaseError as e:
                raise DatabaseError(
                    f"{why}, and it cannot log in ({e}): let {READER_ROLE} log in with a password "
                    "(pg_hba.conf), or give --db the URL of a role that is no superuser and cannot reach the server's files"
                ) from e
        finally:
            with contextlib.suppress(psycopg.Error):
                writer.execute("select pg_advisory_unlock(%s)", (READER_LOCK,))
        reader.execute("select set_config('search_path', %s, false)", (search_path,))
        return reader

    @contextlib.contextmanager
    def time_limit(self, seconds: float | None) -> Iterator[None]:
        """The server's own ``statement_timeout``, set in the query's transaction (see
        read_only_query): it holds when pokersql cannot send a cancel request."""
        self._timeout = seconds or None
        try:
            yield
        finally:
            self._timeout = None

    @contextlib.contextmanager
    def read_only_query(self, sql: str, params: Sequence[Any] = (), read: Sequence[str] = ()) -> Iterator[tuple[list[str], Iterator[tuple]]]:
        connection = self._reading_connection()
        query, values = _query(sql, params)
        cursor = connection.cursor()
        rows: Any = None
        try:
            try:
                connection.execute("begin transaction read only")
                if self._timeout:
                    connection.execute("select pg_catalog.set_config('statement_timeout', %s, true)", (f"{max(1, round(self._timeout * 1000))}ms",))
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
        # ActiveSqlTransaction: a statement that cannot run in a transaction (vacuum, discard all, create database)
        if isinstance(error, (errors.ReadOnlySqlTransaction, errors.InsufficientPrivilege, errors.ActiveSqlTransaction)):
            return Refused(f"query is read-only: refused {_abbreviate(sql, 60)!r} ({_first_line(error)})")
        if isinstance(error, errors.SyntaxError) and "multiple commands" in str(error):
            return Refused(_more_than_one(sql))
        if isinstance(error, psycopg.ProgrammingError) and "didn't produce a result" in str(error):
            # stream() of a statement that returns no rows (reset role, listen, prepare, commit):
            # the server ran it in the read-only transaction, which is rolled back.
            return Refused(f"query is read-only: refused {_abbreviate(sql, 60)!r} (not a statement that returns rows)")
        return self._error(error, sql)

    def interrupt(self) -> None:
        for connection in (self.connection, self._reader):
            if connection is not None:
                with contextlib.suppress(Exception):
                    connection.cancel_safe(timeout=5)

    # -- the catalog ---------------------------------------------------------------

    def relation_names(self) -> list[str]:
        return sorted(self.object_types())

    def drop_keeping_views(self, drops: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """PostgreSQL binds a view to its tables and refuses to drop a table a view reads: the
        user's views that read pokersql's objects (directly or through other views) are dropped
        first, their definitions kept, and made again by the caller once the objects are back.
        Nothing is dropped in cascade: anything else of the user's that depends on them (a
        foreign key) makes the drop fail, and the whole rebuild rolls back."""
        names = [name for _, name in drops]
        views = self._readers_of(names)
        kept = [(name, definition) for name, definition in views if name not in names]
        for name, _ in reversed(kept):
            self.execute(f'drop view "{name}"')
        super().drop_keeping_views(self._readers_first(drops))
        return kept

    def _readers_of(self, names: list[str], this_schema: bool = False) -> list[tuple[str, str]]:
        """The views of any schema (``this_schema``: of the current one) that read the objects
        ``names`` of the current schema, directly or through other views, in the order they
        were made: each name and its definition."""
        views = self.execute(
            "with recursive readers (oid) as ("
            " select rewrite.ev_class from pg_catalog.pg_depend as dependency"
            " inner join pg_catalog.pg_rewrite as rewrite on rewrite.oid = dependency.objid"
            " inner join pg_catalog.pg_class as target on target.oid = dependency.refobjid"
            " inner join pg_catalog.pg_namespace as schema on schema.oid = target.relnamespace"
            " where dependency.classid = 'pg_catalog.pg_rewrite'::regclass and schema.nspname = current_schema()"
            " and target.relname = any(?) and rewrite.ev_class <> dependency.refobjid"
            " union"
            " select rewrite.ev_class from readers"
            " inner join pg_catalog.pg_depend as dependency on dependency.refobjid = readers.oid"
            " inner join pg_catalog.pg_rewrite as rewrite on rewrite.oid = dependency.objid"
            " where dependency.classid = 'pg_catalog.pg_rewrite'::regclass and rewrite.ev_class <> readers.oid"
            ")"
            " select view.relname, pg_catalog.pg_get_viewdef(view.oid) from pg_catalog.pg_class as view"
            " where view.oid in (select oid from readers) and view.relkind = 'v'"
            + (" and view.relnamespace = current_schema()::regnamespace" if this_schema else "")
            + " order by view.oid",
            (names,),
        )
        return [(name, definition.strip().rstrip(";")) for name, definition in views]

    def _reads_among(self, names: list[str]) -> list[tuple[str, str]]:
        """(reader, read): each view of the current schema among ``names`` and each object among
        them it reads."""
        return self.execute(
            "select distinct reader.relname, target.relname from pg_catalog.pg_depend as dependency"
            " inner join pg_catalog.pg_rewrite as rewrite on rewrite.oid = dependency.objid"
            " inner join pg_catalog.pg_class as reader on reader.oid = rewrite.ev_class"
            " inner join pg_catalog.pg_class as target on target.oid = dependency.refobjid"
            " inner join pg_catalog.pg_namespace as schema on schema.oid = target.relnamespace"
            " where dependency.classid = 'pg_catalog.pg_rewrite'::regclass and schema.nspname = current_schema()"
            " and reader.oid <> target.oid and reader.relname = any(?) and target.relname = any(?)",
            (names, names),
        )

    def _readers_first(self, drops: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """The drops in their order, except that a view that reads another of them comes before
        it (PostgreSQL refuses to drop what a view reads): a view can move from one file to an
        earlier one (equity, now 017's, came from 020), and the view it read then go with a later file."""
        names = [name for _, name in drops]
        readers: dict[str, list[str]] = {}
        for reader, read in self._reads_among(names):
            readers.setdefault(read, []).append(reader)
        by_name = dict((name, statement) for statement, name in drops)
        ordered: list[tuple[str, str]] = []
        seen: set[str] = set()

        def visit(name: str) -> None:
            if name not in seen:
                seen.add(name)
                for reader in readers.get(name, []):
                    visit(reader)
                ordered.append((by_name[name], name))

        for name in names:
            visit(name)
        return ordered

    def object_types(self, macros: bool = False) -> dict[str, str]:
        """Tables and views of the current schema (PostgreSQL has no macros)."""
        rows = self.execute(
            "select c.relname, case when c.relkind in ('v', 'm') then 'view' else 'table' end "
            "from pg_catalog.pg_class as c "
            "inner join pg_catalog.pg_namespace as n on n.oid = c.relnamespace "
            "where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')"
        )
        return dict(rows)

    # CSV only (export_formats), by base.write_csv as on SQLite: the same file DuckDB writes.
    def _export_rows(self, relation: str) -> Iterator[Sequence[Any]]:
        """The column names, then the rows as they stream (the names are known once the first
        row comes; with no rows, from the same query with ``limit 0``)."""
        sql = f'select * from "{relation}"'
        try:
            with self.connection.cursor() as cursor:
                rows = cursor.stream(sql, size=FETCH_ROWS)
                first = next(rows, None)
                if first is None:
                    cursor.execute(sql + " limit 0")
                yield [d.name for d in cursor.description]
                if first is not None:
                    yield first
                    yield from rows
        except psycopg.Error as e:
            raise self._error(e, f"exporting {relation}") from e

    def close(self) -> None:
        for connection in (self._reader, self.connection):
            if connection is not None:
                with contextlib.suppress(Exception):
                    connection.close()
        self._reader = None

    def version(self) -> str:
        server = self.execute("show server_version")[0][0]
        return f"PostgreSQL {re.split(r'[ (]', server)[0]} (psycopg {psycopg.__version__})"
