"""Texas Hold'em: six- and seven-card hands, the Hold'em tables, checked against outside truth.

Golden truth comes from outside the project: the exact counts of
tests/reference/exact_counts.json (the project's copy of the shared reference)
and an independent evaluator, phevaluator, whose card ids and rank numbers are
ours (card_id = (value - 2) * 4 + suit_index, suits c d h s; rank 1 = royal flush,
7462 = 7-5-4-3-2 offsuit).
"""

from __future__ import annotations

import itertools
import json
import math
import random
from pathlib import Path

import pytest
from phevaluator import evaluate_cards

import pokersql
from pokersql.cards import RANKS, card_name, parse_cards
from pokersql.cli import main


# tests/reference/exact_counts.json, 'seven_card' and 'five_card': (points, category, count, classes).
REFERENCE = json.loads((Path(__file__).resolve().parent / "reference" / "exact_counts.json").read_text(encoding="utf-8"))
SEVEN_CARD, FIVE_CARD = (
    [(c["points"], c["category"], c["count"], c["classes"]) for c in REFERENCE[key]["categories"]]
    for key in ("seven_card", "five_card")
)
CATEGORY_NAMES = {points: name for points, name, _, _ in SEVEN_CARD}

# The standard rank boundaries: the last hand_rank of each category, best first.
_LAST_RANK = [(1, 9), (10, 8), (166, 7), (322, 6), (1599, 5), (1609, 4), (2467, 3), (3325, 2), (6185, 1), (7462, 0)]
POINTS_OF_RANK = [None] * 7463
_first = 1
for _last, _points in _LAST_RANK:
    for _rank in range(_first, _last + 1):
        POINTS_OF_RANK[_rank] = _points
    _first = _last + 1


def test_the_reference_counts_add_up():
    assert [p for p, _, _, _ in SEVEN_CARD] == [p for p, _, _, _ in FIVE_CARD] == list(range(9, -1, -1))
    assert REFERENCE["seven_card"]["total"] == sum(c for _, _, c, _ in SEVEN_CARD) == math.comb(52, 7)
    assert REFERENCE["seven_card"]["distinct_ranks"] == sum(k for _, _, _, k in SEVEN_CARD) == 4824
    assert REFERENCE["five_card"]["total"] == sum(c for _, _, c, _ in FIVE_CARD) == math.comb(52, 5)
    assert sum(k for _, _, _, k in FIVE_CARD) == 7462


def card_id(name: str) -> int:
    (card,) = parse_cards(name)
    return card


def ids(text: str) -> list[int]:
    return parse_cards(text)


def names(cards) -> str:
    return " ".join(card_name(c) for c in cards)


def truth(cards: list[int]) -> int:
    return evaluate_cards(*cards)


@pytest.fixture(scope="module")
def db(built_database):
    """DuckDB only here: a copy of the session's built file."""
    with pokersql.connect(built_database("duckdb")) as database:
        yield database


def test_package_comes_from_this_tree():
    assert pokersql.__file__.endswith("pokersql/__init__.py")


# -- 1. hand_rank of six and seven cards, in SQL, against phevaluator --------------------


def _random_hands(seed: int) -> list[list[int]]:
    """Uniform seven- and six-card hands, plus hands from small decks that make the rare categories."""
    rng = random.Random(seed)
    hands = [rng.sample(range(52), 7) for _ in range(20_000)]
    hands += [rng.sample(range(52), 6) for _ in range(5_000)]
    # Few values (20 cards): quads, full houses, two trips, three pairs.
    for _ in range(3_000):
        values = rng.sample(range(13), 5)
        deck = [v * 4 + s for v in values for s in range(4)]
        hands.append(rng.sample(deck, rng.choice((6, 7))))
    # Mostly one suit: flushes, straight flushes, wheels, royal flushes, flushes beside straights.
    for _ in range(3_000):
        suit = rng.randrange(4)
        size = rng.choice((6, 7))
        suited = rng.sample([v * 4 + suit for v in range(13)], rng.randint(4, size))
        rest = [c for c in range(52) if c not in suited]
        hands.append(suited + rng.sample(rest, size - len(suited)))
    # Connected values: straights, six- and seven-card straights, wheels beside higher straights.
    for _ in range(2_000):
        low = rng.randrange(-1, 7)  # -1: the ace plays low
        values = [(v if v >= 0 else 12) for v in range(low, low + 7)]
        size = rng.choice((6, 7))
        hands.append([v * 4 + rng.randrange(4) for v in values[:size]])
    for hand in hands:
        rng.shuffle(hand)
    return [h for h in hands if len(set(h)) == len(h)]


@pytest.fixture(scope="module")
def sample_results(db):
    """Every sampled hand evaluated in SQL in one round trip: (hands, {player: row})."""
    hands = _random_hands(20240607)
    engine = db.engine
    players = [n for n, hand in enumerate(hands, start=1) for _ in hand]
    cards = [c for hand in hands for c in hand]
    with engine.scratch():
        engine.execute("update deal_settings set deals = 0")
        engine.execute("delete from hand_input")
        # One statement instead of executemany, which is slow for 200,000 rows.
        engine.execute(
            "insert into hand_input (hand_no, card_id) select unnest(?::integer[]), unnest(?::integer[])",
            [players, cards],
        )
        rows = engine.execute(
            "select best_hands.player, best_hands.card_count, best_hands.hand_rank, best_hands.points, "
            "best_hands.category, best_five_cards.best "
            "from best_hands left join best_five_cards "
            "on best_five_cards.deal_no = best_hands.deal_no and best_five_cards.player = best_hands.player "
            "where best_hands.deal_no = 0"
        )
    return hands, {row[0]: row[1:] for row in rows}


def _report(problems: list[str], what: str) -> str:
    shown = "\n  ".join(problems[:25])
    return f"{len(problems)} {what}:\n  {shown}"


@pytest.mark.slow
def test_six_and_seven_card_hand_rank_matches_phevaluator(sample_results):
    hands, results = sample_results
    assert len(results) == len(hands), "best_hands lost or added hands"
    sizes = {len(h) for h in hands}
    assert sizes == {6, 7}
    problems = []
    seen_points = set()
    for player, hand in enumerate(hands, start=1):
        card_count, rank, points, category, _ = results[player]
        expected = truth(hand)
        seen_points.add(POINTS_OF_RANK[expected])
        if (card_count, rank, points, category) != (len(hand), expected, POINTS_OF_RANK[expected], CATEGORY_NAMES[POINTS_OF_RANK[expected]]):
            problems.append(
                f"{names(hand)}: expected hand_rank {expected} ({CATEGORY_NAMES[POINTS_OF_RANK[expected]]}), "
                f"got {rank} ({category}, points {points}, card_count {card_count})"
            )
    assert not problems, _report(problems, "hands ranked wrong")
    assert seen_points == set(range(10)), "the sample should reach every category"


@pytest.mark.slow
def test_best_five_are_five_of_the_cards_and_make_the_rank(sample_results):
    hands, results = sample_results
    problems = []
    for player, hand in enumerate(hands, start=1):
        _, rank, _, _, best = results[player]
        expected = truth(hand)
        if best is None:
            problems.append(f"{names(hand)}: no best five (expected hand_rank {expected})")
            continue
        best_cards = [card_id(c) for c in best.split(" ")]
        if len(best_cards) != 5 or len(set(best_cards)) != 5 or not set(best_cards) <= set(hand):
            problems.append(f"{names(hand)}: best {best!r} is not five of the cards")
        elif truth(best_cards) != expected:
            problems.append(f"{names(hand)}: best {best!r} makes hand_rank {truth(best_cards)}, expected {expected}")
    assert not problems, _report(problems, "wrong best fives")


# -- 2. hand-picked traps ---------------------------------------------------------------

TRAPS = [
    # cards, category, the values of the best five
    ("Ah Ad Ac Kh Kd Ks 2c", "Full House", "AAAKK"),  # two trips: the higher trips, the other as the pair
    ("3h 3d 3c 9h 9d 9s Ac", "Full House", "99933"),  # two trips, the ace plays no part
    ("Qh Qd Qc 8s 8d 5h 5c", "Full House", "QQQ88"),  # trips and two pairs: the best pair
    ("2h 2d 2c 5s 5d Ah Kc", "Full House", "22255"),
    ("Kh Kd 9s 9c 4h 4d 2c", "Two Pair", "KK994"),  # three pairs: the kicker is the third pair's card
    ("Kh Kd 9s 9c 4h 4d Jc", "Two Pair", "KK99J"),  # three pairs: a single card is the better kicker
    ("5h 5d 4s 4c 3h 3d 2c", "Two Pair", "55443"),
    ("Ac Ad Kh Qs 9c 7d 3h", "One Pair", "AAKQ9"),
    ("Ac Kd Jh 9s 7c 5d 3h", "High Card", "AKJ97"),
    ("Jc Jd Jh 9s 7c 4d 2h", "Three of a Kind", "JJJ97"),
    ("9h 8d 7h 6c 5h 2h Kh", "Flush", "K9752"),  # a flush beside a straight in other suits
    ("Th Jh Qd Kc Ah 2h 5h", "Flush", "AJT52"),  # flush beats the broadway straight
    ("Ac Kc Qc Jc 9c Td", "Flush", "AKQJ9"),  # six cards: flush and straight both there
    ("2d 4d 6d 8d Td Qd", "Flush", "QT864"),  # six suited cards: the top five
    ("4c 5d 6h 7s 8c 9d", "Straight", "98765"),  # six-card straight: the higher one
    ("2c 3d 4h 5s 6c 7d Ks", "Straight", "76543"),  # seven cards, a six-long run
    ("Ac 2d 3h 4s 5c 6d Ks", "Straight", "65432"),  # wheel beside a 6-high straight
    ("Ac 2d 3h 4s 5c Kd Qs", "Straight", "5432A"),  # the wheel, ace low
    ("5c 6d 7h 8s 9c 9d 2h", "Straight", "98765"),  # a straight with a pair in it
    ("Tc Jd Qh Ks Ac 9d 8h", "Straight", "AKQJT"),  # broadway, not royal
    ("5h 4h 3h 2h Ah", "Straight Flush", "5432A"),  # steel wheel: rank 10, not royal
    ("5h 4h 3h 2h Ah 6c Kh", "Straight Flush", "5432A"),  # steel wheel beats a 6-high straight and an ace flush
    ("5h 4h 3h 2h Ah 6h", "Straight Flush", "65432"),  # 6-high straight flush beats the steel wheel
    ("9s 8s 7s 6s 5s As 2s", "Straight Flush", "98765"),  # straight flush inside a flush of 7
    ("2s 3s 4s 5s 6s 7s 8s", "Straight Flush", "87654"),  # seven in a row, one suit
    ("Ah Kh Qh Jh Th 9h 8h", "Royal Flush", "AKQJT"),  # royal inside a seven-card straight flush
    ("Ah Kh Qh Jh Th 9h", "Royal Flush", "AKQJT"),
    ("7c 7d 7h 7s 2c 3d Kh", "Four of a Kind", "7777K"),  # quads, the higher kicker on board
    ("7c 7d 7h 7s Ac Ad Ah", "Four of a Kind", "7777A"),  # quads and trips: the kicker from the trips
    ("Kc Kd Kh Ks Qc Qd Qh", "Four of a Kind", "KKKKQ"),
    ("2c 2d 2h 2s 3c 3d", "Four of a Kind", "22223"),
]


@pytest.mark.parametrize(("cards", "category", "best_values"), TRAPS, ids=[t[0] for t in TRAPS])
def test_trap(db, cards, category, best_values):
    hand = ids(cards)
    expected_rank = truth(hand)
    assert CATEGORY_NAMES[POINTS_OF_RANK[expected_rank]] == category, "the trap itself is wrong"
    result = db.evaluate(cards)
    where = f"{cards}: expected hand_rank {expected_rank} ({category}, best {best_values}), got"
    assert result.hand_rank == expected_rank, f"{where} hand_rank {result.hand_rank} ({result.category})"
    assert (result.category, result.points) == (category, POINTS_OF_RANK[expected_rank]), f"{where} {result.category}"
    assert result.cards == cards.split()
    best = [card_id(c) for c in result.best]
    assert len(best) == 5 and len(set(best)) == 5 and set(best) <= set(hand), f"{where} best {result.best}"
    assert sorted(c[0] for c in result.best) == sorted(best_values), f"{where} best {result.best}"
    assert truth(best) == expected_rank, f"{where} best {result.best}, which makes {truth(best)}"


def test_steel_wheel_is_rank_10_not_royal(db):
    result = db.evaluate("5h 4h 3h 2h Ah")
    assert (result.hand_rank, result.points, result.category) == (10, 8, "Straight Flush"), result


def _check_compare(db, hands: list[str]):
    result = db.compare(*hands)
    expected = [truth(ids(h)) for h in hands]
    actual = [h.hand_rank for h in result.hands]
    assert actual == expected, f"{hands}: expected hand_ranks {expected}, got {actual}"
    best = min(expected)
    assert result.winners == [n for n, r in enumerate(expected, start=1) if r == best], (hands, result.winners)
    places = [1 + sum(other < r for other in expected) for r in expected]
    assert [h.place for h in result.hands] == places, (hands, [h.place for h in result.hands])
    for hand, h in zip(hands, result.hands):
        assert set(h.best) <= set(hand.split()) and len(h.best) == 5, (hand, h.best)
    return result


def test_compare_seven_card_tie_on_the_best_five(db):
    # AAKQJ each: the fourth-best and fifth-best cards differ (3 2 against 5 4) but do not play.
    result = _check_compare(db, ["Ah Ad Kc Qd Jh 3c 2d", "As Ac Ks Qs Jd 5h 4d"])
    assert result.winners == [1, 2]


def test_compare_flush_beats_straight_and_steel_wheel_beats_both(db):
    result = _check_compare(db, ["9h 8d 7h 6c 5h 2h Kh", "Tc Jd Qs Ks Ac 3c 4s", "5d 4d 3d 2d Ad 6s"])
    assert result.winners == [3]
    assert [h.category for h in result.hands] == ["Flush", "Straight", "Straight Flush"]


def test_compare_mixed_sizes_and_kickers(db):
    # Two pair with the third pair's card as kicker, against two pair with a lower kicker.
    _check_compare(db, ["Kh Kd 9s 9c 4h 4d 2c", "Ks Kc 9h 9d 3c 3d", "As Qc Jd 7h 6c"])
    _check_compare(db, ["Ah Ad Ac Kh Kd Ks 2c", "Qh Qd Qc Qs 5c", "Jh Th 9h 8h 7h 2d"])


# -- 3. freq --cards 7 ------------------------------------------------------------------


@pytest.mark.slow
def test_freq_seven_cards_matches_the_exact_counts(db):
    result = db.freq(7)
    assert result.cards == 7
    assert result.total == 133_784_560
    assert result.distinct_ranks == 4_824
    actual = [(c.points, c.category, c.count) for c in result.categories]
    expected = [(p, name, count) for p, name, count, _ in SEVEN_CARD]
    assert actual == expected, f"expected {expected}, got {actual}"
    mismatched = [(c.category, c.count, c.expected) for c in result.categories if c.count != c.expected]
    assert not mismatched, f"count differs from expected: {mismatched}"


# -- 4. suit-reduced tables ----------------------------------------------------------------


def test_suit_reduced_five(db):
    e = db.engine
    assert e.execute("select count(*), sum(weight), count(distinct hand_rank) from suit_reduced_five")[0] == (
        7462, 2598960, 7462,
    )
    rows = e.execute(
        "select points, category, sum(weight), count(*) from suit_reduced_five group by points, category order by points desc"
    )
    assert rows == [(p, name, count, classes) for p, name, count, classes in FIVE_CARD]


def test_suit_reduced_five_weights_equal_the_hands_table(db):
    differing = db.engine.execute(
        "select coalesce(s.hand_rank, h.hand_rank), s.weight, h.hands "
        "from suit_reduced_five as s "
        "full outer join (select hand_rank, count(*) as hands from hands group by hand_rank) as h "
        "on h.hand_rank = s.hand_rank "
        "where s.weight is distinct from h.hands order by 1 limit 20"
    )
    assert differing == [], f"hand_rank, weight, hands: {differing}"


def _concrete_hand(value_counts: dict[int, int], suited_values: set[int]) -> list[int]:
    """A hand with these values whose only suit of five or more (spades) holds exactly suited_values."""
    cards = [v * 4 + 3 for v in suited_values]
    load = {0: 0, 1: 0, 2: 0}
    rest = sorted(value_counts.items(), key=lambda item: -item[1])
    for value, count in rest:
        m = count - (value in suited_values)
        if not suited_values and m == 4:
            cards += [value * 4 + s for s in range(4)]
            continue
        pool = [0, 1, 2] if suited_values else [0, 1, 2, 3]
        for suit in sorted(pool, key=lambda s: (load.get(s, 0), s))[:m]:
            cards.append(value * 4 + suit)
            load[suit] = load.get(suit, 0) + 1
    return cards


def test_suit_reduced_five_hand_rank_against_phevaluator(db):
    problems = []
    for rank_key, is_flush, rank, points in db.engine.execute(
        "select rank_key, is_flush, hand_rank, points from suit_reduced_five"
    ):
        counts = {v: rank_key // 5**v % 5 for v in range(13) if rank_key // 5**v % 5}
        hand = _concrete_hand(counts, set(counts) if is_flush else set())
        assert sum(counts.values()) == 5 and len(set(hand)) == 5
        expected = truth(hand)
        if (rank, points) != (expected, POINTS_OF_RANK[expected]):
            problems.append(f"{names(hand)}: expected {expected}, got {rank} (points {points})")
    assert not problems, _report(problems, "suit_reduced_five rows ranked wrong")


def test_suit_reduced_seven(db):
    e = db.engine
    assert e.execute(
        "select count(*), count(distinct hand_key), sum(weight), count(distinct hand_rank) from suit_reduced_seven"
    )[0] == (190346, 190346, 133784560, 4824)
    assert e.execute("select count(*) from suit_reduced_seven where weight <= 0")[0][0] == 0
    rows = e.execute(
        "select points, category, sum(weight), count(distinct hand_rank) from suit_reduced_seven "
        "group by points, category order by points desc"
    )
    assert rows == [(p, name, count, classes) for p, name, count, classes in SEVEN_CARD]


def test_suit_reduced_seven_hand_rank_against_phevaluator(db):
    """Every one of the 190,346 patterns, dealt as concrete cards, ranked by phevaluator."""
    problems = []
    rows = db.engine.execute(
        "select hand_key, rank_key, suited_mask, suited_cards, hand_rank, points, category from suit_reduced_seven"
    )
    assert len(rows) == 190346
    for hand_key, rank_key, suited_mask, suited_cards, rank, points, category in rows:
        counts = {v: rank_key // 5**v % 5 for v in range(13) if rank_key // 5**v % 5}
        suited = {v for v in range(13) if suited_mask >> v & 1}
        hand = _concrete_hand(counts, suited)
        if hand_key != rank_key * 8192 + suited_mask or len(suited) != suited_cards or len(set(hand)) != 7:
            problems.append(f"bad key {hand_key}: rank_key {rank_key}, suited_mask {suited_mask}, suited_cards {suited_cards}")
            continue
        expected = truth(hand)
        if (rank, points, category) != (expected, POINTS_OF_RANK[expected], CATEGORY_NAMES[POINTS_OF_RANK[expected]]):
            problems.append(f"{names(hand)} (hand_key {hand_key}): expected {expected}, got {rank} ({category})")
    assert not problems, _report(problems, "suit_reduced_seven rows wrong")


@pytest.mark.slow
# (seven_card_hand_keys against suit_reduced_seven, key by key: sql/audits/, test_audits.py)


# -- 5. starting hands ------------------------------------------------------------------------


def test_starting_hands(db):
    e = db.engine
    rows = e.execute("select card_1, card_2, cards, hand_class, class_combos from starting_hands")
    assert len(rows) == 1326
    assert len({(a, b) for a, b, *_ in rows}) == 1326
    problems = []
    for card_1, card_2, cards, hand_class, combos in rows:
        assert card_1 > card_2, (card_1, card_2, cards)
        high, low = card_1, card_2
        hi, lo = RANKS[high // 4], RANKS[low // 4]
        if high // 4 == low // 4:
            expected = (hi + lo, 6)
        elif high % 4 == low % 4:
            expected = (hi + lo + "s", 4)
        else:
            expected = (hi + lo + "o", 12)
        if (card_1, cards, hand_class, combos) != (high, card_name(high) + card_name(low), *expected):
            problems.append(f"{card_1},{card_2} {cards}: expected {expected}, got {(hand_class, combos)}")
    assert not problems, _report(problems, "starting hands wrong")
    per_class = e.execute("select hand_class, count(*), min(class_combos), max(class_combos) from starting_hands group by hand_class")
    assert len(per_class) == 169
    assert all(n == low == high for _, n, low, high in per_class), [r for r in per_class if not r[1] == r[2] == r[3]]
    assert sum(n for _, n, _, _ in per_class) == 1326
    kinds = {}
    for hand_class, n, _, _ in per_class:
        kind = "pair" if len(hand_class) == 2 else hand_class[2]
        kinds[kind] = kinds.get(kind, 0) + 1
    assert kinds == {"pair": 13, "s": 78, "o": 78}
    classes = {r[0] for r in per_class}
    assert {"AA", "AKs", "AKo", "72o", "22", "32s"} <= classes
    assert not {"KAs", "KAo", "27o", "AAs", "AAo"} & classes


# -- 6. starting hand categories --------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("hand_class", ["AA", "72o", "T9s"])
def test_starting_hand_categories_sum_to_one(db, hand_class):
    rows = db.engine.execute(
        "select points, category, boards, probability from starting_hand_categories where hand_class = ?",
        [hand_class],
    )
    assert sorted(p for p, *_ in rows) == list(range(10))
    assert sum(b for _, _, b, _ in rows) == math.comb(50, 5) == 2118760
    assert sum(p for *_, p in rows) == pytest.approx(1, abs=1e-12)
    for points, category, boards, probability in rows:
        assert category == CATEGORY_NAMES[points]
        assert probability == pytest.approx(boards / 2118760, rel=1e-12)
    if hand_class == "AA":
        by_points = {p: b for p, _, b, _ in rows}
        assert by_points[0] == 0, "a pocket pair always makes at least one pair"


@pytest.mark.slow
def test_starting_hand_categories_72o_against_an_exhaustive_loop(db):
    """Every board for 7-2 offsuit, dealt with the class's representative, ranked by phevaluator."""
    class_cards = [(h, l) for h in range(20, 24) for l in range(0, 4) if h % 4 != l % 4]
    high, low = max(class_cards, key=lambda pair: pair[0] * 64 + pair[1])
    deck = [c for c in range(52) if c not in (high, low)]
    counts = [0] * 10
    points_of = POINTS_OF_RANK
    for board in itertools.combinations(deck, 5):
        counts[points_of[evaluate_cards(*board, high, low)]] += 1
    expected = {p: counts[p] for p in range(10)}
    rows = db.engine.execute(
        "select points, boards from starting_hand_categories where hand_class = '72o'"
    )
    actual = dict(rows)
    assert actual == expected, f"7s 2h ({names([high, low])}): expected {expected}, got {actual}"


# -- 10. eval and compare of 6 and 7 cards through the CLI ----------------------------------------


@pytest.fixture
def run_json(db_file, capsys):
    def _run(*args: str):
        capsys.readouterr()
        status = main(["--db", db_file, *args, "--format", "json"])
        captured = capsys.readouterr()
        assert status == 0, captured.err
        return json.loads(captured.out)

    return _run


@pytest.mark.parametrize(
    "cards",
    ["Ah Ad Ac Kh Kd Ks 2c", "5h 4h 3h 2h Ah 6c", "Kh Kd 9s 9c 4h 4d 2c", "2d 4d 6d 8d Td Qd", "As Ks 7d 7c 7h 2s 9c"],
)
def test_cli_eval_json_six_and_seven_cards(run_json, cards):
    data = run_json("eval", *cards.split())
    expected = truth(ids(cards))
    assert data["cards"] == cards.split()
    assert data["hand_rank"] == expected, f"{cards}: expected {expected}, got {data['hand_rank']}"
    assert data["points"] == POINTS_OF_RANK[expected] and data["category"] == CATEGORY_NAMES[data["points"]]
    assert len(data["best"]) == 5 and len(set(data["best"])) == 5 and set(data["best"]) <= set(data["cards"])
    assert truth(ids(" ".join(data["best"]))) == expected


def test_cli_compare_json_six_and_seven_cards(run_json):
    hands = ["Ah Ad Kc Qd Jh 3c 2d", "As Ac Ks Qs Jd 4h", "9h 8h 7h 6h 5h 3d 2s"]
    data = run_json("compare", *hands)
    expected = [truth(ids(h)) for h in hands]
    assert [h["hand_rank"] for h in data["hands"]] == expected
    assert data["winners"] == [3]
    for hand, h in zip(hands, data["hands"]):
        assert h["cards"] == hand.split()
        assert len(h["best"]) == 5 and set(h["best"]) <= set(h["cards"]), (hand, h["best"])
        assert truth(ids(" ".join(h["best"]))) == h["hand_rank"]
    data = run_json("compare", hands[0], hands[1])
    assert data["winners"] == [1, 2] and [h["place"] for h in data["hands"]] == [1, 1]
