"""What a report reads, stored at import for the new hands only (issue 46; the tables of
``sql/20_tracker_stored/063_history_stored.sql``).

Each stored table is filled from its view (STORED), which stays the definition. The new hands
are those of ``history_hands`` that ``stored_hands`` does not list. They are taken CHUNK_HANDS
at a time: their rows of the five tables of 028 are copied to temporary tables
(``scope_history_hands``, ...), and the views of the files that define the stored views are made
again as temporary views over those copies (the same statements the engine was given, each name
of 028 and of those views prefixed with ``scope_``): the views then compute the chunk's hands,
and only them, however many hands the database holds. Their rows are added to the stored
tables, and the temporary objects dropped. Runs in the caller's transaction (the import's): a
failure or Ctrl-C leaves nothing.
"""

from __future__ import annotations

import re

from .. import migrations
from ..engines.base import Engine
from ..progress import ProgressCallback, no_progress
from .store import TABLES

# stored table -> the view it keeps (063 creates each as ``select * from`` the view)
STORED = {
    "stored_payouts": "history_payouts",
    "stored_player_hands": "history_player_hands",
    "stored_allin_ev": "history_allin_ev",
    "stored_hand_stats": "history_hand_stats",
}
HANDS = "stored_hands"  # the hands the stored tables hold
SCOPE = "scope_"  # the prefix of the temporary copies and views
KEYS = f"{SCOPE}keys"
CHUNK_HANDS = 10_000  # the hands computed together: each chunk's memory, not the import's
# a statement's start, comments before it included, when it makes a view
_CREATE_VIEW = re.compile(r"^(?:\s|/\*.*?\*/|--[^\n]*\n)*create\s+(?:or\s+replace\s+)?view\s+", re.IGNORECASE | re.DOTALL)
_VIEW_NAME = re.compile(r"create temporary view\s+\"?(\w+)", re.IGNORECASE)


def is_stored(engine: Engine) -> bool:
    """Whether the stored tables are there (063 applied) and kept on this engine: else the
    import leaves them to the migrate that makes them, which fills them for every hand."""
    return engine.stores_histories and HANDS in engine.object_types()


def source(engine: Engine, view: str) -> str:
    """What a report reads for ``view``: its stored table, or the view itself on an engine that
    stores none (Engine.stores_histories)."""
    return {v: table for table, v in STORED.items()}[view] if engine.stores_histories else view


def _view_statements(engine: Engine, every_file: list[migrations.SqlFile]) -> list[tuple[str, str]]:
    """(statement, name) that make, as temporary views over the ``scope_`` copies, every view of
    the files that define STORED's views, in run order."""
    needed = migrations.files_for(tuple(STORED.values()), every_file)
    view_files = [f for f in needed if f.repeatable and f.runs_on(engine.dialect)
                  and any(name.startswith("history_") for _, name, _ in f.definitions())]
    views = [name for f in view_files for kind, name, _ in f.definitions() if kind == "view"]
    renamed = re.compile(r"\b(" + "|".join(sorted([*TABLES, *views], key=len, reverse=True)) + r")\b")
    macros = None if engine.runs_table_macros else migrations.table_macros(
        f.text for f in every_file if f.runs_on(engine.dialect))
    statements = []
    for sql_file in view_files:
        for statement in engine.statements(sql_file.text, sql_file.script, macros):
            if _CREATE_VIEW.match(statement):
                temporary = renamed.sub(lambda m: SCOPE + m.group(1), _CREATE_VIEW.sub("create temporary view ", statement, count=1))
                statements.append((temporary, _VIEW_NAME.match(temporary).group(1)))
    return statements


def fill(
    engine: Engine, chunk_hands: int = CHUNK_HANDS, files: list[migrations.SqlFile] | None = None,
    progress: ProgressCallback = no_progress,
) -> int:
    """Add to the stored tables the rows of the hands they do not hold yet, ``chunk_hands`` at a
    time (each chunk's all-in equities counted together: the memory is bounded by a chunk, not
    by the import); returns how many hands. ``files``: the SQL files whose views define them
    (sql/'s). ``progress("storing N hands' ...", chunks done, chunks)``. In the caller's
    transaction, which a failure rolls back, temporary objects and all."""
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
    for table in TABLES:
        engine.execute(f"create temporary table {SCOPE}{table} as select * from {table} where 1 = 0")
        made.append(("table", SCOPE + table))
    for statement, name in _view_statements(engine, files or migrations.sql_files()):
        engine.execute(statement)
        made.append(("view", name))
    with engine.bounded_memory():
        task = f"storing {count:,} hands' payouts, all-in EV and statistics"
        for chunk in range(chunks):
            progress(task, chunk, chunks)
            _fill_chunk(engine, chunk)
        progress(task, chunks, chunks)
    engine.execute(f"insert into {HANDS} select site, hand_id from {KEYS}")
    for kind, name in reversed(made):  # (a failure: the caller's rollback takes them away)
        engine.execute(f"drop {kind} {name}")
    return count


def _fill_chunk(engine: Engine, chunk: int) -> None:
    """The scope tables given the chunk's hands' rows; the stored tables given their views' rows."""
    for table in TABLES:
        engine.execute(f"delete from {SCOPE}{table}")
        engine.execute(
            f"insert into {SCOPE}{table} select * from {table} as rows_of where exists (select 1 from {KEYS} as scope "
            f"where scope.chunk = ? and scope.site = rows_of.site and scope.hand_id = rows_of.hand_id)", (chunk,)
        )
    for table, view in STORED.items():
        engine.execute(f"insert into {table} select * from {SCOPE}{view}")
