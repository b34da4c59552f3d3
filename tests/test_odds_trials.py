"""`odds --hero ... --trials N`: where counting every board is past the bound, boards are
sampled (seeded, in SQL: odds_trial_boards, 060) and each counted with every combination of
the range that misses it. Checked against the exact count, by the boards it deals, and on
SQLite."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

import pokersql
from pokersql import monte_carlo
from pokersql.cli import main


def ask(run, *args: str) -> dict:
    status, out, err = run("odds", *args, "--format", "json", "-q")
    assert status == 0, err
    return json.loads(out)


@pytest.mark.parametrize("question", [
    ["--hero", "QQ+,AKs", "--street", "flop", "set or better"],
    ["--hero", "Ah Kh", "--street", "turn", "flush draw"],
    ["--hero", "random", "--board", "Ah 7c 2d", "--street", "river", "two pair or better"],
])
def test_monte_carlo_is_within_four_standard_errors_of_the_exact_count(run, question):
    exact = ask(run, *question)
    sampled = ask(run, *question, "--trials", "4000", "--seed", "7")
    assert exact["exact"] is True and sampled["exact"] is False
    assert sampled["trials"] == 4000 and sampled["seed"] == 7 and 0 < sampled["std_error"] < 0.05
    assert abs(sampled["probability"] - exact["probability"]) < 4 * sampled["std_error"], (sampled, exact)
    assert Fraction(sampled["fraction"]) == Fraction(sampled["count"], sampled["deals"])


def test_the_same_seed_gives_the_same_answer_and_another_seed_another(run):
    question = ["--hero", "88", "--street", "flop", "set", "--trials", "500"]
    first, again = ask(run, *question, "--seed", "1"), ask(run, *question, "--seed", "1")
    assert first == again
    assert ask(run, *question, "--seed", "2")["count"] != first["count"]
    assert ask(run, *question)["seed"] == ask(run, *question)["seed"]  # from the question


def test_the_trials_deal_boards_of_the_cards_left(db_file):
    """Each trial's river misses the board and the dead cards, holds the board, and its flop
    and turn are the first of its cards: 300 trials, 300 rows a size."""
    with pokersql.connect(db_file, engine="duckdb") as database:
        engine = database.engine
        card_id = dict(engine.execute("select name, card_id from cards"))
        bit = dict(engine.execute("select card_id, card_bit from cards"))
        board, dead = [card_id["Ah"], card_id["7c"]], [card_id["2d"]]
        with engine.inputs(board_input=[(c,) for c in board], dead_input=[(c,) for c in dead],
                           deal_settings=[monte_carlo.deal_settings(9, 1, 300)]):
            rows = engine.execute("select cards_to_come, card_mask from odds_trial_boards where cards_to_come in (1, 2, 3)")
    by_size: dict[int, list[int]] = {}
    for size, mask in rows:
        by_size.setdefault(size, []).append(mask)
    assert {size: len(masks) for size, masks in by_size.items()} == {1: 300, 2: 300, 3: 300}
    known = sum(bit[c] for c in board)
    for mask in by_size[3]:
        assert mask & known == known and bin(mask).count("1") == 5 and not mask & bit[dead[0]]
    assert len(set(by_size[3])) > 250  # boards differ from trial to trial
    turns = set(by_size[2])
    assert all(any(turn & river == turn for turn in turns) for river in by_size[3][:50])


def test_a_histogram_of_sampled_boards_shares_add_up_to_one(run):
    answer = ask(run, "--hero", "random", "--street", "turn", "--histogram", "--trials", "300", "--seed", "4")
    for street in ("flop", "turn"):
        shares = [row["share"] for row in answer["histogram"] if row["street"] == street]
        assert sum(shares) == pytest.approx(1.0)


def test_the_bound_offers_trials_and_a_seed_needs_them(run, db_file):
    before = Path(db_file).read_bytes()
    status, out, err = run("odds", "--hero", "random", "--street", "river", "flush")
    assert status == 2 and "give a board or a narrower range, or --trials N" in err and err.count("\n") == 1
    status, out, err = run("odds", "--hero", "88", "--street", "flop", "set", "--seed", "3")
    assert status == 2 and "--seed 3" in err and err.count("\n") == 1
    assert Path(db_file).read_bytes() == before
    assert comb(50, 3) == 19600  # the exact flop count the first question's sample stands for


@pytest.mark.parametrize("engine", ["sqlite", pytest.param("postgres", marks=pytest.mark.xdist_group("postgres"))])
def test_sqlite_and_postgres_sample_as_duckdb(run, built_database, request, capsys, engine):
    question = ["odds", "--hero", "QQ+,AKs", "--street", "turn", "set or better", "--trials", "200", "--seed", "3"]
    duck = ask(run, *question[1:])
    where = request.getfixturevalue("pg_url") if engine == "postgres" else built_database("sqlite")
    assert main(["--engine", engine, "--db", where, *question, "--format", "json", "-q"]) == 0
    assert json.loads(capsys.readouterr().out) == duck
