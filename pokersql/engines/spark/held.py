"""Rows held in Python, shown to Spark as views: a command's inputs and temporary relations.

A command's inputs (``Engine.inputs``: hand_input, board_input, ..., deal_settings) are given
as rows: each input table is, for the block, a view of those literal rows (``select ... from
values ...``) in the engine's own catalog, which the other views read in its place; at the end
of the block the table is registered again. Nothing is written to disk, and another process
reading the same directory never sees those rows. A temporary relation (``Engine.temporary``:
evaluating many hands) is a DataFrame of the rows, registered as a temporary view.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

from ...errors import DatabaseError
from .statements import _literal, _spark_message, _type_name


class _HeldRows:
    """SparkEngine's inputs and temporary relations."""

    @contextlib.contextmanager
    def scratch(self) -> Iterator[None]:
        """The block's inputs (``_hold``) are views of literal rows in this session's catalog;
        at the end the tables are registered again. Nothing is written."""
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

    def _columns_of(self, name: str) -> list[tuple[str, str]]:
        return [(f["name"], _type_name(f["type"])) for f in self._catalog[name]["schema"]["fields"]]

    @contextlib.contextmanager
    def temporary(
        self, name: str, columns: Sequence[str], rows: Sequence[Sequence[Any]], key: Sequence[str] = ()
    ) -> Iterator[None]:
        """A DataFrame of the rows, a temporary view of this session for the block (no index)."""
        from pyspark.sql.types import StructType

        try:
            frame = self.session.createDataFrame([tuple(row) for row in rows], schema=StructType.fromDDL(", ".join(columns)))
            frame.createOrReplaceTempView(name)
        except Exception as e:
            raise DatabaseError(f"could not hold the rows of {name}: {_spark_message(e)}") from e
        try:
            yield
        finally:
            self.session.catalog.dropTempView(name)

    def _publish(self, name: str) -> None:
        """Show the held rows to Spark under the table's name."""
        try:
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
