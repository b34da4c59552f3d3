"""Several events in one deal of the five-card game, exactly (issue 48, pokersql/deal_odds.py):
against closed forms, the SQL's own counts of one hand, and every deal of small decks dealt
and ranked here by phevaluator."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import pytest
from phevaluator import evaluate_cards

from pokersql import deal_odds
from pokersql.errors import BadInput

SUITS = "cdhs"
RANKS = "23456789TJQKA"


def points(rank: int) -> int:
    """phevaluator's rank (1 the best of 7,462) as 001's points: 9 royal flush .. 0 high card."""
    bounds = [(1, 9), (10, 8), (166, 7), (322, 6), (1599, 5), (1609, 4), (2467, 3), (3325, 2), (6185, 1), (7462, 0)]
    return next(p for bound, p in bounds if rank <= bound)


def dealt_counts(values: tuple[int, ...], suits: int, players: int, events: list[frozenset[int]]) -> Counter:
    """Every ordered deal of ``players`` hands from the small deck, each hand ranked by
    phevaluator: (how many players hold each event) -> deals."""
    found: Counter = Counter()
    for held, deals in dealt_categories(values, suits, players).items():
        found[tuple(sum(p in event for p in held) for event in events)] += deals
    return found


@lru_cache
def dealt_categories(values: tuple[int, ...], suits: int, players: int) -> Counter:
    """Every ordered deal of the small deck: (each player's category, in order) -> deals."""
    deck = [RANKS[v] + SUITS[s] for v in values for s in range(suits)]
    category = {hand: points(evaluate_cards(*hand)) for hand in combinations(deck, 5)}
    found: Counter = Counter()

    def deal(left: list[str], held: list[int]) -> None:
        if len(held) == players:
            found[tuple(held)] += 1
            return
        for hand in combinations(left, 5):
            rest = [card for card in left if card not in hand]
            deal(rest, held + [category[hand]])

    deal(deck, [])
    return found


SMALL_DECKS = [
    # T-A in three suits: royal flushes, full houses, no four of a kind
    ((8, 9, 10, 11, 12), 3, 3, [frozenset({6}), frozenset({9})]),
    ((8, 9, 10, 11, 12), 3, 3, [frozenset({3}), frozenset({2}), frozenset({1})]),
    # A-2-3-4-5 in three suits: the wheel's straight flushes (the ace low)
    ((12, 0, 1, 2, 3), 3, 3, [frozenset({8}), frozenset({6, 7, 3})]),
    # J-A in four suits, two players: fours of a kind
    ((9, 10, 11, 12), 4, 2, [frozenset({7}), frozenset({6})]),
    ((9, 10, 11, 12), 4, 2, [frozenset({7, 6, 3, 2, 1})]),
]


@pytest.mark.parametrize(("values", "suits", "players", "events"), SMALL_DECKS)
def test_every_deal_of_a_small_deck(values, suits, players, events):
    counted = deal_odds.deal_counts(players, events, values=values, suits=suits)
    dealt = dealt_counts(values, suits, players, events)
    assert {x: n for x, n in counted.items() if n} == dict(dealt)
    assert sum(counted.values()) == deal_odds.deals(len(values) * suits, players)


def test_one_hand_holds_the_sqls_counts(built_database):
    """One player: each category's hands, as the hands table counts them (freq's SQL)."""
    import pokersql

    with pokersql.connect(built_database("duckdb")) as db:
        table = dict(db.query("select points, count(*) from hands group by points").rows)
    for category in sorted(deal_odds.COUNTED):
        assert deal_odds.tuples(Counter({category: 1})) == table[category], category


def test_closed_forms():
    # six five-card hands, at least one four of a kind: inclusion-exclusion over the players
    assert deal_odds.probability(6, [frozenset({7})], [1]) == Fraction(2580547306914542887, 1792711161136746705855)
    # two players both dealt four of a kind: two values in order, each kicker of the other 11
    assert deal_odds.probability(2, [frozenset({7})], [2]) == Fraction(13 * 12 * 44 * 43, deal_odds.deals(52, 2))
    # a royal flush and another straight flush, two players: the other of 9 straight flushes in
    # each of 3 other suits, or of the 4 in the royal's suit below the ten (2-6 .. 5-9), either way round
    assert deal_odds.probability(2, [frozenset({9}), frozenset({8})], [1, 1]) == Fraction(2 * 4 * (9 * 3 + 4), deal_odds.deals(52, 2))


def test_refuses_what_it_cannot_count():
    with pytest.raises(BadInput, match="flush, a straight or a high card"):
        deal_odds.deal_counts(6, [frozenset({5})])
    with pytest.raises(BadInput, match="share a category"):
        deal_odds.deal_counts(6, [frozenset({6, 7}), frozenset({7})])


def test_the_command(built_database, capsys):
    """`odds --game five-card`: the Hollywood question of the article's reader, and one category
    given twice (two players holding it); JSON as the contract's odds --players shape."""
    import json

    from pokersql.cli import main

    path = built_database("duckdb")
    assert main(["--db", path, "odds", "--game", "five-card", "--players", "6", "full house", "four of a kind", "royal flush",
                 "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = deal_odds.probability(6, [frozenset({6}), frozenset({7}), frozenset({9})], [1, 1, 1])
    assert data["exact"] is True and data["fraction"] == f"{expected.numerator}/{expected.denominator}"
    assert data["deals"] == deal_odds.deals(52, 6) and data["count"] == expected * data["deals"]
    assert main(["--db", path, "odds", "--game", "five-card", "--players", "2", "quads", "four of a kind", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 13 * 12 * 44 * 43


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["flush"], "'flush'"),
        (["three of a kind or better"], "'three of a kind or better'"),
        (["full house or better", "four of a kind"], "share a category"),
        (["a boat"], "'a boat'"),
        (["full house", "--seed", "3"], "--seed 3"),
    ],
)
def test_the_command_refuses_in_one_line(built_database, capsys, args, named):
    from pokersql.cli import main

    path = built_database("duckdb")
    before = open(path, "rb").read()
    assert main(["--db", path, "odds", "--game", "five-card", "--players", "6", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1 and named in captured.err, captured.err
    assert open(path, "rb").read() == before
