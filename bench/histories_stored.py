"""Issue 46's targets, on DuckDB: generated six-max hands (bench/histories_generate.py) imported
into a migrated database with everything stored at import (066: the payouts, history's hands,
the all-in EV, the per-hand statistics), then 1,000 more imported (only they computed), then
`pokersql history` and `pokersql stats` over them.

    .venv/bin/python bench/histories_stored.py [--hands 1000000] [--keep DIR] [--preflop] [--migrate]

``--preflop``: ``pokersql build --preflop`` after the migrate (its time given apart, once a
database): the heads-up hands all in before the flop are then a lookup of preflop_matchups, not
an enumeration of their boards (032).

``--migrate``: then a copy of the database as one imported before 066 (its five stored tables
and 066's record taken away) brought up to date by ``pokersql migrate``, which stores every hand
again; its rows are compared with the import's, table by table (``except all`` both ways).

Each command runs as a whole process (``pokersql``, its start included); its peak memory is the
child's maximum resident set (os.wait4). That figure is at least this process's own peak (Linux
counts the resident set of the process a child is started from, up to its exec): the text is
written a hand at a time, never held here. The load average
and the cores are printed before and after: the machine may be shared. Targets: the import at
most 5 minutes for 1,000,000 hands, history and stats at most 2 s each, peak memory under 2 GB.
Each import's CPU seconds (its threads' and children's, os.wait4) are printed too: on a shared
machine the figure to compare. The tree measured is the one whose pokersql the ``pokersql``
command imports: ``PYTHONPATH=TREE`` runs another (an older commit's, side by side). Nothing
here asserts a timing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import histories_generate  # noqa: E402

POKERSQL = str(Path(sys.executable).with_name("pokersql"))
MORE = 1_000


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} core(s)"


def run(*args: str) -> tuple[float, float]:
    """Seconds and the peak resident set (GB) of one command, a process of its own; its CPU
    seconds (user and system, its threads and children included) in CPU_SECONDS."""
    started = time.perf_counter()
    child = subprocess.Popen([POKERSQL, *args], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    if status:
        raise SystemExit(f"pokersql {' '.join(args)} failed (status {status})")
    CPU_SECONDS[0] = usage.ru_utime + usage.ru_stime
    return seconds, usage.ru_maxrss / 1024 / 1024


CPU_SECONDS = [0.0]  # the last command's


def stored_tables() -> list[str]:
    """066's tables: the hands stored, and each stored view's table."""
    from pokersql.histories import stored

    return [stored.HANDS, *stored.STORED]


def as_before_066(database: str) -> None:
    """The database as one imported before 066: its tables and its record gone."""
    import duckdb

    with duckdb.connect(database) as connection:
        connection.execute("begin")
        for table in stored_tables():
            connection.execute(f"drop table {table}")
        connection.execute("delete from schema_history where script = '066_history_stored_tally.sql'")
        connection.execute("commit")


def same_stored_rows(imported: str, migrated: str) -> str:
    """'yes', or the tables whose rows differ between the two databases."""
    import duckdb

    with duckdb.connect() as connection:
        connection.execute(f"attach '{imported}' as imported (read_only)")
        connection.execute(f"attach '{migrated}' as migrated (read_only)")
        differ = [table for table in stored_tables() if connection.execute(
            f"select (select count(*) from (select * from imported.{table} except all select * from migrated.{table}))"
            f" + (select count(*) from (select * from migrated.{table} except all select * from imported.{table}))"
        ).fetchone()[0]]
    return "no: " + ", ".join(differ) if differ else "yes"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="a folder to keep the text and the database in")
    parser.add_argument("--preflop", action="store_true", help="build preflop_matchups before the import")
    parser.add_argument("--migrate", action="store_true", help="then migrate a copy as imported before 066")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="pokersql-stored-"))
    folder.mkdir(exist_ok=True)
    first, more, database = folder / "hands.txt", folder / "more.txt", str(folder / "stored.duckdb")
    print(load())
    started = time.perf_counter()
    with open(first, "w", encoding="utf-8") as head, open(more, "w", encoding="utf-8") as tail:
        for number, text in enumerate(histories_generate.hands(args.hands + MORE, args.seed), start=1):
            (head if number <= args.hands else tail).write(text)
    print(f"generated {args.hands:,} + {MORE:,} hands in {time.perf_counter() - started:.1f} s "
          f"({first.stat().st_size / 1e6:,.0f} MB)")
    try:
        seconds, peak = run("--db", database, "--quiet", "migrate")
        print(f"migrate (a fresh database): {seconds:.1f} s")
        if args.preflop:
            seconds, peak = run("--db", database, "--quiet", "build", "--preflop")
            print(f"build --preflop (once a database): {seconds:.1f} s, peak memory {peak:.2f} GB")
        seconds, peak = run("--db", database, "--quiet", "import", str(first))
        print(f"import {args.hands:,} hands, everything stored: {seconds:.1f} s ({args.hands / seconds:,.0f} hands/s), "
              f"{CPU_SECONDS[0]:.1f} s of CPU, peak memory {peak:.2f} GB; {load()}")
        seconds, peak = run("--db", database, "--quiet", "import", str(more))
        print(f"import {MORE:,} more hands into them: {seconds:.1f} s, {CPU_SECONDS[0]:.1f} s of CPU, peak memory {peak:.2f} GB")
        for command in ("history", "stats"):
            seconds, peak = run("--db", database, "--quiet", command, "--format", "json")
            print(f"{command}: {seconds:.2f} s, peak memory {peak:.2f} GB")
        print(f"database: {os.path.getsize(database) / 1e9:.2f} GB; {load()}")
        if args.migrate:
            migrated = str(folder / "before_066.duckdb")
            shutil.copy(database, migrated)
            as_before_066(migrated)
            seconds, peak = run("--db", migrated, "--quiet", "migrate")
            print(f"migrate of a copy imported before 066 (every hand stored again): {seconds:.1f} s, "
                  f"{CPU_SECONDS[0]:.1f} s of CPU, peak memory {peak:.2f} GB; {load()}")
            print(f"its stored rows the import's: {same_stored_rows(database, migrated)}")
    finally:
        if args.keep is None:
            shutil.rmtree(folder)


if __name__ == "__main__":
    main()
