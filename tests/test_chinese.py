"""Chinese poker (issue 48): the three-card front of sql/11_questions/048, checked against
counts and an order computed here, in plain Python, independently of the SQL."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

import pokersql
from pokersql.cli import main

VALUES = range(2, 15)
CATEGORY = {1: "Three of a Kind", 2: "One Pair", 3: "High Card"}  # by the number of distinct values


def front_key(values: tuple[int, int, int]) -> tuple:
    """A three-card front's strength, as a player reads it: the category (three of a kind over
    a pair over high card), then the values that decide: the grouped value first, then the rest
    from the highest down."""
    counts = Counter(values)
    by_count = sorted(counts, key=lambda value: (counts[value], value), reverse=True)
    return (-len(counts), *by_count)


def deck() -> list[tuple[int, int]]:
    return [(value, suit) for value in VALUES for suit in range(4)]


def python_counts() -> dict[str, int]:
    counted = Counter(CATEGORY[len({v for v, _ in hand})] for hand in itertools.combinations(deck(), 3))
    return dict(counted)


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
def test_freq_chinese_front_counts_every_three_card_hand(engine, built_database, capsys):
    """All 22,100 fronts by category: the SQL's counts, the stated expected counts and an
    itertools enumeration agree (52, 3,744, 18,304), with 13 + 156 + 286 distinct ranks."""
    expected = python_counts()
    assert expected == {"Three of a Kind": 52, "One Pair": 3744, "High Card": 18304}
    status = main(["--db", built_database(engine), "--engine", engine, "freq", "--game", "chinese-front", "--format", "json"])
    result = json.loads(capsys.readouterr().out)
    assert status == 0
    assert result["cards"] == 3 and result["total"] == 22100
    assert result["distinct_ranks"] == 13 + 156 + 286
    assert {row["category"]: row["count"] for row in result["categories"]} == expected
    assert {row["category"]: row["expected"] for row in result["categories"]} == expected
    assert [row["points"] for row in result["categories"]] == [3, 1, 0]


def test_front_rank_orders_fronts_as_a_player_does(built_database):
    """front_rank (048) and front_key (here) order the 22,100 fronts the same way: equal ranks
    exactly where the keys are equal, and the ranks increase with the keys."""
    with pokersql.connect(built_database("duckdb"), engine="duckdb") as database:
        rows = database.engine.execute(
            "select fronts.front_rank, first.value, second.value, third.value "
            "from chinese_fronts as fronts "
            "join cards as first on first.card_id = fronts.first_card "
            "join cards as second on second.card_id = fronts.second_card "
            "join cards as third on third.card_id = fronts.third_card"
        )
    assert len(rows) == 22100
    keys_of_rank: dict[int, set] = {}
    for rank, *values in rows:
        keys_of_rank.setdefault(rank, set()).add(front_key(tuple(values)))
    assert all(len(keys) == 1 for keys in keys_of_rank.values())
    keys_in_rank_order = [next(iter(keys_of_rank[rank])) for rank in sorted(keys_of_rank)]
    assert keys_in_rank_order == sorted(keys_in_rank_order)
    assert len(set(keys_in_rank_order)) == 455


def test_freq_unknown_game_names_it(built_database, capsys):
    """A game that is neither a game nor chinese-front: exit 2, the value named, the choices listed."""
    status = main(["--db", built_database("duckdb"), "freq", "--game", "chinese-back"])
    err = capsys.readouterr().err
    assert status == 2
    assert "chinese-back" in err and "chinese-front" in err
