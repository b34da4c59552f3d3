"""Split-pot equity (``equity --game omaha8``): every board still to come, counted in SQL
(047: split_runout_cards, the high of game_evaluations_of and the low of low_evaluations_of,
tallied by split_equity_of). Exact, for known hands from a flop on; nothing is ranked here."""

from __future__ import annotations

from . import first_use, own_hands
from .cards import card_name, check_distinct, parse_cards
from .context import Context
from .errors import BadInput
from .lows import NEEDS, SplitGame, split_game_of
from .results import EquityPlayer, EquityResult

# The hands on each runout, numbered runout * 16 + player, as the game's high and its low read them.
SPLIT_EQUITY = """
with
    runout_cards as (
        select
            runout * 16 + player as hand_no,
            card_id,
            is_hole,
            card_no
        from split_runout_cards
    ),
    high_cards as (
        select
            hand_no,
            '{high}' as game,
            card_id,
            is_hole,
            card_no
        from runout_cards
    ),
    low_cards as (
        select
            hand_no,
            '{game}' as game,
            card_id,
            is_hole,
            card_no
        from runout_cards
    ),
    ranked as (
        select
            0 as tally,
            highs.hand_no // 16 as runout,
            1 as weight,
            highs.hand_no % 16 as player,
            highs.hand_rank,
            {low_rank} as low_rank
        from game_evaluations_of('high_cards') as highs
        {low_join}
    )
select
    player,
    runouts,
    scoops,
    splits,
    high_pot_shares,
    low_pot_shares
from split_equity_of('ranked')
order by player
"""
LOW_JOIN = """inner join low_evaluations_of('low_cards') as lows
            on lows.hand_no = highs.hand_no"""
POT_PARTS = 5040  # a split pot's parts (047): each half divisible by 1 to 10


def _hole_cards(game: SplitGame, hand: str | list[str], number: int) -> list[int]:
    text = hand if isinstance(hand, str) else " ".join(hand)
    if text.strip().lower() == "random":
        raise BadInput(f"equity --game {game.name}: hand {number} 'random': split-pot equity counts known hands only for now")
    try:
        cards = parse_cards(text)
    except BadInput:
        raise BadInput(f"equity --game {game.name}: hand {number} {text!r} is not cards: ranges are Hold'em's only") from None
    if len(cards) != game.hole_cards:
        raise BadInput(
            f"equity --game {game.name}: hand {number} needs {game.hole_cards} hole cards, got {len(cards)}: "
            + " ".join(map(card_name, cards))
        )
    return cards


def equity(
    ctx: Context, name: str, hands: tuple[str | list[str], ...], board: list[int], dead: list[int],
    trials: int | None = None, exact: bool | None = None, next_street: bool = False,
) -> EquityResult:
    """Each player's share of a split pot over every board still to come (a flop, a turn or a
    river given), exact: ``equity`` both halves together, ``high_share`` and ``low_share``
    (each half's part of the pot), ``scoop`` (how often the player takes the whole pot alone);
    wins are scoops and ties the boards where the player takes a part. BadInput for a game
    with no board, random hands, Monte Carlo and the next street (not counted yet)."""
    game = split_game_of(ctx, name)
    if not game.board_cards or game.high_game is None:
        raise BadInput(
            f"equity --game {name}: split-pot equity is counted for the board games with a high "
            "(omaha8, omaha5-8, courchevel, courchevel8) for now"
        )
    if trials is not None or exact is False:
        raise BadInput(f"equity --game {name}: split-pot equity is exact only for now: leave --trials out")
    if next_street:
        raise BadInput(f"equity --game {name}: --next-street is not counted for split pots yet")
    if not 2 <= len(hands) <= 10:
        raise BadInput(f"equity --game {name}: equity needs 2 to 10 hands, got {len(hands)}")
    holes = [_hole_cards(game, hand, number) for number, hand in enumerate(hands, start=1)]
    if len(board) not in (3, 4, 5):
        shown = " ".join(map(card_name, board)) or "none"
        raise BadInput(f"equity --game {name}: exact split-pot equity needs a flop, a turn or a river (3 to 5 cards), got {len(board)}: {shown}")
    names = [f"hand {n}" for n in range(1, len(holes) + 1)]
    check_distinct(holes + [board, dead], names + ["the board", "the dead cards"])
    left = 52 - sum(map(len, holes)) - len(board) - len(dead)
    if left < 5 - len(board):
        raise BadInput(f"equity --game {name}: the hands, the board and the dead cards leave {left} cards, {5 - len(board)} are needed")
    query = SPLIT_EQUITY.format(
        high=game.high_game, game=game.name,
        low_rank="lows.low_rank" if game.low_ranking else "cast(null as integer)",
        low_join=LOW_JOIN if game.low_ranking else "",
    )
    first_use.ensure_lookups(ctx, NEEDS + ("split_runout_cards", "split_equity_of"))
    given = {
        "hand_input": [(n, c) for n, hole in enumerate(holes, start=1) for c in hole],
        "board_input": [(c,) for c in board],
        "dead_input": [(c,) for c in sorted(set(dead))],
    }
    with ctx.engine.inputs(**given), ctx.counting(f"equity --game {name}: every board still to come"):
        totals = ctx.engine.execute(own_hands.for_dialect(query, ctx.engine.dialect, "split_equity_of"))
    runouts = int(totals[0][1])
    players = []
    for hole, (_, _, scoops, splits, high, low) in zip(holes, totals):
        whole = POT_PARTS * runouts
        players.append(EquityPlayer(
            hand=[card_name(c) for c in hole], range=None, combos=1, wins=int(scoops), ties=int(splits),
            equity=(int(high) + int(low)) / whole, high_share=int(high) / whole, low_share=int(low) / whole,
            scoop=int(scoops) / runouts,
        ))
    return EquityResult(exact=True, boards=runouts, deals=runouts, players=players)
