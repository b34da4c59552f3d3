"""`pokersql pql`: the parser's refusals, the output, --sql run as printed by the DuckDB
shell, Monte Carlo, weights, and PQL against `pokersql equity` / `odds` on the same spots."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from pokersql.errors import BadInput
from pokersql.pql import plan
from pokersql.pql.parser import parse

FLOP = "from game='holdem', hero='AhKh', villain='QQ+,AKs', board='Ks7d2c'"


def pql_json(run, query, *options):
    status, out, err = run("pql", query, "--format", "json", *options)
    assert status == 0, err
    return json.loads(out)


@pytest.mark.parametrize(
    ("query", "token", "position"),
    [
        ("select avg(riverequity(hero) from hero='AhKh'", "'from'", 30),
        ("select avg(x) form hero='AhKh'", "'form'", 15),
        ("select sum(x) from hero='AhKh'", "'sum'", 8),
        ("select count(pairedboard(flop)) from board='AhAc2d' where", "end of query", 58),
        ("select count(1 = 1) from hero='AhKh' $", "'$'", 38),
    ],
)
def test_a_query_that_cannot_be_read_names_the_token_and_position(run, query, token, position):
    status, out, err = run("pql", query)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert token in err and f"position {position}" in err, err


def test_function_names_are_case_insensitive_and_statements_split_on_semicolons():
    statements = parse("SELECT Avg(RiverEquity(hero)) AS eq from hero='AhKh', villain='QQ'; select count(PairedBoard(flop)) from board='AhAd2c'")
    assert [s.selectors[0].expression.value for s in statements] == ["riverequity", "pairedboard"]
    assert statements[0].selectors[0].alias == "eq"


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("select count(boardinrange('AA?')) from hero='AhKh', board='AhKd2c'", "board range 'AA?' at character 3"),
        ("select avg(nuthiouts(hero, river)) from hero='AhKh', board='AhKd2c'", "give flop or turn"),
        ("select avg(handtype(hero, flop)) from hero='AhKh'", "type error"),
        ("select count(riverequity(hero)) from hero='AhKh', villain='QQ'", "type error"),
        ("select count(pairedboard(flop)) from board='AhAcKd' where 1 + 1", "type error"),
        ("select count(pairedboard(flop)) from board='AhAcKd' where not pairedboard(flop)", "no deal"),
        ("select count(winshi(villain)) from hero='AhKh'", "not a player"),
        ("select count(pairedboard(flop)) from game='badugi'", "a low draw game: PQL's draw games are not built yet"),
        ("select avg(riverequity(hero)) from hero='AhKh', villain='KhKd'", "hero and villain both hold 'Kh'"),
        ("select count(pairedboard(flop)) from game='shortdeck', board='2c3d4h'", "no card '2c'"),
    ],
)
def test_refusals_are_one_line_exit_2(run, query, message):
    status, out, err = run("pql", query)
    assert status == 2 and out == "", out
    assert message in err, err
    assert len(err.strip().splitlines()) == 1, err


def test_text_output_is_open_pql_lines_then_the_trials(run):
    status, out, err = run("pql", f"select avg(riverequity(hero)), count(winshi(villain)) as villain_wins {FLOP}")
    assert status == 0, err
    assert out.splitlines() == ["AVG 0 = 0.5573232323232323", "villain_wins 1 = 12408", "23760 trials (exact)"]


def test_json_output_ratings_hand_types_and_histograms(run):
    answer = pql_json(run, f"select max(hirating(hero, river)), min(handtype(villain, flop)), histogram(handtype(hero, flop)) {FLOP}")
    assert answer["game"] == "holdem" and answer["exact"] is True and answer["trials"] == 23760
    values = [r["value"] for r in answer["results"]]
    assert values[0].startswith("QUADS(K") and values[1] == "PAIR"
    assert values[2] == [{"value": "PAIR", "count": 23760}]
    assert [r["aggregate"] for r in answer["results"]] == ["max", "min", "histogram"]


def test_equity_on_the_flop_is_the_mean_share_over_the_runouts(run):
    answer = pql_json(run, f"select avg(equity(hero, flop)), count(min_equity(hero, flop, 0.5)), avg(riverequity(hero)) {FLOP}")
    flop_equity, above_half, river_equity = (r["value"] for r in answer["results"])
    assert flop_equity == pytest.approx(river_equity, abs=1e-12)
    assert 0 < above_half < answer["trials"]


def test_the_winning_hand_type_alone_reads_the_river(run):
    """winninghandtype() names no street: the board it rates is dealt all the same (it was read
    as no board at all, every hand HIGH_CARD, when nothing else in the query read the river)."""
    alone = pql_json(run, f"select histogram(winninghandtype()) {FLOP}")
    beside = pql_json(run, f"select histogram(winninghandtype()), count(winshi(hero)) {FLOP}")
    assert alone["trials"] == beside["trials"]
    assert alone["results"][0]["value"] == beside["results"][0]["value"]
    assert len(alone["results"][0]["value"]) > 2


def test_weighted_ranges_count_weighted_deals(run):
    weighted = pql_json(run, "select avg(riverequity(hero)), count(winshi(hero)) from hero='AhKh', villain='QQ:0.5,JJ', board='2c7d9s'")
    assert weighted["trials"] == pytest.approx((3 + 6) * 990 * 2)
    qq = pql_json(run, "select avg(riverequity(hero)) from hero='AhKh', villain='QQ', board='2c7d9s'")["results"][0]["value"]
    jj = pql_json(run, "select avg(riverequity(hero)) from hero='AhKh', villain='JJ', board='2c7d9s'")["results"][0]["value"]
    assert weighted["results"][0]["value"] == pytest.approx((qq * 3 + jj * 6) / 9, abs=1e-12)


def test_past_the_budget_or_with_trials_a_seeded_monte_carlo(run):
    # pocketpair(): not an equity `pokersql equity`'s tally counts (test_pql_tally.py), so deal by deal
    query = "select avg(riverequity(hero)), count(pocketpair(villain)) from hero='AhKh', villain='*'"
    first = pql_json(run, query)
    assert first["exact"] is False and first["seed"] is not None and 50_000 < first["trials"] <= 60_000
    assert first["results"][0]["value"] == pytest.approx(0.67, abs=0.01)
    assert pql_json(run, query) == first
    other = pql_json(run, query, "--trials", "2000", "--seed", "7")
    assert other["seed"] == 7 and other["trials"] <= 2000
    exact = pql_json(run, f"select avg(riverequity(hero)) {FLOP}")
    sampled = pql_json(run, f"select avg(riverequity(hero)) {FLOP}", "--trials", "20000")
    assert sampled["exact"] is False and sampled["results"][0]["value"] == pytest.approx(exact["results"][0]["value"], abs=0.02)


def test_several_statements_answer_in_order(run):
    status, out, err = run("pql", "select count(pairedboard(flop)) from board='AhAd2c'; select count(pairedboard(flop)) from board='AhKd2c'")
    assert status == 0, err
    first, second = out.strip().split("\n\n")
    assert first.splitlines()[0] == "COUNT 0 = 2352" and second.splitlines()[0] == "COUNT 0 = 0"


def _duckdb_shell() -> str | None:
    found = Path(sys.executable).with_name("duckdb")
    return str(found) if found.exists() else shutil.which("duckdb")


def test_the_printed_sql_runs_as_printed_in_the_duckdb_shell(run, db_file):
    query = f"select avg(riverequity(hero)), count(handtype(hero, flop) = pair), histogram(handtype(villain, river)) {FLOP}"
    status, out, err = run("pql", "--sql", query)
    assert status == 0, err
    assert "'QQ" not in out and "from deals" in out.lower()
    shell = _duckdb_shell()
    if shell is None:
        import duckdb

        rows = duckdb.connect(db_file, read_only=True).execute(out.rstrip().rstrip(";")).fetchall()
        assert rows[0][0] == 23760
        return
    done = subprocess.run([shell, "-readonly", "-csv", db_file], input=out, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    header, row = done.stdout.strip().splitlines()[:2]
    assert header.startswith("trials,selector_0") and row.startswith("23760,0.557323232323232")


def test_the_plan_is_exact_within_the_budget_and_sampled_past_it():
    assert plan(f"select avg(riverequity(hero)) {FLOP}")[0].trials is None
    assert plan(f"select avg(riverequity(hero)) {FLOP}", exact_budget=100, tally=False)[0].trials == 60_000


# PQL and pokersql's own commands on the same spots: the same numbers.
EQUITY_SPOTS = [
    ("holdem", ["AhKh", "QQ+,AKs"], "Ks7d2c"),
    ("holdem", ["AsKs", "7h7c"], "Qs8s2d3h"),
    ("holdem", ["JcTc", "AA,KK", "9h9d"], "8c7d2h"),
    ("omaha", ["AhKhQsJs", "7c7d8c9d"], "2h5s9s"),
    ("omaha", ["AsAhKdQd", "JcTc9h8h"], "2s7c9d4h"),
    ("omaha5", ["AsAhKdQd2c", "JcTc9h8h3c"], "2s7c9d"),
    ("omaha6", ["AhAdKhKd2c3c", "QsQhJsJh9s8s"], "Ks7d2h"),  # a game of the registry Open PQL lacks
    ("shortdeck", ["AhKh", "QsQd"], "Th9h6c"),
    ("shortdeck-triton", ["7s7d", "9c8c"], "7h6sTd"),  # pokersql's second short deck ranking
]


@pytest.mark.parametrize(("game", "players", "board"), EQUITY_SPOTS)
def test_pql_equity_is_pokersql_equity(run, game, players, board):
    names = ["hero", "villain", "p3"][: len(players)]
    given = ", ".join(f"{n}='{p}'" for n, p in zip(names, players))
    query = f"select {', '.join(f'avg(riverequity({n}))' for n in names)} from game='{game}', {given}, board='{board}'"
    answer = pql_json(run, query)
    assert answer["exact"] is True
    args = ["equity", *players, "--format", "json", "--exact"] + (["--board", board] if board else []) + (["--game", game] if game != "holdem" else [])
    status, out, err = run(*args)
    assert status == 0, err
    expected = [p["equity"] for p in json.loads(out)["players"]]
    assert [r["value"] for r in answer["results"]] == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(
    ("hero", "street", "event", "pql", "board"),
    [
        ("QQ+,AKs", "flop", "three of a kind or better", "minhandtype(hero, flop, trips)", ""),
        ("Ah Kh", "turn", "flush or better", "minhandtype(hero, turn, flush)", "Qh7h"),
        ("88", "river", "full house or better", "minhandtype(hero, river, fullhouse)", "8c7d2h"),
        ("76s", "flop", "straight", "exacthandtype(hero, flop, straight)", ""),
    ],
)
def test_pql_counts_are_pokersql_odds(run, hero, street, event, pql, board):
    status, out, err = run("odds", "--hero", hero, "--street", street, event, "--format", "json", *(["--board", board] if board else []))
    assert status == 0, err
    odds = json.loads(out)
    answer = pql_json(run, f"select count({pql}) from hero='{hero.replace(' ', '')}', board='{board}'")
    assert answer["results"][0]["value"] / answer["trials"] == pytest.approx(odds["count"] / odds["deals"], abs=1e-12)


def test_a_bad_card_in_a_function_is_bad_input():
    with pytest.raises(BadInput, match="position"):
        plan("select count(rivercard() = tocard('Zz')) from board='AhKd2c'")


def test_database_pql_gives_the_answers_as_objects(db_file):
    import pokersql

    with pokersql.connect(db_file) as db:
        answer, = db.pql(f"select avg(riverequity(hero)) as eq {FLOP}")
    assert answer.exact and answer.trials == 23760 and answer.results[0].alias == "eq"
    assert answer.results[0].value == pytest.approx(0.5573232323232323, abs=1e-12)


def test_an_exact_average_is_the_exact_fraction_to_the_last_digit(run):
    """Summed exactly (decimals, not doubles added in the threads' order): the mean of the flop's
    equities and of the river's shares is the fraction that `pokersql equity` counts, its nearest
    double, the same digits on every run."""
    status, out, err = run("equity", "AhKh", "QQ+,AKs", "--board", "Ks7d2c", "--format", "json")
    assert status == 0, err
    counted = json.loads(out)
    hero = counted["players"][0]
    exact = float(Fraction(2 * hero["wins"] + hero["ties"], 2 * counted["deals"]))
    answer = pql_json(run, "select avg(equity(hero, flop)), avg(riverequity(hero)) from game='holdem', hero='AhKh', villain='QQ+,AKs', board='Ks7d2c'")
    assert [r["value"] for r in answer["results"]] == [exact, exact]


def test_open_pql_suit_variables_w_to_z_are_ranges(run):
    """Open PQL writes suited AK as AwKw (its suit variables are w, x, y, z): the same answer as AKs."""
    query = "select avg(riverequity(hero)) from game='holdem', hero='{}', villain='QQ', board='Ks7d2c'"
    assert pql_json(run, query.format("AwKw")) == pql_json(run, query.format("AKs"))


@pytest.mark.parametrize(
    "query",
    [
        # an Omaha range of macros and weights: its hands and weights one text in SQL (500 or more)
        "select avg(riverequity(hero)), count(winshi(villain)) from game='omaha', hero='AA:$ds@100, KK:$ds@25, [QQ+]$B@5', villain='JdTd9c8c', board='Ks7s5hQh2c'",
        "select avg(riverequity(hero)), count(winslo(hero)) from game='courchevel8', hero='AhAd2c3cKs', villain='KhKd4d5d9s', board='4h7s9c'",
    ],
)
def test_the_printed_sql_of_new_ranges_and_games_runs_as_printed(run, db_file, query):
    """The --sql of a weighted Omaha range and of Courchevel, run by the DuckDB shell (or DuckDB's
    Python client), gives the answer pokersql prints."""
    status, out, err = run("pql", "--format", "json", query)
    assert status == 0, err
    expected = json.loads(out)
    status, sql_text, err = run("pql", "--sql", query)
    assert status == 0, err
    shell = _duckdb_shell()
    if shell is None:
        import duckdb

        row = duckdb.connect(db_file, read_only=True).execute(sql_text.rstrip().rstrip(";")).fetchall()[0]
    else:
        done = subprocess.run([shell, "-readonly", "-csv", "-noheader", db_file], input=sql_text, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        row = [float(v) for v in done.stdout.strip().splitlines()[0].split(",")]
    assert row[0] == expected["trials"]
    assert row[1] == pytest.approx(expected["results"][0]["value"], abs=1e-12)
    assert row[2] == expected["results"][1]["value"]
