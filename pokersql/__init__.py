"""pokersql: a SQL-first poker hand evaluator for DuckDB and SQLite."""

from .database import Database, connect
from .errors import BadInput, DatabaseError, MigrationError, PokerSQLError

__all__ = ["BadInput", "Database", "DatabaseError", "MigrationError", "PokerSQLError", "connect"]
__version__ = "0.1.0"
