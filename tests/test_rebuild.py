"""`pokersql migrate --rebuild` (issue 21) of the real files on DuckDB, SQLite and PostgreSQL:
pokersql's objects dropped in the order their readers need and built again; the user's own table,
the user's own view over a pokersql table and the hand histories the user imported survive; every audit passes after it; a failed or
interrupted rebuild leaves the database as it was. (Every engine, Spark included, rebuilds small
files in tests/test_conformance.py.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import pokersql
from pokersql.cli import main
from pokersql.histories.stored import STORED
from signals import interrupt  # tests/signals.py
from test_audits import AUDITS, DUCKDB_ONLY, run_audit

AUDITS_BY_NAME = {audit.name: audit for audit in AUDITS}
HANDS = 2_598_960
FLUSHES = 5_108  # five-card flushes, straight flushes excluded


@pytest.fixture
def database(request: pytest.FixtureRequest, built_database) -> Iterator[tuple[str, str]]:
    """(engine, --db) of a fully built database of the test's own, for the engine in request.param."""
    engine = request.param
    if engine == "postgres":
        name = request.node.name[:50].lower().replace("[", "_").replace("]", "").replace("-", "_")
        path = request.getfixturevalue("built_postgres")(name)
    else:
        path = built_database(engine)
    yield engine, path


HISTORY = Path(__file__).resolve().parent / "histories" / "handhq_abs_sample.phhs"  # two hands


def _add_users_objects(engine: str, path: str, foreign_key: bool = False) -> None:
    """The user's own table (two rows), view over pokersql's hands and imported hand histories
    (two hands); with ``foreign_key``, a table whose foreign key reads pokersql's cards, which
    no rebuild may drop."""
    with pokersql.connect(path, engine=engine) as db:
        assert db.import_histories([HISTORY]).imported == 2
    with pokersql.connect(path, engine=engine) as db, db.engine.transaction():
        db.engine.execute("create table my_notes (id integer, note varchar(20))")
        db.engine.execute("insert into my_notes (id, note) values (1, 'keep me'), (2, 'me too')")
        db.engine.execute("create view my_flushes as select count(*) as n from hands where category = 'Flush'")
        if foreign_key:
            db.engine.execute("create table my_cards (card_id integer references cards (card_id))")
            db.engine.execute("insert into my_cards (card_id) values (51)")


def _state(engine: str, path: str) -> list:
    """What a failed rebuild must leave as it was."""
    with pokersql.connect(path, engine=engine) as db:
        return [
            db.query("select version, script, checksum, success from schema_history order by installed_rank").rows,
            sorted(db.engine.relation_names()),
            db.query("select count(*), sum(hand_rank), sum(points) from hands").rows,
            db.query("select id, note from my_notes order by id").rows,
            db.query("select n from my_flushes").rows,
            db.query("select site, hand_id, button_seat from history_hands order by hand_id").rows,
        ]


# PostgreSQL on the worker of its kind (conftest.py), the session's server. Not Spark, whose
# build of the real files takes minutes: tests/test_conformance.py rebuilds small files on every
# engine, Spark's among them, and tests/test_spark.py runs every audit on its built warehouse.
REBUILT_ON = [
    "duckdb",
    "sqlite",
    pytest.param("postgres", marks=pytest.mark.xdist_group("postgres")),
]


@pytest.mark.parametrize("database", REBUILT_ON, indirect=True)
def test_rebuild_keeps_the_users_table_and_view_and_every_audit_passes(database, capsys):
    engine, path = database
    _add_users_objects(engine, path)
    status = main(["--engine", engine, "--db", path, "migrate", "--rebuild", "--format", "csv"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "001_cards.sql" in out and "008_hands.sql" in out  # the versioned files applied again
    with pokersql.connect(path, engine=engine) as db:
        assert db.query("select id, note from my_notes order by id").rows == [(1, "keep me"), (2, "me too")]
        assert db.query("select n from my_flushes").rows == [(FLUSHES,)]
        assert db.query("select count(*) from hands").rows == [(HANDS,)]
        for audit in AUDITS:
            if audit.name not in DUCKDB_ONLY:
                assert run_audit(db, audit) == [], audit.name
        # Built by the files, not adopted, but for the imported hands' tables, kept with their rows.
        adopted = db.query("select script from schema_history where type = 'baseline'").rows
        assert adopted == [("028_hand_histories.sql",), ("043_history_more.sql",), ("057_history_site_said.sql",),
                           ("067_history_unknown_results.sql",)]  # the kept tables, and the columns 043, 057 and 067 gave them
        held = db.query("select count(*) from history_hands").rows + db.query("select count(*) from history_actions").rows
        assert held[0] == (2,) and held[1][0] > 0
        assert run_audit(db, AUDITS_BY_NAME["history_collected_matches_the_pots.sql"]) == []
        # the stored tables of 066 (derived, not kept): made and filled again, their views' rows
        assert db.query("select count(*) from stored_hands").rows == [(2,)]
        for table, view in STORED.items():
            rows = [db.query(f"select count(*) from {name}").rows[0][0] for name in (table, view)]
            left = db.query(f"select count(*) from (select * from {view} except select * from {table}) as d").rows
            assert rows[0] == rows[1] and left == [(0,)], table
        assert db.query("select count(*) from stored_payouts").rows[0][0] > 0
    assert main(["--engine", engine, "--db", path, "migrate"]) == 0
    assert "Nothing to apply" in capsys.readouterr().out


@pytest.mark.parametrize("database", REBUILT_ON, indirect=True)
def test_a_failed_rebuild_leaves_the_database_as_it_was(database, capsys):
    """The user's foreign key to cards: the drop of cards fails, and all of the rebuild is undone."""
    engine, path = database
    _add_users_objects(engine, path, foreign_key=True)
    before = _state(engine, path)
    status = main(["--engine", engine, "--db", path, "migrate", "--rebuild"])
    err = capsys.readouterr().err
    assert status == 1 and len(err.splitlines()) == 1 and "cards" in err, err
    assert _state(engine, path) == before


@pytest.mark.parametrize("database", ["duckdb", "sqlite"], indirect=True)
def test_an_interrupted_rebuild_leaves_the_database_as_it_was(database):
    engine, path = database
    _add_users_objects(engine, path)
    before = _state(engine, path)
    # After 2 s: a rebuild of a DuckDB file takes about 4 s on a quiet machine (5 s with start-up),
    # so at 4 s the signal could come as the process ended (exit status -2, nothing written).
    status, err, _ = interrupt(["--engine", engine, "--db", path, "migrate", "--rebuild"], after=2.0, wait=120)
    assert status == 130 and err.strip() == "pokersql: interrupted", err
    assert _state(engine, path) == before
