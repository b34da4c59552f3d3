"""A Spark database's directory: its lock, its catalog file, and undoing a migration.

- ``--db PATH`` is the warehouse directory. Each table is Parquet files in ``PATH/<table>``;
  ``PATH/pokersql_catalog.json`` is the catalog: each table's schema, each view's definition
  (Spark's own view metadata, serialized, so that opening the database registers the views
  without analysing them again, which takes minutes; their SQL too, should that metadata not
  load in another Spark version). Opening the database reads it. No Hive metastore and no
  Derby: nothing else is written anywhere.
- Spark has no transactions. pokersql keeps its promise that a failed or interrupted migration
  leaves the database as it was by undoing, itself, what the migration did: tables it made are
  dropped and their files deleted, rows it appended (schema_history's among them) are deleted
  file by file, tables it dropped or emptied come back (their files are moved aside, not
  deleted, until the commit), views are registered again as they were, and the catalog file is
  written only at the commit. A process killed in the middle leaves the catalog file as
  before; files it wrote may remain beside it.
- A lock file (``PATH/.pokersql.lock``) keeps two processes from writing one directory: shared
  while the database is open read-only, exclusive while it is open to write.
"""

from __future__ import annotations

import base64
import contextlib
import copy
import fcntl
import json
import os
import shutil
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ... import interrupts
from ...errors import DatabaseError
from ..base import _replacing
from .session import _lock
from .statements import _spark_message

CATALOG_FILE = "pokersql_catalog.json"
LOCK_FILE = ".pokersql.lock"
TRASH = ".pokersql_trash"  # what a migration dropped or emptied, until it commits
# The lock file of each directory this process has open: (its handle, {engine id: writes?}).
# flock is per open file, so the engines of one process share one: they never lock each other out.
_directory_locks: dict[Path, tuple[Any, dict[int, bool]]] = {}


@dataclass
class _Transaction:
    """What undoes a migration on Spark (see the module's docstring)."""

    catalog: dict[str, dict]  # the catalog as it was at begin
    files: dict[str, set[str]] = field(default_factory=dict)  # table -> its data files at begin
    trash: list[tuple[Path, Path]] = field(default_factory=list)  # (moved to, moved from)


class _Storage:
    """SparkEngine's directory: the lock, the catalog file, and a migration's undoing."""

    def _take_lock(self, shared: bool) -> None:
        """Shared while open read-only, exclusive to write: another process cannot write meanwhile."""
        if self.path is None:
            return
        with _lock:
            try:
                self.warehouse.mkdir(parents=True, exist_ok=True)
                handle, holders = _directory_locks.get(self.warehouse) or (open(self.warehouse / LOCK_FILE, "a+"), {})
                _directory_locks[self.warehouse] = (handle, holders)
                wanted = {**holders, id(self): not shared}
                fcntl.flock(handle, (fcntl.LOCK_EX if any(wanted.values()) else fcntl.LOCK_SH) | fcntl.LOCK_NB)
                holders.update(wanted)
                self._lock_handle = handle
            except BlockingIOError as e:
                raise DatabaseError(f"database {self.path} is in use by another process: try again when it is done") from e
            except OSError as e:
                raise DatabaseError(f"cannot open Spark database {self.path!r}: {e.strerror or e}") from e

    def _release_lock(self) -> None:
        if self._lock_handle is None:
            return
        with _lock:
            handle, holders = _directory_locks[self.warehouse]
            holders.pop(id(self), None)
            with contextlib.suppress(OSError):
                if not holders:
                    fcntl.flock(handle, fcntl.LOCK_UN)
                    handle.close()
                    del _directory_locks[self.warehouse]
                elif not any(holders.values()):
                    fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
            self._lock_handle = None

    def _load_catalog(self) -> None:
        file = self.warehouse / CATALOG_FILE
        if not file.exists():
            return
        try:
            saved = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise DatabaseError(f"cannot read {file}: {e}") from e
        for name, entry in saved["objects"].items():
            self._register(name, entry)
            self._catalog[name] = entry

    def _save_catalog(self) -> None:
        if self.path is None:
            return
        file = self.warehouse / CATALOG_FILE
        text = json.dumps({"format": 1, "spark": self._spark.version, "objects": self._catalog}, indent=1)
        with _replacing(str(file)) as temporary:  # whole or not at all, even on Ctrl-C
            Path(temporary).write_text(text, encoding="utf-8")

    def _register(self, name: str, entry: dict) -> None:
        """Put a table or view of the catalog file into the session's catalog (no analysis)."""
        if entry["kind"] == "table":
            from pyspark.sql.types import StructType

            schema = StructType.fromJson(entry["schema"])
            self.session.catalog.createTable(name, path=str(self.warehouse / name), source="parquet", schema=schema)
            return
        try:
            jvm = self._jvm
            stream = jvm.java.io.ObjectInputStream(jvm.java.io.ByteArrayInputStream(base64.b64decode(entry["metadata"])))
            self._session_catalog.externalCatalog().createTable(stream.readObject(), False)
        except Exception:  # another Spark version's metadata: define the view again (slower)
            self.session.sql(entry["sql"])

    @property
    def _jvm(self) -> Any:
        return self._spark.sparkContext._jvm

    @property
    def _session_catalog(self) -> Any:
        return self.session._jsparkSession.sessionState().catalog()

    def _metadata(self, name: str) -> str:
        """The view's metadata as Spark keeps it, serialized (base64)."""
        jvm = self._jvm
        identifier = jvm.org.apache.spark.sql.catalyst.TableIdentifier.apply(name, jvm.scala.Some("default"))
        table = self._session_catalog.getTableMetadata(identifier)
        buffer = jvm.java.io.ByteArrayOutputStream()
        stream = jvm.java.io.ObjectOutputStream(buffer)
        stream.writeObject(table)
        stream.close()
        return base64.b64encode(bytes(buffer.toByteArray())).decode("ascii")

    def _table_entry(self, name: str) -> dict:
        return {"kind": "table", "schema": json.loads(self.session.table(name).schema.json())}

    def _table_dir(self, name: str) -> Path:
        return self.warehouse / name

    # -- undoing a migration ------------------------------------------------
    def begin(self, immediate: bool = False) -> None:
        if self._tx is not None:
            raise DatabaseError("a transaction is already open on this Spark database")
        if not self.read_only:
            self._take_lock(shared=False)
        self._tx = _Transaction(catalog=copy.deepcopy(self._catalog))

    def commit(self) -> None:
        interrupts.check()  # a SIGINT already came: roll back instead (see pokersql.interrupts)
        self._commit()

    def _commit(self) -> None:
        tx = self._tx
        if tx is None:
            return
        if self._catalog != tx.catalog:
            self._save_catalog()
        self._tx = None
        for moved, _ in tx.trash:
            shutil.rmtree(moved, ignore_errors=True)
        shutil.rmtree(self.warehouse / TRASH, ignore_errors=True)

    def rollback(self) -> None:
        tx = self._tx
        if tx is None:
            return
        self._tx = None
        self._drop_temporaries()  # (temporary.py) those of a fill, as DuckDB's rollback drops them
        try:
            before, now = tx.catalog, self._catalog
            for name in reversed(list(now)):
                if before.get(name) != now[name]:
                    kind = now[name]["kind"].upper()
                    with contextlib.suppress(Exception):
                        self.session.sql(f"DROP {kind} IF EXISTS `{name}`")
                    if now[name]["kind"] == "table" and name not in before:
                        shutil.rmtree(self._table_dir(name), ignore_errors=True)
            for moved, origin in reversed(tx.trash):  # dropped tables, emptied tables' files
                if origin.is_dir() and not any(origin.iterdir()):
                    origin.rmdir()
                if not origin.exists():
                    origin.parent.mkdir(parents=True, exist_ok=True)
                    os.replace(moved, origin)
            for name, files in tx.files.items():  # rows appended: their files
                directory = self._table_dir(name)
                for path in directory.iterdir() if directory.is_dir() else ():
                    if path.name not in files and path.is_file():
                        path.unlink()
            for name, entry in before.items():
                if now.get(name) != entry:
                    self._register(name, entry)
            for name in tx.files:
                if before.get(name, {}).get("kind") == "table" and now.get(name) == before[name]:
                    self.session.catalog.refreshTable(name)
            self._catalog = before
            shutil.rmtree(self.warehouse / TRASH, ignore_errors=True)
        except Exception as e:
            raise DatabaseError(f"could not undo the failed migration on Spark: {_spark_message(e)}") from e

    def _keep_files(self, name: str) -> None:
        """Before the transaction first writes to a table it had at begin: its files, to undo."""
        tx = self._tx
        if tx is None or name in tx.files or name not in tx.catalog:
            return
        directory = self._table_dir(name)
        tx.files[name] = {path.name for path in directory.iterdir()} if directory.is_dir() else set()

    def _move_aside(self, path: Path) -> None:
        """Into the trash until the commit (a rollback brings it back)."""
        if not path.exists():
            return
        trash = self.warehouse / TRASH / uuid.uuid4().hex
        trash.parent.mkdir(parents=True, exist_ok=True)
        os.replace(path, trash)
        if self._tx is not None:
            self._tx.trash.append((trash, path))
        else:
            shutil.rmtree(trash, ignore_errors=True)

    def _truncate(self, name: str) -> None:
        directory = self._table_dir(name)
        for path in list(directory.iterdir()) if directory.is_dir() else ():
            if path.is_file() and not path.name.startswith(".pokersql"):
                self._move_aside(path)
        self.session.catalog.refreshTable(name)
