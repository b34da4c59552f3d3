"""The library: a database with pokersql's tables, and what you can ask of it.

    >>> import pokersql
    >>> db = pokersql.connect()            # in memory, DuckDB
    >>> db.evaluate("Ah Kh Qh Jh Th").category
    'Royal Flush'
"""

from __future__ import annotations

import contextlib
import importlib
import math
import secrets
import threading
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from . import migrations, ranges
from .cards import card_name, card_pretty, check_distinct, parse_cards
from .counts import TOTAL_FIVE_CARD_HANDS, five_card_counts
from .engines import ENGINES, Engine
from .errors import BadInput, PokerSQLError
from .progress import ProgressCallback, no_progress

MAX_SEED = 2**62
MAX_DEALS = 10_000_000
MAX_RIFFLES = 31
SHUFFLES = ("uniform", "riffle")
DEAL_ORDERS = ("blocks", "round-robin")
SIMULATE_SLICE = 100_000  # deals per query in simulate: a step of the progress bar


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


EXPORT_FORMATS = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv"}


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
    hand: list[str] | str
    wins: int
    ties: int
    equity: float


@dataclass
class EquityResult:
    exact: bool
    boards: int
    players: list[EquityPlayer]
    seed: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        if self.exact:
            del data["seed"]
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


def connect(path: str | None = None, engine: str = "duckdb", progress: ProgressCallback | None = None) -> Database:
    """Open (or create) a pokersql database; ``path=None`` is in memory.

    Pending SQL files are applied on first use, so a fresh database just works.
    ``progress(task, done, total)``, if given, hears how the slow steps go
    (applying the SQL files, a long simulation); see ``pokersql.progress``.
    """
    if engine not in ENGINES:
        raise BadInput(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    return Database(ENGINES[engine](path), progress=progress)


def _whole_number(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise BadInput(f"{name} {value} is out of range: use {low} to {high}")
    return value


def _shuffle_settings(shuffle: str, riffles: int, order: str) -> tuple[str, int, str]:
    if shuffle not in SHUFFLES:
        raise BadInput(f"unknown shuffle {shuffle!r}: choose one of {', '.join(SHUFFLES)}")
    if order not in DEAL_ORDERS:
        raise BadInput(f"unknown deal order {order!r}: choose one of {', '.join(DEAL_ORDERS)}")
    _whole_number("riffles", riffles, 1, MAX_RIFFLES)
    return shuffle, riffles, order


class Database:
    def __init__(self, engine: Engine, progress: ProgressCallback | None = None) -> None:
        self.engine = engine
        self.progress: ProgressCallback = progress or no_progress
        self._ready = False

    @contextlib.contextmanager
    def _watching(self, task: str) -> Iterator[None]:
        """While one long query runs: its progress in percent, polled from a thread.

        Where the engine cannot tell (SQLite), the bar stays at 0 and only the time moves.
        """
        if self.progress is no_progress:
            yield
            return
        stop = threading.Event()

        def poll() -> None:
            while not stop.wait(0.25):
                self.progress(task, max(0, min(99, int(self.engine.query_progress()))), 100)

        self.progress(task, 0, 100)
        watcher = threading.Thread(target=poll, name="pokersql-progress", daemon=True)
        watcher.start()
        try:
            yield
        finally:
            stop.set()
            watcher.join()
            self.progress(task, 100, 100)

    # -- setting up -------------------------------------------------------
    def migrate(self, rebuild: bool = False) -> list[migrations.SqlFile]:
        """Apply the pending SQL files; returns those applied.

        ``rebuild=True`` drops pokersql's own objects (never the user's) and builds them again:
        the way forward for a database that the pre-release schema built.
        """
        applied = migrations.migrate(self.engine, progress=self.progress, rebuild=rebuild)
        self._ready = True
        return applied

    def ensure_ready(self) -> None:
        if not self._ready:
            self.migrate()

    def build(self) -> int:
        """Make sure ``hands`` is materialized (it is built by a versioned file); returns its rows."""
        self.ensure_ready()
        return self.engine.execute("select count(*) from hands")[0][0]

    def close(self) -> None:
        self.engine.close()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- evaluating -------------------------------------------------------
    def _rank_hands(self, hands: list[list[int]]) -> list[HandResult]:
        """Evaluate hands of 5 to 7 cards typed in, in SQL, as deal 0: best five, rank, place."""
        self.ensure_ready()
        with self.engine.scratch():
            self._fill_hand_input(hands)
            rows = self.engine.execute(
                "select player, best, points, category, hand_rank, place from typed_hands order by player"
            )
        return [
            HandResult(
                cards=[card_name(c) for c in hand],
                best=best.split(" "),
                points=points,
                category=category,
                hand_rank=hand_rank,
                place=place,
            )
            for hand, (_, best, points, category, hand_rank, place) in zip(hands, rows)
        ]

    def _fill_hand_input(self, hands: list[list[int]]) -> None:
        """Inside a scratch transaction: the hands as hand_input's hand 1, 2, ...; no dealing."""
        self.engine.execute("update deal_settings set deals = 0")
        self.engine.execute("delete from hand_input")
        self.engine.executemany(
            "insert into hand_input (hand_no, card_id) values (?, ?)",
            [(number, card) for number, hand in enumerate(hands, start=1) for card in hand],
        )

    @staticmethod
    def _hand_of(cards: str | list[str], what: str = "a hand") -> list[int]:
        parsed = parse_cards(cards)
        if not 5 <= len(parsed) <= 7:
            given = " ".join(card_name(c) for c in parsed) or "nothing"
            raise BadInput(f"{what} needs 5, 6 or 7 cards, got {len(parsed)}: {given}")
        return parsed

    def evaluate(self, cards: str | list[str]) -> HandResult:
        """One hand of 5, 6 or 7 cards: its best five, category and hand_rank."""
        return self._rank_hands([self._hand_of(cards)])[0]

    def compare(self, *hands: str | list[str]) -> CompareResult:
        """Two or more hands of 5 to 7 cards: who wins; tied hands share a place and split the pot."""
        if len(hands) == 1 and isinstance(hands[0], (list, tuple)) and hands[0] and not isinstance(hands[0][0], str):
            hands = tuple(hands[0])
        if len(hands) < 2:
            raise BadInput(f"compare needs at least 2 hands, got {len(hands)}")
        parsed = [self._hand_of(hand, f"hand {n}") for n, hand in enumerate(hands, start=1)]
        check_distinct(parsed)
        results = self._rank_hands(parsed)
        return CompareResult(hands=results, winners=[n for n, r in enumerate(results, start=1) if r.place == 1])

    def equity(
        self,
        *hands: str | list[str],
        board: str | list[str] = "",
        dead: str | list[str] = "",
        trials: int | None = None,
        seed: int | None = None,
        exact: bool | None = None,
    ) -> ranges.RangeEquityResult:
        """Texas Hold'em equity of 2 to 10 players, each a hand, a range ("QQ+,AKs") or "random".

        Exact (every deal and board, each counted once) when ``exact=True``, or by default
        when the work is feasible (``ranges.exact_work_limit``); a seeded Monte Carlo
        estimate when ``trials`` is given, or when exact is too much work (hands and
        "random" only).
        """
        if len(hands) == 1 and isinstance(hands[0], (list, tuple)):
            hands = tuple(hands[0])
        if not 2 <= len(hands) <= 10:
            raise BadInput(f"equity needs 2 to 10 hands, got {len(hands)}")
        if exact and trials is not None:
            raise BadInput("choose --exact or --trials, not both")
        players = [ranges.parse_player(hand, number) for number, hand in enumerate(hands, start=1)]
        board_cards = parse_cards(board) if board else []
        if len(board_cards) not in (0, 3, 4, 5):
            given = " ".join(card_name(c) for c in board_cards)
            raise BadInput(f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)}: {given}")
        dead_cards = parse_cards(dead) if dead else []
        check_distinct([list(p.combos[0]) for p in players if p.is_hand] + [board_cards, dead_cards])
        live = ranges.remove_known(players, set(board_cards) | set(dead_cards))
        if trials is None and exact is None:
            work = ranges.exact_work(live, board_cards, dead_cards, players)
            # Known hands alone are always exact: every board, by its classes (015).
            exact = all(p.is_hand for p in players) or work <= ranges.exact_work_limit(self.engine.name)
            if not exact and not all(p.is_hand or p.is_random for p in players):
                raise BadInput(
                    f"exact equity of these ranges is too much work (~{work:,} "
                    "deals x boards): add --exact to insist (Monte Carlo takes hands and random only)"
                )
            trials = None if exact else ranges.DEFAULT_TRIALS
        exact = trials is None
        if not exact:
            if not all(p.is_hand or p.is_random for p in players):
                bad = next(p.label() for p in players if not (p.is_hand or p.is_random))
                raise BadInput(f"range {bad!r}: Monte Carlo takes hands and random only; drop --trials for exact")
            _whole_number("trials", trials, 1, MAX_DEALS)
            seed = secrets.randbelow(2**31) if seed is None else _whole_number("seed", seed, 0, MAX_SEED)
        holes: list[list[int] | None] = [list(p.combos[0]) if p.is_hand else None for p in players]
        self.ensure_ready()
        with self.engine.scratch():
            self._fill_hand_input([])
            self.engine.executemany("insert into board_input (card_id) values (?)", [(c,) for c in board_cards])
            self.engine.executemany("insert into dead_input (card_id) values (?)", [(c,) for c in dead_cards])
            if exact and ranges.one_random_opponent(players):
                self.engine.executemany(
                    "insert into hand_input (hand_no, card_id) values (?, ?)",
                    [(n, c) for n, hole in enumerate(holes, start=1) if hole for c in hole],
                )
                self.engine.execute(
                    "insert into random_hand_input (hand_no) values (?)", (next(n for n, h in enumerate(holes, start=1) if h is None),)
                )
                with self._watching("equity: every board and every hand of the random player"):
                    return ranges.random_opponent_equity(self.engine, players)
            if exact and not all(p.is_hand for p in players):
                with self._watching("equity: every deal and board still to come"):
                    return ranges.exact_range_equity(self.engine, players, live)
            self.engine.executemany(
                "insert into hand_input (hand_no, card_id) values (?, ?)",
                [(n, c) for n, hole in enumerate(holes, start=1) if hole for c in hole],
            )
            self.engine.executemany(
                "insert into random_hand_input (hand_no) values (?)",
                [(n,) for n, hole in enumerate(holes, start=1) if hole is None],
            )
            if not exact:
                # Runouts are uniform shuffles whatever deal_settings held: a riffled new deck would bias them.
                self.engine.execute(
                    "update deal_settings set seed = ?, deals = ?, shuffle = 'uniform', first_deal = 1", (seed, trials)
                )
            task = "equity: every board still to come" if exact else f"equity: {trials:,} runouts"
            with self._watching(task):
                rows = self.engine.execute("select player, runouts, wins, ties, equity from equity order by player")
        runouts = rows[0][1] if rows else 0
        result_players = [
            ranges.RangeEquityPlayer(
                hand=player.label() if player.is_hand else None,
                range=None if player.is_hand else player.label(),
                combos=len(combos),
                wins=wins,
                ties=ties,
                equity=equity,
                std_error=None if exact else ranges.std_error(wins, equity, runouts),
            )
            for player, combos, (_, _, wins, ties, equity) in zip(players, live, rows)
        ]
        return ranges.RangeEquityResult(
            exact=exact, boards=runouts, deals=runouts, players=result_players, seed=None if exact else seed
        )

    # -- dealing ----------------------------------------------------------
    def _set_deal(self, seed: int, players: int, deals: int, shuffle: str, riffles: int, order: str, first_deal: int = 1) -> None:
        self.engine.execute(
            "update deal_settings set seed = ?, players = ?, deals = ?, shuffle = ?, riffles = ?, "
            "deal_order = ?, first_deal = ?",
            (seed, players, deals, shuffle, riffles, order, first_deal),
        )

    def deal(
        self,
        players: int = 4,
        seed: int | None = None,
        shuffle: str = "uniform",
        riffles: int = 7,
        order: str = "blocks",
    ) -> DealResult:
        """Shuffle (seeded) and deal five cards to each of 2..10 players, ranked.

        ``shuffle="riffle"`` riffles a new deck ``riffles`` times (the Gilbert-Shannon-Reeds
        model) instead of shuffling it uniformly; ``order="round-robin"`` deals one card to
        each player in turn instead of five consecutive cards to each.
        """
        _whole_number("players", players, 2, 10)
        shuffle, riffles, order = _shuffle_settings(shuffle, riffles, order)
        seed = secrets.randbelow(2**31) if seed is None else _whole_number("seed", seed, 0, MAX_SEED)
        self.ensure_ready()
        with self.engine.scratch():
            self._set_deal(seed, players, 1, shuffle, riffles, order)
            rows = self.engine.execute(
                "select player, cards, points, category, hand_rank, place "
                "from poker_table where deal_no = 1 order by player"
            )
        hands = [
            PlayerHand(player=player, cards=text.split(" "), points=points, category=category, hand_rank=rank, place=place)
            for player, text, points, category, rank, place in rows
        ]
        return DealResult(
            seed=seed,
            players=hands,
            winners=[h.player for h in hands if h.place == 1],
            shuffle=shuffle,
            riffles=riffles if shuffle == "riffle" else None,
            order=order,
        )

    # -- counting ---------------------------------------------------------
    def freq(self, cards: int = 5) -> FreqResult:
        """Category counts over every hand of 5 or 7 cards, beside the exact counts.

        Five cards: the ``hands`` table against counts from combinatorics. Seven
        cards: all 133,784,560 hands enumerated in SQL (seven_card_frequencies)
        against the weights of suit_reduced_seven, which counts them without
        dealing them.
        """
        if cards not in (5, 7):
            raise BadInput(f"freq --cards {cards}: choose 5 or 7")
        self.ensure_ready()
        if cards == 5:
            rows = self.engine.execute(
                "select points, category, hands, distinct_ranks from five_card_frequencies order by points desc"
            )
            expected = five_card_counts()
        else:
            with self._watching("counting all 133,784,560 seven-card hands"):
                rows = self.engine.execute(
                    "select points, category, hands, distinct_ranks from seven_card_frequencies order by points desc"
                )
            expected = dict(self.engine.execute("select points, sum(weight) from suit_reduced_seven group by points"))
        return FreqResult(
            cards=cards,
            total=sum(row[2] for row in rows),
            distinct_ranks=sum(row[3] for row in rows),
            categories=[CategoryCount(p, c, int(n), int(expected.get(p, 0))) for p, c, n, _ in rows],
        )

    def simulate(
        self,
        deals: int,
        players: int = 1,
        seed: int | None = None,
        shuffle: str = "uniform",
        riffles: int = 7,
        order: str = "blocks",
        slice_deals: int = SIMULATE_SLICE,
    ) -> SimulateResult:
        """Deal ``deals`` times (seeded) and count the categories, observed against exact.

        The deals are counted in slices of ``slice_deals`` (the same deals, whatever the
        slice), each slice a step reported to the progress callback.
        """
        _whole_number("deals", deals, 1, MAX_DEALS)
        _whole_number("players", players, 1, 10)
        shuffle, riffles, order = _shuffle_settings(shuffle, riffles, order)
        _whole_number("slice_deals", slice_deals, 1, MAX_DEALS)
        seed = secrets.randbelow(2**31) if seed is None else _whole_number("seed", seed, 0, MAX_SEED)
        self.ensure_ready()
        counted: dict[int, int] = {}
        names: dict[int, str] = {}
        task = f"dealing {deals:,} deals"
        with self.engine.scratch():
            for first in range(1, deals + 1, slice_deals):
                self.progress(task, first - 1, deals)
                self._set_deal(seed, players, min(slice_deals, deals - first + 1), shuffle, riffles, order, first)
                for points, category, count in self.engine.execute(
                    "select points, category, hands from deal_frequencies"
                ):
                    counted[points] = counted.get(points, 0) + count
                    names[points] = category
        self.progress(task, deals, deals)
        rows = [(points, names[points], counted[points]) for points in sorted(counted, reverse=True)]
        hands = deals * players
        expected = five_card_counts()
        categories = []
        for points, category, count in rows:
            p = expected[points] / TOTAL_FIVE_CARD_HANDS
            mean = hands * p
            z = (count - mean) / math.sqrt(hands * p * (1 - p))
            categories.append(
                SimulatedCategory(
                    points=points,
                    category=category,
                    count=count,
                    expected_probability=p,
                    z=z,
                    observed_probability=count / hands,
                    expected_count=mean,
                )
            )
        return SimulateResult(
            deals=deals,
            players=players,
            seed=seed,
            hands=hands,
            categories=categories,
            shuffle=shuffle,
            riffles=riffles if shuffle == "riffle" else None,
            order=order,
        )

    # -- SQL --------------------------------------------------------------
    def query(self, sql: str, params: tuple = ()) -> QueryResult:
        """Run one read-only statement; anything that would write is refused."""
        self.ensure_ready()
        if not self.engine.statement_is_read_only(sql):
            raise BadInput(f"query is read-only: refused {' '.join(sql.split())[:60]!r}")
        with self.engine.scratch():
            rows = self.engine.execute(sql, params)
            columns = self.engine.columns()
        return QueryResult(columns=columns, rows=rows)

    def relation(self, sql: str) -> Any:
        """A lazy, read-only result with ``.df()``, ``.arrow()`` and ``.pl()`` (DuckDB only).

        Nothing is fetched into Python tuples: ``db.relation("select * from hands").df()``
        hands DuckDB's columns straight to pandas.
        """
        self.ensure_ready()
        if not self.engine.statement_is_read_only(sql):
            raise BadInput(f"relation is read-only: refused {' '.join(sql.split())[:60]!r}")
        try:
            return self.engine.relation(sql)
        except NotImplementedError as e:
            raise BadInput(str(e)) from e

    # -- getting data out -------------------------------------------------
    def export(self, table: str, path: str | Path) -> ExportResult:
        """Write a table or view to Parquet or CSV, chosen by the file's extension."""
        path = Path(path)
        suffix = path.suffix.lower()
        if suffix not in EXPORT_FORMATS:
            raise BadInput(f"cannot tell the format of {str(path)!r}: end the file name in .parquet or .csv")
        file_format = EXPORT_FORMATS[suffix]
        if file_format not in self.engine.export_formats:
            raise BadInput(f"{self.engine.name} cannot write {file_format} ({path}): export to a .csv file instead")
        self.ensure_ready()
        names = self.engine.relation_names()
        if table not in names:
            raise BadInput(f"no table or view {table!r}: choose one of {', '.join(names)}")
        rows = self.engine.export(table, str(path), file_format)
        return ExportResult(table=table, file=str(path), format=file_format, rows=rows)
