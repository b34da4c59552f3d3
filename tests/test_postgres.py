"""PostgreSQL: the same versioned SQL files, transpiled by sqlglot, give the same answers as DuckDB.

The tests run on a real PostgreSQL server (tests/pg_server.py, the fixture `server` of
conftest.py), with pokersql's database built in it once (`pg_url`). A server that cannot start
fails the tests: they never skip. The modules that use it run on one xdist worker (the group
"postgres"), so the server and its build are made once per run.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import duckdb
import psycopg
import pytest
import sqlglot
from sqlglot.errors import ErrorLevel

import pokersql
from pokersql import migrations
from pokersql.cli import main
from pokersql.engines import ENGINES
from pokersql.errors import BadInput, DatabaseError, Interrupted
from pokersql.engines.postgres import PostgresEngine, masked, placeholders
from pokersql.transpile import DIALECTS, table_macros, transpile
from test_migrations import check_a_flat_layout_database_migrates, check_retired_views_are_dropped  # tests/test_migrations.py
from pg_server import Server  # tests/pg_server.py (the fixtures server, pg_url and pg: conftest.py)
from preflop_copy import MATCHUP, counting_lookups, matchup_csv  # tests/preflop_copy.py
from signals import interrupt  # tests/signals.py

pytestmark = pytest.mark.xdist_group("postgres")


@pytest.fixture(scope="session")
def duck(built_database) -> Iterator[pokersql.Database]:
    database = pokersql.connect(built_database("duckdb", for_the_session=True), "duckdb")
    yield database
    database.close()


# -- the engine -----------------------------------------------------------------


def test_postgres_is_registered_and_reports_its_version(pg: pokersql.Database) -> None:
    assert ENGINES["postgres"] is PostgresEngine
    assert "postgres" in DIALECTS
    assert pg.engine.version().startswith("PostgreSQL ")
    assert pg.engine.execute("show jit") == [("off",)]


def test_pokersql_runs_without_psycopg_and_says_what_to_install(tmp_path: Path) -> None:
    script = (
        "import sys; sys.modules['psycopg'] = None\n"
        "import pokersql\n"
        "assert pokersql.connect().evaluate('Ah Kh Qh Jh Th').hand_rank == 1\n"
        "from pokersql.cli import main\n"
        "sys.exit(main(['--engine', 'postgres', '--db', 'postgresql://nobody@/nowhere', 'deal']))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 1, out.stderr
    assert out.stderr.count("\n") == 1 and "pip install 'pokersql[postgres]'" in out.stderr


@pytest.mark.parametrize(
    ("db_args", "expected"),
    [([], "needs the server's URL"), (["--db", "poker.duckdb"], "takes a postgresql:// URL")],
)
def test_postgres_needs_a_url(db_args: list[str], expected: str, tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("POKERSQL_DB", raising=False)
    assert main(["--engine", "postgres", *db_args, "deal"]) == 2
    err = capsys.readouterr().err
    assert expected in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []  # no file written


def test_cannot_connect_is_one_line(server: Server, capsys) -> None:
    url = f"postgresql://postgres:secret@/nowhere?host={server.directory}&port={server.port}"
    assert main(["--engine", "postgres", "--db", url, "deal"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("pokersql: error: cannot connect to PostgreSQL") and err.count("\n") == 1
    assert "secret" not in err and "***" in err
    assert masked("postgresql://u:p@h:5432/d") == "postgresql://u:***@h:5432/d"


def test_placeholders_are_converted_outside_strings_and_percent_doubled() -> None:
    assert placeholders("select a % b, ? from t where x = '?%' and y = ? -- ?") == (
        "select a %% b, %s from t where x = '?%%' and y = %s -- ?"
    )


def test_a_transpiled_query_keeps_pokersqls_placeholders() -> None:
    # sqlglot alone writes psycopg's %s, which placeholders() would double into %%s.
    assert sqlglot.transpile("select ? where 'a%s' = ?", read="duckdb", write="postgres") == ["SELECT %s WHERE 'a%s' = %s"]
    (statement,) = transpile("select 7 // ? as q where 'a%s' <> ?", "postgres")
    assert statement == "SELECT CAST(7 AS BIGINT) / CAST(? AS BIGINT) AS q WHERE 'a%s' <> ?"
    assert placeholders(statement) == "SELECT CAST(7 AS BIGINT) / CAST(%s AS BIGINT) AS q WHERE 'a%%s' <> %s"


def test_errors_are_database_errors_naming_the_statement(pg: pokersql.Database) -> None:
    with pytest.raises(DatabaseError, match=r'relation "nowhere" does not exist \(in: select \* from nowhere\)') as caught:
        pg.engine.execute("select * from nowhere")
    assert isinstance(caught.value.__cause__, psycopg.Error)
    assert pg.engine.execute("select 1") == [(1,)]  # the session goes on


def test_sum_of_bigints_is_an_int_other_numerics_decimals(pg: pokersql.Database) -> None:
    [(total, fraction)] = pg.engine.execute("select sum(weight), 1.5::numeric from suit_reduced_seven")
    assert total == 133784560 and type(total) is int
    assert str(fraction) == "1.5"


def test_interrupt_cancels_the_running_query(pg: pokersql.Database) -> None:
    # A cancel request reaching the server before the statement does is lost: 2 s gives the
    # statement time to start on a loaded machine (the test then waits out pg_sleep and fails).
    timer = threading.Timer(2, pg.engine.interrupt)
    started = time.perf_counter()
    timer.start()
    with pytest.raises(Interrupted):
        pg.engine.execute("select pg_sleep(60)")
    assert time.perf_counter() - started < 12
    assert pg.engine.execute("select count(*) from cards") == [(52,)]


# -- transpiling, each rewrite checked by running it ----------------------------------


def postgres_files() -> list[migrations.SqlFile]:
    return [f for f in migrations.sql_files() if f.runs_on("postgres")]


def test_every_sql_file_transpiles_to_postgres_strictly() -> None:
    assert "027_hand_macros.duckdb.views.sql" in [f.script for f in migrations.sql_files()]
    assert "027_hand_macros.duckdb.views.sql" not in [f.script for f in postgres_files()]
    macros = table_macros(f.text for f in postgres_files())
    for sql_file in postgres_files():
        statements = transpile(sql_file.text, "postgres", sql_file.script, macros)
        macros_only = all(s.args.get("kind") == "MACRO" for s in sqlglot.parse(sql_file.text, read="duckdb"))  # 042: none left
        assert (statements or macros_only) and all(statement.strip() for statement in statements), sql_file.script
        assert "DIV(" not in " ".join(statements), sql_file.script  # numeric on PostgreSQL


def test_range_trap_refused_for_postgres_too() -> None:
    with pytest.raises(DatabaseError, match="excludes its end"):
        transpile("select * from range(0, 3)", "postgres", "V999__x.sql")
    with pytest.raises(DatabaseError, match="PIVOT unsupported"):
        transpile("select * from t pivot (sum(v) for k in (1, 2))", "postgres", "V999__pivot.sql")


def test_integer_division_agrees_with_duckdb(pg: pokersql.Database) -> None:
    """sqlglot writes DuckDB's // as DIV(a, b), numeric on PostgreSQL; pokersql as bigint / bigint."""
    assert sqlglot.transpile("select a // b", read="duckdb", write="postgres", unsupported_level=ErrorLevel.RAISE) == [
        "SELECT DIV(a, b)"
    ]
    pairs = [(a, b) for a in range(-60, 61, 7) for b in (1, 2, 3, 5, 7)] + [(4294967296 * 57, 52), (2**62, 8192)]
    values = ", ".join(f"({a}, {b})" for a, b in pairs)
    sql = f"select a, b, a // b as q, a % b as r from (values {values}) as v (a, b) order by a, b"
    [pg_sql] = transpile(sql, "postgres")
    rows = pg.engine.execute(pg_sql)
    assert rows == duckdb.sql(sql).fetchall()
    assert {type(row[2]) for row in rows} == {int}


def test_bit_operators_agree_with_duckdb(pg: pokersql.Database) -> None:
    numbers = [0, 1, 65535, 2**31, 2**32 - 1, 2**32, 0x45D9F3B, 2**59 - 1, 2**62 + 12345]
    values = ", ".join(f"({n})" for n in numbers)
    sql = (
        "select a >> 16, a >> 32, a & 4294967295, a | 65535, xor(a, 65535), (a & 7) << (a % 40), "
        f"sum(a) over () & 4095 from (values {values}) as v (a) order by a"
    )
    [pg_sql] = transpile(sql, "postgres")
    assert pg.engine.execute(pg_sql) == duckdb.sql(sql).fetchall()


# -- the runner's guarantees on PostgreSQL (every engine's: tests/test_conformance.py) -------


def test_views_an_earlier_version_of_a_file_made_are_dropped_after_what_reads_them(built_postgres, tmp_path: Path) -> None:
    """PostgreSQL binds views: the retired views of 020 are dropped after the view that reads
    them (tests/test_migrations.py says what is checked)."""
    sql_copy = tmp_path / "sql"
    shutil.copytree(migrations.sql_directory(), sql_copy)
    check_retired_views_are_dropped(built_postgres("retired_views"), "postgres", sql_copy)


def test_a_database_of_the_flat_layout_migrates_to_the_stage_folders(fresh_url: str, tmp_path: Path) -> None:
    """The views that moved between files are dropped before what reads them is made again
    (tests/test_migrations.py says what is checked)."""
    check_a_flat_layout_database_migrates(fresh_url, "postgres", tmp_path)


# -- the same answers as DuckDB --------------------------------------------------------


def test_small_tables_identical(pg: pokersql.Database, duck: pokersql.Database) -> None:
    for table in ("cards", "hand_categories", "hand_classes", "deal_settings", "digits", "flush_suits", "best_by_values", "best_by_flush"):
        columns = [c for (c,) in duck.engine.execute(f"select column_name from information_schema.columns where table_name = '{table}' order by ordinal_position")]
        assert [c for (c,) in pg.engine.execute(f"select column_name from information_schema.columns where table_name = '{table}' and table_schema = current_schema() order by ordinal_position")] == columns
        sql = f"select * from {table} order by {', '.join(columns)}"
        assert pg.engine.execute(sql) == duck.engine.execute(sql), table


def test_simulate_same_as_duckdb(pg: pokersql.Database, duck: pokersql.Database) -> None:
    assert pg.simulate(2000, 2, 2010).to_dict() == duck.simulate(2000, 2, 2010).to_dict()


def test_seven_card_hands_of_one_class_same_as_duckdb(pg: pokersql.Database, duck: pokersql.Database) -> None:
    """The 7-card path (013) on the boards of one starting hand."""
    sql = "select hand_class, points, category, boards from starting_hand_categories where hand_class = 'AKs' order by points"
    on_pg = pg.engine.execute(sql)
    assert on_pg == duck.engine.execute(sql)
    assert sum(row[3] for row in on_pg) == 2118760  # C(50, 5) boards


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (("AhAd", "KhKd"), ""),
        (("Ah Kh", "Qs Qd", "7c 8c"), "2h 7h Qc"),
        (("AsKs", "QhQd", "Jc Tc"), "2c 7d 9h Kh"),
    ],
)
def test_exact_equity_same_as_duckdb_and_phevaluator(pg: pokersql.Database, duck: pokersql.Database, hands, board: str) -> None:
    from itertools import combinations

    from phevaluator import evaluate_cards

    on_pg = pg.equity(*hands, board=board).to_dict()
    assert on_pg == duck.equity(*hands, board=board).to_dict()
    if board:  # phevaluator over every board that can come (pre-flop: 1.7 million, left to DuckDB's tests)
        holes = [[h[i : i + 2] for i in range(0, 4, 2)] for h in (x.replace(" ", "") for x in hands)]
        known = board.split() + [c for hole in holes for c in hole]
        deck = [r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in known]
        wins = [0] * len(holes)
        for rest in combinations(deck, 5 - len(board.split())):
            ranks = [evaluate_cards(*hole, *board.split(), *rest) for hole in holes]
            best = min(ranks)
            if ranks.count(best) == 1:
                wins[ranks.index(best)] += 1
        assert [p["wins"] for p in on_pg["players"]] == wins


def test_next_street_same_as_duckdb(pg: pokersql.Database, duck: pokersql.Database) -> None:
    args = (("Ah Kh", "Qs Qd", "7c 8c"), dict(board="2h 7h Qc", next_street=True))
    assert pg.equity(*args[0], **args[1]).to_dict() == duck.equity(*args[0], **args[1]).to_dict()
    ranged = (("AhAd", "QQ+,AKs:0.5"), dict(board="2h 7h Kc", next_street=True))  # range_street_equity (018)
    on_pg = pg.equity(*ranged[0], **ranged[1]).to_dict()
    assert on_pg == duck.equity(*ranged[0], **ranged[1]).to_dict() and len(on_pg["next_street"]) == 47


def test_split_pot_equity_same_as_duckdb(pg: pokersql.Database, duck: pokersql.Database) -> None:
    """047's split_equity_of on a river (PostgreSQL ranks Omaha's fives slowly: one board)."""
    args = (("Ah 2h Kc Kd", "As 2d 9c 9d", "Jh Th 9h 8c"), dict(board="3c 4d 8h Ks Qh", game="omaha8"))
    on_pg = pg.equity(*args[0], **args[1]).to_dict()
    assert on_pg == duck.equity(*args[0], **args[1]).to_dict() and on_pg["players"][0]["equity"] == 0.75


def test_omaha_trials_same_as_duckdb(pg: pokersql.Database, duck: pokersql.Database) -> None:
    """036's omaha_drawn_boards_of and 050's outcomes of the trials' boards (every hand known): the
    high and the split pot by Monte Carlo on a river (one board, each trial's: its start row),
    and the split pot on a flop."""
    hands = ("Ah 2h Kc Kd", "As 2d 9c 9d", "Jh Th 9h 8c")
    for game in ("omaha", "omaha8"):
        args = dict(board="3c 4d 8h Ks Qh", game=game, trials=50, seed=6)
        on_pg = pg.equity(*hands, **args).to_dict()
        assert on_pg == duck.equity(*hands, **args).to_dict() and on_pg["boards"] == 50, game
    # on a flop, many boards: 050 finds their lows by the board's values ace to eight
    args = dict(board="3c 4d Ks", game="omaha8", trials=300, seed=6)
    assert pg.equity(*hands[:2], **args).to_dict() == duck.equity(*hands[:2], **args).to_dict()


def test_stud_equity_same_as_duckdb(pg: pokersql.Database, duck: pokersql.Database) -> None:
    """051-052's runouts on sixth street heads-up (1,560), stud8's halves, and razz's Monte Carlo,
    with a random hand too (all seven of its cards drawn)."""
    hands = ("Ah 2h 3c Kc Kd 9s", "As 3d 8s 8d 9c 4h")
    on_pg = pg.equity(*hands, game="stud8").to_dict()
    assert on_pg == duck.equity(*hands, game="stud8").to_dict() and on_pg["boards"] == 1560
    drawn = dict(game="razz", trials=200, seed=5)
    assert pg.equity(*hands, **drawn).to_dict() == duck.equity(*hands, **drawn).to_dict()
    with_random = (hands[0], "random", hands[1])
    assert pg.equity(*with_random, **drawn).to_dict() == duck.equity(*with_random, **drawn).to_dict()


def test_monte_carlo_same_trials_as_duckdb(pg: pokersql.Database, duck: pokersql.Database) -> None:
    on_pg = pg.equity("AhAd", "KhKd", trials=300, seed=7).to_dict()
    assert on_pg == duck.equity("AhAd", "KhKd", trials=300, seed=7).to_dict()
    assert on_pg["exact"] is False and on_pg["deals"] == 300


def test_small_range_equity_same_as_duckdb(pg: pokersql.Database, duck: pokersql.Database) -> None:
    assert pg.equity("AhAd", "KK+", board="Kc 7d 2c").to_dict() == duck.equity("AhAd", "KK+", board="Kc 7d 2c").to_dict()


# -- query is read-only, enforced by the server -------------------------------------------


@pytest.mark.parametrize(
    "sql",
    [
        "delete from hands",
        "insert into hand_input values (1, 2)",
        "update deal_settings set seed = 1",
        "create table x (y integer)",
        "create temp table x (y integer)",
        "drop table hands",
        "select 1; delete from hands",
        "commit; delete from hands",
        "copy (select 1) to '/tmp/pokersql-pg-refused.csv'",
        "select pg_read_file('/etc/hostname')",
        "select lo_import('/etc/hostname')",
        "select set_config('role', 'none', true), pg_read_file('/etc/hostname')",
        "create extension if not exists dblink",
    ],
)
def test_query_refuses_writes_and_files(pg: pokersql.Database, sql: str) -> None:
    with pytest.raises(BadInput, match="read-only|one statement"):
        pg.query(sql)
    assert not Path("/tmp/pokersql-pg-refused.csv").exists()
    assert pg.query("select count(*) from hands").rows == [(2598960,)]
    assert pg.query("select seed, deals from deal_settings").rows == [(2010, 1)]
    assert pg.query("select count(*) from pg_catalog.pg_largeobject_metadata").rows == [(0,)]


def test_query_reads_with_parameters_and_streams(pg: pokersql.Database) -> None:
    result = pg.query("select count(*) as n from hands where points = ? and category like '%Flush'", (9,))
    assert result.columns == ["n"] and result.rows == [(4,)]
    with pg.stream("select hand_rank from hands order by hand_rank") as stream:
        assert stream.columns == ["hand_rank"]
        assert next(iter(stream.rows)) == (1,)
    assert pg.query("select 1 as x where false").rows == []
    assert pg.query("explain select * from hands").rows


# -- the command line --------------------------------------------------------------


def test_cli_from_environment_and_errors(pg_url: str, capsys, monkeypatch) -> None:
    monkeypatch.setenv("POKERSQL_ENGINE", "postgres")
    monkeypatch.setenv("POKERSQL_DB", pg_url)
    assert main(["deal", "--players", "2", "--seed", "1", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == 1
    assert main(["query", "delete from hands"]) == 2
    err = capsys.readouterr().err
    assert "read-only" in err and err.count("\n") == 1
    assert main(["query", "select * from nowhere"]) == 1
    err = capsys.readouterr().err
    assert err.startswith('pokersql: error: relation "nowhere" does not exist') and err.count("\n") == 1
    assert main(["eval", "Ah", "Kh", "Qh", "Jh", "Zz"]) == 2
    capsys.readouterr()


def test_cli_export_csv_same_as_duckdb(pg_url: str, duck: pokersql.Database, tmp_path: Path, capsys) -> None:
    for table in ("hand_classes", "cards"):
        ours, theirs = tmp_path / f"{table}.pg.csv", tmp_path / f"{table}.duck.csv"
        assert main(["--engine", "postgres", "--db", pg_url, "export", table, "--to", str(ours)]) == 0
        assert main(["--db", duck.engine.path, "export", table, "--to", str(theirs)]) == 0
        assert ours.read_text() == theirs.read_text(), table
    assert main(["--engine", "postgres", "--db", pg_url, "export", "hands", "--to", str(tmp_path / "h.parquet")]) == 2
    assert "postgres cannot write parquet" in capsys.readouterr().err


def test_cli_sql_dialect_postgres_runs_in_psql(server: Server, fresh_url: str, capsys) -> None:
    """pokersql sql --dialect postgres | psql builds the same tables (the first eight files: quick)."""
    assert main(["sql", "--dialect", "postgres"]) == 0
    script = capsys.readouterr().out
    assert "-- 027_hand_macros.duckdb.views.sql" not in script and "-- 025_preflop_flush_counts.views.sql" in script
    first = script.split("-- 009_")[0]
    out = server.psql(fresh_url, first)
    assert out.returncode == 0, out.stderr
    with psycopg.connect(fresh_url) as connection:
        assert connection.execute("select count(*), count(distinct hand_rank) from hands").fetchall() == [(2598960, 7462)]


def test_build_preflop_is_refused_in_one_line(pg_url: str, pg: pokersql.Database, capsys) -> None:
    """PostgreSQL's plan of the preflop job spills tens of GB to temporary files (docs/engines.md):
    `build --preflop` refuses at once, names the way round it, and writes nothing."""
    assert main(["--engine", "postgres", "--db", pg_url, "build", "--preflop"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pokersql: error: build --preflop does not run on postgres:") and err.count("\n") == 1
    assert "build it with DuckDB and copy the table in" in err
    assert pg.query("select count(*) from preflop_matchups").rows == [(0,)]


def test_preflop_table_copied_in_with_psql_answers_equity(
    server: Server, built_postgres, duck: pokersql.Database, tmp_path: Path, monkeypatch
) -> None:
    """The way round (docs/engines.md): a DuckDB export of preflop_matchups copied in by psql's
    \\copy, and equity on PostgreSQL reads it: the answer DuckDB enumerates. (Into a copy of
    the session's built database, its preflop_matchups empty as a build leaves it.)"""
    csv, enumerated = matchup_csv(duck, tmp_path)
    url = built_postgres("preflop_copied_in")
    with pokersql.connect(url, engine="postgres") as database:
        assert database.migrate() == []
        assert database.engine.execute("select count(*) from preflop_matchups") == [(0,)]
        # psql ... < preflop.csv
        out = server.psql(url, "\\copy preflop_matchups from pstdin with (format csv, header)", stdin=csv.read_text())
        assert out.returncode == 0, out.stderr
        with counting_lookups(monkeypatch) as looked_up:
            assert database.equity(*MATCHUP).to_dict() == enumerated
        assert looked_up == ["postgres"]  # read from the table, not enumerated


def test_sigint_stops_a_long_command_and_leaves_the_database(pg_url: str, pg: pokersql.Database) -> None:
    """A real SIGINT to a real pokersql process on PostgreSQL: exit 130, one line, the query
    cancelled on the server (no session of it left running), nothing changed."""
    args = ["--engine", "postgres", "--db", pg_url, "equity", "AhAd", "KhKd", "--trials", "10000000", "--seed", "3"]
    status, err, took = interrupt(args, after=4, wait=60)
    assert status == 130, err
    assert err.strip() == "pokersql: interrupted"
    assert took < 5, f"stopped {took:.1f} s after the signal"
    running = pg.engine.execute(
        "select count(*) from pg_stat_activity where application_name = 'pokersql' and state = 'active' and pid <> pg_backend_pid()"
    )
    assert running == [(0,)]
    assert pg.query("select seed, deals from deal_settings").rows == [(2010, 1)]


def test_weighted_ranges_and_by_combo_on_postgres(pg: pokersql.Database, duck: pokersql.Database) -> None:
    """Weights through range_input and range_combo_equity (018), as DuckDB counts them."""
    for players, board in ((("AhAd", "KK:0.5,AKs@25"), "2c 7d 3h"), (("AhAd,KsKc", "QQ"), "2c 7d Qc")):
        mine, theirs = pg.equity(*players, board=board, by_combo_of=1), duck.equity(*players, board=board, by_combo_of=1)
        assert mine == theirs


def test_other_games_equity_is_duckdbs(pg: pokersql.Database, duck: pokersql.Database) -> None:
    """Omaha and short deck, exact and Monte Carlo (the game equity views), on small spots: DuckDB's counts."""
    from test_games import game_counts  # tests/test_games.py: its GAME_SPOTS

    assert game_counts(pg) == game_counts(duck)
