"""Reading the database: one SQL statement (``query``, ``stream``, ``relation``), a table
written to a file (``export``), and the checks of the files a command reads or writes."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .checks import special_file
from .context import Context
from .engines.base import NO_STATEMENT
from .errors import BadInput
from .first_use import ensure_ready
from .results import ExportResult, QueryResult, QueryStream

EXPORT_FORMATS = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv"}


def query(ctx: Context, sql: str, params: tuple = (), read: Sequence[str | Path] = (), timeout: float | None = None) -> QueryResult:
    """Run one SQL statement that reads pokersql's database; its rows.

    The engine refuses (``Refused``, a ``BadInput``) anything that would write, or
    reach a file, an extension or the network; see ``pokersql.engines``. ``read``:
    files the statement may read too (DuckDB only), and no other. ``timeout``: seconds
    the statement may run (its rows read included) before it is stopped, as
    ``TimedOut``; None or 0, no limit.
    """
    with stream(ctx, sql, params, read, timeout) as result:
        return QueryResult(columns=result.columns, rows=list(result.rows))


@contextlib.contextmanager
def stream(
    ctx: Context, sql: str, params: tuple = (), read: Sequence[str | Path] = (), timeout: float | None = None
) -> Iterator[QueryStream]:
    """Like ``query``, the rows fetched a slice at a time as they are read (inside the block)."""
    paths = readable(ctx, sql, read)
    if timeout is not None and not (isinstance(timeout, (int, float)) and timeout >= 0):
        raise BadInput(f"timeout must be a number of seconds, 0 or more, not {timeout!r}")
    ensure_ready(ctx)
    with ctx.engine.time_limit(timeout), ctx.engine.read_only_query(sql, params, paths) as (columns, rows):
        yield QueryStream(columns=columns, rows=rows)


def relation(ctx: Context, sql: str, read: Sequence[str | Path] = ()) -> Any:
    """A lazy, read-only result with ``.df()``, ``.arrow()`` and ``.pl()`` (DuckDB only).

    Nothing is fetched into Python tuples: ``db.relation("select * from hands").df()``
    hands DuckDB's columns straight to pandas. It cannot write, as ``query`` cannot.
    """
    paths = readable(ctx, sql, read)
    ensure_ready(ctx)
    try:
        return ctx.engine.relation(sql, paths)
    except NotImplementedError as e:
        raise BadInput(str(e)) from e


def readable(ctx: Context, sql: str, read: Sequence[str | Path]) -> list[str]:
    """The files a query may read, each checked to be one; an empty statement refused."""
    if not _has_statement(sql):
        raise BadInput(NO_STATEMENT)
    if read and not ctx.engine.reads_files:
        raise BadInput(
            f"--read is for DuckDB: {ctx.engine.title} cannot let one query read a file "
            f"and no other ({read[0]}); load it into a table of your own first"
        )
    for path in read:
        if os.path.isdir(path):
            raise BadInput(f"--read takes a file, not a directory: {path}")
        special = special_file(path)
        if special:
            raise BadInput(f"--read takes a file, not {special}: {path}")
        if not os.path.isfile(path):
            raise BadInput(f"--read {path}: no such file")
    return [str(path) for path in read]


def check_target(ctx: Context, path: Path, overwrite: bool, option: str) -> None:
    """BadInput naming ``path`` if a command must not write it: the open database or one of
    its own files (links followed: ``Engine.own_file``), or a file there already, unless
    ``overwrite``. The file is then written by ``engines.base._replacing``."""
    own = ctx.engine.own_file(str(path))
    if own is not None:
        if own != ctx.engine.path:
            whose = "the open database's"  # its journal, its write-ahead log
        else:
            whose = "in the open database" if os.path.isdir(own) else "the open database"
        raise BadInput(f"{option} {str(path)!r}: that is {whose} {own!r}; write to another file")
    if not overwrite and os.path.lexists(path):
        raise BadInput(f"{option} {str(path)!r}: the file exists; --force replaces it")


def export(ctx: Context, table: str, path: str | Path, overwrite: bool = False) -> ExportResult:
    """Write a table or view to Parquet or CSV, chosen by the file's extension.

    A file there already is BadInput unless ``overwrite``; the open database, or one of its
    own files, always is (``reading.check_target``). The file appears only once whole."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in EXPORT_FORMATS:
        raise BadInput(f"cannot tell the format of {str(path)!r}: end the file name in .parquet or .csv")
    file_format = EXPORT_FORMATS[suffix]
    if not path.absolute().parent.is_dir():
        raise BadInput(f"export --to {str(path)!r}: there is no directory {str(path.absolute().parent)!r}")
    if file_format not in ctx.engine.export_formats:
        raise BadInput(f"{ctx.engine.name} cannot write {file_format} ({path}): export to a .csv file instead")
    check_target(ctx, path, overwrite, "export --to")
    ensure_ready(ctx)
    names = ctx.engine.relation_names()
    if table not in names:
        raise BadInput(f"no table or view {table!r}: choose one of {', '.join(names)}")
    rows = ctx.engine.export(table, str(path), file_format)
    return ExportResult(table=table, file=str(path), format=file_format, rows=rows)


def _has_statement(sql: str) -> bool:
    """False for SQL that is only white space, comments and semicolons (every engine's "nothing
    to run": SQLite ran it and printed nothing); anything else goes to the engine's parser."""
    text = re.sub(r"--[^\n]*|/\*.*?(\*/|$)", " ", sql, flags=re.DOTALL)
    return bool(text.replace(";", " ").strip())
