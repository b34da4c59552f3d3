"""Start-up: whole processes of the first commands a newcomer types (issue 67), beside eval7 and
poker-equity in the same run.

Targets (on a quiet machine, a built database): `pokersql --version` at most 0.3 s;
`pokersql eval Ah Kh Qh Jh Th` and `pokersql equity AhAd KhKd` (the exact heads-up answer) at
most 1 s each; `pokersql --db :memory: eval Ah Kh Qh Jh Th` (which builds what it reads) at most
3 s; the exact `pokersql equity AhAd "QQ+,AKs" --exact` (15 combinations, one board enumeration
shared) at most 3 times the exact heads-up's time, times its 15 combinations, both from this run.
Nothing here asserts a timing: each target gets a verdict line, 'met' or 'NOT met', beside
the machine's load, printed before and after (a shared machine is noisy: compare the figures of
one run side by side, never against another run's).

- The database is built once, in a temporary folder (`pokersql --db FILE migrate`), its time
  printed; every command reads it (--db FILE).
- Each command is a new process, timed whole (wall time, from start to exit): the console
  script `pokersql` beside this Python (else ``python -m pokersql``). The commands take turns,
  run after run, so that a change of the load falls on all of them alike; one run of each
  first, not counted, warms the file cache.
- Python keeps the compiled modules in a temporary folder (PYTHONPYCACHEPREFIX, and
  PYTHONDONTWRITEBYTECODE unset), as an installed package has them: a process that compiled
  every module again would time the compiler.
- Beside each wall time, the process's CPU time (user and system, all its threads): the wall
  time of a busy machine also counts the wait for a CPU; on a quiet one, with the files in the
  cache, a process's wall time is about its CPU time or less (DuckDB's threads run in parallel).
- The peers, in the same run: ``python -c pass`` (the interpreter alone), ``python -c 'import
  eval7'``, and poker-equity's exact heads-up equity of AhAd against KhKd (the installed
  poker-equity has no command line: its library, ``exact_from_text``, in ``python -c``).

Run from the repository root:

    python bench/start_up.py               # 7 runs of each
    python bench/start_up.py --runs 15
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EVAL = ["eval", "Ah", "Kh", "Qh", "Jh", "Th"]
POKER_EQUITY = "import poker_equity; print(poker_equity.exact_from_text('holdem', ['AhAd', 'KhKd'])['players'][0]['equity'])"
# name: (the command's words after the program, the target in seconds or None)
TARGETS = {"--version": 0.3, "eval": 1.0, "equity": 1.0, "eval in memory": 3.0}
RANGE = ["equity", "AhAd", "QQ+,AKs", "--exact"]
RANGE_COMBOS = 15  # QQ 6, KK 6, AA 1 (AcAs) and AKs 2 (AcKc, AsKs) beside AhAd


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def pokersql_program() -> list[str]:
    script = Path(sys.executable).parent / "pokersql"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "pokersql"]


def commands(database: Path) -> dict[str, list[str]]:
    program = pokersql_program()
    return {
        "--version": [*program, "--version"],
        "eval": [*program, "--db", str(database), *EVAL],
        "equity": [*program, "--db", str(database), "equity", "AhAd", "KhKd"],
        "eval in memory": [*program, "--db", ":memory:", *EVAL],
        "equity range exact": [*program, "--db", str(database), *RANGE],
        "python -c pass": [sys.executable, "-c", "pass"],
        "import eval7": [sys.executable, "-c", "import eval7"],
        "poker-equity AhAd KhKd": [sys.executable, "-c", POKER_EQUITY],
    }


def cpu_seconds() -> float:
    """User and system time of the children waited for so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(command: list[str], environment: dict[str, str]) -> tuple[float, float]:
    """The process's wall time and its CPU time (all its threads: DuckDB's run in parallel)."""
    cpu, started = cpu_seconds(), time.perf_counter()
    done = subprocess.run(command, env=environment, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")
    return seconds, cpu_seconds() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each command (default 7)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="pokersql-start-up-"))
    try:
        environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "POKERSQL_DB", "POKERSQL_ENGINE")}
        environment["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
        environment["NO_COLOR"] = "1"
        database = folder / "built.duckdb"
        print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; load (1, 5, 15 min) {load()}")
        seconds, _ = timed([*pokersql_program(), "--db", str(database), "migrate"], environment)
        print(f"database: pokersql --db FILE migrate in {seconds:.1f} s ({database.stat().st_size / 1e6:.0f} MB)")
        todo = commands(database)
        for command in todo.values():  # warm-up, not counted: the file cache, the compiled modules
            timed(command, environment)
        times: dict[str, list[float]] = {name: [] for name in todo}
        cpu: dict[str, list[float]] = {name: [] for name in todo}
        for _ in range(args.runs):
            for name, command in todo.items():
                wall, used = timed(command, environment)
                times[name].append(wall)
                cpu[name].append(used)
        print(f"{args.runs} runs of each, taking turns; load after {load()}")
        print("wall time of the whole process; cpu: its user + system time, median (FILE: the built database)")
        print(f"{'command':<24} {'median':>7} {'min':>7} {'max':>7} {'cpu':>7}  target (on the median)")
        for name, values in times.items():
            target = TARGETS.get(name)
            median = statistics.median(values)
            verdict = "" if target is None else f"{target:g} s: {'met' if median <= target else 'NOT met'}"
            print(f"{name:<24} {median:6.2f}s {min(values):6.2f}s {max(values):6.2f}s {statistics.median(cpu[name]):6.2f}s  {verdict}")
        bound = 3 * statistics.median(times["equity"]) * RANGE_COMBOS
        ranged = statistics.median(times["equity range exact"])
        print(f"equity range exact: {ranged:.2f} s; target 3 x equity's {statistics.median(times['equity']):.2f} s"
              f" x {RANGE_COMBOS} combinations = {bound:.1f} s: {'met' if ranged <= bound else 'NOT met'}")
        for name in [*TARGETS, "equity range exact"]:
            print(f"  {name}: pokersql {' '.join(todo[name][1:]).replace(str(database), 'FILE')}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
