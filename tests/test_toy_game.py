"""A game that is only data (issue 44): Hold'em with a 32-card deck (7 through A) and the
standard ranking, added to a built database as rows (a row of games, its rows of
game_streets; docs/games.md) with no Python or SQL of its own, then dealt, evaluated, compared
and its exact equity counted, each answer checked from outside: phevaluator ranks the hands,
and the equity is an enumeration of every board of the 32 cards here, ranked by phevaluator.
And a split-pot game that is only data (issue 64): Hold'em hi-lo, eight or better, a row of
split_games; its high checked by phevaluator, its low by a plain-Python low written here.
"""

from __future__ import annotations

import itertools
import json
import random
import sqlite3

import duckdb
import pytest
from phevaluator import evaluate_cards

import pokersql
from pokersql import games
from pokersql.cli import main
from pokersql.errors import BadInput
from tests.showdowns import showdown_csv

TOY = "holdem32"
DECK = [value + suit for value in "789TJQKA" for suit in "cdhs"]


ROWS = (
    ("insert into games (game, ranking, lowest_value, hole_cards, hole_cards_played) values (?, 'standard', 7, 2, null)", (TOY,)),
    (
        "insert into game_streets (game, street_no, street, cards) values (?, 1, 'flop', 3), (?, 2, 'turn', 1), (?, 3, 'river', 1)",
        (TOY, TOY, TOY),
    ),
)


@pytest.fixture(scope="module", params=("duckdb", "sqlite"))
def toy_db(request, built_database):
    """A built database with the toy game's rows inserted from outside pokersql (the engine's own driver)."""
    path = built_database(request.param)
    con = duckdb.connect(path) if request.param == "duckdb" else sqlite3.connect(path)
    for statement, params in ROWS:
        con.execute(statement, params)
    con.commit()
    con.close()
    with pokersql.connect(path, engine=request.param) as db:
        yield db


def test_the_games_python_knows_are_the_rows_of_a_built_database(toy_db):
    """GAMES, read from sql/'s statements, is what the database's tables hold (the toy aside)."""
    held = games.games_of(toy_db.engine.execute, "where game <> ? order by game", (TOY,))
    assert held == dict(sorted(games.GAMES.items()))
    assert all(game.streets == (3, 1, 1) for game in held.values())


def test_the_toy_game_is_unknown_to_a_database_without_its_rows(built_database):
    with pokersql.connect(built_database("duckdb")) as db, pytest.raises(BadInput) as refused:
        db.evaluate("As Ks Qs Js Ts", game=TOY)
    assert str(refused.value).startswith(f"unknown game '{TOY}': choose one of holdem, omaha")


def test_its_hands_are_ranked_as_phevaluator_ranks_them(toy_db):
    rng = random.Random(44)
    for size in (5, 6, 7) * 40:
        cards = rng.sample(DECK, size)
        result = toy_db.evaluate(" ".join(cards), game=TOY)
        assert result.hand_rank == evaluate_cards(*cards), cards
        assert len(result.best) == 5 and set(result.best) <= set(cards)


def test_a_card_outside_its_deck_is_refused_naming_it(toy_db):
    with pytest.raises(BadInput) as refused:
        toy_db.evaluate("As Ks Qs Js 6s", game=TOY)
    assert str(refused.value) == f"card '6s' is not in {TOY}'s deck (32 cards, 7 through A)"
    with pytest.raises(BadInput) as refused:
        toy_db.equity("As Ks", "Ah 2h", game=TOY)
    assert str(refused.value) == f"card '2h' is not in {TOY}'s deck (32 cards, 7 through A)"


def test_it_compares_hands_on_a_board_as_phevaluator_does(toy_db):
    rng = random.Random(7)
    for _ in range(30):
        cards = rng.sample(DECK, 11)
        board, holes = cards[:5], [cards[5:7], cards[7:9], cards[9:11]]
        result = toy_db.compare(*(" ".join(hole) for hole in holes), board=" ".join(board), game=TOY)
        ranks = [evaluate_cards(*board, *hole) for hole in holes]
        assert [hand.hand_rank for hand in result.hands] == ranks
        assert result.winners == [n for n, rank in enumerate(ranks, start=1) if rank == min(ranks)]


def test_it_deals_from_its_own_deck_and_ranks_the_deal(toy_db):
    for seed in range(1, 6):
        result = toy_db.deal(players=10, seed=seed, game=TOY)
        holes = [player.cards for player in result.players]
        dealt = [card for hole in holes for card in hole] + result.board
        assert len(result.board) == 5 and all(len(hole) == 2 for hole in holes)
        assert len(set(dealt)) == 25 and set(dealt) <= set(DECK)
        ranks = [evaluate_cards(*result.board, *hole) for hole in holes]
        assert [player.hand_rank for player in result.players] == ranks
        assert result.winners == [n for n, rank in enumerate(ranks, start=1) if rank == min(ranks)]


def enumerated_equity(holes: list[list[str]], board: list[str]) -> tuple[int, list[int], list[int], list[float]]:
    """Every board of the 32 cards that completes ``board``, ranked by phevaluator: (boards,
    wins, ties, equity) per hand, a tie's pot split evenly."""
    left = [card for card in DECK if card not in board and all(card not in hole for hole in holes)]
    boards, wins, ties, shares = 0, [0] * len(holes), [0] * len(holes), [0.0] * len(holes)
    for rest in itertools.combinations(left, 5 - len(board)):
        full = board + list(rest)
        ranks = [evaluate_cards(*full, *hole) for hole in holes]
        best = [n for n, rank in enumerate(ranks) if rank == min(ranks)]
        boards += 1
        for n in best:
            (wins if len(best) == 1 else ties)[n] += 1
            shares[n] += 1 / len(best)
    return boards, wins, ties, [share / boards for share in shares]


@pytest.mark.parametrize(
    "holes, board",
    [
        ([["As", "Ks"], ["7c", "7d"]], []),  # before the flop: every board of the 28 cards left
        ([["Ah", "Kh"], ["Qc", "Qd"], ["Js", "Ts"]], ["9h", "8h", "Qs"]),
        ([["Ac", "Ad"], ["9c", "8c"]], ["7c", "Tc", "Kd", "7h"]),
    ],
)
def test_its_exact_equity_is_an_enumeration_of_its_own_deck(toy_db, holes, board):
    result = toy_db.equity(*(" ".join(hole) for hole in holes), board=" ".join(board), game=TOY)
    boards, wins, ties, equity = enumerated_equity(holes, board)
    assert result.exact and result.boards == boards
    assert [player.wins for player in result.players] == wins
    assert [player.ties for player in result.players] == ties
    assert [player.equity for player in result.players] == pytest.approx(equity, abs=1e-12)


def test_its_equity_is_not_holdems(toy_db):
    """The same hands in Hold'em's 52 cards: another answer (the low cards are not dealt)."""
    toy = toy_db.equity("As Ks", "7c 7d", game=TOY)
    holdem = toy_db.equity("As Ks", "7c 7d", exact=True)
    assert toy.boards == 98_280 and holdem.boards == 1_712_304
    assert toy.players[0].equity != pytest.approx(holdem.players[0].equity, abs=1e-3)


def test_its_monte_carlo_equity_is_near_the_enumeration(toy_db):
    holes, board = [["Ah", "Kh"], ["Qc", "Qd"]], ["9h", "8h", "Qs"]
    result = toy_db.equity("Ah Kh", "Qc Qd", board="9h 8h Qs", game=TOY, trials=4_000, seed=44)
    _, _, _, equity = enumerated_equity(holes, board)
    assert not result.exact and result.deals == 4_000
    for player, exact in zip(result.players, equity):
        assert abs(player.equity - exact) < 4 * player.std_error


def test_it_simulates_each_deal_as_counted_here(toy_db):
    """simulate --game of the toy, with no SQL of its own (038's game_deal_frequencies_of): one
    deal of four players a seed, each hand's category as phevaluator ranks its seven cards,
    counted here, is simulate's count; every category of the ranking is a row, none exact."""
    seen = {}
    for seed in range(1, 21):
        dealt = toy_db.deal(players=4, seed=seed, game=TOY)
        simulated = toy_db.simulate(1, players=4, seed=seed, game=TOY)
        expected = {}
        for player in dealt.players:
            rank = evaluate_cards(*player.cards, *dealt.board)
            category = "Royal Flush" if rank == 1 else category_of(rank)
            expected[category] = expected.get(category, 0) + 1
            seen[category] = seen.get(category, 0) + 1
        assert {row.category: row.count for row in simulated.categories if row.count} == expected, seed
        assert len(simulated.categories) == 10 and all(row.expected_probability is None for row in simulated.categories)
    assert len(seen) >= 5  # the deals reach several categories


def test_what_it_cannot_do_yet_is_refused_in_one_line(toy_db):
    """freq, exact equity of a random hand."""
    refusals = {
        lambda: toy_db.freq(5, game=TOY): f"freq --game {TOY}: counts are for holdem, shortdeck and shortdeck-triton",
        lambda: toy_db.equity("As Ks", "random", game=TOY, exact=True): f"equity --game {TOY}: exact equity of a random "
        "hand is not counted in this game: use --trials",
    }
    for call, message in refusals.items():
        with pytest.raises(BadInput) as refused:
            call()
        assert str(refused.value) == message


# -- a split-pot game that is only data (issue 64, part 5) -------------------------------------
# Hold'em hi-lo, eight or better: one row of split_games (046), its high Hold'em's (a row of
# games), its low 045's eight-or-better ranking; no Python or SQL of its own. Checked from
# outside: phevaluator ranks the high, and the low is written here in plain Python.

HILO = "holdem8"
HILO_ROW = (
    "insert into split_games (game, high_game, low_ranking, hole_cards, hole_cards_played, board_cards) "
    "values (?, 'holdem', 'eight-or-better', 2, null, 5)"
)
FULL_DECK = [value + suit for value in "23456789TJQKA" for suit in "cdhs"]
LOW_VALUES = {value: number for number, value in enumerate("A2345678", start=1)}


def low_of(cards: list[str]) -> tuple[int, ...] | None:
    """The best eight-or-better low of any five of ``cards``: five distinct values of A to 8
    (ace 1), highest first, a smaller tuple the better low; None when there is none."""
    values = sorted({LOW_VALUES[card[0]] for card in cards if card[0] in LOW_VALUES})
    return tuple(reversed(values[:5])) if len(values) >= 5 else None


def shares_of(holes: list[list[str]], board: list[str]) -> list[tuple[float, float]]:
    """Each hand's (high part, low part) of the pot: halves when some hand has a low, each half
    split among its winners (phevaluator's high, low_of's low); else the high takes it all."""
    highs = [evaluate_cards(*hole, *board) for hole in holes]
    lows = [low_of(hole + board) for hole in holes]
    held = [low for low in lows if low is not None]
    high_pot = 0.5 if held else 1.0
    high_won = [high == min(highs) for high in highs]
    low_won = [bool(held) and low == min(held) for low in lows]
    return [
        (high_pot * h / sum(high_won), (1 - high_pot) * lo / max(1, sum(low_won)))
        for h, lo in zip(high_won, low_won)
    ]


def enumerated_shares(holes: list[list[str]], board: list[str], runs: list[list[str]]) -> list[tuple[float, float]]:
    """Each hand's mean (high, low) part over the runs (the rest of the board), counted here."""
    total = [[0.0, 0.0] for _ in holes]
    for run in runs:
        for player, (high, low) in enumerate(shares_of(holes, board + run)):
            total[player][0] += high
            total[player][1] += low
    return [(high / len(runs), low / len(runs)) for high, low in total]


@pytest.fixture(scope="module")
def hilo_db(built_database):
    """A built DuckDB database with Hold'em hi-lo's one row, inserted by DuckDB's own driver."""
    path = built_database("duckdb")
    con = duckdb.connect(path)
    con.execute(HILO_ROW, (HILO,))
    con.close()
    with pokersql.connect(path) as db:
        yield db


def test_hilo_evaluates_its_high_as_phevaluator_and_its_low_as_counted_here(hilo_db):
    rng = random.Random(64)
    seen = []
    for _ in range(150):
        cards = rng.sample(FULL_DECK, 7)
        result = hilo_db.evaluate(" ".join(cards[:2]), board=" ".join(cards[2:]), game=HILO)
        assert result.hands[0].hand_rank == evaluate_cards(*cards), cards
        seen.append((result.hands[0].low_rank, low_of(cards)))
    assert sum(low is not None for _, low in seen) >= 20
    for rank, low in seen:  # the same lows, in the same order (1 the best)
        assert (rank is None) == (low is None)
        for other_rank, other_low in seen:
            if low is not None and other_low is not None:
                assert (rank < other_rank) == (low < other_low) and (rank == other_rank) == (low == other_low)


def test_hilo_compares_and_splits_the_pot_as_counted_here(hilo_db):
    rng = random.Random(8)
    splits = 0
    for _ in range(60):
        cards = rng.sample(FULL_DECK, 11)
        holes, board = [cards[0:2], cards[2:4], cards[4:6]], cards[6:]
        result = hilo_db.compare(*(" ".join(hole) for hole in holes), board=" ".join(board), game=HILO)
        expected = shares_of(holes, board)
        assert [(hand.high_share, hand.low_share) for hand in result.hands] == pytest.approx(expected), (holes, board)
        splits += any(low for _, low in expected)
    assert splits >= 10


def test_hilo_showdown_splits_each_pot_as_counted_here(hilo_db, tmp_path):
    rng = random.Random(46)
    dealt = []
    for _ in range(30):
        cards = rng.sample(FULL_DECK, 9)
        dealt.append(([cards[0:2], cards[2:4]], cards[4:]))
    result = hilo_db.showdown(str(showdown_csv(tmp_path / "hilo.csv", dealt)), game=HILO)
    assert len(result.hands) == len(dealt)
    for shown, (holes, board) in zip(result.hands, dealt):
        assert [(p.high_share, p.low_share) for p in shown.players] == pytest.approx(shares_of(holes, board)), shown


def runs_of(holes: list[list[str]], board: list[str], dead: list[str] = ()) -> list[list[str]]:
    """Every rest of the board: each set of the cards left, as many as the board lacks."""
    left = [card for card in FULL_DECK if card not in board and card not in dead and card not in sum(holes, [])]
    return [list(run) for run in itertools.combinations(left, 5 - len(board))]


# (hands, board, dead): a flop, a turn and a river heads-up and three-handed, the spot where
# Omaha's rule (two hole cards) would give the low wrong, and before the flop with most of the
# deck dead (8,568 boards: every five-card runout, counted here too)
HILO_SPOTS = [
    ([["Ah", "2h"], ["Kc", "Qs"]], ["3c", "4d", "8s"], []),
    ([["Ah", "2h"], ["Kc", "Qs"], ["3d", "5d"]], ["4h", "7c", "Kd"], []),
    ([["As", "3s"], ["2c", "2d"]], ["4s", "8s", "Jd", "6c"], []),
    ([["Ac", "4c"], ["2s", "3s"], ["Kh", "Kd"]], ["5h", "6d", "Qc", "9s"], []),
    ([["Ad", "2d"], ["3h", "4h"]], ["5c", "6c", "8d", "Kh", "Ts"], []),
    ([["Ah", "3h"], ["2s", "4d"], ["Jc", "Jd"]], ["5s", "7h", "8c", "Qd", "2c"], []),
    ([["Ah", "2c"], ["7d", "8d"]], [], [card for card in FULL_DECK if card[0] in "9TJQK" or card[1] in "cd" and card[0] in "A3456"][:30]),
]


@pytest.mark.parametrize(("holes", "board", "dead"), HILO_SPOTS)
def test_hilo_exact_equity_as_enumerated_here(hilo_db, holes, board, dead):
    """Exact equity of the toy (059's any_way_split_equity): each hand's high and low share of
    the pot as counted here over every runout (phevaluator's high, low_of's low)."""
    runs = runs_of(holes, board, dead)
    expected = enumerated_shares(holes, board, runs)
    result = hilo_db.equity(*(" ".join(hole) for hole in holes), board=" ".join(board), dead=" ".join(dead), game=HILO)
    assert result.exact and result.boards == len(runs)
    for player, (high, low) in zip(result.players, expected):
        assert [player.high_share, player.low_share, player.equity] == pytest.approx([high, low, high + low], abs=1e-12)
    assert sum(low for _, low in expected) > 0


def test_hilo_exact_equity_from_the_cli(built_database, capsys):
    """pokersql equity --game holdem8, in JSON: the shares counted here."""
    path = built_database("duckdb")
    con = duckdb.connect(path)
    con.execute(HILO_ROW, (HILO,))
    con.close()
    holes, board = [["Ah", "2h"], ["Kc", "Qs"]], ["3c", "4d", "8s"]
    assert main(["--db", path, "equity", "--game", HILO, "Ah 2h", "Kc Qs", "--board", "3c 4d 8s", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = enumerated_shares(holes, board, runs_of(holes, board))
    assert data["boards"] == 990
    for player, (high, low) in zip(data["players"], expected):
        assert [player["high_share"], player["low_share"]] == pytest.approx([high, low], abs=1e-9)
    # a game neither of sql/ nor of the database's rows: the library's one line, naming every game
    assert main(["--db", path, "equity", "--game", "holdem9", "Ah 2h", "Kc Qs"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pokersql: error: unknown game 'holdem9': choose one of holdem, ") and len(err.strip().splitlines()) == 1


def test_hilo_equity_on_sqlite_as_counted_here(built_database):
    """SQLite (its macros expanded, pokersql/transpile.py): exact equity as enumerated here, and
    Monte Carlo's trials, known and random hands, those DuckDB deals and counts."""
    holes, board, _ = HILO_SPOTS[1]
    hands = [" ".join(hole) for hole in holes]
    answers = {}
    for engine in ("sqlite", "duckdb"):
        path = built_database(engine)
        with pokersql.connect(path, engine=engine) as db:
            db.engine.execute(HILO_ROW, (HILO,))
            exact = db.equity(*hands, board=" ".join(board), game=HILO)
            drawn = db.equity(*hands, game=HILO, trials=2_000, seed=8)
            random_hand = db.equity(hands[0], "random", board=" ".join(board), game=HILO, trials=2_000, seed=9)
            answers[engine] = [exact.to_dict(), drawn.to_dict(), random_hand.to_dict()]
    expected = enumerated_shares(holes, board, runs_of(holes, board))
    for player, (high, low) in zip(answers["sqlite"][0]["players"], expected):
        assert [player["high_share"], player["low_share"]] == pytest.approx([high, low], abs=1e-12)
    assert answers["sqlite"] == answers["duckdb"]


def within_trials(drawn, expected: list[tuple[float, float]], trials: int) -> None:
    """Monte Carlo's shares near the counted ones: a runout's share of the pot is between 0 and 1,
    so its spread is at most 1/2 and the mean of ``trials`` of them within 4 / (2 sqrt(trials))."""
    tolerance = 4 * 0.5 / trials**0.5
    for player, (high, low) in zip(drawn.players, expected):
        assert abs(player.high_share - high) < tolerance and abs(player.low_share - low) < tolerance, (player, high, low)
        assert abs(player.equity - high - low) < tolerance


@pytest.mark.parametrize(("holes", "board", "dead"), [HILO_SPOTS[1], HILO_SPOTS[6]])
def test_hilo_monte_carlo_near_the_enumeration(hilo_db, holes, board, dead):
    trials = 4_000
    hands = [" ".join(hole) for hole in holes]
    drawn = hilo_db.equity(*hands, board=" ".join(board), dead=" ".join(dead), game=HILO, trials=trials, seed=64)
    assert not drawn.exact and drawn.boards == trials and drawn.seed == 64
    within_trials(drawn, enumerated_shares(holes, board, runs_of(holes, board, dead)), trials)
    again = hilo_db.equity(*hands, board=" ".join(board), dead=" ".join(dead), game=HILO, trials=trials, seed=64)
    assert again.to_dict() == drawn.to_dict()


def test_hilo_monte_carlo_against_a_random_hand_near_the_enumeration(hilo_db):
    """Against a random hand on a turn: every hand it may hold with every river, counted here."""
    hole, board = ["Ah", "3d"], ["2c", "5h", "Kd", "9s"]
    left = [card for card in FULL_DECK if card not in board + hole]
    total = [[0.0, 0.0], [0.0, 0.0]]
    deals = 0
    for other in itertools.combinations(left, 2):
        holes = [hole, list(other)]
        for river in left:
            if river in other:
                continue
            for player, (high, low) in enumerate(shares_of(holes, board + [river])):
                total[player][0] += high
                total[player][1] += low
            deals += 1
    expected = [(high / deals, low / deals) for high, low in total]
    trials = 4_000
    drawn = hilo_db.equity(" ".join(hole), "random", board=" ".join(board), game=HILO, trials=trials, seed=65)
    assert not drawn.exact and drawn.boards == trials and drawn.players[1].range == "random"
    within_trials(drawn, expected, trials)
    by_default = hilo_db.equity(" ".join(hole), "random", board=" ".join(board), game=HILO, seed=65)
    assert not by_default.exact  # a random hand: Monte Carlo by default
    within_trials(by_default, expected, by_default.boards)


def test_hilo_equity_refuses_what_it_does_not_count_in_one_line(hilo_db):
    """Exact equity of a random hand and the next street count Omaha's rule only; a hi-lo game
    playing its hole cards any way with another low (or high) than Hold'em hi-lo's is not counted."""
    hilo_db.engine.execute(HILO_ROW.replace("'eight-or-better'", "'ace-to-five'"), ("holdem-a5",))
    for call, named in (
        (lambda: hilo_db.equity("Ah 2h", "random", board="3c 4d 8s", game=HILO, exact=True), "exact equity of a random hand"),
        (lambda: hilo_db.equity("Ah 2h", "Kc Qs", board="3c 4d 8s", game=HILO, next_street=True), "--next-street"),
        (lambda: hilo_db.equity("Ah 2h", "Kc Qs", board="3c 4d 8s", game="holdem-a5"), "its low ace-to-five"),
    ):
        with pytest.raises(BadInput) as refused:
            call()
        assert named in str(refused.value) and "\n" not in str(refused.value), refused.value


def test_hilo_shares_counted_here_tie_the_low_the_board_plays():
    """The enumeration above, on the case Omaha's rule (050) would get wrong: the low the board plays tied."""
    holes, board = [["Ah", "2h"], ["Kc", "Qs"]], ["3c", "4d", "8s"]
    left = [card for card in FULL_DECK if card not in board and card not in sum(holes, [])]
    runs = [list(run) for run in itertools.combinations(left, 2)]
    (high, low), (other_high, other_low) = enumerated_shares(holes, board, runs)
    assert len(runs) == 990 and low == pytest.approx(0.5 - 9 / 990 / 4) and other_low == pytest.approx(9 / 990 / 4)


def test_hilo_deals_as_holdem_and_splits_each_deal_as_counted_here(hilo_db):
    """deal --game of the toy: two hole cards each and a board of five from one deck (the deal
    of its high game, Hold'em's), the same again from the same seed; each hand's high as
    phevaluator ranks it and each part of the pot as counted here (shares_of)."""
    lows = 0
    for seed in range(1, 31):
        dealt = hilo_db.deal(players=3, seed=seed, game=HILO)
        cards = dealt.board + [card for p in dealt.players for card in p.cards]
        assert len(dealt.board) == 5 and all(len(p.cards) == 2 for p in dealt.players) and len(set(cards)) == 11
        assert hilo_db.deal(players=3, seed=seed, game=HILO) == dealt
        assert [p.hand_rank for p in dealt.players] == [evaluate_cards(*p.cards, *dealt.board) for p in dealt.players]
        expected = shares_of([p.cards for p in dealt.players], dealt.board)
        assert [(p.high_share, p.low_share) for p in dealt.players] == pytest.approx(expected), dealt
        lows += any(low for _, low in expected)
    assert lows >= 5


# phevaluator's ranks by category: the last rank of each, best first (7,462 the worst high card)
PHEVALUATOR_CATEGORIES = ((10, "Straight Flush"), (166, "Four of a Kind"), (322, "Full House"), (1599, "Flush"),
                          (1609, "Straight"), (2467, "Three of a Kind"), (3325, "Two Pair"), (6185, "One Pair"), (7462, "High Card"))


def category_of(rank: int) -> str:
    return next(name for last, name in PHEVALUATOR_CATEGORIES if rank <= last)


def test_hilo_simulate_counts_each_deal_as_counted_here(hilo_db):
    """simulate --game of the toy, with no SQL of its own: one deal of three players a seed, each
    hand's high by phevaluator's category and its low as low_of finds it ('8 low' ..., 'no low'),
    counted here, are simulate's counts of each half."""
    highs, lows = {}, {}
    for seed in range(1, 26):
        dealt = hilo_db.deal(players=3, seed=seed, game=HILO)
        simulated = hilo_db.simulate(1, players=3, seed=seed, game=HILO)
        expected = {"high": {}, "low": {}}
        for player in dealt.players:
            high = category_of(evaluate_cards(*player.cards, *dealt.board))
            low = low_of(player.cards + dealt.board)
            low = "no low" if low is None else f"{low[0]} low"
            expected["high"][high] = expected["high"].get(high, 0) + 1
            expected["low"][low] = expected["low"].get(low, 0) + 1
            highs[high] = highs.get(high, 0) + 1
            lows[low] = lows.get(low, 0) + 1
        counted = {"high": {}, "low": {}}
        for row in simulated.categories:
            if row.count:
                counted[row.half][row.category] = row.count
        assert counted == expected, seed
    assert len(highs) >= 4 and "no low" in lows and len(lows) >= 3  # the deals reach several of each


def test_hilo_freq_is_refused_and_evaluate_many_ranks_as_evaluate(hilo_db):
    """freq counts no board game: one line. evaluate_many of a frame of hole cards and boards
    gives each hand what evaluate gives it (lows.evaluate_many, the game's row alone); a list of
    hands, with no board column, is one line."""
    with pytest.raises(BadInput) as refused:
        hilo_db.freq(5, game=HILO)
    assert str(refused.value).startswith(f"freq: {HILO} is a hi-lo board game, its pot split between the best high and the best low: ")
    assert "\n" not in str(refused.value)
    with pytest.raises(BadInput, match=f"^{HILO}: the hands need 'hole' and 'board' columns"):
        hilo_db.evaluate_many(["Ah 2h 3c 4d 8s"], game=HILO)
    import pandas as pd

    hands = [("Ah 2h", "3c 4d 8s Kd Qc"), ("Ks Kd", "3c 4d 8s"), ("7c 6c", "5c 4c 2d Td")]
    many = hilo_db.evaluate_many(pd.DataFrame({"hole": [h for h, _ in hands], "board": [b for _, b in hands]}), game=HILO)
    assert list(many) == [hilo_db.evaluate(hole, board=board, game=HILO) for hole, board in hands]
    assert [r["low_category"] for r in many.records()] == ["8 low", None, "7 low"]
