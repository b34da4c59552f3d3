"""A SQLite file's hot journal, played back before pokersql judges what kind of file it is."""

from __future__ import annotations

import sqlite3

SQLITE_JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")


def rolled_back(path: str) -> bool:
    """Whether a hot SQLite journal beside ``path`` was rolled back: a process killed while it
    wrote the file (its first build leaves the first page zeros) left the journal that restores
    it, and SQLite plays it back when it first reads the file; only then is the file's kind
    judged. A journal a live writer still holds is left to it."""
    try:
        with open(path + "-journal", "rb") as journal:
            if journal.read(8) != SQLITE_JOURNAL_MAGIC:
                return False
    except OSError:
        return False
    try:
        connection = sqlite3.connect(path, timeout=5)
        try:
            connection.execute("pragma schema_version").fetchall()
        finally:
            connection.close()
    except sqlite3.Error:
        return False
    return True
