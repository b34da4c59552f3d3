"""The commands of hand histories: import, history, stats."""

from __future__ import annotations

from typing import Any

import click

from .cli_base import Context, _plot, cli, format_option, hand_filters, money_options, pass_context, plot_option, quiet_option
from .output import HISTORY_COLUMNS, HISTORY_NARROW, emit
from .stats import COLUMNS, NARROW, POSITIONS, table_columns


def columns_options(every: tuple[str, ...], narrow: tuple[str, ...]):
    """--columns and --wide: the table's columns (JSON and CSV hold every field)."""
    def decorate(function):
        function = click.option("--wide", is_flag=True, help="The table with every column (JSON and CSV have them all).")(function)
        return click.option("--columns", "columns", metavar="A,B,...",
                            help=f"The table's columns, by commas: {', '.join(every)} (default: {', '.join(narrow)}).")(function)
    return decorate


@cli.command(name="import")
@click.argument("files", nargs=-1, required=True, metavar="FILE_OR_FOLDER...")
@click.option(
    "--skip-bad",
    is_flag=True,
    help="Import the good hands and list each bad one (file, line, reason), and pass over a file named "
    "that is not a hand history. Without it, a bad hand stops the import: exit 2, and nothing written.",
)
@click.option(
    "--parquet",
    metavar="DIR",
    help="Then write the five tables, whole, as DIR/TABLE.parquet (made if not there), "
    "for DuckDB or Spark to read. Not on SQLite or PostgreSQL. Such a file there already: exit 2, unless --force.",
)
@click.option("--force", is_flag=True, help="With --parquet: replace the DIR/TABLE.parquet files there already.")
@format_option
@quiet_option
@pass_context
def import_command(
    context: Context, files: tuple[str, ...], skip_bad: bool, parquet: str | None, force: bool, output_format: str
) -> None:
    """Import hand histories of six sites and PHH, each file's format and encoding detected.

    A folder is read whole, its subfolders too: a file in it that is not a hand history
    (empty, another format) is passed over, with one line on stderr and a count at the end;
    a file named that is not one is exit 2, or passed over with --skip-bad.

    The text of PokerStars, GGPoker, Winamax, 888 and PartyPoker, iPoker's XML, and PHH
    (.phh, .phhs): cash games and tournaments of Hold'em, Omaha and short deck
    (docs/histories-import.md says what each site's files give, and what is refused).
    Each hand becomes rows of history_hands, history_seats, history_actions,
    history_board and history_results (docs/histories-tables.md); a hand held already (the
    same site and hand id) is stored once. A truncated hand, an unknown or duplicate
    card, or amounts that do not add up: exit 2, naming the file, the line and the
    reason, and the database as it was; --skip-bad imports the other hands instead.

    \b
    Examples:
        pokersql import pluribus_30.txt pluribus_31.txt
        pokersql import ~/HandHistories/
        pokersql import hands.phhs --skip-bad --format json
        pokersql import hands.txt --parquet tables/
        pokersql import more.txt --parquet tables/ --force
        pokersql query "select player, sum(collected) as won from history_results group by player"
    """
    from . import histories

    if force and parquet is None:
        raise click.UsageError("--force goes with --parquet DIR")
    histories.gather_files(files, skip_bad)  # a missing or unknown file is refused before the database is opened
    result = context.db.import_histories(list(files), skip_bad=skip_bad, parquet=parquet, overwrite=force)
    for path, reason in result.passed_over:
        click.echo(f"pokersql: passed over {path}: {reason}", err=True)
    emit(result, output_format)
    if result.passed_over:
        click.echo(f"pokersql: {len(result.passed_over):,} file(s) passed over: not hand histories", err=True)


HERO_HELP = ("Only the hero: the player whose hole cards the files deal (with --player: them too). "
             "Without --hero or --player: every player, the most hands first.")


def _with_hero(db: Any, players: tuple[str, ...], command: str) -> tuple[str, ...]:
    """The players asked for, and the hero (histories/hero.py: BadInput when there is none)."""
    from .histories.hero import hero

    return (*players, hero(db.engine, command))


def _note_unknown(unknown: list[str], command: str) -> None:
    """A player asked for whom no imported hand has: a valid name that keeps no hand, so no row
    and exit 0, as a filter that keeps none; one line on stderr names them, in every format."""
    if unknown:
        named = f"player{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}"
        click.echo(f"pokersql: note: no imported hand has the {named} (a typo? `pokersql {command}` lists every player)", err=True)


def _note_money(result: Any) -> None:
    """A money no imported hand is of: one line on stderr, the moneys there are with their options."""
    from .money import note

    line = note(result.money, result.moneys)
    if line:
        click.echo(f"pokersql: note: {line}", err=True)


@cli.command()
@click.option("--player", "players", multiple=True, metavar="NAME", help="Only this player (repeat for more).")
@click.option("--hero", "hero_only", is_flag=True, help=HERO_HELP)
@money_options
@plot_option
@columns_options(HISTORY_COLUMNS, HISTORY_NARROW)
@format_option
@quiet_option
@pass_context
def history(
    context: Context, players: tuple[str, ...], hero_only: bool, plot: str | None, columns: str | None, wide: bool, output_format: str,
    **money: Any,
) -> None:
    """Per player, the imported hands: net won, won at showdown, and all-in EV against the result.

    A hand is all-in when its betting ended before the river with two or more players in,
    their cards known: each pot is paid by each player's exact equity when the money went
    in (every board still to come counted), and luck is what the hands netted less that.
    ev_adjusted is the net won with the all-ins paid by equity. --plot draws each player's
    cumulative net won (solid) and all-in adjusted net (dashed), hand by hand. A --player
    whom no imported hand has gets no row, and a note on stderr names them (exit 0).

    \b
    Examples:
        pokersql import pluribus_30.txt pluribus_31.txt
        pokersql history
        pokersql history --player Pluribus --plot pluribus.png
        pokersql query "select * from history_allin_ev order by hand_id, seat"
    """
    if plot:
        from . import plots

        plots.check_path(plot)
    shown = table_columns(columns, wide, False, HISTORY_COLUMNS) if columns or wide else None
    db = context.existing_db()
    result = db.history(_with_hero(db, players, "history") if hero_only else players, series=bool(plot), **money)
    emit(result, output_format, columns=shown)
    _note_unknown(result.unknown, "history")
    _note_money(result)
    if plot and not result.players:  # no hand kept: an empty table, not an error, and no picture
        click.echo(f"pokersql: note: no hand to draw: {plot} not written", err=True)
    elif plot:
        _plot("history_plot", result, plot, output_format)


@cli.command()
@click.option("--player", "players", multiple=True, metavar="NAME", help="Only this player (repeat for more).")
@click.option("--position", "positions", multiple=True, type=click.Choice(POSITIONS, case_sensitive=False),
              help="Only the hands played from this position, a row per player and position (repeat for more).")
@click.option("--by-position", is_flag=True, help="A row per player and position.")
@click.option("--hero", "hero_only", is_flag=True, help=HERO_HELP)
@hand_filters()
@money_options
@columns_options(COLUMNS, NARROW)
@format_option
@quiet_option
@pass_context
def stats(context: Context, output_format: str, hero_only: bool, columns: str | None, wide: bool, **chosen: Any) -> None:
    """A tracker's statistics per player: VPIP, PFR, 3-bet, steal, c-bet, WTSD, bb/100 ...

    Each is a percentage of the player's chances in the imported hands the filters keep
    (docs/histories-stats.md says which actions and hands count); history_hand_stats holds
    each seat's chances and actions, history_player_stats the percentages over every hand.
    A filter that keeps no hand gives an empty table; a --player whom no imported hand
    has, a note on stderr too (exit 0).

    \b
    Examples:
        pokersql import pluribus_30.txt pluribus_31.txt
        pokersql stats
        pokersql stats --player Pluribus --by-position --format json
        pokersql stats --position BTN --position CO --since 2019-07-01 --stakes 50/100
    """
    shown = table_columns(columns, wide, chosen["by_position"] or bool(chosen["positions"])) if columns or wide else None
    db = context.existing_db()
    if hero_only:
        chosen["players"] = _with_hero(db, chosen["players"], "stats")
    result = db.stats(**chosen)
    emit(result, output_format, columns=shown)
    _note_unknown(result.unknown, "stats")
    _note_money(result)
    if result.games:
        click.echo(f"pokersql: note: no imported hand is of the game {chosen['game']!r}; the games there are: {', '.join(result.games)}", err=True)


@cli.command()
@click.option("--to", "path", default="pokersql-report.html", show_default=True, metavar="FILE",
              type=click.Path(dir_okay=False), help="The page to write (HTML).")
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@click.option("--player", "players", multiple=True, metavar="NAME",
              help="The player of the report (default: the hero, else the player in the most hands).")
@hand_filters()
@money_options
@format_option
@quiet_option
@pass_context
def report(context: Context, path: str, force: bool, players: tuple[str, ...], output_format: str, **chosen: Any) -> None:
    """One page a player opens in a browser: statistics, won over the hands, the biggest pots.

    One self-contained HTML file (nothing fetched from the network): every player's
    statistics as `stats` prints them with the same filters, the player's line of net won
    over the hands in the order played beside the all-in-EV-adjusted line and the lines won
    at and without showdown (in big blinds), bb/100 by position and by stakes, and the
    biggest pots replayed street by street. A FILE that exists is left alone (exit 2)
    unless --force.

    \b
    Examples:
        pokersql import pluribus_30.txt pluribus_31.txt
        pokersql report
        pokersql report --player Pluribus --to pluribus.html --force
        pokersql report --since 2019-07-01 --stakes 50/100 --to july.html
    """
    from . import report_page

    db = context.existing_db()
    emit(report_page.write(db, path, overwrite=force, players=players, **chosen), output_format)
