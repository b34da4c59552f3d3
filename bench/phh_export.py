"""`pokersql export --to FILE.phhs` at scale (issue 66, part 4): the imported hands written as PHH,
timed over generated six-max hands on DuckDB, and extrapolated to the issue's million.

    .venv/bin/python bench/phh_export.py [--hands 20000] [--runs 3] [--keep DIR]

The hands are bench/histories_generate.py's (seed 1), written as PokerStars text and imported
once (`pokersql import`, timed); then `export --to hands.phhs --force` runs --runs times, each a
whole process, and the median is printed, per hand, and for a million hands at that rate
beside the target (2 minutes), and the peak memory. The load average is printed before and after (the machine may
be shared); nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import os
import resource
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
TARGET_S = 120.0  # a million hands
MILLION = 1_000_000


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
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="a folder that keeps the text and the database between runs")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="pokersql-phh-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    text, database = folder / f"hands-{args.hands}.txt", folder / f"hands-{args.hands}.duckdb"
    phhs = folder / "hands.phhs"
    print(f"{os.cpu_count()} CPUs; load (1, 5, 15 min) {load()}")
    try:
        if not database.exists():
            if not text.exists():
                histories_generate.write(text, args.hands)
            seconds = timed([*POKERSQL, "--db", str(database), "-q", "import", str(text)])
            print(f"import of {args.hands:,} hands: {seconds:.1f} s (load after {load()})")
        times = [timed([*POKERSQL, "--db", str(database), "export", "--to", str(phhs), "--force"]) for _ in range(args.runs)]
        median = statistics.median(times)
        per_hand = median / args.hands
        million = per_hand * MILLION
        print(f"export to PHH of {args.hands:,} hands, {args.runs} runs: median {median:.2f} s "
              f"(min {min(times):.2f}, max {max(times):.2f}); {per_hand * 1e6:.0f} µs a hand; load after {load()}")
        print(f"the file: {phhs.stat().st_size / 1e6:,.1f} MB, {phhs.stat().st_size / args.hands:,.0f} bytes a hand; "
              f"the largest process's peak memory (import's or export's): {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1e6:,.2f} GB")
        print(f"a million hands at that rate: {million:.0f} s, target {TARGET_S:.0f} s: {'met' if million <= TARGET_S else 'NOT met'}")
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
