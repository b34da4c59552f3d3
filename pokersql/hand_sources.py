"""The hands evaluate_many and showdown read, a batch at a time (``source_of``): an iterable
of hands, a pandas or Polars frame, an Arrow table, a Parquet or CSV file (checked UTF-8, an error
naming its line), or the lines of stdin; and the checks of each value that name the bad row.
pokersql.own_hands evaluates them."""


import codecs
import csv
import functools
import importlib
import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .cards import card_name, parse_cards, shown
from .errors import BadInput, PokerSQLError


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
RESULT_COLUMNS = ("cards", "best", "points", "category", "hand_rank", "low_rank", "low_category")  # the last two: a split game's
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
