"""The tracker's reads at scale (issue 66): `history`, `stats` and `report` over a million
generated six-max hands, each a whole process, on DuckDB.

    .venv/bin/python bench/report.py [--hands 1000000] [--runs 3] [--keep DIR]

The hands are bench/histories_generate.py's (seed 1), written as PokerStars text and imported
once (`pokersql import`, timed, with everything stored at import); then each command runs
once, its time printed apart (the first read after an import on a database that had stored
nothing stores every hand's rows then: minutes for a million), then --runs times, taking turns,
and the median is printed beside its target: `history` at most 2 s,
`stats` 2 s, `report` 5 s (the issue's); then `export --to FILE.phhs`, once (target 2 minutes). The report is of the player in the most hands. The
load average is printed before and after; nothing here asserts a timing.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
import histories_generate  # noqa: E402  (bench/, beside this file)

POKERSQL = [sys.executable, "-m", "pokersql"]
TARGETS = {"history": 2.0, "stats": 2.0, "report": 5.0}
EXPORT_TARGET = 120.0  # export --to FILE.phhs of the million, once


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="a folder that keeps the text and the database between runs")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="pokersql-report-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    text, database = folder / f"hands-{args.hands}.txt", folder / f"hands-{args.hands}.duckdb"
    print(f"{os.cpu_count()} CPUs; load (1, 5, 15 min) {load()}")
    try:
        if not database.exists():
            if not text.exists():
                histories_generate.write(text, args.hands)
            seconds = timed([*POKERSQL, "--db", str(database), "-q", "import", str(text)])
            print(f"import of {args.hands:,} hands: {seconds:.0f} s (load after {load()})")
        db = ["--db", str(database)]
        page = folder / "report.html"
        commands = {
            "history": [*POKERSQL, *db, "history"],
            "stats": [*POKERSQL, *db, "stats"],
            "report": [*POKERSQL, *db, "report", "--to", str(page), "--force"],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for name, command in commands.items():  # the first of each, apart: the first read after an import
            print(f"{name:<8} first run {timed(command):7.2f} s")  # stores what import left to store
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(timed(command))
        print(f"{args.runs} runs of each, taking turns, over {args.hands:,} hands; load after {load()}")
        for name, values in times.items():
            median, target = statistics.median(values), TARGETS[name]
            print(f"{name:<8} median {median:6.2f} s  (min {min(values):.2f}, max {max(values):.2f})  "
                  f"target {target:g} s: {'met' if median <= target else 'NOT met'}")
        print(f"the report's page: {page.stat().st_size / 1e3:,.0f} kB")
        phhs = folder / "hands.phhs"
        seconds = timed([*POKERSQL, *db, "-q", "export", "--to", str(phhs), "--force"])
        print(f"export --to hands.phhs: {seconds:.1f} s, once ({phhs.stat().st_size / 1e6:,.0f} MB); target {EXPORT_TARGET:g} s: "
              f"{'met' if seconds <= EXPORT_TARGET else 'NOT met'}; load after {load()}")
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
