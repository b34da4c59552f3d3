"""freq --game of the games of a player's own cards (issue 64): every hand of the game's cards
(stud, stud8, razz: 133,784,560 of seven; deuce-to-seven, ace-to-five: 2,598,960 of five; badugi:
270,725 of four) counted in SQL (split_hand_frequencies_of, sql/games/071) by each half's
category, checked against counts made here from outside: plain-Python enumeration of the
multisets of values with the ways to choose their suits (math.comb), the low found by trying
every five of them; badugi's every hand of four enumerated; the seven-card high the published
table. A game of hole cards and a board is refused in one line."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import pytest

import pokersql
from pokersql.cli import main
from pokersql.errors import BadInput
from pokersql.games import REGISTRY

# Every seven-card hand by the category of its best five: Wikipedia, "Poker probability".
SEVEN_CARD_HIGHS = {
    "Royal Flush": 4_324, "Straight Flush": 37_260, "Four of a Kind": 224_848, "Full House": 3_473_184, "Flush": 4_047_644,
    "Straight": 6_180_020, "Three of a Kind": 6_461_620, "Two Pair": 31_433_400, "One Pair": 58_627_800, "High Card": 23_294_460,
}
SHAPES = {(1, 1, 1, 1, 1): "no pair", (2, 1, 1, 1): "One Pair", (2, 2, 1): "Two Pair", (3, 1, 1): "Three of a Kind",
          (3, 2): "Full House", (4, 1): "Four of a Kind"}
ORDER = ["no pair", "One Pair", "Two Pair", "Three of a Kind", "Straight", "Flush", "Full House", "Four of a Kind", "Straight Flush"]
NAMES = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A", 1: "A"}


def value_multisets(cards: int):
    """Each multiset of ``cards`` values (2..14, at most four of a value) and its hands: the
    product of C(4, copies)."""
    for values in combinations_with_replacement(range(2, 15), cards):
        counts = Counter(values)
        if max(counts.values()) <= 4:
            yield values, prod(comb(4, n) for n in counts.values())


def five_card_low(five: tuple[int, ...], deuce_to_seven: bool, flush: bool) -> tuple:
    """A five-card low as a key (smaller better) and its name: by category, then the values
    grouped by copies, the highest first; 2-7 the ace high, straights and flushes counting."""
    values = sorted(five if deuce_to_seven else (1 if v == 14 else v for v in five))
    counts = Counter(values)
    shape = SHAPES[tuple(sorted(counts.values(), reverse=True))]
    straight = deuce_to_seven and shape == "no pair" and values[4] - values[0] == 4
    flush = deuce_to_seven and flush
    category = "Straight Flush" if straight and flush else "Straight" if straight else "Flush" if flush else shape
    grouped = sorted(values, key=lambda v: (counts[v], v), reverse=True)
    name = f"{NAMES.get(values[4], str(values[4]))} low" if category == "no pair" else category
    return (ORDER.index(category), grouped), name


def low_counts(cards: int, ranking: str) -> Counter:
    """Every hand of ``cards`` cards by its low's name, each multiset of values once with its ways."""
    counted: Counter = Counter()
    for values, ways in value_multisets(cards):
        if ranking == "eight-or-better":
            distinct = sorted({1 if v == 14 else v for v in values if v <= 8 or v == 14})
            counted[f"{NAMES.get(distinct[4], str(distinct[4]))} low" if len(distinct) >= 5 else "no low"] += ways
            continue
        if ranking == "deuce-to-seven" and len(set(values)) == 5:  # the 4 flushes apart from the rest
            for flush, part in ((True, 4), (False, ways - 4)):
                counted[five_card_low(values, True, flush)[1]] += part
            continue
        counted[min(five_card_low(five, ranking == "deuce-to-seven", False) for five in combinations(values, 5))[1]] += ways
    return counted


def badugi_counts() -> Counter:
    """Every hand of four of the 52 by its best badugi's size: the most cards of distinct
    values and distinct suits it holds."""
    counted: Counter = Counter()
    for hand in combinations([(v, s) for v in range(13) for s in range(4)], 4):
        size = max(k for k in range(1, 5) for subset in combinations(hand, k)
                   if len({v for v, _ in subset}) == k and len({s for _, s in subset}) == k)
        counted[f"{size}-card badugi"] += 1
    return counted


REFERENCE = {  # game: (cards, the low's reference or None, whether it has a high)
    "stud": (7, None, True),
    "stud8": (7, lambda: low_counts(7, "eight-or-better"), True),
    "razz": (7, lambda: low_counts(7, "ace-to-five"), False),
    "ace-to-five": (5, lambda: low_counts(5, "ace-to-five"), False),
    "deuce-to-seven": (5, lambda: low_counts(5, "deuce-to-seven"), False),
    "badugi": (4, badugi_counts, False),
}

@pytest.fixture(scope="module")
def db(tmp_path_factory):
    with pokersql.connect(str(tmp_path_factory.mktemp("split_freq") / "poker.duckdb")) as database:
        yield database


@pytest.mark.parametrize("game", list(REFERENCE))
def test_every_hand_is_counted_as_the_reference_counts_it(db, game):
    """Each half's count of every category is the reference's, the halves each add up to every
    hand of the game's cards, and each exact count freq sets beside them (pokersql.counts) is
    the reference's too."""
    cards, low, high = REFERENCE[game]
    result = db.freq(game=game)
    expected = {("high", name): n for name, n in SEVEN_CARD_HIGHS.items()} if high else {}
    expected.update({("low", name): n for name, n in (low() if low else {}).items()})
    counted = {(c.half, c.category): c.count for c in result.categories}
    assert counted == expected
    assert (result.game, result.cards, result.total) == (game, cards, comb(52, cards))
    assert [c.half for c in result.categories] == sorted(c.half for c in result.categories)  # the high first
    assert all(c.expected in (None, expected[(c.half, c.category)]) for c in result.categories)


def test_the_closed_forms_know_most_counts(db):
    """freq sets an exact count beside every category of stud's, stud8's, razz's and the
    five-card games' (badugi: its 4- and 1-card badugis)."""
    for game in ("stud", "stud8", "razz", "ace-to-five", "deuce-to-seven"):
        assert all(c.expected is not None for c in db.freq(game=game).categories), game
    assert [c.expected is not None for c in db.freq(game="badugi").categories] == [True, False, False, True]


def test_the_command_line_prints_the_librarys_counts(db, capsys, tmp_path):
    """freq --game razz --format json: the library's counts; each category's keys and its half."""
    assert main(["--db", str(tmp_path / "cli.duckdb"), "freq", "--game", "razz", "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads(json.dumps(db.freq(game="razz").to_dict()))
    assert set(printed) >= {"game", "cards", "total", "distinct_ranks", "categories"}
    assert all(set(c) == {"half", "points", "category", "count", "expected"} for c in printed["categories"])


@pytest.mark.parametrize("game", sorted(name for name, game in REGISTRY.items() if game.is_split and game.board_cards))
def test_a_board_game_is_refused_in_one_line(db, game):
    with pytest.raises(BadInput) as refused:
        db.freq(game=game)
    message = str(refused.value)
    assert message.startswith(f"freq: {game} is a ") and "its hand is hole cards and a board" in message and "\n" not in message


def test_sqlite_counts_duckdbs(db, tmp_path):
    with pokersql.connect(str(tmp_path / "poker.sqlite"), engine="sqlite") as lite:
        for game in ("stud8", "ace-to-five"):  # (badugi's 270,725 hands take SQLite about 90 s)
            assert lite.freq(game=game).to_dict() == db.freq(game=game).to_dict()


@pytest.mark.slow
def test_badugi_counts_are_pokerkits(db):
    """Every hand of four of the 52 by the size of pokerkit's best badugi (BadugiHand), about 25 s."""
    from pokerkit import BadugiHand

    names = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    counted = Counter(f"{len(BadugiHand.from_game(''.join(hand)).cards)}-card badugi" for hand in combinations(names, 4))
    assert {c.category: c.count for c in db.freq(game="badugi").categories} == counted
