"""docs/contract.md's JSON shapes are what the CLI writes: each shape the contract gives is
parsed, and the real command's `--format json` output must have those keys with those types.

The contract writes its shapes with placeholders (`"seed": S`, `"cards": [...]`, `, ...` for
more of the same); PLACEHOLDERS below gives each letter the type the contract's prose gives it.
The page is the project's living copy (started from the shared CONTRACT.md): nothing here reads
anything outside the repository.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

CONTRACT = Path(__file__).resolve().parents[1] / "docs" / "contract.md"

# The contract's placeholder letters and what they stand for.
PLACEHOLDERS = {
    "S": 0,  # a seed
    "N": 0,  # deals
    "P": 0,  # players
    "p": 0,  # points
    "r": 0,  # hand_rank
    "k": 0,  # a place, a count of combinations
    "n": 0,  # a count
    "w": 0,  # wins
    "t": 0,  # ties
    "d": 0,  # deals
    "c": "category",
    "x": 0.5,  # a probability
    "z": 0.5,  # a z-score
    "e": 0.5,  # an equity
    "s": 0.5,  # a standard error
    "h": "1",  # a hand id or a player, as a CSV file has it
}
CARD = re.compile(r"^(?:[2-9TJQKA][shdc])$")


def contract_shapes(text: str) -> dict[str, dict]:
    """command -> the JSON shape of its bullet under "JSON shapes", placeholders made values."""
    section = text.split("JSON shapes", 1)[1].split("\n\n", 1)[0]
    bullets = re.split(r"\n- ", section)[1:]
    shapes = {}
    for bullet in bullets:
        joined = " ".join(line.strip() for line in bullet.splitlines())
        command = re.match(r"`(\w+(?: --file)?(?: --game \w+)?)`:", joined).group(1)
        shape = re.search(r"`(\{.*?\})`", joined).group(1)
        shape = re.sub(r"\[\.\.\.\d*\]", '["As"]', shape)  # a list of cards
        shape = re.sub(r"\[indexes from 1\]", "[1]", shape)
        shape = shape.replace(", ...", "")  # more of the same
        shape = re.sub(r"(?<![\"\w])N\*P(?![\"\w])", "N", shape)
        shape = re.sub(r"(?<![\"\w])([A-Za-z])(?![\"\w])", lambda m: json.dumps(PLACEHOLDERS[m.group(1)]), shape)
        shapes[command] = json.loads(shape)
    return shapes


SHAPES = contract_shapes(CONTRACT.read_text(encoding="utf-8"))


def check(actual, shape, where: str = "$") -> None:
    """actual has every key of shape, each value of its type (lists: every element)."""
    if isinstance(shape, dict):
        assert isinstance(actual, dict), f"{where}: {actual!r} is not an object"
        for key, value in shape.items():
            assert key in actual, f"{where}: no key {key!r} in {sorted(actual)}"
            check(actual[key], value, f"{where}.{key}")
    elif isinstance(shape, list):
        assert isinstance(actual, list) and actual, f"{where}: {actual!r} is not a non-empty list"
        for index, item in enumerate(actual):
            check(item, shape[0], f"{where}[{index}]")
    elif isinstance(shape, bool):
        assert isinstance(actual, bool), f"{where}: {actual!r} is not a boolean"
    elif isinstance(shape, int):
        assert isinstance(actual, int) and not isinstance(actual, bool), f"{where}: {actual!r} is not an integer"
    elif isinstance(shape, float):
        assert isinstance(actual, float), f"{where}: {actual!r} is not a number with a fraction"
    elif shape == "h|null":  # a string, or null
        assert actual is None or isinstance(actual, str), f"{where}: {actual!r} is not a string or null"
    else:
        assert isinstance(actual, str), f"{where}: {actual!r} is not a string"
        if shape == "As":
            assert CARD.match(actual), f"{where}: {actual!r} is not a card in canonical text"


def test_the_contract_gives_a_shape_for_every_json_command():
    assert set(SHAPES) == {"eval", "deal", "compare", "freq", "simulate", "equity", "showdown", "import", "history", "stats", "report", "range", "arrange",
                           "odds", "showdown --game split", "eval --file --game split", "freq --game split", "deal --game chinese", "deal --game split", "pql"}
    assert SHAPES["deal --game chinese"]["pairs"][0]["players"] == [1, 2]
    assert SHAPES["deal"]["players"][0]["cards"] == ["As"]
    assert SHAPES["equity"]["players"][0]["std_error"] == 0.5


def test_the_checker_refuses_a_wrong_type_and_a_missing_key():
    with pytest.raises(AssertionError, match="not an integer"):
        check({"hand_rank": "1"}, {"hand_rank": 0})
    with pytest.raises(AssertionError, match="no key 'best'"):
        check({"cards": ["Ah"]}, {"cards": ["As"], "best": ["As"]})
    with pytest.raises(AssertionError, match="not a card"):
        check(["A♥"], ["As"])


COMMANDS = {
    "eval": ["eval", "Ah", "Kh", "Qh", "Jh", "Th", "9c", "2d"],
    "deal": ["deal", "--players", "6", "--seed", "2010"],
    "compare": ["compare", "Ah Kh", "Qs Qd", "--board", "2c 7d 9s Jh Th"],
    "freq": ["freq"],
    "simulate": ["simulate", "--deals", "2000", "--players", "3", "--seed", "7"],
    "range": ["range", "QQ+,AKs:0.5,AxKy@25"],
    "arrange": ["arrange", "As Ks Qs Js Ts 9h 9d 9c 5h 5d 3c 2c 2d", "--top", "2"],
    "odds": ["odds", "--hero", "Ah Kh", "--board", "Qh Jc", "--dead", "2h", "--street", "turn", "flush draw"],
    "deal --game chinese": ["deal", "--game", "chinese", "--players", "3", "--seed", "2010", "--royalties"],
    "deal --game split": ["deal", "--game", "omaha8", "--players", "2", "--seed", "2"],  # both players have a low
    "pql": ["pql", "select avg(riverequity(hero)) from hero='AhKh', villain='QQ', board='2c7d9s'"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_json_output_has_the_contract_shape(run, command):
    status, out, err = run(*COMMANDS[command], "--format", "json")
    assert status == 0, err
    check(json.loads(out), SHAPES[command])


def equity_shape(actual: dict, monte_carlo: bool) -> None:
    shape = json.loads(json.dumps(SHAPES["equity"]))
    player = shape["players"][0]
    if not monte_carlo:
        del player["std_error"]  # "std_error only in Monte Carlo mode"
    for index, seat in enumerate(actual["players"]):
        expected = dict(player)
        if "range" in seat:  # "a player given as a range or random has range instead of hand"
            del expected["hand"]
            expected["range"] = "QQ+,AKs"
        check(seat, expected, f"$.players[{index}]")
        assert ("std_error" in seat) == monte_carlo, seat
    check(actual, {key: value for key, value in shape.items() if key != "players"})
    assert actual["exact"] is not monte_carlo


@pytest.mark.parametrize(
    "arguments, monte_carlo, ranges",
    [
        (["AhAd", "KhKd", "--board", "2c 7d Kc"], False, False),
        (["AhAd", "QQ+,AKs", "--board", "2c 7d Kc"], False, True),
        (["AhAd", "random", "7c8c", "--trials", "3000", "--seed", "5"], True, True),
        (["AhAd", "KhKd", "--trials", "3000", "--seed", "5"], True, False),
        (["--game", "omaha", "random", "AhAdKsQc", "--board", "2c 7d Kc", "--trials", "2000", "--seed", "5"], True, True),
        (["--game", "shortdeck", "AsKs", "random", "--board", "6c 7d 9s", "--exact"], False, True),
    ],
    ids=["exact", "exact-range", "monte-carlo-range", "monte-carlo", "omaha-random", "shortdeck-random-exact"],
)
def test_equity_json_has_the_contract_shape(run, arguments, monte_carlo, ranges):
    status, out, err = run("equity", *arguments, "--format", "json")
    assert status == 0, err
    actual = json.loads(out)
    equity_shape(actual, monte_carlo)
    assert any("range" in seat for seat in actual["players"]) == ranges
    if not monte_carlo and not ranges:
        assert actual["deals"] == actual["boards"]  # "with exact hands only, deals = boards"


def test_split_pot_equity_json_has_the_contract_shape(run):
    status, out, err = run("equity", "--game", "omaha8", "Ah2hKcQc", "As3d8s8d", "--board", "4h 7c Kd 5s", "--format", "json")
    assert status == 0, err
    actual = json.loads(out)
    equity_shape(actual, False)
    for seat in actual["players"]:  # "adds to each player high_share, low_share, scoop"
        check(seat, {"high_share": 0.5, "low_share": 0.5, "scoop": 0.5})
        assert seat["equity"] == pytest.approx(seat["high_share"] + seat["low_share"], abs=1e-15)


@pytest.mark.parametrize(("game", "hand_1", "hand_2"), [("stud8", "Ah2h3c4c6dKcKd", "As2d3h4s6c9c7d"), ("razz", "Ah2h3cKcKd9s", "As3d8s8d9c4h")])
def test_stud_equity_json_has_the_contract_shape(run, game, hand_1, hand_2):
    """stud, stud8, razz: the split-pot shape, "boards" and "deals" the runouts; razz's pot is its low."""
    status, out, err = run("equity", "--game", game, hand_1, hand_2, "--format", "json")
    assert status == 0, err
    actual = json.loads(out)
    equity_shape(actual, False)
    assert actual["boards"] == actual["deals"] == (1 if game == "stud8" else 40 * 39)
    for seat in actual["players"]:
        check(seat, {"high_share": 0.5, "low_share": 0.5, "scoop": 0.5})
        assert seat["equity"] == pytest.approx(seat["high_share"] + seat["low_share"], abs=1e-15)
        assert game == "stud8" or seat["high_share"] == 0


def test_showdown_json_lines_have_the_contract_shape(run, tmp_path):
    hands = tmp_path / "hands.csv"
    hands.write_text(
        "hand_id,seat,hole,board\n"
        "1,1,Ah Kh,2c 7d 9s Jh Th\n1,2,Qs Qd,2c 7d 9s Jh Th\n"
        "2,1,As 2d,Kc Qc Jd Td 9h\n2,2,Ad 3c,Kc Qc Jd Td 9h\n",
        encoding="utf-8",
    )
    status, out, err = run("showdown", "--file", str(hands), "--format", "json")
    assert status == 0, err
    lines = out.splitlines()
    assert len(lines) == 2
    for line in lines:
        check(json.loads(line), SHAPES["showdown"])
    assert [player["share"] for player in json.loads(lines[1])["players"]] == [0.5, 0.5]


def test_split_showdown_json_lines_have_the_contract_shape(run, tmp_path):
    """Omaha hi-lo: a quartered pot (two lows tie, one also holds the high), and a hand with no low."""
    hands = tmp_path / "hands.csv"
    hands.write_text(
        "hand_id,seat,hole,board\n"
        "1,1,Ah 2h Kc Kd,3c 4d 8h Ks Qh\n1,2,As 2d 9c 9d,3c 4d 8h Ks Qh\n"
        "2,1,Ah 2h Kc Kd,Tc Jd 9h Ks Qh\n2,2,As 2d 9c 9d,Tc Jd 9h Ks Qh\n",
        encoding="utf-8",
    )
    status, out, err = run("showdown", "--file", str(hands), "--game", "omaha8", "--format", "json")
    assert status == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    check(lines[0], SHAPES["showdown --game split"])  # the second holds no low: null low_rank, no low_winners
    assert [(p["high_share"], p["low_share"]) for p in lines[0]["players"]] == [(0.5, 0.25), (0.0, 0.25)]
    assert (lines[0]["high_winners"], lines[0]["low_winners"]) == (["1"], ["1", "2"])
    assert (lines[1]["low_winners"], [p["low_rank"] for p in lines[1]["players"]]) == ([], [None, None])


def test_split_eval_file_json_lines_have_the_contract_shape(run, tmp_path):
    """eval --file --game omaha8: a file's kept hand_id, then each hand's high, low and low in words."""
    hands = tmp_path / "hands.csv"
    hands.write_text("hand_id,hole,board\n1,As 2s Kd Qd,3c 4h 8d 9s Th\n2,Ah 3h Kc Kd,2c 5d 7s\n", encoding="utf-8")
    status, out, err = run("eval", "--file", str(hands), "--game", "omaha8", "--keep", "hand_id", "--format", "json")
    assert status == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    for line in lines:
        check(line, SHAPES["eval --file --game split"])
    assert [(line["low_rank"], line["low_category"]) for line in lines] == [(22, "8 low"), (8, "7 low")]  # 8-4-3-2-A; 7-5-3-2-A, the 8th low


def test_split_freq_json_has_the_contract_shape(run):
    """freq --game razz: every seven-card hand by its ace-to-five low, each with its half."""
    status, out, err = run("freq", "--game", "razz", "--format", "json")
    assert status == 0, err
    actual = json.loads(out)
    check(actual, SHAPES["freq --game split"])
    assert (actual["game"], actual["cards"], actual["total"]) == ("razz", 7, 133_784_560)
    assert {c["half"] for c in actual["categories"]} == {"low"}


def test_import_json_has_the_contract_shape(run, tmp_path):
    """A real file and a hand of it broken, with --skip-bad: every key, the skipped list too."""
    history = Path(__file__).resolve().parent / "histories" / "pluribus_30.txt"
    text = history.read_text(encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("Dealt to MrWhite [3c 9s]", "Dealt to MrWhite [3c 9x]", 1), encoding="utf-8")
    status, out, err = run("import", "--skip-bad", str(bad), "--format", "json")
    assert status == 0, err
    actual = json.loads(out)
    check(actual, SHAPES["import"])
    assert (actual["hands"], actual["imported"], actual["skipped"][0]["line"]) == (79, 79, 12)


def test_history_json_has_the_contract_shape(run):
    """The Pluribus hands of one file (no all-in: quick): every player, every amount a number."""
    histories = Path(__file__).resolve().parent / "histories"
    assert run("import", str(histories / "pluribus_30.txt"))[0] == 0
    status, out, err = run("history", "--format", "json")
    assert status == 0, err
    actual = json.loads(out)
    check(actual, SHAPES["history"])
    assert actual["hands"] == 80 and len(actual["players"]) == 6


def test_stats_json_has_the_contract_shape(run):
    """The Pluribus hands: every player had a chance at every statistic there, so each
    percentage is a number (null is for a statistic without a chance)."""
    histories = Path(__file__).resolve().parent / "histories"
    assert run("import", str(histories / "pluribus_30.txt"), str(histories / "pluribus_31.txt"))[0] == 0
    status, out, err = run("stats", "--format", "json")
    assert status == 0, err
    actual = json.loads(out)
    check(actual, SHAPES["stats"])
    assert actual["hands"] == 153 and len(actual["players"]) == 6
    assert {player["position"] for player in actual["players"]} == {"all"}


def test_report_json_has_the_contract_shape(run, tmp_path):
    histories = Path(__file__).resolve().parent / "histories"
    assert run("import", str(histories / "pluribus_30.txt"))[0] == 0
    status, out, err = run("report", "--to", str(tmp_path / "page.html"), "--player", "Pluribus", "--format", "json")
    assert status == 0, err
    actual = json.loads(out)
    check(actual, SHAPES["report"])
    stats = json.loads(run("stats", "--format", "json")[1])  # the module's database: this file's hands, or more
    hands = {row["player"]: row["hands"] for row in stats["players"]}
    assert (actual["player"], actual["hands"], actual["players"]) == ("Pluribus", hands["Pluribus"], len(hands))


@pytest.mark.parametrize("game", ["stud8", "omaha8", "badugi"])
def test_split_simulate_json_has_the_contract_shape(run, game):
    """simulate --game of a split-pot or lowball game: the simulate shape, each category with its
    "half" (the high's rows first); stud's high rows exact (Hold'em's seven-card counts), the
    others null; a low's points null where it has no category (no low, badugi)."""
    status, out, err = run("simulate", "--game", game, "--deals", "200", "--players", "3", "--seed", "7", "--format", "json")
    assert status == 0, err
    actual = json.loads(out)
    shape = SHAPES["simulate"]
    check(actual, {key: value for key, value in shape.items() if key != "categories"})
    assert actual["game"] == game and actual["hands"] == 600
    halves = [c["half"] for c in actual["categories"]]
    assert halves == sorted(halves) and set(halves) <= {"high", "low"}
    for half in set(halves):
        assert sum(c["count"] for c in actual["categories"] if c["half"] == half) == actual["hands"]
    for category in actual["categories"]:
        assert set(shape["categories"][0]) <= set(category)
        check(category, {"category": "c", "count": 0})
        if category["half"] == "high" and game == "stud8":
            check(category, shape["categories"][0])
        else:
            assert category["expected_probability"] is category["z"] is None
            assert category["points"] is None or isinstance(category["points"], int)


@pytest.mark.parametrize("game", ["stud8", "razz"])
def test_own_card_deals_json_has_the_split_deal_shape(run, game):
    """deal --game of a game of a player's own cards: the split deal's shape, an empty board."""
    status, out, err = run("deal", "--game", game, "--players", "4", "--seed", "2", "--format", "json")
    assert status == 0, err
    actual = json.loads(out)
    shape = SHAPES["deal --game split"]
    check(actual, {key: value for key, value in shape.items() if key not in ("board", "players")})
    assert actual["board"] == [] and all(len(p["cards"]) == 7 for p in actual["players"])
    for seat in actual["players"]:
        nullable = {"low_rank"} | ({"best"} if game == "razz" else set())  # "null: none"; "in a low-only game best is []"
        check(seat, {key: value for key, value in shape["players"][0].items() if key not in nullable})
        assert set(shape["players"][0]) <= set(seat)
        assert seat["low_rank"] is None or isinstance(seat["low_rank"], int)
        assert (seat["best"] == []) == (game == "razz")
