"""Your own hands in batches on DuckDB (issue 22): main's code and this tree's side by side,
with phevaluator's Python loop, all in one run.

Figures, each the median of --reps runs (the machine may be shared: compare figures of one run
side by side, never against another run's; the load average is printed with each):

- evaluate_many over 1,000,000 random 5-, 6- and 7-card hands of canonical text, given as a
  Python list and as a pandas DataFrame (target >= 1,000,000 hands/s);
- ``pokersql --db BUILT eval --file hands.parquet`` over those hands as a whole process, in
  the default table format and with ``--format csv`` (target <= 3 s), stdout to /dev/null;
- ``db.evaluate(cards)``: the median of 500 calls after the first two (target <= 2 ms);
- phevaluator's loop over the same hands (``evaluate_cards(*text.split())``).

"before" runs main's code (a checkout given by --before, default /work/main, with its own
Python, default its .venv) in child processes; "after" this tree's, the same way. main's
batches are slow (about 40 s a million): --before-hands (default 200,000) of the hands,
scaled to the full count (a note says so). Every result is checked against phevaluator.
Nothing here asserts a timing: each target gets a verdict line.

    python bench/own_hands_fast.py                  # 3 runs of each
    python bench/own_hands_fast.py --reps 1 --hands 200000
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from own_hands_py import ROOT, load, random_hands  # bench/own_hands_py.py (puts ROOT on sys.path)

from pokersql.cards import CARD_NAMES

# A child: evaluate_many on the list and on a DataFrame of the first HANDS texts, and
# evaluate() per call; prints the seconds and the ranks' checksum as JSON.
CHILD = """
import json, statistics, sys, time
import pandas, pyarrow.parquet as pq, pokersql
database, parquet, hands = sys.argv[1], sys.argv[2], int(sys.argv[3])
texts = pq.read_table(parquet, columns=["cards"]).column("cards").to_pylist()[:hands]
frame = pandas.DataFrame({"hand_id": range(len(texts)), "cards": texts})
out = {}
with pokersql.connect(database) as db:
    started = time.perf_counter()
    ranks = db.evaluate_many(texts).arrow().column("hand_rank").to_pylist()
    out["list"] = time.perf_counter() - started
    started = time.perf_counter()
    framed = db.evaluate_many(frame).arrow()
    out["frame"] = time.perf_counter() - started
    assert framed.column("hand_rank").to_pylist() == ranks
    assert framed.column("hand_id").to_pylist() == list(range(len(texts)))
    db.evaluate(texts[0]); db.evaluate(texts[1])
    calls = []
    for text in texts[2:502]:
        started = time.perf_counter()
        db.evaluate(text)
        calls.append(time.perf_counter() - started)
    out["evaluate_ms"] = statistics.median(calls) * 1000
out["ranks"] = ranks
print(json.dumps(out))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--before-hands", type=int, default=200_000)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--before", default="/work/main", help="main's checkout")
    parser.add_argument("--before-python", default=None, help="its Python [default: BEFORE/.venv/bin/python]")
    options = parser.parse_args()
    before = Path(options.before)
    trees = {
        "before (main)": (before, options.before_python or str(before / ".venv" / "bin" / "python"), min(options.before_hands, options.hands)),
        "after (this tree)": (ROOT, sys.executable, options.hands),
    }
    import phevaluator
    import pyarrow as pa
    import pyarrow.parquet as pq

    print(f"pokersql own hands in batches, DuckDB; {os.cpu_count()} CPUs; load average {load()}")
    hands = random_hands(options.hands, seed=22)
    texts = [" ".join(CARD_NAMES[card] for card in hand) for hand in hands]
    expected = [phevaluator.evaluate_cards(*hand) for hand in hands]
    with tempfile.TemporaryDirectory() as folder:
        parquet = Path(folder) / "hands.parquet"
        pq.write_table(pa.table({"hand_id": list(range(options.hands)), "cards": texts}), parquet)
        databases = {}
        for name, (tree, python, _) in trees.items():
            databases[name] = str(Path(folder) / f"{name.split()[0]}.duckdb")
            code = f"import pokersql\nwith pokersql.connect({databases[name]!r}) as db: db.migrate()"
            subprocess.run([python, "-c", code], check=True, cwd=folder, env={**os.environ, "PYTHONPATH": str(tree)})
        figures: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
        for rep in range(options.reps):
            for name, (tree, python, count) in trees.items():
                env = {**os.environ, "PYTHONPATH": str(tree)}
                out = subprocess.run([python, "-c", CHILD, databases[name], str(parquet), str(count)],
                                     check=True, cwd=folder, env=env, capture_output=True, text=True).stdout
                result = json.loads(out)
                wrong = sum(a != b for a, b in zip(result.pop("ranks"), expected[:count]))
                assert wrong == 0, f"{name}: {wrong} hands disagree with phevaluator"
                scale = options.hands / count
                for key, value in result.items():
                    figures[name].setdefault(key, []).append(value * (scale if key != "evaluate_ms" else 1))
                for fmt in ("table", "csv"):
                    if count < options.hands:
                        continue  # the whole process over the whole file: see below
                    args = [python, "-m", "pokersql", "--db", databases[name], "eval", "--file", str(parquet)]
                    started = time.perf_counter()
                    subprocess.run(args + ["--format", fmt], check=True, cwd=folder, env=env, stdout=subprocess.DEVNULL)
                    figures[name].setdefault(f"eval --file ({fmt})", []).append(time.perf_counter() - started)
            started = time.perf_counter()
            [phevaluator.evaluate_cards(*text.split()) for text in texts]
            figures.setdefault("phevaluator loop", {}).setdefault("loop", []).append(time.perf_counter() - started)
            print(f"  run {rep + 1} of {options.reps} done; load average {load()}", flush=True)
        # main's eval --file over the whole file, once (about 150 s a million hands).
        tree, python, count = trees["before (main)"]
        if options.before_hands < options.hands:
            env = {**os.environ, "PYTHONPATH": str(tree)}
            args = [python, "-m", "pokersql", "--db", databases["before (main)"], "eval", "--file", str(parquet), "--format", "csv"]
            started = time.perf_counter()
            subprocess.run(args, check=True, cwd=folder, env=env, stdout=subprocess.DEVNULL)
            figures["before (main)"]["eval --file (csv)"] = [time.perf_counter() - started]

    print(f"{options.hands:,} random 5-7 card hands of canonical text (every result equal to phevaluator's); "
          f"medians of {options.reps} runs")
    for name, values in figures.items():
        note = ""
        if name == "before (main)" and trees[name][2] < options.hands:
            note = f"  (evaluate_many: first {trees[name][2]:,} hands, scaled; eval --file: 1 run)"
        print(f"  {name}{note}")
        for key, runs in values.items():
            median = statistics.median(runs)
            if key == "evaluate_ms":
                print(f"    {'evaluate() per call':28} {median:8.3f} ms")
            elif key.startswith("eval --file"):
                print(f"    {key:28} {median:8.2f} s whole process")
            else:
                label = {"list": "evaluate_many(list)", "frame": "evaluate_many(DataFrame)", "loop": "evaluate_cards over the list"}[key]
                print(f"    {label:28} {median:8.2f} s  {options.hands / median:12,.0f} hands/s")
    after = figures["after (this tree)"]
    for key, target, better in (("list", 1_000_000, "hands/s"), ("frame", 1_000_000, "hands/s")):
        rate = options.hands / statistics.median(after[key])
        print(f"  verdict: evaluate_many({key}) {rate:,.0f} hands/s (target >= {target:,}): {'met' if rate >= target else 'NOT met'}")
    for fmt in ("table", "csv"):
        seconds = statistics.median(after[f"eval --file ({fmt})"])
        print(f"  verdict: eval --file ({fmt}) {seconds:.2f} s (target <= 3 s): {'met' if seconds <= 3 else 'NOT met'}")
    ms = statistics.median(after["evaluate_ms"])
    print(f"  verdict: evaluate() {ms:.3f} ms a call (target <= 2 ms): {'met' if ms <= 2 else 'NOT met'}")
    print(f"load average at the end: {load()}")


if __name__ == "__main__":
    main()
