"""What every feature of the library is given (``Context``): the engine, the progress callback,
and what first use has built; the features (pokersql.evaluation, equity, dealing, tracker,
reading) take one, and ``Database`` (pokersql.database) holds one and is only their front."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .engines.base import Engine
from .progress import ProgressCallback, no_progress

MEMORY = ":memory:"


@dataclass
class Context:
    engine: Engine
    progress: ProgressCallback = no_progress
    whole: bool = False  # opened for reading (connect's read_only): a fresh file is built whole, once
    ready: bool = False  # every SQL file applied (first_use.ensure_ready)
    lookups_ready: set[tuple[str, ...]] = field(default_factory=set)  # the needs of evaluating built (a part of migrate)
    lookup_copy: Any = None  # own_hands.LookupCopy, once made (evaluation.rank_hands)
    evaluations: int = 0
    # What first use built in a database that held no table (first_use.ensure_ready and
    # ensure_lookups; never a migrate() asked for): "the lookup tables", or "the tables" (all of
    # them); and the seconds it took.
    built_on_first_use: str = ""
    seconds_building: float = 0.0
    closed: bool = False

    @contextlib.contextmanager
    def watching(self, task: str) -> Iterator[None]:
        """While one long query runs: its progress in percent, polled from a thread.

        Where the engine cannot tell (SQLite), the bar stays at 0 and only the time moves.
        """
        if self.progress is no_progress:
            yield
            return
        stop = threading.Event()

        def poll() -> None:
            while not stop.wait(0.25):
                self.progress(task, max(0, min(99, int(self.engine.query_progress()))), 100)

        self.progress(task, 0, 100)
        watcher = threading.Thread(target=poll, name="pokersql-progress", daemon=True)
        watcher.start()
        try:
            yield
        finally:
            stop.set()
            watcher.join()
            self.progress(task, 100, 100)

    @contextlib.contextmanager
    def counting(self, task: str) -> Iterator[None]:
        """One exact count of equity: its progress watched, its memory bounded (engine.bounded_memory)."""
        with self.engine.bounded_memory(), self.watching(task):
            yield
