"""A hand's result (``HandResult``) and evaluate_many's (``EvaluateManyResult``): its rows held as
Arrow tables (or tuples), given as pandas, Arrow or Polars; ``_optional`` imports those libraries
when asked for. pokersql.results holds the other answers and names these two too."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from .errors import PokerSQLError


def _optional(module: str) -> Any:
    """pandas, pyarrow or polars, which pokersql does not depend on: imported when asked for."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise PokerSQLError(f"this needs {module}, which pokersql does not install: pip install {module}") from e


@dataclass
class HandResult:
    cards: list[str]
    best: list[str]
    points: int
    category: str
    hand_rank: int
    place: int = 1

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class EvaluateManyResult:
    """``evaluate_many``'s answer: one row per hand, in the order the hands were given.

    Iterating gives a ``HandResult`` per hand (``cards``, ``best``, ``points``,
    ``category``, ``hand_rank``); ``.arrow()`` and ``.df()`` give them all as a table
    (``cards`` and ``best`` lists of card names), after the input's kept columns
    (``kept``: a frame's or file's other columns, by default). The rows are held as the
    engine gave them, in chunks (Arrow tables, or lists of tuples: the kept values, then
    the result's), and made into objects when asked for.
    """

    chunks: list[Any] = field(default_factory=list, repr=False)
    kept: tuple[str, ...] = ()
    # The kind of frame the hands came in ("pandas", "polars", "pyarrow"), for .frame(); None for a list or a file.
    input_kind: str | None = None

    COLUMNS = ("cards", "best", "points", "category", "hand_rank")
    ROWS_PER_SLICE = 10_000

    @property
    def columns(self) -> tuple[str, ...]:
        """The kept columns, then COLUMNS."""
        return tuple(self.kept) + self.COLUMNS

    def __len__(self) -> int:
        return sum(chunk.num_rows if hasattr(chunk, "num_rows") else len(chunk) for chunk in self.chunks)

    def __repr__(self) -> str:
        return f"EvaluateManyResult({len(self):,} hands)"

    def table_rows(self) -> Iterator[tuple]:
        """Every column (``columns``) per hand, cards and best as lists."""
        for chunk in self.chunks:
            if not hasattr(chunk, "num_rows"):
                yield from chunk
                continue
            for start in range(0, chunk.num_rows, self.ROWS_PER_SLICE):
                part = chunk.slice(start, self.ROWS_PER_SLICE)
                yield from zip(*(part.column(name).to_pylist() for name in self.columns))

    def rows(self) -> Iterator[tuple]:
        """(cards, best, points, category, hand_rank) per hand, cards and best as lists."""
        skip = len(self.kept)
        for row in self.table_rows():
            yield row[skip:]

    def __iter__(self) -> Iterator[HandResult]:
        for row in self.rows():
            yield HandResult(*row)

    def __getitem__(self, index: int) -> HandResult:
        count = len(self)
        position = index + count if index < 0 else index
        if not 0 <= position < count:
            raise IndexError(f"hand {index} of {count}")
        for chunk in self.chunks:
            size = chunk.num_rows if hasattr(chunk, "num_rows") else len(chunk)
            if position < size:
                if hasattr(chunk, "num_rows"):
                    return HandResult(*(chunk.column(name)[position].as_py() for name in self.COLUMNS))
                return HandResult(*chunk[position][len(self.kept):])
            position -= size
        raise IndexError(index)  # not reached

    def records(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, row)) for row in self.table_rows()]

    def to_dict(self) -> dict[str, Any]:
        return {"hands": self.records()}

    def arrow(self) -> Any:
        """A pyarrow Table, one row per hand (pyarrow must be installed): the kept columns, then the result's."""
        pa = _optional("pyarrow")
        schema = pa.schema(
            [
                ("cards", pa.list_(pa.string())),
                ("best", pa.list_(pa.string())),
                ("points", pa.int32()),
                ("category", pa.string()),
                ("hand_rank", pa.int32()),
            ]
        )
        tables = []
        for chunk in self.chunks:
            if hasattr(chunk, "num_rows"):
                table = chunk.select(list(self.COLUMNS)).cast(schema)
                kept = [chunk.column(name) for name in self.kept]
            else:
                columns = list(zip(*chunk)) if chunk else [[] for _ in self.columns]
                table = pa.table(dict(zip(self.COLUMNS, map(list, columns[len(self.kept):]))), schema=schema)
                kept = [pa.array(list(values)) for values in columns[: len(self.kept)]]
            for position, (name, column) in enumerate(zip(self.kept, kept)):
                table = table.add_column(position, name, column)
            tables.append(table)
        if not tables:
            return pa.schema([pa.field(name, pa.null()) for name in self.kept] + list(schema)).empty_table()
        return pa.concat_tables(tables, promote_options="permissive")

    def csv_tables(self) -> list[Any] | None:
        """The CSV's columns (``columns``) of each chunk as an Arrow table, cards and best as text
        (card names joined by spaces); None where a chunk is not an Arrow table (no pyarrow)."""
        if not all(hasattr(chunk, "num_rows") for chunk in self.chunks):
            return None
        import pyarrow.compute as pc

        tables = []
        for chunk in self.chunks:
            table = chunk.select(list(self.columns))
            for name in ("cards", "best"):
                position = table.column_names.index(name, len(self.kept))
                table = table.set_column(position, name, pc.binary_join(table.column(position), " "))
            tables.append(table)
        return tables

    def df(self) -> Any:
        """A pandas DataFrame, one row per hand (pandas must be installed)."""
        pandas = _optional("pandas")
        try:
            importlib.import_module("pyarrow")
        except ImportError:
            return pandas.DataFrame.from_records(list(self.table_rows()), columns=list(self.columns))
        return self.arrow().to_pandas()

    def pl(self) -> Any:
        """A Polars DataFrame, one row per hand (polars must be installed), as .df()'s columns."""
        polars = _optional("polars")
        try:
            importlib.import_module("pyarrow")
        except ImportError:
            return polars.DataFrame(list(self.table_rows()), schema=list(self.columns), orient="row")
        return polars.from_arrow(self.arrow())

    def frame(self) -> Any:
        """The rows as the kind of frame the hands came in: .pl() for a Polars DataFrame, .arrow()
        for an Arrow table, .df() for a pandas DataFrame, a list or a file."""
        return {"polars": self.pl, "pyarrow": self.arrow}.get(self.input_kind or "", self.df)()
