"""The exact heads-up preflop table (issue #13): its build, and equity read from it, beside the
enumeration and a peer, measured in one run.

Every figure is a median of ``--reps`` runs taken here, except the build (once: minutes); the
load average is printed with each group (the machine may be shared); nothing asserts a timing.

build    ``Database.build(preflop=True)`` on DuckDB: all 1,624,350 pairs, wall and CPU seconds.
         Beside it, eval7's exact enumeration (``py_all_hands_vs_range`` is Monte Carlo, so the
         peer is a loop of eval7.evaluate over every board) of one matchup, scaled to the 47,008
         matchups that differ up to suits, the least a table of all pairs needs.
lookup   equity from the table (AA v KK, QQ+,AKs v JJ-99,AQs, random v random) beside the same
         question enumerated on a database whose table is empty.

    python bench/preflop.py [--reps 3] [--db FILE]   (FILE: a built database to fill; default a
                                                      temporary copy)
"""

from __future__ import annotations

import argparse
import itertools
import resource
import tempfile
import time
from pathlib import Path

import pokersql
from ranges import load_average, timed  # bench/ranges.py: run as python bench/preflop.py

DISTINCT_MATCHUPS = 47_008


def eval7_one_matchup() -> None:
    import eval7

    hero = [eval7.Card(c) for c in ("Ah", "Kh")]
    villain = [eval7.Card(c) for c in ("Qs", "Qd")]
    deck = [c for c in eval7.Deck().cards if c not in hero + villain]
    for board in itertools.combinations(deck, 5):
        b = list(board)
        eval7.evaluate(hero + b) - eval7.evaluate(villain + b)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--db", help="a database file to fill (default: a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        plain_path = str(Path(folder) / "plain.duckdb")
        table_path = args.db or str(Path(folder) / "preflop.duckdb")
        for path in (plain_path, table_path):
            with pokersql.connect(path) as db:
                db.migrate()

        print(f"== build: every heads-up preflop matchup  (load average {load_average()})")
        with pokersql.connect(table_path) as db:
            cpu = resource.getrusage(resource.RUSAGE_SELF)
            start = time.perf_counter()
            rows = db.build(preflop=True)
            wall = time.perf_counter() - start
            used = resource.getrusage(resource.RUSAGE_SELF)
        cpu_seconds = used.ru_utime + used.ru_stime - cpu.ru_utime - cpu.ru_stime
        print(f"  pokersql build --preflop, DuckDB: {rows:,} pairs in {wall:.1f} s wall, {cpu_seconds:.1f} s CPU, "
              f"peak RSS {used.ru_maxrss / 1024:.0f} MiB  (load after {load_average()})")
        try:
            timed(
                f"eval7 loop, 1 matchup x {DISTINCT_MATCHUPS:,} (scaled)", eval7_one_matchup, 1, DISTINCT_MATCHUPS,
                note="one core, 1,712,304 boards per matchup",
            )
        except ImportError:
            print("  eval7 not installed (pip install -e '.[bench]')")

        print(f"== lookup against the enumeration  (load average {load_average()})")
        with pokersql.connect(table_path) as table, pokersql.connect(plain_path) as plain:
            for hands in (("AA", "KK"), ("QQ+,AKs", "JJ-99,AQs"), ("AhAd", "random")):
                timed(f"table       {' v '.join(hands)}", lambda: table.equity(*hands), args.reps)
                timed(f"enumeration {' v '.join(hands)}", lambda: plain.equity(*hands, exact=True), 1 if "random" in hands else args.reps)
            timed("table       random v random", lambda: table.equity("random", "random"), args.reps)
        print(f"  (load average {load_average()})")


if __name__ == "__main__":
    main()
