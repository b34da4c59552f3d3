"""The SQL files in the real DuckDB shell: no Python in between.

    cat $(cat sql/run_order.txt) | duckdb poker.duckdb

must build the same tables the library builds, the CLI must then work on that file,
and a database file the library wrote must open in that shell (the Python package may be newer than the shell;
pokersql writes files in a storage format the shell reads).
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import pokersql
from pokersql import migrations
from pokersql.cli import main

# One xdist group: the module's tests on one worker, one after the other, so that shell_built
# (a build in the shell) is made once a run (spread over the workers, it was made three times).
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("shell")]


def find_duckdb_shell() -> str | None:
    beside_python = Path(sys.executable).parent / "duckdb"
    if beside_python.is_file():
        return str(beside_python)
    return shutil.which("duckdb")


@pytest.fixture(scope="module")
def duckdb_shell() -> str:
    """The test extra's duckdb-cli: missing, the tests fail, never skip."""
    shell = find_duckdb_shell()
    assert shell is not None, "no duckdb shell beside the Python executable or on PATH (pip install duckdb-cli)"
    return shell


def run_shell(shell: str, database: Path, sql: str, read_only: bool = False) -> str:
    """Run SQL through the shell's standard input; CSV out, no header. Fails on any error."""
    options = ["-bail", "-csv", "-noheader"] + (["-readonly"] if read_only else [])
    completed = subprocess.run(
        [shell, *options, str(database)],
        input=sql.encode("utf-8"),
        capture_output=True,
        timeout=600,
    )
    stderr = completed.stderr.decode("utf-8", "replace")
    assert completed.returncode == 0, f"duckdb shell exited {completed.returncode}: {stderr}"
    assert "Error" not in stderr, stderr
    return completed.stdout.decode("utf-8")


def csv_rows(text: str) -> list[tuple[int, ...]]:
    return [tuple(int(x) for x in line.split(",")) for line in text.splitlines() if line.strip()]


CHECKS = (
    "select count(*), sum(hand_rank) from hands;\n"
    "select points, count(*) from hands group by points order by points;\n"
)


@pytest.fixture(scope="module")
def shell_built(duckdb_shell: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database file built by piping every SQL file, unchanged, into the shell."""
    database = tmp_path_factory.mktemp("shell") / "poker.duckdb"
    # the README's command, by a real shell's glob, from the folder that holds sql/
    listed = subprocess.run(["sh", "-c", "ls $(cat sql/run_order.txt)"], cwd=migrations.sql_directory().parent, capture_output=True, text=True, check=True)
    assert len(listed.stdout.split()) == len(migrations.sql_files())  # every path it lists is there
    assert (migrations.sql_directory() / "run_order.txt").read_text(encoding="utf-8").split() == [f"sql/{f.path}" for f in migrations.sql_files()]
    completed = subprocess.run(
        ["sh", "-c", 'cat $(cat sql/run_order.txt) | "$0" -bail "$1"', duckdb_shell, str(database)],
        cwd=migrations.sql_directory().parent,
        capture_output=True,
        timeout=900,
        check=False,
    )
    stderr = completed.stderr.decode("utf-8", "replace")
    assert completed.returncode == 0, f"duckdb shell exited {completed.returncode}: {stderr}"
    assert "Error" not in stderr, stderr
    return database


def test_shell_builds_the_same_hands(duckdb_shell, shell_built, db, five_card_reference):
    output = run_shell(duckdb_shell, shell_built, CHECKS, read_only=True)
    rows = csv_rows(output)
    total, categories = rows[0], rows[1:]

    library_total = db.engine.execute("select count(*), sum(hand_rank) from hands")[0]
    library_categories = db.engine.execute("select points, count(*) from hands group by points order by points")
    assert total == tuple(library_total)
    assert categories == [tuple(row) for row in library_categories]
    # and both are the exact counts
    assert total[0] == five_card_reference["total"]
    assert dict(categories) == {p: c["count"] for p, c in five_card_reference["categories"].items()}


def test_shell_built_deal_matches_library(duckdb_shell, shell_built, db):
    sql = (
        "begin transaction;\n"
        "update deal_settings set seed = 424242, players = 6, deals = 3;\n"
        "select deal_no, deck_position, card_id from shuffle_and_deal order by deal_no, deck_position;\n"
        "rollback;\n"
    )
    shell_rows = csv_rows(run_shell(duckdb_shell, shell_built, sql))
    with db.engine.scratch():
        db.engine.execute("update deal_settings set seed = 424242, players = 6, deals = 3")
        library_rows = db.engine.execute(
            "select deal_no, deck_position, card_id from shuffle_and_deal order by deal_no, deck_position"
        )
    assert shell_rows == [tuple(row) for row in library_rows]


def test_the_cli_works_on_a_shell_built_database(shell_built, tmp_path, db, capsys):
    """The README's two steps: `cat $(cat sql/run_order.txt) | duckdb poker.duckdb`, then `pokersql --db poker.duckdb deal`."""
    copy = tmp_path / "poker.duckdb"
    shutil.copyfile(shell_built, copy)
    status = main(["--db", str(copy), "deal", "--players", "4", "--seed", "2010", "--format", "json"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert json.loads(captured.out) == db.deal(players=4, seed=2010).to_dict()
    # adopted: the tables recorded as a baseline, nothing left to apply
    with pokersql.connect(str(copy)) as adopted:
        assert adopted.migrate() == []
        kinds = adopted.engine.execute("select distinct type from schema_history order by type")
        assert kinds == [("baseline",), ("repeatable",)]


def test_library_file_opens_in_the_shell(duckdb_shell, built_database, five_card_reference):
    database = built_database("duckdb")  # a file pokersql wrote
    output = run_shell(
        duckdb_shell,
        database,
        "select count(*) from hands;\nselect count(*) from schema_history where success;\n",
        read_only=True,
    )
    assert csv_rows(output) == [(five_card_reference["total"],), (len(migrations.sql_files()),)]


README = Path(__file__).resolve().parents[1] / "README.md"


def readme_shell_session() -> tuple[list[str], list[tuple[str, ...]]]:
    """The README's session in the shell ("The SQL, in a shell"): its statements (``D `` lines
    and their ``‣`` continuations) and the rows of the table it shows."""
    text = README.read_text(encoding="utf-8").split("## The SQL, in a shell", 1)[1].split("```console", 1)[1].split("```", 1)[0]
    statements: list[str] = []
    for line in text.splitlines():
        if line.startswith("D "):
            statements.append(line[2:])
        elif line.startswith("‣ "):
            statements[-1] += "\n" + line[2:]
    rows = [tuple(cell.strip() for cell in line.strip("│").split("│")) for line in text.splitlines() if line.startswith("│")]
    return statements, [row for row in rows if row[0].isdigit()]


def test_a_file_pokersql_built_answers_the_readmes_shell_query_in_the_shell(duckdb_shell, built_database):
    """A file that the library (the Python duckdb, 2.x) built and migrated, opened in the shell of
    the test extra's duckdb-cli (1.5): the README's own statements, the macros hand_rank,
    hand_category and best_five over a temporary table, answer as the README shows, as
    phevaluator ranks, and as pokersql's own evaluate does; on 500 seeded hands more too."""
    from phevaluator import evaluate_cards

    from pokersql.cards import CARD_NAMES

    database = built_database("duckdb")
    statements, shown = readme_shell_session()
    assert len(statements) == 2 and "create temp table my_hands" in statements[0] and shown, statements
    generator = random.Random(43)
    more = [" ".join(CARD_NAMES[c] for c in generator.sample(range(52), generator.choice((5, 6, 7)))) for _ in range(500)]
    extra = ", ".join(f"({100 + i}, '{cards}')" for i, cards in enumerate(more))
    sql = f"{statements[0]}\ninsert into my_hands values {extra};\n{statements[1]}\n"
    answered = [tuple(line.split(",")) for line in run_shell(duckdb_shell, database, sql, read_only=True).splitlines()]
    assert answered[: len(shown)] == shown  # the README's rows, as it shows them
    given = dict(re.findall(r"\((\d+), '([^']*)'\)", statements[0])) | {str(100 + i): cards for i, cards in enumerate(more)}
    assert [row[0] for row in answered] == sorted(given, key=int)
    with pokersql.connect(database) as db:
        for hand_id, rank, category, best in answered:
            cards = given[hand_id].split()
            ours = db.evaluate(cards)
            assert (int(rank), category) == (evaluate_cards(*cards), ours.category) and ours.hand_rank == int(rank), hand_id
            assert best.split() == ours.best and evaluate_cards(*best.split()) == int(rank), hand_id


def test_shell_macros_on_a_users_table_and_the_showdown_recipe(duckdb_shell, shell_built):
    """The 027 macros in the real shell, on a user's table whose column is named `cards` (as the
    table the macros read: the argument must not be taken for it), and the showdown recipe;
    checked against phevaluator."""
    from phevaluator import evaluate_cards

    from pokersql.cards import CARD_NAMES

    generator = random.Random(19)
    hands = [generator.sample(range(52), generator.choice((5, 6, 7))) for _ in range(2_000)]
    values = ", ".join(f"({i}, '{' '.join(CARD_NAMES[c] for c in hand)}')" for i, hand in enumerate(hands))
    sql = (
        f"create temp table my_hands as select * from (values {values}) as t(hand_id, cards);\n"
        "select hand_id, hand_rank(cards), best_five(cards) from my_hands order by hand_id;\n"
    )
    rows = [line.split(",") for line in run_shell(duckdb_shell, shell_built, sql, read_only=True).splitlines()]
    assert [int(row[0]) for row in rows] == list(range(len(hands)))
    for (_, rank, best), hand in zip(rows, hands):
        assert int(rank) == evaluate_cards(*hand)
        assert set(best.split()) <= {CARD_NAMES[c] for c in hand} and evaluate_cards(*best.split()) == int(rank)
    history = (
        "create temp table hand_history as select * from (values"
        " (1, 1, 'Ah Kh', '2c 7d 9s Jh Th'), (1, 2, 'Qs Qd', '2c 7d 9s Jh Th'),"
        " (2, 1, 'As 2d', 'Kc Qc Jd Td 9h'), (2, 2, 'Ad 3c', 'Kc Qc Jd Td 9h'), (2, 3, '5s 5h', 'Kc Qc Jd Td 9h'))"
        " as t(hand_id, seat, hole, board);\n"
        + (migrations.sql_directory() / "recipes" / "showdown.duckdb.sql").read_text(encoding="utf-8")
    )
    showdown = [line.split(",") for line in run_shell(duckdb_shell, shell_built, history, read_only=True).splitlines()]
    results = {(int(row[0]), int(row[1])): row[8] for row in showdown}
    assert results == {(1, 1): "loses", (1, 2): "wins", (2, 1): "splits", (2, 2): "splits", (2, 3): "loses"}
