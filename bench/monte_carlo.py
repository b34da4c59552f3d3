"""Monte Carlo equity (issue 44, item 6): pokersql beside eval7 and poker-equity, in one run.

Each figure is the median of ``--reps`` runs taken here, round-robin within a group (one run
of each figure per round, so a burst of load falls on all of them alike); the load average
is printed before and after each group, and each target as the ratio of the medians. The
machine may be shared: compare ratios measured side by side, never figures of two runs.
Nothing here asserts a timing.

heads-up  1,000,000 seeded trials of AhAd vs KhKd before the flop, in process on an in-memory
          DuckDB database (``db.equity("AhAd", "KhKd", trials=1_000_000, seed=1)``), beside
          eval7's ``py_hand_vs_range_monte_carlo`` (its compiled loop) of the same trials.
          Target: pokersql at most 5 times eval7.
plo4      1,000,000 seeded trials of PLO4 heads-up before the flop (AhAdKcQc vs JsTs9d8d,
          ``db.equity(..., game="omaha", trials=1_000_000, seed=24)``), beside poker-equity's
          ``chunk_from_text`` on one thread and on its default threads. Target: pokersql at
          most 2.5 times the faster of the two.
plo8      1,000,000 seeded trials of PLO8 (Omaha hi-lo) heads-up before the flop (AhAd2c3c vs
          JsTs9d8d, ``db.equity(..., game="omaha8", trials=1_000_000, seed=8)``), beside
          poker-equity's ``chunk_from_text("omaha_hi_lo", ...)`` (it reports low shares) on one
          thread and on its default threads. Target (issue 47): pokersql at most 3 times the
          faster of the two.
plo8-flop Exact PLO8 equity on a flop, heads-up (the same hands on Kh7d4s: every turn and river),
          ``db.equity(..., board="Kh7d4s", game="omaha8")``, beside poker-equity's
          ``exact_from_text``. Target (issue 47): at most 5 s; the peer's figure is printed
          beside it.
stages    Where the heads-up run's time goes: the views of one slice of 1,000,000 trials read one
          after the other on DuckDB (each reads the one before it), count(*) and a sum of each,
          so each line is the cumulative time up to that view: the trials' numbers and states
          (deal_numbers, deal_states, 003), the trials' words (monte_carlo_trials, 020), the
          draws (monte_carlo_draws, 021), the deals, the boards by class and the tally.

    python bench/monte_carlo.py [--only heads-up|plo4|plo8|plo8-flop|stages] [--reps 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

import pokersql

TRIALS = 1_000_000
HEADS_UP = ("AhAd", "KhKd")
PLO4 = ("Ah Ad Kc Qc", "Js Ts 9d 8d")
HEADS_UP_TARGET = 5.0
PLO4_TARGET = 2.5
PLO8 = ("Ah Ad 2c 3c", "Js Ts 9d 8d")
PLO8_FLOP = "Kh7d4s"
PLO8_TARGET = 3.0
PLO8_FLOP_SECONDS = 5.0


def load_average() -> str:
    try:
        return ", ".join(f"{load:.2f}" for load in os.getloadavg())
    except OSError:
        return "unknown"


def round_robin(figures: dict[str, Callable[[], float]], reps: int) -> dict[str, tuple[float, list[float], float]]:
    """Each figure run once per round, ``reps`` rounds: its median seconds, every time, and the
    hero's equity of its last run."""
    times: dict[str, list[float]] = {name: [] for name in figures}
    equities: dict[str, float] = {}  # the hero's equity (stages: the rows)
    for _ in range(reps):
        for name, run in figures.items():
            start = time.perf_counter()
            equities[name] = run()
            times[name].append(time.perf_counter() - start)
    return {name: (statistics.median(times[name]), times[name], equities[name]) for name in figures}


def report(title: str, figures: dict[str, Callable[[], float]], reps: int, target: float, peers: list[str]) -> float:
    print(f"{title} ({reps} rounds; load before: {load_average()})", flush=True)
    results = round_robin(figures, reps)
    for name, (median, times, equity) in results.items():
        each = ", ".join(f"{t:.2f}" for t in times)
        print(f"  {name:<44} median {median:6.3f} s  (each: {each})  hero's equity {equity:.5f}")
    ours = results["pokersql"][0]
    fastest = min(peers, key=lambda name: results[name][0])
    ratio = ours / results[fastest][0]
    for name in peers:
        print(f"  pokersql / {name}: {ours / results[name][0]:.2f}x")
    verdict = "met" if ratio <= target else "NOT met"
    print(f"  target pokersql <= {target:g}x {fastest}: {ratio:.2f}x, {verdict}  (load after: {load_average()})")
    print(flush=True)
    return ratio


def heads_up(db: pokersql.Database, reps: int) -> None:
    import eval7

    hero = [eval7.Card(HEADS_UP[0][:2]), eval7.Card(HEADS_UP[0][2:])]
    villain = eval7.HandRange(HEADS_UP[1])
    figures = {
        "pokersql": lambda: db.equity(*HEADS_UP, trials=TRIALS, seed=1).players[0].equity,
        "eval7 py_hand_vs_range_monte_carlo": lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], TRIALS),
    }
    title = f"heads-up Monte Carlo, {TRIALS:,} trials of {' vs '.join(HEADS_UP)} (DuckDB in memory, in process)"
    report(title, figures, reps, HEADS_UP_TARGET, ["eval7 py_hand_vs_range_monte_carlo"])


def beside_poker_equity(db: pokersql.Database, reps: int, label: str, hands: tuple[str, str], game: str, variant: str,
                        seed: int, target: float) -> None:
    """1,000,000 seeded trials of ``hands`` in ``game``, beside poker-equity's ``variant`` on one
    thread and on its default threads."""
    import poker_equity

    kit = [hand.replace(" ", "") for hand in hands]

    def poker_equity_run(threads: int) -> Callable[[], float]:
        return lambda: poker_equity.chunk_from_text(variant, kit, samples=TRIALS, seed=seed, threads=threads)["players"][0]["equity"]

    figures = {
        "pokersql": lambda: db.equity(*hands, game=game, trials=TRIALS, seed=seed).players[0].equity,
        "poker-equity chunk_from_text (1 thread)": poker_equity_run(1),
        "poker-equity chunk_from_text (default threads)": poker_equity_run(0),
    }
    title = f"{label} Monte Carlo, {TRIALS:,} trials of {' vs '.join(hands)} (DuckDB in memory, in process)"
    report(title, figures, reps, target, [name for name in figures if name != "pokersql"])


def plo4(db: pokersql.Database, reps: int) -> None:
    beside_poker_equity(db, reps, "PLO4", PLO4, "omaha", "omaha", 24, PLO4_TARGET)


def plo8(db: pokersql.Database, reps: int) -> None:
    beside_poker_equity(db, reps, "PLO8", PLO8, "omaha8", "omaha_hi_lo", 8, PLO8_TARGET)


def plo8_flop(db: pokersql.Database, reps: int) -> None:
    import poker_equity

    kit = [hand.replace(" ", "") for hand in PLO8]
    figures = {
        "pokersql": lambda: db.equity(*PLO8, board=PLO8_FLOP, game="omaha8").players[0].equity,
        "poker-equity exact_from_text": lambda: poker_equity.exact_from_text("omaha_hi_lo", kit, board=PLO8_FLOP)["players"][0]["equity"],
    }
    print(f"PLO8 exact on the flop {PLO8_FLOP}, {' vs '.join(PLO8)} ({reps} rounds; load before: {load_average()})", flush=True)
    results = round_robin(figures, reps)
    for name, (median, times, equity) in results.items():
        each = ", ".join(f"{t:.3f}" for t in times)
        print(f"  {name:<44} median {median:6.3f} s  (each: {each})  hero's equity {equity:.10f}")
    ours = results["pokersql"][0]
    verdict = "met" if ours <= PLO8_FLOP_SECONDS else "NOT met"
    print(f"  target pokersql <= {PLO8_FLOP_SECONDS:g} s: {ours:.3f} s, {verdict}  (load after: {load_average()})")
    print(flush=True)


STAGES = (
    ("deal_numbers", "deal_no"),
    ("deal_states", "state"),
    ("monte_carlo_trials", "hash_1_of_3"),
    ("monte_carlo_draws", "card_mask"),
    ("monte_carlo_deals", "card_mask"),
    ("monte_carlo_class_runouts", "weight"),
    ("monte_carlo_class_equity", "pot_shares"),
)


def stages(db: pokersql.Database, reps: int) -> None:
    from pokersql.cards import parse_cards
    from pokersql.database import _deal_settings

    known = [(player, card) for player, hand in enumerate(HEADS_UP, start=1) for card in parse_cards(hand)]
    print(f"stages of {TRIALS:,} trials of {' vs '.join(HEADS_UP)}, one slice, cumulative (load before: {load_average()})")
    with db.engine.inputs(hand_input=known, deal_settings=[_deal_settings(1, 4, TRIALS)]):
        queries = {view: f"select count(*), sum({column}) from {view}" for view, column in STAGES}
        results = round_robin({view: lambda q=query: db.engine.execute(q)[0][0] for view, query in queries.items()}, reps)
    for view, (median, times, rows) in results.items():
        print(f"  {view:<28} median {median:6.3f} s  ({rows:,} rows; each: {', '.join(f'{t:.2f}' for t in times)})")
    print(f"  (load after: {load_average()})")
    print(flush=True)


GROUPS = {"heads-up": heads_up, "plo4": plo4, "plo8": plo8, "plo8-flop": plo8_flop, "stages": stages}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=list(GROUPS), action="append")
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args()
    with pokersql.connect(None) as db:
        db.migrate()
        for name in args.only or list(GROUPS):
            GROUPS[name](db, args.reps)


if __name__ == "__main__":
    main()
