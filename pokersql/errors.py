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


class Refused(BadInput):
    """The engine refused a statement that would write, or reach a file or the network: exit status 2."""


class TimedOut(PokerSQLError):
    """The user's query ran past its time limit (``query --timeout``) and was stopped; the
    database is as it was: exit status 1."""

    def __init__(self, seconds: float) -> None:
        super().__init__(
            f"query stopped: it ran longer than its time limit of {seconds:g} s "
            "(query --timeout SECONDS gives it more; --timeout 0, no limit)"
        )


class Interrupted(PokerSQLError):
    """Ctrl-C (SIGINT) stopped the work; the database is as it was: exit status 130."""

    exit_code = 130

    def __init__(self, message: str = "interrupted") -> None:
        super().__init__(message)
