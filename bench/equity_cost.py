"""What exact equity and Monte Carlo really cost on each engine: the figures behind each
engine's ``equity_costs`` (pokersql.engines), which the default of ``equity`` reads to pick
the faster way.

    python bench/equity_cost.py --engine duckdb [--db PATH] [--trials N] [--only NAME]
    python bench/equity_cost.py --engine postgres --db postgresql://...

Each case runs twice on one built database: exact (``exact=True``), then Monte Carlo of
``--trials`` trials (scaled to per trial: Monte Carlo's cost is its slices, one after
another, so it grows with the trials). Printed per case: the work estimate that the library
computes (``ranges.exact_work``: deals x boards, or boards x 364 against one random hand),
the exact seconds and seconds per unit of work, and the Monte Carlo seconds per trial.
The machine may be shared: the load average is printed; nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pokersql  # noqa: E402
from pokersql import ranges  # noqa: E402
from pokersql.cards import parse_cards  # noqa: E402

# name: (hands, board, dead). A handful of each exact path: one random hand (019), ranges (018).
CASES = {
    "random-flop": (["AhAd", "random"], "2c 7d Kc", ""),
    "random-turn-3way": (["AhAd", "KsQs", "random"], "2c 7d Kc 5s", ""),
    "range-flop-small": (["AhKh", "TT+", "87s,98s"], "Jh 8h 2c", "7h 9d"),
    "range-flop": (["AhAd", "QQ+,AKs"], "2c 7d Kc", ""),
    "range-turn": (["AsKs", "22+,A2s+"], "2c 7d Kc 5s", ""),
    "range-flop-wide": (["AsKs", "22+,A2+,K9+"], "2c 7d Kc", ""),
    "range-preflop": (["AhAd", "QQ+,AKs"], "", ""),
    "range-v-range-turn": (["QQ+,AK", "TT+,AQ+"], "2c 7d Kc 5s", ""),
}


def work_of(hands: list[str], board: str, dead: str) -> int:
    players = [ranges.parse_player(hand, n) for n, hand in enumerate(hands, start=1)]
    board_cards, dead_cards = parse_cards(board) if board else [], parse_cards(dead) if dead else []
    live = ranges.remove_known(players, set(board_cards) | set(dead_cards))
    return ranges.exact_work(live, board_cards, dead_cards, players)


def timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", default="duckdb")
    parser.add_argument("--db", default=None, help="a built database (default: one built in a temporary folder)")
    parser.add_argument("--trials", type=int, default=20_000)
    parser.add_argument("--only", action="append", default=None)
    parser.add_argument("--skip-exact", action="store_true")
    args = parser.parse_args()
    path = args.db or str(Path(tempfile.mkdtemp(prefix="pokersql-cost-")) / f"poker.{args.engine}")
    print(f"# {args.engine}, load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    with pokersql.connect(path, engine=args.engine) as db:
        db.migrate()
        for name, (hands, board, dead) in CASES.items():
            if args.only and name not in args.only:
                continue
            work = work_of(hands, board, dead)
            exact = None if args.skip_exact else timed(lambda: db.equity(*hands, board=board, dead=dead, exact=True))
            monte_carlo = timed(lambda: db.equity(*hands, board=board, dead=dead, trials=args.trials, seed=1))
            row = {
                "engine": args.engine,
                "case": name,
                "work": work,
                "exact_s": None if exact is None else round(exact, 3),
                "exact_s_per_work": None if exact is None else exact / work,
                "trials": args.trials,
                "monte_carlo_s": round(monte_carlo, 3),
                "monte_carlo_s_per_trial": monte_carlo / args.trials,
            }
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
