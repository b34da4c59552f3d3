"""Evaluating and comparing hands typed in: the 2010 article's examples, card parsing, bad input,
and hands of six and seven cards (their best five).

Expected ranks are phevaluator's (the standard 1..7462 numbering: 1 = royal flush,
7462 = 7-5-4-3-2 offsuit); expected categories are the reference file's.
"""

from __future__ import annotations

from math import comb

import random

import phevaluator
from phevaluator.card import Card  # the submodule itself: phevaluator.card is not there until something imports it
import pytest

from pokersql import BadInput
from pokersql.cards import parse_cards


def phe_rank(text: str) -> int:
    return phevaluator.evaluate_cards(*text.split())


def category_of(five_card_reference: dict, points: int) -> str:
    return five_card_reference["categories"][points]["category"]


# -- the article's examples ----------------------------------------------------


def test_two_pair_aces_up_beats_kings_up(db):
    result = db.compare("Ah Ad 2c 2d 5s", "Kh Kd Qh Qd As")
    assert result.winners == [1]
    assert [h.category for h in result.hands] == ["Two Pair", "Two Pair"]
    assert [h.place for h in result.hands] == [1, 2]
    # order of the hands does not matter
    assert db.compare("Kh Kd Qh Qd As", "Ah Ad 2c 2d 5s").winners == [2]


def test_high_card_decided_by_last_kicker(db):
    result = db.compare("Jh 9d 8c 7s 5h", "Jd 9c 8s 7h 2c")
    assert result.winners == [1]
    assert [h.category for h in result.hands] == ["High Card", "High Card"]
    assert result.hands[0].hand_rank < result.hands[1].hand_rank


def test_pair_of_aces_beats_pair_of_queens(db):
    # the queens hold better kickers: only the pair counts
    result = db.compare("Qh Qd Kc Js 9h", "Ah Ad 7c 5s 3h")
    assert result.winners == [2]
    assert [h.points for h in result.hands] == [1, 1]


def test_wheel_is_a_five_high_straight(db):
    wheel = db.evaluate("Ah 2d 3c 4s 5h")
    assert wheel.points == 4
    assert wheel.category == "Straight"
    assert wheel.hand_rank == phe_rank("Ah 2d 3c 4s 5h") == 1609


def test_wheel_loses_to_six_high_straight(db):
    result = db.compare("Ah 2d 3c 4s 5h", "2c 3d 4h 5s 6c")
    assert result.winners == [2]
    assert result.hands[1].hand_rank == phe_rank("2c 3d 4h 5s 6c")


def test_wheel_beats_every_three_of_a_kind(db):
    result = db.compare("Ah 2d 3c 4s 5h", "As Ad Ac Kd Qs")
    assert result.winners == [1]
    assert result.hands[1].category == "Three of a Kind"
    assert result.hands[1].hand_rank == phe_rank("As Ad Ac Kd Qs") == 1610
    better_trips = db.engine.execute(
        "select count(*) from hands where points = 3 and hand_rank <= ?", (result.hands[0].hand_rank,)
    )[0][0]
    assert better_trips == 0


def test_suited_wheel_is_a_straight_flush_not_royal(db):
    hand = db.evaluate("Ah 2h 3h 4h 5h")
    assert hand.points == 8
    assert hand.category == "Straight Flush"
    assert hand.hand_rank == phe_rank("Ah 2h 3h 4h 5h") == 10


@pytest.mark.parametrize("suit", "cdhs")
def test_royal_flush(db, suit):
    hand = db.evaluate(" ".join(rank + suit for rank in "AKQJT"))
    assert (hand.points, hand.category, hand.hand_rank) == (9, "Royal Flush", 1)


def test_worst_hand(db):
    hand = db.evaluate("7c 5d 4h 3s 2c")
    assert hand.category == "High Card"
    assert hand.hand_rank == phe_rank("7c 5d 4h 3s 2c") == 7462


@pytest.mark.parametrize(
    "cards",
    [
        "Ks Qs Js Ts 9s",  # straight flush, king high
        "9h 9d 9c 9s 2d",  # four of a kind
        "2h 2d 2c As Ad",  # full house, deuces full
        "Ah Jh 8h 6h 3h",  # flush
        "Th Jd Qc Ks Ah",  # straight, ace high (not a royal: offsuit)
        "7h 7d 7c 2s 3d",  # three of a kind
        "5h 5d 4c 4s Kd",  # two pair
        "2h 2d 3c 4s 6d",  # one pair, the worst
        "Ah Kd Qc Js 9h",  # high card, the best
    ],
)
def test_evaluate_agrees_with_phevaluator(db, five_card_reference, cards):
    hand = db.evaluate(cards)
    assert hand.hand_rank == phe_rank(cards), cards
    assert hand.category == category_of(five_card_reference, hand.points)
    assert hand.cards == cards.split()
    assert sorted(hand.best) == sorted(cards.split())


# -- six and seven cards ------------------------------------------------------


@pytest.mark.parametrize(
    "cards",
    [
        "Ah Kh Qh Jh Th 2c 3d",  # royal flush among seven
        "Ah 2h 3d 4s 5c 9c 9d",  # the wheel beats the pair of nines
        "2s 3s 4s 5s 6s 7s 8s",  # seven of one suit: 8-high straight flush
        "Ac Ad Ah As Kc Kd Kh",  # four aces, king kicker
        "Ac Ad Ah Kc Kd Kh 2s",  # two triples: aces full of kings
        "9c 9d 5h 5s 2c 2d Ks",  # three pairs: the best two, king kicker
        "Ah Jh 8h 6h 3h 2h Kd",  # six of a suit: the best five of them
        "Ts Js Qs Ks 9d 8c",  # six cards: king-high straight
    ],
)
def test_best_five_of_six_and_seven(db, cards):
    hand = db.evaluate(cards)
    expected = phevaluator.evaluate_cards(*cards.split())
    assert hand.hand_rank == expected, cards
    assert hand.cards == cards.split()
    assert len(hand.best) == len(set(hand.best)) == 5
    assert set(hand.best) <= set(cards.split())
    assert phevaluator.evaluate_cards(*hand.best) == expected


def random_hands(count: int, seed: int) -> list[list[int]]:
    """Seeded random hands of 6 and 7 cards, as card ids."""
    rng = random.Random(seed)
    return [rng.sample(range(52), 7 if n % 2 else 6) for n in range(count)]


def typed_in(db, hands: list[list[int]], sql: str) -> list[tuple]:
    """Run sql with the hands in hand_input (hand_no 1, 2, ...), inside a rolled-back transaction."""
    rows = [(n, card) for n, hand in enumerate(hands, start=1) for card in hand]
    with db.engine.scratch():
        db.engine.execute("update deal_settings set deals = 0")
        for start in range(0, len(rows), 1000):  # a multi-row insert: executemany goes row by row
            chunk = rows[start : start + 1000]
            db.engine.execute(
                "insert into hand_input (hand_no, card_id) values " + ", ".join(["(?, ?)"] * len(chunk)),
                [value for row in chunk for value in row],
            )
        return db.engine.execute(sql)


def ranks_by_category(five_card_reference: dict) -> dict[int, range]:
    """points -> its hand_ranks: the categories hold consecutive ranks, best first, one per class."""
    ranges, last = {}, 0
    for points in range(9, -1, -1):
        classes = five_card_reference["categories"][points]["classes"]
        ranges[points] = range(last + 1, last + classes + 1)
        last += classes
    return ranges


@pytest.mark.slow
def test_random_six_and_seven_card_hands_agree_with_phevaluator(db, five_card_reference):
    """20,000 seeded random hands of 6 and 7 cards through hand_input and best_hands."""
    hands = random_hands(20_000, seed=2010)
    rows = typed_in(db, hands, "select player, card_count, points, hand_rank from best_hands where deal_no = 0")
    assert len(rows) == len(hands)
    ranges = ranks_by_category(five_card_reference)
    mismatches = []
    for player, card_count, points, hand_rank in rows:
        hand = hands[player - 1]
        expected = phevaluator.evaluate_cards(*hand)
        if card_count != len(hand) or hand_rank != expected or hand_rank not in ranges[points]:
            text = " ".join(phevaluator.Card(c).describe_card() for c in hand)
            mismatches.append(f"{text}: phevaluator {expected}, hand_rank {hand_rank}, points {points}")
            if len(mismatches) >= 10:
                break
    assert mismatches == []


def test_random_best_five_make_the_hand(db):
    """best_five_cards of 1,000 seeded random hands of 6 and 7 cards: five of the hand's cards, worth its rank."""
    hands = random_hands(1_000, seed=1958)
    ranks = dict(typed_in(db, hands, "select player, hand_rank from best_hands where deal_no = 0"))
    rows = typed_in(db, hands, "select player, best from best_five_cards where deal_no = 0")
    assert len(rows) == len(hands)
    mismatches = []
    for player, best in rows:
        hand = {phevaluator.Card(c).describe_card() for c in hands[player - 1]}
        best_cards = best.split()
        expected = phevaluator.evaluate_cards(*hand)
        if (
            ranks[player] != expected
            or len(set(best_cards)) != 5
            or not set(best_cards) <= hand
            or phevaluator.evaluate_cards(*best_cards) != expected
        ):
            mismatches.append(f"{' '.join(sorted(hand))}: best {best}, phevaluator {expected}, hand_rank {ranks[player]}")
    assert mismatches[:10] == []


def test_compare_six_and_seven_card_hands(db):
    # kings and deuces with an ace kicker, against aces and nines: the aces win
    hands = ("As Kd Kh 9s 5d 2c 2h", "Ac Ad 9c 9d 3s 4s 7h", "Qs Qh Jd Tc 8s 6c")
    result = db.compare(*hands)
    expected = [phevaluator.evaluate_cards(*hand.split()) for hand in hands]
    assert [h.hand_rank for h in result.hands] == expected
    assert result.winners == [2]
    assert [h.place for h in result.hands] == [2, 1, 3]


# -- ties ----------------------------------------------------------------------


def test_same_hand_in_other_suits_ties(db):
    result = db.compare("Ah Kd Qc Js 9h", "As Kc Qd Jh 9s")
    assert result.hands[0].hand_rank == result.hands[1].hand_rank
    assert [h.place for h in result.hands] == [1, 1]
    assert result.winners == [1, 2]


def test_tied_flushes_split(db):
    result = db.compare("Ah Jh 8h 6h 3h", "As Js 8s 6s 3s")
    assert result.winners == [1, 2]
    assert [h.category for h in result.hands] == ["Flush", "Flush"]


def test_tie_for_first_with_a_loser(db):
    result = db.compare("2c 3d 4h 5s 7d", "Ah Kd Qc Js 9h", "As Kc Qd Jh 9s")
    assert result.winners == [2, 3]
    assert result.hands[1].place == result.hands[2].place == 1
    assert result.hands[0].place > 1


def test_tie_below_first_shares_a_place(db):
    result = db.compare("Ah Ad 7c 5s 3h", "Kh Kd Qc Js 9h", "Ks Kc Qd Jh 9s")
    assert result.winners == [1]
    assert result.hands[1].place == result.hands[2].place > 1


# -- card parsing --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["AhKd", "Ah Kd", "Ah,Kd", "Ah, Kd", " Ah  Kd ", "ah kd", "AH KD", "A♥ K♦", "a♥k♦", ["Ah", "Kd"]],
)
def test_parse_cards_notations(text):
    # Ah = (14 - 2) * 4 + 2, Kd = (13 - 2) * 4 + 1
    assert parse_cards(text) == [50, 45] == [phevaluator.Card("Ah").id_, phevaluator.Card("Kd").id_]


@pytest.mark.parametrize("text", ["10h", "Th", "th", "10♥", "T♥"])
def test_parse_ten(text):
    assert parse_cards(text) == [phevaluator.Card("Th").id_]


def test_parse_every_card_by_symbol_and_letter():
    symbols = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
    for rank in "23456789TJQKA":
        for suit in "cdhs":
            expected = phevaluator.Card(rank + suit).id_
            assert parse_cards(rank + suit) == [expected]
            assert parse_cards(rank + symbols[suit]) == [expected]


def test_run_together_with_tens():
    assert parse_cards("10hJd10s") == [phevaluator.Card(c).id_ for c in ("Th", "Jd", "Ts")]


def test_evaluate_accepts_symbols(db):
    hand = db.evaluate("A♠ K♠ Q♠ J♠ 10♠")
    assert hand.category == "Royal Flush"
    assert hand.cards == ["As", "Ks", "Qs", "Js", "Ts"]


@pytest.mark.parametrize("bad", ["1x", "Zz", "Ax", "1h", "Ah K", "AhKdX"])
def test_unknown_card(bad):
    with pytest.raises(BadInput) as raised:
        parse_cards(bad)
    message = str(raised.value)
    assert "\n" not in message
    offending = {"1x": "1x", "Zz": "Zz", "Ax": "Ax", "1h": "1h", "Ah K": "K", "AhKdX": "X"}[bad]
    assert repr(offending) in message


@pytest.mark.parametrize("bad", ["1x", "Zz"])
def test_unknown_card_in_evaluate(db, bad):
    with pytest.raises(BadInput, match=bad):
        db.evaluate(f"Ah Kd Qc Js {bad}")


def test_duplicate_card():
    with pytest.raises(BadInput, match="Ah"):
        parse_cards("Ah Kd ah")


def test_duplicate_card_in_evaluate(db):
    with pytest.raises(BadInput, match="duplicate"):
        db.evaluate("Ah Kd Qc Js A♥")


def test_duplicate_card_across_compare_hands(db):
    with pytest.raises(BadInput, match="Ah"):
        db.compare("Ah Kd Qc Js 9h", "Ah Kc Qd Jh 9s")


@pytest.mark.parametrize("cards", ["Ah Kd Qc Js", "Ah Kd Qc Js 9h 8h 7h 6h", "Ah", ""])
def test_wrong_number_of_cards(db, cards):
    with pytest.raises(BadInput, match="needs 5, 6 or 7 cards") as raised:
        db.evaluate(cards)
    assert f"got {len(cards.split())}" in str(raised.value)


def test_wrong_number_of_cards_in_compare(db):
    with pytest.raises(BadInput, match="hand 2 needs 5, 6 or 7 cards"):
        db.compare("Ah Kd Qc Js 9h", "As Kc Qd Jh")


def test_compare_needs_two_hands(db):
    with pytest.raises(BadInput):
        db.compare("Ah Kd Qc Js 9h")


def test_bad_input_is_a_value_error_with_exit_status_2():
    with pytest.raises(ValueError) as raised:
        parse_cards("Zz")
    assert raised.value.exit_code == 2


# -- evaluating leaves nothing behind ------------------------------------------


def test_evaluations_leave_the_database_unchanged(db):
    def state():
        return (
            db.engine.execute("select seed, players, deals from deal_settings"),
            db.engine.execute("select count(*) from hand_input"),
            db.engine.execute("select count(*), sum(hand_rank) from hands"),
        )

    before = state()
    assert before[1] == [(0,)]
    db.evaluate("Ah Kh Qh Jh Th")
    db.compare("Ah Ad 2c 2d 5s", "Kh Kd Qh Qd As", "7c 5d 4h 3s 2h")
    db.deal(players=7, seed=99)
    db.simulate(100, 3, seed=5)
    for bad in (lambda: db.evaluate("Ah Ah Qh Jh Th"), lambda: db.compare("Ah Kd Qc Js 9h", "Ah Kc Qd Jh 9s")):
        with pytest.raises(BadInput):
            bad()
    assert state() == before


def test_query_is_read_only(db):
    assert db.query("select count(*) as n from hands").rows == [(comb(52, 5),)]
    with pytest.raises(BadInput):
        db.query("delete from hands")
    with pytest.raises(BadInput):
        db.query("update deal_settings set seed = 1")
    assert db.engine.execute("select count(*) from hands")[0][0] == comb(52, 5)


# -- evaluate without writing, and without building what it does not read (issue 11) --------

LOOKUP_FILES = [
    "001_cards.sql", "002_deal_settings.sql", "003_shuffle_and_deal.views.sql", "004_hand_input.sql",
    "005_hand_evaluation.views.sql", "006_hand_classes.sql", "010_best_hand_ranks.sql", "011_best_hands.views.sql",
]


def test_many_evaluate_calls_agree_with_phevaluator(db):
    """The first call asks the database, the next ones (DuckDB) the in-memory copy of its lookup tables."""
    generator = random.Random(2026)
    for _ in range(2000):
        cards = generator.sample(range(52), generator.choice((5, 6, 7)))
        names = " ".join(Card(c).describe_card() for c in cards)
        result = db.evaluate(names)
        expected = phevaluator.evaluate_cards(*cards)
        assert result.hand_rank == expected, f"{names}: expected {expected}, got {result.hand_rank}"
        assert phevaluator.evaluate_cards(*result.best) == expected and set(result.best) <= set(result.cards)


def test_files_for_the_lookup_tables():
    from pokersql import migrations, own_hands

    files = migrations.sql_files()
    assert [f.script for f in migrations.files_for(own_hands.EVALUATION_NEEDS, files)] == LOOKUP_FILES
    assert "008_hands.sql" in [f.script for f in migrations.files_for(["five_card_frequencies"], files)]
    with pytest.raises(Exception, match="no SQL file creates no_such_table"):
        migrations.files_for(["no_such_table"], files)


def test_a_fresh_database_builds_only_what_a_games_evaluate_reads(engine_name, tmp_path):
    """Issue 44: another game's eval and compare on a fresh database apply the lookup files,
    033 (games, short_deck_classes) and 042 (game_evaluations_of), not hands (008, 8 of
    SQLite's 14 s); a full migrate completes it."""
    import pokersql
    from pokersql import migrations

    path = str(tmp_path / f"fresh.{engine_name}")
    with pokersql.connect(path, engine=engine_name) as fresh:
        omaha = fresh.evaluate("As Ks Qd Jd", game="omaha", board="Ts 9s 2c 7h 8s")
        assert omaha.hand_rank == phevaluator.evaluate_omaha_cards("Ts", "9s", "2c", "7h", "8s", "As", "Ks", "Qd", "Jd")
        compared = fresh.compare("As Ks Qh Jh Th 9c 6d", "Ah Ad 6c 6h 7h 8s 9s", game="shortdeck")
        assert [r.category for r in compared.hands] == ["Straight", "Straight"] and compared.winners == [1]
        assert fresh.built_on_first_use == "the lookup tables"
        recorded = [script for (script,) in fresh.engine.execute("select script from schema_history order by installed_rank")]
        assert recorded == [*LOOKUP_FILES, "033_game_tables.sql", "042_game_evaluations.views.sql"]
        assert "hands" not in fresh.engine.object_types()
    with pokersql.connect(path, engine=engine_name) as later:
        later.migrate()
        assert not migrations.plan(later.engine, migrations.sql_files())
        assert later.engine.execute("select count(*) from hands") == [(comb(52, 5),)]
        assert later.evaluate("As Ks Qd Jd", game="omaha", board="Ts 9s 2c 7h 8s").hand_rank == omaha.hand_rank


def test_a_fresh_database_builds_only_what_evaluate_reads(engine_name, tmp_path):
    """The lookup files are applied and recorded, hands is not built; a full migrate completes it (DuckDB)."""
    import pokersql
    from pokersql import migrations

    path = str(tmp_path / f"fresh.{engine_name}")
    with pokersql.connect(path, engine=engine_name) as fresh:
        assert fresh.evaluate("As Ks 7d 7c 7h 2s 9c").category == "Three of a Kind"
        recorded = [script for (script,) in fresh.engine.execute("select script from schema_history order by installed_rank")]
        assert recorded == LOOKUP_FILES
        assert "hands" not in fresh.engine.object_types()
        assert fresh.engine.execute("select count(*) from hand_input") == [(0,)]
    if engine_name != "duckdb":
        return  # SQLite builds hands in about 20 s: the DuckDB run shows the completion
    with pokersql.connect(path, engine=engine_name) as later:
        applied = [f.script for f in later.migrate()]
        files = [f for f in migrations.sql_files() if f.runs_on(engine_name)]
        # the rest, and the view files among the lookup files (011) that come after the first of
        # the rest (007): they may read its views, so they are applied again (docs/sql.md)
        first = min(f.number for f in files if f.script not in LOOKUP_FILES)
        again = [f.script for f in files if f.script in LOOKUP_FILES and f.repeatable and f.number > first]
        assert again == ["011_best_hands.views.sql"]
        assert applied == [f.script for f in files if f.script not in LOOKUP_FILES or f.script in again]
        counts = later.engine.execute("select script, count(*) from schema_history group by script having count(*) > 1")
        assert counts == [("011_best_hands.views.sql", 2)]
        assert later.build() == comb(52, 5)
        assert not migrations.plan(later.engine, migrations.sql_files())
        assert later.evaluate("As Ks 7d 7c 7h 2s 9c").hand_rank == phevaluator.evaluate_cards("As", "Ks", "7d", "7c", "7h", "2s", "9c")
