"""The hand-history reading of two trees of pokersql, side by side (issue 45's "import speed no
worse than today's"): this tree's against another's (a `git worktree` of an older commit).

    git worktree add --detach /tmp/old-import 19e2ccc^
    .venv/bin/python bench/histories_side_by_side.py /tmp/old-import [--hands 50000] [--rounds 5]
    git worktree remove /tmp/old-import

The text is the real Pluribus hands of tests/histories/ repeated with new hand numbers up to
--hands (``histories_import.write_text``). Each round runs one process per tree, the two trees'
order alternating from round to round; each process imports pokersql from its tree and times,
in that one process (no worker processes), three passes over the same file:

- parse: ``read_hands``, every hand read and checked;
- parse+CSV: the same hands made lines of CSV (``store.Batch.of``, as DuckDB's import makes them);
- parse+write: the same into the tables of 028 (and the columns later files add) of a new DuckDB
  file (``store.write_batches`` and the commit; the tables made before the clock starts). The
  stored tables of 066 (payouts, all-in EV, statistics, which `pokersql import` fills after the
  write since issue 46) are not filled: they are not the reading's work.

Each figure is the CPU time of the process (DuckDB's threads included) and the wall time, in
microseconds a hand; the lines give the medians of the rounds, and the load average before and
after. Compare only the figures of one run: the machine is shared. Against 19e2ccc^ (2026-11-27,
load 2.5 to 3.5): the reading 0.92 times the old code's CPU, with the CSV lines 0.87, with
DuckDB's write 0.97 (docs/development.md, "Issue 45 ... measured side by side").
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
STAGES = ("parse", "parse+CSV", "parse+write")


def child(tree: str, text: str, folder: str) -> None:
    """One tree's three passes over ``text``; prints them as JSON (seconds of CPU and of wall)."""
    sys.path[0] = tree  # not this folder: its modules' names are not pokersql's
    import pokersql
    from pokersql import migrations
    from pokersql.histories import read_hands, store

    assert pokersql.__file__.startswith(tree), (pokersql.__file__, tree)
    figures: dict[str, tuple[float, float]] = {}

    def timed(stage: str, work) -> None:
        cpu, wall = time.process_time(), time.perf_counter()
        count = work()
        figures[stage] = (time.process_time() - cpu, time.perf_counter() - wall, count)

    timed("parse", lambda: sum(1 for _ in read_hands([text])))
    timed("parse+CSV", lambda: sum(len(batch.starts) for batch in store.Batch.of(read_hands([text]), True)))
    target = Path(folder) / f"{os.getpid()}.duckdb"
    with pokersql.connect(str(target), engine="duckdb") as db:
        engine = db.engine
        with engine.transaction(immediate=True):
            migrations.migrate(engine, files=migrations.files_for(store.TABLES, migrations.sql_files()), in_transaction=True)

        def write() -> int:
            with engine.transaction(immediate=True):
                return store.write_batches(engine, store.Batch.of(read_hands([text]), engine.appends_csv)).hands

        timed("parse+write", write)
    target.unlink()
    print(json.dumps(figures))


def run(tree: str, text: Path, folder: Path) -> dict[str, list[float]]:
    env = {**os.environ, "PYTHONPATH": tree}
    done = subprocess.run([sys.executable, str(HERE), "--child", tree, str(text), str(folder)], env=env,
                          capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"the {tree} tree's pass failed:\n{done.stderr}")
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", nargs="?", help="the other tree (a git worktree of the older commit)")
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    if not args.old:
        parser.error("give the other tree")
    sys.path.insert(0, str(HERE.parent))
    from histories_import import write_text

    trees = {"old": str(Path(args.old).resolve()), "new": str(HERE.parents[1])}
    with tempfile.TemporaryDirectory(prefix="pokersql-side-") as name:
        folder = Path(name)
        text = folder / "hands.txt"
        write_text(text, args.hands)
        print(f"{args.hands:,} hands (Pluribus repeated), {text.stat().st_size / 1e6:.0f} MB; old {trees['old']}, new {trees['new']}")
        print(f"load average before: {' '.join(f'{load:.2f}' for load in os.getloadavg())} on {os.cpu_count()} cores")
        figures = {tree: {stage: [] for stage in STAGES} for tree in trees}
        for round_no in range(args.rounds):
            for tree in (("old", "new") if round_no % 2 == 0 else ("new", "old")):
                got = run(trees[tree], text, folder)
                for stage in STAGES:
                    cpu, wall, count = got[stage]
                    assert count == args.hands, (tree, stage, count)
                    figures[tree][stage].append((cpu, wall))
            print(f"  round {round_no + 1}: load {os.getloadavg()[0]:.2f}", flush=True)
        print(f"{'us a hand, medians of ' + str(args.rounds):30} {'old CPU':>8} {'new CPU':>8} {'ratio':>6}   {'old wall':>8} {'new wall':>8} {'ratio':>6}")
        for stage in STAGES:
            old_cpu, new_cpu, old_wall, new_wall = (
                statistics.median(pair[column] for pair in figures[tree][stage]) * 1e6 / args.hands
                for column, tree in ((0, "old"), (0, "new"), (1, "old"), (1, "new"))
            )
            print(f"{stage:30} {old_cpu:8.1f} {new_cpu:8.1f} {new_cpu / old_cpu:6.2f}   {old_wall:8.1f} {new_wall:8.1f} {new_wall / old_wall:6.2f}")
        print(f"load average after: {' '.join(f'{load:.2f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main()
