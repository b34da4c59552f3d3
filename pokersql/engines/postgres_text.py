"""PostgreSQL's text: a URL's password masked for messages (``masked``), and pokersql's ``?``
placeholders as psycopg's (``placeholders``). pokersql.engines.postgres runs the engine."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

URL_SCHEMES = ("postgresql://", "postgres://")

# A password in a URL: postgresql://user:PASSWORD@host/..., or ...?password=PASSWORD.
_URL_PASSWORD = re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]*:)[^@\s]*@", re.IGNORECASE)
_PARAMETER_PASSWORD = re.compile(r"([?&]password=)[^&\s]*", re.IGNORECASE)


def masked(text: str) -> str:
    """The URL (or any text) with every password of a URL in it shown as ***, for messages."""
    return _PARAMETER_PASSWORD.sub(r"\1***", _URL_PASSWORD.sub(r"\1***@", text))


def placeholders(sql: str) -> str:
    """``sql`` with pokersql's ``?`` placeholders as psycopg's ``%s``, and every other ``%`` doubled.

    psycopg reads ``%`` everywhere in a query that has parameters (the modulo of the SQL
    files too); a ``?`` inside a string, a quoted name or a comment is left as it is.
    """
    out = []
    i, n = 0, len(sql)
    while i < n:
        char = sql[i]
        if char in "'\"":
            end = i + 1
            while end < n:
                if sql[end] == char:
                    if end + 1 < n and sql[end + 1] == char:  # '' or "" inside
                        end += 2
                        continue
                    break
                end += 1
            out.append(sql[i : end + 1].replace("%", "%%"))
            i = end + 1
        elif sql.startswith("--", i):
            end = sql.find("\n", i)
            end = n if end < 0 else end
            out.append(sql[i:end].replace("%", "%%"))
            i = end
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(sql[i:end].replace("%", "%%"))
            i = end
        elif char == "?":
            out.append("%s")
            i += 1
        elif char == "%":
            out.append("%%")
            i += 1
        else:
            out.append(char)
            i += 1
    return "".join(out)


def _query(sql: str, params: Sequence[Any]) -> tuple[str, Any]:
    """What psycopg is given: no parameters, the SQL as it is (a ``%`` is then just a ``%``)."""
    if not params:
        return sql, None
    return placeholders(sql), tuple(params)
