"""What every engine must do, written once and run on each (issue 22's conformance suite).

The runner's guarantees: the history records every file, an applied file that is edited is
refused, and a file that fails leaves the database as it was, seen from a new connection, and
applies once mended; a rebuild builds the files again and keeps the user's own. And DuckDB's
answers on SQLite, PostgreSQL and Spark: the hands table row for row, deals card for card, eval,
compare and evaluate_many, the five- and seven-card frequencies, CSV export, and the command
line's JSON (equity's JSON is tests/test_engine_json.py's).

DuckDB and SQLite on files of the test's own; PostgreSQL on the session's server (the xdist
group "postgres"), in a database of the test's own where the test writes; Spark on a warehouse
directory of the test's own (the group "spark", one JVM). Spark's catalog file, written only when
a migration succeeded, is checked here beside the rest. What only one engine has (what a file cannot be transpiled for,
its read-only query, its interrupts) stays in that engine's own test file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

import pokersql
from pokersql import migrations
from pokersql.cli import main
from pokersql.database import _deal_settings
from pokersql.errors import BadInput, DatabaseError, MigrationError

# PostgreSQL and Spark each on the worker of its kind (xdist joins every group mark of a test into
# one group, so the marks are the parameters' alone).
ENGINES = [
    "duckdb",
    "sqlite",
    pytest.param("postgres", marks=pytest.mark.xdist_group("postgres")),
    pytest.param("spark", marks=pytest.mark.xdist_group("spark")),
]


@pytest.fixture(params=ENGINES)
def kind(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def new_database(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """An empty database of the test's own: a file, a directory (Spark) or a URL (PostgreSQL)."""
    if kind == "postgres":
        return request.getfixturevalue("fresh_url")
    return str(tmp_path / f"new.{kind}")


@pytest.fixture
def built(kind: str, request: pytest.FixtureRequest) -> str:
    """A database the SQL files built: the session's PostgreSQL one (conftest.py), a copy of the
    session's Spark warehouse or database file."""
    if kind == "postgres":
        return request.getfixturevalue("pg_url")
    if kind == "spark":
        return request.getfixturevalue("built_spark")()
    return request.getfixturevalue("built_database")(kind)


def write_sql_files(directory: Path, files: dict[str, str]) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (directory / name).write_text(text, encoding="utf-8")
    return directory


def scripts(database: pokersql.Database) -> list[str]:
    return [s for (s,) in database.engine.execute("select script from schema_history order by installed_rank")]


def test_the_history_records_every_file_the_engine_runs(kind: str, built: str) -> None:
    # every engine stores the report views at import (Engine.stores_histories): 066's five tables
    files = [f for f in migrations.sql_files() if f.runs_on(kind)]
    with pokersql.connect(built, engine=kind) as database:
        stored = {name for name in database.engine.object_types() if name.startswith("stored_")}
        assert len(stored) == 5, stored
        rows = database.engine.execute(
            "select version, script, checksum, success, execution_ms from schema_history order by installed_rank"
        )
        assert [(v, s, c) for v, s, c, _, _ in rows] == [(f.version, f.script, f.checksum) for f in files]
        assert all(success in (True, 1) and ms >= 0 for *_, success, ms in rows)
        assert database.migrate() == []


def test_an_edited_applied_file_is_refused_and_a_byte_order_mark_is_no_edit(kind: str, new_database: str, tmp_path: Path) -> None:
    directory = write_sql_files(tmp_path / "sql", {"001_one.sql": "create table one (x integer);\n"})
    with pokersql.connect(new_database, engine=kind) as database:
        assert [f.script for f in migrations.migrate(database.engine, migrations.sql_files(directory))] == ["001_one.sql"]
        write_sql_files(directory, {"001_one.sql": "create table one (x bigint);\n"})
        with pytest.raises(MigrationError, match=r"^001_one\.sql was edited after it was applied") as raised:
            migrations.migrate(database.engine, migrations.sql_files(directory))
        assert "\n" not in str(raised.value)
        # Only a byte-order mark and other line ends: the same file.
        write_sql_files(directory, {"001_one.sql": "\ufeffcreate table one (x integer);\r\n"})
        assert migrations.migrate(database.engine, migrations.sql_files(directory)) == []
        assert scripts(database) == ["001_one.sql"]


def test_a_failed_file_leaves_the_database_as_it_was(kind: str, new_database: str, tmp_path: Path) -> None:
    """The failed migration had made a table and written rows to it, appended a row to a table
    that was there, dropped another and made a view again: all of it is undone (on Spark, which
    has no transactions, by pokersql itself)."""
    directory = write_sql_files(
        tmp_path / "sql",
        {
            "001_one.sql": (
                "create table one (x integer);\n"
                "insert into one values (1);\n"
                "create table spare (x integer);\n"
                "insert into spare values (7);\n"
            ),
            "002_kept.views.sql": "create view kept as select x from one;\n",
        },
    )
    with pokersql.connect(new_database, engine=kind) as database:
        migrations.migrate(database.engine, migrations.sql_files(directory))
        catalog = _spark_catalog(kind, new_database)
        write_sql_files(
            directory,
            {
                "002_kept.views.sql": "create view kept as select x, x + 1 as y from one;\n",  # applied again
                "003_broken.sql": (
                    "create table two (x integer);\n"
                    "insert into two values (2);\n"
                    "insert into one values (2);\n"
                    "drop table spare;\n"
                    "select * from missing_table;\n"
                ),
            },
        )
        with pytest.raises(MigrationError, match=r"^003_broken\.sql failed: .*missing_table") as raised:
            migrations.migrate(database.engine, migrations.sql_files(directory))
        assert isinstance(raised.value.__cause__, DatabaseError)
        assert "\n" not in str(raised.value)
    # Seen from a new connection: nothing of the failed migration stayed.
    with pokersql.connect(new_database, engine=kind) as database:
        assert set(database.engine.relation_names()) == {"schema_history", "one", "spare", "kept"}
        assert database.engine.execute("select x from one") == [(1,)]
        assert database.engine.execute("select x from spare") == [(7,)]
        assert database.engine.execute("select * from kept") == [(1,)]
        assert scripts(database) == ["001_one.sql", "002_kept.views.sql"]
        assert _spark_catalog(kind, new_database) == catalog
        if kind == "spark":
            assert not (Path(new_database) / "two").exists()  # the table's files went with it
    # Mended, the files apply.
    write_sql_files(directory, {"003_broken.sql": "create table two (x integer);\n"})
    with pokersql.connect(new_database, engine=kind) as database:
        assert [f.script for f in migrations.migrate(database.engine, migrations.sql_files(directory))] == ["002_kept.views.sql", "003_broken.sql"]
        assert database.engine.execute("select x, y from kept") == [(1, 2)]


def test_a_rebuild_builds_the_files_again_and_keeps_the_users_own(kind: str, new_database: str, tmp_path: Path) -> None:
    """`migrate --rebuild`: pokersql's tables and views dropped and built again (a row written into
    its table since is gone), the history started again, the user's own table kept, and the user's
    view over pokersql's table read from the new one. On small files, so that every engine runs
    it; the real files' rebuild (every audit passing after it) is tests/test_rebuild.py's, where a
    build takes seconds (on Spark, minutes: there the audits run on the built warehouse)."""
    directory = write_sql_files(
        tmp_path / "sql",
        {"001_one.sql": "create table one (x integer);\ninsert into one values (1);\n", "002_kept.views.sql": "create view kept as select x from one;\n"},
    )
    with pokersql.connect(new_database, engine=kind) as database:
        migrations.migrate(database.engine, migrations.sql_files(directory))
        with database.engine.transaction():
            database.engine.execute("insert into one values (2)")
            database.engine.execute("create table my_notes (id integer)")
            database.engine.execute("insert into my_notes values (1)")
            database.engine.execute("create view my_count as select count(*) as n from one")
        assert database.engine.execute("select n from my_count") == [(2,)]
        applied = migrations.migrate(database.engine, migrations.sql_files(directory), rebuild=True)
        assert [f.script for f in applied] == ["001_one.sql", "002_kept.views.sql"]
    with pokersql.connect(new_database, engine=kind) as database:
        assert database.engine.execute("select x from kept") == [(1,)]
        assert database.engine.execute("select id from my_notes") == [(1,)]
        assert database.engine.execute("select n from my_count") == [(1,)]
        assert scripts(database) == ["001_one.sql", "002_kept.views.sql"]
        assert migrations.migrate(database.engine, migrations.sql_files(directory)) == []


def _spark_catalog(kind: str, target: str) -> str | None:
    """Spark's catalog file (its tables' schemas and its views), written only when a migration
    succeeded; None on the other engines."""
    if kind != "spark":
        return None
    from pokersql.engines.spark.storage import CATALOG_FILE

    return (Path(target) / CATALOG_FILE).read_text(encoding="utf-8")


# -- the same answers as DuckDB ---------------------------------------------------------------

OTHERS = ENGINES[1:]

HANDS = [
    "Ah Kh Qh Jh Th",
    "5d 4d 3d 2d Ad",
    "9s 8s 7s 6s 5s",
    "Qc Qd Qh Qs 2c",
    "Kc Kd Ks 7h 7d",
    "Ac Jc 9c 6c 3c",
    "Ad 2c 3h 4s 5c",
    "Ts 9h 8d 7c 6s",
    "7c 7d 7h Kc 2s",
    "Jc Jd 4h 4s Ac",
    "Tc Td 8h 5s 2c",
    "7c 5d 4h 3s 2c",
    "Ac Kd Qh Js 9c",
    "As Ks 7d 7c 7h 2s 9c",
    "Ah,2c,3d,4s,5h,Kd",
    "T♠ J♠ Q♠ K♠ A♠ 9♠ 2d",
    "Kc Kd 7h 7s 2c 2d Ah",
]
SHOWDOWNS = [
    ("Ac 2d 3h 4s 5c", "6d 5d 4d 3d 2h", "Kc Kd 9h 9s 2s", "7d 5h 4c 3c 2c"),
    ("2c 3c 4c 5c 7d", "2d 3d 4d 5d 7h", "2h 3h 4h 5h 7s", "2s 3s 4s 5s 7c"),  # a four-way split
]


@pytest.fixture(scope="module")
def duck(built_database) -> Iterator[pokersql.Database]:
    with pokersql.connect(built_database("duckdb"), engine="duckdb") as database:
        yield database


@pytest.fixture(scope="module", params=OTHERS)
def other(request: pytest.FixtureRequest) -> Iterator[tuple[str, pokersql.Database]]:
    """(engine, a built database of it): the session's PostgreSQL database (nothing here writes
    to it), a copy of the session's Spark warehouse or database file."""
    kind = request.param
    if kind == "postgres":
        yield kind, request.getfixturevalue("pg")
        return
    target = request.getfixturevalue("built_spark")() if kind == "spark" else request.getfixturevalue("built_database")(kind)
    with pokersql.connect(target, engine=kind) as database:
        yield kind, database


def test_deals_are_duckdbs_card_for_card(other, duck: pokersql.Database) -> None:
    """Deals at the smallest and the largest seed, then 300 decks at the largest, uniform and
    riffled, round-robin: every card in its place."""
    _, database = other
    for players, seed in [(2, 0), (10, 2**62)]:
        assert database.deal(players, seed).to_dict() == duck.deal(players, seed).to_dict(), seed
    sql = "select deal_no, deck_position, card_id, player from shuffle_and_deal order by deal_no, deck_position"
    for shuffle in ("uniform", "riffle"):
        decks = []
        for db in (duck, database):
            with db.engine.inputs(deal_settings=[_deal_settings(2**62, 7, 300, shuffle, 5, "round-robin")]):
                decks.append(db.engine.execute(sql))
        assert len(decks[0]) == 300 * 52
        assert decks[1] == decks[0], shuffle


def test_eval_compare_and_evaluate_many_are_duckdbs(other, duck: pokersql.Database) -> None:
    _, database = other
    for hand in ("5d 4d 3d 2d Ad", "Ac 2d 3h 4s 5c Kd"):
        assert database.evaluate(hand).to_dict() == duck.evaluate(hand).to_dict(), hand
    assert database.evaluate_many(HANDS).records() == duck.evaluate_many(HANDS).records()
    for hands in SHOWDOWNS:
        assert database.compare(*hands).to_dict() == duck.compare(*hands).to_dict(), hands
    with pytest.raises(BadInput, match="row 2"):
        database.evaluate_many(["As Ks 7d 7c 7h", "As As 2c 3d 4h"])


def test_freq_of_five_cards_is_duckdbs_and_exact(other, duck: pokersql.Database) -> None:
    _, database = other
    counted = database.freq(5).to_dict()
    assert counted == duck.freq(5).to_dict()
    assert counted["total"] == 2598960 and counted["distinct_ranks"] == 7462
    assert all(c["count"] == c["expected"] for c in counted["categories"])


def test_export_is_duckdbs(other, duck: pokersql.Database, tmp_path: Path) -> None:
    """The CSV of two tables: the same header and rows; the same bytes, except on Spark, whose
    files hold the rows in no promised order."""
    kind, database = other
    for table in ("hand_classes", "cards"):
        ours, theirs = tmp_path / f"{table}.{kind}.csv", tmp_path / f"{table}.duckdb.csv"
        assert database.export(table, ours).rows == duck.export(table, theirs).rows
        lines, expected = ours.read_text(encoding="utf-8").splitlines(), theirs.read_text(encoding="utf-8").splitlines()
        assert lines[0] == expected[0] and sorted(lines[1:]) == sorted(expected[1:]), table
        if kind != "spark":
            assert ours.read_bytes() == theirs.read_bytes(), table


@pytest.fixture(scope="module")
def duckdb_hands_csv(duck: pokersql.Database, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """DuckDB's CSV export of hands, and its count of rows: written once, read by each engine's test."""
    path = tmp_path_factory.mktemp("duckdb-hands") / "hands.duckdb.csv"
    return path, duck.export("hands", path).rows


def test_hands_are_duckdbs_row_for_row(other, duckdb_hands_csv: tuple[Path, int], tmp_path: Path, exact_counts: dict) -> None:
    """Every row of hands, as each engine's CSV export writes it, as a multiset (Spark's files hold
    the rows in no promised order): DuckDB's rows less the engine's, both ways, leave none; a
    value of another type (1.0 for 1) is another text. And the exact five-card counts. (Each
    row's count in either file, in one pass over both: the rows one file has more of, each way.)"""
    kind, database = other
    theirs, duckdb_rows = duckdb_hands_csv
    ours = tmp_path / f"hands.{kind}.csv"
    assert database.export("hands", ours).rows == duckdb_rows == 2598960
    with open(ours, encoding="utf-8") as mine, open(theirs, encoding="utf-8") as reference:
        assert mine.readline() == reference.readline() == "c1,c2,c3,c4,c5,cards,points,category,hand_rank\n"
    columns = "c1, c2, c3, c4, c5, cards, points, category, hand_rank"
    with duckdb.connect() as compare:
        ours_more, theirs_more = compare.execute(
            f"""
            select coalesce(sum(greatest(surplus, 0)), 0), coalesce(sum(greatest(-surplus, 0)), 0)
            from (
                select count(*) filter (where side = 'ours') - count(*) filter (where side = 'theirs') as surplus
                from (
                    select {columns}, 'ours' as side from read_csv('{ours}', all_varchar = true, header = true)
                    union all
                    select {columns}, 'theirs' from read_csv('{theirs}', all_varchar = true, header = true)
                )
                group by {columns}
            )
            """
        ).fetchone()
    assert ours_more == 0, f"rows of {ours.name} not in {theirs.name}"
    assert theirs_more == 0, f"rows of {theirs.name} not in {ours.name}"
    counts = dict(database.engine.execute("select points, count(*) from hands group by points"))
    assert counts == {c["points"]: c["count"] for c in exact_counts["five_card"]["categories"]}


# Not SQLite, which takes many minutes to enumerate the 133,784,560 hands: its seven-card
# evaluation is checked against phevaluator by exact equity (tests/test_equity.py).
@pytest.mark.slow
@pytest.mark.parametrize("other", [o for o in OTHERS if getattr(o, "values", (o,))[0] != "sqlite"], indirect=True)
def test_freq_of_seven_cards_is_duckdbs_and_exact(other, duck: pokersql.Database, exact_counts: dict) -> None:
    """freq --cards 7: all 133,784,560 hands enumerated in one query, category for category
    DuckDB's, the exact counts and suit_reduced_seven's weights (012), on the engine."""
    _, database = other
    counted = database.freq(7)
    assert counted.to_dict() == duck.freq(7).to_dict()
    reference = exact_counts["seven_card"]
    assert (counted.total, counted.distinct_ranks) == (reference["total"], reference["distinct_ranks"])
    by_points = {c.points: c.count for c in counted.categories}
    assert by_points == {c["points"]: c["count"] for c in reference["categories"]}
    assert by_points == {c.points: c.expected for c in counted.categories}


@pytest.fixture(scope="module")
def cli_duckdb(built_database) -> str:
    """A DuckDB file for the command line alone: `query`'s read-only sandbox refuses a file that
    another connect() of the process holds (``duck``)."""
    return built_database("duckdb")


@pytest.mark.parametrize(
    "args",
    [
        ["migrate"],
        ["deal", "--players", "3", "--seed", "42"],
        ["eval", "As", "Ks", "7d", "7c", "7h", "2s", "9c"],
        ["compare", "As Ad 2c 2d 5h", "Ks Kd Qc Qd Ah"],
        ["freq"],
        ["query", "select category, count(*) as n from hands group by category order by n, category"],
    ],
    ids=lambda args: args[0],
)
def test_the_command_lines_json_is_duckdbs(
    other, cli_duckdb: str, args: list[str], capsys: pytest.CaptureFixture[str], request: pytest.FixtureRequest
) -> None:
    """The same JSON, byte for byte, and nothing on stderr (migrate names the database: its list
    of files applied, none, is compared)."""
    kind, database = other
    target = request.getfixturevalue("pg_url") if kind == "postgres" else database.engine.path
    fmt = ["--format", "json"]
    assert main(["--engine", kind, "--db", target, *args, *fmt]) == 0
    on_engine = capsys.readouterr()
    assert main(["--db", cli_duckdb, *args, *fmt]) == 0, capsys.readouterr().err
    on_duckdb = capsys.readouterr().out
    if args[0] == "migrate":
        on_engine_out, on_duckdb = (json.loads(out)["applied"] for out in (on_engine.out, on_duckdb))
        assert on_engine_out == on_duckdb == []
    else:
        assert on_engine.out == on_duckdb
    assert on_engine.err == ""


OMAHA_ROWS = "values (1, 51, 1), (1, 47, 1), (1, 41, 1), (1, 37, 1), (1, 35, 0), (1, 31, 0), (1, 0, 0), (1, 22, 0), (1, 27, 0)"  # As Ks Qd Jd | Ts 9s 2c 7h 8s


def test_other_games_are_duckdbs(other, duck: pokersql.Database) -> None:
    """Omaha and short deck (issue 24) on every engine: eval and compare; but on Spark (seconds
    a query) short deck's counts of five cards and Omaha's table macro, written into the query."""
    kind, database = other
    cases = [("omaha", "As Ks Qd Jd", "Ts 9s 2c 7h 8s"), ("shortdeck-triton", "As 6c 7d 8s 9h Kd Kh", "")]
    for game, hand, board in cases:
        assert database.evaluate(hand, game=game, board=board).to_dict() == duck.evaluate(hand, game=game, board=board).to_dict()
    compared = database.compare("As 6c", "Kd Kh", board="7d 8s 9h Ks Jc", game="shortdeck")
    assert compared.winners == [1] and compared.to_dict() == duck.compare("As 6c", "Kd Kh", board="7d 8s 9h Ks Jc", game="shortdeck").to_dict()
    if kind == "spark":
        return
    assert database.freq(5, game="shortdeck").to_dict() == duck.freq(5, game="shortdeck").to_dict()
    from pokersql.transpile import table_macros, transpile

    query = f"with given (hand_no, card_id, is_hole) as ({OMAHA_ROWS}) select hand_no, hand_rank from omaha_ranks_of('given')"
    macros = table_macros(f.text for f in migrations.sql_files() if f.runs_on(kind))
    (expanded,) = transpile(query, database.engine.dialect, "test", macros)
    assert database.engine.execute(expanded) == duck.engine.execute(query) == [(1, 403)]
