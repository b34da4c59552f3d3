"""`deal --game` of the games where each player holds their own cards (issue 64): stud, stud8,
razz (seven cards each), deuce-to-seven, ace-to-five (five) and badugi (four), dealt in SQL
(own_card_deals, sql/games/069) from the same seeded shuffle as every other deal. Checked from
outside: the cards are the top of the seed's deck read from shuffled_deck (003) here, handed
out in blocks or round-robin; each pot split as pokerkit's hands split it (the high half to the
best high, the low half to the best qualifying low, a low-only game's pot to the best low);
each low named as the test's own reading of pokerkit's best low."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import duckdb
import pytest
from test_lows import GAMES, pokerkit_hand  # tests/test_lows.py: each game's pokerkit hands

import pokersql
from pokersql.cards import card_name
from pokersql.cli import main
from pokersql.games import REGISTRY

OWN_CARD_GAMES = sorted(name for name, game in REGISTRY.items() if game.is_split and not game.board_cards)
SEEDS = 24  # deals a game, of 2 to the most players the deck holds, in blocks and round-robin
LOWS = {"stud8": "eight-or-better", "razz": "ace-to-five", "deuce-to-seven": "deuce-to-seven",
        "ace-to-five": "ace-to-five", "badugi": "badugi"}


@pytest.fixture(scope="module")
def db(built_database):
    database = pokersql.connect(built_database("duckdb"))
    yield database
    database.close()


@pytest.fixture(scope="module")
def con(built_database):
    """A connection to a copy of its own, to read the seed's deck from shuffled_deck."""
    connection = duckdb.connect(built_database("duckdb"))
    yield connection
    connection.close()


def deck_of(con, seed: int) -> list[int]:
    """Deal 1's deck of the seed, top first: shuffled_deck (003) in order of (shuffle_key, card_id)."""
    con.begin()
    con.execute("update deal_settings set seed = ?, players = 2, deals = 1, shuffle = 'uniform', first_deal = 1", [seed])
    deck = [card for (card,) in con.execute("select card_id from shuffled_deck where deal_no = 1 order by shuffle_key, card_id").fetchall()]
    con.rollback()
    return deck


def pokerkit_split(name: str, hands: list[list[int]]) -> tuple[list[tuple[Fraction, Fraction]], list, list]:
    """Each hand's (high part, low part) of the pot by pokerkit's hands; the highs and the lows."""
    _, _, high_class, low_class = GAMES[name]
    highs = [pokerkit_hand(high_class, hand, []) for hand in hands] if high_class else [None] * len(hands)
    lows = [pokerkit_hand(low_class, hand, []) for hand in hands] if low_class else [None] * len(hands)
    has_low = any(low is not None for low in lows)
    high_pot = (Fraction(1, 2) if has_low else Fraction(1)) if high_class else Fraction(0)

    def split(part: Fraction, held: list) -> list[Fraction]:
        best = max((hand for hand in held if hand is not None), default=None)
        winners = [hand is not None and hand == best for hand in held]
        return [part / sum(winners) if won else Fraction(0) for won in winners]

    low_parts = split(1 - high_pot, lows) if has_low else [Fraction(0)] * len(hands)
    return list(zip(split(high_pot, highs), low_parts)), highs, lows


VALUE_NAMES = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}


def low_words(ranking: str, low) -> str | None:
    """A low in a player's words, read here from pokerkit's best low's cards: badugi its count of
    cards; a five-card low of no pair (and in 2-7 no straight, no flush) its highest card as it
    plays ('7 low'); else the category that counts against it."""
    if low is None:
        return None
    if ranking == "badugi":
        return f"{len(low.cards)}-card badugi"
    ace = 14 if ranking == "deuce-to-seven" else 1
    values = ["23456789TJQKA".index(card.rank.value) + 2 for card in low.cards]
    values = sorted(ace if v == 14 else v for v in values)
    shape = sorted(Counter(values).values(), reverse=True)
    if shape == [1, 1, 1, 1, 1]:
        straight = ranking == "deuce-to-seven" and values[4] - values[0] == 4
        flush = ranking == "deuce-to-seven" and len({card.suit for card in low.cards}) == 1
        if straight or flush:
            return "Straight Flush" if straight and flush else "Straight" if straight else "Flush"
        return f"{VALUE_NAMES.get(values[4], str(values[4]))} low"
    return {(2, 1, 1, 1): "One Pair", (2, 2, 1): "Two Pair", (3, 1, 1): "Three of a Kind", (3, 2): "Full House",
            (4, 1): "Four of a Kind"}[tuple(shape)]


def plays(name: str, seed: int) -> tuple[int, str]:
    """The players and the order of the game's deal of the seed: 2 to the most the deck holds."""
    most = min(10, 52 // REGISTRY[name].hole_cards)
    return 2 + seed % (most - 1), ("blocks", "round-robin")[seed % 2]


@pytest.mark.parametrize("name", OWN_CARD_GAMES)
def test_own_cards_are_dealt_from_the_seeds_deck_and_split_as_pokerkit_splits_them(db, con, name):
    game = REGISTRY[name]
    k = game.hole_cards
    lows_seen = split_pots = 0
    for seed in range(1, SEEDS + 1):
        players, order = plays(name, seed)
        dealt = db.deal(players=players, seed=seed, order=order, game=name)
        deck = deck_of(con, seed)
        if order == "blocks":
            hands = [deck[n * k : (n + 1) * k] for n in range(players)]
        else:
            hands = [deck[n : players * k : players] for n in range(players)]
        assert (dealt.game, dealt.seed, dealt.order, dealt.board) == (name, seed, order, [])
        assert [p.cards for p in dealt.players] == [[card_name(c) for c in hand] for hand in hands]
        every = [card for p in dealt.players for card in p.cards]
        assert len(every) == len(set(every)) == players * k
        assert sorted(every) == sorted(card_name(c) for c in deck[: players * k])
        shares, highs, lows = pokerkit_split(name, hands)
        assert [(p.high_share, p.low_share) for p in dealt.players] == [(float(h), float(lo)) for h, lo in shares], (seed, dealt)
        assert [p.share for p in dealt.players] == [float(h + lo) for h, lo in shares]
        assert sum(p.share for p in dealt.players) == pytest.approx(1.0)
        assert dealt.winners == [p.player for p, (h, lo) in zip(dealt.players, shares) if h + lo > 0]
        assert [p.low_rank is None for p in dealt.players] == [low is None for low in lows]
        if game.high_game:  # the high's best five, category and place: pokerkit's
            assert [StandardHigh(p.best) for p in dealt.players] == highs
            assert [p.category.lower().replace("royal", "straight") for p in dealt.players] == [str(h).split(" (")[0].lower() for h in highs]
            assert [p.place for p in dealt.players] == [1 + sum(o > h for o in highs) for h in highs]
        else:  # a low-only game: the low's words, its rank and place
            assert [p.category for p in dealt.players] == [low_words(LOWS[name], low) for low in lows]
            assert [p.hand_rank for p in dealt.players] == [p.low_rank for p in dealt.players]
            assert [p.place for p in dealt.players] == [1 + sum(o > lo for o in lows) for lo in lows]
            assert all(p.best == [] for p in dealt.players)
        lows_seen += sum(low is not None for low in lows)
        split_pots += sum(1 for h, lo in shares if 0 < h + lo < 1)
    assert (lows_seen > 0) == (name != "stud") and (split_pots > 0 or name != "stud8")


def StandardHigh(best: list[str]):
    from pokerkit import StandardHighHand

    return StandardHighHand.from_game("".join(best))


@pytest.mark.parametrize("name", ("deuce-to-seven", "ace-to-five"))
def test_five_cards_in_blocks_are_the_articles_deal(db, name):
    """Five cards each, in blocks: the hands of `deal` (Hold'em's five-card deal, poker_table) of
    the same seed, card for card."""
    for seed in (1, 2010, 77):
        ours = db.deal(players=6, seed=seed, game=name)
        article = db.deal(players=6, seed=seed)
        assert [sorted(p.cards) for p in ours.players] == [sorted(p.cards) for p in article.players]


def test_the_command_line_prints_the_librarys_deal(db_file, capsys):
    with pokersql.connect(db_file) as library:
        from pokersql.output import present, to_json

        expected = json.loads(to_json(present(library.deal(players=5, seed=9, game="razz"), output_format="json").data))
    assert main(["--db", db_file, "deal", "--game", "razz", "--players", "5", "--seed", "9", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == expected
    assert expected["board"] == [] and all(len(p["cards"]) == 7 for p in expected["players"])


@pytest.mark.parametrize(("name", "players", "needed"), [("stud", 8, 56), ("razz", 9, 63), ("deuce-to-seven", 11, None)])
def test_too_many_players_is_one_line(db_file, capsys, name, players, needed):
    status = main(["--db", db_file, "deal", "--game", name, "--players", str(players), "--seed", "1"])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "") and err.count("\n") == 1
    if needed:
        assert err == f"pokersql: error: deal --game {name}: {players} players of 7 cards need {needed} cards, the deck holds 52\n"
    else:
        assert "11" in err


def test_sqlite_deals_duckdbs_cards(db, built_database):
    """The same view on SQLite (own_card_deals transpiled, dealt_player expanded): the same deal."""
    with pokersql.connect(built_database("sqlite"), engine="sqlite") as lite:
        for name in OWN_CARD_GAMES:
            for seed in (3, 2010):
                players, order = plays(name, seed)
                assert lite.deal(players=players, seed=seed, order=order, game=name) == db.deal(
                    players=players, seed=seed, order=order, game=name)
