"""``pokersql arrange`` (issue 48: "Target: `arrange` in at most 5 s").

Each figure is the median of ``--runs`` repetitions taken in this run (the machine may be
shared and noisy: compare figures side by side, never against another run's). Nothing here
asserts a timing: the target gets a verdict line, 'met' or 'NOT met'.

For each engine, on a built database (``pokersql build`` into a temporary folder, its time
printed, or the file given with ``--duckdb`` / ``--sqlite``), for each hand:
- the whole command, ``python -m pokersql arrange CARDS`` as a new process (interpreter
  start, imports and the query: what a user waits for), wall time; the target is this;
- the library call alone, ``chinese.arrange(ctx, cards)`` in this process, the database
  open and its views current (the SQL of chinese_arrangements, 048, and reading the rows).

Run from the repository root:

    python bench/chinese_arrange.py                     # DuckDB and SQLite, 3 runs
    python bench/chinese_arrange.py --engines sqlite --runs 5 --sqlite poker.sqlite
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from first_game_call import ROOT, load, timed  # this folder's: the process timed whole, the load

sys.path.insert(0, str(ROOT))

import pokersql  # noqa: E402
from pokersql import chinese  # noqa: E402

TARGET_S = 5.0
HANDS = {
    "royal flush, trips, pairs": "As Ks Qs Js Ts 9h 9d 9c 5h 5d 3c 2c 2d",
    "six pairs": "Ah Ad Kc Kd Qh Qs Jc Jd 8h 8s 5c 5d 2h",
    "thirteen values": "Ac Kd Qh Js 9c 8d 7h 5s 4c 3d 2h 6s Tc",
}


def built(engine: str, given: str | None, folder: Path) -> Path:
    if given:
        return Path(given)
    path = folder / f"built.{engine}"
    seconds = timed([sys.executable, "-m", "pokersql", "--engine", engine, "--db", str(path), "--quiet", "build"])
    print(f"{engine}: build of a fresh file {seconds:.1f} s")
    return path


def library_seconds(engine: str, path: Path, cards: str, runs: int) -> list[float]:
    times = []
    with pokersql.connect(str(path), engine=engine) as database:
        chinese.arrange(database.context, cards)  # the views made current, once, before timing
        for _ in range(runs):
            started = time.perf_counter()
            chinese.arrange(database.context, cards)
            times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default="duckdb,sqlite", help="comma-separated: duckdb, sqlite")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--duckdb", metavar="PATH", help="a built DuckDB file to use (else one is built)")
    parser.add_argument("--sqlite", metavar="PATH", help="a built SQLite file to use (else one is built)")
    options = parser.parse_args()
    worst = 0.0
    with tempfile.TemporaryDirectory(prefix="pokersql-arrange-") as folder:
        for engine in options.engines.split(","):
            path = built(engine, getattr(options, engine), Path(folder))
            print(f"{engine}: median of {options.runs} runs; load {load()}")
            print(f"  {'hand':<28} {'command':>9} {'library':>9}")
            for name, cards in HANDS.items():
                command = [sys.executable, "-m", "pokersql", "--engine", engine, "--db", str(path), "arrange", *cards.split()]
                whole = statistics.median(timed(command) for _ in range(options.runs))
                alone = statistics.median(library_seconds(engine, path, cards, options.runs))
                worst = max(worst, whole)
                print(f"  {name:<28} {whole:7.2f} s {alone:7.2f} s")
    verdict = "met" if worst <= TARGET_S else "NOT met"
    print(f"target: arrange (the whole command) <= {TARGET_S:g} s on every engine and hand: {verdict} (slowest median {worst:.2f} s)")


if __name__ == "__main__":
    main()
