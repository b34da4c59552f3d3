"""`stats --game` and `report --game` take pokersql's short names (holdem, omaha8, stud, razz
...) as well as the site's names (issue 66): `stats --game holdem` printed an empty table
because the stored name is "Hold'em No Limit". Checked against the imported hands' own game
names, counted in Python: a short name keeps every limit of its game, a site's name only itself,
and a name no imported hand has gives an empty table and a note listing the games there are."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokersql import connect

FPDB = Path(__file__).resolve().parent / "histories" / "fpdb" / "cash"
FILES = [
    Path(__file__).resolve().parent / "histories" / "pluribus_30.txt",  # Hold'em No Limit
    FPDB / "Winamax" / "Flop" / "PLO8-6max-EUR-1.00-2.00-201611.txt",  # Omaha Hi/Lo Pot Limit
    FPDB / "Stars" / "Stud" / "7-Stud-USD-0.04-0.08-200911.txt",  # 7 Card Stud Limit
    FPDB / "Stars" / "Stud" / "Razz-USD-0.04-0.08-200911.txt",  # Razz Limit
]
# short name -> what the site's name starts with (the game less its limit)
SHORT = {"holdem": "Hold'em ", "omaha8": "Omaha Hi/Lo ", "stud": "7 Card Stud ", "razz": "Razz "}


@pytest.fixture(scope="module")
def imported(db_file):
    from pokersql.cli import main

    assert main(["--db", db_file, "-q", "import", "--skip-bad", *map(str, FILES)]) == 0
    with connect(db_file) as db:
        games = db.engine.execute("select game, count(*) from history_hands group by game")
    return db_file, {game: int(count) for game, count in games}


def _stats(run, *args):
    status, out, err = run("stats", *args, "--format", "json")
    assert status == 0, err
    return json.loads(out), err


@pytest.mark.parametrize("short", sorted(SHORT))
def test_a_short_name_keeps_every_limit_of_its_game(imported, run, short):
    _, games = imported
    expected = sum(count for game, count in games.items() if game.startswith(SHORT[short]))
    assert expected > 0, games
    result, err = _stats(run, "--game", short)
    assert result["hands"] == expected and err == ""
    upper, _ = _stats(run, "--game", short.upper())
    assert upper == result


def test_a_sites_name_keeps_itself(imported, run):
    _, games = imported
    for game, count in games.items():
        assert _stats(run, "--game", game)[0]["hands"] == count
        assert _stats(run, "--game", game.lower())[0]["hands"] == count


def test_a_game_no_hand_has_is_an_empty_table_and_a_note_naming_the_games_there(imported, run):
    result, err = _stats(run, "--game", "badugi")
    assert {key: result[key] for key in ("hands", "unknown_results", "players", "money")} == {"hands": 0, "unknown_results": 0, "players": [], "money": None}
    assert err.count("\n") == 1 and "'badugi'" in err and "holdem (Hold'em No Limit)" in err and "razz (Razz Limit)" in err


def test_report_takes_the_short_name_too(imported, run, tmp_path):
    status, out, err = run("report", "--game", "razz", "--to", str(tmp_path / "razz.html"), "--format", "json")
    assert status == 0, err
    said = json.loads(out)
    razz, _ = _stats(run, "--game", "razz", "--player", said["player"])
    assert said["hands"] == razz["players"][0]["hands"] > 0
    status, out, err = run("report", "--game", "badugi", "--to", str(tmp_path / "none.html"))
    assert status == 2 and "'badugi'" in err and "holdem (Hold'em No Limit)" in err and not (tmp_path / "none.html").exists()


def test_export_to_phh_takes_the_short_name_too(imported, run, tmp_path):
    _, games = imported
    status, out, err = run("export", "--to", str(tmp_path / "holdem.phhs"), "--game", "holdem", "--format", "json")
    assert status == 0, err
    assert json.loads(out)["hands"] == sum(count for game, count in games.items() if game.startswith("Hold'em "))
