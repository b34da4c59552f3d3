"""A real Ctrl-C to a real pokersql process (test-only): the harness of every engine's
interrupt tests (tests/test_interrupts.py, test_postgres.py, test_spark.py)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path


def pokersql_command() -> list[str]:
    """The real console script of this environment, else ``python -m pokersql``."""
    script = shutil.which("pokersql", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-m", "pokersql"]


def as_from_a_terminal() -> None:
    """A child's SIGINT as a terminal's shell gives it: the default action, which Python makes
    KeyboardInterrupt. (preexec_fn.) A process started in the background of a shell without job
    control inherits SIGINT ignored, and Python then leaves it ignored: a Ctrl-C test run from
    such a shell would test nothing (its Ctrl-C at import did nothing, exit status 0)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt(
    args: list[str], after: float, wait: float = 30, ready: Callable[[int], bool] | None = None, sent: int = signal.SIGINT
) -> tuple[int, str, float]:
    """Start pokersql with ``args``, send SIGINT (or ``sent``) ``after`` seconds (with ``ready``: ``after``
    seconds once ``ready(pid)`` first holds, polled twice a second for at most two minutes), wait
    up to ``wait`` seconds for it to end: (exit status, stderr, seconds from the signal to the end)."""
    process = subprocess.Popen(
        [*pokersql_command(), *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, preexec_fn=as_from_a_terminal
    )
    try:
        if ready is not None:
            deadline = time.monotonic() + 120
            while not ready(process.pid):
                assert process.poll() is None, f"pokersql {' '.join(args)} ended before it was ready"
                assert time.monotonic() < deadline, f"pokersql {' '.join(args)} was not ready in two minutes"
                time.sleep(0.5)
        time.sleep(after)
        assert process.poll() is None, f"pokersql {' '.join(args)} ended before the signal: choose longer work"
        process.send_signal(sent)
        at = time.monotonic()
        _, err = process.communicate(timeout=wait)  # its stderr ended: its children's too
        return process.returncode, err, time.monotonic() - at
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def spark_has_run_a_task(pid: int) -> bool:
    """Whether the process's Spark (its JVM, a descendant) has run a task: Spark's executor names
    its task threads "Executor task launch worker for task N" (Linux keeps 15 characters of a
    thread's name), and keeps them a minute after the task ends."""
    return any(
        thread.startswith("Executor task")
        for process in _descendants(pid)
        for thread in _read_each(Path(f"/proc/{process}/task").glob("*/comm"))
    )


def _descendants(pid: int) -> list[str]:
    found, waiting = [], [str(pid)]
    while waiting:
        children = _read_each(Path(f"/proc/{waiting.pop()}/task").glob("*/children"))
        for child in " ".join(children).split():
            found.append(child)
            waiting.append(child)
    return found


def _read_each(paths) -> list[str]:
    """The text of each file that can be read (a process or thread may end meanwhile)."""
    texts = []
    for path in paths:
        try:
            texts.append(path.read_text())
        except OSError:
            continue
    return texts
