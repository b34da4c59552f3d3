"""Ranges and Monte Carlo equity (issue #12): pokersql beside its peers, measured in one run.

Every figure is the median of ``--reps`` runs taken here (the machine may be shared: the load
average is printed with each group); nothing here asserts a timing.

montecarlo  1,000,000 trials, heads-up (AhAd vs random) and three-way (AhAd vs random vs
            random), on DuckDB: pokersql's ``equity --trials`` beside eval7's
            ``py_hand_vs_range_monte_carlo`` (heads-up only: it takes one villain range),
            poker-equity's ``chunk_from_text`` (one thread) if it is installed, and pokerkit's
            ``calculate_equities`` on 10,000 samples, scaled to 1,000,000.
exact       AhAd vs QQ+,AKs before the flop, exact, on DuckDB, beside an exhaustive phevaluator
            loop over every deal and board (``--full``; by default the loop runs over one deal
            of 1,712,304 boards and is scaled by the deals, a note says so). AhAd vs random
            exact (1,225 deals: random_opponent_equity, 019) runs once, not ``--reps`` times.

weighted    (issue #25) weighted range against weighted range before the flop from the preflop table
            (``--db FILE``: a DuckDB database with ``build --preflop`` done), ``--by-combo`` of
            15% against 15% from it, and a weighted range against a weighted range on a flop
            (enumerated, no table); beside eval7, which has no range against range: its
            ``py_hand_vs_range_monte_carlo`` for each of 15%'s 200 combinations against 15%
            (100,000 trials each, counting every combination once: eval7's equity ignores weights).

    python bench/ranges.py [--only montecarlo|exact|weighted] [--reps 3] [--full] [--db FILE]
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import time
from collections.abc import Callable

import pokersql
import pokersql.cards
import pokersql.ranges
from pokersql.cards import parse_cards
from pokersql.ranges import parse_range

TRIALS = 1_000_000


def load_average() -> str:
    try:
        return ", ".join(f"{load:.2f}" for load in os.getloadavg())
    except OSError:
        return "unknown"


def timed(label: str, work: Callable[[], object], reps: int, scale: float = 1.0, note: str = "") -> float:
    seconds = []
    for _ in range(reps):
        start = time.perf_counter()
        work()
        seconds.append((time.perf_counter() - start) * scale)
    median = statistics.median(seconds)
    print(f"  {label:<58} {median:9.3f} s  (min {min(seconds):.3f}, max {max(seconds):.3f}, n={reps}){'  ' + note if note else ''}")
    return median


def montecarlo(reps: int) -> None:
    print(f"== montecarlo: {TRIALS:,} trials  (load average {load_average()})")
    db = pokersql.connect()
    db.migrate()
    timed("pokersql heads-up  AhAd random", lambda: db.equity("AhAd", "random", trials=TRIALS, seed=1), reps)
    timed("pokersql three-way AhAd random random", lambda: db.equity("AhAd", "random", "random", trials=TRIALS, seed=1), reps)
    try:
        import eval7

        hand = [eval7.Card("Ah"), eval7.Card("Ad")]
        villain = eval7.HandRange("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")
        timed("eval7 py_hand_vs_range_monte_carlo heads-up", lambda: eval7.py_hand_vs_range_monte_carlo(hand, villain, [], TRIALS), reps)
    except ImportError:
        print("  eval7: not installed")
    try:
        import poker_equity

        timed("poker-equity chunk_from_text heads-up (1 thread)",
              lambda: poker_equity.chunk_from_text("holdem", ["AhAd", "**"], samples=TRIALS, seed=1, threads=1), reps)
        timed("poker-equity chunk_from_text three-way (1 thread)",
              lambda: poker_equity.chunk_from_text("holdem", ["AhAd", "**", "**"], samples=TRIALS, seed=1, threads=1), reps)
    except ImportError:
        print("  poker-equity: not installed")
    try:
        from pokerkit import Card, Deck, StandardHighHand, calculate_equities, parse_range as kit_range

        sample = 10_000
        any_two = kit_range("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")
        for name, ranges in (("heads-up", (kit_range("AhAd"), any_two)), ("three-way", (kit_range("AhAd"), any_two, any_two))):
            timed(f"pokerkit calculate_equities {name}",
                  lambda ranges=ranges: calculate_equities(ranges, (), 2, 5, Deck.STANDARD, (StandardHighHand,), sample_count=sample),
                  reps, scale=TRIALS / sample, note=f"{sample:,} samples x {TRIALS // sample}")
    except ImportError:
        print("  pokerkit: not installed")
    db.close()


def phevaluator_deals(hero: list[int], villains: list[tuple[int, int]], limit: int | None) -> int:
    from phevaluator import evaluate_cards

    counted = 0
    for villain in villains[:limit]:
        deck = [c for c in range(52) if c not in hero and c not in villain]
        for board in itertools.combinations(deck, 5):
            evaluate_cards(*board, *hero) < evaluate_cards(*board, *villain)
            counted += 1
    return counted


def exact(reps: int, full: bool) -> None:
    print(f"== exact: before the flop, DuckDB  (load average {load_average()})")
    db = pokersql.connect()
    db.migrate()
    hero = parse_cards("AhAd")
    for text, runs in (("QQ+,AKs", reps), ("random", 1)):
        villains = [c for c in parse_range(text) if not set(c) & set(hero)]
        timed(f"pokersql exact AhAd vs {text} ({len(villains):,} deals)", lambda: db.equity("AhAd", text, exact=True), runs)
        if full:
            timed(f"phevaluator exhaustive loop AhAd vs {text}", lambda: phevaluator_deals(hero, villains, None), 1)
        else:
            timed(f"phevaluator exhaustive loop AhAd vs {text}", lambda: phevaluator_deals(hero, villains, 1), 1,
                  scale=len(villains), note=f"one deal of 1,712,304 boards x {len(villains):,} deals")
    db.close()


def weighted(reps: int, path: str | None) -> None:
    print(f"== weighted ranges, DuckDB  (load average {load_average()})")
    if path is None:
        print("  (no --db: a database with the preflop table is needed for the preflop figures)")
    db = pokersql.connect(path) if path else pokersql.connect()
    db.migrate()
    if path:
        mine, theirs = "QQ+,AKs:0.5,AQs@25", "JJ-99:0.75,AQs,KQs:0.5"
        timed(f"pokersql {mine} v {theirs}, preflop table", lambda: db.equity(mine, theirs), reps)
        timed("pokersql 15% v 15% --by-combo, preflop table", lambda: db.equity("15%", "15%", by_combo=1), reps)
    timed("pokersql QQ+:0.5,AKs v JJ+:0.25,AQs on Qh Ts 7c (enumerated)",
          lambda: db.equity("QQ+:0.5,AKs", "JJ+:0.25,AQs", board="Qh Ts 7c", exact=True), reps)
    timed("pokersql QQ+:0.5,AKs v JJ+:0.25,AQs on Qh Ts 7c --by-combo",
          lambda: db.equity("QQ+:0.5,AKs", "JJ+:0.25,AQs", board="Qh Ts 7c", by_combo=1), reps)
    db.close()
    try:
        import eval7
    except ImportError:
        print("  eval7: not installed")
        return
    top = pokersql.ranges.parse_range("15%")
    names = pokersql.cards.CARD_NAMES
    villain = eval7.HandRange(",".join(names[a] + names[b] for a, b in top))
    hands = [[eval7.Card(names[a]), eval7.Card(names[b])] for a, b in top]
    timed("eval7 hand_vs_range_monte_carlo, 200 combos of 15% v 15%, 100,000 trials each",
          lambda: [eval7.py_hand_vs_range_monte_carlo(hand, villain, [], 100_000) for hand in hands], 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["montecarlo", "exact", "weighted"], action="append")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--full", action="store_true", help="the phevaluator loop over every deal, not one deal scaled")
    parser.add_argument("--db", help="weighted: a DuckDB database whose preflop table is built")
    args = parser.parse_args()
    groups = args.only or ["montecarlo", "exact"]
    print(f"pokersql {pokersql.__version__ if hasattr(pokersql, '__version__') else ''}: load average at start {load_average()}, {os.cpu_count()} cores")
    if "montecarlo" in groups:
        montecarlo(args.reps)
    if "exact" in groups:
        exact(args.reps, args.full)
    if "weighted" in groups:
        weighted(args.reps, args.db)


if __name__ == "__main__":
    main()
