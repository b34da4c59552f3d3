"""Several categories in one deal of Hold'em (`odds --players N CATEGORY...`, holdem_odds):
exact counts checked against every deal of small decks, each player's seven cards ranked by
phevaluator, independent of the SQL and of the board classes."""

from __future__ import annotations

import json
from functools import lru_cache
from collections import Counter
from fractions import Fraction
from math import comb
from pathlib import Path
from itertools import combinations, permutations, product

import numpy as np
import pytest
from phevaluator import evaluate_cards

import pokersql
from pokersql import holdem_odds, odds_players
from pokersql.cli import main
from pokersql.errors import BadInput

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def category(rank: int) -> int:
    """phevaluator's rank (1 the best, 7462 the worst) as the points of 001."""
    bounds = ((1, 9), (10, 8), (166, 7), (322, 6), (1599, 5), (1609, 4), (2467, 3), (3325, 2), (6185, 1))
    return next((points for bound, points in bounds if rank <= bound), 0)


@lru_cache(maxsize=None)
def _deal_points(values: tuple[int, ...], suits: int) -> tuple[np.ndarray, np.ndarray]:
    """For every board of the deck up to a renaming of the suits (which maps deals onto deals
    of the same categories): the points of every hole pair of the cards left (a row, pairs in
    combinations' order), and how many boards the row stands for."""
    renamings = list(permutations(range(suits)))
    found: Counter = Counter()
    for board in combinations([(v, s) for v in values for s in range(suits)], 5):
        found[min(tuple(sorted((v, renaming[s]) for v, s in board)) for renaming in renamings)] += 1
    rows = []
    for board in found:
        rest = [card for card in product(values, range(suits)) if card not in board]
        named = [RANKS[v] + SUITS[s] for v, s in board]
        rows.append([category(evaluate_cards(*named, *(RANKS[v] + SUITS[s] for v, s in pair))) for pair in combinations(rest, 2)])
    return np.array(rows, dtype=np.int8), np.array(list(found.values()), dtype=np.int64)


def brute_force(values: tuple[int, ...], suits: int, players: int, events: list[frozenset[int]], needed: list[int]) -> int:
    """Deals (a board, every player's ordered hole pair) where at least needed[i] players hold
    events[i], each deal counted: 2 players over every ordered disjoint (p, q); 3 players over
    those and, for each, the third pairs missing both, by inclusion-exclusion on the four cards."""
    left = len(values) * suits - 5
    pairs = np.array(list(combinations(range(left), 2)))
    index = {tuple(pair): n for n, pair in enumerate(pairs.tolist())}
    first, second = np.array([(p, q) for p, q in product(range(len(pairs)), repeat=2) if not set(pairs[p]) & set(pairs[q])]).T
    kinds = len(events) + 1
    kind_of = np.array([next((1 + i for i, event in enumerate(events) if points in event), 0) for points in range(10)])

    def ok(held: tuple[int, ...]) -> int:
        return int(all(sum(1 for h in held if h == 1 + i) >= r for i, r in enumerate(needed)))

    wins = np.array([ok(held) for held in product(range(kinds), repeat=players)]).reshape((kinds,) * players)
    # the four cards of each ordered disjoint (p, q), and the six pairs inside them
    cards = np.concatenate([pairs[first], pairs[second]], axis=1)
    inside = np.array([[index[tuple(sorted((row[i], row[j])))] for i, j in combinations(range(4), 2)] for row in cards.tolist()])
    total = 0
    points, boards = _deal_points(values, suits)
    classes_of_boards = kind_of[points]
    for start in range(0, len(classes_of_boards), 200):
        classes, weight = classes_of_boards[start:start + 200], boards[start:start + 200]
        if players == 2:
            total += int((wins[classes[:, first], classes[:, second]].sum(axis=1) * weight).sum())
            continue
        onehot = np.eye(kinds, dtype=np.int64)[classes]  # boards x pairs x kinds
        degree = np.zeros((len(classes), left, kinds), dtype=np.int64)
        for card in pairs.T:
            np.add.at(degree, (slice(None), card), onehot)
        third = (onehot.sum(axis=1)[:, None, :] - degree[:, cards].sum(axis=2) + onehot[:, inside].sum(axis=2))
        total += int(((wins[classes[:, first], classes[:, second]] * third).sum(axis=(1, 2)) * weight).sum())
    return total


ROYAL_DECK = (tuple(range(8, 13)), 4)  # T .. A in four suits: royal flushes, four of a kind, full houses
WHEEL_DECK = ((12, 0, 1, 2, 3), 3)  # A 2 3 4 5 in three suits: the wheel's straight flush, full houses

CASES = [
    (ROYAL_DECK, 2, [frozenset({9}), frozenset({7})], [1, 1]),
    (ROYAL_DECK, 2, [frozenset({6})], [2]),
    (ROYAL_DECK, 2, [frozenset({6, 7, 8, 9})], [1]),
    (ROYAL_DECK, 3, [frozenset({6}), frozenset({7}), frozenset({9})], [1, 1, 1]),
    (ROYAL_DECK, 3, [frozenset({7}), frozenset({6})], [1, 2]),
    (WHEEL_DECK, 2, [frozenset({8}), frozenset({6})], [1, 1]),
    (WHEEL_DECK, 3, [frozenset({6})], [1]),
]


@pytest.fixture(scope="module")
def context(db_file):
    with pokersql.connect(db_file, engine="duckdb") as database:
        yield database.context


@pytest.mark.parametrize(("deck", "players", "events", "needed"), CASES)
def test_small_decks_match_every_deal(context, deck, players, events, needed):
    values, suits = deck
    hits, every, classes = holdem_odds.at_least(context, players, events, needed, values=values, suits=suits)
    assert classes > 0
    assert every == holdem_odds.comb(len(values) * suits, 5) * holdem_odds.ordered_deals(len(values) * suits - 5, players)
    expected = brute_force(values, suits, players, events, needed)
    assert expected > 0
    assert hits == expected


def ask(run, *args: str) -> dict:
    status, out, err = run("odds", *args, "--format", "json", "-q")
    assert status == 0, err
    return json.loads(out)


def test_one_royal_flush_among_six_players_is_its_closed_form(run):
    """Two players hold royal flushes only when the board is one (a royal's pairs share cards),
    so the union is 6 P(one player's seven cards hold one) - 5 P(the board is one)."""
    answer = ask(run, "--players", "6", "royal flush")
    one_player = Fraction(4 * comb(47, 2), comb(52, 7))
    board = Fraction(4, comb(52, 5))
    assert Fraction(answer["fraction"]) == 6 * one_player - 5 * board
    assert Fraction(answer["count"], answer["deals"]) == Fraction(answer["fraction"])


def test_the_hollywood_question_of_holdem(run):
    """Six players: a full house, four of a kind and a royal flush, each a different player's:
    the contract's JSON, count / deals = fraction, rarer than a royal flush alone by far."""
    answer = ask(run, "--players", "6", "full house", "four of a kind", "royal flush")
    assert set(answer) == {"game", "players", "events", "exact", "deals", "count", "probability", "fraction", "one_in",
                           "board_classes"}
    assert answer["game"] == "holdem" and answer["exact"] is True and answer["board_classes"] > 0
    assert answer["events"] == ["full house", "four of a kind", "royal flush"]
    assert answer["deals"] == comb(52, 5) * holdem_odds.ordered_deals(47, 6)
    assert Fraction(answer["count"], answer["deals"]) == Fraction(answer["fraction"])
    royal = ask(run, "--players", "6", "royal flush")
    assert 0 < answer["probability"] < royal["probability"] / 100


@pytest.mark.parametrize(("args", "named"), [
    (["flush"], "'flush'"),
    (["four of a kind"], "6,000 kinds of board"),
    (["straight flush"], "give --trials N"),
    (["full house", "AA"], "not both"),
])
def test_bad_events_are_one_line_naming_them(run, db_file, args, named):
    before = Path(db_file).read_bytes()
    status, out, err = run("odds", "--players", "6", *args, "-q")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and named in err, err
    assert Path(db_file).read_bytes() == before


def test_refusals(context):
    with pytest.raises(BadInput, match="below a full house"):
        holdem_odds.at_least(context, 6, [frozenset({5})], [1])
    with pytest.raises(BadInput, match="share a category"):
        holdem_odds.at_least(context, 6, [frozenset({6, 7}), frozenset({7})], [1, 1])


# -- Monte Carlo -----------------------------------------------------------------------------


def name(card: int) -> str:
    return RANKS[card // 4] + SUITS[card % 4]


@pytest.mark.parametrize(("game", "players", "events"), [
    ("holdem", 6, ["three of a kind", "two pair", "straight"]),
    ("five-card", 4, ["one pair", "flush"]),
])
def test_monte_carlo_counts_its_deals_as_phevaluator_ranks_them(run, game, players, events):
    """The same seeded deals (holdem_odds.trial_hands), each player's cards ranked here by
    phevaluator: the hits are the SQL's, deal for deal."""
    answer = ask(run, "--game", game, "--players", str(players), *events, "--trials", "1500", "--seed", "11")
    assert answer["exact"] is False and answer["trials"] == 1500 and answer["seed"] == 11
    wanted = [odds_players.five_card_category(event) for event in events]
    hits = 0
    for hands in holdem_odds.trial_hands(game, players, 1500, 11):
        dealt = {card for hand in hands for card in hand}
        if game == "holdem":  # two hole cards each, one board of five for all
            assert len(dealt) == 2 * players + 5 and len({tuple(hand[2:]) for hand in hands}) == 1
        else:
            assert len(dealt) == 5 * players
        points = [category(evaluate_cards(*map(name, hand))) for hand in hands]
        hits += all(any(p in event for p in points) for event in wanted)
    assert 0 < hits < 1500
    assert answer["count"] == hits
    assert answer["std_error"] == pytest.approx((hits / 1500 * (1 - hits / 1500) / 1499) ** 0.5)


def test_monte_carlo_agrees_with_the_exact_count_within_its_standard_error(run):
    exact = ask(run, "--game", "five-card", "--players", "3", "two pair", "one pair")
    sampled = ask(run, "--game", "five-card", "--players", "3", "two pair", "one pair", "--trials", "20000")
    assert abs(sampled["probability"] - exact["probability"]) < 4 * sampled["std_error"]


def test_sqlite_answers_as_duckdb(run, built_database, capsys):
    """The Hollywood question's exact count and a Monte Carlo of the same seed, on SQLite."""
    questions = [["--players", "6", "full house", "four of a kind", "royal flush"],
                 ["--players", "6", "four of a kind", "three of a kind", "--trials", "3000", "--seed", "5"]]
    path = built_database("sqlite")
    for question in questions:
        duck = ask(run, *question)
        assert main(["--engine", "sqlite", "--db", path, "odds", *question, "--format", "json", "-q"]) == 0
        assert json.loads(capsys.readouterr().out) == duck
