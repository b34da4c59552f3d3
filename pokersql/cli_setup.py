"""The commands that set a database up and read it: migrate, build, query, export, sql, tour."""

from __future__ import annotations

import sys
import time
from typing import Any

import click

from . import migrations, shell_sql
from .cli_base import Context, QUERY_TIMEOUT_S, cli, format_option, hand_filters, pass_context, quiet_option
from .output import emit
from .results import AppliedFile, BuildResult, MigrateResult
from .transpile import DIALECTS


@cli.command()
@click.option("--rebuild", is_flag=True, help="Drop pokersql's own tables and views (never yours) and build them again.")
@format_option
@quiet_option
@pass_context
def migrate(context: Context, rebuild: bool, output_format: str) -> None:
    """Apply the pending SQL files (new tables, edited view files) and list what was applied.

    \b
    Examples:
        pokersql migrate
        pokersql --db old.duckdb migrate --rebuild
    """
    started = time.perf_counter()
    applied = [AppliedFile(f.version, f.script, f.kind, f.checksum[:12]) for f in context.db.migrate(rebuild=rebuild)]
    emit(MigrateResult(context.shown_path, applied, time.perf_counter() - started), output_format)


@cli.command()
@click.option(
    "--preflop",
    is_flag=True,
    help="Also fill preflop_matchups, every heads-up preflop matchup exactly (minutes); equity then reads it.",
)
@format_option
@quiet_option
@pass_context
def build(context: Context, preflop: bool, output_format: str) -> None:
    """Materialize the hands table, all 2,598,960 five-card hands (idempotent).

    With --preflop, fill the table of all 1,624,350 heads-up preflop matchups, each with its
    wins, ties and losses over the 1,712,304 boards (and the view preflop_classes, 169 x 169):
    heads-up preflop equity of hands, ranges and random is then a lookup. The job runs on DuckDB
    and Spark; PostgreSQL and SQLite refuse it (tens of GB of temporary files): build it with
    DuckDB, export it and copy it in (docs/preflop.md shows how).

    \b
    Example:
        pokersql build
        pokersql build --preflop
    """
    started = time.perf_counter()
    count = context.db.build(preflop=preflop)
    table = "preflop_matchups" if preflop else "hands"
    emit(BuildResult(context.shown_path, table, count, time.perf_counter() - started), output_format)


@cli.command()
@click.argument("sql")
@click.option(
    "--read",
    "read",
    multiple=True,
    metavar="PATH",
    help="DuckDB only: a file of yours the SQL may read, read-only (repeat for more); no other file.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0),
    default=QUERY_TIMEOUT_S,
    show_default=True,
    metavar="SECONDS",
    help="Stop the query once it has run this long, its rows' output included (exit status 1); 0: no limit.",
)
@format_option
@pass_context
def query(context: Context, sql: str, read: tuple[str, ...], timeout: float, output_format: str) -> None:
    """Run one SQL statement against the database, read-only: it can change nothing, and touch
    no file or network. SQL is - to read it from stdin.

    The engine itself refuses a write, a file, an extension or a URL (exit status 2), and
    more than one statement (it would show only the last one's rows). --format json writes
    JSON lines (one object per row); the table shows the first 1,000 rows.

    \b
    Examples:
        pokersql query "select category, count(*) as hands from hands group by category order by 2"
        pokersql query "select name, pretty from cards where rank_char = 'A'" --format csv
        echo "select count(*) as royal_flushes from hands where points = 9" | pokersql query -
        pokersql query --read mine.csv "select cards, hand_rank(cards) as rank from 'mine.csv'"
    """
    if sql == "-":
        sql = sys.stdin.read()
    with context.existing_db().stream(sql, read=read, timeout=timeout) as result:
        emit(result, output_format)
    if context.db.engine.query_note:
        click.echo(f"pokersql: note: {context.db.engine.query_note}", err=True)


@cli.command()
@click.argument("table_name", metavar="[TABLE]", required=False)
@click.option("--to", "path", required=True, metavar="FILE", type=click.Path(dir_okay=False, writable=True),
              help="File to write: .parquet (DuckDB) or .csv, by its extension; .phhs (or .phh) for the imported hands as PHH.")
@click.option("--force", is_flag=True, help="Replace FILE if it exists (never the database's own files).")
@click.option("--player", "players", multiple=True, metavar="NAME", help="PHH: only the hands of this player (repeat for more).")
@hand_filters("PHH: ")
@format_option
@quiet_option
@pass_context
def export(context: Context, table_name: str | None, path: str, force: bool, output_format: str, **chosen: Any) -> None:
    """Write a table or view to a Parquet or CSV file, or the imported hands to a PHH file.

    A FILE that exists is left alone (exit 2) unless --force; the open database and its own
    files (journal, write-ahead log), however named, never are written. The file is written
    under a temporary name beside it and appears only when whole.

    A FILE ending in .phhs (or .phh) gets the imported hands as PHH, the Poker Hand History
    format that pokerkit and the PHH dataset use (no TABLE): one [n] section per hand, the
    hands that stats' filters keep: Hold'em, pot-limit Omaha, fixed-limit Omaha Hi/Lo, stud,
    stud Hi/Lo and razz. A hand PHH cannot express (pot limit Hold'em, 5 and 6 Card Omaha,
    6+ Hold'em, a hand run twice) is skipped, and a note on stderr counts them.

    \b
    Examples:
        pokersql export hands --to hands.parquet
        pokersql export hand_classes --to hand_classes.csv
        pokersql export hands --to hands.parquet --force
        pokersql export --to mine.phhs --player Pluribus --since 2019-07-01
    \b
    Then, e.g. in Python: pandas.read_parquet("hands.parquet")
    """
    from . import phh_export

    started = time.perf_counter()
    if phh_export.is_phh(path):
        if table_name is not None:
            raise click.UsageError(f"a PHH file gets the imported hands: no TABLE ({table_name!r})")
        result = phh_export.export(context.existing_db(), path, overwrite=force, **chosen)
        emit(result, output_format, seconds=time.perf_counter() - started)
        if result.skipped:
            reasons = "; ".join(f"{count:,} {reason}" for reason, count in sorted(result.skipped.items()))
            click.echo(f"pokersql: note: {sum(result.skipped.values()):,} hand(s) skipped, not expressible in PHH ({reasons})", err=True)
        return
    if table_name is None:
        raise click.UsageError("export: give the TABLE to write (or a .phhs FILE for the imported hands)")
    given = [f"--{name}" for name, value in chosen.items() if value]
    if given:
        raise click.UsageError(f"{given[0].replace('players', 'player')} goes with a .phhs FILE (the imported hands as PHH)")
    result = context.existing_db().export(table_name, path, overwrite=force)
    emit(result, output_format, seconds=time.perf_counter() - started)


@cli.command()
@click.option("--dialect", type=click.Choice(DIALECTS), default="duckdb", show_default=True, help="SQL dialect to print.")
@click.option("--recipe", metavar="NAME", default=None, help="Print the recipe NAME (hand_ranks, showdown) for the dialect instead.")
def sql(dialect: str, recipe: str | None) -> None:
    """Print the versioned SQL, transpiled to a dialect, ready for another shell.

    With --recipe, print a recipe instead: one query over pokersql's tables, for your own
    hands in a table the recipe's comment names.

    \b
    Examples:
        pokersql sql --dialect duckdb | duckdb poker.duckdb
        pokersql sql --recipe showdown --dialect sqlite > showdown.sql
    \b
    Then, in sqlite3 with a table hand_history: .read showdown.sql
    """
    if recipe is not None:
        click.echo(shell_sql.recipe_text(recipe, dialect), nl=False)
        return
    click.echo(shell_sql.script_for(dialect, migrations.sql_files()), nl=False)


@cli.command(name="tour")
@click.option("--port", type=click.IntRange(0, 65535), default=8010, show_default=True,
              help="Port to serve on (0: any free port). The default in use (a tour running already): a free port, said on stderr.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to serve on (IPv6 too: ::1).")
@click.pass_context
def tour_command(ctx: click.Context, port: int, host: str) -> None:
    """Serve the guided tour: the article's pipeline, stage by stage, in your browser.

    The page runs the project's SQL files in DuckDB-Wasm, offline: it loads nothing
    from outside its own address. Ctrl-C stops the server.

    \b
    Example:
        pokersql tour
    """
    from . import tour

    chosen = ctx.get_parameter_source("port") != click.core.ParameterSource.DEFAULT
    httpd = tour.server(host, port, or_a_free_port=not chosen)
    if port and httpd.server_address[1] != port:
        click.echo(f"pokersql: note: port {port} is in use (another tour?): this one is on port {httpd.server_address[1]}", err=True)
    try:
        click.echo(f"The tour is at {tour.url(host, httpd.server_address[1])} (Ctrl-C stops it)")
        httpd.serve_forever()
    finally:
        httpd.server_close()
