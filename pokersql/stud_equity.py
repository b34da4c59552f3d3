"""Seven-card stud's equity (``equity --game stud``, ``stud8``, ``razz``): each player's known
cards (2 to 7), the rest of their seven still to come from the deck. The views of
sql/13_stud_equity deal them (every runout, or Monte Carlo's trials), rank each hand and split
the pot by split_equity_of (050); nothing is ranked or split here."""

from __future__ import annotations

import math

from . import first_use, ranges
from .cards import card_name, check_distinct
from .context import Context
from .errors import BadInput
from .lows import SplitGame
from .monte_carlo import monte_carlo_equity
from .results import EquityResult
from .split_equity import SPLIT_NEEDS, SPLIT_TOTALS, hole_cards, split_result

KNOWN_CARDS = (2, 3, 4, 5, 6, 7)  # a player's cards given: from the first two down to all seven
EXACT_RUNOUTS = 1_000_000  # counted exactly up to this many runouts (heads-up on fifth street: 671,580)
STUD_NEEDS = SPLIT_NEEDS + tuple(f"{game}{kind}_equity" for game in ("stud", "stud8", "razz") for kind in ("", "_monte_carlo"))


def runouts(known: list[int], dead: int) -> int:
    """How many runouts deal every player the rest of their seven cards: the first player's
    cards from the deck left, the next player's from what is left then, ..."""
    left = 52 - sum(known) - dead
    count = 1
    for cards in known:
        count *= math.comb(left, 7 - cards)
        left -= 7 - cards
    return count


def stud_equity(
    ctx: Context, game: SplitGame, hands: tuple[str | list[str], ...], board: list[int], dead: list[int],
    trials: int | None, seed: int | None, exact: bool | None, slice_trials: int | None,
) -> EquityResult:
    """Each player's share of the pot of a stud game (split_equity.checked_game checks the request's
    shape first): exact over every runout up to EXACT_RUNOUTS, else ``trials`` (required) of a
    seeded Monte Carlo. BadInput: a board, a hand of other than 2 to 7 cards, a card twice, too
    few cards left, too many runouts without --trials."""
    name = game.name
    if board:
        raise BadInput(f"equity --game {name}: a board is not dealt in {name}, got --board {' '.join(map(card_name, board))}")
    holes = [hole_cards(game, hand, number, KNOWN_CARDS) for number, hand in enumerate(hands, start=1)]
    names = [f"hand {n}" for n in range(1, len(holes) + 1)]
    check_distinct(holes + [dead], names + ["the dead cards"])
    left = 52 - sum(map(len, holes)) - len(set(dead))
    needed = sum(7 - len(hole) for hole in holes)
    if left < needed:
        raise BadInput(f"equity --game {name}: the hands and the dead cards leave {left} cards, {needed} are needed to deal every player seven")
    if exact is False and trials is None:
        trials = ranges.DEFAULT_TRIALS
    count = runouts([len(hole) for hole in holes], len(set(dead)))
    if trials is None and count > EXACT_RUNOUTS:
        raise BadInput(
            f"equity --game {name}: {count:,} runouts, more than the {EXACT_RUNOUTS:,} counted exactly: "
            "give --trials N for Monte Carlo"
        )
    seed_from_question = trials is not None and seed is None
    if seed_from_question:
        seed = ranges.question_seed(name, [sorted(hole) for hole in holes], [], dead, trials)
    first_use.ensure_lookups(ctx, STUD_NEEDS)
    given = {
        "hand_input": [(n, c) for n, hole in enumerate(holes, start=1) for c in hole],
        "dead_input": [(c,) for c in sorted(set(dead))],
    }
    with ctx.engine.inputs(**given) as give:
        if trials is None:
            with ctx.counting(f"equity --game {name}: every runout, {count:,}"):
                totals = ctx.engine.execute(SPLIT_TOTALS.format(view=f"{name}_equity"))
        else:
            query = SPLIT_TOTALS.format(view=f"{name}_monte_carlo_equity")
            totals = monte_carlo_equity(ctx, give, query, seed, trials, slice_trials or ctx.engine.equity_costs.slice_trials)
    return split_result(holes, totals, trials is not None, seed, seed_from_question)
