"""Imported with everything stored, two trees side by side (issue 66, part 5): this tree's
pokersql against another's (``/work/main``, or a ``git archive`` of an older commit).

    .venv/bin/python bench/histories_stored_side_by_side.py OTHER_TREE HANDS.txt [--rounds 1] [--keep DIR] [--only this]

As bench/report.py measures the million: a new database, ``pokersql import HANDS.txt`` (which
makes only the history tables, and so stores nothing), then ``pokersql history``, whose first
run stores every hand's payouts, history's hands, all-in EV and statistics (066, applied then);
then ``pokersql stats``. Each command a whole process, its wall time and its CPU (the child's
own and its threads', os.wait4), with ``PYTHONPATH`` set to the tree. Each round runs both trees,
the order alternating from round to round. Then the two databases' stored tables are compared
(``except all`` both ways, each table): the same rows, or the difference is printed. The load
average is printed before and after each command. Nothing here asserts a timing.

2026-11-29, 100,000 hands (seed 1), this branch against main at 4be6390: at load 2 to 4, import
and first `history` 56.1 s against 79.4 s (0.71), the history's CPU the same (65 s); at load 4
to 5 (the second core held by others' tests), 91.4 and 79.2 s against 87.3 and 83.9 s. The
stored tables the same, row for row (docs/development.md, "A new database's first read").
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
STORED = ("stored_hands", "stored_payouts", "stored_player_hands", "stored_allin_ev", "stored_hand_stats")


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def run(tree: Path, args: list[str]) -> tuple[float, float]:
    """A pokersql command run in ``tree``: (wall, CPU) seconds."""
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "pokersql", *args], env=environment,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{tree}: pokersql {' '.join(args)} failed: {process.stderr.read()}")
    return wall, usage.ru_utime + usage.ru_stime


def compare(first: Path, second: Path) -> None:
    import duckdb

    connection = duckdb.connect()
    connection.execute(f"attach '{first}' as a (read_only)")
    connection.execute(f"attach '{second}' as b (read_only)")
    for table in STORED:
        rows = connection.execute(f"select count(*) from a.{table}").fetchone()[0]
        differ = connection.execute(
            f"select count(*) from ((select * from a.{table} except all select * from b.{table}) "
            f"union all (select * from b.{table} except all select * from a.{table}))").fetchone()[0]
        print(f"  {table:<20} {rows:>9,} rows, {'the same' if not differ else f'{differ:,} rows differ'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the other tree (its pokersql/ package)")
    parser.add_argument("hands", type=Path)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="a folder for the databases (kept)")
    parser.add_argument("--only", choices=("this", "other"), help="one tree only (a million hands: twice the time)")
    args = parser.parse_args()
    trees = {"this": HERE.parent, "other": args.other.resolve()}
    folder = args.keep or Path(tempfile.mkdtemp(prefix="pokersql-stored-side-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"{os.cpu_count()} CPUs; this {trees['this']}, other {trees['other']}; {args.hands}; load {load()}")
    databases = {}
    try:
        for number in range(args.rounds):
            for name in (("this", "other") if number % 2 == 0 else ("other", "this")):
                if args.only and name != args.only:
                    continue
                database = databases[name] = folder / f"{name}.duckdb"
                database.unlink(missing_ok=True)
                db = ["--db", str(database), "-q"]
                figures = []
                for command in (["import", str(args.hands)], ["history"], ["stats"]):
                    wall, cpu = run(trees[name], [*db, *command])
                    figures.append(f"{command[0]} {wall:6.1f} s wall {cpu:6.1f} s CPU")
                total = sum(float(f.split()[1]) for f in figures[:2])
                print(f"round {number + 1} {name:<5}: {'; '.join(figures)}; import + first history {total:.1f} s; "
                      f"load after {load()}")
        if len(databases) == 2:
            compare(databases["this"], databases["other"])
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
