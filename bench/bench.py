"""pokersql's benchmark: building ``hands`` in SQL beside evaluating the same hands in Python.

What it measures, each figure the median of several repetitions taken in one run
(the machine is shared and noisy, so compare the figures side by side, never
against numbers from another run):

1. Building the ``hands`` table (all 2,598,960 five-card hands) in DuckDB from
   an empty database: ``pokersql.connect(None).migrate()`` in memory, and the
   same into a fresh database file in a temporary directory, closing included.
   V006 (the hands file) alone is read from ``schema_history.execution_ms``.
2. The peers evaluating the same 2,598,960 hands from a Python loop over
   ``itertools.combinations`` of a prebuilt deck of each library's cards, each
   result stored in a list: eval7, phevaluator, and treys (slow: timed on a
   random sample of hands and scaled to 2,598,960).
3. The ratios eval7 / pokersql build; targets: build <= 2 s and ratio >= 1.5x.
4. ``simulate --deals 2598960 --players 1`` (the 2010 article's experiment) on an
   already migrated in-memory database; target <= 30 s. Slow, so run fewer times.

The fast figures are measured round-robin (one of each per round), so a burst of
load on the machine falls on all of them alike. Nothing here asserts a timing.

Run from the repository root:

    python bench/bench.py              # 5 repetitions (simulate: 3)
    python bench/bench.py --repeat 9
    python bench/bench.py --quick      # 1 repetition of each, a smoke run
"""

from __future__ import annotations

import argparse
import gc
import itertools
import os
import platform
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from math import comb

import pokersql

ALL_HANDS = comb(52, 5)  # 2,598,960
RANKS = "23456789TJQKA"
SUITS = "cdhs"  # card id = (value - 2) * 4 + suit index, as pokersql and phevaluator number them
CARD_NAMES = [rank + suit for rank in RANKS for suit in SUITS]
TREYS_SAMPLE = 200_000
SIMULATE_DEALS = ALL_HANDS
SIMULATE_SEED = 2010

BUILD_TARGET_S = 2.0
RATIO_TARGET = 1.5
SIMULATE_TARGET_S = 30.0


@dataclass
class Figure:
    """One measured quantity: its label, its timings in seconds, and a note."""

    label: str
    note: str = ""
    seconds: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)


def timed(action: Callable[[], object]) -> float:
    """Seconds one call of ``action`` takes (a garbage collection first, outside the timing)."""
    gc.collect()
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


# -- pokersql ---------------------------------------------------------------


def v006_ms(db: pokersql.Database) -> int:
    rows = db.engine.execute("select execution_ms from schema_history where script = 'V006__hands.sql'")
    return rows[0][0]


def build_in_memory(v006: Figure) -> float:
    """Seconds for connect + migrate in memory; records V006's own time in ``v006``."""
    started = time.perf_counter()
    db = pokersql.connect(None)
    db.migrate()
    elapsed = time.perf_counter() - started
    v006.seconds.append(v006_ms(db) / 1000)
    db.close()
    return elapsed


def build_in_file(v006: Figure) -> float:
    """Seconds for connect + migrate + close into a new file; records V006's own time in ``v006``."""
    with tempfile.TemporaryDirectory(prefix="pokersql-bench-") as directory:
        path = os.path.join(directory, "bench.duckdb")
        started = time.perf_counter()
        db = pokersql.connect(path)
        db.migrate()
        db.close()
        elapsed = time.perf_counter() - started
        with pokersql.connect(path) as reopened:
            v006.seconds.append(v006_ms(reopened) / 1000)
    return elapsed


# -- the peers ----------------------------------------------------------------


def python_loop_baseline() -> Callable[[], list]:
    """The loop alone: combinations and a list of constants, what every peer's figure includes anyway."""
    deck = list(range(52))
    return lambda: [0 for _hand in itertools.combinations(deck, 5)]


def eval7_loop() -> Callable[[], list]:
    import eval7

    deck = [eval7.Card(name) for name in CARD_NAMES]
    evaluate = eval7.evaluate
    return lambda: [evaluate(hand) for hand in itertools.combinations(deck, 5)]


def phevaluator_loop() -> Callable[[], list]:
    from phevaluator import evaluate_cards

    deck = list(range(52))  # phevaluator's int card ids are pokersql's card ids
    return lambda: [evaluate_cards(*hand) for hand in itertools.combinations(deck, 5)]


def treys_sample_loop() -> Callable[[], list]:
    """treys over a fixed random sample of distinct hands (timing scaled to all hands later)."""
    import treys

    deck = [treys.Card.new(name) for name in CARD_NAMES]
    chosen = set(random.Random(SIMULATE_SEED).sample(range(ALL_HANDS), TREYS_SAMPLE))
    sample = [list(hand) for number, hand in enumerate(itertools.combinations(deck, 5)) if number in chosen]
    evaluator = treys.Evaluator()
    return lambda: [evaluator.evaluate([], hand) for hand in sample]


def peer(label: str, make: Callable[[], Callable[[], list]], scale: float = 1.0, note: str = ""):
    """(Figure, timed action) for a peer, or None and a 'not installed' line when it is missing."""
    try:
        loop = make()
    except ImportError as e:
        print(f"{label}: not installed ({e.name or e}); skipped")
        return None
    return Figure(label, note), lambda: timed(loop) * scale


# -- running ------------------------------------------------------------------


def version_of(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "not installed"


def duckdb_threads() -> int:
    with pokersql.connect(None) as db:
        return db.engine.execute("select current_setting('threads')")[0][0]


def load_average() -> str:
    """The 1, 5 and 15 minute load averages: other work on a shared machine skews every figure."""
    try:
        return ", ".join(f"{load:.2f}" for load in os.getloadavg())
    except OSError:
        return "unknown"


def print_versions() -> None:
    print("pokersql benchmark")
    print(f"  Python {platform.python_version()}, os.cpu_count() = {os.cpu_count()}, {platform.platform()}")
    for distribution in ("duckdb", "eval7", "phevaluator", "treys"):
        print(f"  {distribution:<12} {version_of(distribution)}")
    print(f"  DuckDB threads = {duckdb_threads()}; load average at start: {load_average()}")
    print()


def measure_round_robin(measurements: list[tuple[Figure, Callable[[], float]]], rounds: int) -> None:
    for number in range(1, rounds + 1):
        print(f"  round {number}/{rounds} ...", flush=True)
        for figure, action in measurements:
            figure.seconds.append(action())


def measure_simulate(rounds: int) -> Figure:
    figure = Figure(f"simulate {SIMULATE_DEALS:,} deals x 1 player", f"seed {SIMULATE_SEED}, migrated in-memory db")
    db = pokersql.connect(None)
    db.migrate()
    for number in range(1, rounds + 1):
        print(f"  simulate {number}/{rounds} ...", flush=True)
        figure.seconds.append(timed(lambda: db.simulate(SIMULATE_DEALS, 1, SIMULATE_SEED)))
    db.close()
    return figure


def print_table(figures: list[Figure]) -> None:
    width = max(len(f.label) for f in figures)
    print(f"{'figure':<{width}}  {'median s':>9}  {'min s':>7}  {'max s':>7}  {'n':>2}  note")
    print("-" * (width + 40))
    for f in figures:
        print(
            f"{f.label:<{width}}  {f.median:>9.3f}  {min(f.seconds):>7.3f}  {max(f.seconds):>7.3f}"
            f"  {len(f.seconds):>2}  {f.note}"
        )
    print()


def print_target(target: str, measured: str, met: bool) -> None:
    print(f"target: {target} ... {measured}: {'met' if met else 'NOT met'}")


def print_verdicts(memory: Figure, file: Figure, eval7: Figure | None, simulate: Figure) -> None:
    builds = ((memory, "in memory"), (file, "into a file"))
    for build, where in builds:
        print_target(f"build {where} <= {BUILD_TARGET_S:g} s", f"{build.median:.3f} s", build.median <= BUILD_TARGET_S)
    for build, where in builds:
        if eval7 is None:
            print(f"target: eval7 / build {where} >= {RATIO_TARGET:g}x ... eval7 not installed: n/a")
            continue
        ratio = eval7.median / build.median
        print_target(f"eval7 / build {where} >= {RATIO_TARGET:g}x", f"{ratio:.2f}x", ratio >= RATIO_TARGET)
    print_target(
        f"simulate {SIMULATE_DEALS:,} deals x 1 player <= {SIMULATE_TARGET_S:g} s",
        f"{simulate.median:.3f} s",
        simulate.median <= SIMULATE_TARGET_S,
    )


def print_ratios(builds: list[Figure], peers: list[Figure]) -> None:
    print("ratios (peer median / build median; > 1 means pokersql is faster):")
    for figure in peers:
        cells = ", ".join(f"{figure.median / build.median:.2f}x {build.label}" for build in builds)
        print(f"  {figure.label}: {cells}")
    print()


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="repetitions of each figure (default 5)")
    parser.add_argument("--quick", action="store_true", help="one repetition of each figure: a smoke run")
    arguments = parser.parse_args()
    if arguments.repeat < 1:
        parser.error("--repeat must be at least 1")
    if arguments.quick:
        arguments.repeat = 1
    return arguments


def main() -> None:
    arguments = parse_arguments()
    rounds = arguments.repeat
    simulate_rounds = 1 if arguments.quick else min(rounds, 3)
    print_versions()

    v006_memory = Figure("  V006 alone (schema_history), in memory", "execution_ms, whole ms")
    v006_file = Figure("  V006 alone (schema_history), file", "execution_ms, whole ms")
    memory = Figure("pokersql build in memory", "connect(None).migrate(), all SQL files")
    file = Figure("pokersql build into a file", "connect(path).migrate() + close, temp dir")
    measurements = [(memory, lambda: build_in_memory(v006_memory)), (file, lambda: build_in_file(v006_file))]

    candidates = [
        peer("eval7", eval7_loop, note="eval7.evaluate(hand tuple)"),
        peer("phevaluator", phevaluator_loop, note="evaluate_cards(*ids)"),
        peer(
            "treys (scaled)",
            treys_sample_loop,
            scale=ALL_HANDS / TREYS_SAMPLE,
            note=f"{TREYS_SAMPLE:,}-hand random sample x {ALL_HANDS / TREYS_SAMPLE:.2f}",
        ),
        peer("python loop alone", python_loop_baseline, note="combinations, no evaluation"),
    ]
    peers = [figure_action for figure_action in candidates if figure_action is not None]
    measurements += peers

    print(f"measuring {len(measurements)} figures round-robin, {rounds} round(s); {ALL_HANDS:,} hands each")
    measure_round_robin(measurements, rounds)
    simulate = measure_simulate(simulate_rounds)
    print(f"  load average at end: {load_average()}")
    print()

    peer_figures = [figure for figure, _ in peers]
    print_table([memory, v006_memory, file, v006_file, *peer_figures, simulate])
    print_ratios([memory, file], [f for f in peer_figures if f.label != "python loop alone"])
    eval7 = next((f for f in peer_figures if f.label == "eval7"), None)
    print_verdicts(memory, file, eval7, simulate)


if __name__ == "__main__":
    main()
