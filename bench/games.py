"""Other games (issue 24): pokersql beside its peers, measured in one run.

Every figure is the median of ``--reps`` runs taken here (the machine may be shared: the load
average is printed); nothing here asserts a timing.

omaha       200,000 random PLO4 hands (a board of five) evaluated through SQL (omaha_ranks_of,
            034, on DuckDB: the hands as long rows, one query), in hands per second, beside
            phevaluator's evaluate_omaha_cards in a Python loop and pokerkit's
            OmahaHoldemHand.from_game (on 2,000 hands, scaled).
equity      exact heads-up equity: PLO4 on a flop (820 boards) beside an exhaustive phevaluator
            loop; short deck before the flop (201,376 boards) beside an exhaustive loop of
            pokerkit's ShortDeckHoldemHand.from_game over 2,000 boards, scaled; with
            ``--preflop``, PLO4 before the flop too (1,086,008 boards, 60 fives a hand).

    python bench/games.py [--only omaha|equity] [--reps 3] [--preflop]
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import tempfile
import time
from collections.abc import Callable

import numpy as np
from phevaluator import evaluate_omaha_cards
from pokerkit import OmahaHoldemHand, ShortDeckHoldemHand

import pokersql
from pokersql.cards import card_name, parse_cards

HANDS = 200_000


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


def omaha(db: pokersql.Database, reps: int) -> None:
    import duckdb

    rng = np.random.default_rng(24)
    dealt = np.argsort(rng.random((HANDS, 52)), axis=1)[:, :9].astype(np.int32)
    long = {
        "hand_no": np.repeat(np.arange(HANDS), 9),
        "card_id": dealt.reshape(-1),
        "is_hole": np.tile(np.array([0] * 5 + [1] * 4, dtype=np.int32), HANDS),
    }
    connection: duckdb.DuckDBPyConnection = db.engine.connection
    connection.register("omaha_dealt", long)
    sql_seconds, ours = timed(
        lambda: connection.execute("select hand_no, hand_rank from omaha_ranks_of('omaha_dealt') order by hand_no").fetchall(), reps
    )
    rows = dealt.tolist()
    phe_seconds, theirs = timed(lambda: [evaluate_omaha_cards(*cards) for cards in rows], reps)
    assert [rank for _, rank in ours] == theirs
    sample = [[card_name(c) for c in cards] for cards in rows[:2000]]
    kit_seconds, _ = timed(lambda: [OmahaHoldemHand.from_game("".join(c[5:]), "".join(c[:5])) for c in sample], 1)
    print(f"Omaha PLO4 evaluation, {HANDS:,} hands (load {load_average()}):")
    print(f"  pokersql (DuckDB, omaha_ranks_of) {sql_seconds:7.2f} s  {HANDS / sql_seconds:12,.0f} hands/s")
    print(f"  phevaluator (Python loop)         {phe_seconds:7.2f} s  {HANDS / phe_seconds:12,.0f} hands/s  (same ranks)")
    print(f"  pokerkit from_game (2,000, scaled) {kit_seconds * HANDS / 2000:6.1f} s  {2000 / kit_seconds:12,.0f} hands/s")


def phevaluator_flop(holes: list[list[int]], board: list[int]) -> list[float]:
    used = set(board) | {c for h in holes for c in h}
    deck = [c for c in range(52) if c not in used]
    shares = [0.0] * len(holes)
    count = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        full = board + list(rest)
        ranks = [evaluate_omaha_cards(*full, *hole) for hole in holes]
        best = min(ranks)
        winners = [i for i, r in enumerate(ranks) if r == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        count += 1
    return [s / count for s in shares]


def equity(db: pokersql.Database, reps: int, preflop: bool) -> None:
    print(f"Exact equity, heads-up (load {load_average()}):")
    hands, board = ("Ah Ad Kc Qc", "Js Ts 9d 8d"), "2h 7h Qd"
    seconds, result = timed(lambda: db.equity(*hands, board=board, game="omaha"), reps)
    phe_seconds, theirs = timed(lambda: phevaluator_flop([parse_cards(h) for h in hands], parse_cards(board)), reps)
    assert abs(result.players[0].equity - theirs[0]) < 1e-12
    print(f"  PLO4 on a flop ({result.boards:,} boards): pokersql {seconds:.3f} s, phevaluator loop {phe_seconds:.3f} s")
    if preflop:
        seconds, result = timed(lambda: db.equity(*hands, game="omaha"), 1)
        print(f"  PLO4 before the flop ({result.boards:,} boards): pokersql {seconds:.1f} s "
              f"(equity {result.players[0].equity:.6f})")
    seconds, result = timed(lambda: db.equity("As Ks", "Qh Qd", game="shortdeck"), reps)
    deck = [c for c in range(16, 52) if c not in parse_cards("As Ks Qh Qd")]
    boards = list(itertools.combinations(deck, 5))
    sample = boards[:: len(boards) // 2000][:2000]

    def pokerkit_loop() -> None:
        for five in sample:
            text = "".join(card_name(c) for c in five)
            ShortDeckHoldemHand.from_game("AsKs", text) < ShortDeckHoldemHand.from_game("QhQd", text)

    kit_seconds, _ = timed(pokerkit_loop, 1)
    print(f"  short deck before the flop ({result.boards:,} boards): pokersql {seconds:.2f} s "
          f"(AsKs {result.players[0].equity:.6f}), pokerkit loop {kit_seconds * len(boards) / len(sample):.1f} s (2,000 boards, scaled)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["omaha", "equity"])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--preflop", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        with pokersql.connect(f"{folder}/games.duckdb") as db:
            db.migrate()
            if args.only in (None, "omaha"):
                omaha(db, args.reps)
            if args.only in (None, "equity"):
                equity(db, args.reps, args.preflop)


if __name__ == "__main__":
    main()
