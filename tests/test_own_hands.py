"""Issue 11: the user's own hands, evaluated by the DuckDB macros of
sql/019_hand_macros.duckdb.views.sql, checked against phevaluator."""

from __future__ import annotations

import random

import pytest
from phevaluator import evaluate_cards

import pokersql
from pokersql.cards import CARD_NAMES, parse_cards

# Hands every path must get right (the list): wheels, broadway straights,
# six-card straights, two trips, three pairs, a flush beside a straight.
SPECIAL_HANDS = [
    "Ah 2c 3d 4s 5h",
    "As 2s 3s 4s 5s Kd 9c",
    "Ts Jh Qd Kc Ad",
    "Ts Js Qs Ks As 9s 8s",
    "4c 5d 6h 7s 8c 9d",
    "4c 5d 6h 7s 8c 9d Tc",
    "Kc Kd Kh 7s 7c 7d 2h",
    "Kc Kd 7h 7s 2c 2d Ah",
    "Kc Kd 7h 7s 2c 2d",
    "2h 5h 9h Jh Kh 3c",
    "2h 5h 9h Jh Kh 3c 4d",
    "2h 5h 9h 3h 4d 6s 9s",
]


def random_hands(count: int, seed: int = 11) -> list[list[int]]:
    generator = random.Random(seed)
    return [generator.sample(range(52), generator.choice((5, 6, 7))) for _ in range(count)]


def hand_text(cards: list[int], generator: random.Random) -> str:
    """The hand in one of the notations the macros read: case, separators, '10', symbols."""
    names = [CARD_NAMES[card] for card in cards]
    style = generator.randrange(4)
    if style == 1:
        names = [name.lower() for name in names]
    elif style == 2:
        names = [name.replace("T", "10") for name in names]
    separator = generator.choice((" ", ",", ", ", ""))
    return separator.join(names)


@pytest.fixture(scope="module")
def duckdb_db():
    database = pokersql.connect(engine="duckdb")
    database.migrate()
    yield database
    database.close()


def test_macros_name_the_special_hands(duckdb_db):
    rows = duckdb_db.engine.execute(
        "select hand_text, hand_rank(hand_text), hand_category(hand_text) from unnest(?) as t(hand_text)",
        [SPECIAL_HANDS],
    )
    for text, rank, category in rows:
        expected = evaluate_cards(*parse_cards(text))
        assert rank == expected, f"{text}: expected hand_rank {expected}, got {rank}"
    categories = {text: category for text, _, category in rows}
    assert categories["Ah 2c 3d 4s 5h"] == "Straight"
    assert categories["Ts Js Qs Ks As 9s 8s"] == "Royal Flush"
    assert categories["Kc Kd Kh 7s 7c 7d 2h"] == "Full House"
    assert categories["Kc Kd 7h 7s 2c 2d Ah"] == "Two Pair"


def test_macros_agree_with_phevaluator_on_100000_hands(duckdb_db):
    generator = random.Random(1111)
    hands = random_hands(100_000) + [parse_cards(text) for text in SPECIAL_HANDS]
    texts = [hand_text(cards, generator) for cards in hands]
    ranks = [row[0] for row in duckdb_db.engine.execute(
        "select hand_rank(hand_text) from unnest(?) with ordinality as t(hand_text, position) order by position",
        [texts],
    )]
    assert len(ranks) == len(hands)
    for cards, text, rank in zip(hands, texts, ranks):
        expected = evaluate_cards(*cards)
        assert rank == expected, f"{text}: expected hand_rank {expected}, got {rank}"
    assert {len(cards) for cards in hands} == {5, 6, 7}


@pytest.mark.parametrize("text", ["As Ks Qs Js", "As Ks Qs Js Ts 9s 8s 7s", ""])
def test_macros_answer_null_outside_five_to_seven_cards(duckdb_db, text):
    assert duckdb_db.engine.execute("select hand_rank(?), hand_category(?)", [text, text]) == [(None, None)]
