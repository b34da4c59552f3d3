"""``pokersql odds`` and ``arrange`` (issue 48: "every `odds` question answers in at most 10 s
on this machine", "`arrange` in at most 5 s").

Each figure is the median of ``--runs`` repetitions of the whole command, a new
``python -m pokersql`` process (interpreter start, imports and the query: what a user waits
for), wall time, on a built database (``pokersql build`` into a temporary folder, its time
printed, or the file given with ``--db``). The machine may be shared and noisy: the load
average is printed before each group; compare figures side by side, never against another
run's. Nothing here asserts a timing: each target gets a verdict line, 'met' or 'NOT met'.

The questions: every example of ``pokersql odds --help`` and the issue's (a pocket pair flops a
set, the board pairs by the river, suited cards flop a flush and a flush draw, an unpaired hand
pairs on the flop, ``QQ+,AKs`` to the river with ``--histogram``); then ``arrange``'s hands
(bench/chinese_arrange.py's).

Run from the repository root:

    python bench/odds.py                              # DuckDB, 3 runs
    python bench/odds.py --engine sqlite --runs 1 --only "88 flops a set"
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from chinese_arrange import HANDS, built  # this folder's: arrange's hands, a built database
from first_game_call import load, timed  # this folder's: the process timed whole, the load

ODDS_TARGET_S = 10.0
ARRANGE_TARGET_S = 5.0
QUESTIONS = {
    # pokersql odds --help's examples
    "QQ+,AKs flops a set or better": ["--hero", "QQ+,AKs", "--street", "flop", "set or better"],
    "AhKh flops a flush draw": ["--hero", "Ah Kh", "--street", "flop", "flush draw"],
    "88 to the river, histogram": ["--hero", "88", "--street", "river", "--histogram"],
    "six players, two dealt AA": ["--players", "6", "AA", "AA"],
    "Hollywood, five-card, six players": ["--game", "five-card", "--players", "6", "full house", "four of a kind", "royal flush"],
    "Hollywood, Hold'em, six players": ["--players", "6", "full house", "four of a kind", "royal flush"],
    # the issue's
    "88 flops a set": ["--hero", "88", "--street", "flop", "set"],
    "3c2d: two pair or better by the river": ["--hero", "3c 2d", "--street", "river", "two pair or better"],
    "AhKh flops a flush": ["--hero", "Ah Kh", "--street", "flop", "flush"],
    "suited cards flop a flush draw": ["--hero", "AxKx", "--street", "flop", "flush draw"],
    "AKo pairs on the flop": ["--hero", "AKo", "--street", "flop", "paired"],
    "QQ+,AKs to the river, histogram": ["--hero", "QQ+,AKs", "--street", "river", "--histogram"],
    "QQ+,AKs to the turn, histogram": ["--hero", "QQ+,AKs", "--street", "turn", "--histogram"],
    "every hand flops a gutshot": ["--hero", "random", "--street", "flop", "gutshot"],
}


def median_seconds(command: list[str], runs: int) -> float:
    return statistics.median(timed(command) for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="duckdb", choices=["duckdb", "sqlite", "postgres"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--db", metavar="PATH", help="a built database file (else one is built)")
    parser.add_argument("--only", action="append", help="a question's label (repeat for several); 'arrange' for arrange")
    options = parser.parse_args()
    base = [sys.executable, "-m", "pokersql", "--engine", options.engine]
    wanted = options.only or [*QUESTIONS, "arrange"]
    with tempfile.TemporaryDirectory(prefix="pokersql-odds-") as folder:
        path = built(options.engine, options.db, Path(folder))
        base += ["--db", str(path)]
        slowest = 0.0
        print(f"{options.engine}: odds, median of {options.runs} runs of the whole command; load {load()}")
        for label, question in QUESTIONS.items():
            if label in wanted:
                seconds = median_seconds([*base, "odds", *question], options.runs)
                slowest = max(slowest, seconds)
                print(f"  {label:<40} {seconds:7.2f} s   load {load()}")
        if slowest:
            verdict = "met" if slowest <= ODDS_TARGET_S else "NOT met"
            print(f"target: odds <= {ODDS_TARGET_S:g} s: {verdict} (slowest median {slowest:.2f} s)")
        if "arrange" in wanted:
            print(f"{options.engine}: arrange, median of {options.runs} runs of the whole command; load {load()}")
            slowest = 0.0
            for label, cards in HANDS.items():
                seconds = median_seconds([*base, "arrange", *cards.split()], options.runs)
                slowest = max(slowest, seconds)
                print(f"  {label:<40} {seconds:7.2f} s   load {load()}")
            verdict = "met" if slowest <= ARRANGE_TARGET_S else "NOT met"
            print(f"target: arrange <= {ARRANGE_TARGET_S:g} s: {verdict} (slowest median {slowest:.2f} s)")


if __name__ == "__main__":
    main()
