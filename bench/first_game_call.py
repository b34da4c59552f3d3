"""The first game call (issue 44: "the first Omaha call on a fresh SQLite database: at most 5 s").

Each call is a new process, timed whole (wall time), and every figure is the median of
``--runs`` repetitions taken in this run (the machine may be shared and noisy: compare
figures side by side, never against another run's). Nothing here asserts a timing: the
target gets a verdict line, 'met' or 'NOT met'.

- A built database (``pokersql build``, once per engine, its time printed): for each call,
  a copy of the built file, then the first call on it and the second, each a new
  ``pokersql`` process: an Omaha eval, an Omaha equity (flop, exact), a short-deck eval.
  A first call much slower than the second would be a table built on first use.
- A fresh file (no table): the first Omaha and short-deck eval, from the CLI (which builds
  the whole database on a fresh file: one build, one line) and from the library
  (``pokersql.connect(path).evaluate(...)`` in ``python -c``, which builds what evaluating
  reads). The target is the library's first Omaha call on SQLite.

Run from the repository root:

    python bench/first_game_call.py                   # SQLite and DuckDB, 3 runs
    python bench/first_game_call.py --engines sqlite --runs 1
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
TARGET_S = 5.0
OMAHA = ("As Ks Qd Jd", "Ts 9s 2c 7h 8s")
SHORT_DECK = ("As Ks Qh Jh Th 9c 6d", "")
CALLS = {
    "omaha eval": ["eval", "--game", "omaha", OMAHA[0], "--board", OMAHA[1]],
    "omaha equity": ["equity", "--game", "omaha", "Ah Ad Kc Qc", "Js Ts 9d 8d", "--board", "2h 7h Qd"],
    "shortdeck eval": ["eval", "--game", "shortdeck", *SHORT_DECK[0].split()],
}
LIBRARY = (
    "import sys, pokersql; db = pokersql.connect(sys.argv[1], engine=sys.argv[2]); "
    "print(db.evaluate(sys.argv[3], game=sys.argv[4], board=sys.argv[5]).category)"
)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, env=ENV, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")
    return seconds


def cli(engine: str, path: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "pokersql", "--engine", engine, "--db", str(path), *args]


def library(engine: str, path: Path, game: str, cards: str, board: str) -> list[str]:
    return [sys.executable, "-c", LIBRARY, str(path), engine, cards, game, board]


def median(values: list[float]) -> str:
    return f"{statistics.median(values):7.2f} s"


def built(engine: str, folder: Path, runs: int) -> None:
    base = folder / f"built.{engine}"
    seconds = timed(cli(engine, base, "build"))
    print(f"{engine}: build of a fresh file {seconds:.1f} s ({base.stat().st_size / 1e6:.0f} MB); load {load()}")
    print(f"  {'call on a built file':<16} {'first':>9} {'second':>9}")
    for name, args in CALLS.items():
        first, second = [], []
        for run in range(runs):
            copy = folder / f"copy{run}.{engine}"
            shutil.copyfile(base, copy)
            first.append(timed(cli(engine, copy, *args)))
            second.append(timed(cli(engine, copy, *args)))
            copy.unlink()
        print(f"  {name:<20} {median(first)} {median(second)}   load {load()}")
    base.unlink()


def fresh(engine: str, folder: Path, runs: int) -> float:
    """The first call on a fresh file; returns the library's Omaha median."""
    print(f"{engine}: the first call on a fresh file (no table)")
    omaha_library = 0.0
    for game, (cards, board) in (("omaha", OMAHA), ("shortdeck", SHORT_DECK)):
        for how in ("cli", "library"):
            times = []
            for run in range(runs):
                path = folder / f"fresh{run}.{engine}"
                if how == "cli":
                    args = ["eval", "--game", game, *cards.split()] + (["--board", board] if board else [])
                    times.append(timed(cli(engine, path, *args)))
                else:
                    times.append(timed(library(engine, path, game, cards, board)))
                path.unlink()
            print(f"  {game + ' eval, ' + how:<24} {median(times)}   load {load()}")
            if (game, how) == ("omaha", "library"):
                omaha_library = statistics.median(times)
    return omaha_library


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engines", nargs="+", default=["sqlite", "duckdb"], choices=["sqlite", "duckdb"])
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    print(f"first game call, medians of {options.runs}, each call a new process; load {load()}")
    with tempfile.TemporaryDirectory(prefix="pokersql-first-call-") as tmp:
        folder = Path(tmp)
        for engine in options.engines:
            built(engine, folder, options.runs)
            seconds = fresh(engine, folder, options.runs)
            if engine == "sqlite":
                met = "met" if seconds <= TARGET_S else "NOT met"
                print(f"  verdict: the first Omaha call on a fresh SQLite file (library) {seconds:.2f} s "
                      f"(target <= {TARGET_S} s): {met}")
    print(f"load at the end {load()}")


if __name__ == "__main__":
    main()
