"""A chunk's all-in hands before the flop, their stored all-in EV counted aside (issue 46): by
more connections of the same DuckDB database (LANES), each in a thread of its own, while the
import's connection computes the chunk's other rows (``stored.fill``). Those hands are most of
an import's CPU (each some 20,000 classes of boards, tens of milliseconds), and a query of them
keeps little more than one core at work, where DuckDB's threads share little of it: the
connections together keep both cores at work (docs/histories.md, "Both cores").

A lane's connection sees what is committed, not the import's transaction: it is given its
hands' rows (the ``scope_`` copies of 028's five tables, written to Parquet files of a private
temporary folder, which DuckDB writes and reads with its own types), makes the same temporary
views over them (``stored._scoped_views``' statements), and writes its ``history_allin_ev``
rows to a file that the import's connection adds to ``stored_allin_ev``; the import's
connection leaves those hands out of its own ``history_allin_ev``. Each hand's rows are its own
(the view is computed hand by hand), so the rows are those one connection gives. A lane writes
nothing to the database: a failure or Ctrl-C (which interrupts the lanes too) leaves the
import's transaction to roll back, and the lanes' connections and their folder are closed.

Only where the lanes read what the import's connection does: the same ``schema_history`` (a
view file applied in the transaction, its macros not yet committed, would be read the one way),
and only from ``stored.fill(aside=True)``, the import's (a migration's fill changes rows, as 064
does, before its file is recorded).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any

from ..engines.base import Engine
from .parallel import workers
from .store import SCOPE, TABLES

VIEW = "history_allin_ev"  # the view whose rows are counted aside (stored_allin_ev's)
KEYS = f"{SCOPE}aside"  # the chunk's hands counted aside, and by which lane, in the import's connection
LANES = 2  # the second connections: with the import's, one a core and more (the system shares them out)
# the fewest hands a lane is given: a lane's own cost, some 0.3 s a chunk (its copies, its kept
# views, the all-in EV's plan), is some ten of these hands' (a chunk of fewer stays in the import's connection)
LANE_HANDS = 20
# the hands counted aside: every action before the flop, one of them all in (a superset of the
# all-in hands before the flop: which hands are aside changes the work's split, not the rows),
# dealt to the lanes in turn
ASIDE = (
    f"create temporary table {KEYS} as select site, hand_id, place % lanes as lane from (select hands.site, hands.hand_id, "
    f"row_number() over (order by hands.site, hands.hand_id) - 1 as place, least({{lanes}}, count(*) over () // {{lane_hands}}) as lanes "
    f"from (select actions.site, actions.hand_id from {SCOPE}history_actions as actions group by actions.site, actions.hand_id "
    "having bool_and(actions.street = 'preflop') and bool_or(actions.all_in)) as hands) as placed where lanes > 0"
)
HISTORY = "select * from schema_history order by all"
Step = Callable[[Callable[[str], object]], object]  # a step of stored.py's, given a connection's execute


class Aside:
    """The second connections of ``stored.fill`` (``start``), given a chunk's hands (``send``),
    their rows taken back (``take``), closed with ``close``. ``make_scope(run)`` and
    ``compute_kept(run)``: stored.py's steps, on the connection whose statements ``run``
    executes, that make the empty ``scope_`` copies and the scoped views over them, and that give
    the kept views' tables their rows."""

    def __init__(self, engine: Engine, connections: list[Any], make_scope: Step, compute_kept: Step) -> None:
        self.engine, self.connections, self.make_scope, self.compute_kept = engine, connections, make_scope, compute_kept
        self.folder = Path(tempfile.mkdtemp(prefix="pokersql-aside-"))
        # a thread a lane, so that a lane counts its chunks one after the other
        self.threads = [ThreadPoolExecutor(max_workers=1, thread_name_prefix="pokersql-aside") for _ in connections]
        self.counting: list[tuple[int, int, Future]] = []  # (lane, chunk sent, its count), in the order sent
        self.sent = 0  # the chunks sent
        self.made = [False] * len(connections)  # each connection's temporary tables and views

    @classmethod
    def start(cls, engine: Engine, make_scope: Step, compute_kept: Step) -> Aside | None:
        """An Aside of LANES connections, or None where LANES is 0, the process has one core
        (parallel.workers: its affinity), the engine no second connection, or that would not
        read what the import's connection reads."""
        lanes = LANES
        if lanes < 1 or workers() < 2:
            return None
        connections = []
        for _ in range(lanes):
            connection = engine.side_connection()
            if connection is None or connection.execute(HISTORY).fetchall() != engine.execute(HISTORY):
                for made in [*connections, connection]:
                    if made is not None:
                        engine.close_side_connection(made)
                return None
            connections.append(connection)
        return cls(engine, connections, make_scope, compute_kept)

    def path(self, lane: int, chunk: int, name: str) -> str:
        """A lane's Parquet file of ``name`` for a chunk, as an SQL string (COPY takes no bound parameter)."""
        return "'" + str(self.folder / f"{chunk}_{lane}_{name}.parquet").replace("'", "''") + "'"

    def send(self) -> bool:
        """The chunk's hands counted aside (KEYS, made again) and their rows handed to the
        lanes, which count them once done with the chunks sent before; False (nothing sent)
        when there is none."""
        self.engine.execute(f"drop table if exists {KEYS}")
        self.engine.execute(ASIDE.format(lanes=len(self.connections), lane_hands=LANE_HANDS))
        lanes = [lane for (lane,) in self.engine.execute(f"select distinct lane from {KEYS} order by lane")]
        chunk, self.sent = self.sent, self.sent + 1
        for lane in lanes:
            for table in TABLES:
                self.engine.execute(
                    f"copy (select * from {SCOPE}{table} as rows_of where exists (select 1 from {KEYS} as aside where "
                    f"aside.lane = {lane} and aside.site = rows_of.site and aside.hand_id = rows_of.hand_id)) "
                    f"to {self.path(lane, chunk, table)} (format parquet)"
                )
        self.counting += [(lane, chunk, self.threads[lane].submit(self._count, lane, chunk)) for lane in lanes]
        return bool(lanes)

    def leave_out(self, tables: list[str]) -> None:
        """The hands sent taken out of the import's connection's ``tables`` (scope_ copies)."""
        for table in tables:
            self.engine.execute(
                f"delete from {table} where exists (select 1 from {KEYS} as aside "
                f"where aside.site = {table}.site and aside.hand_id = {table}.hand_id)"
            )

    def take(self, stored_table: str, latest: bool = True) -> None:
        """The rows counted aside added to ``stored_table``, once counted (an error there raised
        here), their files removed. ``latest=False``: the chunks sent before the last one only,
        so that the lanes count the last one while the import's connection goes on."""
        last = self.sent - 1
        while self.counting and (latest or self.counting[0][1] < last):
            lane, chunk, future = self.counting[0]
            future.result()
            self.counting.pop(0)
            self.engine.execute(f"insert into {stored_table} select * from read_parquet({self.path(lane, chunk, VIEW)})")
            for name in (*TABLES, VIEW):
                (self.folder / f"{chunk}_{lane}_{name}.parquet").unlink()

    def _count(self, lane: int, chunk: int) -> None:
        """In the lane's thread: its connection's copies given the chunk's sent rows, its kept
        views' tables theirs (stored._fill_chunk's steps), and its VIEW's rows written to a file."""
        run = self.connections[lane].execute
        if not self.made[lane]:
            self.make_scope(run)
            run("set disabled_optimizers = 'build_side_probe_side'")  # (DuckDBEngine.joins_as_written)
            self.made[lane] = True
        for table in TABLES:
            run(f"delete from {SCOPE}{table}")
            run(f"insert into {SCOPE}{table} select * from read_parquet({self.path(lane, chunk, table)})")
        self.compute_kept(run)
        run(f"copy (select * from {SCOPE}{VIEW}) to {self.path(lane, chunk, VIEW)} (format parquet)")

    def close(self) -> None:
        """The lanes stopped (interrupted while they still count), their connections closed and
        the folder removed (KEYS: dropped by the caller, or by its rollback)."""
        counting, self.counting = self.counting, []
        for _, _, future in counting:
            future.cancel()  # (a count not begun)
        for lane, _, future in counting:
            while not future.done():  # (again until it stops: between two statements it would not)
                self.connections[lane].interrupt()
                wait([future], timeout=0.05)
        for threads in self.threads:
            threads.shutdown(wait=True)
        for connection in self.connections:
            self.engine.close_side_connection(connection)
        shutil.rmtree(self.folder, ignore_errors=True)
