"""The edges of equity (issue 21): bad values refused in one line, exact work bounded or
refused, the seed's rule, the answers' types and the library's small conveniences.

The exact counts compared here are pokersql's own, sliced against unsliced: the slices must
add up to the one query's answer (test_equity.py checks that answer against phevaluator).
"""

from __future__ import annotations

import json

import pytest

import pokersql
from pokersql import ranges
from pokersql.cards import parse_cards
from pokersql.errors import BadInput


# -- the command line: exit 2 and one line naming the value ---------------------------------


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["AhAd", "KhKd", "--trials", "1"], "1"),
        (["AhAd", "KhKd", "--board", ","], "','"),
        (["AhAd", "KhKd", "--board", " , "], "' , '"),
        (["AhAd", "KhKd", "--dead", ","], "','"),
        (["AhAd", ""], "hand 2"),
        (["AhAd", "KhKd", "--board", "Ah 2c 3d"], "'Ah': it is in hand 1 and in the board"),
        (["AhAd", "KhKd", "--dead", "Kd"], "'Kd': it is in hand 2 and in the dead cards"),
        (["AhAd", "KhKd", "--board", "2c 3d 4h", "--dead", "3d"], "'3d': it is in the board and in the dead cards"),
        (["AhAd", "KhKd", "--exact", "--seed", "3"], "--seed 3"),
        (["random", "random", "random", "--exact"], "--trials 100000"),
        (["22+,A2+", "22+,K2+", "--exact"], "--trials 100000"),
    ],
)
def test_bad_input_is_one_line_naming_it(run, args, named):
    status, out, err = run("equity", *args)
    assert status == 2, (status, out, err)
    assert out == ""
    assert err.count("\n") == 1 and named in err, err
    assert "Traceback" not in err


def test_no_card_in_the_board_names_the_board(run):
    assert "no card in the board: ','" in run("equity", "AhAd", "KhKd", "--board", ",")[2]
    assert "no card in the dead cards: ','" in run("equity", "AhAd", "KhKd", "--dead", ",")[2]


def test_an_empty_board_is_still_no_board(run):
    status, out, _ = run("equity", "AhAd", "KhKd", "--board", "", "--format", "json")
    assert status == 0 and json.loads(out)["boards"] == 1_712_304


def test_exact_refused_names_the_deals_and_the_trials(run):
    _, _, err = run("equity", "random", "random", "random", "--exact")
    players = [ranges.parse_player("random", n) for n in (1, 2, 3)]
    work = ranges.exact_work(ranges.remove_known(players, set()), [], [], players)
    assert f"{work:,} deals x boards" in err and "--trials 100000" in err


def test_two_trials_give_a_standard_error(run):
    status, out, _ = run("equity", "AhAd", "KhKd", "--trials", "2", "--seed", "3", "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["boards"] == 2
    assert all(isinstance(p["std_error"], float) for p in data["players"])


# -- the seed: used by Monte Carlo, refused with --exact, noted when the answer is exact -----


def test_a_seed_with_an_exact_default_is_noted_on_stderr(run):
    status, out, err = run("equity", "AhAd", "KhKd", "--board", "2c 7d Kc", "--seed", "3", "--format", "json")
    assert status == 0 and json.loads(out)["exact"] is True
    assert "--seed 3 unused" in err


def test_a_seed_with_trials_is_used_and_not_noted(run):
    one = run("equity", "AhAd", "KhKd", "--trials", "500", "--seed", "3", "--format", "json")
    two = run("equity", "AhAd", "KhKd", "--trials", "500", "--seed", "3", "--format", "json")
    assert one[0] == 0 and one[1] == two[1] and json.loads(one[1])["seed"] == 3
    assert "unused" not in one[2]


def test_the_seed_rule_is_in_the_help(run):
    _, out, _ = run("equity", "--help")
    assert "refused with --exact" in out and "unused" in out


# -- exact work: its cost estimated, refused beyond bounds, ranges counted in slices ---------


def test_exact_work_beyond_the_bound_is_refused_before_any_query(db, monkeypatch):
    db.ensure_ready()  # the session's first use of db checks its migrations: not an equity query
    execute = db.engine.execute

    def no_equity_query(sql, *args, **kwargs):
        assert "preflop_matchups" in sql, f"a query ran: {sql}"  # only: is the preflop table filled?
        return execute(sql, *args, **kwargs)

    monkeypatch.setattr(db.engine, "execute", no_equity_query)
    with pytest.raises(BadInput, match="deals x boards"):
        db.equity("22+,A2+", "22+,K2+", exact=True)


def test_the_default_picks_monte_carlo_where_exact_is_refused(db, monkeypatch):
    monkeypatch.setattr(ranges, "DEFAULT_TRIALS", 300)
    result = db.equity("random", "random", "random", seed=5)
    assert result.exact is False and result.boards == 300


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (("AhKh", "TT+", "87s,98s"), "Jh 8h 2c", "7h 9d"),
        (("QQ+,AK", "TT+,AQ+"), "2c 7d Kc 5s", ""),
    ],
)
def test_exact_ranges_in_slices_add_up_to_one_query(db, hands, board, dead):
    players = [ranges.parse_player(hand, n) for n, hand in enumerate(hands, start=1)]
    board_cards, dead_cards = parse_cards(board), parse_cards(dead) if dead else []
    live = ranges.remove_known(players, set(board_cards) | set(dead_cards))
    answers = []
    work = ranges.exact_work(live, board_cards, dead_cards)
    for slice_work in (10**15, work // 4):  # one query; then four or five
        given = {"board_input": [(c,) for c in board_cards], "dead_input": [(c,) for c in dead_cards]}
        with db.engine.inputs(**given) as give:
            answers.append(ranges.exact_range_equity(db.engine, give, players, live, slice_work).to_dict())
    assert answers[0] == answers[1]
    assert answers[0]["deals"] > 0


def test_the_engines_declare_their_costs():
    from pokersql.engines import ENGINES

    for engine in ENGINES.values():
        costs = engine.equity_costs
        assert costs.exact_start > 0 and costs.exact_per_work > 0 and costs.trial > 0
        assert costs.slice_trials > 0 and costs.slice_work > 0


def test_the_small_range_case_is_exact_by_default_everywhere(db):
    # SQLite took 60 s by Monte Carlo, 6.7 s exact; PostgreSQL past 17 minutes, against 8 s.
    result = db.equity("AhKh", "TT+", "87s,98s", board="Jh 8h 2c", dead="7h 9d")
    assert result.exact is True and result.deals == 86_100


# -- the answers' types and the library's conveniences ----------------------------------------


def test_exact_range_answers_are_python_numbers(db):
    data = db.equity("AhKh", "TT+", "87s,98s", board="Jh 8h 2c", dead="7h 9d", exact=True).to_dict()
    for player in data["players"]:
        assert type(player["equity"]) is float
        assert all(type(player[key]) is int for key in ("combos", "wins", "ties"))


def test_equity_result_has_a_data_frame(db):
    import pandas
    frame = db.equity("AhAd", "KhKd", board="2c 7d Kc").df()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame["wins"]) == [p.wins for p in db.equity("AhAd", "KhKd", board="2c 7d Kc").players]
    assert {"hand", "combos", "wins", "ties", "equity"} <= set(frame.columns)


def test_database_repr_names_engine_path_hands_and_read_only(built_database, engine_name):
    path = built_database(engine_name)
    with pokersql.connect(path, engine=engine_name) as db:
        text = repr(db)
        assert engine_name in text and path in text and "hands=built" in text and "read_only=False" in text
    assert "closed" in repr(db)
    with pokersql.connect(path, engine=engine_name, read_only=True) as db:
        assert "read_only=True" in repr(db)
    with pokersql.connect(engine=engine_name) as db:
        assert "in memory" in repr(db) and "hands=not built" in repr(db)
