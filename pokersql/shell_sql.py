"""The SQL printed for a shell (`pokersql sql`): every file of ``sql/`` as one script in a
dialect, and the recipes of ``sql/recipes``."""

from __future__ import annotations

from pathlib import Path

from .errors import BadInput
from .migrations import SqlFile, sql_directory, sql_files
from .sql_scripts import normalize
from .transpile import SOURCE_DIALECT, table_macros, transpile


def script_for(dialect: str, files: list[SqlFile]) -> str:
    """One script of all the files, each under a comment naming it, for ``dialect``'s shell."""
    parts = []
    macros = table_macros(f.text for f in files if f.runs_on(dialect)) if dialect != SOURCE_DIALECT else None
    for sql_file in files:
        if not sql_file.runs_on(dialect):
            continue
        parts.append(f"-- {sql_file.script}\n")
        if dialect == SOURCE_DIALECT:
            parts.append(sql_file.text.rstrip("\n") + "\n\n")
        else:
            parts.append("".join(statement + ";\n\n" for statement in transpile(sql_file.text, dialect, sql_file.script, macros)))
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
    """The text of recipe NAME for DIALECT; BadInput naming the recipes there are.

    A recipe calls the table macros of the SQL files (011's lookups): DuckDB runs it as it is;
    for another dialect its comment comes first, then its query with each call expanded
    (``transpile``, reading the recipe in its own dialect), laid out to be read."""
    found = recipes()
    if name not in found:
        raise BadInput(f"unknown recipe {name!r}: choose {', '.join(found)}")
    if dialect not in found[name]:
        raise BadInput(f"recipe {name!r} is written for {', '.join(sorted(found[name]))}, not {dialect}")
    path = found[name][dialect]
    text = normalize(path.read_text(encoding="utf-8"))
    if dialect == SOURCE_DIALECT:
        return text
    written_in = path.name.split(".")[1]
    macros = table_macros(f.text for f in sql_files() if f.runs_on(dialect))
    (query,) = transpile(text, dialect, path.name, macros, read=written_in, pretty=True)
    header = text[: text.index("*/") + 2] + "\n\n" if text.startswith("/*") else ""
    return header + query + ";\n"
