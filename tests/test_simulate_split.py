"""`simulate --game` of the split-pot and lowball games (issue 64): each player's hand of each
deal counted in SQL (sql/games/070, split_deal_frequencies_of), its high by category and its
low in words. Checked from outside: the same deals read from the dealing views (game_deals,
038, for the board games; own_card_deals, 069, for the games of own cards), each hand's high
and low found by pokerkit and named here (the category of pokerkit's best five read from its
cards; the low by tests/test_deal_own_cards.py's low_words), counted in Python; stud's high
beside the published seven-card counts."""

from __future__ import annotations

import json
from collections import Counter
from math import comb

import pytest
from pokerkit import (
    BadugiHand, EightOrBetterLowHand, OmahaEightOrBetterLowHand, OmahaHoldemHand, RegularLowHand, StandardHighHand,
    StandardLowHand,
)
from test_deal_own_cards import con, db, low_words  # noqa: F401 (con and db: its fixtures, a built database's)

import pokersql
from pokersql.cards import card_name
from pokersql.cli import main
from pokersql.counts import SEVEN_CARD_COUNTS
from pokersql.games import REGISTRY

SPLIT_GAMES = sorted(name for name, game in REGISTRY.items() if game.is_split)
# game: (pokerkit's high hand or None, its low hand or None, the low's ranking)
POKERKIT = {
    "omaha8": (OmahaHoldemHand, OmahaEightOrBetterLowHand, "eight-or-better"),
    "omaha5-8": (OmahaHoldemHand, OmahaEightOrBetterLowHand, "eight-or-better"),
    "courchevel": (OmahaHoldemHand, None, None),
    "courchevel8": (OmahaHoldemHand, OmahaEightOrBetterLowHand, "eight-or-better"),
    "stud": (StandardHighHand, None, None),
    "stud8": (StandardHighHand, EightOrBetterLowHand, "eight-or-better"),
    "razz": (None, RegularLowHand, "ace-to-five"),
    "deuce-to-seven": (None, StandardLowHand, "deuce-to-seven"),
    "ace-to-five": (None, RegularLowHand, "ace-to-five"),
    "badugi": (None, BadugiHand, "badugi"),
}
DEALS, PLAYERS, SEED = 50, 3, 64
HIGH_NAMES = ["High Card", "One Pair", "Two Pair", "Three of a Kind", "Straight", "Flush", "Full House",
              "Four of a Kind", "Straight Flush", "Royal Flush"]


def test_every_split_game_has_its_pokerkit_hands():
    assert sorted(POKERKIT) == SPLIT_GAMES


def dealt_hands(con, name: str, deals: int, players: int, seed: int) -> list[tuple[list[int], list[int]]]:
    """Every player's (cards, board) of the deals of the seed, as the dealing views deal them:
    game_deals of the game a board game's high follows, own_card_deals of a game of own cards."""
    game = REGISTRY[name]
    con.begin()
    con.execute("update deal_settings set seed = ?, players = ?, deals = ?, shuffle = 'uniform', deal_order = 'blocks', "
                "first_deal = 1", [seed, players, deals])
    view, dealt_as = ("game_deals", game.high_game) if game.board_cards else ("own_card_deals", name)
    rows = con.execute(f"select deal_no, player, card_id from {view} where game = ? order by deal_no, deck_position",
                       [dealt_as]).fetchall()
    con.rollback()
    cards: dict[tuple[int, int], list[int]] = {}
    for deal_no, player, card in rows:
        cards.setdefault((deal_no, player), []).append(card)
    return [(cards[deal_no, player], cards.get((deal_no, 0), [])) for deal_no in range(1, deals + 1) for player in range(1, players + 1)]


def text(cards: list[int]) -> str:
    return "".join(card_name(c) for c in cards)


def high_words(hand) -> str:
    """The category of pokerkit's best five, read here from its cards: their values' shape,
    whether they run (the wheel too) and whether they are one suit."""
    values = sorted(("23456789TJQKA".index(card.rank.value) + 2 for card in hand.cards), reverse=True)
    shape = sorted(Counter(values).values(), reverse=True)
    flush = len({card.suit for card in hand.cards}) == 1
    straight = shape == [1] * 5 and (values[0] - values[4] == 4 or values == [14, 5, 4, 3, 2])
    if straight and flush:
        return "Royal Flush" if values[0] == 14 and values[4] == 10 else "Straight Flush"
    if flush:
        return "Flush"
    if straight:
        return "Straight"
    return {(4, 1): "Four of a Kind", (3, 2): "Full House", (3, 1, 1): "Three of a Kind", (2, 2, 1): "Two Pair",
            (2, 1, 1, 1): "One Pair", (1, 1, 1, 1, 1): "High Card"}[tuple(shape)]


def recount(name: str, hands: list[tuple[list[int], list[int]]]) -> Counter:
    high_class, low_class, ranking = POKERKIT[name]
    counted: Counter = Counter()
    for cards, board in hands:
        if high_class:
            counted["high", high_words(high_class.from_game(text(cards), text(board)))] += 1
        if low_class:
            try:
                low = low_class.from_game(text(cards), text(board))
            except ValueError:  # no qualifying low
                low = None
            counted["low", low_words(ranking, low) or "no low"] += 1
    return counted


@pytest.mark.parametrize("name", SPLIT_GAMES)
def test_the_counts_are_pokerkits_of_the_same_deals(db, con, name):
    game = REGISTRY[name]
    result = db.simulate(DEALS, PLAYERS, SEED, game=name, slice_deals=20)
    hands = dealt_hands(con, name, DEALS, PLAYERS, SEED)
    assert len(hands) == DEALS * PLAYERS and all(len(cards) == game.hole_cards for cards, _ in hands)
    ours = {(c.half, c.category): c.count for c in result.categories}
    theirs = recount(name, hands)
    assert set(theirs) <= set(ours), sorted(set(theirs) - set(ours))
    assert ours == {key: theirs.get(key, 0) for key in ours}
    halves = [half for half, has in (("high", game.high_game), ("low", game.low_ranking)) if has]
    assert [c.half for c in result.categories] == sorted(c.half for c in result.categories)  # the high half first
    assert sorted({c.half for c in result.categories}) == halves
    for half in halves:
        assert sum(c.count for c in result.categories if c.half == half) == DEALS * PLAYERS == result.hands
    if "high" in halves:
        assert [c.category for c in result.categories if c.half == "high"] == HIGH_NAMES[::-1]
    exact = name in ("stud", "stud8")
    for category in result.categories:
        if exact and category.half == "high":
            assert category.expected_probability == SEVEN_CARD_COUNTS[category.points] / comb(52, 7)
            assert category.z is not None and category.expected_count == pytest.approx(result.hands * category.expected_probability)
        else:
            assert category.expected_probability is category.z is category.expected_count is None
    assert result.to_dict() == db.simulate(DEALS, PLAYERS, SEED, game=name).to_dict()  # the same in one slice


def test_the_lows_rows_are_every_low_best_first(db):
    """Each low's rows: the lows of no pair by their highest card, then what counts against it."""
    rows = {name: [c.category for c in db.simulate(5, 2, 1, game=name).categories if c.half == "low"] for name in POKERKIT
            if POKERKIT[name][1]}
    assert rows["omaha8"] == rows["stud8"] == ["5 low", "6 low", "7 low", "8 low", "no low"]
    pairs = ["One Pair", "Two Pair", "Three of a Kind"]
    assert rows["razz"] == rows["ace-to-five"] == [f"{v} low" for v in "5 6 7 8 9 10 J Q K".split()] + pairs + ["Full House", "Four of a Kind"]
    assert rows["deuce-to-seven"] == ([f"{v} low" for v in "7 8 9 10 J Q K A".split()] + pairs
                                      + ["Straight", "Flush", "Full House", "Four of a Kind", "Straight Flush"])
    assert rows["badugi"] == ["4-card badugi", "3-card badugi", "2-card badugi", "1-card badugi"]


def test_the_seven_card_counts_are_the_projects_own(db):
    """counts.SEVEN_CARD_COUNTS (the published table) is what suit_reduced_seven (012) weighs."""
    weights = dict(db.engine.execute("select points, sum(weight) from suit_reduced_seven group by points"))
    assert {p: int(n) for p, n in weights.items()} == SEVEN_CARD_COUNTS and sum(SEVEN_CARD_COUNTS.values()) == comb(52, 7)


def test_holdems_json_has_no_half(run):
    for arguments in ([], ["--game", "omaha"], ["--game", "shortdeck"]):
        status, out, _ = run("simulate", "--deals", "20", "--players", "2", "--seed", "3", *arguments, "--format", "json")
        assert status == 0 and not any("half" in c for c in json.loads(out)["categories"])


@pytest.mark.parametrize(("arguments", "message"), [
    (["--game", "stud", "--players", "8"], "simulate --game stud: 8 players of 7 cards need 56 cards, the deck holds 52"),
    (["--game", "omaha5-8", "--players", "10"], "simulate --game omaha5-8: 10 players of 5 hole cards and a board of 5 need 55 cards, the deck holds 52"),
    (["--game", "razz", "--plot", "razz.png"], "simulate --game razz --plot: the lows have no exact probability to plot"),
    (["--game", "omaha8", "--plot", "o8.png"], "simulate --game omaha8 --plot: Omaha's highs and the lows have no exact probability to plot"),
])
def test_what_cannot_be_simulated_is_one_line(run, tmp_path, arguments, message):
    status, out, err = run("simulate", "--deals", "10", "--seed", "1", *arguments)
    assert (status, out) == (2, "") and err.count("\n") == 1 and message in err, err


def test_sqlite_counts_duckdbs_deals(db, built_database):
    with pokersql.connect(built_database("sqlite"), engine="sqlite") as lite:
        for name in ("omaha8", "stud8", "badugi"):
            assert lite.simulate(12, 3, 5, game=name).to_dict() == db.simulate(12, 3, 5, game=name).to_dict()
