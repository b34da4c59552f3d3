"""Temporary tables and views of a Spark database: those of ``histories/stored.py``'s fill
(``create temporary table ... as select``, ``delete from`` it, ``insert into`` it, ``create
temporary view``, ``drop``), which DuckDB, SQLite and PostgreSQL keep in their sessions.

Spark has no temporary table. Here one is a DataFrame of its rows, computed when the table is
made or written (``localCheckpoint``: the rows are held by the application's block manager and
the plan that computed them is let go, so that the table keeps its rows when the tables it was
read from change, as stored_hands does when the fill adds its hands) and registered as a
temporary view of this session under the table's name. ``delete from`` (the whole table) makes it
an empty DataFrame of its columns; ``insert into`` it, the union of its rows and the new ones (each
column cast to the table's type, by place, as an INSERT does). A temporary view is Spark's own
(``create temporary view``): its SQL text is analysed again wherever a query names it, so that it
reads the temporary tables' rows of the moment. None of them is in the catalog file, none is
written to the warehouse, and a rollback drops them all, as DuckDB's rollback does those the
transaction made.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ...errors import DatabaseError
from ..base import _abbreviate
from .statements import _spark_message, _spark_sql, _target

# a statement that makes a temporary view, given in Spark SQL (stored.py's, made from the
# statements SparkEngine.statements gave): run by Spark as it is, not parsed again
TEMPORARY_VIEW = re.compile(r"^\s*create\s+temporary\s+view\s+`?(\w+)`?\s", re.IGNORECASE)


class _Temporary:
    """SparkEngine's temporary tables and views (see the module's docstring)."""

    def _temporary_kind(self, name: str | None) -> str | None:
        """'table' or 'view' for a temporary object of this engine, else None."""
        return self._temporaries.get(name, (None, None))[0] if name else None

    def _create_temporary_view(self, sql: str, params: Sequence[Any]) -> list[tuple]:
        name = TEMPORARY_VIEW.match(sql).group(1)
        if name in self._catalog or name in self._temporaries:
            raise DatabaseError(f"{name} already exists (in: {_abbreviate(sql)})")
        self._run(sql, params, sql)
        self._temporaries[name] = ("view", None)
        return []

    def _create_temporary_table(self, tree: Any, sql: str, params: Sequence[Any]) -> list[tuple]:
        name = _target(tree)
        query = tree.expression
        if query is None:
            raise DatabaseError(f"a temporary table on Spark is made AS a query (in: {_abbreviate(sql)})")
        if name in self._catalog or name in self._temporaries:
            raise DatabaseError(f"{name} already exists (in: {_abbreviate(sql)})")
        self._hold_rows(name, self._frame(_spark_sql(query), params, sql), sql)
        return []

    def _write_temporary(self, tree: Any, sql: str, params: Sequence[Any]) -> list[tuple]:
        """``delete from`` a temporary table (all its rows) or ``insert into`` it a query's rows."""
        from pyspark.sql import functions
        from sqlglot import exp

        name = _target(tree)
        frame = self._temporaries[name][1]
        if isinstance(tree, (exp.Delete, exp.TruncateTable)):
            if isinstance(tree, exp.Delete) and tree.args.get("where") is not None:
                raise DatabaseError(f"a temporary table on Spark is emptied whole (in: {_abbreviate(sql)})")
            self._hold_rows(name, self.session.createDataFrame([], frame.schema), sql)
            return []
        if not isinstance(tree, exp.Insert) or isinstance(tree.this, exp.Schema) or isinstance(tree.expression, exp.Values):
            raise DatabaseError(f"a temporary table on Spark takes a query's rows, every column (in: {_abbreviate(sql)})")
        added = self._frame(_spark_sql(tree.expression), params, sql)
        if len(added.columns) != len(frame.columns):
            raise DatabaseError(f"{len(added.columns)} columns for {name}'s {len(frame.columns)} (in: {_abbreviate(sql)})")
        added = added.select([
            functions.col(f"`{given}`").cast(field.dataType).alias(field.name)
            for given, field in zip(added.columns, frame.schema.fields)
        ])
        self._hold_rows(name, frame.unionAll(added), sql)
        return []

    def _frame(self, spark_sql: str, params: Sequence[Any], shown: str) -> Any:
        try:
            return self.session.sql(spark_sql, args=list(params) if params else None)
        except Exception as e:
            raise self._error(e, shown) from e

    def _hold_rows(self, name: str, frame: Any, sql: str) -> None:
        """The rows computed now, held (``localCheckpoint``), the temporary view ``name`` of them."""
        with self._statement():
            try:
                held = frame.localCheckpoint(eager=True)
                held.createOrReplaceTempView(name)
            except Exception as e:
                raise self._error(e, sql) from e
        self._temporaries[name] = ("table", held)

    def _drop_temporary(self, name: str) -> list[tuple]:
        kind, frame = self._temporaries.pop(name)
        try:
            self.session.catalog.dropTempView(name)
            if frame is not None:
                frame.unpersist()
        except Exception as e:
            raise DatabaseError(f"could not drop the temporary {kind} {name}: {_spark_message(e)}") from e
        return []

    def _drop_temporaries(self) -> None:
        """Every temporary table and view, the last made first (a rollback's)."""
        for name in reversed(list(self._temporaries)):
            try:
                self._drop_temporary(name)
            except DatabaseError:
                pass
