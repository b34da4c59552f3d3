"""The split-pot and lowball games on Spark: ``simulate`` and ``deal`` of a board split game
(omaha8), a stud game (stud8) and a lowball draw game (deuce-to-seven), and ``freq`` of stud8
and deuce-to-seven, give DuckDB's answers (their table macros of 070 and 071 expanded into one Spark
statement, pokersql/own_hands.py ``for_dialect``), as tests/test_split_more_postgres.py checks
them on PostgreSQL.

It runs on the Spark worker (xdist group "spark"), in a copy of the session's warehouse
(conftest.py ``built_spark``, built once for tests/test_spark.py too). Each game's
simulate costs Spark two or three minutes (planning the expanded query, mostly): the deals are
few (30 of 3 players), enough that a wrong rank or a lost hand shows.
"""

from __future__ import annotations

import pytest

import pokersql
from pokersql.errors import BadInput

pytestmark = pytest.mark.xdist_group("spark")

# A board split game, a stud game (high and low), a lowball draw game.
DEALT = ("omaha8", "stud8", "deuce-to-seven")
# Games of a player's own cards freq counts: 7-card stud's high and low, 5-card 2-7's low.
COUNTED = ("stud8", "deuce-to-seven")


@pytest.fixture(scope="module")
def spark(built_spark) -> pokersql.Database:
    with pokersql.connect(built_spark(), "spark") as database:
        yield database


@pytest.fixture(scope="module")
def duck(built_database) -> pokersql.Database:
    with pokersql.connect(built_database("duckdb")) as database:
        yield database


@pytest.mark.parametrize("game", DEALT)
def test_split_deal_and_simulate_on_spark_are_duckdbs(spark: pokersql.Database, duck: pokersql.Database, game: str) -> None:
    """The same seeded deal on both engines: each player's cards and hands, and 30 deals of 3
    players counted by each half's category (90 hands: every category a wrong rank would move)."""
    assert spark.deal(3, 11, game=game).to_dict() == duck.deal(3, 11, game=game).to_dict()
    on_spark = spark.simulate(30, 3, 7, game=game).to_dict()
    assert on_spark == duck.simulate(30, 3, 7, game=game).to_dict()
    halves: dict[str, int] = {}
    for row in on_spark["categories"]:
        halves[row["half"]] = halves.get(row["half"], 0) + row["count"]
    assert on_spark["hands"] == 90 and set(halves.values()) == {90}, halves


@pytest.mark.parametrize("game", COUNTED)
def test_split_freq_on_spark_is_duckdbs(spark: pokersql.Database, duck: pokersql.Database, game: str) -> None:
    """Every hand of the game's cards counted by category (071): DuckDB's counts, and the exact
    ones where pokersql.counts knows them."""
    counted = spark.freq(game=game).to_dict()
    assert counted == duck.freq(game=game).to_dict()
    assert all(row["count"] == row["expected"] for row in counted["categories"] if row["expected"] is not None)


def test_freq_of_a_board_split_game_is_refused_on_spark_as_on_duckdb(spark: pokersql.Database, duck: pokersql.Database) -> None:
    with pytest.raises(BadInput, match="omaha8 is") as on_duck:
        duck.freq(game="omaha8")
    with pytest.raises(BadInput) as on_spark:
        spark.freq(game="omaha8")
    assert str(on_spark.value) == str(on_duck.value)
