"""Hand histories at scale (issue 23, part 6), on DuckDB: a million seeded hands written as
PokerStars text (bench/histories_generate.py), imported, then shown down and paid in SQL.

    .venv/bin/python bench/histories_scale.py [--hands 1000000] [--keep DIR] [--preflop-from DB] [--memory-limit 4GB]

Measured, each in this run:
- writing the text (the generator; Python);
- `pokersql import` as a whole process, in hands a second, with its peak memory (the child's
  maximum resident set) beside the text's size (reading is streamed; DuckDB holds the one
  transaction's new pages, so the peak grows with the file: 703 MiB for a 1.16 GB file);
- over the imported hands, each view counted in full (``select count(*)``): the pots
  (``history_pots``), the showdowns (``history_showdown_hands``: every hand still in at the end,
  its best five and rank), the payouts (``history_payouts``), and, where the views are there,
  the all-in equity and EV (``history_allin_ev``, counted by street: its hands and rows); then the audit
  ``history_collected_matches_the_pots`` in full, which must return no hand: the pots and winners
  that the SQL computes equal what the generator wrote (it ranks with phevaluator, not with
  pokersql);
- the baseline beside the showdowns: phevaluator's Python loop ranking the same shown-down hands
  (their seven cards read back from the database first, not timed).

The all-in EV reads a heads-up all-in before the flop from preflop_matchups when that table is
filled (``pokersql build --preflop``, minutes, once): ``--preflop-from DB`` copies the table from
a DuckDB database where it was built (the copy is timed apart); without it the table is empty and
every all-in is enumerated.

The issue's target: the showdowns, pots and all-in EV over 1,000,000 hands in at most 60 s on
DuckDB (taken as ``history_payouts``, each pot paid to the best of its shown hands, plus
``history_allin_ev``), and the import at 10,000 hands a second. Nothing here asserts a timing;
the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import duckdb
from phevaluator import evaluate_cards

sys.path.insert(0, str(Path(__file__).resolve().parent))
import histories_generate  # noqa: E402  (bench/, beside this file)

ROOT = Path(__file__).resolve().parents[1]
AUDIT = ROOT / "sql" / "audits" / "history_collected_matches_the_pots.sql"
POKERSQL = [sys.executable, "-m", "pokersql"]
VIEWS = ("history_pots", "history_showdown_hands", "history_payouts", "history_allin_ev")
TARGET_SECONDS, TARGET_HANDS, TARGET_RATE = 60.0, 1_000_000, 10_000


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def timed(what: str, run) -> float:
    started = time.perf_counter()
    result = run()
    seconds = time.perf_counter() - started
    print(f"{what:<52} {seconds:8.1f} s  {result}", flush=True)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="a folder to keep the text and the database in")
    parser.add_argument("--preflop-from", type=Path, help="a DuckDB database whose preflop_matchups is filled (build --preflop)")
    parser.add_argument("--memory-limit", default="4GB", help="DuckDB's memory_limit for the views (default 4GB: it spills to disk "
                        "past it; its own default, 80%% of the machine's memory, took 18 GB of 24 for the all-in EV of a million hands)")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="pokersql-histories-"))
    folder.mkdir(parents=True, exist_ok=True)
    text, database = folder / "generated.txt", folder / "histories.duckdb"
    database.unlink(missing_ok=True)
    print(f"{args.hands:,} hands, seed {args.seed}, on {os.cpu_count()} cores; load average {load()}")

    timed("generate the text (Python)", lambda: histories_generate.write(text, args.hands, args.seed) or f"{text.stat().st_size / 1e6:,.0f} MB")
    started = time.perf_counter()
    subprocess.run([*POKERSQL, "--db", str(database), "import", str(text)], check=True, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    rate = args.hands / seconds
    print(f"{'pokersql import, whole process':<52} {seconds:8.1f} s  {rate:,.0f} hands/s, peak {peak:,.0f} MiB "
          f"(text {text.stat().st_size / 2**20:,.0f} MiB)", flush=True)
    # Every view of the histories: a migrate applies what import did not need.
    subprocess.run([*POKERSQL, "--db", str(database), "migrate"], check=True, stdout=subprocess.DEVNULL)

    if args.preflop_from:
        with duckdb.connect(str(database)) as writing:
            source = str(args.preflop_from).replace("'", "''")
            copy = (f"attach '{source}' as built (read_only); insert into preflop_matchups select * from built.preflop_matchups; "
                    "detach built; select count(*) from preflop_matchups")
            timed("copy preflop_matchups (--preflop-from)",
                  lambda: f"{writing.execute(copy).fetchone()[0]:,} rows (1,624,350 when built)")

    connection = duckdb.connect(str(database), read_only=True, config={"memory_limit": args.memory_limit})
    print(f"the views read with DuckDB's memory_limit {args.memory_limit}", flush=True)
    names = {row[0] for row in connection.execute("select table_name from information_schema.tables").fetchall()}
    seconds_of = {}
    for view in VIEWS:
        if view not in names:
            print(f"{view:<52} {'':>8}    (not in this checkout)")
            continue
        if view == "history_allin_ev":
            label = f"{view}, by street (preflop_matchups {'filled' if args.preflop_from else 'empty'})"
            seconds_of[view] = timed(label, lambda: "; ".join(
                f"{street}: {hands:,} hands, {rows:,} rows" for street, hands, rows in connection.execute(
                    "select street, count(distinct hand_id), count(*) from history_allin_ev group by street "
                    "order by min(case street when 'preflop' then 0 when 'flop' then 3 else 4 end)").fetchall()))
            continue
        seconds_of[view] = timed(f"select count(*) from {view}", lambda: f"{connection.execute(f'select count(*) from {view}').fetchone()[0]:,} rows")
    # The payouts are each pot (history_pots) paid to the best of its shown hands
    # (history_showdown_hands): counting them computes both; the all-in EV is on top.
    views_seconds = seconds_of.get("history_payouts", 0.0) + seconds_of.get("history_allin_ev", 0.0)
    wrong = []
    timed("the audit history_collected_matches_the_pots", lambda: wrong.extend(connection.execute(AUDIT.read_text()).fetchall()) or f"{len(wrong)} hand(s) that differ")

    shown = connection.execute(
        "select s.hole_cards || ' ' || string_agg(b.card, ' ' order by b.card_no) from history_showdown_hands as s "
        "inner join history_board as b on b.site = s.site and b.hand_id = s.hand_id group by s.site, s.hand_id, s.seat, s.hole_cards"
    ).fetchall()
    hands = [row[0].split() for row in shown]
    timed("baseline: phevaluator's loop over the same showdowns", lambda: f"{len(hands):,} hands, {sum(evaluate_cards(*cards) for cards in hands):,} summed")
    connection.close()

    # The target is for a million hands; another count is scaled to it (the views' work grows
    # with the hands: each hand's pots, showdowns and all-ins are its own).
    scaled = views_seconds * TARGET_HANDS / args.hands
    measured = "" if args.hands == TARGET_HANDS else f", {views_seconds:.1f} s for {args.hands:,} hands scaled"
    print(f"target: showdowns, pots and all-in EV over {TARGET_HANDS:,} hands <= {TARGET_SECONDS:.0f} s on DuckDB: "
          f"{'met' if scaled <= TARGET_SECONDS else 'NOT met'} ({scaled:.1f} s{measured}: history_payouts, which "
          f"computes the pots and the showdowns, and history_allin_ev)")
    print(f"target: import >= {TARGET_RATE:,} hands/s on DuckDB: {'met' if rate >= TARGET_RATE else 'NOT met'} ({rate:,.0f})")
    print(f"load average after: {load()}")
    if wrong:
        raise SystemExit(f"the audit returned {len(wrong)} hand(s): the SQL's pots differ from the generator's")
    if args.keep is None:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
