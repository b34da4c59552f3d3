"""PQL, the Poker Query Language, answered in SQL: every deal counted when they fit the
budget, a seeded Monte Carlo past it or with ``trials``.

``run(ctx, text)`` parses the query (parser), translates each statement to one SQL statement
(translate, over deals) and runs it on DuckDB; ``statements_sql(text)`` gives that SQL.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from ..errors import BadInput
from . import deals as dealing
from . import outs as nut_outs
from . import stud
from .games import game_of
from .parser import Statement, parse
from .tally import Tally, planned
from .translate import Compiled, compile_statement, translate

# Deals counted exactly at most (about 1 million a second on two cores: bench/pql.py); past
# it, Monte Carlo with Open PQL's 60,000 trials.
EXACT_BUDGET = 20_000_000
DEFAULT_TRIALS = 60_000
# nutHiOuts rates about 50,000 hands for each board (170,000 on an Omaha flop): past this
# much work (outs.work), even sampled, it is refused rather than left running for many minutes
OUTS_LIMIT = 5 * EXACT_BUDGET


@dataclass
class Selected:
    selector: int
    aggregate: str
    alias: str | None
    kind: str
    value: Any


@dataclass
class StatementResult:
    game: str
    exact: bool
    trials: int  # deals counted (weighted: their summed weight), or trials kept
    seed: int | None
    sql: str
    results: list[Selected]


@dataclass
class Plan:
    statement: Statement
    compiled: Compiled
    setup: dealing.Setup | stud.StudSetup
    trials: int | None
    seed: int | None
    sql: str
    tally: Tally | None = None  # counted by the core's equity tally (tally.py), not deal by deal


def seed_of(statement: Statement, trials: int) -> int:
    """Monte Carlo's seed when none is given: from the statement's text and the trials."""
    text = " ".join(statement.text.lower().split()) + f"|{trials}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") % 2**31


def plan(
    text: str, trials: int | None = None, seed: int | None = None, exact_budget: int = EXACT_BUDGET, tally: bool = True
) -> list[Plan]:
    """Each statement's SQL and how it counts (exact, or the trials and seed); ``tally=False``
    counts deal by deal what `pokersql equity`'s tally would answer (tally.py)."""
    if trials is not None and trials < 1:
        raise BadInput("PQL: --trials must be 1 or more")
    plans = []
    for statement in parse(text):
        game = game_of(statement.settings.get("game"))
        compiled = compile_statement(statement, game)
        if game.own_cards:  # stud: each player's own cards, street by street (pql/stud.py)
            setup = stud.setup_of(game, statement.settings, statement.players, compiled.translation.streets)
        else:
            setup = dealing.setup_of(game, statement.settings, statement.players)
            if compiled.translation.inranges:  # again, inRange keeping the hands of its range each player can hold
                compiled = compile_statement(statement, game, setup.combos)
            setup.street = max(compiled.translation.streets, default=0)
            setup.turn_apart = 4 in compiled.translation.streets
            setup.flop_apart = bool({3, 4} & compiled.translation.streets)
        counted = planned(statement, setup, exact_budget) if tally and trials is None else None
        if counted is not None:
            plans.append(Plan(statement, compiled, setup, None, None, counted.script(), counted))
            continue
        sampled = trials
        outs = compiled.translation.outs
        # the nuts rate every two cards left once for each board (outs.nuts_work): the budget
        # counts them; nutHiOuts its spots' hands, sampled only when fewer spots would be rated
        nuts = compiled.translation.nuts
        deals_work = setup.work() + (nut_outs.nuts_work(setup, nuts, None) if nuts and not game.own_cards else 0)
        outs_work = nut_outs.work(setup, outs, None)
        if sampled is None and deals_work + outs_work > exact_budget:
            if deals_work > exact_budget or nut_outs.work(setup, outs, DEFAULT_TRIALS) < outs_work:
                sampled = DEFAULT_TRIALS
        if nut_outs.work(setup, outs, sampled) > OUTS_LIMIT * exact_budget // EXACT_BUDGET:
            raise BadInput(
                f"PQL: nuthiouts() would rate about {nut_outs.work(setup, outs, sampled):,} hands (every unseen card of each hand and board): "
                "give the player's hand and the board up to the street, or fewer --trials"
            )
        used_seed = None if sampled is None else (seed if seed is not None else seed_of(statement, sampled))
        query = translate(compiled, setup, sampled, used_seed or 0)
        plans.append(Plan(statement, compiled, setup, sampled, used_seed, query.sql("duckdb", pretty=True)))
    return plans


def statements_sql(text: str, trials: int | None = None, seed: int | None = None) -> list[str]:
    return [p.sql for p in plan(text, trials, seed)]


def unscaled(count: int, scale: int) -> int | float:
    """A weighted count from SQL's whole numbers: divided by the weights' scale."""
    return count if scale == 1 else count / scale


def run(ctx: Any, text: str, trials: int | None = None, seed: int | None = None, tally: bool = True) -> list[StatementResult]:
    from ..first_use import ensure_ready
    from .output import shown

    plans = plan(text, trials, seed, tally=tally)
    if ctx.engine.name != "duckdb":
        raise BadInput(f"PQL runs on DuckDB; this database is {ctx.engine.name}")
    ensure_ready(ctx)
    answers = []
    for p in plans:
        if p.tally is None:
            row = ctx.engine.execute(p.sql)[0]
        else:  # the inputs held for the select only, its memory bounded, as `pokersql equity` counts
            with ctx.engine.inputs(**p.tally.inputs), ctx.counting("pql: pokersql equity's tally, every deal"):
                row = ctx.engine.execute(p.tally.query)[0]
        counted = unscaled(int(row[0] or 0), p.setup.scale)
        if counted == 0:
            raise BadInput(f"PQL: no deal is left to count (SamplingFailed): the where clause or the cards rule every one out in {p.statement.text!r}")
        results = []
        for i, (selector, value) in enumerate(zip(p.statement.selectors, row[1:])):
            kind = p.compiled.kinds[i]
            value = shown(ctx, selector.aggregate, kind, value, p.setup.game)
            if selector.aggregate == "count" or selector.aggregate == "histogram":
                value = unscaled(value, p.setup.scale) if selector.aggregate == "count" else [{**h, "count": unscaled(h["count"], p.setup.scale)} for h in value]
            results.append(Selected(i, selector.aggregate, selector.alias, kind, value))
        answers.append(StatementResult(p.setup.game.name, p.trials is None, counted, p.seed, p.sql, results))
    return answers
