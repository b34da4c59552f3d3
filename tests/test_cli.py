"""The command line: exit statuses, one-line errors, the JSON shapes of the contract."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from pokersql.cli import main


def run_json(run, *args):
    status, out, err = run(*args, "--format", "json")
    assert status == 0, err
    return json.loads(out)


def test_eval_json_shape(run):
    data = run_json(run, "eval", "Ah", "Kh", "Qh", "Jh", "Th")
    assert data["cards"] == ["Ah", "Kh", "Qh", "Jh", "Th"]
    assert sorted(data["best"]) == sorted(data["cards"])
    assert (data["points"], data["category"], data["hand_rank"]) == (9, "Royal Flush", 1)


def test_eval_accepts_the_contract_notations(run):
    spaced = run_json(run, "eval", "As 10d 10c 4h 4d")
    together = run_json(run, "eval", "AsTdTc4h4d")
    symbols = run_json(run, "eval", "A♠,10♦,10♣,4♥,4♦")
    assert spaced["cards"] == together["cards"] == symbols["cards"] == ["As", "Td", "Tc", "4h", "4d"]
    assert spaced["category"] == "Two Pair"


def test_deal_json_shape_and_reproducibility(run):
    first = run_json(run, "deal", "--players", "3", "--seed", "7")
    again = run_json(run, "deal", "--players", "3", "--seed", "7")
    assert first == again
    assert first["seed"] == 7
    assert [p["player"] for p in first["players"]] == [1, 2, 3]
    cards = [c for p in first["players"] for c in p["cards"]]
    assert len(cards) == 15 and len(set(cards)) == 15
    for player in first["players"]:
        assert set(player) >= {"player", "cards", "points", "category", "hand_rank", "place"}
    best = min(p["hand_rank"] for p in first["players"])
    assert first["winners"] == [p["player"] for p in first["players"] if p["hand_rank"] == best]
    assert all(p["place"] == 1 for p in first["players"] if p["player"] in first["winners"])


def test_compare_json_and_split_pot(run):
    data = run_json(run, "compare", "Ah Kd Qc Jh 9s", "As Kc Qd Js 9h", "2c 3d 4h 5s 7c")
    assert data["winners"] == [1, 2]
    assert [h["place"] for h in data["hands"]] == [1, 1, 3]
    assert data["hands"][0]["hand_rank"] == data["hands"][1]["hand_rank"]
    assert set(data["hands"][0]) >= {"cards", "best", "points", "category", "hand_rank", "place"}


def test_compare_table_marks_the_split(run):
    status, out, _ = run("compare", "Ah Kd Qc Jh 9s", "As Kc Qd Js 9h")
    assert status == 0
    assert out.count("splits the pot") == 2


def test_freq_json_matches_expected(run):
    data = run_json(run, "freq")
    assert data["cards"] == 5 and data["total"] == 2598960 and data["distinct_ranks"] == 7462
    assert [c["points"] for c in data["categories"]] == list(range(9, -1, -1))
    assert all(c["count"] == c["expected"] for c in data["categories"])


def test_simulate_json_shape(run):
    data = run_json(run, "simulate", "--deals", "2000", "--players", "2", "--seed", "3")
    assert (data["deals"], data["players"], data["seed"], data["hands"]) == (2000, 2, 3, 4000)
    assert sum(c["count"] for c in data["categories"]) == 4000
    assert abs(sum(c["expected_probability"] for c in data["categories"]) - 1) < 1e-12
    assert {"points", "category", "count", "expected_probability", "z"} <= set(data["categories"][0])


def test_query_csv(run):
    status, out, _ = run("query", "select points, count(*) as n from hands group by points order by points", "--format", "csv")
    assert status == 0
    lines = out.strip().splitlines()
    assert lines[0] == "points,n"
    assert lines[1] == "0,1302540"


@pytest.mark.parametrize(
    ("args", "status", "needle"),
    [
        (["eval", "1x", "2d", "3c", "4s", "5h"], 2, "'1x'"),
        (["eval", "Zz", "2d", "3c", "4s", "5h"], 2, "'Zz'"),
        (["eval", "Ah", "Ah", "3c", "4s", "5h"], 2, "duplicate card 'Ah'"),
        (["eval", "Ah", "3c", "4s", "5h"], 2, "5, 6 or 7 cards, got 4"),
        (["eval", "Ah", "Kd", "3c", "4s", "5h", "6h", "7h", "8h"], 2, "5, 6 or 7 cards, got 8"),
        (["compare", "Ah Kd 3c 4s 5h", "Ah 2c 3d 4d 5d"], 2, "duplicate card 'Ah'"),
        (["compare", "Ah Kd 3c 4s 5h"], 2, "at least 2 hands"),
        (["deal", "--players", "11"], 2, "11"),
        (["deal", "--players", "1"], 2, "1 is not in the range"),
        (["deal", "--seed", "-5"], 2, "-5"),
        (["simulate", "--deals", "0"], 2, "0 is not in the range"),
        (["simulate", "--deals", "10", "--players", "11"], 2, "11"),
        (["freq", "--cards", "6"], 2, "'6'"),
        (["deal", "--format", "xml"], 2, "'xml'"),
        (["query", "delete from hands"], 2, "read-only"),
        (["query", "select * from no_such_table"], 1, "no_such_table"),
    ],
)
def test_bad_input_is_one_line_and_an_exit_status(run, args, status, needle):
    code, out, err = run(*args)
    assert code == status
    assert needle in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_query_refusal_leaves_the_table(run):
    run("query", "delete from hands")
    status, out, _ = run("query", "select count(*) from hands", "--format", "csv")
    assert out.strip().splitlines()[1] == "2598960"


def test_edited_file_is_refused_by_name(run, db_file, tmp_path):
    import duckdb

    connection = duckdb.connect(db_file)
    connection.execute("update schema_history set checksum = 'edited' where version = 6")
    connection.close()
    try:
        status, _, err = run("deal")
        assert status == 1
        assert "006_hand_classes.sql" in err and len(err.strip().splitlines()) == 1
    finally:
        from pokersql.migrations import sql_files

        digest = next(f.checksum for f in sql_files() if f.version == 6)
        connection = duckdb.connect(db_file)
        connection.execute("update schema_history set checksum = ? where version = 6", [digest])
        connection.close()


def test_sql_prints_every_file(run):
    status, out, _ = run("sql")
    assert status == 0
    from pokersql.migrations import sql_files

    for sql_file in sql_files():
        assert f"-- {sql_file.script}" in out


def test_env_selects_the_database(tmp_path, capsys):
    path = tmp_path / "from-env.duckdb"
    os.environ["POKERSQL_DB"] = str(path)
    try:
        assert main(["eval", "2c", "3c", "4c", "5c", "7d"]) == 0
    finally:
        del os.environ["POKERSQL_DB"]
    assert path.exists()
    assert "High Card" in capsys.readouterr().out
