"""The engines side by side, measured in one run: DuckDB, SQLite, PostgreSQL and Spark.

For each engine: the full build (every SQL file, ``hands`` and the Hold'em tables, into a new
database: a DuckDB file, a SQLite file, a new PostgreSQL database, a Spark warehouse directory),
``freq`` (5 cards), ``freq --cards 7`` (not on SQLite, where one query over 133,784,560 hands
takes many minutes), ``deal --players 4``, and exact heads-up equity AhAd vs KhKd (1,712,304
boards). Each timing is the median of ``--repeat`` runs (a build: once), taken round-robin
over the engines so a burst of load falls on all alike; the load average is printed before and
after. Whether every engine gave DuckDB's answer is printed too.

Spark runs in this process, ``local[2]`` unless ``--master`` says otherwise; its start (once per
process) is printed apart, not counted in the build.

PostgreSQL: ``--pg postgresql://...`` names a server (a new database ``pokersql_bench`` is
made there, and dropped); without it, a server of this run's own is started in a temporary
directory (initdb and pg_ctl, as the ``postgres`` user when run as root) and stopped at the end.

    .venv/bin/python bench/engines.py [--repeat 3] [--pg URL] [--skip-sqlite] [--skip-spark] [--master URL]
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import pokersql


def start_server() -> tuple[str, callable]:
    """A PostgreSQL server in a temporary directory: its URL, and the function that stops it."""
    binaries = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]))
    bindir = Path(binaries[-1]) if binaries else Path(shutil.which("initdb")).parent
    directory = Path(tempfile.mkdtemp(prefix="pokersql-bench-pg-"))
    as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if as_user:
        shutil.chown(directory, "postgres")
    data = directory / "data"
    subprocess.run([*as_user, str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust",
                    "-E", "UTF8", "--locale=C", "--no-sync"], check=True, capture_output=True)
    port = 5400 + os.getpid() % 500
    subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(directory / "log"), "-w",
                    "-o", f"-p {port} -k {directory} -c listen_addresses=''", "start"], check=True, capture_output=True)

    def stop() -> None:
        subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"], capture_output=True)
        shutil.rmtree(directory, ignore_errors=True)

    return f"postgresql://postgres@/postgres?host={directory}&port={port}", stop


def database_url(server_url: str, name: str) -> str:
    import psycopg

    with psycopg.connect(server_url, autocommit=True) as connection:
        connection.execute(f'drop database if exists "{name}"')
        connection.execute(f'create database "{name}"')
    head, _, query = server_url.partition("?")
    return head.rsplit("/", 1)[0] + f"/{name}" + (f"?{query}" if query else "")


def timed(function) -> tuple[float, object]:
    started = time.perf_counter()
    result = function()
    return time.perf_counter() - started, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pg", default=None, help="a PostgreSQL server's URL (default: start one)")
    parser.add_argument("--skip-sqlite", action="store_true")
    parser.add_argument("--skip-spark", action="store_true")
    parser.add_argument("--master", default="local[2]", help="Spark's master (default local[2])")
    args = parser.parse_args()

    print("load average before: %.2f %.2f %.2f" % os.getloadavg())
    stop = None
    server_url = args.pg
    if server_url is None:
        server_url, stop = start_server()
    workdir = Path(tempfile.mkdtemp(prefix="pokersql-bench-"))
    try:
        targets = {"duckdb": str(workdir / "poker.duckdb"), "postgres": database_url(server_url, "pokersql_bench")}
        if not args.skip_sqlite:
            targets["sqlite"] = str(workdir / "poker.sqlite")
        if not args.skip_spark:
            from pokersql.engines.spark.session import spark_application

            seconds, spark = timed(lambda: spark_application(args.master))
            print(f"Spark {spark.version} on {spark.sparkContext.master}: started in {seconds:.1f} s (not counted)", flush=True)
            targets["spark"] = str(workdir / "poker.spark")
        figures: dict[str, dict[str, float | str]] = {engine: {} for engine in targets}
        databases = {}
        for engine, path in targets.items():
            def build(path: str = path, engine: str = engine) -> None:
                with pokersql.connect(path, engine=engine) as db:
                    db.migrate()

            seconds, _ = timed(build)
            figures[engine]["build (every file)"] = seconds
            databases[engine] = pokersql.connect(path, engine=engine)
            print(f"built {engine}: {seconds:.1f} s", flush=True)
        tasks = {
            "deal --players 4": lambda db: db.deal(4, 2010),
            "freq (5 cards)": lambda db: db.freq(5),
            "equity AhAd KhKd (exact)": lambda db: db.equity("AhAd", "KhKd"),
            "freq --cards 7": lambda db: db.freq(7),
        }
        answers: dict[str, dict[str, object]] = {task: {} for task in tasks}
        samples: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.repeat):
            for task, function in tasks.items():
                for engine, db in databases.items():
                    if task == "freq --cards 7" and engine == "sqlite":
                        continue  # many minutes on SQLite
                    seconds, result = timed(lambda: function(db))
                    samples.setdefault((task, engine), []).append(seconds)
                    print(f"  {task:<26} {engine:<9} {seconds:8.2f} s  (load {os.getloadavg()[0]:.2f})", flush=True)
                    answers[task][engine] = result.to_dict()
        for (task, engine), values in samples.items():
            figures[engine][task] = statistics.median(values)
        for task, by_engine in answers.items():
            differ = [engine for engine, value in by_engine.items() if value != by_engine["duckdb"]]
            print(f"{task}: DuckDB's answer on {', '.join(by_engine)}: {'yes' if not differ else 'NO on ' + ', '.join(differ)}")
        rows = list(dict.fromkeys(["build (every file)", *tasks]))
        engines = list(targets)
        print()
        print(f"{'median seconds':<28}" + "".join(f"{engine:>12}" for engine in engines))
        for row in rows:
            cells = []
            for engine in engines:
                value = figures[engine].get(row)
                cells.append(f"{value:>12.2f}" if isinstance(value, float) else f"{'-':>12}")
            print(f"{row:<28}" + "".join(cells))
        print(f"(medians of {args.repeat}; a build once; '-': not run)")
        for db in databases.values():
            db.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
        if stop is not None:
            stop()
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
