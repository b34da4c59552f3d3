"""Texas Hold'em equity, exact and Monte Carlo, against an independent exhaustive count.

The truth is counted here with phevaluator (same card ids and hand_rank numbers as
pokersql: card_id = (value - 2) * 4 + suit_index, suits c d h s; lower rank is better),
over every board that can still come.
"""

from __future__ import annotations

import collections
import functools
import itertools
import json
import math

import pytest

import pokersql
from pokersql.cards import card_name, parse_cards
from pokersql.cli import main
from conftest import ENGINES  # tests/conftest.py: the engines of a file database
from showdowns import Tally  # tests/showdowns.py



def ids(text: str) -> list[int]:
    return parse_cards(text)


def names(text: str) -> list[str]:
    return [card_name(c) for c in ids(text)]


def boards_to_come(hands: list[str], board: str = "", dead: str = ""):
    """Every complete board: the board so far plus each combination of the cards still in the deck."""
    known = ids(board)
    out = set(known) | set(ids(dead)) | {c for h in hands for c in ids(h)}
    deck = [c for c in range(52) if c not in out]
    for rest in itertools.combinations(deck, 5 - len(known)):
        yield (*known, *rest)


def exhaustive_equity(hands: list[str], board: str = "", dead: str = ""):
    """(boards, [(wins, ties, equity)]) over every board still to come, by phevaluator."""
    holes = [ids(h) for h in hands]
    tally = Tally(len(holes))
    for full in boards_to_come(hands, board, dead):
        tally.showdown(full, holes)
    return tally.results()


@functools.cache
def preflop_exhaustive(*hands: str):
    """exhaustive_equity before the flop (1,712,304 boards heads-up), once per matchup for both engines."""
    return exhaustive_equity(list(hands))


@pytest.fixture(scope="module")
def duck_db(built_database):
    """DuckDB only, for Monte Carlo and bad input; the exact counts run on every engine (conftest's db)."""
    with pokersql.connect(built_database("duckdb")) as database:
        yield database


def assert_matches(result, hands, boards, expected, board="", dead=""):
    what = f"{' vs '.join(hands)} board {board!r} dead {dead!r}"
    assert result.exact is True
    assert result.boards == boards, f"{what}: expected {boards} boards, got {result.boards}"
    assert [p.hand for p in result.players] == [names(h) for h in hands]
    actual = [(p.wins, p.ties) for p in result.players]
    assert actual == [(w, t) for w, t, _ in expected], f"{what}: expected (wins, ties) {[(w, t) for w, t, _ in expected]}, got {actual}"
    for p, (_, _, equity) in zip(result.players, expected):
        assert p.equity == pytest.approx(equity, abs=1e-12), f"{what}: expected equity {equity}, got {p.equity}"
    assert sum(p.equity for p in result.players) == pytest.approx(1, abs=1e-12)


# -- 7. exact --------------------------------------------------------------------------------

EXACT_CASES = [
    # hands, board, dead, cards still in the deck, cards to come
    (["AhAd", "KhKd"], "2c 7d Kc", "", 45, 2),  # heads-up on the flop: KK has a set
    (["AhKh", "QsQd", "7c8c"], "2h 7h Qc", "9c", 42, 2),  # three-way, a dead card
    (["AsKs", "JdJc"], "Qs 7s 2d 3c", "", 44, 1),  # heads-up on the turn: a flush draw
    (["AhKd", "AcKc"], "Qs Js 2d", "", 45, 2),  # mostly split pots, a club flush for one
    (["Ah2c", "Ad3c"], "Ks Qs Js Ts 4d", "", 43, 0),  # the river: the board plays, a split
    (["2c2d", "3h3s", "AcKd", "7s8s"], "9s Th 2h", "Ad As", 39, 2),  # four-way, two dead cards
]


@pytest.mark.parametrize(("hands", "board", "dead", "remaining", "to_come"), EXACT_CASES, ids=[" vs ".join(c[0]) + " | " + c[1] for c in EXACT_CASES])
def test_exact_equity_against_an_exhaustive_count(db, hands, board, dead, remaining, to_come):
    boards, expected = exhaustive_equity(hands, board, dead)
    assert boards == math.comb(remaining, to_come)
    result = db.equity(*hands, board=board, dead=dead)
    assert_matches(result, hands, boards, expected, board, dead)


def test_exact_equity_is_identical_run_to_run(db):
    first = db.equity("AhKh", "QsQd", "7c8c", board="2h 7h Qc", dead="9c")
    db.evaluate("Ah Ad Ac Kh Kd Ks 2c")  # something else in between must leave nothing behind
    second = db.equity("AhKh", "QsQd", "7c8c", board="2h 7h Qc", dead="9c")
    assert first.to_dict() == second.to_dict()
    assert "seed" not in first.to_dict()


def test_exact_equity_accepts_the_contract_notations(db):
    a = db.equity("AhAd", "KhKd", board="2c 7d Kc")
    b = db.equity("Ah Ad", "K♥ K♦", board="2c,7d,Kc")
    c = db.equity(["Ah", "Ad"], ["Kh", "Kd"], board=["2c", "7d", "Kc"])
    assert a.to_dict() == b.to_dict() == c.to_dict()


def board_classes_by_definition(hands: list[str], board: str, dead: str) -> collections.Counter:
    """Boards still to come per class, as V012's header defines one: the board's values, and
    the suit holding three or more of its five cards (if any) with its values in that suit."""
    classes: collections.Counter = collections.Counter()
    for full in boards_to_come(hands, board, dead):
        suits = collections.Counter(c % 4 for c in full)
        flush_suit = next((suit for suit, n in suits.items() if n >= 3), None)
        flush_values = frozenset(c // 4 for c in full if c % 4 == flush_suit)
        classes[(tuple(sorted(c // 4 for c in full)), flush_suit, flush_values)] += 1
    return classes


@pytest.mark.parametrize(("hands", "board", "dead", "remaining", "to_come"), EXACT_CASES, ids=[" vs ".join(c[0]) + " | " + c[1] for c in EXACT_CASES])
def test_board_classes_are_the_defined_partition(db, hands, board, dead, remaining, to_come):
    expected = board_classes_by_definition(hands, board, dead)
    with db.engine.scratch():
        for player, hand in enumerate(hands, start=1):
            for card in ids(hand):
                db.engine.execute("insert into hand_input (hand_no, card_id) values (?, ?)", (player, card))
        for table, cards in (("board_input", board), ("dead_input", dead)):
            for card in ids(cards):
                db.engine.execute(f"insert into {table} (card_id) values (?)", (card,))
        rows = db.engine.execute("select board_class, boards from equity_board_classes")
    assert sum(boards for _, boards in rows) == math.comb(remaining, to_come)
    assert len({board_class for board_class, _ in rows}) == len(rows), "two classes share a number"
    assert sorted(boards for _, boards in rows) == sorted(expected.values())


PREFLOP_CASES = [
    # hands, cards still in the deck, the engines that count them
    (["AsKs", "QhJh"], 48, ["duckdb"]),  # suited in two different suits: flushes of each, never both
    # three-way, AhAd v KhKd inside it (two hands of the same two suits): SQLite's count too
    (["AhAd", "KhKd", "QsJs"], 46, ENGINES),
]


@pytest.mark.slow
@pytest.mark.parametrize(("hands", "remaining", "engines"), PREFLOP_CASES, ids=[" vs ".join(c[0]) for c in PREFLOP_CASES])
def test_exact_equity_preflop(built_database, hands, remaining, engines):
    """Every board before the flop, counted by phevaluator once (seconds of Python), and each
    engine's count against it in the same test (under xdist, two tests may run in two workers,
    and each would count again)."""
    boards, expected = preflop_exhaustive(*hands)
    assert boards == math.comb(remaining, 5)
    for engine in engines:
        with pokersql.connect(built_database(engine), engine=engine) as database:
            assert_matches(database.equity(*hands), hands, boards, expected)


def test_aces_against_kings_is_about_82_percent(duck_db):
    """A second check, from published figures, not the golden truth."""
    assert 0.81 < duck_db.equity("AhAd", "KhKd").players[0].equity < 0.84


# -- 8. Monte Carlo ----------------------------------------------------------------------------


def standard_error(result, player: int) -> float:
    """Of one player's mean pot share: each runout's share is 1, 1/k or 0 (here k <= 2 ties mostly)."""
    p = result.players[player]
    n = result.boards
    mean = p.equity
    # An upper bound on the second moment: a split share is at most 1/2.
    second = (p.wins + 0.25 * p.ties) / n
    return math.sqrt(max(second - mean * mean, 1e-12) / n)


def test_monte_carlo_is_reproducible_by_seed(duck_db):
    first = duck_db.equity("AhAd", "KhKd", trials=3000, seed=11)
    again = duck_db.equity("AhAd", "KhKd", trials=3000, seed=11)
    other = duck_db.equity("AhAd", "KhKd", trials=3000, seed=12)
    assert first.to_dict() == again.to_dict()
    assert first.exact is False and first.seed == 11 and first.to_dict()["seed"] == 11
    assert first.boards == 3000
    assert [(p.wins, p.ties) for p in first.players] != [(p.wins, p.ties) for p in other.players]
    assert sum(p.equity for p in first.players) == pytest.approx(1, abs=1e-12)


@pytest.mark.slow
def test_monte_carlo_within_four_standard_errors_of_exact_preflop(duck_db):
    preflop = duck_db.equity("AhAd", "KhKd")
    estimate = duck_db.equity("AhAd", "KhKd", trials=40000, seed=2024)
    assert estimate.boards == 40000
    for n in range(2):
        exact = preflop.players[n].equity
        se = standard_error(estimate, n)
        assert abs(estimate.players[n].equity - exact) < 4 * se, (
            f"player {n + 1}: Monte Carlo {estimate.players[n].equity} vs exact {exact}, se {se}"
        )


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AhAd", "KhKd"], "2c 7d Kc", "Ac As"),  # no aces left for AA: the dead cards must stay out
        (["AsKs", "JdJc"], "Qs 7s 2d 3c", "4s 5s 6s"),  # fewer flush cards for AK
        (["AhKh", "QsQd", "7c8c"], "2h 7h Qc", "9c"),
    ],
)
def test_monte_carlo_with_a_board_and_dead_cards_within_four_standard_errors(duck_db, hands, board, dead):
    boards, expected = exhaustive_equity(hands, board, dead)
    estimate = duck_db.equity(*hands, board=board, dead=dead, trials=20000, seed=5)
    assert estimate.boards == 20000
    for n, (_, _, exact) in enumerate(expected):
        se = standard_error(estimate, n)
        assert abs(estimate.players[n].equity - exact) < 4 * se + 1e-9, (
            f"{hands} board {board} dead {dead}, player {n + 1}: Monte Carlo {estimate.players[n].equity} "
            f"vs exact {exact}, se {se}"
        )


def test_monte_carlo_random_hands(duck_db):
    result = duck_db.equity("AhAd", "random", trials=20000, seed=3)
    assert result.boards == 20000 and result.exact is False
    assert [p.hand or p.range for p in result.players] == [["Ah", "Ad"], "random"]
    assert sum(p.equity for p in result.players) == pytest.approx(1, abs=1e-12)
    # Published: aces win 85.2% against one random hand (a second check, not the golden truth).
    se = standard_error(result, 0)
    assert abs(result.players[0].equity - 0.8520) < 4 * se, (result.players[0].equity, se)
    again = duck_db.equity("AhAd", "random", trials=20000, seed=3)
    assert again.to_dict() == result.to_dict()


def test_monte_carlo_random_against_random_is_even(duck_db):
    result = duck_db.equity("random", "random", "random", trials=20000, seed=9)
    assert [p.range for p in result.players] == ["random"] * 3
    assert sum(p.equity for p in result.players) == pytest.approx(1, abs=1e-12)
    for n in range(3):
        se = standard_error(result, n)
        assert abs(result.players[n].equity - 1 / 3) < 4 * se, (n, result.players[n].equity, se)


# With all five board cards given, Monte Carlo draws no card for the board, yet every
# deal is still a runout (random_boards starts from deal_numbers, not from the cards drawn).
def test_monte_carlo_river_is_the_exact_showdown(duck_db):
    """With five board cards known and no random hands, every runout is the same showdown."""
    result = duck_db.equity("Ah2c", "Ad3c", board="Ks Qs Js Ts 4d", trials=50, seed=1)
    assert result.boards == 50, result
    assert [(p.wins, p.ties) for p in result.players] == [(0, 50), (0, 50)], result


def test_monte_carlo_river_with_a_random_hand(duck_db):
    result = duck_db.equity("AhAd", "random", board="2c 7d Kc 9s 3h", trials=50, seed=1)
    assert result.boards == 50, result
    assert [p.hand or p.range for p in result.players] == [["Ah", "Ad"], "random"], result
    assert sum(p.equity for p in result.players) == pytest.approx(1, abs=1e-12)


def test_monte_carlo_on_the_turn_with_a_random_hand(duck_db):
    result = duck_db.equity("AhAd", "random", board="2c 7d Kc 9s", trials=2000, seed=1)
    assert result.boards == 2000
    assert [p.hand or p.range for p in result.players] == [["Ah", "Ad"], "random"]
    assert sum(p.equity for p in result.players) == pytest.approx(1, abs=1e-12)


# -- 9. bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "needle"),
    [
        (("AhAd", "AhKd"), {}, "Ah"),  # a card in two hands
        (("AhAd", "KhKd"), {"board": "Ah 7d 2c"}, "Ah"),  # a card in a hand and on the board
        (("AhAd", "KhKd"), {"board": "2c 7d Kc", "dead": "Kd"}, "Kd"),  # a dead card in a hand
        (("AhAd", "KhKd"), {"board": "2c 7d Kc", "dead": "7d"}, "7d"),  # a dead card on the board
        (("AhAd", "KhKd"), {"board": "2c"}, "2c"),
        (("AhAd", "KhKd"), {"board": "2c 7d"}, "2c 7d"),
        (("AhAd", "KhKd"), {"board": "2c 7d 8d 9d Tc Js"}, "2c 7d 8d 9d Tc Js"),
        (("AhAd", "KhKd", "2c2d", "3c3d", "4c4d", "5c5d", "6c6d", "7c7d", "8c8d", "9c9d", "TcTd"), {}, "11"),
        (("AhAd",), {}, "got 1"),
        (("AhAd", "QQ++"), {}, "QQ++"),  # not a range
        (("AhAd", "random"), {"exact": True, "trials": 10}, "--exact"),  # exact or Monte Carlo, not both
        (("AhAdAc", "KhKd"), {}, "Ah Ad Ac"),  # three hole cards
        (("Ah", "KhKd"), {}, "Ah"),  # one hole card
        (("AhAx", "KhKd"), {}, "Ax"),
        (("AhAd", "KhKd"), {"trials": 0, "seed": 1}, "0"),
    ],
)
def test_bad_input_raises_naming_the_value(duck_db, args, kwargs, needle):
    with pytest.raises(pokersql.BadInput) as caught:
        duck_db.equity(*args, **kwargs)
    assert needle in str(caught.value), f"{args} {kwargs}: message {str(caught.value)!r} does not name {needle!r}"


def test_bad_input_leaves_nothing_behind(db):
    with pytest.raises(pokersql.BadInput):
        db.equity("AhAd", "AhKd")
    assert db.engine.execute(
        "select (select count(*) from hand_input) + (select count(*) from board_input) "
        "+ (select count(*) from dead_input) + (select count(*) from random_hand_input)"
    ) == [(0,)]
    result = db.equity("AhAd", "KhKd", board="2c 7d Kc")
    assert result.boards == 990


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["AhAd", "KhKd", "--board", "2c 7d"], "2c 7d"),
        (["AhAd", "KhKd", "--board", "2c"], "2c"),
        (["AhAd", "AhKd"], "Ah"),
        (["AhAd", "KhKd", "--board", "Kh 7d 2c"], "Kh"),
        (["AhAd", "QQ++"], "QQ++"),
        (["AhAd"], "got 1"),
        (["AhAd", "KhKd", "2c2d", "3c3d", "4c4d", "5c5d", "6c6d", "7c7d", "8c8d", "9c9d", "TcTd"], "11"),
        (["AhAdAc", "KhKd"], "Ah Ad Ac"),
        (["AhAd", "KhKd", "--trials", "0"], "0"),
        (["AhAd", "KhKz"], "Kz"),
    ],
)
def test_cli_bad_input_exit_2_one_line(db_file, capsys, args, needle):
    status = main(["--db", db_file, "equity", *args])
    captured = capsys.readouterr()
    assert status == 2, (args, status, captured.err)
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert needle in lines[0], f"{args}: {lines[0]!r} does not name {needle!r}"
    assert "Traceback" not in captured.err and captured.out == ""


def test_cli_equity_json(db_file, capsys):
    status = main(["--db", db_file, "equity", "AhAd", "KhKd", "--board", "2c 7d Kc", "--format", "json"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    data = json.loads(captured.out)
    boards, expected = exhaustive_equity(["AhAd", "KhKd"], "2c 7d Kc")
    assert data["exact"] is True and data["boards"] == boards == 990
    assert [(p["hand"], p["wins"], p["ties"]) for p in data["players"]] == [
        (["Ah", "Ad"], expected[0][0], expected[0][1]),
        (["Kh", "Kd"], expected[1][0], expected[1][1]),
    ]
    assert [p["equity"] for p in data["players"]] == pytest.approx([e for _, _, e in expected], abs=1e-12)
