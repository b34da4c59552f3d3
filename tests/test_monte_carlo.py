"""Monte Carlo equity (020, 021): uniform deals by rejection, the same on both engines, slices that
add up to one run, estimates within 4 standard errors of the exact value, ranges included.

The golden truths come from outside the draw: exact equity (checked against phevaluator in
test_equity and test_ranges), the chi-square distribution of card counts, and the spread of
runs with 50 seeds.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections import Counter
from pathlib import Path

import pytest
from scipy.stats import chi2

import pokersql
from pokersql.cards import parse_cards
from pokersql.ranges import DEFAULT_TRIALS

# card_mask bits: 13 * suit_index + value - 2; card_id = (value - 2) * 4 + suit_index.
BIT_TO_CARD = {13 * suit + value: value * 4 + suit for suit in range(4) for value in range(13)}


def cards_of(mask: int) -> list[int]:
    return sorted(BIT_TO_CARD[bit] for bit in range(52) if mask >> bit & 1)


@pytest.fixture(scope="module")
def both(built_database) -> dict[str, pokersql.Database]:
    """Both engines' built databases (copies of the session's files)."""
    databases = {engine: pokersql.connect(str(Path(built_database(engine))), engine) for engine in ("duckdb", "sqlite")}
    yield databases
    for database in databases.values():
        database.close()


@pytest.fixture(scope="module")
def duck(both) -> pokersql.Database:
    return both["duckdb"]


def deals(db: pokersql.Database, players: dict[int, str], board: str = "", trials: int = 1000, seed: int = 1,
          weights: dict[int, dict[tuple[int, int], int]] | None = None) -> list[tuple[int, int, int]]:
    """The rows of monte_carlo_deals (trial, seat, card_mask) for players {n: hand, "random" or a
    list of combinations (range_input)}."""
    with db.engine.scratch():
        fill_inputs(db, players, board, trials, seed, weights)
        return db.engine.execute("select runout, player, card_mask from monte_carlo_deals order by runout, player")


def fill_inputs(db: pokersql.Database, players: dict[int, str], board: str = "", trials: int = 1000, seed: int = 1,
                weights: dict[int, dict[tuple[int, int], int]] | None = None) -> None:
    """Inside db.engine.scratch(): the inputs of Monte Carlo (deals' players, board, trials, seed)."""
    engine = db.engine
    engine.execute("delete from hand_input")
    for number, what in players.items():
        if what == "random":
            engine.execute("insert into random_hand_input (hand_no) values (?)", (number,))
        elif isinstance(what, str):
            for card in parse_cards(what):
                engine.execute("insert into hand_input (hand_no, card_id) values (?, ?)", (number, card))
        else:
            for combo in what:
                weight = (weights or {}).get(number, {}).get(combo, 1)
                engine.execute(
                    "insert into range_input (player, card_1, card_2, weight) values (?, ?, ?, ?)",
                    (number, max(combo), min(combo), weight),
                )
    for card in parse_cards(board) if board else []:
        engine.execute("insert into board_input (card_id) values (?)", (card,))
    engine.execute("update deal_settings set seed = ?, deals = ?, first_deal = 1", (seed, trials))


def chi_square_p(counts: Counter, cells: list, expected: list[float]) -> float:
    statistic = sum((counts.get(cell, 0) - e) ** 2 / e for cell, e in zip(cells, expected))
    return chi2.sf(statistic, len(cells) - 1)


# -- the draw is uniform -------------------------------------------------------------------------


def test_every_board_card_and_pair_of_cards_is_equally_likely(duck):
    """Before the flop, heads-up: each of the 48 cards left is on the board with chance 5/48, each
    pair of them with chance C(46,3)/C(48,5), and the trials hold every card once."""
    trials = 60_000
    rows = deals(duck, {1: "AhAd", 2: "KhKd"}, trials=trials, seed=7)
    assert len(rows) == trials and {seat for _, seat, _ in rows} == {0}
    left = [c for c in range(52) if c not in parse_cards("Ah Ad Kh Kd")]
    singles: Counter = Counter()
    pairs: Counter = Counter()
    for _, _, mask in rows:
        board = cards_of(mask)
        assert len(board) == 5 and not set(board) & set(parse_cards("Ah Ad Kh Kd"))
        singles.update(board)
        pairs.update(itertools.combinations(board, 2))
    assert chi_square_p(singles, left, [trials * 5 / 48] * 48) > 1e-4
    cells = list(itertools.combinations(left, 2))
    per_pair = trials * math.comb(46, 3) / math.comb(48, 5)
    assert chi_square_p(pairs, cells, [per_pair] * len(cells)) > 1e-4


def test_random_hands_and_the_turn_are_uniform_and_apart(duck):
    """Two random players and the river card: each random hand is every pair left alike,
    the river every card left, and no card is dealt twice."""
    trials = 40_000
    board = "2c 7d Kc 9s"
    rows = deals(duck, {1: "AhAd", 2: "random", 3: "random"}, board=board, trials=trials, seed=3)
    known = set(parse_cards("Ah Ad " + board))
    left = [c for c in range(52) if c not in known]
    by_trial: dict[int, dict[int, list[int]]] = {}
    for trial, seat, mask in rows:
        by_trial.setdefault(trial, {})[seat] = cards_of(mask)
    assert len(by_trial) == trials
    holes = {2: Counter(), 3: Counter()}
    river: Counter = Counter()
    for seats in by_trial.values():
        river_card = [c for c in seats[0] if c not in known]
        assert len(river_card) == 1 and len(seats[2]) == 2 and len(seats[3]) == 2
        assert len(set(river_card) | set(seats[2]) | set(seats[3])) == 5
        river.update(river_card)
        for player in (2, 3):
            holes[player][tuple(seats[player])] += 1
    assert chi_square_p(river, left, [trials / len(left)] * len(left)) > 1e-4
    cells = list(itertools.combinations(left, 2))
    for player in (2, 3):
        assert chi_square_p(holes[player], cells, [trials / len(cells)] * len(cells)) > 1e-4


def test_range_combinations_follow_their_weights_and_never_collide(duck):
    """Two range players whose combinations overlap: a deal is each combination with the chance of
    its weight given that no card is twice, so a pair of combinations (a, b) that fit comes with
    chance w(a) w(b) / the sum of w(x) w(y) over every pair that fits."""
    first = [tuple(sorted(parse_cards(t), reverse=True)) for t in ("AsKs", "AsKd", "QsQd", "JcJd")]
    second = [tuple(sorted(parse_cards(t), reverse=True)) for t in ("AsKh", "KdQc", "QsJs")]
    weights = {1: {first[0]: 3, first[2]: 2}, 2: {second[1]: 4}}
    trials = 30_000
    rows = deals(duck, {1: first, 2: second, 3: "2c2d"}, board="3h 4h 5c", trials=trials, seed=5, weights=weights)
    seen: Counter = Counter()
    by_trial: dict[int, dict[int, int]] = {}
    for trial, seat, mask in rows:
        by_trial.setdefault(trial, {})[seat] = mask
    assert len(by_trial) == trials
    for seats in by_trial.values():
        assert seats[1] & seats[2] == 0 and (seats[1] | seats[2]) & seats[0] == 0
        seen[(tuple(cards_of(seats[1])), tuple(cards_of(seats[2])))] += 1
    fits = {
        (tuple(sorted(a)), tuple(sorted(b))): weights[1].get(a, 1) * weights[2].get(b, 1)
        for a in first
        for b in second
        if not set(a) & set(b)
    }
    total = sum(fits.values())
    assert set(seen) == set(fits)
    cells = list(fits)
    assert chi_square_p(seen, cells, [trials * fits[cell] / total for cell in cells]) > 1e-4


# -- reproducible, in slices, on both engines -----------------------------------------------------


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (("AhAd", "KhKd"), ""),
        (("AhAd", "random", "7c8c"), "2h 7h Qc"),
        (("QQ+,AKs", "random", "AhKd"), ""),
        (("JJ+", "KQs,T9s", "random"), "Qh Ts 7c 2d"),
    ],
)
def test_the_same_seed_deals_the_same_trials_on_both_engines(both, players, board):
    results = [both[engine].equity(*players, board=board, trials=400, seed=2026).to_dict() for engine in both]
    assert results[0] == results[1]
    assert results[0]["boards"] == 400


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
@pytest.mark.parametrize(
    ("players", "board"),
    [
        ({1: "AhAd", 2: "KhKd"}, ""),
        ({1: "AhKh", 2: "QsQd", 3: "7c8c"}, "2h 7h Qc"),
        ({1: "AhAd", 2: "KhKd"}, "2c 7d Kc 5s"),
        ({1: "AhAd", 2: "KhKd"}, "2c 7d Kc 5s 9h"),  # the river known: no board unit, the start row
        ({1: "AhAd", 2: "random"}, "2h 7h Qc"),
        ({1: "AhAd", 2: [(parse_cards("Qs")[0], parse_cards("Qd")[0]), (parse_cards("Ks")[0], parse_cards("Kd")[0])]}, ""),
    ],
)
def test_the_class_of_a_board_counts_as_its_trials_do(both, engine, players, board):
    """Every hand known: monte_carlo_class_equity (the trials' boards by class, weighed) counts
    what monte_carlo_equity (trial by trial) counts, the same trials; with a random or range
    player drawn it has no rows (it cannot see them), and monte_carlo_equity still counts them."""
    engine_db = both[engine].engine
    with engine_db.scratch():
        fill_inputs(both[engine], players, board=board, trials=2000, seed=5)
        query = "select player, runouts, wins, ties, pot_shares from {} order by player"
        trial_by_trial = engine_db.execute(query.format("monte_carlo_equity"))
        by_class = engine_db.execute(query.format("monte_carlo_class_equity"))
    assert [row[0] for row in trial_by_trial] == sorted(players) and all(row[1] == 2000 for row in trial_by_trial)
    if all(isinstance(hand, str) and hand != "random" for hand in players.values()):
        assert by_class == trial_by_trial
    else:
        assert by_class == []


@pytest.mark.parametrize(("engine", "trials", "slices"), [("duckdb", 3000, (3000, 1000, 701)), ("sqlite", 300, (300, 128))])
def test_slices_add_up_to_one_run_whatever_their_size(both, engine, trials, slices):
    db = both[engine]
    for players in (("AhAd", "KhKd", "QsJs"), ("AhAd", "random", "TT+")):
        runs = [db.equity(*players, trials=trials, seed=99, slice_trials=size) for size in slices]
        counts = [[(p.wins, p.ties) for p in run.players] for run in runs]
        assert all(c == counts[0] for c in counts), (players, counts)
        assert all(run.boards == trials for run in runs)


# -- estimates agree with exact equity -------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (("AhAd", "KhKd"), "", ""),  # every hand known: the trials' boards by class
        (("AhKh", "QsQd", "7c8c"), "2h 7h Qc", "9c"),
        (("AhAd", "QQ+,AKs"), "2c 7d Kc", ""),  # hand vs range
        (("JJ+,AQs", "KQs,T9s,77"), "Qh Ts 7c", ""),  # range vs range
        (("AhKh", "TT+", "87s,98s"), "Jh 8h 2c", "7h 9d"),  # three-way, ranges, dead cards
        (("AsKs", "random", "QQ"), "Qs 7s 2d 3c", ""),  # a range and a random hand on the turn
    ],
)
def test_monte_carlo_lies_within_4_standard_errors_of_exact(duck, players, board, dead):
    exact = duck.equity(*players, board=board, dead=dead, exact=True)
    estimate = duck.equity(*players, board=board, dead=dead, trials=30_000, seed=17)
    assert estimate.exact is False and estimate.boards == 30_000
    for mc, truth in zip(estimate.players, exact.players):
        assert mc.std_error > 0
        assert abs(mc.equity - truth.equity) < 4 * mc.std_error, (players, board, mc, truth)


def test_the_standard_error_matches_the_spread_of_50_seeds_three_way_with_a_range(duck):
    players = ("AhKh", "QQ+", "7c8c")
    runs = [duck.equity(*players, board="2h 7h Qc", trials=1_000, seed=seed) for seed in range(50)]
    exact = duck.equity(*players, board="2h 7h Qc", exact=True)
    for n in range(3):
        spread = statistics.stdev(r.players[n].equity for r in runs)
        reported = statistics.mean(r.players[n].std_error for r in runs)
        assert 0.7 < spread / reported < 1.4, (n, spread, reported)
        mean = statistics.mean(r.players[n].equity for r in runs)
        assert abs(mean - exact.players[n].equity) < 4 * reported / 50**0.5


def test_big_range_work_falls_back_to_monte_carlo(duck):
    """QQ+ vs AKs before the flop is 18 x 4 x 1,712,304 deals: too much for the exact default."""
    result = duck.equity("QQ+", "AKs", seed=4)
    assert result.exact is False and result.boards == DEFAULT_TRIALS
    assert all(p.std_error > 0 for p in result.players)
    assert [p.combos for p in result.players] == [18, 4]


def test_ranges_that_cannot_be_dealt_together_are_refused(duck):
    with pytest.raises(pokersql.BadInput, match="no deal"):
        duck.equity("KhKd", "AA", "AA", board="As Ac 2d", trials=100, seed=1)


def test_a_weight_is_as_many_choices_numbered_in_card_order(duck):
    """monte_carlo_range_choices (020): each combination of weight w is w consecutive choices,
    in card order (the numbering every engine's trials draw by), whatever digits w has."""
    combos = [tuple(parse_cards(c)) for c in ("AhAd", "AhAc", "AdAc", "KhKd", "KhKc")]
    weights = dict(zip(combos, (1, 10, 1234, 100, 7)))
    with duck.engine.scratch():
        fill_inputs(duck, {1: "2c2d", 2: combos}, trials=1, weights={2: weights})
        rows = duck.engine.execute("select choice_no, card_mask from monte_carlo_range_choices order by choice_no")
    expected = [c for c in sorted(combos, key=lambda c: (max(c), min(c)), reverse=True) for _ in range(weights[c])]
    assert [number for number, _ in rows] == list(range(len(expected)))
    assert [cards_of(mask) for _, mask in rows] == [sorted(c) for c in expected]


# -- Omaha's trials rank only the boards they drew -----------------------------------------------


def omaha_tally(boards: list[tuple], players: int) -> list[tuple[int, int, int, int]]:
    """(player, runouts, wins, ties, pot_shares in 2520ths) of boards [(trials, rank_1, .., rank_n)]:
    the smallest rank wins, ties split the pot."""
    counts = [[0, 0, 0] for _ in range(players)]
    for trials, *ranks in boards:
        winners = [n for n, rank in enumerate(ranks) if rank == min(ranks)]
        for n in winners:
            counts[n][0 if len(winners) == 1 else 1] += trials
            counts[n][2] += 2520 // len(winners) * trials
    runouts = sum(board[0] for board in boards)
    return [(n + 1, runouts, *counts[n]) for n in range(players)]


def split_tally(boards: dict[int, list[tuple]], trials: dict[int, int]) -> list[tuple[int, int, int, int]]:
    """(player, runouts, high_pot_shares, low_pot_shares) of boards {board: [(player, hand_rank,
    low_rank)]}: a pot of 5040 parts, half to the best high and half to the best low (all to the
    high when no hand has a low), each half split among its winners."""
    shares: dict[int, list[int]] = {}
    for board, seats in boards.items():
        lows = [low for _, _, low in seats if low is not None]
        best_high = min(high for _, high, _ in seats)
        high_winners = [p for p, high, _ in seats if high == best_high]
        low_winners = [p for p, _, low in seats if lows and low == min(lows)]
        for player, _, _ in seats:
            share = shares.setdefault(player, [0, 0])
            if player in high_winners:
                share[0] += (5040 - 2520 * bool(lows)) // len(high_winners) * trials[board]
            if player in low_winners:
                share[1] += 2520 // len(low_winners) * trials[board]
    return [(player, sum(trials.values()), *shares[player]) for player in sorted(shares)]


@pytest.mark.parametrize(
    ("engine", "players", "board", "trials"),
    [
        ("duckdb", {1: "Ah Ad 2c 3c", 2: "Js Ts 9d 8d"}, "", 20000),  # 10,000s of the 1,086,008 boards
        ("duckdb", {1: "Ah Ad 2c 3c", 2: "Js Ts 9d 8d", 3: "Kh Kd 5c 6c"}, "Kh 7d 4s", 3000),
        ("sqlite", {1: "Ah Ad 2c 3c", 2: "Js Ts 9d 8d", 3: "Ks Qd 5c 6c"}, "Kh 7d 4s", 1000),
        ("sqlite", {1: "Ah Ad 2c 3c", 2: "Js Ts 9d 8d"}, "Kh 7d 4s 2d", 300),
    ],
)
def test_omaha_trials_rank_their_boards_as_every_board_is_ranked(both, engine, players, board, trials):
    """omaha_monte_carlo_equity and omaha_split_monte_carlo_equity (036, 050) rank only the boards
    the trials drew (monte_carlo_drawn_boards: the boards of monte_carlo_deals, read from the draws
    without the deals' window), from each board's ten triples found by its cards' bits: their counts are
    those of the same trials' boards looked up in omaha_board_ranks and omaha_split_boards
    (every board ranked from its triples the other way, pair by pair), tallied here."""
    engine_db = both[engine].engine
    with engine_db.scratch():
        fill_inputs(both[engine], players, board=board, trials=trials, seed=44)
        drawn = dict(engine_db.execute("select board_mask, trials from monte_carlo_drawn_boards"))
        dealt = Counter(mask for _, mask in engine_db.execute("select runout, card_mask from monte_carlo_deals where player = 0"))
        ranks = ", ".join(f"ranks.rank_{n}" for n in players)
        every_board = engine_db.execute(
            f"select drawn.trials, {ranks} from monte_carlo_drawn_boards as drawn "
            "inner join omaha_board_ranks as ranks on ranks.board_mask = drawn.board_mask"
        )
        highs = engine_db.execute("select player, runouts, wins, ties, pot_shares from omaha_monte_carlo_equity order by player")
        split_rows = engine_db.execute(
            "select split.board_mask, split.player, split.hand_rank, split.low_rank from omaha_split_boards as split "
            "inner join monte_carlo_drawn_boards as drawn on drawn.board_mask = split.board_mask"
        )
        splits = engine_db.execute(
            "select player, runouts, high_pot_shares, low_pot_shares from omaha_split_monte_carlo_equity order by player"
        )
    assert drawn == dealt and sum(drawn.values()) == trials and len(every_board) == len(drawn)
    assert highs == omaha_tally(every_board, len(players))
    seats: dict[int, list[tuple]] = {}
    for board_mask, player, high, low in split_rows:
        seats.setdefault(board_mask, []).append((player, high, low))
    assert splits == split_tally(seats, drawn)
    assert any(low is not None for *_, low in split_rows)  # lows were there to split
