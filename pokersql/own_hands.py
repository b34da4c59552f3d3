"""Your own hands: hands pokersql did not deal, evaluated with no write to its tables.

One query evaluates them all: ``hand_evaluations_of`` (sql/02_lookups/011), the table macro
that ``typed_hands`` reads too, called on long rows ``own_cards(hand_no, card_id)``
(``RANKED_HANDS``, ``EVALUATED_HANDS``; on an engine other than DuckDB, with the macro's
query expanded into them, ``for_dialect``). It joins them to the lookup tables,
``cards``, ``flush_suits``, ``best_by_values``, ``best_by_flush`` and ``hand_classes``
(with ``card_values``). DuckDB's batches have a faster query of their own, below. Where the
rows come from depends on the call:

- ``evaluate`` and ``compare`` (a few hands): a ``values`` list of bound parameters.
  DuckDB plans and runs a query of this size in about 10 ms, SQLite in about 0.1 ms;
  so on DuckDB, from the second call on, the query runs on ``LookupCopy``, the lookup
  tables copied once (0.1 to 0.2 s) into an in-memory SQLite database.
- ``evaluate_many`` on DuckDB: each batch of up to ``BATCH_ROWS`` hands, as an Arrow
  table or a pandas frame, is registered with the connection and evaluated in SQL by
  ``DUCKDB_EVALUATED``, not ``hand_evaluations_of``: no Python loop over the rows, and no long rows
  either: a hand stays one row to the end (bench/own_hands_fast.py measures the gain):
  its text made canonical (as it is when it already is), its cards read by position, the
  sums of their codes taken by arithmetic, the class found by the DuckDB macros' lookup
  (``hand_class_from_sums``, 027, on the lists of 026) and the best five picked by their sort
  key per card (``best_five_key``, 027, a call of ``card_play_key``, 011, the key that
  ``hand_evaluations_of`` orders by), the same five in the same order, the rows in the
  input's order with no sort. A Python list becomes an Arrow table
  (without pyarrow, one list parameter). Files are read a batch at a time by
  pyarrow (Parquet row batches, CSV blocks), so memory stays bounded: DuckDB's own
  readers would run on the engine's connection, where a read-only database file must
  not be written and the user's SQL may not reach files; pyarrow needs neither.
- A frame's or file's other columns (``kept_columns``) go to the result beside it, the
  same rows in the same order. A CSV file is checked to be UTF-8 and read as text, each
  record with the header's fields; an error names the physical line where its record
  starts (``_csv_line``).
- ``evaluate_many`` on the other engines: each batch is parsed in Python and its long rows
  go to a relation ``own_cards`` of their own (``Engine.temporary``: a TEMP table on SQLite
  and PostgreSQL, a DataFrame on Spark), outside the database file (a read-only file works
  too).

The best five are the class's values (``hand_classes.rank_key`` counts each value in
base 5) taken from the hand's cards, highest suit first, only the flush suit's for a
flush, largest group first: one definition, ``card_play_key`` (011), that every path reads
(tests/test_evaluate_many.py compares DuckDB's batches with ``typed_hands``).
"""

from __future__ import annotations

import codecs
import contextlib
import csv
import functools
import importlib
import itertools
import math
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .cards import CARD_NAMES, SEPARATORS, card_name, parse_cards, shown
from .errors import BadInput, PokerSQLError

BATCH_ROWS = 200_000  # hands per query on DuckDB: a step of the progress bar, and the memory bound (about 0.6 GiB)
SQLITE_BATCH_ROWS = 50_000  # hands per query on SQLite, where the rows are parsed in Python


def batch_rows(engine: Any) -> int:
    """Hands per batch of evaluate_many: BATCH_ROWS where the engine reads a batch's frame in
    SQL (``engine.reads_frames``), else SQLITE_BATCH_ROWS (the hands are parsed in Python)."""
    return BATCH_ROWS if engine.reads_frames else SQLITE_BATCH_ROWS


# The hands of a few cards each: best, points, category, hand_rank and place (1 = best of them),
# by hand_evaluations_of (011), the one definition of the best five, on own_cards(hand_no, card_id).
RANKED_HANDS = """
select
    evaluated.hand_no,
    evaluated.best,
    evaluated.points,
    evaluated.category,
    evaluated.hand_rank,
    rank() over (order by evaluated.hand_rank) as place
from hand_evaluations_of('own_cards') as evaluated
order by evaluated.hand_no"""

# What a table of long rows gives, a hand at a time.
EVALUATED_HANDS = """
select
    evaluated.best,
    evaluated.points,
    evaluated.category,
    evaluated.hand_rank
from hand_evaluations_of('own_cards') as evaluated
order by evaluated.hand_no"""


@functools.lru_cache(maxsize=None)
def for_dialect(query: str, dialect: str, macro: str = "hand_evaluations_of") -> str:
    """A query that calls the table macro ``macro``, as an engine of ``dialect`` runs it: on
    DuckDB as written (the macro is in the database), elsewhere with the macro's query from the
    SQL files expanded into it (transpile, with the macros of every file of the engine: one
    macro may call another's), once per process."""
    from . import migrations
    from .transpile import SOURCE_DIALECT, table_macros, transpile

    if dialect == SOURCE_DIALECT:
        return query
    files = migrations.sql_files()
    (source,) = [f for f in files if ("macro", macro) in [d[:2] for d in f.definitions()]]
    (statement,) = transpile(query, dialect, source.script, table_macros(f.text for f in files if f.runs_on(dialect)))
    return statement


@contextlib.contextmanager
def card_relation(
    engine: Any, name: str, columns: Sequence[str], values: dict[str, list[Any]], key: Sequence[str] = ()
) -> Iterator[None]:
    """For the block, a relation ``name`` of ``columns`` (``"hand_no integer"``, ...) holding
    ``values`` (a list per column, by its name), outside the database and gone after it: on
    DuckDB an Arrow table registered with the connection (with pyarrow), else
    ``Engine.temporary`` (a TEMP table keyed by ``key`` on SQLite and PostgreSQL)."""
    if engine.reads_frames and _has("pyarrow"):
        import pyarrow as pa

        engine.connection.register(name, pa.table({column.split()[0]: values[column.split()[0]] for column in columns}))
        try:
            yield
        finally:
            engine.connection.unregister(name)
        return
    rows = list(zip(*(values[column.split()[0]] for column in columns)))
    with engine.temporary(name, columns, rows, key=key):
        yield

LOOKUP_TABLES = ("cards", "card_values", "flush_suits", "best_by_values", "best_by_flush", "hand_classes")
# What evaluating a hand reads: the lookup tables and the macro over them (its file, 011, on
# every engine: where it is expanded, the file's views are made all the same).
EVALUATION_NEEDS = (*LOOKUP_TABLES, "hand_evaluations_of")
# What DuckDB's batches read besides (DUCKDB_EVALUATED): the macros of 027 and the lists of 026.
DUCKDB_BATCH_NEEDS = (*EVALUATION_NEEDS, "hand_class_from_sums", "best_five_key")


def batch_needs(engine: Any) -> tuple[str, ...]:
    """What evaluate_many reads on ``engine``: DUCKDB_BATCH_NEEDS where it reads a batch's frame
    in SQL (``engine.reads_frames``), else EVALUATION_NEEDS."""
    return DUCKDB_BATCH_NEEDS if engine.reads_frames else EVALUATION_NEEDS

# The columns of the lookup tables that hand_evaluations_of reads, keyed as in the database.
LOOKUP_COLUMNS = {
    "cards": ("card_id integer primary key", "name text", "value integer", "suit_index integer",
              "rank_code integer", "suit_code integer", "card_bit integer"),
    "flush_suits": ("suit_counts integer primary key", "flush_shift integer", "flush_bits integer"),
    "best_by_values": ("rank_key integer primary key", "hand_rank integer"),
    "best_by_flush": ("value_mask integer primary key", "hand_rank integer"),
    "hand_classes": ("hand_rank integer primary key", "rank_key integer", "is_flush integer", "points integer",
                     "category text", "kicker_1 integer"),
    "card_values": ("value integer primary key", "rank_code integer"),
}


def values_query(hands: Sequence[Sequence[int]], dialect: str) -> tuple[str, list[int]]:
    """RANKED_HANDS for a few hands given as card ids, in ``dialect``: the SQL and its bound parameters."""
    rows = ", ".join("(?, ?)" for hand in hands for _ in hand)
    params = [value for number, hand in enumerate(hands, start=1) for card in hand for value in (number, card)]
    own_cards = f"own_cards (hand_no, card_id) as (values {rows})"
    query = for_dialect(RANKED_HANDS, dialect)
    if query[:5].lower() == "with ":  # Spark's: the macro's CTEs lifted to the top (transpile)
        return f"with {own_cards},\n{query[5:]}", params
    return f"with {own_cards}\n{query}", params


class LookupCopy:
    """The lookup tables (the columns hand_evaluations_of reads), copied into an in-memory SQLite.

    Read once from the database; nothing is written to it. The copy answers
    ``values_query`` in about 0.1 ms, where DuckDB takes about 10 ms to plan and run it.
    """

    dialect = "sqlite"

    def __init__(self, engine: Any) -> None:
        self.connection = sqlite3.connect(":memory:", check_same_thread=False)
        for table, columns in LOOKUP_COLUMNS.items():
            names = [column.split()[0] for column in columns]
            rows = engine.execute(f"select {', '.join(names)} from {table}")
            self.connection.execute(f"create table {table} ({', '.join(columns)})")
            marks = ", ".join("?" for _ in names)
            self.connection.executemany(f"insert into {table} values ({marks})", rows)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        return self.connection.execute(sql, params).fetchall()

    def close(self) -> None:
        self.connection.close()


# -- the hands of evaluate_many, a batch at a time ---------------------------------
def optional(module: str, why: str, extra: str | None = None) -> Any:
    """Import a module pokersql does not depend on; missing, say what to install (the extra, if any)."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        package = module.split(".")[0]
        how = f"pip install 'pokersql[{extra}]'" if extra else f"pip install {package}"
        raise PokerSQLError(f"{why} needs {package}, which pokersql does not install: {how}") from e


def _has(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


# Result columns of evaluate_many; an input column kept beside them under one of these
# names gets the prefix INPUT_PREFIX ('points' -> 'input_points').
RESULT_COLUMNS = ("cards", "best", "points", "category", "hand_rank")
INPUT_PREFIX = "input_"


@dataclass
class Batch:
    """Up to BATCH_ROWS hands: rows ``first + 1`` .. ``first + count`` of the input.

    ``texts`` holds them as Python values (card text, a list of cards, or None), or
    ``frame`` as a table with the columns ``columns`` (an Arrow table, a pandas frame, or
    a dict of lists), which DuckDB reads as it is (a dict only as Python values). ``kept``
    names the frame's columns that go to the result beside it.
    """

    first: int
    count: int
    texts: list[Any] | None = None
    frame: Any = None
    columns: tuple[str, ...] = ("cards",)
    kept: tuple[str, ...] = ()

    def hand_values(self) -> list[tuple]:
        """Each row's values of the hand's columns (one, or hole and board), as Python values."""
        if self.texts is not None:
            return [(text,) for text in self.texts]
        return list(zip(*(_column_list(self.frame, name) for name in self.columns)))

    def kept_values(self) -> list[tuple]:
        """Each row's values of the kept columns."""
        if not self.kept:
            return [()] * self.count
        return list(zip(*(_column_list(self.frame, name) for name in self.kept)))

    def row(self, index: int) -> tuple:
        """Row ``index`` (0-based in the batch): its values of the hand's columns."""
        if self.texts is not None:
            return (self.texts[index],)
        if isinstance(self.frame, dict):
            return tuple(self.frame[name][index] for name in self.columns)
        if hasattr(self.frame, "iloc"):
            return tuple(self.frame[name].iloc[index] for name in self.columns)
        return tuple(self.frame.column(name)[index].as_py() for name in self.columns)


def _column_list(frame: Any, name: str) -> list[Any]:
    if isinstance(frame, dict):
        return frame[name]
    column = frame[name] if not hasattr(frame, "column") else frame.column(name)
    return column.to_pylist() if hasattr(column, "to_pylist") else column.tolist()


@dataclass
class Source:
    """Where the hands come from: batches, how many hands (if known), how a row is named in an error."""

    batches: Iterator[Batch]
    total: int | None
    row_word: str = "row"  # "line" for CSV and stdin
    name: str | None = None  # the file
    line_of: Callable[[int], int] | None = None  # a CSV file: the physical line where record n starts
    columns: tuple[str, ...] = ()  # the hand's columns of a frame or file ('cards', or 'hole' and 'board')
    kept: tuple[str, ...] = ()  # the input's columns that go to the result
    kept_names: tuple[str, ...] = ()  # their names there

    def where(self, number: int) -> str:
        """The row (1-based) as the user sees it: 'hands.csv line 3', 'row 3'."""
        place = f"{self.row_word} {self.line_of(number) if self.line_of else number}"
        return f"{self.name} {place}" if self.name else place


def hand_columns(names: Sequence[str], what: str, columns: Sequence[str] | None = None) -> tuple[str, ...]:
    """('cards',) or ('hole', 'board'): the columns the hands are read from (``columns``, if named)."""
    if columns is not None:
        for name in columns:
            if name not in names:
                listed = ", ".join(map(str, names)) or "none"
                raise BadInput(f"{what} has no column {name!r}; its columns: {listed}")
        return _one_each(names, tuple(columns), what)
    if "cards" in names:
        return _one_each(names, ("cards",), what)
    if "hole" in names and "board" in names:
        return _one_each(names, ("hole", "board"), what)
    listed = ", ".join(map(str, names)) or "none"
    raise BadInput(f"{what} needs a 'cards' column (or 'hole' and 'board'); its columns: {listed}")


def _one_each(names: Sequence[str], used: tuple[str, ...], what: str) -> tuple[str, ...]:
    """``used``, the columns read, when ``names`` holds each once; else BadInput naming the one twice."""
    for name in used:
        if (count := list(names).count(name)) > 1:
            raise BadInput(f"{what} has {count} columns named {name!r}: rename all but one")
    return used


def kept_columns(names: Sequence[str], keep: Sequence[str] | None, what: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The input's columns that go to the result, and their names there.

    By default every column but ``cards`` (the result's ``cards`` is that hand, as card
    names); ``keep`` names them instead (an empty list: none). A kept column named like a
    result column is renamed with the prefix ``input_`` (again, until the name is free).
    """
    if keep is None:
        kept = [name for name in names if name != "cards"]
    else:
        missing = [name for name in keep if name not in names]
        if missing:
            listed = ", ".join(map(str, names)) or "none"
            raise BadInput(f"{what} has no column {missing[0]!r}; its columns: {listed}")
        kept = list(dict.fromkeys(keep))
    _one_each(names, tuple(kept), what)
    taken = set(RESULT_COLUMNS) | set(kept)
    renamed = []
    for name in kept:
        new = name
        while new in RESULT_COLUMNS or (new != name and new in taken):
            new = INPUT_PREFIX + new
        taken.add(new)
        renamed.append(new)
    return tuple(kept), tuple(renamed)


def source_of(
    hands: Any,
    batch_rows: int,
    stdin_lines: bool = False,
    keep: Sequence[str] | None = None,
    columns: Sequence[str] | None = None,
    name: str | None = None,
) -> Source:
    """The Source of evaluate_many's argument: a path, a frame or Arrow table, or an iterable.

    The input's other columns go to the result (``kept_columns``); an iterable or stdin has none.
    ``columns`` names the hand's columns of a frame or file (else 'cards', or 'hole' and
    'board'); ``name`` is how a file is named in errors (else its path).
    """
    if isinstance(hands, (str, Path)):
        return _file_source(Path(hands), batch_rows, keep, columns, name)
    module = type(hands).__module__.split(".")[0]
    if module == "polars":
        hands = hands.to_arrow()
        module = "pyarrow"
    if module == "pandas" and hasattr(hands, "columns"):
        names = [str(c) for c in hands.columns]
        cut = lambda f, a, n: f.iloc[a : a + n]  # noqa: E731
        return _frame_source(hands, names, "a DataFrame", len(hands), batch_rows, keep, columns, cut)
    if module == "pyarrow" and hasattr(hands, "column_names"):
        cut = lambda f, a, n: f.slice(a, n)  # noqa: E731
        return _frame_source(hands, hands.column_names, "an Arrow table", hands.num_rows, batch_rows, keep, columns, cut)
    if not isinstance(hands, Iterable):
        raise BadInput(f"evaluate_many takes hands, a DataFrame, an Arrow table or a file path, not {type(hands).__name__}")
    what = "stdin" if stdin_lines else "a list of hands"
    kept_columns([], keep, what)  # nothing to keep: a column named is an error
    total = len(hands) if hasattr(hands, "__len__") else None
    if stdin_lines:
        return Source(_iterable_batches(hands, batch_rows), None, row_word="line", name="stdin")
    return Source(_iterable_batches(hands, batch_rows), total)


def _frame_source(frame: Any, names: list[str], what: str, total: int, size: int, keep: Any, named: Any, cut: Any) -> Source:
    columns = hand_columns(names, what, named)
    kept, kept_names = kept_columns(names, keep, what)

    def batches() -> Iterator[Batch]:
        for first in range(0, total, size):
            count = min(size, total - first)
            yield Batch(first, count, frame=cut(frame, first, count), columns=columns, kept=kept)

    return Source(batches(), total, columns=columns, kept=kept, kept_names=kept_names)


def _iterable_batches(hands: Iterable[Any], size: int) -> Iterator[Batch]:
    iterator = iter(hands)
    first = 0
    while texts := list(itertools.islice(iterator, size)):
        yield Batch(first, len(texts), texts=texts)
        first += len(texts)


def _file_source(path: Path, batch_rows: int, keep: Sequence[str] | None, named: Sequence[str] | None, name: str | None) -> Source:
    if path.is_dir():
        raise BadInput(f"{str(path)!r} is a directory, not a file: give a .csv or .parquet file")
    if not path.is_file():
        raise BadInput(f"{'not a file' if path.exists() else 'no such file'}: {str(path)!r}")
    what = name or str(path)
    suffix = path.suffix.lower()
    if suffix in (".parquet", ".pq"):
        parquet = optional("pyarrow.parquet", "reading Parquet", extra="parquet")
        try:
            reader = parquet.ParquetFile(path)
        except Exception as e:  # pyarrow's errors for a file that is not Parquet
            raise BadInput(f"cannot read {what!r} as Parquet: {e}") from e
        names = reader.schema_arrow.names
        columns = hand_columns(names, what, named)
        kept, kept_names = kept_columns(names, keep, what)
        table_of = importlib.import_module("pyarrow").Table.from_batches
        wanted = list(dict.fromkeys(columns + kept))
        batches = (
            Batch(first, batch.num_rows, frame=table_of([batch]), columns=columns, kept=kept)
            for first, batch in _numbered(reader.iter_batches(batch_size=batch_rows, columns=wanted))
        )
        return Source(batches, reader.metadata.num_rows, name=what, columns=columns, kept=kept, kept_names=kept_names)
    if suffix in (".csv", ".txt"):
        lines = _checked_text(path, what)
        records = _csv_records(path)
        header = next((row for _, row in records), [])
        records.close()
        columns = hand_columns(header, what, named)
        kept, kept_names = kept_columns(header, keep, what)
        return Source(
            _csv_batches(path, what, header, columns, kept, batch_rows),
            max(0, lines - 1),
            row_word="line",
            name=what,
            line_of=functools.partial(_csv_line, path),
            columns=columns,
            kept=kept,
            kept_names=kept_names,
        )
    raise BadInput(f"cannot tell the format of {str(path)!r}: end the file name in .parquet or .csv")


def _numbered(batches: Iterable[Any]) -> Iterator[tuple[int, Any]]:
    first = 0
    for batch in batches:
        yield first, batch
        first += batch.num_rows


# -- CSV files: UTF-8 text, one record per row of the header's fields -----------------
# A record's line is the physical line of the file where it starts, as an editor shows
# it: blank lines (no record: pyarrow and Python's csv both skip them) and newlines
# inside quoted fields count.
def _checked_text(path: Path, what: str) -> int:
    """The file's number of lines; BadInput naming the line of the first byte that is not UTF-8."""
    count = 0
    last = b"\n"
    decoder = codecs.getincrementaldecoder("utf-8")()
    with open(path, "rb") as handle:
        try:
            while block := handle.read(1 << 20):
                decoder.decode(block)
                count += block.count(b"\n")
                last = block[-1:]
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            raise _not_utf8(path, what) from None
    return count + (last != b"\n")


def _not_utf8(path: Path, what: str) -> BadInput:
    with open(path, "rb") as handle:
        for number, line in enumerate(handle, start=1):
            try:
                line.decode("utf-8")
            except UnicodeDecodeError as e:
                return not_utf8(f"{what} line {number}", line, e, "" if what == "stdin" else ": save the file as UTF-8")
    return BadInput(f"{what}: not UTF-8 text: save the file as UTF-8")  # a sequence cut at the end


def not_utf8(where: str, line: bytes, error: UnicodeDecodeError, hint: str = "") -> BadInput:
    return BadInput(f"{where}: not UTF-8 text (byte 0x{line[error.start]:02x} at column {error.start + 1}){hint}")


# Python's csv refuses a field over 131,072 characters (csv.field_size_limit); pyarrow takes
# any that fits its block. A hand's cell is bounded by MAX_CELL (value_text) whichever reads it.
CSV_FIELD_LIMIT = 2**31 - 1


def _csv_records(path: Path) -> Iterator[tuple[int, list[str]]]:
    """(the line where it starts, its fields) for each record, the header first; blank lines skipped."""
    with open(path, newline="", encoding="utf-8-sig") as handle:
        reader = csv.reader(handle)
        start = 1
        while True:
            limit = csv.field_size_limit(CSV_FIELD_LIMIT)  # the module's setting: put back at once
            try:
                row = next(reader, None)
            finally:
                csv.field_size_limit(limit)
            if row is None:
                return
            if row:
                yield start, row
            start = reader.line_num + 1


def _csv_line(path: Path, number: int) -> int:
    """The physical line where data record ``number`` (1-based; the header is record 0) starts."""
    line = 1
    for line, _ in itertools.islice(_csv_records(path), number, number + 1):
        pass
    return line


def _record_error(path: Path, what: str, header: list[str], columns: tuple[str, ...]) -> BadInput | None:
    """The first record whose fields are not the header's, or whose hand's cell is over MAX_CELL
    characters (pyarrow cannot read a record longer than its block), as BadInput (None if none)."""
    positions = [header.index(name) for name in columns]
    for line, row in _csv_records(path):
        if len(row) != len(header):
            names = ", ".join(header)
            return BadInput(
                f"{what} line {line}: {len(row)} fields where the header has {len(header)} ({names}); "
                f"a field that holds a comma must be quoted (\"As,Ks,Qs,Js,Ts\")"
            )
        for name, position in zip(columns, positions):
            try:
                value_text(row[position], f"'{name}'")
            except BadInput as e:
                return BadInput(f"{what} line {line}: {e}")
    return None


def _csv_batches(path: Path, what: str, header: list[str], columns: tuple[str, ...], kept: tuple[str, ...], size: int) -> Iterator[Batch]:
    """A CSV file a batch at a time: pyarrow's streaming reader, or Python's csv module without it.

    Every field is text as written (kept columns too: '007' stays '007'), an empty field
    empty text. A record of more or fewer fields than the header is an error naming its line.
    """
    wanted = list(dict.fromkeys(columns + kept))
    if _has("pyarrow"):
        import pyarrow as pa
        import pyarrow.csv as pa_csv

        try:
            reader = pa_csv.open_csv(
                path,
                read_options=pa_csv.ReadOptions(block_size=1 << 24),
                convert_options=pa_csv.ConvertOptions(
                    include_columns=wanted,
                    column_types={name: pa.string() for name in wanted},
                    strings_can_be_null=False,
                    quoted_strings_can_be_null=False,
                ),
            )
            pending: list[Any] = []
            rows = 0
            first = 0
            for record_batch in reader:
                pending.append(pa.Table.from_batches([record_batch]))
                rows += record_batch.num_rows
                while rows >= size:
                    table = pa.concat_tables(pending).combine_chunks()
                    yield Batch(first, size, frame=table.slice(0, size), columns=columns, kept=kept)
                    rest = table.slice(size)
                    pending, rows, first = [rest], rest.num_rows, first + size
            if rows:
                yield Batch(first, rows, frame=pa.concat_tables(pending).combine_chunks(), columns=columns, kept=kept)
        except pa.ArrowInvalid as e:
            raise (_record_error(path, what, header, columns) or BadInput(f"cannot read {what!r} as CSV: {e}")) from None
        return
    records = (row for _, row in itertools.islice(_csv_records(path), 1, None))
    positions = [header.index(name) for name in wanted]
    first = 0
    while rows := list(itertools.islice(records, size)):
        if any(len(row) != len(header) for row in rows):
            raise _record_error(path, what, header, columns) or BadInput(f"cannot read {what!r} as CSV")
        frame = {name: [row[position] for row in rows] for name, position in zip(wanted, positions)}
        yield Batch(first, len(rows), frame=frame, columns=columns, kept=kept)
        first += len(rows)


def stdin_hands(stream: Any) -> Iterator[str]:
    """One hand per line (a blank line is a hand of no cards: an error naming its line).

    Read as bytes where the stream has them: a line that is not UTF-8 is an error naming it.
    """
    lines = getattr(stream, "buffer", stream)
    for number, line in enumerate(lines, start=1):
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError as e:
                raise not_utf8(f"stdin line {number}", line, e) from None
        elif any("\udc80" <= char <= "\udcff" for char in line):  # bytes a text stream escaped
            raw = line.encode("utf-8", "surrogateescape")
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise not_utf8(f"stdin line {number}", raw, e) from None
        yield line.strip()


# -- a row's hand ----------------------------------------------------------------------
def _null(value: Any) -> str | None:
    """'null' or 'NaN' (pandas: '<NA>', 'NaT') for a missing value, None for any other."""
    if value is None:
        return "null"
    if isinstance(value, float) and math.isnan(value):
        return "NaN"
    if type(value).__name__ in ("NAType", "NaTType"):
        return str(value)
    return None


def _is_list(value: Any) -> bool:
    return not isinstance(value, (str, bytes, bytearray, memoryview)) and isinstance(value, Iterable)


# The longest cell of a hand's column read (its text, or a list's cards joined by spaces):
# a hand is at most a few dozen characters, and a cell of megabytes would cost seconds
# and gigabytes to refuse card by card. Checked before a card is read, on every engine.
MAX_CELL = 1_000


def value_text(value: Any, what: str) -> str:
    """A value of a hand's column as card text (bytes as UTF-8); BadInput if it is null or NaN,
    a list holding a null, bytes that are not UTF-8, or over MAX_CELL characters."""
    null = _null(value)
    if null:
        raise BadInput(f"{what} is {null}, not cards")
    if not _is_list(value):
        text = _text(value, what)
    else:
        cards = list(value)
        if any(_null(card) for card in cards):
            listed = ", ".join(_null(card) or _text(card, what) for card in cards)
            raise BadInput(f"{what} holds a card that is null: [{listed}]")
        text = " ".join(_text(card, what) for card in cards)
    if len(text) > MAX_CELL:
        raise BadInput(f"{what} is {len(text):,} characters long (a hand's cards take at most {MAX_CELL:,}): {shown(text)}")
    return text


def _text(value: Any, what: str) -> str:
    """A cell's value, or a list's card, as text: bytes decoded as UTF-8."""
    if not isinstance(value, (bytes, bytearray, memoryview)):
        return str(value)
    raw = bytes(value)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadInput(f"{what} is not UTF-8 text (byte 0x{raw[e.start]:02x} at byte {e.start + 1})") from None


def row_cards(values: Sequence[Any], columns: Sequence[str] = ()) -> list[int]:
    """The card ids of a row's hand: its values of ``columns`` (card text or lists of cards).

    BadInput (without the row) names a value that is null or NaN, a list that holds one,
    a bad card, a duplicate, or a hand of fewer than 5 or more than 7 cards.
    """
    if not columns and values[0] is None:
        raise BadInput("a hand needs 5, 6 or 7 cards, got nothing")
    whats = [f"'{name}'" for name in columns] or ["the hand"]
    return parsed_hand(" ".join(value_text(value, what) for value, what in zip(values, whats)))


def parsed_hand(text: Any) -> list[int]:
    """A hand's card ids, or BadInput naming what is wrong with it (the message without the row)."""
    if text is None or not str(text).strip():
        raise BadInput("a hand needs 5, 6 or 7 cards, got nothing")
    cards = parse_cards(str(text))
    if not 5 <= len(cards) <= 7:
        given = " ".join(card_name(c) for c in cards)
        raise BadInput(f"a hand needs 5, 6 or 7 cards, got {len(cards)}: {given}")
    return cards


def bad_row(source: Source, batch: Batch, index: int) -> BadInput:
    """The error for the hand of row ``index`` (0-based) of the batch."""
    values = batch.row(index)
    try:
        row_cards(values, source.columns)
    except BadInput as e:
        return BadInput(f"{source.where(batch.first + index + 1)}: {e}")
    return BadInput(f"{source.where(batch.first + index + 1)}: cannot read the hand {', '.join(shown(str(value)) for value in values)}")


def batch_cards(source: Source, batch: Batch) -> list[list[int]]:
    """Each hand of the batch as card ids, parsed in Python; BadInput names the first bad row."""
    hands = []
    for index, values in enumerate(batch.hand_values()):
        try:
            hands.append(row_cards(values, source.columns))
        except BadInput as e:
            raise BadInput(f"{source.where(batch.first + index + 1)}: {e}") from None
    return hands


# -- evaluating a Source -------------------------------------------------------------
INPUT_NAME = "pokersql_own_input"  # the batch, registered with DuckDB while it is read

# DuckDB: the batch's hands read in SQL and kept WIDE, one row per hand to the end, in the
# input's order: its card text as canonical text, its cards read from that text by position
# (card_0 .. card_6), their codes summed by arithmetic, the class found by
# hand_class_from_sums and the best five ordered by best_five_key (027, on card_play_key of
# 011, the one definition of the best five). No long rows (one per card) grouped back, no join, no sort of the rows:
# DuckDB keeps the order of a scan through projections (preserve_insertion_order, its
# default; where it is off, the rows are numbered and sorted). A hand that is not 5 to 7
# distinct cards gets a null class (bench/own_hands_fast.py). The per-card columns are
# written out by _each_card, a line per card.
MOST_CARDS = 7


def _each_card(template: str, separator: str) -> str:
    """``template`` for each card i of a hand (0 to 6), joined by ``separator``: {i}, the
    positions {rank_at} and {suit_at} of its rank and suit in canonical text (1-based), and
    {reach}, the test of a text's length that holds card i (card 0: 5 to 7 cards)."""
    return separator.join(
        template.format(i=i, rank_at=3 * i + 1, suit_at=3 * i + 2, reach="between 14 and 20" if i == 0 else f">= {3 * i + 2}")
        for i in range(MOST_CARDS)
    )


# The 52 card names in card_id order, as a DuckDB list: names[card_id + 1].
DUCKDB_CARD_NAMES = "[\n            " + ",\n            ".join(
    ", ".join(f"'{name}'" for name in CARD_NAMES[value * 4 : value * 4 + 4]) for value in range(13)
) + "\n        ]"

# cards.SEPARATORS as an RE2 character class ('[\\x{2c}\\x{9}...]'); _SEPARATOR_CLASS, its braces doubled for str.format.
SEPARATOR_RE2 = "[" + "".join("\\x{%x}" % ord(char) for char in SEPARATORS) + "]"
_SEPARATOR_CLASS = SEPARATOR_RE2.replace("{", "{{").replace("}", "}}")
# Text that is cards and separators only, in any notation of the contract (RE2, DuckDB's regexp_full_match).
DUCKDB_CARDS_PATTERN = SEPARATOR_RE2 + "*((10|[2-9TJQKAtjqka])[CDHScdhs♣♦♥♠]" + SEPARATOR_RE2 + "*)*"

DUCKDB_EVALUATED = """
with
    own_hands as (
        select
            {hand_number}
            {hand_text} as hand_text
        from {relation} as own_input
        {numbers}
    ),
    -- The hand as canonical text, one space between cards ('As Ks 7d 7c 7h 2s 9c'): such
    -- text as it is; any other notation of the contract (10 for T, either case, suit
    -- symbols, other separators or none: a comma or any space, cards.SEPARATORS) rewritten
    -- so; null when the text is not cards and separators only.
    canonical as (
        select
            own_hands.hand_no,
            case
                when regexp_full_match(own_hands.hand_text, '([2-9TJQKA][cdhs] )*[2-9TJQKA][cdhs]')
                    then own_hands.hand_text
                when regexp_full_match(
                    own_hands.hand_text,
                    '""" + DUCKDB_CARDS_PATTERN.replace("{", "{{").replace("}", "}}") + """'
                )
                    -- Separators out, ranks upper case (10 as T), suits lower case (symbols as
                    -- letters; the ranks hold none of the letters S H D C), a space after each card.
                    then rtrim(regexp_replace(
                        translate(
                            upper(replace(regexp_replace(own_hands.hand_text, '""" + _SEPARATOR_CLASS + """+', '', 'g'), '10', 'T')),
                            'SHDC♠♥♦♣',
                            'shdcshdc'
                        ),
                        '(..)',
                        '\\1 ',
                        'g'
                    ))
            end as hand_text
        from own_hands
    ),
    -- Card i (0 to 6) read by position: its rank is character 3i + 1, its suit 3i + 2;
    -- card_id = (value - 2) * 4 + suit_index (001); null past the hand's last card, and the
    -- first card null unless the text holds 5 to 7 cards (then the hand has no class).
    card_ids as (
        select
            canonical.hand_no,
            canonical.hand_text,
            """ + _each_card(
    "case when length(canonical.hand_text) {reach} then (strpos('23456789TJQKA', substr(canonical.hand_text, {rank_at}, 1)) - 1) * 4"
    "\n                + strpos('cdhs', substr(canonical.hand_text, {suit_at}, 1)) - 1 end as card_{i}",
    ",\n            ",
) + """
        from canonical
    ),
    -- The class (hand_class_of_cards, 027): null unless 5 to 7 distinct cards.
    classed as (
        select
            card_ids.*,
            card_mask_of(""" + _each_card("card_ids.card_{i}", ", ") + """) as card_mask,
            """ + " + ".join(f"suit_code_of(card_ids.card_{i})" for i in range(MOST_CARDS)) + """ as suit_counts,
            hand_class_of_cards(""" + _each_card("card_ids.card_{i}", ", ") + """) as hand_class
        from card_ids
    ),
    -- Each card's sort key among the best five (best_five_key, 027: card_play_key, 011), 0
    -- when it does not play.
    card_keys as (
        select
            classed.hand_no,
            classed.hand_text,
            classed.hand_class,
            """ + _each_card("classed.card_{i}", ",\n            ") + """,
            """ + _each_card("best_five_key(classed.card_{i}, classed.card_mask, classed.suit_counts, classed.hand_class) as key_{i}", ",\n            ") + """
        from classed
    ),
    -- Each card's place among them, 0 for the highest key: how many keys are higher (the
    -- five that play take places 0 to 4; a sort of each hand's list of keys took longer).
    card_places as (
        select
            card_keys.*,
            """ + ",\n            ".join(
    " + ".join(f"(card_keys.key_{j} > card_keys.key_{i})::integer" for j in range(MOST_CARDS) if j != i) + f" as place_{i}"
    for i in range(MOST_CARDS)
) + """
        from card_keys
    ),
    card_names as (
        select
            """ + DUCKDB_CARD_NAMES + """ as names
    )
select
    string_split(card_places.hand_text, ' ') as cards,
    [
        """ + ",\n        ".join(
    "card_names.names[case " + " ".join(f"when card_places.place_{i} = {n} then card_places.card_{i}" for i in range(MOST_CARDS)) + " end + 1]"
    for n in range(5)
) + """
    ] as best,
    card_places.hand_class.points,
    card_places.hand_class.category,
    card_places.hand_class.hand_rank
from card_places
cross join card_names
{order}"""

# Where DuckDB does not keep the input's order (preserve_insertion_order off), each hand is
# numbered and the rows sorted by it (a positional join with range(count)).
DUCKDB_KEPT_ORDER = {"hand_number": "null as hand_no,", "numbers": "", "order": ""}
DUCKDB_SORTED = {
    "hand_number": "numbers.range as hand_no,",
    "numbers": "positional join range(?) as numbers",
    "order": "order by card_places.hand_no",
}

# Engines other than DuckDB: the batch's long rows, a temporary relation (outside the database
# file) named as EVALUATED_HANDS reads it; its key lets SQLite look a hand's cards up.
OWN_CARDS_TABLE = "own_cards"


def evaluate_source(
    engine: Any, source: Source, progress: Any, evaluate_batch: Callable[[Source, Batch], list[tuple]] | None = None
) -> list[Any]:
    """Every batch of the source, evaluated: a list of chunks (Arrow tables or lists of rows).

    Each chunk holds the kept columns (``source.kept_names``) and then RESULT_COLUMNS.
    A bad hand raises BadInput naming its row, and nothing is returned. ``evaluate_batch``,
    if given, evaluates a batch instead (another game's: games.evaluate_batch), as rows.
    """
    chunks = []
    done = 0
    task = "evaluating hands"
    for batch in source.batches:
        progress(task, done, max(source.total or 0, done + batch.count))
        if evaluate_batch is not None:
            chunk = evaluate_batch(source, batch)
        elif engine.reads_frames:
            chunk = _duckdb_batch(engine, source, batch)
        else:
            chunk = _python_batch(engine, source, batch)
        chunks.append(_with_kept(chunk, source, batch))
        done += batch.count
    progress(task, done, done)
    return chunks


def _with_kept(chunk: Any, source: Source, batch: Batch) -> Any:
    """The batch's kept columns, first, beside its results (the same rows, in the same order)."""
    if not source.kept:
        return chunk
    if isinstance(chunk, list):
        return [kept + row for kept, row in zip(batch.kept_values(), chunk)]
    import pyarrow as pa

    for position, (name, new) in enumerate(zip(source.kept, source.kept_names)):
        if hasattr(batch.frame, "iloc"):
            column = pa.Array.from_pandas(batch.frame[name])
        elif isinstance(batch.frame, dict):
            column = pa.array(batch.frame[name])
        else:
            column = batch.frame.column(name)
        chunk = chunk.add_column(position, new, column)
    return chunk


def _duckdb_batch(engine: Any, source: Source, batch: Batch) -> Any:
    import duckdb

    connection = engine.connection
    frame = batch.frame
    arrow = _has("pyarrow")
    texts = batch.texts
    if isinstance(frame, dict) or (frame is None and not arrow):
        # Python values without pyarrow (a CSV file, a list): parsed here, then one list parameter.
        texts = [" ".join(card_name(card) for card in hand) for hand in batch_cards(source, batch)]
        frame = None
    elif frame is None:
        import pyarrow as pa

        values = texts
        if not all(type(text) is str for text in texts):  # a tenth of the time of the loop below
            values = [_text_or_none(text) for text in texts]
        frame = pa.table({"cards": pa.array(values, pa.string())})
    registered = False
    sql = ""
    try:
        if frame is not None:
            connection.register(INPUT_NAME, frame)
            registered = True
            relation, params = INPUT_NAME, []
            types = dict(connection.execute(f"select column_name, column_type from (describe {INPUT_NAME})").fetchall())
        else:  # card text without pyarrow: one list parameter
            relation, params = "(select unnest(?::varchar[]) as cards)", [texts]
            types = {"cards": "VARCHAR"}
        columns = batch.columns if batch.texts is None else ("cards",)
        kept_order = connection.execute("select current_setting('preserve_insertion_order')").fetchall()[0][0]
        if kept_order:
            parts = DUCKDB_KEPT_ORDER
        else:
            parts, params = DUCKDB_SORTED, [*params, batch.count]
        sql = DUCKDB_EVALUATED.format(hand_text=duckdb_hand_text(columns, types), relation=relation, **parts)
        # One pass: a row per hand, in the input's order; a hand that is not one has no class
        # (a null hand_rank), and the first such row is named.
        if arrow:
            relation_result = connection.sql(sql, params=params)
            # DuckDB 1.5 names it to_arrow_table; earlier versions arrow.
            chunk = (getattr(relation_result, "to_arrow_table", None) or relation_result.arrow)()
            ranks = chunk.column("hand_rank")
            bad = None
            if ranks.null_count:
                import pyarrow.compute as pc

                bad = pc.index(pc.is_null(ranks), True).as_py()
        else:
            chunk = connection.execute(sql, params).fetchall()
            bad = next((index for index, row in enumerate(chunk) if row[-1] is None), None)
        if bad is not None:
            raise bad_row(source, batch, bad)
        return chunk
    except (duckdb.Error, RuntimeError) as e:
        raise engine._error(e, sql or "registering the hands") from e
    finally:
        if registered:
            connection.unregister(INPUT_NAME)


def _text_or_none(value: Any) -> str | None:
    """A hand's value as value_text reads it, or None where it refuses it (the row is then bad,
    and bad_row names it with value_text's message)."""
    try:
        return value_text(value, "the hand")
    except BadInput:
        return None


def duckdb_hand_text(columns: tuple[str, ...], types: dict[str, str]) -> str:
    """The SQL expression of a hand's card text: a text column, a list of cards, or hole and board.

    Null when a column is null, a list holds a null, bytes are not UTF-8, or a cell is over
    MAX_CELL characters (value_text's rules): that row is then a bad hand, named by value_text.
    """
    parts = []
    for name in columns:
        kind = types.get(name, "VARCHAR")
        column = f'own_input."{name}"'
        if kind == "BLOB[]":
            column = f"list_transform({column}, lambda card: try(decode(card)))"
        if kind.endswith("[]"):
            text = f"case when list_count({column}) = len({column}) then array_to_string({column}, ' ') end"
        elif kind == "BLOB":
            text = f"try(decode({column}))"
        elif kind != "VARCHAR":
            text = f"cast({column} as varchar)"
        else:
            text = column
        parts.append(f"case when length({text}) <= {MAX_CELL} then {text} end")
    return " || ' ' || ".join(parts)


def _python_batch(engine: Any, source: Source, batch: Batch) -> list[tuple]:
    hands = batch_cards(source, batch)
    rows = [(number, card) for number, hand in enumerate(hands, start=1) for card in hand]
    with engine.temporary(OWN_CARDS_TABLE, ("hand_no integer", "card_id integer"), rows, key=("hand_no", "card_id")):
        evaluated = engine.execute(for_dialect(EVALUATED_HANDS, engine.dialect))
    return [
        ([card_name(card) for card in hand], best.split(" "), points, category, hand_rank)
        for hand, (best, points, category, hand_rank) in zip(hands, evaluated)
    ]
