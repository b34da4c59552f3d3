"""A progress bar on stderr for the slow steps, fed by the library through a callback.

The library never prints: a long operation calls ``progress(task, done, total)``
(a ``ProgressCallback``) as it goes, ``done == total`` when it is finished. The
CLI passes a ``ProgressBar``, which draws one rich bar on stderr, and only when
stderr is a terminal and ``--quiet`` was not given, so piped output and scripts
see nothing. A bar is transient: it disappears when its task is done.

    >>> import pokersql
    >>> db = pokersql.connect(progress=lambda task, done, total: print(task, done, total))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress

ProgressCallback = Callable[[str, int, int], None]


def no_progress(task: str, done: int, total: int) -> None:
    """The library's default: report nothing."""


class ProgressBar:
    """A ``ProgressCallback`` that draws one bar at a time on stderr."""

    def __init__(self, quiet: bool = False, console: Console | None = None) -> None:
        self._console = console
        self.quiet = quiet
        self._progress: Progress | None = None
        self._task = None

    @property
    def console(self) -> Console:
        """stderr's rich Console, made (and rich imported) when first needed: start-up time."""
        if self._console is None:
            from .output import console

            self._console = console(stderr=True)
        return self._console

    @property
    def enabled(self) -> bool:
        return not self.quiet and self.console.is_terminal

    def __call__(self, task: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        if done >= total:
            self.close()
            return
        if self._progress is None:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                SpinnerColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._progress = Progress(
                SpinnerColumn(),
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),  # e.g. the trials done, of all
                TimeElapsedColumn(),
                TimeRemainingColumn(),  # the ETA, from the pace so far
                console=self.console,
                transient=True,
            )
            self._progress.start()
            self._task = self._progress.add_task(task, total=total, completed=done)
        else:
            self._progress.update(self._task, description=task, total=total, completed=done)

    def close(self) -> None:
        """Take the bar off the screen (also when a command fails half way)."""
        if self._progress is not None:
            self._progress.stop()
            self._progress = None
            self._task = None
