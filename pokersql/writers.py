"""How output is written: values made plain (JSON, CSV, the table's cells: the rules are
pokersql.output's docstring), the terminal's tables and cards drawn with rich, and the writers of each format (CSV by Python or by
pyarrow, JSON lines, the table a batch of rows at a time). pokersql.output chooses among them."""

from __future__ import annotations

import csv
import datetime
import decimal
import io
import itertools
import json
import math
import os
import uuid
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from .cards import pretty_name

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

# rich is imported by the functions that draw (a table, pretty cards), not with the
# module: JSON and CSV output never load it (start-up time of `pokersql eval`).

FORMATS = ("table", "json", "csv")
RED_SUITS = {"h", "d"}
# The table format draws rows with rich, about 2 ms a row: a query's rows are printed 100 at a
# time (the first at once), and only the first TABLE_LIMIT; a line then says how to get them all.
TABLE_BATCH = 100
TABLE_LIMIT = 1_000
CSV_BATCH = 1_000  # rows per write to stdout


def pretty_card(name: str) -> Text:
    """'Ah' -> 'A♥' in red (where the terminal has color), 'Ts' -> '10♠'."""
    from rich.text import Text

    return Text(pretty_name(name), style="red" if name[1] in RED_SUITS else "bold")


def pretty_cards(names: Sequence[str]) -> Text:
    from rich.text import Text

    return Text(" ").join(pretty_card(name) for name in names)


def to_json(data: Any) -> str:
    return json.dumps(_json_value(data), ensure_ascii=False, indent=2, allow_nan=False)


def to_csv(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    buffer = io.StringIO()
    _write_csv(buffer, columns, rows)
    return buffer.getvalue()


def table(title: str | None, columns: Sequence[str], rows: Iterable[Sequence[Any]], header: bool = True) -> Table:
    from rich.table import Table
    from rich.text import Text

    # The title on one line, however narrow the table (rich would wrap it to the table's width).
    heading = Text(title, no_wrap=True, overflow="ignore") if title else None
    result = Table(title=heading, title_justify="left", header_style="bold", show_header=header)
    for column in columns:
        result.add_column(column, no_wrap=True)
    for row in rows:
        result.add_row(*(value if isinstance(value, Text) else _text(value) for value in row))
    return result


def console(file: TextIO | None = None, stderr: bool = False) -> Console:
    """Standard output (or stderr); piped output gets room for whole rows (a table never
    truncates a card). NO_COLOR (https://no-color.org) set and not empty: no escape code at all.

    rich alone, under NO_COLOR, drops the colors but still writes bold: ``color_system=None``
    writes no style.
    """
    from rich.console import Console

    plain = {"color_system": None} if os.environ.get("NO_COLOR") else {}
    out = Console(highlight=False, file=file, stderr=stderr, **plain)
    if not out.is_terminal and not stderr:
        out = Console(highlight=False, width=1000, file=file, **plain)
    out.on_broken_pipe = _broken_pipe  # rich's own exits with status 1; the CLI exits 0 (see cli.main)
    return out


def _broken_pipe() -> None:
    raise BrokenPipeError()


# -- values -----------------------------------------------------------------
def _plain(value: Any) -> Any:
    """A database value as JSON can hold it (see the module's docstring)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return value
    if isinstance(value, decimal.Decimal):
        return value if value.is_finite() else _plain(float(value))
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return str(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return str(value)


def _json_value(value: Any) -> Any:
    """Like _plain, for JSON: a Decimal is a number when a float holds it exactly, else its text."""
    plain = _plain(value)
    if isinstance(plain, decimal.Decimal):
        number = float(plain)
        return number if decimal.Decimal(repr(number)) == plain else str(plain)
    if isinstance(plain, dict):
        return {key: _json_value(item) for key, item in plain.items()}
    if isinstance(plain, list):
        return [_json_value(item) for item in plain]
    return plain


def _text(value: Any) -> str:
    """A value as one cell of CSV or of the table."""
    plain = _plain(value)
    if plain is None:
        return ""
    if isinstance(plain, (dict, list)):
        return json.dumps(plain, ensure_ascii=False, default=str)
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return str(value)  # 2026-11-22 09:15:00, as the database shells write it
    return str(plain)


def _write_csv(file: TextIO, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    writer = csv.writer(file, lineterminator="\n")
    writer.writerow(columns)
    for batch in _batches(rows, CSV_BATCH):
        if all(map(_csv_writes_as_text, zip(*batch))):
            writer.writerows(batch)  # the fast way: csv's own str() is already _text's answer
        else:
            writer.writerows([_text(value) for value in row] for row in batch)


def csv_by_arrow(tables: list[Any]) -> bool:
    """Whether pyarrow writes these tables byte for byte as _write_csv would: only text and
    integers (Python and pyarrow write floats, booleans and times differently), and nothing
    that Python's csv would quote (a '"', ',', line end or carriage return, in a cell or a name)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    for table in tables:
        for name, column in zip(table.column_names, table.columns):
            if any(character in name for character in '",\n\r'):
                return False
            kind = column.type
            if pa.types.is_integer(kind):
                continue
            if not (pa.types.is_string(kind) or pa.types.is_large_string(kind)):
                return False
            if pc.any(pc.match_substring_regex(column, '[",\n\r]')).as_py():
                return False
    return True


def _write_arrow_csv(file: TextIO, tables: list[Any]) -> None:
    """What _write_csv writes, by pyarrow: no quotes (csv_by_arrow), a null as an empty cell."""
    import pyarrow as pa
    import pyarrow.csv as pa_csv

    csv.writer(file, lineterminator="\n").writerow(tables[0].column_names)  # pyarrow quotes the names
    for table in tables:
        sink = pa.BufferOutputStream()
        pa_csv.write_csv(table, sink, pa_csv.WriteOptions(include_header=False, quoting_style="none"))
        file.write(sink.getvalue().to_pybytes().decode("utf-8"))


# Types whose str() is the cell _text gives them: csv may write them itself.
_CSV_AS_IS = {str, int, bool, type(None), decimal.Decimal, datetime.date, datetime.datetime, datetime.time, datetime.timedelta, uuid.UUID}


def _csv_writes_as_text(column: Sequence[Any]) -> bool:
    kinds = set(map(type, column))
    if kinds <= _CSV_AS_IS:
        return True
    return kinds <= _CSV_AS_IS | {float} and all(map(math.isfinite, (v for v in column if type(v) is float)))


def _write_json_lines(file: TextIO, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """JSON lines: one object per row, one row per line."""
    for batch in _batches(rows, CSV_BATCH):
        file.write("".join(
            json.dumps(_json_value(dict(zip(columns, row))), ensure_ascii=False, allow_nan=False) + "\n" for row in batch
        ))


def _write_table(file: TextIO, output: Any) -> None:  # an output.Output
    from rich.cells import cell_len

    out = console(file)
    if output.show_table:
        columns = output.table_columns or output.columns
        cells = output.cells if output.cells is not None else output.rows
        widths = [cell_len(column) for column in columns]
        printed = 0
        iterator = iter(cells)
        for batch in _batches(itertools.islice(iterator, TABLE_LIMIT), TABLE_BATCH):
            part = table(None if printed else output.title, columns, batch, header=not printed)
            # A long result comes in several tables: each keeps the widest column so far.
            widths = [max([width] + [_cell_width(row[n]) for row in batch]) for n, width in enumerate(widths)]
            for column, width in zip(part.columns, widths):
                column.min_width = width
            # Wider than the terminal: printed whole (the terminal wraps its lines), never with
            # columns shrunk to nothing; a narrower view is the command's (stats' --columns).
            whole, terminal = sum(widths) + 3 * len(widths) + 1, out.width
            out.width = max(whole, terminal)
            try:
                out.print(part, crop=False)
            finally:
                out.width = terminal
            printed += len(batch)
        if not printed:
            out.print(table(output.title, columns, []))
        if next(iterator, None) is not None:
            out.print(f"(the first {TABLE_LIMIT:,} rows only: --format csv or json writes them all)", markup=False)
    for line in output.lines:
        out.print(line, markup=False)


def _cell_width(value: Any) -> int:
    from rich.cells import cell_len
    from rich.text import Text

    return value.cell_len if isinstance(value, Text) else cell_len(_text(value))


def _batches(rows: Iterable[Any], size: int) -> Iterable[list[Any]]:
    iterator = iter(rows)
    while batch := list(itertools.islice(iterator, size)):
        yield batch
