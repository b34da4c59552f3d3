"""What the PQL test files share: the database they ask (``db``, one per module over conftest's
``db_file``, in place of conftest's engine-parametrized ``db``: PQL runs on DuckDB), a
statement's values, and cards as text."""

from __future__ import annotations

import pytest

import pokersql
from pokersql.cards import card_name


@pytest.fixture(scope="module", name="db")
def pql_database(db_file):
    with pokersql.connect(db_file) as database:
        yield database


def results(db, query):
    """The one statement of ``query`` and its selectors' values."""
    (statement,) = db.pql(query)
    return statement, [r.value for r in statement.results]


def answer(db, query):
    """The deals counted and the selectors' values."""
    statement, values = results(db, query)
    return statement.trials, values


def exact_answer(db, query):
    """As answer, the statement counted exactly (every deal)."""
    statement, values = results(db, query)
    assert statement.exact
    return statement.trials, values


def text(cards):
    return "".join(card_name(c) for c in cards)
