"""The command of questions: odds (how often, exactly)."""

from __future__ import annotations

import click

from .checks import MAX_DEALS, MAX_SEED
from .cli_base import Context, cli, format_option, pass_context, quiet_option
from .errors import BadInput
from .output import emit


@cli.command()
@click.argument("events", nargs=-1)
@click.option("--hero", metavar="RANGE", default=None, help="A hand (AhAd) or a range (QQ+,AKs) of one player: how often it holds EVENT by --street.")
@click.option("--street", type=click.Choice(["flop", "turn", "river"]), default=None, help="With --hero: the street the EVENT is asked of.")
@click.option("--board", default="", metavar="CARDS", help="With --hero: the board so far (every completion to the street is counted).")
@click.option("--dead", default="", metavar="CARDS", help="With --hero: cards known to be out of the deck.")
@click.option("--histogram", is_flag=True, help="With --hero: every category's count and share on each street up to --street.")
@click.option("--game", type=click.Choice(["holdem", "five-card"]), default="holdem", show_default=True, help="Without --hero: the game dealt: Hold'em (EVENTS hole cards in range notation, or categories of full house or better), or five cards each from one deck (EVENTS categories: full house, four of a kind or better, ...).")
@click.option("--players", type=click.IntRange(2, 10), default=None, help="Without --hero: players dealt, 2 to 10.")
@click.option("--trials", type=click.IntRange(2, MAX_DEALS), default=None, help="Monte Carlo deals instead of the exact count (with --hero: boards sampled, each with every combination; hole-card EVENTS: at most 1,000,000).")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None, help="With --trials: the seed of the deals (from the question by default).")
@format_option
@quiet_option
@pass_context
def odds(
    context: Context, events: tuple[str, ...], hero: str | None, street: str | None, board: str, dead: str,
    histogram: bool, game: str, players: int | None, trials: int | None, seed: int | None, output_format: str,
) -> None:
    """How often: exact odds, counted in SQL (docs/ranges.md#how-often-odds).

    With --hero: how often a hand or a range holds EVENT by --street, over every combination
    and every board (EVENT a category, "... or better", a made hand or a draw).
    Otherwise: how often hole-card EVENTS (range notation) are all dealt, or
    categories (full house or better) all made, each by a different player of --players.

    \b
    Examples:
        pokersql odds --hero "QQ+,AKs" --street flop "set or better"
        pokersql odds --hero "Ah Kh" --street flop "flush draw"
        pokersql odds --hero 88 --street river --histogram
        pokersql odds --players 6 AA AA
        pokersql odds --players 6 "full house" "four of a kind" "royal flush"
        pokersql odds --game five-card --players 6 "full house" "four of a kind" "royal flush"
    """
    from . import odds as odds_module

    if hero is not None:
        if street is None:
            raise BadInput("odds --hero needs --street flop, turn or river")
        if len(events) > 1:
            raise BadInput(f"odds --hero asks one EVENT, got {len(events)}: {' | '.join(events)}")
        if seed is not None and trials is None:
            raise BadInput(f"--seed {seed} is for Monte Carlo: give --trials N with it")
        result = odds_module.odds(context.db.context, hero, street, events[0] if events else None, board, dead, histogram,
                                  trials, seed)
    else:
        from . import odds_players

        for name, value in (("--street", street), ("--board", board), ("--dead", dead), ("--histogram", histogram)):
            if value:
                raise BadInput(f"odds {name} goes with --hero")
        result = odds_players.odds(context.db.context, game, players, events, trials, seed)
    emit(result, output_format)
