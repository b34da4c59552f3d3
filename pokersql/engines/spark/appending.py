"""Rows appended to a Spark table (``Engine.append``: an import's hands) as Parquet files.

The rows become one Arrow table of the table's own schema (pyarrow: amounts cast to their
decimals, rounded to the nearest; timestamps read in the session's time zone), written as one
Parquet file into the table's directory of the warehouse, where Spark reads it beside the
others (the table's file list refreshed). No Spark job writes it and no SQL text carries the
values. Inside a migration's transaction the table's files are noted first (``_keep_files``):
a rollback deletes the new file, as it does the files of an INSERT.
``held`` asks which keys a table holds in one query, the keys a temporary view of rows.
``table_to_parquet`` (``import --parquet``) reads a table's Parquet files back with pyarrow, in
the same schema, and writes them as one file.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from ...errors import DatabaseError
from ..base import _replacing

# Spark's types (a schema's JSON) as Arrow's; a decimal's is made from its precision and scale.
_ARROW_TYPES = {
    "string": "string", "integer": "int32", "long": "int64", "short": "int16", "byte": "int8",
    "boolean": "bool_", "double": "float64", "float": "float32", "date": "date32",
}


def _arrow_type(kind: Any, time_zone: str) -> Any:
    import pyarrow as pa

    if kind in _ARROW_TYPES:
        return getattr(pa, _ARROW_TYPES[kind])()
    if kind == "timestamp_ntz":
        return pa.timestamp("us")
    if kind == "timestamp":
        return pa.timestamp("us", tz=time_zone)
    if isinstance(kind, str) and kind.startswith("decimal("):
        precision, scale = kind[len("decimal(") : -1].split(",")
        return pa.decimal128(int(precision), int(scale))
    raise DatabaseError(f"Spark column type {kind} cannot be appended from Python")


class _Appending:
    """SparkEngine's ``append``, ``held`` and ``table_to_parquet``."""

    writes_table_parquet = True

    def append(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        entry = self._catalog.get(table)
        if entry is None or entry["kind"] != "table":
            raise DatabaseError(f"no table {table} to append to")
        if self._scratch is not None:
            raise DatabaseError(f"inside scratch() Spark writes no table, not {table}")
        self._writable(f"write to {table}")
        arrow = self._arrow_rows(entry, columns, rows)
        with self._autocommit():
            self._keep_files(table)
            import pyarrow.parquet as pq

            directory = self._table_dir(table)
            directory.mkdir(parents=True, exist_ok=True)
            name = f"part-pokersql-{uuid.uuid4().hex}.parquet"
            try:  # written under a name that starts with a dot, which Spark passes over, until whole
                with _replacing(str(directory / name)) as temporary:
                    pq.write_table(arrow, temporary)
                self.session.catalog.refreshTable(table)
            except Exception as e:
                raise DatabaseError(f"could not append to {table}: {e}") from e

    def _arrow_rows(self, entry: dict, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> Any:
        """The rows as an Arrow table of every column of the table (those not given: NULL)."""
        import pyarrow as pa
        import pyarrow.compute as pc

        schema = self._arrow_schema(entry)
        given = {column: number for number, column in enumerate(columns)}
        arrays = []
        for field in schema:
            kind = field.type
            number = given.get(field.name)
            if number is None:
                values = pa.nulls(len(rows), kind)
            else:
                values = [row[number] for row in rows]
                if pa.types.is_decimal(kind):
                    values = pc.cast(pa.array(values, pa.float64()), kind)  # rounds to the nearest
                elif pa.types.is_timestamp(kind):  # given as text
                    values = pc.cast(pa.array(values, pa.string()), pa.timestamp("us"))
                    values = pc.assume_timezone(values, kind.tz) if kind.tz else values
                else:
                    values = pa.array(values, kind)
            arrays.append(values)
        try:
            return pa.Table.from_arrays(arrays, schema=schema)
        except (pa.ArrowException, ValueError) as e:
            raise DatabaseError(f"rows that do not fit the table: {e}") from e

    def _arrow_schema(self, entry: dict) -> Any:
        """The Arrow schema of a table of the catalog: its columns, Spark's types as Arrow's."""
        import pyarrow as pa

        time_zone = self.session.conf.get("spark.sql.session.timeZone")
        return pa.schema(
            pa.field(field["name"], _arrow_type(field["type"], time_zone), field.get("nullable", True))
            for field in entry["schema"]["fields"]
        )

    def table_to_parquet(self, table: str, path: str) -> None:
        """The table, whole, as one Parquet file: its files in the warehouse (those of
        ``append`` and of Spark's own writes) read by pyarrow in the table's schema."""
        import pyarrow.dataset as ds
        import pyarrow.parquet as pq

        entry = self._catalog.get(table)
        if entry is None or entry["kind"] != "table":
            raise DatabaseError(f"no table {table} to write as Parquet")
        schema = self._arrow_schema(entry)
        directory = self._table_dir(table)
        files = sorted(str(f) for f in directory.glob("*.parquet") if not f.name.startswith((".", "_"))) if directory.is_dir() else []
        try:
            data = ds.dataset(files, schema=schema, format="parquet").to_table() if files else schema.empty_table()
        except Exception as e:
            raise DatabaseError(f"could not read {table}'s Parquet files: {e}") from e
        with _replacing(path) as temporary:
            pq.write_table(data, temporary)

    def held(self, table: str, column: str, values: Sequence[Any], where: str = "", params: Sequence[Any] = ()) -> set:
        """One query: ``values`` a temporary view of rows (not a statement's literals)."""
        if not values:
            return set()
        kind = dict(self._columns_of(table))[column]
        view = "pokersql_held_values"
        condition = f"{where} and " if where else ""
        with self.temporary(view, [f"value {kind}"], [(value,) for value in values]):
            rows = self.execute(f"select {column} from {table} where {condition}{column} in (select value from {view})", params)
        return {row[0] for row in rows}

