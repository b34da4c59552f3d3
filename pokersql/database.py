"""The library: a database with pokersql's tables, and what you can ask of it.

    >>> import pokersql
    >>> db = pokersql.connect()            # in memory, DuckDB
    >>> db.evaluate("Ah Kh Qh Jh Th").category
    'Royal Flush'
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import re
import secrets
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import games, histories, migrations, own_hands, ranges
from .histories import store as history_store
from .histories.parallel import read_batches
from .cards import card_name, check_distinct, parse_cards
from .counts import SHORT_DECK_SEVEN_CARD_COUNTS, TOTAL_FIVE_CARD_HANDS, five_card_counts, short_deck_five_card_counts
from .engines import DEFAULT_ENGINE, ENGINE_TITLES, ENGINES
from .engines.base import NO_STATEMENT, Engine
from .engines.postgres import URL_SCHEMES, masked
from .errors import BadInput, DatabaseError
from .progress import ProgressCallback, no_progress
from .results import (
    CategoryCount,
    CompareResult,
    DealResult,
    EquityPlayer,
    EquityResult,
    EvaluateManyResult,
    ExportResult,
    FreqResult,
    HandResult,
    HistoryResult,
    ImportResult,
    PlayerHistory,
    PlayerHand,
    QueryResult,
    QueryStream,
    RangeResult,
    SimulatedCategory,
    SimulateResult,
    ShowdownResult,
)

if TYPE_CHECKING:
    from .stats import StatsResult

MAX_SEED = 2**62
MAX_DEALS = 10_000_000
MIN_TRIALS = 2  # Monte Carlo's standard error needs two trials
MAX_RIFFLES = 31
SHUFFLES = ("uniform", "riffle")
DEAL_ORDERS = ("blocks", "round-robin")
SIMULATE_SLICE = 100_000  # deals per query in simulate: a step of the progress bar
POT_SHARES = ranges.POT_SHARES


EXPORT_FORMATS = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv"}


# Each player's runouts, wins, ties and pots in 2520ths (exact integers: slices add up).
EQUITY_QUERY = "select player, runouts, wins, ties, pot_shares from equity order by player"
# Monte Carlo (020, 021): every trial a runout; with every hand known, the trials' boards by class (fewer to rank).
MONTE_CARLO_QUERY = "select player, runouts, wins, ties, pot_shares from {view} order by player"
# Heads-up preflop from the table (022): pairs of the players' combinations, and their counts,
# each pair counted its two weights multiplied times.
PREFLOP_QUERY = """
select
    sum(player_1.weight * player_2.weight),
    sum(matchups.wins * player_1.weight * player_2.weight),
    sum(matchups.ties * player_1.weight * player_2.weight),
    sum(matchups.losses * player_1.weight * player_2.weight)
from range_input as player_1
inner join range_input as player_2
    on player_1.player = 1
    and player_2.player = 2
inner join preflop_matchups as matchups
    on matchups.hand_1_high = player_1.card_1
    and matchups.hand_1_low = player_1.card_2
    and matchups.hand_2_high = player_2.card_1
    and matchups.hand_2_low = player_2.card_2
"""
# The same per combination of one player (the first parameter; the other is the second): its
# pairs, their wins and ties from its side (the table holds both orders of every pair).
PREFLOP_BY_COMBO_QUERY = """
select
    mine.card_1,
    mine.card_2,
    sum(mine.weight * theirs.weight),
    sum(matchups.wins * mine.weight * theirs.weight),
    sum(matchups.ties * mine.weight * theirs.weight)
from range_input as mine
inner join range_input as theirs
    on mine.player = ?
    and theirs.player = ?
inner join preflop_matchups as matchups
    on matchups.hand_1_high = mine.card_1
    and matchups.hand_1_low = mine.card_2
    and matchups.hand_2_high = theirs.card_1
    and matchups.hand_2_low = theirs.card_2
group by
    mine.card_1,
    mine.card_2
"""
STREET_QUERY = "select next_card, player, pot_shares, runouts, leads from street_equity order by next_card, player"


MEMORY = ":memory:"
FRAME_KINDS = ("pandas", "polars", "pyarrow")  # evaluate_many's frames: the result's .frame() gives the same kind


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
    built whole, then read-only again; ``migrate()`` always opens it writable.
    ``engine_options`` go to the engine: Spark's ``master`` (default ``local[2]``).
    """
    if engine not in ENGINES:
        raise BadInput(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    engine_class = ENGINES[engine]
    if path == MEMORY and engine_class.in_memory:
        path = None  # SQLite's and DuckDB's own name for a database in memory
    if path is not None and not engine_class.takes_url and str(path).startswith(URL_SCHEMES):
        raise BadInput(f"{masked(str(path))} is a PostgreSQL URL, not a {ENGINE_TITLES[engine]} database: use --engine postgres")
    return Database(engine_class(path, read_only=read_only, **engine_options), progress=progress, whole=read_only)


def _check_next_street(players: list[ranges.Player], board: list[int]) -> None:
    """The next street is shown for known hands on a flop or a turn."""
    if len(board) not in (3, 4):
        raise BadInput(f"the next street needs a board of 3 or 4 cards (a flop or a turn), got {len(board)}")
    for number, player in enumerate(players, start=1):
        if not player.is_hand:
            raise BadInput(
                f"the next street needs known hands: player {number}'s {player.label()!r} is not two cards "
                "(give two cards, or leave --next-street out for the range's equity)"
            )


def _cards_given(text: str | list[str], what: str) -> list[int]:
    """The cards of a board or of the dead cards; text that names none ("," or " ") is refused,
    where nothing at all ("" or None) is no cards."""
    cards = parse_cards(text) if text else []
    if text and not cards:
        raise BadInput(f"no card in {what}: {text!r}")
    return cards


def _whole_number(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise BadInput(f"{name} {value} is out of range: use {low} to {high}")
    return value


def _deal_settings(
    seed: int, players: int, deals: int, shuffle: str = "uniform", riffles: int = 7, order: str = "blocks", first_deal: int = 1
) -> tuple[int, int, int, str, int, str, int]:
    """deal_settings' row (002), in its columns' order: what the deal views of 003 read, and
    Monte Carlo's draws (020, 021), which read its seed, deals and first_deal only."""
    return (seed, players, deals, shuffle, riffles, order, first_deal)


def _simulated(
    rows: list[tuple], deals: int, players: int, seed: int, shuffle: str, riffles: int, order: str, game: str | None = None
) -> SimulateResult:
    """simulate's result from its rows (points, category, count, exact probability or None)."""
    hands = deals * players
    categories = []
    for points, category, count, p in rows:
        mean = None if p is None else hands * p
        z = None if p is None else (count - mean) / math.sqrt(hands * p * (1 - p))
        categories.append(
            SimulatedCategory(points=points, category=category, count=count, expected_probability=p, z=z,
                              observed_probability=count / hands, expected_count=mean)
        )
    return SimulateResult(
        deals=deals, players=players, seed=seed, hands=hands, categories=categories, shuffle=shuffle,
        riffles=riffles if shuffle == "riffle" else None, order=order, game=game,
    )


def _shuffle_settings(shuffle: str, riffles: int, order: str) -> tuple[str, int, str]:
    if shuffle not in SHUFFLES:
        raise BadInput(f"unknown shuffle {shuffle!r}: choose one of {', '.join(SHUFFLES)}")
    if order not in DEAL_ORDERS:
        raise BadInput(f"unknown deal order {order!r}: choose one of {', '.join(DEAL_ORDERS)}")
    _whole_number("riffles", riffles, 1, MAX_RIFFLES)
    return shuffle, riffles, order


class Database:
    def __init__(self, engine: Engine, progress: ProgressCallback | None = None, whole: bool = False) -> None:
        self.engine = engine
        self._whole = whole  # opened for reading (connect's read_only): a fresh file is built whole, once
        self.progress: ProgressCallback = progress or no_progress
        self._ready = False
        self._lookups_ready: set[tuple[str, ...]] = set()  # the needs of evaluating built (a part of migrate)
        self._lookup_copy: own_hands.LookupCopy | None = None
        self._evaluations = 0
        self._closed = False
        # What first use built in a database that held no table (ensure_ready, _ensure_lookups;
        # never a migrate() asked for): "the lookup tables", or "the tables" (all of them); and
        # the seconds it took.
        self.built_on_first_use = ""
        self.seconds_building = 0.0

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

    @contextlib.contextmanager
    def _counting(self, task: str) -> Iterator[None]:
        """One exact count of equity: its progress watched, its memory bounded (engine.bounded_memory)."""
        with self.engine.bounded_memory(), self._watching(task):
            yield

    # -- setting up -------------------------------------------------------
    def migrate(self, rebuild: bool = False) -> list[migrations.SqlFile]:
        """Apply the pending SQL files; returns those applied.

        ``rebuild=True`` drops pokersql's own objects (never the user's) and builds them again:
        the way forward for a database that the pre-release schema built.
        """
        self._drop_lookup_copy()
        if self.engine.read_only:
            self.engine.reopen(read_only=False)
        applied = migrations.migrate(self.engine, progress=self.progress, rebuild=rebuild)
        self._ready = True
        return applied

    def ensure_ready(self) -> None:
        if self._ready:
            return
        if self.engine.read_only:
            # Read the state only; write (on a connection opened for it) only if something is pending.
            todo = migrations.plan(self.engine, migrations.sql_files())
            if todo:
                self._check_writable(todo)
                self._first_use(self.migrate, whole=True)
                self.engine.reopen(read_only=True)
            self._ready = True
        else:
            self._first_use(self.migrate, whole=True)

    def _first_use(self, apply: Callable[[], list[migrations.SqlFile]], whole: bool) -> None:
        """Apply SQL files on first use (``apply()``: all of them if ``whole``, else the lookup
        tables); on a database that held no table, note what it built and how long it took
        (files applied to a built one, a new version's or a shell-built database's, are no build)."""
        fresh = self.built_on_first_use or not self.engine.relation_names()
        started = time.perf_counter()
        if apply() and fresh:
            whole = whole or self.built_on_first_use == "the tables"
            self.built_on_first_use = "the tables" if whole else "the lookup tables"
            self.seconds_building += time.perf_counter() - started

    def _check_writable(self, todo: migrations.Plan) -> None:
        path = self.engine.path
        if path is None or (os.access(path, os.W_OK) and os.access(os.path.dirname(os.path.abspath(path)), os.W_OK)):
            return
        names = ", ".join(f.script for f in todo.apply or todo.baseline)
        raise DatabaseError(
            f"database {path} needs SQL files applied ({names}), and this user cannot write it "
            f"(or its folder): someone who can should run: {migrations.migrate_command(self.engine)}"
        )

    def build(self, preflop: bool = False) -> int:
        """Make sure ``hands`` is materialized (it is built by a versioned file); returns its rows.

        ``preflop=True``: fill ``preflop_matchups`` (022), every heads-up preflop matchup
        exactly, from the job's view ``preflop_matchup_counts`` (025), and return its rows.
        Minutes of work, in one transaction: an error or Ctrl-C leaves the table as it was.
        Once filled, ``equity`` answers heads-up preflop questions from it.
        """
        if preflop and self.engine.preflop_job_refused:
            raise BadInput(
                f"build --preflop does not run on {self.engine.name}: {self.engine.preflop_job_refused}; "
                "build it with DuckDB and copy the table in (docs/engines.md)"
            )
        self.ensure_ready()
        if not preflop:
            return self.engine.execute("select count(*) from hands")[0][0]
        reading = self.engine.read_only
        if reading:
            self._drop_lookup_copy()
            self.engine.reopen(read_only=False)
        try:
            with self.engine.transaction(), self._watching("build: every heads-up preflop matchup"):
                self.engine.execute("delete from preflop_matchups")
                self.engine.execute("insert into preflop_matchups select * from preflop_matchup_counts")
            return self.engine.execute("select count(*) from preflop_matchups")[0][0]
        finally:
            if reading:
                self.engine.reopen(read_only=True)

    def _preflop_lookup_answers(self, players: list[ranges.Player], board: list[int], dead: list[int], next_street: bool) -> bool:
        """Heads-up, before the flop, no dead cards, and preflop_matchups filled: the table
        answers exactly, whatever the ranges (random against random included)."""
        if len(players) != 2 or board or dead or next_street:
            return False
        self.ensure_ready()
        return bool(self.engine.execute("select count(*) from (select 1 from preflop_matchups limit 1) as filled")[0][0])

    def _ensure_lookups(self, needs: tuple[str, ...] = own_hands.EVALUATION_NEEDS) -> None:
        """What evaluating a hand reads (``needs``; own_hands.EVALUATION_NEEDS: the lookup tables
        and hand_evaluations_of; DuckDB's batches also read the macros of 026 and 027,
        own_hands.batch_needs), and only that.

        On a fresh database this applies the SQL files that build them (001 to 006, 010 and
        011, recorded in schema_history like any migration), not the 2.6 million rows of
        ``hands`` and the rest: a later full migrate applies those.
        """
        if self._ready or needs in self._lookups_ready:
            return
        if self.engine.read_only or self._whole:  # a read-only file is either complete or migrated whole
            self.ensure_ready()
            return
        every_file = migrations.sql_files()
        files = migrations.files_for(needs, every_file)
        if migrations.plan(self.engine, files).rebuild:
            # A view file changed under tables built from it: all of those are rebuilt at once,
            # those outside these files too (hands), or they would never follow it.
            files = every_file
        # nothing, on a built database
        self._first_use(lambda: migrations.migrate(self.engine, files=files, progress=self.progress), whole=files is every_file)
        self._lookups_ready.add(needs)

    def _drop_lookup_copy(self) -> None:
        if self._lookup_copy is not None:
            self._lookup_copy.close()
            self._lookup_copy = None

    def close(self) -> None:
        self._drop_lookup_copy()
        self.engine.close()
        self._closed = True

    def __repr__(self) -> str:
        """The engine, the file (or URL, its password masked), read-only or not, and whether
        ``hands`` is built (asked of the database while it is open)."""
        if self._closed:
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
    def _rank_hands(self, hands: list[list[int]]) -> list[HandResult]:
        """Evaluate a few hands of 5 to 7 cards, in SQL: best five, rank, place among them.

        Nothing is written (own_hands.values_query). On DuckDB the first call asks the
        database; later calls ask an in-memory SQLite copy of the lookup tables, made
        once, where the same query takes a hundredth of the time.
        """
        self._ensure_lookups()
        self._evaluations += 1
        if self.engine.copies_lookups and self._evaluations > 1 and self._lookup_copy is None:
            self._lookup_copy = own_hands.LookupCopy(self.engine)
        runner = self._lookup_copy or self.engine
        sql, params = own_hands.values_query(hands, runner.dialect)
        rows = runner.execute(sql, params)
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

    @staticmethod
    def _hand_of(cards: str | list[str], what: str = "a hand", board: list[int] | None = None) -> list[int]:
        parsed = parse_cards(cards) + (board or [])
        if not 5 <= len(parsed) <= 7:
            given = " ".join(card_name(c) for c in parsed) or "nothing"
            with_board = " with the board" if board else ""
            raise BadInput(f"{what}{with_board} needs 5, 6 or 7 cards, got {len(parsed)}: {given}")
        return parsed

    def evaluate(self, cards: str | list[str], game: str = "holdem", board: str | list[str] = "") -> HandResult:
        """One hand of 5, 6 or 7 cards: its best five, category and hand_rank.

        ``game``: one of ``games.GAME_NAMES``. Omaha (omaha, omaha5, omaha6): ``cards`` are the
        4, 5 or 6 hole cards and ``board`` 3 to 5 cards; the best of two hole cards and three of
        the board. Short deck: 5 to 7 cards of 6 through A (with the board), ranked by the
        game's rule set (docs/games.md)."""
        rules = games.game_of(game, self)
        board_cards = _cards_given(board, "the board")
        if rules.holdem_tables:
            if board_cards:
                check_distinct([parse_cards(cards), board_cards], ["the hand", "the board"])
            return self._rank_hands([self._hand_of(cards, board=board_cards or None)])[0]
        self._ensure_lookups(games.evaluation_needs(own_hands.EVALUATION_NEEDS))
        return games.evaluate(self, rules, cards, board_cards)

    def evaluate_many(
        self, hands: Any, stdin: bool = False, keep: Sequence[str] | None = None, game: str = "holdem"
    ) -> EvaluateManyResult:
        """Many hands of 5, 6 or 7 cards at once, in the order given: one row each.

        ``hands`` is any of:

        - an iterable of hands, each card text (``"As Ks 7d 7c 7h"``) or a list of cards;
        - a pandas or Polars DataFrame, or a pyarrow Table, with a ``cards`` column (text
          or lists of cards), or ``hole`` and ``board`` columns (joined);
        - the path (str or Path) of a ``.parquet`` or ``.csv`` file with such columns
          (Parquet needs pyarrow).

        The result's ``.df()``, ``.arrow()`` and ``.pl()`` give pandas, Arrow and Polars;
        ``.frame()`` the kind of frame the hands came in (pandas for a list or a file).

        Nothing is written to the database. The hands go to it a batch at a time
        (``own_hands.BATCH_ROWS``, 200,000 on DuckDB: memory stays bounded; each batch a
        step reported to the progress callback); on DuckDB a frame or file is read in
        SQL, with no Python loop over its rows. The results are held (compactly, as Arrow
        tables where pyarrow is installed) until the last batch is done. A bad hand raises BadInput naming its row (a CSV file's line) and the bad
        card, and nothing is returned. ``stdin=True``: the hands are the lines of a text
        stream (``own_hands.stdin_hands``), an error names a line.

        A frame's or file's other columns come first in the result, as they are (a CSV
        file's as text): all of them but ``cards``, or those named by ``keep`` (``[]``:
        none). One named like a result column (``cards``, ``best``, ``points``,
        ``category``, ``hand_rank``) is renamed ``input_<name>``.

        ``game``: one of ``games.GAME_NAMES``, each hand evaluated as ``evaluate`` evaluates it
        (its rows parsed in Python, a few thousand five-card hands a query). Short deck: its
        hands as Hold'em's are given. Omaha: a frame or file with ``hole`` and ``board``
        columns (the 4, 5 or 6 hole cards; 3 to 5 board cards), by default kept beside the result.

            >>> db.evaluate_many(["As Ks Qs Js Ts", "2c 3d 4h 5s 7c"]).df()
        """
        rules = games.game_of(game, self)
        try:
            source = own_hands.source_of(
                hands, own_hands.batch_rows(self.engine), stdin_lines=stdin, keep=keep, columns=games.file_columns(rules)
            )
        except BadInput as e:
            raise BadInput(f"{rules.name}: {e}" if rules.plays_hole_cards else str(e)) from None
        kind = type(hands).__module__.split(".")[0]
        input_kind = kind if kind in FRAME_KINDS else None
        if rules.holdem_tables:
            self._ensure_lookups(own_hands.batch_needs(self.engine))
            return EvaluateManyResult(own_hands.evaluate_source(self.engine, source, self.progress), source.kept_names, input_kind)
        self._ensure_lookups(games.evaluation_needs(own_hands.batch_needs(self.engine)))
        evaluate_batch = functools.partial(games.evaluate_batch, self, rules)
        return EvaluateManyResult(own_hands.evaluate_source(self.engine, source, self.progress, evaluate_batch), source.kept_names, input_kind)

    def showdown(
        self, hands: Any, columns: dict[str, str] | None = None, name: str | None = None, game: str = "holdem"
    ) -> ShowdownResult:
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

    def compare(self, *hands: str | list[str], board: str | list[str] = "", game: str = "holdem") -> CompareResult:
        """Two or more hands, each with the shared board if given (5 to 7 cards in all):
        who wins; tied hands share a place and split the pot. ``game``: as ``evaluate``'s
        (Omaha: each hand its hole cards, and a board of 3 to 5)."""
        if len(hands) == 1 and isinstance(hands[0], (list, tuple)) and hands[0] and not isinstance(hands[0][0], str):
            hands = tuple(hands[0])
        if len(hands) < 2:
            raise BadInput(f"compare needs at least 2 hands, got {len(hands)}")
        rules = games.game_of(game, self)
        board_cards = _cards_given(board, "the board")
        if not rules.holdem_tables:
            self._ensure_lookups(games.evaluation_needs(own_hands.EVALUATION_NEEDS))
            results = games.compare(self, rules, hands, board_cards)
            return CompareResult(hands=results, winners=[n for n, r in enumerate(results, start=1) if r.place == 1])
        own = [parse_cards(hand) for hand in hands]
        check_distinct(own + [board_cards], [f"hand {n}" for n in range(1, len(own) + 1)] + ["the board"])
        parsed = [self._hand_of(hand, f"hand {n}", board_cards) for n, hand in enumerate(hands, start=1)]
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
        slice_trials: int | None = None,
        next_street: bool = False,
        game: str = "holdem",
        by_combo_of: int | None = None,
        by_combo: int | None = None,
    ) -> EquityResult:
        """Texas Hold'em equity of 2 to 10 players, each a hand, a range ("QQ+,AKs") or "random".

        Exact (every deal and board, each counted once) when ``exact=True``, or by default
        when the engine's estimate of it is quicker than Monte Carlo's, or a few seconds
        (``ranges.choose_exact``, from ``engine.equity_costs``); a seeded Monte Carlo
        estimate of ``trials`` runouts when given, or of ``ranges.DEFAULT_TRIALS`` when
        exact would be slower. Exact work estimated at more than ``ranges.EXACT_SECONDS_MAX``
        is refused (BadInput naming the deals x boards). Exact ranges are counted in slices of
        one player's combinations, Monte Carlo trials in slices of ``slice_trials`` (the
        counts add up to one run), so memory stays bounded, each Monte Carlo slice a step
        reported to the progress callback. ``seed`` seeds Monte Carlo only: refused with
        ``exact=True``, unused (``result.exact`` says so) when the default answers exactly.

        ``next_street=True``, with a flop or a turn and known hands: each card that can come
        next, who leads once it is dealt and each player's exact equity after it
        (``result.next_street``), and each player's outs, the cards where they lead
        (``EquityPlayer.outs``); from the view street_equity (017).

        ``by_combo_of`` (a player's number, from 1: ``by_combo_of=2`` breaks down the second
        player's range): each combination of that player's range with its exact equity against
        the others (``EquityPlayer.by_combo``, the best first; ``result.by_combo_df()``, one row
        per combination), from
        the view range_combo_equity (018), or the preflop table heads-up before the flop.
        Exact only: refused with ``trials`` or ``next_street``. ``by_combo``: its old name
        (a DeprecationWarning).

        ``game`` (``games.GAME_NAMES``): another game's equity (``games.equity``, the game equity
        views of sql/08_games): each hand its hole cards, or "random" (as many drawn); exact for known hands,
        Monte Carlo with ``trials`` or a random hand, exact against one random hand with ``exact=True``
        where it is counted (``games.check_exact_random``); ``next_street`` as Hold'em's; no ranges or ``by_combo``.
        """
        if by_combo is not None:
            if by_combo_of is not None:
                raise BadInput("by_combo is by_combo_of's old name: give by_combo_of only")
            warnings.warn(
                "equity(by_combo=N) is now equity(by_combo_of=N): N the number of the player whose range is broken down, from 1",
                DeprecationWarning,
                stacklevel=2,
            )
            by_combo_of = by_combo
        by_combo = by_combo_of
        rules = games.game_of(game, self)
        if not rules.holdem_tables:
            if by_combo is not None:
                raise BadInput(f"equity --game {rules.name}: --by-combo is Hold'em's only for now")
            board_cards, dead_cards = _cards_given(board, "the board"), _cards_given(dead, "the dead cards")
            for name, value, low, high in (("trials", trials, MIN_TRIALS, MAX_DEALS), ("seed", seed, 0, MAX_SEED), ("slice_trials", slice_trials, 1, MAX_DEALS)):
                if value is not None:
                    _whole_number(name, value, low, high)
            return games.equity(self, rules, hands, board_cards, dead_cards, trials, seed, exact, slice_trials, next_street)
        if len(hands) == 1 and isinstance(hands[0], (list, tuple)):
            hands = tuple(hands[0])
        if not 2 <= len(hands) <= 10:
            raise BadInput(f"equity needs 2 to 10 hands, got {len(hands)}")
        if exact and trials is not None:
            raise BadInput("choose --exact or --trials, not both")
        if exact and seed is not None:
            raise BadInput(f"--seed {seed} is for Monte Carlo: --exact counts every board and draws nothing")
        players = [ranges.parse_player(hand, number) for number, hand in enumerate(hands, start=1)]
        if by_combo is not None:
            if trials is not None or exact is False:
                raise BadInput("--by-combo counts every deal exactly: not with --trials")
            if next_street:
                raise BadInput("choose --by-combo or --next-street, not both")
            _whole_number("by_combo_of (a player's number, from 1)", by_combo, 1, len(players))
            exact = True
        board_cards = _cards_given(board, "the board")
        if len(board_cards) not in (0, 3, 4, 5):
            given = " ".join(card_name(c) for c in board_cards)
            raise BadInput(f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)}: {given}")
        dead_cards = _cards_given(dead, "the dead cards")
        if next_street:
            _check_next_street(players, board_cards)
        known = [(f"hand {n}", list(p.combos[0])) for n, p in enumerate(players, start=1) if p.is_hand]
        known += [("the board", board_cards), ("the dead cards", dead_cards)]
        check_distinct([cards for _, cards in known], [name for name, _ in known])
        holes_known = len(known) - 2
        left = 52 - 2 * holes_known - len(board_cards) - len(dead_cards)
        needed = 5 - len(board_cards) + 2 * (len(players) - holes_known)
        if left < needed:
            given = f"{len(hands)} hands, {len(board_cards)} board and {len(dead_cards)} dead cards"
            raise BadInput(f"{given} leave {left} cards in the deck, and {needed} are needed to finish the deal")
        live = ranges.remove_known(players, set(board_cards) | set(dead_cards))
        if trials is None and exact is not False and self._preflop_lookup_answers(players, board_cards, dead_cards, next_street):
            return self._preflop_lookup(players, live, by_combo)
        costs = self.engine.equity_costs
        # Known hands alone are always exact: every board, by its classes (015).
        if trials is None and not all(p.is_hand for p in players):
            work = ranges.exact_work(live, board_cards, dead_cards, None if by_combo else players)
            if exact:
                ranges.check_feasible(work, costs, self.engine.name)
            elif exact is None and not ranges.choose_exact(work, costs):
                trials = ranges.DEFAULT_TRIALS
        if exact is False and trials is None:
            trials = ranges.DEFAULT_TRIALS
        exact = trials is None
        seed_from_question = False
        if not exact:
            _whole_number("trials", trials, MIN_TRIALS, MAX_DEALS)
            slice_trials = costs.slice_trials if slice_trials is None else slice_trials
            _whole_number("slice_trials", slice_trials, 1, MAX_DEALS)
            if seed is None:
                seed_from_question = True
                seed = ranges.question_seed("holdem", [p.question() for p in players], board_cards, dead_cards, trials)
            _whole_number("seed", seed, 0, MAX_SEED)
            ranges.check_a_deal_exists(players, live)
        holes: list[list[int] | None] = [list(p.combos[0]) if p.is_hand else None for p in players]
        self.ensure_ready()
        known = [(n, c) for n, hole in enumerate(holes, start=1) if hole for c in hole]
        given = {"board_input": [(c,) for c in board_cards], "dead_input": [(c,) for c in dead_cards]}
        if exact and ranges.one_random_opponent(players) and by_combo is None:
            random_player = next(n for n, h in enumerate(holes, start=1) if h is None)
            with self.engine.inputs(**given, hand_input=known, random_hand_input=[(random_player,)]):
                with self._counting("equity: every board and every hand of the random player"):
                    return ranges.random_opponent_equity(self.engine, players)
        if exact and not all(p.is_hand for p in players):
            with self.engine.inputs(**given) as give, self._counting("equity: every deal and board still to come"):
                return ranges.exact_range_equity(self.engine, give, players, live, costs.slice_work, by_combo)
        given["hand_input"] = known
        given["random_hand_input"] = [(n,) for n, p in enumerate(players, start=1) if p.is_random]
        # Monte Carlo of ranges: each range player's live combinations, drawn per trial (020, 021).
        given["range_input"] = ranges.range_rows(
            [combos if not (p.is_hand or p.is_random) else [] for p, combos in zip(players, live)], players
        )
        with self.engine.inputs(**given) as give:
            if exact:
                with self._counting("equity: every board still to come"):
                    totals = self.engine.execute(EQUITY_QUERY)
            else:
                view = "monte_carlo_class_equity" if all(p.is_hand for p in players) else "monte_carlo_equity"
                totals = self._monte_carlo_equity(give, MONTE_CARLO_QUERY.format(view=view), seed, trials, slice_trials)
            streets = self.engine.execute(STREET_QUERY) if next_street else []
        runouts = totals[0][1] if totals else 0
        if not exact and runouts != trials:
            raise BadInput(f"only {runouts:,} of {trials:,} trials could be dealt: the ranges hardly ever fit together")
        result_players = []
        for player, combos, (_, _, wins, ties, shares) in zip(players, live, totals):
            equity = shares / (POT_SHARES * runouts) if runouts else 0.0
            std_error = None if exact else ranges.std_error(wins, equity, runouts)
            result_players.append(_equity_player(player, combos, wins, ties, equity, std_error))
        result = EquityResult(
            exact=exact, boards=runouts, deals=runouts, players=result_players, seed=None if exact else seed, seed_from_question=seed_from_question
        )
        if next_street:
            ranges.add_next_street(result, streets)
        if by_combo is not None:  # known hands only: the hand is its one combination
            chosen = result.players[by_combo - 1]
            combo = players[by_combo - 1].combos[0]
            chosen.by_combo = ranges.combo_equities(players[by_combo - 1], [(ranges.combo_of(combo), result.deals, chosen.wins, chosen.ties, chosen.equity)])
        return result

    def range(self, text: str) -> RangeResult:
        """A range expanded, as ``pokersql range`` prints it: its combinations with their weights,
        the count, and the 13 x 13 grid; ``.df()`` is one row per combination. No SQL runs."""
        from .range_text import describe

        return describe(text)

    def _preflop_lookup(self, players: list[ranges.Player], live: list[list[ranges.Combo]], by_combo: int | None = None) -> EquityResult:
        """Heads-up preflop equity read from preflop_matchups: the counts of every pair of the two
        players' live combinations that share no card, summed, which is what enumerating every
        deal and board counts (card removal is the table's: it holds disjoint pairs only)."""
        with self.engine.inputs(range_input=ranges.range_rows(live, players)):
            deals, wins, ties, losses = (int(count or 0) for count in self.engine.execute(PREFLOP_QUERY)[0])
        if not deals:
            raise BadInput("the two players' hands always share a card: no deal exists")
        boards = math.comb(48, 5)
        deals *= boards
        counts = [(wins, ties), (losses, ties)]
        result_players = [
            _equity_player(player, combos, won, tied, (won + tied / 2) / deals, None)
            for player, combos, (won, tied) in zip(players, live, counts)
        ]
        scale = ranges.weight_scale(players) if any(p.weights for p in players) else None
        if by_combo is not None:
            with self.engine.inputs(range_input=ranges.range_rows(live, players)):
                rows = self.engine.execute(PREFLOP_BY_COMBO_QUERY, (by_combo, 3 - by_combo))
            result_players[by_combo - 1].by_combo = ranges.combo_equities(
                players[by_combo - 1],
                [((int(high), int(low)), int(d) * boards, int(w), int(t), (int(w) + int(t) / 2) / (int(d) * boards)) for high, low, d, w, t in rows],
            )
        return EquityResult(exact=True, boards=boards, deals=deals, players=result_players, seed=None, weight_scale=scale)

    def _monte_carlo_equity(
        self, give: Callable[..., None], query: str, seed: int, trials: int, slice_trials: int, params: tuple[Any, ...] = ()
    ) -> list[tuple[int, int, int, int, int]]:
        """Inside equity's inputs (``give`` sets deal_settings): the trials first .. first + slice - 1 at a
        time (a trial's number and the seed fix its cards, so the slices add up to one run),
        summed: the integer counts the query reads (player, runouts, wins, ties, pot_shares in
        2520ths) from a Monte Carlo view (monte_carlo_equity or monte_carlo_class_equity, 021;
        other games' in sql/08_games)."""
        task = f"equity: {trials:,} runouts"
        summed: dict[int, list[int]] = {}
        for first in range(1, trials + 1, slice_trials):
            self.progress(task, first - 1, trials)
            # A trial's cards come from the deal state (003) of its number and the seed; players is not read.
            give(deal_settings=[_deal_settings(seed, 4, min(slice_trials, trials - first + 1), first_deal=first)])
            for player, *counts in self.engine.execute(query, params):
                summed[player] = [a + b for a, b in zip(summed.get(player, [0, 0, 0, 0]), counts)]
        self.progress(task, trials, trials)
        return [(player, *summed[player]) for player in sorted(summed)]

    # -- dealing ----------------------------------------------------------
    def deal(
        self,
        players: int = 4,
        seed: int | None = None,
        shuffle: str = "uniform",
        riffles: int = 7,
        order: str = "blocks",
        game: str = "holdem",
    ) -> DealResult:
        """Shuffle (seeded) and deal five cards to each of 2..10 players, ranked.

        ``shuffle="riffle"`` riffles a new deck ``riffles`` times (the Gilbert-Shannon-Reeds
        model) instead of shuffling it uniformly; ``order="round-robin"`` deals one card to
        each player in turn instead of five consecutive cards to each. ``game`` another game
        (``games.GAME_NAMES``): each player's hole cards and a board, from the same shuffle,
        each player's best five ranked (``games.deal``, the view game_deals of sql/08_games).
        """
        _whole_number("players", players, 2, 10)
        shuffle, riffles, order = _shuffle_settings(shuffle, riffles, order)
        seed = secrets.randbelow(2**31) if seed is None else _whole_number("seed", seed, 0, MAX_SEED)
        rules = games.game_of(game, self)
        if not rules.holdem_tables:
            settings = _deal_settings(seed, players, 1, shuffle, riffles, order)
            return games.deal(self, rules, players, settings, seed=seed, shuffle=shuffle, riffles=riffles, order=order)
        self.ensure_ready()
        with self.engine.inputs(deal_settings=[_deal_settings(seed, players, 1, shuffle, riffles, order)]):
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
    def freq(self, cards: int = 5, game: str = "holdem") -> FreqResult:
        """Category counts over every hand of 5 or 7 cards, beside the exact counts.

        Five cards: the ``hands`` table against counts from combinatorics. Seven
        cards: all 133,784,560 hands enumerated in SQL (seven_card_frequencies)
        against the weights of suit_reduced_seven, which counts them without
        dealing them.
        """
        if cards not in (5, 7):
            raise BadInput(f"freq --cards {cards}: choose 5 or 7")
        rules = games.game_of(game, self)
        if not rules.holdem_tables:
            return self._game_freq(cards, rules)
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

    def _game_freq(self, cards: int, rules: games.Game) -> FreqResult:
        """Short deck's counts of every hand of 5 or 7 of its 36 cards, by category in the rule
        set's order, beside the exact counts (pokersql.counts)."""
        if rules.ranking == "standard":
            raise BadInput(f"freq --game {rules.name}: counts are for holdem, shortdeck and shortdeck-triton")
        self.ensure_ready()
        view = "short_deck_five_card_frequencies" if cards == 5 else "short_deck_seven_card_frequencies"
        rows = self.engine.execute(
            f"select frequencies.points, frequencies.category, frequencies.hands, frequencies.distinct_ranks "
            f"from {view} as frequencies inner join game_categories on game_categories.ranking = frequencies.ranking "
            f"and game_categories.points = frequencies.points where frequencies.ranking = ? "
            f"order by game_categories.category_order",
            (rules.ranking,),
        )
        expected = short_deck_five_card_counts() if cards == 5 else SHORT_DECK_SEVEN_CARD_COUNTS[rules.ranking]
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
        game: str = "holdem",
    ) -> SimulateResult:
        """Deal ``deals`` times (seeded) and count the categories, observed against exact.

        The deals are counted in slices of ``slice_deals`` (the same deals, whatever the
        slice), each slice a step reported to the progress callback. ``game`` another game
        (``games.GAME_NAMES``): each player's best hand of hole cards and board, from the
        deals of ``deal --game`` (``games.simulate``); Omaha's have no exact probability
        (``expected_probability``, ``expected_count`` and ``z`` None).
        """
        _whole_number("deals", deals, 1, MAX_DEALS)
        _whole_number("players", players, 1, 10)
        shuffle, riffles, order = _shuffle_settings(shuffle, riffles, order)
        _whole_number("slice_deals", slice_deals, 1, MAX_DEALS)
        seed = secrets.randbelow(2**31) if seed is None else _whole_number("seed", seed, 0, MAX_SEED)
        rules = games.game_of(game, self)
        if not rules.holdem_tables:
            def settings_of(first: int, count: int) -> tuple:
                return _deal_settings(seed, players, count, shuffle, riffles, order, first)

            rows = games.simulate(self, rules, deals, players, settings_of, slice_deals)
            return _simulated(rows, deals, players, seed, shuffle, riffles, order, game=rules.name)
        self.ensure_ready()
        counted: dict[int, int] = {}
        names: dict[int, str] = {}
        task = f"dealing {deals:,} deals"
        with self.engine.inputs() as give:
            for first in range(1, deals + 1, slice_deals):
                self.progress(task, first - 1, deals)
                give(deal_settings=[_deal_settings(seed, players, min(slice_deals, deals - first + 1), shuffle, riffles, order, first)])
                for points, category, count in self.engine.execute(
                    "select points, category, hands from deal_frequencies"
                ):
                    counted[points] = counted.get(points, 0) + count
                    names[points] = category
        self.progress(task, deals, deals)
        expected = five_card_counts()
        rows = [
            (points, names[points], counted[points], expected[points] / TOTAL_FIVE_CARD_HANDS)
            for points in sorted(counted, reverse=True)
        ]
        return _simulated(rows, deals, players, seed, shuffle, riffles, order)

    # -- SQL --------------------------------------------------------------
    def query(self, sql: str, params: tuple = (), read: Sequence[str | Path] = (), timeout: float | None = None) -> QueryResult:
        """Run one SQL statement that reads pokersql's database; its rows.

        The engine refuses (``Refused``, a ``BadInput``) anything that would write, or
        reach a file, an extension or the network; see ``pokersql.engines``. ``read``:
        files the statement may read too (DuckDB only), and no other. ``timeout``: seconds
        the statement may run (its rows read included) before it is stopped, as
        ``TimedOut``; None or 0, no limit.
        """
        with self.stream(sql, params, read, timeout) as result:
            return QueryResult(columns=result.columns, rows=list(result.rows))

    @contextlib.contextmanager
    def stream(
        self, sql: str, params: tuple = (), read: Sequence[str | Path] = (), timeout: float | None = None
    ) -> Iterator[QueryStream]:
        """Like ``query``, the rows fetched a slice at a time as they are read (inside the block)."""
        paths = self._readable(sql, read)
        if timeout is not None and not (isinstance(timeout, (int, float)) and timeout >= 0):
            raise BadInput(f"timeout must be a number of seconds, 0 or more, not {timeout!r}")
        self.ensure_ready()
        with self.engine.time_limit(timeout), self.engine.read_only_query(sql, params, paths) as (columns, rows):
            yield QueryStream(columns=columns, rows=rows)

    def relation(self, sql: str, read: Sequence[str | Path] = ()) -> Any:
        """A lazy, read-only result with ``.df()``, ``.arrow()`` and ``.pl()`` (DuckDB only).

        Nothing is fetched into Python tuples: ``db.relation("select * from hands").df()``
        hands DuckDB's columns straight to pandas. It cannot write, as ``query`` cannot.
        """
        paths = self._readable(sql, read)
        self.ensure_ready()
        try:
            return self.engine.relation(sql, paths)
        except NotImplementedError as e:
            raise BadInput(str(e)) from e

    def _readable(self, sql: str, read: Sequence[str | Path]) -> list[str]:
        """The files a query may read, each checked to be one; an empty statement refused."""
        if not _has_statement(sql):
            raise BadInput(NO_STATEMENT)
        if read and not self.engine.reads_files:
            raise BadInput(
                f"--read is for DuckDB: {self.engine.title} cannot let one query read a file "
                f"and no other ({read[0]}); load it into a table of your own first"
            )
        for path in read:
            if os.path.isdir(path):
                raise BadInput(f"--read takes a file, not a directory: {path}")
            if not os.path.isfile(path):
                raise BadInput(f"--read {path}: no such file")
        return [str(path) for path in read]

    # -- hand histories ---------------------------------------------------
    def import_histories(
        self, paths: str | Path | Sequence[str | Path], skip_bad: bool = False, parquet: str | Path | None = None,
        overwrite: bool = False,
    ) -> ImportResult:
        """Read PokerStars hand-history text and PHH files into the tables of
        ``sql/07_histories/`` (028): hands, seats, actions, board, results.

        Every file is checked first (there, not empty, of a known format: else BadInput). A
        hand that cannot be (truncated, an unknown or duplicate card, amounts that do not add
        up) stops the import with BadInput naming its file, line and reason; ``skip_bad=True``
        imports the other hands and lists it in ``ImportResult.skipped``. A hand held already
        (the same site and hand id) is not written again. One transaction, which also makes
        the tables on first use: a failure or Ctrl-C leaves the database as it was.

        ``parquet``: a folder (made if it is not there; its parent must be) to write the five
        tables to once the import is committed, each whole as ``TABLE.parquet`` (what DuckDB
        and Spark read), on an engine that writes them (DuckDB, Spark); ``ImportResult.parquet``
        lists the files. Such a file there already is BadInput, before anything is imported,
        unless ``overwrite``; the database's own file always is (``_check_target``).
        """
        if self.engine.imports_histories_refused:
            raise BadInput(f"import does not run on {self.engine.title}: {self.engine.imports_histories_refused}")
        paths = [str(paths)] if isinstance(paths, (str, Path)) else [str(path) for path in paths]
        if not paths:
            raise BadInput("import: give at least one hand-history file")
        for path in paths:
            histories.detect(path)  # every file, before anything is read or written
        folder = self._parquet_folder(parquet, overwrite) if parquet is not None else None
        started = time.perf_counter()
        reading = self.engine.read_only
        if reading:
            self._drop_lookup_copy()
            self.engine.reopen(read_only=False)
        total = max(1, histories.total_size(paths))
        task = f"importing {len(paths)} file(s), bytes read"
        skipped: list[histories.Skipped] = []

        def batches() -> Iterator[history_store.Batch]:
            for item in read_batches(
                paths, skip_bad, self.engine.appends_csv, lambda done: self.progress(task, min(done, total - 1), total)
            ):
                if isinstance(item, histories.Skipped):
                    skipped.append(item)
                else:
                    yield item

        try:
            with self.engine.transaction(immediate=True):
                files = migrations.files_for(history_store.TABLES, migrations.sql_files())
                migrations.migrate(self.engine, files=files, progress=self.progress, in_transaction=True)
                hands = batches()
                try:
                    written = history_store.write_batches(self.engine, hands)
                finally:
                    hands.close()  # now, not when collected: its worker processes stop with it
            self.progress(task, total, total)
            files: list[str] = []
            if folder is not None:
                folder.mkdir(exist_ok=True)
                for table in history_store.TABLES:
                    files.append(str(folder / f"{table}.parquet"))
                    self.engine.table_to_parquet(table, files[-1])
        finally:
            if reading:
                self.engine.reopen(read_only=True)
        return ImportResult(
            database=masked(str(self.engine.path or MEMORY)),
            files=paths,
            hands=written.hands + written.duplicates,
            imported=written.hands,
            duplicates=written.duplicates,
            skipped=skipped,
            rows=written.rows,
            seconds=time.perf_counter() - started,
            parquet=files,
        )

    def _parquet_folder(self, parquet: str | Path, overwrite: bool) -> Path:
        """``import --parquet``'s folder, checked before anything is written: BadInput for an
        engine that writes no Parquet, a file, a folder whose parent is not there, or a file
        the import would write that it must not (``_check_target``)."""
        folder = Path(parquet)
        if not self.engine.writes_table_parquet:
            raise BadInput(f"--parquet {folder}: {self.engine.title} cannot write Parquet; import on DuckDB or Spark for Parquet files")
        if folder.exists() and not folder.is_dir():
            raise BadInput(f"--parquet {folder}: a file, not a folder")
        if not folder.absolute().parent.is_dir():
            raise BadInput(f"--parquet {folder}: there is no folder {str(folder.absolute().parent)!r} to make it in")
        for table in history_store.TABLES:
            self._check_target(folder / f"{table}.parquet", overwrite, "import --parquet")
        return folder

    def _check_target(self, path: Path, overwrite: bool, option: str) -> None:
        """BadInput naming ``path`` if a command must not write it: the open database or one of
        its own files (links followed: ``Engine.own_file``), or a file there already, unless
        ``overwrite``. The file is then written by ``engines.base._replacing``."""
        own = self.engine.own_file(str(path))
        if own is not None:
            if own != self.engine.path:
                whose = "the open database's"  # its journal, its write-ahead log
            else:
                whose = "in the open database" if os.path.isdir(own) else "the open database"
            raise BadInput(f"{option} {str(path)!r}: that is {whose} {own!r}; write to another file")
        if not overwrite and os.path.lexists(path):
            raise BadInput(f"{option} {str(path)!r}: the file exists; --force replaces it")

    def history(self, players: Sequence[str] = ()) -> HistoryResult:
        """The imported hands per player (``history_player_hands`` and ``history_allin_ev``, 032):
        hands, net won, won at showdown, and the all-in hands' EV against what they netted (the
        luck); ``players``: only these (each must have a hand: else BadInput). ``series``: each
        player's cumulative net and all-in adjusted net, hand by hand in the order played."""
        if self.engine.imports_histories_refused:
            raise BadInput(f"history does not run on {self.engine.title}: {self.engine.imports_histories_refused}")
        self._ensure_lookups(("history_player_hands", "history_allin_ev"))
        with self._watching("history: every imported hand, all-in equities enumerated"):
            hands_played = self.engine.execute(
                "select site, hand_id, seat, player, net, showdown from history_player_hands "
                "order by played_at, source_file, source_line, hand_id, seat"
            )
            luck = {(site, hand_id, seat): float(value) for site, hand_id, seat, value in
                    self.engine.execute("select site, hand_id, seat, luck from history_allin_ev")}
        rows = [(player, net, showdown, (site, hand_id, seat) in luck, float(net) - luck.get((site, hand_id, seat), 0.0))
                for site, hand_id, seat, player, net, showdown in hands_played]
        wanted = list(dict.fromkeys(players))
        held = {row[0] for row in rows}
        for player in wanted:
            if player not in held:
                raise BadInput(f"history --player {player!r}: no imported hand has that player")
        sums: dict[str, list[float]] = {}
        series: dict[str, list[tuple[float, float]]] = {}
        for player, net, showdown, allin, ev_net in rows:
            if wanted and player not in wanted:
                continue
            net, ev_net = float(net), float(ev_net)
            total = sums.setdefault(player, [0, 0.0, 0.0, 0, 0.0, 0.0])
            total[0] += 1
            total[1] += net
            total[2] += net if showdown else 0.0
            total[3] += 1 if allin else 0
            total[4] += ev_net if allin else 0.0
            total[5] += net if allin else 0.0
            line = series.setdefault(player, [])
            last = line[-1] if line else (0.0, 0.0)
            line.append((last[0] + net, last[1] + ev_net))
        hands = self.engine.execute("select count(*) from history_hands")[0][0]
        results = [
            PlayerHistory(
                player=player, hands=count, net_won=round(net, 2), won_at_showdown=round(showdown, 2),
                allin_hands=allin, allin_ev=round(allin_ev, 2), allin_net=round(allin_net, 2),
                luck=round(allin_net - allin_ev, 2), ev_adjusted=round(net - (allin_net - allin_ev), 2),
            )
            for player, (count, net, showdown, allin, allin_ev, allin_net) in sums.items()
        ]
        results.sort(key=lambda p: (-p.hands, -p.net_won, p.player))
        return HistoryResult(hands=int(hands), players=results, series=series)

    def stats(self, by_position: bool = False, **chosen: Any) -> StatsResult:
        """A tracker's statistics per player (or per player and position) over the imported
        hands the filters keep (``stats.filters``: players, positions, since and until dates,
        stakes, game; ``history_hand_stats``, 044). A filter that keeps no hand: no row."""
        from . import stats

        if self.engine.imports_histories_refused:
            raise BadInput(f"stats does not run on {self.engine.title}: {self.engine.imports_histories_refused}")
        where, params = stats.filters(**chosen)
        self._ensure_lookups(("history_hand_stats",))
        with self._watching("stats: every imported hand"):
            return stats.player_stats(self.engine, where, params, by_position or bool(chosen.get("positions")))

    # -- getting data out -------------------------------------------------
    def export(self, table: str, path: str | Path, overwrite: bool = False) -> ExportResult:
        """Write a table or view to Parquet or CSV, chosen by the file's extension.

        A file there already is BadInput unless ``overwrite``; the open database, or one of its
        own files, always is (``_check_target``). The file appears only once whole."""
        path = Path(path)
        suffix = path.suffix.lower()
        if suffix not in EXPORT_FORMATS:
            raise BadInput(f"cannot tell the format of {str(path)!r}: end the file name in .parquet or .csv")
        file_format = EXPORT_FORMATS[suffix]
        if not path.absolute().parent.is_dir():
            raise BadInput(f"export --to {str(path)!r}: there is no directory {str(path.absolute().parent)!r}")
        if file_format not in self.engine.export_formats:
            raise BadInput(f"{self.engine.name} cannot write {file_format} ({path}): export to a .csv file instead")
        self._check_target(path, overwrite, "export --to")
        self.ensure_ready()
        names = self.engine.relation_names()
        if table not in names:
            raise BadInput(f"no table or view {table!r}: choose one of {', '.join(names)}")
        rows = self.engine.export(table, str(path), file_format)
        return ExportResult(table=table, file=str(path), format=file_format, rows=rows)


def _equity_player(
    player: ranges.Player, combos: list[ranges.Combo], wins: int, ties: int, equity: float, std_error: float | None
) -> EquityPlayer:
    """One player's line of an equity result: a hand's cards or a range's text, as typed."""
    return EquityPlayer(
        hand=player.label() if player.is_hand else None,
        range=None if player.is_hand else player.label(),
        combos=len(combos),
        wins=wins,
        ties=ties,
        equity=equity,
        std_error=std_error,
    )


def _has_statement(sql: str) -> bool:
    """False for SQL that is only white space, comments and semicolons (every engine's "nothing
    to run": SQLite ran it and printed nothing); anything else goes to the engine's parser."""
    text = re.sub(r"--[^\n]*|/\*.*?(\*/|$)", " ", sql, flags=re.DOTALL)
    return bool(text.replace(";", " ").strip())
