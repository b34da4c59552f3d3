"""Your own hands from Python and the CLI (issue 11): latency and batch throughput, beside
phevaluator's Python loop, all measured in one run.

Every figure is the median of repetitions taken in this run (the machine may be shared
and noisy: compare figures side by side, never against another run's). Nothing here
asserts a timing: each target gets a verdict line, 'met' or 'NOT met'.

- evaluate(): per-call latency on a built DuckDB file, the median of many calls after
  the first (target <= 2 ms); the same on SQLite for reference.
- The first evaluate of a fresh in-memory ``pokersql.connect()``, connect included,
  each in a new process (``python -c``, imports not timed) (target <= 0.5 s).
- ``pokersql --db BUILT.duckdb eval CARDS``, the whole process, wall time (target
  <= 0.3 s), beside ``python -c pass`` (the interpreter alone).
- evaluate_many on 1,000,000 random 5-, 6- and 7-card hands: from a Python list of card
  text, and from a Parquet file (card text in one column), on DuckDB; beside
  phevaluator's Python loop over the same hands (``evaluate_cards(*text.split())``),
  and its loop over card ids prepared beforehand. Peak memory of the Parquet run, in a
  child process.

Run from the repository root:

    python bench/own_hands_py.py              # 5 rounds (1M-hand figures: 3)
    python bench/own_hands_py.py --quick      # 1 round of each, 200,000 hands
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import phevaluator  # noqa: E402
import pyarrow as pa  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402

import pokersql  # noqa: E402
from pokersql.cards import CARD_NAMES  # noqa: E402

TARGETS = {"evaluate_ms": 2.0, "first_evaluate_s": 0.5, "eval_process_s": 0.3}
ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def verdict(name: str, value: float, target: float, unit: str) -> None:
    print(f"  verdict: {name} {value:.3f} {unit} (target <= {target} {unit}): {'met' if value <= target else 'NOT met'}")


def random_hands(count: int, seed: int = 11) -> list[list[int]]:
    generator = random.Random(seed)
    return [generator.sample(range(52), generator.choice((5, 6, 7))) for _ in range(count)]


def run_process(args: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(args, check=True, env=ENV, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="1 round of each, 200,000 hands")
    options = parser.parse_args()
    rounds = 1 if options.quick else options.repeat
    slow_rounds = 1 if options.quick else min(3, rounds)
    count = 200_000 if options.quick else 1_000_000
    print(f"pokersql own hands (Python, CLI); {os.cpu_count()} CPUs; load average {load()}")

    with tempfile.TemporaryDirectory() as directory:
        built = {engine: str(Path(directory) / f"built.{engine}") for engine in ("duckdb", "sqlite")}
        for engine, path in built.items():
            with pokersql.connect(path, engine=engine) as db:
                db.migrate()

        # -- evaluate(): per call, after the first ------------------------------------
        hands = random_hands(2000, seed=1)
        texts = [" ".join(CARD_NAMES[c] for c in hand) for hand in hands]
        for engine in ("duckdb", "sqlite"):
            with pokersql.connect(built[engine], engine=engine) as db:
                started = time.perf_counter()
                db.evaluate(texts[0])
                first = time.perf_counter() - started
                started = time.perf_counter()
                db.evaluate(texts[1])
                second = time.perf_counter() - started
                calls = []
                for text in texts[2:]:
                    started = time.perf_counter()
                    db.evaluate(text)
                    calls.append(time.perf_counter() - started)
            median_ms = statistics.median(calls) * 1000
            print(f"evaluate() on a built {engine} file: first {first * 1000:.1f} ms, second {second * 1000:.1f} ms "
                  f"(DuckDB: copies the lookup tables), then median {median_ms:.3f} ms of {len(calls)} calls "
                  f"(p90 {statistics.quantiles(calls, n=10)[-1] * 1000:.3f} ms); load {load()}")
            if engine == "duckdb":
                verdict("evaluate() per call", median_ms, TARGETS["evaluate_ms"], "ms")
        started = time.perf_counter()
        for hand in hands[2:]:
            phevaluator.evaluate_cards(*hand)
        print(f"  beside: phevaluator.evaluate_cards per call {(time.perf_counter() - started) / (len(hands) - 2) * 1e6:.2f} µs")

        # -- the first evaluate of a fresh in-memory database -------------------------
        code = (
            "import time, pokersql; started = time.perf_counter(); db = pokersql.connect(); "
            "db.evaluate('As Ks 7d 7c 7h 2s 9c'); print(time.perf_counter() - started)"
        )
        firsts = []
        for _ in range(rounds):
            out = subprocess.run([sys.executable, "-c", code], check=True, env=ENV, capture_output=True, text=True).stdout
            firsts.append(float(out.strip()))
        first = statistics.median(firsts)
        print(f"first evaluate of a fresh in-memory connect(): median {first:.3f} s of {rounds} processes "
              f"({', '.join(f'{x:.3f}' for x in firsts)}); load {load()}")
        verdict("first evaluate, fresh in-memory", first, TARGETS["first_evaluate_s"], "s")

        # -- pokersql eval, the whole process -----------------------------------------
        cli = [sys.executable, "-m", "pokersql", "--db", built["duckdb"], "eval", "As", "Ks", "7d", "7c", "7h", "2s", "9c"]
        processes = {"eval (table)": cli, "eval --format json": cli + ["--format", "json"], "python -c pass": [sys.executable, "-c", "pass"]}
        times: dict[str, list[float]] = {name: [] for name in processes}
        for _ in range(max(rounds, 5)):
            for name, args in processes.items():
                times[name].append(run_process(args))
        for name, values in times.items():
            print(f"`{name}` whole process: median {statistics.median(values):.3f} s of {len(values)}; load {load()}")
        verdict("pokersql eval process", statistics.median(times["eval (table)"]), TARGETS["eval_process_s"], "s")

        # -- evaluate_many throughput ---------------------------------------------------
        many = random_hands(count, seed=2)
        many_texts = [" ".join(CARD_NAMES[c] for c in hand) for hand in many]
        parquet = Path(directory) / "hands.parquet"
        pq.write_table(pa.table({"cards": many_texts}), parquet)
        figures: dict[str, list[float]] = {"evaluate_many(list)": [], "evaluate_many(Parquet)": [],
                                           "phevaluator loop (text)": [], "phevaluator loop (ids)": []}
        with pokersql.connect(built["duckdb"]) as db:
            for _ in range(slow_rounds):
                started = time.perf_counter()
                result = db.evaluate_many(many_texts)
                figures["evaluate_many(list)"].append(time.perf_counter() - started)
                started = time.perf_counter()
                from_file = db.evaluate_many(parquet)
                figures["evaluate_many(Parquet)"].append(time.perf_counter() - started)
                started = time.perf_counter()
                ranks = [phevaluator.evaluate_cards(*text.split()) for text in many_texts]
                figures["phevaluator loop (text)"].append(time.perf_counter() - started)
                started = time.perf_counter()
                [phevaluator.evaluate_cards(*hand) for hand in many]
                figures["phevaluator loop (ids)"].append(time.perf_counter() - started)
        mismatches = sum(a != b for a, b in zip(result.arrow().column("hand_rank").to_pylist(), ranks))
        mismatches += sum(a != b for a, b in zip(from_file.arrow().column("hand_rank").to_pylist(), ranks))
        print(f"{count:,} random 5-7 card hands on DuckDB (rows disagreeing with phevaluator: {mismatches}); load {load()}")
        for name, values in figures.items():
            median = statistics.median(values)
            print(f"  {name:26} median {median:7.2f} s  {count / median:12,.0f} hands/s  ({len(values)} runs)")

        code = (
            "import resource, pokersql; db = pokersql.connect(%r); r = db.evaluate_many(%r); "
            "print(len(r), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)" % (built["duckdb"], str(parquet))
        )
        out = subprocess.run([sys.executable, "-c", code], check=True, env=ENV, capture_output=True, text=True).stdout.split()
        print(f"  peak memory of evaluate_many(Parquet, {int(out[0]):,} hands) in a child process: {int(out[1]) / 1024:,.0f} MiB")
    print(f"load average at the end: {load()}; this process's peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MiB")


if __name__ == "__main__":
    main()
