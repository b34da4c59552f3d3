"""pokersql: a SQL-first poker hand evaluator for DuckDB and SQLite."""

from .errors import BadInput, DatabaseError, MigrationError, PokerSQLError

__all__ = ["BadInput", "Database", "DatabaseError", "MigrationError", "PokerSQLError", "connect"]


def __getattr__(name: str) -> object:
    """``pokersql.connect`` and ``Database``, imported when first asked for: ``import pokersql``
    stays light, so the CLI (pokersql.cli) handles a Ctrl-C from its first heavy import on.
    ``pokersql.__version__``, read when asked for (importlib.metadata costs 30 ms at start-up)."""
    if name in ("connect", "Database"):
        from . import database

        return getattr(database, name)
    if name != "__version__":
        raise AttributeError(f"module 'pokersql' has no attribute {name!r}")
    from importlib import metadata

    try:  # one home for the version: pyproject.toml, as installed
        return metadata.version("pokersql")
    except metadata.PackageNotFoundError:  # a source tree that was never installed
        return "unknown"
