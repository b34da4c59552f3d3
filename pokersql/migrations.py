"""The runner of the versioned SQL files (Flyway style).

``sql/V001__cards.sql``, ``sql/V002__...sql``: applied in version order, each in
its own transaction, each recorded in ``schema_history`` with a checksum of its
normalized content. An applied file that has since changed is refused, by name.
"""

from __future__ import annotations

import hashlib
import re
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from .engines import Engine
from .errors import DatabaseError, MigrationError
from .progress import ProgressCallback, no_progress

_FILE_NAME = re.compile(r"^V(\d+)__(\w+)\.sql$")

SCHEMA_HISTORY = """
create table if not exists schema_history (
    version integer primary key,
    description varchar not null,
    script varchar not null,
    checksum varchar not null,
    applied_at timestamp not null,
    execution_ms integer not null,
    success boolean not null
)
"""


@dataclass(frozen=True)
class SqlFile:
    version: int
    description: str
    script: str
    text: str

    @property
    def checksum(self) -> str:
        return checksum(self.text)


def normalize(text: str) -> str:
    """The content a checksum is taken of: no byte-order mark, one kind of line ending."""
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def checksum(text: str) -> str:
    return hashlib.sha256(normalize(text).encode("utf-8")).hexdigest()


def sql_directory() -> Path:
    """``sql/`` of the source tree when running from it, else the copy installed in the package."""
    package = Path(__file__).resolve().parent
    for candidate in (package.parent / "sql", package / "sql"):
        if (candidate / "V001__cards.sql").is_file():
            return candidate
    raise MigrationError(f"no versioned SQL files found beside {package}")


def sql_files(directory: Path | None = None) -> list[SqlFile]:
    """The versioned SQL files in version order."""
    directory = directory or sql_directory()
    found = []
    for path in directory.iterdir():
        match = _FILE_NAME.match(path.name)
        if match:
            found.append(
                SqlFile(
                    version=int(match.group(1)),
                    description=match.group(2).replace("_", " "),
                    script=path.name,
                    text=normalize(path.read_text(encoding="utf-8")),
                )
            )
    found.sort(key=lambda f: f.version)
    versions = [f.version for f in found]
    if len(set(versions)) != len(versions):
        raise MigrationError(f"two SQL files share a version in {directory}")
    return found


def applied_versions(engine: Engine) -> dict[int, tuple[str, str]]:
    """version -> (script, checksum) of what schema_history records."""
    engine.execute(SCHEMA_HISTORY)
    rows = engine.execute("select version, script, checksum from schema_history where success")
    return {version: (script, digest) for version, script, digest in rows}


def pending(engine: Engine, files: list[SqlFile] | None = None) -> list[SqlFile]:
    """Files not applied yet; refuses if an applied file was edited."""
    files = sql_files() if files is None else files
    applied = applied_versions(engine)
    todo = []
    for sql_file in files:
        if sql_file.version in applied:
            script, digest = applied[sql_file.version]
            if digest != sql_file.checksum:
                raise MigrationError(
                    f"{sql_file.script} was edited after it was applied "
                    f"(checksum {sql_file.checksum[:12]}, applied {digest[:12]}): "
                    "add a new versioned file instead"
                )
        else:
            todo.append(sql_file)
    return todo


def migrate(
    engine: Engine, files: list[SqlFile] | None = None, progress: ProgressCallback = no_progress
) -> list[SqlFile]:
    """Apply pending files in version order, one transaction each. Returns what was applied.

    A file that fails is rolled back whole, so the database stays at the previous version.
    ``progress("applying V006__hands.sql", done, total)`` is called before each file.
    """
    applied = []
    todo = pending(engine, files)
    for number, sql_file in enumerate(todo):
        progress(f"applying {sql_file.script}", number, len(todo))
        started = time.perf_counter()
        with engine.transaction():
            try:
                for statement in engine.statements(sql_file.text):
                    engine.execute(statement)
            except DatabaseError as e:
                raise MigrationError(f"{sql_file.script} failed: {e}") from e
            elapsed_ms = round((time.perf_counter() - started) * 1000)
            engine.execute(
                "insert into schema_history "
                "(version, description, script, checksum, applied_at, execution_ms, success) "
                "values (?, ?, ?, ?, ?, ?, ?)",
                (
                    sql_file.version,
                    sql_file.description,
                    sql_file.script,
                    sql_file.checksum,
                    datetime.now(timezone.utc).replace(tzinfo=None).isoformat(sep=" "),
                    elapsed_ms,
                    True,
                ),
            )
        applied.append(sql_file)
    if todo:
        progress(f"applied {len(todo)} SQL file(s)", len(todo), len(todo))
    return applied
