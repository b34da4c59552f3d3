"""What a report reads, stored at import for the new hands only (issue 46; the tables of
``sql/tracker/066_history_stored_tally.sql``).

Each stored table is filled from its view (STORED), which stays the definition. The new hands
are those of ``history_hands`` that ``stored_hands`` does not list. They are taken CHUNK_HANDS
at a time: their rows of the five tables of 028 are copied to temporary tables
(``scope_history_hands``, ...). The views the stored views read take the hands they read:
each is ``select *`` of its table macro (``history_pots`` of ``history_pots_of``), which is
given by name the relations it reads, 028's tables and those views (issue 64). The view gives
the macro the database's, and a chunk's computation the ``scope_`` ones: each view is made a
temporary view of its macro over the copies (``scope_history_pots``, of
``history_pots_of('scope_history_contributions')``), which computes the chunk's hands, and
only them, however many hands the database holds; no SQL text is rewritten. (pokersql expands
the macros there, with the SQL files' own, as it does for the engines other than DuckDB: the
views follow the files, whatever a database not yet migrated holds.) A view read by more
than one of them is computed once a chunk into a temporary table (_Scoped.kept). Their rows
are added to the stored tables, and the temporary objects dropped. Runs in the caller's
transaction (the import's): a failure or Ctrl-C leaves nothing. An import on DuckDB with two
cores has its chunks computed the same way by more connections (aside.py), whose temporary
rows, unlike those of the caller's transaction, are given back chunk by chunk.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .. import migrations, transpile
from ..engines.base import Engine
from ..progress import ProgressCallback, no_progress
from .aside import Aside
from .store import KEYS, SCOPE, TABLES, chunk_rows

# stored table -> the view it keeps (066 creates each as ``select * from`` the view): the one
# tally, 062's (it pays every hand of a game 061 names, and every game the import takes is named,
# tests/test_history_games.py), and 065's views, which read it
STORED = {
    "stored_payouts": "history_game_payouts",
    "stored_player_hands": "history_player_hands",
    "stored_allin_ev": "history_allin_ev",
    "stored_hand_stats": "history_hand_stats",
}
HANDS = "stored_hands"  # the hands the stored tables hold
QUERY = "_query"  # the suffix of a kept view's temporary view (_Scoped)
MACRO = "_of"  # a history view's table macro: the view is ``select * from VIEW_of('relation', ...)``
CHUNK_HANDS = 10_000  # the hands computed together: each chunk's memory, not the import's


def is_stored(engine: Engine) -> bool:
    """Whether the stored tables are there (066 applied, or 063 before it) and kept on this
    engine: else the import leaves them to the migrate that makes them, which fills them for
    every hand."""
    return engine.stores_histories and HANDS in engine.object_types()


def source(engine: Engine, view: str) -> str:
    """What a report reads for ``view``: its stored table, or the view itself on an engine that
    stores none (Engine.stores_histories)."""
    return {v: table for table, v in STORED.items()}[view] if engine.stores_histories else view


class _Scoped(NamedTuple):
    """A view the stored views read, over the ``scope_`` copies: ``statement`` makes it (a
    temporary view of its table macro, given the scope's relations); ``kept``: its rows are
    computed once a chunk into the temporary table of its scoped name (the view is then
    ``scope_NAME_query``), as more than one of the views read it."""

    name: str
    statement: str
    kept: bool


def _scoped_views(engine: Engine, every_file: list[migrations.SqlFile]) -> list[_Scoped]:
    """The views the stored views read, directly or through others (theirs included, and no
    other), in run order, each as a temporary view over the ``scope_`` copies: each of those
    views is ``select *`` of its table macro (VIEW_of), which takes by name the relations it
    reads (028's tables, and those views), and is given here the ``scope_`` ones. A view read
    by two or more of them, or stored and read by another, is kept (_Scoped.kept): DuckDB,
    SQLite and PostgreSQL compute a view again wherever a query names it (the payouts four
    times a chunk, the contributions some ten), a table is read as it is."""
    needed = [f for f in migrations.files_for(tuple(STORED.values()), every_file) if f.runs_on(engine.dialect)]
    parameters = {name: relations for f in needed for name, relations in f.table_macros().items()}
    views = [name for f in needed if f.repeatable for kind, name, _ in f.definitions()
             if kind == "view" and name + MACRO in parameters]  # (in run order)
    reads = {view: [name for name in parameters[view + MACRO] if name in views] for view in views}
    wanted, todo = set(), list(STORED.values())
    while todo:
        view = todo.pop()
        if view not in wanted:
            wanted.add(view)
            todo.extend(reads[view])
    readers = {view: sum(view in reads[other] for other in wanted if other != view) for view in wanted}
    scoped, made = [], []
    for view in (view for view in views if view in wanted):  # run order: each view after those it reads
        kept = readers[view] >= 2 or (view in STORED.values() and readers[view] >= 1)
        relations = ", ".join(
            f"'{SCOPE}{name}'" if name in TABLES or name in wanted else f"'{name}'" for name in parameters[view + MACRO]
        )
        scoped.append((view, kept))
        made.append(f"create temporary view {SCOPE}{view}{QUERY if kept else ''} as select * from {view}{MACRO}({relations})")
    # as the engine runs them, each macro expanded with the files' own (as the views were made
    # from the files' text before: a database whose view files are not yet applied holds others)
    macros = migrations.table_macros(f.text for f in every_file if f.runs_on(engine.dialect))
    script = ";\n".join(made)
    statements = _expanded(script, macros) if engine.runs_table_macros else engine.statements(script, "stored.py", macros)
    return [_Scoped(view, str(statement), kept) for (view, kept), statement in zip(scoped, statements, strict=True)]


def _expanded(script: str, macros: transpile.TableMacros) -> list[str]:
    """DuckDB's statements of ``script`` with the table macros called expanded, as pokersql
    expands them for the other engines (DuckDB runs its own, those of the database); kept in
    the transpile cache."""
    kept = transpile._cache_file(transpile.cache_directory(), script, "duckdb, expanded", macros, transpile.SOURCE_DIALECT, False)
    statements = transpile._cached(kept)
    if statements is None:
        import sqlglot

        parsed = transpile._expand_table_macros(sqlglot.parse(script, read=transpile.SOURCE_DIALECT), macros)
        statements = [statement.sql(transpile.SOURCE_DIALECT) for statement in parsed if statement is not None]
        transpile.keep_json(kept, statements)
    return statements


def fill(
    engine: Engine, chunk_hands: int = CHUNK_HANDS, files: list[migrations.SqlFile] | None = None,
    progress: ProgressCallback = no_progress, aside: bool = False,
) -> int:
    """Add to the stored tables the rows of the hands they do not hold yet, ``chunk_hands`` at a
    time (each chunk's all-in equities counted together: the memory is bounded by a chunk, not
    by the import); returns how many hands. ``files``: the SQL files whose views define them
    (sql/'s). ``progress("storing N hands' ...", chunks done, chunks)``. In the caller's
    transaction, which a failure rolls back, temporary objects and all. ``aside``: the chunks
    computed by more connections (aside.py), which see what is committed: only where the
    transaction has changed nothing the views read but the history tables' rows (the import's,
    and 066's when it is the migration's first change: it makes the stored tables and nothing
    they read; not 064's, whose rows of history_game_names the lanes would not see)."""
    if not engine.stores_histories:
        return 0
    new = (f"from history_hands as hands where not exists "
           f"(select 1 from {HANDS} as held where held.site = hands.site and held.hand_id = hands.hand_id)")
    count = int(engine.execute(f"select count(*) {new}")[0][0])
    if not count:  # (no temporary object made: a fresh database's migrate, an import of held hands)
        return 0
    # each hand's chunk: its place less its remainder, over the chunk's size (exact on every
    # engine, where DuckDB's / of integers gives a double, and a cast would round it)
    place, size = "row_number() over (order by hands.site, hands.hand_id) - 1", int(chunk_hands)
    engine.execute(
        f"create temporary table {KEYS} as select hands.site, hands.hand_id, "
        f"cast(({place} - ({place}) % {size}) / {size} as integer) as chunk {new}"
    )
    made: list[tuple[str, str]] = [("table", KEYS)]  # (kind, name) of the temporary objects, in creation order
    chunks = int(engine.execute(f"select max(chunk) + 1 from {KEYS}")[0][0])
    scoped = _scoped_views(engine, files or migrations.sql_files())
    kept = [view.name for view in scoped if view.kept]
    # the chunks computed by more connections, in threads (aside.py), each given the same scope
    side = Aside.start(
        engine, chunks, lambda run: _make_scope(run, scoped), lambda run: _compute_kept(run, kept), STORED
    ) if aside else None
    if side is None:
        made += _make_scope(engine.execute, scoped)
    counts = len(side.connections) if side is not None else 1  # the chunks counted at once (their memory)
    with engine.bounded_memory(counts), engine.joins_as_written():
        task = f"storing {count:,} hands' payouts, all-in EV and statistics"
        progress(task, 0, chunks)
        if side is not None:
            try:
                side.fill(chunks, lambda done: progress(task, done, chunks))
            finally:
                side.close()
        else:
            for chunk in range(chunks):
                _fill_chunk(engine, chunk, kept)
                progress(task, chunk + 1, chunks)
    engine.execute(f"insert into {HANDS} select site, hand_id from {KEYS}")
    for kind, name in reversed(made):  # (a failure: the caller's rollback takes them away)
        engine.execute(f"drop {kind} {name}")
    return count


def _query(view: _Scoped) -> str:
    """The name of the temporary view that computes ``view``'s rows for the chunk."""
    return f"{SCOPE}{view.name}{QUERY}" if view.kept else f"{SCOPE}{view.name}"


def _make_scope(run: Callable[[str], object], scoped: list[_Scoped]) -> list[tuple[str, str]]:
    """On a connection (``run`` executes a statement): the empty ``scope_`` copies of 028's
    tables, and the scoped views, each kept one's table after it (the views made after it read
    the table); the (kind, name) of each object made, in creation order."""
    made = []
    for table in TABLES:
        run(f"create temporary table {SCOPE}{table} as select * from {table} where 1 = 0")
        made.append(("table", SCOPE + table))
    for view in scoped:
        run(view.statement)
        made.append(("view", _query(view)))
        if view.kept:
            run(f"create temporary table {SCOPE}{view.name} as select * from {_query(view)} where 1 = 0")
            made.append(("table", SCOPE + view.name))
    return made


def _compute_kept(run: Callable[[str], object], kept: list[str]) -> None:
    """The kept views' tables given the rows their views compute over the copies, in run order."""
    for view in kept:
        run(f"delete from {SCOPE}{view}")
        run(f"insert into {SCOPE}{view} select * from {SCOPE}{view}{QUERY}")


def _fill_chunk(engine: Engine, chunk: int, kept: list[str]) -> None:
    """The scope tables given the chunk's hands' rows, the kept views' tables theirs, in run
    order; the stored tables given their views' rows."""
    for table in TABLES:
        engine.execute(f"delete from {SCOPE}{table}")
        engine.execute(f"insert into {SCOPE}{table} {chunk_rows(table, chunk)}")
    _compute_kept(engine.execute, kept)
    for table, view in STORED.items():
        engine.execute(f"insert into {table} select * from {SCOPE}{view}")


def _fill_after(engine: Engine, files: list[migrations.SqlFile], progress: ProgressCallback) -> None:
    """066 applied: every hand held stored, by the lanes where 066 is the migration's first
    change (a database imported before it; Aside.start compares what the lanes see of
    schema_history with what the migration's transaction does: a file applied before 066 in it,
    which the lanes would not see, is recorded there first), else in the transaction."""
    fill(engine, files=files, progress=progress, aside=True)


def _fill_again(engine: Engine, files: list[migrations.SqlFile], progress: ProgressCallback) -> None:
    """Every hand held stored again (a file that changes what the views give, as 064's rows of
    history_game_names do, applied to a database imported before)."""
    if is_stored(engine):
        for table in (*STORED, HANDS):
            engine.execute(f"delete from {table}")
        fill(engine, files=files, progress=progress)


migrations.FILLED_AFTER["066_history_stored_tally.sql"] = _fill_after  # 066's tables filled when it is applied
migrations.FILLED_AFTER["064_history_site_games.sql"] = _fill_again  # a site's game by its own rule: stored again
