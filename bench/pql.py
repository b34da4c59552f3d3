"""PQL's figures (issue 65): the 119 Open PQL cases run in one process, the flop equity query,
preflop against a random hand, and the exact rate that sets the budget. Prints each figure with
the deals the query counted, and beside them the peer the issue names, pokersql's own `equity
AhKh random --exact`, timed in the same run; prints the load; asserts nothing.

    python bench/pql.py [--db FILE]   (a built DuckDB database; a fresh one is built otherwise)
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

import pokersql
from pokersql import pql

CASES = Path(__file__).resolve().parents[1] / "tests" / "pql" / "conformance.json"
QUERIES = {
    "flop equity, AhKh vs QQ+,AKs on Ks7d2c (target < 1 s)": "select avg(equity(hero, flop)) from game='holdem', hero='AhKh', villain='QQ+,AKs', board='Ks7d2c'",
    "preflop AhAd vs KK, exact (the budget's rate)": "select avg(riverequity(hero)) from hero='AhAd', villain='KK'",
    "preflop AhKh vs any hand (past the budget: Monte Carlo)": "select avg(riverequity(hero)) from hero='AhKh', villain='*'",
    "omaha river, two hands": "select avg(riverequity(hero)) from game='omaha', hero='AsAhKdQd', villain='JcTc9h8h', board='2s7c9d'",
    "omaha8 hi/lo river equity, winsLo and scoops, two hands on a flop": "select avg(riverequity(hero)), count(winslo(hero)), count(scoops(hero)) from game='omaha8', hero='AhAd2c3c', villain='KhKd4d5d', board='4h5s9c'",
    "omaha8 nutLo on the turn and river, two hands on a flop": "select count(nutlo(hero, turn)), count(nutlo(hero, river)) from game='omaha8', hero='AhAd2c3c', villain='KhKd4d5d', board='4h5s9c'",
}


def timed(db: pokersql.Database, query: str, repeat: int = 3) -> tuple[float, object]:
    times, answer = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        try:
            answer = db.pql(query)
        except pokersql.errors.PokerSQLError as e:  # a case pokersql refuses (not supported, or an error case)
            answer = e
        times.append(time.perf_counter() - start)
    return statistics.median(times), answer


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default=None)
    arguments = parser.parse_args()
    path = arguments.db or str(Path(tempfile.mkdtemp()) / "pql.duckdb")
    print(f"{os.cpu_count()} CPUs; load (1, 5, 15 min) {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with pokersql.connect(path) as db:
        if arguments.db is None:
            db.migrate()
        cases = json.loads(CASES.read_text(encoding="utf-8"))
        start = time.perf_counter()
        counted = 0
        for case in cases:
            _, answer = timed(db, case["query"], repeat=1)
            counted += sum(a.trials for a in answer) if isinstance(answer, list) else 0
        print(f"{len(cases)} Open PQL cases, one process: {time.perf_counter() - start:.2f} s, {counted:,} deals counted (target < 120 s)")
        for name, query in QUERIES.items():
            seconds, answer = timed(db, query, repeat=1 if "preflop" in name else 3)
            a = answer[0]
            print(f"{name}: {seconds:.3f} s, {a.trials:,} {'deals (exact)' if a.exact else 'trials (sampled)'}, "
                  f"{a.trials / seconds:,.0f} a second, value {a.results[0].value}")
        print(f"budget: {pql.EXACT_BUDGET:,} deals exact, then {pql.DEFAULT_TRIALS:,} Monte Carlo trials")
    # the peer of "preflop hero against one random hand": the equity command, exact, a whole process
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pokersql", "--db", path, "equity", "AhKh", "random", "--exact", "--format", "json"],
                          capture_output=True, text=True, check=True)
    print(f"peer: pokersql equity AhKh random --exact: {time.perf_counter() - start:.3f} s, "
          f"equity {json.loads(done.stdout)['players'][0]['equity']}")
    print(f"load after (1, 5, 15 min) {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
