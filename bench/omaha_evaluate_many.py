"""evaluate_many(frame, game='omaha') beside the omaha_rank macro on the same rows (issue 44).

20,000 random PLO4 hands (four hole cards, a board of five) as a pandas frame of card text
('hole', 'board'), on DuckDB: ``db.evaluate_many(frame, game='omaha')`` (each hand's best
five, category and hand_rank) against ``select omaha_rank(hole, board)`` (035) over the same
frame registered with the connection, and phevaluator's evaluate_omaha_cards in a Python loop;
the three give the same ranks (checked). Every figure is the median of ``--reps`` runs taken
here (the machine may be shared: the load average is printed); nothing here asserts a timing.
Issue 44's target: evaluate_many within 1.5 times the macro.

    python bench/omaha_evaluate_many.py [--rows 20000] [--reps 5] [--db built.duckdb]

``--db``: a database already migrated (read, not written); else one is built in a
temporary folder (about a minute).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable

import numpy as np
import pandas as pd
from phevaluator import evaluate_omaha_cards

import pokersql
from pokersql.cards import card_name


def load_average() -> str:
    try:
        return ", ".join(f"{load:.2f}" for load in os.getloadavg())
    except OSError:
        return "unknown"


def timed(function: Callable[[], object], reps: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(reps):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def hands(rows: int) -> tuple[pd.DataFrame, list[list[int]]]:
    """``rows`` random PLO4 hands: a frame of card text (hole, board) and their card ids (board first)."""
    rng = np.random.default_rng(44)
    dealt = np.argsort(rng.random((rows, 52)), axis=1)[:, :9].tolist()
    frame = pd.DataFrame(
        {
            "hole": [" ".join(card_name(c) for c in cards[5:]) for cards in dealt],
            "board": [" ".join(card_name(c) for c in cards[:5]) for cards in dealt],
        }
    )
    return frame, dealt


def run(db: pokersql.Database, rows: int, reps: int) -> None:
    frame, dealt = hands(rows)
    connection = db.engine.connection
    db.evaluate_many(frame.head(10), game="omaha")  # the lookups ready, as a first call leaves them
    many_seconds, result = timed(lambda: db.evaluate_many(frame, game="omaha").arrow(), reps)
    connection.register("omaha_bench_hands", frame.assign(row_no=range(rows)))  # DuckDB's scan keeps no order: sorted by it
    macro_seconds, macro = timed(
        lambda: [rank for (rank,) in connection.execute("select omaha_rank(hole, board) from omaha_bench_hands order by row_no").fetchall()],
        reps,
    )
    connection.unregister("omaha_bench_hands")
    phe_seconds, theirs = timed(lambda: [evaluate_omaha_cards(*cards) for cards in dealt], reps)
    assert result.column("hand_rank").to_pylist() == macro == theirs
    print(f"Omaha (PLO4, a board of five), {rows:,} rows from a pandas frame, DuckDB (load {load_average()}):")
    print(f"  evaluate_many(frame, game='omaha') {many_seconds:7.3f} s  {rows / many_seconds:10,.0f} hands/s")
    print(f"  omaha_rank macro (035)             {macro_seconds:7.3f} s  {rows / macro_seconds:10,.0f} hands/s")
    print(f"  phevaluator (Python loop)          {phe_seconds:7.3f} s  {rows / phe_seconds:10,.0f} hands/s  (the same ranks)")
    print(f"  evaluate_many / omaha_rank: {many_seconds / macro_seconds:.2f} times (target: at most 1.5)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--db", help="a migrated DuckDB database to read (else one is built)")
    args = parser.parse_args()
    if args.db:
        with pokersql.connect(args.db, read_only=True) as db:
            run(db, args.rows, args.reps)
        return
    with tempfile.TemporaryDirectory() as folder:
        with pokersql.connect(f"{folder}/omaha.duckdb") as db:
            db.migrate()
            run(db, args.rows, args.reps)


if __name__ == "__main__":
    main()
