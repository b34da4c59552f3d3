"""Peak memory (RSS) of two large pokersql runs, each in a process of its own, against 1 GiB.

    python bench/memory.py              # both
    python bench/memory.py equity       # one of: equity, query

- equity: ``pokersql equity AhAd KhKd --trials 10000000 --seed 3`` (Monte Carlo, streamed
  in slices of pokersql.database.EQUITY_SLICE runouts).
- query: ``pokersql query "select * from hands a, (select * from cards limit 52) b"
  --format csv > /dev/null``: 2,598,960 x 52 = 135,145,920 rows, streamed.

Each command runs under a small Python parent that waits for it and reads
``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss``: the peak of that one command only.
The database is built first, in a temporary directory, and is not measured.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LIMIT_MIB = 1024

COMMANDS = {
    "equity": ["equity", "AhAd", "KhKd", "--trials", "10000000", "--seed", "3", "--format", "json"],
    "query": ["query", "select * from hands a, (select * from cards limit 52) b", "--format", "csv"],
}

# Runs one command with stdout to /dev/null; prints its exit status, peak RSS (KiB on Linux) and seconds.
MEASURE = """
import json, resource, subprocess, sys, time
started = time.perf_counter()
status = subprocess.run(json.loads(sys.argv[1]), stdout=subprocess.DEVNULL).returncode
print(json.dumps([status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, time.perf_counter() - started]))
"""


def pokersql(*args: str) -> list[str]:
    return [sys.executable, "-m", "pokersql", *args]


def measure(database: str, args: list[str]) -> tuple[int, float, float]:
    """(exit status, peak RSS in MiB, seconds) of one pokersql run."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, json.dumps(pokersql("--quiet", "--db", database, *args))],
        capture_output=True, text=True, check=True,
    )
    status, peak_kib, seconds = json.loads(done.stdout)
    return status, peak_kib / 1024, seconds


def main(names: list[str]) -> int:
    names = names or list(COMMANDS)
    with tempfile.TemporaryDirectory() as directory:
        database = str(Path(directory) / "memory.duckdb")
        started = time.perf_counter()
        subprocess.run(pokersql("--quiet", "--db", database, "build"), check=True, stdout=subprocess.DEVNULL)
        print(f"built {database} in {time.perf_counter() - started:.1f} s (not measured)")
        print(f"{'run':<8} {'peak RSS':>10} {'target':>9} {'seconds':>8}  result")
        failed = False
        for name in names:
            status, peak, seconds = measure(database, COMMANDS[name])
            verdict = "ok" if status == 0 and peak < LIMIT_MIB else ("FAILED (exit %d)" % status if status else "OVER")
            failed |= verdict != "ok"
            print(f"{name:<8} {peak:>6.0f} MiB {LIMIT_MIB:>5} MiB {seconds:>8.1f}  {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
