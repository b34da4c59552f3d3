"""Shuffle and deal: invariants, reproducibility, places, and the shuffle's uniformity.

Many deals at once are asked of the SQL itself (``update deal_settings ...`` inside a
transaction that is rolled back), as a user would in a SQL shell. How many depends on
the engine (``volume``, see conftest.py); comparisons are done in Python, so the SQL
here is plain enough for every engine.
"""

from __future__ import annotations

import math

import phevaluator
import pytest
from scipy import stats

from pokersql import BadInput

DECK = 52
P_MIN = 1e-4


def with_settings(db, seed: int, players: int, deals: int, *queries: str) -> list[list[tuple]]:
    """The rows of each query with deal_settings set so, in a transaction that is rolled back."""
    with db.engine.scratch():
        db.engine.execute("update deal_settings set seed = ?, players = ?, deals = ?", (seed, players, deals))
        return [db.engine.execute(query) for query in queries]


def deal_cards(db, seed: int, players: int, deals: int = 1) -> list[tuple]:
    """(deal_no, deck_position, card_id, player) of shuffle_and_deal for these settings."""
    return with_settings(
        db, seed, players, deals,
        "select deal_no, deck_position, card_id, player from shuffle_and_deal order by deal_no, deck_position",
    )[0]


def points_of_rank(five_card_reference: dict, hand_rank: int) -> int:
    """The category of a standard hand_rank: ranks run through the categories best first,
    each category holding as many ranks as it has classes."""
    last = 0
    for points in range(9, -1, -1):
        last += five_card_reference["categories"][points]["classes"]
        if hand_rank <= last:
            return points
    raise ValueError(hand_rank)


# -- the deck of one deal ------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 4, 10])
def test_shuffle_and_deal_is_a_permutation(db, players):
    rows = deal_cards(db, seed=2024, players=players, deals=3)
    assert len(rows) == 3 * DECK
    for deal_no in (1, 2, 3):
        deck = [r for r in rows if r[0] == deal_no]
        assert sorted(r[1] for r in deck) == list(range(1, DECK + 1))
        assert sorted(r[2] for r in deck) == list(range(DECK))
        dealt = [r for r in deck if r[3] is not None]
        assert len(dealt) == 5 * players
        for deck_position, player in ((r[1], r[3]) for r in deck):
            # blocks of five from the top of the deck, as the article dealt them
            expected = (deck_position - 1) // 5 + 1 if deck_position <= 5 * players else None
            assert player == expected


def test_deals_of_one_shuffle_differ(db):
    rows = deal_cards(db, seed=7, players=1, deals=3)
    orders = [tuple(r[2] for r in rows if r[0] == deal_no) for deal_no in (1, 2, 3)]
    assert len(set(orders)) == 3


def test_no_deals(db):
    assert deal_cards(db, seed=7, players=4, deals=0) == []


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 3, 8, 10])
def test_dealt_cards_is_shuffle_and_deal_dealt(db, volume, players):
    """dealt_cards (the fast view hand_cards reads) deals exactly what shuffle_and_deal deals."""
    deals = int(20_000 * volume)
    # dealt_cards sorts only the keys below a bound and falls back to the whole deck when
    # too few are (see V002); count those deals, so we know both paths were compared.
    key_bound, needed = 2**32 * (5 * players + 7) // 52, 5 * players
    full, fast, keys = with_settings(
        db, 8128, players, deals,
        "select deal_no, deck_position, card_id, player from shuffle_and_deal "
        "where player is not null order by deal_no, deck_position",
        "select deal_no, deck_position, card_id, player from dealt_cards order by deal_no, deck_position",
        "select deal_no, shuffle_key from shuffled_deck",
    )
    assert len(full) == deals * needed
    differing = [(a, b) for a, b in zip(full, fast) if a != b][:10]
    assert differing == []
    assert len(fast) == len(full)
    below: dict[int, int] = {}
    for deal_no, key in keys:
        below[deal_no] = below.get(deal_no, 0) + (key < key_bound)
    short_deals = sum(n < needed for n in below.values())
    if players <= 3:
        assert short_deals > 0


@pytest.mark.parametrize("players", [2, 3, 6, 10])
def test_deal_invariants(db, players):
    result = db.deal(players=players, seed=31337 + players)
    assert result.seed == 31337 + players
    assert [p.player for p in result.players] == list(range(1, players + 1))
    cards = [card for p in result.players for card in p.cards]
    assert all(len(p.cards) == 5 for p in result.players)
    assert len(set(cards)) == 5 * players
    for p in result.players:
        assert p.hand_rank == phevaluator.evaluate_cards(*p.cards), p.cards


def test_deal_matches_shuffle_and_deal(db):
    rows = deal_cards(db, seed=123456789, players=5)
    names = dict(db.engine.execute("select card_id, name from cards"))
    result = db.deal(players=5, seed=123456789)
    for p in result.players:
        assert sorted(p.cards) == sorted(names[r[2]] for r in rows if r[3] == p.player)


def test_same_seed_same_deal(db):
    assert db.deal(players=6, seed=42) == db.deal(players=6, seed=42)
    assert deal_cards(db, seed=42, players=6, deals=5) == deal_cards(db, seed=42, players=6, deals=5)


def test_different_seeds_different_deals(db):
    # the high 32 bits of the seed count too (2^32 differs from 0)
    seeds = list(range(20)) + [2**32, 2**32 + 1, 2**40, 2**62]
    hands = {}
    for seed in seeds:
        dealt = tuple(tuple(p.cards) for p in db.deal(players=2, seed=seed).players)
        assert dealt not in hands, f"seeds {hands.get(dealt)} and {seed} deal the same cards"
        hands[dealt] = seed


def test_seed_and_players_out_of_range(db):
    for seed in (-1, 2**62 + 1):
        with pytest.raises(BadInput):
            db.deal(players=2, seed=seed)
    for players in (1, 11):
        with pytest.raises(BadInput):
            db.deal(players=players, seed=1)


# -- places --------------------------------------------------------------------


def check_places(rows: list[tuple]) -> tuple[list[tuple], int]:
    """rows of (deal_no, player, hand_rank, place): the deals whose places do not follow
    hand_rank (the best hand has place 1, a lower hand_rank a better place, an equal
    hand_rank the same place), and how many places were shared."""
    by_deal: dict[int, list[tuple]] = {}
    for deal_no, player, hand_rank, place in rows:
        by_deal.setdefault(deal_no, []).append((hand_rank, place, player))
    wrong, shared = [], 0
    for deal_no, hands in by_deal.items():
        hands.sort()
        places = [place for _, place, _ in hands]
        shared += len(places) - len(set(places))
        ok = places[0] == 1 and all(
            (place_a < place_b) if rank_a < rank_b else (place_a == place_b)
            for (rank_a, place_a, _), (rank_b, place_b, _) in zip(hands, hands[1:])
        )
        if not ok:
            wrong.append((deal_no, hands))
    return wrong, shared


def test_places_follow_hand_rank_in_deal(db):
    for seed in range(30):
        result = db.deal(players=10, seed=seed)
        wrong, _ = check_places([(1, p.player, p.hand_rank, p.place) for p in result.players])
        assert wrong == [], seed
        best = min(p.hand_rank for p in result.players)
        assert result.winners == [p.player for p in result.players if p.hand_rank == best]


@pytest.mark.slow
def test_places_in_poker_table_over_many_deals(db, volume):
    """poker_table over many ten-handed deals, and a deal 0 typed in with ties:
    place = 1 + the number of better hands in the deal, winners (place 1) marked."""
    deals, players = int(5_000 * volume), 10
    # deal 0: two hands tied for first (deuces), two tied below them (ace-high), one last
    typed = ["Ah Kd Qc Js 9h", "As Kc Qd Jh 9s", "2h 2d 5c 6s 7h", "2c 2s 5d 6h 7c", "3h 4d 8c Ts Kh"]
    with db.engine.scratch():
        db.engine.execute("update deal_settings set seed = ?, players = ?, deals = ?", (2718, players, deals))
        ids = dict(db.engine.execute("select name, card_id from cards"))
        db.engine.executemany(
            "insert into hand_input (hand_no, card_id) values (?, ?)",
            [(n, ids[card]) for n, hand in enumerate(typed, start=1) for card in hand.split()],
        )
        rows = db.engine.execute("select deal_no, player, hand_rank, place, result from poker_table")
    dealt = [r for r in rows if r[0] >= 1]
    assert len(dealt) == deals * players
    assert sorted({r[0] for r in dealt}) == list(range(1, deals + 1))
    wrong, shared = check_places([r[:4] for r in rows])
    assert wrong[:10] == []
    assert shared >= 2  # deal 0's ties, at least
    place = {r[1]: r[3] for r in rows if r[0] == 0}
    assert place[3] == place[4] == 1  # the pairs of deuces
    assert place[1] == place[2] > 1  # ace-high
    assert place[5] > place[1]  # king-high
    not_marked = [r for r in rows if (r[3] == 1) != (r[4] != "")]
    assert not_marked[:10] == []


@pytest.mark.slow
def test_fast_path_agrees_with_pipeline_on_dealt_hands(db, volume):
    """hand_values (key lookup), player_ranking (the article's stages) and phevaluator on the same deals."""
    deals, players = int(5_000 * volume), 10
    values, ranking, cards = with_settings(
        db, 99, players, deals,
        "select deal_no, player, points, hand_rank from hand_values order by deal_no, player",
        "select deal_no, player, points, hand_rank from player_ranking order by deal_no, player",
        "select deal_no, player, card_id from hand_cards",
    )
    assert len(values) == len(ranking) == deals * players
    assert [(a, b) for a, b in zip(values, ranking) if a != b][:10] == []
    grouped: dict[tuple, list[int]] = {}
    for deal_no, player, card_id in cards:
        grouped.setdefault((deal_no, player), []).append(card_id)
    ranks = {(deal_no, player): hand_rank for deal_no, player, _, hand_rank in values}
    mismatches = [
        (key, cards, ranks.get(key), phevaluator.evaluate_cards(*cards))
        for key, cards in grouped.items()
        if ranks.get(key) != phevaluator.evaluate_cards(*cards)
    ]
    assert mismatches[:10] == []
    assert len(grouped) == deals * players


# -- uniformity of the shuffle -------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2010])
def test_shuffle_is_uniform(db, volume, seed):
    deals = int(52_000 * volume)
    rows = with_settings(
        db, seed, 1, deals,
        "select card_id, deck_position, count(*) from shuffle_and_deal group by card_id, deck_position",
    )[0]
    counts = {(card_id, position): n for card_id, position, n in rows}
    expected = deals / DECK
    assert sum(counts.values()) == deals * DECK

    # the top card alone: a multinomial over 52 cards, df 51
    top = [counts.get((card, 1), 0) for card in range(DECK)]
    top_stat = sum((n - expected) ** 2 / expected for n in top)
    top_p = stats.chi2.sf(top_stat, DECK - 1)
    assert top_p > P_MIN, f"top card: chi2 {top_stat:.1f}, df 51, p {top_p:.2g}"

    # every (card, position) cell: each position's column is a multinomial over 52 cards,
    # 51 df each; the sum of permutation matrices makes (r-1)(c-1) the wrong df here
    cells = [counts.get((card, position), 0) for card in range(DECK) for position in range(1, DECK + 1)]
    all_stat = sum((n - expected) ** 2 / expected for n in cells)
    df = DECK * (DECK - 1)
    all_p = stats.chi2.sf(all_stat, df)
    assert all_p > P_MIN, f"all cells: chi2 {all_stat:.1f}, df {df}, p {all_p:.2g}"


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2010])
def test_top_two_cards_are_uniform_pairs(db, volume, seed):
    """The ordered pair on top (52 x 51 outcomes): catches shuffles uniform per position only
    (a random cut of a fixed order is uniform in every (card, position) cell)."""
    deals = int(52_000 * volume)
    rows = with_settings(
        db, seed, 1, deals,
        "select deal_no, deck_position, card_id from shuffle_and_deal where deck_position <= 2",
    )[0]
    top_two: dict[int, list[int]] = {}
    for deal_no, position, card_id in rows:
        top_two.setdefault(deal_no, [0, 0])[position - 1] = card_id
    assert len(top_two) == deals
    counts: dict[tuple[int, int], int] = {}
    for first, second in top_two.values():
        assert first != second
        counts[first, second] = counts.get((first, second), 0) + 1
    cells = DECK * (DECK - 1)
    expected = deals / cells
    stat = sum((counts.get((a, b), 0) - expected) ** 2 / expected for a in range(DECK) for b in range(DECK) if a != b)
    p = stats.chi2.sf(stat, cells - 1)
    assert p > P_MIN, f"top two: chi2 {stat:.1f}, df {cells - 1}, p {p:.2g}"


# -- simulate ------------------------------------------------------------------


def test_simulate_is_reproducible(db):
    first = db.simulate(500, 4, seed=11)
    assert first == db.simulate(500, 4, seed=11)
    assert first.hands == 500 * 4
    assert sum(c.count for c in first.categories) == 500 * 4
    other = db.simulate(500, 4, seed=12)
    assert [c.count for c in other.categories] != [c.count for c in first.categories]


def test_simulate_counts_the_dealt_hands(db, five_card_reference):
    """simulate's counts are the categories of exactly the hands shuffle_and_deal dealt."""
    deals, players, seed = 300, 7, 77
    result = db.simulate(deals, players, seed=seed)
    rows = deal_cards(db, seed=seed, players=players, deals=deals)
    grouped: dict[tuple, list[int]] = {}
    for deal_no, _, card_id, player in rows:
        if player is not None:
            grouped.setdefault((deal_no, player), []).append(card_id)
    observed: dict[int, int] = {}
    for cards in grouped.values():
        points = points_of_rank(five_card_reference, phevaluator.evaluate_cards(*cards))
        observed[points] = observed.get(points, 0) + 1
    assert {c.points: c.count for c in result.categories if c.count} == observed


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 2010])
def test_simulate_frequencies(db, volume, five_card_reference, seed):
    deals, players = int(50_000 * volume), 10
    hands = deals * players
    result = db.simulate(deals, players, seed=seed)
    assert result.hands == hands
    assert sum(c.count for c in result.categories) == hands
    total = five_card_reference["total"]
    assert sorted(c.points for c in result.categories) == list(range(10))
    for category in result.categories:
        reference = five_card_reference["categories"][category.points]
        p = reference["count"] / total
        mean = hands * p
        assert category.category == reference["category"]
        assert math.isclose(category.expected_probability, p, rel_tol=1e-12)
        z = (category.count - mean) / math.sqrt(hands * p * (1 - p))
        assert math.isclose(category.z, z, rel_tol=1e-9, abs_tol=1e-9)
        if mean >= 10:
            assert abs(z) <= 5, f"{category.category}: {category.count} of {hands}, z {z:.2f}"
        else:
            # too rare for z (one royal flush in 50,000 hands is z = 3.5, two is 7):
            # the Poisson tails instead
            assert stats.poisson.sf(category.count - 1, mean) > 1e-6, (category.category, category.count, mean)
            assert stats.poisson.cdf(category.count, mean) > 1e-6, (category.category, category.count, mean)


def test_simulate_bad_counts(db):
    for deals, players in ((0, 1), (10, 0), (10, 11)):
        with pytest.raises(BadInput):
            db.simulate(deals, players, seed=1)
