"""Another game's equity (``equity``): exact for known hands, Monte Carlo with trials or a
random hand, from the game equity views of sql/equity (036 to 040); pokersql.equity checks the request
and hands it here. The game's definition is pokersql.games'."""

from __future__ import annotations

import math
from typing import Any

from .cards import card_name, check_distinct, parse_cards
from .context import Context
from .errors import BadInput
from .first_use import ensure_ready
from .games import Game, _either, _names, check_deck
from .monte_carlo import monte_carlo_equity
from .ranges import pot_share


# The game equity views (sql/equity, 036 to 040), one row per player (short deck: per ranking too). Only their names here.
EQUITY_TOTALS = "select player, runouts, wins, ties, pot_shares from {view} {where} order by player"
# The next street (040; Hold'em's, 017): (next_card, player, pot_shares, runouts, leads), per card and player.
STREET_TOTALS = "select next_card, player, pot_shares, runouts, leads from {view} {where} order by next_card, player"
OMAHA_RANDOM_SLICE_TRIALS = 100_000  # Monte Carlo with random Omaha hands: trials per query at most


def _equity_views(game: Game, randoms: bool, exact: bool) -> tuple[str, tuple, str, str]:
    """(equity query, its parameters, the view it reads, the next street's query) of the game's
    rules: hole cards played apart from the board (omaha_*); else the standard ranking on a
    deck with its low cards dead (Hold'em's own views, 017, 021); else another ranking
    (short_deck_*, a row per ranking)."""
    if game.plays_hole_cards:
        where, params, street_view = "", (), "omaha_street_equity"
        view = "omaha_" + ("random_" if randoms else "") + ("equity" if exact else "monte_carlo_equity")
    elif game.ranking == "standard":
        if exact and randoms:
            raise BadInput(f"equity --game {game.name}: exact equity of a random hand is not counted in this game: use --trials")
        where, params, street_view = "", (), "street_equity"
        view = "equity" if exact else "monte_carlo_equity" if randoms else "monte_carlo_class_equity"
    else:
        where, params, street_view = "where ranking = ?", (game.ranking,), "short_deck_street_equity"
        view = "short_deck_" + ("random_equity" if randoms else "equity") if exact else "short_deck_monte_carlo_equity"
    return EQUITY_TOTALS.format(view=view, where=where), params, view, STREET_TOTALS.format(view=street_view, where=where)


OMAHA_RANDOM_EXACT_DEALS = 10_000_000  # exact Omaha deals of a random hand at most (a turn heads-up: 5,430,040, 3.4 s at load 6)


def check_exact_random(game: Game, randoms: int, board_cards: int, left: int) -> None:
    """Exact equity of a random hand (039) counts one random hand, in short deck on every
    street (its deals grouped into classes and patterns), in Omaha (four hole cards) where the
    deals, every hand of the ``left`` cards with every board, are OMAHA_RANDOM_EXACT_DEALS or
    fewer (each is ranked: a turn heads-up, not a flop's 122,175,900): else BadInput saying why."""
    if randoms > 1:
        raise BadInput(f"equity --game {game.name}: exact equity counts one random hand, got {randoms}: use --trials")
    if game.plays_hole_cards and game.hole_cards != 4:
        raise BadInput(
            f"equity --game {game.name}: exact equity of a random hand of {game.hole_cards} cards is not counted "
            "(omaha's four only): use --trials"
        )
    deals = math.comb(left, game.hole_cards) * math.comb(left - game.hole_cards, game.board_cards - board_cards)
    if game.plays_hole_cards and deals > OMAHA_RANDOM_EXACT_DEALS:
        raise BadInput(
            f"equity --game {game.name}: exact equity of a random hand would rank {deals:,} deals, more than "
            f"{OMAHA_RANDOM_EXACT_DEALS:,} (heads-up: 5,430,040 on a turn, 122,175,900 on a flop): use --trials"
        )


def equity(
    ctx: Context,
    game: Game,
    hands: tuple[str | list[str], ...],
    board: list[int],
    dead: list[int],
    trials: int | None = None,
    seed: int | None = None,
    exact: bool | None = None,
    slice_trials: int | None = None,
    next_street: bool = False,
) -> Any:
    """Equity of 2 to 10 hands of ``game``: exact (every board once) unless ``trials`` asks for
    Monte Carlo or a player is ``random`` (drawn as Hold'em draws them, the game's hole cards
    each; Omaha needs one known hand, whose count the SQL reads); with ``exact`` and one random
    hand, every deal (039: short_deck_random_equity, omaha_random_equity; check_exact_random).
    ``next_street``: each card that can come next (040), onto the result as Hold'em's.
    ``trials``, ``seed`` and ``slice_trials`` come checked by pokersql.equity. The game equity
    views (sql/equity) count it from the inputs of Hold'em's equity (014), as Hold'em's do:
    Omaha by its boards' triples (omaha_equity, omaha_monte_carlo_equity; with random hands
    each trial ranked, omaha_random_monte_carlo_equity), short deck by
    Hold'em's runouts ranked its way (short_deck_equity, short_deck_monte_carlo_equity)."""
    from . import ranges
    from .results import EquityPlayer, EquityResult

    if not 2 <= len(hands) <= 10:
        raise BadInput(f"{game.name}: equity needs 2 to 10 hands, got {len(hands)}")
    names = [f"hand {n}" for n in range(1, len(hands) + 1)]
    holes: list[list[int] | None] = []
    for hand, name in zip(hands, names):
        text = hand if isinstance(hand, str) else " ".join(hand)
        if text.strip().lower() == "random":
            holes.append(None)
            continue
        try:
            cards = parse_cards(text)
        except BadInput:
            raise BadInput(
                f"{game.name}: {name} {text!r} is not cards: ranges are Hold'em's only for now; "
                f"give {game.hole_cards} hole cards, or random"
            ) from None
        if len(cards) != game.hole_cards:
            raise BadInput(f"{game.name}: {name} needs {game.hole_cards} hole cards, got {len(cards)}: {_names(cards)}")
        holes.append(cards)
    if len(board) not in game.board_sizes:
        raise BadInput(f"{game.name}: the board needs {_either(game.board_sizes)} cards, got {len(board)}: {_names(board)}")
    known = [hole for hole in holes if hole is not None]
    check_distinct(known + [board, dead], [n for n, h in zip(names, holes) if h is not None] + ["the board", "the dead cards"])
    for cards in known + [board, dead]:
        check_deck(game, cards)
    randoms = [n for n, hole in enumerate(holes, start=1) if hole is None]
    if game.plays_hole_cards and not known:
        raise BadInput(f"{game.name}: every hand is random: give one hand's hole cards (a random hand holds as many)")
    if exact and trials is not None:
        raise BadInput("choose --exact or --trials, not both")
    if exact and seed is not None:
        raise BadInput(f"--seed {seed} is for Monte Carlo: --exact counts every board and draws nothing")
    if next_street and len(board) not in game.board_sizes[1:-1]:
        raise BadInput(
            f"{game.name}: the next street needs a board of {_either(game.board_sizes[1:-1])} cards (a flop or a turn), got {len(board)}"
        )
    if next_street and randoms:
        raise BadInput(f"{game.name}: the next street needs known hands, not hand {randoms[0]} 'random'")
    if trials is None and ((randoms and not exact) or exact is False):
        trials = ranges.DEFAULT_TRIALS
    seed_from_question = trials is not None and seed is None
    if seed_from_question:
        seed = ranges.question_seed(game.name, [sorted(h) if h else "random" for h in holes], board, dead, trials)
    dead = dead + game.low_cards
    left = 52 - sum(len(h) for h in known) - len(board) - len(dead)
    needed = game.board_cards - len(board) + game.hole_cards * len(randoms)
    if left < needed:
        raise BadInput(f"{game.name}: {len(hands)} hands, {len(board)} board cards and the dead cards leave {left} cards, {needed} are needed")
    if exact and randoms:
        check_exact_random(game, len(randoms), len(board), left)
    query, params, view, streets_query = _equity_views(game, bool(randoms), trials is None)
    given = {
        "hand_input": [(n, c) for n, hole in enumerate(holes, start=1) if hole is not None for c in hole],
        "random_hand_input": [(n,) for n in randoms],
        "board_input": [(c,) for c in board],
        "dead_input": [(c,) for c in sorted(set(dead))],
    }
    ensure_ready(ctx)
    with ctx.engine.inputs(**given) as give:
        if trials is None:
            with ctx.counting(f"equity --game {game.name}: every board still to come"):
                totals = ctx.engine.execute(query, params)
        else:
            if slice_trials is None:
                slice_trials = ctx.engine.equity_costs.slice_trials
                if game.plays_hole_cards and not randoms:  # each slice ranks every board that can come: no more slices than needed
                    slice_trials = max(slice_trials, math.comb(left, 5 - len(board)))
                elif game.plays_hole_cards:  # a unit per pair of each random hand and of the board: memory grows with the slice (0.56 GB at 100,000)
                    slice_trials = min(slice_trials, OMAHA_RANDOM_SLICE_TRIALS)
            totals = monte_carlo_equity(ctx, give, query, seed, trials, slice_trials, params)
        streets = ctx.engine.execute(streets_query, params) if next_street else []
    runouts = int(totals[0][1]) if totals else 0
    if trials is not None and runouts != trials:
        raise BadInput(f"{game.name}: only {runouts:,} of {trials:,} trials could be dealt: too few cards are left for the random hands")
    players = []
    for hole, (_, _, wins, ties, shares) in zip(holes, totals):
        share = pot_share(shares, runouts)
        std_error = None if trials is None else ranges.std_error(int(wins), share, runouts)
        if hole is None:
            player = EquityPlayer(hand=None, range="random", combos=math.comb(left, game.hole_cards),
                                  wins=int(wins), ties=int(ties), equity=share, std_error=std_error)
        else:
            player = EquityPlayer(hand=[card_name(c) for c in hole], range=None, combos=1, wins=int(wins), ties=int(ties),
                                  equity=share, std_error=std_error)
        players.append(player)
    boards = runouts
    if trials is None and randoms:  # every board with every hand of the random player: the boards of one hand
        boards = math.comb(left - game.hole_cards, game.board_cards - len(board))
    result = EquityResult(
        exact=trials is None, boards=boards, deals=runouts, players=players, seed=None if trials is None else seed,
        seed_from_question=seed_from_question,
    )
    if next_street:
        ranges.add_next_street(result, streets, len(board))
    return result
