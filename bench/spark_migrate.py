"""A new Spark warehouse's `migrate`, as a whole process (issue 63): how long the first build
takes on this machine, Spark's start included, with the load average before and after.

    .venv/bin/python bench/spark_migrate.py [--master local[2]] [--keep DIR]

The warehouse is made in a temporary folder (``--keep DIR``: there instead, and kept). The
process runs ``pokersql --engine spark --db DIR migrate --format json``; the files it applied
are counted from that JSON. Nothing asserts a timing: the machine may be shared.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--keep", metavar="DIR", help="build the warehouse in DIR (a new folder) and keep it")
    args = parser.parse_args()
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="pokersql-bench-spark-")) / "poker.spark"
    if folder.exists():
        raise SystemExit(f"{folder} exists: --keep takes a new folder")
    print(f"cores {os.cpu_count()}, master {args.master}, load average before: {load()}", flush=True)
    command = [sys.executable, "-m", "pokersql", "--engine", "spark", "--master", args.master, "--db", str(folder), "migrate", "--format", "json"]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"migrate failed (exit {done.returncode}) after {seconds:.0f} s: {done.stderr.strip()}")
    applied = json.loads(done.stdout)
    files = len(applied if isinstance(applied, list) else applied.get("applied", []))
    size = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
    print(f"migrate of a new warehouse: {seconds:.0f} s ({seconds / 60:.1f} min), {files} files applied, {size / 1e6:.0f} MB", flush=True)
    print(f"load average after: {load()}", flush=True)
    if not args.keep:
        shutil.rmtree(folder.parent, ignore_errors=True)


if __name__ == "__main__":
    main()
