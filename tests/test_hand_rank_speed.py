"""Issue 22: the column-speed macros of sql/025_hand_rank_macros.duckdb.views.sql and the list
of sql/024_hand_rank_lookup.duckdb.sql, checked against phevaluator and best_by_values."""

from __future__ import annotations

import random

import pytest
from phevaluator import evaluate_cards

from pokersql.cards import CARD_NAMES
from tests.test_own_hands import duckdb_db  # noqa: F401 (a fixture)


def test_every_rank_key_has_its_own_value_slot(duckdb_db):
    """The lookup's first part, read at each rank_key's slot, gives best_by_values' rank: the
    73,775 slots are distinct, so no key reads another's rank."""
    rows = duckdb_db.engine.execute(
        "with slots as ("
        " select by_values.rank_key, by_values.hand_rank,"
        "  lookup[73775 + 8192 + 78125 + by_values.rank_key // 78125 + 1]"
        "  + lookup[73775 + 8192 + by_values.rank_key % 78125 + 1] as slot,"
        "  lookup"
        " from best_by_values as by_values cross join hand_rank_lookup)"
        " select count(*), count(distinct slot), min(slot), max(slot),"
        "  count(*) filter (where lookup[slot + 1] is distinct from hand_rank), max(len(lookup))"
        " from slots"
    )
    assert rows == [(73775, 73775, 0, 73774, 0, 175717)]


def random_hands(count: int, seed: int) -> list[list[int]]:
    generator = random.Random(seed)
    return [generator.sample(range(52), generator.choice((5, 6, 7))) for _ in range(count)]


def test_hand_rank_of_and_hand_rank_agree_with_phevaluator(duckdb_db):
    hands = random_hands(20_000, seed=22) + [[51, 47, 43, 39, 35], [12, 0, 4, 8, 17, 30, 44]]
    columns = [[hand[i] if i < len(hand) else None for hand in hands] for i in range(7)]
    texts = [" ".join(CARD_NAMES[card] for card in hand) for hand in hands]
    rows = duckdb_db.engine.execute(
        "select hand_rank_of(c1, c2, c3, c4, c5, c6, c7), hand_rank_of_list(list_filter([c1, c2, c3, c4, c5, c6, c7],"
        " lambda c: c is not null)), hand_rank(t), hand_rank(lower(t)), hand_rank(replace(t, ' ', ','))"
        " from (select unnest(?) as c1, unnest(?) as c2, unnest(?) as c3, unnest(?) as c4, unnest(?) as c5,"
        " unnest(?) as c6, unnest(?) as c7, unnest(?) as t, unnest(range(?)) as n) order by n",
        [*columns, texts, len(hands)],
    )
    for hand, text, row in zip(hands, texts, rows, strict=True):
        expected = evaluate_cards(*hand)
        assert row == (expected,) * 5, (text, expected, row)


@pytest.mark.parametrize(
    "cards",
    [
        (51, 51, 47, 43, 39, None, None),  # a card twice
        (51, 47, 43, 39, 35, 35, None),
        (0, 4, 8, 12, 16, 20, 0),
        (51, 47, 43, 39, None, 35, 31),  # a null among the first five
        (51, 47, 43, 39, 52, None, None),  # unknown card_ids
        (51, 47, 43, 39, -1, None, None),
        (51, 47, 43, 39, -5, None, None),
        (51, 47, 43, 39, 35, 60, None),
        (51, 47, 43, 39, 35, None, -2),
    ],
)
def test_hand_rank_of_answers_null_for_bad_card_ids(duckdb_db, cards):
    listed = list(cards)
    while listed and listed[-1] is None:  # c6 and c7 left out; a null before them stays
        listed.pop()
    rows = duckdb_db.engine.execute(
        "select hand_rank_of(?::integer, ?::integer, ?::integer, ?::integer, ?::integer, ?::integer, ?::integer),"
        " hand_rank_of_list(?::integer[])",
        [*cards, listed],
    )
    assert rows == [(None, None)]


@pytest.mark.parametrize("card_ids", [[51, 47, 43, 39], [51, 47, 43, 39, 35, 31, 27, 23], [], None])
def test_hand_rank_of_list_answers_null_outside_five_to_seven_cards(duckdb_db, card_ids):
    assert duckdb_db.engine.execute("select hand_rank_of_list(?::integer[])", [card_ids]) == [(None,)]
