"""The runner of the SQL files in ``sql/``: each object defined once, in run order.

The files are laid out by subject, one folder a subject (``cards``, ``evaluation``,
``games``, ``equity``, ``odds``, ``chinese``, ``histories``, ``tracker``: SUBJECT_FOLDERS),
each file numbered: the number is the file's identity (``schema_history`` records its name and
version, never its folder), one a file, a new file the next unused one. The run order follows
what each file reads (sql_scripts.run_order, as dbt orders its models): a file runs after the
files that create what it reads, and where nothing forces an order, by number.
``sql/run_order.txt`` lists that order for a shell (``cat $(cat sql/run_order.txt) | duckdb
poker.duckdb`` builds everything; ``pokersql sql`` prints the same). Two kinds of file:

- ``NNN_name.sql``, versioned: tables and their data. Applied once; once
  released it never changes, and an applied file that has since changed is
  refused, by name (Flyway's versioned migrations).
- ``NNN_name.views.sql``, repeatable: views (and macros). Edit the file
  and the next migrate applies it again, with every view file after it (they
  may read its views), in order (Flyway's repeatable migrations, kept in the
  pipeline's order).
- ``NNN_name.duckdb.views.sql`` (or ``.duckdb.sql``): the same, for DuckDB only
  (its macros, say); other engines pass over it, and a file for every engine
  never reads its objects. An engine also passes over a file whose objects it keeps
  none of (RUNS_WHERE: 066's stored tables, where import would store nothing).

The run order holds both kinds together: every file runs after the files it reads
(a test checks it), so a versioned file is applied after the view files it reads. Flyway applies every versioned file before every
repeatable one; that cannot hold here, since 006 builds ``hand_classes`` from
005's views. It would hold if the tables built from views (006, 008, 010, 012)
were files of a third kind, applied again whenever what they read changes
(dbt's table models), leaving versioned files to tables that read no view.

A table built from views is rebuilt when they change: when a view file is edited,
the versioned files that read its views, or the tables or views of a file that
does, transitively (``derived_files``: 006 from 005, then 008, 010, 012), are
applied again in the same migration, their tables dropped first (``rebuilt`` in
``schema_history``); so is 022, whose table ``build --preflop`` fills from 025.

``schema_history`` records both: one row per versioned file applied (or rebuilt),
one row per application of a view file, each with a checksum of the file's
normalized content, comments and whitespace aside (``v2:``; a checksum 0.1.x
recorded, of the whole text, still matches: ``same_file``). A migration is one
transaction: whatever fails, or is interrupted, leaves the database as it was.

A database built outside pokersql (by piping the files into a shell) has the
objects but no ``schema_history``: it is adopted (the versioned files recorded
as a baseline, the view files applied again) when its tables are the ones the
files create. A database built by the pre-release schema (0.1.0) is refused,
with the command that rebuilds it; a rebuild drops pokersql's objects only.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from .engines.base import Engine
from .errors import BadInput, DatabaseError, MigrationError
from .histories.hand import TABLE_NAMES as HISTORY_TABLES
from .legacy_checksums import LEGACY_CHECKSUMS  # noqa: F401  (migrations.LEGACY_CHECKSUMS, as before)
from .progress import ProgressCallback, no_progress
from .transpile import table_macros
from .sql_scripts import (  # noqa: F401  (checksum, files_for, file_reads, without_comments: read here too)
    CHECKSUM_FORM,
    REPEATABLE,
    SqlFile,
    checksum,
    derived_files,
    file_reads,
    files_for,
    known_checksums,
    run_order,
    normalize,
    same_file,
    without_comments,
)

FIRST_FILE = "cards/001_cards.sql"  # how sql/ is recognized
_FILE_NAME = re.compile(r"^(\d{3})_(\w+?)(\.duckdb)?(\.views)?\.sql$")

BASELINE, REBUILT = "baseline", "rebuilt"

SCHEMA_HISTORY = """
create table if not exists schema_history (
    installed_rank integer primary key,
    version integer,
    description varchar not null,
    type varchar not null,
    script varchar not null,
    checksum varchar not null,
    applied_at timestamp not null,
    execution_ms integer not null,
    success boolean not null
)
"""

# What the pre-release schema (0.1.0, files V001..V012) created, in creation order:
# a rebuild drops these, and only these, besides what the files create now.
PRE_RELEASE_OBJECTS = (
    "cards", "hand_categories", "deal_settings", "digits", "deal_numbers", "shuffled_deck",
    "shuffle_and_deal", "dealt_cards", "hand_input", "hand_cards", "hand_evaluation_1",
    "hand_evaluation_2", "hand_evaluation_3", "hand_evaluation_4", "hand_evaluation_5",
    "hand_evaluation_6", "hand_evaluation_7", "hand_points", "hand_classes", "hand_values",
    "player_ranking", "poker_table", "hands", "card_codes", "best_by_values", "best_by_flush",
    "hand_keys", "best_hands", "best_five", "starting_hands", "small_powers", "value_picks",
    "suit_reduced_five", "suit_reduced_seven", "card_pairs", "five_card_sets",
    "seven_card_hand_keys", "seven_card_frequencies", "starting_hand_categories", "board_input",
    "dead_input", "random_hand_input", "equity_deck", "board_so_far", "equity_boards",
    "equity_runouts", "equity_hands", "equity_showdowns", "equity", "equity_board_classes",
)




def sql_directory() -> Path:
    """``sql/`` of the source tree when running from it, else the copy installed in the package."""
    package = Path(__file__).resolve().parent
    for candidate in (package.parent / "sql", package / "sql"):
        if (candidate / FIRST_FILE).is_file():
            return candidate
    raise MigrationError(f"no SQL files found beside {package}")


# The folders of sql/ that hold no file of the pipeline: checks of the data, and recipes to read.
NOT_PIPELINE = ("audits", "recipes")
# The subject folders of sql/, each the files of one subject (docs/sql.md, "The layout").
SUBJECT_FOLDERS = ("cards", "evaluation", "games", "equity", "odds", "chinese", "histories", "tracker")


def _source_paths(directory: Path) -> list[Path]:
    """The SQL files of ``directory`` and of its subject folders (every folder but NOT_PIPELINE)."""
    folders = [path for path in sorted(directory.iterdir()) if path.is_dir() and path.name not in NOT_PIPELINE]
    return [
        path
        for folder in (directory, *folders)
        for path in sorted(folder.iterdir())
        if path.is_file() and _FILE_NAME.match(path.name)
    ]


def sql_files(directory: Path | None = None) -> list[SqlFile]:
    """The SQL files in run order (sql_scripts.run_order): each after the files it reads, else by
    number. The numbers are the files' identities, one a file."""
    directory = directory or sql_directory()
    found = []
    for path in _source_paths(directory):
        match = _FILE_NAME.match(path.name)
        assert match is not None
        found.append(
            SqlFile(
                number=int(match.group(1)),
                description=match.group(2).replace("_", " "),
                script=path.name,
                text=normalize(path.read_text(encoding="utf-8")),
                repeatable=match.group(4) is not None,
                only_on=match.group(3)[1:] if match.group(3) else None,
                path=path.relative_to(directory).as_posix(),
            )
        )
    numbers = [f.number for f in found]
    if len(set(numbers)) != len(numbers):
        shared = sorted(f.path for f in found if numbers.count(f.number) > 1)
        raise MigrationError(f"two SQL files share a number in {directory}: {', '.join(shared)}")
    return run_order(found)


@dataclass
class Plan:
    """What a migrate would do: the files to apply in order (rebuilt files among them), the
    views and then the tables to drop first."""

    apply: list[SqlFile] = field(default_factory=list)
    drop_views: list[str] = field(default_factory=list)
    rebuild: list[SqlFile] = field(default_factory=list)  # applied versioned files applied again
    drop_tables: list[str] = field(default_factory=list)
    baseline: list[SqlFile] = field(default_factory=list)
    create_history: bool = False

    def __bool__(self) -> bool:
        return bool(self.apply or self.baseline or self.create_history)


# Versioned files that an engine passes over when it keeps nothing of what they make, as every
# engine but DuckDB passes over a ``.duckdb.sql`` file: the file -> the Engine attribute that
# says whether it runs there. 066 makes the tables that ``import`` stores rows in (063 did); an
# engine that stored none (Engine.stores_histories) would read the views themselves, and there
# the file would only plan them, to make five empty tables. Every engine stores them now (Spark
# too, since issue 46's part: its analysis of the views for 066 costs some 45 s a build).
RUNS_WHERE = {"066_history_stored_tally.sql": "stores_histories"}

# Released versioned files taken out of sql/, each -> the file that makes its tables now. 063 made
# the stored tables from the views of 030, 032 and 044, before they read the one tally (062);
# those views moved after it (065), where 063, which reads them, cannot follow: 066 makes the same
# tables from them. A database that applied the retired file holds the tables: the new file is
# recorded there as a baseline (or applied again, its tables dropped first, where a view file
# it reads changed in the same migration), never applied over them.
RETIRED_FILES = {"063_history_stored.sql": "066_history_stored_tally.sql"}


def files_on(engine: Engine, files: list[SqlFile]) -> list[SqlFile]:
    """The files that run on ``engine``: those of its dialect (SqlFile.runs_on), but those whose
    objects it keeps none of (RUNS_WHERE)."""
    return [
        f for f in files
        if f.runs_on(engine.dialect) and (f.script not in RUNS_WHERE or getattr(engine, RUNS_WHERE[f.script]))
    ]


def _columns(engine: Engine, table: str) -> list[str]:
    return _columns_of_query(engine, f'select * from "{table}"')


def _columns_of_query(engine: Engine, query: str) -> list[str]:
    engine.execute(f"select * from ({query}) as made limit 0")
    return engine.columns()


def _where(engine: Engine) -> str:
    return engine.path or "this in-memory database"


def plan(engine: Engine, files: list[SqlFile]) -> Plan:
    """Read the database's state (writing nothing) and say what migrate must do.

    The files are parsed (``derived_files``) only when an applied view file has changed.
    Raises MigrationError for an applied versioned file that was edited, a database
    of the pre-release schema, and one built outside pokersql with other tables.
    """
    files = files_on(engine, files)
    objects = engine.object_types()
    if "schema_history" not in objects:
        created = [name for sql_file in files for kind, name, _ in sql_file.definitions() if kind == "table"]
        if any(name in objects for name in created):
            return _baseline_plan(engine, files, objects)
        return Plan(apply=list(files), create_history=True)
    known_checksums(f.text for f in files)  # (each file's checksum read below: from the cache, where it is)
    if "type" not in _columns(engine, "schema_history"):
        raise MigrationError(
            f"{_where(engine)} was built by pokersql's pre-release schema (0.1.0), which this version "
            f"does not use: rebuild it (your own tables are kept) with: {migrate_command(engine, rebuild=True)}"
        )
    rows = engine.execute(
        "select version, type, script, checksum from schema_history where success order by installed_rank"
    )
    applied_versions = {version: (script, digest) for version, kind, script, digest in rows if kind != REPEATABLE}
    applied_views = {script: digest for _, kind, script, digest in rows if kind == REPEATABLE}
    files_by_script = {f.script: f for f in files}
    # a file that makes a retired file's tables, where that file was applied (RETIRED_FILES)
    taken_over = {
        successor for retired, successor in RETIRED_FILES.items()
        if any(script == retired for script, _ in applied_versions.values())
        and successor in files_by_script and files_by_script[successor].version not in applied_versions
    }
    for sql_file in files:
        if sql_file.version in applied_versions and not same_file(applied_versions[sql_file.version][1], sql_file):
            digest = applied_versions[sql_file.version][1]
            raise MigrationError(
                f"{sql_file.script} was edited after it was applied "
                f"(checksum {_short(sql_file.checksum)}, applied {_short(digest)}): "
                "a versioned file never changes; add a new one instead"
            )
    # A view file is applied again when it is new or edited (comments aside); the versioned
    # files whose tables are built from an edited one are applied again with it (rebuilt).
    recorded = {f.script: _recorded(f, applied_views) for f in files if f.repeatable}
    pending = {script for script, digest in recorded.items() if not same_file(digest or "", files_by_script[script])}
    changed = [f for f in files if f.script in pending and recorded[f.script] is not None]
    result = Plan()
    if changed:
        result.rebuild = [f for f in derived_files(changed, files) if f.version in applied_versions or f.script in taken_over]
    # Every view file after the first one applied again, or after the first table rebuilt, is
    # applied again too: it may read those views or tables.
    place = {f.script: i for i, f in enumerate(files)}  # the run order (sql_files)
    first = min((place[f.script] for f in files if f.script in pending or f in result.rebuild), default=None)
    if first is not None:
        objects = engine.object_types(macros=True)  # what applying a file again replaces
    for sql_file in files:
        if not sql_file.repeatable:
            if sql_file.script in taken_over and sql_file not in result.rebuild:
                result.baseline.append(sql_file)
            elif sql_file.version not in applied_versions and sql_file not in result.rebuild:
                result.apply.append(sql_file)
            elif sql_file in result.rebuild:
                result.apply.append(sql_file)
                result.drop_tables += [name for kind, name, _ in sql_file.definitions() if kind == "table" and objects.get(name) == "table"]
        elif sql_file.script in pending or (first is not None and place[sql_file.script] > first):
            result.apply.append(sql_file)
            if recorded[sql_file.script] is not None:
                result.drop_views += _views_of(sql_file, objects)
    result.apply.sort(key=lambda f: place[f.script])
    # (a view that moved to a later file is both the earlier file's retired view and the later's own)
    result.drop_views = list(dict.fromkeys(reversed(result.drop_views)))
    result.drop_tables.reverse()
    return result


def _recorded(sql_file: SqlFile, applied_views: dict[str, str]) -> str | None:
    """The checksum last recorded for a view file, under its name or, before it had one, under an
    earlier name (EARLIER_NAMES); None when no version of it was ever applied."""
    for name in (sql_file.script, *EARLIER_NAMES.get(sql_file.script, ())):
        if name in applied_views:
            return applied_views[name]
    return None


def _short(digest: str) -> str:
    """A checksum as a message shows it: its form, if any, and 12 hex digits."""
    form = CHECKSUM_FORM if digest.startswith(CHECKSUM_FORM) else ""
    return form + digest[len(form) : len(form) + 12]


def _views_of(sql_file: SqlFile, objects: dict[str, str]) -> list[str]:
    """The views and macros of a view file that the database holds (what applying it again
    replaces), in creation order, then those an earlier version of the file created and
    this one does not (RETIRED_VIEWS)."""
    kinds = {name: kind for kind, name, _ in sql_file.definitions()}
    return [
        name for name in _names_of(sql_file)
        if ((kinds[name] != "table" and objects.get(name) in _DROP) if name in kinds else objects.get(name) == "view")
    ]


def _names_of(sql_file: SqlFile) -> list[str]:
    """What a file creates, in order, then what an earlier version of it created and it no
    longer does (RETIRED_VIEWS)."""
    names = [name for _, name, _ in sql_file.definitions()]
    return names + [name for name in RETIRED_VIEWS.get(sql_file.script, ()) if name not in names]


# The views an earlier version of a view file created and this one does not: dropped when the
# file is applied again (else they would stay behind, read as the user's own). Their order does
# not matter: only PostgreSQL refuses to drop a view that another reads, and its engine drops
# each view before what it reads (drop_keeping_views).
RETIRED_VIEWS: dict[str, tuple[str, ...]] = {
    # 0.2.0: exact and Monte Carlo equity became two views over one tally (equity_of), which
    # then moved to 015 (now 017) with the exact views, and every equity view counts with it.
    "018_range_equity.views.sql": ("range_showdowns",),
    "020_monte_carlo.views.sql": ("equity_runouts", "equity_hands", "equity_showdowns"),
    # issue 44, one tally: what the pots paid moved after 062's tally, into 065 (044's actions
    # stay, as history_seat_actions); applied again with 065, either file drops them once (plan)
    "032_hand_allin_ev.views.sql": ("history_allin_ev", "history_player_hands"),
    "044_hand_stats.views.sql": ("history_hand_stats", "history_player_stats"),
}

# The names a view file had before (it was renamed, or its views were moved into it from a file
# that was split): the checksum recorded under such a name is its own, and applying it drops the
# views of it that the database holds, as it would under its own name. 0.2.0 laid sql/ out in
# stage folders with no file over about 300 lines: 015 was split into 015 (the boards) and 017
# (the tally and exact equity, with the streets of 021), 020 into 020 and 021, 023 into 023, 024
# and 025; the files after 016 were numbered again, and 019 (DuckDB's macros) went last.
# Later in 0.2.0 the macros moved on to 027, after the table they read (026) was added.
EARLIER_NAMES: dict[str, tuple[str, ...]] = {
    "015_equity_boards.views.sql": ("015_equity.views.sql",),
    "017_exact_equity.views.sql": ("015_equity.views.sql", "021_streets.views.sql"),
    "018_range_equity.views.sql": ("017_range_equity.views.sql",),
    "019_random_opponent.views.sql": ("018_random_opponent.views.sql",),
    "021_monte_carlo_equity.views.sql": ("020_monte_carlo.views.sql",),
    "024_preflop_value_counts.views.sql": ("023_preflop.views.sql",),
    "025_preflop_flush_counts.views.sql": ("023_preflop.views.sql",),
    "027_hand_macros.duckdb.views.sql": ("026_hand_macros.duckdb.views.sql", "019_hand_macros.duckdb.views.sql"),
}


# How each kind of object the database holds is dropped (object_types' names).
_DROP = {"view": "drop view", "macro": "drop macro", "table macro": "drop macro table", "table": "drop table"}


def _baseline_plan(engine: Engine, files: list[SqlFile], objects: dict[str, str]) -> Plan:
    """A database built outside pokersql: adopt it if its tables are the files' tables."""
    problems = []
    added: dict[str, list[str]] = {}
    for sql_file in files:
        for table, column in sql_file.added_columns():
            added.setdefault(table, []).append(column)
    for sql_file in files:
        for kind, name, statement in sql_file.definitions():
            if kind != "table":
                continue
            if objects.get(name) != "table":
                problems.append(f"no table {name}")
            elif _columns(engine, name) != _declared_columns(engine, statement) + added.get(name.lower(), []):
                problems.append(f"table {name} has other columns")
    if problems:
        problems.sort(key=lambda problem: problem.startswith("no table"))  # the tables in the way first
        raise MigrationError(
            f"{_where(engine)} holds tables that pokersql did not record building ({', '.join(problems[:3])}"
            f"{', ...' if len(problems) > 3 else ''}): with no schema_history they are not pokersql's to "
            "replace; rename or drop yours, or give pokersql another database (--db)"
        )
    views = [f for f in files if f.repeatable]
    objects = engine.object_types(macros=True)
    drops = [name for f in views for name in _views_of(f, objects)]
    return Plan(apply=views, drop_views=list(dict.fromkeys(reversed(drops))), baseline=[f for f in files if not f.repeatable], create_history=True)


_CREATE_AS = re.compile(r"^\s*create\s+table\s+\w+\s+as\s+(select\b.*?);?\s*$", re.IGNORECASE | re.DOTALL)


def _declared_columns(engine: Engine, statement: str) -> list[str]:
    """The column names of a ``create table name (...)`` statement as our files write it; of a
    ``create table name as select ...`` (063), its query's, as the engine reads it."""
    query = _CREATE_AS.match(without_comments(statement))
    if query:
        return _columns_of_query(engine, query.group(1))
    body = statement[statement.index("(") + 1 : statement.rindex(")")]
    names = []
    for line in body.splitlines():
        words = line.strip().split()
        if words and words[0].lower() not in ("primary", "unique", "foreign", "check", "constraint"):
            names.append(words[0].rstrip(","))
    return names


def migrate_command(engine: Engine, rebuild: bool = False) -> str:
    """The command line that migrates (or rebuilds) this engine's database."""
    where = f" --db {engine.path}" if engine.path else ""
    return f"pokersql{where}{engine.engine_option} migrate{' --rebuild' if rebuild else ''}"


def migrate(
    engine: Engine,
    files: list[SqlFile] | None = None,
    progress: ProgressCallback = no_progress,
    rebuild: bool = False,
    in_transaction: bool = False,
) -> list[SqlFile]:
    """Apply what is pending, in one transaction; returns the files applied.

    ``in_transaction=True``: in the caller's open transaction instead (``import`` makes its
    tables in the transaction that fills them: a failed import leaves no trace).

    A file that fails, or an interrupt, rolls everything back: the database stays as it was.
    The database's state is read before and again inside the transaction, which takes the
    write lock first, so two processes never apply the same file.
    ``progress("applying 008_hands.sql", done, total)`` is called before each file.
    ``rebuild=True`` first drops every pokersql object (the current files' and the
    pre-release schema's), keeping the user's own and the hands the user imported
    (KEPT_BY_REBUILD), then builds everything again.
    """
    files = sql_files() if files is None else files
    if not rebuild and not plan(engine, files):
        return []
    with contextlib.nullcontext() if in_transaction else engine.transaction(immediate=True):
        kept_views = _drop_pokersql_objects(engine, files) if rebuild else []
        todo = _rebuild_plan(engine, files) if rebuild else plan(engine, files)
        if todo.create_history:
            engine.execute(SCHEMA_HISTORY)
        names = todo.drop_views + todo.drop_tables
        if names:  # the user's views over them (PostgreSQL binds views) are made again at the end
            objects = engine.object_types(macros=True)
            kept_views += engine.drop_keeping_views([(_DROP[objects[name]], name) for name in names])
        for sql_file in todo.baseline:
            _record(engine, sql_file, BASELINE, 0)
        macros = None if engine.runs_table_macros or not todo.apply else table_macros(
            f.text for f in files if f.runs_on(engine.dialect)
        )
        for number, sql_file in enumerate(todo.apply):
            progress(f"applying {sql_file.script}", number, len(todo.apply))
            started = time.perf_counter()
            try:
                for statement in engine.statements(sql_file.text, sql_file.script, macros):
                    engine.execute(statement)
                if not engine.binds_views:
                    # SQLite creates a view that reads a missing table or column, and fails only when
                    # it is read: compile each new view once (explain: its plan, not its rows), so
                    # a broken one fails here, naming its file.
                    for kind, name, _ in sql_file.definitions():
                        if kind == "view":
                            engine.execute(f'explain select * from "{name}"')
                if sql_file.script in FILLED_AFTER:
                    FILLED_AFTER[sql_file.script](engine, files, progress)
            except DatabaseError as e:
                raise MigrationError(f"{sql_file.script} failed: {e}") from e
            kind = REBUILT if sql_file in todo.rebuild else sql_file.kind
            _record(engine, sql_file, kind, round((time.perf_counter() - started) * 1000))
        for name, definition in kept_views:
            engine.execute(f'create view "{name}" as {definition}')
    if todo.apply:
        progress(f"applied {len(todo.apply)} SQL file(s)", len(todo.apply), len(todo.apply))
    return todo.apply


# Versioned files whose tables pokersql fills once they are made, in the same transaction: 066
# makes the stored tables empty, and every hand held is stored (histories/stored.py), a chunk
# at a time, when it is applied, or applied again (a view it reads changed, a rebuild). The
# module that fills a file's tables registers itself here when imported (histories/stored.py;
# first_use and tracker, through which every migrate of the library and the CLI runs, import
# it): this module reads none of them.
FILLED_AFTER: dict[str, Callable[[Engine, list[SqlFile], ProgressCallback], None]] = {}


def _record(engine: Engine, sql_file: SqlFile, kind: str, elapsed_ms: int) -> None:
    engine.execute(
        "insert into schema_history "
        "(installed_rank, version, description, type, script, checksum, applied_at, execution_ms, success) "
        "select coalesce(max(installed_rank), 0) + 1, ?, ?, ?, ?, ?, ?, ?, ? from schema_history",
        (
            sql_file.version,
            sql_file.description,
            kind,
            sql_file.script,
            sql_file.checksum,
            datetime.now(timezone.utc).replace(tzinfo=None).isoformat(sep=" "),
            elapsed_ms,
            True,
        ),
    )


# The tables whose rows are the user's, not derived (the hand histories `pokersql import` writes,
# 028): a rebuild keeps them, rows and all, and records their file as a baseline.
KEPT_BY_REBUILD = frozenset(HISTORY_TABLES)


def _rebuild_plan(engine: Engine, files: list[SqlFile]) -> Plan:
    """What a rebuild applies once pokersql's objects are dropped: every file, but a versioned
    file whose tables are all kept (KEPT_BY_REBUILD, there), or that adds columns only to kept
    tables that have them already, is recorded as a baseline."""
    files = files_on(engine, files)
    objects = engine.object_types()

    def kept(sql_file: SqlFile) -> bool:
        tables = [name for kind, name, _ in sql_file.definitions() if kind == "table"]
        added = sql_file.added_columns()  # a file that adds columns to kept tables (043): kept where they are there
        if not tables and added:
            return all(
                table in KEPT_BY_REBUILD and objects.get(table) == "table" and column in _columns(engine, table)
                for table, column in added
            )
        return bool(tables) and all(name in KEPT_BY_REBUILD and objects.get(name) == "table" for name in tables)

    baseline = [f for f in files if not f.repeatable and kept(f)]
    return Plan(apply=[f for f in files if f not in baseline], baseline=baseline, create_history=True)


def _drop_pokersql_objects(engine: Engine, files: list[SqlFile]) -> list[tuple[str, str]]:
    """Drop what pokersql made, and nothing else, each object after every object that reads it
    (a view its tables, a foreign key its key table): newest first, the pre-release schema's own
    objects before the current files'. Returns the user's views that had to go with them (where
    the engine binds views to tables), to make again once pokersql's objects are back.

    What pokersql made is what ``schema_history`` records (``_recorded_files``): a name a file
    would make, held by an object no recorded file made, is refused (BadInput naming it) before
    anything is dropped."""
    objects = engine.object_types(macros=True)
    made = _recorded_files(engine, files, objects)
    taken = [
        name for sql_file in files_on(engine, files) if sql_file not in made for name in _names_of(sql_file)
        if name not in KEPT_BY_REBUILD and name in objects
    ]
    if taken:
        raise BadInput(
            f"migrate --rebuild: {objects[taken[0]]} {taken[0]} in {_where(engine)} was not made by pokersql "
            f"(schema_history does not record it) and the rebuild would replace it: rename or drop it, "
            "or give pokersql another database (--db)"
        )
    ours = list(dict.fromkeys(name for sql_file in files for name in _names_of(sql_file) if name not in KEPT_BY_REBUILD))
    pre_release = "schema_history" in objects and "type" not in _columns(engine, "schema_history")
    older = [name for name in reversed(PRE_RELEASE_OBJECTS) if name not in ours] if pre_release else []
    order = ["schema_history", *older, *reversed(ours)]
    drops = [(_DROP[kind], name) for kind in ("macro", "table macro", "view", "table") for name in order if objects.get(name) == kind]
    return engine.drop_keeping_views(drops)


def _recorded_files(engine: Engine, files: list[SqlFile], objects: dict[str, str]) -> list[SqlFile]:
    """The files whose objects pokersql made here, by ``schema_history``: a versioned file by
    its version, a view file by its name or an earlier one (EARLIER_NAMES), a file that took over
    a retired file's tables by that file's (RETIRED_FILES); all of them under the pre-release
    schema's history (0.1.0 recorded other files); none without a history."""
    if "schema_history" not in objects:
        return []
    if "type" not in _columns(engine, "schema_history"):
        return list(files)
    rows = engine.execute("select version, type, script from schema_history where success")
    versions = {version for version, kind, _ in rows if kind != REPEATABLE}
    scripts = {script for _, _, script in rows}
    predecessors = {successor: retired for retired, successor in RETIRED_FILES.items()}
    return [
        f for f in files
        if (not f.repeatable and f.version in versions)
        or scripts & {f.script, *EARLIER_NAMES.get(f.script, ()), predecessors.get(f.script, "")}
    ]
