"""The library: a database with pokersql's tables, and what you can ask of it.

    >>> import pokersql
    >>> db = pokersql.connect()            # in memory, DuckDB
    >>> db.evaluate("Ah Kh Qh Jh Th").category
    'Royal Flush'

``Database`` is a front: each feature is a module given the database's ``Context`` (the engine,
the progress callback, what first use built): evaluation, equity, dealing, reading (SQL, export),
tracker (hand histories) and first_use (the SQL files applied). Each method's documentation is
its feature's.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from . import first_use, migrations, reading, tracker
from .checks import SIMULATE_SLICE
from .context import MEMORY, Context
from .engines import DEFAULT_ENGINE, ENGINE_TITLES, ENGINES
from .engines.base import Engine
from .engines.postgres import URL_SCHEMES, masked
from .errors import BadInput
from .monte_carlo import deal_settings as _deal_settings  # noqa: F401  (bench and tests import it from here)
from .progress import ProgressCallback, no_progress
from .results import (
    CompareResult, DealResult,
    EquityResult,
    EvaluateManyResult,
    ExportResult,
    FreqResult,  # noqa: F401
    HandResult,
    HistoryResult,
    ImportResult,
    QueryResult,
    QueryStream,
    RangeResult,
    ShowdownResult,
    SimulateResult,
)

if TYPE_CHECKING:
    from .chinese_deal import ChineseDealResult
    from .lows import SplitResult
    from .stats import StatsResult

Method = TypeVar("Method", bound=Callable[..., Any])


def connect(
    path: str | None = None,
    engine: str = DEFAULT_ENGINE,
    progress: ProgressCallback | None = None,
    read_only: bool = False,
    **engine_options: Any,
) -> Database:
    """Open (or create) a pokersql database; ``path=None`` (or ``":memory:"``) is in memory.

    Pending SQL files are applied on first use, so a fresh database just works.
    ``progress(task, done, total)``, if given, hears how the slow steps go
    (applying the SQL files, a long simulation); see ``pokersql.progress``.
    ``read_only=True`` opens a built file read-only: a file you cannot write, or one
    that other processes read at the same time, and nothing is ever written to it
    (dealing and equity read their inputs from temporary tables). A file that
    still needs SQL files applied (a new file too) is opened writable for that first and
    built whole, then read-only again (in memory, only what each call reads); ``migrate()`` always opens it writable.
    ``engine_options`` go to the engine: Spark's ``master`` (default ``local[2]``).
    """
    if engine not in ENGINES:
        raise BadInput(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    engine_class = ENGINES[engine]
    if path == MEMORY and engine_class.in_memory:
        path = None  # SQLite's and DuckDB's own name for a database in memory
    if path is not None and not engine_class.takes_url and str(path).startswith(URL_SCHEMES):
        raise BadInput(f"{masked(str(path))} is a PostgreSQL URL, not a {ENGINE_TITLES[engine]} database: use --engine postgres")
    return Database(engine_class(path, read_only=read_only, **engine_options), progress=progress, whole=read_only and path is not None)


def _documented_by(feature: Callable[..., Any] | str) -> Callable[[Method], Method]:
    """A method of the front, documented as the feature it hands its work to. A feature named
    "module.function" (imported when a method calls it: `stats` never loads equity) when read."""

    def document(method: Method) -> Method:
        if isinstance(feature, str):
            return _Documented(method, feature)  # type: ignore[return-value]
        method.__doc__ = feature.__doc__
        return method

    return document


class _Documented:
    """A method whose documentation is its feature's, read from it when first asked for."""

    def __init__(self, method: Callable[..., Any], feature: str) -> None:
        self.method, self.feature = method, feature

    def __get__(self, database: Database | None, owner: type | None = None) -> Callable[..., Any]:
        if self.method.__doc__ is None:
            module, name = self.feature.rsplit(".", 1)
            self.method.__doc__ = getattr(importlib.import_module(f"{__package__}.{module}"), name).__doc__
        return self.method if database is None else self.method.__get__(database, owner)


class Database:
    def __init__(self, engine: Engine, progress: ProgressCallback | None = None, whole: bool = False) -> None:
        self.context = Context(engine, progress or no_progress, whole)

    @property
    def engine(self) -> Engine:
        return self.context.engine

    @property
    def progress(self) -> ProgressCallback:
        return self.context.progress

    @progress.setter
    def progress(self, progress: ProgressCallback) -> None:
        self.context.progress = progress

    @property
    def built_on_first_use(self) -> str:
        """What first use built in a database that held no table: "the lookup tables", or
        "the tables" (all of them), or "" (nothing; a ``migrate()`` asked for is no first use)."""
        return self.context.built_on_first_use

    @property
    def seconds_building(self) -> float:
        """The seconds that first use took to build what ``built_on_first_use`` names."""
        return self.context.seconds_building

    # -- setting up -------------------------------------------------------
    @_documented_by(first_use.migrate)
    def migrate(self, rebuild: bool = False) -> list[migrations.SqlFile]:
        return first_use.migrate(self.context, rebuild)

    def ensure_ready(self) -> None:
        """Apply the pending SQL files, if any (once: each feature asks for it first)."""
        first_use.ensure_ready(self.context)

    @_documented_by(first_use.build)
    def build(self, preflop: bool = False) -> int:
        return first_use.build(self.context, preflop)

    def close(self) -> None:
        first_use.drop_lookup_copy(self.context)
        self.engine.close()
        self.context.closed = True

    def __repr__(self) -> str:
        """The engine, the file (or URL, its password masked), read-only or not, and whether
        ``hands`` is built (asked of the database while it is open)."""
        if self.context.closed:
            hands = "unknown (closed)"
        else:
            hands = "built" if "hands" in self.engine.relation_names() else "not built"
        where = self.engine.path or "in memory"
        return f"<pokersql.Database {self.engine.name} {where} read_only={self.engine.read_only} hands={hands}>"

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- evaluating -------------------------------------------------------
    @_documented_by("evaluation.evaluate")
    def evaluate(self, cards: str | list[str], game: str = "holdem", board: str | list[str] = "") -> HandResult | SplitResult:
        from . import evaluation
        return evaluation.evaluate(self.context, cards, game, board)

    @_documented_by("evaluation.evaluate_many")
    def evaluate_many(self, hands: Any, stdin: bool = False, keep: Sequence[str] | None = None,
                      game: str = "holdem") -> EvaluateManyResult:
        from . import evaluation
        return evaluation.evaluate_many(self.context, hands, stdin, keep, game)

    def showdown(self, hands: Any, columns: dict[str, str] | None = None, name: str | None = None,
                 game: str = "holdem") -> ShowdownResult:
        """A showdown over a table of hands, one row per player per hand: each player's best
        five, place and share of the pot (ties split), each hand's winners.

        ``hands``: a CSV or Parquet path, a DataFrame or an Arrow table with the columns
        ``hand_id``, ``seat``, ``hole`` and ``board`` (``columns`` renames them: keys 'hand',
        'player', 'hole', 'board'). Evaluated as evaluate_many evaluates; nothing written.
        A bad card, a card twice in a hand, or a hand whose board differs between its rows
        raises BadInput naming the row (a CSV file's line), the hand id and the card.
        ``game`` (``games.GAME_NAMES``): ranked under another game; a hole of another count
        than Omaha's, an Omaha board of fewer than 3 cards, or a card below 6 in short deck
        raises BadInput naming the row, the value and the game.

            >>> db.showdown("hands.csv").hands[0].winners
        """
        from .showdown import showdown

        return showdown(self, hands, columns, name, game=game)

    @_documented_by("evaluation.compare")
    def compare(self, *hands: str | list[str], board: str | list[str] = "", game: str = "holdem") -> CompareResult | SplitResult:
        from . import evaluation
        return evaluation.compare(self.context, *hands, board=board, game=game)

    @_documented_by("equity.equity")
    def equity(
        self,
        *hands: str | list[str],
        board: str | list[str] = "",
        dead: str | list[str] = "",
        trials: int | None = None,
        seed: int | None = None,
        exact: bool | None = None,
        slice_trials: int | None = None,
        next_street: bool = False,
        game: str = "holdem",
        by_combo_of: int | None = None,
        by_combo: int | None = None,
    ) -> EquityResult:
        from . import equity as equities
        return equities.equity(
            self.context, *hands, board=board, dead=dead, trials=trials, seed=seed, exact=exact, slice_trials=slice_trials,
            next_street=next_street, game=game, by_combo_of=by_combo_of, by_combo=by_combo,
        )

    def range(self, text: str) -> RangeResult:
        """A range expanded, as ``pokersql range`` prints it: its combinations with their weights,
        the count, and the 13 x 13 grid; ``.df()`` is one row per combination. No SQL runs."""
        return importlib.import_module(f"{__package__}.range_text").describe(text)

    def pql(self, query: str, trials: int | None = None, seed: int | None = None) -> list[Any]:
        """PQL statements answered in SQL, every deal or a seeded sample (``pokersql pql``, docs/pql.md)."""
        return importlib.import_module(f"{__package__}.pql").run(self.context, query, trials, seed)

    # -- dealing and counting ---------------------------------------------
    @_documented_by("dealing.deal")
    def deal(
        self, players: int = 4, seed: int | None = None, shuffle: str = "uniform", riffles: int = 7, order: str = "blocks",
        game: str = "holdem", royalties: bool = False,
    ) -> DealResult | ChineseDealResult:
        from . import chinese_deal, dealing
        if game == chinese_deal.GAME:  # 13 cards each, set and scored (chinese_deal.deal)
            return chinese_deal.deal(self.context, players, seed, shuffle, riffles, order, royalties)
        if royalties:
            raise BadInput("--royalties goes with --game chinese")
        return dealing.deal(self.context, players, seed, shuffle, riffles, order, game)

    @_documented_by("dealing.freq")
    def freq(self, cards: int = 5, game: str = "holdem") -> FreqResult:
        from . import dealing, games, lows  # a game of a player's own cards (split_games): lows.freq
        return (lows.freq if games.rules(game, self.context, "freq").is_split else dealing.freq)(self.context, cards, game)

    @_documented_by("dealing.simulate")
    def simulate(
        self, deals: int, players: int = 1, seed: int | None = None, shuffle: str = "uniform", riffles: int = 7,
        order: str = "blocks", slice_deals: int = SIMULATE_SLICE, game: str = "holdem",
    ) -> SimulateResult:
        from . import dealing
        return dealing.simulate(self.context, deals, players, seed, shuffle, riffles, order, slice_deals, game)

    # -- SQL --------------------------------------------------------------
    @_documented_by(reading.query)
    def query(self, sql: str, params: tuple = (), read: Sequence[str | Path] = (), timeout: float | None = None) -> QueryResult:
        return reading.query(self.context, sql, params, read, timeout)

    @_documented_by(reading.stream)
    @contextlib.contextmanager
    def stream(
        self, sql: str, params: tuple = (), read: Sequence[str | Path] = (), timeout: float | None = None
    ) -> Iterator[QueryStream]:
        with reading.stream(self.context, sql, params, read, timeout) as result:
            yield result

    @_documented_by(reading.relation)
    def relation(self, sql: str, read: Sequence[str | Path] = ()) -> Any:
        return reading.relation(self.context, sql, read)

    # -- hand histories ---------------------------------------------------
    @_documented_by(tracker.import_histories)
    def import_histories(
        self, paths: str | Path | Sequence[str | Path], skip_bad: bool = False, parquet: str | Path | None = None,
        overwrite: bool = False,
    ) -> ImportResult:
        return tracker.import_histories(self.context, paths, skip_bad, parquet, overwrite)

    @_documented_by(tracker.history)
    def history(self, players: Sequence[str] = (), series: bool = True, **money: Any) -> HistoryResult:
        return tracker.history(self.context, players, series, **money)

    @_documented_by(tracker.stats)
    def stats(self, by_position: bool = False, **chosen: Any) -> StatsResult:
        return tracker.stats(self.context, by_position, **chosen)

    # -- getting data out -------------------------------------------------
    @_documented_by(reading.export)
    def export(self, table: str, path: str | Path, overwrite: bool = False) -> ExportResult:
        return reading.export(self.context, table, path, overwrite)
