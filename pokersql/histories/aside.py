"""The import's chunks of new hands computed aside (issue 46): by more connections of the same
DuckDB database (LANES), each in a thread of its own, a chunk a lane at a time, while the
import's connection hands them their rows and adds what they computed to the stored tables.

Why aside: each statement of DuckDB keeps what it changed until its transaction ends, deleted
and dropped temporary rows included, and the import is one transaction. Computed there, a
chunk's temporary copies and kept views stayed until the commit: over 200,000 hands a chunk
took three times as long at the end as at the start, and a million hands ran out of DuckDB's
memory. A lane's statements commit one by one (its temporary tables are its own), so what a
chunk used is given back. And the lanes keep both cores at work: the all-in hands before the
flop, some half of the CPU, keep little more than one core busy in a query.

A lane's connection sees what is committed, not the import's transaction: it is given a
chunk's rows of 028's five tables as Parquet files of a private temporary folder (which DuckDB
writes and reads with its own types), makes the same temporary views over them
(``stored._make_scope``'s statements), and writes each stored view's rows to a file, which the
import's connection adds to the stored table. A lane writes nothing to the database: a failure
or Ctrl-C (which interrupts the lanes too) leaves the import's transaction to roll back, and the
lanes' connections and their folder are closed. A killed import cannot remove its folder: the
folder's name holds its owner (the process id and when it started), and the next import removes
those of this user whose owner is gone (``clear_left``).

Only where the lanes read what the import's connection does: the same ``schema_history`` (a
view file applied in the transaction, its macros not yet committed, would be read the one way),
and only from ``stored.fill(aside=True)``: the import's, and a migration's of 066 (every hand
of a database imported before it), which makes the stored tables and changes nothing the
views read. Not 064's, which changes rows the views read before its file is recorded.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any

from ..engines.base import Engine
from .parallel import workers
from .store import SCOPE, TABLES, chunk_rows

LANES = 2  # the second connections: with the import's, one a core and more (the system shares them out)
LANE_CHUNKS = 2  # the fewest chunks the lanes are given (one chunk gains nothing: it costs a lane's start, some 0.3 s)
HISTORY = "select * from schema_history order by all"
Step = Callable[[Callable[[str], object]], object]  # a step of stored.py's, given a connection's execute
PREFIX = "pokersql-aside-"  # then the owner's process id and start, "-", and mkdtemp's random part
OWNED = re.compile(re.escape(PREFIX) + r"(\d+)-(\d+)-")


class Aside:
    """The second connections of ``stored.fill`` (``start``), given the chunks (``fill``),
    closed with ``close``. ``make_scope(run)`` and ``compute_kept(run)``: stored.py's steps, on
    the connection whose statements ``run`` executes, that make the empty ``scope_`` copies and
    the scoped views over them, and that give the kept views' tables their rows. ``stored``:
    each stored table and its view."""

    def __init__(self, engine: Engine, connections: list[Any], make_scope: Step, compute_kept: Step,
                 stored: dict[str, str]) -> None:
        self.engine, self.connections, self.make_scope, self.compute_kept = engine, connections, make_scope, compute_kept
        self.stored = stored
        self.folder = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-{_started(os.getpid()) or 0}-"))
        # a thread a lane, so that a lane computes its chunks one after the other
        self.threads = [ThreadPoolExecutor(max_workers=1, thread_name_prefix="pokersql-aside") for _ in connections]
        self.counting: list[tuple[int, int, Future]] = []  # (lane, chunk, its count), in the order given
        self.made = [False] * len(connections)  # each connection's temporary tables and views

    @classmethod
    def start(cls, engine: Engine, chunks: int, make_scope: Step, compute_kept: Step, stored: dict[str, str]) -> Aside | None:
        """An Aside of LANES connections, or None where LANES is 0, the chunks are fewer than
        LANE_CHUNKS, the process has one core (parallel.workers: its affinity), the engine no
        second connection, or that would not read what the import's connection reads."""
        lanes = LANES
        if lanes < 1 or chunks < LANE_CHUNKS or workers() < 2:
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
        return cls(engine, connections, make_scope, compute_kept, stored)

    def file(self, chunk: int, name: str) -> Path:
        """A chunk's Parquet file of ``name``."""
        return self.folder / f"{chunk}_{name}.parquet"

    def path(self, chunk: int, name: str) -> str:
        """A chunk's Parquet file of ``name``, as an SQL string (COPY takes no bound parameter)."""
        return "'" + str(self.file(chunk, name)).replace("'", "''") + "'"

    def fill(self, chunks: int, progress: Callable[[int], object]) -> None:
        """Each chunk of store.KEYS given to a lane in turn, a lane's
        chunk before taken first; its rows added to the stored tables once computed (an error
        there raised here). ``progress(chunks done)``."""
        lanes, done = len(self.connections), 0
        for chunk in range(chunks):
            if len(self.counting) == lanes:
                self._take_first()
                done += 1
                progress(done)
            for table in TABLES:
                self.engine.execute(f"copy ({chunk_rows(table, chunk)}) to {self.path(chunk, table)} (format parquet)")
            lane = chunk % lanes  # (the lane whose chunk was taken last)
            self.counting.append((lane, chunk, self.threads[lane].submit(self._count, lane, chunk)))
        while self.counting:
            self._take_first()
            done += 1
            progress(done)

    def _take_first(self) -> None:
        """The first chunk given: its rows added to the stored tables once computed, its files removed."""
        _, chunk, future = self.counting[0]
        future.result()
        self.counting.pop(0)
        for table, view in self.stored.items():
            self.engine.execute(f"insert into {table} select * from read_parquet({self.path(chunk, view)})")
        for name in (*TABLES, *self.stored.values()):
            self.file(chunk, name).unlink()

    def _count(self, lane: int, chunk: int) -> None:
        """In the lane's thread: its connection's copies given the chunk's rows, its kept views'
        tables theirs (stored._fill_chunk's steps), and each stored view's rows written to a file."""
        run = self.connections[lane].execute
        if not self.made[lane]:
            self.make_scope(run)
            run("set disabled_optimizers = 'build_side_probe_side'")  # (DuckDBEngine.joins_as_written)
            self.made[lane] = True
        for table in TABLES:
            run(f"delete from {SCOPE}{table}")
            run(f"insert into {SCOPE}{table} select * from read_parquet({self.path(chunk, table)})")
        self.compute_kept(run)
        for view in self.stored.values():
            run(f"copy (select * from {SCOPE}{view}) to {self.path(chunk, view)} (format parquet)")

    def close(self) -> None:
        """The lanes stopped (interrupted while they still count), their connections closed and
        the folder removed."""
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


def clear_left(folder: str | Path | None = None) -> list[Path]:
    """Remove the lanes' folders that killed imports left in ``folder`` (the temporary folder):
    only real folders (a link is not followed), of this user, named by an owner that is gone (no
    such process, or one that started at another time: its id used again). A folder named
    otherwise is left alone. Returns the folders removed."""
    where = Path(folder if folder is not None else tempfile.gettempdir())
    try:
        entries = list(os.scandir(where))
    except OSError:  # (no such folder, not readable: nothing of ours to clear)
        return []
    user = os.getuid() if hasattr(os, "getuid") else None
    removed = []
    for entry in entries:
        owner = OWNED.match(entry.name)
        try:
            if owner is None or not entry.is_dir(follow_symlinks=False):
                continue
            if user is not None and entry.stat(follow_symlinks=False).st_uid != user:
                continue
        except OSError:  # (removed meanwhile)
            continue
        if _alive(int(owner.group(1)), owner.group(2)):
            continue
        shutil.rmtree(entry.path, ignore_errors=True)  # (rmtree removes links inside, never what they point to)
        removed.append(Path(entry.path))
    return removed


def _started(pid: int) -> str | None:
    """When process ``pid`` started (Linux: its start in clock ticks since boot, field 22 of
    /proc/PID/stat), "" where that cannot be read but the process is there, None when it is not."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        if Path("/proc/self/stat").exists():
            return None  # (a /proc, without this process)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return None
        except PermissionError:  # (another user's)
            return ""
        return ""
    return stat.rsplit(")", 1)[1].split()[19]  # (the name, in parentheses, may hold spaces)


def _alive(pid: int, started: str) -> bool:
    """Whether the owner of a folder named with ``pid`` and ``started`` is still running."""
    now = _started(pid)
    return now is not None and (now == "" or started == "0" or now == started)
