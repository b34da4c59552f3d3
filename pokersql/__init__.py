"""pokersql: a SQL-first poker hand evaluator for DuckDB and SQLite."""

from importlib import metadata as _metadata

from .database import Database, connect
from .errors import BadInput, DatabaseError, MigrationError, PokerSQLError

__all__ = ["BadInput", "Database", "DatabaseError", "MigrationError", "PokerSQLError", "connect"]

try:  # one home for the version: pyproject.toml, as installed
    __version__ = _metadata.version("pokersql")
except _metadata.PackageNotFoundError:  # a source tree that was never installed
    __version__ = "unknown"
