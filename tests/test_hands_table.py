"""The ``hands`` table against truth from outside the project.

Counts come from tests/reference/exact_counts.json (combinatorics); ranks from
phevaluator, an independent evaluator that must agree on every one of the
2,598,960 hands. The SQL audits of the table are in sql/audits/ (test_audits.py).
"""

from __future__ import annotations

from math import comb

import phevaluator
import pytest

from pokersql.cards import card_name as name


def test_reference_is_consistent(five_card_reference):
    categories = five_card_reference["categories"]
    assert five_card_reference["total"] == comb(52, 5)
    assert sum(c["count"] for c in categories.values()) == comb(52, 5)
    assert sum(c["classes"] for c in categories.values()) == five_card_reference["distinct_ranks"]
    assert sorted(categories) == list(range(10))


def test_phevaluator_uses_our_card_numbering():
    # id = (value - 2) * 4 + suit_index, suits c d h s
    assert phevaluator.Card("2c").id_ == 0
    assert phevaluator.Card("2s").id_ == 3
    assert phevaluator.Card("3c").id_ == 4
    assert phevaluator.Card("Td").id_ == 33
    assert phevaluator.Card("As").id_ == 51
    assert phevaluator.evaluate_cards("As", "Ks", "Qs", "Js", "Ts") == phevaluator.evaluate_cards(51, 47, 43, 39, 35) == 1


def test_cards_table(db):
    rows = db.engine.execute("select card_id, value, rank_char, suit_char, name, pretty from cards order by card_id")
    assert len(rows) == 52
    symbols = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
    for card_id, value, rank_char, suit_char, card_name, pretty in rows:
        assert card_name == name(card_id)
        assert phevaluator.Card(card_name).id_ == card_id
        assert value == card_id // 4 + 2
        assert rank_char + suit_char == card_name
        assert pretty == ("10" if rank_char == "T" else rank_char) + symbols[suit_char]


def test_hand_categories_match_reference(db, five_card_reference):
    rows = db.engine.execute("select points, category from hand_categories")
    assert dict(rows) == {p: c["category"] for p, c in five_card_reference["categories"].items()}


def test_total_and_distinct_ranks(db, five_card_reference):
    total, distinct, low, high = db.engine.execute(
        "select count(*), count(distinct hand_rank), min(hand_rank), max(hand_rank) from hands"
    )[0]
    assert total == five_card_reference["total"]
    assert distinct == five_card_reference["distinct_ranks"]
    assert (low, high) == (1, five_card_reference["distinct_ranks"])


def test_category_counts_and_classes(db, five_card_reference):
    rows = db.engine.execute(
        "select points, category, count(*), count(distinct hand_rank) from hands group by points, category"
    )
    found = {points: (category, count, classes) for points, category, count, classes in rows}
    expected = {
        p: (c["category"], c["count"], c["classes"]) for p, c in five_card_reference["categories"].items()
    }
    assert found == expected


def test_category_rank_ranges_are_ordered(db):
    """Every hand of a better category ranks strictly better than every hand of a worse one."""
    rows = db.engine.execute(
        "select points, min(hand_rank), max(hand_rank) from hands group by points order by points desc"
    )
    for (_, _, worst_better), (_, best_worse, _) in zip(rows, rows[1:]):
        assert worst_better < best_worse


def test_hand_classes(db, five_card_reference):
    total, distinct, low, high = db.engine.execute(
        "select count(*), count(distinct hand_rank), min(hand_rank), max(hand_rank) from hand_classes"
    )[0]
    assert total == distinct == high == five_card_reference["distinct_ranks"]
    assert low == 1
    rows = db.engine.execute("select points, count(*) from hand_classes group by points")
    assert dict(rows) == {p: c["classes"] for p, c in five_card_reference["categories"].items()}


def test_cards_text_matches_names_computed_here(db):
    """The text of some hands against names written here (sql/audits/ checks every row against cards)."""
    for c1, c2, c3, c4, c5, text in db.engine.execute(
        "select c1, c2, c3, c4, c5, cards from hands where c1 in (0, 17, 47) and c5 = 51"
    ):
        assert text == " ".join(name(c) for c in (c1, c2, c3, c4, c5))


def test_freq_matches_reference(db, five_card_reference):
    result = db.freq()
    assert result.total == five_card_reference["total"]
    assert result.distinct_ranks == five_card_reference["distinct_ranks"]
    assert [c.points for c in result.categories] == list(range(9, -1, -1))
    for category in result.categories:
        reference = five_card_reference["categories"][category.points]
        assert category.category == reference["category"]
        assert category.count == reference["count"]
        assert category.expected == reference["count"]


@pytest.mark.slow
def test_hand_rank_equals_phevaluator_on_every_hand(db, five_card_reference):
    rows = db.engine.execute("select c1, c2, c3, c4, c5, hand_rank from hands")
    assert len(rows) == five_card_reference["total"]
    evaluate = phevaluator.evaluate_cards
    mismatches = []
    for c1, c2, c3, c4, c5, hand_rank in rows:
        expected = evaluate(c1, c2, c3, c4, c5)
        if expected != hand_rank:
            mismatches.append(
                f"{' '.join(name(c) for c in (c1, c2, c3, c4, c5))}: phevaluator {expected}, hands.hand_rank {hand_rank}"
            )
            if len(mismatches) >= 10:
                break
    assert mismatches == []


@pytest.mark.slow
def test_article_pipeline_agrees_with_hands_table(db, volume, five_card_reference):
    """Every hand through the article's HandEvaluation views (hand_input, deal 0) and hand_classes.

    The pipeline's points and kickers must be the ones of the class its key joins to,
    and its hand_rank the one in ``hands``: the two paths are one definition. (Both paths'
    rows grouped by hand: a hand either path drops or doubles shows as a group. A join of
    the two is quadratic on SQLite, which scans the pipeline's rows for each hand.)
    Every hand on DuckDB. A slower engine (see VOLUME in conftest.py; SQLite) takes every
    hand numbered a multiple of 10 / its volume (every 100th) and the first hand of each of the
    7,462 classes: every class, where every 10th hand had 6,375 of them (no royal flush), at
    an eighth of the hands. A hand's number is its rank in colex order, 1 to 2,598,960, from
    its sorted cards (no window over the table, which SQLite sorts each time it is read).
    """
    stride = 1 if volume >= 1 else round(10 / volume)
    expected_hands = len(range(stride, five_card_reference["total"] + 1, stride))
    numbered = """
        every_hand as (
            select
                1 + c1 + c2 * (c2 - 1) / 2 + c3 * (c3 - 1) * (c3 - 2) / 6
                    + c4 * (c4 - 1) * (c4 - 2) * (c4 - 3) / 24
                    + c5 * (c5 - 1) * (c5 - 2) * (c5 - 3) * (c5 - 4) / 120 as hand_no,
                c1, c2, c3, c4, c5, cards, points, hand_rank
            from hands
        ),
        numbered as (
            select cast(hand_no as integer) as hand_no, c1, c2, c3, c4, c5, cards, points, hand_rank
            from every_hand
            where hand_no % ? = 0
                or hand_no in (select min(hand_no) from every_hand group by hand_rank)
        )
    """
    if stride > 1:
        hands, classes = db.engine.execute(f"with {numbered} select count(*), count(distinct hand_rank) from numbered", (stride,))[0]
        assert classes == five_card_reference["distinct_ranks"]
        assert expected_hands < hands <= expected_hands + classes
    else:
        hands = expected_hands
    with db.engine.scratch():
        db.engine.execute("update deal_settings set deals = 0")
        db.engine.execute(
            f"""
            insert into hand_input (hand_no, card_id)
            with {numbered}
            select hand_no, c1 from numbered
            union all
            select hand_no, c2 from numbered
            union all
            select hand_no, c3 from numbered
            union all
            select hand_no, c4 from numbered
            union all
            select hand_no, c5 from numbered
            """,
            (stride,),
        )
        assert db.engine.execute("select count(*), count(distinct hand_no) from hand_input")[0] == (5 * hands, hands)
        disagreeing = db.engine.execute(
            f"""
            with
                {numbered},
                pipeline as (
                    select
                        hand_points.player as hand_no,
                        hand_points.card_count,
                        hand_points.points,
                        hand_classes.hand_rank,
                        case
                            when hand_points.points = hand_classes.points
                                and hand_points.kicker_1 = hand_classes.kicker_1
                                and hand_points.kicker_2 = hand_classes.kicker_2
                                and hand_points.kicker_3 = hand_classes.kicker_3
                                and hand_points.kicker_4 = hand_classes.kicker_4
                                and hand_points.kicker_5 = hand_classes.kicker_5
                                then 1
                            else 0
                        end as kickers_agree
                    from hand_points
                    left join hand_classes
                        on hand_classes.rank_key = hand_points.rank_key
                        and hand_classes.is_flush = hand_points.is_flush
                    where hand_points.deal_no = 0
                ),
                both_paths as (
                    select hand_no, 'table' as path, 5 as card_count, points, hand_rank, 1 as kickers_agree
                    from numbered
                    union all
                    select hand_no, 'pipeline', card_count, points, hand_rank, kickers_agree
                    from pipeline
                )
            select
                hand_no,
                count(*) as rows_for_hand,
                min(points),
                max(points),
                min(hand_rank),
                max(hand_rank)
            from both_paths
            group by hand_no
            having count(*) <> 2
                or count(case when path = 'table' then 1 end) <> 1
                or min(card_count) <> 5
                or max(card_count) <> 5
                or min(points) <> max(points)
                or count(hand_rank) <> 2
                or min(hand_rank) <> max(hand_rank)
                or min(kickers_agree) = 0
            limit 10
            """,
            (stride,),
        )
    assert disagreeing == []
    assert db.engine.execute("select count(*) from hand_input")[0][0] == 0
