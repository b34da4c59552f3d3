"""`pokersql sql --recipe NAME --dialect D` (issue 21): the recipes printed from the installed
package, run by the real sqlite3 and duckdb shells, checked against phevaluator; garbage seats
and hands get no rank."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from phevaluator import evaluate_cards

from pokersql.cards import CARD_NAMES
from tests.test_own_hands import category_of, check_showdown, random_hands, random_showdowns
from tests.test_shell import find_duckdb_shell

GARBAGE_SEATS = [("Ah Xx", "unknown card"), ("Ah Ah", "duplicate card 'Ah'"), ("Ah Kh Qh", "a hand needs 5, 6 or 7 cards, got 8")]


def printed(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pokersql", "sql", *args], capture_output=True, text=True, timeout=120
    )


def shell(dialect: str) -> list[str]:
    program = shutil.which("sqlite3") if dialect == "sqlite" else find_duckdb_shell()
    assert program, f"the {dialect} shell is needed (apt-get install sqlite3; pip install duckdb-cli)"
    return [program, "-bail", "-readonly"] + (["-noheader"] if dialect == "duckdb" else [])


def run_printed_recipe(dialect: str, database: str, setup: str, recipe: str) -> list[list[str]]:
    """The recipe as `pokersql sql --recipe` prints it, piped after SETUP into the dialect's
    shell on DATABASE opened read-only; each row's fields as text."""
    out = printed("--recipe", recipe, "--dialect", dialect)
    assert out.returncode == 0 and not out.stderr, out.stderr
    completed = subprocess.run(
        [*shell(dialect), database],
        input=setup + ".mode list\n.separator |\n.nullvalue ''\n" + out.stdout,
        capture_output=True, text=True, timeout=600,
    )
    assert completed.returncode == 0 and not completed.stderr, completed.stderr
    return [line.split("|") for line in completed.stdout.splitlines()]


@pytest.mark.parametrize("dialect", ["sqlite", "duckdb"])
def test_printed_showdown_recipe_in_the_real_shell_against_phevaluator(dialect, built_database):
    rows = random_showdowns(10_000, seed=23)
    bad_hand = max(row[0] for row in rows) + 1
    values = [f"({h}, {s}, '{hole}', '{board}')" for h, s, hole, board in rows]
    values += [f"({bad_hand}, {i + 1}, '{hole}', '2c 7d 9s Jh Th')" for i, (hole, _) in enumerate(GARBAGE_SEATS)]
    setup = (
        "create temp table hand_history (hand_id integer, seat integer, hole text, board text);\n"
        f"insert into hand_history values {', '.join(values)};\n"
    )
    got = run_printed_recipe(dialect, built_database(dialect), setup, "showdown")
    good = [tuple(None if field == "" else field for field in row) for row in got if int(row[0]) != bad_hand]
    check_showdown(rows, good)
    bad = [row for row in got if int(row[0]) == bad_hand]
    assert len(bad) == len(GARBAGE_SEATS)
    for row, (_, reason) in zip(bad, GARBAGE_SEATS):
        assert row[4:9] == ["", "", "", "", ""] and row[9].startswith(reason), row


@pytest.mark.parametrize("dialect", ["sqlite", "duckdb"])
def test_printed_hand_ranks_recipe_in_the_real_shell_against_phevaluator(dialect, built_database):
    hands = random_hands(5_000, seed=24)
    texts = [" ".join(CARD_NAMES[card] for card in cards) for cards in hands]
    garbage = ["Ah Ah Kh Qh Jh", "Th 10h Ah Kh Qh", "Ah A♥ Kh Qh Jh", "Xx Ah Kh Qh Jh Th", "As Ks Qs Js"]
    values = ", ".join(f"({i}, '{text}')" for i, text in enumerate(texts + garbage))
    setup = f"create temp table my_hands (hand_id integer, cards text);\ninsert into my_hands values {values};\n"
    got = run_printed_recipe(dialect, built_database(dialect), setup, "hand_ranks")
    assert [int(row[0]) for row in got] == list(range(len(texts) + len(garbage)))
    for cards, (_, count, rank, points, category, problem) in zip(hands, got):
        expected = evaluate_cards(*cards)
        assert (int(count), int(rank), category, problem) == (len(cards), expected, category_of(expected), "")
    for text, (_, count, rank, points, category, problem) in zip(garbage, got[len(texts):]):
        assert (count, rank, points, category) == ("", "", "", "") and problem, text
        if "Xx" not in text:
            assert problem == ("a hand needs 5, 6 or 7 cards, got 4" if text.count(" ") == 3 else "duplicate card '"
                               + {"A": "Ah", "T": "Th"}[text[0]] + "'"), (text, problem)


def test_unknown_recipe_exits_2_naming_the_recipes():
    out = printed("--recipe", "nope")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "pokersql: error: unknown recipe 'nope': choose hand_ranks, showdown\n"


def test_recipe_not_written_for_the_dialect_exits_2():
    out = printed("--recipe", "showdown", "--dialect", "postgres")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "pokersql: error: recipe 'showdown' is written for duckdb, sqlite, not postgres\n"


def test_printed_recipe_is_the_packaged_file_with_its_macros_written_in():
    """DuckDB gets the file as it is. SQLite gets its comment, then its query with every call of
    a table macro of the SQL files (011's lookups) replaced by the macro's query: none is left."""
    from pokersql import migrations, shell_sql
    from pokersql.transpile import table_macros

    names = table_macros(f.text for f in migrations.sql_files() if f.runs_on("sqlite"))
    assert {"card_sum_ranks", "hand_evaluations_of"} <= set(names)
    for name, by_dialect in shell_sql.recipes().items():
        for dialect, path in by_dialect.items():
            text = path.read_text(encoding="utf-8")
            out = printed("--recipe", name, "--dialect", dialect).stdout
            if dialect == "duckdb":
                assert out == text
                continue
            header = text[: text.index("*/") + 2]
            assert out.startswith(header + "\n") and out.endswith(";\n")
            calls = [macro for macro in names if f"{macro}(" in text.lower()]
            assert calls, f"{path.name} reads no macro of the SQL files"
            assert not [macro for macro in names if f"{macro}(" in out[len(header):].lower()], out
