"""PQL's Omaha ranges in the generic syntax (issue 65): each range's hands against a rule
written here in plain Python over every hand of a deck (ProPokerTools' and Open PQL's meaning
of the pattern, said in words beside each); the deals counted against a count by
combinatorics; the equity of a range against `pokersql equity` hand by hand (a turn board)
and against pokerkit's Omaha hands (a river board); bad ranges refused in one line."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations, permutations

import pytest
from pokerkit import OmahaHoldemHand

from pokersql.cards import card_name, parse_cards
from pokersql.cli import main
from pokersql.errors import BadInput
from pokersql.pql import omaha_ranges
from tests.pql_kit import pql_database, results as answer  # noqa: F401 (pql_database: the fixture db)

RANKS = "23456789TJQKA"
A, K, Q, J, T = (RANKS.index(r) for r in "AKQJT")


def rank(c):
    return c // 4


def suit(c):
    return c % 4


def ranks(hand):
    return Counter(rank(c) for c in hand)


def suits(hand):
    return Counter(suit(c) for c in hand)


def double_suited_aces(hand):
    """Two aces of two suits, and two other cards, one of each of those suits (AxAyxy)."""
    for a, b in combinations([c for c in hand if rank(c) == A], 2):
        rest = [c for c in hand if c not in (a, b)]
        if any(suit(p) == suit(a) and suit(q) == suit(b) for p, q in permutations(rest, 2)):
            return True
    return False


def ace_king_or_queen_and_a_spade(hand):
    """Three different cards: an ace, a king or queen, a spade (A[K,Q]s)."""
    return any(rank(a) == A and rank(b) in (K, Q) and suit(s) == 3 for a, b, s in permutations(hand, 3))


def suited_ace(hand):
    """An ace and another card of its suit (Axx)."""
    return any(rank(a) == A and suit(b) == suit(a) for a, b in permutations(hand, 2))


# (range, hole cards, the rule): each rule says in Python what the range holds
RULES = [
    ("AA", 4, lambda h: ranks(h)[A] >= 2),  # at least two aces
    ("aa**", 4, lambda h: ranks(h)[A] >= 2),  # wildcards ask nothing; letters in any case
    ("AsKs7d2c", 4, lambda h: set(h) == set(parse_cards("AsKs7d2c"))),
    ("AsKs", 4, lambda h: set(parse_cards("AsKs")) <= set(h)),
    ("AxAyxy", 4, double_suited_aces),
    ("RRON", 4, lambda h: sorted(ranks(h).values()) == [1, 1, 2]),  # one pair, two other ranks
    ("AARR", 4, lambda h: ranks(h)[A] == 2 and 2 in [n for r, n in ranks(h).items() if r != A]),  # aces and another pair
    ("RRR", 4, lambda h: max(ranks(h).values()) >= 3),  # three of a rank or four
    ("xxyy", 4, lambda h: sorted(suits(h).values()) == [2, 2]),  # double suited
    ("wxyz", 4, lambda h: len(suits(h)) == 4),  # rainbow
    ("sshh", 4, lambda h: suits(h)[3] == 2 and suits(h)[2] == 2),
    ("Axx", 4, suited_ace),
    ("RxRyOxOy", 4, lambda h: sorted(ranks(h).values()) == [2, 2] and len({frozenset(suit(c) for c in h if rank(c) == r) for r in ranks(h)}) == 1),
    ("[A-T][A-T][A-T][A-T]", 4, lambda h: all(rank(c) >= T for c in h)),  # four broadway cards
    ("A[K,Q]s", 4, ace_king_or_queen_and_a_spade),
    ("[2-]", 4, lambda h: ranks(h)[0] >= 1),  # a span down from the deuce: a deuce
    ("[As-Ts]K", 4, lambda h: any(suit(a) == 3 and rank(a) >= T and rank(b) == K for a, b in permutations(h, 2))),  # a spade A to T, a king
    ("[Q+][Q+]", 4, lambda h: sum(rank(c) >= Q for c in h) >= 2),
    # spans, each a whole term: its ranks moved together a rank at a time
    ("QQ+", 4, lambda h: any(ranks(h)[r] >= 2 for r in (Q, K, A))),  # a pair of queens, kings or aces
    ("AK-", 4, lambda h: any(ranks(h)[r] and ranks(h)[r - 1] for r in range(1, 13))),  # two ranks side by side, AK down to 32
    ("KK-TT, T9-54", 4, lambda h: any(ranks(h)[r] >= 2 for r in range(T, K + 1))  # a pair of kings to tens
     or any(ranks(h)[r] and ranks(h)[r - 1] for r in range(3, T + 1))),  # or two ranks side by side, T9 down to 54
    ("AsK-JsT", 4, lambda h: any(suit(a) == 3 and rank(a) >= J and rank(b) == rank(a) - 1 for a, b in permutations(h, 2))),  # a spade J to A, the rank below
    ("AA:xxyy, JJ!JJJ, KK", 4, lambda h: (ranks(h)[A] >= 2 and sorted(suits(h).values()) == [2, 2]) or ranks(h)[J] == 2 or ranks(h)[K] >= 2),
    ("(AA,KK)!(A:K)", 4, lambda h: (ranks(h)[A] >= 2 or ranks(h)[K] >= 2) and not (ranks(h)[A] and ranks(h)[K])),
    # ProPokerTools' syntax macros: a card of a class of ranks; a hand's shape, a term of its own
    # several cards in a bracket (Open PQL's spans in brackets): each choice a term of its own
    ("[QQ+]A", 4, lambda h: (ranks(h)[A] >= 1 and (ranks(h)[Q] >= 2 or ranks(h)[K] >= 2)) or ranks(h)[A] >= 3),
    ("[AK-QJ]", 4, lambda h: any(ranks(h)[r] and ranks(h)[r - 1] for r in (A, K, Q))),  # AK, KQ or QJ
    ("[AsKs,QQ]J", 4, lambda h: ranks(h)[J] >= 1 and ({51, 47} <= set(h) or ranks(h)[Q] >= 2)),
    ("[KK-JJ]:$ds", 5, lambda h: any(ranks(h)[r] >= 2 for r in (J, Q, K)) and sum(n >= 2 for n in suits(h).values()) >= 2),
    ("$B$B$B$B", 4, lambda h: all(rank(c) >= J for c in h)),  # four big cards, A to J
    ("A$L$L", 4, lambda h: any(rank(a) == A and all(rank(c) == A or rank(c) <= 6 for c in (b, d))  # an ace and two more of A, 2 to 8
                                for a, b, d in permutations(h, 3))),
    ("$Rx$Rx", 4, lambda h: any(suit(a) == suit(b) and rank(a) >= T and rank(b) >= T for a, b in combinations(h, 2))),  # two suited broadway cards
    ("$W$Z$M", 4, lambda h: any((rank(a) == A or rank(a) <= 3) and rank(b) <= 4 and 5 <= rank(c) <= 8 for a, b, c in permutations(h, 3))),
    ("$np", 4, lambda h: len(ranks(h)) == 4),  # no pair
    ("$ds", 4, lambda h: sorted(suits(h).values()) == [2, 2]),  # two cards of each of two suits
    ("$ss", 4, lambda h: sum(n >= 2 for n in suits(h).values()) == 1),  # one suit twice or more, no second
    ("AA:$ds, KK!$ss, $np:QJ", 4, lambda h: (ranks(h)[A] >= 2 and sorted(suits(h).values()) == [2, 2])
     or (ranks(h)[K] >= 2 and sum(n >= 2 for n in suits(h).values()) != 1) or (len(ranks(h)) == 4 and ranks(h)[Q] and ranks(h)[J])),
    ("$ds", 5, lambda h: sum(n >= 2 for n in suits(h).values()) >= 2),
    ("$np:$ss", 5, lambda h: len(ranks(h)) == 5 and sum(n >= 2 for n in suits(h).values()) == 1),
    ("AA", 5, lambda h: ranks(h)[A] >= 2),
    ("RROO:xxx", 5, lambda h: sum(n >= 2 for n in ranks(h).values()) >= 2 and max(suits(h).values()) >= 3),  # two pairs (or more of a rank), three of a suit
    ("RRO", 6, lambda h: any(n >= 2 for n in ranks(h).values()) and len(ranks(h)) >= 2),
]



def deck_of(hole):
    """Every card for 4 hole cards; for 5 and 6, a deck of 20 cards (four ranks of it paired
    often enough), so the rule runs over every hand of it."""
    return list(range(52)) if hole == 4 else [c for c in range(52) if rank(c) in (A, K, Q, 7, 2)]


@pytest.mark.parametrize(("text", "hole", "rule"), RULES, ids=[f"{r[0]}-{r[1]}" for r in RULES])
def test_a_range_holds_the_hands_its_rule_says(text, hole, rule):
    deck = deck_of(hole)
    expected = {tuple(sorted(h, reverse=True)) for h in combinations(deck, hole) if rule(h)}
    got = omaha_ranges.expand(text, hole, deck)
    assert len(got) == len(set(map(tuple, got)))  # each hand once
    missing, extra = expected - set(map(tuple, got)), set(map(tuple, got)) - expected
    shown = [" ".join(card_name(c) for c in h) for h in sorted(missing | extra)[:3]]
    assert not missing and not extra, f"{text}: {len(missing)} hands missing, {len(extra)} extra, e.g. {shown}"
    assert expected  # the rule holds some hands


def test_every_hand_is_none():
    assert omaha_ranges.expand("*", 4, list(range(52))) is None
    assert omaha_ranges.expand("AA, ****", 4, list(range(52))) is None


def test_aa_counts_as_combinatorics_say():
    """At least two aces of four cards: every hand less those with no ace or one."""
    assert len(omaha_ranges.expand("AA", 4, list(range(52)))) == math.comb(52, 4) - math.comb(48, 4) - 4 * math.comb(48, 3)
    assert len(omaha_ranges.expand("AA", 5, list(range(52)))) == math.comb(52, 5) - math.comb(48, 5) - 4 * math.comb(48, 4)


def test_deals_counted_are_the_closed_form(db):
    """hero 'AA' against a known hand on a turn: hero's hands are the four-card hands of the 44
    cards left with two aces or more; each has the same 40 rivers, of which the 2, 7, 9 and T
    the hand does not hold pair the board."""
    statement, (paired,) = answer(db, "select count(pairedboard(river)) from game='omaha', hero='AA', villain='KhKdQhJd', board='2c7h9sTd'")
    hands = math.comb(44, 4) - math.comb(40, 4) - 4 * math.comb(40, 3)
    assert statement.exact
    assert statement.trials == hands * 40
    left = [c for c in range(52) if c not in parse_cards("KhKdQhJd2c7h9sTd")]
    pairing = sum(12 - sum(rank(c) in (0, 5, 7, 8) for c in h) for h in combinations(left, 4) if ranks(h)[A] >= 2)
    assert paired == pairing


def test_range_against_a_range_counts_pairs_of_hands(db):
    """Two ranges on a river board: every pair of hands that shares no card."""
    board = parse_cards("2c7h9sTd3s")
    deck = [c for c in range(52) if c not in board]
    heroes = [h for h in combinations(deck, 4) if sum(rank(c) == A for c in h) == 4]  # AAAA
    villains = [h for h in combinations(deck, 4) if sorted(suits(h).values()) == [2, 2] and sum(rank(c) == K for c in h) >= 2]  # KK:xxyy
    pairs = sum(1 for h in heroes for v in villains if not set(h) & set(v))
    statement, _ = answer(db, "select avg(riverequity(hero)) from game='omaha', hero='AAAA', villain='KK:xxyy', board='2c7h9sTd3s'")
    assert statement.trials == pairs


def test_equity_of_a_range_is_pokersql_equity_hand_by_hand(db):
    """On a turn board every hero hand has the same 40 rivers: the range's equity is the mean of
    `pokersql equity --game omaha` of its hands, each against the villain."""
    board, villain, text = "2c7h9sTd", "KhKdQhJd", "AsAh[K,Q][J,T]"
    statement, (equity,) = answer(db, f"select avg(riverequity(hero)) from game='omaha', hero='{text}', villain='{villain}', board='{board}'")
    taken = set(parse_cards(board + villain))
    hands = [h for h in combinations([c for c in range(52) if c not in taken], 4)
             if {51, 50} <= set(h) and sorted(rank(c) for c in h if c not in (51, 50)) in ([a, b] for a in (T, J) for b in (Q, K))]
    shares = []
    for hand in hands:
        result = db.equity("".join(card_name(c) for c in hand), villain, board=board, game="omaha")
        assert result.exact
        shares.append(result.players[0].equity)
    assert statement.trials == 40 * len(hands)
    assert equity == pytest.approx(sum(shares) / len(shares), abs=1e-12)


def test_equity_on_the_river_is_pokerkits(db):
    """Double-suited aces against a known hand on a river board: each hand's share from
    pokerkit's Omaha hands (the better takes the pot, a tie halves it), their mean."""
    board, villain = "Ks9s5h4h2c", "KdKcQdJc"
    statement, (equity, wins) = answer(db, f"select avg(riverequity(hero)), count(winshi(hero)) from game='omaha', hero='AxAyxy', villain='{villain}', board='{board}'")
    taken = set(parse_cards(board + villain))
    hands = [h for h in combinations([c for c in range(52) if c not in taken], 4) if double_suited_aces(h)]
    theirs = OmahaHoldemHand.from_game(villain, board)
    shares = []
    for hand in hands:
        ours = OmahaHoldemHand.from_game("".join(card_name(c) for c in hand), board)
        shares.append(1.0 if ours > theirs else 0.5 if ours == theirs else 0.0)
    assert statement.trials == len(hands)
    assert wins == sum(s > 0 for s in shares)
    assert equity == pytest.approx(sum(shares) / len(shares), abs=1e-12)
    assert 0 < equity < 1  # the spot is not one-sided


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AK-QJT", "range 'AK-QJT': a span's two ends have different numbers of ranks (position 7)"),
        ("AA-QT", "a span's two ends have their ranks at different distances (position 6)"),
        ("AsK-JT", "a span's two ends have different suits (position 7)"),
        ("AxK+", "range 'AxK+': a span's cards are ranks, each with a suit or not (no variables, '*' or lists) (position 1)"),
        ("QQ+K", "cannot read 'K' (position 4)"),
        ("[QQ+]AKQ", "range '[QQ+]AKQ': 5 cards in a term of a 4-card hand (position 1)"),
        ("[QQ+,[A]]", "cards or a span of them expected in '[…]' (position 6)"),
        ("15%", "a card pattern expected"),
        ("AA:$Q", "range 'AA:$Q': unknown macro '$Q' (the macros: $B, $R, $F, $N, $M, $Z, $L, $W, $np, $ds, $ss) (position 4)"),
        ("A$ds", "cannot read '$' (position 2)"),
        ("$dsA", "a hand macro ($ds) is a term of its own: cannot read 'A' after it (position 4)"),
        ("AA@50, KK", "range 'AA@50, KK': every sub-range weighted or none ('AA@10, KK@5') (position 1)"),
        ("AA@101", "a weight is a whole number 1 to 100 after '@' (position 3)"),
        ("(AA@5, KK@2)", "a weight ends a sub-range of the whole range, not one in parentheses (position 4)"),
        ("AAKQJ", "range 'AAKQJ': 5 cards in a term of a 4-card hand (position 1)"),
        ("AA,", "a card pattern expected, the range ends (position 4)"),
        ("(AA", "')' expected (position 4)"),
        ("AA#", "cannot read '#' (position 3)"),
        ("A[x]", "a rank, a card or a suit expected in '[…]' (no variables or '*') (position 3)"),
        ("[As-Th]", "a span's two ends have different suits (position 6)"),
        ("[As-T]", "a span's two ends have different suits (position 6)"),
        ("[A,K]*AKQ", "5 cards in a term of a 4-card hand (position 1)"),
    ],
)
def test_bad_ranges_are_refused_in_one_line(text, message):
    with pytest.raises(BadInput) as caught:
        omaha_ranges.expand(text, 4, list(range(52)))
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def random_hands(hole, count, seed):
    """Distinct random hands: half of the whole deck, half of deck_of(5)'s 20 cards (pairs and
    suits met often enough that every rule holds for some)."""
    rng = random.Random(seed)
    hands = set()
    while len(hands) < count:
        hands.add(tuple(sorted(rng.sample(list(range(52)) if len(hands) % 2 else deck_of(5), hole), reverse=True)))
    return sorted(hands)


def text(hand):
    return "".join(card_name(c) for c in hand)


@pytest.mark.parametrize("hole", [4, 5])
def test_inrange_counts_the_hands_its_rule_says(db, hole):
    """inRange over a player's range of random hands, one deal each: of each rule's range (read
    over the whole deck), as many as the rule holds for."""
    rules = [(t, rule) for t, h, rule in RULES if h == hole]
    hands = random_hands(hole, 600, seed=65 + hole)
    game = {4: "omaha", 5: "omaha5"}[hole]
    statement, values = answer(db, f"select {', '.join(f'count(inrange(hero, {t!r}))' for t, _ in rules)} from game='{game}', hero='{', '.join(map(text, hands))}'")
    assert statement.exact and statement.trials % len(hands) == 0
    each = statement.trials // len(hands)  # every hand has the same boards
    counts = {t: sum(map(bool, map(rule, hands))) for t, rule in rules}
    assert dict(zip(counts, (v // each for v in values))) == counts
    assert [v % each for v in values] == [0] * len(rules)
    assert all(0 < n < len(hands) for t, n in counts.items() if t != "AsKs7d2c")  # the rules part the hands


def test_inrange_holds_for_each_hand_as_its_rule_says(db):
    """Ten players each a random hand (one deal): inRange of each against each rule, hand by hand."""
    cards = list(range(52))
    random.Random(66).shuffle(cards)
    hands = [sorted(cards[4 * i : 4 * i + 4], reverse=True) for i in range(10)]
    rules = [(t, rule) for t, h, rule in RULES if h == 4]
    players = ", ".join(f"p{i}='{text(h)}'" for i, h in enumerate(hands))
    selectors = ", ".join(f"count(inrange(p{i}, {t!r}))" for t, _ in rules for i in range(len(hands)))
    statement, values = answer(db, f"select {selectors} from game='omaha', {players}")
    got = [[v == statement.trials for v in values[k * len(hands) : (k + 1) * len(hands)]] for k in range(len(rules))]
    assert got == [[bool(rule(h)) for h in hands] for _, rule in rules]
    assert set(values) <= {0, statement.trials}


def test_inrange_of_every_hand_and_of_none(db):
    statement, values = answer(db, "select count(inrange(hero, '*')), count(inrange(hero, 'AA**')), count(inrange(hero, 'AsAs')) from game='omaha', hero='AhAdKcQs', board='2c7h9s'")
    assert values == [statement.trials, statement.trials, 0]


def test_inrange_refuses_a_bad_omaha_range_naming_it(db_file, capsys):
    status = main(["--db", db_file, "pql", "select count(inrange(hero, 'AA@50, KK')) from game='omaha', hero='*', board='2c7h9sTd3s'"])
    err = capsys.readouterr().err.strip()
    assert status == 2
    assert err == "pokersql: error: PQL: inrange() at position 28: range 'AA@50, KK': every sub-range weighted or none ('AA@10, KK@5') (position 1)"


def test_a_range_of_no_hand_is_refused():
    with pytest.raises(BadInput, match=r"^PQL: hero's omaha range 'AsAs' holds no hand$"):
        omaha_ranges.player_combos("omaha", 4, list(range(52)), "hero", "AsAs")


def test_the_cli_refuses_a_bad_range_naming_the_player(db_file, capsys):
    status = main(["--db", db_file, "pql", "select avg(riverequity(hero)) from game='omaha', hero='AA@50, KK', villain='*', board='2c7h9sTd3s'"])
    err = capsys.readouterr().err.strip()
    assert status == 2
    assert err == "pokersql: error: PQL: hero's omaha range 'AA@50, KK': every sub-range weighted or none ('AA@10, KK@5') (position 1)"


def test_a_macro_range_deals_its_hands(db):
    """hero 'AA:$ds' (double-suited aces) on a river board against a known hand: one deal each
    hand of the rule, none holding a board or villain card."""
    board, villain = "Ks9s5h4h2c", "KdKcQdJc"
    taken = set(parse_cards(board + villain))
    hands = [h for h in combinations([c for c in range(52) if c not in taken], 4)
             if ranks(h)[A] >= 2 and sorted(suits(h).values()) == [2, 2]]
    statement, (aces,) = answer(db, f"select count(inrange(hero, '$B$B$B$B')) from game='omaha', hero='AA:$ds', villain='{villain}', board='{board}'")
    assert statement.trials == len(hands)
    assert aces == sum(all(rank(c) >= J for c in h) for h in hands)


def test_a_weighted_range_weighs_each_hand_by_its_largest_weight(db):
    """ProPokerTools' weights: 'AA:$ds@100, KK:$ds@25' on a river board against a known hand;
    a hand of both (AAKK double-suited) weighs 100. Each hand's share from pokerkit's Omaha
    hands, their mean weighted; the deals counted, the weights summed."""
    board, villain = "Ks9s5h4h2c", "KdQcQdJc"
    taken = set(parse_cards(board + villain))
    weights = {}
    for h in combinations([c for c in range(52) if c not in taken], 4):
        if sorted(suits(h).values()) == [2, 2]:
            weight = 100 if ranks(h)[A] >= 2 else 25 if ranks(h)[K] >= 2 else 0
            if weight:
                weights[h] = weight
    assert 100 in weights.values() and 25 in weights.values()
    assert len(weights) >= omaha_ranges.COMPACT_FROM  # one text of the hands and their weights in SQL
    theirs = OmahaHoldemHand.from_game(villain, board)
    total = share = 0.0
    for hand, weight in weights.items():
        ours = OmahaHoldemHand.from_game("".join(card_name(c) for c in hand), board)
        total += weight
        share += weight * (1.0 if ours > theirs else 0.5 if ours == theirs else 0.0)
    statement, (equity, kings) = answer(db, f"select avg(riverequity(hero)), count(inrange(hero, 'KK!AA')) from game='omaha', hero='AA:$ds@100, KK:$ds@25', villain='{villain}', board='{board}'")
    assert statement.trials == sum(weights.values())
    assert equity == pytest.approx(share / total, abs=1e-12)
    assert kings == 25 * sum(1 for h in weights if ranks(h)[A] < 2)


def test_inrange_of_any_hand_counts_the_hands_its_rule_says(db):
    """hero any hand on a river board: inRange reads its whole range (every hand of the deck that
    it holds); each hand of the 47 cards left one deal."""
    board = parse_cards("AsKd7h4c2s")
    rules = [(t, rule) for t, h, rule in RULES if h == 4 and t in ("AA", "xxyy", "A[K,Q]s")]
    statement, values = answer(db, f"select {', '.join(f'count(inrange(hero, {t!r}))' for t, _ in rules)} from game='omaha', hero='*', board='AsKd7h4c2s'")
    hands = list(combinations([c for c in range(52) if c not in board], 4))
    assert statement.exact and statement.trials == len(hands)
    assert values == [sum(1 for h in hands if rule(h)) for _, rule in rules]
