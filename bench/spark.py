"""Spark beside DuckDB, measured in one run: the build, ``freq --cards 7`` and exact equity.

Every timing is the median of the repetitions taken in this run, each engine's figure measured
right after the other's (round-robin), with the load average before and after: the machine may
be shared, so compare the two columns, never against another run's.

- build: every SQL file applied to a new database (``db.migrate()``): DuckDB in a new file,
  Spark into a new warehouse directory (Spark's start-up, once per process, not included;
  printed apart). The slowest figure: one round unless ``--build-rounds``.
- freq7: ``db.freq(7)``, all 133,784,560 seven-card hands, on the built databases.
- equity: exact heads-up preflop equity AhAd vs KhKd (1,712,304 boards).
- deal: ``db.deal(4, seed)`` (a deal is a query over the pipeline's whole chain of views).

Run from the repository root (``pip install -e '.[spark]'``, Java 17):

    python bench/spark.py                  # 3 rounds (build: 1)
    python bench/spark.py --rounds 1
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pokersql
from pokersql.spark_engine import spark_application

ENGINES = ("duckdb", "spark")


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--build-rounds", type=int, default=1)
    args = parser.parse_args()
    print(f"load average (1, 5, 15 min) at start: {load()}; cores: {os.cpu_count()}")
    started = time.perf_counter()
    spark = spark_application()
    print(f"Spark {spark.version} on {spark.sparkContext.master}: started in {time.perf_counter() - started:.1f} s")

    figures: dict[str, dict[str, list[float]]] = {}
    scratch = tempfile.TemporaryDirectory(prefix="pokersql-bench-spark-")
    paths = {"duckdb": str(Path(scratch.name) / "poker.duckdb"), "spark": str(Path(scratch.name) / "poker.spark")}

    def record(task: str, engine: str, seconds: float) -> None:
        figures.setdefault(task, {}).setdefault(engine, []).append(seconds)
        print(f"  {task:<8} {engine:<7} {seconds:9.2f} s   (load {load()})", flush=True)

    for round_no in range(args.build_rounds):
        for engine in ENGINES:
            path = paths[engine] if round_no == args.build_rounds - 1 else str(Path(scratch.name) / f"build{round_no}.{engine}")

            def build() -> None:
                with pokersql.connect(path, engine) as db:
                    db.migrate()

            record("build", engine, timed(build))
    databases = {engine: pokersql.connect(paths[engine], engine, read_only=True) for engine in ENGINES}
    answers: dict[str, dict[str, object]] = {}
    tasks: dict[str, Callable[[pokersql.Database], object]] = {
        "deal": lambda db: db.deal(4, 2010).to_dict(),
        "freq7": lambda db: db.freq(7).to_dict(),
        "equity": lambda db: db.equity("AhAd", "KhKd").to_dict(),
    }
    for _ in range(args.rounds):
        for task, action in tasks.items():
            for engine in ENGINES:
                db = databases[engine]
                started = time.perf_counter()
                answers.setdefault(task, {})[engine] = action(db)
                record(task, engine, time.perf_counter() - started)
    for db in databases.values():
        db.close()

    print(f"\nmedians (load average at the end: {load()})")
    print(f"{'task':<8} {'DuckDB':>10} {'Spark':>10} {'Spark/DuckDB':>13}  same answer")
    for task, by_engine in figures.items():
        duck, spark_s = (statistics.median(by_engine[e]) for e in ENGINES)
        same = "" if task == "build" else ("yes" if answers[task]["duckdb"] == answers[task]["spark"] else "NO")
        print(f"{task:<8} {duck:>9.2f}s {spark_s:>9.2f}s {spark_s / duck:>12.0f}x  {same}")
    scratch.cleanup()


if __name__ == "__main__":
    main()
