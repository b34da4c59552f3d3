"""PQL's stud games (stud, stud8, razz; issue 65): the equity, win and tie counts against `pokersql
equity --game stud|stud8|razz` (exact), the showdown and the ratings street by street against a
plain enumeration of pokerkit's hands (StandardHighHand, EightOrBetterLowHand, RegularLowHand for
razz's ace-to-five), the deals counted against their closed form, Monte Carlo, the refusals."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations

import pytest
from pokerkit import EightOrBetterLowHand, RegularLowHand, StandardHighHand

from pokersql.cards import card_name, parse_cards
from pokersql.pql import plan
from pokersql.pql.games import GAMES, HAND_TYPES, LO_SCALES
from pokersql.pql.stud import StudSetup, orders
from tests.pql_kit import pql_database, results as answer, text  # noqa: F401 (pql_database: the fixture db)


def whole_deals(known, dead=0):
    """The closed form: each player's cards still to come, the first three a set, the later ones in order."""
    left, count = 52 - sum(known) - dead, 1
    for given in known:
        together = max(0, 3 - given)
        count *= math.comb(left, together) * math.perm(left - together, 7 - given - together)
        left -= 7 - given
    return count


def runouts(known, dead=0):
    """`pokersql equity`'s runouts: each player's cards still to come as a set."""
    left, count = 52 - sum(known) - dead, 1
    for given in known:
        count *= math.comb(left, 7 - given)
        left -= 7 - given
    return count


@pytest.mark.parametrize("known", [[3, 3], [0, 7], [2, 5, 6], [7, 7], [1, 4, 0]])
@pytest.mark.parametrize("streets", [set(), {7}, {5, 7}, {3, 4, 6}, {4}, {3, 4, 5, 6, 7}])
def test_the_deals_enumerated_and_their_weights_are_every_whole_deal(known, streets):
    """Each player's chunks enumerated as sets, each weighed by its orders, times the deals of the
    cards past the last street read: every whole deal once, whatever the streets read."""
    setup = StudSetup(GAMES["stud"], [list(range(8 * i, 8 * i + k)) for i, k in enumerate(known)], [51], streets)
    weight = math.prod(orders(first, last) for p in range(len(known)) for first, last in setup.chunks(p))
    assert setup.work() * weight * setup.rest() == whole_deals(known, dead=1)


NAMES = ["hero", "villain", "p3"]
# (game, hands, dead): heads-up on fifth street; three players on sixth (one on fifth); dead cards
SPOTS = [
    ("stud", ["AhKhQhJd9c", "7s7d2c3d4s"], ""),
    ("stud8", ["Ah2h3hJd9c", "7s7d2c3d4s"], ""),
    ("razz", ["Ah2h3hJd9c", "7s7d2c3d4s"], ""),
    ("stud", ["KsKd5c5h9s8c", "AcAd2s3s4s", "QhJhTh9h2h3c"], ""),
    ("stud8", ["As2s3d8h8d", "KcKh4c5c6c7d"], "Ac2c3c9d9h"),
    ("razz", ["5c4d3h2sKdKh", "Ac2d6h7s8d9c"], "Ad2h3s4c"),
]


@pytest.mark.parametrize(("game", "hands", "dead"), SPOTS)
def test_equity_wins_and_ties_are_pokersql_equity(db, game, hands, dead):
    names = NAMES[: len(hands)]
    players = ", ".join(f"{n}='{h}'" for n, h in zip(names, hands))
    selectors = ", ".join(f"avg(riverequity({n})), count(scoops({n})), count(riverequity({n}) > 0 and not scoops({n}))" for n in names)
    statement, values = answer(db, f"select {selectors} from game='{game}', {players}, dead='{dead}'")
    expected = db.equity(*hands, game=game, dead=dead)
    known = [len(parse_cards(h)) for h in hands]
    dead_cards = len(parse_cards(dead)) if dead else 0
    assert expected.exact and expected.deals == runouts(known, dead_cards)
    assert statement.exact and statement.trials == whole_deals(known, dead_cards)
    orders = statement.trials // expected.deals  # each runout's cards in the order dealt
    for (equity, scoops, ties), player in zip(zip(values[::3], values[1::3], values[2::3]), expected.players):
        assert equity == pytest.approx(player.equity, abs=1e-12)
        assert (scoops, ties) == (player.wins * orders, player.ties * orders)
    assert sum(values[::3]) == pytest.approx(1, abs=1e-12)


def hi(cards):
    return StandardHighHand.from_game(text(cards))


def lo(game, cards):
    """The lo of the game's ranking, None for no lo (eight-or-better only)."""
    try:
        return (EightOrBetterLowHand if game == "stud8" else RegularLowHand).from_game(text(cards))
    except ValueError:
        return None


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
@pytest.mark.parametrize("hands", [("Ah2h3hJd9c9s", "7s7d2c3d4sKc"), ("Kh8s7d6c5hAc", "Qs2d3h4c6d8c")])
def test_the_showdown_counts_are_a_tally_of_pokerkit_hands(db, game, hands):
    """winsHi, tiesHi, winsLo, tiesLo, scoops and the pot's shares of each player, and the hand
    types made, counted over every seventh-street card of each by PQL and by pokerkit."""
    holes = [parse_cards(h) for h in hands]
    left = [c for c in range(52) if not any(c in h for h in holes)]
    tally, shares, types, winning = Counter(), [Fraction(0)] * 2, Counter(), Counter()
    for last in permutations(left, 2):
        sevens = [h + [c] for h, c in zip(holes, last)]
        highs = [hi(s) for s in sevens] if game != "razz" else None
        los = [lo(game, s) for s in sevens] if game != "stud" else None
        types[label(hi(sevens[0]))] += 1
        winning[label(max(hi(s) for s in sevens))] += 1
        hi_won = [h == max(highs) for h in highs] if highs else [False, False]
        qualified = [x for x in los if x is not None] if los else []
        lo_won = [x is not None and x == max(qualified) for x in los] if qualified else [False, False]
        for p in range(2):
            # the pot's parts: the hi's (not razz), the lo's (when some hand has one); each split among its winners
            parts = ([Fraction(hi_won[p], sum(hi_won))] if highs else []) + ([Fraction(lo_won[p], sum(lo_won))] if qualified else [])
            shares[p] += sum(parts) / len(parts)
            tally["winshi", p] += hi_won[p]
            tally["tieshi", p] += hi_won[p] and sum(hi_won) > 1
            tally["winslo", p] += lo_won[p]
            tally["tieslo", p] += lo_won[p] and sum(lo_won) > 1
            tally["scoops", p] += all(part == 1 for part in parts)
    functions = [f for f in ("winshi", "tieshi", "winslo", "tieslo", "scoops") if not (game == "razz" and "hi" in f) and not (game == "stud" and "lo" in f)]
    selectors = ", ".join([f"count({f}({p}))" for f in functions for p in ("hero", "villain")] + ["avg(riverequity(hero))", "avg(riverequity(villain))", "histogram(handtype(hero, seventh))"])
    statement, values = answer(db, f"select {selectors} from game='{game}', hero='{hands[0]}', villain='{hands[1]}'")
    deals = len(left) * (len(left) - 1)
    assert statement.trials == deals == whole_deals([6, 6])
    assert values[: 2 * len(functions)] == [tally[f, p] for f in functions for p in (0, 1)]
    assert values[-3:-1] == [pytest.approx(float(s / deals), abs=1e-12) for s in shares]
    assert {h["value"]: h["count"] for h in values[-1]} == types
    assert sum(tally["winslo", p] for p in (0, 1)) > 0 or game == "stud"
    if game != "razz":  # alone in its query: the hands it rates are dealt all the same
        _, (histogram,) = answer(db, f"select histogram(winninghandtype()) from game='{game}', hero='{hands[0]}', villain='{hands[1]}'")
        assert {h["value"]: h["count"] for h in histogram} == winning


def test_an_earlier_street_is_rated_on_the_cards_dealt_by_then(db):
    """hero given third street, villain all seven: handtype on fifth and sixth street, counted over
    every fourth to seventh card, against pokerkit's hands of those five and six cards; each deal
    whole (the cards in the order dealt), the closed form's number."""
    hero, villain = parse_cards("Ah7h7c"), parse_cards("KsKdQc2d3s4h9c")
    left = [c for c in range(52) if c not in hero + villain]
    fifth, sixth = Counter(), Counter()
    for fourth_fifth in combinations(left, 2):
        five = hero + list(fourth_fifth)
        fifth[label(hi(five))] += 2 * (len(left) - 2) * (len(left) - 3)  # its two orders, every sixth and seventh
        for card in left:
            if card not in fourth_fifth:
                sixth[label(hi(five + [card]))] += 2 * (len(left) - 3)
    statement, (on_fifth, on_sixth) = answer(db, "select histogram(handtype(hero, fifth)), histogram(handtype(hero, sixth)) from game='stud', hero='Ah7h7c', villain='KsKdQc2d3s4h9c'")
    assert statement.exact and statement.trials == whole_deals([3, 7]) == math.perm(42, 4)
    assert {h["value"]: h["count"] for h in on_fifth} == fifth
    assert {h["value"]: h["count"] for h in on_sixth} == sixth


def label(hand):
    return HAND_TYPES[list(type(hand.entry.label)).index(hand.entry.label)]


@pytest.mark.parametrize("game", ["stud8", "razz"])
def test_lo_and_hi_ratings_order_hands_as_pokerkit_and_pokersql_evaluate(db, game):
    """Seven players' seven cards, all known, a few deals: the lo rating is NO_LO exactly where
    pokerkit finds no lo, prints the class of db.evaluate's low_rank (whose order is pokerkit's),
    and bestLoRating is pokerkit's best lo; the hi ratings on sixth and seventh street are equal
    where pokerkit's hands are, of pokerkit's hand type, and bestHiRating is pokerkit's best."""
    rng = random.Random(f"pql stud 65 {game}")
    los, theirs, ranks, best_los, their_best_los = [], [], [], [], []
    his, their_his, best_his, their_best_his = [], [], [], []
    names = [f"p{i}" for i in range(7)]
    for _ in range(3):
        cards = rng.sample(range(52), 49)
        hands = [cards[7 * i: 7 * i + 7] for i in range(7)]
        players = ", ".join(f"{n}='{text(h)}'" for n, h in zip(names, hands))
        selectors = [f"max(lorating({n}, seventh))" for n in names] + [f"count(bestlorating({n}, seventh))" for n in names]
        selectors += [f"max(hirating({n}, {s}))" for s in ("sixth", "seventh") for n in names]
        selectors += [f"count(besthirating({n}, {s}))" for s in ("sixth", "seventh") for n in names]
        statement, values = answer(db, f"select {', '.join(selectors)} from game='{game}', {players}")
        assert statement.trials == 1
        los += values[:7]
        best_los += values[7:14]
        his += values[14:28]
        best_his += values[28:]
        hand_los = [lo(game, h) for h in hands]
        theirs += hand_los
        made = [x for x in hand_los if x is not None]
        their_best_los += [int(x is not None and x == max(made)) for x in hand_los]
        ranks += [db.evaluate(text(h), game=game).hands[0].low_rank for h in hands]
        for street in (6, 7):
            highs = [hi(h[:street]) for h in hands]
            their_his += highs
            their_best_his += [int(x == max(highs)) for x in highs]
    assert [v == "NO_LO" for v in los] == [h is None for h in theirs]
    assert sum(h is not None for h in theirs) >= 3 and best_los == their_best_los
    lows = [(r, h) for r, h in zip(ranks, theirs) if h is not None]
    for (ra, a), (rb, b) in combinations(lows, 2):
        assert (ra < rb) == (a > b) and (ra == rb) == (a == b)
    ranking = "eight-or-better" if game == "stud8" else "ace-to-five"
    keys = dict(db.engine.execute("select low_rank, rank_key from low_classes where ranking = ?", (ranking,)))
    for shown, rank in zip(los, ranks):  # its ranks from the highest, a pair's twice, the ace low
        held = [v for v in "KQJT98765432A" for _ in range((keys[rank] // 5 ** "23456789TJQKA".index(v)) % 5)] if rank else []
        assert shown == ("NO_LO" if rank is None else f"LO({', '.join(held)})")
    assert best_his == their_best_his
    for shown, hand in zip(his, their_his):
        assert shown.startswith(label(hand) + "(")
    for (a, x), (b, y) in combinations(list(zip(his, their_his)), 2):
        assert (a == b) == (x == y), (a, b, x, y)


def test_lo_scales_are_the_classes_of_low_classes(db):
    counts = dict(db.engine.execute("select ranking, count(*) from low_classes group by ranking"))
    assert {ranking: counts[ranking] + 1 for ranking in LO_SCALES} == LO_SCALES


def test_ratings_compare_with_the_rated_texts(db):
    """ratehihand and ratelohand rate in the game's rankings: razz's ace-to-five takes pairs (five
    cards with two pair are a lo), stud8's eight-or-better none."""
    _, values = answer(
        db,
        "select count(hirating(hero, seventh) = ratehihand('AhAdKcKsQh')), count(lorating(hero, seventh) = ratelohand('7532A')), "
        "count(lorating(hero, seventh) = ratelohand('KQ73A')), max(ratelohand('KK753')), max(lorating(hero, fifth)), max(lorating(hero, seventh)) "
        "from game='razz', hero='AhAdKcKsQh7s3c'",
    )
    assert values == [1, 0, 1, "LO(K, K, 7, 5, 3)", "LO(K, K, Q, A, A)", "LO(K, Q, 7, 3, A)"]
    _, values = answer(db, "select max(lorating(hero, seventh)), max(ratelohand('KK753')) from game='stud8', hero='AhAdKcKsQh7s3c'")
    assert values == ["NO_LO", "NO_LO"]


def test_equity_on_sixth_street_is_pokersql_equity_once_that_card_is_dealt(db):
    """hvhequity(hero, sixth): the mean share over the deals that agree up to sixth street, here
    villain's sixth card: each value is `pokersql equity` with that card, 2 x 40 x 39 deals each."""
    hero, villain = "Ah2h3h4d9c9s", "7s7d2c3d4s"
    statement, (equities,) = answer(db, f"select histogram(equity(hero, sixth)) from game='stud8', hero='{hero}', villain='{villain}'")
    left = [c for c in range(52) if c not in parse_cards(hero + villain)]
    expected = Counter()
    for card in left:
        share = db.equity(hero, villain + card_name(card), game="stud8").players[0].equity
        expected[round(share, 12)] += 40 * 39
    assert statement.trials == len(left) * 40 * 39 == whole_deals([6, 5])
    assert Counter({round(h["value"], 12): h["count"] for h in equities}) == expected


def test_a_random_player_and_dead_cards_count_every_whole_deal(db):
    """'*' for a player: all seven to come, the first three a set. With 38 dead cards, 8 are left."""
    villain = "AsKsQsJsTs9s"
    dead = text([c for c in range(52) if c not in parse_cards(villain)][:38])
    statement, (equity, won) = answer(db, f"select avg(riverequity(hero)), count(winshi(villain)) from game='stud', hero='*', villain='{villain}', dead='{dead}'")
    assert statement.exact and statement.trials == whole_deals([0, 6], 38) == math.comb(8, 3) * math.perm(5, 4)
    expected = db.equity("random", villain, game="stud", dead=dead)
    assert expected.deals == runouts([0, 6], 38) == 8
    assert equity == pytest.approx(expected.players[0].equity, abs=1e-12)
    orders = statement.trials // expected.deals
    assert won == (expected.players[1].wins + expected.players[1].ties) * orders


def test_past_the_budget_or_with_trials_a_seeded_monte_carlo(db):
    query = "select avg(riverequity(hero)), count(winslo(villain)) from game='stud8', hero='Ah2h3h', villain='7s7d2c'"
    assert plan(query)[0].trials == 60_000  # 4 cards each to come: 18 billion deals
    assert plan("select avg(riverequity(hero)) from game='razz', hero='Ah2h3hJd9c', villain='7s7d2c3d4s'")[0].trials is None
    assert plan("select avg(riverequity(hero)) from game='razz', hero='Ah2h3hJd9c', villain='7s7d2c3d4s'", exact_budget=1000)[0].trials == 60_000
    (first,) = db.pql(query, trials=20_000, seed=7)
    (again,) = db.pql(query, trials=20_000, seed=7)
    assert not first.exact and first.trials == 20_000 and first.seed == 7
    assert [r.value for r in first.results] == [r.value for r in again.results]
    sampled = first.results[0].value
    expected = db.equity("Ah 2h 3h", "7s 7d 2c", game="stud8", trials=40_000, seed=1).players[0]
    assert sampled == pytest.approx(expected.equity, abs=0.015)
    _, values = answer(db, "select avg(riverequity(hero)) from game='stud', hero='AhKhQhJd9c', villain='7s7d2c3d4s'")
    (mc,) = db.pql("select avg(riverequity(hero)) from game='stud', hero='AhKhQhJd9c', villain='7s7d2c3d4s'", trials=40_000, seed=3)
    assert mc.results[0].value == pytest.approx(values[0], abs=4 * 0.5 / math.sqrt(40_000))


def test_propokertools_names_and_the_json_shape(db, run):
    assert db.pql("select avg(riverequity(hero)) from game='studhi', hero='AhKhQhJd9c8c', villain='7s7d2c3d4s5s'")[0].game == "stud"
    status, out, err = run("pql", "--format", "json", "select count(winshi(hero)) as won from game='stud', hero='AhKhQhJd9c8c', villain='7s7d2c3d4s5s'")
    assert status == 0, err
    document = json.loads(out)
    assert set(document) == {"game", "exact", "trials", "seed", "results"} and document["game"] == "stud"
    assert document["results"][0]["alias"] == "won" and document["trials"] == 40 * 39


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("select count(pairedboard(fifth)) from game='stud', hero='AhKh7c'", "pairedboard() at position 14 has no meaning in stud"),
        ("select count(nuthi(hero, river)) from game='stud8', hero='AhKh7c'", "nuthi() at position 14 has no meaning in stud8"),
        ("select count(pocketpair(hero)) from game='razz', hero='AhKh7c'", "pocketpair() at position 14 has no meaning in razz"),
        ("select max(hirating(hero, flop)) from game='stud', hero='AhKh7c'", "'flop' at position 27 is not a street of stud: third, fourth, fifth, sixth, seventh, river"),
        ("select max(handtype(hero, fourth)) from game='stud', hero='AhKh7c'", "fourth street holds 4 in stud"),
        ("select max(lorating(hero, third)) from game='razz', hero='AhKh7c'", "third street holds 3 in razz"),
        ("select count(winshi(hero)) from game='razz', hero='AhKh7c', villain='*'", "winshi() at position 14 reads the hi pot, and razz's pot is the lo's alone"),
        ("select count(winslo(hero)) from game='stud', hero='AhKh7c', villain='*'", "stud has none (omaha8, omaha5-8, courchevel8, stud8, razz)"),
        ("select count(winshi(hero)) from game='stud', hero='AhKh7c', board='2c3c4c'", "stud deals no board"),
        ("select count(winshi(hero)) from game='stud', hero='AK', villain='*'", "hero='AK': stud takes a player's cards in the order dealt"),
        ("select count(winshi(hero)) from game='stud', hero='AhKh7c2c3c4c5c6c'", "1 to 7"),
        ("select count(winshi(hero)) from game='stud', hero='AhKh7c', villain='Ah2c3c'", "duplicate card 'Ah': it is in hero and in villain"),
        ("select count(winshi(hero)) from game='stud', hero='AhKh7c', dead='Ah'", "duplicate card 'Ah': it is in hero and in the dead cards"),
        ("select count(winshi(p1)) from game='stud', p1='*', p2='*', p3='*', p4='*', p5='*', p6='*', p7='*', p8='*'", "8 players of stud need 56 cards more, and 52 are left"),
        ("select avg(equity(hero, fifth)) from game='stud', hero='AhKh7c', villain='*'", "not supported with Monte Carlo"),
    ],
)
def test_refusals_are_one_line_exit_2(run, query, message):
    status, out, err = run("pql", query)
    assert status == 2 and out == "", out
    assert message in err and len(err.strip().splitlines()) == 1, err
