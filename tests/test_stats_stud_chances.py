"""Statistics a game does not have are NULL, never 0 (issue 66): stud's and razz's hands have no
street before the flop, so VPIP and PFR have no chance there. A razz player's VPIP and PFR are
blank, and a player's all-games figures count only the hands where they have a chance: one
hold'em hand (written here in PHH, under a razz player's name) decides them, whatever the razz
hands did. The stored statistics (066) and the view over every hand (065) agree."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import duckdb
import pytest

from pokersql.cli import main

RAZZ = Path(__file__).resolve().parent / "histories" / "fpdb" / "cash" / "Stars" / "Stud" / "Razz-USD-0.04-0.08-200911.txt"
# kobreli raises before the flop on the button, the blinds fold: VPIP and PFR 100% in hold'em
HOLDEM = """[1]
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.02, 0.04, 0]
min_bet = 0.04
starting_stacks = [2, 2, 2]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 0.12', 'p1 f', 'p2 f']
players = ['someone', 'other', 'kobreli']
winnings = [0, 0, 0.10]
currency = 'USD'
"""  # in dollars, as the razz hands: one money, whose figures are summed together (issue 66)


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def mixed_db(db_file: str, tmp_path_factory: pytest.TempPathFactory) -> str:
    phh = tmp_path_factory.mktemp("holdem") / "kobreli.phhs"
    phh.write_text(HOLDEM)
    status, _, err = _cli("--db", db_file, "import", str(RAZZ), str(phh))
    assert (status, err) == (0, "")
    return db_file


def _stats(db: str, *args: str) -> dict[str, dict]:
    status, out, err = _cli("--db", db, "stats", "--format", "json", *args)
    assert (status, err) == (0, "")
    return {row["player"]: row for row in json.loads(out)["players"]}


def test_razz_hands_have_no_vpip_or_pfr(mixed_db):
    with duckdb.connect(mixed_db, read_only=True) as con:
        razz = con.execute("select count(*), count(vpip), count(pfr) from history_hand_stats where game like 'Razz%'").fetchone()
        stored = con.execute("select count(*), count(vpip), count(pfr) from stored_hand_stats where game like 'Razz%'").fetchone()
        holdem = con.execute("select count(*), count(vpip), count(pfr) from stored_hand_stats where game like 'Hold%'").fetchone()
    assert razz[0] > 10 and razz[1:] == (0, 0)
    assert stored == razz
    assert holdem == (3, 3, 3)
    rows = _stats(mixed_db)
    only_razz = [row for player, row in rows.items() if player not in ("kobreli", "someone", "other")]
    assert only_razz and all(row["vpip"] is None and row["pfr"] is None for row in only_razz)


def test_all_games_figures_count_only_hands_with_a_chance(mixed_db):
    kobreli = _stats(mixed_db, "--player", "kobreli")["kobreli"]
    assert kobreli["hands"] > 2  # the razz hands are counted as hands
    assert (kobreli["vpip"], kobreli["pfr"]) == (100.0, 100.0)  # not pulled down by them
    assert _stats(mixed_db, "--player", "someone")["someone"]["vpip"] == 0.0
    with duckdb.connect(mixed_db, read_only=True) as con:
        view = con.execute("select vpip, pfr from history_player_stats where player = 'kobreli' and position = 'all'").fetchone()
    assert view == (100.0, 100.0)


def test_sqlite_gives_the_same_figures(mixed_db, built_database, tmp_path):
    lite = built_database("sqlite")
    phh = tmp_path / "kobreli.phhs"
    phh.write_text(HOLDEM)
    status, _, err = _cli("--db", lite, "--engine", "sqlite", "import", str(RAZZ), str(phh))
    assert (status, err) == (0, "")
    status, out, err = _cli("--db", lite, "--engine", "sqlite", "stats", "--format", "json")
    assert (status, err) == (0, "")
    sqlite_rows = {row["player"]: (row["hands"], row["vpip"], row["pfr"]) for row in json.loads(out)["players"]}
    assert sqlite_rows == {player: (row["hands"], row["vpip"], row["pfr"]) for player, row in _stats(mixed_db).items()}
    assert sqlite_rows["kobreli"][1:] == (100.0, 100.0)
