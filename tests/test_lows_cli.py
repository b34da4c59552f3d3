"""eval --game and compare --game of the split-pot and lowball games (issue 47), through the
real CLI on DuckDB and SQLite files: the low's rank, each half's winners and the pot's parts,
and bad input (exit 2, one line naming the value, the database file unchanged)."""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import pytest

import pokersql
from pokersql import lows
from pokersql.cli import main
from pokersql.errors import BadInput

ENGINES = ("duckdb", "sqlite")


@pytest.fixture(scope="module", params=ENGINES)
def cli(request, built_database):
    path = built_database(request.param)

    def run(*args: str, capsys=None) -> tuple[int, str, str]:
        status = main(["--db", path, "--engine", request.param, *args])
        captured = run.capsys.readouterr()
        return status, captured.out, captured.err

    run.path = path
    run.engine = request.param
    return run


@pytest.fixture
def run(cli, capsys):
    cli.capsys = capsys
    return cli


def eight_or_better_rank(values: list[int]) -> int:
    """The low's place among the 56 eight-or-better lows (ace 1), counted here: the lows
    ordered by their values from the highest down, the lower first."""
    ordered = sorted(combinations(range(1, 9), 5), key=lambda low: sorted(low, reverse=True))
    return ordered.index(tuple(sorted(values))) + 1


def test_eval_gives_the_high_and_the_low(run):
    status, out, err = run("eval", "--game", "omaha8", "As", "2s", "Kd", "Qd", "--board", "3c 4h 8d 9s Th", "--format", "json")
    assert (status, err) == (0, "")
    answer = json.loads(out)
    assert answer["low_rank"] == eight_or_better_rank([8, 4, 3, 2, 1]) == 22
    assert answer["hand_rank"] == 6266  # A-K-T-9-8 high, hand_rank 6,266 of 7,462 (the standard ranking)
    status, out, _ = run("eval", "--game", "omaha8", "Ks", "Qs", "Kd", "Qd", "--board", "3c 4h 8d 9s Th", "--format", "json")
    assert json.loads(out)["low_rank"] is None  # no two hole cards of 8 or lower


def test_razz_counts_pairs_against_the_hand_and_hand_rank_is_the_low(run):
    status, out, _ = run("eval", "--game", "razz", "As", "As".replace("s", "d"), "2c", "3h", "4s", "Kd", "Kc", "--format", "json")
    answer = json.loads(out)
    # A A 2 3 4 K K: the best five is K-4-3-2-A (no pair), the 1,287 - ... place counted below
    no_pair = sorted(combinations(range(1, 14), 5), key=lambda low: sorted(low, reverse=True))
    assert answer["low_rank"] == answer["hand_rank"] == no_pair.index((1, 2, 3, 4, 13)) + 1
    status, out, _ = run("eval", "--game", "razz", "As", "Ad", "2c", "2h", "3s", "3d", "4c", "--format", "json")
    # four distinct values only: the best low holds a pair (A-A-4-3-2), after all 1,287 no-pair lows
    assert json.loads(out)["low_rank"] == 1287 + 1


def shares(out: str) -> list[tuple[float, float, float]]:
    return [(h["high_share"], h["low_share"], h["share"]) for h in json.loads(out)["hands"]]


def test_compare_quarters_and_scoops(run):
    board = "3c 4h 8d 9s Th"
    # both hold A-2 for the same low (8-4-3-2-A); the first's trip nines win the high: 3/4 and 1/4
    status, out, _ = run("compare", "--game", "omaha8", "As 2s 9c 9h", "Ah 2h Kc Qc", "--board", board, "--format", "json")
    assert status == 0
    assert shares(out) == [(0.5, 0.25, 0.75), (0.0, 0.25, 0.25)]
    # no hand has a low (two of the board's cards only are 8 or lower): the high scoops
    status, out, _ = run("compare", "--game", "omaha8", "As 2s 9c 9h", "Ah 2h Kc Qc", "--board", "Kd Qh 8s 9d 2c", "--format", "json")
    assert shares(out) == [(1.0, 0.0, 1.0), (0.0, 0.0, 0.0)]
    # stud hi-lo: the wheel wins both halves (a straight, and the best low)
    status, out, _ = run("compare", "--game", "stud8", "As 2s 3d 4d 5c Kh Kd", "Ah 2h 3c 4c 6d Qs Qd", "--format", "json")
    assert shares(out) == [(0.5, 0.5, 1.0), (0.0, 0.0, 0.0)]
    # 2-7: the ace is high and a straight counts: 7-5-4-3-2 beats 8-6-5-4-3 and 6-5-4-3-2 (a straight)
    status, out, _ = run("compare", "--game", "deuce-to-seven", "7s 5d 4c 3h 2s", "8s 6d 5c 4h 3s", "6c 5h 4d 3c 2d", "--format", "json")
    assert [h["share"] for h in json.loads(out)["hands"]] == [1.0, 0.0, 0.0]
    # badugi: four cards of four suits beat three; two equal badugis split the pot
    status, out, _ = run("compare", "--game", "badugi", "Kc Qd Jh Ts", "Ac 2d 3h 3s", "Kd Qc Jh Ts".replace("Jh", "Js").replace("Ts", "Th"), "--format", "json")
    assert [h["share"] for h in json.loads(out)["hands"]] == [0.5, 0.0, 0.5]


def file_state(run) -> bytes:
    return Path(run.path).read_bytes()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("eval", "--game", "stud", "As", "2s", "3d", "4d", "5c", "Kh", "Kd", "--board", "2c"), "stud: a board is not dealt in stud, got --board 2c"),
        (("eval", "--game", "razz", "As", "2s", "3d"), "razz: the hand needs 5 to 7 cards, got 3: As 2s 3d"),
        (("eval", "--game", "badugi", "As", "2s", "3d", "4c", "5h"), "badugi: the hand needs 4 cards, got 5: As 2s 3d 4c 5h"),
        (("eval", "--game", "omaha8", "As", "2s", "3d", "--board", "5c 6c 7c"), "omaha8: the hand needs 4 cards, got 3: As 2s 3d"),
        (("eval", "--game", "omaha8", "As", "2s", "3d", "4d", "--board", "5c 6c"), "omaha8: the board needs 3 to 5 cards, got 2: 5c 6c"),
        (("compare", "--game", "omaha8", "As 2s 3d 4d", "As Kh Kd 9c", "--board", "5c 6c 7c"), "duplicate card 'As': it is in hand 1 and in hand 2"),
        (("eval", "--game", "omaha5-8", "As", "2s", "3d", "4d", "5d", "--board", "5d 6c 7c"), "duplicate card '5d': it is in the hand and in the board"),
    ],
)
def test_bad_input_is_exit_2_one_line(run, args, message):
    before = file_state(run)
    status, out, err = run(*args)
    assert (status, out) == (2, "")
    assert err == f"pokersql: error: {message}\n"
    assert file_state(run) == before


def test_a_low_asked_of_a_high_only_game_is_bad_input(run):
    with pokersql.connect(run.path, engine=run.engine) as database:
        with pytest.raises(BadInput, match=r"^game 'omaha' has no low: it is a high-only game \(games with a low: omaha8, "):
            lows.evaluate(database.context, "omaha", "As 2s 3d 4d", "5c 6c 7c")
