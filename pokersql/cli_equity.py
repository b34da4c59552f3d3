"""The commands of equity and ranges: equity, range."""

from __future__ import annotations

import functools

import click

from .cards import card_name, parse_cards
from .checks import MAX_DEALS, MAX_SEED, MIN_TRIALS
from .cli_base import Context, _plot, cli, format_option, game_option, pass_context, plot_option, quiet_option
from .games import NAMES
from .output import emit


@cli.command()
@click.argument("hands", nargs=-1, required=True)
@click.option("--board", default="", metavar="CARDS", help="The board so far: 0, 3, 4 or 5 cards.")
@click.option("--dead", default="", metavar="CARDS", help="Cards known to be out of the deck.")
@click.option(
    "--trials",
    type=click.IntRange(MIN_TRIALS, MAX_DEALS),
    default=None,
    help=f"Monte Carlo runouts instead of every board ({MIN_TRIALS} or more: one has no standard error).",
)
@click.option(
    "--exact",
    "exact",
    is_flag=True,
    default=None,
    help="Count every deal and board; refused when estimated at more than four hours (use --trials).",
)
@click.option("--next-street", is_flag=True, help="With a flop or a turn: each card that can come next, who leads and everyone's equity after it, and each player's outs.")
@click.option("--by-combo", is_flag=True, help="Each combination of the first player's range with its exact equity against the others, the best first.")
@click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    default=None,
    help="Seed of the Monte Carlo runouts (0 to 2^62): used with --trials, or when the default picks Monte Carlo; "
    "refused with --exact; with an exact answer it is unused, and a note on stderr says so. If omitted, one derived "
    "from the question (hands, board, dead cards, trials, game): the same command gives the same answer.",
)
@plot_option
@functools.partial(
    game_option,
    names=NAMES,
    added=True,
    help="The game: holdem; omaha, omaha5, omaha6; shortdeck, shortdeck-triton; split pots: "
    "omaha8, omaha5-8, courchevel8, stud8; stud, razz; deuce-to-seven, ace-to-five, badugi "
    "(equity with high_share, low_share and scoop; docs/games-hilo.md); or a game added to the "
    "database as its rows (docs/games.md).",
)
@format_option
@quiet_option
@pass_context
def equity(
    context: Context, hands: tuple[str, ...], board: str, dead: str, trials: int | None, exact: bool | None,
    next_street: bool, by_combo: bool, seed: int | None, game: str, plot: str | None, output_format: str,
) -> None:
    """Texas Hold'em equity of 2 to 10 players: exact when feasible, else Monte Carlo.

    Each HAND is two hole cards, a range ("QQ+,AKs", "A2s+", "22-55", "AKo") or "random";
    with --game, the game's hole cards or "random" (docs/games.md).

    \b
    Examples:
        pokersql equity AhAd KhKd
        pokersql equity "Ah Kh" "Qs Qd" "7c 8c" --board "2h 7h Qc"
        pokersql equity AhAd "QQ+,AKs"
        pokersql equity AhAd random --trials 100000 --seed 7
        pokersql equity AhAd KhKd --board "2h 7h Qc" --plot equity.png
        pokersql equity AhAd KhKd --board "2h 7h Kc" --next-street
        pokersql equity --game omaha "Ah Ad Kc Qc" "Js Ts 9d 8d" --board "2h 7h Qd"
        pokersql equity --game shortdeck "As Ks" random --trials 100000 --seed 7
        pokersql equity --game omaha8 "Ah 2h Kc Qc" "As 3d 8s 8d" --board "4h 7c Kd"
        pokersql equity --game stud8 "Ah 2h 3c Kc Kd" "As 3d 8s 8d 9c"
        pokersql equity --game badugi "Ah 2c 3d" random
        pokersql equity "QQ+,AKs:0.5" "JJ+,AQs" --board "Qh Ts 7c" --by-combo
    """
    if plot:
        from . import plots

        plots.check_path(plot)  # a bad file name fails before a long count, not after
    result = context.db.equity(
        *hands, board=board, dead=dead, trials=trials, seed=seed, exact=exact, next_street=next_street, game=game,
        by_combo_of=1 if by_combo else None,
    )
    emit(result, output_format)
    if seed is not None and result.exact:
        click.echo(f"pokersql: note: --seed {seed} unused: the answer is exact, every board counted (--trials asks for Monte Carlo)", err=True)
    if plot:
        board_cards = [card_name(c) for c in parse_cards(board)] if board else []
        _plot("equity_plot", {**result.to_dict(), "board": board_cards}, plot, output_format)


@cli.command(name="range")
@click.argument("text")
@plot_option
@format_option
def range_command(text: str, plot: str | None, output_format: str) -> None:
    """A range's 13 x 13 grid, shaded by weight, and its count of combinations.

    TEXT takes PokerStove's forms (QQ+, A2s+, KTo+, AK, AsKs), weights (AKs:0.5, AK@50,
    0.5(KK,QQ), 40%(AKs)), suit patterns (AxKx suited, AxKy offsuit) and top percentages
    (15%). --format csv or json: every combination with its weight, ready for range_input.
    No database is opened.

    \b
    Examples:
        pokersql range 'QQ+,AKs:0.5,15%'
        pokersql range 'AxKy,0.5(TT-88)' --plot range.png
        pokersql range '10%' --format csv
    """
    from .range_text import describe

    if plot:
        from . import plots

        plots.check_path(plot)
    result = describe(text)
    emit(result, output_format)
    if plot:
        _plot("range_plot", result, plot, output_format)
