"""Ranges: the notation, its combinations, and exact range equity against an exhaustive count.

The truth is counted here with phevaluator (card_id = (value - 2) * 4 + suit_index, suits
c d h s, as in pokersql; a lower rank is better): every deal (one combination per player,
no card twice) with every board still to come, each counted once.
"""

from __future__ import annotations

import itertools
import json
import statistics

import pytest

from pokersql.cards import CARD_NAMES, card_name, parse_cards
from pokersql.errors import BadInput
from pokersql.ranges import choose_exact, exact_work, parse_player, parse_range, remove_known
from showdowns import Tally  # tests/showdowns.py

# -- the notation ---------------------------------------------------------------------------

# Published combination counts (PokerStove, Equilab): 6 per pair, 4 suited, 12 offsuit, 16 both.
COUNTS = [
    ("QQ+", 18),
    ("22-55", 24),
    ("55-22", 24),
    ("TT", 6),
    ("AKs", 4),
    ("A2s+", 48),
    ("K9s-KQs", 16),
    ("AKo", 12),
    ("KTo+", 36),
    ("K9o-KQo", 48),
    ("AK", 16),
    ("AT+", 64),
    ("AsKs", 1),
    ("AsKs,AhKh", 2),
    ("random", 1326),
    ("QQ+,AKs", 22),
    ("QQ+, AKs, AKo", 34),
    ("22+", 78),
    ("QQ+,KK", 18),  # a combination named twice counts once
    ("aks", 4),
]


@pytest.mark.parametrize(("text", "count"), COUNTS)
def test_combination_counts(text, count):
    combos = parse_range(text)
    assert len(combos) == count
    assert len(set(combos)) == count
    assert all(high > low for high, low in combos)


def names(combos):
    return {card_name(high) + card_name(low) for high, low in combos}


def test_each_form_holds_the_right_combinations():
    assert names(parse_range("AKs")) == {"AsKs", "AhKh", "AdKd", "AcKc"}
    assert names(parse_range("QQ+")) == names(parse_range("QQ,KK,AA"))
    assert names(parse_range("A2s+")) == names(parse_range("A2s-AKs"))
    assert names(parse_range("KTo+")) == names(parse_range("KTo,KJo,KQo"))
    assert names(parse_range("AK")) == names(parse_range("AKs,AKo"))
    assert all(card_name(h)[1] != card_name(l)[1] for h, l in parse_range("AKo"))
    assert all(card_name(h)[0] == card_name(l)[0] for h, l in parse_range("22-55"))
    assert {card_name(h)[0] for h, _ in parse_range("22-55")} == set("2345")
    assert names(parse_range("random")) == {a + b for a, b in itertools.combinations(reversed(CARD_NAMES), 2)}


@pytest.mark.parametrize("token", ["QQ++", "AKv", "A1s", "QQs", "AKs-KQs", "AA-KQs", "random,AA", "AKs+-", "A"])
def test_bad_tokens_are_named(token):
    with pytest.raises(BadInput, match="range") as error:
        parse_range(token)
    assert "\n" not in str(error.value)


def test_two_cards_are_a_hand_and_anything_else_a_range():
    assert parse_player("AhAd", 1).is_hand
    assert parse_player("Ah,Kd", 1).is_hand
    assert not parse_player("AsKs,AhKh", 1).is_hand
    assert parse_player("random", 1).is_random
    with pytest.raises(BadInput, match="hand 1 needs 2 hole cards, got 3"):
        parse_player("Ah Kd Qc", 1)


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["AhAd", "QQ++"], "'QQ++'"),
        (["AhAd", "AKv"], "'AKv'"),
        (["AhAd", "A1s"], "'A1s'"),
        (["AhAd", "AA", "--board", "As Ac 2d"], "'AA'"),  # no combination left after card removal
        (["KhKd", "AA", "AA", "--board", "As Ac 2d", "--trials", "100"], "no deal"),  # one AA left for two players
        (["AhAd", "random", "--exact", "--trials", "100"], "--exact"),
    ],
)
def test_bad_ranges_exit_2_with_one_line(run, args, named):
    status, out, err = run("equity", *args)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and named in err, err


# -- exact range equity ----------------------------------------------------------------------


def exhaustive_range_equity(players: list[str], board: str = "", dead: str = ""):
    """(deals, [(wins, ties, equity)]) over every deal and board, by phevaluator."""
    board_cards, dead_cards = parse_cards(board) if board else [], parse_cards(dead) if dead else []
    known = set(board_cards) | set(dead_cards)
    ranges = []
    for text in players:
        parsed = parse_cards(text) if text.count(",") == 0 and len(text.replace(" ", "")) == 4 else None
        combos = [tuple(parsed)] if parsed else parse_range(text)
        ranges.append([c for c in combos if not known & set(c)])
    tally = Tally(len(players))
    for deal in itertools.product(*ranges):
        held = [card for combo in deal for card in combo]
        if len(set(held)) != len(held):
            continue
        deck = [c for c in range(52) if c not in known and c not in held]
        for rest in itertools.combinations(deck, 5 - len(board_cards)):
            tally.showdown((*board_cards, *rest), deal)
    return tally.results()


# Every deuce to eight dead (28 cards) leaves 24 in the deck: small enough to count before the flop in Python.
PREFLOP_DEAD = " ".join(rank + suit for rank in "2345678" for suit in "cdhs")

RANGE_CASES = [
    # players, board, dead
    (["AhAd", "QQ+,AKs"], "2c 7d Kc", ""),  # hand vs range on the flop
    (["JJ+,AQs", "KQs,T9s,77"], "Qh Ts 7c", ""),  # range vs range on the flop
    (["AsKs", "random"], "Qs 7s 2d 3c", ""),  # hand vs any hand on the turn (random_opponent_equity)
    (["AhKh", "QsQd", "random"], "2h 7h Qc", "9c"),  # two hands and any hand on the flop, a dead card
    (["AhKh", "TT+", "87s,98s"], "Jh 8h 2c", "7h 9d"),  # three-way, ranges, dead cards
    # five ranges on the turn: each seat's combination is a field of bits of the deal's number,
    # its place the next four seats' widths summed (range_seats)
    (["AhKh,AdKd", "QQ", "JsTs,9s8s", "22,33", "76s"], "2c 7d Kc 4s", ""),
    (["AhAd", "KK,AKs"], "", PREFLOP_DEAD),  # before the flop, hand vs range, dead cards
    (["KK+", "AKs,QQ"], "", PREFLOP_DEAD),  # before the flop, range vs range
]


@pytest.mark.parametrize(("players", "board", "dead"), RANGE_CASES, ids=[" vs ".join(c[0]) + " | " + c[1] for c in RANGE_CASES])
def test_exact_range_equity_against_an_exhaustive_count(db, players, board, dead):
    deals, expected = exhaustive_range_equity(players, board, dead)
    result = db.equity(*players, board=board, dead=dead, exact=True)
    what = f"{' vs '.join(players)} board {board!r} dead {dead!r}"
    assert result.exact is True
    assert result.deals == deals, f"{what}: expected {deals} deals, got {result.deals}"
    actual = [(p.wins, p.ties) for p in result.players]
    assert actual == [(w, t) for w, t, _ in expected], f"{what}: expected {[(w, t) for w, t, _ in expected]}, got {actual}"
    for p, (_, _, equity) in zip(result.players, expected):
        assert p.equity == pytest.approx(equity, abs=1e-12), what
    assert sum(p.equity for p in result.players) == pytest.approx(1, abs=1e-12)


def test_the_json_names_ranges_and_counts_live_combinations(run):
    status, out, _ = run("equity", "AhAd", "QQ+,AKs", "--board", "2c 7d Kc", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["exact"] is True and data["boards"] == 990 and data["deals"] == 990 * 11
    assert data["players"][0]["hand"] == ["Ah", "Ad"] and data["players"][0]["combos"] == 1
    # QQ 6, KK 3 (Kc is on the board), AA 1 (AsAc), AKs 1 (AsKs)
    assert data["players"][1]["range"] == "QQ+,AKs" and data["players"][1]["combos"] == 11
    assert "hand" not in data["players"][1] and "std_error" not in data["players"][1]


def test_a_sql_user_inserts_combinations_and_reads_range_equity(db):
    """The expansion is data: range_input rows, board_input, and the range_equity view."""
    with db.engine.scratch():
        db.engine.execute("delete from hand_input")
        for card in parse_cards("2c 7d Kc"):
            db.engine.execute("insert into board_input (card_id) values (?)", (card,))
        for player, text in ((1, "AhAd"), (2, "KhKd")):
            high, low = sorted(parse_cards(text), reverse=True)
            db.engine.execute("insert into range_input (player, card_1, card_2) values (?, ?, ?)", (player, high, low))
        rows = db.engine.execute("select player, combos, deals, wins, ties from range_equity order by player")
        classic = db.engine.execute("select count(*) from range_input")
    assert rows == [(1, 1, 990, 85, 0), (2, 1, 990, 905, 0)]
    assert classic == [(2,)]
    assert db.engine.execute("select count(*) from range_input") == [(0,)]  # scratch leaves nothing behind


def test_exact_is_the_default_when_feasible(db):
    assert db.equity("AhAd", "QQ+,AKs", board="2c 7d Kc").exact is True
    assert db.equity("AhAd", "random", board="2c 7d Kc 5s").exact is True
    # AhAd vs random on a flop: 1,176 boards x 364 patterns of the random hand (019), exact on
    # both (SQLite 2 s, against 45 s and more for Monte Carlo's 100,000 trials).
    players = [parse_player("AhAd", 1), parse_player("random", 2)]
    work = exact_work(remove_known(players, set(parse_cards("2c 7d Kc"))), parse_cards("2c 7d Kc"), [], players)
    assert work == 1081 * 364
    assert choose_exact(work, db.engine.equity_costs)
    assert db.equity("AhAd", "random", board="2c 7d Kc").exact is True


# -- Monte Carlo error bars ------------------------------------------------------------------


@pytest.fixture(scope="module")
def turn_exact(duck):
    return duck.equity("AsKs", "random", board="Qs 7s 2d 3c", exact=True)


@pytest.fixture(scope="module")
def duck(built_database):
    """A built DuckDB database of the module's own: a copy of the session's (no build here)."""
    import pokersql

    database = pokersql.connect(built_database("duckdb"))
    yield database
    database.close()


def test_monte_carlo_lies_within_4_standard_errors_of_exact(duck, turn_exact):
    estimate = duck.equity("AsKs", "random", board="Qs 7s 2d 3c", trials=20_000, seed=11)
    assert estimate.exact is False
    for p, exact in zip(estimate.players, turn_exact.players):
        assert p.std_error > 0
        assert abs(p.equity - exact.equity) < 4 * p.std_error, (p.equity, exact.equity, p.std_error)


def test_the_standard_error_matches_the_spread_of_50_seeds(duck, turn_exact):
    runs = [duck.equity("AsKs", "random", board="Qs 7s 2d 3c", trials=2_000, seed=seed) for seed in range(50)]
    spread = statistics.stdev(r.players[0].equity for r in runs)
    reported = statistics.mean(r.players[0].std_error for r in runs)
    assert 0.7 < spread / reported < 1.4, (spread, reported)
    mean = statistics.mean(r.players[0].equity for r in runs)
    assert abs(mean - turn_exact.players[0].equity) < 4 * reported / 50**0.5
