"""`pokersql odds` (issue 48): exact answers counted in SQL (sql/odds), checked from outside.

The closed forms are worked out here with math.comb; the brute force deals every flop (and
one hand's every turn) in plain Python, ranks the cards with phevaluator and tests each made
hand and draw by its own definition written here (docs/ranges.md#how-often-odds), then asks
the real CLI the same question.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction
from math import comb, prod
from pathlib import Path

import pytest
from phevaluator import evaluate_cards

from pokersql.cards import card_name, parse_cards

STRAIGHTS = [set(range(high - 4, high + 1)) for high in range(6, 15)] + [{14, 2, 3, 4, 5}]


def ask(run, *args: str) -> dict:
    status, out, err = run("odds", *args, "--format", "json")
    assert status == 0, err
    return json.loads(out)


# -- closed forms ------------------------------------------------------------------------------

FLOPS = comb(50, 3)


def fraction(answer: dict) -> Fraction:
    assert answer["exact"] is True
    assert Fraction(answer["fraction"]) == Fraction(answer["count"], answer["deals"])
    assert answer["probability"] == pytest.approx(float(Fraction(answer["fraction"])), rel=1e-15)
    return Fraction(answer["fraction"])


def test_two_suited_cards_flop_a_flush_0_842_percent(run):
    # three of the eleven cards of their suit: C(11,3) of the C(50,3) flops; 7-2 makes no straight flush
    closed = Fraction(comb(11, 3), FLOPS)
    assert f"{float(closed):.3%}" == "0.842%"
    answer = ask(run, "--hero", "72s", "--street", "flop", "flush")
    assert fraction(answer) == closed
    assert answer["deals"] == 4 * FLOPS and answer["combos"] == 4
    assert answer["one_in"] == pytest.approx(float(1 / closed))


def test_two_suited_cards_flop_a_flush_draw_10_94_percent(run):
    closed = Fraction(comb(11, 2) * 39, FLOPS)  # two of their suit and one of the 39 others
    assert f"{float(closed):.2%}" == "10.94%"
    assert fraction(ask(run, "--hero", "Ah Kh", "--street", "flop", "flush draw")) == closed


def test_an_unpaired_hand_pairs_on_the_flop_32_43_percent(run):
    closed = 1 - Fraction(comb(44, 3), FLOPS)  # a flop with none of the six cards of its two values
    assert f"{float(closed):.2%}" == "32.43%"
    assert fraction(ask(run, "--hero", "KQo", "--street", "flop", "paired")) == closed


def test_a_pocket_pair_flops_a_set_or_better_144_of_1225(run):
    closed = 1 - Fraction(comb(48, 3), FLOPS)  # a flop with one or two of the pair's two other cards
    assert closed == Fraction(144, 1225)
    assert fraction(ask(run, "--hero", "88", "--street", "flop", "set or better")) == closed
    # the category counts the board's three of a kind too (a full house): 48 more flops of each combination
    category = ask(run, "--hero", "88", "--street", "flop", "three of a kind or better")
    assert fraction(category) == closed + Fraction(48, FLOPS) == Fraction(147, 1225)


def test_a_range_counts_each_combination_with_each_board(run):
    answer = ask(run, "--hero", "QQ+,AKs", "--street", "flop", "set or better")
    assert answer["combos"] == 22 and answer["deals"] == 22 * FLOPS and answer["range"] == "QQ+,AKs"
    assert Fraction(answer["fraction"]) == Fraction(18 * 2304, 22 * FLOPS)  # AKs holds no pair


def test_a_weighted_range_weighs_its_combinations(run):
    answer = ask(run, "--hero", "AA,KK:0.5", "--street", "flop", "set")
    assert answer["weight_scale"] == 2
    assert answer["deals"] == (6 * 2 + 6 * 1) * FLOPS
    assert Fraction(answer["fraction"]) == Fraction(144, 1225)


# -- brute force ------------------------------------------------------------------------------


def category(cards: list[int]) -> int:
    """points 0 to 9 from phevaluator's rank (1 = the royal flush ... 7462)."""
    rank = evaluate_cards(*(card_name(c) for c in cards))
    bounds = [(1, 9), (10, 8), (166, 7), (322, 6), (1599, 5), (1609, 4), (2467, 3), (3325, 2), (6185, 1), (7462, 0)]
    return next(points for bound, points in bounds if rank <= bound)


def straight(values: set[int]) -> bool:
    return any(window <= values for window in STRAIGHTS)


def flags(hole: tuple[int, int], board: tuple[int, ...]) -> dict[str, bool]:
    """Each made hand and draw, as docs/ranges.md defines it."""
    value = lambda card: card // 4 + 2  # noqa: E731
    suit = lambda card: card % 4  # noqa: E731
    first, second = sorted(hole, reverse=True)
    high, low = value(first), value(second)
    on_board = Counter(value(c) for c in board)
    top = max(on_board)
    pocket = high == low
    draws = len(board) < 5
    suits = Counter(suit(c) for c in (*hole, *board))
    draw_suit = next((suit(c) for c in (first, second) if suits[suit(c)] == 4), None)
    nut = False
    if draws and draw_suit is not None:
        mine = max(value(c) for c in hole if suit(c) == draw_suit)
        board_values = {value(c) for c in board if suit(c) == draw_suit}
        nut = all(v in board_values for v in range(mine + 1, 15))
    held = set(on_board) | {high, low}
    outs = [
        v for v in range(2, 15)
        if v not in held and straight(held | {v}) and not straight(set(on_board) | {v})
    ] if not straight(held) else []
    return {
        "made_set": pocket and on_board[high] >= 1,
        "two_pair": not pocket and on_board[high] == 1 and on_board[low] == 1,
        "overpair": pocket and high > top,
        "top_pair": not pocket and ((high == top and on_board[high] == 1 and on_board[low] == 0)
                                    or (low == top and on_board[low] == 1 and on_board[high] == 0)),
        "paired": on_board[high] > 0 or on_board[low] > 0,
        "flush_draw": draws and draw_suit is not None,
        "nut_flush_draw": nut,
        "open_ended": draws and len(outs) >= 2,
        "gutshot": draws and len(outs) == 1,
    }


def brute_force(
    holes: list[tuple[int, int]], board_cards: int, known: tuple[int, ...] = (), dead: tuple[int, ...] = (),
) -> tuple[Counter, Counter, int]:
    """Every board of ``board_cards`` that completes ``known`` (from the cards not ``dead``) for
    every hole: flags and categories counted."""
    flagged, categories, deals = Counter(), Counter(), 0
    for hole in holes:
        deck = [c for c in range(52) if c not in hole and c not in known and c not in dead]
        for more in itertools.combinations(deck, board_cards - len(known)):
            board = (*known, *more)
            deals += 1
            categories[category([*hole, *board])] += 1
            flagged.update(name for name, held in flags(hole, board).items() if held)
    return flagged, categories, deals


def check_against_brute_force(answer: dict, street: str, flagged: Counter, categories: Counter, deals: int) -> None:
    assert answer["deals"] == deals
    assert answer["flags"] == {name: flagged[name] for name in answer["flags"]}
    histogram = {row["points"]: row["count"] for row in answer["histogram"] if row["street"] == street}
    assert histogram == {points: categories[points] for points in range(10)}


@pytest.mark.parametrize("hand", ["8s 8d", "9h 8h", "Ks Qd"])  # a pair, suited connectors, offsuit broadway
def test_every_made_hand_and_draw_on_every_flop_matches_a_brute_force(run, hand):
    answer = ask(run, "--hero", hand, "--street", "flop", "--histogram")
    flagged, categories, deals = brute_force([tuple(parse_cards(hand))], 3)
    assert min(flagged[name] for name in ("paired", "gutshot")) > 0  # every hand here makes these
    check_against_brute_force(answer, "flop", flagged, categories, deals)


def test_every_made_hand_and_draw_on_every_turn_matches_a_brute_force(run):
    """Six cards: two to a straight or a flush on the board can join the hole cards' draw. The
    board's first card is given (every turn after it: 18,424 boards; all 230,300 take 14 s here)."""
    answer = ask(run, "--hero", "9h 8h", "--board", "6h", "--street", "turn", "--histogram")
    flagged, categories, deals = brute_force([(parse_cards("9h")[0], parse_cards("8h")[0])], 4, known=tuple(parse_cards("6h")))
    check_against_brute_force(answer, "turn", flagged, categories, deals)
    assert [row["count"] for row in answer["histogram"] if row["street"] == "flop"]  # the flop's too


def test_a_range_on_a_board_with_dead_cards_matches_a_brute_force(run):
    """The board and the dead cards leave fewer suits alike: the classes of combinations that
    one board count stands for must still give each combination's own count."""
    board, dead = parse_cards("Kh 7h 2c"), parse_cards("Ah")
    holes = [(a, b) for a, b in (parse_cards(f"A{s} K{s}") for s in "cdhs") if not {a, b} & {*board, *dead}]
    assert len(holes) == 3
    answer = ask(run, "--hero", "AKs", "--board", "Kh 7h 2c", "--dead", "Ah", "--street", "river", "--histogram")
    flagged, categories, deals = brute_force(holes, 5, known=tuple(board), dead=tuple(dead))
    check_against_brute_force(answer, "river", flagged, categories, deals)
    assert answer["combos"] == 3 and answer["flags"]["flush_draw"] == 0  # no draw on the river


# -- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--hero", "AA", "--street", "flop", "a monster"], "'a monster'"),
        (["--hero", "AA", "--street", "flip", "set"], "'flip'"),
        (["--hero", "QQ+,AKv", "--street", "flop", "set"], "AKv"),
        (["--hero", "AA", "--street", "flop", "top pair or better"], "'top pair or better'"),
        (["--hero", "Ah Kd", "--board", "Ah 7c 2d", "--street", "turn", "flush"], "'Ah'"),
        (["--hero", "AA", "--board", "Ah 7c 2d 9s", "--street", "flop", "set"], "Ah 7c 2d 9s"),
        (["--hero", "random", "--street", "turn", "flush"], "over the bound of 12,000,000"),
        (["--hero", "AA", "--street", "flop"], "EVENT"),
        (["--hero", "AA", "flush"], "--street"),
    ],
)
def test_bad_input_is_one_line_naming_it_and_the_database_is_unchanged(run, db_file, args, named):
    before = Path(db_file).read_bytes()
    status, out, err = run("odds", *args)
    assert status == 2 and out == ""
    assert err.startswith("pokersql: error: ") and err.count("\n") == 1 and named in err, err
    assert Path(db_file).read_bytes() == before


# -- several players, hole cards only -----------------------------------------------------------

HOLES = [frozenset(pair) for pair in itertools.combinations(range(52), 2)]


def combos_of(text: str) -> set[frozenset[int]]:
    from pokersql.ranges import parse_range

    return {frozenset(combo) for combo in parse_range(text)}


def test_two_of_six_players_dealt_aces_is_3_in_54145(run):
    # 15 pairs of players; the first dealt AA (6 of 1,326), the second the other two aces (1 of 1,225);
    # three players cannot all hold AA, so the pairs' events never meet
    closed = Fraction(comb(6, 2) * 6, comb(52, 2) * comb(50, 2))
    assert closed == Fraction(3, 54145)
    answer = ask(run, "--players", "6", "AA", "AA")
    assert fraction(answer) == closed
    assert answer["deals"] == prod(comb(52 - 2 * i, 2) for i in range(6)) and answer["events"] == ["AA", "AA"]
    # counted: AA; AA,AA; then AA,AA with a third player in an event, and AA three times: both 0
    assert answer["game"] == "holdem" and answer["players"] == 6 and answer["counted"] == 4


@pytest.mark.parametrize("events", [("QQ+",), ("AK", "AKs,QQ+"), ("KK+", "AK,KQs")])
def test_two_players_match_every_deal_of_their_hole_cards(run, events):
    """Every ordered deal of two hands (1,326 x 1,225), counted here: the events overlap (AKs is
    in both), so each must be matched to a different player."""
    wanted = [combos_of(event) for event in events]
    union = set().union(*wanted)
    hits = 0
    for first in HOLES:
        for second in HOLES if first in union else union:  # a deal with no hand of an event counts none
            if first & second:
                continue
            hands = (first, second)
            hits += any(all(hands[p] in wanted[e] for e, p in enumerate(seats)) for seats in itertools.permutations(range(2), len(events)))
    answer = ask(run, "--players", "2", *events)
    assert answer["deals"] == comb(52, 2) * comb(50, 2) and answer["count"] == hits
    assert fraction(answer) == Fraction(hits, answer["deals"])


def test_monte_carlo_agrees_with_the_exact_count_within_its_standard_error(run):
    exact = ask(run, "--players", "4", "A2s+", "KK+")
    estimate = ask(run, "--players", "4", "A2s+", "KK+", "--trials", "100000", "--seed", "3")
    assert estimate["exact"] is False and estimate["trials"] == 100000 and estimate["seed"] == 3
    assert estimate["std_error"] == pytest.approx((estimate["probability"] * (1 - estimate["probability"]) / 99999) ** 0.5)
    assert abs(estimate["probability"] - exact["probability"]) < 4 * estimate["std_error"]
    assert ask(run, "--players", "4", "A2s+", "KK+", "--trials", "100000", "--seed", "3") == estimate  # seeded: the same


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["AA", "AA"], "--players"),
        (["--players", "2", "AA", "KK", "QQ"], "3 events for 2 players"),
        (["--players", "3", "AA", "QQ+,AKv"], "AKv"),
        (["--players", "3", "AA", "--street", "flop"], "--street"),
        (["--players", "3", "AA", "--seed", "4"], "--seed 4"),
        (["--players", "6", "22+", "22+"], "--trials N --seed S"),
        (["--players", "3", "AA", "AK:0.5"], "'AK:0.5' has weights"),
    ],
)
def test_bad_players_input_is_one_line_naming_it_and_the_database_is_unchanged(run, db_file, args, named):
    before = Path(db_file).read_bytes()
    status, out, err = run("odds", *args)
    assert status == 2 and out == ""
    assert err.startswith("pokersql: error: ") and err.count("\n") == 1 and named in err, err
    assert Path(db_file).read_bytes() == before


# -- the other engines ------------------------------------------------------------------------------

QUESTIONS = [
    ["--hero", "88", "--street", "flop", "set"],
    ["--hero", "AKs", "--board", "Kh 7h 2c", "--dead", "Ah", "--street", "turn", "flush draw", "--histogram"],
    ["--players", "6", "AA", "AA"],
]


@pytest.mark.parametrize("engine", ["sqlite", pytest.param("postgres", marks=pytest.mark.xdist_group("postgres"))])
def test_sqlite_and_postgres_answer_as_duckdb(run, built_database, request, capsys, engine):
    """The same views on the other engines (transpiled; card_sum_ranks written into the query)."""
    from pokersql.cli import main

    where = request.getfixturevalue("pg_url") if engine == "postgres" else built_database("sqlite")
    for question in QUESTIONS:
        assert main(["--engine", engine, "--db", where, "odds", *question, "--format", "json"]) == 0
        assert json.loads(capsys.readouterr().out) == ask(run, *question), question
