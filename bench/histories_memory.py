"""Does `pokersql import` keep its memory bounded as the file grows (issue 23: "memory stays
bounded on a 1 GB file")? The same seeded PokerStars text (bench/histories_generate.py) at
three sizes, up to a million hands (1.19 GB), each imported into a new DuckDB file by a process
of its own, twice: with DuckDB's default memory_limit (80% of the machine's memory), and with a
small one (--memory-limit, 256MB by default) set on the connection before the import, as a
library user sets it:

    with pokersql.connect("hands.duckdb") as db:
        db.engine.connection.execute("set memory_limit = '256MB'")
        db.import_histories(["hands.txt"])

Each line gives the seconds and the peak resident memory of the importing process and of its
reading workers (files of 8 MB and more are read by worker processes, one a core). Memory that
grows with the file under the default and not under the limit is DuckDB's buffer pool holding
the transaction's pages, which it spills past its limit; the readers' own memory is the
workers'. Nothing asserts a figure.

    .venv/bin/python bench/histories_memory.py [--hands 100000,300000,1000000] [--keep DIR] [--memory-limit 256MB]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import histories_generate  # noqa: E402

# One import in a process of its own: its own peak (ru_maxrss) is the import's alone.
CHILD = """
import json, resource, sys, time
import pokersql
text, database, limit = sys.argv[1:4]
with pokersql.connect(database) as db:
    if db.engine.read_only:
        db.engine.reopen(read_only=False)
    if limit:
        db.engine.connection.execute(f"set memory_limit = '{limit}'")
    started = time.perf_counter()
    result = db.import_histories([text])
    seconds = time.perf_counter() - started
    setting = db.engine.connection.execute("select current_setting('memory_limit')").fetchone()[0]
print(json.dumps({
    "seconds": seconds, "imported": result.imported, "memory_limit": setting,
    "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "workers": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
}))
"""


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", default="100000,300000,1000000", help="the sizes, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="a folder for the texts (reused when there)")
    parser.add_argument("--memory-limit", default="256MB", help="DuckDB's memory_limit of the limited runs")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="pokersql-memory-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"on {os.cpu_count()} cores; load average {load()}")
    print(f"{'hands':>10} {'text':>9}  {'memory_limit':<22} {'seconds':>8} {'hands/s':>8} {'peak, import':>13} {'peak, a worker':>15}  load")
    for hands in (int(size) for size in args.hands.split(",")):
        text = folder / f"generated-{hands}-{args.seed}.txt"
        if not text.exists():
            histories_generate.write(text, hands, args.seed)
        for limit in ("", args.memory_limit):
            database = folder / "memory.duckdb"
            database.unlink(missing_ok=True)
            before = load()
            done = subprocess.run([sys.executable, "-c", CHILD, str(text), str(database), limit],
                                  capture_output=True, text=True, check=True)
            figures = json.loads(done.stdout)
            assert figures["imported"] == hands, figures
            label = f"{figures['memory_limit']} ({'set' if limit else 'default'})"
            print(f"{hands:>10,} {text.stat().st_size / 2**20:>6,.0f} MiB  {label:<22} {figures['seconds']:>8.1f} "
                  f"{hands / figures['seconds']:>8,.0f} {figures['peak']:>9,.0f} MiB {figures['workers']:>11,.0f} MiB  "
                  f"{before} to {load()}", flush=True)
            database.unlink(missing_ok=True)
    if args.keep is None:
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()


if __name__ == "__main__":
    main()
