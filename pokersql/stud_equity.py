"""Equity of games where each player holds their own cards and no board is dealt: seven-card
stud (``equity --game stud``, ``stud8``, ``razz``: each player's known cards, 2 to 7, or
``random``, the rest of their seven to come) and the draw games (``deuce-to-seven``, ``ace-to-five``, ``badugi``: 1
to 5 known cards, or 4 in badugi, or ``random``; no draw, the rest of the hand to come from the
deck). The views of sql/games (051) and sql/equity (052, 058, 059) deal them (every runout, or Monte
Carlo's trials), rank each hand and split the pot by split_equity_of (050); nothing is ranked
or split here."""

from __future__ import annotations

import math

from . import first_use, games, ranges
from .cards import card_name, check_distinct
from .context import Context
from .errors import BadInput
from .monte_carlo import monte_carlo_equity
from .results import EquityResult
from .split_equity import SPLIT_NEEDS, SPLIT_TOTALS, players_cards, split_result

KNOWN_CARDS = (2, 3, 4, 5, 6, 7)  # a stud player's cards given: from the first two down to all seven
EXACT_RUNOUTS = 1_000_000  # stud counted exactly up to this many runouts (heads-up on fifth street: 671,580)
DRAW_EXACT_RUNOUTS = 10_000_000  # the draw games: a random hand against "Ah 2c 3d" in badugi is 9,534,420 (5 s)
STUD_NEEDS = SPLIT_NEEDS + tuple(
    f"{game.replace('-', '_')}{kind}_equity" for game, rules in games.REGISTRY.items() if rules.is_split and not rules.board_cards for kind in ("", "_monte_carlo")
)


def runouts(known: list[int], dead: int, hand_cards: int = 7) -> int:
    """How many runouts deal every player the rest of their ``hand_cards`` (stud's seven): the
    first player's cards from the deck left, the next player's from what is left then, ..."""
    left = 52 - sum(known) - dead
    count = 1
    for cards in known:
        count *= math.comb(left, hand_cards - cards)
        left -= hand_cards - cards
    return count


def stud_equity(
    ctx: Context, game: games.SplitGame, hands: tuple[str | list[str], ...], board: list[int], dead: list[int],
    trials: int | None, seed: int | None, exact: bool | None, slice_trials: int | None,
) -> EquityResult:
    """Each player's share of the pot of a stud or draw game (split_equity.checked_game checks the
    request's shape first): exact over every runout up to EXACT_RUNOUTS (DRAW_EXACT_RUNOUTS),
    else ``trials`` (required) of a seeded Monte Carlo. BadInput: a board, a hand of other than 2
    to 7 cards or random (a draw game's: 1 to its cards, or random), a card twice, too few cards left, too
    many runouts without --trials."""
    name = game.name
    if board:
        raise BadInput(f"equity --game {name}: a board is not dealt in {name}, got --board {' '.join(map(card_name, board))}")
    draw = game.hole_cards < 7  # a draw game: 1 to its cards; stud: 2 to 7; either, or random
    holes = players_cards(game, hands, tuple(range(1, game.hole_cards + 1)) if draw else KNOWN_CARDS)
    known = [hole or [] for hole in holes]
    names = [f"hand {n}" for n in range(1, len(holes) + 1)]
    check_distinct(known + [dead], names + ["the dead cards"])
    left = 52 - sum(map(len, known)) - len(set(dead))
    needed = sum(game.hole_cards - len(hole) for hole in known)
    if left < needed:
        raise BadInput(
            f"equity --game {name}: the hands and the dead cards leave {left} cards, {needed} are needed to deal every player {game.hole_cards}"
        )
    if exact is False and trials is None:
        trials = ranges.DEFAULT_TRIALS
    count = runouts([len(hole) for hole in known], len(set(dead)), game.hole_cards)
    bound = EXACT_RUNOUTS if game.hole_cards == 7 else DRAW_EXACT_RUNOUTS
    if trials is None and count > bound:
        raise BadInput(
            f"equity --game {name}: {count:,} runouts, more than the {bound:,} counted exactly: give --trials N for Monte Carlo"
        )
    seed_from_question = trials is not None and seed is None
    if seed_from_question:
        seed = ranges.question_seed(name, [sorted(hole) if hole is not None else "random" for hole in holes], [], dead, trials)
    first_use.ensure_lookups(ctx, STUD_NEEDS)
    given = {
        "hand_input": [(n, c) for n, hole in enumerate(known, start=1) for c in hole],
        "random_hand_input": [(n,) for n, hole in enumerate(holes, start=1) if hole is None],
        "dead_input": [(c,) for c in sorted(set(dead))],
    }
    view = name.replace("-", "_")
    with ctx.engine.inputs(**given) as give:
        if trials is None:
            with ctx.counting(f"equity --game {name}: every runout, {count:,}"):
                totals = ctx.engine.execute(SPLIT_TOTALS.format(view=f"{view}_equity"))
        else:
            query = SPLIT_TOTALS.format(view=f"{view}_monte_carlo_equity")
            totals = monte_carlo_equity(ctx, give, query, seed, trials, slice_trials or ctx.engine.equity_costs.slice_trials)
    return split_result(holes, totals, trials is not None, seed, seed_from_question, math.comb(left, game.hole_cards))
