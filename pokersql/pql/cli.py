"""The `pql` command: parses, calls pokersql.pql, prints; errors become one line at the edge."""

from __future__ import annotations

import click

from ..checks import MAX_DEALS, MAX_SEED
from ..cli_base import Context, cli, pass_context


@cli.command()
@click.argument("query")
@click.option("--sql", "show_sql", is_flag=True, help="Print each statement's SQL (DuckDB) instead of running it.")
@click.option("--trials", type=click.IntRange(1, MAX_DEALS), default=None, help="Monte Carlo with N trials instead of counting every deal.")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None, help="With --trials or past the budget: the seed (from the query by default).")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True, help="text: Open PQL's lines; json: the contract's document.")
@pass_context
def pql(context: Context, query: str, show_sql: bool, trials: int | None, seed: int | None, output_format: str) -> None:
    """Answer a PQL (Poker Query Language) query exactly, in SQL (docs/pql.md).

    Every deal the ranges, board and dead cards allow is counted when they fit the budget;
    past it, or with --trials, a seeded Monte Carlo. Statements are separated by ';'.

    \b
    Examples:
        pokersql pql "select avg(equity(hero, flop)) from game='holdem', hero='AhKh', villain='QQ+,AKs', board='Ks7d2c'"
        pokersql pql "select count(handtype(hero, river) >= flush) from hero='AhKh', board='Qh7h2c'" --format json
        pokersql pql --sql "select avg(riverequity(hero)) from hero='AhAd', villain='KK'"
    """
    from .. import pql as engine
    from .output import as_json, text

    if show_sql:
        for statement in engine.statements_sql(query, trials, seed):
            click.echo(statement + ";")
        return
    answers = engine.run(context.db.context, query, trials, seed)
    click.echo(as_json(answers) if output_format == "json" else text(answers))
