"""Equity: Hold'em's (exact, Monte Carlo, the preflop table; the next street, by combination),
and the other games' (pokersql.game_equity), each request checked here first."""

from __future__ import annotations

import math
import warnings

from . import game_equity, games, ranges, split_equity, stud_equity
from .cards import card_name, check_distinct
from .checks import MAX_DEALS, MAX_SEED, MIN_TRIALS, cards_given, whole_number
from .context import Context
from .errors import BadInput
from .first_use import ensure_ready
from .monte_carlo import monte_carlo_equity
from .results import EquityPlayer, EquityResult


# Each player's runouts, wins, ties and pots in 2520ths (exact integers: slices add up).
EQUITY_QUERY = "select player, runouts, wins, ties, pot_shares from equity order by player"
# Monte Carlo (020, 021): every trial a runout; with every hand known, the trials' boards by class (fewer to rank).
MONTE_CARLO_QUERY = "select player, runouts, wins, ties, pot_shares from {view} order by player"
# Heads-up preflop from the table (022): pairs of the players' combinations, and their counts,
# each pair counted its two weights multiplied times.
PREFLOP_QUERY = """
select
    sum(player_1.weight * player_2.weight),
    sum(matchups.wins * player_1.weight * player_2.weight),
    sum(matchups.ties * player_1.weight * player_2.weight),
    sum(matchups.losses * player_1.weight * player_2.weight)
from range_input as player_1
inner join range_input as player_2
    on player_1.player = 1
    and player_2.player = 2
inner join preflop_matchups as matchups
    on matchups.hand_1_high = player_1.card_1
    and matchups.hand_1_low = player_1.card_2
    and matchups.hand_2_high = player_2.card_1
    and matchups.hand_2_low = player_2.card_2
"""
# The same per combination of one player (the first parameter; the other is the second): its
# pairs, their wins and ties from its side (the table holds both orders of every pair).
PREFLOP_BY_COMBO_QUERY = """
select
    mine.card_1,
    mine.card_2,
    sum(mine.weight * theirs.weight),
    sum(matchups.wins * mine.weight * theirs.weight),
    sum(matchups.ties * mine.weight * theirs.weight)
from range_input as mine
inner join range_input as theirs
    on mine.player = ?
    and theirs.player = ?
inner join preflop_matchups as matchups
    on matchups.hand_1_high = mine.card_1
    and matchups.hand_1_low = mine.card_2
    and matchups.hand_2_high = theirs.card_1
    and matchups.hand_2_low = theirs.card_2
group by
    mine.card_1,
    mine.card_2
"""
STREET_QUERY = "select next_card, player, pot_shares, runouts, leads from street_equity order by next_card, player"


def _check_next_street(players: list[ranges.Player], board: list[int], trials: int | None, exact: bool | None) -> None:
    """The next street is shown on a flop or a turn; with a range (or ``random``) every deal is
    counted: not by Monte Carlo."""
    if len(board) not in (3, 4):
        raise BadInput(f"the next street needs a board of 3 or 4 cards (a flop or a turn), got {len(board)}")
    ranged = next((p for p in players if not p.is_hand), None)
    if ranged is not None and (trials is not None or exact is False):
        raise BadInput(f"the next street of a range ({ranged.label()!r}) counts every deal exactly: leave --trials out")


def equity(
    ctx: Context,
    *hands: str | list[str],
    board: str | list[str] = "",
    dead: str | list[str] = "",
    trials: int | None = None,
    seed: int | None = None,
    exact: bool | None = None,
    slice_trials: int | None = None,
    next_street: bool = False,
    game: str = "holdem",
    by_combo_of: int | None = None,
    by_combo: int | None = None,
) -> EquityResult:
    """Texas Hold'em equity of 2 to 10 players, each a hand, a range ("QQ+,AKs") or "random".

    Exact (every deal and board, each counted once) when ``exact=True``, or by default
    when the engine's estimate of it is quicker than Monte Carlo's, or a few seconds
    (``ranges.choose_exact``, from ``engine.equity_costs``); a seeded Monte Carlo
    estimate of ``trials`` runouts when given, or of ``ranges.DEFAULT_TRIALS`` when
    exact would be slower. Exact work estimated at more than ``ranges.EXACT_SECONDS_MAX``
    is refused (BadInput naming the deals x boards). Exact ranges are counted in slices of
    one player's combinations, Monte Carlo trials in slices of ``slice_trials`` (the
    counts add up to one run), so memory stays bounded, each Monte Carlo slice a step
    reported to the progress callback. ``seed`` seeds Monte Carlo only: refused with
    ``exact=True``, unused (``result.exact`` says so) when the default answers exactly.

    ``next_street=True``, with a flop or a turn: each card that can come next, who leads once
    it is dealt and each player's exact equity after it (``result.next_street``), and each
    player's outs, the cards where they lead (``EquityPlayer.outs``); from the view
    street_equity (017). With a range (or "random"), every deal with every card (the view
    range_street_equity, 049), exact only, and a player leads after a card when their equity
    then is the best at the table (a range holds no one hand).

    ``by_combo_of`` (a player's number, from 1: ``by_combo_of=2`` breaks down the second
    player's range): each combination of that player's range with its exact equity against
    the others (``EquityPlayer.by_combo``, the best first; ``result.by_combo_df()``, one row
    per combination), from
    the view range_combo_equity (018), or the preflop table heads-up before the flop.
    Exact only: refused with ``trials`` or ``next_street``. ``by_combo``: its old name
    (a DeprecationWarning).

    ``game`` (``games.GAME_NAMES``): another game's equity (``game_equity.equity``, the game equity
    views of sql/equity): each hand its hole cards, or "random" (as many drawn); exact for known hands,
    Monte Carlo with ``trials`` or a random hand, exact against one random hand with ``exact=True``
    where it is counted (``game_equity.check_exact_random``); ``next_street`` as Hold'em's; no ranges or ``by_combo``.
    """
    if by_combo is not None:
        if by_combo_of is not None:
            raise BadInput("by_combo is by_combo_of's old name: give by_combo_of only")
        warnings.warn(
            "equity(by_combo=N) is now equity(by_combo_of=N): N the number of the player whose range is broken down, from 1",
            DeprecationWarning,
            stacklevel=3,  # the caller of Database.equity
        )
        by_combo_of = by_combo
    by_combo = by_combo_of
    rules = games.rules(game, ctx)
    if rules.is_split or not rules.holdem_tables:
        if by_combo is not None:
            raise BadInput(f"equity --game {game}: --by-combo is Hold'em's only for now")
        board_cards, dead_cards = cards_given(board, "the board"), cards_given(dead, "the dead cards")
        for name, value, low, high in (("trials", trials, MIN_TRIALS, MAX_DEALS), ("seed", seed, 0, MAX_SEED), ("slice_trials", slice_trials, 1, MAX_DEALS)):
            if value is not None:
                whole_number(name, value, low, high)
        if rules.is_split:
            split_game = split_equity.checked_game(rules, hands, trials, seed, exact, next_street)
            if not split_game.board_cards:  # stud, razz, the draw games: each player's own cards, no board
                return stud_equity.stud_equity(ctx, split_game, hands, board_cards, dead_cards, trials, seed, exact, slice_trials)
            return split_equity.equity(ctx, split_game, hands, board_cards, dead_cards, trials, seed, exact, slice_trials, next_street)
        return game_equity.equity(ctx, rules, hands, board_cards, dead_cards, trials, seed, exact, slice_trials, next_street)
    if len(hands) == 1 and isinstance(hands[0], (list, tuple)):
        hands = tuple(hands[0])
    if not 2 <= len(hands) <= 10:
        raise BadInput(f"equity needs 2 to 10 hands, got {len(hands)}")
    if exact and trials is not None:
        raise BadInput("choose --exact or --trials, not both")
    if exact and seed is not None:
        raise BadInput(f"--seed {seed} is for Monte Carlo: --exact counts every board and draws nothing")
    players = [ranges.parse_player(hand, number) for number, hand in enumerate(hands, start=1)]
    if by_combo is not None:
        if trials is not None or exact is False:
            raise BadInput("--by-combo counts every deal exactly: not with --trials")
        if next_street:
            raise BadInput("choose --by-combo or --next-street, not both")
        whole_number("by_combo_of (a player's number, from 1)", by_combo, 1, len(players))
        exact = True
    board_cards = cards_given(board, "the board")
    if len(board_cards) not in (0, 3, 4, 5):
        given = " ".join(card_name(c) for c in board_cards)
        raise BadInput(f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)}: {given}")
    dead_cards = cards_given(dead, "the dead cards")
    if next_street:
        _check_next_street(players, board_cards, trials, exact)
        exact = True if not all(p.is_hand for p in players) else exact  # a range's street: every deal
    known = [(f"hand {n}", list(p.combos[0])) for n, p in enumerate(players, start=1) if p.is_hand]
    known += [("the board", board_cards), ("the dead cards", dead_cards)]
    check_distinct([cards for _, cards in known], [name for name, _ in known])
    holes_known = len(known) - 2
    left = 52 - 2 * holes_known - len(board_cards) - len(dead_cards)
    needed = 5 - len(board_cards) + 2 * (len(players) - holes_known)
    if left < needed:
        given = f"{len(hands)} hands, {len(board_cards)} board and {len(dead_cards)} dead cards"
        raise BadInput(f"{given} leave {left} cards in the deck, and {needed} are needed to finish the deal")
    live = ranges.remove_known(players, set(board_cards) | set(dead_cards))
    if trials is None and exact is not False and _preflop_lookup_answers(ctx, players, board_cards, dead_cards, next_street):
        return _preflop_lookup(ctx, players, live, by_combo)
    costs = ctx.engine.equity_costs
    # Known hands alone are always exact: every board, by its classes (015).
    if trials is None and not all(p.is_hand for p in players):
        work = ranges.exact_work(live, board_cards, dead_cards, None if by_combo or next_street else players)
        if exact:
            ranges.check_feasible(work, costs, ctx.engine.name)
        elif exact is None and not ranges.choose_exact(work, costs):
            trials = ranges.DEFAULT_TRIALS
    if exact is False and trials is None:
        trials = ranges.DEFAULT_TRIALS
    exact = trials is None
    seed_from_question = False
    if not exact:
        whole_number("trials", trials, MIN_TRIALS, MAX_DEALS)
        slice_trials = costs.slice_trials if slice_trials is None else slice_trials
        whole_number("slice_trials", slice_trials, 1, MAX_DEALS)
        if seed is None:
            seed_from_question = True
            seed = ranges.question_seed("holdem", [p.question() for p in players], board_cards, dead_cards, trials)
        whole_number("seed", seed, 0, MAX_SEED)
        ranges.check_a_deal_exists(players, live)
    holes: list[list[int] | None] = [list(p.combos[0]) if p.is_hand else None for p in players]
    ensure_ready(ctx)
    known = [(n, c) for n, hole in enumerate(holes, start=1) if hole for c in hole]
    given = {"board_input": [(c,) for c in board_cards], "dead_input": [(c,) for c in dead_cards]}
    if exact and ranges.one_random_opponent(players) and by_combo is None and not next_street:
        random_player = next(n for n, h in enumerate(holes, start=1) if h is None)
        with ctx.engine.inputs(**given, hand_input=known, random_hand_input=[(random_player,)]):
            with ctx.counting("equity: every board and every hand of the random player"):
                return ranges.random_opponent_equity(ctx.engine, players)
    if exact and not all(p.is_hand for p in players):
        with ctx.engine.inputs(**given) as give, ctx.counting("equity: every deal and board still to come"):
            return ranges.exact_range_equity(ctx.engine, give, players, live, costs.slice_work, by_combo, next_street)
    given["hand_input"] = known
    given["random_hand_input"] = [(n,) for n, p in enumerate(players, start=1) if p.is_random]
    # Monte Carlo of ranges: each range player's live combinations, drawn per trial (020, 021).
    given["range_input"] = ranges.range_rows(
        [combos if not (p.is_hand or p.is_random) else [] for p, combos in zip(players, live)], players
    )
    with ctx.engine.inputs(**given) as give:
        if exact:
            with ctx.counting("equity: every board still to come"):
                totals = ctx.engine.execute(EQUITY_QUERY)
        else:
            view = "monte_carlo_class_equity" if all(p.is_hand for p in players) else "monte_carlo_equity"
            totals = monte_carlo_equity(ctx, give, MONTE_CARLO_QUERY.format(view=view), seed, trials, slice_trials)
        streets = ctx.engine.execute(STREET_QUERY) if next_street else []
    runouts = totals[0][1] if totals else 0
    if not exact and runouts != trials:
        raise BadInput(f"only {runouts:,} of {trials:,} trials could be dealt: the ranges hardly ever fit together")
    result_players = []
    for player, combos, (_, _, wins, ties, shares) in zip(players, live, totals):
        equity = ranges.pot_share(shares, runouts)
        std_error = None if exact else ranges.std_error(wins, equity, runouts)
        result_players.append(_equity_player(player, combos, wins, ties, equity, std_error))
    result = EquityResult(
        exact=exact, boards=runouts, deals=runouts, players=result_players, seed=None if exact else seed, seed_from_question=seed_from_question
    )
    if next_street:
        ranges.add_next_street(result, streets, len(board_cards))
    if by_combo is not None:  # known hands only: the hand is its one combination
        chosen = result.players[by_combo - 1]
        combo = players[by_combo - 1].combos[0]
        chosen.by_combo = ranges.combo_equities(players[by_combo - 1], [(ranges.combo_of(combo), result.deals, chosen.wins, chosen.ties, chosen.equity)])
    return result


def _preflop_lookup_answers(ctx: Context, players: list[ranges.Player], board: list[int], dead: list[int], next_street: bool) -> bool:
    """Heads-up, before the flop, no dead cards, and preflop_matchups filled: the table
    answers exactly, whatever the ranges (random against random included)."""
    if len(players) != 2 or board or dead or next_street:
        return False
    ensure_ready(ctx)
    return bool(ctx.engine.execute("select count(*) from (select 1 from preflop_matchups limit 1) as filled")[0][0])


def _preflop_lookup(ctx: Context, players: list[ranges.Player], live: list[list[ranges.Combo]], by_combo: int | None = None) -> EquityResult:
    """Heads-up preflop equity read from preflop_matchups: the counts of every pair of the two
    players' live combinations that share no card, summed, which is what enumerating every
    deal and board counts (card removal is the table's: it holds disjoint pairs only)."""
    with ctx.engine.inputs(range_input=ranges.range_rows(live, players)):
        deals, wins, ties, losses = (int(count or 0) for count in ctx.engine.execute(PREFLOP_QUERY)[0])
    if not deals:
        raise BadInput("the two players' hands always share a card: no deal exists")
    boards = math.comb(48, 5)
    deals *= boards
    counts = [(wins, ties), (losses, ties)]
    result_players = [
        _equity_player(player, combos, won, tied, ranges.pot_share(2 * won + tied, deals, 2), None)
        for player, combos, (won, tied) in zip(players, live, counts)
    ]
    scale = ranges.weight_scale(players) if any(p.weights for p in players) else None
    if by_combo is not None:
        with ctx.engine.inputs(range_input=ranges.range_rows(live, players)):
            rows = ctx.engine.execute(PREFLOP_BY_COMBO_QUERY, (by_combo, 3 - by_combo))
        result_players[by_combo - 1].by_combo = ranges.combo_equities(
            players[by_combo - 1],
            [((int(high), int(low)), int(d) * boards, int(w), int(t), (int(w) + int(t) / 2) / (int(d) * boards)) for high, low, d, w, t in rows],
        )
    return EquityResult(exact=True, boards=boards, deals=deals, players=result_players, seed=None, weight_scale=scale)


def _equity_player(
    player: ranges.Player, combos: list[ranges.Combo], wins: int, ties: int, equity: float, std_error: float | None
) -> EquityPlayer:
    """One player's line of an equity result: a hand's cards or a range's text, as typed."""
    return EquityPlayer(
        hand=player.label() if player.is_hand else None,
        range=None if player.is_hand else player.label(),
        combos=len(combos),
        wins=wins,
        ties=ties,
        equity=equity,
        std_error=std_error,
    )
