"""Exact odds of several events in one deal of the five-card game (issue 48: the article's
reader's "Hollywood" question), by counting, not sampling.

A deal gives ``players`` hands of five cards from one deck. An event is a set of categories
(the 'points' of 001: 9 royal flush, 8 straight flush, 7 four of a kind, 6 full house, 3
three of a kind, 2 two pair, 1 one pair); the events are disjoint, so each holds in its own
players' hands. ``deal_counts`` gives, for every vector (x_1 .. x_m) of how many players hold
each event, the number of deals; ``at_least`` the number where x_i >= r_i for each i.

How it counts (docs/development.md, "Several events in one deal of the five-card game: how it counts"):

- The binomial moments first: B(j) = the deals counted once for each way to choose j_i players
  holding event i (j_i of them, different players for different events). It is the ways to
  choose the players, n! / (j_1! .. j_m! (n - sum j)!), times the ordered tuples of disjoint
  hands they can hold (``tuples``), times the deals of the other players' hands from the cards
  left, M(cards, hands) = cards! / ((cards - 5 hands)! 5!^hands).
- Then the counts, inverted: #(X = x) = sum over j >= x of (-1)^(sum (j - x)) prod C(j_i, x_i) B(j).
- Ordered tuples of disjoint hands of given categories: the straight flushes (royal or not)
  are sets of cards, placed first (every disjoint choice); the other categories are patterns
  of values (four of a kind: 4 + 1 cards of two values; full house 3 + 2; three of a kind
  3 + 1 + 1; two pair 2 + 2 + 1; one pair 2 + 1 + 1 + 1), placed value by value over the cards
  left of each value (``_pattern_tuples``): at a value with a cards left, hands taking parts
  of sizes s_1 .. s_t take their suits in a! / (s_1! .. s_t! (a - sum s)!) ways. Flushes,
  straights and high cards depend on suits and values together: they are not counted here.

Python holds the numbers (they pass 10^36, past SQL's integers); the category counts of one
hand are the SQL's (tests hold them equal to the hands table's).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product
from math import comb, factorial, prod

from .errors import BadInput

# points -> the sizes of the parts a hand of the category puts on distinct values
PATTERNS = {7: (4, 1), 6: (3, 2), 3: (3, 1, 1), 2: (2, 2, 1), 1: (2, 1, 1, 1)}
CARD_SETS = (9, 8)  # royal flush and straight flush: sets of cards
COUNTED = frozenset(PATTERNS) | frozenset(CARD_SETS)

STANDARD_VALUES = tuple(range(13))  # 2 .. A as 0 .. 12 (001's rank codes less 2)


def straight_flushes(values: tuple[int, ...], suits: int) -> dict[int, list[frozenset[tuple[int, int]]]]:
    """points (9, 8) -> the straight flushes of a deck of ``values`` (0 = 2 .. 12 = A) in
    ``suits`` suits, each a set of (value, suit): five values in a row, the ace also low
    (A-2-3-4-5); 9 the one ending at the ace (a royal flush)."""
    have = set(values)
    runs = [tuple(range(low, low + 5)) for low in range(0, 9)] + [(12, 0, 1, 2, 3)]
    found: dict[int, list[frozenset[tuple[int, int]]]] = {9: [], 8: []}
    for run in runs:
        if have.issuperset(run):
            for suit in range(suits):
                found[9 if run[0] == 8 else 8].append(frozenset((value, suit) for value in run))
    return found


def deals(cards: int, hands: int) -> int:
    """M(cards, hands): ordered tuples of ``hands`` disjoint five-card hands from ``cards`` cards."""
    if cards < 5 * hands:
        return 0
    return factorial(cards) // (factorial(cards - 5 * hands) * factorial(5) ** hands)


def _moves(situations: tuple[tuple[tuple[int, ...], int], ...], room: int):
    """Every multiset of moves at one value with ``room`` cards: a move takes one hand of a
    situation (the parts it has still to place, and how many hands are in it) and places one
    of its parts there. Yields (moves as {(situation index, size): count}, cards taken)."""
    options = [(index, size) for index, (parts, _) in enumerate(situations) for size in sorted(set(parts))]

    def extend(start: int, chosen: dict[tuple[int, int], int], taken: int, used: Counter):
        yield dict(chosen), taken
        for position in range(start, len(options)):
            index, size = options[position]
            if taken + size > room or used[index] >= situations[index][1]:
                continue
            chosen[(index, size)] = chosen.get((index, size), 0) + 1
            used[index] += 1
            yield from extend(position, chosen, taken + size, used)
            used[index] -= 1
            chosen[(index, size)] -= 1
            if not chosen[(index, size)]:
                del chosen[(index, size)]

    yield from extend(0, {}, 0, Counter())


@lru_cache(maxsize=None)
def _transitions(state: tuple[tuple[tuple[int, ...], int], ...], room: int) -> tuple[tuple[tuple, int], ...]:
    """From a state (the situations of the hands: the parts each has still to place, and how
    many hands are so), at a value with ``room`` cards left: each state after it, and in how
    many ways (which hands place which part there, and the suits they take)."""
    found: Counter = Counter()
    for moves, taken in _moves(state, room):
        weight = factorial(room) // factorial(room - taken)
        placed: Counter = Counter()
        for (index, size), count in moves.items():
            weight //= factorial(size) ** count * factorial(count)
            placed[index] += count
        after: Counter = Counter()
        for index, (parts, hands) in enumerate(state):
            # which of the situation's hands move (the parts they place are counted above)
            weight *= factorial(hands) // factorial(hands - placed[index])
            after[parts] += hands - placed[index]
        for (index, size), count in moves.items():
            parts = list(state[index][0])
            parts.remove(size)
            after[tuple(parts)] += count
        found[tuple(sorted((parts, n) for parts, n in after.items() if n))] += weight
    return tuple(found.items())


@lru_cache(maxsize=None)
def _pattern_tuples(left: tuple[int, ...], patterns: tuple[tuple[tuple[int, ...], int], ...]) -> int:
    """Ordered tuples of disjoint hands of the value patterns given ((parts, how many hands)),
    from a deck whose values have ``left`` cards each (sorted): every hand's parts on distinct
    values, suits chosen among the cards left."""
    states: Counter = Counter({tuple(sorted(patterns)): 1})
    for room in left:
        following: Counter = Counter()
        for state, ways in states.items():
            for after, weight in _transitions(state, room):
                following[after] += ways * weight
        states = following
    return sum(ways for state, ways in states.items() if all(not parts for parts, _ in state))


def tuples(categories: Counter, values: tuple[int, ...] = STANDARD_VALUES, suits: int = 4) -> int:
    """Ordered tuples of disjoint five-card hands, ``categories[points]`` of each category in
    slots fixed in advance, from a deck of ``values`` in ``suits`` suits."""
    sets = straight_flushes(values, suits)
    wanted = [(points, categories[points]) for points in CARD_SETS if categories[points]]
    patterns = Counter()
    for points, count in categories.items():
        if points in PATTERNS and count:
            patterns[PATTERNS[points]] += count
    pattern_key = tuple(sorted(patterns.items()))
    total = 0
    for chosen in product(*(combinations(sets[points], count) for points, count in wanted)):
        cards = [card for group in chosen for hand in group for card in hand]
        if len(set(cards)) != len(cards):
            continue
        taken = Counter(value for value, _ in cards)
        left = tuple(sorted(suits - taken[value] for value in values))
        total += _pattern_tuples(left, pattern_key)
    return total * prod(factorial(count) for _, count in wanted)


def deal_counts(
    players: int, events: list[frozenset[int]], values: tuple[int, ...] = STANDARD_VALUES, suits: int = 4
) -> dict[tuple[int, ...], int]:
    """(x_1 .. x_m) -> the deals of ``players`` hands where exactly x_i players hold a hand of
    ``events[i]`` (sets of points), from a deck of ``values`` in ``suits`` suits."""
    cards = len(values) * suits
    for event in events:
        if not event <= COUNTED:
            raise BadInput(f"odds: a flush, a straight or a high card is not counted exactly here: {sorted(event - COUNTED)}")
    if any(a & b for a, b in combinations(events, 2)):
        raise BadInput("odds: the events share a category: give each category to one event")
    moments: dict[tuple[int, ...], int] = {}
    for chosen in product(range(players + 1), repeat=len(events)):
        if sum(chosen) > players:
            continue
        choose_players = factorial(players) // (prod(map(factorial, chosen)) * factorial(players - sum(chosen)))
        ordered = 0
        # each event's players split among its categories: a composition, its slots in order
        for splits in product(*(_compositions(count, sorted(event)) for count, event in zip(chosen, events))):
            categories = Counter()
            arrangements = 1
            for split in splits:
                arrangements *= factorial(sum(split.values())) // prod(map(factorial, split.values()))
                categories.update(split)
            ordered += arrangements * tuples(categories, values, suits)
        moments[chosen] = choose_players * ordered * deals(cards - 5 * sum(chosen), players - sum(chosen))
    counts = {}
    for exact in moments:
        counts[exact] = sum(
            (-1) ** (sum(j) - sum(exact)) * prod(comb(a, b) for a, b in zip(j, exact)) * moment
            for j, moment in moments.items()
            if all(a >= b for a, b in zip(j, exact))
        )
    return counts


def _compositions(total: int, parts: list[int]) -> list[Counter]:
    """Every way to write ``total`` as counts over ``parts`` (a Counter each)."""
    if not parts:
        return [Counter()] if total == 0 else []
    found = []
    for first in range(total + 1):
        for rest in _compositions(total - first, parts[1:]):
            found.append(Counter({parts[0]: first, **rest}))
    return found


def at_least(players: int, events: list[frozenset[int]], needed: list[int], **deck) -> tuple[int, int]:
    """(deals where at least needed[i] players hold events[i] for every i, every deal)."""
    counts = deal_counts(players, events, **deck)
    values, suits = deck.get("values", STANDARD_VALUES), deck.get("suits", 4)
    hits = sum(n for x, n in counts.items() if all(a >= b for a, b in zip(x, needed)))
    return hits, deals(len(values) * suits, players)


def probability(players: int, events: list[frozenset[int]], needed: list[int]) -> Fraction:
    hits, every = at_least(players, events, needed)
    return Fraction(hits, every)
