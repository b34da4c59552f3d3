"""hand_rank(cards) of the hand macros (sql/evaluation/027) over random seven-card hands, before and after:
the macros of a git revision (default main) beside those of the working tree, in one run.

    python bench/macros.py [--hands 1000000] [--reps 3] [--before main]

Two DuckDB files, each migrated by this tree's pokersql; the first gets the macros of
the hand macros file at --before (git show; found by its name wherever that revision kept it) in place of the tree's. Each holds
the same table of canonical card text ('As Ks 7d 7c 7h 2s 9c'), made in DuckDB from a hash of
(hand, card), so both rank the same hands. The runs alternate, before then after; medians of
--reps. Both sums of hand_rank are printed and must agree. Nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import duckdb

import pokersql

ROOT = Path(__file__).resolve().parents[1]
MACROS_FILE = re.compile(r"^sql/(.+/)?\d+_hand_macros\.duckdb\.views\.sql$")  # its folder and number moved with sql/'s layout

# Seven distinct cards per hand: the 52 cards sorted by a hash of (hand, card), the first seven
# kept (the card_id in the key's low 6 bits), written as canonical text.
HANDS = """
create table bench_hands as
select
    hand_id,
    array_to_string(
        list_transform(
            list_sort(list_transform(range(52), lambda c: (hash(hand_id, c) % 1000000007)::bigint * 64 + c))[1:7],
            lambda key: substring('23456789TJQKA', (key % 64) // 4 + 1, 1) || substring('cdhs', key % 4 + 1, 1)
        ),
        ' '
    ) as cards
from range({hands}) as t(hand_id)
"""
QUERY = "select sum(hand_rank(cards)), count(hand_rank(cards)) from bench_hands"


def before_macros(revision: str) -> list[str]:
    """The statements of the macros file at REVISION, each made `create or replace`."""
    listed = subprocess.run(["git", "ls-tree", "-r", "--name-only", revision, "sql"], cwd=ROOT, capture_output=True, text=True, check=True)
    (path,) = [name for name in listed.stdout.splitlines() if MACROS_FILE.match(name)]
    text = subprocess.run(["git", "show", f"{revision}:{path}"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    text = re.sub(r"/\*.*?\*/|--[^\n]*", "", text, flags=re.DOTALL)
    return [
        re.sub(r"^\s*create\s+macro", "create or replace macro", statement, flags=re.IGNORECASE)
        for statement in re.split(r";\s*\n", text)
        if statement.strip()
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--before", default="main", help="git revision of the macros to compare with")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        after_path, before_path = Path(folder) / "after.duckdb", Path(folder) / "before.duckdb"
        with pokersql.connect(str(after_path)) as db:
            db.migrate()
            db.engine.execute(HANDS.format(hands=args.hands))
        shutil.copy(after_path, before_path)
        connections = {"before": duckdb.connect(str(before_path)), "after": duckdb.connect(str(after_path))}
        for statement in before_macros(args.before):
            connections["before"].execute(statement)
        for connection in connections.values():
            connection.execute("set enable_progress_bar = false")
        runs: dict[str, list[float]] = {"before": [], "after": []}
        answers = {}
        for _ in range(args.reps):
            for label, connection in connections.items():
                started = time.perf_counter()
                answers[label] = connection.execute(QUERY).fetchone()
                runs[label].append(time.perf_counter() - started)
        print(f"hand_rank(cards) over {args.hands:,} random seven-card hands of canonical text, "
              f"median of {args.reps}; load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}, "
              f"{os.cpu_count()} cores")
        for label in ("before", "after"):
            seconds = statistics.median(runs[label])
            name = f"{label} ({args.before})" if label == "before" else f"{label} (working tree)"
            print(f"  {name:<24} {seconds:7.3f} s {args.hands / seconds:12,.0f} hands/s"
                  f"  sum {answers[label][0]:,}, ranked {answers[label][1]:,}")
        if answers["before"] != answers["after"]:
            raise SystemExit("the two answers differ")


if __name__ == "__main__":
    main()
