"""How fast `pokersql import` reads PokerStars text (issue 23: at least 10,000 hands a second
on DuckDB), beside its peer, in one run.

The text is the real Pluribus hands of tests/histories/, repeated with new hand numbers up to
--hands hands (default 50,000), in a temporary folder; with --generated, seeded hands of
bench/histories_generate.py instead (random stacks, so more actions a hand: about 16, where the
Pluribus hands have 11). Measured, round-robin over --rounds:

- pokersql's readers alone, in one process (pokersql.histories.read_hands: parse and check
  every hand);
- the whole import into a new DuckDB file, and into a new SQLite file (connect, the table
  file applied, every hand written, committed), the file read by worker processes as
  `pokersql import` reads a large file; and into DuckDB again read by the import's own process;
- pokerkit's PokerStars parser (pokerkit.notation.PokerStarsParser, which replays each hand
  in its state machine), on the 153 real hands only (it is far slower), as hands a second.

Each line gives the median, and the load average before and after: on a shared machine compare
the figures of one run side by side, never against another run's. The reading of this tree
against an older commit's, in turns: bench/histories_side_by_side.py.

    .venv/bin/python bench/histories_import.py --hands 50000 --rounds 3 [--generated]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
import warnings
from decimal import Decimal
from pathlib import Path

import pokersql
from pokersql.histories import parallel, read_hands

HISTORIES = Path(__file__).resolve().parents[1] / "tests" / "histories"
REAL = [HISTORIES / "pluribus_30.txt", HISTORIES / "pluribus_31.txt"]
TARGET = 10_000  # hands a second, DuckDB


def write_text(path: Path, hands: int) -> None:
    blocks = [block.strip("\n") for file in REAL for block in re.split(r"\n(?=PokerStars Hand #)", file.read_text(encoding="utf-8"))]
    with open(path, "w", encoding="utf-8") as handle:
        for number in range(1, hands + 1):
            handle.write(re.sub(r"#\d+:", f"#{number}:", blocks[number % len(blocks)], count=1) + "\n\n\n")


def parse_only(path: Path) -> float:
    started = time.perf_counter()
    count = sum(1 for _ in read_hands([str(path)]))
    return count / (time.perf_counter() - started)


def import_rate(path: Path, engine: str, folder: Path, round_no: int, workers: bool = True) -> float:
    """Hands a second of one import into a new file; ``workers``: large files read by worker
    processes, as `pokersql import` does (pokersql/histories/parallel.py), else by this one."""
    target = folder / f"import-{round_no}.{engine}"
    kept = parallel.PARALLEL_BYTES
    if not workers:
        parallel.PARALLEL_BYTES = 1 << 62
    try:
        with pokersql.connect(str(target), engine=engine) as db:
            result = db.import_histories([path])
    finally:
        parallel.PARALLEL_BYTES = kept
    target.unlink()
    return result.imported / result.seconds


def pokerkit_rate() -> float:
    from pokerkit.notation import PokerStarsParser

    text = "\n\n".join(file.read_text(encoding="utf-8") for file in REAL)
    started = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        count = len(list(PokerStarsParser()(text, parse_value=Decimal)))
    return count / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--generated", action="store_true", help="seeded hands (histories_generate.py), not the Pluribus hands repeated")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pokersql-bench-") as name:
        folder = Path(name)
        text = folder / "hands.txt"
        if args.generated:
            sys.path.insert(0, str(Path(__file__).resolve().parent))
            import histories_generate

            histories_generate.write(text, args.hands)
        else:
            write_text(text, args.hands)
        kind = "generated" if args.generated else "Pluribus hands repeated"
        print(f"{args.hands:,} hands ({kind}), {text.stat().st_size / 1e6:.0f} MB of PokerStars text; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
        figures: dict[str, list[float]] = {"read only": [], "import, DuckDB": [], "import, DuckDB, one process": [],
                                           "import, SQLite": [], "pokerkit (153 real hands)": []}
        print(f"read by {parallel.workers()} worker processes (pokersql/histories/parallel.py) from {parallel.PARALLEL_BYTES >> 20} MB")
        for round_no in range(args.rounds):
            figures["read only"].append(parse_only(text))
            figures["import, DuckDB"].append(import_rate(text, "duckdb", folder, round_no))
            figures["import, DuckDB, one process"].append(import_rate(text, "duckdb", folder, round_no, workers=False))
            figures["import, SQLite"].append(import_rate(text, "sqlite", folder, round_no))
            figures["pokerkit (153 real hands)"].append(pokerkit_rate())
        for label, rates in figures.items():
            print(f"{label:30} {statistics.median(rates):>9,.0f} hands/s  (rounds: {', '.join(f'{rate:,.0f}' for rate in rates)})")
        duckdb_rate = statistics.median(figures["import, DuckDB"])
        print(f"target: import on DuckDB >= {TARGET:,} hands/s: {'met' if duckdb_rate >= TARGET else 'NOT met'} ({duckdb_rate:,.0f})")
        print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
