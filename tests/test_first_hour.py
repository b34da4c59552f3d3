"""A newcomer's first hour (issue 49): answers that do not change from run to run.

A default Monte Carlo (no --seed) is seeded from the question, so one command prints one
answer, in every process (Python's hash() is salted per process: the runs here set different
PYTHONHASHSEEDs) and as docs/ranges.md shows it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from doc_sessions import ROOT, Session, clean, run, sessions  # tests/doc_sessions.py
from pokersql.cards import parse_cards
from pokersql.ranges import question_seed

QUESTION = ["equity", "AhAd", "QQ+,AKs"]
# The seed of QUESTION: pinned, so that no change of the hashing moves every documented answer.
QUESTION_SEED = 91512318


def pokersql(db_file: str, *args: str, hash_seed: str = "0") -> subprocess.CompletedProcess:
    environment = {**os.environ, "NO_COLOR": "1", "PYTHONHASHSEED": hash_seed}
    return subprocess.run(
        [sys.executable, "-m", "pokersql", "--quiet", "--db", db_file, *args], capture_output=True, text=True, env=environment, timeout=300
    )


def test_the_question_seed_is_pinned():
    assert question_seed("holdem", [sorted(parse_cards("AhAd")), "qq+,aks"], [], [], 100_000) == QUESTION_SEED
    # each part of the question moves it
    others = {
        question_seed("holdem", [sorted(parse_cards("AhAd")), "qq+,aks"], [], [], 100_001),
        question_seed("holdem", [sorted(parse_cards("AhAd")), "qq+,aks"], parse_cards("2c 7d Kc"), [], 100_000),
        question_seed("holdem", [sorted(parse_cards("AhAd")), "qq+,aks"], [], parse_cards("2c"), 100_000),
        question_seed("holdem", [sorted(parse_cards("AhAs")), "qq+,aks"], [], [], 100_000),
        question_seed("shortdeck", [sorted(parse_cards("AhAd")), "qq+,aks"], [], [], 100_000),
    }
    assert QUESTION_SEED not in others and len(others) == 5


def test_a_default_monte_carlo_prints_the_same_answer_in_every_process(db_file):
    first = pokersql(db_file, *QUESTION, hash_seed="1")
    second = pokersql(db_file, *QUESTION, hash_seed="2")
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    assert first.stdout == second.stdout
    title = first.stdout.splitlines()[0]
    assert title == f"Equity (Monte Carlo, 100,000 runouts, seed {QUESTION_SEED} from the question)"
    # the same hands typed otherwise are the same question
    assert pokersql(db_file, "equity", "Ah Ad", "QQ+, AKs").stdout == first.stdout


def test_the_json_gives_the_seed_and_no_other_key(db_file):
    done = pokersql(db_file, *QUESTION, "--format", "json")
    data = json.loads(done.stdout)
    assert list(data) == ["exact", "boards", "deals", "seed", "players"]
    assert data["seed"] == QUESTION_SEED and data["exact"] is False
    again = json.loads(pokersql(db_file, *QUESTION, "--format", "json", hash_seed="3").stdout)
    assert again == data


def test_a_seed_given_wins(db_file):
    done = pokersql(db_file, *QUESTION, "--seed", "5")
    assert done.stdout.splitlines()[0] == "Equity (Monte Carlo, 100,000 runouts, seed 5)"
    assert done.stdout != pokersql(db_file, *QUESTION).stdout


def test_another_games_monte_carlo_is_seeded_from_its_question(db_file):
    question = ["equity", "--game", "shortdeck", "As Ks", "random", "--board", "6c 7c 8h", "--trials", "5000"]
    first, second = pokersql(db_file, *question, hash_seed="1"), pokersql(db_file, *question, hash_seed="2")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    seed = question_seed("shortdeck", [sorted(parse_cards("As Ks")), "random"], parse_cards("6c 7c 8h"), [], 5000)
    assert first.stdout.splitlines()[0] == f"Equity (Monte Carlo, 5,000 runouts, seed {seed} from the question)"


def documented(page: str, command: str) -> tuple[Session, list[str]]:
    """The console session of docs/PAGE with the step `$ COMMAND`, cut to that step, and its output."""
    for session in sessions(ROOT / "docs" / page):
        for kind, step, statements in session.steps:
            if step.text == command:
                return Session(session.page, session.line, session.end, None, [(kind, step, statements)]), step.output
    raise AssertionError(f"docs/{page} shows no `$ {command}`")


@pytest.mark.parametrize("command", ['pokersql equity AhAd "QQ+,AKs"'])
def test_ranges_md_shows_what_the_default_prints(command, db_file, tmp_path):
    session, output = documented("ranges.md", command)
    shutil.copyfile(db_file, tmp_path / "pokersql.duckdb")
    [(_, printed, stderr, status)] = run(session, tmp_path)
    assert status == 0, stderr
    assert clean(printed) == clean("\n".join(output))


def test_a_long_title_stays_on_one_line(db_file):
    """rich wraps a table's title to the table's width: the title is one line, however narrow the table."""
    done = pokersql(db_file, "equity", "AhAd", "KhKd", "--trials", "1000", "--seed", "4611686018427387904")
    assert done.stdout.splitlines()[0] == "Equity (Monte Carlo, 1,000 runouts, seed 4611686018427387904)"
    assert done.stdout.splitlines()[1].startswith("┏")

