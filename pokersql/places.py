"""Where pokersql keeps its default database: in the user's data folder, the platform's
convention (platformdirs: ``~/.local/share/pokersql`` on Linux, ``$XDG_DATA_HOME/pokersql``
if that is set; ``~/Library/Application Support/pokersql`` on macOS), never in the current
folder. ``--db PATH`` and ``POKERSQL_DB`` choose any other.

    >>> from pokersql.places import default_database
    >>> default_database("sqlite")               # doctest: +SKIP
    '/home/ada/.local/share/pokersql/pokersql.sqlite'
"""

from __future__ import annotations

import os
from pathlib import Path

from .engines import ENGINES
from .engines.base import FILE_ENGINES


def data_folder(make: bool = False) -> Path:
    """pokersql's folder in the user's data folder; made (with its parents) if ``make``."""
    import platformdirs  # imported when asked for: most commands never need it

    return platformdirs.user_data_path("pokersql", appauthor=False, ensure_exists=make)


def default_database(engine: str, make_folder: bool = False) -> str:
    """Where ``engine``'s database is when none is chosen: a file engine's (DuckDB, SQLite) in
    the data folder; Spark's warehouse directory in the current folder; PostgreSQL has none ("")."""
    name = ENGINES[engine].default_path
    if engine not in FILE_ENGINES:
        return name
    return str(data_folder(make=make_folder) / name)


def shown(path: str) -> str:
    """A path as messages show it: the home folder as ``~`` on a POSIX system (shorter, and the
    same on every machine of one platform); any other path as it is."""
    if os.name != "posix" or not os.path.isabs(path):
        return path
    home = str(Path.home())
    if home not in ("", "/") and (path == home or path.startswith(home + os.sep)):
        return "~" + path[len(home):]
    return path
