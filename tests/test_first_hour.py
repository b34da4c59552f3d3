"""A newcomer's first hour (issue 49): answers that do not change from run to run.

A default Monte Carlo (no --seed) is seeded from the question, so one command prints one
answer, in every process (Python's hash() is salted per process: the runs here set different
PYTHONHASHSEEDs) and as docs/ranges.md shows it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from doc_sessions import ROOT, Session, clean, home, run, sessions  # tests/doc_sessions.py
from pokersql.cards import parse_cards
from pokersql.ranges import question_seed

QUESTION = ["equity", "AhAd", "QQ+,AKs"]
# The seed of QUESTION: pinned, so that no change of the hashing moves every documented answer.
QUESTION_SEED = 91512318


def pokersql(db_file: str, *args: str, hash_seed: str = "0") -> subprocess.CompletedProcess:
    environment = {**os.environ, "NO_COLOR": "1", "PYTHONHASHSEED": hash_seed}
    return subprocess.run(
        [sys.executable, "-m", "pokersql", "--quiet", "--db", db_file, *args], capture_output=True, text=True, env=environment, timeout=300
    )


def test_the_question_seed_is_pinned():
    assert question_seed("holdem", [sorted(parse_cards("AhAd")), "qq+,aks"], [], [], 100_000) == QUESTION_SEED
    # each part of the question moves it
    others = {
        question_seed("holdem", [sorted(parse_cards("AhAd")), "qq+,aks"], [], [], 100_001),
        question_seed("holdem", [sorted(parse_cards("AhAd")), "qq+,aks"], parse_cards("2c 7d Kc"), [], 100_000),
        question_seed("holdem", [sorted(parse_cards("AhAd")), "qq+,aks"], [], parse_cards("2c"), 100_000),
        question_seed("holdem", [sorted(parse_cards("AhAs")), "qq+,aks"], [], [], 100_000),
        question_seed("shortdeck", [sorted(parse_cards("AhAd")), "qq+,aks"], [], [], 100_000),
    }
    assert QUESTION_SEED not in others and len(others) == 5


def test_a_default_monte_carlo_prints_the_same_answer_in_every_process(db_file):
    first = pokersql(db_file, *QUESTION, hash_seed="1")
    second = pokersql(db_file, *QUESTION, hash_seed="2")
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    assert first.stdout == second.stdout
    title = first.stdout.splitlines()[0]
    assert title == f"Equity (Monte Carlo, 100,000 runouts, seed {QUESTION_SEED} from the question)"
    # the same hands typed otherwise are the same question
    assert pokersql(db_file, "equity", "Ah Ad", "QQ+, AKs").stdout == first.stdout


def test_the_json_gives_the_seed_and_no_other_key(db_file):
    done = pokersql(db_file, *QUESTION, "--format", "json")
    data = json.loads(done.stdout)
    assert list(data) == ["exact", "boards", "deals", "seed", "players"]
    assert data["seed"] == QUESTION_SEED and data["exact"] is False
    again = json.loads(pokersql(db_file, *QUESTION, "--format", "json", hash_seed="3").stdout)
    assert again == data


def test_a_seed_given_wins(db_file):
    done = pokersql(db_file, *QUESTION, "--seed", "5")
    assert done.stdout.splitlines()[0] == "Equity (Monte Carlo, 100,000 runouts, seed 5)"
    assert done.stdout != pokersql(db_file, *QUESTION).stdout


def test_another_games_monte_carlo_is_seeded_from_its_question(db_file):
    question = ["equity", "--game", "shortdeck", "As Ks", "random", "--board", "6c 7c 8h", "--trials", "5000"]
    first, second = pokersql(db_file, *question, hash_seed="1"), pokersql(db_file, *question, hash_seed="2")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    seed = question_seed("shortdeck", [sorted(parse_cards("As Ks")), "random"], parse_cards("6c 7c 8h"), [], 5000)
    assert first.stdout.splitlines()[0] == f"Equity (Monte Carlo, 5,000 runouts, seed {seed} from the question)"


def documented(page: str, command: str) -> tuple[Session, list[str]]:
    """The console session of docs/PAGE with the step `$ COMMAND`, cut to that step, and its output."""
    for session in sessions(ROOT / "docs" / page):
        for kind, step, statements in session.steps:
            if step.text == command:
                return Session(session.page, session.line, session.end, None, [(kind, step, statements)]), step.output
    raise AssertionError(f"docs/{page} shows no `$ {command}`")


@pytest.mark.parametrize(
    ("page", "command"),
    [
        ("ranges.md", 'pokersql equity AhAd "QQ+,AKs"'),
        # the next street's equities, labelled by player
        ("ranges.md", 'pokersql equity "Ah Kh" "Qs Qd" "7c 8c" --board "2h 7h Qc" --next-street'),
        ("games-flop.md", 'pokersql equity --game shortdeck-triton "As Ks" "Qh Qd" --board "6c 7c 8h" --next-street'),
    ],
)
def test_the_page_shows_what_the_command_prints(page, command, db_file, tmp_path):
    session, output = documented(page, command)
    default = Path(home(tmp_path)["XDG_DATA_HOME"]) / "pokersql" / "pokersql.duckdb"  # the page's default database
    default.parent.mkdir(parents=True)
    shutil.copyfile(db_file, default)
    [(_, printed, stderr, status)] = run(session, tmp_path)
    assert status == 0, stderr
    assert clean(printed) == clean("\n".join(output))


def test_a_long_title_stays_on_one_line(db_file):
    """rich wraps a table's title to the table's width: the title is one line, however narrow the table."""
    done = pokersql(db_file, "equity", "AhAd", "KhKd", "--trials", "1000", "--seed", "4611686018427387904")
    assert done.stdout.splitlines()[0] == "Equity (Monte Carlo, 1,000 runouts, seed 4611686018427387904)"
    assert done.stdout.splitlines()[1].startswith("┏")



# -- exact work's memory bounded (DuckDB's memory_limit while it counts) ---------------------


@pytest.fixture
def watched_limits(db_file):
    """A Database on the module's file whose engine notes DuckDB's memory_limit as each equity
    query starts (read from the connection that runs it)."""
    database = pokersql_connect(db_file)
    seen: list[tuple[str, str]] = []
    execute = database.engine.execute

    def noting(sql, *args, **kwargs):
        if "equity" in sql:
            limit = database.engine.connection.execute("select current_setting('memory_limit')").fetchone()[0]
            seen.append((sql.split(" from ")[1].split()[0], limit))
        return execute(sql, *args, **kwargs)

    database.engine.execute = noting
    yield database, seen
    database.close()


def pokersql_connect(path: str):
    import pokersql as library

    return library.connect(path)


def default_limit(database) -> str:
    return database.engine.connection.execute("select current_setting('memory_limit')").fetchone()[0]


@pytest.mark.parametrize(
    ("hands", "board", "view", "equity"),
    [
        (("AhAd", "random"), "Kc 7d 2c", "random_opponent_equity", 0.859755),
        (("JJ+,AQs", "KQs,T9s,77"), "Qh Ts 7c", "range_equity", 0.526201),
        (("AhAd", "KhKd"), "2c 7d Kc", "equity", None),
    ],
)
def test_exact_counting_runs_under_the_memory_limit(watched_limits, hands, board, view, equity):
    database, seen = watched_limits
    before = default_limit(database)
    result = database.equity(*hands, board=board)
    assert result.exact
    if equity is not None:
        assert round(result.players[0].equity, 6) == equity
    assert view in {name for name, _ in seen}
    limits = {limit for _, limit in seen}
    assert limits == {"732.4 MiB"}, seen  # EXACT_MEMORY_MB, 768MB, as DuckDB shows it
    assert default_limit(database) == before != "732.4 MiB"  # and DuckDB's own limit again after


def test_monte_carlo_keeps_duckdbs_limit(watched_limits):
    database, seen = watched_limits
    database.equity("AhAd", "random", trials=2000, seed=1)
    assert seen and {limit for _, limit in seen} == {default_limit(database)}


@pytest.mark.slow
def test_ahad_against_random_exactly_peaks_under_one_gigabyte(db_file, tmp_path):
    """The one query of AhAd v random before the flop (random_opponent_equity): 1.6 to 1.8 GB at
    its peak before the limit. The child's peak resident memory, measured by the kernel."""
    script = (
        "import resource, subprocess, sys;"
        "done = subprocess.run(sys.argv[1:], capture_output=True, text=True);"
        "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss);"
        "print(done.stdout + done.stderr)"
    )
    command = [sys.executable, "-m", "pokersql", "--quiet", "--db", db_file, "equity", "AhAd", "random", "--exact", "--format", "json"]
    done = subprocess.run([sys.executable, "-c", script, *command], capture_output=True, text=True, timeout=900)
    status, peak_kb = map(int, done.stdout.split("\n")[0].split())
    assert status == 0, done.stdout
    data = json.loads(done.stdout.split("\n", 1)[1])
    assert (data["players"][0]["wins"], data["players"][0]["ties"], data["deals"]) == (1_781_508_418, 11_402_312, 2_097_572_400)
    assert peak_kb < 1_000_000, f"peak {peak_kb:,} kB"


# -- a frame of one kind in, the same kind out -------------------------------------------------


@pytest.fixture(scope="module")
def library_db(built_database):
    """A Database on a copy of its own: the module's db_file stays free for the subprocesses."""
    import pokersql as library

    with library.connect(built_database("duckdb")) as database:
        yield database


HANDS = {"seat": [1, 2], "cards": ["As Ks 7d 7c 7h", "Ah 2c 3d 4s 5h"]}


def test_a_polars_frame_in_gives_polars_out(library_db):
    polars = pytest.importorskip("polars")
    result = library_db.evaluate_many(polars.DataFrame(HANDS))
    frame = result.frame()
    assert isinstance(frame, polars.DataFrame)
    assert frame.columns == ["seat", "cards", "best", "points", "category", "hand_rank"]
    assert frame["category"].to_list() == ["Three of a Kind", "Straight"]
    assert frame["best"].to_list() == [["7h", "7d", "7c", "As", "Ks"], ["5h", "4s", "3d", "2c", "Ah"]]
    assert result.pl().equals(frame)
    # .df() is pandas still, whatever came in
    assert type(result.df()).__module__.startswith("pandas") and result.df()["hand_rank"].tolist() == [2072, 1609]


def test_each_kind_in_gives_its_kind_out(library_db):
    pandas, pyarrow = pytest.importorskip("pandas"), pytest.importorskip("pyarrow")
    assert isinstance(library_db.evaluate_many(pandas.DataFrame(HANDS)).frame(), pandas.DataFrame)
    assert isinstance(library_db.evaluate_many(pyarrow.table(HANDS)).frame(), pyarrow.Table)
    listed = library_db.evaluate_many(HANDS["cards"]).frame()
    assert isinstance(listed, pandas.DataFrame) and listed["hand_rank"].tolist() == [2072, 1609]


def test_every_result_with_df_has_pl(library_db):
    polars = pytest.importorskip("polars")
    equity = library_db.equity("AhAd", "KhKd").pl()
    assert isinstance(equity, polars.DataFrame) and equity["wins"].to_list() == [1_410_336, 292_660]
    assert library_db.query("select 7 as a, 'x' as b").pl().rows() == [(7, "x")]
    deal = library_db.deal(players=2, seed=2010)
    assert deal.pl()["hand_rank"].to_list() == deal.df()["hand_rank"].tolist()
    assert library_db.simulate(2000, players=2, seed=3).pl().height == 10


# -- by_combo_of: whose range, and a row per combination ---------------------------------------


def test_by_combo_of_breaks_down_the_player_named(library_db):
    result = library_db.equity("QQ", "AKs:0.5,JJ", board="Kh Ts 7c 2d", by_combo_of=2)
    assert result.players[0].by_combo is None and result.players[1].by_combo
    frame = result.by_combo_df()
    assert list(frame.columns) == ["player", "cards", "hand_class", "weight", "deals", "wins", "ties", "equity"]
    assert set(frame["player"]) == {2} and len(frame) == len(result.players[1].by_combo) == 9  # 3 AKs (one blocked by Kh) and 6 JJ
    # each combination a row, adding up to the player's counts
    assert (frame["deals"].sum(), frame["wins"].sum(), frame["ties"].sum()) == (result.deals, result.players[1].wins, result.players[1].ties)
    assert sorted(frame["hand_class"]) == ["AKs"] * 3 + ["JJ"] * 6
    assert frame["equity"].tolist() == sorted(frame["equity"], reverse=True)


def test_by_combo_is_the_old_name(library_db):
    with pytest.warns(DeprecationWarning, match=r"by_combo_of=N"):
        old = library_db.equity("QQ", "AKs:0.5,JJ", board="Kh Ts 7c 2d", by_combo=2)
    assert old.by_combo_records() == library_db.equity("QQ", "AKs:0.5,JJ", board="Kh Ts 7c 2d", by_combo_of=2).by_combo_records()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"by_combo_of": True}, "by_combo_of (a player's number, from 1) must be a whole number, not True"),
        ({"by_combo_of": 3}, "by_combo_of (a player's number, from 1) 3 is out of range: use 1 to 2"),
        ({"by_combo_of": 1, "by_combo": 1}, "by_combo is by_combo_of's old name: give by_combo_of only"),
    ],
)
def test_by_combo_of_refuses_what_is_no_player(library_db, arguments, message):
    from pokersql import BadInput

    with pytest.raises(BadInput) as raised:
        library_db.equity("QQ", "AKs:0.5,JJ", board="Kh Ts 7c 2d", **arguments)
    assert str(raised.value) == message


# -- the range grid: every cell named ------------------------------------------------------------


def test_the_grid_names_every_cell_and_dims_those_out(library_db):
    from rich.console import Console

    from pokersql.range_text import grid_lines

    lines = grid_lines(library_db.range("QQ+,AKs"))
    rows = [line.plain for line in lines[:13]]
    assert rows[0] == "AA █ AKs█ AQs· AJs· ATs· A9s· A8s· A7s· A6s· A5s· A4s· A3s· A2s·"
    assert rows[12].startswith("A2o· K2o·") and rows[12].endswith("22 ·")
    assert all(len(row) == 64 for row in rows)  # 13 cells of 4, a space between
    console = Console(force_terminal=True, color_system="standard", width=200)
    with console.capture() as captured:
        console.print(lines[0], markup=False)
    shown = captured.get()
    assert "\x1b[2mAQs·" in shown and "\x1b[2mAKs" not in shown  # out: dim; in: as it is


def test_the_next_street_labels_each_equity_and_takes_a_range(db_file):
    done = pokersql(db_file, "equity", "AhAd", "KhKd", "--board", "2h 7h Kc", "--next-street")
    assert "The turn: 45 cards can come. Who leads after each, and each player's equity then (P1: player 1's):" in done.stdout
    assert "  A♣ A♠ (2): player 1 leads;  P1 97.73%  P2 2.27%\n" in done.stdout
    # A range is counted deal by deal (049): its street is labelled too; only Monte Carlo is refused.
    ranged = pokersql(db_file, "equity", "AhAd", "QQ+", "--board", "2h 7h Kc", "--next-street")
    assert ranged.returncode == 0, ranged.stderr
    assert "The turn: 47 cards can come. Who is the favourite after each, and each player's equity then (P1: player 1's):" in ranged.stdout
    refused = pokersql(db_file, "equity", "AhAd", "QQ+", "--board", "2h 7h Kc", "--next-street", "--trials", "5000")
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == (
        "pokersql: error: the next street of a range ('QQ+') counts every deal exactly: leave --trials out\n"
    )


# -- short_deck_rank: an unknown rule set is an error naming it ---------------------------------

UNKNOWN_RULE_SET = "short_deck_rank: unknown rule set 'triton': use 'shortdeck' or 'shortdeck-triton'"


def test_short_deck_rank_names_an_unknown_rule_set(db_file):
    import duckdb

    with duckdb.connect(db_file, read_only=True) as connection:
        with pytest.raises(duckdb.InvalidInputException) as raised:
            connection.execute("select short_deck_rank('Ah 6c 7d 8s 9h', 'triton')").fetchall()
        assert str(raised.value) == f"Invalid Input Error: {UNKNOWN_RULE_SET}"
        # a column of hands with one bad rule set among them fails, naming it
        with pytest.raises(duckdb.InvalidInputException, match="unknown rule set 'ShortDeck'"):
            connection.execute(
                "select short_deck_rank(cards, rule_set) from (values ('As 6c 7d 8s 9h', 'shortdeck'), ('As 6c 7d 8s 9h', 'ShortDeck')) as t(cards, rule_set)"
            ).fetchall()
        rows = connection.execute(
            "select short_deck_rank('As 6c 7d 8s 9h', 'shortdeck'), short_deck_rank('As 6c 7d 8s 9h', 'shortdeck-triton'), "
            "short_deck_rank('As 5c 7d 8s 9h', 'shortdeck'), short_deck_rank('As 6c 7d 8s 9h', null)"
        ).fetchall()
        assert rows == [(276, 528, None, None)]  # the known rule sets as before; a bad hand, or no rule set, null


def test_short_deck_rank_names_an_unknown_rule_set_in_the_duckdb_shell(db_file):
    from doc_sessions import shell_program

    done = subprocess.run(
        [shell_program("duckdb"), "-readonly", db_file], input="select short_deck_rank('Ah 6c 7d 8s 9h', 'triton');\n",
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert UNKNOWN_RULE_SET in done.stderr
