"""A real PostgreSQL server for the tests: initdb and pg_ctl in a temporary directory, listening
on a Unix socket there only, stopped at the end whatever happened. A server that cannot start
fails the tests that need it: they never skip. conftest.py makes one per test session (and
xdist worker) as the fixture `server`."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import psycopg


def postgres_bin() -> Path:
    """The directory of initdb and pg_ctl: $PG_BIN, pg_config's, Debian's newest, or the PATH's."""
    candidates = [os.environ.get("PG_BIN", "")]
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        candidates.append(out.stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True)
    if shutil.which("initdb"):
        candidates.append(str(Path(shutil.which("initdb")).parent))
    for candidate in candidates:
        if candidate and (Path(candidate) / "initdb").is_file() and (Path(candidate) / "pg_ctl").is_file():
            return Path(candidate)
    raise AssertionError("PostgreSQL's initdb and pg_ctl were not found (apt-get install postgresql, or set PG_BIN)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop_abandoned_servers() -> None:
    """Servers of earlier runs whose pytest process is gone (killed before its teardown): stopped, removed."""
    for directory in glob.glob(os.path.join(tempfile.gettempdir(), "pokersql-pg-*")):
        owner = Path(directory) / "owner.pid"
        try:
            os.kill(int(owner.read_text()), 0)
            continue  # its run is still going
        except (OSError, ValueError):
            pass
        data = Path(directory) / "data"
        if (data / "postmaster.pid").exists():
            as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
            subprocess.run([*as_user, str(postgres_bin() / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"], capture_output=True)
        shutil.rmtree(directory, ignore_errors=True)


class Server:
    """A PostgreSQL server in a directory of its own; as root, run by the postgres user (initdb refuses root)."""

    def __init__(self) -> None:
        self.bin = postgres_bin()
        stop_abandoned_servers()
        self.directory = Path(tempfile.mkdtemp(prefix="pokersql-pg-"))
        (self.directory / "owner.pid").write_text(str(os.getpid()))
        self.data = self.directory / "data"
        self.log = self.directory / "server.log"
        self.port = free_port()
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_user:
            shutil.chown(self.directory, "postgres")
        self.started = False

    def run(self, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([*self.as_user, *args], input=stdin, capture_output=True, text=True, timeout=180)

    def psql(self, url: str, command: str, stdin: str | None = None) -> subprocess.CompletedProcess:
        """The real psql shell, stopping at the first error, running ``command`` in the database of
        ``url`` (one of this server's)."""
        database = url.split("/")[3].split("?")[0]
        where = ["-h", str(self.directory), "-p", str(self.port), "-d", database]
        return self.run(str(self.bin / "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", *where, "-c", command, stdin=stdin)

    def start(self) -> None:
        init = self.run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync")
        assert init.returncode == 0, f"initdb failed: {init.stderr}"
        options = f"-p {self.port} -k {self.directory} -c listen_addresses='' -c fsync=off"
        started = self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "-t", "120", "start")
        log = self.log.read_text() if self.log.exists() else ""
        assert started.returncode == 0, f"pg_ctl start failed: {started.stderr} {started.stdout} {log}"
        self.started = True

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.directory}&port={self.port}"

    def create_database(self, name: str, template: str | None = None) -> str:
        """A new database (dropped first if there): empty, or a copy of the database ``template``
        (PostgreSQL copies its files; nobody may be connected to the template meanwhile)."""
        copy = f' template "{template}"' if template else ""
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'drop database if exists "{name}"')
            connection.execute(f'create database "{name}"{copy}')
        return self.url(name)

    def stop(self) -> None:
        try:
            if self.started:
                self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)
