"""A chunk's all-in hands before the flop, their stored all-in EV counted aside (issue 46): by a
second connection of the same DuckDB database, in a thread of its own, while the import's
connection computes the chunk's other rows (``stored.fill``). Those hands are most of an
import's CPU (each some 20,000 classes of boards, tens of milliseconds), and one query of them
runs on one core where DuckDB's two threads share little of it: two connections keep both cores
at work.

The second connection sees what is committed, not the import's transaction: it is given the
chunk's rows of those hands (the ``scope_`` copies of 028's five tables, written to Parquet
files of a private temporary folder, which DuckDB writes and reads with its own types), makes
the same temporary views over them (``stored._scoped_views``' statements), and writes its
``history_allin_ev`` rows to a file that the import's connection adds to ``stored_allin_ev``.
The import's connection leaves those hands out of its own ``history_allin_ev``. Each hand's
rows are its own (the view is computed hand by hand), so the rows are those the one connection
gives. It writes nothing to the database: a failure or Ctrl-C (which interrupts it too) leaves
the import's transaction to roll back, and this connection and its folder are closed.

Only where the second connection reads what the import's does: the same ``schema_history``
(a view file applied in the transaction, its macros not yet committed, is read the one way).
"""

from __future__ import annotations

import shutil
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any

from ..engines.base import Engine
from .store import TABLES

VIEW = "history_allin_ev"  # the view whose rows are counted aside (stored_allin_ev's)
KEYS = "scope_aside"  # the chunk's hands counted aside, in the import's connection
# the hands counted aside: every action before the flop, one of them all in (a superset of the
# all-in hands before the flop: which hands are aside changes the work's split, not the rows)
ASIDE = (
    f"create temporary table {KEYS} as select actions.site, actions.hand_id from scope_history_actions as actions "
    "group by actions.site, actions.hand_id having bool_and(actions.street = 'preflop') and bool_or(actions.all_in)"
)
HISTORY = "select * from schema_history order by all"


def _quoted(path: Path) -> str:
    """A path as an SQL string (COPY takes no bound parameter)."""
    return "'" + str(path).replace("'", "''") + "'"


class Aside:
    """The second connection of ``stored.fill`` (``start``), given a chunk's hands (``send``),
    its rows taken back (``take``), closed with ``close``. ``statements``: the scoped views'
    (``stored._scoped_views``), in order, each with its name if it is kept as a table (else
    ""); ``kept``: those names."""

    def __init__(self, engine: Engine, connection: Any, statements: list[tuple[str, str]], kept: list[str]) -> None:
        self.engine, self.connection, self.statements, self.kept = engine, connection, statements, kept
        self.folder = Path(tempfile.mkdtemp(prefix="pokersql-aside-"))
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pokersql-aside")
        self.counting: Future | None = None
        self.made = False  # the second connection's temporary tables and views

    @classmethod
    def start(cls, engine: Engine, statements: list[tuple[str, str]], kept: list[str]) -> Aside | None:
        """An Aside, or None where the engine has no second connection or it would not read
        what the import's connection reads."""
        connection = engine.side_connection()
        if connection is None:
            return None
        if connection.execute(HISTORY).fetchall() != engine.execute(HISTORY):
            engine.close_side_connection(connection)
            return None
        return cls(engine, connection, statements, kept)

    def send(self) -> bool:
        """The chunk's hands counted aside (KEYS, made again) and their rows handed to the
        second connection, which counts them now; False (nothing sent) when there is none."""
        self.engine.execute(f"drop table if exists {KEYS}")
        self.engine.execute(ASIDE)
        if not self.engine.execute(f"select count(*) from {KEYS}")[0][0]:
            return False
        for table in TABLES:
            self.engine.execute(
                f"copy (select * from scope_{table} as rows_of where exists (select 1 from {KEYS} as aside "
                f"where aside.site = rows_of.site and aside.hand_id = rows_of.hand_id)) to {_quoted(self.folder / f'{table}.parquet')} "
                "(format parquet)"
            )
        self.counting = self.thread.submit(self._count)
        return True

    def leave_out(self, tables: list[str]) -> None:
        """The hands sent taken out of the import's connection's ``tables`` (scope_ copies)."""
        for table in tables:
            self.engine.execute(
                f"delete from {table} where exists (select 1 from {KEYS} as aside "
                f"where aside.site = {table}.site and aside.hand_id = {table}.hand_id)"
            )

    def take(self, stored_table: str) -> None:
        """The rows counted aside added to ``stored_table``, once counted (an error there raised here)."""
        counting, self.counting = self.counting, None
        if counting is not None:
            counting.result()
            self.engine.execute(f"insert into {stored_table} select * from read_parquet({_quoted(self.folder / f'{VIEW}.parquet')})")

    def _count(self) -> None:
        """In the thread: the second connection's copies given the sent rows, its kept views'
        tables theirs (stored._fill_chunk's steps), and its VIEW's rows written to a file."""
        run = self.connection.execute
        if not self.made:
            for table in TABLES:
                run(f"create temporary table scope_{table} as select * from {table} where 1 = 0")
            for statement, kept in self.statements:  # each kept view's table after its view: those after read it
                run(statement)
                if kept:
                    run(f"create temporary table scope_{kept} as select * from scope_{kept}_query where 1 = 0")
            self.made = True
        run("set disabled_optimizers = 'build_side_probe_side'")  # (DuckDBEngine.joins_as_written)
        for table in TABLES:
            run(f"delete from scope_{table}")
            run(f"insert into scope_{table} select * from read_parquet({_quoted(self.folder / f'{table}.parquet')})")
        for name in self.kept:
            run(f"delete from scope_{name}")
            run(f"insert into scope_{name} select * from scope_{name}_query")
        run(f"copy (select * from scope_{VIEW}) to {_quoted(self.folder / f'{VIEW}.parquet')} (format parquet)")

    def close(self) -> None:
        """The second connection stopped (interrupted if it still counts), closed, its folder
        removed, and KEYS dropped (on success; a failure leaves it to the caller's rollback)."""
        counting, self.counting = self.counting, None
        while counting is not None and not counting.done():  # (again until it stops: between two statements it would not)
            self.connection.interrupt()
            wait([counting], timeout=0.05)
        self.thread.shutdown(wait=True)
        self.engine.close_side_connection(self.connection)
        shutil.rmtree(self.folder, ignore_errors=True)
