"""A command's inputs reach the views as relations (``Engine.inputs``), on every engine.

Each engine holds them its own way (docs/engines.md): DuckDB in temporary tables of the
connection, SQLite and PostgreSQL in the input tables inside a transaction that is rolled
back, Spark as views of the rows. Whichever way, the views read exactly the rows given, and
afterwards every input table holds what it held before: here rows a SQL user put in
``hand_input`` and ``random_hand_input`` and the database's own ``deal_settings``. An input
table not given holds no rows for the block, whatever the database holds.
"""

from __future__ import annotations

import threading

import pytest

import pokersql
from pokersql.database import _deal_settings
from pokersql.engines.base import SCRATCH_TABLES

ENGINES = [
    "duckdb",
    "sqlite",
    pytest.param("postgres", marks=pytest.mark.xdist_group("postgres")),
    pytest.param("spark", marks=pytest.mark.xdist_group("spark")),
]
SETTINGS = (7, 3, 2, "riffle", 3, "round-robin", 5)  # deal_settings' columns, in order


@pytest.fixture(scope="module", params=ENGINES)
def engine(request: pytest.FixtureRequest, built_database):
    """A built database of its own (a user's row is written to it), and its engine."""
    name = request.param
    if name == "postgres":
        where = request.getfixturevalue("built_postgres")("inputs")
    elif name == "spark":
        where = request.getfixturevalue("built_spark")()
    else:
        where = built_database(name)
    with pokersql.connect(where, engine=name) as database:
        database.ensure_ready()
        with database.engine.transaction():
            database.engine.execute("insert into hand_input (hand_no, card_id) values (9, 51)")
            database.engine.execute("insert into random_hand_input (hand_no) values (9)")
        yield database.engine


def held(engine) -> dict[str, list[tuple]]:
    return {name: sorted(tuple(row) for row in engine.execute(f"select * from {name}")) for name in SCRATCH_TABLES}


def test_the_views_read_the_rows_given_and_nothing_stays(engine):
    before = held(engine)
    assert before["hand_input"] == [(9, 51)] and before["random_hand_input"] == [(9,)]
    with engine.inputs(hand_input=[(1, 0), (1, 13)], board_input=[(26,)], deal_settings=[SETTINGS]) as give:
        inside = held(engine)
        # known_holes (015) and deal_numbers (003) read them as the library's queries do.
        holes = engine.execute("select player, rank_key from known_holes")
        deals = sorted(row[0] for row in engine.execute("select deal_no from deal_numbers"))
        give(hand_input=[(2, 5), (2, 6)], deal_settings=[(*SETTINGS[:2], 1, *SETTINGS[3:])])
        given_again = held(engine)
        deals_again = engine.execute("select deal_no from deal_numbers")
    assert inside == {
        "deal_settings": [SETTINGS],
        "hand_input": [(1, 0), (1, 13)],
        "board_input": [(26,)],
        "dead_input": [],
        "random_hand_input": [],
        "range_input": [],
    }
    cards = dict(engine.execute("select card_id, rank_code from cards"))
    assert [(int(p), int(k)) for p, k in holes] == [(1, cards[0] + cards[13])]
    assert deals == [5, 6]  # first_deal 5, two deals
    assert given_again["hand_input"] == [(2, 5), (2, 6)] and given_again["board_input"] == [(26,)]
    assert [int(d) for (d,) in deals_again] == [5]
    assert held(engine) == before


def test_a_failure_inside_leaves_the_inputs_as_they_were(engine):
    before = held(engine)
    with pytest.raises(KeyError, match="stop"), engine.inputs(range_input=[(1, 51, 50, 1)], dead_input=[(3,)]):
        assert engine.execute("select count(*) from range_input")[0][0] == 1
        raise KeyError("stop")
    assert held(engine) == before


def test_only_the_input_tables_are_inputs(engine):
    with pytest.raises(ValueError, match="no input table cards"), engine.inputs(cards=[(1,)]):
        pass
    assert engine.execute("select count(*) from cards") == [(52,)]


@pytest.mark.xdist_group("postgres")
def test_two_postgres_sessions_never_wait_for_each_others_inputs(pg_url):
    """Each session's inputs are its own: while one holds hands and settings, another deals and
    counts equity at once (through the shared tables it waited for the first one's rows)."""
    with pokersql.connect(pg_url, engine="postgres") as first, pokersql.connect(pg_url, engine="postgres") as second:
        first.ensure_ready()
        second.ensure_ready()
        expected = second.equity("AhAd", "KhKd", board="2c 7d Kc").to_dict(), second.deal(3, seed=9).to_dict()
        answers = []
        with first.engine.inputs(hand_input=[(1, 48), (1, 49), (2, 44), (2, 45)], deal_settings=[_deal_settings(1, 2, 1)]):
            worker = threading.Thread(
                target=lambda: answers.append((second.equity("AhAd", "KhKd", board="2c 7d Kc").to_dict(), second.deal(3, seed=9).to_dict()))
            )
            worker.start()
            worker.join(60)
            finished = not worker.is_alive()
        worker.join()
    assert finished, "the second session waited for the first one's inputs"
    assert answers == [expected]


@pytest.mark.parametrize("name", ["duckdb", "sqlite"])
def test_rows_a_sql_user_left_change_no_answer(name, built_database):
    """A shell user's committed rows (riffle shuffles in deal_settings, a board and dead cards
    left in the input tables) reach none of the library's answers: Monte Carlo by seed, exact
    equity and a deal come out as on a database no one touched. (Before the inputs were
    relations, equity added its board to the rows board_input already held.) The exact
    questions are cheap ones: AhAd v QQ+ v random on a turn took SQLite 3 minutes."""
    asked = [
        lambda db: db.equity("AhAd", "KhKd", board="2c 7d Kc", trials=2000, seed=11).to_dict(),
        lambda db: db.equity("AhAd", "QQ+", board="2c 7d Kc 5s").to_dict(),
        lambda db: db.equity("AhAd", "random", board="2c 7d Kc 5s").to_dict(),
        lambda db: db.deal(3, seed=5).to_dict(),
    ]
    with pokersql.connect(built_database(name), engine=name) as untouched:
        expected = [ask(untouched) for ask in asked]
    with pokersql.connect(built_database(name), engine=name) as used:
        used.ensure_ready()
        with used.engine.transaction():
            used.engine.execute("update deal_settings set shuffle = 'riffle', riffles = 1, deal_order = 'round-robin'")
            used.engine.execute("insert into board_input (card_id) values (1)")
            used.engine.execute("insert into dead_input (card_id) values (2)")
            used.engine.execute("insert into random_hand_input (hand_no) values (3)")
        assert [ask(used) for ask in asked] == expected
