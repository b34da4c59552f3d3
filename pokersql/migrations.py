"""The runner of the SQL files in ``sql/``: each object defined once, in run order.

Two kinds of file, named so that their glob order is their run order
(``cat sql/*.sql | duckdb poker.duckdb`` builds everything):

- ``NNN_name.sql``, versioned: tables and their data. Applied once; once
  released it never changes, and an applied file that has since changed is
  refused, by name (Flyway's versioned migrations).
- ``NNN_name.views.sql``, repeatable: views (and macros). Edit the file
  and the next migrate applies it again, with every view file after it (they
  may read its views), in order (Flyway's repeatable migrations, kept in the
  pipeline's order).
- ``NNN_name.duckdb.views.sql`` (or ``.duckdb.sql``): the same, for DuckDB only
  (its macros, say); other engines pass over it, and a file for every engine
  never reads its objects.

``schema_history`` records both: one row per versioned file applied, one row
per application of a view file, each with a checksum of the file's normalized
content. A migration is one transaction: whatever fails, or is interrupted,
leaves the database as it was.

A database built outside pokersql (by piping the files into a shell) has the
objects but no ``schema_history``: it is adopted (the versioned files recorded
as a baseline, the view files applied again) when its tables are the ones the
files create. A database built by the pre-release schema (0.1.0) is refused,
with the command that rebuilds it; a rebuild drops pokersql's objects only.
"""

from __future__ import annotations

import hashlib
import re
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from .engines.base import Engine
from .errors import BadInput, DatabaseError, MigrationError
from .progress import ProgressCallback, no_progress
from .transpile import SOURCE_DIALECT, transpile

_FILE_NAME = re.compile(r"^(\d{3})_(\w+?)(\.duckdb)?(\.views)?\.sql$")
_COMMENTS = re.compile(r"/\*.*?\*/|--[^\n]*", re.DOTALL)
_CREATE = re.compile(
    r"^\s*create\s+(?:or\s+replace\s+)?(table|view|macro)\s+(?:if\s+not\s+exists\s+)?(\w+)",
    re.IGNORECASE | re.MULTILINE,
)

VERSIONED, REPEATABLE, BASELINE = "versioned", "repeatable", "baseline"

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


@dataclass(frozen=True)
class SqlFile:
    number: int
    description: str
    script: str
    text: str
    repeatable: bool = False
    only_on: str | None = None  # the one engine the file is for ("duckdb"), None: every engine

    def runs_on(self, engine: str) -> bool:
        return self.only_on is None or self.only_on == engine

    @property
    def version(self) -> int | None:
        """The version of a versioned file (its number); None for a view file."""
        return None if self.repeatable else self.number

    @property
    def kind(self) -> str:
        return REPEATABLE if self.repeatable else VERSIONED

    @property
    def checksum(self) -> str:
        return checksum(self.text)

    def definitions(self) -> list[tuple[str, str, str]]:
        """(kind, name, statement) of every object the file creates, in order: kind is table, view or macro.

        The statement is as written, its comments included.
        """
        found = []
        for statement in re.split(r";\s*\n", _COMMENTS.sub("", self.text)):
            match = _CREATE.match(statement)
            if match:
                kind, name = match.group(1).lower(), match.group(2)
                start = re.search(rf"^create\s+(or\s+replace\s+)?{kind}\s+{name}\b", self.text, re.I | re.M)
                end = re.compile(r";\s*(\n|$)").search(self.text, start.end())
                found.append((kind, name, self.text[start.start() : end.start()] + ";"))
        return found


def normalize(text: str) -> str:
    """The content a checksum is taken of: no byte-order mark, one kind of line ending."""
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def checksum(text: str) -> str:
    return hashlib.sha256(normalize(text).encode("utf-8")).hexdigest()


def sql_directory() -> Path:
    """``sql/`` of the source tree when running from it, else the copy installed in the package."""
    package = Path(__file__).resolve().parent
    for candidate in (package.parent / "sql", package / "sql"):
        if (candidate / "001_cards.sql").is_file():
            return candidate
    raise MigrationError(f"no SQL files found beside {package}")


def sql_files(directory: Path | None = None) -> list[SqlFile]:
    """The SQL files in run order (their names' order)."""
    directory = directory or sql_directory()
    found = []
    for path in sorted(directory.iterdir()):
        match = _FILE_NAME.match(path.name)
        if match:
            found.append(
                SqlFile(
                    number=int(match.group(1)),
                    description=match.group(2).replace("_", " "),
                    script=path.name,
                    text=normalize(path.read_text(encoding="utf-8")),
                    repeatable=match.group(4) is not None,
                    only_on=match.group(3)[1:] if match.group(3) else None,
                )
            )
    numbers = [f.number for f in found]
    if len(set(numbers)) != len(numbers):
        raise MigrationError(f"two SQL files share a number in {directory}")
    return found


def files_for(names: list[str] | tuple[str, ...], files: list[SqlFile]) -> list[SqlFile]:
    """The files that build the objects ``names``, and the files those read, in run order.

    A file reads an object when its text (comments left out) names a table or view, or
    calls a macro, that another file creates. Applying only these files is a migration
    like any other (each recorded in ``schema_history``); a later full migrate applies the
    rest, as it would files added since.
    """
    creators = {
        match.group(2): (match.group(1).lower(), sql_file)
        for sql_file in files
        for match in _CREATE.finditer(_COMMENTS.sub("", sql_file.text))
    }
    missing = [name for name in names if name not in creators]
    if missing:
        raise MigrationError(f"no SQL file creates {', '.join(missing)}")

    def read_by(sql_file: SqlFile) -> set[str]:
        text = _COMMENTS.sub("", sql_file.text).lower()
        words = set(re.findall(r"\w+", text))
        calls = set(re.findall(r"(\w+)\s*\(", text))
        return {
            name for name, (kind, creator) in creators.items()
            if creator is not sql_file and (name in calls if kind == "macro" else name in words)
        }

    needed = {creators[name][1].script: creators[name][1] for name in names}
    todo = list(needed.values())
    while todo:
        for name in read_by(todo.pop()):
            creator = creators[name][1]
            if creator.script not in needed:
                needed[creator.script] = creator
                todo.append(creator)
    return [sql_file for sql_file in files if sql_file.script in needed]


@dataclass
class Plan:
    """What a migrate would do: the files to apply in order, the views to drop first."""

    apply: list[SqlFile] = field(default_factory=list)
    drop_views: list[str] = field(default_factory=list)
    baseline: list[SqlFile] = field(default_factory=list)
    create_history: bool = False

    def __bool__(self) -> bool:
        return bool(self.apply or self.baseline or self.create_history)


def _columns(engine: Engine, table: str) -> list[str]:
    engine.execute(f'select * from "{table}" limit 0')
    return engine.columns()


def _where(engine: Engine) -> str:
    return engine.path or "this in-memory database"


def plan(engine: Engine, files: list[SqlFile]) -> Plan:
    """Read the database's state (writing nothing) and say what migrate must do.

    Raises MigrationError for an applied versioned file that was edited, a database
    of the pre-release schema, and one built outside pokersql with other tables.
    """
    files = [f for f in files if f.runs_on(engine.dialect)]
    objects = engine.object_types()
    if "schema_history" not in objects:
        created = [name for sql_file in files for kind, name, _ in sql_file.definitions() if kind == "table"]
        if any(name in objects for name in created):
            return _baseline_plan(engine, files, objects)
        return Plan(apply=list(files), create_history=True)
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
    result = Plan()
    first_changed_view: int | None = None
    if any(applied_views.get(f.script) != f.checksum for f in files if f.repeatable):
        objects = engine.object_types(macros=True)  # what applying a view file again replaces
    for sql_file in files:
        if not sql_file.repeatable:
            if sql_file.number in applied_versions:
                script, digest = applied_versions[sql_file.number]
                if digest != sql_file.checksum:
                    raise MigrationError(
                        f"{sql_file.script} was edited after it was applied "
                        f"(checksum {sql_file.checksum[:12]}, applied {digest[:12]}): "
                        "a versioned file never changes; add a new one instead"
                    )
            else:
                result.apply.append(sql_file)
        elif first_changed_view is not None or applied_views.get(sql_file.script) != sql_file.checksum:
            # This view file is new or edited, or reads the views of one that is: apply it again.
            first_changed_view = sql_file.number if first_changed_view is None else first_changed_view
            result.apply.append(sql_file)
            if sql_file.script in applied_views:
                result.drop_views += _views_of(sql_file, objects)
    result.apply.sort(key=lambda f: f.number)
    result.drop_views.reverse()
    return result


def _views_of(sql_file: SqlFile, objects: dict[str, str]) -> list[str]:
    """The views and macros of a view file that the database holds (what applying it again replaces)."""
    return [name for kind, name, _ in sql_file.definitions() if kind != "table" and objects.get(name) in _DROP]


# How each kind of object the database holds is dropped (object_types' names).
_DROP = {"view": "drop view", "macro": "drop macro", "table macro": "drop macro table", "table": "drop table"}


def _baseline_plan(engine: Engine, files: list[SqlFile], objects: dict[str, str]) -> Plan:
    """A database built outside pokersql: adopt it if its tables are the files' tables."""
    problems = []
    for sql_file in files:
        for kind, name, statement in sql_file.definitions():
            if kind != "table":
                continue
            if objects.get(name) != "table":
                problems.append(f"no table {name}")
            elif _columns(engine, name) != _declared_columns(statement):
                problems.append(f"table {name} has other columns")
    if problems:
        raise MigrationError(
            f"{_where(engine)} holds tables that pokersql did not record building ({', '.join(problems[:3])}"
            f"{', ...' if len(problems) > 3 else ''}): rebuild it (your own tables are kept) with: "
            f"{migrate_command(engine, rebuild=True)}"
        )
    views = [f for f in files if f.repeatable]
    objects = engine.object_types(macros=True)
    drops = [name for f in views for name in _views_of(f, objects)]
    return Plan(apply=views, drop_views=drops[::-1], baseline=[f for f in files if not f.repeatable], create_history=True)


def _declared_columns(statement: str) -> list[str]:
    """The column names of a ``create table name (...)`` statement as our files write it."""
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
) -> list[SqlFile]:
    """Apply what is pending, in one transaction; returns the files applied.

    A file that fails, or an interrupt, rolls everything back: the database stays as it was.
    The database's state is read before and again inside the transaction, which takes the
    write lock first, so two processes never apply the same file.
    ``progress("applying 008_hands.sql", done, total)`` is called before each file.
    ``rebuild=True`` first drops every pokersql object (the current files' and the
    pre-release schema's), keeping the user's own, then builds everything again.
    """
    files = sql_files() if files is None else files
    if not rebuild and not plan(engine, files):
        return []
    with engine.transaction(immediate=True):
        kept_views = _drop_pokersql_objects(engine, files) if rebuild else []
        todo = plan(engine, files)
        if todo.create_history:
            engine.execute(SCHEMA_HISTORY)
        objects = engine.object_types(macros=True) if todo.drop_views else {}
        for name in todo.drop_views:
            engine.execute(f'{_DROP[objects[name]]} "{name}"')
        for sql_file in todo.baseline:
            _record(engine, sql_file, BASELINE, 0)
        for number, sql_file in enumerate(todo.apply):
            progress(f"applying {sql_file.script}", number, len(todo.apply))
            started = time.perf_counter()
            try:
                for statement in engine.statements(sql_file.text, sql_file.script):
                    engine.execute(statement)
                if not engine.binds_views:
                    # SQLite creates a view that reads a missing table or column, and fails only when
                    # it is read: compile each new view once (explain: its plan, not its rows), so
                    # a broken one fails here, naming its file.
                    for kind, name, _ in sql_file.definitions():
                        if kind == "view":
                            engine.execute(f'explain select * from "{name}"')
            except DatabaseError as e:
                raise MigrationError(f"{sql_file.script} failed: {e}") from e
            _record(engine, sql_file, sql_file.kind, round((time.perf_counter() - started) * 1000))
        for name, definition in kept_views:
            engine.execute(f'create view "{name}" as {definition}')
    if todo.apply:
        progress(f"applied {len(todo.apply)} SQL file(s)", len(todo.apply), len(todo.apply))
    return todo.apply


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


def _drop_pokersql_objects(engine: Engine, files: list[SqlFile]) -> list[tuple[str, str]]:
    """Drop what pokersql made, and nothing else, each object after every object that reads it
    (a view its tables, a foreign key its key table): newest first, the pre-release schema's own
    objects before the current files'. Returns the user's views that had to go with them (where
    the engine binds views to tables), to make again once pokersql's objects are back."""
    ours = list(dict.fromkeys(name for sql_file in files for _, name, _ in sql_file.definitions()))
    older = [name for name in reversed(PRE_RELEASE_OBJECTS) if name not in ours]
    order = ["schema_history", *older, *reversed(ours)]
    objects = engine.object_types(macros=True)
    drops = [(_DROP[kind], name) for kind in ("macro", "table macro", "view", "table") for name in order if objects.get(name) == kind]
    return engine.drop_keeping_views(drops)


def script_for(dialect: str, files: list[SqlFile]) -> str:
    """One script of all the files, each under a comment naming it, for ``dialect``'s shell."""
    parts = []
    for sql_file in files:
        if not sql_file.runs_on(dialect):
            continue
        parts.append(f"-- {sql_file.script}\n")
        if dialect == SOURCE_DIALECT:
            parts.append(sql_file.text.rstrip("\n") + "\n\n")
        else:
            parts.append("".join(statement + ";\n\n" for statement in transpile(sql_file.text, dialect, sql_file.script)))
    return "".join(parts)


def recipes() -> dict[str, dict[str, Path]]:
    """The recipes of ``sql/recipes`` (one query over pokersql's tables, for a shell), by name
    and dialect: ``showdown.sqlite.sql`` is recipe ``showdown`` for SQLite. A SQLite recipe
    serves DuckDB too where there is no DuckDB one: the SQLite recipes use only what both
    engines share (tests run hand_ranks.sqlite.sql on both)."""
    found: dict[str, dict[str, Path]] = {}
    for path in sorted((sql_directory() / "recipes").glob("*.*.sql")):
        name, dialect, _ = path.name.split(".", 2)
        found.setdefault(name, {})[dialect] = path
    for by_dialect in found.values():
        if "sqlite" in by_dialect:
            by_dialect.setdefault("duckdb", by_dialect["sqlite"])
    return found


def recipe_text(name: str, dialect: str) -> str:
    """The text of recipe NAME for DIALECT; BadInput naming the recipes there are."""
    found = recipes()
    if name not in found:
        raise BadInput(f"unknown recipe {name!r}: choose {', '.join(found)}")
    if dialect not in found[name]:
        raise BadInput(f"recipe {name!r} is written for {', '.join(sorted(found[name]))}, not {dialect}")
    return normalize(found[name][dialect].read_text(encoding="utf-8"))
