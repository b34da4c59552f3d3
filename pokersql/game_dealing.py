"""The deals of the other games than the article's (deal --game): a game of hole cards and a
board (game_deal: omaha, shortdeck ...; game_deals, sql/games/038), and the split-pot and
lowball games (split_deal: omaha8, stud8, razz, badugi ...).

A split board game (omaha8, omaha5-8, courchevel, courchevel8) is dealt as the game its high follows
(game_deal); a game of a player's own cards (stud, stud8,
razz, deuce-to-seven, ace-to-five, badugi: no board, no draw) from own_card_deals (069), the
same seeded shuffle. Each hand is ranked as ``compare --game`` ranks it (lows.evaluate_split)
and the pot split by lows.pot_shares. ``split_simulate`` counts many such deals (simulate
--game), each hand's high by category and its low in words, in SQL (070). No hand is ranked here.
"""

from __future__ import annotations

import math
from typing import Any

from . import games, lows, own_hands
from .cards import card_name, parse_cards
from .context import Context
from .counts import SEVEN_CARD_COUNTS
from .errors import BadInput
from .first_use import ensure_ready
from .results import GameDealResult, GamePlayerHand, SplitDealResult, SplitPlayerHand

GAME_DEAL = "select player, card_id from game_deals where deal_no = 1 and game = ? order by deck_position"


def check_table(game: games.Game | games.SplitGame, players: int, command: str) -> None:
    """A deal needs players x hole cards + the board: more than the game's deck holds (stud's 8
    players: 56 cards; omaha5-8's 10: 55) is BadInput naming the game."""
    needed = players * game.hole_cards + game.board_cards
    deck = game.deck_size
    if needed > deck:
        cards = f"{game.hole_cards} hole cards and a board of {game.board_cards}" if game.board_cards else f"{game.hole_cards} cards"
        raise BadInput(f"{command} --game {game.name}: {players} players of {cards} need {needed} cards, the deck holds {deck}")


def game_deal(ctx: Context, game: games.Game, players: int, settings: tuple, **shown: Any) -> GameDealResult:
    """Deal 1 of ``game`` from deal_settings' row ``settings`` (the view game_deals, sql/games:
    Hold'em's shuffle, the game's deck): each player's hole cards and the board, each player's
    best five under the game, places and winners. ``shown``: the seed and shuffle settings."""
    check_table(game, players, "deal")
    ensure_ready(ctx)
    with ctx.engine.inputs(deal_settings=[settings]):
        rows = ctx.engine.execute(GAME_DEAL, (game.name,))
    holes: list[list[int]] = [[] for _ in range(players)]
    board = []
    for player, card in rows:
        (holes[player - 1] if player else board).append(int(card))
    if game.plays_hole_cards:
        results = games.best_hands(ctx, game, holes, [board] * players)
    else:
        results = games.best_hands(ctx, game, [hole + board for hole in holes], [[]] * players)
    hands = [
        GamePlayerHand(player=n, cards=[card_name(c) for c in hole], points=r.points, category=r.category,
                       hand_rank=r.hand_rank, place=r.place, best=r.best)
        for n, (hole, r) in enumerate(zip(holes, results), start=1)
    ]
    return GameDealResult(players=hands, winners=[h.player for h in hands if h.place == 1], game=game.name,
                          board=[card_name(c) for c in board], **shown)


TOTAL_SEVEN_CARD_HANDS = math.comb(52, 7)
OWN_CARD_DEAL = "select player, card_id from own_card_deals where deal_no = 1 and game = ? order by deck_position"
# A low in a player's words (069): '7 low', 'One Pair', '4-card badugi' ...
LOW_CATEGORY = "select low_rank, points, category from low_categories where ranking = ?"


def split_deal(ctx: Context, game: games.SplitGame, players: int, settings: tuple, **shown: Any) -> SplitDealResult:
    """Deal 1 of a split-pot or lowball game from deal_settings' row ``settings``: a board game
    (omaha8 ...) the deal of the game its high follows (the same deck, hole cards and board:
    ``game_deal``), a game of own cards (stud, razz, the draw games) ``own_card_deal``; each
    hand's high and low ranked and the pot split as ``compare --game`` splits it (lows.py)."""
    check_table(game, players, "deal")
    if not game.board_cards:
        return own_card_deal(ctx, game, players, settings, **shown)
    dealt = game_deal(ctx, games.game_of(game.high_game, ctx, "deal"), players, settings, **shown)
    holes = [parse_cards(" ".join(hand.cards)) for hand in dealt.players]
    board = parse_cards(" ".join(dealt.board))
    ranks = lows.evaluate_split(ctx, game, holes, [board] * players)
    hands = [
        SplitPlayerHand(**vars(hand), low_rank=low, high_share=float(high_part),
                        low_share=float(low_part), share=float(high_part + low_part))
        for hand, (_, low), (high_part, low_part) in zip(dealt.players, ranks, lows.pot_shares(game, ranks))
    ]
    return SplitDealResult(players=hands, winners=[h.player for h in hands if h.share > 0], game=game.name,
                           board=dealt.board, **shown)


def own_card_deal(ctx: Context, game: games.SplitGame, players: int, settings: tuple, **shown: Any) -> SplitDealResult:
    """Deal 1 of a game of a player's own cards (own_card_deals, 069): each player's cards in
    the order dealt, ranked as ``compare --game`` ranks them. A game with a high (stud, stud8):
    ``best``, ``points``, ``category``, ``hand_rank`` and ``place`` the high's (the best five of
    the seven, game_evaluations_of as Hold'em's); a low-only game (razz, the draw games):
    ``hand_rank`` the low's rank, ``place`` by it, ``category`` and ``points`` the low's
    (low_categories, 069: '7 low', 'One Pair', '3-card badugi'; points null in badugi) and no
    ``best``. ``low_rank`` the low's (None: none), the pot split by lows.pot_shares; the board
    empty. Too many players for the deck: BadInput."""
    ensure_ready(ctx)
    with ctx.engine.inputs(deal_settings=[settings]):
        rows = ctx.engine.execute(OWN_CARD_DEAL, (game.name,))
    hands: list[list[int]] = [[] for _ in range(players)]
    for player, card in rows:
        hands[player - 1].append(int(card))
    ranks = lows.evaluate_split(ctx, game, hands, [[]] * players)
    if game.high_game is not None:
        highs = games.best_hands(ctx, games.GAMES[game.high_game], hands, [[]] * players)
        shown_as = [(r.best, r.points, r.category, r.hand_rank, r.place) for r in highs]
    else:
        words = {rank: (points, category) for rank, points, category in ctx.engine.execute(LOW_CATEGORY, (game.low_ranking,))}
        lows_held = [low for low, _ in ranks]
        shown_as = [([], *words[low], low, 1 + sum(other < low for other in lows_held)) for low in lows_held]
    seated = [
        SplitPlayerHand(player=n, cards=[card_name(c) for c in hand], points=points, category=category, hand_rank=rank,
                        place=place, best=best, low_rank=low, high_share=float(high_part), low_share=float(low_part),
                        share=float(high_part + low_part))
        for n, (hand, (best, points, category, rank, place), (_, low), (high_part, low_part)) in enumerate(
            zip(hands, shown_as, ranks, lows.pot_shares(game, ranks)), start=1)
    ]
    return SplitDealResult(players=seated, winners=[h.player for h in seated if h.share > 0], game=game.name, board=[], **shown)


# -- simulation of the split-pot and lowball games (simulate --game omaha8, razz ...) -----

# The counts of a game's deals (split_deal_frequencies_of, sql/games/070), the game's name and the
# deals' game given: a board game's deals are those of the game its high follows (game_deals, 038),
# a game of own cards' its own (own_card_deals, 069).
SPLIT_DEAL_FREQUENCIES = (
    "with deals_of_the_game as (select deal_no, ? as game, player, card_id from {deals} where game = ?) "
    "select half, category, hands from split_deal_frequencies_of('deals_of_the_game')"
)
SPLIT_CATEGORIES = "select half, points, category from split_categories where game = ? order by half, category_order"
# At most this many deals a query: each hand's lows and highs are many fives (courchevel8: 100
# a hand), and 100,000 deals of 4 players a query held 8.7 GB (docs/development.md).
SPLIT_SIMULATE_SLICE = 10_000


def exact_high(game: games.SplitGame) -> bool:
    """Whether a split game's high has an exact probability: seven cards of a 52-card deck of
    Hold'em's ranking, no board (stud's: Hold'em's seven-card counts, counts.SEVEN_CARD_COUNTS)."""
    high = games.REGISTRY.get(game.high_game) if game.high_game else None
    return isinstance(high, games.Game) and high.ranking == "standard" and game.deck_size == 52 and (
        game.hole_cards == 7 and not game.board_cards)


def split_simulate(ctx: Context, game: games.SplitGame, deals: int, players: int, settings_of: Any, slice_deals: int) -> list[tuple]:
    """``deals`` deals of a split-pot or lowball game, as ``deal --game`` deals them, each
    player's hand counted by its high's category and its low in words (split_deal_frequencies_of,
    070), in slices of ``slice_deals`` (at most SPLIT_SIMULATE_SLICE);
    ``settings_of(first, count)`` is deal_settings' row of a slice. One row per half and category (split_categories, 070), the
    high half first, each best first: (points, category, count, exact probability or None,
    half). The exact probability is the high's of stud and stud8 (Hold'em's seven-card counts
    over C(52, 7)); Omaha's high and every low have none here (None)."""
    check_table(game, players, "simulate")
    ensure_ready(ctx)
    source, dealt_as = ("game_deals", game.high_game) if game.board_cards else ("own_card_deals", game.name)
    query = own_hands.for_dialect(SPLIT_DEAL_FREQUENCIES.format(deals=source), ctx.engine.dialect, "split_deal_frequencies_of")
    counted: dict[tuple[str, str], int] = {}
    slice_deals = min(slice_deals, SPLIT_SIMULATE_SLICE)  # the same deals, whatever the slice
    task = f"dealing {deals:,} deals of {game.name}"
    with ctx.engine.inputs() as give:
        for first in range(1, deals + 1, slice_deals):
            ctx.progress(task, first - 1, deals)
            give(deal_settings=[settings_of(first, min(slice_deals, deals - first + 1))])
            for half, category, count in ctx.engine.execute(query, (game.name, dealt_as)):
                counted[half, category] = counted.get((half, category), 0) + int(count)
    ctx.progress(task, deals, deals)
    exact = {p: n / TOTAL_SEVEN_CARD_HANDS for p, n in SEVEN_CARD_COUNTS.items()} if exact_high(game) else {}
    return [
        (points, category, counted.get((half, category), 0), exact.get(points) if half == "high" else None, half)
        for half, points, category in ctx.engine.execute(SPLIT_CATEGORIES, (game.name,))
    ]
