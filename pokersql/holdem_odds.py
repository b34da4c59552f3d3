"""Several categories in one deal of Hold'em, each in a different player's hand (`pokersql
odds --players 6 "full house" "four of a kind" "royal flush"`): the article's reader's
"Hollywood" question for the shared board, exactly, by counting.

A player's category is the best five of the board and their two hole cards. The events are
disjoint sets of categories (points, 001), so each holds in its own players' hands; ``needed[i]``
players must hold event i.

How it counts (docs/development.md, "Several events in one deal of Hold'em: how it counts"):

- **Boards by class.** Whether a hole card makes a flush depends only on whether it is of the
  suit holding three or more of the board's cards (its *main* suit; at most one suit does).
  So a board is its main suit's values and the other cards' values, and a card is a *type*:
  its value, and whether it is of the main suit. Every board of a class gives every pair of
  types the same category. Classes are counted with the boards they stand for, and only those
  where every event can happen (a full house or four of a kind needs a paired board; a
  straight or royal flush three cards of its run in the main suit) are visited.
- **The categories of a class** are looked up in SQL: one pair of hole cards a pair of types,
  with a board of the class, through seven_card_ranks (013), in one query for every class.
- **Binomial moments over the players.** B(j) counts the deals once for each way to choose
  j_i players holding event i: the ordered choice of players, n! / (n - sum j)!, times the
  sets of disjoint hole pairs holding the events (matchings of the types' pairs, counted by
  ``_matchings``: a card of the first type left is left out or paired with a card of a type
  it makes an event with), times the ordered deals of the others' hole cards from the cards
  left. Then the deals where x_i >= needed_i for every i are sum over j >= needed of
  B(j) prod (-1)^(j_i - needed_i) C(j_i - 1, needed_i - 1).

Python holds the numbers (past SQL's integers). Flushes, straights and the lesser categories
are not counted: nearly every board can make them, and the classes would be tens of thousands.
``monte_carlo`` samples any events instead, of Hold'em or of the five-card game, every
player's cards ranked in SQL.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb, factorial, prod
from typing import Any

from . import own_hands
from .context import Context
from .errors import BadInput

COUNTED = frozenset({6, 7, 8, 9})  # full house, four of a kind, straight flush, royal flush
STANDARD_VALUES = tuple(range(13))  # 2 .. A as 0 .. 12
ROYAL = (8, 9, 10, 11, 12)
RUNS = [tuple(range(low, low + 5)) for low in range(8)] + [(12, 0, 1, 2, 3)]  # straight flushes below the royal
# The classes of board one question may visit (about 10 s on the two-core test machine).
MAX_CLASSES = 6_000
MAIN_SUIT = 0  # the suit the main suit is dealt as (any: a class is the same in every suit)

_HANDS = "holdem_odds_hands"
_COLUMNS = ("class_no integer", "first_type integer", "second_type integer", "rank_key bigint",
            "suit_counts integer", "card_mask bigint")
_RANKED = f"""select ranked.class_no, ranked.first_type, ranked.second_type, ranked.points
from seven_card_ranks('{_HANDS}') as ranked"""


@dataclass(frozen=True)
class BoardClass:
    """Boards alike for every pair of hole cards: the main suit's values (empty when no suit
    holds three of the board), the other cards' values, and how many boards it stands for."""

    main: tuple[int, ...]
    others: tuple[int, ...]
    boards: int


def possible(points: int, main: tuple[int, ...], values: Counter) -> bool:
    """Whether a board with these main-suit values and value counts lets a player hold ``points``."""
    if points in (6, 7):
        return max(values.values()) >= 2
    runs = [ROYAL] if points == 9 else RUNS
    return any(len(set(run) & set(main)) >= 3 for run in runs)


def _no_flush_boards(counts: tuple[int, ...], suits: int) -> int:
    """The boards of values with these card counts where no suit holds three cards or more."""
    totals = Counter({(): 1})
    for count in counts:
        following: Counter = Counter()
        for used, ways in totals.items():
            for chosen in combinations(range(suits), count):
                after = list(used) + [0] * (suits - len(used))
                for suit in chosen:
                    after[suit] += 1
                if max(after) <= 2:
                    following[tuple(after)] += ways
        totals = following
    return sum(totals.values())


def board_classes(events: list[frozenset[int]], values: tuple[int, ...], suits: int) -> Iterator[BoardClass]:
    """Every class of board of the deck where each event can happen (``possible``)."""

    def wanted(main: tuple[int, ...], counts: Counter) -> bool:
        return all(any(possible(p, main, counts) for p in event) for event in events)

    for size in range(3, 6):
        for main in combinations(values, size):
            for others in combinations_with_replacement(values, 5 - size):
                per_value = Counter(others)
                if max(per_value.values(), default=0) > suits - 1 or not wanted(main, per_value + Counter(main)):
                    continue
                yield BoardClass(main, others, suits * prod(comb(suits - 1, n) for n in per_value.values()))
    for others in combinations_with_replacement(values, 5):
        per_value = Counter(others)
        if max(per_value.values()) > suits or not wanted((), per_value):
            continue
        boards = _no_flush_boards(tuple(per_value.values()), suits)
        if boards:
            yield BoardClass((), others, boards)


def _cards(board_class: BoardClass, values: tuple[int, ...], suits: int) -> tuple[list[tuple[int, int]], dict]:
    """A board of the class, as (value, suit), and the cards left by type ((value, in the main
    suit): a list of (value, suit))."""
    board = [(value, MAIN_SUIT) for value in board_class.main]
    if board_class.main:
        for value, count in Counter(board_class.others).items():
            board += [(value, suit) for suit in range(1, 1 + count)]
    else:  # no main suit: the values with most cards first, each in the suits least used so far
        used: Counter = Counter()
        for value, count in sorted(Counter(board_class.others).items(), key=lambda item: -item[1]):
            chosen = sorted(range(suits), key=lambda s: (used[s], s))[:count]
            board += [(value, suit) for suit in chosen]
            used.update(chosen)
        if max(used.values()) > 2:
            raise AssertionError(f"no board without a flush suit for {board_class}")
    left: dict[tuple[int, bool], list[tuple[int, int]]] = {}
    for value in values:
        for suit in range(suits):
            if (value, suit) not in board:
                left.setdefault((value, bool(board_class.main) and suit == MAIN_SUIT), []).append((value, suit))
    return board, left


def _categories(ctx: Context, classes: list[BoardClass], values: tuple[int, ...], suits: int) -> list[tuple[dict, list, dict]]:
    """For each class: the cards left by type, the types in order, and the points of every pair
    of types (their numbers in that order), looked up in SQL."""
    codes = {(value - 2, suit): (rank_code, suit_code, bit) for value, suit, rank_code, suit_code, bit in ctx.engine.execute(
        "select value, suit_index, rank_code, suit_code, card_bit from cards")}
    columns: dict[str, list[Any]] = {column.split()[0]: [] for column in _COLUMNS}
    found = []
    for number, board_class in enumerate(classes):
        board, left = _cards(board_class, values, suits)
        types = sorted(left)
        found.append((left, types))
        base = [sum(codes[card][k] for card in board) for k in range(3)]
        # a type's first and second card left, each summed into the codes of cards
        once = [codes[left[t][0]] for t in types]
        twice = [codes[left[t][1]] if len(left[t]) > 1 else None for t in types]
        for first, second in combinations_with_replacement(range(len(types)), 2):
            other = twice[first] if first == second else once[second]
            if other is None:
                continue
            mine = once[first]
            columns["class_no"].append(number)
            columns["first_type"].append(first)
            columns["second_type"].append(second)
            columns["rank_key"].append(base[0] + mine[0] + other[0])
            columns["suit_counts"].append(base[1] + mine[1] + other[1])
            columns["card_mask"].append(base[2] + mine[2] + other[2])
    with own_hands.card_relation(ctx.engine, _HANDS, _COLUMNS, columns, key=("class_no", "first_type", "second_type")):
        ranked = ctx.engine.execute(own_hands.for_dialect(_RANKED, ctx.engine.dialect, "seven_card_ranks"))
    points: list[dict] = [{} for _ in classes]
    for number, first, second, category in ranked:
        points[number][(first, second)] = category
    return [(left, types, points[number]) for number, (left, types) in enumerate(found)]


def _twin_groups(edges: dict[tuple[int, int], int], types: int) -> list[list[int]]:
    """Types that trade places without changing the pairs' events (twins: the same event with
    every other type, and with themselves), in groups: a state's counts within a group can be
    sorted without changing how many sets of pairs it holds."""
    def event(t: int, u: int) -> int | None:
        return edges.get((min(t, u), max(t, u)))

    groups: list[list[int]] = []
    for t in range(types):
        for group in groups:
            u = group[0]
            if event(t, t) == event(u, u) and all(event(t, w) == event(u, w) for w in range(types) if w not in (t, u)):
                group.append(t)
                break
        else:
            groups.append([t])
    return groups


def _matchings(counts: tuple[int, ...], edges: dict[tuple[int, int], int], events: int, most: int) -> Counter:
    """The sets of disjoint special pairs of cards: (how many of each event) -> how many sets,
    at most ``most`` pairs. ``counts[t]``: the cards of type t; ``edges[(t, u)]`` (t <= u): the
    event a card of t and a card of u make. A card of the first type left is in no pair, or in
    one with a card of a type it makes an event with; twin types' counts are kept sorted."""
    groups = _twin_groups(edges, len(counts))
    partners = {t: [(u, e) for u in range(len(counts)) if (e := edges.get((min(t, u), max(t, u)))) is not None]
                for t in range(len(counts))}

    def canonical(state: list[int]) -> tuple[int, ...]:
        for group in groups:
            if len(group) > 1:
                for t, n in zip(group, sorted((state[t] for t in group), reverse=True)):
                    state[t] = n
        return tuple(state)

    @lru_cache(maxsize=None)
    def sets(state: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
        first = next((t for t, n in enumerate(state) if n), None)
        if first is None:
            return (((0,) * events, 1),)
        rest = list(state)
        rest[first] -= 1
        found: Counter = Counter(dict(sets(canonical(list(rest)))))  # the card is in no pair
        for other, event in partners[first]:
            ways = rest[other]
            if not ways:
                continue
            after = list(rest)
            after[other] -= 1
            for held, count in sets(canonical(after)):
                if sum(held) < most:
                    key = held[:event] + (held[event] + 1,) + held[event + 1:]
                    found[key] += ways * count
        return tuple(found.items())

    return Counter(dict(sets(canonical(list(counts)))))


def ordered_deals(cards: int, players: int) -> int:
    """Ordered deals of two hole cards to each of ``players`` players from ``cards`` cards."""
    if cards < 2 * players:
        return 0
    return factorial(cards) // (factorial(cards - 2 * players) * 2**players)


def _weight(held: tuple[int, ...], needed: list[int]) -> int:
    """prod (-1)^(j_i - r_i) C(j_i - 1, r_i - 1): the deals with x_i >= r_i from the moments."""
    return prod((-1) ** (j - r) * comb(j - 1, r - 1) for j, r in zip(held, needed))


def at_least(ctx: Context, players: int, events: list[frozenset[int]], needed: list[int],
             values: tuple[int, ...] = STANDARD_VALUES, suits: int = 4) -> tuple[int, int, int]:
    """(deals where at least needed[i] players hold events[i] for every i, every deal, the
    classes of board counted), a deal a board and every player's ordered hole cards."""
    for event in events:
        if not event <= COUNTED:
            raise BadInput("odds: a Hold'em category below a full house is not counted exactly here")
    if any(a & b for a, b in combinations(events, 2)):
        raise BadInput("odds: the events share a category: give each category to one event")
    cards = len(values) * suits
    every = comb(cards, 5) * ordered_deals(cards - 5, players)
    classes = []
    for board_class in board_classes(events, values, suits):
        classes.append(board_class)
        if len(classes) > MAX_CLASSES:
            raise BadInput(
                f"odds: these events can happen on more than {MAX_CLASSES:,} kinds of board: not counted exactly here "
                "(an event of a royal flush narrows the boards); give --trials N for a Monte Carlo estimate"
            )
    if not classes:
        return 0, every, 0
    hits = 0
    event_of = {p: i for i, event in enumerate(events) for p in event}
    for board_class, (left, types, points) in zip(classes, _categories(ctx, classes, values, suits)):
        special = {pair: event_of[category] for pair, category in points.items() if category in event_of}
        touched = sorted({t for pair in special for t in pair})  # the types in some special pair, renumbered
        number = {t: n for n, t in enumerate(touched)}
        edges = {(number[t], number[u]): event for (t, u), event in special.items()}
        counts = tuple(len(left[types[t]]) for t in touched)
        left_cards = cards - 5
        for held, sets in _matchings(counts, edges, len(events), players).items():
            if sets and all(j >= r for j, r in zip(held, needed)):
                placed = sum(held)
                hits += (board_class.boards * _weight(held, needed) * sets * factorial(players) // factorial(players - placed)
                         * ordered_deals(left_cards - 2 * placed, players - placed))
    return hits, every, len(classes)


# -- Monte Carlo, where the count is not made -------------------------------------------------

_TRIAL_HANDS = "odds_trial_hands"
_TRIAL_COLUMNS = ("trial integer", "player integer", "rank_key bigint", "suit_counts integer", "card_mask bigint")
_TRIAL_POINTS = f"""select ranked.trial, ranked.player, hand_classes.points
from card_sum_ranks('{_TRIAL_HANDS}') as ranked
inner join hand_classes
    on hand_classes.hand_rank = ranked.hand_rank"""
SLICE = 50_000  # trials ranked in one query


def trial_hands(game: str, players: int, trials: int, seed: int) -> Iterator[list[list[int]]]:
    """The deals of a Monte Carlo, trial by trial (card ids, 0 to 51): each player's cards,
    five from the deck (five-card) or two hole cards and the board dealt after them (Hold'em)."""
    draw = random.Random(seed)
    dealt, board = (5, 0) if game == "five-card" else (2, 5)
    for _ in range(trials):
        cards = draw.sample(range(52), dealt * players + board)
        shared = cards[dealt * players:]
        yield [cards[dealt * p: dealt * p + dealt] + shared for p in range(players)]


def monte_carlo(ctx: Context, game: str, players: int, events: list[frozenset[int]], needed: list[int], trials: int,
                seed: int) -> int:
    """Deals, of ``trials`` random ones, where at least needed[i] players hold events[i]: each
    player's cards ranked in SQL (card_sum_ranks, 011; the points of hand_classes, 006)."""
    codes = {card: (rank_code, suit_code, bit) for card, rank_code, suit_code, bit in ctx.engine.execute(
        "select card_id, rank_code, suit_code, card_bit from cards")}
    event_of = {p: i for i, event in enumerate(events) for p in event}
    query = own_hands.for_dialect(_TRIAL_POINTS, ctx.engine.dialect, "card_sum_ranks")
    hands = trial_hands(game, players, trials, seed)
    hits = 0
    for start in range(0, trials, SLICE):
        columns: dict[str, list[Any]] = {column.split()[0]: [] for column in _TRIAL_COLUMNS}
        for trial in range(start, min(trials, start + SLICE)):
            for player, cards in enumerate(next(hands), start=1):
                columns["trial"].append(trial)
                columns["player"].append(player)
                for column, k in (("rank_key", 0), ("suit_counts", 1), ("card_mask", 2)):
                    columns[column].append(sum(codes[card][k] for card in cards))
        held: dict[int, Counter] = {}
        with own_hands.card_relation(ctx.engine, _TRIAL_HANDS, _TRIAL_COLUMNS, columns, key=("trial", "player")):
            for trial, _, points in ctx.engine.execute(query):
                if points in event_of:
                    held.setdefault(trial, Counter())[event_of[points]] += 1
        hits += sum(1 for counts in held.values() if all(counts[i] >= r for i, r in enumerate(needed)))
    return hits
