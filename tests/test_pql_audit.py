"""Issue 65's audit: each family of PQL functions over whole spots in the games PQL takes, against
references written here from outside pokersql: phevaluator for the hi (Omaha: its best two hole
cards with three of the board), pokerkit for short deck (tests/test_pql_shortdeck.py's ``best``),
and plain Python for the board, the hole cards, the eight-or-better lo and each share of the pot.

Each family is a table of (a PQL expression, the same thing in Python over one deal): a case is a
game and a spot, and every deal of it (every flop, every hand of ``*``, every turn and river) is
counted by both. A value's share of the deals must be the same fraction; a rating's histogram must
hold the same counts in the reference's order, weakest first. The rules followed are Open PQL's
source (openpql-runner/src/functions): handBoardIntersections counts the ranks the hand and the
board share, not the hole cards; straightBoard is three ranks of one straight (short deck's ace
low: A-6-7-8-9); rainbowBoard a board of as many suits as cards (never the river)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, groupby, permutations

import pytest
from phevaluator import evaluate_cards
from pokerkit import EightOrBetterLowHand, RegularLowHand

from pokersql.cards import card_name, parse_cards
from tests.pql_kit import pql_database, answer, text  # noqa: F401 (pql_database: the fixture db)
from tests.test_pql_boardrange import matches
from tests.test_pql_omaha_flop import assert_counts, every_category_query, holdem_category, omaha_category
from tests.test_pql_shortdeck import ORDER as SHORT_ORDER, best as shortdeck_best

RANKS = "23456789TJQKA"
STREET = {"flop": 3, "turn": 4, "river": 5}
SHORT = ("shortdeck", "shortdeck-triton")
OMAHA = ("omaha", "omaha5", "omaha6", "omaha8", "omaha5-8", "courchevel", "courchevel8")
LO = ("omaha8", "omaha5-8", "courchevel8")
HOLE_CARDS = {"holdem": 2, "shortdeck": 2, "shortdeck-triton": 2, "omaha": 4, "omaha8": 4, "omaha5": 5, "omaha5-8": 5, "courchevel": 5, "courchevel8": 5, "omaha6": 6}
TYPES = ["HIGH_CARD", "PAIR", "TWO_PAIR", "TRIPS", "STRAIGHT", "FLUSH", "FULL_HOUSE", "QUADS", "STRAIGHT_FLUSH"]
PHEVALUATOR_TYPE_STARTS = [6186, 3326, 2468, 1610, 1600, 323, 167, 11, 1]  # the first rank of each type, TYPES' order


def straights(game):
    """Each straight's five ranks, the ace low too (short deck's lowest is A-6-7-8-9)."""
    low = 4 if game in SHORT else 0
    return [set(range(s, s + 5)) for s in range(low, 9)] + [{12, *range(low, low + 4)}]


def deck(game):
    return [c for c in range(52) if game not in SHORT or c // 4 >= 4]


def ranks_of(cards):
    return {c // 4 for c in cards}


def rank_name(ranks, nth=1):
    """The nth highest of a set of ranks as PQL prints a rank, or None."""
    ordered = sorted(ranks, reverse=True)
    return RANKS[ordered[nth - 1]] if len(ordered) >= nth else None


def duplicated(cards):
    counts = Counter(c // 4 for c in cards)
    return {r for r, n in counts.items() if n > 1}


# --- the board: (expression of a street, value of that street's cards) ---------------------------
BOARD = [
    ("boardsuitcount({s})", lambda g, b: len({c % 4 for c in b})),
    ("rankcount(boardranks({s}))", lambda g, b: len(ranks_of(b))),
    ("maxrank(boardranks({s}))", lambda g, b: rank_name(ranks_of(b))),
    ("minrank(boardranks({s}))", lambda g, b: RANKS[min(ranks_of(b))]),
    ("nthrank(2, boardranks({s}))", lambda g, b: rank_name(ranks_of(b), 2)),
    ("rankcount(duplicatedboardranks({s}))", lambda g, b: len(duplicated(b))),
    ("maxrank(duplicatedboardranks({s}))", lambda g, b: rank_name(duplicated(b))),
    ("flushingboard({s})", lambda g, b: max(Counter(c % 4 for c in b).values()) >= 3),
    ("monotoneboard({s})", lambda g, b: len({c % 4 for c in b}) == 1),
    ("twotoneboard({s})", lambda g, b: len({c % 4 for c in b}) == 2),
    ("rainbowboard({s})", lambda g, b: len({c % 4 for c in b}) == len(b)),
    ("pairedboard({s})", lambda g, b: len(ranks_of(b)) < len(b)),
    ("straightboard({s})", lambda g, b: any(len(w & ranks_of(b)) >= 3 for w in straights(g))),
]

# --- a player's hole cards with the board ---------------------------------------------------------
HOLE = [
    ("rankcount(handranks({p}))", lambda h, b: len(ranks_of(h))),
    ("maxrank(handranks({p}))", lambda h, b: rank_name(ranks_of(h))),
    ("rankcount(duplicatedhandranks({p}))", lambda h, b: len(duplicated(h))),
    ("pocketpair({p})", lambda h, b: bool(duplicated(h))),
    ("rankcount(intersectinghandranks({p}, {s}))", lambda h, b: len(ranks_of(h) & ranks_of(b))),
    ("maxrank(nonintersectinghandranks({p}, {s}))", lambda h, b: rank_name(ranks_of(h) - ranks_of(b))),
    ("handboardintersections({p}, {s})", lambda h, b: len(ranks_of(h) & ranks_of(b))),  # ranks, as Open PQL
    ("hastopboardrank({p}, {s})", lambda h, b: max(ranks_of(b)) in ranks_of(h)),
    ("hassecondboardrank({p}, {s})", lambda h, b: len(ranks_of(b)) > 1 and sorted(ranks_of(b))[-2] in ranks_of(h)),
    ("overpair({p}, {s})", lambda h, b: any(r > max(ranks_of(b)) for r in duplicated(h))),
]


def completions(game, used, board, street):
    """Every board of the street's length that extends ``board`` from the cards left (a set: the
    functions here read no order)."""
    left = [c for c in deck(game) if c not in used and c not in board]
    return [board + list(more) for more in combinations(left, STREET[street] - len(board))]


def hands_of(game, hero, blocked):
    if hero != "*":
        return [parse_cards(hero)]
    return [list(h) for h in combinations([c for c in deck(game) if c not in blocked], HOLE_CARDS[game])]


def assert_shares(trials, values, expected, deals):
    """Each PQL histogram holds each value on the same share of the deals as the reference."""
    for value, (expression, counts) in zip(values, expected.items()):
        theirs = {v: Fraction(n, deals) for v, n in counts.items()}
        mine = {h["value"]: Fraction(h["count"]) / Fraction(trials) for h in value}
        assert mine == theirs, expression


@pytest.mark.parametrize(
    ("game", "hero", "board", "street"),
    [
        ("holdem", "", "", "flop"),  # every flop
        ("shortdeck", "", "", "flop"),
        ("omaha", "AsKsQdJc", "", "flop"),
        ("holdem", "", "Ks7d", "river"),  # every turn and river of two flop cards
        ("shortdeck", "", "Ah9c", "river"),
        ("omaha8", "Ah2h3c4c", "Ks7d2c", "river"),
        ("courchevel", "AhKhQs3c4d", "9s", "turn"),
        ("omaha5", "AsKsQdJc2h", "", "flop"),
        ("omaha6", "AsKsQdJc2h3h", "Td7c", "river"),
        ("omaha5-8", "Ah2h3c4c5d", "Ks7d2c", "river"),
        ("courchevel8", "Ah2h3c4c5d", "", "flop"),
        ("courchevel", "AhKhQs3c4d", "9s2d6c", "river"),
        ("omaha", "AsKsQdJc", "Ts9s2h", "river"),
        ("omaha5", "AsKsQdJc2h", "Ts9s2c", "river"),
        ("shortdeck-triton", "", "AsKsQs", "river"),
        ("shortdeck-triton", "", "", "flop"),
    ],
)
def test_board_functions_over_every_board_are_plain_pythons(db, game, hero, board, street):
    cards, known = parse_cards(hero) if hero else [], parse_cards(board)
    boards = completions(game, cards, known, street)
    expected = {e.format(s=street): Counter(f(game, b) for b in boards) for e, f in BOARD}
    if street == "river":  # the turn and the river in order: each card left is each one as often
        left = [card_name(c) for c in deck(game) if c not in cards + known]
        expected |= {f"{card}card()": Counter({name: Fraction(len(boards), len(left)) for name in left}) for card in ("turn", "river")}
    if street == "flop":  # a board range (its terms read the flop here), by test_pql_boardrange.py's matcher
        for text in ("RR:xxy", "[A,K,Q]*,xxx"):
            expected[f"boardinrange('{text}')"] = Counter(matches(text, [card_name(c) for c in b]) for b in boards)
    players = f", hero='{hero}'" if hero else ""
    query = f"select {', '.join(f'histogram({e})' for e in expected)} from game='{game}'{players}, board='{board}'"
    trials, values = answer(db, query)
    assert_shares(trials, values, expected, len(boards))


@pytest.mark.parametrize(
    ("game", "hero", "board", "street"),
    [
        ("holdem", "7h7d", "", "flop"),  # a pocket pair on every flop
        ("holdem", "*", "Ks7d7c", "flop"),  # every hand on a paired flop
        ("holdem", "*", "Ks7d2c9h", "turn"),
        ("shortdeck", "*", "9h7h6d", "flop"),
        ("omaha", "7h7dKcQc", "", "flop"),
        pytest.param("omaha", "*", "Ks7d2c", "flop", marks=pytest.mark.slow),  # 211,876 hands, 14 s
        ("omaha5", "AhAdKc7s7c", "Ks", "turn"),
        ("omaha6", "AhAdKc7s7c2d", "", "flop"),
        ("omaha8", "Ah2d2c7s", "Ks7d", "turn"),
        ("omaha5-8", "AhAdKc7s7c", "", "flop"),
        ("courchevel", "QhQdKc7s2c", "Ks", "flop"),
        ("courchevel8", "AhAdKc7s7c", "7h", "turn"),
        ("shortdeck-triton", "*", "Ks7d7c", "flop"),
    ],
)
def test_hole_card_functions_over_every_deal_are_plain_pythons(db, game, hero, board, street):
    known = parse_cards(board)
    deals = [(h, b) for h in hands_of(game, hero, known) for b in completions(game, h, known, street)]
    expected = {e.format(p="hero", s=street): Counter(f(h, b) for h, b in deals) for e, f in HOLE}
    query = f"select {', '.join(f'histogram({e})' for e in expected)} from game='{game}', hero='{hero}', board='{board}'"
    trials, values = answer(db, query)
    assert_shares(trials, values, expected, len(deals))


@pytest.mark.parametrize(("game", "hand"), [("holdem", "AhKh"), ("holdem", "7c7d"), ("holdem", "9s8s"), ("holdem", "Ac2d"), ("courchevel", "AhKhQs3c4d"), ("courchevel8", "7h7d8c9c2s")])
def test_flop_categories_over_every_flop_are_open_pqls_rule(db, game, hand):
    """Hold'em's flop categories (checked before by Open PQL's single cases only) and Courchevel's
    (Omaha's rule, two hole cards): every flop of the cards left against Open PQL's eval_flop_holdem
    and eval_flop_omaha, written in tests/test_pql_omaha_flop.py."""
    hole = parse_cards(hand)
    rule = holdem_category if game == "holdem" else omaha_category
    expected = Counter(rule(hole, flop) for flop in combinations([c for c in range(52) if c not in hole], 3))
    trials, values = answer(db, f"{every_category_query('hero')} from game='{game}', hero='{hand}'")
    assert_counts(values, trials, expected, sum(expected.values()))


# --- ratings, the showdown and the lo -------------------------------------------------------------


def hi(game, hole, board):
    """(the hand type, a key that orders hands as the game does: greater is better)."""
    if game in SHORT:
        return shortdeck_best(game, hole + board)
    names = [card_name(c) for c in hole], [card_name(c) for c in board]
    if game in OMAHA:
        rank = min(evaluate_cards(*h, *b) for h in combinations(names[0], 2) for b in combinations(names[1], 3))
    else:
        rank = evaluate_cards(*names[0], *names[1])
    return type_of_rank(rank), -rank


def type_of_rank(rank):
    """phevaluator's rank (1 the best) as its hand type."""
    return TYPES[[rank >= start for start in PHEVALUATOR_TYPE_STARTS].index(True)]


def rate_five(game, five):
    """A five-card hand's (type, key), as hi() gives them."""
    if game in SHORT:
        return shortdeck_best(game, five)
    rank = evaluate_cards(*(card_name(c) for c in five))
    return type_of_rank(rank), -rank


def at_least(game, kind, least):
    order = SHORT_ORDER[game] if game in SHORT else TYPES
    return order.index(kind) >= order.index(least)


def lo(hole, board):
    """Eight-or-better in plain Python: the best five of two hole cards and three of the board whose
    ranks are five different ones, eight or lower (the ace low), compared from the highest down.
    Greater is better (the ranks negated); None: no lo."""
    best = None
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            values = sorted(({c // 4 + 2} - {14} or {1}).pop() for c in two + three)
            if len(set(values)) == 5 and values[-1] <= 8:
                key = tuple(-v for v in reversed(values))
                best = key if best is None or key > best else best
    return best


def lo_text(key):
    return "NO_LO" if key is None else "LO(" + ", ".join("A" if -v == 1 else str(-v) for v in key) + ")"


def ordered_counts(keys):
    """The counts of equal keys, the weakest first (as a PQL histogram of ratings is ordered)."""
    return [len(list(group)) for _, group in groupby(sorted(keys, key=lambda k: (k is not None, k)))]


def runouts(used, board, game):
    """Every turn and river in order (as PQL deals them) from a flop."""
    left = [c for c in deck(game) if c not in used and c not in board]
    return [board + [t, r] for t, r in permutations(left, 2)]


# (game, hero, villain, flop): hands that tie and split now and then
SHOWDOWNS = [
    ("holdem", "AhQh", "AdQd", "Kh7d2c"),
    ("shortdeck", "AhQh", "AdQd", "Kh7d9c"),
    ("shortdeck-triton", "AhQh", "JdJc", "Kh7d9c"),
    ("omaha", "AhKhQs3c", "AdKd9c8c", "Ks7d2c"),
    ("omaha5", "AhKhQs3c4d", "AdKdJc8c5s", "Ks7d2c"),
    ("omaha6", "AhKhQs3c4d5h", "AdKdJc8c5s6s", "Ks7d2c"),
    ("omaha8", "Ah2hQs3c", "Ad2dKc8c", "Ks7d4c"),
    ("omaha5-8", "Ah2hKc3c9h", "Ad2dQc8c6s", "Ks7d4c"),
    ("courchevel", "AhKhQs3c4d", "AdKdJc8c5s", "Ks7d2c"),
    ("courchevel8", "Ah2hKc3c9h", "Ad2dQc8c6s", "Ks7d4c"),
]


def showdown(game, holes, board):
    """Each player's (hi, lo) and share of the pot: the hi half to the best hi, the lo half to the
    best lo when some hand has one, else all to the hi; each part split among its winners."""
    his = [hi(game, h, board) for h in holes]
    los = [lo(h, board) for h in holes] if game in LO else [None] * len(holes)
    top = max(k for _, k in his)
    hi_won = [k == top for _, k in his]
    made = [x for x in los if x is not None]
    lo_won = [x is not None and x == max(made) for x in los]
    parts = [[Fraction(w, sum(hi_won))] + ([Fraction(lw, sum(lo_won))] if made else []) for w, lw in zip(hi_won, lo_won)]
    shares = [sum(p) / len(p) for p in parts]
    scoops = [all(x == 1 for x in p) for p in parts]
    return his, los, hi_won, lo_won, shares, scoops


@pytest.mark.parametrize(("game", "hero", "villain", "flop"), SHOWDOWNS, ids=[s[0] for s in SHOWDOWNS])
def test_ratings_and_the_showdown_over_every_runout_are_the_references(db, game, hero, villain, flop):
    """hiRating (its order and hand type), handType, minHiRating, exact/minHandType, maxHiRating,
    bestHiRating, winningHandType, winsHi, tiesHi, scoops, riverEquity, fractionalRiverEquity,
    the equity on the turn and minHvhEquity; in the lo games loRating, minLoRating, maxLoRating,
    bestLoRating, winsLo, tiesLo: every turn and river of a flop, both orders, by phevaluator
    (pokerkit in short deck) and the lo written above."""
    holes, board = [parse_cards(hero), parse_cards(villain)], parse_cards(flop)
    deals = runouts(holes[0] + holes[1], board, game)
    threshold = "KcKs7s7c8d"
    floor = rate_five(game, parse_cards(threshold))
    cache, rows, turn_shares = {}, [], Counter()
    for full in deals:
        key = frozenset(full)
        if key not in cache:
            cache[key] = showdown(game, holes, full)
        his, los, hi_won, lo_won, shares, scoops = cache[key]
        turn_type = hi(game, holes[0], full[:4])[0]
        rows.append((his, los, hi_won, lo_won, shares, scoops, turn_type))
        turn_shares[full[3]] += shares[0]
    n = len(deals)
    per_turn = {t: s / (n // len(turn_shares)) for t, s in turn_shares.items()}
    selectors = {
        "histogram(hirating(hero, river))": lambda r: None,
        "histogram(maxhirating(river))": lambda r: None,
        "histogram(handtype(hero, turn))": lambda r: r[6],
        "count(minhirating(hero, river, ratehihand('%s')))" % threshold: lambda r: r[0][0][1] >= floor[1],
        "count(exacthandtype(hero, river, twopair))": lambda r: r[0][0][0] == "TWO_PAIR",
        "count(minhandtype(villain, river, straight))": lambda r: at_least(game, r[0][1][0], "STRAIGHT"),
        "count(besthirating(villain, river))": lambda r: r[2][1],
        "histogram(winninghandtype())": lambda r: max(r[0], key=lambda h: h[1])[0],
        "count(min_equity(hero, turn, 0.5))": None,
    }
    for p, name in enumerate(("hero", "villain")):
        selectors |= {
            f"count(winshi({name}))": lambda r, p=p: r[2][p],
            f"count(tieshi({name}))": lambda r, p=p: r[2][p] and sum(r[2]) > 1,
            f"count(scoops({name}))": lambda r, p=p: r[5][p],
            f"avg(riverequity({name}))": lambda r, p=p: r[4][p],
            f"avg(fractionalriverequity({name}))": lambda r, p=p: r[4][p],
        }
    if game in LO:
        selectors |= {
            "histogram(lorating(hero, river))": None, "histogram(maxlorating(river))": None,
            "count(minlorating(hero, river, ratelohand('8642A')))": lambda r: r[1][0] is not None and r[1][0] >= (-8, -6, -4, -2, -1),
            "count(bestlorating(villain, river))": lambda r: r[3][1],
            "count(winslo(hero))": lambda r: r[3][0], "count(tieslo(villain))": lambda r: r[3][1] and sum(r[3]) > 1,
        }
    trials, values = answer(db, f"select {', '.join(selectors)} from game='{game}', hero='{hero}', villain='{villain}', board='{flop}'")
    assert trials == n
    for (selector, f), value in zip(selectors.items(), values):
        if selector.startswith("histogram(hirating"):
            keys = [r[0][0] for r in rows]
            assert [h["count"] for h in value] == ordered_counts([k[1] for k in keys]), selector
            assert [h["value"].split("(")[0] for h in value] == [k[0] for k in sorted(set(keys), key=lambda k: k[1])], selector
        elif selector.startswith("histogram(maxhirating"):
            assert [h["count"] for h in value] == ordered_counts([max(r[0][0][1], r[0][1][1]) for r in rows]), selector
        elif selector.startswith("histogram(lorating"):
            los = [r[1][0] for r in rows]
            assert [h["count"] for h in value] == ordered_counts(los), selector
            assert [h["value"] for h in value] == [lo_text(k) for k in sorted(set(los), key=lambda k: (k is not None, k))], selector
        elif selector.startswith("histogram(maxlorating"):
            assert [h["count"] for h in value] == ordered_counts([max((x for x in r[1] if x is not None), default=None) for r in rows]), selector
        elif selector.startswith("count(min_equity"):
            assert value == sum(per_turn[full[3]] >= Fraction(1, 2) for full in deals), selector
        elif selector.startswith("histogram"):
            assert {h["value"]: h["count"] for h in value} == Counter(f(r) for r in rows), selector
        elif selector.startswith("avg"):
            assert value == pytest.approx(float(sum(f(r) for r in rows) / n), abs=1e-12), selector
        else:
            assert value == sum(bool(f(r)) for r in rows), selector
    _, (equities,) = answer(db, f"select histogram(equity(hero, turn)) from game='{game}', hero='{hero}', villain='{villain}', board='{flop}'")
    expected = Counter(round(float(per_turn[full[3]]), 12) for full in deals)
    assert Counter({round(h["value"], 12): h["count"] for h in equities}) == expected


# --- the nuts, the outs and the nut lo ------------------------------------------------------------
# (game, hero, flop): on each turn the hero's nuts (hi, and within its hand type), the nut lo, and on
# the flop the outs to the nuts: every two unseen cards tried (not the hero's, not on the board)
NUTS = [
    ("holdem", "AhQh", "Kh7h2c"),
    ("omaha5", "AhQhKs3c4d", "Kh7h2c"),
    ("omaha6", "AhKhJhTs3c4d", "QhTc2c"),
    ("omaha8", "Ah2hQhJc", "Kh7h4c"),
    ("omaha5-8", "Ah2hQh3c9d", "Kh7h4c"),
    ("courchevel", "AsKsQdJc9h", "Ts9s2h"),
    ("courchevel8", "Ah2hQh3c9d", "Kh7h4c"),
]


def nut_flags(game, hole, board):
    """(the nuts, the nuts of its hand type, the nut lo) of hole on board, every two unseen cards tried."""
    unseen = [c for c in deck(game) if c not in hole and c not in board]
    kind, own = hi(game, hole, board)
    others = [hi(game, list(two), board) for two in combinations(unseen, 2)]
    mine = lo(hole, board)
    their_los = [x for x in (lo(list(two), board) for two in combinations(unseen, 2)) if x is not None]
    return (own >= max(k for _, k in others), all(own >= k for t, k in others if t == kind),
            mine is not None and all(mine >= x for x in their_los))


@pytest.mark.parametrize(("game", "hero", "flop"), NUTS, ids=[n[0] for n in NUTS])
def test_nuts_outs_and_the_nut_lo_on_every_turn_are_the_references(db, game, hero, flop):
    hole, board = parse_cards(hero), parse_cards(flop)
    turns = [c for c in deck(game) if c not in hole + board]
    flags = [nut_flags(game, hole, board + [t]) for t in turns]
    lo_part = ", count(nutlo(hero, turn))" if game in LO else ""
    trials, values = answer(db, f"select count(nuthi(hero, turn)), count(nuthiforhandtype(hero, turn)), avg(nuthiouts(hero, flop)){lo_part} from game='{game}', hero='{hero}', board='{flop}'")
    rivers = trials // len(turns)
    assert trials == rivers * len(turns)
    outs = sum(f[0] for f in flags)  # nutHiOuts on the flop: the turns that make the nuts
    assert values[:3] == [outs * rivers, sum(f[1] for f in flags) * rivers, outs]
    assert 0 < values[0] < values[1] < trials
    if lo_part:
        assert values[3] == sum(f[2] for f in flags) * rivers and 0 < values[3] < trials


# --- the board's lo cards ---------------------------------------------------------------------------
LO_BOARD = [
    ("boardlocardcount({s})", lambda b: len({c // 4 for c in b if c // 4 <= 6 or c // 4 == 12})),
    ("boardhasonedistinctlocard({s})", lambda b: len({c // 4 for c in b if c // 4 <= 6 or c // 4 == 12}) == 1),
    ("boardhastwodistinctlocards({s})", lambda b: len({c // 4 for c in b if c // 4 <= 6 or c // 4 == 12}) == 2),
    ("boardallowsmadelo({s})", lambda b: len({c // 4 for c in b if c // 4 <= 6 or c // 4 == 12}) >= 3),
]


@pytest.mark.parametrize(("game", "board", "street"), [("omaha8", "", "flop"), ("omaha5-8", "Ks7d", "river"), ("courchevel8", "9s", "turn")])
def test_board_lo_functions_over_every_board_are_plain_pythons(db, game, board, street):
    boards = completions(game, [], parse_cards(board), street)
    expected = {e.format(s=street): Counter(f(b) for b in boards) for e, f in LO_BOARD}
    trials, values = answer(db, f"select {', '.join(f'histogram({e})' for e in expected)} from game='{game}', board='{board}'")
    assert_shares(trials, values, expected, len(boards))


# --- Hold'em ranges -----------------------------------------------------------------------------------


def holdem_range(text):
    """The hands of a Hold'em range of pairs (QQ, QQ+, 22-55) and two ranks (AK, AKs, AJo+), in
    plain Python: a set of frozensets of two card ids."""
    hands = set()
    for term in text.replace(" ", "").split(","):
        top, kick, rest = RANKS.index(term[0]), RANKS.index(term[1]), term[2:]
        suited = rest[:1] if rest[:1] in ("s", "o") else ""
        plus, span = rest.endswith("+"), rest.split("-")[1] if "-" in rest else ""
        if top == kick:
            other = 12 if plus else RANKS.index(span[0]) if span else top
            ranks = [(r, r) for r in range(min(top, other), max(top, other) + 1)]
        else:
            ranks = [(top, k) for k in range(kick, top if plus else kick + 1)]
        for a, b in ranks:
            for x in range(4):
                for y in range(4):
                    if (a == b and x >= y) or (suited == "s" and x != y) or (suited == "o" and x == y):
                        continue
                    hands.add(frozenset((4 * a + x, 4 * b + y)))
    return hands


@pytest.mark.parametrize(("game", "text", "board"), [("holdem", "QQ+, AKs, AJo+, 22-55, T9", "Ks7d4c"), ("shortdeck", "99+, AKo, KTs+", "Ks7d9c"), ("shortdeck-triton", "TT-77, AQs+", "")])
def test_inrange_of_any_hand_is_plain_pythons(db, game, text, board):
    known = parse_cards(board)
    hands = hands_of(game, "*", known)
    held = holdem_range(text)
    trials, (value,) = answer(db, f"select histogram(inrange(hero, '{text}')) from game='{game}', hero='*', board='{board}'")
    expected = Counter(frozenset(h) in held for h in hands)
    assert {h["value"]: Fraction(h["count"]) / Fraction(trials) for h in value} == {v: Fraction(n, len(hands)) for v, n in expected.items()}
    assert 0 < expected[True] < len(hands)


# --- the stud games ---------------------------------------------------------------------------------


def stud_lo(game, cards):
    """pokerkit's best lo of the cards (eight-or-better in stud8, ace-to-five in razz), None: none."""
    kind = EightOrBetterLowHand if game == "stud8" else RegularLowHand
    try:
        return kind.from_game("".join(card_name(c) for c in cards))
    except ValueError:
        return None


EVEN = {"stud": "0.5", "stud8": "0.5", "razz": "0.25"}  # a hero's equity on sixth street some cards reach


@pytest.mark.parametrize("game", ["stud", "stud8", pytest.param("razz", marks=pytest.mark.slow)])  # razz: pokerkit's lows, 18 s
def test_stud_ratings_and_shares_over_every_card_to_come_are_the_references(db, game):
    """hero's sixth street against villain's fifth: every seventh card of hero's and sixth and
    seventh of villain's in order (41 x 40 x 39 deals). minHiRating, maxHiRating, exact/minHandType
    a street before the last, bestHiRating, winningHandType, minLoRating, maxLoRating,
    bestLoRating, fractionalRiverEquity, the equity on sixth street and minHvhEquity, by phevaluator
    (the hi) and pokerkit (the lo)."""
    hero, villain = parse_cards("Ah2h3hKd9c9s"), parse_cards("7s7d2c3d4s")
    left = [c for c in range(52) if c not in hero + villain]
    his = {}
    def rate(cards):
        key = frozenset(cards)
        if key not in his:
            rank = evaluate_cards(*(card_name(c) for c in cards))
            his[key] = (type_of_rank(rank), -rank, stud_lo(game, cards) if game != "stud" else None)
        return his[key]
    rows, sixth = [], Counter()
    floor = -evaluate_cards("Kc", "Ks", "7s", "7c", "8d")
    lo_floor = stud_lo(game, parse_cards("8s6h4d2cAs")) if game != "stud" else None
    for last in left:
        for v6, v7 in permutations([c for c in left if c != last], 2):
            mine, theirs = rate(hero + [last]), rate(villain + [v6, v7])
            hi_won = [mine[1] >= theirs[1], theirs[1] >= mine[1]]
            los = [mine[2], theirs[2]]
            made = [x for x in los if x is not None]
            lo_won = [x is not None and x == max(made) for x in los]
            parts = [([Fraction(w, sum(hi_won))] if game != "razz" else []) + ([Fraction(lw, sum(lo_won))] if made else []) for w, lw in zip(hi_won, lo_won)]
            shares = [sum(p) / len(p) for p in parts]
            rows.append((mine, theirs, hi_won, lo_won, shares, rate(villain + [v6])))
            sixth[v6] += shares[0]
    n = len(rows)
    per_sixth = {c: s / (n // len(sixth)) for c, s in sixth.items()}
    selectors = {
        "avg(fractionalriverequity(villain))": lambda r: r[4][1],
        f"count(min_equity(hero, sixth, {EVEN[game]}))": None,
        "histogram(equity(hero, sixth))": None,
    }
    selectors |= {  # razz rates a hi too (its pot has none: winningHandType is refused)
        "histogram(hirating(villain, seventh))": None, "histogram(maxhirating(seventh))": None,
        "count(minhirating(villain, seventh, ratehihand('KcKs7s7c8d')))": lambda r: r[1][1] >= floor,
        "count(exacthandtype(villain, seventh, twopair))": lambda r: r[1][0] == "TWO_PAIR",
        "count(minhandtype(villain, sixth, trips))": lambda r: TYPES.index(r[5][0]) >= 3,
        "count(besthirating(hero, seventh))": lambda r: r[2][0],
    }
    if game != "razz":
        selectors["histogram(winninghandtype())"] = lambda r: max(r[0], r[1], key=lambda h: h[1])[0]
    if game != "stud":
        selectors |= {
            "histogram(lorating(villain, seventh))": None, "histogram(maxlorating(seventh))": None,
            "count(minlorating(villain, seventh, ratelohand('8642A')))": lambda r: r[1][2] is not None and r[1][2] >= lo_floor,
            "count(bestlorating(villain, seventh))": lambda r: r[3][1],
        }
    trials, values = answer(db, f"select {', '.join(selectors)} from game='{game}', hero='{text(hero)}', villain='{text(villain)}'")
    assert trials == n == 41 * 40 * 39
    for (selector, f), value in zip(selectors.items(), values):
        if selector.startswith("histogram(hirating"):
            assert [h["count"] for h in value] == ordered_counts([r[1][1] for r in rows]), selector
        elif selector.startswith("histogram(maxhirating"):
            assert [h["count"] for h in value] == ordered_counts([max(r[0][1], r[1][1]) for r in rows]), selector
        elif selector.startswith("histogram(lorating"):
            assert [h["count"] for h in value] == ordered_counts([r[1][2] for r in rows]), selector
        elif selector.startswith("histogram(maxlorating"):
            assert [h["count"] for h in value] == ordered_counts([max((x for x in (r[0][2], r[1][2]) if x is not None), default=None) for r in rows]), selector
        elif selector.startswith("count(min_equity"):
            assert value == sum(per_sixth[c] >= Fraction(EVEN[game]) for c in sixth for _ in range(n // len(sixth))), selector
            assert 0 < value < n, selector
        elif selector.startswith("histogram(equity"):
            expected = Counter(round(float(per_sixth[c]), 12) for c in sixth for _ in range(n // len(sixth)))
            assert Counter({round(h["value"], 12): h["count"] for h in value}) == expected, selector
        elif selector.startswith("histogram"):
            assert {h["value"]: h["count"] for h in value} == Counter(f(r) for r in rows), selector
        elif selector.startswith("avg"):
            assert value == pytest.approx(float(sum(f(r) for r in rows) / n), abs=1e-12), selector
        else:
            assert value == sum(bool(f(r)) for r in rows) and 0 < value < n, selector
