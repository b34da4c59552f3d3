"""The shuffles (uniform and riffle, seeded in SQL) and the two deal orders of V002."""

from __future__ import annotations

import json
from collections import Counter
from math import comb

import pytest
from scipy.stats import chisquare

import pokersql
from pokersql.cli import main
from pokersql.database import _deal_settings

DECK = "select deal_no, deck_position, card_id, player from shuffle_and_deal order by deal_no, deck_position"


@pytest.fixture(scope="module")
def db(built_database):
    """DuckDB only here: a copy of the session's built file."""
    with pokersql.connect(built_database("duckdb")) as database:
        yield database


def decks(db, seed, deals, shuffle="riffle", riffles=7, order="blocks", players=4):
    """deal_no -> the deck's card ids, top first."""
    with db.engine.inputs(deal_settings=[_deal_settings(seed, players, deals, shuffle, riffles, order)]):
        rows = db.engine.execute(DECK)
    result: dict[int, list[int]] = {}
    for deal_no, _, card_id, _ in rows:
        result.setdefault(deal_no, []).append(card_id)
    return result


def rising_sequences(deck: list[int]) -> int:
    """Maximal runs of consecutive cards of the new-deck order that lie in increasing positions."""
    position = {card: index for index, card in enumerate(deck)}
    return 1 + sum(position[card + 1] < position[card] for card in range(len(deck) - 1))


def eulerian(n: int) -> list[int]:
    """A(n, d): permutations of n with d descents (d + 1 rising sequences), d = 0 .. n - 1."""
    row = [1]
    for m in range(2, n + 1):
        row = [(d + 1) * (row[d] if d < len(row) else 0) + (m - d) * (row[d - 1] if d >= 1 else 0) for d in range(m)]
    return row


MASK = 0xFFFFFFFF


def mix(x: int) -> int:
    """V002's 32-bit integer hash, written here from its description, not from its SQL."""
    x = ((x >> 16) ^ x) * 0x45D9F3B & MASK
    x = ((x >> 16) ^ x) * 0x45D9F3B & MASK
    return x ^ (x >> 16)


def deal_state(seed: int, deal_no: int) -> int:
    """The seed's high 32 bits hashed, xor its low 32 bits, hashed; then mixed with the deal number."""
    state = mix(mix(seed >> 32) ^ (seed & MASK))
    return mix((state + deal_no * 2654435769) & MASK)


def uniform_deck(seed: int, deal_no: int) -> list[int]:
    """The uniform shuffle: the cards in order of (hash of deal state + card_id * 2246822519, card_id)."""
    state = deal_state(seed, deal_no)
    return sorted(range(52), key=lambda card: (mix((state + card * 2246822519) & MASK), card))


def riffled_deck(seed: int, deal_no: int, riffles: int) -> list[int]:
    """k GSR riffles of a new deck: each position 1..52 takes a k-bit label (the top bits of its hash);
    the positions, in order of (label, position), take the cards 0, 1, 2, ... of the new deck."""
    state = deal_state(seed, deal_no)
    label = {p: mix((state + p * 3266489917) & MASK) >> (32 - riffles) for p in range(1, 53)}
    deck = [0] * 52
    for card, position in enumerate(sorted(label, key=lambda p: (label[p], p))):
        deck[position - 1] = card
    return deck


def players_of(deck_size: int, players: int, order: str) -> list[int | None]:
    return [
        None if position > 5 * players
        else (position - 1) % players + 1 if order == "round-robin"
        else (position - 1) // 5 + 1
        for position in range(1, deck_size + 1)
    ]


def dealt_rows(db, seed, players, deals, shuffle="uniform", riffles=7, order="blocks", view="shuffle_and_deal"):
    with db.engine.inputs(deal_settings=[_deal_settings(seed, players, deals, shuffle, riffles, order)]):
        return db.engine.execute(
            f"select deal_no, deck_position, card_id, player from {view} order by deal_no, deck_position"
        )


def expected_rows(deck_of, seed, players, deals, order="blocks", dealt_only=False):
    rows = []
    for deal_no in range(1, deals + 1):
        for position, (card, player) in enumerate(zip(deck_of(seed, deal_no), players_of(52, players, order)), start=1):
            if player is not None or not dealt_only:
                rows.append((deal_no, position, card, player))
    return rows


@pytest.mark.parametrize(("seed", "players", "deals"), [(2010, 4, 1), (0, 10, 50), (2**62, 2, 30), (987654321, 7, 200)])
def test_the_uniform_shuffle_is_v002s_hash_card_for_card(db, seed, players, deals):
    """An independent Python shuffle must deal exactly what shuffle_and_deal and dealt_cards deal."""
    assert dealt_rows(db, seed, players, deals) == expected_rows(uniform_deck, seed, players, deals)
    assert dealt_rows(db, seed, players, deals, view="dealt_cards") == expected_rows(
        uniform_deck, seed, players, deals, dealt_only=True
    )


@pytest.mark.parametrize(("seed", "riffles", "order"), [(2010, 1, "round-robin"), (7, 3, "blocks"), (2**40 + 5, 7, "round-robin"), (0, 31, "blocks")])
def test_the_riffle_is_the_labels_card_for_card(db, seed, riffles, order):
    """An independent Python riffle (labels, then the new deck's cards by (label, position))."""
    deck_of = lambda s, d: riffled_deck(s, d, riffles)  # noqa: E731
    assert dealt_rows(db, seed, 6, 40, "riffle", riffles, order) == expected_rows(deck_of, seed, 6, 40, order)
    assert dealt_rows(db, seed, 6, 40, "riffle", riffles, order, view="dealt_cards") == expected_rows(
        deck_of, seed, 6, 40, order, dealt_only=True
    )


def test_first_deal_counts_the_same_deals_in_slices(db):
    with db.engine.inputs(deal_settings=[_deal_settings(5, 3, 10, "uniform", 7, "blocks", 91)]):
        rows = db.engine.execute("select deal_no, deck_position, card_id from shuffle_and_deal order by deal_no, deck_position")
    assert rows == [(d, p, c) for d, p, c, _ in expected_rows(uniform_deck, 5, 3, 100)[90 * 52:]]


def test_the_readme_deal_still_deals_the_same_cards(db):
    result = db.deal(players=4, seed=2010)
    assert [" ".join(p.cards) for p in result.players] == [
        "4s 4d Kc Jc 6d", "As Qh 6c 3c 2c", "Td Tc Jh 9h 7s", "Kh Ts 6h 3s 2h",
    ]
    assert result.to_dict()["shuffle"] == "uniform" and result.to_dict()["order"] == "blocks"


@pytest.mark.parametrize("riffles", [1, 2, 3, 4])
def test_k_riffles_leave_at_most_2_to_the_k_rising_sequences(db, riffles):
    for deck in decks(db, seed=11, deals=500, riffles=riffles).values():
        assert sorted(deck) == list(range(52))
        assert rising_sequences(deck) <= 2**riffles


@pytest.mark.parametrize("riffles", [3, 4, 5, 6])
def test_rising_sequences_follow_bayer_and_diaconis(db, riffles):
    """After k GSR riffles an arrangement with r rising sequences has probability C(2^k + n - r, n) / 2^(kn).

    (With 1 or 2 riffles almost every deck has exactly 2 or 4: nothing to test beyond the bound above.)
    """
    n, a, deals = 52, 2**riffles, 6000
    observed = Counter(rising_sequences(deck) for deck in decks(db, seed=2024, deals=deals, riffles=riffles).values())
    counts = eulerian(n)
    expected = {r: counts[r - 1] * comb(a + n - r, n) / a**n * deals for r in range(1, min(a, n) + 1)}
    assert abs(sum(expected.values()) - deals) < 1e-6 * deals
    bins, seen, wanted = [], [], []
    pooled_seen = pooled_wanted = 0.0
    for r in sorted(expected):  # pool the thin tails so each bin expects at least 5 decks
        pooled_seen += observed.get(r, 0)
        pooled_wanted += expected[r]
        if pooled_wanted >= 5:
            bins.append(r)
            seen.append(pooled_seen)
            wanted.append(pooled_wanted)
            pooled_seen = pooled_wanted = 0.0
    seen[-1] += pooled_seen
    wanted[-1] += pooled_wanted
    assert sum(observed.values()) == deals and set(observed) <= set(expected)
    p = chisquare(seen, wanted).pvalue
    assert p > 0.001, f"{riffles} riffle(s): rising sequences {dict(sorted(observed.items()))}, p = {p:.2g}"


def test_one_riffle_cuts_near_the_middle(db):
    """With one riffle the top pile (the cards that keep new-deck order from 2c) is binomial(52, 1/2)."""
    cuts = []
    for deck in decks(db, seed=5, deals=3000, riffles=1).values():
        if deck == list(range(52)):
            continue  # all coins alike: no second pile to tell the cut by
        position = {card: index for index, card in enumerate(deck)}
        cuts.append(next(card + 1 for card in range(51) if position[card + 1] < position[card]))
    mean = sum(cuts) / len(cuts)
    variance = sum((c - mean) ** 2 for c in cuts) / (len(cuts) - 1)
    assert abs(mean - 26) < 0.3 and 11 < variance < 15


def test_riffles_are_seeded_and_reproducible(db):
    first = decks(db, seed=99, deals=20, riffles=3)
    assert decks(db, seed=99, deals=20, riffles=3) == first
    assert decks(db, seed=100, deals=20, riffles=3) != first
    assert len({tuple(deck) for deck in first.values()}) == 20


def test_the_deal_orders(db):
    blocks = json.loads(json.dumps(db.deal(players=3, seed=8, shuffle="riffle", riffles=7).to_dict()))
    robin = db.deal(players=3, seed=8, shuffle="riffle", riffles=7, order="round-robin").to_dict()
    with db.engine.inputs(deal_settings=[_deal_settings(8, 3, 1, "riffle", 7, "blocks")]) as give:
        top = [db.engine.execute("select card_id, player from shuffle_and_deal where deck_position = ?", (q,))[0] for q in range(1, 16)]
        give(deal_settings=[_deal_settings(8, 3, 1, "riffle", 7, "round-robin")])
        dealt = db.engine.execute("select deck_position, card_id, player from shuffle_and_deal where player is not null order by deck_position")
    assert [player for _, player in top] == [1] * 5 + [2] * 5 + [3] * 5
    assert [player for _, _, player in dealt] == [1, 2, 3] * 5
    assert [card for card, _ in top] == [card for _, card, _ in dealt]  # one deck, two ways to deal it
    assert sorted(c for p in blocks["players"] for c in p["cards"]) == sorted(c for p in robin["players"] for c in p["cards"])
    assert robin["order"] == "round-robin" and robin["riffles"] == 7
    assert db.deal(players=3, seed=8, order="round-robin").to_dict() == db.deal(players=3, seed=8, order="round-robin").to_dict()


def _max_z(result):
    return max(abs(c.z) for c in result.categories)


def test_few_riffles_show_the_bias_that_seven_remove(db):
    """The deck starts in new-deck order: three riffles leave pairs together, seven do not."""
    three = db.simulate(20000, players=1, seed=3, shuffle="riffle", riffles=3)
    assert _max_z(three) > 20
    pair_or_better = sum(c.count for c in three.categories if c.points in (1, 2, 3, 6, 7))
    assert pair_or_better / three.hands > 0.6  # against 0.49 for a random deck
    seven = db.simulate(50000, players=1, seed=3, shuffle="riffle", riffles=7)
    rare = [c for c in seven.categories if c.points >= 5]  # pooled: too few to test alone
    observed = [sum(c.count for c in rare)] + [c.count for c in seven.categories if c.points < 5]
    expected = [sum(c.expected_count for c in rare)] + [c.expected_count for c in seven.categories if c.points < 5]
    assert chisquare(observed, expected).pvalue > 0.001
    assert _max_z(seven) < 4


def test_simulate_in_slices_counts_the_same_deals(db):
    whole = db.simulate(1234, players=3, seed=17, shuffle="riffle", riffles=4, order="round-robin")
    sliced = db.simulate(1234, players=3, seed=17, shuffle="riffle", riffles=4, order="round-robin", slice_deals=100)
    assert whole.to_dict() == sliced.to_dict()
    uniform = db.simulate(999, players=2, seed=1)
    assert uniform.to_dict() == db.simulate(999, players=2, seed=1, slice_deals=50).to_dict()


def test_simulate_reports_progress_by_slice(built_database):
    seen = []
    with pokersql.connect(built_database("duckdb"), progress=lambda task, done, total: seen.append((task, done, total))) as database:
        database.simulate(250, seed=1, slice_deals=100)
    assert [done for _, done, _ in seen] == [0, 100, 200, 250]
    assert {total for _, _, total in seen} == {250}


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["deal", "--shuffle", "overhand"], "'overhand'"),
        (["deal", "--shuffle", "riffle", "--riffles", "0"], "0"),
        (["simulate", "--deals", "10", "--riffles", "32"], "32"),
        (["deal", "--order", "spiral"], "'spiral'"),
    ],
)
def test_bad_shuffle_options_are_exit_2(tmp_path, capsys, args, needle):
    status = main(["--db", str(tmp_path / "x.duckdb"), *args])
    err = capsys.readouterr().err
    assert status == 2 and needle in err and len(err.strip().splitlines()) == 1


def test_library_checks_the_settings(db):
    with pytest.raises(pokersql.BadInput, match="'overhand'"):
        db.deal(shuffle="overhand")
    with pytest.raises(pokersql.BadInput, match="riffles 40"):
        db.simulate(10, shuffle="riffle", riffles=40)
