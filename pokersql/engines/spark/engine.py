"""Apache Spark, through pyspark: the same SQL files, transpiled by sqlglot to Spark SQL.

The engine runs pokersql's statements: tables as Parquet files of the warehouse directory
(``storage``), a command's inputs and temporary relations as rows held here (``held``), the
user's SQL in a session of its own (``reading``), on the process's one Spark application
(``session``).
Each SparkEngine is a Spark session of its own *shared state*: its own in-memory catalog and
warehouse directory, so two databases in one process never see each other's tables. Ctrl-C
cancels the running statement's Spark jobs (tagged: ``cancelJobsWithTag``).
"""

from __future__ import annotations

import contextlib
import copy
import os
import shutil
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ... import interrupts
from ...errors import BadInput, DatabaseError, Interrupted, PokerSQLError
from ...transpile import TableMacros, parse
from ..base import Engine, _abbreviate, _check_kind
from .appending import _Appending
from .held import _HeldRows
from .reading import _Reading
from .session import LOCAL_CONF, SESSION_CONF, _is_local, spark_application
from .statements import SparkStatement, _parsed, _spark_message, _spark_sql, _target
from .storage import CATALOG_FILE, _Storage, _Transaction
from .temporary import TEMPORARY_VIEW, _Temporary

_CANCEL_POLL = 0.25  # seconds between an interrupt's cancels of a statement's jobs


class SparkEngine(_Appending, _Storage, _HeldRows, _Reading, _Temporary, Engine):
    name = "spark"
    dialect = "spark"
    default_path = "pokersql.spark"
    options = ("master",)
    binds_views = True  # Spark analyses a view when it is created
    # the new hands' stored rows computed in temporary tables of held rows (temporary.py)
    stores_histories = True
    # A new warehouse's migrate takes many minutes on a laptop (docs/engines.md): a command
    # that only reads never starts one.
    reads_built_only = True

    def __init__(self, path: str | None = None, read_only: bool = False, master: str | None = None) -> None:
        _check_kind(path, "spark")
        if path is not None and os.path.exists(path) and not os.path.isdir(path):
            raise BadInput(f"{path} is a file: a Spark database is a directory (give --db a directory's name)")
        spark = spark_application(master)
        self._spark = spark
        self.path = path
        self.read_only = read_only and path is not None and os.path.exists(os.path.join(path, CATALOG_FILE))
        self._temporary = None
        if path is None:
            self._temporary = tempfile.mkdtemp(prefix="pokersql-spark-")
            self.warehouse = Path(self._temporary)
        else:
            self.warehouse = Path(path).absolute()
        self._lock_handle: Any = None
        self._description: list[str] = []
        self._catalog: dict[str, dict] = {}  # name -> {"kind": "table"|"view", ...}, in creation order
        self._temporaries: dict[str, tuple[str, Any]] = {}  # temporary.py's: name -> (kind, a table's rows)
        self._tx: _Transaction | None = None
        self._scratch: dict[str, list[tuple]] | None = None  # inside scratch(): input table -> its rows
        self._interrupted = False
        # The job tags of the statements running now, one tag a statement: interrupt() cancels
        # these until they end, and never a statement that starts after them.
        self._running_tags: set[str] = set()
        self._reader: Any = None
        self.session = self._new_session()
        self._take_lock(self.read_only)
        self._load_catalog()
        interrupts.register(self)

    @classmethod
    def built_at(cls, path: str) -> bool:
        """A warehouse some migrate committed has its catalog file (storage.py)."""
        return os.path.isfile(os.path.join(path, CATALOG_FILE))

    # -- the session and the catalog --------------------------------------
    def _new_session(self) -> Any:
        from pyspark.sql import SparkSession

        context = self._spark.sparkContext
        jvm = context._jvm
        options = jvm.java.util.HashMap()
        options.put("spark.sql.warehouse.dir", self.warehouse.as_uri())
        # A session of its own shared state: its own in-memory catalog and warehouse.
        jsession = jvm.org.apache.spark.sql.classic.SparkSession(context._jsc.sc(), options)
        session = SparkSession(context, jsession)
        for key, value in self._session_conf().items():
            session.conf.set(key, value)
        return session

    def _session_conf(self) -> dict[str, str]:
        local = LOCAL_CONF if _is_local(self._spark.sparkContext.master) else {}
        return {**SESSION_CONF, **{k: v for k, v in local.items() if k.startswith("spark.sql.")}}

    # -- running statements --------------------------------------------------
    def statements(self, script: str, source: str = "SQL", macros: TableMacros | None = None) -> list[str]:
        from sqlglot.errors import ErrorLevel, SqlglotError

        result = []
        for tree in parse(script, "spark", source, macros):
            if tree is None:
                continue
            try:
                result.append(SparkStatement(tree.sql("spark", unsupported_level=ErrorLevel.RAISE), tree))
            except SqlglotError as e:
                raise DatabaseError(f"cannot transpile {source} to spark: {' '.join(str(e).split())}") from e
        return result

    def _tree(self, sql: str) -> Any:
        if isinstance(sql, SparkStatement):
            return copy.deepcopy(sql.tree)
        trees = [tree for tree in _parsed(sql) if tree is not None]
        if len(trees) != 1:
            raise DatabaseError(f"one statement at a time on Spark (in: {_abbreviate(sql)})")
        return copy.deepcopy(trees[0])

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        from sqlglot import exp

        self._description = []
        if not isinstance(sql, SparkStatement) and TEMPORARY_VIEW.match(sql):
            return self._create_temporary_view(sql, params)
        tree = self._tree(sql)
        if isinstance(tree, exp.Create) and tree.kind == "TABLE" and _is_temporary(tree):
            return self._create_temporary_table(tree, sql, params)
        if isinstance(tree, exp.Drop) and self._temporary_kind(_target(tree)) == (tree.kind or "").lower():
            return self._drop_temporary(_target(tree))
        if isinstance(tree, (exp.Insert, exp.Delete, exp.TruncateTable)) and self._temporary_kind(_target(tree)) == "table":
            return self._write_temporary(tree, sql, params)
        if isinstance(tree, exp.Create) and tree.kind == "TABLE":
            return self._create_table(tree, sql)
        if isinstance(tree, exp.Create) and tree.kind == "VIEW":
            return self._create_view(tree, sql)
        if isinstance(tree, exp.Drop) and tree.kind in ("TABLE", "VIEW"):
            return self._drop(tree, sql)
        if isinstance(tree, exp.Alter) and tree.args.get("kind") == "TABLE":
            return self._alter_table(tree, sql)
        if isinstance(tree, (exp.Insert, exp.Update, exp.Delete, exp.TruncateTable)):
            return self._write(tree, sql, params)
        return self._run(sql if isinstance(sql, SparkStatement) else _spark_sql(tree), params, sql)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        for row in rows:
            self.execute(sql, row)

    def _run(self, spark_sql: str, params: Sequence[Any], shown: str) -> list[tuple]:
        """A statement Spark runs as it is: its rows."""
        with self._statement():
            try:
                frame = self.session.sql(spark_sql, args=list(params) if params else None)
                self._description = list(frame.columns)
                return [tuple(row) for row in frame.collect()]
            except Exception as e:
                raise self._error(e, shown) from e

    @contextlib.contextmanager
    def _statement(self) -> Iterator[None]:
        """While a statement runs, its Spark jobs carry a tag of its own (interrupt() cancels them).

        The tag is made known before the check for an interrupt: an interrupt() that comes
        between the two cancels this statement's jobs, one that comes before stops it here."""
        context = self._spark.sparkContext
        tag = f"pokersql-{uuid.uuid4().hex}"
        self._running_tags.add(tag)
        try:
            self._check_interrupted()
            context.addJobTag(tag)
            try:
                yield
            finally:
                with contextlib.suppress(Exception):
                    context.removeJobTag(tag)
        finally:
            self._running_tags.discard(tag)

    def _check_interrupted(self) -> None:
        """An interrupt came between two statements: start no other."""
        if self._interrupted:
            self._interrupted = False
            raise Interrupted()

    def _error(self, error: BaseException, sql: str) -> PokerSQLError:
        if self._interrupted or "cancelled" in str(error).lower() and "job" in str(error).lower():
            self._interrupted = False
            return Interrupted()
        return DatabaseError(f"{_spark_message(error)} (in: {_abbreviate(sql)})")

    def _writable(self, what: str) -> None:
        if self.read_only:
            raise DatabaseError(f"{self.path} is open read-only: cannot {what}")

    @contextlib.contextmanager
    def _autocommit(self) -> Iterator[None]:
        """A statement that changes the catalog or files outside a transaction commits at once."""
        if self._tx is not None:
            yield
            return
        self.begin()
        try:
            yield
        except BaseException:
            self.rollback()
            raise
        self._commit()

    def _create_table(self, tree: Any, sql: str) -> list[tuple]:
        from sqlglot import exp

        name = _target(tree)
        if name in self._catalog:
            if tree.args.get("exists"):
                return []
            raise DatabaseError(f"table {name} already exists (in: {_abbreviate(sql)})")
        self._writable(f"create table {name}")
        with self._autocommit():
            directory = self._table_dir(name)
            if directory.exists():  # left by a process that died, or dropped by this migration
                self._move_aside(directory)
            location = exp.LocationProperty(this=exp.Literal.string(str(directory)))
            properties = [exp.FileFormatProperty(this=exp.Var(this="PARQUET")), location]
            tree.set("exists", None)
            tree.set("properties", exp.Properties(expressions=properties))
            self._run(tree.sql("spark"), (), sql)
            self._catalog[name] = self._table_entry(name)
        return []

    def _create_view(self, tree: Any, sql: str) -> list[tuple]:
        name = _target(tree)
        self._writable(f"create view {name}")
        with self._autocommit():
            text = tree.sql("spark")
            self._run(text, (), sql)
            self._catalog[name] = {"kind": "view", "sql": text, "metadata": self._metadata(name)}
        return []

    def _alter_table(self, tree: Any, sql: str) -> list[tuple]:
        """A column added (043's, 057's): Spark's session takes it, and so does the catalog file,
        or the table, opened again, would be as it was (its Parquet files without the column
        read as NULL there)."""
        name = _target(tree)
        entry = self._catalog.get(name)
        if entry is None or entry["kind"] != "table":
            raise DatabaseError(f"no table {name} (in: {_abbreviate(sql)})")
        self._writable(f"alter {name}")
        with self._autocommit():
            self._run(_spark_sql(tree), (), sql)
            self._catalog[name] = self._table_entry(name)
        return []

    def _drop(self, tree: Any, sql: str) -> list[tuple]:
        name = _target(tree)
        entry = self._catalog.get(name)
        if entry is None or entry["kind"] != tree.kind.lower():
            if tree.args.get("exists"):
                return []
            raise DatabaseError(f"no {tree.kind.lower()} {name} (in: {_abbreviate(sql)})")
        self._writable(f"drop {name}")
        with self._autocommit():
            self._run(f"DROP {tree.kind} `{name}`", (), sql)
            del self._catalog[name]
            if entry["kind"] == "table":
                self._move_aside(self._table_dir(name))
        return []

    def _write(self, tree: Any, sql: str, params: Sequence[Any]) -> list[tuple]:
        from sqlglot import exp

        name = _target(tree)
        if isinstance(tree, exp.Update) or (isinstance(tree, exp.Delete)):
            raise DatabaseError(
                f"Spark's Parquet tables take no {type(tree).__name__.upper()} (in: {_abbreviate(sql)}); "
                "a command's inputs are views of rows given to inputs()"
            )
        if name not in self._catalog or self._catalog[name]["kind"] != "table":
            raise DatabaseError(f"no table {name} (in: {_abbreviate(sql)})")
        if self._scratch is not None:
            raise DatabaseError(f"inside scratch() Spark writes no table, not {name} (in: {_abbreviate(sql)})")
        self._writable(f"write to {name}")
        with self._autocommit():
            self._keep_files(name)
            if isinstance(tree, exp.TruncateTable):
                self._truncate(name)
            else:
                self._cast_parameters(tree, name)
                self._run(_spark_sql(tree), params, sql)
        return []

    def _cast_parameters(self, tree: Any, name: str) -> None:
        """Each ? an INSERT writes to a column, cast to the column's type: Spark's ANSI store
        assignment casts no text to a timestamp (schema_history.applied_at is given as text)."""
        from sqlglot import exp

        types = dict(self._columns_of(name))
        target = tree.this
        named = [c.name for c in target.expressions] if isinstance(target, exp.Schema) else list(types)
        source = tree.expression
        rows = [row.expressions for row in source.expressions] if isinstance(source, exp.Values) else []
        if isinstance(source, exp.Select):
            rows = [source.expressions]
        for row in rows:
            for column, item in zip(named, row):
                if isinstance(item, exp.Placeholder) and column in types:
                    item.replace(exp.cast(item.copy(), exp.DataType.build(types[column], dialect="spark")))

    # -- reading ------------------------------------------------------------------
    def columns(self) -> list[str]:
        return list(self._description)

    def query_progress(self) -> float:
        """The running stages' finished tasks, in percent."""
        try:
            tracker = self._spark.sparkContext.statusTracker()
            stages = [tracker.getStageInfo(s) for s in tracker.getActiveStageIds()]
            total = sum(s.numTasks for s in stages if s)
            return 100.0 * sum(s.numCompletedTasks for s in stages if s) / total if total else -1.0
        except Exception:
            return -1.0

    def interrupt(self) -> None:
        """Cancel the running statements' Spark jobs (``cancelJobsWithTag``), and keep cancelling
        while they run: a statement still being planned starts its jobs later. A statement that
        starts after them is not cancelled (its tag is another): the interrupt has ended the
        command that was running, or, if none was, stops the next statement before it starts."""
        self._interrupted = True
        running = set(self._running_tags)  # after the flag is set: see _statement
        context = self._spark.sparkContext

        def cancel() -> None:
            while tags := running & self._running_tags:
                for tag in tags:
                    with contextlib.suppress(Exception):
                        context.cancelJobsWithTag(tag)
                time.sleep(_CANCEL_POLL)

        threading.Thread(target=cancel, name="pokersql-spark-cancel", daemon=True).start()

    def reopen(self, read_only: bool) -> None:
        self.read_only = read_only and self.path is not None
        self._take_lock(shared=self.read_only)

    def close(self) -> None:
        if self._tx is not None:
            with contextlib.suppress(Exception):
                self.rollback()
        self._release_lock()
        if self._temporary is not None:
            shutil.rmtree(self._temporary, ignore_errors=True)
            self._temporary = None

    def version(self) -> str:
        return f"Spark {self._spark.version}"


def _is_temporary(tree: Any) -> bool:
    from sqlglot import exp

    properties = tree.args.get("properties")
    return bool(properties) and any(isinstance(p, exp.TemporaryProperty) for p in properties.expressions)
