"""Rows held in Python, shown to Spark as views: a command's inputs and TEMP tables.

A command's inputs (``Engine.inputs``: hand_input, board_input, ..., deal_settings) are given
as rows: each input table is, for the block, a view of those literal rows (``select ... from
values ...``) in the engine's own catalog, which the other views read in its place; at the end
of the block the table is registered again. Nothing is written to disk, and another process
reading the same directory never sees those rows. A TEMP table (evaluating many hands) is a
temporary view of rows sent from Python.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from ...errors import DatabaseError
from ..base import _abbreviate
from .statements import _literal, _spark_message, _type_name, _value, _without_constraints


class _HeldRows:
    """SparkEngine's inputs and TEMP tables."""

    @contextlib.contextmanager
    def scratch(self) -> Iterator[None]:
        """The block's inputs (``_hold``) are views of literal rows in this session's catalog,
        its TEMP tables temporary views; at the end the tables are registered again and the
        TEMP tables dropped. Nothing is written."""
        if self._scratch is not None:
            raise DatabaseError("scratch() is already open on this Spark database")
        self._scratch = {}
        try:
            yield
        except BaseException as cause:
            try:
                self._end_scratch()
            except Exception as failed:  # the cause (Ctrl-C, say) comes first
                cause.add_note(f"then: {failed}")
            raise
        self._end_scratch()

    def _end_scratch(self) -> None:
        held, self._scratch = self._scratch, None
        for name in list(self._temp_tables):
            self._drop_temp_table(name)
        for name in held:
            try:
                self.session.sql(f"DROP VIEW IF EXISTS `{name}`")
                self._register(name, self._catalog[name])
            except Exception as e:
                raise DatabaseError(f"could not register table {name} again: {_spark_message(e)}") from e

    def _hold(self, name: str, rows: list[tuple]) -> None:
        """Inside inputs(): the input table ``name`` is a view of ``rows`` for the block."""
        self._scratch[name] = rows
        self._publish(name)

    def _held(self, name: str) -> bool:
        return name in self._temp_tables

    def _columns_of(self, name: str) -> list[tuple[str, str]]:
        if name in self._temp_tables:
            return [(f.name, f.dataType.simpleString()) for f in self._temp_schemas[name].fields]
        return [(f["name"], _type_name(f["type"])) for f in self._catalog[name]["schema"]["fields"]]

    def _write_held(self, tree: Any, name: str, params: list[Any]) -> None:
        """An INSERT into a TEMP table, or a DELETE of all its rows."""
        from sqlglot import exp

        rows = self._temp_tables[name]
        if isinstance(tree, exp.Insert):
            rows.extend(self._inserted(tree, name, params))
        elif isinstance(tree, (exp.Delete, exp.TruncateTable)) and not tree.args.get("where"):
            rows.clear()
        else:
            raise DatabaseError(f"Spark's TEMP tables take INSERT and DELETE of every row only (in: {tree.sql('spark')})")
        self._publish(name)

    def _inserted(self, tree: Any, name: str, params: list[Any]) -> list[tuple]:
        """The rows an INSERT adds to a held table (VALUES of literals and parameters, or a query)."""
        from sqlglot import exp

        columns = [column for column, _ in self._columns_of(name)]
        target = tree.this
        named = [c.name for c in target.expressions] if isinstance(target, exp.Schema) else columns
        source = tree.expression
        values = iter(params)
        if isinstance(source, exp.Values):
            given = [[_value(item, values) for item in row.expressions] for row in source.expressions]
        else:
            given = [list(row) for row in self._run(source.sql("spark"), params, tree.sql("spark"))]
        defaults = self._catalog.get(name, {}).get("defaults", {})
        added = []
        for row in given:
            if len(row) != len(named):
                raise DatabaseError(f"{len(row)} values for {len(named)} columns of {name}")
            by_name = dict(zip(named, row))
            added.append(tuple(by_name[c] if c in by_name else defaults.get(c) for c in columns))
        return added

    def _publish(self, name: str) -> None:
        """Show the held rows to Spark under the table's name."""
        try:
            if name in self._temp_tables:
                frame = self.session.createDataFrame(self._temp_tables[name], schema=self._temp_schemas[name])
                frame.createOrReplaceTempView(name)
                return
            typed = self._columns_of(name)
            rows = self._scratch[name]
            selected = ", ".join(f"CAST(c{n} AS {kind}) AS `{column}`" for n, (column, kind) in enumerate(typed))
            if rows:
                literals = ", ".join("(" + ", ".join(_literal(v) for v in row) + ")" for row in rows)
                aliases = ", ".join(f"c{n}" for n in range(len(typed)))
                body = f"SELECT {selected} FROM VALUES {literals} AS held({aliases})"
            else:
                nulls = ", ".join(f"NULL AS c{n}" for n in range(len(typed)))
                body = f"SELECT {selected} FROM (SELECT {nulls}) AS held WHERE 1 = 0"
            if self._catalog_kind(name) == "table":
                self.session.sql(f"DROP TABLE `{name}`")  # from this session's catalog only: the files stay
            self.session.sql(f"CREATE OR REPLACE VIEW `{name}` AS {body}")
        except Exception as e:
            raise DatabaseError(f"could not hold the rows of {name}: {_spark_message(e)}") from e

    def _catalog_kind(self, name: str) -> str | None:
        rows = self.session.sql(f"SHOW TABLES LIKE '{name}'").collect()
        if not rows:
            return None
        jvm = self._jvm
        identifier = jvm.org.apache.spark.sql.catalyst.TableIdentifier.apply(name, jvm.scala.Some("default"))
        kind = self._session_catalog.getTableMetadata(identifier).tableType().name()
        return "view" if kind == "VIEW" else "table"

    def _drop_temp_table(self, name: str) -> None:
        self._temp_tables.pop(name, None)
        self._temp_schemas.pop(name, None)
        self.session.catalog.dropTempView(name)

    def _create_temp_table(self, tree: Any, name: str, sql: str) -> list[tuple]:
        """A TEMP table: rows held here, seen by Spark as a temporary view."""
        if name in self._temp_tables:
            if tree.args.get("exists"):
                return []
            raise DatabaseError(f"temporary table {name} already exists (in: {_abbreviate(sql)})")
        from pyspark.sql.types import StructType

        columns = ", ".join(column.sql("spark") for column in tree.this.expressions)
        self._temp_schemas[name] = StructType.fromDDL(_without_constraints(columns))
        self._temp_tables[name] = []
        self._publish(name)
        return []
