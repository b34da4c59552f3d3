"""Where the all-in EV's time goes (issue 23, part 6), on DuckDB: the views of the all-in EV as
they are now and as a git commit had them, on the same imported hands, one after the other.

    .venv/bin/python bench/histories_allin_ev.py DATABASE [--before f4df776] [--memory-limit 4GB] [--as-written]
    .venv/bin/python bench/histories_allin_ev.py DATABASE --spots

DATABASE: a DuckDB database with imported hands and every view (``bench/histories_scale.py
--hands 30000 --keep DIR`` leaves one: DIR/histories.duckdb); it is not changed. Its all-in hands
are sorted by kind (heads-up before the flop, three to six players before the flop, on the flop,
on the turn) and each kind copied into a database of its own beside it, with every hand; in each,
the SQL files of the all-in EV (017, 024, 031, 032) as the commit had them, then as they are, and
``history_allin_ev`` read in full by each: seconds, rows, the load average, and whether the two
give the same rows, the same EV to the cent and the same equities. ``--as-written``: the views as
they are read with DuckDB's hash joins as the join order gives them, as the import's stored.fill
runs them (DuckDBEngine.joins_as_written). Nothing asserts a timing.

``--spots``: no timing; the all-in hands counted by the board when the betting ended and the
players in, and, before the flop, how many are distinct: the same cards, and the same cards up
to a renaming of the suits (the 24 permutations; an equity counted once for each would serve
the others). Whether counting each distinct spot once would pay.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import duckdb

ROOT = Path(__file__).resolve().parents[1]
FILES = ("sql/equity/017_exact_equity.views.sql", "sql/equity/024_preflop_value_counts.views.sql",
         "sql/histories/031_hand_street_equities.views.sql", "sql/histories/032_hand_allin_ev.views.sql")
TABLES = ("history_hands", "history_seats", "history_actions", "history_board", "history_results")
# the all-in hands as history_allin_equities finds them (032), without the tally
KINDS = """
with
    last_streets as (
        select site, hand_id, max(case street when 'preflop' then 0 when 'flop' then 3 when 'turn' then 4 else 5 end) as board_size
        from history_actions group by site, hand_id
    ),
    players_in as (
        select contributions.site, contributions.hand_id, contributions.all_in, seats.hole_1
        from history_contributions as contributions
        inner join history_seats as seats using (site, hand_id, seat)
        where contributions.folded = 0
    )
select players_in.hand_id, last_streets.board_size, count(*) as players
from players_in inner join last_streets using (site, hand_id)
where last_streets.board_size < 5
group by players_in.site, players_in.hand_id, last_streets.board_size
having count(*) >= 2 and sum(all_in) >= 1 and sum(all_in) >= count(*) - 1 and count(hole_1) = count(*)
"""
QUERY = "select site, hand_id, seat, street, equity, ev_won from history_allin_ev"


def kind(board_size: int, players: int) -> str:
    if board_size == 0:
        return "before the flop, heads-up" if players == 2 else "before the flop, 3 to 6 players"
    return "on the flop" if board_size == 3 else "on the turn"


def with_views(database: Path, copy: Path, texts: list[str], hand_ids: list[str] | None) -> None:
    shutil.copy(database, copy)
    with duckdb.connect(str(copy)) as writing:
        if hand_ids is not None:
            writing.execute("create temp table kept as select unnest(?) as hand_id", [hand_ids])
            for table in TABLES:
                writing.execute(f"delete from {table} where hand_id not in (select hand_id from kept)")
        for text in texts:
            writing.execute(re.sub(r"(?im)^create (view|macro) ", r"create or replace \1 ", text))


def timed(copy: Path, memory_limit: str, as_written: bool = False) -> tuple[float, list[tuple], str]:
    with duckdb.connect(str(copy), read_only=True, config={"memory_limit": memory_limit}) as reading:
        if as_written:  # as the import's stored.fill runs them (DuckDBEngine.joins_as_written)
            reading.execute("set disabled_optimizers = 'build_side_probe_side'")
        before = os.getloadavg()[0]
        started = time.perf_counter()
        rows = sorted(reading.execute(QUERY).fetchall())
        return time.perf_counter() - started, rows, f"{before:.1f} to {os.getloadavg()[0]:.1f}"


def spots(database: Path) -> None:
    """--spots: the all-in hands by kind; those before the flop, distinct and distinct up to suits."""
    with duckdb.connect(str(database), read_only=True) as reading:
        with_site = KINDS.replace("select players_in.hand_id,", "select players_in.site, players_in.hand_id,")
        reading.execute(f"create temp table kinds as {with_site}")
        print(f"{'board':>5} {'players':>7} {'hands':>7}")
        for board_size, players, hands in reading.execute(
                "select board_size, players, count(*) from kinds group by all order by all").fetchall():
            print(f"{board_size:>5} {players:>7} {hands:>7,}")
        preflop = reading.execute(
            "select kinds.players, list([seats.hole_1, seats.hole_2] order by seats.seat) from kinds "
            "inner join history_contributions as contributions using (site, hand_id) "
            "inner join history_seats as seats using (site, hand_id, seat) "
            "where kinds.board_size = 0 and contributions.folded = 0 group by kinds.site, kinds.hand_id, kinds.players"
        ).fetchall()
    # card_id = 4 * value + suit (cards, 012)
    renamings = list(itertools.permutations(range(4)))
    seen: dict[str, tuple[int, set, set]] = {}
    for players, hands in preflop:
        key = "heads-up" if players == 2 else "3 to 6 players"
        count, exact, suits = seen.setdefault(key, (0, set(), set()))
        exact.add(tuple(sorted(tuple(sorted(hand)) for hand in hands)))
        suits.add(min(tuple(sorted(tuple(sorted(card - card % 4 + to[card % 4] for card in hand)) for hand in hands))
                      for to in renamings))
        seen[key] = (count + 1, exact, suits)
    for key, (count, exact, suits) in sorted(seen.items()):
        print(f"before the flop, {key}: {count:,} hands, {len(exact):,} distinct, {len(suits):,} up to suits")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("database", type=Path)
    parser.add_argument("--before", default="f4df776", help="the commit whose views are the baseline (default f4df776)")
    parser.add_argument("--memory-limit", default="4GB")
    parser.add_argument("--as-written", action="store_true",
                        help="after: DuckDB's hash joins as the join order gives them, as the import runs them")
    parser.add_argument("--spots", action="store_true", help="count the all-in hands by kind, and the distinct ones")
    args = parser.parse_args()
    if args.spots:
        spots(args.database)
        return
    before = [subprocess.run(["git", "-C", str(ROOT), "show", f"{args.before}:{name}"], capture_output=True, text=True,
                             check=True).stdout for name in FILES]
    after = [(ROOT / name).read_text(encoding="utf-8") for name in FILES]
    with duckdb.connect(str(args.database), read_only=True) as reading:
        hands: dict[str, list[str]] = {}
        for hand_id, board_size, players in reading.execute(KINDS).fetchall():
            hands.setdefault(kind(board_size, players), []).append(hand_id)
    print(f"{'the all-in hands':<34} {'hands':>6} {'before':>9} {'after':>9}  same  load")
    for name, hand_ids in [*sorted(hands.items()), ("all of them, in one database", None)]:
        counted = sum(map(len, hands.values())) if hand_ids is None else len(hand_ids)
        results = []
        for label, texts in (("before", before), ("after", after)):
            copy = args.database.with_name(f"{args.database.stem}-{label}.duckdb")
            with_views(args.database, copy, texts, hand_ids)
            results.append(timed(copy, args.memory_limit, args.as_written and label == "after"))
            copy.unlink()
            copy.with_name(copy.name + ".wal").unlink(missing_ok=True)
        (seconds_before, rows_before, load_before), (seconds_after, rows_after, load_after) = results
        same = rows_before == rows_after
        print(f"{name:<34} {counted:>6,} {seconds_before:>8.1f}s {seconds_after:>8.1f}s  {'yes' if same else 'NO':<4}  "
              f"{load_before}, {load_after}", flush=True)


if __name__ == "__main__":
    main()
