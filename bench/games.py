"""Other games (issue 24): pokersql beside its peers, measured in one run.

Every figure is the median of ``--reps`` runs taken here (the machine may be shared: the load
average is printed); nothing here asserts a timing.

omaha       200,000 random PLO4 hands (a board of five) evaluated through SQL (omaha_ranks_of,
            034, on DuckDB: the hands as long rows, one query), in hands per second, beside
            phevaluator's evaluate_omaha_cards in a Python loop and pokerkit's
            OmahaHoldemHand.from_game (on 2,000 hands, scaled).
equity      exact heads-up equity (omaha_equity, short_deck_equity): PLO4 on a flop (820 boards) and before
            the flop (1,086,008 boards, each player's best of its ten triples), beside an
            exhaustive phevaluator loop (before the flop: over 100,000 boards, scaled; with
            ``--full-loop``, all of them, checked equal) and poker-equity's exact_from_text;
            short deck before the flop (201,376 boards) beside pokerkit's
            ShortDeckHoldemHand.from_game over 2,000 boards, scaled, and poker-equity.
monte-carlo 1,000,000 seeded trials of PLO4 heads-up before the flop (omaha_monte_carlo_equity;
            the default slices of the engine and one slice), beside poker-equity's
            chunk_from_text (one thread, and its default four) and a phevaluator loop over
            100,000 random boards, scaled; each estimate's distance from the exact equity in
            standard errors.

random      exact equity against one random hand (omaha_random_equity, short_deck_random_equity):
            PLO4 on a river and a turn, short deck on a flop and before it, beside poker-equity's
            exact_from_text with '*' cards (None when it finds too many deals to walk).
next-street --next-street on a flop (omaha_street_equity, short_deck_street_equity) beside
            poker-equity's exact equity of each turn card, one call a card.

    python bench/games.py [--only omaha|equity|monte-carlo|random|next-street] [--reps 3] [--full-loop]
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
import poker_equity
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


def phevaluator_loop(holes: list[list[int]], boards: list[tuple[int, ...]]) -> list[float]:
    """Each player's share of the pots over the boards given, ranked by phevaluator."""
    shares = [0.0] * len(holes)
    for full in boards:
        ranks = [evaluate_omaha_cards(*full, *hole) for hole in holes]
        best = min(ranks)
        winners = [i for i, r in enumerate(ranks) if r == best]
        for i in winners:
            shares[i] += 1 / len(winners)
    return [s / len(boards) for s in shares]


def every_board(holes: list[list[int]], board: list[int], lowest: int = 0) -> list[tuple[int, ...]]:
    used = set(board) | {c for h in holes for c in h}
    deck = [c for c in range(lowest, 52) if c not in used]
    return [tuple(board) + rest for rest in itertools.combinations(deck, 5 - len(board))]


HANDS_PLO4 = ("Ah Ad Kc Qc", "Js Ts 9d 8d")


def equity(db: pokersql.Database, reps: int, full_loop: bool) -> None:
    print(f"Exact equity, heads-up (load {load_average()}):")
    hands, board = HANDS_PLO4, "2h 7h Qd"
    holes = [parse_cards(h) for h in hands]
    seconds, result = timed(lambda: db.equity(*hands, board=board, game="omaha"), reps)
    boards = every_board(holes, parse_cards(board))
    phe_seconds, theirs = timed(lambda: phevaluator_loop(holes, boards), reps)
    assert abs(result.players[0].equity - theirs[0]) < 1e-12
    kit = [h.replace(" ", "") for h in hands]
    pe_seconds, pe_result = timed(lambda: poker_equity.exact_from_text("omaha", kit, board), reps)
    assert abs(pe_result["players"][0]["equity"] - theirs[0]) < 1e-12
    print(f"  PLO4 on a flop ({result.boards:,} boards): pokersql {seconds:.3f} s, phevaluator loop {phe_seconds:.3f} s, "
          f"poker-equity {pe_seconds:.4f} s (all three the same equity)")

    seconds, result = timed(lambda: db.equity(*hands, game="omaha"), reps)
    boards = every_board(holes, [])
    sample = boards if full_loop else boards[:: len(boards) // 100_000]
    phe_seconds, theirs = timed(lambda: phevaluator_loop(holes, sample), 1)
    if full_loop:
        assert abs(result.players[0].equity - theirs[0]) < 1e-12
    pe_seconds, pe_result = timed(lambda: poker_equity.exact_from_text("omaha", kit, ""), reps)
    assert abs(pe_result["players"][0]["equity"] - result.players[0].equity) < 1e-12
    scaled = "all, the same equity" if full_loop else f"{len(sample):,} boards, scaled"
    print(f"  PLO4 before the flop ({result.boards:,} boards): pokersql {seconds:.2f} s (equity {result.players[0].equity:.6f}), "
          f"phevaluator loop {phe_seconds * len(boards) / len(sample):.1f} s ({scaled}), "
          f"poker-equity {pe_seconds:.2f} s (the same equity)")

    seconds, result = timed(lambda: db.equity("As Ks", "Qh Qd", game="shortdeck"), reps)
    boards = every_board([parse_cards("As Ks Qh Qd")], [], lowest=16)
    sample = boards[:: len(boards) // 2000][:2000]

    def pokerkit_loop() -> None:
        for five in sample:
            text = "".join(card_name(c) for c in five)
            ShortDeckHoldemHand.from_game("AsKs", text) < ShortDeckHoldemHand.from_game("QhQd", text)

    kit_seconds, _ = timed(pokerkit_loop, 1)
    pe_seconds, pe_result = timed(lambda: poker_equity.exact_from_text("short_deck", ["AsKs", "QhQd"], ""), reps)
    assert abs(pe_result["players"][0]["equity"] - result.players[0].equity) < 1e-12
    print(f"  short deck before the flop ({result.boards:,} boards): pokersql {seconds:.2f} s "
          f"(AsKs {result.players[0].equity:.6f}), pokerkit loop {kit_seconds * len(boards) / len(sample):.1f} s "
          f"(2,000 boards, scaled), poker-equity {pe_seconds:.3f} s (the same equity)")


def monte_carlo(db: pokersql.Database, reps: int) -> None:
    trials = 1_000_000
    print(f"Monte Carlo, {trials:,} trials of PLO4 heads-up before the flop (load {load_average()}):")
    exact = db.equity(*HANDS_PLO4, game="omaha").players[0].equity

    def line(name: str, seconds: float, estimate: float, error: float) -> None:
        print(f"  {name:<40} {seconds:6.2f} s  {estimate:.5f} ± {error:.5f}  ({(estimate - exact) / error:+.1f} standard errors from exact)")

    for slice_trials, name in ((None, "pokersql (DuckDB)"), (500_000, "pokersql (DuckDB, slices of 500,000)")):
        seconds, result = timed(lambda size=slice_trials: db.equity(*HANDS_PLO4, game="omaha", trials=trials, seed=24, slice_trials=size), reps)
        line(name, seconds, result.players[0].equity, result.players[0].std_error)
    kit = [h.replace(" ", "") for h in HANDS_PLO4]
    for threads in (1, 0):
        seconds, r = timed(lambda n=threads: poker_equity.chunk_from_text("omaha", kit, samples=trials, seed=24, threads=n), reps)
        line(f"poker-equity ({threads or 'default'} thread{'s' if threads != 1 else ''})", seconds, r["players"][0]["equity"], r["players"][0]["std_error"])
    holes = [parse_cards(h) for h in HANDS_PLO4]
    deck = [c for c in range(52) if c not in holes[0] + holes[1]]
    rng = np.random.default_rng(24)
    drawn = [tuple(deck[i] for i in row) for row in np.argsort(rng.random((100_000, len(deck))), axis=1)[:, :5].tolist()]
    seconds, theirs = timed(lambda: phevaluator_loop(holes, drawn), 1)
    error = (theirs[0] * (1 - theirs[0]) / len(drawn)) ** 0.5
    line("phevaluator loop (100,000 trials, scaled)", seconds * trials / len(drawn), theirs[0], error)


def random_hand(db: pokersql.Database, reps: int) -> None:
    """Exact equity against one random hand (039) beside poker-equity's exact_from_text with '*'
    cards (it walks every deal, or gives up, returning None, when there are too many)."""
    print(f"Exact equity against a random hand, heads-up (load {load_average()}):")
    spots = (
        ("omaha", "As Ks Qd Jd", "Qh Js 6c 7d 8h", "PLO4 on a river"),
        ("omaha", "As Ks Qd Jd", "Qh Js 6c 7d", "PLO4 on a turn"),
        ("shortdeck", "As Ks", "Qh Js 6c", "short deck on a flop"),
        ("shortdeck", "As Ks", "", "short deck before the flop"),
    )
    for game, hand, board, name in spots:
        seconds, result = timed(lambda: db.equity(hand, "random", board=board, game=game, exact=True), reps)
        variant, stars = ("omaha", "****") if game == "omaha" else ("short_deck", "**")
        pe_seconds, theirs = timed(lambda: poker_equity.exact_from_text(variant, [hand.replace(" ", ""), stars], board.replace(" ", "")), 1)
        if theirs is None:
            peer = f"poker-equity gives up (None) after {pe_seconds:.1f} s"
        else:
            assert abs(theirs["players"][0]["equity"] - result.players[0].equity) < 1e-12
            peer = f"poker-equity {pe_seconds:.2f} s (the same equity)"
        print(f"  {name} ({result.deals:,} deals): pokersql {seconds:.2f} s (equity {result.players[0].equity:.6f}), {peer}")


def next_street(db: pokersql.Database, reps: int) -> None:
    """--next-street (040) on a flop: each turn card and the equity after it, beside
    poker-equity's exact equity of each flop and turn card, one call a card."""
    print(f"The next street on a flop, heads-up (load {load_average()}):")
    spots = (("omaha", HANDS_PLO4, "2h 7h Qd", "PLO4"), ("shortdeck", ("As Ks", "Qh Qd"), "6c 7c 8h", "short deck"))
    for game, hands, board, name in spots:
        seconds, result = timed(lambda: db.equity(*hands, board=board, game=game, next_street=True), reps)
        variant = "omaha" if game == "omaha" else "short_deck"
        kit = [h.replace(" ", "") for h in hands]

        def peer() -> list[float]:
            return [poker_equity.exact_from_text(variant, kit, board.replace(" ", "") + card.card)["players"][0]["equity"] for card in result.next_street]

        pe_seconds, theirs = timed(peer, reps)
        assert all(abs(ours.equity[0] - equity) < 1e-12 for ours, equity in zip(result.next_street, theirs))
        print(f"  {name} ({len(result.next_street)} turn cards): pokersql {seconds:.3f} s, "
              f"poker-equity {pe_seconds:.3f} s (a call per card, the same equities)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["omaha", "equity", "monte-carlo", "random", "next-street"])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--full-loop", action="store_true", help="phevaluator over every board before the flop")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        with pokersql.connect(f"{folder}/games.duckdb") as db:
            db.migrate()
            if args.only in (None, "omaha"):
                omaha(db, args.reps)
            if args.only in (None, "equity"):
                equity(db, args.reps, args.full_loop)
            if args.only in (None, "monte-carlo"):
                monte_carlo(db, args.reps)
            if args.only in (None, "random"):
                random_hand(db, args.reps)
            if args.only in (None, "next-street"):
                next_street(db, args.reps)


if __name__ == "__main__":
    main()
