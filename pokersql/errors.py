"""The project's own errors. The CLI turns them into one line and an exit status."""


class PokerSQLError(Exception):
    """Any failure pokersql reports: exit status 1."""

    exit_code = 1


class BadInput(PokerSQLError, ValueError):
    """The user's input is wrong (a card, a count, an option): exit status 2."""

    exit_code = 2


class DatabaseError(PokerSQLError):
    """The database failed, or refused a statement: exit status 1."""


class MigrationError(DatabaseError):
    """A versioned SQL file could not be applied, or was edited after it was applied."""
