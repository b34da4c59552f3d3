"""Cutting an iPoker XML file into its games (issue 63): ``ipoker.split_hands`` over files of
1,000, 6,000 and 24,000 games (the 41 games of a real file of tests/histories, each copied
under a new gamecode, in one ``<session>``), the wall and CPU seconds of the cutting alone (the
lines already read), and the games it gave. Each size stops after ``--limit`` seconds, saying
how many games it had cut by then.

    .venv/bin/python bench/ipoker_split.py [--games 1000 6000 24000] [--limit 300]

The tree measured is the one whose pokersql this imports (``PYTHONPATH=TREE``). The load
average is printed before and after. Nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # after PYTHONPATH: the tree it names is the one measured

import pokersql  # noqa: E402
from pokersql.histories import ipoker, lines_of  # noqa: E402

SAMPLE = ROOT / "tests" / "histories" / "fpdb" / "cash" / "iPoker" / "Flop" / "NLHE-USD-0.02-0.04-201111.txt"


def load() -> str:
    return "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def write_file(path: Path, games: int) -> None:
    """``games`` games of SAMPLE's session, each under a gamecode of its own."""
    text = SAMPLE.read_text(encoding="utf-8")
    first, last = text.index("<game "), text.rindex("</game>") + len("</game>")
    found = re.findall(r"<game .*?</game>", text[first:last], flags=re.DOTALL)
    with open(path, "w", encoding="utf-8") as out:
        out.write(text[:first])
        for number in range(games):
            game = found[number % len(found)]
            out.write(re.sub(r'gamecode="\d+"', f'gamecode="{9_000_000_000 + number}"', game, count=1) + "\n\t\t")
        out.write(text[last:])


def cut(path: Path, limit: float) -> tuple[int, float, float, bool]:
    """(games cut, wall seconds, CPU seconds, whether all were cut within ``limit``)."""
    with open(path, encoding="utf-8") as handle:
        lines = list(lines_of(handle, str(path)))
    wall, used = time.perf_counter(), time.process_time()
    games = 0
    for _ in ipoker.split_hands(iter(lines)):
        games += 1
        if time.perf_counter() - wall > limit:
            return games, time.perf_counter() - wall, time.process_time() - used, False
    return games, time.perf_counter() - wall, time.process_time() - used, True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1_000, 6_000, 24_000])
    parser.add_argument("--limit", type=float, default=300.0, help="seconds a size may take (default 300)")
    options = parser.parse_args()
    print(f"pokersql from {Path(pokersql.__file__).parent}")
    print(f"before: {load()}")
    with tempfile.TemporaryDirectory() as folder:
        for games in options.games:
            path = Path(folder) / f"ipoker_{games}.xml"
            write_file(path, games)
            done, wall, used, whole = cut(path, options.limit)
            size = path.stat().st_size / 1e6
            if whole:
                print(f"{games:>7,} games ({size:5.1f} MB): cut in {wall:7.2f} s wall, {used:7.2f} s CPU")
            else:
                print(f"{games:>7,} games ({size:5.1f} MB): not done in {options.limit:g} s ({done:,} games cut, {used:.2f} s CPU)")
            path.unlink()
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
