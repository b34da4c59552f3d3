"""Large PokerStars files are read by worker processes, a chunk each (pokersql/histories/parallel.py):
the same rows as one process reads, the same first bad hand named at the same line, each hand
skipped listed, and a Ctrl-C that stops the import, its workers and all, leaving the database
as it was. The real hands of tests/histories/ stand in for a large file: the size from which
the workers read, and the size of a chunk, are made small here."""

from __future__ import annotations

import json
import os
import re
import signal
import time
from pathlib import Path

import pytest

import pokersql
from pokersql.cli import main
from pokersql.histories import parallel
from pokersql.histories import store as history_store
from signals import _descendants, interrupt  # tests/signals.py
from test_history_errors import CASES, state
from test_history_import import TABLES, tables, tricky_file

HISTORIES = Path(__file__).resolve().parent / "histories"


def read_by(patch: pytest.MonkeyPatch, how: str) -> None:
    """"workers": every file read by two workers, in chunks of about 6 hands (a real file's hands
    are 800 to 1,000 bytes), and never by the import's own process; else by that process."""
    if how == "workers":
        patch.setattr(parallel, "PARALLEL_BYTES", 0)
        patch.setattr(parallel, "CHUNK_BYTES", 6_000)
        patch.setattr(parallel, "workers", lambda: 2)
        patch.setattr(parallel, "read_hands", None)  # any use of it fails
    else:
        patch.setattr(parallel, "PARALLEL_BYTES", 1 << 40)


def crlf_file(folder: Path) -> Path:
    """pluribus_31.txt with Windows line ends and a byte-order mark (PokerStars' own files have both)."""
    path = folder / "crlf.txt"
    text = (HISTORIES / "pluribus_31.txt").read_text(encoding="utf-8")
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    return path


def test_the_chunks_start_at_headers_and_count_lines_as_the_text_does(tmp_path: Path) -> None:
    for path in (HISTORIES / "pluribus_30.txt", crlf_file(tmp_path)):
        lines = path.read_text(encoding="utf-8-sig").split("\n")  # newline=None: "\r\n" reads as "\n"
        data = path.read_bytes()
        found = list(parallel.chunks(str(path), 3_000))
        assert len(found) > 20
        assert found[0][1] == 0 and found[-1][2] == len(data)
        assert all(one[2] == two[1] for one, two in zip(found, found[1:]))  # whole, no gaps
        for _, start, _, line in found[1:]:
            assert data[start:].startswith(b"PokerStars Hand #")
            assert lines[line - 1].startswith("PokerStars Hand #"), (path.name, line)


def test_the_workers_write_what_one_process_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tricky file (quotes and commas in names), CRLF with a byte-order mark, and the tricky
    hands again (held already: across chunks and across files), on DuckDB (CSV rows) and SQLite
    (bound values)."""
    files = [tricky_file(tmp_path), crlf_file(tmp_path), HISTORIES / "pluribus_30.txt"]
    held = {}
    for engine in ("duckdb", "sqlite"):
        for how in ("one process", "workers"):
            with monkeypatch.context() as patch:
                read_by(patch, how)
                with pokersql.connect(str(tmp_path / f"{how}.{engine}"), engine=engine) as db:
                    result = db.import_histories(files)
                    held[engine, how] = (result.imported, result.duplicates, tables(db))
    assert held["duckdb", "workers"][:2] == (153, 80)
    for engine in ("duckdb", "sqlite"):
        assert held[engine, "workers"] == held[engine, "one process"], engine


def bad_file(folder: Path) -> tuple[Path, list[int]]:
    """The 80 hands of pluribus_30.txt with two bad hands among them (the 31st and the 71st, in
    different chunks), and the line of each bad hand's bad line."""
    good = (HISTORIES / "pluribus_30.txt").read_text(encoding="utf-8").rstrip("\n").split("\n\n\n")
    hands = [hand.split("\n") for hand in good]
    bad_lines = []
    for at, (case, hand_id) in ((30, ("unknown card", "#39998")), (70, ("more than the stack", "#39999"))):
        lines, line, _ = CASES[case]
        first = 1 + sum(len(hand) + 2 for hand in hands[:at])
        hands.insert(at, [text.replace("#39999", hand_id) for text in lines])
        bad_lines.append(first + line - 1)
    path = folder / "bad.txt"
    path.write_text("\n\n\n".join("\n".join(hand) for hand in hands) + "\n", encoding="utf-8")
    return path, bad_lines


def test_the_first_bad_hand_is_named_and_nothing_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """The same line and the same database as one process gives, and with --skip-bad, the same
    hands skipped and the same hands written."""
    path, (first_bad, second_bad) = bad_file(tmp_path)
    said = {}
    for how in ("one process", "workers"):
        with monkeypatch.context() as patch:
            read_by(patch, how)
            target = str(tmp_path / f"{how}.duckdb")
            with pokersql.connect(target) as db:
                db.import_histories([HISTORIES / "pluribus_31.txt"])
            before = state(target, "duckdb")
            assert main(["--db", target, "import", str(path)]) == 2
            err = capsys.readouterr().err
            assert err.startswith(f"pokersql: error: {path}:{first_bad}: unknown card '9x'") and err.count("\n") == 1, err
            assert state(target, "duckdb") == before
            assert main(["--db", target, "import", str(path), "--skip-bad", "--format", "json"]) == 0
            report = json.loads(capsys.readouterr().out)
            said[how] = (err, report["skipped"], report["imported"], state(target, "duckdb"))
    assert [skipped["line"] for skipped in said["workers"][1]] == [first_bad, second_bad]
    assert said["workers"][2] == 80
    assert said["workers"] == said["one process"]


@pytest.mark.parametrize("sent", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL], ids=lambda sent: sent.name)
def test_a_stopped_import_stops_its_workers(tmp_path: Path, sent: signal.Signals) -> None:
    """A real signal to a real `pokersql import` of a file read by workers (20 MB: its default
    sizes), once both workers run: no worker left, the database as it was. A Ctrl-C (SIGINT):
    one line, exit 130; a SIGTERM, as Ctrl-C but `terminated`, exit 143. A SIGKILL ends the
    import at once, and its workers end quietly (they printed a BrokenPipeError's traceback,
    issue 43): nothing on stderr."""
    blocks = (HISTORIES / "pluribus_30.txt").read_text(encoding="utf-8").rstrip("\n").split("\n\n\n")
    path = tmp_path / "big.txt"
    with open(path, "w", encoding="utf-8") as handle:
        for number in range(24_000):
            handle.write(re.sub(r"#\d+:", f"#{1_000_000 + number}:", blocks[number % len(blocks)], count=1) + "\n\n\n")
    assert path.stat().st_size > 2 * parallel.PARALLEL_BYTES
    target = str(tmp_path / "held.duckdb")
    with pokersql.connect(target) as db:
        db.import_histories([HISTORIES / "pluribus_31.txt"])
    before = state(target, "duckdb")
    workers: list[str] = []

    def reading(pid: int) -> bool:
        workers[:] = [child for child in _descendants(pid) if "pokersql.histories.parallel" in _command(child)]
        return len(workers) == 2

    status, err, took = interrupt(["--db", target, "import", str(path)], after=0.3, ready=reading, sent=sent)
    if sent == signal.SIGINT:
        assert status == 130 and err.strip() == "pokersql: interrupted", err
    elif sent == signal.SIGTERM:
        assert (status, err.strip()) == (143, "pokersql: terminated"), err
    else:
        assert (status, err) == (-sent, ""), err  # communicate() waited for the workers' stderr to end too
    deadline = time.monotonic() + 10
    while any(os.path.exists(f"/proc/{pid}") for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(os.path.exists(f"/proc/{pid}") for pid in workers), "a worker outlived the import"
    assert state(target, "duckdb") == before


def _command(pid: str) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def test_a_failed_write_stops_the_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read_by(monkeypatch, "workers")
    started: list[parallel._Reader] = []
    real = parallel._Reader.__init__

    def recorded(self: parallel._Reader) -> None:
        real(self)
        started.append(self)

    def failing(engine, batch, written) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(parallel._Reader, "__init__", recorded)
    monkeypatch.setattr(history_store, "write_batch", failing)
    with pokersql.connect(str(tmp_path / "h.duckdb")) as db, pytest.raises(OSError, match="disk full"):
        db.import_histories([HISTORIES / "pluribus_30.txt"])
    assert len(started) == 2 and all(reader.process.poll() is not None for reader in started)
    with pokersql.connect(str(tmp_path / "h.duckdb")) as db:
        assert "history_hands" not in db.engine.relation_names()
