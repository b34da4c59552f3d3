"""Dealing and counting: a deal ranked (``deal``; another game's: game_dealing), every hand's
categories against the exact counts (``freq``), and many seeded deals counted (``simulate``),
of Hold'em or another game."""

from __future__ import annotations

import math
import secrets
from typing import Any

from . import game_dealing, games, own_hands
from .checks import MAX_DEALS, MAX_SEED, SIMULATE_SLICE, whole_number
from .context import Context
from .counts import SHORT_DECK_SEVEN_CARD_COUNTS, TOTAL_FIVE_CARD_HANDS, five_card_counts, short_deck_five_card_counts
from .errors import BadInput
from .first_use import ensure_ready
from .monte_carlo import deal_settings
from .results import (
    CategoryCount, DealResult, FreqResult, PlayerHand, SimulatedCategory, SimulateResult,
)

MAX_RIFFLES = 31
SHUFFLES = ("uniform", "riffle")
DEAL_ORDERS = ("blocks", "round-robin")


def _simulated(
    rows: list[tuple], deals: int, players: int, seed: int, shuffle: str, riffles: int, order: str, game: str | None = None
) -> SimulateResult:
    """simulate's result from its rows (points, category, count, exact probability or None[, half])."""
    hands = deals * players
    categories = []
    for points, category, count, p, *half in rows:  # half: a split game's 'high' or 'low'
        mean = None if p is None else hands * p
        z = None if p is None else (count - mean) / math.sqrt(hands * p * (1 - p))
        categories.append(
            SimulatedCategory(points=points, category=category, count=count, expected_probability=p, z=z,
                              observed_probability=count / hands, expected_count=mean, half=half[0] if half else None)
        )
    return SimulateResult(
        deals=deals, players=players, seed=seed, hands=hands, categories=categories, shuffle=shuffle,
        riffles=riffles if shuffle == "riffle" else None, order=order, game=game,
    )


def shuffle_settings(shuffle: str, riffles: int, order: str) -> tuple[str, int, str]:
    if shuffle not in SHUFFLES:
        raise BadInput(f"unknown shuffle {shuffle!r}: choose one of {', '.join(SHUFFLES)}")
    if order not in DEAL_ORDERS:
        raise BadInput(f"unknown deal order {order!r}: choose one of {', '.join(DEAL_ORDERS)}")
    whole_number("riffles", riffles, 1, MAX_RIFFLES)
    return shuffle, riffles, order


def deal(
    ctx: Context,
    players: int = 4,
    seed: int | None = None,
    shuffle: str = "uniform",
    riffles: int = 7,
    order: str = "blocks",
    game: str = "holdem",
) -> DealResult:
    """Shuffle (seeded) and deal five cards to each of 2..10 players, ranked.

    ``shuffle="riffle"`` riffles a new deck ``riffles`` times (the Gilbert-Shannon-Reeds
    model) instead of shuffling it uniformly; ``order="round-robin"`` deals one card to
    each player in turn instead of five consecutive cards to each. ``game`` another game
    (``games.GAME_NAMES``): each player's hole cards and a board, from the same shuffle,
    each player's best five ranked (``game_deal``, the view game_deals of sql/games).
    """
    whole_number("players", players, 2, 10)
    shuffle, riffles, order = shuffle_settings(shuffle, riffles, order)
    seed = secrets.randbelow(2**31) if seed is None else whole_number("seed", seed, 0, MAX_SEED)
    rules = games.rules(game, ctx, "deal")
    if rules.is_split:  # game_dealing: a board game dealt as its high's, a game of own cards from own_card_deals
        settings = deal_settings(seed, players, 1, shuffle, riffles, order)
        return game_dealing.split_deal(ctx, rules, players, settings, seed=seed, shuffle=shuffle, riffles=riffles, order=order)
    if not rules.holdem_tables:
        settings = deal_settings(seed, players, 1, shuffle, riffles, order)
        return game_dealing.game_deal(ctx, rules, players, settings, seed=seed, shuffle=shuffle, riffles=riffles, order=order)
    ensure_ready(ctx)
    with ctx.engine.inputs(deal_settings=[deal_settings(seed, players, 1, shuffle, riffles, order)]):
        rows = ctx.engine.execute(
            "select player, cards, points, category, hand_rank, place "
            "from poker_table where deal_no = 1 order by player"
        )
    hands = [
        PlayerHand(player=player, cards=text.split(" "), points=points, category=category, hand_rank=rank, place=place)
        for player, text, points, category, rank, place in rows
    ]
    return DealResult(
        seed=seed,
        players=hands,
        winners=[h.player for h in hands if h.place == 1],
        shuffle=shuffle,
        riffles=riffles if shuffle == "riffle" else None,
        order=order,
    )


def freq(ctx: Context, cards: int = 5, game: str = "holdem") -> FreqResult:
    """Category counts over every hand of 5 or 7 cards, beside the exact counts.

    Five cards: the ``hands`` table against counts from combinatorics. Seven
    cards: all 133,784,560 hands enumerated in SQL (seven_card_frequencies)
    against the weights of suit_reduced_seven, which counts them without
    dealing them.
    """
    if cards not in (5, 7):
        raise BadInput(f"freq --cards {cards}: choose 5 or 7")
    rules = games.game_of(game, ctx, "freq")
    if not rules.holdem_tables:
        return _game_freq(ctx, cards, rules)
    ensure_ready(ctx)
    if cards == 5:
        rows = ctx.engine.execute(
            "select points, category, hands, distinct_ranks from five_card_frequencies order by points desc"
        )
        expected = five_card_counts()
    else:
        with ctx.watching("counting all 133,784,560 seven-card hands"):
            rows = ctx.engine.execute(
                "select points, category, hands, distinct_ranks from seven_card_frequencies order by points desc"
            )
        expected = dict(ctx.engine.execute("select points, sum(weight) from suit_reduced_seven group by points"))
    return FreqResult(
        cards=cards,
        total=sum(row[2] for row in rows),
        distinct_ranks=sum(row[3] for row in rows),
        categories=[CategoryCount(p, c, int(n), int(expected.get(p, 0))) for p, c, n, _ in rows],
    )


def _game_freq(ctx: Context, cards: int, rules: games.Game) -> FreqResult:
    """Short deck's counts of every hand of 5 or 7 of its 36 cards, by category in the rule
    set's order, beside the exact counts (pokersql.counts)."""
    if rules.ranking == "standard":
        raise BadInput(f"freq --game {rules.name}: counts are for holdem, shortdeck and shortdeck-triton")
    ensure_ready(ctx)
    view = "short_deck_five_card_frequencies" if cards == 5 else "short_deck_seven_card_frequencies"
    rows = ctx.engine.execute(
        f"select frequencies.points, frequencies.category, frequencies.hands, frequencies.distinct_ranks "
        f"from {view} as frequencies inner join game_categories on game_categories.ranking = frequencies.ranking "
        f"and game_categories.points = frequencies.points where frequencies.ranking = ? "
        f"order by game_categories.category_order",
        (rules.ranking,),
    )
    expected = short_deck_five_card_counts() if cards == 5 else SHORT_DECK_SEVEN_CARD_COUNTS[rules.ranking]
    return FreqResult(
        cards=cards,
        total=sum(row[2] for row in rows),
        distinct_ranks=sum(row[3] for row in rows),
        categories=[CategoryCount(p, c, int(n), int(expected.get(p, 0))) for p, c, n, _ in rows],
    )


def simulate(
    ctx: Context,
    deals: int,
    players: int = 1,
    seed: int | None = None,
    shuffle: str = "uniform",
    riffles: int = 7,
    order: str = "blocks",
    slice_deals: int = SIMULATE_SLICE,
    game: str = "holdem",
) -> SimulateResult:
    """Deal ``deals`` times (seeded) and count the categories, observed against exact.

    The deals are counted in slices of ``slice_deals`` (the same deals, whatever the
    slice), each slice a step reported to the progress callback. ``game`` another game
    (``games.GAME_NAMES``): each player's best hand of hole cards and board, from the
    deals of ``deal --game`` (``game_simulate``); Omaha's have no exact probability
    (``expected_probability``, ``expected_count`` and ``z`` None). A split-pot or lowball game
    (omaha8 ... badugi): each player's high by category and low in words, each category's
    ``half`` 'high' or 'low' (``game_dealing.split_simulate``); only stud's high is exact.
    """
    whole_number("deals", deals, 1, MAX_DEALS)
    whole_number("players", players, 1, 10)
    shuffle, riffles, order = shuffle_settings(shuffle, riffles, order)
    whole_number("slice_deals", slice_deals, 1, MAX_DEALS)
    seed = secrets.randbelow(2**31) if seed is None else whole_number("seed", seed, 0, MAX_SEED)
    rules = games.rules(game, ctx, "simulate")
    if rules.is_split or not rules.holdem_tables:
        def settings_of(first: int, count: int) -> tuple:
            return deal_settings(seed, players, count, shuffle, riffles, order, first)

        simulated = game_dealing.split_simulate if rules.is_split else game_simulate
        rows = simulated(ctx, rules, deals, players, settings_of, slice_deals)
        return _simulated(rows, deals, players, seed, shuffle, riffles, order, game=rules.name)
    ensure_ready(ctx)
    counted: dict[int, int] = {}
    names: dict[int, str] = {}
    task = f"dealing {deals:,} deals"
    with ctx.engine.inputs() as give:
        for first in range(1, deals + 1, slice_deals):
            ctx.progress(task, first - 1, deals)
            give(deal_settings=[deal_settings(seed, players, min(slice_deals, deals - first + 1), shuffle, riffles, order, first)])
            for points, category, count in ctx.engine.execute(
                "select points, category, hands from deal_frequencies"
            ):
                counted[points] = counted.get(points, 0) + count
                names[points] = category
    ctx.progress(task, deals, deals)
    expected = five_card_counts()
    rows = [
        (points, names[points], counted[points], expected[points] / TOTAL_FIVE_CARD_HANDS)
        for points in sorted(counted, reverse=True)
    ]
    return _simulated(rows, deals, players, seed, shuffle, riffles, order)


# -- simulation (simulate --game) ------------------------------------------------------

# The counts of one game's deals (game_deal_frequencies_of, sql/games/038), the game's name given.
GAME_DEAL_FREQUENCIES = (
    "with deals_of_the_game as (select deal_no, game, player, card_id from game_deals where game = ?) "
    "select points, category, hands from game_deal_frequencies_of('deals_of_the_game')"
)
GAME_CATEGORIES = (  # every category, best first in the ranking
    "select game_categories.points, hand_categories.category from game_categories inner join hand_categories "
    "on hand_categories.points = game_categories.points where game_categories.ranking = ? order by game_categories.category_order"
)
SHORT_DECK_SEVEN_CARD_HANDS = math.comb(36, 7)


def game_simulate(ctx: Context, game: games.Game, deals: int, players: int, settings_of: Any, slice_deals: int) -> list[tuple]:
    """``deals`` deals of ``game`` (038's game_deal_frequencies_of over the game's rows of game_deals:
    hole cards and board, each player's best hand under the game), counted by category in
    slices of ``slice_deals``; ``settings_of(first, count)`` is deal_settings' row of a slice.
    One row per category of the game's ranking, best first: (points, category, count, exact
    probability or None). The exact probability is short deck's seven-card count over C(36, 7); Omaha's
    best hand of hole cards and board has no exact count here (None)."""
    game_dealing.check_table(game, players, "simulate")
    if not game.plays_hole_cards and game.hole_cards + game.board_cards != 7:
        raise BadInput(
            f"simulate --game {game.name}: the best five of {game.hole_cards + game.board_cards} cards played any way "
            "are counted for seven cards only"
        )
    ensure_ready(ctx)
    query = own_hands.for_dialect(GAME_DEAL_FREQUENCIES, ctx.engine.dialect, "game_deal_frequencies_of")
    counted: dict[int, int] = {}
    task = f"dealing {deals:,} deals of {game.name}"
    with ctx.engine.inputs() as give:
        for first in range(1, deals + 1, slice_deals):
            ctx.progress(task, first - 1, deals)
            give(deal_settings=[settings_of(first, min(slice_deals, deals - first + 1))])
            for points, _, count in ctx.engine.execute(query, (game.name,)):
                counted[points] = counted.get(points, 0) + int(count)
    ctx.progress(task, deals, deals)
    categories = ctx.engine.execute(GAME_CATEGORIES, (game.ranking,))
    exact = None
    if game.ranking != "standard":
        exact = {p: n / SHORT_DECK_SEVEN_CARD_HANDS for p, n in SHORT_DECK_SEVEN_CARD_COUNTS[game.ranking].items()}
    return [(points, name, counted.get(points, 0), None if exact is None else exact[points]) for points, name in categories]
