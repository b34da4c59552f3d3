"""Issue 22: DuckDB's wide path of evaluate_many (own_hands.DUCKDB_EVALUATED: cards read by
position from canonical text, other notations rewritten to it first) checked hand for hand.

The truth is from outside: phevaluator's rank, and the best five as 011 defines them
(``best_five``, below: of the five-card subsets that make the rank, the highest cards; largest
group first, then higher value, the ace low in a wheel, then higher suit), computed here in
Python from phevaluator alone. Hands of 5, 6 and 7 cards, canonical text and every other
notation, as a list, a pandas frame with kept columns, and a Parquet file through
``pokersql eval --file``; the rows in the input's order.
"""

from __future__ import annotations

import itertools
import json
import random

import pandas
import phevaluator
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import pokersql
from pokersql import BadInput, own_hands
from pokersql.cards import CARD_NAMES

from test_evaluate_many import category_of  # tests/test_evaluate_many.py
from test_own_hands import SPECIAL_HANDS, random_hands  # tests/test_own_hands.py

HANDS = 20_000
SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


@pytest.fixture(scope="module")
def duck(built_database):
    database = pokersql.connect(built_database("duckdb"))
    yield database
    database.close()


@pytest.fixture(scope="module")
def sample() -> list[list[int]]:
    """Hands of 5, 6 and 7 cards: the special hands, hands made to hold flushes, straights,
    wheels and groups, and random hands."""
    generator = random.Random(2222)
    made = []
    for _ in range(2000):
        suit = generator.randrange(4)
        flush = [value * 4 + suit for value in generator.sample(range(13), 5)]
        start = generator.choice([-1, *range(9)])  # -1: the wheel A 2 3 4 5
        straight = [((start + k) % 13) * 4 + generator.randrange(4) for k in range(5)]
        value = generator.randrange(13)
        group = [value * 4 + s for s in generator.sample(range(4), generator.choice((2, 3, 4)))]
        for base in (flush, straight, group):
            rest = [card for card in range(52) if card not in base]
            extra = generator.sample(rest, generator.randrange(max(0, 5 - len(base)), 8 - len(base)))
            hand = base + extra
            generator.shuffle(hand)
            made.append(hand)
    special = [[CARD_NAMES.index(name) for name in text.split()] for text in SPECIAL_HANDS]
    return special + made + random_hands(HANDS, seed=2223)


def best_five(hand: list[int]) -> tuple[int, list[str]]:
    """phevaluator's rank of the hand, and its best five in 011's choice and order."""
    rank = phevaluator.evaluate_cards(*hand)
    chosen = max(
        (five for five in itertools.combinations(sorted(hand), 5) if phevaluator.evaluate_cards(*five) == rank),
        key=lambda five: sorted(five, reverse=True),
    )
    values = [card // 4 + 2 for card in chosen]
    wheel = sorted(values) == [2, 3, 4, 5, 14]
    order = sorted(
        chosen,
        key=lambda card: (values.count(card // 4 + 2), 1 if wheel and card // 4 == 12 else card // 4 + 2, card % 4),
        reverse=True,
    )
    return rank, [CARD_NAMES[card] for card in order]


@pytest.fixture(scope="module")
def truth(sample) -> list[tuple[int, list[str]]]:
    return [best_five(hand) for hand in sample]


def other_notation(hand: list[int], generator: random.Random) -> str:
    """The hand in a notation that is not canonical: case, '10', symbols, separators, spaces."""
    names = [CARD_NAMES[card] for card in hand]
    names = [
        generator.choice((name, name.lower(), name.upper(), name[0] + SYMBOLS[name[1]], name.replace("T", "10")))
        for name in names
    ]
    separators = (" ", ",", ", ", "", "  ", "\t", " ,")
    text = "".join(name + generator.choice(separators) for name in names[:-1]) + names[-1]
    return generator.choice(("", " ", "\n")) + text + generator.choice(("", " ", ","))


def check_rows(rows, sample, truth) -> None:
    """Each row (cards, best, points, category, hand_rank) is that hand's, in the input's order."""
    rows = list(rows)
    assert len(rows) == len(sample)
    for hand, (rank, best), row in zip(sample, truth, rows):
        cards = [CARD_NAMES[card] for card in hand]
        assert list(row) == [cards, best, *category_of(rank), rank], f"{cards}: expected {best} {rank}, got {row}"


def test_canonical_text(duck, sample, truth):
    texts = [" ".join(CARD_NAMES[card] for card in hand) for hand in sample]
    check_rows(duck.evaluate_many(texts).rows(), sample, truth)


def test_every_other_notation_mixed_with_canonical_text(duck, sample, truth):
    """Every other hand in another notation: the fallback and the fast path in one batch."""
    generator = random.Random(7)
    texts = [
        other_notation(hand, generator) if n % 2 else " ".join(CARD_NAMES[card] for card in hand)
        for n, hand in enumerate(sample)
    ]
    assert sum(text != " ".join(CARD_NAMES[c] for c in hand) for text, hand in zip(texts, sample)) >= len(sample) // 2 - 10
    check_rows(duck.evaluate_many(texts).rows(), sample, truth)


def test_a_pandas_frame_keeps_its_columns_and_order(duck, sample, truth, monkeypatch):
    """Kept columns beside each result, rows in the frame's order, across several batches."""
    monkeypatch.setattr(own_hands, "BATCH_ROWS", 7_000)
    generator = random.Random(8)
    order = list(range(len(sample)))
    generator.shuffle(order)
    texts = [" ".join(CARD_NAMES[card] for card in sample[n]) for n in order]
    frame = pandas.DataFrame({"hand_id": order, "cards": texts, "points": [f"p{n}" for n in order]})
    result = duck.evaluate_many(frame).arrow()
    assert result.column_names == ["hand_id", "input_points", "cards", "best", "points", "category", "hand_rank"]
    assert result.column("hand_id").to_pylist() == order
    assert result.column("input_points").to_pylist() == [f"p{n}" for n in order]
    rows = list(zip(*(result.column(name).to_pylist() for name in ("cards", "best", "points", "category", "hand_rank"))))
    check_rows(rows, [sample[n] for n in order], [truth[n] for n in order])


def test_a_parquet_file_through_eval_file(run, sample, truth, tmp_path):
    generator = random.Random(9)
    texts = [other_notation(hand, generator) if n % 3 == 0 else " ".join(CARD_NAMES[c] for c in hand)
             for n, hand in enumerate(sample)]
    path = tmp_path / "hands.parquet"
    pq.write_table(pa.table({"hand_id": list(range(len(sample))), "cards": texts, "seat": [n % 9 for n in range(len(sample))]}),
                   path, row_group_size=5_000)
    status, out, err = run("eval", "--file", str(path), "--format", "json", "--keep", "seat,hand_id")
    assert (status, err) == (0, "")
    lines = [json.loads(line) for line in out.splitlines()]
    assert [(row["seat"], row["hand_id"]) for row in lines] == [(n % 9, n) for n in range(len(sample))]
    check_rows([[row[name] for name in ("cards", "best", "points", "category", "hand_rank")] for row in lines], sample, truth)


# A bad hand among good ones, in either path: the first is named by its row, as parse_cards says.
BAD = [
    ("As Ks Qs Js Th 10h", "duplicate card 'Th'"),
    ("as ks qs js a♠", "duplicate card 'As'"),
    ("As Ks Qs Js Ts 9s 8s 7s", "a hand needs 5, 6 or 7 cards, got 8"),
    ("As Ks Qs Js", "a hand needs 5, 6 or 7 cards, got 4"),
    ("As Ks Qs Js 1s", "unknown card '1s'"),
    ("As Ks Qs Js Ts ", None),  # a trailing space: a hand (not canonical, read by the fallback)
]


@pytest.mark.parametrize("bad, message", BAD)
def test_a_bad_hand_is_named_by_its_row(duck, sample, bad, message):
    texts = [" ".join(CARD_NAMES[card] for card in hand) for hand in sample[:3000]]
    texts[2345] = bad
    if message is None:
        assert duck.evaluate_many(texts)[2345].best == ["As", "Ks", "Qs", "Js", "Ts"]
        return
    with pytest.raises(BadInput) as error:
        duck.evaluate_many(texts)
    assert str(error.value).startswith(f"row 2346: {message}")


def test_rows_in_the_inputs_order_where_duckdb_does_not_keep_it(duck, sample, truth, monkeypatch):
    """With preserve_insertion_order off, each batch's rows are numbered and sorted
    (own_hands.DUCKDB_SORTED); on, they come in the scan's order with no sort."""
    monkeypatch.setattr(own_hands, "BATCH_ROWS", 7_000)
    texts = [" ".join(CARD_NAMES[card] for card in hand) for hand in sample]
    connection = duck.engine.connection
    connection.execute("set preserve_insertion_order = false")
    try:
        check_rows(duck.evaluate_many(texts).rows(), sample, truth)
        # The order is the sort's (DuckDB may keep the scan's order anyway, on so few rows):
        # sorted the other way, each batch's rows come the other way round.
        monkeypatch.setitem(own_hands.DUCKDB_SORTED, "order", own_hands.DUCKDB_SORTED["order"] + " desc")
        batches = [range(start, min(start + 7_000, len(sample))) for start in range(0, len(sample), 7_000)]
        reordered = [number for batch in batches for number in reversed(batch)]
        check_rows(duck.evaluate_many(texts).rows(), [sample[n] for n in reordered], [truth[n] for n in reordered])
    finally:
        connection.execute("set preserve_insertion_order = true")


def test_a_fresh_database_builds_only_what_the_batches_read(tmp_path):
    """The lookup files, then 026 and 027 (the macros the batches read), not hands (008)."""
    from test_evaluation import LOOKUP_FILES  # tests/test_evaluation.py

    with pokersql.connect(str(tmp_path / "fresh.duckdb")) as fresh:
        assert fresh.evaluate_many(["As Ks Qs Js Ts 2c"])[0].best == ["As", "Ks", "Qs", "Js", "Ts"]
        recorded = [script for (script,) in fresh.engine.execute("select script from schema_history order by installed_rank")]
        assert recorded == [*LOOKUP_FILES, "026_hand_class_lists.duckdb.sql", "027_hand_macros.duckdb.views.sql"]
        assert "hands" not in fresh.engine.object_types()
