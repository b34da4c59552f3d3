"""hand_rank over random seven-card hands read from Parquet (issue 22), every side in one run:

    python bench/hand_rank.py [--hands 10000000] [--reps 3] [--python-hands 200000] [--before dd4d228]

- old: hand_rank(cards) of sql/019_hand_macros.duckdb.views.sql at --before (git show), in a
  copy of the database where those macros replace the tree's;
- text: this tree's hand_rank(cards) on the same canonical text ('As Kd 7h 7c 2s 9c Td');
- ids: this tree's hand_rank_of(c1, ..., c7) on the same hands as seven card_id columns;
- phevaluator: evaluate_cards(*cards) in a plain Python loop over the first --python-hands
  hands (read from the same file), reported per hand.

The hands (seven distinct cards each, from a hash of (hand, card)) are written once to a
Parquet file in a temporary folder. Each SQL side is the median of --reps runs, the sides
alternating; the sums of hand_rank (the checksum) must agree, phevaluator's with the new
macros' over its subset. Peak RSS is this process's (DuckDB runs in it). Nothing here asserts
a timing: compare the ratios, measured side by side under the same load.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import duckdb

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pokersql  # noqa: E402
from macros import before_macros  # noqa: E402

HANDS = """
copy (
    select
        hand_id,
        cards[1] as c1, cards[2] as c2, cards[3] as c3, cards[4] as c4,
        cards[5] as c5, cards[6] as c6, cards[7] as c7,
        array_to_string(
            list_transform(
                cards,
                lambda c: substring('23456789TJQKA', c // 4 + 1, 1) || substring('cdhs', c % 4 + 1, 1)
            ),
            ' '
        ) as cards
    from (
        select
            hand_id,
            list_transform(
                list_sort(list_transform(range(52), lambda c: (hash(hand_id, c) % 1000000007)::bigint * 64 + c))[1:7],
                lambda key: (key % 64)::integer
            ) as cards
        from range({hands}) as t(hand_id)
    )
) to '{path}' (format parquet)
"""


def timed(connection: duckdb.DuckDBPyConnection, sql: str) -> tuple[float, tuple]:
    started = time.perf_counter()
    answer = connection.execute(sql).fetchone()
    return time.perf_counter() - started, answer


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--python-hands", type=int, default=200_000, help="hands for phevaluator's loop")
    parser.add_argument("--before", default="dd4d228", help="git revision of the old macros")
    args = parser.parse_args()
    from phevaluator import evaluate_cards

    with tempfile.TemporaryDirectory() as folder:
        parquet = Path(folder) / "hands.parquet"
        new_path, old_path = Path(folder) / "new.duckdb", Path(folder) / "old.duckdb"
        with pokersql.connect(str(new_path)) as db:
            db.migrate()
        shutil.copy(new_path, old_path)
        writer = duckdb.connect()
        writer.execute(HANDS.format(hands=args.hands, path=parquet))
        writer.close()
        old, new = duckdb.connect(str(old_path)), duckdb.connect(str(new_path))
        for statement in before_macros(args.before):
            old.execute(statement)
        for connection in (old, new):
            connection.execute("set enable_progress_bar = false")
        rss_before = peak_rss_mib()
        source = f"read_parquet('{parquet}')"
        sides = {
            "old hand_rank(cards)": (old, f"select sum(hand_rank(cards)), count(hand_rank(cards)) from {source}"),
            "new hand_rank(cards)": (new, f"select sum(hand_rank(cards)), count(hand_rank(cards)) from {source}"),
            "new hand_rank_of(c1..c7)": (
                new,
                f"select sum(r), count(r) from (select hand_rank_of(c1, c2, c3, c4, c5, c6, c7) as r from {source})",
            ),
        }
        runs: dict[str, list[float]] = {label: [] for label in sides}
        answers = {}
        for _ in range(args.reps):
            for label, (connection, sql) in sides.items():
                seconds, answers[label] = timed(connection, sql)
                runs[label].append(seconds)
        subset = new.execute(
            f"select c1, c2, c3, c4, c5, c6, c7 from {source} order by hand_id limit {args.python_hands}"
        ).fetchall()
        subset_sql = new.execute(
            f"select sum(hand_rank_of(c1, c2, c3, c4, c5, c6, c7)) from"
            f" (select * from {source} order by hand_id limit {args.python_hands})"
        ).fetchone()[0]
        python_runs = []
        for _ in range(args.reps):
            started = time.perf_counter()
            python_sum = sum(evaluate_cards(*cards) for cards in subset)
            python_runs.append(time.perf_counter() - started)

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"hand_rank over {args.hands:,} random seven-card hands from Parquet, median of {args.reps};"
          f" load average {load}, {os.cpu_count()} cores")
    rates = {label: args.hands / statistics.median(times) for label, times in runs.items()}
    rates["phevaluator evaluate_cards loop"] = args.python_hands / statistics.median(python_runs)
    for label, times in runs.items():
        total, ranked = answers[label]
        print(f"  {label:<34} {statistics.median(times):8.3f} s {rates[label]:13,.0f} hands/s"
              f"  sum {total:,}, ranked {ranked:,}")
    print(f"  {'phevaluator evaluate_cards loop':<34} {statistics.median(python_runs):8.3f} s"
          f" {rates['phevaluator evaluate_cards loop']:13,.0f} hands/s  (first {args.python_hands:,} hands:"
          f" sum {python_sum:,}; the new macros' {subset_sql:,})")
    for label in ("new hand_rank(cards)", "new hand_rank_of(c1..c7)"):
        print(f"  {label}: {rates[label] / rates['old hand_rank(cards)']:.2f} x old,"
              f" {rates[label] / rates['phevaluator evaluate_cards loop']:.2f} x phevaluator")
    print(f"  peak RSS {peak_rss_mib():,.0f} MiB (after setup, before the runs: {rss_before:,.0f} MiB)")
    if len({answers[label] for label in sides}) != 1 or python_sum != subset_sql:
        raise SystemExit("the checksums differ")


if __name__ == "__main__":
    main()
