"""SQLite: the same versioned SQL files, transpiled by sqlglot, give the same answers as DuckDB.

Covers the SQLite engine itself, parity with DuckDB (simulate, riffles, the small tables), the
``pokersql sql --dialect sqlite | sqlite3`` round trip, and the transpiling traps, each checked by
running SQL. What every engine must do (the runner's guarantees, a rebuild, ``hands`` row for row,
deals, eval, freq, export, the command line's JSON) is tests/test_conformance.py's.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest
import sqlglot
from sqlglot import exp
from sqlglot.errors import ErrorLevel

import pokersql
from pokersql import migrations
from pokersql.cli import main
from pokersql.engines import ENGINES
from pokersql.engines.sqlite import SQLiteEngine
from pokersql.errors import BadInput, DatabaseError, MigrationError
from pokersql.transpile import DIALECTS, table_macros, transpile
from preflop_copy import MATCHUP, counting_lookups, matchup_csv  # tests/preflop_copy.py
from test_conformance import write_sql_files  # tests/test_conformance.py
from signals import pokersql_command  # tests/signals.py
from pokersql.database import _deal_settings

SQLITE3 = shutil.which("sqlite3")


def needs_sqlite3(test):
    """The real sqlite3 shell (Debian's sqlite3; .ci/run installs it): missing, the test fails, never skips."""

    def check(*args, **kwargs):
        assert SQLITE3 is not None, "the sqlite3 command-line program is not installed (apt-get install sqlite3)"
        return test(*args, **kwargs)

    return functools.wraps(test)(check)


def run_sqlite(sql: str, params: tuple = ()) -> list[tuple]:
    """DuckDB-dialect SQL, transpiled, run on a fresh in-memory SQLite."""
    connection = sqlite3.connect(":memory:")
    try:
        return [row for statement in transpile(sql, "sqlite") for row in connection.execute(statement, params)]
    finally:
        connection.close()


# -- fixtures ----------------------------------------------------------------


@pytest.fixture(scope="session")
def built(built_database) -> dict[str, Path]:
    """Both engines' fully migrated database files (hands included): copies of the session's."""
    return {engine: Path(built_database(engine, for_the_session=True)) for engine in ("duckdb", "sqlite")}


@pytest.fixture(scope="module")
def cli_duckdb(built_database) -> Path:
    """A DuckDB file for the CLI tests alone: ``duck`` holds the other open for the session, and
    ``query``'s read-only sandbox refuses a file that another connect() of the process holds."""
    return Path(built_database("duckdb"))


@pytest.fixture(scope="session")
def duck(built: dict[str, Path]) -> pokersql.Database:
    db = pokersql.connect(str(built["duckdb"]), "duckdb")
    yield db
    db.close()


@pytest.fixture(scope="session")
def lite(built: dict[str, Path]) -> pokersql.Database:
    db = pokersql.connect(str(built["sqlite"]), "sqlite")
    yield db
    db.close()


# -- the engine --------------------------------------------------------------


def test_sqlite_is_registered() -> None:
    assert ENGINES["sqlite"] is SQLiteEngine
    assert SQLiteEngine.default_path == "pokersql.sqlite"
    assert "sqlite" in DIALECTS


def test_connect_sqlite_in_memory() -> None:
    with pokersql.connect(None, engine="sqlite") as db:
        assert isinstance(db.engine, SQLiteEngine)
        assert db.engine.version().startswith("SQLite 3.")
        assert db.evaluate("Ah Kh Qh Jh Th").category == "Royal Flush"


def test_unknown_engine_is_bad_input() -> None:
    with pytest.raises(BadInput, match="'oracle'"):
        pokersql.connect(None, engine="oracle")


def test_sqlite_errors_are_database_errors_naming_the_statement() -> None:
    engine = SQLiteEngine()
    try:
        with pytest.raises(DatabaseError, match=r"no such table: nowhere \(in: select \* from nowhere\)") as caught:
            engine.execute("select * from nowhere")
        assert isinstance(caught.value.__cause__, sqlite3.Error)
        with pytest.raises(DatabaseError, match="insert into nowhere") as caught:
            engine.executemany("insert into nowhere values (?)", [(1,)])
        assert isinstance(caught.value.__cause__, sqlite3.Error)
    finally:
        engine.close()


def test_sqlite_cannot_open_is_a_database_error(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="cannot open SQLite database") as caught:
        SQLiteEngine(str(tmp_path / "no" / "such" / "dir" / "x.sqlite"))
    assert isinstance(caught.value.__cause__, sqlite3.Error)


def test_sqlite_read_only_connection(built: dict[str, Path]) -> None:
    engine = SQLiteEngine(str(built["sqlite"]), read_only=True)
    try:
        assert engine.execute("select count(*) from cards") == [(52,)]
        with pytest.raises(DatabaseError, match="readonly"):
            engine.execute("delete from cards")
    finally:
        engine.close()


def test_a_write_killed_mid_transaction_is_rolled_back_by_the_next_command(built_database) -> None:
    """kill -9 during a rebuild leaves a hot journal: the next command (read-only first) rolls it
    back, as the sqlite3 shell does, and answers; the file is again byte for byte as before."""
    path = Path(built_database("sqlite"))
    journal = Path(f"{path}-journal")
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    written = path.stat().st_mtime_ns
    rebuild = subprocess.Popen(
        [*pokersql_command(), "--engine", "sqlite", "--db", str(path), "migrate", "--rebuild"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        # Killed once the file itself is written (SQLite saves a page in the journal before it
        # writes the page over): the journal is hot, and the file is no longer what it was.
        while not (journal.exists() and path.stat().st_mtime_ns != written):
            assert rebuild.poll() is None, "the rebuild ended before it was killed"
            assert time.monotonic() < deadline, "no journal in two minutes"
            time.sleep(0.05)
    finally:
        rebuild.kill()
        rebuild.wait()
    assert rebuild.returncode == -signal.SIGKILL
    assert journal.exists() and hashlib.sha256(path.read_bytes()).hexdigest() != before  # a hot journal left

    done = subprocess.run(
        [*pokersql_command(), "--engine", "sqlite", "--db", str(path), "query",
         "select count(*) from schema_history", "--format", "csv"],
        capture_output=True, text=True, timeout=120,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[1] == str(len(built_database.applied("sqlite")))  # every file, as before
    assert not journal.exists()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_sqlite_enforces_foreign_keys_like_duckdb(lite: pokersql.Database) -> None:
    with lite.engine.scratch(), pytest.raises(DatabaseError, match="FOREIGN KEY"):
        lite.engine.execute("insert into hand_input (hand_no, card_id) values (1, 99)")


def test_sqlite_transactions_are_real(tmp_path: Path) -> None:
    """Autocommit mode: begin/rollback undo DDL and DML alike, and scratch leaves nothing behind."""
    engine = SQLiteEngine(str(tmp_path / "t.sqlite"))
    try:
        assert engine.connection.isolation_level is None
        with pytest.raises(RuntimeError), engine.transaction():
            engine.execute("create table t (x integer)")
            engine.execute("insert into t values (1)")
            raise RuntimeError("roll back")
        assert engine.execute("select name from sqlite_master where name = 't'") == []
        with engine.transaction():
            engine.execute("create table t (x integer)")
        with engine.scratch():
            engine.execute("insert into t values (1)")
        assert engine.execute("select count(*) from t") == [(0,)]
        assert not engine.connection.in_transaction
    finally:
        engine.close()


@pytest.mark.parametrize(
    "sql",
    [
        "select 1",
        "select category, count(*) from hands group by category",
        "with x as (select 1 as y) select y from x",
        "select 1 union all select 2",
        "values (1), (2)",
        "explain select * from hands",
        "explain query plan select * from hands",
    ],
)
def test_sqlite_reading_statements_run(lite: pokersql.Database, sql: str) -> None:
    assert lite.query(sql).columns


@pytest.mark.parametrize(
    "sql",
    [
        "delete from hands",
        "insert into hand_input values (1, 2)",
        "update deal_settings set seed = 1",
        "create table x (y integer)",
        "drop table hands",
        "pragma foreign_keys = off",
        "attach database 'x.sqlite' as x",
        "select 1; delete from hands",
        "explain delete from hands",
    ],
)
def test_sqlite_writing_statements_are_refused_by_the_engine(lite: pokersql.Database, sql: str) -> None:
    with pytest.raises(BadInput):
        lite.query(sql)
    assert lite.query("select count(*) from hands").rows == [(2598960,)]
    assert lite.query("select seed from deal_settings").rows == [(2010,)]


def test_query_on_sqlite_is_read_only(lite: pokersql.Database) -> None:
    result = lite.query("select count(*) as n from hands where points = ?", (9,))
    assert result.columns == ["n"]
    assert result.rows == [(4,)]
    with pytest.raises(BadInput, match="read-only"):
        lite.query("delete from hands")
    assert lite.query("select count(*) from hands").rows == [(2598960,)]


# -- the transpiling traps, each checked by running the SQL ---------------------


def sqlite_files() -> list[migrations.SqlFile]:
    """The SQL files SQLite runs (a .duckdb. file, DuckDB's macros, is DuckDB's alone)."""
    return [f for f in migrations.sql_files() if f.runs_on("sqlite")]


def test_every_sql_file_transpiles_to_sqlite_strictly() -> None:
    files = sqlite_files()
    macros = table_macros(f.text for f in files)
    assert set(macros) == {"hash_of", "hand_ranks_of", "card_sum_ranks", "seven_card_ranks", "pot_shares_of", "share_equity", "equity_of", "hand_evaluations_of",
                           "card_play_key", "history_equities_of", "ranked_equity_of", "runout_ranks_of", "runout_equity_of",
                           "short_deck_ranks_of", "short_deck_card_ranks", "omaha_ranks_of", "short_deck_counts_of", "five_card_flush",
                           "omaha_equity_of", "short_deck_equity_of", "preflop_ways", "preflop_board_ways", "preflop_board_classes_of",
                           "game_deal_frequencies_of", "deals_of", "card_sums_of", "hand_cards_of", "game_evaluations_of", "low_evaluations_of", "split_deal_frequencies_of", "split_hand_frequencies_of",
                           "high_hands_of", "low_names_of", "deck_fours_of", "range_totals_of",
                           "best_ranks_of", "omaha_boards_of", "omaha_drawn_boards_of", "omaha_split_boards_of", "split_equity_of", "low_values_of", "any_way_split_equity_of", "own_card_players_of", "own_card_completions_of", "own_card_runouts_of", "own_card_trials_of", "shuffled_places_of", "stud_hand_ranks_of", "chinese_scores_of", "category_frequencies_of",
                           "lowball_ranks_of", "lowball_equity_of", "lowball_trial_equity_of", "player_equity_of", "ranking_equity_of", "range_deal_combos_of", "street_leads_of", "omaha_trial_seats_of", "omaha_random_hands_of", "odds_hero_deals_of", "odds_boards_of", "odds_hero_boards_of", "odds_hero_grouped_of",
                           "deck_pairs_of", "deck_triples_of", "deck_fives_of", "card_sets_of", "seven_card_sets_of", "two_card_codes_of", "best_fives_of", "dealt_player",
                           "playable_fives_of", "chinese_row", "five_card_royalties", "seat_rank", "seat_ranks_of", "known_hands_of", "board_classes_of", "mask_cards_of", "percent_of",
                           "history_allin_equities_of", "history_won_of", "pot_contenders_of", "split_units", "clockwise_from_button", "seats_clockwise_of", "players_in_of", "pot_winners_of", "history_allin_ev_of", "history_chip_units_of", "history_contributions_of", "history_game_payouts_of", "history_game_pot_winners_of", "history_game_showdowns_of", "history_hand_games_of", "history_hand_stats_of", "history_player_hands_of", "history_pots_of", "history_seat_actions_of"}
    definitions = [s for f in files for s in sqlglot.parse(f.text, read="duckdb") if s.args.get("kind") == "MACRO"]
    expanded = []
    for sql_file in files:
        statements = transpile(sql_file.text, "sqlite", sql_file.script, macros)
        macros_only = all(s.args.get("kind") == "MACRO" for s in sqlglot.parse(sql_file.text, read="duckdb"))  # 042: none left
        assert (statements or macros_only) and all(statement.strip() for statement in statements), sql_file.script
        parsed = sqlglot.parse(sql_file.text, read="duckdb")
        strict = [s.sql("sqlite", unsupported_level=ErrorLevel.RAISE) for s in parsed if s.args.get("kind") != "MACRO"]
        # No macro is left, defined or called, in any file: each call is the macro's query.
        assert not [s for s in statements if calls_a_macro(s, definitions)], sql_file.script
        if statements != strict:
            expanded.append(sql_file.script)
            assert len(statements) == len(strict), sql_file.script
    assert sorted(expanded) == [  # (the files' run order is by what each reads: the names sorted here)
        "003_shuffle_and_deal.views.sql", "009_hand_frequencies.views.sql", "011_best_hands.views.sql", "013_seven_card_hands.views.sql", "015_equity_boards.views.sql",
        "017_exact_equity.views.sql", "018_range_equity.views.sql", "019_random_opponent.views.sql",
        "020_monte_carlo.views.sql", "021_monte_carlo_equity.views.sql", "025_preflop_flush_counts.views.sql", "029_hand_pots.views.sql", "030_hand_showdowns.views.sql",
        "031_hand_street_equities.views.sql", "032_hand_allin_ev.views.sql", "034_game_hands.views.sql",
        "036_game_equity.views.sql", "037_omaha_random_equity.views.sql", "038_game_deals.views.sql",
        "039_game_random_equity.views.sql", "040_game_street_equity.views.sql", "044_hand_stats.views.sql", "048_chinese_fronts.views.sql",
        "049_range_street_equity.views.sql", "050_split_equity.views.sql",
        "051_stud_hands.views.sql", "052_stud_equity.views.sql", "053_chinese_deals.views.sql", "056_hero_odds.views.sql",
        "058_lowball_equity.views.sql", "059_split_more_equity.views.sql", "060_odds_trials.views.sql",
        "062_history_game_pots.views.sql", "065_history_reports.views.sql", "069_own_card_deals.views.sql",
    ]


def calls_a_macro(statement: str, macros: list) -> bool:
    """Whether a transpiled statement creates a macro or calls one (or query_table)."""
    names = {"query_table"} | {m.this.this.name.lower() for m in macros}
    tree = sqlglot.parse_one(statement, read="sqlite")
    return tree.args.get("kind") == "MACRO" or any(f.name.lower() in names for f in tree.find_all(sqlglot.exp.Anonymous))


# DuckDB runs its table macros itself; transpiled, each call is the macro's query with the
# relations named in the call: the same rows from both (DuckDB's own macros the reference).
MACRO_SCRIPT = """
create table seats (runout integer, player integer, hand_rank integer);
insert into seats values (1, 1, 10), (1, 2, 20), (2, 1, 30), (2, 2, 30), (3, 2, 5);
create table other_seats (runout integer, player integer, hand_rank integer);
insert into other_seats values (7, 3, 1);
create macro best_of(seat_rows) as table
with best as (select runout, min(hand_rank) as best_rank from query_table(seat_rows) group by runout)
select seat_rows_alias.runout, seat_rows_alias.player, seat_rows_alias.hand_rank = best.best_rank as leads
from query_table(seat_rows) as seat_rows_alias
inner join best on best.runout = seat_rows_alias.runout;
create macro leaders_of(these, those) as table
select runout, player from best_of(these) where leads
union all
select runout, player from best_of(those) where leads;
create view leaders as select * from leaders_of(seats, other_seats) as l order by runout, player;
create view both_best as select a.player, b.player as other from best_of(seats) as a cross join best_of('other_seats') as b where a.leads and a.runout = 3;
"""


def views_as_duckdb_gives_them(script: str, views: tuple[str, ...]) -> duckdb.DuckDBPyConnection:
    """Run ``script`` in DuckDB (the reference, running its macros) and, transpiled, in SQLite
    (no macro left, defined or called): each view gives the same rows in both. The reference."""
    reference = duckdb.connect()
    for statement in script.split(";")[:-1]:
        reference.execute(statement)
    connection = sqlite3.connect(":memory:")
    statements = transpile(script, "sqlite")
    assert not [s for s in statements if calls_a_macro(s, [m for m in sqlglot.parse(script, read="duckdb") if m.args.get("kind") == "MACRO"])]
    for statement in statements:
        connection.execute(statement)
    for view in views:
        expected = reference.execute(f"select * from {view} order by all").fetchall()
        assert expected and connection.execute(f"select * from {view} order by 1, 2").fetchall() == expected, view
    return reference


def test_a_table_macro_is_expanded_where_it_is_called() -> None:
    reference = views_as_duckdb_gives_them(MACRO_SCRIPT, ("leaders", "both_best"))
    assert reference.execute("select * from leaders").fetchall() == [(1, 1), (2, 1), (2, 2), (3, 2), (7, 3)]


# A scalar macro: each call is its expression, the arguments in place of the parameters, in
# parentheses (an argument a + 1 times a parameter is (a + 1) * ..., not a + 1 * ...); a macro
# may call another, and a table macro's query may call one.
SCALAR_MACRO_SCRIPT = """
create table numbers (n integer, m integer);
insert into numbers values (1, 2), (3, 4), (5, 0);
create macro twice_plus(x, y) as x * 2 + y;
create macro nested(x) as twice_plus(x + 1, x) * twice_plus(x, 1);
create macro doubled(rows) as table select n, twice_plus(n - m, m + 1) as d from query_table(rows);
create view computed as select n, nested(n + m) as a, twice_plus(m, n) * 3 as b from numbers;
create view through_table as select * from doubled('numbers');
"""


def test_a_scalar_macro_is_expanded_where_it_is_called() -> None:
    reference = views_as_duckdb_gives_them(SCALAR_MACRO_SCRIPT, ("computed", "through_table"))
    assert reference.execute("select a from computed where n = 1").fetchall() == [(((3 + 1) * 2 + 3) * (3 * 2 + 1),)]
    with pytest.raises(DatabaseError, match="macro twice_plus takes 2 arguments"):
        transpile("create macro twice_plus(x, y) as x * 2 + y; select twice_plus(1);", "postgres")


def test_a_table_macro_called_with_something_not_a_relation_is_refused_by_name() -> None:
    script = "create macro m(t) as table select * from query_table(t); create view v as select * from m(1 + 2);"
    with pytest.raises(DatabaseError, match=r"1 \+ 2: macro m takes the names of relations"):
        transpile(script, "sqlite", "V999__x.sql")
    with pytest.raises(DatabaseError, match="macro m takes 1 relations"):
        transpile("create macro m(t) as table select * from query_table(t); select * from m(a, b);", "postgres")


def test_range_trap_duckdb_range_excludes_end_generate_series_includes_it() -> None:
    # What sqlglot does unasked, even with unsupported_level=RAISE: range -> generate_series.
    quietly = sqlglot.transpile(
        "select * from range(0, 3)", read="duckdb", write="sqlite", unsupported_level=ErrorLevel.RAISE
    )
    assert quietly == ["SELECT * FROM GENERATE_SERIES(0, 3)"]
    assert duckdb.sql("select * from range(0, 3)").fetchall() == [(0,), (1,), (2,)]
    # pokersql refuses it rather than change the count.
    with pytest.raises(DatabaseError, match="excludes its end"):
        transpile("select * from range(0, 3)", "sqlite", "V999__x.sql")


@needs_sqlite3
def test_range_trap_generate_series_includes_end_in_the_sqlite3_shell() -> None:
    out = subprocess.run([SQLITE3, ":memory:", "select value from generate_series(0, 3)"], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "1", "2", "3"]


def test_sql_files_use_no_range_or_generate_series() -> None:
    # The trap is in transpiling: a file for DuckDB alone (027's macros) is never transpiled,
    # and DuckDB's range is what it means there.
    transpiled = [sql_file for sql_file in migrations.sql_files() if sql_file.only_on is None]
    assert len(transpiled) > 10
    for sql_file in transpiled:
        for statement in sqlglot.parse(sql_file.text, read="duckdb"):
            assert statement is None or statement.find(exp.GenerateSeries) is None, sql_file.script


def test_pivot_trap_dropped_by_default_refused_strictly() -> None:
    sql = "select * from t pivot (sum(v) for k in (1, 2))"
    assert sqlglot.transpile(sql, read="duckdb", write="sqlite") == ["SELECT * FROM t"]  # PIVOT silently gone
    with pytest.raises(DatabaseError, match=r"V999__pivot\.sql.*PIVOT unsupported"):
        transpile(sql, "sqlite", "V999__pivot.sql")


def test_integer_overflow_trap_sqlite_turns_it_into_a_float() -> None:
    connection = sqlite3.connect(":memory:")
    assert connection.execute("select typeof(9223372036854775807 + 1)").fetchall() == [("real",)]
    with pytest.raises(duckdb.Error):
        duckdb.sql("select 9223372036854775807 + 1").fetchall()


def test_shuffle_arithmetic_stays_integer_on_sqlite_at_the_limits() -> None:
    """The largest intermediate products of 003's hash, at the largest seed and deal number."""
    largest = [
        "4294967295 * 73244475",  # a 32-bit state times the multiplier
        "4294967295 + 10000000 * 2654435769",  # the state plus the largest deal_no's step
        "4294967295 + 51 * 2246822519",  # the state plus the largest card_id's step
        "4611686018427387904 >> 32",  # the largest seed, high half
    ]
    rows = sqlite3.connect(":memory:").execute("select " + ", ".join(f"typeof({e})" for e in largest)).fetchall()
    assert rows == [("integer",) * len(largest)]


@pytest.mark.parametrize("seed", [0, 2**32 - 1, 2**62 - 1, 2**62])
def test_shuffle_keys_are_integers_on_sqlite(seed: int) -> None:
    """Every state of both shuffles' hashes, and the keys, are integers (no silent float) on SQLite:
    each step of deal_states and shuffled_deck, and both rounds and the result of every hash_of."""
    with pokersql.connect(None, "sqlite") as db:
        migrations.migrate(db.engine, migrations.sql_files()[:3])
        views = next(f for f in migrations.sql_files() if f.script == "003_shuffle_and_deal.views.sql")
        macros = table_macros([views.text])
        checked, hashed = set(), set()
        for name in ("deal_states", "shuffled_deck"):
            view = next(s for s in sqlglot.parse(views.text, read="duckdb") if isinstance(s, exp.Create) and s.this.name == name)
            ctes = view.expression.find(exp.With)
            for shuffle in ("uniform", "riffle"):
                db.engine.execute(
                    "update deal_settings set seed = ?, players = 10, deals = 300, shuffle = ?, riffles = 31", (seed, shuffle)
                )
                for cte in ctes.expressions:
                    columns = [c for c in ("state", "shuffle_key") if c in cte.this.named_selects]
                    queries = [(cte.alias, f"select distinct typeof({c}) from {cte.alias}") for c in columns]
                    queries += [
                        (f"hash_of('{relation}')", f"select distinct typeof({c}) from hash_of('{relation}')")
                        for relation in re.findall(r"hash_of\('(\w+)'\)", view.sql("duckdb"), re.IGNORECASE)
                        if relation == cte.alias
                        for c in ("mixed_1", "mixed_2", "hash_value")
                    ]
                    for label, query in queries:
                        types = db.engine.execute(transpile(f"{ctes.sql('duckdb')} {query}", "sqlite", macros=macros)[0])
                        if types:  # the other shuffle's steps have no rows
                            assert types == [("integer",)], f"{shuffle}: {label}: {query} at seed {seed}: {types}"
                            (hashed if label.startswith("hash_of") else checked).add(label)
            assert {c.alias for c in ctes.expressions if {"state", "shuffle_key"} & set(c.this.named_selects)} <= checked
        assert hashed == {"hash_of('seed_parts')", "hash_of('seed_combined')", "hash_of('deal_mixed')",
                          "hash_of('card_mixed')", "hash_of('position_mixed')"}
        with_sql = transpile(ctes.sql("duckdb") + " select 1", "sqlite", macros=macros)[0].rsplit(" SELECT 1", 1)[0]  # shuffled_deck's
        db.engine.execute("update deal_settings set shuffle = 'uniform'")
        keys = db.engine.execute(
            f"{with_sql} select count(*), count(distinct deal_no * 4294967296 + shuffle_key), max(shuffle_key) from uniform_keys"
        )
        assert keys == [(300 * 52, 300 * 52, keys[0][2])] and keys[0][2] < 2**32
        db.engine.execute("update deal_settings set shuffle = 'riffle'")
        riffled = db.engine.execute(
            f"{with_sql} select count(*), count(distinct deal_no * 64 + shuffle_key), count(distinct deal_no * 64 + card_id), "
            "min(shuffle_key), max(shuffle_key), min(card_id), max(card_id) from riffle_keys"
        )
        assert riffled == [(300 * 52, 300 * 52, 300 * 52, 1, 52, 0, 51)]


def test_integer_division_and_modulo_agree_on_both_engines() -> None:
    """DuckDB's // becomes CAST(CAST(a AS REAL) / b AS INTEGER) on SQLite: integer division,
    exact while |a| < 2^53 (003 divides 0..51 by 5). % is left as is. Both truncate toward zero."""
    pairs = [(a, b) for a in range(-60, 61) for b in (1, 2, 3, 5, 7)]
    values = ", ".join(f"({a}, {b})" for a, b in pairs)
    sql = f"select a, b, a // b as q, a % b as r from (values {values}) as v (a, b) order by a, b"
    on_duckdb = duckdb.sql(sql).fetchall()
    connection = sqlite3.connect(":memory:")
    connection.execute("create table v (a integer, b integer)")
    connection.executemany("insert into v values (?, ?)", pairs)
    [lite_sql] = transpile("select a, b, a // b as q, a % b as r, typeof(a // b) as t from v order by a, b", "sqlite")
    assert "/" in lite_sql and "//" not in lite_sql
    on_sqlite = connection.execute(lite_sql).fetchall()
    assert [row[:4] for row in on_sqlite] == on_duckdb
    assert {row[4] for row in on_sqlite} == {"integer"}
    assert (-7 // 2, -7 % 2) != on_duckdb[pairs.index((-7, 2))][2:]  # not Python's floor division


def test_bitwise_operators_survive_and_xor_workaround_holds() -> None:
    numbers = [0, 1, 65535, 65536, 2**31, 2**32 - 1, 2**32, 0x45D9F3B, 2**59 - 1, 2**62, 2**62 + 12345]
    expressions = "a >> 16, a >> 32, a & 4294967295, a | 65535, ((a >> 16) | a) - ((a >> 16) & a)"
    [lite_sql] = transpile(f"select {expressions} from v order by a", "sqlite")
    for operator in (">>", "&", "|"):
        assert operator in lite_sql
    connection = sqlite3.connect(":memory:")
    connection.execute("create table v (a integer)")
    connection.executemany("insert into v values (?)", [(n,) for n in numbers])
    duck = duckdb.connect()
    duck.execute("create table v (a bigint)")
    duck.executemany("insert into v values (?)", [[n] for n in numbers])
    on_duckdb = duck.execute(f"select {expressions} from v order by a").fetchall()
    assert connection.execute(lite_sql).fetchall() == on_duckdb
    assert [row[4] for row in on_duckdb] == [(n >> 16) ^ n for n in sorted(numbers)]


def test_xor_function_does_not_survive_hence_the_workaround() -> None:
    [lite_sql] = transpile("select xor(5, 3)", "sqlite")
    with pytest.raises(sqlite3.Error):
        sqlite3.connect(":memory:").execute(lite_sql)


# -- the runner's guarantees on SQLite (every engine's: tests/test_conformance.py) ----------


def test_sqlite_migrate_is_idempotent(built: dict[str, Path], tmp_path: Path) -> None:
    path = tmp_path / "again.sqlite"
    shutil.copyfile(built["sqlite"], path)
    with pokersql.connect(str(path), "sqlite") as db:
        before = db.engine.execute("select count(*) from schema_history")
        assert db.migrate() == []
        assert db.migrate() == []
        assert db.engine.execute("select count(*) from schema_history") == before
        assert db.build() == 2598960


def test_sqlite_build_preflop_is_refused_in_one_line(built: dict[str, Path], lite: pokersql.Database, capsys) -> None:
    """SQLite's plan of the preflop job spills tens of GB to temporary files (docs/engines.md):
    `build --preflop` refuses at once, names the way round it, and writes nothing."""
    assert main(["--engine", "sqlite", "--db", str(built["sqlite"]), "build", "--preflop"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pokersql: error: build --preflop does not run on sqlite:") and err.count("\n") == 1
    assert "build it with DuckDB and copy the table in" in err
    assert lite.query("select count(*) from preflop_matchups").rows == [(0,)]


@needs_sqlite3
def test_preflop_table_imported_by_the_sqlite3_shell_answers_equity(
    built: dict[str, Path], duck: pokersql.Database, tmp_path: Path, monkeypatch
) -> None:
    """The way round (docs/engines.md): a DuckDB export of preflop_matchups imported by the
    sqlite3 shell's .import, and equity on SQLite reads it: the answer DuckDB enumerates."""
    csv, enumerated = matchup_csv(duck, tmp_path)
    path = tmp_path / "copied.sqlite"
    shutil.copyfile(built["sqlite"], path)
    command = f".import --csv --skip 1 {csv} preflop_matchups"
    out = subprocess.run([SQLITE3, "-bail", str(path), command], capture_output=True, text=True)
    assert out.returncode == 0 and not out.stderr, out.stderr
    with pokersql.connect(str(path), "sqlite") as db, counting_lookups(monkeypatch) as looked_up:
        assert db.equity(*MATCHUP).to_dict() == enumerated
    assert looked_up == ["sqlite"]  # read from the table, not enumerated


def test_sqlite_untranspilable_file_is_named(tmp_path: Path) -> None:
    directory = write_sql_files(
        tmp_path / "sql",
        {
            "001_one.sql": "create table t (k integer, v integer);\n",
            "002_pivot.sql": "create table p as select * from t pivot (sum(v) for k in (1, 2));\n",
        },
    )
    engine = SQLiteEngine()
    try:
        with pytest.raises(MigrationError, match=r"002_pivot\.sql failed: cannot transpile 002_pivot\.sql to sqlite: PIVOT unsupported"):
            migrations.migrate(engine, migrations.sql_files(directory))
        assert engine.object_types() == {}  # the whole migration rolled back
    finally:
        engine.close()


# -- same answers on both engines ----------------------------------------------


@pytest.mark.parametrize(("deals", "players", "seed"), [(2000, 1, 2010), (500, 10, 2**62), (1, 3, 0)])
def test_simulate_same_on_both_engines(duck: pokersql.Database, lite: pokersql.Database, deals: int, players: int, seed: int) -> None:
    assert lite.simulate(deals, players, seed).to_dict() == duck.simulate(deals, players, seed).to_dict()


def test_many_deals_same_on_both_engines(duck: pokersql.Database, lite: pokersql.Database) -> None:
    """Every card of 2,000 shuffled decks, at several seeds: the same positions on both engines."""
    sql = "select deal_no, deck_position, card_id, player from shuffle_and_deal order by deal_no, deck_position"
    for seed in (7, 2**62):
        decks = []
        for db in (duck, lite):
            with db.engine.scratch():
                db.engine.execute("update deal_settings set seed = ?, players = 10, deals = 2000", (seed,))
                decks.append(db.engine.execute(sql))
        assert len(decks[0]) == 2000 * 52
        assert decks[0] == decks[1], f"seed {seed}"


@pytest.mark.parametrize(("seed", "riffles", "order"), [(2010, 1, "round-robin"), (7, 3, "blocks"), (2**62, 7, "round-robin")])
def test_riffle_and_round_robin_same_on_both_engines(
    duck: pokersql.Database, lite: pokersql.Database, seed: int, riffles: int, order: str
) -> None:
    """The riffle's labels, its window sort and both deal orders: the same cards on both engines."""
    for players in (2, 6):
        assert lite.deal(players, seed, shuffle="riffle", riffles=riffles, order=order).to_dict() == duck.deal(
            players, seed, shuffle="riffle", riffles=riffles, order=order
        ).to_dict()
    sql = "select deal_no, deck_position, card_id, player from {} order by deal_no, deck_position"
    for view in ("shuffle_and_deal", "dealt_cards"):
        decks = []
        for db in (duck, lite):
            with db.engine.inputs(deal_settings=[_deal_settings(seed, 5, 300, "riffle", riffles, order)]):
                decks.append(db.engine.execute(sql.format(view)))
        assert decks[0] == decks[1] and len(decks[0]) == 300 * (52 if view == "shuffle_and_deal" else 25), view


@pytest.mark.parametrize("table", ["cards", "hand_categories", "hand_classes", "deal_settings", "digits"])
def test_small_tables_identical(duck: pokersql.Database, lite: pokersql.Database, table: str) -> None:
    columns = [row[0] for row in duck.engine.execute(f"select column_name from information_schema.columns where table_name = '{table}' order by ordinal_position")]
    assert [row[1] for row in lite.engine.execute(f"pragma table_info({table})")] == columns
    sql = f"select * from {table} order by {', '.join(columns)}"
    assert lite.engine.execute(sql) == duck.engine.execute(sql)


def test_query_same_on_both_engines(duck: pokersql.Database, lite: pokersql.Database) -> None:
    sql = "select points, count(*) as hands, min(hand_rank) as best, max(hand_rank) as worst from hands group by points order by points"
    on_sqlite, on_duckdb = lite.query(sql), duck.query(sql)
    assert on_sqlite.columns == on_duckdb.columns
    assert on_sqlite.rows == on_duckdb.rows


# -- the sqlite3 shell -------------------------------------------------------


@needs_sqlite3
@pytest.mark.slow
def test_sqlite3_shell_builds_the_same_tables(built: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = subprocess.run(
        [sys.executable, "-m", "pokersql", "sql", "--dialect", "sqlite"], capture_output=True, text=True, check=True
    ).stdout
    shell_db = tmp_path / "poker.sqlite"
    out = subprocess.run([SQLITE3, "-bail", str(shell_db)], input=script, capture_output=True, text=True)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    connection = sqlite3.connect(shell_db)
    try:
        connection.execute("attach database ? as library", (str(built["sqlite"]),))
        for table in ("cards", "hand_categories", "hand_classes", "deal_settings", "digits", "hands"):
            counts = connection.execute(
                f"select (select count(*) from main.{table}), (select count(*) from library.{table}), "
                f"(select count(*) from (select * from main.{table} except select * from library.{table})), "
                f"(select count(*) from (select * from library.{table} except select * from main.{table}))"
            ).fetchone()
            assert counts[0] == counts[1] and counts[2:] == (0, 0), f"{table}: {counts}"
        # The views work in the shell's database as they do in the library's.
        sql = "select deal_no, player, cards, category, hand_rank, place from {}.poker_table order by player"
        assert connection.execute(sql.format("main")).fetchall() == connection.execute(sql.format("library")).fetchall()
    finally:
        connection.close()
    # and the CLI works on the shell's database: it adopts it, then deals as on the library's
    args = ["deal", "--players", "5", "--seed", "77", "--format", "json"]
    capsys.readouterr()
    assert main(["--engine", "sqlite", "--db", str(shell_db), *args]) == 0
    on_shell_db = capsys.readouterr().out
    assert main(["--engine", "sqlite", "--db", str(built["sqlite"]), *args]) == 0
    assert json.loads(on_shell_db) == json.loads(capsys.readouterr().out)
    with sqlite3.connect(shell_db) as connection:
        assert connection.execute("select count(*) from schema_history where type = 'baseline'").fetchone()[0] > 0


# -- the command line on SQLite ----------------------------------------------


@pytest.fixture
def sqlite_home(built: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home whose data folder holds a built pokersql.sqlite, the default file for --engine
    sqlite; the working directory, empty."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    (tmp_path / "data" / "pokersql").mkdir(parents=True)
    shutil.copyfile(built["sqlite"], tmp_path / "data" / "pokersql" / "pokersql.sqlite")
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    monkeypatch.delenv("POKERSQL_DB", raising=False)
    monkeypatch.delenv("POKERSQL_ENGINE", raising=False)
    return tmp_path / "work"


# The commands every engine answers as DuckDB does are tests/test_conformance.py's; these are
# the rest, on SQLite's default file (pokersql.sqlite in the data folder).
@pytest.mark.parametrize(
    "args",
    [
        ["build"],
        ["deal", "--players", "6", "--seed", "42", "--shuffle", "riffle", "--riffles", "3", "--order", "round-robin"],
        ["simulate", "--deals", "200", "--players", "2", "--seed", "3"],
        ["query", "select count(*) as n from hands"],
    ],
)
def test_cli_commands_same_on_both_engines(sqlite_home: Path, cli_duckdb: Path, capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    fmt = ["--format", "json"]
    assert main(["--engine", "sqlite", *args, *fmt]) == 0
    on_sqlite = capsys.readouterr().out
    assert main(["--engine", "duckdb", "--db", str(cli_duckdb), *args, *fmt]) == 0
    on_duckdb = capsys.readouterr().out
    if args[0] == "build":  # its timing differs
        on_sqlite, on_duckdb = on_sqlite.split('"seconds"')[0], on_duckdb.split('"seconds"')[0]
    assert on_sqlite == on_duckdb
    assert list(sqlite_home.iterdir()) == []  # nothing in the working directory
    assert sorted(p.name for p in (sqlite_home.parent / "data" / "pokersql").iterdir()) == ["pokersql.sqlite"]  # the default file, nothing else


def test_cli_engine_from_environment(sqlite_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POKERSQL_ENGINE", "sqlite")
    assert main(["migrate"]) == 0
    assert f"Nothing to apply: {sqlite_home.parent / 'data' / 'pokersql' / 'pokersql.sqlite'} is up to date." in capsys.readouterr().out
    assert not (sqlite_home.parent / "data" / "pokersql" / "pokersql.duckdb").exists()


def test_cli_sqlite_errors(sqlite_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--engine", "sqlite", "query", "delete from hands"]) == 2
    assert "read-only" in capsys.readouterr().err
    assert main(["--engine", "sqlite", "query", "select * from nowhere"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("pokersql: error: no such table: nowhere") and err.count("\n") == 1
    assert main(["--engine", "sqlite", "eval", "Ah", "Kh", "Qh", "Jh", "Zz"]) == 2


def test_cli_export_csv_same_on_both_engines(sqlite_home: Path, cli_duckdb: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for table in ("hand_classes", "cards"):
        assert main(["--engine", "sqlite", "export", table, "--to", f"{table}.sqlite.csv", "--format", "json"]) == 0
        assert json.loads(capsys.readouterr().out)["format"] == "csv"
        assert main(["--db", str(cli_duckdb), "export", table, "--to", f"{table}.duckdb.csv", "--format", "json"]) == 0
        rows = json.loads(capsys.readouterr().out)["rows"]
        on_sqlite = (sqlite_home / f"{table}.sqlite.csv").read_text(encoding="utf-8")
        assert on_sqlite == (sqlite_home / f"{table}.duckdb.csv").read_text(encoding="utf-8"), table
        assert on_sqlite.count("\n") == rows + 1


def test_cli_export_parquet_on_sqlite_is_bad_input(sqlite_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--engine", "sqlite", "export", "hands", "--to", "hands.parquet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "sqlite cannot write parquet" in err and "hands.parquet" in err and ".csv" in err
    assert not (sqlite_home / "hands.parquet").exists()


def test_cli_sql_dialect_sqlite_names_every_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sql", "--dialect", "sqlite"]) == 0
    out = capsys.readouterr().out
    for sql_file in migrations.sql_files():
        assert (f"-- {sql_file.script}\n" in out) == sql_file.runs_on("sqlite"), sql_file.script
    assert "MATERIALIZED" in out
