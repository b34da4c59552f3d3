"""The answers pokersql gives: plain data objects, one per kind of result.

Each has the fields of its JSON shape (the contract's), ``to_dict()`` for that shape,
and, where it holds rows (players, hands, categories), ``.df()`` and ``.arrow()``.
The library returns them; ``pokersql.output`` renders them as a table, JSON or CSV.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from .frames import EvaluateManyResult, HandResult, _optional  # noqa: F401  (results.HandResult and EvaluateManyResult, as before)
from .money import Money


class _Records:
    """.df(), .arrow() and .pl() of a result's records(): one row per item."""

    def records(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def df(self) -> Any:
        """A pandas DataFrame, one row per item (pandas must be installed)."""
        return _optional("pandas").DataFrame.from_records(self.records())

    def arrow(self) -> Any:
        """A pyarrow Table, one row per item (pyarrow must be installed)."""
        return _optional("pyarrow").Table.from_pylist(self.records())

    def pl(self) -> Any:
        """A Polars DataFrame, one row per item (polars must be installed)."""
        return _optional("polars").from_dicts(self.records())


class _Frames(_Records):
    """A result whose rows (players, hands or categories) are the list in ``_rows_field``."""

    _rows_field = ""

    def records(self) -> list[dict[str, Any]]:
        return [asdict(row) for row in getattr(self, self._rows_field)]


@dataclass
class ExportResult:
    table: str
    file: str
    format: str
    rows: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class ReportResult:
    """``report``'s answer: the page written, whose report it is, the player's hands and the
    players in its statistics."""

    file: str
    player: str
    hands: int
    players: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class ShowdownPlayer:
    """One player of a showdown: the hole cards, the best five with the board, the place (1 = best;
    ties share a place) and the share of the pot (1 alone, 1/n in an n-way split, 0 if beaten)."""

    player: Any
    hole: list[str]
    best: list[str]
    points: int
    category: str
    hand_rank: int
    place: int
    share: float


@dataclass
class ShowdownHand:
    hand: Any
    board: list[str]
    players: list[ShowdownPlayer]
    winners: list[Any]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class ShowdownResult(_Records):
    """``showdown``'s answer: one ShowdownHand per hand id, in the order first seen.

    ``.df()`` and ``.arrow()``: one row per player per hand (``hand``, ``board``, then the player's fields).
    """

    hands: list[ShowdownHand]

    def __len__(self) -> int:
        return len(self.hands)

    def to_dict(self) -> dict[str, Any]:
        return {"hands": [hand.to_dict() for hand in self.hands]}

    def records(self) -> list[dict[str, Any]]:
        """One per player per hand."""
        return [{"hand": h.hand, "board": h.board, **asdict(p)} for h in self.hands for p in h.players]


@dataclass
class SplitShowdownPlayer:
    """One player of a split or lowball game's showdown: the high's hand_rank (a low-only game:
    the low's), the low's low_rank (None: no low), and the parts of the pot taken: high_share,
    low_share (each half split among its winners; the high scoops when no hand has a low) and
    share (their sum)."""

    player: Any
    hole: list[str]
    hand_rank: int
    low_rank: int | None
    high_share: float
    low_share: float
    share: float


@dataclass
class SplitShowdownHand:
    hand: Any
    board: list[str]
    players: list[SplitShowdownPlayer]
    high_winners: list[Any]
    low_winners: list[Any]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class SplitShowdownResult(ShowdownResult):
    """``showdown --game`` of a split or lowball game: one SplitShowdownHand per hand id."""

    hands: list[SplitShowdownHand]  # type: ignore[assignment]


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
class GamePlayerHand(PlayerHand):
    """A player of another game's deal: ``cards`` the hole cards, ``best`` the five played."""

    best: list[str] = field(default_factory=list)


@dataclass
class GameDealResult(DealResult):
    """A deal of another game (deal --game): the players' hole cards and best five, the board."""

    game: str = "omaha"
    board: list[str] = field(default_factory=list)


@dataclass
class SplitPlayerHand(GamePlayerHand):
    """A player of a split-pot game's deal (deal --game omaha8): ``hand_rank``, ``best`` and
    ``place`` the high's; ``low_rank`` the low's (None: no low); the pot's parts it takes."""

    low_rank: int | None = None
    high_share: float = 0.0
    low_share: float = 0.0
    share: float = 0.0


@dataclass
class SplitDealResult(GameDealResult):
    """A deal of a split-pot board game: dealt as the game its high follows, each hand ranked
    high and low and the pot split (``winners``: every player who takes a part of it)."""


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
    expected_probability: float | None  # None: no exact count (Omaha's best hands)
    z: float | None
    observed_probability: float = 0.0
    expected_count: float | None = 0.0
    half: str | None = None  # a split game's: 'high' or 'low' (None: no key in JSON)


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
    game: str | None = None  # simulate --game: another game than Hold'em's article deal
    _rows_field = "categories"

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        if data["game"] is None:
            del data["game"]
        for category in data["categories"]:
            if category["half"] is None:  # a split game's categories only
                del category["half"]
        return data


@dataclass
class ComboEquity:
    """One combination of a player's range against the others (equity ... --by-combo): the deals
    it is in (times boards; weighed as the result's counts), won alone, split, and its equity."""

    cards: list[str]
    hand_class: str
    weight: float
    deals: int
    wins: int
    ties: int
    equity: float


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
    outs: list[str] | None = None  # with next_street: the next cards where this player leads
    by_combo: list[ComboEquity] | None = None  # with by_combo: each combination's equity, the best first
    # A split pot (pokersql.split_equity): equity = high_share + low_share, the parts of the pot
    # won by each half; scoop, how often the player takes it all alone.
    high_share: float | None = None
    low_share: float | None = None
    scoop: float | None = None

    @property
    def label(self) -> str:
        return self.range if self.range is not None else " ".join(self.hand or [])

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("hand", "range", "std_error", "outs", "by_combo", "high_share", "low_share", "scoop"):
            if data[key] is None:
                del data[key]
        return data


@dataclass
class NextCard:
    """One card that can come next (the turn on a flop, the river on a turn): the players who
    lead once it is dealt (alone or shared, numbered from 1), and each player's exact equity
    over the boards that can follow it (runouts: 1 after a river card). With a range, the
    leaders are the players whose equity after the card is the best, and runouts the deals
    times the boards (weighed, as EquityResult.deals)."""

    card: str
    leaders: list[int]
    equity: list[float]
    runouts: int


@dataclass
class EquityResult(_Frames):
    """The equity JSON: exact or Monte Carlo; deals = boards with known hands only.
    ``.df()`` and ``.arrow()``: one row per player (EquityPlayer's fields)."""

    exact: bool
    boards: int
    deals: int
    players: list[EquityPlayer]
    seed: int | None = None
    seed_from_question: bool = False  # Monte Carlo without a seed given: seeded by ranges.question_seed (not in the JSON)
    next_street: list[NextCard] | None = None  # equity(..., next_street=True)
    next_street_name: str | None = None  # with next_street: "turn" or "river" (not in the JSON)
    # Exact, with weighted ranges: wins, ties and deals are the weighted counts times this whole number.
    weight_scale: int | None = None
    _rows_field = "players"

    def by_combo_records(self) -> list[dict[str, Any]]:
        """With ``equity(..., by_combo_of=N)``: one per combination of player N's range, the best
        first: ``player``, then ComboEquity's fields (``cards``, ``hand_class``, ``weight``,
        ``deals``, ``wins``, ``ties``, ``equity``)."""
        return [{"player": n, **asdict(combo)} for n, p in enumerate(self.players, start=1) for combo in p.by_combo or []]

    def by_combo_df(self) -> Any:
        """by_combo_records() as a pandas DataFrame, one row per combination (``.df()`` is one
        row per player, the breakdown in one cell)."""
        columns = ["player", *(f.name for f in fields(ComboEquity))]
        return _optional("pandas").DataFrame.from_records(self.by_combo_records(), columns=columns)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"exact": self.exact, "boards": self.boards, "deals": self.deals}
        if not self.exact:
            data["seed"] = self.seed
        if self.weight_scale is not None:
            data["weight_scale"] = self.weight_scale
        data["players"] = [p.to_dict() for p in self.players]
        if self.next_street is not None:
            data["next_street"] = [asdict(card) for card in self.next_street]
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

    def pl(self) -> Any:
        """The rows as a Polars DataFrame (polars must be installed)."""
        return _optional("polars").DataFrame(self.rows, schema=self.columns, orient="row")


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


@dataclass
class ImportResult:
    """``import_histories``' answer: the hands read, imported, already held, and skipped."""

    database: str
    files: list[str]
    hands: int  # read, skipped ones aside
    imported: int
    duplicates: int  # held already, or read twice
    skipped: list[Any] = field(default_factory=list)  # histories.Skipped: file, line, reason
    rows: dict[str, int] = field(default_factory=dict)  # rows written, by table
    seconds: float = 0.0
    parquet: list[str] = field(default_factory=list)  # the Parquet files written (--parquet)
    passed_over: list[tuple[str, str]] = field(default_factory=list)  # (file, reason): not hand histories, found in a folder or with skip_bad

    def to_dict(self) -> dict[str, Any]:
        data = {
            "files": self.files,
            "passed_over": [{"file": file, "reason": reason} for file, reason in self.passed_over],
            "hands": self.hands,
            "imported": self.imported,
            "duplicates": self.duplicates,
            "skipped": [item.to_dict() for item in self.skipped],
            "rows": self.rows,
            "seconds": round(self.seconds, 3),
        }
        if self.parquet:
            data["parquet"] = self.parquet
        return data


@dataclass
class PlayerHistory:
    """One player's imported hands summed (``history``): amounts in the histories' unit.

    ``allin_ev`` is what the all-in hands would have netted had each pot been paid by the
    players' equities when the money went in, ``allin_net`` what they netted, ``luck`` the
    difference, and ``ev_adjusted`` the net won with the all-ins paid by equity.
    ``unknown_results``: the hands whose result is unknown (067), left out of the sums."""

    player: str
    hands: int
    unknown_results: int
    net_won: float
    won_at_showdown: float
    allin_hands: int
    allin_ev: float
    allin_net: float
    luck: float
    ev_adjusted: float


@dataclass
class HistoryResult(_Frames):
    """``history``'s answer: per player, the hands, net won, won at showdown, all-in EV and luck.
    ``series``: per player, hand by hand in the order played, the cumulative net won and
    all-in adjusted net (what ``--plot`` draws; not in the JSON). ``unknown``: the players asked
    for whom no imported hand has (not in the JSON: the CLI names them in a note on stderr)."""

    hands: int
    players: list[PlayerHistory]
    series: dict[str, list[tuple[float, float]]] = field(default_factory=dict, repr=False)
    unknown: list[str] = field(default_factory=list)
    unknown_results: int = 0  # the hands whose result is unknown (067)
    money: Money | None = None  # the money summed (money.choose); None: no hand imported
    moneys: list[Money] = field(default_factory=list)  # every money of the imported hands

    _rows_field = "players"

    def to_dict(self) -> dict[str, Any]:
        return {"hands": self.hands, "unknown_results": self.unknown_results, "money": self.money and self.money.to_dict(),
                "moneys": [money.to_dict() for money in self.moneys], "players": self.records()}


@dataclass
class RangeCombination:
    """One combination of a range: its cards (the higher first), card ids, class and weight;
    whole_weight = weight x the range's weight_scale, the weight range_input (016) takes."""

    cards: list[str]
    card_1: int
    card_2: int
    hand_class: str
    weight: float
    whole_weight: int


@dataclass
class RangeResult(_Frames):
    """A range expanded (``pokersql range``): its combinations with a weight above 0, their
    weights summed (``weight``, a decimal), that as a share of the 1,326 (``percent``), the
    weight_scale that makes every weight whole, and the 13 x 13 grid: ``grid[row][column]``
    is the share of the class's combinations in the range, by weight (rows and columns A to
    2; above the diagonal suited, below it offsuit). ``.df()``: one row per combination."""

    range: str
    combos: int
    weight: float
    percent: float
    weight_scale: int
    grid: list[list[float]]
    combinations: list[RangeCombination]
    _rows_field = "combinations"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
