"""Where an import's time goes (issue 46), on DuckDB: hand-history text imported in this process
into a copy of a migrated database, each phase timed (wall and CPU seconds, DuckDB's threads and
the reading workers included): reading and writing the hands (``store.write_batches``), the
stored rows (``stored.fill``) and each statement it runs, summed by what it fills; the lanes
that compute the chunks aside (``aside.py``: their wall time, and how long the import's
connection waited for them); then, with ``--kinds``, each kind of hand's stored rows
made again alone, in the import's connection (the all-in hands before the flop of 3 to 6
players, heads-up, the hands all in on the flop or turn, the others).

    .venv/bin/python bench/histories_phases.py MIGRATED.duckdb HANDS.txt [--no-aside] [--kinds]

MIGRATED.duckdb: a database `pokersql migrate` made (it is copied, not changed); HANDS.txt: e.g.
``bench/histories_generate.py OUT.txt --hands 20000``. ``--no-aside``: every chunk computed in the
import's connection (as a migration's fill is). The tree measured is the one whose pokersql this
imports (``PYTHONPATH=TREE``). The load average is printed before and after. Nothing here
asserts a timing.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import pokersql
from pokersql import tracker
from pokersql.cli import main as cli
from pokersql.engines.duckdb import DuckDBEngine
from pokersql.histories import aside, store, stored

TIMES: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])  # what -> wall, CPU, count
IN_FILL = [False]
KINDS = """create temporary table bench_kinds as
with allin as (select site, hand_id, max(street) as street, count(*) as players from stored_allin_ev group by site, hand_id)
select hands.site, hands.hand_id, case when allin.hand_id is null then 'not all in before the river'
    when allin.street = 'preflop' and allin.players >= 3 then 'all in before the flop, 3 to 6 players'
    when allin.street = 'preflop' then 'all in before the flop, heads-up' else 'all in on the flop or turn' end as kind
from history_hands as hands left join allin on allin.site = hands.site and allin.hand_id = hands.hand_id"""


def load() -> str:
    return "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def label(sql: str) -> str:
    text = " ".join(sql.split())
    filled = re.match(r"insert into (\w+) select \* from (\w+)", text)
    if filled:
        return f"{filled.group(1)} <- {filled.group(2)}"
    if re.match(r"(delete from|create temporary|drop |copy )", text):
        return "temporary tables: made, emptied, dropped, copied"
    return text[:60]


def timed(what: str, function, statements: bool = False):
    def run(*args, **options):
        wall, used = time.perf_counter(), cpu()
        IN_FILL[0] = statements or IN_FILL[0]
        try:
            return function(*args, **options)
        finally:
            IN_FILL[0] = IN_FILL[0] and not statements
            figures = TIMES[what]
            figures[0] += time.perf_counter() - wall
            figures[1] += cpu() - used
            figures[2] += 1
    return run


def print_times(title: str) -> None:
    print(title)
    for what, (wall, used, count) in sorted(TIMES.items(), key=lambda item: -item[1][0]):
        if wall >= 0.01:
            print(f"  {what:<72} {wall:7.2f} s wall {used:7.2f} s CPU  ({count}x)")
    TIMES.clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("migrated", type=Path)
    parser.add_argument("hands", type=Path)
    parser.add_argument("--no-aside", action="store_true")
    parser.add_argument("--kinds", action="store_true")
    args = parser.parse_args()
    real_execute = DuckDBEngine.execute

    def execute(engine, sql, params=()):
        return timed(label(sql), real_execute)(engine, sql, params) if IN_FILL[0] else real_execute(engine, sql, params)

    DuckDBEngine.execute = execute
    if args.no_aside:
        aside.Aside.start = classmethod(lambda cls, *args: None)
    aside.Aside._count = timed("the lanes' chunks, each (wall; its CPU is the fill's)", aside.Aside._count)
    aside.Aside._take_first = timed("the import's connection waiting for a lane, then storing its rows", aside.Aside._take_first)
    store.write_batches = tracker.history_store.write_batches = timed("reading and writing the hands", store.write_batches)
    stored.fill = tracker.history_stored.fill = timed("the stored rows (stored.fill), in all", stored.fill, True)
    with tempfile.TemporaryDirectory(prefix="pokersql-phases-") as folder:
        database = str(Path(folder) / "phases.duckdb")
        shutil.copy(args.migrated, database)
        print(f"{pokersql.__file__}; {load()}; {os.cpu_count()} core(s)")
        wall, used = time.perf_counter(), cpu()
        if cli(["--db", database, "--quiet", "import", str(args.hands)]):
            raise SystemExit("the import failed")
        print_times(f"import of {args.hands.name}, in this process: {time.perf_counter() - wall:.2f} s wall, "
                    f"{cpu() - used:.2f} s CPU; {load()}")
        if args.kinds:
            engine = DuckDBEngine(database)
            engine.execute(KINDS)
            kinds = engine.execute("select kind, count(*) from bench_kinds group by kind order by kind")
            for kind, hands in kinds:  # each kind's stored rows deleted and made again, alone (one connection)
                with engine.transaction():
                    for table in (stored.HANDS, *stored.STORED):
                        engine.execute(f"delete from {table} where exists (select 1 from bench_kinds as kinds where "
                                       f"kinds.kind = ? and kinds.site = {table}.site and kinds.hand_id = {table}.hand_id)", (kind,))
                    stored.fill(engine)
                print_times(f"{kind}: {hands:,} hands; {load()}")
            engine.close()


if __name__ == "__main__":
    main()
