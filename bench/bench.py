"""pokersql's benchmark: pokersql's figures beside its peers', all measured in one run.

Every timing is the median of repetitions taken in this run (the machine may be
shared and noisy, so compare figures side by side, never against another run's).
Figures of one group are measured round-robin, one of each per round, so a burst
of load falls on all of them alike. Each target gets a verdict line, 'met' or
'NOT met', and a summary table closes the run; nothing here asserts a timing.

The groups (``--only GROUP`` runs one; repeat it or use commas for several):

build     Building ``hands`` (all 2,598,960 five-card hands) in DuckDB from an
          empty database, applying the files up to ``hands`` (001..008:
          ``migrations.migrate(db.engine, migrations.sql_files()[:8])``):
            - in memory: connect(None) + those files;
            - into a new file in a temporary directory: connect + files + close;
            - every file alone, as schema_history.execution_ms records it
              (whole ms) in the in-memory builds;
            - for reference, the full ``db.migrate()`` (every file, the Hold'em
              files too), in memory and into a file;
            - the whole ``pokersql --db NEW.duckdb --quiet build`` process
              (interpreter start, imports, every file, the file written),
              beside the tight eval7 loop run as a whole ``python -c`` process.
          Beside them, the peers evaluating the same 2,598,960 hands from a
          Python loop over itertools.combinations of a prebuilt deck, each
          result stored in a list:
            - eval7 (tight):   [eval7.evaluate(hand) for hand in combinations(...)]
            - eval7 (natural): for hand in combinations(...):
                                   results.append(eval7.evaluate(list(hand)))
            - phevaluator evaluate_cards(*ids); treys on a 200,000-hand random
              sample, scaled to 2,598,960; the loop alone, no evaluation.
          Targets: build (001..008) <= 2 s in memory and into a file; eval7 /
          build in memory >= 1.5x, with the faster eval7 form (the fairer to the
          peer); the whole build process no slower than the eval7 process.
sqlite    SQLite (issue #3): building ``hands`` (001..008) into a new SQLite
          file, beside the same into a DuckDB file (target: SQLite <= 30 s);
          the full migrate of each, once, makes the files the deals use. Then
          ``deal --players 4`` on those already built files: the library,
          pokersql.connect(path, engine).deal(4, seed) + close, connect
          included, and the CLI, ``python -m pokersql --engine E --db PATH deal``,
          wall time of the subprocess (interpreter start and imports included),
          beside ``python -m pokersql --version`` (the CLI doing no database
          work). Targets: SQLite deal < 0.5 s, library and CLI.
freq      ``freq --cards 7`` on DuckDB, all 133,784,560 seven-card hands:
          db.freq(7) on a migrated in-memory database (target <= 10 s); its peak
          memory, once, in a subprocess (``python -c``: connect, migrate, freq(7)),
          resource.getrusage(RUSAGE_CHILDREN).ru_maxrss, so migrate is included,
          read in a small ``python -c`` wrapper that starts it: on Linux a child's
          ru_maxrss starts from its parent's peak, which would be this benchmark's
          (target < 4 GiB); beside eval7 evaluating 500,000 seeded
          random seven-card hands (lists of eval7.Card built before timing) in a
          Python loop, scaled to 133,784,560 (target: pokersql >= 15x faster).
equity    Exact Texas Hold'em equity on DuckDB (migrated in-memory database):
          heads-up preflop AhAd vs KhKd, 1,712,304 boards (target <= 1 s), and
          AhAd vs KhKd vs QsJs, 1,370,754 boards (target <= 2 s). Beside them:
          eval7.py_hand_vs_range_monte_carlo (eval7's own compiled loop) with
          1,000,000 trials of AhAd vs HandRange('KhKd'); and, once (slow), an
          exhaustive Python loop over all 1,712,304 boards evaluating both
          seven-card hands with phevaluator.evaluate_cards. Each prints its
          equities; the exhaustive loop's wins and ties must equal pokersql's.
simulate  ``simulate --deals 2598960 --players 1`` (the 2010 article's
          experiment) on a migrated in-memory database; target <= 30 s.
holdem    freq and equity.

Slow figures (SQLite builds, freq --cards 7, simulate) take at most 3 rounds.

Run from the repository root:

    python bench/bench.py                  # 5 rounds (slow figures: 3)
    python bench/bench.py --repeat 9
    python bench/bench.py --quick          # 1 round of each: a smoke run
    python bench/bench.py --only sqlite --only equity --quick
"""

from __future__ import annotations

import argparse
import gc
import itertools
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from math import comb

import pokersql
from pokersql import migrations
from pokersql.cards import CARD_NAMES, parse_cards  # card id = (value - 2) * 4 + suit index, as phevaluator numbers them

ALL_HANDS = comb(52, 5)  # 2,598,960
ALL_SEVEN_CARD_HANDS = comb(52, 7)  # 133,784,560
HANDS_SCRIPT = "008_hands.sql"  # the files up to it build hands; the files after it are the Hold'em files
ENGINE_NAMES = {"sqlite": "SQLite", "duckdb": "DuckDB"}
ALL_FILES = f"001..{migrations.sql_files()[-1].number:03d}"  # every SQL file

TREYS_SAMPLE = 200_000
SEVEN_CARD_SAMPLE = 500_000
SIMULATE_DEALS = ALL_HANDS
SIMULATE_SEED = 2010
DEAL_PLAYERS = 4
DEAL_SEED = 2010
HEADS_UP = ("AhAd", "KhKd")
THREE_WAY = ("AhAd", "KhKd", "QsJs")
MONTE_CARLO_TRIALS = 1_000_000

BUILD_TARGET_S = 2.0
RATIO_TARGET = 1.5
SQLITE_BUILD_TARGET_S = 30.0
DEAL_TARGET_S = 0.5
FREQ7_TARGET_S = 10.0
FREQ7_MEMORY_TARGET_GIB = 4.0
FREQ7_RATIO_TARGET = 15.0
HEADS_UP_TARGET_S = 1.0
THREE_WAY_TARGET_S = 2.0
SIMULATE_TARGET_S = 30.0

GROUPS = ("build", "sqlite", "freq", "equity", "simulate")
ALIASES = {"holdem": ("freq", "equity")}


@dataclass
class Figure:
    """One measured quantity: its label, its timings in seconds, and a note."""

    label: str
    note: str = ""
    seconds: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)


@dataclass
class Verdict:
    group: str
    target: str
    measured: str
    met: bool


@dataclass
class Rounds:
    fast: int  # cheap figures
    slow: int  # figures of several seconds each


Measurement = tuple[Figure, Callable[[], float]]


def timed(action: Callable[[], object]) -> float:
    """Seconds one call of ``action`` takes (a garbage collection first, outside the timing)."""
    gc.collect()
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def measure_round_robin(measurements: list[Measurement], rounds: int, what: str = "round") -> None:
    for number in range(1, rounds + 1):
        print(f"  {what} {number}/{rounds} ...", flush=True)
        for figure, action in measurements:
            figure.seconds.append(action())


def card_ids(text: str) -> list[int]:
    """'AhAd' -> pokersql's (and phevaluator's) card ids."""
    return parse_cards(text)


def temporary_directory() -> tempfile.TemporaryDirectory:
    return tempfile.TemporaryDirectory(prefix="pokersql-bench-")


# -- pokersql: building ---------------------------------------------------------


def hands_files() -> list[migrations.SqlFile]:
    """The files up to ``hands``: 001..008."""
    files = migrations.sql_files()
    scripts = [f.script for f in files]
    if HANDS_SCRIPT not in scripts:
        raise SystemExit(f"bench: no {HANDS_SCRIPT} among the SQL files")
    return files[: scripts.index(HANDS_SCRIPT) + 1]


def record_file_seconds(db: pokersql.Database, per_file: dict[str, Figure] | None) -> None:
    """Each file's own time, as schema_history.execution_ms records it, into ``per_file``."""
    if per_file is None:
        return
    for script, milliseconds in db.engine.execute("select script, execution_ms from schema_history"):
        per_file.setdefault(script, Figure(f"  {script}", "execution_ms, whole ms")).seconds.append(milliseconds / 1000)


def build_in_memory(files: list[migrations.SqlFile] | None, per_file: dict[str, Figure] | None = None) -> float:
    """Seconds for connect(None) + applying ``files`` (None: the full migrate); each file's own time into ``per_file``."""
    started = time.perf_counter()
    db = pokersql.connect(None)
    migrations.migrate(db.engine, files)
    elapsed = time.perf_counter() - started
    record_file_seconds(db, per_file)
    db.close()
    return elapsed


def build_file(path: str, engine: str, files: list[migrations.SqlFile] | None) -> float:
    """Seconds for connect(path, engine) + applying ``files`` (None: all) + close; path must not exist."""
    started = time.perf_counter()
    db = pokersql.connect(path, engine)
    migrations.migrate(db.engine, files)
    db.close()
    return time.perf_counter() - started


def build_in_new_file(engine: str, files: list[migrations.SqlFile] | None) -> float:
    """build_file into a fresh temporary directory, removed afterwards."""
    with temporary_directory() as directory:
        return build_file(path=os.path.join(directory, f"bench.{engine}"), engine=engine, files=files)


def build_process() -> float:
    """Wall seconds of the whole ``pokersql --db NEW.duckdb --quiet build`` process."""
    with temporary_directory() as directory:
        return run_cli("--db", os.path.join(directory, "bench.duckdb"), "--quiet", "build")


EVAL7_PROCESS = """
import itertools, eval7
deck = [eval7.Card(r + s) for r in "23456789TJQKA" for s in "cdhs"]
evaluate = eval7.evaluate
results = [evaluate(hand) for hand in itertools.combinations(deck, 5)]
"""


def eval7_process() -> Callable[[], float]:
    """The tight eval7 loop as a whole process: interpreter start, import, the loop."""
    import eval7  # noqa: F401  (installed, or the peer is reported missing)

    command = [sys.executable, "-c", EVAL7_PROCESS]
    return lambda: timed(lambda: subprocess.run(command, check=True))


def migrated_in_memory() -> pokersql.Database:
    db = pokersql.connect(None)
    db.migrate()
    return db


# -- pokersql: dealing from a built file -------------------------------------------


def deal_from_library(path: str, engine: str) -> float:
    def deal() -> None:
        with pokersql.connect(path, engine) as db:
            db.deal(DEAL_PLAYERS, DEAL_SEED)

    return timed(deal)


def run_cli(*arguments: str) -> float:
    """Wall seconds of ``python -m pokersql ARGUMENTS`` in a subprocess."""
    command = [sys.executable, "-m", "pokersql", *arguments]
    return timed(lambda: subprocess.run(command, check=True, stdout=subprocess.DEVNULL))


def deal_from_cli(path: str, engine: str) -> float:
    players, seed = str(DEAL_PLAYERS), str(DEAL_SEED)
    return run_cli("--engine", engine, "--db", path, "deal", "--players", players, "--seed", seed)


# -- pokersql: freq --cards 7 -----------------------------------------------------

FREQ7_CHILD = """
import time
import pokersql
db = pokersql.connect(None)
db.migrate()
started = time.perf_counter()
result = db.freq(7)
print(time.perf_counter() - started, result.total)
"""

# Runs FREQ7_CHILD (its argv[1]) and reads the peak. A child's ru_maxrss starts from
# its parent's peak (Linux keeps it across exec, and Python spawns with vfork), so
# the benchmark, itself hundreds of MiB by then, would be read instead of the child:
# this small interpreter is the parent whose RUSAGE_CHILDREN is read.
FREQ7_WRAPPER = """
import resource, subprocess, sys
output = subprocess.run([sys.executable, "-c", sys.argv[1]], check=True, capture_output=True, text=True).stdout
print(output.strip(), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


@dataclass
class ChildPeak:
    peak_kib: int  # the wrapper's RUSAGE_CHILDREN ru_maxrss: the freq child's peak (KiB on Linux)
    freq_seconds: float
    total: int
    bench_children_kib: int  # this process's RUSAGE_CHILDREN afterwards, for contrast
    bench_self_kib: int  # this process's own peak


def freq7_peak_memory() -> ChildPeak:
    """Peak resident memory of a subprocess that migrates an in-memory database and runs freq(7)."""
    command = [sys.executable, "-c", FREQ7_WRAPPER, FREQ7_CHILD]
    seconds, total, peak = subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    bench = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return ChildPeak(int(peak), float(seconds), int(total), children, bench)


# -- the peers: five-card hands -------------------------------------------------------


def python_loop_baseline() -> Callable[[], list]:
    """The loop alone: combinations and a list of constants, what every peer's figure includes anyway."""
    deck = list(range(52))
    return lambda: [0 for _hand in itertools.combinations(deck, 5)]


def eval7_loop() -> Callable[[], list]:
    """eval7 written tight: the combination tuple straight in, a list comprehension."""
    import eval7

    deck = [eval7.Card(name) for name in CARD_NAMES]
    evaluate = eval7.evaluate
    return lambda: [evaluate(hand) for hand in itertools.combinations(deck, 5)]


def eval7_natural_loop() -> Callable[[], list]:
    """eval7 as a Python user would naturally write it: a list of cards per hand, results appended."""
    import eval7

    deck = [eval7.Card(name) for name in CARD_NAMES]

    def loop() -> list:
        results = []
        for hand in itertools.combinations(deck, 5):
            results.append(eval7.evaluate(list(hand)))
        return results

    return loop


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


def peer(
    label: str, make: Callable[[], Callable[[], object]], scale: float = 1.0, note: str = ""
) -> Measurement | None:
    """(Figure, timed action) for a peer, or None and a 'not installed' line when it is missing."""
    try:
        loop = make()
    except ImportError as e:
        print(f"  {label}: not installed ({e.name or e}); skipped")
        return None
    return Figure(label, note), lambda: timed(loop) * scale


def installed(candidates: list[Measurement | None]) -> list[Measurement]:
    return [candidate for candidate in candidates if candidate is not None]


# -- the peers: seven cards and equity -------------------------------------------------


def eval7_seven_card_sample() -> Callable[[], list]:
    """eval7 over SEVEN_CARD_SAMPLE seeded random seven-card hands, built as lists of Cards beforehand."""
    import eval7

    deck = [eval7.Card(name) for name in CARD_NAMES]
    rng = random.Random(SIMULATE_SEED)
    sample = [rng.sample(deck, 7) for _ in range(SEVEN_CARD_SAMPLE)]
    evaluate = eval7.evaluate
    return lambda: [evaluate(hand) for hand in sample]


def eval7_monte_carlo() -> Callable[[], float]:
    """Hero's equity from eval7's own Monte Carlo (compiled), heads-up, MONTE_CARLO_TRIALS trials."""
    import eval7

    hero = [eval7.Card(HEADS_UP[0][:2]), eval7.Card(HEADS_UP[0][2:])]
    villain = eval7.HandRange(HEADS_UP[1])
    return lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], MONTE_CARLO_TRIALS)


def phevaluator_exhaustive(hero: str, villain: str) -> tuple[int, int, int]:
    """(hero wins, villain wins, ties) over every five-card board, from a Python loop with phevaluator."""
    from phevaluator import evaluate_cards  # lower is better

    h1, h2 = card_ids(hero)
    v1, v2 = card_ids(villain)
    deck = [card for card in range(52) if card not in (h1, h2, v1, v2)]
    hero_wins = villain_wins = ties = 0
    for board in itertools.combinations(deck, 5):
        mine, theirs = evaluate_cards(h1, h2, *board), evaluate_cards(v1, v2, *board)
        if mine < theirs:
            hero_wins += 1
        elif theirs < mine:
            villain_wins += 1
        else:
            ties += 1
    return hero_wins, villain_wins, ties


# -- printing -----------------------------------------------------------------------


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
    import sqlite3

    print("pokersql benchmark")
    print(f"  Python {platform.python_version()}, os.cpu_count() = {os.cpu_count()}, {platform.platform()}")
    for distribution in ("pokersql", "duckdb", "sqlglot", "eval7", "phevaluator", "treys"):
        print(f"  {distribution:<12} {version_of(distribution)}")
    print(f"  SQLite {sqlite3.sqlite_version}; DuckDB threads = {duckdb_threads()}")
    print(f"  load average at start: {load_average()}")
    print()


def print_heading(group: str, what: str) -> None:
    print(f"== {group}: {what}  (load average {load_average()})")


def print_table(figures: list[Figure]) -> None:
    width = max(len(f.label) for f in figures)
    print(f"  {'figure':<{width}}  {'median s':>9}  {'min s':>8}  {'max s':>8}  {'n':>2}  note")
    print("  " + "-" * (width + 42))
    for f in figures:
        print(
            f"  {f.label:<{width}}  {f.median:>9.3f}  {min(f.seconds):>8.3f}  {max(f.seconds):>8.3f}"
            f"  {len(f.seconds):>2}  {f.note}"
        )


def verdict(verdicts: list[Verdict], group: str, target: str, measured: str, met: bool) -> None:
    """Record a target's verdict and print its line."""
    verdicts.append(Verdict(group, target, measured, met))
    print(f"  target: {target} ... {measured}: {'met' if met else 'NOT met'}")


def at_most(verdicts: list[Verdict], group: str, figure: Figure, limit: float, strictly: bool = False) -> None:
    met = figure.median < limit if strictly else figure.median <= limit
    verdict(verdicts, group, f"{figure.label} {'<' if strictly else '<='} {limit:g} s", f"{figure.median:.3f} s", met)


def print_summary(verdicts: list[Verdict]) -> None:
    print("== summary of targets (medians of this run)")
    if not verdicts:
        print("  no targets measured")
        return
    group_width = max(len("group"), *(len(v.group) for v in verdicts))
    target_width = max(len("target"), *(len(v.target) for v in verdicts))
    measured_width = max(len("measured"), *(len(v.measured) for v in verdicts))
    print(f"  {'group':<{group_width}}  {'target':<{target_width}}  {'measured':>{measured_width}}  verdict")
    print("  " + "-" * (group_width + target_width + measured_width + 14))
    for v in verdicts:
        print(
            f"  {v.group:<{group_width}}  {v.target:<{target_width}}  {v.measured:>{measured_width}}"
            f"  {'met' if v.met else 'NOT met'}"
        )
    met = sum(v.met for v in verdicts)
    print(f"  {met} of {len(verdicts)} targets met; load average at end: {load_average()}")


# -- the groups -----------------------------------------------------------------------


def run_build(rounds: Rounds, verdicts: list[Verdict]) -> None:
    print_heading("build", f"hands (001..008) from an empty DuckDB database, peers over the same {ALL_HANDS:,}")
    files = hands_files()
    per_file: dict[str, Figure] = {}
    memory = Figure("pokersql build in memory", "connect(None) + migrate 001..008")
    file = Figure("pokersql build into a file", "connect(path) + migrate 001..008 + close")
    process = Figure("pokersql build, whole process", "pokersql --db NEW.duckdb --quiet build")
    full_memory = Figure("pokersql full migrate in memory", f"connect(None) + migrate {ALL_FILES} (reference)")
    full_file = Figure("pokersql full migrate into a file", f"connect(path) + migrate {ALL_FILES} + close (reference)")
    ours: list[Measurement] = [
        (memory, lambda: build_in_memory(files, per_file)),
        (file, lambda: build_in_new_file("duckdb", files)),
        (process, build_process),
        (full_memory, lambda: build_in_memory(None)),
        (full_file, lambda: build_in_new_file("duckdb", None)),
    ]
    peers = installed(
        [
            peer("eval7 (tight)", eval7_loop, note="[evaluate(hand tuple) for hand in combinations]"),
            peer("eval7 (natural)", eval7_natural_loop, note="results.append(evaluate(list(hand)))"),
            peer("phevaluator", phevaluator_loop, note="[evaluate_cards(*ids) for ...]"),
            peer(
                "treys (scaled)",
                treys_sample_loop,
                scale=ALL_HANDS / TREYS_SAMPLE,
                note=f"{TREYS_SAMPLE:,}-hand random sample x {ALL_HANDS / TREYS_SAMPLE:.2f}",
            ),
            peer("python loop alone", python_loop_baseline, note="combinations, no evaluation"),
            peer("eval7 (tight), whole process", eval7_process, note="python -c: start, import eval7, the loop"),
        ]
    )
    measurements = ours + peers
    print(f"  {len(measurements)} figures round-robin, {rounds.fast} round(s)")
    measure_round_robin(measurements, rounds.fast)
    peer_figures = [figure for figure, _ in peers]
    print_table([memory, *per_file.values(), file, full_memory, full_file, process, *peer_figures])
    loops = [f for f in peer_figures if f.label not in ("python loop alone", "eval7 (tight), whole process")]
    print_ratios([memory, file], loops)
    at_most(verdicts, "build", memory, BUILD_TARGET_S)
    at_most(verdicts, "build", file, BUILD_TARGET_S)
    eval7_forms = [f for f in loops if f.label.startswith("eval7")]
    eval7_whole = [f for f in peer_figures if f.label == "eval7 (tight), whole process"]
    if not eval7_forms or not eval7_whole:
        print("  targets against eval7 ... eval7 not installed: n/a")
    else:
        fastest = min(eval7_forms, key=lambda f: f.median)
        ratio = fastest.median / memory.median
        target = f"eval7 / build in memory >= {RATIO_TARGET:g}x"
        verdict(verdicts, "build", target, f"{ratio:.2f}x ({fastest.label})", ratio >= RATIO_TARGET)
        ratio = eval7_whole[0].median / process.median
        target = "eval7 process / build process >= 1x"
        verdict(verdicts, "build", target, f"{ratio:.2f}x ({process.median:.3f} s vs {eval7_whole[0].median:.3f} s)", ratio >= 1)
    print()


def print_ratios(builds: list[Figure], peers: list[Figure]) -> None:
    print("  ratios (peer median / build median; > 1 means pokersql is faster):")
    for figure in peers:
        cells = ", ".join(f"{figure.median / build.median:.2f}x {build.label}" for build in builds)
        print(f"    {figure.label}: {cells}")


def run_sqlite(rounds: Rounds, verdicts: list[Verdict]) -> None:
    print_heading("sqlite", "hands (001..008) into a new SQLite file, and deal on built files, DuckDB beside")
    files = hands_files()
    sqlite_build = Figure("SQLite build into a file", "connect(path, 'sqlite') + migrate 001..008 + close")
    duckdb_build = Figure("DuckDB build into a file", "connect(path, 'duckdb') + migrate 001..008 + close")
    builds: list[Measurement] = [
        (sqlite_build, lambda: build_in_new_file("sqlite", files)),
        (duckdb_build, lambda: build_in_new_file("duckdb", files)),
    ]
    print(f"  builds round-robin, {rounds.slow} round(s)")
    measure_round_robin(builds, rounds.slow)
    with temporary_directory() as directory:
        paths = {engine: os.path.join(directory, f"built.{engine}") for engine in ("sqlite", "duckdb")}
        setups = [
            Figure(f"{ENGINE_NAMES[engine]} full migrate into a file", f"{ALL_FILES}, once: the file the deals use")
            for engine in paths
        ]
        for figure, (engine, path) in zip(setups, paths.items()):
            figure.seconds.append(build_file(path, engine, None))
        deals = deal_measurements(paths)
        print(f"  deals round-robin, {rounds.fast} round(s)")
        measure_round_robin(deals, rounds.fast)
    print_table([sqlite_build, duckdb_build, *setups, *(figure for figure, _ in deals)])
    at_most(verdicts, "sqlite", sqlite_build, SQLITE_BUILD_TARGET_S)
    at_most(verdicts, "sqlite", deals[0][0], DEAL_TARGET_S, strictly=True)
    at_most(verdicts, "sqlite", deals[2][0], DEAL_TARGET_S, strictly=True)
    print()


def deal_measurements(paths: dict[str, str]) -> list[Measurement]:
    """Library and CLI deals on each engine's built file, and the CLI's start-up alone."""
    note_library = f"connect(path) + deal({DEAL_PLAYERS}, {DEAL_SEED}) + close"
    note_cli = "python -m pokersql --engine E --db PATH deal: subprocess wall time"
    return [
        (Figure("SQLite deal, library", note_library), lambda: deal_from_library(paths["sqlite"], "sqlite")),
        (Figure("DuckDB deal, library", note_library), lambda: deal_from_library(paths["duckdb"], "duckdb")),
        (Figure("SQLite deal, CLI", note_cli), lambda: deal_from_cli(paths["sqlite"], "sqlite")),
        (Figure("DuckDB deal, CLI", note_cli), lambda: deal_from_cli(paths["duckdb"], "duckdb")),
        (Figure("  CLI start-up alone", "python -m pokersql --version"), lambda: run_cli("--version")),
    ]


def run_freq(rounds: Rounds, verdicts: list[Verdict]) -> None:
    print_heading("freq", f"freq --cards 7 on DuckDB, all {ALL_SEVEN_CARD_HANDS:,} seven-card hands, beside eval7")
    print("  peak memory: a subprocess migrating an in-memory database and running freq(7) ...", flush=True)
    peak = freq7_peak_memory()
    db = migrated_in_memory()
    results = []
    freq7 = Figure("pokersql db.freq(7)", "migrated in-memory db")
    measurements: list[Measurement] = [(freq7, lambda: timed(lambda: results.append(db.freq(7))))]
    scale = ALL_SEVEN_CARD_HANDS / SEVEN_CARD_SAMPLE
    eval7 = peer(
        "eval7 7 cards (scaled)",
        eval7_seven_card_sample,
        scale=scale,
        note=f"{SEVEN_CARD_SAMPLE:,} random 7-card lists x {scale:.2f}",
    )
    measurements += installed([eval7])
    print(f"  {len(measurements)} figures round-robin, {rounds.slow} round(s)")
    measure_round_robin(measurements, rounds.slow)
    db.close()
    child = Figure("  freq(7) in the memory subprocess", "once, cold: the subprocess's own timing", [peak.freq_seconds])
    print_table([freq7, child, *(figure for figure, _ in measurements[1:])])
    print_freq7_check(results[-1], peak)
    at_most(verdicts, "freq", freq7, FREQ7_TARGET_S)
    memory_target = f"freq(7) peak memory < {FREQ7_MEMORY_TARGET_GIB:g} GiB"
    memory_met = peak.peak_kib / 1024**2 < FREQ7_MEMORY_TARGET_GIB
    verdict(verdicts, "freq", memory_target, f"{peak.peak_kib / 1024:,.0f} MiB", memory_met)
    if eval7 is not None:
        ratio = eval7[0].median / freq7.median
        ratio_target = f"eval7 7 cards / freq(7) >= {FREQ7_RATIO_TARGET:g}x"
        verdict(verdicts, "freq", ratio_target, f"{ratio:.2f}x", ratio >= FREQ7_RATIO_TARGET)
    print()


def print_freq7_check(result: pokersql.database.FreqResult, peak: ChildPeak) -> None:
    matches = all(category.count == category.expected for category in result.categories)
    print(
        f"  freq(7): {result.total:,} hands, {result.distinct_ranks:,} distinct ranks, every category equal to"
        f" suit_reduced_seven's weights: {'yes' if matches else 'NO'}; the subprocess counted {peak.total:,}"
    )
    print(
        f"  peak memory: {peak.peak_kib:,} KiB ({peak.peak_kib / 1024:,.0f} MiB), RUSAGE_CHILDREN ru_maxrss read in a"
        " small python -c wrapper: the whole freq subprocess (interpreter, migrate, freq)"
    )
    if peak.bench_children_kib != peak.peak_kib:
        print(
            f"  (read in this benchmark process instead, RUSAGE_CHILDREN says {peak.bench_children_kib:,} KiB: a child"
            f" starts from its parent's peak, and this process's own peak is {peak.bench_self_kib:,} KiB)"
        )


def run_equity(rounds: Rounds, verdicts: list[Verdict]) -> None:
    print_heading("equity", "exact Hold'em equity on DuckDB, beside eval7's Monte Carlo and an exhaustive Python loop")
    db = migrated_in_memory()
    exact: dict[tuple[str, ...], pokersql.database.EquityResult] = {}

    def equity(hands: tuple[str, ...]) -> float:
        def run() -> None:
            exact[hands] = db.equity(*hands)

        return timed(run)

    heads_up = Figure(f"pokersql exact {' vs '.join(HEADS_UP)}", f"{comb(48, 5):,} boards, in-memory db")
    three_way = Figure(f"pokersql exact {' vs '.join(THREE_WAY)}", f"{comb(46, 5):,} boards, in-memory db")
    measurements: list[Measurement] = [(heads_up, lambda: equity(HEADS_UP)), (three_way, lambda: equity(THREE_WAY))]
    monte_carlo_equities: list[float] = []
    monte_carlo = peer(
        f"eval7 Monte Carlo {' vs '.join(HEADS_UP)}",
        lambda: record(eval7_monte_carlo(), monte_carlo_equities),
        note=f"py_hand_vs_range_monte_carlo, {MONTE_CARLO_TRIALS:,} trials (compiled loop)",
    )
    measurements += installed([monte_carlo])
    print(f"  {len(measurements)} figures round-robin, {rounds.fast} round(s)")
    measure_round_robin(measurements, rounds.fast)
    db.close()
    print("  phevaluator exhaustive loop over every heads-up board, once (slow) ...", flush=True)
    counts: list[tuple[int, int, int]] = []
    exhaustive = Figure(
        f"phevaluator exhaustive {' vs '.join(HEADS_UP)}",
        f"Python loop, {comb(48, 5):,} boards x 2 evaluate_cards(7 cards), once",
        [timed(lambda: counts.append(phevaluator_exhaustive(*HEADS_UP)))],
    )
    print_table([heads_up, three_way, *(figure for figure, _ in measurements[2:]), exhaustive])
    print_equities(exact, monte_carlo_equities, counts[0])
    at_most(verdicts, "equity", heads_up, HEADS_UP_TARGET_S)
    at_most(verdicts, "equity", three_way, THREE_WAY_TARGET_S)
    ours = exact[HEADS_UP].players
    agree = (ours[0].wins, ours[1].wins, ours[0].ties) == counts[0] and ours[0].ties == ours[1].ties
    target = "exact heads-up == exhaustive loop (wins, ties)"
    verdict(verdicts, "equity", target, "equal" if agree else "DIFFERENT", agree)
    print()


def record(action: Callable[[], float], into: list[float]) -> Callable[[], None]:
    """``action`` that also keeps each value it returns in ``into``."""
    return lambda: into.append(action())


def print_equities(exact: dict, monte_carlo: list[float], counts: tuple[int, int, int]) -> None:
    print("  equities:")
    for hands, result in exact.items():
        cells = ", ".join(
            f"{''.join(p.hand)} {p.equity:.4%} (wins {p.wins:,}, ties {p.ties:,})" for p in result.players
        )
        print(f"    pokersql exact, {result.boards:,} boards: {cells}")
    hero_wins, villain_wins, ties = counts
    boards = hero_wins + villain_wins + ties
    hero, villain = HEADS_UP
    print(
        f"    phevaluator exhaustive, {boards:,} boards: {hero} {(hero_wins + ties / 2) / boards:.4%}"
        f" (wins {hero_wins:,}, ties {ties:,}), {villain} {(villain_wins + ties / 2) / boards:.4%}"
        f" (wins {villain_wins:,}, ties {ties:,})"
    )
    if monte_carlo:
        exact_hero = exact[HEADS_UP].players[0].equity
        error = (exact_hero * (1 - exact_hero) / MONTE_CARLO_TRIALS) ** 0.5
        cells = ", ".join(f"{value:.4%} ({(value - exact_hero) / error:+.1f} s.e.)" for value in monte_carlo)
        label = f"eval7 Monte Carlo, {MONTE_CARLO_TRIALS:,} trials, {hero}, one per round (s.e. {error:.4%})"
        print(f"    {label}: {cells}")


def run_simulate(rounds: Rounds, verdicts: list[Verdict]) -> None:
    print_heading("simulate", f"simulate --deals {SIMULATE_DEALS:,} --players 1")
    figure = Figure(f"simulate {SIMULATE_DEALS:,} deals x 1 player", f"seed {SIMULATE_SEED}, migrated in-memory db")
    db = migrated_in_memory()
    simulate = (figure, lambda: timed(lambda: db.simulate(SIMULATE_DEALS, 1, SIMULATE_SEED)))
    measure_round_robin([simulate], rounds.slow, "simulate")
    db.close()
    print_table([figure])
    at_most(verdicts, "simulate", figure, SIMULATE_TARGET_S)
    print()


RUNNERS: dict[str, Callable[[Rounds, list[Verdict]], None]] = {
    "build": run_build,
    "sqlite": run_sqlite,
    "freq": run_freq,
    "equity": run_equity,
    "simulate": run_simulate,
}


# -- running -----------------------------------------------------------------------


def selected_groups(only: list[str] | None, parser: argparse.ArgumentParser) -> list[str]:
    """The groups --only names (commas or repeats, aliases expanded), in GROUPS order; all without it."""
    if not only:
        return list(GROUPS)
    wanted = set()
    for name in (part.strip() for item in only for part in item.split(",") if part.strip()):
        if name in ALIASES:
            wanted.update(ALIASES[name])
        elif name in GROUPS:
            wanted.add(name)
        else:
            parser.error(f"--only {name!r}: choose from {', '.join((*GROUPS, *ALIASES))}")
    return [group for group in GROUPS if group in wanted]


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="rounds of each figure (default 5; slow ones at most 3)")
    parser.add_argument("--quick", action="store_true", help="one round of each figure: a smoke run")
    parser.add_argument(
        "--only",
        action="append",
        metavar="GROUP",
        help=f"run only these groups ({', '.join((*GROUPS, *ALIASES))}); repeat or separate by commas",
    )
    arguments = parser.parse_args()
    if arguments.repeat < 1:
        parser.error("--repeat must be at least 1")
    if arguments.quick:
        arguments.repeat = 1
    arguments.groups = selected_groups(arguments.only, parser)
    return arguments


def main() -> None:
    arguments = parse_arguments()
    rounds = Rounds(fast=arguments.repeat, slow=min(arguments.repeat, 3))
    print_versions()
    print(f"groups: {', '.join(arguments.groups)}; {rounds.fast} round(s), slow figures {rounds.slow}")
    print()
    verdicts: list[Verdict] = []
    for group in arguments.groups:
        RUNNERS[group](rounds, verdicts)
    print_summary(verdicts)


if __name__ == "__main__":
    main()
