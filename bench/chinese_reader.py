"""The reader's calculation (issue 48): how often a random 13-card hand's best setting holds each
front category, and how often a hand fouls under the simple rule; printed in docs/games-chinese.md.

Sampled, not exact: there are C(52,13) = 635,013,559,600 hands, and each is set by enumerating
its 72,072 settings. The sample is seeded: hand i is the first 13 cards of deal i of the seed
(deal_settings with one player: chinese_deal_cards, 053, each deal a new shuffle of the 52), so
the hands are independent and the same seed gives the same hands on every engine. For each, in
SQL (chinese_hand_summary, 054): the front category of its best setting (arrange's rule, 048),
its legal settings of the 72,072, and whether the simple rule's setting fouls (the cards by
value, then suit: the three lowest in front, the next five in the middle, the five highest in
the back). Each share is printed with its standard error, sqrt(p (1 - p) / n).

Run from the repository root (on a built database, or one built into a temporary folder):

    python bench/chinese_reader.py                          # 10,000 hands, seed 48, DuckDB
    python bench/chinese_reader.py --hands 200 --duckdb poker.duckdb
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from chinese_arrange import built  # this folder's: a database built into a temporary folder
from first_game_call import ROOT

sys.path.insert(0, str(ROOT))

import pokersql  # noqa: E402
from pokersql import first_use  # noqa: E402
from pokersql.monte_carlo import deal_settings  # noqa: E402

CATEGORIES = {3: "Three of a Kind", 1: "One Pair", 0: "High Card"}


def summaries(database: pokersql.Database, hands: int, seed: int, batch: int) -> list[tuple]:
    """(hand_no, front_points, legal_settings, all_settings, sorted_fouls) of each sampled hand."""
    ctx = database.context
    first_use.ensure_ready(ctx)
    rows: list[tuple] = []
    for first in range(1, hands + 1, batch):
        count = min(batch, hands - first + 1)
        with ctx.engine.inputs(deal_settings=[deal_settings(seed, 1, count, first_deal=first)]):
            dealt = ctx.engine.execute("select deal_no, card_id from chinese_deal_cards")
        with ctx.engine.inputs(hand_input=dealt):
            rows += ctx.engine.execute(
                "select hand_no, front_points, legal_settings, all_settings, sorted_fouls from chinese_hand_summary order by hand_no"
            )
        print(f"  {first + count - 1:,} of {hands:,} hands", file=sys.stderr, flush=True)
    return rows


def share(count: int, n: int) -> str:
    p = count / n
    return f"{p:7.2%} ± {math.sqrt(p * (1 - p) / n):.2%}"


def report(rows: list[tuple], seed: int) -> list[str]:
    n = len(rows)
    fronts = Counter(int(row[1]) for row in rows)
    fouled = sum(int(row[4]) for row in rows)
    lines = [f"{n:,} random hands (seed {seed}), each share ± its standard error", "",
             "| best setting's front | hands | share |", "|---|---|---|"]
    lines += [f"| {CATEGORIES[points]} | {fronts[points]:,} | {share(fronts[points], n)} |" for points in CATEGORIES]
    legal = [int(row[2]) / int(row[3]) for row in rows]
    lines += ["", f"hands with no legal setting: {sum(int(row[2]) == 0 for row in rows)} (fewest legal settings: {min(int(row[2]) for row in rows):,} of 72,072)",
              f"settings that foul, on average over the hands: {1 - sum(legal) / n:.2%}",
              f"the simple rule fouls: {fouled:,} hands, {share(fouled, n)}"]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=48)
    parser.add_argument("--batch", type=int, default=200, help="hands a query")
    parser.add_argument("--engine", default="duckdb", choices=["duckdb", "sqlite"])
    parser.add_argument("--duckdb", metavar="PATH", help="a built DuckDB file to use (else one is built)")
    parser.add_argument("--sqlite", metavar="PATH", help="a built SQLite file to use (else one is built)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pokersql-reader-") as folder:
        path = built(options.engine, getattr(options, options.engine), Path(folder))
        started = time.perf_counter()
        with pokersql.connect(str(path), engine=options.engine) as database:
            rows = summaries(database, options.hands, options.seed, options.batch)
        print("\n".join(report(rows, options.seed)))
        print(f"({options.engine}, {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
