"""The user's SQL on Spark: one query in a session that cannot write, read or call Java; export.

``query`` runs only what Spark's own parser accepts as a query (``parseQuery``: a SELECT, WITH,
VALUES, TABLE or FROM statement), in a session where Spark does not read files named in SQL
(``spark.sql.runSQLOnFiles`` off) and has no functions that call Java (``reflect``,
``java_method``, ``try_reflect`` are dropped from that session's function registry). A query
cannot write: Spark writes only through commands.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

from ...errors import BadInput, DatabaseError, PokerSQLError, Refused
from ..base import _abbreviate, _more_than_one
from .session import JAVA_CALLING_FUNCTIONS
from .statements import _spark_message


class _Reading:
    """SparkEngine's reading session, its queries and export."""

    def _reading_session(self) -> Any:
        """The session the user's SQL runs in: this database's catalog, no file named in SQL,
        no function that calls Java."""
        if self._reader is None:
            reader = self.session.newSession()
            for key, value in self._session_conf().items():
                reader.conf.set(key, value)
            registry = reader._jsparkSession.sessionState().functionRegistry()
            jvm = self._jvm
            for function in JAVA_CALLING_FUNCTIONS:
                builtin = jvm.org.apache.spark.sql.catalyst.FunctionIdentifier.apply(
                    function, jvm.scala.Some("builtin"), jvm.scala.Some("system")
                )
                if not registry.dropFunction(builtin):
                    raise DatabaseError(f"Spark has no built-in function {function} to drop: cannot run a query safely")
            self._reader = reader
        return self._reader

    @contextlib.contextmanager
    def read_only_query(self, sql: str, params: Sequence[Any] = (), read: Sequence[str] = ()) -> Iterator[tuple[list[str], Iterator[tuple]]]:
        if not sql.strip():
            raise BadInput("query: no SQL statement given")
        reader = self._reading_session()
        parser = reader._jsparkSession.sessionState().sqlParser()
        try:
            parser.parseQuery(sql)
        except Exception as e:
            raise self._not_a_query(parser, sql, e) from e
        try:
            frame = reader.sql(sql, args=list(params) if params else None)
            columns = list(frame.columns)
        except Exception as e:
            raise self._read_error(e, sql) from e
        yield columns, self._fetch(frame, sql)

    def _not_a_query(self, parser: Any, sql: str, error: BaseException) -> PokerSQLError:
        try:
            parser.parsePlan(sql)
        except Exception:
            import sqlglot

            with contextlib.suppress(Exception):
                if len([s for s in sqlglot.parse(sql, read="spark") if s is not None]) > 1:
                    return Refused(_more_than_one(sql))
            return DatabaseError(f"{_spark_message(error)} (in: {_abbreviate(sql)})")
        return Refused(
            f"query is read-only: refused {_abbreviate(sql, 60)!r} (Spark's parser reads it as a command, not a query)"
        )

    def _read_error(self, error: BaseException, sql: str) -> PokerSQLError:
        message = _spark_message(error)
        if "UNRESOLVED_ROUTINE" in message and any(f"`{f}`" in message for f in JAVA_CALLING_FUNCTIONS):
            return Refused(f"query is read-only: refused {_abbreviate(sql, 60)!r} (no function that calls Java)")
        if "UNSUPPORTED_DATASOURCE_FOR_DIRECT_QUERY" in message or "runSQLOnFiles" in message:
            return Refused(f"query is read-only: refused {_abbreviate(sql, 60)!r} (no file named in SQL)")
        return self._error(error, sql)

    def _fetch(self, frame: Any, sql: str) -> Iterator[tuple]:
        with self._statement():
            try:
                for row in frame.toLocalIterator(prefetchPartitions=False):
                    yield tuple(row)
            except Exception as e:
                raise self._read_error(e, sql) from e

    def relation_names(self) -> list[str]:
        return sorted(self._catalog)

    def object_types(self, macros: bool = False) -> dict[str, str]:
        return {name: entry["kind"] for name, entry in self._catalog.items()}

    # CSV only (export_formats), by base.write_csv.
    def _export_rows(self, relation: str) -> Iterator[Sequence[Any]]:
        """The column names, then the rows, a boolean written as DuckDB writes it (true, false)."""
        frame = self.session.table(relation)
        yield frame.columns
        try:
            for row in frame.toLocalIterator():
                yield ["true" if v is True else "false" if v is False else v for v in row]
        except (OSError, PokerSQLError):
            raise  # write_csv names the file that cannot be written
        except Exception as e:
            raise self._error(e, f"exporting {relation}") from e
