"""The draw games' equity (issue 47: `equity --game deuce-to-seven|ace-to-five|badugi`,
sql/equity/058): known cards (fewer than the game deals, the rest from the deck) and
`random` hands, dead cards; exact against an enumeration in this file of every runout with
pokerkit's StandardLowHand (2-7), RegularLowHand (A-5) and BadugiHand, the pot to the best low
in Fractions; Monte Carlo within its standard errors; bad input; on DuckDB and SQLite."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from functools import cmp_to_key, lru_cache
from itertools import combinations

import pytest
from pokerkit import BadugiHand, RegularLowHand, StandardLowHand

import pokersql
from pokersql.cards import card_name, parse_cards
from pokersql.cli import main

ENGINES = ("duckdb", "sqlite")
LOWS = {"deuce-to-seven": (StandardLowHand, 5), "ace-to-five": (RegularLowHand, 5), "badugi": (BadugiHand, 4)}


@pytest.fixture(scope="module", params=ENGINES)
def draw_db(request, built_database):
    database = pokersql.connect(built_database(request.param), engine=request.param)
    yield database
    database.close()


def strength_levels(hands: list) -> dict[int, int]:
    """Each hand (by id) to its strength as a number, by pokerkit's order of the hands."""
    ordered = sorted(hands, key=cmp_to_key(lambda a, b: -1 if a < b else 1 if b < a else 0))
    levels = [0] * len(ordered)
    for n in range(1, len(ordered)):
        levels[n] = levels[n - 1] + (ordered[n - 1] < ordered[n])
    return {id(h): level for h, level in zip(ordered, levels)}


@lru_cache  # each spot once for both engines
def enumerated(game: str, hands: tuple[str, ...], dead: str) -> tuple[int, list[tuple]]:
    """(runouts, [(equity, scoop, scoops, splits)]) over every runout: player 1's cards to come
    from the deck left, player 2's from what is left then, ... (a random hand: all of them);
    each hand ranked by pokerkit, the pot to the best low, split among ties, in Fractions."""
    low_class, size = LOWS[game]
    known = [() if hand == "random" else tuple(parse_cards(hand)) for hand in hands]
    deck = [c for c in range(52) if c not in set(parse_cards(dead)) | {c for hand in known for c in hand}]
    dealt = [[(rest, low_class.from_game("".join(card_name(c) for c in hand + rest))) for rest in combinations(deck, size - len(hand))] for hand in known]
    level = strength_levels([h for player in dealt for _, h in player])
    ranked = [[(sum(1 << c for c in rest), level[id(h)]) for rest, h in player] for player in dealt]
    outcomes: Counter = Counter()

    def deal(player: int, used: int, seats: tuple) -> None:
        if player == len(known):
            top = max(seats)
            outcomes[tuple(n for n, s in enumerate(seats) if s == top)] += 1
            return
        for rest, strength in ranked[player]:
            if not used & rest:
                deal(player + 1, used | rest, seats + (strength,))

    deal(0, 0, ())
    runouts = sum(outcomes.values())
    shares, scoops, splits = [Fraction(0)] * len(known), [0] * len(known), [0] * len(known)
    for winners, count in outcomes.items():
        for n in winners:
            shares[n] += Fraction(count, len(winners))
            if len(winners) == 1:
                scoops[n] += count
            else:
                splits[n] += count
    return runouts, [(shares[n] / runouts, Fraction(scoops[n], runouts), scoops[n], splits[n]) for n in range(len(known))]


# The cards of a short deck: every card but these 16 (Hold'em's 2 to 5 and the aces and kings
# of two suits) is dead, so a random hand has a few thousand hands to count in Python.
FEW = {"2c", "3c", "4c", "5c", "2d", "3d", "4d", "5d", "6h", "7h", "8h", "9s", "Ts", "Js", "Kh", "Ac"}


def dead_but(*cards_given: str) -> str:
    held = {c for hand in cards_given for c in hand.split()}
    return " ".join(c for c in (card_name(n) for n in range(52)) if c not in FEW | held)


# (game, hands, dead): badugi three cards against a known badugi (45 runouts); a random badugi
# against three cards, in few cards; 2-7 four cards against a random hand (a flush and straights
# count against it); A-5 three-way with a random hand; a river (every card known: the showdown's
# shares). Below, on DuckDB: two partial 2-7 hands from the whole deck (652,740 runouts).
CASES = [
    ("badugi", ("Ah 2c 3d", "Kh Qc Jd Ts"), ""),
    ("badugi", ("Ah 2c 3d", "random"), dead_but("Ah 2c 3d")),
    ("deuce-to-seven", ("2c 3c 4c 5h", "random"), dead_but("2c 3c 4c 5h")),
    ("ace-to-five", ("Ah 2h 3s 4d", "5s 6s 7s", "random"), dead_but("Ah 2h 3s 4d", "5s 6s 7s") + " Kh Ac 5c 5d"),
    ("ace-to-five", ("Ah 2h 3s 4d 4c", "As 2d 3h 4h Kd", "2s 3d 4s 5d 6d"), ""),
]


@pytest.mark.parametrize(("game", "hands", "dead"), CASES)
def test_draw_equity_against_pokerkit(draw_db, game, hands, dead):
    result = draw_db.equity(*hands, dead=dead, game=game)
    runouts, expected = enumerated(game, hands, dead)
    assert result.exact and result.boards == runouts
    for player, (equity, scoop, scoops, splits) in zip(result.players, expected):
        assert (player.wins, player.ties) == (scoops, splits)
        assert [player.equity, player.low_share, player.high_share, player.scoop] == pytest.approx(
            [float(equity), float(equity), 0.0, float(scoop)], abs=1e-12
        )


def test_the_whole_deck_against_pokerkit(built_database):
    """Two partial 2-7 hands from the whole deck (the first can make a flush): 15,180 sets of three cards to come to the
    first, each with the 43 cards left for the second (652,740 runouts; 5 s on DuckDB, 40 s on
    SQLite: DuckDB's only here)."""
    database = pokersql.connect(built_database("duckdb"))
    result = database.equity("7c 5c", "8s 6h 4c 3d", game="deuce-to-seven")
    runouts, expected = enumerated("deuce-to-seven", ("7c 5c", "8s 6h 4c 3d"), "")
    assert result.exact and result.boards == runouts == 652_740
    for player, (equity, scoop, scoops, splits) in zip(result.players, expected):
        assert (player.wins, player.ties) == (scoops, splits)
        assert [player.equity, player.scoop] == pytest.approx([float(equity), float(scoop)], abs=1e-12)
    database.close()


def test_the_pot_goes_to_the_best_low(draw_db):
    """Every card known: 2-7's 7-5-4-3-2 beats a wheel (a straight there) and A-5's wheel beats
    it; badugi's four cards beat any three; a flush loses in 2-7 only; equal lows split the pot."""
    lows = ("7c 5d 4h 3s 2c", "5c 4d 3h 2s Ad")
    assert [p.equity for p in draw_db.equity(*lows, game="deuce-to-seven").players] == [1.0, 0.0]
    assert [p.equity for p in draw_db.equity(*lows, game="ace-to-five").players] == [0.0, 1.0]
    assert [p.equity for p in draw_db.equity("Kh Qc Jd Ts", "Ah 2c 3d 3s", game="badugi").players] == [1.0, 0.0]
    flush = ("7c 5c 4c 3c 2c", "8d 6h 4s 3d 2h")  # a flush counts against a 2-7 hand, not an A-5 one
    assert [p.equity for p in draw_db.equity(*flush, game="deuce-to-seven").players] == [0.0, 1.0]
    assert [p.equity for p in draw_db.equity(*flush, game="ace-to-five").players] == [1.0, 0.0]
    split = draw_db.equity("7c 5d 4h 3s 2c", "7d 5c 4s 3h 2d", "Kc Kd Qh Qs Jc", game="deuce-to-seven")
    assert [(p.equity, p.scoop, p.ties) for p in split.players] == [(0.5, 0.0, 1), (0.5, 0.0, 1), (0.0, 0.0, 0)]


def test_monte_carlo_within_its_standard_errors(built_database):
    """A seeded Monte Carlo of a random 2-7 hand against four cards in few cards: each equity
    within four standard errors of the exact one; sliced, the same trials; past the exact bound
    (a random hand against four cards of the whole deck) only with trials. On DuckDB (SQLite's
    shuffles are slow: below, it deals the same trials)."""
    draw_db = pokersql.connect(built_database("duckdb"))
    hands, dead = ("2c 3c 4c 5h", "random"), dead_but("2c 3c 4c 5h")
    exact = draw_db.equity(*hands, dead=dead, game="deuce-to-seven")
    drawn = draw_db.equity(*hands, dead=dead, game="deuce-to-seven", trials=2000, seed=5)
    assert not drawn.exact and drawn.boards == 2000 and drawn.seed == 5
    for mine, right in zip(drawn.players, exact.players):
        assert 0 < mine.std_error < 0.03 and abs(mine.equity - right.equity) < 4 * mine.std_error
    assert drawn.to_dict() == draw_db.equity(*hands, dead=dead, game="deuce-to-seven", trials=2000, seed=5, slice_trials=700).to_dict()
    wide = draw_db.equity("2c 3d 4h 5s", "random", game="deuce-to-seven", trials=1000, seed=2)
    assert wide.boards == 1000 and sum(p.equity for p in wide.players) == pytest.approx(1.0)
    assert wide.players[1].range == "random" and wide.players[1].combos == 1_712_304  # C(48, 5)
    draw_db.close()


def test_monte_carlo_is_the_same_on_sqlite(built_database):
    """The same seed deals the same trials on every engine: SQLite's answer is DuckDB's."""
    answers = []
    for engine in ENGINES:
        with pokersql.connect(built_database(engine), engine=engine) as database:
            answers.append(database.equity("Ah 2c 3d", "random", "Kd 9s", game="badugi", trials=300, seed=8).to_dict())
    assert answers[0] == answers[1] and answers[0]["boards"] == 300


def test_draw_equity_json(built_database, capsys):
    path = built_database("duckdb")
    assert main(["--db", path, "equity", "--game", "badugi", "Ah 2c 3d", "Kh Qc Jd Ts", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is True and data["boards"] == 45
    assert [(p["equity"], p["low_share"], p["high_share"], p["scoop"]) for p in data["players"]] == [(0.2, 0.2, 0.0, 0.2), (0.8, 0.8, 0.0, 0.8)]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--game", "badugi", "Ah 2c 3d 4s 5h", "random"], "hand 1 needs 1 to 4 cards, got 5: Ah 2c 3d 4s 5h"),
        (["--game", "deuce-to-seven", "7c 5d 4h 3s 2c 9d", "random"], "hand 1 needs 1 to 5 cards, got 6"),
        (["--game", "ace-to-five", "Ah 2h", "As 3d", "--board", "2c 7d 9s"], "a board is not dealt in ace-to-five, got --board 2c 7d 9s"),
        (["--game", "badugi", "Ah 2c", "As 2c"], "'2c'"),
        (["--game", "deuce-to-seven", "7c 5d", "random", "--dead", "7c"], "'7c'"),
        (["--game", "deuce-to-seven", "2c 3d 4h 5s", "random"], "73,629,072 runouts, more than the 10,000,000"),
        (["--game", "badugi", "QQ+", "random"], "hand 1 'QQ+' is not cards"),
    ],
)
def test_draw_equity_refuses_in_one_line(built_database, capsys, engine, args, named):
    path = built_database(engine)
    before = open(path, "rb").read()
    assert main(["--engine", engine, "--db", path, "equity", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1 and named in captured.err, captured.err
    assert open(path, "rb").read() == before
