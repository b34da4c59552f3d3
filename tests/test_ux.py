"""A pleasure to use: colors on and off, the progress bar and --quiet, pictures, shell completion."""

from __future__ import annotations

import builtins
import io
import os
import re
import subprocess
import sys
import time

import pytest
from rich.console import Console

from pokersql import plots
from pokersql.cli import main
from pokersql.progress import ProgressBar, no_progress

RED = "\x1b[31m"


@pytest.fixture
def terminal(monkeypatch):
    """Make rich treat stdout and stderr as a color terminal, as a user's shell would be."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)


COMPARE = ("compare", "Ah Kd Qc Jh 9s", "As Kc Qd Js 9h", "2h 3d 4h 5s 7c")


def test_piped_output_is_plain_text(run, monkeypatch):
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    status, out, err = run(*COMPARE)
    assert status == 0 and err == ""
    assert "\x1b[" not in out
    assert "A♥ K♦ Q♣ J♥ 9♠" in out and "2♥ 3♦ 4♥ 5♠ 7♣" in out  # pretty cards, 10 written 10
    assert out.count("★ splits the pot") == 2  # the tie is shown as a split, the winners marked


def test_color_terminal_shows_red_hearts_and_diamonds(run, terminal):
    status, out, _ = run(*COMPARE)
    assert status == 0
    assert f"{RED}A♥" in out and f"{RED}K♦" in out
    assert f"{RED}A♠" not in out and f"{RED}Q♣" not in out


def test_no_color_turns_the_colors_off(run, terminal, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    status, out, _ = run(*COMPARE)
    assert status == 0 and RED not in out and "A♥" in out


def test_deal_marks_the_winner(run):
    status, out, _ = run("deal", "--players", "4", "--seed", "2010")
    assert status == 0
    assert out.count("★ wins") == 1 and "10♦ 10♣ J♥ 9♥ 7♠" in out


def test_progress_bar_on_a_terminal_and_quiet_with_dash_dash_quiet(run, terminal):
    _, out, err = run("simulate", "--deals", "3000", "--seed", "1")
    assert "dealing 3,000 deals" in err
    assert "dealing" not in out  # the bar is on stderr, the table on stdout
    for args in (["--quiet", "simulate"], ["simulate", "--quiet"], ["-q", "simulate"]):
        status, out, err = run(*args, "--deals", "3000", "--seed", "1")
        assert status == 0 and err == "" and "Royal Flush" in out


def test_no_progress_bar_when_stderr_is_not_a_terminal(run, monkeypatch):
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    status, _, err = run("simulate", "--deals", "3000", "--seed", "1")
    assert status == 0 and err == ""


def test_progress_bar_draws_and_clears():
    screen = io.StringIO()
    bar = ProgressBar(console=Console(file=screen, force_terminal=True, width=80))
    bar("applying 008_hands.sql", 7, 15)
    bar("applying 017_exact_equity.views.sql", 14, 15)
    bar("applied 11 SQL file(s)", 11, 11)
    assert "applying" in screen.getvalue() and bar._progress is None
    silent = io.StringIO()
    quiet = ProgressBar(quiet=True, console=Console(file=silent, force_terminal=True))
    quiet("dealing", 0, 10)
    quiet.close()
    assert silent.getvalue() == ""


def test_migrate_on_a_fresh_database_shows_its_progress(tmp_path, capsys, terminal):
    assert main(["--db", str(tmp_path / "fresh.duckdb"), "migrate"]) == 0
    err = capsys.readouterr().err
    assert "applying 001_cards.sql" in err


def test_simulate_plot_is_a_png_of_the_expected_size(run, tmp_path):
    picture = tmp_path / "simulate.png"
    status, out, err = run("simulate", "--deals", "5000", "--seed", "1", "--shuffle", "riffle", "--riffles", "3", "--plot", str(picture))
    assert status == 0
    assert plots.png_size(picture) == plots.SIZE
    assert f"picture: {picture}" in err and "Royal Flush" in out


def test_simulate_plot_keeps_json_clean(run, tmp_path):
    picture = tmp_path / "simulate.png"
    status, out, err = run("simulate", "--deals", "500", "--seed", "2", "--plot", str(picture), "--format", "json")
    assert status == 0 and out.lstrip().startswith("{") and err == ""
    assert plots.png_size(picture) == plots.SIZE


def test_freq_plot_is_a_png_of_the_expected_size(run, tmp_path):
    picture = tmp_path / "freq.png"
    status, _, _ = run("freq", "--plot", str(picture))
    assert status == 0 and plots.png_size(picture) == plots.SIZE


def test_equity_plot_takes_the_contract_shape(tmp_path):
    data = {
        "exact": True,
        "boards": 1712304,
        "players": [
            {"hand": ["Ah", "Ad"], "wins": 1366746, "ties": 9510, "equity": 0.8010},
            {"hand": ["Kh", "Qh"], "wins": 336048, "ties": 9510, "equity": 0.1990},
        ],
    }
    picture = plots.equity_plot(data, tmp_path / "equity.png")
    assert plots.png_size(picture) == plots.SIZE


def test_equity_plot_from_the_command_line(run, tmp_path):
    picture = tmp_path / "equity.png"
    status, out, err = run("equity", "AhAd", "KhKd", "--board", "2h 7h Qc 3s", "--plot", str(picture))
    assert status == 0 and "A♥ A♦" in out and f"picture: {picture}" in err
    assert plots.png_size(picture) == plots.SIZE
    sampled = tmp_path / "sampled.png"
    status, out, err = run("equity", "AhAd", "random", "--trials", "300", "--seed", "1", "--plot", str(sampled), "--format", "json")
    assert status == 0 and out.lstrip().startswith("{") and err == ""
    assert plots.png_size(sampled) == plots.SIZE


def test_equity_shows_progress_on_a_terminal_and_not_with_quiet(run, terminal):
    status, out, err = run("equity", "AhAd", "KhKd", "--board", "2h 7h Qc")
    assert status == 0 and "equity: every board still to come" in err
    assert "every board still to come" not in out  # the bar is on stderr, the table on stdout
    status, out, err = run("--quiet", "equity", "AhAd", "KhKd", "--board", "2h 7h Qc")
    assert status == 0 and err == "" and "Equity (exact, 990 boards)" in out


def test_a_long_query_reports_its_progress_from_a_thread():
    import pokersql

    seen = []
    with pokersql.connect(progress=lambda task, done, total: seen.append((task, done, total))) as db:
        with db.context.watching("counting"):
            db.engine.execute("select count(*) from range(200000000) as r(n) where n % 7 = 3")
    assert seen[0] == ("counting", 0, 100) and seen[-1] == ("counting", 100, 100)
    assert all(0 <= done <= 100 and total == 100 for _, done, total in seen)


@pytest.mark.parametrize("command", [["simulate", "--deals", "10"], ["freq"], ["equity", "AhAd", "KhKd"]])
def test_plot_needs_a_png_file_name(run, tmp_path, command):
    status, _, err = run(*command, "--plot", str(tmp_path / "picture.jpg"))
    assert status == 2 and "picture.jpg" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", [
    ["freq"], ["simulate", "--deals", "10", "--seed", "1"], ["equity", "AhAd", "KhKd"], ["range", "AA"], ["history"],
])
def test_plot_without_matplotlib_is_one_clear_line_before_the_work(run, tmp_path, monkeypatch, command):
    """matplotlib is an extra: without it --plot is refused before the command does its work
    (no table printed, then a failure), exit 1 (not bad input: a missing part), one line."""
    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    status, out, err = run(*command, "--plot", str(tmp_path / "picture.png"))
    assert (status, out) == (1, "")
    assert err == "pokersql: error: --plot needs matplotlib: pip install 'pokersql[plot]'\n"
    assert not (tmp_path / "picture.png").exists()


def _complete(env_extra: dict[str, str]) -> subprocess.CompletedProcess:
    env = {**os.environ, **env_extra}
    return subprocess.run([sys.executable, "-m", "pokersql"], env=env, capture_output=True, text=True, timeout=120)


def test_shell_completion_script_and_answers():
    script = _complete({"_POKERSQL_COMPLETE": "bash_source"})
    assert script.returncode == 0 and "_pokersql_completion" in script.stdout
    answer = _complete({"_POKERSQL_COMPLETE": "bash_complete", "COMP_WORDS": "pokersql si", "COMP_CWORD": "1"})
    assert "simulate" in answer.stdout
    shuffles = _complete({"_POKERSQL_COMPLETE": "bash_complete", "COMP_WORDS": "pokersql deal --shuffle ", "COMP_CWORD": "3"})
    assert "riffle" in shuffles.stdout and "uniform" in shuffles.stdout


def test_progress_bar_shows_the_work_done_and_an_eta(db):
    """Monte Carlo reports its trials done of all (the bar's M/N), and the bar adds the time
    elapsed and the time remaining, estimated from the pace so far."""
    calls = []
    db.progress = lambda task, done, total: calls.append((task, done, total))
    try:
        db.equity("AhAd", "KhKd", trials=30_000, seed=1, slice_trials=10_000)
    finally:
        db.progress = no_progress
    steps = [(done, total) for task, done, total in calls if "runouts" in task]
    assert steps == [(0, 30_000), (10_000, 30_000), (20_000, 30_000), (30_000, 30_000)]
    screen = io.StringIO()
    bar = ProgressBar(console=Console(file=screen, force_terminal=True, no_color=True, width=120))
    for done in (0, 250_000, 500_000):
        bar("equity: 1,000,000 runouts", done, 1_000_000)
        time.sleep(0.1)
    bar._progress.refresh()
    last = screen.getvalue().splitlines()[-1]
    bar.close()
    assert "500000/1000000" in last
    # elapsed then remaining, both H:MM:SS; the remaining is known (not -:--:--) after a step
    assert len(re.findall(r"\b\d:\d\d:\d\d\b", re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", last))) == 2, last
