"""Where a Spark equity query spends its time: analysis, optimization, planning, execution.

Spark expands every view a query reads at each place it is read, and inlines every
deterministic CTE at each reference (InlineCTE); DuckDB, SQLite and PostgreSQL read a CTE
used twice once. A view that reads another several times over multiplies Spark's plan
(pokersql/engines/spark/expansion.py): this prints, for each query, the relations its
expansion reads (views and CTEs inlined, counted from the SQL Spark holds), the lines of
Spark's optimized plan, and the seconds of each phase, then the same query's seconds on DuckDB
(the peer, same inputs, same run). Nothing here asserts a timing; the answers of the two
engines are compared. (Before 020's (now 020 and 021's) views each read the one before once, Monte Carlo of 10
trials read 5,716 relations, a 15,724-line plan, 165 s on Spark; after, 199 by class of board
and 383 trial by trial; 205 and 391 once the range players became a view of their own.)

    python bench/spark_plans.py [--db /path/to/warehouse.spark] [--trials 10] [--shared]

--shared tries one way out (not in pokersql): each view the query reads becomes a CTE of the
query, defined once, behind a filter Spark cannot prove true (``rand() >= 0``), so InlineCTE
keeps it and Spark computes it once; Spark's rule PushdownPredicatesAndPruneColumnsForCTEDef is
excluded, as it fails on such a plan ("the plan ... became unresolved").

Without --db, a warehouse is built in a temporary directory first (minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import sqlglot
from sqlglot import exp

import pokersql
from pokersql.cards import parse_cards
from pokersql.engines.spark.expansion import expansion

CASES = [
    # (name, hands, board, Monte Carlo trials or None, the query)
    ("exact, AhAd v KhKd, flop", ["AhAd", "KhKd"], "2c 7d Kc", None,
     "select player, runouts, wins, ties, pot_shares from equity order by player"),
    ("Monte Carlo by class of board (as pokersql runs it), AhAd v KhKd, flop", ["AhAd", "KhKd"], "2c 7d Kc", "trials",
     "select player, runouts, wins, ties, pot_shares from monte_carlo_class_equity order by player"),
    ("Monte Carlo trial by trial, AhAd v KhKd, flop", ["AhAd", "KhKd"], "2c 7d Kc", "trials",
     "select player, runouts, wins, ties, pot_shares from monte_carlo_equity order by player"),
]


def fill_inputs(db: pokersql.Database, hands: list[str], board: str, trials: int | None) -> None:
    """Inside db.engine.scratch(): the inputs equity would write."""
    db.engine.executemany(
        "insert into hand_input (hand_no, card_id) values (?, ?)",
        [(n, card) for n, hand in enumerate(hands, start=1) for card in parse_cards(hand)],
    )
    db.engine.executemany("insert into board_input (card_id) values (?)", [(card,) for card in parse_cards(board)])
    if trials:
        db.engine.execute("update deal_settings set seed = 7, deals = ?, first_deal = 1", (trials,))


def catalog_views(catalog_file: Path) -> dict[str, exp.Expression]:
    """Each view of the warehouse's catalog: its query, as Spark holds it, parsed."""
    objects = json.loads(catalog_file.read_text(encoding="utf-8"))["objects"]
    return {
        name: sqlglot.parse_one(entry["sql"], read="spark").expression
        for name, entry in objects.items()
        if entry.get("kind") == "view"
    }


def shared_views(views: dict[str, exp.Expression], query: str) -> str:
    """The query with each view it reads (and they read) as a CTE of its own, kept from inlining."""

    def read_views(tree: exp.Expression) -> list[str]:
        ctes = {cte.alias for cte in tree.find_all(exp.CTE)}
        return sorted({t.name for t in tree.find_all(exp.Table) if t.name in views and t.name not in ctes})

    order: list[str] = []

    def visit(name: str) -> None:
        if name not in order:
            for read in read_views(views[name]):
                visit(read)
            order.append(name)

    tree = sqlglot.parse_one(query, read="spark")
    for name in read_views(tree):
        visit(name)
    recursive = any(views[n].args.get("with_") and views[n].args["with_"].args.get("recursive") for n in order)
    definitions = ", ".join(f"`{n}` as (select * from ({views[n].sql('spark')}) where rand() >= 0)" for n in order)
    return f"with {'recursive ' if recursive else ''}{definitions} {tree.sql('spark')}"


SHARED_EXCLUDED = "org.apache.spark.sql.catalyst.optimizer.PushdownPredicatesAndPruneColumnsForCTEDef"


def spark_phases(db: pokersql.Database, query: str) -> tuple[list[tuple], dict[str, float], int]:
    """The query's rows, the seconds of each phase, and the lines of its optimized plan."""
    session = db.engine.session
    started = time.perf_counter()
    frame = session.sql(query)
    analysed = time.perf_counter()
    execution = frame._jdf.queryExecution()
    plan = execution.optimizedPlan()
    optimized = time.perf_counter()
    execution.executedPlan()
    planned = time.perf_counter()
    rows = [tuple(row) for row in frame.collect()]
    done = time.perf_counter()
    seconds = {
        "analysis": analysed - started,
        "optimization": optimized - analysed,
        "planning": planned - optimized,
        "execution": done - planned,
    }
    return rows, seconds, len(plan.toString().splitlines())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="a built Spark warehouse (default: build one)")
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--shared", action="store_true", help="also run each query with its views as CTEs kept from inlining")
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        warehouse = args.db or str(Path(folder) / "poker.spark")
        if not args.db:
            started = time.perf_counter()
            with pokersql.connect(warehouse, engine="spark") as db:
                db.migrate()
            print(f"built the warehouse in {time.perf_counter() - started:.0f} s")
        duck_file = str(Path(folder) / "poker.duckdb")
        with pokersql.connect(duck_file) as duck:
            duck.migrate()
        views = catalog_views(Path(warehouse) / "pokersql_catalog.json")
        reads = expansion(views)
        with pokersql.connect(warehouse, engine="spark") as spark, pokersql.connect(duck_file) as duck:
            for name, hands, board, trials, query in CASES:
                view = query.split(" from ")[1].split()[0]
                relations = reads(view)
                trials = args.trials if trials else None
                with spark.engine.scratch():
                    fill_inputs(spark, hands, board, trials)
                    rows, seconds, lines = spark_phases(spark, query)
                    if args.shared:
                        conf = spark.engine.session.conf
                        excluded = conf.get("spark.sql.optimizer.excludedRules")
                        conf.set("spark.sql.optimizer.excludedRules", f"{excluded},{SHARED_EXCLUDED}")
                        try:
                            shared_rows, shared_seconds, shared_lines = spark_phases(
                                spark, shared_views(views, query)
                            )
                        finally:
                            conf.set("spark.sql.optimizer.excludedRules", excluded)
                with duck.engine.scratch():
                    fill_inputs(duck, hands, board, trials)
                    times = []
                    for _ in range(3):
                        started = time.perf_counter()
                        duck_rows = duck.engine.execute(query)
                        times.append(time.perf_counter() - started)
                same = "same answer" if [tuple(r) for r in duck_rows] == rows else f"DIFFERENT: {rows} v {duck_rows}"
                label = f"{name}{f', {trials} trials' if trials else ''}"
                print(f"\n{label}: {view}")
                print(f"  relations read, views and CTEs inlined: {sum(relations.values()):,}"
                      f" (most: {', '.join(f'{k} {n}' for k, n in relations.most_common(4))})")
                print(f"  Spark's optimized plan: {lines:,} lines")
                print("  Spark: " + ", ".join(f"{phase} {s:.1f} s" for phase, s in seconds.items())
                      + f"; total {sum(seconds.values()):.1f} s")
                if args.shared:
                    print(f"  Spark, views shared ({'same answer' if shared_rows == rows else 'DIFFERENT'}): "
                          + ", ".join(f"{phase} {s:.1f} s" for phase, s in shared_seconds.items())
                          + f"; total {sum(shared_seconds.values()):.1f} s; plan {shared_lines:,} lines")
                print(f"  DuckDB (peer, median of 3): {statistics.median(times):.3f} s; {same}")
    print(f"\nload average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    sys.exit(main())
