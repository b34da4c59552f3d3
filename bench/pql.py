"""PQL's figures (issue 65): the 119 Open PQL cases run in one process, the flop equity query,
preflop against a random hand, the exact rate that sets the budget, and stud's two (each beside
`pokersql equity --game` on the same hands). Prints each figure with
the deals the query counted, and beside them the peer the issue names, pokersql's own `equity
AhKh random --exact`, timed in the same run (a whole process, as typed, and in this process),
the rounds interleaved; medians of 3; prints the load; asserts nothing.

A statement of equity averages and win/tie counts is counted by `pokersql equity`'s tally
(pokersql/pql/tally.py); "deal by deal" is the same statement with ``tally=False``.

    python bench/pql.py [--db FILE]   (a built DuckDB database; a fresh one is built otherwise)
        [--before DIR] [--only-nuts-and-ranges]   (NUTS_AND_RANGES with DIR's pokersql too; those alone)
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pokersql
from pokersql import pql

CASES = Path(__file__).resolve().parents[1] / "tests" / "pql" / "conformance.json"
ROUNDS = 3
FLOP = "select avg(equity(hero, flop)) from game='holdem', hero='AhKh', villain='QQ+,AKs', board='Ks7d2c'"
PREFLOP = "select avg(riverequity(hero)) from game='holdem', hero='AhKh', villain='*'"
# (name, query, tally, rounds)
QUERIES = [
    ("flop equity, AhKh vs QQ+,AKs on Ks7d2c (target < 1 s), tally", FLOP, True, ROUNDS),
    ("the same, deal by deal", FLOP, False, ROUNDS),
    ("preflop AhAd vs KK, deal by deal (the budget's rate)", "select avg(riverequity(hero)) from hero='AhAd', villain='KK'", False, 1),
    ("the same, tally", "select avg(riverequity(hero)) from hero='AhAd', villain='KK'", True, 1),
    ("preflop AhKh vs any hand, deal by deal (past the budget: Monte Carlo)", PREFLOP, False, 1),
    ("omaha river, two hands", "select avg(riverequity(hero)) from game='omaha', hero='AsAhKdQd', villain='JcTc9h8h', board='2s7c9d'", True, 1),
    ("omaha8 hi/lo river equity, winsLo and scoops, two hands on a flop",
     "select avg(riverequity(hero)), count(winslo(hero)), count(scoops(hero)) from game='omaha8', hero='AhAd2c3c', villain='KhKd4d5d', board='4h5s9c'", True, 1),
    ("omaha8 nutLo on the turn and river, two hands on a flop",
     "select count(nutlo(hero, turn)), count(nutlo(hero, river)) from game='omaha8', hero='AhAd2c3c', villain='KhKd4d5d', board='4h5s9c'", True, 1),
    ("stud8 river equity, scoops and winsLo, two hands on fifth street",
     "select avg(riverequity(hero)), count(scoops(hero)), count(winslo(villain)) from game='stud8', hero='Ah2h3hKd9c', villain='7s7d2c3d4s'", True, ROUNDS),
    ("razz on third street, two hands (past the budget: Monte Carlo)",
     "select avg(riverequity(hero)) from game='razz', hero='Ah2h3h', villain='7s6d2c'", True, ROUNDS),
]
# issue 65's slow two, timed as a whole process here and, with --before DIR, with the pokersql
# of DIR (a checkout of main before them), the same run, each round both in turn
NUTS_AND_RANGES = [
    ("nuthi on every turn and river of a Hold'em flop, two hands",
     "select count(nuthi(hero, river)) from game='holdem', hero='AhKh', villain='QhQd', board='Ks7d2c'"),
    ("the same against any hand",
     "select count(nuthi(hero, river)) from game='holdem', hero='AhKh', villain='*', board='Ks7d2c'"),
    ("omaha5 inRange over a range of hero's, on a river",
     "select count(inrange(hero, '$ds')), count(inrange(hero, 'RROO:xxx')) from game='omaha5', hero='AsAhKd', villain='QcQdJcJd9h', board='2c7h9sTd3s'"),
]
BEFORE_TIMEOUT = 120  # seconds: the old nuthi ran out of memory or time past it

# The stud queries' peers: pokersql's equity command on the same hands
STUD_PEERS = {
    "equity --game stud8 (exact)": ["equity", "--game", "stud8", "Ah 2h 3h Kd 9c", "7s 7d 2c 3d 4s"],
    "equity --game razz --trials 60000": ["equity", "--game", "razz", "Ah 2h 3h", "7s 6d 2c", "--trials", "60000"],
}


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def once(db: pokersql.Database, query: str, tally: bool = True) -> tuple[float, object]:
    start = time.perf_counter()
    try:
        answer = pql.run(db.context, query, tally=tally)
    except pokersql.errors.PokerSQLError as e:  # a case pokersql refuses (not supported, or an error case)
        answer = e
    return time.perf_counter() - start, answer


def process(path: str, *arguments: str) -> tuple[float, dict]:
    """A whole process as typed: `pokersql --db PATH ARGUMENTS --format json`."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pokersql", "--db", path, *arguments, "--format", "json"],
                          capture_output=True, text=True, check=True)
    return time.perf_counter() - start, json.loads(done.stdout)


def typed(root: str, path: str, query: str) -> str:
    """`pokersql pql QUERY` as a whole process with the pokersql of ``root``: its seconds and the
    deals and value, or that it did not finish."""
    start = time.perf_counter()
    env = {**os.environ, "PYTHONPATH": root}
    try:
        done = subprocess.run([sys.executable, "-m", "pokersql", "--db", path, "pql", query, "--format", "json"],
                              capture_output=True, text=True, env=env, cwd=root, timeout=BEFORE_TIMEOUT)
    except subprocess.TimeoutExpired:
        return f"did not finish in {BEFORE_TIMEOUT} s"
    if done.returncode:
        return f"failed after {time.perf_counter() - start:.1f} s: {(done.stderr.strip().splitlines() or ['?'])[-1][:120]}"
    answer = json.loads(done.stdout)
    answer = answer[0] if isinstance(answer, list) else answer
    counted = f"{answer['trials']:,} {'deals (exact)' if answer['exact'] else 'trials (sampled)'}"
    return f"{time.perf_counter() - start:.2f} s, {counted}, value {answer['results'][0]['value']}"


def nuts_and_ranges(path: str, before: str | None) -> None:
    """NUTS_AND_RANGES, after (this checkout) and before (``before``'s), a whole process each."""
    here = str(Path(__file__).resolve().parents[1])
    for name, query in NUTS_AND_RANGES:
        print(f"{name}: {query}; load {load()}")
        for label, root in [("after", here)] + ([("before", before)] if before else []):
            print(f"  {label}: {typed(root, path, query)}; load {load()}")


def shown(name: str, seconds: float, answer: object) -> str:
    a = answer[0]
    return (f"{name}: {seconds:.3f} s, {a.trials:,} {'deals (exact)' if a.exact else 'trials (sampled)'}, "
            f"value {a.results[0].value}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default=None)
    parser.add_argument("--before", default=None, help="a checkout of pokersql (main before issue 65's nuts and inRange work) to time NUTS_AND_RANGES with too")
    parser.add_argument("--only-nuts-and-ranges", action="store_true", help="only NUTS_AND_RANGES' figures")
    arguments = parser.parse_args()
    path = arguments.db or str(Path(tempfile.mkdtemp()) / "pql.duckdb")
    print(f"{os.cpu_count()} CPUs; load (1, 5, 15 min) {load()}")
    if arguments.db is None:
        with pokersql.connect(path) as db:
            db.migrate()
    nuts_and_ranges(path, arguments.before)
    if arguments.only_nuts_and_ranges:
        return
    with pokersql.connect(path) as db:
        cases = json.loads(CASES.read_text(encoding="utf-8"))
        start = time.perf_counter()
        counted = tallied = 0
        for case in cases:
            _, answer = once(db, case["query"])
            counted += sum(a.trials for a in answer) if isinstance(answer, list) else 0
            tallied += sum(p.tally is not None for p in pql.plan(case["query"])) if isinstance(answer, list) else 0
        print(f"{len(cases)} Open PQL cases, one process: {time.perf_counter() - start:.2f} s, {counted:,} deals counted, "
              f"{tallied} statements by the tally (target < 120 s)")
        for name, query, tally, rounds in QUERIES:
            runs = [once(db, query, tally) for _ in range(rounds)]
            print(shown(name, statistics.median(t for t, _ in runs), runs[-1][1]) + (f" (median of {rounds})" if rounds > 1 else ""))
        print(f"budget: {pql.EXACT_BUDGET:,} deals exact, then {pql.DEFAULT_TRIALS:,} Monte Carlo trials")
    for name, arguments in STUD_PEERS.items():  # a whole process each, the database closed here
        seconds, shown_equity = process(path, *arguments)
        print(f"peer: pokersql {name}, a whole process: {seconds:.3f} s, equity {shown_equity['players'][0]['equity']}")
    # preflop AhKh against any hand, exact, and its peer, the rounds interleaved (the database
    # opened for each: a whole process needs the file to itself, DuckDB locks it)
    mine, typed, inside, outside = [], [], [], []

    def cpu() -> float:
        """CPU seconds of this process and its finished children: what the load does not change much."""
        mine_, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return mine_.ru_utime + mine_.ru_stime + children.ru_utime + children.ru_stime

    def measured(into: list, work) -> object:
        start, used = time.perf_counter(), cpu()
        result = work()
        into.append((time.perf_counter() - start, cpu() - used))
        return result

    def pql_here() -> None:
        nonlocal answer
        with pokersql.connect(path) as db:
            answer = measured(mine, lambda: pql.run(db.context, PREFLOP))

    def equity_here() -> None:
        nonlocal peer
        with pokersql.connect(path) as db:
            peer = measured(inside, lambda: db.equity("AhKh", "random", exact=True))

    def pql_typed() -> None:
        measured(typed, lambda: process(path, "pql", PREFLOP))

    def equity_typed() -> None:
        nonlocal document
        document = measured(outside, lambda: process(path, "equity", "AhKh", "random", "--exact"))[1]

    answer = peer = document = None
    steps = [pql_here, equity_typed, pql_typed, equity_here]
    for round_ in range(ROUNDS):
        for step in steps[round_:] + steps[:round_]:  # each round in another order: none always first
            step()
        print(f"  round {round_ + 1}: pql {mine[-1][0]:.2f} s (a whole process {typed[-1][0]:.2f} s), equity a whole process "
              f"{outside[-1][0]:.2f} s, equity in this process {inside[-1][0]:.2f} s; load {load()}")

    def medians(runs: list) -> str:
        return f"{statistics.median(t for t, _ in runs):.2f} s, CPU {statistics.median(c for _, c in runs):.2f} s (medians of {ROUNDS})"

    print(f"preflop AhKh vs any hand, tally, in this process: {medians(mine)}, {answer[0].trials:,} deals (exact), value {answer[0].results[0].value}")
    print(f"the same, pokersql pql a whole process: {medians(typed)}")
    print(f"peer: pokersql equity AhKh random --exact, a whole process: {medians(outside)}, equity {document['players'][0]['equity']}")
    print(f"peer in this process, db.equity('AhKh', 'random', exact=True): {medians(inside)}, equity {peer.players[0].equity}")
    print(f"load after (1, 5, 15 min) {load()}")


if __name__ == "__main__":
    main()
