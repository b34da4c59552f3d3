"""Large PokerStars files read by worker processes, a chunk of hands each, in the file's order.

Reading is pure Python and holds the GIL: one process reads some 15,000 hands a second, and
DuckDB's writing thread waits on it. So a file of ``PARALLEL_BYTES`` or more is cut into
chunks of about ``CHUNK_BYTES``, each starting at a hand's header line, and worker processes
(one a core, at most ``MAX_WORKERS``) read a chunk each into a batch of rows
(``store.Batch``), which the import writes in the file's order. What is read is what
``read_hands`` reads: the same hands, the same rows, and the same first bad hand (the chunks
are taken in order, and a chunk stops at its first bad hand). Small files, PHH, and a machine
of one core are read in the import's own process.

Each worker is this module run as a program (``_Reader``), not a ``multiprocessing`` child:
that would run the caller's own script again in each worker (its start method "spawn") or
copy a process that DuckDB's threads share (its "fork").
"""

from __future__ import annotations

import os
import pickle
import queue
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from ..errors import BadInput
from . import MAX_LINE, Skipped, bounded, detect, encoding_of, hands_of, not_utf8, pokerstars, read_hands, too_long
from .store import Batch

PARALLEL_BYTES = 8 << 20  # about 9,000 hands: below this, starting the workers costs more than it saves
CHUNK_BYTES = 4 << 20  # about 4,500 hands a chunk
MAX_WORKERS = 4
_HEADERS = tuple(start.encode() for start in pokerstars.HEADER_START)

Chunk = tuple[str, int, int, int]  # path, first byte, end byte, the number of its first line


def workers() -> int:
    """The cores this process may run on (its affinity: a pinned benchmark gets its own), at most MAX_WORKERS."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return min(cores, MAX_WORKERS)


def in_parallel(paths: Sequence[str]) -> bool:
    """Whether the files are read by worker processes: PokerStars text, large, and more than one core."""
    return (
        workers() > 1
        and sum(os.path.getsize(path) for path in paths) >= PARALLEL_BYTES
        and all(detect(path) == "pokerstars" for path in paths)  # the files' first lines read again: only for large files
        and all(encoding_of(path).startswith("utf-8") for path in paths)  # chunks cut between bytes of UTF-8
    )


def chunks(path: str, size: int = CHUNK_BYTES) -> Iterator[Chunk]:
    """The file's chunks: each about ``size`` bytes, each starting at a hand's header (or at the
    file's start), with the number of its first line, counted as reading the text counts them."""
    with open(path, "rb") as handle:
        start, line, tail = 0, 1, b""
        while True:
            block = handle.read(size)
            data = tail + block
            cut = _last_header(data) if block else len(data)
            if cut <= 0:  # no header after the first byte yet: read on
                if not block:
                    return
                last_end = max(data.rfind(b"\n"), data.rfind(b"\r"))
                if len(data) - last_end > 4 * MAX_LINE:  # its last line: more than MAX_LINE characters, however encoded
                    raise too_long(path, line + _line_ends(data[: last_end + 1]))
                tail = data
                continue
            yield path, start, start + cut, line
            start, line, tail = start + cut, line + _line_ends(data[:cut]), data[cut:]
            if not block:
                return


def _line_ends(piece: bytes) -> int:
    """The line ends of ``piece``, counted as reading it as text counts them ("\r\n" one, as is a "\r" alone)."""
    if b"\r" in piece:
        return piece.count(b"\n") + piece.count(b"\r") - piece.count(b"\r\n")
    return piece.count(b"\n")


def _last_header(data: bytes) -> int:
    """Where the last hand of ``data`` whose header line is whole-ish starts (after a line end);
    0 when no header starts after the first byte."""
    end = len(data)
    while True:
        found = data.rfind(b"\nPokerStars ", 0, end)
        if found < 0:
            return 0
        if data.startswith(_HEADERS, found + 1):
            return found + 1
        end = found


def read_chunk(chunk: Chunk, skip_bad: bool, as_csv: bool) -> tuple[Batch, list[Skipped], str | None]:
    """A chunk's hands as a batch of rows, the hands skipped, and the first bad hand's message
    (then the chunk stops there) when not ``skip_bad``: what ``read_hands`` says of them."""
    path, start, end, first_line = chunk
    with open(path, "rb") as handle:
        handle.seek(start)
        data = handle.read(end - start)
    batch, skipped = Batch(as_csv), []
    try:
        text = data.decode("utf-8-sig" if start == 0 else "utf-8")
    except UnicodeDecodeError:
        return batch, skipped, str(not_utf8(path))
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        lines = text.split("\n")
        numbered: Iterable[tuple[int, str]] = enumerate(lines, start=first_line)
        if max(map(len, lines)) > MAX_LINE:  # a line too long: the hands before it read, as read_hands reads them
            numbered = bounded(numbered, path)
        for item in hands_of("pokerstars", numbered, path, skip_bad):
            if isinstance(item, Skipped):
                skipped.append(item)
            elif not batch.take(item):
                batch.duplicates += 1
    except BadInput as bad:
        return batch, skipped, str(bad)
    return batch, skipped, None


def read_batches(
    paths: Sequence[str], skip_bad: bool, as_csv: bool, progress: Callable[[int], None] = lambda done: None,
) -> Iterator[Batch | Skipped]:
    """The files' hands as batches of rows, in order, and each hand skipped (``skip_bad``); a
    bad hand otherwise stops it with BadInput, as ``read_hands``. ``progress(done)``: bytes read."""
    if not in_parallel(paths):
        yield from Batch.of(read_hands(paths, skip_bad, progress), as_csv)
        return
    readers = [_Reader() for _ in range(workers())]
    try:
        stopped: list[BadInput] = []
        sent: deque[tuple[_Reader, int]] = deque()  # in the files' order: whose result, of how many bytes
        done = 0
        for number, chunk in enumerate(_every_chunk(paths, stopped)):
            reader = readers[number % len(readers)]
            reader.send((chunk, skip_bad, as_csv))
            sent.append((reader, chunk[2] - chunk[1]))
            if len(sent) >= 2 * len(readers):  # two chunks a reader at most: memory stays bounded
                done = yield from _taken(*sent.popleft(), done, progress)
        while sent:
            done = yield from _taken(*sent.popleft(), done, progress)
        if stopped:
            raise stopped[0]
    except BaseException:  # a bad hand, a failed write, a Ctrl-C: the chunks still read are not wanted
        for reader in readers:
            reader.process.kill()
        raise
    finally:
        for reader in readers:
            reader.close()


def _every_chunk(paths: Sequence[str], stopped: list[BadInput]) -> Iterator[Chunk]:
    """The chunks of every file, until a line too long to cut (put in ``stopped``: the hands
    before it are read first, and a bad one among them said first, as ``read_hands`` does)."""
    try:
        for path in paths:
            yield from chunks(path)
    except BadInput as bad:
        stopped.append(bad)


def _taken(reader: _Reader, size: int, done: int, progress: Callable[[int], None]) -> Iterator[Batch | Skipped]:
    batch, skipped, bad = reader.result()
    yield from skipped
    if bad is not None:
        raise BadInput(bad)
    yield batch
    progress(done + size)
    return done + size


class _Reader:
    """A worker process (this module run as a program) reading the chunks it is sent, in order,
    and a thread taking its results as they come (the worker never waits to be read).

    It runs in a session of its own: a Ctrl-C in the terminal reaches the import, which stops
    it, and not the worker. It runs the same pokersql as the import (its folder first on the
    path), and ends when its input ends."""

    def __init__(self) -> None:
        package_root = str(Path(__file__).resolve().parents[2])
        path = os.environ.get("PYTHONPATH")
        env = {**os.environ, "PYTHONPATH": package_root + (os.pathsep + path if path else "")}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pokersql.histories.parallel"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, start_new_session=True,
        )
        self.results: queue.SimpleQueue = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._take, name="pokersql-import-reader", daemon=True)
        self.thread.start()

    def send(self, work: tuple[Chunk, bool, bool]) -> None:
        pickle.dump(work, self.process.stdin, pickle.HIGHEST_PROTOCOL)
        self.process.stdin.flush()

    def _take(self) -> None:
        while True:
            try:
                self.results.put(pickle.load(self.process.stdout))
            except Exception as e:  # its output ended (or broke): said once its result is asked for
                self.results.put(e)
                return

    def result(self) -> tuple[Batch, list[Skipped], str | None]:
        result = self.results.get()
        if isinstance(result, Exception):
            from ..errors import DatabaseError

            code = self.process.poll()
            raise DatabaseError(f"import: a reading process ended early (exit code {code}): {result!r}")
        return result

    def close(self) -> None:
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.thread.join(timeout=5)
        self.process.stdout.close()


def _serve() -> None:
    """A worker: read each chunk sent on stdin, and write its result on stdout, until stdin ends.
    An import that is gone (killed: its pipes closed, the work it sent cut short) ends it quietly."""
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    try:
        while True:
            try:
                work = pickle.load(source)
            except EOFError:
                return
            pickle.dump(read_chunk(*work), sink, pickle.HIGHEST_PROTOCOL)
            sink.flush()
    except (BrokenPipeError, pickle.UnpicklingError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error as Python flushes it at exit
        sys.exit(1)


if __name__ == "__main__":
    _serve()
