"""PQL statements answered by `pokersql equity`'s exact tally (pokersql/pql/tally.py): the same
answers and trials as counting deal by deal (``tally=False``), as an enumeration in this file
with phevaluator, as `pokersql equity`; the deals as their closed forms; --sql run as printed."""

from __future__ import annotations

import json
import math
import subprocess
from fractions import Fraction
from itertools import combinations, permutations

import pytest
from phevaluator import evaluate_cards

import pokersql
from pokersql.pql import plan, run as pql_run
from tests.test_pql import _duckdb_shell

# Spots small enough to count deal by deal too: each view of the tally, weights, dead cards.
SPOTS = [
    # equity (known hands only), three ways: splits in thirds
    "select avg(riverequity(hero)), avg(equity(p3, turn)), count(tieshi(villain)), count(scoops(p3)) from hero='AhKh', villain='AdKd', p3='QsJs', board='Ks7d2c'",
    # random_opponent_equity (known hands and one *)
    "select avg(equity(hero, flop)), count(winshi(villain)), count(tieshi(hero)) from game='holdem', hero='AhKh', villain='*', board='Ks7d2c9h'",
    "select avg(fractionalriverequity(villain)), count(scoops(hero)) from hero='8h8d', villain='*', p3='AsQs', board='Ks7d2c'",
    # a known hand's weight: a range of one combination
    "select avg(riverequity(hero)), count(winshi(hero)) from hero='AhKh:0.75', villain='*', board='Ks7d2c9h'",
    "select avg(riverequity(hero)), count(tieshi(villain)) from hero='AhKh:0.75', villain='QdQc:0.6', board='Ks7d2c'",
    # range_equity: ranges, weights, dead cards
    "select avg(equity(hero, flop)), avg(riverequity(villain)), count(winshi(hero)), count(tieshi(villain)) from hero='AhKh', villain='QQ+,AKs', board='Ks7d2c'",
    "select avg(riverequity(hero)), count(winshi(hero)) as won from hero='AhKh', villain='QQ:0.5,JJ', board='2c7d9s'",
    "select avg(riverequity(villain)), count(scoops(villain)) from hero='TT,99', villain='AKs,AQo', p3='AhKh', board='Ks7d2c9h', dead='3s4s'",
]


def answers(db_file: str, query: str, tally: bool) -> list:
    with pokersql.connect(db_file) as db:
        return pql_run(db.context, query, tally=tally)


@pytest.mark.parametrize("query", SPOTS)
def test_the_tally_gives_what_counting_every_deal_gives(db_file, query):
    assert plan(query)[0].tally is not None and plan(query, tally=False)[0].tally is None
    (fast,), (slow,) = answers(db_file, query, True), answers(db_file, query, False)
    assert fast.exact and slow.exact and fast.seed is None
    assert fast.trials == slow.trials
    assert [(r.selector, r.aggregate, r.alias, r.kind) for r in fast.results] == [(r.selector, r.aggregate, r.alias, r.kind) for r in slow.results]
    for mine, theirs in zip(fast.results, slow.results):
        if mine.aggregate == "count":
            assert mine.value == theirs.value and type(mine.value) is type(theirs.value)
        else:  # deal by deal a third is a decimal of 18 digits: the last bit may differ
            assert mine.value == pytest.approx(theirs.value, rel=1e-15, abs=0)


RANKS, SUITS = "23456789TJQKA", "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]


def enumerated(hero: str, villains: list[list[str]], board: str) -> tuple[int, Fraction, int, int]:
    """Every villain hand (of ``villains``) and every turn and river in order, with phevaluator:
    (deals, hero's pot share, hero's wins alone, hero's splits)."""
    known = [hero[i:i + 2] for i in (0, 2)]
    cards = [board[i:i + 2] for i in range(0, len(board), 2)]
    deals, share, wins, splits = 0, Fraction(0), 0, 0
    for villain in villains:
        if set(villain) & set(known + cards):
            continue
        left = [c for c in DECK if c not in known + cards + villain]
        for rest in permutations(left, 5 - len(cards)):
            full = cards + list(rest)
            mine, theirs = evaluate_cards(*full, *known), evaluate_cards(*full, *villain)
            deals += 1
            if mine < theirs:
                share, wins = share + 1, wins + 1
            elif mine == theirs:
                share, splits = share + Fraction(1, 2), splits + 1
    return deals, share / deals, wins, splits


@pytest.mark.parametrize(
    ("villain", "villains"),
    [
        ("*", [list(c) for c in combinations(DECK, 2)]),
        ("QQ+,AKs", [[r + a, r + b] for r in "QKA" for a, b in combinations(SUITS, 2)] + [["A" + s, "K" + s] for s in SUITS]),
    ],
)
def test_the_tally_is_phevaluators_enumeration(db_file, villain, villains):
    deals, share, wins, splits = enumerated("AhKh", villains, "Ks7d2c9h")
    query = f"select avg(riverequity(hero)), count(winshi(hero)), count(tieshi(hero)), count(scoops(hero)) from hero='AhKh', villain='{villain}', board='Ks7d2c9h'"
    assert plan(query)[0].tally is not None
    (answer,) = answers(db_file, query, True)
    assert answer.trials == deals
    assert [r.value for r in answer.results] == [float(share), wins + splits, splits, wins]


def test_the_deals_are_the_closed_forms(db_file):
    """A flop a set, the turn and river in order, as PQL counts deal by deal."""
    (flop,) = answers(db_file, "select avg(riverequity(hero)) from hero='AhKh', villain='*', board='Ks7d2c'", True)
    assert flop.trials == math.comb(47, 2) * 45 * 44
    (preflop,) = answers(db_file, "select count(winshi(hero)) from hero='AhAd', villain='KhKd'", True)
    assert preflop.trials == math.comb(48, 3) * 45 * 44
    (weighted,) = answers(db_file, "select count(winshi(hero)) from hero='AhKh', villain='QQ:0.5,JJ', board='2c7d9s'", True)
    assert weighted.trials == (6 * 0.5 + 6) * 45 * 44


@pytest.mark.slow  # every hand against every board
def test_preflop_against_any_hand_is_exact_and_is_pokersql_equity(run, db_file):
    """Issue 65's spot: 1,225 hands of the villain times every board, past the budget of counting
    deal by deal, now exact: the value `pokersql equity AhKh random --exact` counts."""
    status, out, err = run("equity", "AhKh", "random", "--exact", "--format", "json")
    assert status == 0, err
    counted = json.loads(out)
    hero, villain = counted["players"]
    status, out, err = run("pql", "select avg(riverequity(hero)), count(winshi(hero)), count(tieshi(villain)) from game='holdem', hero='AhKh', villain='*'", "--format", "json")
    assert status == 0, err
    answer = json.loads(out)
    orders = 20  # the 5 cards of a board: which 3 are the flop, then the turn's and river's order
    assert answer["exact"] is True and answer["seed"] is None
    assert answer["trials"] == math.comb(50, 2) * math.comb(48, 3) * 45 * 44 == counted["deals"] * orders
    assert [r["value"] for r in answer["results"]] == [hero["equity"], (hero["wins"] + hero["ties"]) * orders, villain["ties"] * orders]


@pytest.mark.parametrize(
    "query",
    [
        "select avg(riverequity(hero)) from hero='AhKh', villain='QQ', board='Ks7d2c' where pairedboard(river)",
        "select avg(riverequity(hero)), count(pocketpair(villain)) from hero='AhKh', villain='QQ', board='Ks7d2c'",
        "select count(winslo(hero)) from game='omaha8', hero='AhAd2c3c', villain='KhKd4d5d', board='4h5s9c'",
        "select avg(riverequity(hero)) from game='omaha', hero='AsAhKdQd', villain='JcTc9h8h', board='2s7c9d'",
        "select avg(riverequity(hero)) from hero='AhKh', villain='QQ', board='Ks7d'",
        "select avg(riverequity(hero)) from hero='*', villain='*', board='AhKd7c2s3h'",  # many hands: quicker deal by deal
    ],
)
def test_what_the_tally_does_not_answer_is_counted_deal_by_deal(query):
    assert plan(query)[0].tally is None


def test_the_printed_sql_of_the_tally_runs_as_printed_in_the_duckdb_shell(run, db_file):
    query = "select avg(equity(hero, flop)), count(winshi(villain)) from game='holdem', hero='AhKh', villain='QQ+,AKs', board='Ks7d2c'"
    status, out, err = run("pql", "--sql", query)
    assert status == 0, err
    assert "range_equity" in out and "'QQ" not in out
    (answer,) = answers(db_file, query, True)
    expected = [answer.trials, *(r.value for r in answer.results)]
    shell = _duckdb_shell()
    if shell is None:
        import duckdb

        row = duckdb.connect(db_file, read_only=True).execute(out.rstrip().rstrip(";")).fetchall()[0]
        assert [row[0], float(row[1]), row[2]] == expected
        return
    done = subprocess.run([shell, "-readonly", "-csv", db_file], input=out, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    header, row = done.stdout.strip().splitlines()[-2:]
    assert header == "trials,selector_0,selector_1"
    assert [int(row.split(",")[0]), float(row.split(",")[1]), int(row.split(",")[2])] == expected
