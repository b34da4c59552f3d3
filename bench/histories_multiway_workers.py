"""DuckDB's threads or worker processes for the multiway all-ins before the flop (issue 46: "measure
which"), on DuckDB: the all-in hands of three to six players before the flop of an imported
database, their `history_allin_equities` read in full by one process with DuckDB's 1 thread, by
one with 2, and by two processes of one thread each holding half the hands (each its own copy of
the database), in turn, round after round.

    .venv/bin/python bench/histories_multiway_workers.py DATABASE [--rounds 3]

DATABASE: a DuckDB database with imported hands and every view (``bench/histories_stored.py
--hands 20000 --keep DIR`` leaves one: DIR/stored.duckdb); it is not changed. The copies hold
only those hands, with this tree's SQL files of the tally (017, 024, 031, 032); each read runs
as the import's stored.fill runs it (DuckDB's hash joins as written). Printed: each way's median
wall and CPU seconds (the processes' own, their threads included), the load average before each
round and after. Nothing asserts a timing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import duckdb

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import histories_allin_ev  # noqa: E402  (its KINDS, kind, with_views and FILES)

QUERY = "select site, hand_id, pot_no, seat, runouts, wins, ties, equity, ev_share from history_allin_equities"
MULTIWAY = "before the flop, 3 to 6 players"


def read(database: str, threads: int) -> None:
    """A worker: the query over ``database``, on ``threads`` threads; prints its rows' count."""
    with duckdb.connect(database, read_only=True, config={"threads": threads}) as reading:
        reading.execute("set disabled_optimizers = 'build_side_probe_side'")  # DuckDBEngine.joins_as_written
        print(len(reading.execute(QUERY).fetchall()))


def timed(jobs: list[tuple[Path, int]]) -> tuple[float, float, int]:
    """Wall and CPU seconds of the jobs run at once, each a process; the rows they gave."""
    started, before = time.perf_counter(), os.times()
    children = [subprocess.Popen([sys.executable, __file__, "--read", str(path), str(threads)], stdout=subprocess.PIPE)
                for path, threads in jobs]
    rows = sum(int(child.communicate()[0]) for child in children)
    after = os.times()
    cpu = after.children_user + after.children_system - before.children_user - before.children_system
    return time.perf_counter() - started, cpu, rows


def main() -> None:
    if sys.argv[1:2] == ["--read"]:
        read(sys.argv[2], int(sys.argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("database", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with duckdb.connect(str(args.database), read_only=True) as reading:
        hands = sorted(hand_id for hand_id, board_size, players in reading.execute(histories_allin_ev.KINDS).fetchall()
                       if histories_allin_ev.kind(board_size, players) == MULTIWAY)
    texts = [(histories_allin_ev.ROOT / name).read_text(encoding="utf-8") for name in histories_allin_ev.FILES]
    with tempfile.TemporaryDirectory(prefix="pokersql-workers-") as folder:
        every, first, second = (Path(folder) / name for name in ("every.duckdb", "first.duckdb", "second.duckdb"))
        for path, kept in ((every, hands), (first, hands[0::2]), (second, hands[1::2])):
            histories_allin_ev.with_views(args.database, path, texts, kept)
        ways = {
            "one process, DuckDB's 1 thread": [(every, 1)],
            "one process, DuckDB's 2 threads": [(every, 2)],
            "two processes of 1 thread, half the hands each": [(first, 1), (second, 1)],
        }
        print(f"{len(hands)} hands all in before the flop, 3 to 6 players")
        figures: dict[str, list[tuple[float, float, int]]] = {way: [] for way in ways}
        for number in range(1, args.rounds + 1):
            print(f"round {number}, load average before {os.getloadavg()[0]:.1f}", flush=True)
            for way, jobs in ways.items():
                figures[way].append(timed(jobs))
        print(f"load average after {os.getloadavg()[0]:.1f}")
        for way, runs in figures.items():
            print(f"{way:<48} wall {statistics.median(r[0] for r in runs):6.2f} s, "
                  f"CPU {statistics.median(r[1] for r in runs):6.2f} s, rows {runs[0][2]}")


if __name__ == "__main__":
    main()
