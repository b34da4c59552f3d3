"""One contract over every engine: the JSON of ``equity`` has the same types and the same
numbers everywhere.

Integers are JSON integers, equities and standard errors JSON floats, ``exact`` a boolean:
never text (Spark once gave range equities as decimals, printed as strings). Each engine
answers a hand against a hand, ranges, and a random hand, exact, and Monte Carlo of hands and
of ranges, through the real command line (``--format json``), as DuckDB answers them.

PostgreSQL runs on the session's server (conftest.py's fixture `pg_url`, the xdist group
"postgres"); Spark in local mode on a copy of the session's warehouse (the group "spark", with
tests/test_spark.py: one JVM).
"""

from __future__ import annotations

import json

import pytest

from pokersql.cli import main
from test_conformance import ENGINES  # tests/test_conformance.py: each engine on its xdist group

CASES = {
    "hand-v-hand": ["AhAd", "KhKd", "--board", "2c 7d Kc"],
    "range": ["AhKh", "TT+", "87s,98s", "--board", "Jh 8h 2c", "--dead", "7h 9d", "--exact"],
    "random": ["AhAd", "random", "--board", "2c 7d Kc 5s", "--exact"],
    "monte-carlo": ["AhAd", "KhKd", "--board", "2c 7d Kc", "--trials", "300", "--seed", "7"],
}
# Monte Carlo of ranges: each trial draws the range's combination too.
RANGES_MONTE_CARLO = ["AhAd", "QQ+,AKs", "--board", "2c 7d Kc", "--trials", "300", "--seed", "7"]
TYPES = {"combos": int, "wins": int, "ties": int, "equity": float, "std_error": float}


@pytest.fixture(scope="module", params=ENGINES)
def engine_db(request: pytest.FixtureRequest, built_database) -> tuple[str, str]:
    """(engine, --db) of a built database: a file's copy, the session's PostgreSQL database
    (conftest.py; equity writes nothing there) or a copy of the session's Spark warehouse."""
    engine = request.param
    if engine == "postgres":
        return engine, request.getfixturevalue("pg_url")
    if engine == "spark":
        return engine, request.getfixturevalue("built_spark")()
    return engine, built_database(engine)


@pytest.mark.parametrize("case", CASES)
def test_equity_json_types_are_the_same_on_every_engine(engine_db, case, built_database, capsys) -> None:
    check_types(engine_db, CASES[case], case == "monte-carlo", built_database, capsys)


@pytest.mark.parametrize("engine_db", ENGINES, indirect=True)
def test_monte_carlo_of_ranges_json_types(engine_db, built_database, capsys) -> None:
    check_types(engine_db, RANGES_MONTE_CARLO, True, built_database, capsys)


def check_types(engine_db: tuple[str, str], args: list[str], monte_carlo: bool, built_database, capsys) -> None:
    """The types of the JSON, and the answer itself: DuckDB's, number for number (the same
    trials from the same seed on every engine)."""
    engine, path = engine_db
    status = main(["--engine", engine, "--db", path, "equity", *args, "--format", "json"])
    out = capsys.readouterr().out
    assert status == 0, out
    data = json.loads(out)
    if engine != "duckdb":
        assert main(["--db", built_database("duckdb"), "equity", *args, "--format", "json"]) == 0
        assert data == json.loads(capsys.readouterr().out)
    assert type(data["exact"]) is bool and data["exact"] is not monte_carlo
    assert type(data["boards"]) is int and type(data["deals"]) is int
    for player in data["players"]:
        for key, kind in TYPES.items():
            if key in player:
                assert type(player[key]) is kind, (engine, args, key, player[key])
        assert ("std_error" in player) is monte_carlo
