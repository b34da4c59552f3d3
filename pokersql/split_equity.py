"""Split-pot equity (``equity --game omaha8``): the views of 050 (omaha_split_equity, every board
still to come; omaha_split_monte_carlo_equity, the boards Monte Carlo draws), each player's high
and low found by the board's triples as Omaha's high is (036) and the pot split by
split_equity_of. Exact for known hands and against one random hand where it is cheap
(omaha_split_random_equity, 059), or Monte Carlo. A game whose hole cards play any way
(hole_cards_played null: Hold'em hi-lo, a row of split_games) by 059's any_way views, Hold'em's
runouts with their lows, the same tally; nothing is ranked or split here."""

from __future__ import annotations

import math

from . import first_use, games, ranges
from .cards import card_name, check_distinct, parse_cards
from .context import Context
from .engines.base import EquityCosts
from .errors import BadInput
from .games import SPLIT_NEEDS as NEEDS, SplitGame
from .monte_carlo import monte_carlo_equity
from .results import EquityPlayer, EquityResult

SPLIT_TOTALS = "select player, runouts, scoops, splits, high_pot_shares, low_pot_shares, pot_share_squares from {view} order by player"
SPLIT_RANDOM_SLICE_TRIALS = 20_000  # Monte Carlo with random hands: trials per query at most (0.7 GB on DuckDB)
POT_PARTS = 5040  # a split pot's parts (050): each half divisible by 1 to 10
STREET_TOTALS = "select next_card, player, pot_shares, runouts, leads from omaha_split_street_equity order by next_card, player"
SPLIT_NEEDS = NEEDS + (
    "omaha_split_street_equity", "omaha_split_equity", "omaha_split_monte_carlo_equity",
    "omaha_split_random_monte_carlo_equity", "omaha_split_random_equity",
    "any_way_split_equity", "any_way_split_monte_carlo_equity", "any_way_split_random_monte_carlo_equity",
)
# The views of a game whose hole cards play any way (059, Hold'em hi-lo): exact, Monte Carlo
# with known hands, Monte Carlo with random hands. Omaha's rule (two hole cards): 050 and 059.
ANY_WAY_VIEWS = ("any_way_split_equity", "any_way_split_monte_carlo_equity", "any_way_split_random_monte_carlo_equity")
OMAHA_VIEWS = ("omaha_split_equity", "omaha_split_monte_carlo_equity", "omaha_split_random_monte_carlo_equity")
# Exact with a random hand (059, omaha_split_random_equity) ranks each pair of each hand with each
# board: hands x boards x pairs of a hand rows. Counted (--exact, and the default) up to this many:
# a turn heads-up in PLO8 is 32,580,240 rows, 6 s on DuckDB and 159 s on SQLite, faster than
# the default Monte Carlo's 100,000 trials on each (11.5 s on DuckDB); a flop is 733,055,400.
EXACT_PAIR_ROWS = 40_000_000
# DuckDB's cost of exact work against a Monte Carlo trial (engines/duckdb.py's EquityCosts), where
# EXACT_PAIR_ROWS was measured (a turn: 6.4 s exact, 11.5 s for the default trials): an engine on
# which exact work costs relatively more counts exactly by default within a bound smaller as much
# (SQLite: the same turn 159 s exact, 74 s by Monte Carlo)
_DUCKDB_EXACT_PER_TRIAL = 4.5e-7 / 2.5e-5


def hole_cards(game: SplitGame, hand: str | list[str], number: int, sizes: tuple[int, ...] | None = None) -> list[int]:
    """A player's cards, ``sizes`` many (the game's hole cards when None); else BadInput naming them."""
    sizes = sizes or (game.hole_cards,)
    text = hand if isinstance(hand, str) else " ".join(hand)
    wanted = f"{sizes[0]} hole cards" if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]} cards"
    try:
        cards = parse_cards(text)
    except BadInput:
        raise BadInput(
            f"equity --game {game.name}: hand {number} {text!r} is not cards: ranges are Hold'em's only; "
            f"give {wanted}, or random"
        ) from None
    if len(cards) not in sizes:
        raise BadInput(
            f"equity --game {game.name}: hand {number} needs {wanted}, got {len(cards)}: "
            + " ".join(map(card_name, cards))
        )
    return cards


def _is_random(hand: str | list[str]) -> bool:
    return (hand if isinstance(hand, str) else " ".join(hand)).strip().lower() == "random"


def any_way_checked(ctx: Context, game: SplitGame) -> SplitGame:
    """A board game whose hole cards play any way (hole_cards_played null) is counted by 059's
    any_way views when its high is Hold'em's (its row of games: holdem_tables) and its low eight
    or better, with Hold'em's two hole cards; else BadInput in one line saying what is not."""
    high = games.rules(game.high_game, ctx) if game.high_game else None
    if high is None or high.is_split or not high.holdem_tables or game.hole_cards != 2 or game.low_ranking != "eight-or-better":
        raise BadInput(
            f"equity --game {game.name}: {game.name} plays its hole cards any way, and split-pot equity counts those "
            f"games with Hold'em's high (2 hole cards, a board of 5) and an eight-or-better low: its high is "
            f"{game.high_game}, its low {game.low_ranking}, {game.hole_cards} hole cards"
        )
    return game


def players_cards(
    game: SplitGame, hands: tuple[str | list[str], ...], sizes: tuple[int, ...] | None = None
) -> list[list[int] | None]:
    """Each player's cards (hole_cards), None for a ``random`` hand."""
    return [
        None if _is_random(hand) else hole_cards(game, hand, number, sizes)
        for number, hand in enumerate(hands, start=1)
    ]


def checked_game(
    game: SplitGame, hands: tuple[str | list[str], ...], trials: int | None, seed: int | None, exact: bool | None,
    next_street: bool,
) -> SplitGame:
    """The split game of an equity request, its request checked (what every split game's equity
    refuses alike). BadInput for the games not counted, random hands and the next street."""
    name = game.name
    own_cards = not game.board_cards  # stud, razz, the draw games: pokersql/stud_equity.py
    if not own_cards and game.low_ranking is None:  # courchevel
        raise BadInput(
            f"equity --game {name}: split-pot equity is counted for the games with a low half or a low pot "
            "(its high is omaha5's: equity --game omaha5)"
        )
    if game.board_cards and game.hole_cards_played is None and next_street:
        raise BadInput(f"equity --game {name}: --next-street is counted for the games that play two hole cards and "
                       f"three of the board (omaha8's rule), and {name} plays its hole cards any way")
    if game.board_cards and game.hole_cards_played is None and exact and any(_is_random(hand) for hand in hands):
        raise BadInput(f"equity --game {name}: exact equity of a random hand is counted for the games that play two "
                       f"hole cards and three of the board (omaha8's rule), and {name} plays its hole cards any way: use --trials")
    if next_street and not game.board_cards:
        raise BadInput(f"equity --game {name}: --next-street needs a board, and {name} deals none")
    if exact and trials is not None:
        raise BadInput("choose --exact or --trials, not both")
    if exact and seed is not None:
        raise BadInput(f"--seed {seed} is for Monte Carlo: --exact counts every board and draws nothing")
    if not 2 <= len(hands) <= 10:
        raise BadInput(f"equity --game {name}: equity needs 2 to 10 hands, got {len(hands)}")
    return game


def equity(
    ctx: Context, game: SplitGame, hands: tuple[str | list[str], ...], board: list[int], dead: list[int],
    trials: int | None = None, seed: int | None = None, exact: bool | None = None, slice_trials: int | None = None,
    next_street: bool = False,
) -> EquityResult:
    """Each player's share of a split pot of an Omaha hi-lo game (omaha8, omaha5-8, courchevel8),
    or of one whose hole cards play any way (any_way_checked; its random hands Monte Carlo's;
    the request checked by checked_game): ``equity`` both halves together, ``high_share`` and
    ``low_share`` (each half's part of the pot), ``scoop`` (how often the player takes the whole
    pot alone); wins are scoops and ties the boards where the player takes a part. Exact over
    every board still to come (before the flop too), with one random hand over every hand it
    may hold too where exact_random counts it, or a seeded Monte Carlo of ``trials`` boards
    (the seed from the question when none is given). Stud's: stud_equity.stud_equity."""
    name = game.name
    holes = players_cards(game, hands)
    known = [hole or [] for hole in holes]
    randoms = [n for n, hole in enumerate(holes, start=1) if hole is None]
    if len(board) not in (0, 3, 4, 5):
        shown = " ".join(map(card_name, board))
        raise BadInput(f"equity --game {name}: the board needs 0, 3, 4 or 5 cards, got {len(board)}: {shown}")
    names = [f"hand {n}" for n in range(1, len(holes) + 1)]
    check_distinct(known + [board, dead], names + ["the board", "the dead cards"])
    if len(randoms) == len(holes):
        raise BadInput(f"equity --game {name}: every hand is random: give one hand's hole cards (a random hand holds as many)")
    if next_street and (len(board) not in (3, 4) or randoms or trials is not None):
        raise BadInput(
            f"equity --game {name}: the next street needs known hands and a board of 3 or 4 cards (a flop or a turn), "
            f"counted exactly: got a board of {len(board)}" + (f", hand {randoms[0]} 'random'" if randoms else "")
            + (" and --trials" if trials is not None else "")
        )
    left = 52 - sum(map(len, known)) - len(board) - len(set(dead))
    needed = 5 - len(board) + game.hole_cards * len(randoms)
    if left < needed:
        raise BadInput(f"equity --game {name}: the hands, the board and the dead cards leave {left} cards, {needed} are needed")
    # a random hand: exact where exact_random counts it (a --seed alone is then unused), else Monte Carlo
    any_way = game.hole_cards_played is None
    exact_view, drawn_view, random_view = ANY_WAY_VIEWS if any_way else OMAHA_VIEWS
    if any_way:
        any_way_checked(ctx, game)
    default_rows = default_exact_rows(ctx.engine.equity_costs)
    drawn_randoms = bool(randoms) and (any_way or not exact_random(game, len(randoms), len(board), left, exact, default_rows))
    if trials is None and (exact is False or drawn_randoms):
        trials = ranges.DEFAULT_TRIALS
    seed_from_question = trials is not None and seed is None
    if seed_from_question:
        seed = ranges.question_seed(name, [sorted(hole) if hole is not None else "random" for hole in holes], board, dead, trials)
    first_use.ensure_lookups(ctx, SPLIT_NEEDS)
    given = {
        "hand_input": [(n, c) for n, hole in enumerate(known, start=1) for c in hole],
        "random_hand_input": [(n,) for n in randoms],
        "board_input": [(c,) for c in board],
        "dead_input": [(c,) for c in sorted(set(dead))],
    }
    with ctx.engine.inputs(**given) as give:
        if trials is None and randoms:
            with ctx.counting(f"equity --game {name}: every board and every hand of the random player"):
                totals = ctx.engine.execute(SPLIT_TOTALS.format(view="omaha_split_random_equity"))
        elif trials is None:
            with ctx.counting(f"equity --game {name}: every board still to come"):
                totals = ctx.engine.execute(SPLIT_TOTALS.format(view=exact_view))
                streets = ctx.engine.execute(STREET_TOTALS) if next_street else []
        elif randoms:  # each trial ranked (059); memory grows with the slice (100,000 trials: 2.9 GB on DuckDB)
            slice_trials = min(slice_trials or ctx.engine.equity_costs.slice_trials, SPLIT_RANDOM_SLICE_TRIALS)
            query = SPLIT_TOTALS.format(view=random_view)
            totals = monte_carlo_equity(ctx, give, query, seed, trials, slice_trials)
            if int(totals[0][1]) != trials:
                raise BadInput(f"equity --game {name}: only {int(totals[0][1]):,} of {trials:,} trials could be dealt: too few cards are left for the random hands")
        else:
            # Omaha's slice ranks every board that can come (omaha_split_boards): no more slices than needed.
            slice_trials = slice_trials or ctx.engine.equity_costs.slice_trials
            slice_trials = slice_trials if any_way else max(slice_trials, math.comb(left, 5 - len(board)))
            query = SPLIT_TOTALS.format(view=drawn_view)
            totals = monte_carlo_equity(ctx, give, query, seed, trials, slice_trials)
    result = split_result(holes, totals, trials is not None, seed, seed_from_question, math.comb(left, game.hole_cards))
    if trials is None and randoms:  # every board with every hand of the random player: the boards of one hand
        result.boards = math.comb(left - game.hole_cards, 5 - len(board))
    if next_street:  # the pot in 2520 parts, as Hold'em's street_equity gives it
        ranges.add_next_street(result, [(card, player, shares / 2, runouts, leads) for card, player, shares, runouts, leads in streets], len(board))
    return result


def default_exact_rows(costs: EquityCosts) -> int:
    """The engine's bound on a random hand's exact count by default: EXACT_PAIR_ROWS, smaller as
    much as exact work costs more against a trial than on DuckDB."""
    return round(EXACT_PAIR_ROWS * min(1.0, _DUCKDB_EXACT_PER_TRIAL * costs.trial / costs.exact_per_work))


def exact_random(
    game: SplitGame, randoms: int, board_cards: int, left: int, exact: bool | None, default_rows: int = EXACT_PAIR_ROWS,
) -> bool:
    """Whether a request with ``randoms`` random hands is counted exactly (059,
    omaha_split_random_equity: one random hand, each of its pairs ranked with each board):
    with ``exact``, within EXACT_PAIR_ROWS, and beyond it (or with more random hands) BadInput
    saying why; by default (``exact`` None) within ``default_rows``, the engine's bound."""
    hands = math.comb(left, game.hole_cards)
    rows = hands * math.comb(left - game.hole_cards, 5 - board_cards) * math.comb(game.hole_cards, 2)
    if exact and randoms > 1:
        raise BadInput(f"equity --game {game.name}: exact split-pot equity counts one random hand, got {randoms}: use --trials")
    if exact and rows > EXACT_PAIR_ROWS:
        raise BadInput(
            f"equity --game {game.name}: exact split-pot equity of a random hand would rank {rows:,} pairs of its "
            f"{hands:,} hands with the boards, more than {EXACT_PAIR_ROWS:,} (a turn heads-up): use --trials"
        )
    return randoms == 1 and rows <= (EXACT_PAIR_ROWS if exact else default_rows)


def split_result(
    holes: list[list[int] | None], totals: list[tuple], drawn: bool, seed: int | None, seed_from_question: bool,
    random_combos: int = 0,
) -> EquityResult:
    """The result of a split_equity_of tally (050): ``totals`` its rows (SPLIT_TOTALS), one per
    player in order; ``drawn``: Monte Carlo (each player's standard error). A hole of None is a
    random hand (the lowball games), ``random_combos`` the hands it may hold."""
    runouts = int(totals[0][1])
    players = []
    for hole, (_, _, scoops, splits, high, low, squares) in zip(holes, totals):
        share = ranges.pot_share(int(high) + int(low), runouts, POT_PARTS)
        # Monte Carlo: the spread of one runout's share of the pot (0, 1/4, 1/2, 3/4, 1, ...) over sqrt(trials)
        spread = max(0.0, int(squares) / (POT_PARTS * POT_PARTS * runouts) - share * share)
        players.append(EquityPlayer(
            hand=None if hole is None else [card_name(c) for c in hole], range="random" if hole is None else None,
            combos=random_combos if hole is None else 1, wins=int(scoops), ties=int(splits), equity=share,
            std_error=math.sqrt(spread / runouts) if drawn else None,
            high_share=ranges.pot_share(high, runouts, POT_PARTS), low_share=ranges.pot_share(low, runouts, POT_PARTS), scoop=int(scoops) / runouts,
        ))
    return EquityResult(
        exact=not drawn, boards=runouts, deals=runouts, players=players, seed=seed, seed_from_question=seed_from_question,
    )
