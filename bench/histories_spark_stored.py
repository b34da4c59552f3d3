"""Generated hands imported with everything stored (issue 46): Spark local[1] and local[2], DuckDB
beside them in the same run, at two sizes, with a projection to 1,000,000 hands per core count.

    .venv/bin/python bench/histories_spark_stored.py [--sizes 2000,5000] [--warehouse DIR] [--keep DIR]

Each import is `pokersql import` as a whole process into a fresh copy of a migrated database (the
stored tables of 066 there, empty): it writes the hands' rows of 028's tables, then stores their
payouts, their rows of history_player_hands, their all-in EV and their statistics
(pokersql/histories/stored.py). Spark's JVM start is measured apart (a first trivial statement
in a process of its own) and left out of its rates. After each import, stored_hands must hold
every hand, and `pokersql stats --format json` (which reads stored_hand_stats) must be the same
JSON on every engine.

The projection: per engine, a straight line through the two sizes, T(hands) = fixed + hands x
per-hand (both sizes one chunk of stored.CHUNK_HANDS, 10,000 hands). The fixed part is the
chunk's (the plans Spark makes a chunk, for one hand as for 10,000), so 1,000,000 hands, 100
chunks, are projected as 100 x fixed + 1,000,000 x per-hand. A projection, not a measurement:
the machine is shared (the load average is printed at each step).
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
import histories_generate  # noqa: E402  (bench/, beside this file)

POKERSQL = [sys.executable, "-m", "pokersql"]
CHUNK_HANDS = 10_000  # pokersql.histories.stored.CHUNK_HANDS: the hands stored together
MASTERS = ("local[1]", "local[2]")
OPEN = "import sys, pokersql; pokersql.connect(sys.argv[1], 'spark', master=sys.argv[2]).engine.execute('select 1')"
# the hands stored_hands holds, and those of history_hands (which must be the same)
HELD = ("import sys, pokersql; db = pokersql.connect(sys.argv[1], sys.argv[2], **({'master': 'local[2]'} if sys.argv[2] == 'spark' else {}));"
        " print(db.engine.execute('select (select count(*) from stored_hands), (select count(*) from history_hands)')[0])")


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def run(command: list[str]) -> tuple[float, str]:
    started = time.perf_counter()
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    return time.perf_counter() - started, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="2000,5000", help="the hands of each import, by commas (two or more)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warehouse", type=Path, help="a migrated Spark warehouse to copy (else one is built here)")
    parser.add_argument("--masters", default=",".join(MASTERS))
    parser.add_argument("--keep", type=Path, help="a folder to keep the texts and the databases in")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    masters = [master for master in args.masters.split(",") if master]
    folder = args.keep or Path(tempfile.mkdtemp(prefix="pokersql-spark-stored-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"sizes {sizes}, seed {args.seed}, on {os.cpu_count()} cores; {load()}", flush=True)
    template = args.warehouse
    if template is None:
        template = folder / "template.spark"
        shutil.rmtree(template, ignore_errors=True)
        seconds, _ = run([*POKERSQL, "--db", str(template), "--engine", "spark", "migrate"])
        print(f"a Spark warehouse migrated (once, copied for each import): {seconds:.0f} s; {load()}", flush=True)
    duck_template = folder / "template.duckdb"
    duck_template.unlink(missing_ok=True)
    run([*POKERSQL, "--db", str(duck_template), "migrate"])

    engines = ["duckdb", *masters]
    opened = {master: run([sys.executable, "-c", OPEN, str(template), master])[0] for master in masters}
    seconds: dict[str, dict[int, float]] = {engine: {} for engine in engines}
    for size in sizes:
        text = folder / f"generated-{size}.txt"
        histories_generate.write(text, size, args.seed)
        stats = {}
        for engine in engines:
            path = folder / (f"{size}.duckdb" if engine == "duckdb" else f"{size}-{engine.strip('local[]')}.spark")
            shutil.rmtree(path, ignore_errors=True) if path.is_dir() else path.unlink(missing_ok=True)
            options = ["--engine", "duckdb"] if engine == "duckdb" else ["--engine", "spark", "--master", engine]
            if engine == "duckdb":
                shutil.copy(duck_template, path)
            else:
                shutil.copytree(template, path)
            taken, _ = run([*POKERSQL, "--db", str(path), *options, "--quiet", "import", str(text)])
            seconds[engine][size] = taken - opened.get(engine, 0.0)
            _, held = run([sys.executable, "-c", HELD, str(path), "duckdb" if engine == "duckdb" else "spark"])
            if held.split() != [f"({size},", f"{size})"]:
                raise SystemExit(f"{engine}: stored_hands, history_hands: {held.strip()}, not {size} each")
            _, out = run([*POKERSQL, "--db", str(path), *options, "--quiet", "stats", "--format", "json"])
            stats[engine] = json.loads(out)
            print(f"{engine}, {size:,} hands: import {taken:.1f} s (JVM start {opened.get(engine, 0.0):.1f} s left out: "
                  f"{size / seconds[engine][size]:,.0f} hands/s); every hand stored; {load()}", flush=True)
        same = all(s == stats["duckdb"] for s in stats.values())
        print(f"{size:,} hands: stats' JSON {'the same on every engine' if same else 'DIFFERS'}", flush=True)
        if not same:
            raise SystemExit("stats' JSON differs between the engines")

    print(f"\n| engine | {' | '.join(f'{size:,} hands' for size in sizes)} | fixed (a chunk's) | per 1,000 hands | 1,000,000 hands |")
    print(f"|---|{'---:|' * (len(sizes) + 3)}")
    for engine in engines:
        first, last = sizes[0], sizes[-1]
        per_hand = max(0.0, (seconds[engine][last] - seconds[engine][first]) / (last - first))
        fixed = max(0.0, seconds[engine][first] - per_hand * first)
        million = fixed * -(-1_000_000 // CHUNK_HANDS) + per_hand * 1_000_000
        cells = " | ".join(f"{seconds[engine][size]:.1f} s ({size / seconds[engine][size]:,.0f}/s)" for size in sizes)
        print(f"| {engine} | {cells} | {fixed:.1f} s | {per_hand * 1000:.1f} s | {million / 3600:.1f} h ({1_000_000 / million:,.0f}/s) |")
    print(f"{load()} at the end")
    if args.keep is None:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
