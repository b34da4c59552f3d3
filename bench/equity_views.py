"""Equity through the views, before and after a change of the SQL, side by side in one run.

Issue 22 made exact and Monte Carlo equity two views over one tally (equity_of, now 017's) and one
lookup of seven cards (013's seven_card_ranks), where the equity view used to hold both behind
``deal_settings.deals = 0``. This runs the same questions on the code of two checkouts, each in
a process of its own (PYTHONPATH), on a fresh in-memory database of each engine, and prints
the median of ``--reps`` runs of each, with the load average. Every answer is compared: the two
sides must give the same counts. Nothing here asserts a timing.

    python bench/equity_views.py --before /path/to/old/checkout [--engines duckdb,sqlite] [--reps 3] [--rounds 2]
    python bench/equity_views.py --before OLD --engines spark --reps 1    # a Spark warehouse each

A checkout of the old code: ``git worktree add /tmp/before <commit>``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

CASES = [
    ("exact, AhAd v KhKd, flop", ["AhAd", "KhKd"], {"board": "2h 7h Qc"}),
    ("exact, AhAd v KhKd, preflop", ["AhAd", "KhKd"], {}),
    ("exact, AhAd v QQ+,AKs, flop", ["AhAd", "QQ+,AKs"], {"board": "2c 7d Kc"}),
    ("exact, AhAd v random, flop", ["AhAd", "random"], {"board": "2c 7d Kc"}),
    ("exact, next street, AhAd v KhKd v QsJs, flop", ["AhAd", "KhKd", "QsJs"], {"board": "2h 7h Kc", "next_street": True}),
    ("Monte Carlo 100,000, AhAd v KhKd", ["AhAd", "KhKd"], {"trials": 100_000, "seed": 7}),
    ("Monte Carlo 20,000, AhAd v random v QQ+,AKs, flop", ["AhAd", "random", "QQ+,AKs"], {"board": "2c 7d Kc", "trials": 20_000, "seed": 1}),
]
SPARK_CASES = [CASES[0], ("Monte Carlo 300, AhAd v KhKd, flop", ["AhAd", "KhKd"], {"board": "2c 7d Kc", "trials": 300, "seed": 7})]

# Run in the child: the checkout's pokersql, one engine, every case; JSON lines out.
CHILD = """
import json, os, statistics, sys, tempfile, time
import pokersql
engine, reps, cases = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
path = None if engine == "duckdb" else ":memory:" if engine == "sqlite" else os.path.join(tempfile.mkdtemp(), "w.spark")
db = pokersql.connect(path, engine=engine)
started = time.perf_counter()
db.migrate()
print(json.dumps({"case": "build", "seconds": [time.perf_counter() - started], "answer": None}), flush=True)
for label, hands, options in cases:
    seconds = []
    for _ in range(reps):
        started = time.perf_counter()
        result = db.equity(*hands, **options)
        seconds.append(time.perf_counter() - started)
    answer = result.to_dict()
    print(json.dumps({"case": label, "seconds": seconds, "answer": answer}), flush=True)
"""


def run(checkout: Path, engine: str, reps: int, cases: list) -> dict[str, dict]:
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, engine, str(reps), json.dumps(cases)],
        capture_output=True, text=True, env=environment, cwd=tempfile.gettempdir(),
    )
    if done.returncode != 0:
        raise SystemExit(f"{checkout} on {engine} failed:\n{done.stderr[-2000:]}")
    return {row["case"]: row for row in map(json.loads, done.stdout.splitlines())}


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="a checkout of the old code")
    parser.add_argument("--after", type=Path, default=Path(__file__).resolve().parents[1], help="default: this checkout")
    parser.add_argument("--engines", default="duckdb,sqlite")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2, help="each side's process runs this many times, in ABBA order")
    arguments = parser.parse_args()
    for engine in arguments.engines.split(","):
        cases = SPARK_CASES if engine == "spark" else CASES
        print(f"{engine}: load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}, medians of {arguments.reps} x {arguments.rounds}")
        # Before, after, after, before (--rounds 2): a load that comes or goes during the run
        # falls on both sides alike; each side's medians are over all of its runs.
        before: dict[str, dict] = {}
        after: dict[str, dict] = {}
        for round_no in range(arguments.rounds):
            order = [(before, arguments.before), (after, arguments.after)]
            for side, checkout in order if round_no % 2 == 0 else order[::-1]:
                for label, row in run(checkout, engine, arguments.reps, cases).items():
                    if label in side and side[label]["answer"] != row["answer"]:
                        raise SystemExit(f"{checkout}: {label} gave {row['answer']}, then {side[label]['answer']}")
                    side.setdefault(label, {"answer": row["answer"], "seconds": []})["seconds"] += row["seconds"]
        print(f"  {'':<52} {'before':>9} {'after':>9} {'ratio':>7}")
        for label in ["build", *(case[0] for case in cases)]:
            old, new = median(before[label]["seconds"]), median(after[label]["seconds"])
            same = before[label]["answer"] == after[label]["answer"]
            print(f"  {label:<52} {old:8.2f}s {new:8.2f}s {old / new:6.2f}x{'' if same else '  ANSWERS DIFFER'}")
            if not same:
                raise SystemExit(f"{label}: {before[label]['answer']} before, {after[label]['answer']} after")
        print(f"  load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
