"""Your own hands in SQL (issue #11): the 027 macros ranking random seven-card hands read from
a Parquet file (card text in one column, and the same cards as seven card_id columns), the
SQLite recipe on the same hands, beside Python loops of phevaluator and eval7 and
poker-equity's batch scorer.

    python bench/own_hands_sql.py [--hands 10000000] [--reps 3] [--before /work/main]

Each DuckDB figure is taken on a database built by this tree ("after") and, side by side in the
same run, alternating, on one built by another checkout (--before, default /work/main, with its
own Python; "before"; --before '' for none). A macro the other checkout lacks is not run there.

Each DuckDB figure runs in a child process (its peak RSS is that process's): DuckDB opens a
built database read-only and reads the file with read_parquet. best_five, much slower, runs on
the first tenth of the hands and is scaled (a note says so). SQLite runs the hand_ranks recipe
as printed for it (its macro written in) over a temp table holding the first million hands (loading
them is not timed). Peers loop over a 200,000-hand sample of the same hands, scaled to the full
count. Medians of --reps runs; the load average is printed. Nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SAMPLE = 200_000
RANKS, SUITS = "23456789TJQKA", "cdhs"

# The child's peak is its VmHWM (KiB), not its ru_maxrss: Linux keeps ru_maxrss across exec,
# so a child's would start from this process's peak (the hands it wrote, gigabytes).
CHILD = """
import json, sys, time, duckdb
database, parquet, sql = sys.argv[1:4]
connection = duckdb.connect(database, read_only=True)
connection.execute("set enable_progress_bar = false")
started = time.perf_counter()
result = connection.execute(sql.replace("FILE", parquet)).fetchall()
elapsed = time.perf_counter() - started
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(json.dumps([elapsed, peak, int(result[0][0])]))
"""

# label: (SQL, the share of the hands it reads)
QUERIES = {
    "hand_rank(cards)": ("select sum(hand_rank(cards)) from read_parquet('FILE')", 1),
    "hand_rank(cards), memory_limit 1GB": (
        "set memory_limit = '1GB'; select sum(hand_rank(cards)) from read_parquet('FILE')", 1),
    "hand_rank + hand_category": (
        "select sum(hand_rank(cards)), count(hand_category(cards)) from read_parquet('FILE')", 1),
    "hand_ranks(long rows)": (
        ("create temp view long_rows as select hand_id, unnest(hand_card_ids(cards)) as card_id"
         " from read_parquet('FILE'); select sum(hand_rank) from hand_ranks(long_rows)"), 1),
    "best_five(cards)": (
        "select count(best_five(cards)) from read_parquet('FILE') where hand_id < TENTH", 10),
    # The same cards as seven TINYINT card_id columns (issue 22: >= 6,000,000 hands/s).
    "hand_class_of_cards(7 card_id columns)": (
        "select sum(hand_class_of_cards(card_0, card_1, card_2, card_3, card_4, card_5, card_6).hand_rank)"
        " from read_parquet('FILE')", 1),
    "hand_class_of(list of the 7 columns)": (
        "select sum(hand_class_of([card_0, card_1, card_2, card_3, card_4, card_5, card_6]::integer[]).hand_rank)"
        " from read_parquet('FILE')", 1),
}
SQLITE_HANDS = 1_000_000


def load_average() -> str:
    return ", ".join(f"{load:.2f}" for load in os.getloadavg())


def write_hands(path: Path, count: int, seed: int = 11) -> list[list[int]]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    generator = random.Random(seed)
    hands = [generator.sample(range(52), 7) for _ in range(count)]
    text = [" ".join(RANKS[c // 4] + SUITS[c % 4] for c in hand) for hand in hands]
    # Row groups of DuckDB's own size, so that both cores read the file (one group per million
    # rows, pyarrow's default, would leave a core idle on small files).
    columns = {f"card_{i}": pa.array([hand[i] for hand in hands], pa.int8()) for i in range(7)}
    pq.write_table(pa.table({"hand_id": list(range(count)), "cards": text, **columns}), path, row_group_size=122_880)
    return hands[:SAMPLE]


def sqlite_hands(folder: str, parquet: Path, count: int, reps: int) -> None:
    """The SQLite recipe over a temp table of the first ``count`` hands (loading not timed)."""
    import sqlite3

    import pyarrow.parquet as pq

    import pokersql
    from pokersql import shell_sql

    database = Path(folder) / "bench.sqlite"
    with pokersql.connect(str(database), engine="sqlite") as db:
        db.migrate()
    table = pq.read_table(parquet).slice(0, count)
    rows = list(zip(table.column("hand_id").to_pylist(), table.column("cards").to_pylist()))
    recipe = shell_sql.recipe_text("hand_ranks", "sqlite")  # what `pokersql sql --recipe` prints
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    connection.execute("create temp table my_hands (hand_id integer, cards text)")
    connection.executemany("insert into my_hands values (?, ?)", rows)
    runs = []
    for _ in range(reps):
        started = time.perf_counter()
        ranked = connection.execute(recipe).fetchall()
        runs.append(time.perf_counter() - started)
    assert len(ranked) == count
    seconds = statistics.median(runs)
    print(f"  sqlite3 {'hand_ranks.sqlite.sql recipe':<41} {'':>6} {seconds:9.3f} {count / seconds:12,.0f} {'':>10}"
          f"  ({count:,} hands in a table; target >= 200,000 hands/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--before", default="/work/main", help="another checkout ('' for none)")
    parser.add_argument("--before-python", default=None, help="its Python [default: BEFORE/.venv/bin/python]")
    args = parser.parse_args()
    import pokersql

    with tempfile.TemporaryDirectory() as folder:
        database, parquet = Path(folder) / "bench.duckdb", Path(folder) / "hands.parquet"
        with pokersql.connect(str(database)) as db:
            db.migrate()
        databases = {"after": database}
        if args.before:
            before = Path(args.before)
            databases = {"before": Path(folder) / "before.duckdb", "after": database}
            code = f"import pokersql\nwith pokersql.connect({str(databases['before'])!r}) as db: db.migrate()"
            subprocess.run([args.before_python or str(before / ".venv" / "bin" / "python"), "-c", code], check=True,
                           cwd=folder, env={**os.environ, "PYTHONPATH": str(before)})
        started = time.perf_counter()
        sample = write_hands(parquet, args.hands)
        print(f"{args.hands:,} random seven-card hands written to Parquet in {time.perf_counter() - started:.1f} s"
              f" (not measured); load average {load_average()}, {os.cpu_count()} cores")
        if args.before:
            print(f"  before: a database built by {args.before}; after: by this tree; run alternately, same DuckDB")
        print(f"  {'figure':<49} {'':>6} {'median s':>9} {'hands/s':>12} {'peak RSS':>10}")
        checksums = set()
        for label, (sql, share) in QUERIES.items():
            runs: dict[str, list] = {name: [] for name in databases}
            for _ in range(args.reps):
                for name, path in databases.items():
                    if runs[name] is None:
                        continue
                    child = subprocess.run([sys.executable, "-c", CHILD, str(path), str(parquet),
                                            sql.replace("TENTH", str(args.hands // share))],
                                           capture_output=True, text=True)
                    if child.returncode and name != "after":
                        runs[name] = None  # a macro this checkout lacks
                        continue
                    assert child.returncode == 0, child.stderr
                    runs[name].append(json.loads(child.stdout))
            for name, taken in runs.items():
                if taken is None:
                    print(f"  pokersql {label:<40} {name:>6} {'(no such macro there)':>34}")
                    continue
                seconds = statistics.median(run[0] for run in taken) * share
                peak = max(run[1] for run in taken) / 1024
                if share == 1:
                    checksums.add(taken[0][2])
                note = f"  (first {args.hands // share:,} hands, scaled)" if share > 1 else ""
                print(f"  pokersql {label:<40} {name:>6} {seconds:9.3f} {args.hands / seconds:12,.0f} {peak:8.0f} MiB{note}")
        assert len(checksums) == 1, f"the macro paths disagree: {checksums}"
        sqlite_hands(folder, parquet, min(args.hands, SQLITE_HANDS), args.reps)
        peers = []
        try:
            from phevaluator import evaluate_cards

            peers.append(("phevaluator loop", lambda: [evaluate_cards(*hand) for hand in sample]))
        except ImportError:
            print("  phevaluator: not installed")
        try:
            import eval7

            cards7 = [[eval7.Card(RANKS[c // 4] + SUITS[c % 4]) for c in hand] for hand in sample]
            peers.append(("eval7 loop", lambda: [eval7.evaluate(hand) for hand in cards7]))
        except ImportError:
            print("  eval7: not installed")
        try:
            from poker_equity import score_batch  # PyPI poker-equity

            joined = ["".join(RANKS[c // 4] + SUITS[c % 4] for c in hand) for hand in sample]
            peers.append(("poker-equity score_batch", lambda: score_batch("high", joined)))
        except ImportError:
            print("  poker-equity: not installed")
        for label, loop in peers:
            runs = []
            for _ in range(args.reps):
                started = time.perf_counter()
                loop()
                runs.append(time.perf_counter() - started)
            seconds = statistics.median(runs) * args.hands / len(sample)
            print(f"  {label:<49} {'':>6} {seconds:9.3f} {args.hands / seconds:12,.0f} {'':>10}  ({len(sample):,}-hand sample, scaled)")
        print("  targets (issue #22): hand_rank(cards) >= 2,500,000 hands/s, 3 times the macro before it and 5 times"
              " phevaluator's loop, peak < 1 GiB; seven card_id columns >= 6,000,000 hands/s;"
              f" load average at end {load_average()}")


if __name__ == "__main__":
    main()
