"""Import every file of the fpdb corpus (tests/histories/fpdb) one at a time through the CLI into
one fresh DuckDB database, and count the files imported whole per site, the refusals grouped by
their one line (the file's name and line number taken out).

    .venv/bin/python bench/corpus_imports.py [--db PATH] [--list]

A refused file leaves the database as it was, so one database serves every file; a hand held
already (the same hand in two files) is counted by the import, not refused.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from pokersql.cli import main as cli

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "histories" / "fpdb"
NOT_HANDS = (".hp", ".hands", ".gt", ".md")


def files() -> list[Path]:
    return sorted(path for path in CORPUS.glob("*/*/*/*") if path.is_file() and not path.name.endswith(NOT_HANDS))


def run(db: str, path: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli(["--db", db, "import", str(path)])
    return status, err.getvalue().strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="the DuckDB file (default: a new one in a temporary folder)")
    parser.add_argument("--list", action="store_true", help="name each refused file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or str(Path(folder) / "corpus.duckdb")
        whole, total, groups = Counter(), Counter(), defaultdict(list)
        for path in files():
            site = path.parent.parent.name
            total[site] += 1
            status, err = run(db, path)
            if status == 0:
                whole[site] += 1
                continue
            reason = re.sub(r"^pokersql: error: .*?(:\d+)?: ", "", err.replace(str(path), "FILE"))
            reason = re.sub(r" \(--skip-bad imports the other hands\)$", "", reason)
            groups[f"exit {status}: " + re.sub(r"\d[\d.,e+]*", "N", reason)[:110]].append(path.relative_to(CORPUS))
    for site in sorted(total):
        print(f"{site:12} {whole[site]:3} of {total[site]:3} whole")
    print(f"{'all':12} {sum(whole.values()):3} of {sum(total.values()):3} whole")
    for reason, names in sorted(groups.items(), key=lambda item: -len(item[1])):
        print(f"{len(names):3}  {reason}")
        if args.list:
            for name in names:
                print(f"       {name}")


if __name__ == "__main__":
    main()
