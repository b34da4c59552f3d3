"""Chinese poker (issue 48): the three-card front of sql/chinese/048, checked against
counts and an order computed here, in plain Python, independently of the SQL."""

from __future__ import annotations

import functools
import itertools
import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from phevaluator import evaluate_cards

import pokersql
from pokersql.cli import main

VALUES = range(2, 15)
CATEGORY = {1: "Three of a Kind", 2: "One Pair", 3: "High Card"}  # by the number of distinct values


def front_key(values: tuple[int, int, int]) -> tuple:
    """A three-card front's strength, as a player reads it: the category (three of a kind over
    a pair over high card), then the values that decide: the grouped value first, then the rest
    from the highest down."""
    counts = Counter(values)
    by_count = sorted(counts, key=lambda value: (counts[value], value), reverse=True)
    return (-len(counts), *by_count)


def deck() -> list[tuple[int, int]]:
    return [(value, suit) for value in VALUES for suit in range(4)]


def python_counts() -> dict[str, int]:
    counted = Counter(CATEGORY[len({v for v, _ in hand})] for hand in itertools.combinations(deck(), 3))
    return dict(counted)


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
def test_freq_chinese_front_counts_every_three_card_hand(engine, built_database, capsys):
    """All 22,100 fronts by category: the SQL's counts, the stated expected counts and an
    itertools enumeration agree (52, 3,744, 18,304), with 13 + 156 + 286 distinct ranks."""
    expected = python_counts()
    assert expected == {"Three of a Kind": 52, "One Pair": 3744, "High Card": 18304}
    status = main(["--db", built_database(engine), "--engine", engine, "freq", "--game", "chinese-front", "--format", "json"])
    result = json.loads(capsys.readouterr().out)
    assert status == 0
    assert result["cards"] == 3 and result["total"] == 22100
    assert result["distinct_ranks"] == 13 + 156 + 286
    assert {row["category"]: row["count"] for row in result["categories"]} == expected
    assert {row["category"]: row["expected"] for row in result["categories"]} == expected
    assert [row["points"] for row in result["categories"]] == [3, 1, 0]


def test_front_rank_orders_fronts_as_a_player_does(built_database):
    """front_rank (048) and front_key (here) order the 22,100 fronts the same way: equal ranks
    exactly where the keys are equal, and the ranks increase with the keys."""
    with pokersql.connect(built_database("duckdb"), engine="duckdb") as database:
        rows = database.engine.execute(
            "select fronts.front_rank, first.value, second.value, third.value "
            "from chinese_fronts as fronts "
            "join cards as first on first.card_id = fronts.first_card "
            "join cards as second on second.card_id = fronts.second_card "
            "join cards as third on third.card_id = fronts.third_card"
        )
    assert len(rows) == 22100
    keys_of_rank: dict[int, set] = {}
    for rank, *values in rows:
        keys_of_rank.setdefault(rank, set()).add(front_key(tuple(values)))
    assert all(len(keys) == 1 for keys in keys_of_rank.values())
    keys_in_rank_order = [next(iter(keys_of_rank[rank])) for rank in sorted(keys_of_rank)]
    assert keys_in_rank_order == sorted(keys_in_rank_order)
    assert len(set(keys_in_rank_order)) == 455


def test_freq_unknown_game_names_it(built_database, capsys):
    """A game that is neither a game nor chinese-front: exit 2, the value named, the choices listed."""
    status = main(["--db", built_database("duckdb"), "freq", "--game", "chinese-back"])
    err = capsys.readouterr().err
    assert status == 2
    assert "chinese-back" in err and "chinese-front" in err


# -- arrange: every setting of 13 cards, brute-forced here --------------------------------------
# Each hand: the royal flush of the docs' example; one pair-heavy (six pairs); one of four three
# of a kinds (fronts and middles of three of a kind, full houses); one of thirteen values, whose
# settings mostly foul (54,531 of the 72,072: 17,541 legal); one whose back and middle can tie
# (A-K-Q-J-9 twice); one of four kings, whose front can hold a pair and kicker the middle holds too.
ARRANGE_HANDS = [
    "As Ks Qs Js Ts 9h 9d 9c 5h 5d 3c 2c 2d",
    "Ah Ad Kc Kd Qh Qs Jc Jd 8h 8s 5c 5d 2h",
    "Kc Kd Kh 7c 7d 7h 4c 4d 4h 2c 2d 2h As",
    "Ac Kd Qh Js 9c 8d 7h 5s 4c 3d 2h 6s Tc",
    "Ah Kh Qd Jc 9s Ad Kc Qh Js 9d 2c 3d 4h",
    "Kc Kd Kh Ks Qc Qd 9h 7s 5c 4d 3h 2s 8c",
]
RANKS = "23456789TJQKA"


@pytest.fixture(scope="module", params=["duckdb", "sqlite"])
def arrange_db(request, built_database) -> tuple[str, str]:
    """One built database per engine for this module's arrange tests: (engine, path)."""
    return request.param, built_database(request.param)


@pytest.fixture(scope="module")
def brute_forced(five_card_odds):
    """brute_force(hand), each hand's enumerated once for the module (both engines ask)."""
    return functools.cache(lambda hand: brute_force(hand, five_card_odds))


@pytest.fixture(scope="module")
def five_card_odds(exact_counts) -> dict[int, tuple[int, int, int]]:
    """For each phevaluator rank (1 = royal flush ... 7,462 = 7-5-4-3-2), the five-card hands it
    beats and loses to, and its category's points: from the exact counts of tests/reference
    (phevaluator numbers the classes category by category, best first, as the reference counts
    them; every class of a category holds the same number of hands, count / classes)."""
    per_rank = []
    for category in exact_counts["five_card"]["categories"]:  # the best category first
        hands, remainder = divmod(category["count"], category["classes"])
        assert remainder == 0, category
        per_rank += [(category["points"], hands)] * category["classes"]
    assert sum(hands for _, hands in per_rank) == 2598960 and len(per_rank) == 7462
    result, above = {}, 0
    for rank, (points, hands) in enumerate(per_rank, start=1):
        result[rank] = (2598960 - above - hands, above, points)  # beats, loses_to, points
        above += hands
    return result


@functools.cache
def front_odds() -> dict[tuple, tuple[int, int]]:
    """Each front's key (front_key, above): how many of the 22,100 fronts it beats and loses to."""
    counts = Counter(front_key(tuple(v for v, _ in hand)) for hand in itertools.combinations(deck(), 3))
    result, below = {}, 0
    for key in sorted(counts):
        result[key] = (below, 22100 - below - counts[key])
        below += counts[key]
    return result


def grouped_values(values) -> list[int]:
    """A row's values as they decide ties: the largest group first, then the highest (a pair's
    value, then its kickers from the highest down)."""
    counts = Counter(values)
    return sorted(counts, key=lambda value: (counts[value], value), reverse=True)


def brute_force(hand: str, five_odds: dict) -> tuple[int, Fraction, list[tuple]]:
    """Every one of the 72,072 settings enumerated with itertools: the legal count, the best
    expected points (exact) and the best settings' (front, middle, back) card sets.

    A setting is legal when the back is at least the middle (phevaluator: lower is better) and
    the middle at least the front: by category on the five-card scale, then by the grouped
    values compared as lists, where a shorter list that is a prefix of the other is the lower
    (the front's missing cards count lower than any card)."""
    cards = hand.split()
    value = {card: RANKS.index(card[0]) + 2 for card in cards}
    fronts = front_odds()
    front_points = {3: 0, 2: 1, 1: 3}  # by its number of distinct values: high card, pair, three of a kind
    five_rank = {five: evaluate_cards(*five) for five in itertools.combinations(cards, 5)}
    settings = legal = 0
    best, best_settings = None, []
    for front in itertools.combinations(cards, 3):
        rest = [card for card in cards if card not in front]
        front_values = [value[card] for card in front]
        f_key = front_key(tuple(front_values))
        f_beats, f_loses = fronts[f_key]
        f_order = (front_points[len(set(front_values))], grouped_values(front_values))
        for middle in itertools.combinations(rest, 5):
            back = tuple(card for card in rest if card not in middle)
            settings += 1
            m_rank, b_rank = five_rank[middle], five_rank[back]
            m_beats, m_loses, m_points = five_odds[m_rank]
            b_beats, b_loses, _ = five_odds[b_rank]
            m_order = (m_points, grouped_values([value[card] for card in middle]))
            if b_rank > m_rank or m_order < f_order:
                continue
            legal += 1
            score = Fraction(f_beats - f_loses, 22100) + Fraction(m_beats - m_loses + b_beats - b_loses, 2598960)
            if best is None or score > best:
                best, best_settings = score, []
            if score == best:
                best_settings.append((set(front), set(middle), set(back)))
    assert settings == 72072
    return legal, best, best_settings


@pytest.mark.parametrize("hand", ARRANGE_HANDS)
def test_arrange_matches_a_brute_force(hand, arrange_db, brute_forced, capsys):
    """arrange's settings (72,072), legal count, best expected points and best setting equal
    a brute force of every setting in plain Python (phevaluator for the five-card rows, the
    front's ranking and the foul rule written here, the per-rank counts from the exact counts)."""
    engine, path = arrange_db
    status = main(["--db", path, "--engine", engine, "arrange", *hand.split(), "--format", "json"])
    result = json.loads(capsys.readouterr().out)
    assert status == 0
    legal, best, best_settings = brute_forced(hand)
    assert result["settings"] == 72072
    assert result["legal"] == legal, (hand, result["legal"], legal)
    top = result["best"][0]
    assert top["place"] == 1
    assert top["expected_points"] == pytest.approx(float(best), abs=1e-12)
    rows = {name: top[name] for name in ("front", "middle", "back")}
    assert (set(rows["front"]["cards"]), set(rows["middle"]["cards"]), set(rows["back"]["cards"])) in best_settings
    exact = sum(Fraction(row["beats"] - row["loses_to"], row["hands"]) for row in rows.values())
    assert exact == best
    assert [row["hands"] for row in rows.values()] == [22100, 2598960, 2598960]
    assert sorted(card for row in rows.values() for card in row["cards"]) == sorted(hand.split())


def test_arrange_top_lists_the_best_in_order_equal_scores_sharing_a_place(arrange_db, capsys):
    """--top 3: three settings, the best first; the second and third differ only by the suit of
    a nine (the front's and the back's), so they score the same and share place 2; the table
    says how many settings and how many are legal."""
    engine, path = arrange_db
    hand = ARRANGE_HANDS[0].split()
    status = main(["--db", path, "--engine", engine, "arrange", *hand, "--top", "3", "--format", "json"])
    result = json.loads(capsys.readouterr().out)
    assert status == 0
    assert [setting["place"] for setting in result["best"]] == [1, 2, 2]
    points = [setting["expected_points"] for setting in result["best"]]
    assert points[0] > points[1] == points[2]
    assert result["best"][0]["back"]["cards"] == ["As", "Ks", "Qs", "Js", "Ts"]
    assert result["best"][0]["back"]["category"] == "Royal Flush" and result["best"][0]["back"]["hand_rank"] == 1
    assert main(["--db", path, "--engine", engine, "arrange", *hand]) == 0
    table = capsys.readouterr().out
    assert "72,072 settings, 22,165 legal" in table and "Royal Flush" in table


@pytest.mark.parametrize(
    ("cards", "named"),
    [
        (ARRANGE_HANDS[0].split()[:12], "arrange needs 13 cards, got 12: As Ks Qs Js Ts 9h 9d 9c 5h 5d 3c 2c"),
        (ARRANGE_HANDS[0].split() + ["4d"], "got 14: As Ks Qs Js Ts 9h 9d 9c 5h 5d 3c 2c 2d 4d"),
        (ARRANGE_HANDS[0].split()[:12] + ["2C"], "duplicate card '2c'"),
        (ARRANGE_HANDS[0].split()[:12] + ["1x"], "unknown card '1x'"),
        (ARRANGE_HANDS[0].split() + ["--top", "0"], "'--top': 0"),
    ],
    ids=["twelve", "fourteen", "repeated", "unknown", "top-zero"],
)
def test_arrange_bad_input_names_it_and_leaves_the_database(cards, named, arrange_db, capsys):
    """A wrong count, a card given twice, an unknown card, --top 0: exit 2, one line on stderr
    that names the value, nothing on stdout, the database file byte for byte as it was."""
    engine, path = arrange_db
    before = Path(path).read_bytes()
    status = main(["--db", path, "--engine", engine, "arrange", *cards])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert captured.err.startswith("pokersql: error: ") and captured.err.count("\n") == 1
    assert named in captured.err
    assert Path(path).read_bytes() == before
