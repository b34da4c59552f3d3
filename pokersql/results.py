"""The answers pokersql gives: plain data objects, one per kind of result.

Each has the fields of its JSON shape (the contract's), ``to_dict()`` for that shape,
and, where it holds rows (players, hands, categories), ``.df()`` and ``.arrow()``.
The library returns them; ``pokersql.output`` renders them as a table, JSON or CSV.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from .errors import PokerSQLError


def _optional(module: str) -> Any:
    """pandas or pyarrow, which pokersql does not depend on: imported when asked for."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise PokerSQLError(f"this needs {module}, which pokersql does not install: pip install {module}") from e


class _Frames:
    """.df() and .arrow() for a result: its rows (players, hands or categories) as a table."""

    _rows_field = ""

    def records(self) -> list[dict[str, Any]]:
        return [asdict(row) for row in getattr(self, self._rows_field)]

    def df(self) -> Any:
        """A pandas DataFrame, one row per item (pandas must be installed)."""
        return _optional("pandas").DataFrame.from_records(self.records())

    def arrow(self) -> Any:
        """A pyarrow Table, one row per item (pyarrow must be installed)."""
        return _optional("pyarrow").Table.from_pylist(self.records())


@dataclass
class ExportResult:
    table: str
    file: str
    format: str
    rows: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


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
class PlayerHand:
    player: int
    cards: list[str]
    points: int
    category: str
    hand_rank: int
    place: int


@dataclass
class DealResult(_Frames):
    seed: int
    players: list[PlayerHand]
    winners: list[int]
    shuffle: str = "uniform"
    riffles: int | None = None
    order: str = "blocks"
    _rows_field = "players"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class CompareResult(_Frames):
    hands: list[HandResult]
    winners: list[int]
    _rows_field = "hands"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class CategoryCount:
    points: int
    category: str
    count: int
    expected: int


@dataclass
class FreqResult(_Frames):
    cards: int
    total: int
    distinct_ranks: int
    categories: list[CategoryCount]
    _rows_field = "categories"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class SimulatedCategory:
    points: int
    category: str
    count: int
    expected_probability: float
    z: float
    observed_probability: float = 0.0
    expected_count: float = 0.0


@dataclass
class SimulateResult(_Frames):
    deals: int
    players: int
    seed: int
    hands: int
    categories: list[SimulatedCategory] = field(default_factory=list)
    shuffle: str = "uniform"
    riffles: int | None = None
    order: str = "blocks"
    _rows_field = "categories"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class EquityPlayer:
    """One player's equity: "hand" (the cards) or "range" (the text), never both."""

    hand: list[str] | None
    range: str | None
    combos: int
    wins: int
    ties: int
    equity: float
    std_error: float | None = None

    @property
    def label(self) -> str:
        return self.range if self.range is not None else " ".join(self.hand or [])

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("hand", "range", "std_error"):
            if data[key] is None:
                del data[key]
        return data


@dataclass
class EquityResult:
    """The equity JSON: exact or Monte Carlo; deals = boards with known hands only."""

    exact: bool
    boards: int
    deals: int
    players: list[EquityPlayer]
    seed: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"exact": self.exact, "boards": self.boards, "deals": self.deals}
        if not self.exact:
            data["seed"] = self.seed
        data["players"] = [p.to_dict() for p in self.players]
        return data


@dataclass
class QueryResult:
    columns: list[str]
    rows: list[tuple]

    def records(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, row)) for row in self.rows]

    def df(self) -> Any:
        """The rows as a pandas DataFrame (pandas must be installed)."""
        return _optional("pandas").DataFrame.from_records(self.rows, columns=self.columns)

    def arrow(self) -> Any:
        """The rows as a pyarrow Table (pyarrow must be installed)."""
        columns = list(zip(*self.rows)) if self.rows else [[] for _ in self.columns]
        return _optional("pyarrow").table({name: list(values) for name, values in zip(self.columns, columns)})


@dataclass
class AppliedFile:
    version: int | None  # None for a view file (repeatable)
    script: str
    type: str  # versioned or repeatable
    checksum: str


@dataclass
class MigrateResult:
    """What ``migrate`` applied to ``database``, and how long it took."""

    database: str
    applied: list[AppliedFile]
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"applied": [asdict(f) for f in self.applied]}


@dataclass
class BuildResult:
    database: str
    table: str
    rows: int
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"table": self.table, "rows": self.rows, "seconds": round(self.seconds, 3)}


@dataclass
class QueryStream:
    """The rows of a query as they come, for output that must not hold them all at once.

    ``rows`` is an iterator; it is read once, inside the ``with`` block that made it.
    """

    columns: list[str]
    rows: Iterator[tuple]
