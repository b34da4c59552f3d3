"""Setting a database up: the SQL files applied (``migrate``), all of them on first use
(``ensure_ready``), or only what evaluating reads (``ensure_lookups``), and what that first use
built noted on the context (``Context.built_on_first_use``, which the CLI prints)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from . import migrations, own_hands
from .histories import stored  # noqa: F401  (fills 066's tables when a migrate applies it: migrations.FILLED_AFTER)
from .context import Context
from .engines.base import DEFAULT_ENGINE, ENGINE_TITLES, Engine
from .errors import BadInput, DatabaseError


def migrate(ctx: Context, rebuild: bool = False) -> list[migrations.SqlFile]:
    """Apply the pending SQL files; returns those applied.

    ``rebuild=True`` drops pokersql's own objects (never the user's) and builds them again:
    the way forward for a database that the pre-release schema built.
    """
    drop_lookup_copy(ctx)
    if ctx.engine.read_only:
        ctx.engine.reopen(read_only=False)
    applied = migrations.migrate(ctx.engine, progress=ctx.progress, rebuild=rebuild)
    ctx.ready = True
    return applied


def ensure_ready(ctx: Context) -> None:
    if ctx.ready:
        return
    if ctx.engine.read_only:
        # Read the state only; write (on a connection opened for it) only if something is pending.
        todo = migrations.plan(ctx.engine, migrations.sql_files())
        if todo:
            _check_writable(ctx, todo)
            _first_use(ctx, lambda: migrate(ctx), whole=True)
            ctx.engine.reopen(read_only=True)
        ctx.ready = True
    else:
        _first_use(ctx, lambda: migrate(ctx), whole=True)


def check_built(ctx: Context, command: str) -> None:
    """On an engine whose reading commands build nothing (Engine.reads_built_only), a database
    with SQL files pending refused in one line naming migrate; else nothing is built later."""
    todo = migrations.plan(ctx.engine, migrations.sql_files())
    if todo:
        raise unbuilt(ctx.engine.path, type(ctx.engine), command, [f.script for f in todo.apply or todo.baseline])
    ctx.ready = True


def unbuilt(path: str | None, engine: type[Engine], command: str, scripts: list[str]) -> BadInput:
    """The one line of ``check_built`` (``_check_writable``'s words): the files, the command to run."""
    names = ", ".join(scripts) if len(scripts) <= 3 else f"{scripts[0]} to {scripts[-1]}, {len(scripts)} files"
    where = f" --db {path}" if path else ""
    option = "" if engine.name == DEFAULT_ENGINE else f" --engine {engine.name}"
    return BadInput(
        f"database {path} needs SQL files applied ({names}), and {command} builds nothing on {ENGINE_TITLES[engine.name]} "
        f"(a new database's migrate takes minutes there): run first: pokersql{where}{option} migrate"
    )


def _first_use(ctx: Context, apply: Callable[[], list[migrations.SqlFile]], whole: bool) -> None:
    """Apply SQL files on first use (``apply()``: all of them if ``whole``, else the lookup
    tables); on a database that held no table, note what it built and how long it took
    (files applied to a built one, a new version's or a shell-built database's, are no build)."""
    fresh = ctx.built_on_first_use or not ctx.engine.relation_names()
    started = time.perf_counter()
    if apply() and fresh:
        whole = whole or ctx.built_on_first_use == "the tables"
        ctx.built_on_first_use = "the tables" if whole else "the lookup tables"
        ctx.seconds_building += time.perf_counter() - started


def _check_writable(ctx: Context, todo: migrations.Plan) -> None:
    path = ctx.engine.path
    if path is None or (os.access(path, os.W_OK) and os.access(os.path.dirname(os.path.abspath(path)), os.W_OK)):
        return
    names = ", ".join(f.script for f in todo.apply or todo.baseline)
    raise DatabaseError(
        f"database {path} needs SQL files applied ({names}), and this user cannot write it "
        f"(or its folder): someone who can should run: {migrations.migrate_command(ctx.engine)}"
    )


def ensure_lookups(ctx: Context, needs: tuple[str, ...] = own_hands.EVALUATION_NEEDS) -> None:
    """What evaluating a hand reads (``needs``; own_hands.EVALUATION_NEEDS: the lookup tables
    and hand_evaluations_of; DuckDB's batches also read the macros of 026 and 027,
    own_hands.batch_needs), and only that.

    On a fresh database this applies the SQL files that build them (001 to 006, 010 and
    011, recorded in schema_history like any migration), not the 2.6 million rows of
    ``hands`` and the rest: a later full migrate applies those.
    """
    if ctx.ready or needs in ctx.lookups_ready:
        return
    if ctx.engine.read_only or ctx.whole:  # a read-only file is either complete or migrated whole
        ensure_ready(ctx)
        return
    every_file = migrations.sql_files()
    files = migrations.files_for(needs, every_file)
    if migrations.plan(ctx.engine, files).rebuild:
        # A view file changed under tables built from it: all of those are rebuilt at once,
        # those outside these files too (hands), or they would never follow it.
        files = every_file
    # nothing, on a built database
    _first_use(ctx, lambda: migrations.migrate(ctx.engine, files=files, progress=ctx.progress), whole=files is every_file)
    ctx.lookups_ready.add(needs)


def drop_lookup_copy(ctx: Context) -> None:
    if ctx.lookup_copy is not None:
        ctx.lookup_copy.close()
        ctx.lookup_copy = None

def build(ctx: Context, preflop: bool = False) -> int:
    """Make sure ``hands`` is materialized (it is built by a versioned file); returns its rows.

    ``preflop=True``: fill ``preflop_matchups`` (022), every heads-up preflop matchup
    exactly, from the job's view ``preflop_matchup_counts`` (025), and return its rows.
    Minutes of work, in one transaction: an error or Ctrl-C leaves the table as it was.
    Once filled, ``equity`` answers heads-up preflop questions from it.
    """
    if preflop and ctx.engine.preflop_job_refused:
        raise BadInput(
            f"build --preflop does not run on {ctx.engine.name}: {ctx.engine.preflop_job_refused}; "
            "build it with DuckDB and copy the table in (docs/engines.md)"
        )
    ensure_ready(ctx)
    if not preflop:
        return ctx.engine.execute("select count(*) from hands")[0][0]
    reading = ctx.engine.read_only
    if reading:
        drop_lookup_copy(ctx)
        ctx.engine.reopen(read_only=False)
    try:
        with ctx.engine.transaction(), ctx.watching("build: every heads-up preflop matchup"):
            ctx.engine.execute("delete from preflop_matchups")
            ctx.engine.execute("insert into preflop_matchups select * from preflop_matchup_counts")
        return ctx.engine.execute("select count(*) from preflop_matchups")[0][0]
    finally:
        if reading:
            ctx.engine.reopen(read_only=True)
