"""Split-pot equity (issue 47: `equity --game omaha8`, 050's split_equity_of): exact, against an
enumeration of every board still to come with pokerkit's hands, on DuckDB and SQLite."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import pytest
from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand

import pokersql
from pokersql.cards import card_name, parse_cards
from pokersql.cli import main
from pokersql.monte_carlo import deal_settings

ENGINES = ("duckdb", "sqlite")


@pytest.fixture(scope="module", params=ENGINES)
def split_db(request, built_database):
    database = pokersql.connect(built_database(request.param), engine=request.param)
    yield database
    database.close()


def text(cards: list[int]) -> str:
    return "".join(card_name(c) for c in cards)


def best(hand_class, hole: list[int], board: list[int]):
    try:
        return hand_class.from_game(text(hole), text(board))
    except ValueError:  # pokerkit finds no hand of the class: no qualifying low
        return None


def tallied(holes: list[list[int]], boards, low: bool = True) -> tuple[int, list[tuple]]:
    """(boards, [(equity, high_share, low_share, scoop, scoops, splits)]) by pokerkit over the
    (board, weight) pairs given, each board counted weight times: the high half to the best
    OmahaHoldemHand, the low half to the best OmahaEightOrBetterLowHand, the whole pot to the
    high when no hand has a low."""
    highs = [Fraction(0)] * len(holes)
    lows = [Fraction(0)] * len(holes)
    scoops = [0] * len(holes)
    splits = [0] * len(holes)
    total = 0
    for full, weight in boards:
        high_hands = [best(OmahaHoldemHand, hole, full) for hole in holes]
        low_hands = [best(OmahaEightOrBetterLowHand, hole, full) if low else None for hole in holes]
        top = max(high_hands)
        high_winners = [n for n, h in enumerate(high_hands) if h == top]
        qualified = [h for h in low_hands if h is not None]
        low_winners = [n for n, h in enumerate(low_hands) if qualified and h == max(qualified)]
        high_pot = Fraction(1, 2) if low_winners else Fraction(1)
        for n in high_winners:
            highs[n] += weight * high_pot / len(high_winners)
        for n in low_winners:
            lows[n] += weight * (1 - high_pot) / len(low_winners)
        for n in range(len(holes)):
            if high_winners == [n] and (not low_winners or low_winners == [n]):
                scoops[n] += weight
            elif n in high_winners or n in low_winners:
                splits[n] += weight
        total += weight
    return total, [
        (float((h + l) / total), float(h / total), float(l / total), scoops[n] / total, scoops[n], splits[n])
        for n, (h, l) in enumerate(zip(highs, lows))
    ]


@lru_cache  # each case once for both engines
def enumerated(hands: tuple[str, ...], board: str, dead: str, low: bool = True) -> tuple[int, list[tuple]]:
    """tallied over every board still to come, each once."""
    holes = [parse_cards(hand) for hand in hands]
    known = parse_cards(board)
    out = set(known) | set(parse_cards(dead)) | {c for hole in holes for c in hole}
    deck = [c for c in range(52) if c not in out]
    return tallied(holes, ((known + list(rest), 1) for rest in combinations(deck, 5 - len(known))), low)


# Before the flop with 32 cards dead (792 boards of the 12 left: pokerkit counts every board
# in seconds), lows and highs still to make among them.
PREFLOP_DEAD = "2s 2d 3h 3c 4s 4c 5s 5c 6h 6d 6c 7s 7d 7c 9s 9h 9c Ts Td Tc Js Jd Jc Qs Qh Kh Ks Kd 4h 9d Th Qd"

# (game, hands, board, dead): a flop heads-up, a turn three-way with a dead card, five hole
# cards on a turn, a river, Courchevel hi-lo on a flop, and before the flop.
CASES = [
    ("omaha8", ["Ah 2h Kc Qc", "As 3d 8s 8d"], "4h 7c Kd", ""),
    ("omaha8", ["Ah 2h Kc Qc", "As 3d 8s 8d", "Jh Th 9h 8c"], "4h 7c Kd 5s", "2c"),
    ("omaha5-8", ["Ah 2h Kc Qc 3s", "Ac 4d 8s 8d Jd"], "5h 7c Kd 9s", ""),
    ("omaha8", ["Ah 2h Kc Qc", "Ad 2d 8s 8d", "Jh Th 9h 8c"], "4h 5c Kd 6s Td", ""),
    ("courchevel8", ["Ah 2h Kc Qc 3s", "Ac 4d 8s 8d Jd"], "5h 7c Kd", ""),
    ("omaha8", ["Ah 2h Kc Qc", "As 3d 8s 8d"], "", PREFLOP_DEAD),
]


@pytest.mark.parametrize(("game", "hands", "board", "dead"), CASES)
def test_split_equity_against_pokerkit(split_db, game, hands, board, dead):
    result = split_db.equity(*hands, board=board, dead=dead, game=game)
    boards, expected = enumerated(tuple(hands), board, dead, low=True)
    assert result.exact and result.boards == boards
    for player, (equity, high, low, scoop, scoops, splits) in zip(result.players, expected):
        assert (player.wins, player.ties) == (scoops, splits)
        assert [player.equity, player.high_share, player.low_share, player.scoop] == pytest.approx([equity, high, low, scoop], abs=1e-12)
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)


def test_a_river_quartered(split_db):
    """Two lows tie (A-2 each) and one of them holds the high: 3/4 and 1/4 of the pot."""
    result = split_db.equity("Ah 2h Kc Kd", "As 2d 9c 9d", board="3c 4d 8h Ks Qh", game="omaha8")
    assert [(p.high_share, p.low_share, p.equity, p.scoop) for p in result.players] == [(0.5, 0.25, 0.75, 0.0), (0.0, 0.25, 0.25, 0.0)]


def test_monte_carlo_within_its_standard_errors(split_db):
    """A seeded Monte Carlo of a turn spot: each share within four standard errors of the exact
    one; the same seed, the same answer."""
    hands, board = ("Ah 2h Kc Qc", "As 3d 8s 8d", "Jh Th 9h 8c"), "4h 7c Kd 5s"
    exact = split_db.equity(*hands, board=board, game="omaha8")
    drawn = split_db.equity(*hands, board=board, game="omaha8", trials=4000, seed=11)
    assert not drawn.exact and drawn.boards == 4000 and drawn.seed == 11
    for mine, right in zip(drawn.players, exact.players):
        assert 0 < mine.std_error < 0.02 and abs(mine.equity - right.equity) < 4 * mine.std_error
    assert drawn.to_dict() == split_db.equity(*hands, board=board, game="omaha8", trials=4000, seed=11).to_dict()


def test_monte_carlo_ranks_each_board_it_drew_as_pokerkit(split_db):
    """Every board a seeded Monte Carlo drew on a flop (monte_carlo_drawn_boards, 021, read with
    the same inputs), ranked by pokerkit and weighed by its trials, gives the same scoops,
    splits and shares exactly: the ranking of the drawn boards is checked apart from the
    draw (050 finds the lows once per set of values ace to eight on the board)."""
    hands, board, trials, seed = ("Ah 2h Kc Qc", "As 3d 8s 8d"), "4h 7c Kd", 3000, 5
    drawn = split_db.equity(*hands, board=board, game="omaha8", trials=trials, seed=seed)
    holes, known = [parse_cards(hand) for hand in hands], parse_cards(board)
    given = {
        "hand_input": [(n, c) for n, hole in enumerate(holes, start=1) for c in hole],
        "board_input": [(c,) for c in known],
        "deal_settings": [deal_settings(seed, 4, trials)],
    }
    with split_db.engine.inputs(**given):
        rows = split_db.engine.execute("select board_mask, trials from monte_carlo_drawn_boards order by board_mask")
    card_of_bit = {1 << (13 * (card % 4) + card // 4): card for card in range(52)}
    boards = [([card_of_bit[bit] for bit in card_of_bit if mask & bit], weight) for mask, weight in rows]
    assert all(len(cards) == 5 and set(known) <= set(cards) for cards, _ in boards)
    total, expected = tallied(holes, boards)
    assert total == trials == drawn.boards and len(boards) > 500
    for player, (equity, high, low, scoop, scoops, splits) in zip(drawn.players, expected):
        assert (player.wins, player.ties) == (scoops, splits)
        assert [player.equity, player.high_share, player.low_share, player.scoop] == pytest.approx([equity, high, low, scoop], abs=1e-12)


def test_split_equity_json_and_table(built_database, capsys):
    path = built_database("duckdb")
    args = ["--db", path, "equity", "--game", "omaha8", "Ah 2h Kc Qc", "As 3d 8s 8d", "--board", "4h 7c Kd"]
    assert main([*args, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"high_share", "low_share", "scoop"} <= set(data["players"][0]) and data["boards"] == 820
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "high_share" in out and "low_share" in out and "scoop" in out


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--game", "omaha8", "Ah 2h Kc Qc", "As 3d 8s 8d", "--board", "4h 7c"], "got 2"),
        (["--game", "omaha8", "Ah 2h Kc", "As 3d 8s 8d", "--board", "4h 7c Kd"], "hand 1 needs 4 hole cards, got 3"),
        (["--game", "omaha8", "Ah 2h Kc Qc", "random", "--board", "4h 7c Kd", "--exact"], "exact split-pot equity of a random hand would rank"),
        (["--game", "omaha8", "random", "random", "--board", "4h 7c Kd"], "every hand is random"),
        (["--game", "stud8", "Ah 2h Kc", "random"], "runouts, more than the 1,000,000 counted exactly: give --trials N"),
        (["--game", "omaha8", "Ah 2h Kc Qc", "As 3d 8s 8d", "--board", "4h 7c Kd", "--by-combo"], "--by-combo is Hold'em's only"),
        (["--game", "courchevel", "Ah 2h Kc Qc 3s", "As 3d 8s 8d 9c", "--board", "4h 7c Kd"], "omaha5"),
        (["--game", "badugi", "Ah 2h 3c 4c", "As 3d 8s 8d", "--board", "2c 5d 6d"], "a board is not dealt in badugi, got --board 2c 5d 6d"),
        (["--game", "omaha8", "Ah 2h Kc Qc", "Ah 3d 8s 8d", "--board", "4h 7c Kd"], "Ah"),
    ],
)
def test_split_equity_refuses_in_one_line(built_database, capsys, args, named):
    path = built_database("duckdb")
    before = open(path, "rb").read()
    assert main(["--db", path, "equity", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1 and named in captured.err, captured.err
    assert open(path, "rb").read() == before
