"""Hand histories at scale on Spark, local[1] and local[2], beside DuckDB in the same run (issue 23,
part 6): seeded hands written as PokerStars text (bench/histories_generate.py), imported, then the
pots, the showdowns, the payouts and the all-in EV computed in SQL, with a projection to a cluster.

    .venv/bin/python bench/histories_spark.py [--hands 20000] [--allin-hands 2000] [--warehouse DIR] [--keep DIR]
        [--stats-only]

Each engine, in its own processes (one Spark master per process):
- `pokersql import` as a whole process (Spark's: the JVM's start included, some 10 s, given apart
  as the time of a first trivial statement in a process of its own);
- each view read in full, ``select count(*), sum(column)`` (the sum asks for the column the
  view computes, so that no engine can leave it out): history_pots, history_showdown_hands,
  history_payouts; then the audit history_collected_matches_the_pots, which must return no hand;
- history_allin_ev over the first ``--allin-hands`` hands only (a database of its own, the same
  seed): enumerating the all-ins is what costs (DuckDB: 253 s for 100,000 hands under load);
- `pokersql stats --format json` as a whole process (issue 46: each engine reads the table stored
  at import, Spark too since it stores them; bench/histories_spark_stored.py times that), whose JSON must be the same on
  every engine. ``--stats-only``: the import and `stats`, not the views, the audit or the EV.

Spark needs the lookup tables the views read (hands, suit_reduced_seven, ...): a warehouse
migrated once (``--warehouse DIR``, or built here, its time given apart) is copied for each run.
Nothing asserts a timing; the load average is printed at each step (the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import histories_generate  # noqa: E402  (bench/, beside this file)

ROOT = Path(__file__).resolve().parents[1]
AUDIT = ROOT / "sql" / "audits" / "history_collected_matches_the_pots.sql"
POKERSQL = [sys.executable, "-m", "pokersql"]
# Each view and the column its sum asks for.
VIEWS = {"history_pots": "amount", "history_showdown_hands": "hand_rank", "history_payouts": "won"}
MASTERS = ("local[1]", "local[2]")

# Run in a child process: time each view of one database, print one line of JSON.
READER = """
import json, sys, time
import pokersql
path, engine, master, views, audit, allin = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4]), sys.argv[5], sys.argv[6] == "1"
times = {}
started = time.perf_counter()
db = pokersql.connect(path, engine, **({"master": master} if engine == "spark" else {}))
db.engine.execute("select count(*) from history_hands")
times["open"] = (time.perf_counter() - started, None)
def timed(name, sql):
    started = time.perf_counter()
    rows = db.engine.execute(sql)
    times[name] = (time.perf_counter() - started, [list(map(str, row)) for row in rows][:3])
for view, column in views.items():
    timed(view, f"select count(*), sum({column}) from {view}")
if allin:
    timed("history_allin_ev", "select count(distinct hand_id), count(*), sum(ev_won) from history_allin_ev")
else:
    (statement,) = db.engine.statements(open(audit, encoding="utf-8").read(), "audit")
    timed("audit", statement)
print(json.dumps(times))
"""


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def run(command: list[str], env: dict[str, str] | None = None) -> tuple[float, str]:
    started = time.perf_counter()
    done = subprocess.run(command, check=True, capture_output=True, text=True, env={**os.environ, **(env or {})})
    return time.perf_counter() - started, done.stdout


def database(folder: Path, engine: str, master: str, template: Path | None) -> Path:
    path = folder / (f"histories-{master.strip('local[]')}.spark" if engine == "spark" else "histories.duckdb")
    shutil.rmtree(path, ignore_errors=True) if path.is_dir() else path.unlink(missing_ok=True)
    if template is not None:
        shutil.copytree(template, path)
    return path


def measure(
    folder: Path, text: Path, engine: str, master: str, template: Path | None, allin: bool, stats_only: bool = False,
) -> dict:
    """Import ``text`` into a fresh database, then read the views in another process (not with
    ``stats_only``), then run `pokersql stats` (not over the all-in hands)."""
    path = database(folder / ("allin" if allin else "all"), engine, master, template)
    options = ["--engine", engine, *(["--master", master] if engine == "spark" else [])]
    seconds, _ = run([*POKERSQL, "--db", str(path), *options, "import", str(text)])
    if engine == "duckdb":
        run([*POKERSQL, "--db", str(path), "migrate"])  # the views import did not need, and 066's stored rows
    times = {}
    if not stats_only:
        _, out = run([sys.executable, "-c", READER, str(path), engine, master, json.dumps(VIEWS), str(AUDIT), "1" if allin else "0"])
        times = json.loads(out.strip().splitlines()[-1])
    times["import"] = (seconds, None)
    if not allin:
        seconds, out = run([*POKERSQL, "--db", str(path), *options, "--quiet", "stats", "--format", "json"])
        times["stats"] = (seconds, json.loads(out))
    return times


def project(steps: list[str], one: dict, two: dict, hands: int, allin_hands: int) -> None:
    """Amdahl's law fitted to the two runs: T(n cores) = fixed + work / n, where T(1) and T(2)
    give work = 2 (T(1) - T(2)) and fixed = 2 T(2) - T(1) (the JVM, planning, the driver's
    Python: what more cores do not shorten). Then the work grows with the hands, the fixed part
    not, and a cluster's cores are taken as this machine's: no network, no skew, no executor
    start. A projection, not a measurement: on a shared machine the two runs are noisy."""
    print(f"\nprojection (Amdahl from the two runs; work scaled to 1,000,000 hands): fixed s, work s at 1 core -> 16, 64 cores")
    for step in steps:
        if step == "import":  # Python reads and writes the files: one core, whatever Spark has
            rates = [hands / max(0.1, run[step][0] - run.get("open", (0.0,))[0]) for run in (two, one)]  # the JVM's start left out
            jvm = "left out" if "open" in one else "included (--stats-only: not measured apart)"
            print(f"  import: {rates[0]:,.0f} hands/s on local[2], {rates[1]:,.0f} on local[1], the JVM's start {jvm}: "
                  f"the readers are Python's, in one process, so a cluster imports no quicker (one process writes a warehouse)")
            continue
        work = max(0.0, 2 * (one[step][0] - two[step][0]))
        fixed = max(0.0, one[step][0] - work)
        scale = 1_000_000 / (allin_hands if step == "history_allin_ev" else hands)
        big = work * scale
        print(f"  {step}: fixed {fixed:.1f} s, work {work:.1f} s -> 1M hands: {fixed + big / 16:,.0f} s on 16 cores, "
              f"{fixed + big / 64:,.0f} s on 64")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--allin-hands", type=int, default=2_000, help="hands whose all-in EV is computed (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warehouse", type=Path, help="a migrated Spark warehouse to copy (else one is built here)")
    parser.add_argument("--masters", default=",".join(MASTERS), help="the Spark masters to run on, by commas (default: %(default)s)")
    parser.add_argument("--keep", type=Path, help="a folder to keep the texts and the databases in")
    parser.add_argument("--stats-only", action="store_true", help="the import and `stats` only (no view read alone, no all-in EV)")
    args = parser.parse_args()
    if args.stats_only:
        args.allin_hands = 0
    folder = args.keep or Path(tempfile.mkdtemp(prefix="pokersql-histories-spark-"))
    for part in ("all", "allin"):
        (folder / part).mkdir(parents=True, exist_ok=True)
    print(f"{args.hands:,} hands (all-in EV: {args.allin_hands:,}), seed {args.seed}, on {os.cpu_count()} cores; {load()}", flush=True)
    text, allin_text = folder / "generated.txt", folder / "generated-allin.txt"
    histories_generate.write(text, args.hands, args.seed)
    if args.allin_hands:
        histories_generate.write(allin_text, args.allin_hands, args.seed)
    masters = [master for master in args.masters.split(",") if master]
    template = args.warehouse
    if template is None and masters:
        template = folder / "template.spark"
        shutil.rmtree(template, ignore_errors=True)
        seconds, _ = run([*POKERSQL, "--db", str(template), "--engine", "spark", "migrate"])
        print(f"a Spark warehouse migrated (local[2], once, copied for each run): {seconds:.0f} s; {load()}", flush=True)

    runs = [("duckdb", "-")] + [("spark", master) for master in masters]
    results: dict[str, dict] = {}
    for engine, master in runs:
        name = engine if engine == "duckdb" else f"spark {master}"
        spark_template = template if engine == "spark" else None
        results[name] = measure(folder, text, engine, master, spark_template, allin=False, stats_only=args.stats_only)
        if args.allin_hands:
            results[name].update({k: v for k, v in measure(folder, allin_text, engine, master, spark_template, True).items()
                                  if k == "history_allin_ev"})
        print(f"{name}: done; {load()}", flush=True)

    steps = ["import", "stats"] if args.stats_only else [
        "open", "import", *VIEWS, "audit", *(["history_allin_ev"] if args.allin_hands else []), "stats"]
    names = list(results)
    print(f"\n| step | {' | '.join(names)} |\n|---|{'---:|' * len(names)}")
    for step in steps:
        print(f"| {step} | " + " | ".join(f"{results[n][step][0]:.1f} s" for n in names) + " |")
    for step in steps[2:]:
        if step != "stats":
            print(f"{step}: " + "; ".join(f"{n} {results[n][step][1]}" for n in names))
    stats = {n: results[n]["stats"][1] for n in names}
    print(f"stats: {stats[names[0]]['hands']:,} hands, {len(stats[names[0]]['players'])} players; "
          + ("the same JSON on every engine" if all(s == stats[names[0]] for s in stats.values()) else "JSON DIFFERS"))
    if len(masters) == 2:
        one, two = results[f"spark {masters[0]}"], results[f"spark {masters[1]}"]
        print(f"\nSpark, {masters[0]} -> {masters[1]} (the speed-up; 2.0 would be linear):")
        shown = [step for step in steps if step != "open"]
        for step in shown:
            print(f"  {step}: {one[step][0] / two[step][0]:.2f}x")
        project(shown, one, two, args.hands, args.allin_hands)
    wrong = [result["audit"][1] for result in results.values() if result.get("audit", (0, None))[1]]
    if any(s != stats[names[0]] for s in stats.values()):
        raise SystemExit("stats' JSON differs between the engines")
    print(f"{load()} at the end")
    if wrong:
        raise SystemExit(f"the audit returned hands: {wrong}")
    if args.keep is None:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
