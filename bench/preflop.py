"""The exact heads-up preflop table (issue #13): its build, and equity read from it, beside the
enumeration and a peer, measured in one run.

Every figure is a median of ``--reps`` runs taken here, except the build (once: minutes); the
load average is printed with each group (the machine may be shared); nothing asserts a timing.

build    ``Database.build(preflop=True)`` on DuckDB: all 1,624,350 pairs, wall and CPU seconds.
         Beside it, eval7's exact enumeration (``py_all_hands_vs_range`` is Monte Carlo, so the
         peer is a loop of eval7.evaluate over every board) of one matchup, scaled to the 47,008
         matchups that differ up to suits, the least a table of all pairs needs.
spark    the same job, unchanged, on Spark: ``pokersql --engine spark --master local[N] build
         --preflop`` as its own process on 1 and on 2 cores (pinned to them, the JVM's own
         threads included), each on a fresh copy of one migrated warehouse; Spark's start
         (the same command with ``query "select 1"``) is measured apart and taken off. The
         table Spark wrote (Parquet files) must equal DuckDB's row for row (DuckDB reads the
         files). From the two job times, Amdahl's law
         projects a cluster of N one-core executors: the serial share s = 2*T2/T1 - 1 and
         T(N) = T1 * (s + (1 - s) / N); the projection leaves out the network, which a cluster
         adds to each shuffle (the job's shuffles carry at most a few million short rows).
lookup   equity from the table (AA v KK, QQ+,AKs v JJ-99,AQs, random v random) beside the same
         question enumerated on a database whose table is empty.

    python bench/preflop.py [--reps 3] [--db FILE]   (FILE: a built database to fill; default a
                                                      temporary copy)
                            [--spark-db DIR]         (a migrated Spark warehouse to copy;
                                                      default: migrate one, minutes)
                            [--skip-spark] [--skip-lookup]
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pokersql
from ranges import load_average, timed  # bench/ranges.py: run as python bench/preflop.py

DISTINCT_MATCHUPS = 47_008
POKERSQL = [sys.executable, "-m", "pokersql"]


def wall_seconds(command: list[str], cpus: set[int] | None = None) -> float:
    """Run ``command`` (it must succeed), on ``cpus`` only if given (the JVM it starts too):
    its wall seconds. (Not its CPU: the JVM that pyspark starts is never waited for by the
    command, so its CPU time reaches no one's rusage.)"""
    start = time.perf_counter()
    pin = (lambda: os.sched_setaffinity(0, cpus)) if cpus else None
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, preexec_fn=pin)
    return time.perf_counter() - start


def spark_runs(folder: str, warehouse: str | None, duck_path: str) -> None:
    print(f"== spark: the same job on 1 and 2 local cores  (load average {load_average()})")
    if warehouse is None:
        warehouse = str(Path(folder) / "migrated.spark")
        wall = wall_seconds([*POKERSQL, "--engine", "spark", "--db", warehouse, "--quiet", "migrate"])
        print(f"  migrate a new Spark warehouse (local[2]): {wall:.1f} s")
    jobs = {}
    for cores in (1, 2):
        copy = str(Path(folder) / f"cores{cores}.spark")
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(warehouse, copy, ignore=shutil.ignore_patterns(".pokersql.lock"))
        spark = [*POKERSQL, "--engine", "spark", "--master", f"local[{cores}]", "--db", copy, "--quiet"]
        # local[N] runs N tasks at once, but the JVM's own threads (its garbage collector, its
        # compiler) would use every core: the process is pinned to N of them.
        cpus = set(sorted(os.sched_getaffinity(0))[:cores])
        start_wall = wall_seconds([*spark, "query", "select 1"], cpus)
        wall = wall_seconds([*spark, "build", "--preflop"], cpus)
        jobs[cores] = wall - start_wall
        print(f"  local[{cores}] on CPU {', '.join(map(str, sorted(cpus)))}: build --preflop {wall:.1f} s wall, "
              f"Spark's start {start_wall:.1f} s, the job {jobs[cores]:.1f} s  (load after {load_average()})", flush=True)
        with pokersql.connect(duck_path, read_only=True) as duck:
            files = str(Path(copy) / "preflop_matchups" / "*.parquet")
            differing = duck.engine.execute(
                "select count(*) from ((select * from preflop_matchups except all select * from read_parquet(?)) "
                "union all (select * from read_parquet(?) except all select * from preflop_matchups))",
                (files, files),
            )[0][0]
            rows = duck.engine.execute("select count(*) from read_parquet(?)", (files,))[0][0]
        print(f"  local[{cores}]: {rows:,} rows written by Spark, {differing} differing from DuckDB's table")
        shutil.rmtree(copy, ignore_errors=True)
    t1, t2 = jobs[1], jobs[2]
    serial = min(1.0, max(0.0, 2 * t2 / t1 - 1))
    print(f"  speed-up on 2 cores {t1 / t2:.2f}x; Amdahl's serial share s = {serial:.2f}")
    for executors in (4, 8, 16, 32, 64):
        projected = t1 * (serial + (1 - serial) / executors)
        print(f"  projected on {executors:>2} one-core executors: {projected:8.1f} s  ({t1 / projected:.1f}x one core)")


def eval7_one_matchup() -> None:
    import eval7

    hero = [eval7.Card(c) for c in ("Ah", "Kh")]
    villain = [eval7.Card(c) for c in ("Qs", "Qd")]
    deck = [c for c in eval7.Deck().cards if c not in hero + villain]
    for board in itertools.combinations(deck, 5):
        b = list(board)
        eval7.evaluate(hero + b) - eval7.evaluate(villain + b)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--db", help="a database file to fill (default: a temporary one)")
    parser.add_argument("--spark-db", help="a migrated Spark warehouse to copy (default: migrate one)")
    parser.add_argument("--skip-spark", action="store_true")
    parser.add_argument("--skip-lookup", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        plain_path = str(Path(folder) / "plain.duckdb")
        table_path = args.db or str(Path(folder) / "preflop.duckdb")
        for path in (plain_path, table_path):
            with pokersql.connect(path) as db:
                db.migrate()

        print(f"== build: every heads-up preflop matchup  (load average {load_average()})")
        with pokersql.connect(table_path) as db:
            cpu = resource.getrusage(resource.RUSAGE_SELF)
            start = time.perf_counter()
            rows = db.build(preflop=True)
            wall = time.perf_counter() - start
            used = resource.getrusage(resource.RUSAGE_SELF)
        cpu_seconds = used.ru_utime + used.ru_stime - cpu.ru_utime - cpu.ru_stime
        print(f"  pokersql build --preflop, DuckDB: {rows:,} pairs in {wall:.1f} s wall, {cpu_seconds:.1f} s CPU, "
              f"peak RSS {used.ru_maxrss / 1024:.0f} MiB  (load after {load_average()})")
        try:
            timed(
                f"eval7 loop, 1 matchup x {DISTINCT_MATCHUPS:,} (scaled)", eval7_one_matchup, 1, DISTINCT_MATCHUPS,
                note="one core, 1,712,304 boards per matchup",
            )
        except ImportError:
            print("  eval7 not installed (pip install -e '.[bench]')")

        if not args.skip_spark:
            spark_runs(folder, args.spark_db, table_path)

        if args.skip_lookup:
            return
        print(f"== lookup against the enumeration  (load average {load_average()})")
        with pokersql.connect(table_path) as table, pokersql.connect(plain_path) as plain:
            for hands in (("AA", "KK"), ("QQ+,AKs", "JJ-99,AQs"), ("AhAd", "random")):
                timed(f"table       {' v '.join(hands)}", lambda: table.equity(*hands), args.reps)
                timed(f"enumeration {' v '.join(hands)}", lambda: plain.equity(*hands, exact=True), 1 if "random" in hands else args.reps)
            timed("table       random v random", lambda: table.equity("random", "random"), args.reps)
        print(f"  (load average {load_average()})")


if __name__ == "__main__":
    main()
