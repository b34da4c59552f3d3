"""Ctrl-C: the running query stops within a second, and no commit follows it.

Python runs a signal's handler only between two bytecodes, and a long query holds the
main thread inside the database's C code: DuckDB would run on for minutes, and so would
SQLite. So while ``handling_sigint()`` is active (the CLI's whole run), the C part of
the handler also writes the signal's number to a socket (``signal.set_wakeup_fd``); a
thread waiting on it interrupts every open engine (``Engine.interrupt()``, safe from any
thread on both engines), and the query fails at once as interrupted.

DuckDB forgets an interrupt that comes before its query has begun (a query clears the flag as
it starts), and a signal can come just then, while the main thread is already in the engine's
call: the query would run to its end. So the watcher interrupts again every ``REPEAT`` seconds
until the main thread has taken the signal (its Python handler ran: it is out of the engine's
call, and ``KeyboardInterrupt`` ends the command); never after that, so the rollback that
follows is not interrupted.

The signal is also remembered (``pending()``): ``Engine.commit()`` refuses to commit once
it is, so a SIGINT that arrives while a migration's last statement finishes cannot be
lost: the transaction is rolled back and the command ends as interrupted.

SIGTERM (``kill PID``, a service manager stopping pokersql) is handled the same way: the query
stops, nothing is committed, and the command ends with one line, ``terminated``, and exit status
143 (128 + 15, as a shell reports it) where Ctrl-C gives 130.
"""

from __future__ import annotations

import contextlib
import signal
import socket
import threading
import weakref
from collections.abc import Iterator
from typing import Any

from .errors import Interrupted

_pending = threading.Event()
_received: list[int] = []  # the signal that came (SIGINT or SIGTERM), for the exit status
HANDLED = (signal.SIGINT, signal.SIGTERM)
_engines: weakref.WeakSet[Any] = weakref.WeakSet()
_lock = threading.Lock()
_taken = threading.Event()  # the main thread's handler ran: the signal is in Python's hands
_taking = threading.RLock()  # held around a repeated interrupt and the handler's mark: never after it
REPEAT = 0.05  # seconds between the watcher's interrupts until the main thread takes the signal


def register(engine: Any) -> None:
    """An engine whose queries a SIGINT must interrupt (it has ``interrupt()``)."""
    with _lock:
        _engines.add(engine)


def pending() -> bool:
    return _pending.is_set()


def check() -> None:
    """Raise Interrupted if a SIGINT came: called before anything is committed."""
    if _pending.is_set():
        raise Interrupted()


def _interrupt_all() -> None:
    _pending.set()
    with _lock:
        engines = list(_engines)
    for engine in engines:
        engine.interrupt()


def _interrupt_until_taken() -> None:
    """Once at once (queries of other threads too), then again while the main thread has not
    taken the signal: an interrupt that came before its query began was forgotten."""
    _interrupt_all()
    while not _taken.wait(REPEAT):
        with _taking:
            if _taken.is_set():
                return
            _interrupt_all()


def _handler(signum: int, frame: Any) -> None:
    with _taking:
        _taken.set()
    _received[:] = [signum]
    _pending.set()
    raise KeyboardInterrupt


def ending() -> tuple[str, int]:
    """The one line and the exit status of a command that a signal ended: ``interrupted``, 130
    (SIGINT, Ctrl-C); ``terminated``, 143 (SIGTERM)."""
    if _received == [signal.SIGTERM]:
        return "terminated", 128 + signal.SIGTERM
    return "interrupted", 128 + signal.SIGINT


def _watch(receiver: socket.socket) -> None:
    while True:
        try:
            data = receiver.recv(64)
        except OSError:
            return
        if not data:
            return
        if any(signum in data for signum in HANDLED):
            _interrupt_until_taken()


@contextlib.contextmanager
def handling_sigint() -> Iterator[None]:
    """While the block runs (in the main thread), SIGINT or SIGTERM interrupts the running query too."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _pending.clear()
    _received.clear()
    _taken.clear()
    receiver, sender = socket.socketpair()
    sender.setblocking(False)
    previous_fd = signal.set_wakeup_fd(sender.fileno(), warn_on_full_buffer=False)
    previous_handlers = {signum: signal.signal(signum, _handler) for signum in HANDLED}
    watcher = threading.Thread(target=_watch, args=(receiver,), name="pokersql-sigint", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        _pending.clear()  # a library call after the block is not interrupted by this signal
        _taken.set()  # the watcher stops repeating
        for signum, previous in previous_handlers.items():
            signal.signal(signum, previous)
        signal.set_wakeup_fd(previous_fd)
        sender.close()
        receiver.shutdown(socket.SHUT_RDWR)
        watcher.join(timeout=1)
        receiver.close()
