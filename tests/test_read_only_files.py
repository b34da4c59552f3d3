"""Issue 10: the commands that only read work on a database file they cannot write, and on
one that other processes hold, and never change it.

The file is made unwritable the way a shared, precomputed database is: mode 444 in a
directory of mode 555. The operating system enforces it: when the tests run as root, the
CLI runs without the capabilities that let root write anyway (setpriv drops
CAP_DAC_OVERRIDE and CAP_FOWNER), and a control run of ``migrate --rebuild`` shows that
the file really cannot be written. Every command's answer is compared with the same
command on a writable copy, and the file's bytes must be the same afterwards.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from pokersql.cli import main

# The commands that only read, each with its JSON answer (deterministic: seeded, or exact).
READING = {
    "deal": ["deal", "--players", "5", "--seed", "10"],
    "eval": ["eval", "As", "Ks", "Qs", "Js", "9s", "9d", "2c"],
    "compare": ["compare", "As Ad 2c 2d 5h", "Ks Kd Qc Qd Ah"],
    "equity": ["equity", "AhKh", "QsQd", "--board", "2h7h9c"],
    "equity range": ["equity", "AhAd", "KK+,AKs", "--board", "2c7d9h"],
    "freq": ["freq"],
    "simulate": ["simulate", "--deals", "2000", "--players", "3", "--seed", "4"],
    # another game's (issue 44): on a migrated file the first call builds nothing
    "eval omaha": ["eval", "--game", "omaha", "As", "Ks", "Qd", "Jd", "--board", "Ts 9s 2c 7h 8s"],
    "compare shortdeck": ["compare", "--game", "shortdeck", "As Ks Qh Jh Th 9c 6d", "Ah Ad 6c 6h 7h 8s 9s"],
    "equity omaha": ["equity", "--game", "omaha", "Ah Ad Kc Qc", "Js Ts 9d 8d", "--board", "2h 7h Qd"],
    "query": ["query", "select category, count(*) as n from hands group by category order by category"],
}

DROPPED_CAPABILITIES = "-dac_override,-dac_read_search,-fowner"


def pokersql(engine: str, path: str, *args: str, unprivileged: bool = False, timeout: float = 300) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "pokersql", "--engine", engine, "--db", path, *args]
    if unprivileged and os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        assert setpriv, "running as root, these tests need setpriv (util-linux) to drop root's file-writing capabilities"
        command = [setpriv, f"--bounding-set={DROPPED_CAPABILITIES}", "--", *command]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=os.path.dirname(path))


def answer(command: list[str], out: str):
    """The command's JSON: one document, or JSON lines for `query` (a stream, as the contract says)."""
    if command[0] == "query":
        return [json.loads(line) for line in out.splitlines()]
    return json.loads(out)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(params=["duckdb", "sqlite"])
def shared_file(request, built_database, tmp_path):
    """(engine, a built database file that cannot be written, a writable copy of it)."""
    engine = request.param
    source = built_database(engine)
    writable = tmp_path / f"writable.{engine}"
    shutil.copyfile(source, writable)
    folder = tmp_path / "shared"
    folder.mkdir()
    locked = folder / f"poker.{engine}"
    shutil.copyfile(source, locked)
    locked.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    yield engine, locked, writable
    folder.chmod(stat.S_IRWXU)
    locked.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_every_reading_command_works_on_a_file_it_cannot_write(shared_file, capsys):
    """Each command on the locked file in a process of its own without the capabilities; the
    answer it must give, on the writable copy, in this process (the CLI's main)."""
    engine, locked, writable = shared_file
    before = digest(locked)
    # The control: writing to this file is really refused (else the rest would prove nothing).
    refused = pokersql(engine, str(locked), "migrate", "--rebuild", unprivileged=True)
    assert refused.returncode == 1, refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1, refused.stderr
    for name, command in READING.items():
        if engine == "sqlite" and name == "equity range":
            command = [*command, "--exact"]  # past SQLite's exact-by-default work limit
        got = pokersql(engine, str(locked), *command, "--format", "json", unprivileged=True)
        assert got.returncode == 0, f"{name}: {got.stderr}"
        status = main(["--engine", engine, "--db", str(writable), *command, "--format", "json"])
        expected = capsys.readouterr()
        assert status == 0, f"{name}: {expected.err}"
        assert answer(command, got.stdout) == answer(command, expected.out), name
    exported = locked.parent.parent / "categories.csv"
    got = pokersql(engine, str(locked), "export", "hand_categories", "--to", str(exported), unprivileged=True)
    assert got.returncode == 0, got.stderr
    assert exported.read_text().splitlines()[0] == "points,category"
    assert len(exported.read_text().splitlines()) == 11
    assert digest(locked) == before
    assert sorted(p.name for p in locked.parent.iterdir()) == [locked.name]  # no journal, no WAL left


def test_a_file_that_needs_migrating_but_cannot_be_written_is_one_line(shared_file):
    """A view file recorded with another checksum (as after an upgrade of pokersql): the
    command must apply it again, cannot write, and says so in one line."""
    engine, locked, writable = shared_file
    import pokersql as library

    with library.connect(str(writable), engine=engine) as database:
        database.engine.execute("update schema_history set checksum = 'edited' where script = '009_hand_frequencies.views.sql'")
    locked.parent.chmod(stat.S_IRWXU)
    locked.chmod(stat.S_IRUSR | stat.S_IWUSR)
    shutil.copyfile(writable, locked)
    locked.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    locked.parent.chmod(stat.S_IRUSR | stat.S_IXUSR)
    before = digest(locked)
    got = pokersql(engine, str(locked), "freq", unprivileged=True)
    assert got.returncode == 1, got.stderr
    assert len(got.stderr.strip().splitlines()) == 1 and str(locked) in got.stderr, got.stderr
    assert digest(locked) == before
    # The same file, writable: the command applies the file and answers.
    assert pokersql(engine, str(writable), "freq").returncode == 0


def hold(engine: str, path: Path, how: str) -> subprocess.Popen:
    """Another process that holds the file: DuckDB open read-only; SQLite in a read
    transaction ("read") or holding the write lock ("write"). Ready when it prints "held"."""
    if engine == "duckdb":
        code = "import duckdb, sys, time; c = duckdb.connect(sys.argv[1], read_only=True); c.execute('select count(*) from hands').fetchall()"
    elif how == "read":
        code = "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); c.execute('begin'); c.execute('select count(*) from cards').fetchall()"
    else:
        code = "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); c.execute('begin immediate'); c.execute('create table users_own (x)')"
    code += "; print('held', flush=True); time.sleep(120)"
    holder = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    return holder


@pytest.mark.parametrize("engine,how", [("duckdb", "read"), ("sqlite", "read"), ("sqlite", "write")])
def test_reading_commands_work_while_another_process_holds_the_file(engine, how, built_database):
    """Several processes read at once: a DuckDB file open read-only elsewhere, a SQLite file in
    another's read transaction or under its write lock (a reader never waits for it)."""
    path = Path(built_database(engine))
    holder = hold(engine, path, how)
    try:
        commands = [READING["deal"], READING["eval"], READING["equity"], READING["query"]]
        # Two of them at the same time, too.
        running = [
            subprocess.Popen(
                [sys.executable, "-m", "pokersql", "--engine", engine, "--db", str(path), *command, "--format", "json"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            )
            for command in commands
        ]
        for command, process in zip(commands, running):
            # SQLite's busy timeout is 120 s: a command that waited for the lock would not end in 60.
            out, err = process.communicate(timeout=60)
            assert process.returncode == 0, f"{command}: {err}"
            assert answer(command, out)
        assert holder.poll() is None  # the holder still holds it
    finally:
        holder.kill()
        holder.wait()


def test_the_cli_in_a_process_that_holds_the_file_writable(built_database, tmp_path, capsys):
    """A library user (or a test) with a read-write Database open runs the CLI in the same
    process: DuckDB keeps one configuration per file and process, so the CLI's read-only open
    must not fail on the file being open read-write already; it shares that instance."""
    import pokersql as library
    from pokersql.cli import main

    path = tmp_path / "poker.duckdb"
    shutil.copyfile(built_database("duckdb"), path)
    with library.connect(str(path), engine="duckdb") as held:
        assert held.evaluate("As Ks Qs Js Ts").hand_rank == 1
        assert main(["--db", str(path), "eval", "Ah", "Kh", "Qh", "Jh", "9h", "--format", "json"]) == 0, capsys.readouterr().err
        assert json.loads(capsys.readouterr().out)["category"] == "Flush"
        assert held.evaluate("2c 3d 4h 5s 7c").hand_rank == 7462  # the held Database still works
