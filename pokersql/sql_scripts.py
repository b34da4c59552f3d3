"""The SQL files as pokersql reads them (``SqlFile``): their checksums (``checksum``, of the text
comments and whitespace aside; ``same_file``), the objects each creates and reads (``reads``),
the files that build some objects (``files_for``) or follow a changed view file
(``derived_files``), and the order they run in (``run_order``: each after the files it reads). pokersql.migrations finds them in sql/ and applies them."""


from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .errors import MigrationError
from .legacy_checksums import LEGACY_CHECKSUMS
from .transpile import SOURCE_DIALECT, keep_json


VERSIONED, REPEATABLE = "versioned", "repeatable"
# SQL text as the checksum and the statement finder read it: a quoted string or identifier
# (its doubled quote included), an optimizer hint (Spark's /*+ BROADCAST(...) */: code, not a
# comment), a comment, whitespace, or any other run of characters. A quote that never closes
# runs to the end, and a block comment that never closes reads as code: nothing but a true
# comment is ever left out.
_TOKEN = re.compile(
    r"(?P<quoted>'(?:[^']|'')*(?:'|\Z)|\"(?:[^\"]|\"\")*(?:\"|\Z))"
    r"|(?P<hint>/\*\+.*?\*/)"
    r"|(?P<line>--[^\n]*)"
    r"|(?P<block>/\*.*?\*/)"
    r"|(?P<space>\s+)"
    r"|[^'\"/\-\s]+|.",
    re.DOTALL,
)
# The form of checksum pokersql records: its own text ignores comments and whitespace.
# A checksum without this prefix was recorded before (0.1.x): the sha256 of the whole text.
CHECKSUM_FORM = "v2:"
_CREATE = re.compile(
    r"^\s*create\s+(?:or\s+replace\s+)?(table|view|macro)\s+(?:if\s+not\s+exists\s+)?(\w+)",
    re.IGNORECASE | re.MULTILINE,
)
# A table macro's name and its parameters (the relations it reads: ``create macro name(a, b) as table``).
_TABLE_MACRO = re.compile(r"^\s*create\s+(?:or\s+replace\s+)?macro\s+(\w+)\s*\(([^)]*)\)\s*as\s+table\b", re.IGNORECASE | re.MULTILINE)
# A table file may add columns to a table an earlier file created: the change to a released table.
_ADD_COLUMN = re.compile(r"^\s*alter\s+table\s+(\w+)\s+add\s+column\s+(\w+)", re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True)
class SqlFile:
    number: int
    description: str
    script: str
    text: str
    repeatable: bool = False
    only_on: str | None = None  # the one engine the file is for ("duckdb"), None: every engine
    path: str = ""  # where it is in sql/: its subject's folder and its name ("cards/001_cards.sql")

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

    def added_columns(self) -> list[tuple[str, str]]:
        """(table, column) of every column the file adds to a table (``alter table t add column c``)."""
        return [(table.lower(), column) for table, column in _ADD_COLUMN.findall(without_comments(self.text))]

    def table_macros(self) -> dict[str, list[str]]:
        """name -> parameters of every table macro the file creates, in order (comments left out)."""
        return {
            name.lower(): [parameter.strip().lower() for parameter in parameters.split(",") if parameter.strip()]
            for name, parameters in _TABLE_MACRO.findall(without_comments(self.text))
        }

    def definitions(self) -> list[tuple[str, str, str]]:
        """(kind, name, statement) of every object the file creates, in order: kind is table, view or macro.

        The statement is as written, its comments included.
        """
        found = []
        for statement in re.split(r";\s*\n", without_comments(self.text)):
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


@functools.lru_cache(maxsize=1024)  # the same files' texts, read again by each import and migrate
def without_comments(text: str) -> str:
    """The text with its comments left out (a block comment becomes one space, a line comment
    nothing: its line ending stays), strings, quoted names and optimizer hints kept whole."""
    return "".join(
        "" if match.lastgroup == "line" else " " if match.lastgroup == "block" else match.group()
        for match in _TOKEN.finditer(text)
    )


def canonical(text: str) -> str:
    """What a checksum is taken of: the normalized text without its comments, each run of
    whitespace outside quotes one space. Editing a comment, or re-indenting, is not an edit."""
    pieces: list[str] = []
    for match in _TOKEN.finditer(normalize(text)):
        piece = " " if match.lastgroup in ("line", "block", "space") else match.group()
        if piece != " " or (pieces and pieces[-1] != " "):
            pieces.append(piece)
    return "".join(pieces).rstrip(" ")


def checksum(text: str) -> str:
    """The checksum pokersql records: ``v2:`` and the sha256 of the canonical text (once a
    process, or read from the checksum cache: ``known_checksums``)."""
    known = _KNOWN.get(text)
    if known is None:
        known = _KNOWN[text] = CHECKSUM_FORM + hashlib.sha256(canonical(text).encode("utf-8")).hexdigest()
    return known


# Each text's checksum, once this process has it. Reading the canonical text of every file
# takes 80 ms or more of each command's start (the check that the database is up to date reads
# every checksum): the checksum cache keeps them on disk, in one JSON file of the text's sha256
# (C's work, under a millisecond for all of sql/) -> its checksum, named by this module's code
# (an edit here misses it), beside the transpile cache (transpile.cache_directory: off with
# POKERSQL_CACHE_DIR=""). A cache that cannot be read or written is passed over.
_KNOWN: dict[str, str] = {}
_MODULE_CODE = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
_CACHE_MOST = 1_000  # entries: past this many (old versions' files), it starts again


def known_checksums(texts: Iterable[str]) -> None:
    """Make ``checksum`` of each text quick: read from the checksum cache, and those not there
    computed and written to it."""
    from .transpile import cache_directory

    todo = [text for text in dict.fromkeys(texts) if text not in _KNOWN]
    directory = cache_directory("checksums")
    if not todo or directory is None:
        return
    kept = directory / f"{_MODULE_CODE}.json"
    try:
        cached = json.loads(kept.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        cached = {}
    if not isinstance(cached, dict) or len(cached) > _CACHE_MOST:
        cached = {}
    missed = False
    for text in todo:
        key = hashlib.sha256(text.encode("utf-8")).hexdigest()
        value = cached.get(key)
        if isinstance(value, str) and value.startswith(CHECKSUM_FORM):
            _KNOWN[text] = value
        else:
            cached[key] = checksum(text)
            missed = True
    if missed:
        keep_json(kept, cached)


def legacy_checksum(text: str) -> str:
    """The checksum 0.1.x recorded: the sha256 of the whole normalized text, comments included."""
    return hashlib.sha256(normalize(text).encode("utf-8")).hexdigest()


def same_file(recorded: str, sql_file: SqlFile) -> bool:
    """Whether the checksum in schema_history is of this file's text (comments aside).

    A checksum recorded by 0.1.x (no ``v2:``) is compared the old way; and, should a comment
    have been edited since, through LEGACY_CHECKSUMS, the v2 checksum of every text a file had
    before v2 (no other old checksum can ever be recorded). The row is never rewritten.
    """
    if recorded.startswith(CHECKSUM_FORM):
        return recorded == sql_file.checksum
    return recorded == legacy_checksum(sql_file.text) or LEGACY_CHECKSUMS.get(recorded) == sql_file.checksum


_INSERT_INTO = re.compile(r"^\s*insert\s+into\s+(\w+)", re.IGNORECASE | re.MULTILINE)


def files_for(names: list[str] | tuple[str, ...], files: list[SqlFile]) -> list[SqlFile]:
    """The files that build the objects ``names``, and the files those read, in run order.

    A file reads an object when its text (comments left out) names a table or view, or
    calls a macro, that another file creates. Applying only these files is a migration
    like any other (each recorded in ``schema_history``); a later full migrate applies the
    rest, as it would files added since.
    """
    creators = _creators(files)
    missing = [name for name in names if name not in creators]
    if missing:
        raise MigrationError(f"no SQL file creates {', '.join(missing)}")

    def read_by(sql_file: SqlFile) -> set[str]:
        return _named_by(sql_file, creators)

    adders: dict[str, list[SqlFile]] = {}  # table -> the files that add columns to it (a view may read them: 067's)
    for sql_file in files:
        for table, _ in sql_file.added_columns():
            adders.setdefault(table, []).append(sql_file)
    needed = {creators[name][1].script: creators[name][1] for name in names}
    needed.update((sql_file.script, sql_file) for name in names for sql_file in adders.get(name, ()))
    todo = list(needed.values())
    while todo:
        for name in read_by(todo.pop()):
            for sql_file in (creators[name][1], *adders.get(name, ())):
                if sql_file.script not in needed:
                    needed[sql_file.script] = sql_file
                    todo.append(sql_file)
    tables = {name for name, (kind, creator) in creators.items() if kind == "table" and creator.script in needed}
    needed.update(  # the files that create nothing but add rows to a table needed (064's to 061's game names)
        (sql_file.script, sql_file) for sql_file in files
        if not sql_file.definitions() and set(_INSERT_INTO.findall(without_comments(sql_file.text))) & tables
    )
    return [sql_file for sql_file in files if sql_file.script in needed]


def _creators(files: list[SqlFile]) -> dict[str, tuple[str, SqlFile]]:
    """name -> (kind, the file that creates it) of every object the files create."""
    return {
        match.group(2): (match.group(1).lower(), sql_file)
        for sql_file in files
        for match in _CREATE.finditer(without_comments(sql_file.text))
    }


def _named_by(sql_file: SqlFile, creators: dict[str, tuple[str, SqlFile]]) -> set[str]:
    """The objects of other files that a file names (a table or view as a word, a macro called),
    comments left out: quick, and never fewer than reads() finds (a test checks it)."""
    text = without_comments(sql_file.text).lower()
    words = set(re.findall(r"\w+", text))
    calls = set(re.findall(r"(\w+)\s*\(", text))
    return {
        name for name, (kind, creator) in creators.items()
        if creator is not sql_file and (name in calls if kind == "macro" else name in words)
    }


_ORDERS: dict[str, list[str]] = {}  # the run orders this process has, by the key of their files


def run_order(files: list[SqlFile]) -> list[SqlFile]:
    """The files in the order they run: each after the files whose objects it reads (file_reads),
    as dbt orders its models; where nothing forces an order, the lower number first. Raises
    MigrationError, naming the files, when two files create the same object or the files read
    each other in a cycle. Parsing every file takes most of a second: the order is kept in the
    cache (transpile.cache_directory), under the sha256 of the files' paths and texts."""
    from .transpile import cache_directory

    by_number = sorted(files, key=lambda f: f.number)
    key = hashlib.sha256("\0".join(f"{f.path}\0{f.script}\0{f.text}" for f in by_number).encode("utf-8")).hexdigest()
    by_script = {f.script: f for f in files}
    if key in _ORDERS:
        return [by_script[script] for script in _ORDERS[key]]
    directory = cache_directory("run_order")
    kept = directory / f"{_MODULE_CODE}.json" if directory is not None else None
    cached: dict = {}
    if kept is not None:
        try:
            cached = json.loads(kept.read_text(encoding="utf-8"))
            scripts = cached.get(key) if isinstance(cached, dict) else None
            if isinstance(scripts, list) and sorted(scripts) == sorted(by_script):
                _ORDERS[key] = scripts
                return [by_script[script] for script in scripts]
        except (OSError, ValueError, TypeError):
            pass
    if not isinstance(cached, dict) or len(cached) > 50:  # orders of other trees' files, kept a while
        cached = {}
    creators: dict[str, SqlFile] = {}
    for sql_file in by_number:
        for _, name, _ in sql_file.definitions():
            other = creators.setdefault(name, sql_file)
            if other is not sql_file:
                raise MigrationError(f"{other.path or other.script} and {sql_file.path or sql_file.script} both create {name}")
    after = file_reads(by_number)
    done: list[SqlFile] = []
    todo = by_number
    while todo:
        placed = {f.script for f in done}
        ready = next((f for f in todo if after[f.script] <= placed), None)
        if ready is None:
            raise MigrationError("the SQL files read each other in a cycle: " + ", ".join(
                f"{f.path or f.script} (reads {', '.join(sorted(after[f.script] - placed))})" for f in todo))
        todo = [f for f in todo if f is not ready]
        done.append(ready)
    _ORDERS[key] = [f.script for f in done]
    if kept is not None:
        cached[key] = [f.script for f in done]
        keep_json(kept, cached)
    return done


def reads(sql_file: SqlFile) -> set[str]:
    """The tables and views a file reads (those it names to a table macro too), and the macros it
    calls (its own included), as sqlglot parses it (the CTEs a statement names are not read).
    sqlglot is imported here, when needed."""
    import sqlglot
    from sqlglot import exp

    names: set[str] = set()
    try:
        statements = sqlglot.parse(sql_file.text, read=SOURCE_DIALECT)
    except sqlglot.errors.SqlglotError as e:
        raise MigrationError(f"{sql_file.script} cannot be read for the objects it reads: {str(e).splitlines()[0]}") from e
    for statement in statements:
        if statement is None:
            continue
        ctes = {cte.alias for cte in statement.find_all(exp.CTE)}
        names |= {table.name for table in statement.find_all(exp.Table)} - ctes
        names |= {call.name for call in statement.find_all(exp.Anonymous)}
        # the relations a table macro is given by name (``from history_pots_of('history_contributions')``)
        names |= {
            argument.name for table in statement.find_all(exp.Table) if isinstance(table.this, exp.Anonymous)
            for argument in table.this.expressions if isinstance(argument, exp.Column) or (isinstance(argument, exp.Literal) and argument.is_string)
        } - ctes
    return names


def file_reads(files: list[SqlFile]) -> dict[str, set[str]]:
    """script -> the scripts of the other files whose objects it reads (reads()), and of the files
    that add columns to the tables it reads (a view may read the column: 067's to 028's)."""
    creators = {name: f.script for f in files for _, name, _ in f.definitions()}
    adders: dict[str, set[str]] = {}
    for f in files:
        for table, _ in f.added_columns():
            adders.setdefault(table, set()).add(f.script)

    def after(f: SqlFile) -> set[str]:
        altered = {table for table, _ in f.added_columns()}
        return {script for name in reads(f) for script in (creators.get(name), *(() if name in altered or creators.get(name) == f.script
                                                                                 else adders.get(name, ()))) if script}

    return {f.script: after(f) - {f.script} for f in files}


# Tables that a command fills later from a view (``build --preflop``: 022's table from 025's
# view), not the file that creates them: the table goes stale with that view, as a table
# built from a view does, and is made again (empty, to be filled again) with it.
FILLED_FROM = {"preflop_matchups": "preflop_matchup_counts"}


def derived_files(changed: list[SqlFile], files: list[SqlFile]) -> list[SqlFile]:
    """The versioned files whose tables are built from the view files ``changed``: those that
    read their views, or read the tables or views of a file that does, transitively; and the
    file of a table FILLED_FROM such a view. In run order."""
    read_by = file_reads(files)
    creators = {name: f.script for f in files for _, name, _ in f.definitions()}
    for table, view in FILLED_FROM.items():
        if table in creators and view in creators:
            read_by[creators[table]].add(creators[view])
    stale = {f.script for f in changed}
    grew = True
    while grew:  # a filled table's view comes after its file: until nothing is added
        grew = False
        for sql_file in files:
            if sql_file.script not in stale and read_by[sql_file.script] & stale:
                stale.add(sql_file.script)
                grew = True
    return [f for f in files if not f.repeatable and f.script in stale]
