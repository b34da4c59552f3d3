"""Golden answers (issue 22): the JSON that a set of commands printed before the core was rebuilt,
on DuckDB and SQLite. tests/test_golden.py runs the same commands and wants the same bytes.

Record them again only on purpose, from a version whose answers are known good (every check in
the suite passing), and say so in the commit:

    .venv/bin/python -m tests.golden --record

The answers are pokersql's own, so they prove only that a change changed nothing; that they are
right is proven elsewhere (phevaluator, treys and the exact counts)."""

from __future__ import annotations

import argparse
import io
import json
import shutil
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

ANSWERS = Path(__file__).parent / "golden" / "answers.json"
ENGINES = ("duckdb", "sqlite")

# Each a command line (after --db), answered in JSON.
COMMANDS: list[list[str]] = [
    # Deals: the shuffle's hash chain, the ranking with kickers and places.
    ["deal", "--players", "4", "--seed", "2010"],
    ["deal", "--players", "10", "--seed", "7"],
    ["deal", "--players", "2", "--seed", "0"],
    ["simulate", "--deals", "500", "--players", "3", "--seed", "4"],
    # One hand: 5, 6 and 7 cards, the wheel, a straight flush, a full house from two trips.
    ["eval", "As", "Ks", "7d", "7c", "7h", "2s", "9c"],
    ["eval", "Ah", "2d", "3c", "4s", "5h"],
    ["eval", "5s", "4s", "3s", "2s", "As", "Kd"],
    ["eval", "9h", "9d", "9c", "4s", "4h", "4d", "Ac"],
    ["eval", "2c", "3d", "4h", "5s", "7c"],
    ["compare", "As Ad 2c 2d 5h", "Ks Kd Qc Qd Ah"],
    ["compare", "Ah Kh Qh Jh Th", "As Ks Qs Js Ts", "2c 3d 4h 5s 7c"],
    ["compare", "Ac Ad Kc Kd 9h", "Ah As Kh Ks 9c", "Qc Qd Jc Jd 9d"],
    ["freq"],
    # Exact equity: hands, three players, a turn, dead cards, a range; and the next street.
    ["equity", "AhKh", "QsQd", "--board", "2h7h9c"],
    ["equity", "AhKh", "QsQd", "7c8c", "--board", "2h7hQc"],
    ["equity", "AhAd", "KhKd", "--board", "2h7hKc5s"],
    ["equity", "AhKh", "QsQd", "--board", "2h7h9c", "--dead", "Th3s"],
    ["equity", "AhKh", "TT+,87s", "--board", "2c7d9h", "--exact"],
    ["equity", "AhAd", "KhKd", "--board", "2h 7h Kc", "--next-street"],
    ["equity", "AhAd", "KhKd", "--board", "2h 7h Kc 5s", "--next-street"],
    # Monte Carlo by seed.
    ["equity", "AhAd", "random", "--trials", "1000", "--seed", "7"],
    ["equity", "AhKh", "QQ+,AKs", "9c9d", "--trials", "500", "--seed", "11"],
    ["equity", "AhKh", "QsQd", "--trials", "300", "--seed", "3"],
    # The other games (recorded before issue 44 made a game data): evals, compares, deals,
    # simulations, frequencies, exact and Monte Carlo equity, the next street.
    ["eval", "--game", "omaha", "As", "Ks", "Qd", "Jd", "--board", "Ts 9s 2c 7h 8s"],
    ["eval", "--game", "omaha6", "As", "Ks", "Qd", "Jd", "2h", "2d", "--board", "2s 9s 2c 7h"],
    ["eval", "--game", "shortdeck", "Ah", "6c", "7d", "8s", "9h"],
    ["eval", "--game", "shortdeck-triton", "Ah", "Kh", "Qh", "Jh", "9h", "Ac", "Ad"],
    ["compare", "--game", "omaha", "Ah Kh Qd Jd", "Qs Qc 9d 8d", "--board", "2c 7d 9s Jh Th"],
    ["compare", "--game", "omaha5", "Ah Kh Qd Jd 2c", "Qs Qc 9d 8d 3c", "--board", "4c 7d 9s Jh Th"],
    ["compare", "--game", "shortdeck", "Ah Kh Qh Jh 9h 6c 6d", "As Ad Ac 7h 7d 8c 9c"],
    ["deal", "--players", "3", "--seed", "42", "--game", "omaha"],
    ["deal", "--players", "4", "--seed", "5", "--game", "shortdeck"],
    ["deal", "--players", "2", "--seed", "8", "--game", "omaha5"],
    ["simulate", "--game", "shortdeck", "--deals", "300", "--players", "4", "--seed", "1"],
    ["simulate", "--game", "omaha", "--deals", "200", "--players", "3", "--seed", "2"],
    ["freq", "--game", "shortdeck", "--cards", "5"],
    ["equity", "--game", "omaha", "Ah Ad Kc Qc", "Js Ts 9d 8d", "--board", "2h 7h Qd"],
    ["equity", "--game", "omaha", "Ah Ad Kc Qc", "Js Ts 9d 8d", "--board", "2h 7h Qd 3s"],
    ["equity", "--game", "shortdeck", "As Ks", "Qh Qd", "--board", "6c 7d 8s"],
    ["equity", "--game", "shortdeck", "As Ks", "random", "--trials", "1000", "--seed", "7"],
    ["equity", "--game", "omaha", "Ah Ad Kc Qc", "random", "--trials", "500", "--seed", "9"],
    ["equity", "--game", "omaha", "Ah Ad Kc Qc", "Js Ts 9d 8d", "--board", "2h 7h Qd", "--next-street"],
    # A showdown over a file of hands, Hold'em and Omaha.
    ["showdown", "--file", "tests/golden/showdown.csv"],
    ["showdown", "--game", "omaha", "--file", "tests/golden/showdown_omaha.csv"],
]

# The imported hands of tests/histories (PokerStars text and PHH), and what history says of them.
HISTORY_FILES = ("pluribus_30.txt", "pluribus_31.txt", "handhq_abs_sample.phhs")
HISTORY_COMMANDS: list[list[str]] = [["history"], ["query", "select * from history_allin_ev order by hand_id, seat"]]

# A preflop lookup: preflop_matchups holds AhAd v KhKd (DuckDB's enumeration of every board:
# 1,712,304 boards, AhAd wins 1,388,072, ties 6,538), and heads-up preflop equity reads it.
PREFLOP_COMMAND = ["equity", "AhAd", "KhKd"]
WINS, TIES, LOSSES = 1_388_072, 6_538, 1_712_304 - 1_388_072 - 6_538


def key(command: list[str]) -> str:
    return " ".join(command)


def with_preflop_rows(source: str, engine: str, folder: Path) -> str:
    """A copy of the built database with the two preflop rows in it."""
    import pokersql
    from pokersql.cards import parse_cards

    aces, kings = (sorted(parse_cards(hand), reverse=True) for hand in PREFLOP_COMMAND[1:])
    rows = [(*aces, *kings, WINS, TIES, LOSSES), (*kings, *aces, LOSSES, TIES, WINS)]
    target = folder / f"preflop.{engine}"
    shutil.copyfile(source, target)
    with pokersql.connect(str(target), engine=engine) as database:
        with database.engine.transaction():
            database.engine.executemany("insert into preflop_matchups values (?, ?, ?, ?, ?, ?, ?)", rows)
    return str(target)


def with_histories(source: str, engine: str, folder: Path) -> str:
    """A copy of the built database with HISTORY_FILES imported."""
    target = folder / f"histories.{engine}"
    shutil.copyfile(source, target)
    answer(str(target), engine, ["import", *(str(Path(__file__).parent / "histories" / name) for name in HISTORY_FILES)])
    return str(target)


def answer(path: str, engine: str, command: list[str]) -> str:
    from pokersql.cli import main

    out, err = io.StringIO(), io.StringIO()
    here = Path(__file__).resolve().parents[1]  # a file named "tests/..." is read from the checkout
    command = [str(here / word) if word.startswith("tests/") else word for word in command]
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["--engine", engine, "--db", path, "-q", *command, "--format", "json"])
    assert status == 0, f"{key(command)} on {engine}: exit {status}: {err.getvalue()}"
    return out.getvalue()


def answers(built: dict[str, str], preflop: dict[str, str]) -> dict[str, dict[str, str]]:
    got: dict[str, dict[str, str]] = {}
    for engine in ENGINES:
        got[engine] = {key(command): answer(built[engine], engine, command) for command in COMMANDS}
        got[engine]["preflop: " + key(PREFLOP_COMMAND)] = answer(preflop[engine], engine, PREFLOP_COMMAND)
        histories = with_histories(built[engine], engine, Path(preflop[engine]).parent)
        for command in HISTORY_COMMANDS:
            got[engine]["histories: " + key(command)] = answer(histories, engine, command)
    return got


def record() -> None:
    import pokersql

    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        built, preflop = {}, {}
        for engine in ENGINES:
            built[engine] = str(folder / f"poker.{engine}")
            with pokersql.connect(built[engine], engine=engine) as database:
                database.migrate()
            preflop[engine] = with_preflop_rows(built[engine], engine, folder)
        got = answers(built, preflop)
    ANSWERS.parent.mkdir(exist_ok=True)
    ANSWERS.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{ANSWERS}: {sum(map(len, got.values()))} answers")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", required=True)
    parser.parse_args()
    record()
