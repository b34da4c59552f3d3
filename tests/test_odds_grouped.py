"""`pokersql odds --hero` counts a class's boards alike together (odds_hero_deals, 056): the
seven-card lookup runs once per group, not once per board, and the groups add up to every board.
SQLite reads odds_hero_board_deals (a board a row): the two views must count alike.
"""

from __future__ import annotations

from math import comb

import pytest

import pokersql
from pokersql import ranges
from pokersql.odds import FLAGS

PACKED = " + ".join(f"{1 << bit} * {flag}" for bit, flag in enumerate(FLAGS))


@pytest.fixture(scope="module")
def duckdb_file(built_database):
    return built_database("duckdb")


def query(path, hero: str, sql: str, *params):
    player = ranges.parse_player(hero, 1)
    (live,) = ranges.remove_known([player], set())
    with pokersql.connect(str(path)) as database:
        engine = database.context.engine
        with engine.inputs(range_input=ranges.range_rows([live], [player])):
            return engine.execute(sql, params)


def test_the_river_is_looked_up_once_per_group_of_boards(duckdb_file):
    """AKs before the flop: one class (its four combinations) and C(50,5) rivers, in far fewer rows."""
    ((rows, boards, deals),) = query(
        duckdb_file, "AKs", "select count(*), sum(boards), sum(deals) from odds_hero_deals where cards_to_come = ?", 5
    )
    assert (boards, deals) == (comb(50, 5), 4 * comb(50, 5))
    assert rows < boards // 20


@pytest.mark.parametrize("to_come", [3, 4])
def test_grouped_and_board_by_board_count_alike(duckdb_file, to_come):
    """Every category and set of made hands and draws, the same deals either way."""
    grouped = f"select street_cards, points, {PACKED} as flags, sum(deals) from {{}} where cards_to_come = ? group by all order by all"
    by_group = query(duckdb_file, "QQ+,AKs", grouped.format("odds_hero_deals"), to_come)
    by_board = query(duckdb_file, "QQ+,AKs", grouped.format("odds_hero_board_deals"), to_come)
    assert by_group == by_board
    assert sum(row[-1] for row in by_group) == 22 * comb(50, to_come)
    assert len({row[2] for row in by_group}) > 10  # the draws and made hands told apart
