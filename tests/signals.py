"""A real Ctrl-C to a real pokersql process (test-only): the harness of every engine's
interrupt tests (tests/test_interrupts.py, test_postgres.py, test_spark.py)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time


def pokersql_command() -> list[str]:
    """The real console script of this environment, else ``python -m pokersql``."""
    script = shutil.which("pokersql", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-m", "pokersql"]


def interrupt(args: list[str], after: float, wait: float = 30) -> tuple[int, str, float]:
    """Start pokersql with ``args``, send SIGINT ``after`` seconds, wait up to ``wait`` seconds
    for it to end: (exit status, stderr, seconds from the signal to the end)."""
    process = subprocess.Popen([*pokersql_command(), *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(after)
        assert process.poll() is None, f"pokersql {' '.join(args)} ended before the signal: choose longer work"
        process.send_signal(signal.SIGINT)
        sent = time.monotonic()
        _, err = process.communicate(timeout=wait)
        return process.returncode, err, time.monotonic() - sent
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
