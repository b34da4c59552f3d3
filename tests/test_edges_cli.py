"""Issue 63's edges of the command line: an import killed while its lanes run leaves a folder
that the next import clears (pokersql/histories/aside.py); every range weight from 0 to 1 read,
1e-300 too, and what is not one refused in one line naming it (range_text.py); a request too big (arrange --top,
odds --trials of hole-card events) refused in one line naming the limit."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pokersql
from pokersql import chinese, odds_players, range_text, ranges
from pokersql.errors import BadInput
from pokersql.histories import aside, stored
from signals import pokersql_command  # tests/signals.py

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import histories_generate  # noqa: E402  (bench/histories_generate.py)

HAND = "As Ks Qs Js Ts 9h 9d 9c 5h 5d 3c 2c 2d"  # 22,165 legal settings
PLURIBUS = Path(__file__).resolve().parent / "histories" / "pluribus_30.txt"


@pytest.fixture(scope="module")
def lanes_file(tmp_path_factory) -> Path:
    """Enough generated hands for two chunks (stored.CHUNK_HANDS each), so the import's lanes run."""
    path = tmp_path_factory.mktemp("lanes") / "generated.txt"
    histories_generate.write(path, stored.CHUNK_HANDS + 200, seed=63)
    return path


def asides(folder: Path) -> list[Path]:
    return sorted(folder.glob(aside.PREFIX + "*"))


def killed_while_the_lanes_run(database: str, hands: Path, temporary: Path, group: bool) -> list[Path]:
    """A real ``pokersql import`` SIGKILLed (its process group, or the main process alone) once
    its lanes' folder is there; the lanes' folders left."""
    before = set(asides(temporary))
    process = subprocess.Popen(
        [*pokersql_command(), "--db", database, "import", str(hands)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "TMPDIR": str(temporary)},
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 180
        while not set(asides(temporary)) - before:
            assert process.poll() is None, "the import ended before its lanes ran"
            assert time.monotonic() < deadline, "the import's lanes did not start in three minutes"
            time.sleep(0.1)
        if group:
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
        assert process.wait(timeout=60) == -signal.SIGKILL
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return sorted(set(asides(temporary)) - before)


def test_an_import_killed_while_its_lanes_run_leaves_a_folder_the_next_import_clears(built_database, lanes_file, tmp_path):
    database, temporary = built_database("duckdb"), tmp_path / "tmp"
    temporary.mkdir()
    first = killed_while_the_lanes_run(database, lanes_file, temporary, group=True)
    assert len(first) == 1 and first[0].is_dir()
    left = killed_while_the_lanes_run(database, lanes_file, temporary, group=False)
    assert len(left) == 1 and left[0].is_dir()
    assert not first[0].exists()  # cleared by the second import
    # what the next import must not remove: a live process's folder (this one's), a folder of
    # the old name (no owner in it), and what a link of a gone owner's name points to
    live = temporary / f"{aside.PREFIX}{os.getpid()}-{aside._started(os.getpid())}-live"
    unnamed = temporary / f"{aside.PREFIX}k3j2x9"
    target = tmp_path / "not-ours"
    for folder in (live, unnamed, target):
        folder.mkdir()
        (folder / "kept.parquet").write_text("kept")
    link = temporary / f"{aside.PREFIX}{left[0].name.split('-')[2]}-1-link"
    link.symlink_to(target, target_is_directory=True)
    done = subprocess.run(
        [*pokersql_command(), "--db", database, "import", str(PLURIBUS)],
        capture_output=True, text=True, env={**os.environ, "TMPDIR": str(temporary)}, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert not left[0].exists()
    assert asides(temporary) == sorted([live, unnamed, link])
    assert all((folder / "kept.parquet").read_text() == "kept" for folder in (live, unnamed, target))


def one_line_refusal(status: int, out: str, err: str, *named: str) -> None:
    assert status == 2 and out == ""
    assert err.startswith("pokersql: error: ") and err.count("\n") == 1, err
    assert all(text in err for text in named), err


def test_arrange_shows_at_most_max_top_settings(run, db_file):
    """--top up to MAX_TOP answers with that many settings; one more is refused in one line that
    names it and the limit, the database file as it was (the library refuses it too)."""
    status, out, _ = run("arrange", *HAND.split(), "--top", str(chinese.MAX_TOP), "--format", "json")
    assert status == 0
    best = json.loads(out)["best"]
    assert len(best) == chinese.MAX_TOP and best[0]["place"] == 1
    before = Path(db_file).read_bytes()
    one_line_refusal(*run("arrange", *HAND.split(), "--top", str(chinese.MAX_TOP + 1), "--format", "json"),
                     f"'--top': {chinese.MAX_TOP + 1}", f"{chinese.MAX_TOP}")
    one_line_refusal(*run("arrange", *HAND.split(), "--top", "72072", "--format", "json"), "72072", f"{chinese.MAX_TOP}")
    assert Path(db_file).read_bytes() == before
    with pokersql.connect() as db, pytest.raises(BadInput, match=f"top {chinese.MAX_TOP + 1} is out of range: use 1 to {chinese.MAX_TOP}"):
        chinese.arrange(db.context, HAND, top=chinese.MAX_TOP + 1)


def test_odds_of_hole_cards_draws_at_most_max_trials(run, db_file):
    """A Monte Carlo of hole-card events past MAX_TRIALS deals is refused at once in one line
    naming the trials and the limit; fewer trials answer."""
    before = Path(db_file).read_bytes()
    for trials in (odds_players.MAX_TRIALS + 1, 10_000_000):
        one_line_refusal(*run("odds", "--players", "10", "AA", "KK", "--trials", str(trials)),
                         f"--trials {trials:,}", f"at most {odds_players.MAX_TRIALS:,}")
    assert Path(db_file).read_bytes() == before
    status, out, err = run("odds", "--players", "10", "AA", "KK", "--trials", "2000", "--seed", "1", "--format", "json")
    assert status == 0 and json.loads(out)["trials"] == 2000, err


def equities(run, *players: str) -> tuple[list[float], dict]:
    status, out, err = run("equity", *players, "--board", "2c 7d 9h", "--format", "json")
    assert status == 0, err
    result = json.loads(out)
    return [player["equity"] for player in result["players"]], result


@pytest.mark.parametrize(("text", "weight"), [("AKs:1e-300", 1e-300), ("AKs:1E-300", 1e-300), ("1e-300(AKs)", 1e-300),
                                              ("5e-301%(AKs)", 5e-303), ("AKs:0.5e+0", 0.5), ("AKs:1e-9999", 0.0)])
def test_a_tiny_weight_is_a_weight(run, text, weight):
    """A weight in scientific notation, however small, is read: the range holds AKs's four
    combinations at that weight (1e-9999 is below a double's least: 0.0 in JSON, kept exact)."""
    status, out, err = run("range", text, "--format", "json")
    assert status == 0, err
    result = json.loads(out)
    assert result["combos"] == 4
    assert [combination["weight"] for combination in result["combinations"]] == [weight] * 4
    assert all(combination["whole_weight"] >= 1 for combination in result["combinations"])


def test_tiny_weights_count_by_their_ratios_and_next_to_nothing_beside_large_ones(run):
    """Only ratios of a player's weights count: 1e-300 alone is the range unweighted, 1e-300
    and 2e-300 are 0.5 and 1; beside a weight of 1, 1e-300 (and 1e-10, which range_input's
    integer could not hold as a ratio of whole numbers) counts at most a millionth."""
    assert equities(run, "AhAd", "AKs:1e-300")[0] == equities(run, "AhAd", "AKs")[0]
    assert equities(run, "AhAd", "AKs:1e-300,KK:2e-300")[0] == equities(run, "AhAd", "AKs:0.5,KK")[0]
    alone = equities(run, "AhAd", "QQ")[0]
    for text in ("AKs:1e-300,QQ", "AKs:0.0000000001,QQ"):
        beside, result = equities(run, "AhAd", text)
        assert result["weight_scale"] == range_text.ROUNDED_SCALE
        assert beside == pytest.approx(alone, abs=1e-6) and beside != equities(run, "AhAd", "AKs,QQ")[0]


@pytest.mark.parametrize(("text", "named"), [
    ("AKs:nan", "'AKs:nan'"), ("AKs:inf", "'AKs:inf'"), ("AKs:-1e-300", "'AKs:-1e-300'"), ("AKs:1.5", "not 1.5"),
    ("AKs:1e1", "not 1e1"), ("AKs:1e-99999", "not 1e-99999"), ("2e0(AKs)", "not 2e0"),
    pytest.param("AKs:0." + "0" * 10_000 + "1", "at most 64 characters, not 10,003", id="ten-thousand-digits"),
])
def test_a_weight_that_is_no_number_from_0_to_1_is_refused_in_one_line(run, db_file, text, named):
    before = Path(db_file).read_bytes()
    status, out, err = run("equity", "AhAd", text, "--board", "2c 7d 9h")
    one_line_refusal(status, out, err, "bad range token", named)
    assert len(err) < 200
    assert Path(db_file).read_bytes() == before


@pytest.mark.parametrize(("texts", "players", "seed"), [(["AA", "KK"], 10, 5), (["random", "AKs", "QQ+"], 6, 3), (["22+", "22+"], 2, 1)])
def test_odds_draws_count_as_drawn_one_by_one(texts, players, seed):
    """monte_carlo's table of each two cards' events (odds --players --trials) counts the deals the
    plain way counts them, seed for seed: the same sample of each deal, each player's events
    looked up, the matching of events to players."""
    events = [ranges.parse_player(text, number) for number, text in enumerate(texts, start=1)]
    wanted = [{frozenset(combo) for combo in event.combos} for event in events]
    draw, plain = random.Random(seed), 0
    for _ in range(20_000):
        cards = draw.sample(range(52), 2 * players)
        types = [frozenset(n for n, held in enumerate(wanted) if frozenset(cards[2 * p: 2 * p + 2]) in held) for p in range(players)]
        plain += odds_players._matches(types, len(events))
    assert plain > 0
    assert odds_players.monte_carlo(events, players, 20_000, seed) == plain
