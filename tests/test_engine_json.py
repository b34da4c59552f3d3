"""One contract over every engine: the JSON of ``equity`` has the same types everywhere.

Integers are JSON integers, equities and standard errors JSON floats, ``exact`` a boolean:
never text (Spark once gave range equities as decimals, printed as strings). Each engine
answers a hand against a hand, ranges, and a random hand, exact, and one Monte Carlo case,
through the real command line (``--format json``).

PostgreSQL runs on the session's server (conftest.py's fixture `server`, one xdist
group); Spark in local mode, as tests/test_spark.py runs it (slow to start).
"""

from __future__ import annotations

import json

import pytest

import pokersql
from pokersql.cli import main
from pg_server import Server  # tests/pg_server.py

pytestmark = pytest.mark.xdist_group("postgres")

CASES = {
    "hand-v-hand": ["AhAd", "KhKd", "--board", "2c 7d Kc"],
    "range": ["AhKh", "TT+", "87s,98s", "--board", "Jh 8h 2c", "--dead", "7h 9d", "--exact"],
    "random": ["AhAd", "random", "--board", "2c 7d Kc 5s", "--exact"],
    "monte-carlo": ["AhAd", "QQ+,AKs", "--board", "2c 7d Kc", "--trials", "300", "--seed", "7"],
}
TYPES = {"combos": int, "wins": int, "ties": int, "equity": float, "std_error": float}


def built(engine: str, built_database, server: Server | None, tmp_path_factory) -> str:
    if engine in ("duckdb", "sqlite"):
        return built_database(engine)
    if engine == "postgres":
        url = server.create_database("pokersql_json")
        with pokersql.connect(url, engine="postgres") as db:
            db.migrate()
        return url
    path = str(tmp_path_factory.mktemp("spark-json") / "poker.spark")
    with pokersql.connect(path, engine="spark") as db:
        db.migrate()
    return path


@pytest.fixture(scope="module", params=["duckdb", "sqlite", "postgres", "spark"])
def engine_db(request: pytest.FixtureRequest, built_database, tmp_path_factory) -> tuple[str, str]:
    server = request.getfixturevalue("server") if request.param == "postgres" else None
    return request.param, built(request.param, built_database, server, tmp_path_factory)


@pytest.mark.parametrize("case", CASES)
def test_equity_json_types_are_the_same_on_every_engine(engine_db, case, capsys) -> None:
    engine, path = engine_db
    status = main(["--engine", engine, "--db", path, "equity", *CASES[case], "--format", "json"])
    out = capsys.readouterr().out
    assert status == 0, out
    data = json.loads(out)
    assert type(data["exact"]) is bool and data["exact"] is (case != "monte-carlo")
    assert type(data["boards"]) is int and type(data["deals"]) is int
    for player in data["players"]:
        for key, kind in TYPES.items():
            if key in player:
                assert type(player[key]) is kind, (engine, case, key, player[key])
        assert ("std_error" in player) is (case == "monte-carlo")
