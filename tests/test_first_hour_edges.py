"""A newcomer's first hour, round 3 (issue 67): what the first commands said that did not help."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokersql import migrations, own_hands, plots
from pokersql.cli import main


# -- a range in a game other than Hold'em ------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "omaha8", "Ah 2h Kc Qc", "QQ+"],
         "equity --game omaha8: hand 2 'QQ+' is not cards: ranges are Hold'em's only; give 4 hole cards, or random"),
        (["--game", "omaha", "Ah 2h Kc Qc", "QQ+,AKs"],
         "omaha: hand 2 'QQ+,AKs' is not cards: ranges are Hold'em's only for now; give 4 hole cards, or random"),
        (["--game", "omaha5", "AA", "Ah 2h Kc Qc 3d"],
         "omaha5: hand 1 'AA' is not cards: ranges are Hold'em's only for now; give 5 hole cards, or random"),
        (["--game", "stud", "Ah Kc 2d", "QQ+"],
         "equity --game stud: hand 2 'QQ+' is not cards: ranges are Hold'em's only; give 2 to 7 cards, or random"),
        (["--game", "badugi", "QQ+", "random"],
         "equity --game badugi: hand 1 'QQ+' is not cards: ranges are Hold'em's only; give 1 to 4 cards, or random"),
    ],
)
def test_a_range_in_another_game_says_what_to_write_instead(run, args, message):
    """The one line says what the game's equity takes (its hole cards, or random), not only that
    ranges are Hold'em's."""
    status, out, err = run("equity", *args)
    assert (status, out, err) == (2, "", f"pokersql: error: {message}\n")


def test_what_the_line_names_is_taken(run):
    """`random` in the range's place, as the line says: the same command answers."""
    status, out, err = run("equity", "--game", "omaha8", "Ah 2h Kc Qc", "random", "--trials", "200", "--seed", "1", "--format", "csv")
    assert status == 0, err
    assert [line.split(",")[:3] for line in out.splitlines()[1:]] == [["1", "Ah 2h Kc Qc", "1"], ["2", "random", "194580"]]


# -- --plot without a file name ----------------------------------------------------------------

HISTORY = Path(__file__).parent / "histories" / "pluribus_30.txt"
# Each command that takes --plot, what it is given, and the picture --plot alone writes.
PLOTTED = [
    (["equity", "AhAd", "KhKd", "--board", "2h 7h Qc 3s"], "equity.png"),
    (["range", "AA,KK"], "range.png"),
    (["freq"], "freq.png"),
    (["simulate", "--deals", "200", "--seed", "1"], "simulate.png"),
    (["history"], "history.png"),
]


@pytest.mark.parametrize(("command", "picture"), PLOTTED, ids=[p for _, p in PLOTTED])
def test_plot_without_a_name_writes_the_command_s_picture_here_and_says_so(run, tmp_path, monkeypatch, command, picture):
    """`--plot` alone (it said "Option '--plot' requires an argument"): COMMAND.png in the
    current folder, one line on stderr naming it, in JSON too (nothing else says where it went);
    an option after it is still an option."""
    monkeypatch.chdir(tmp_path)
    if command == ["history"]:
        assert run("import", str(HISTORY))[0] == 0
    status, out, err = run(*command, "--plot", "--format", "json")
    assert status == 0, err
    assert json.loads(out)
    assert err == f"picture: {picture} ({plots.SIZE[0]}x{plots.SIZE[1]} PNG)\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [picture]
    assert plots.png_size(tmp_path / picture) == plots.SIZE


@pytest.mark.parametrize(("command", "picture"), PLOTTED, ids=[p for _, p in PLOTTED])
def test_plot_without_a_name_never_writes_over_a_file(run, tmp_path, monkeypatch, command, picture):
    """A file of that name there already: refused before any work, one line naming it (as export
    --to refuses), exit 2, the file as it was; a name given writes where it says."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / picture).write_bytes(b"mine")
    status, out, err = run(*command, "--plot")
    assert (status, out) == (2, "")
    assert err == f"pokersql: error: --plot: {picture} exists in this folder; --plot FILE.png writes another file (or that one, replacing it)\n"
    assert (tmp_path / picture).read_bytes() == b"mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == [picture]


# -- --db :memory: eval ------------------------------------------------------------------------


def test_eval_in_memory_builds_only_what_evaluating_reads(capsys, monkeypatch):
    """`--db :memory: eval` applied every SQL file (2.6 million rows of `hands` among them)
    before ranking one hand: a database in memory lasts one command, so first use builds only
    what evaluating reads (own_hands.EVALUATION_NEEDS), as the library's connect() does."""
    applied: list[str] = []
    every_file = migrations.migrate

    def recorded(engine, files=None, **settings):
        done = every_file(engine, files=files, **settings)
        applied.extend(f.script for f in done)
        return done

    monkeypatch.setattr(migrations, "migrate", recorded)
    status = main(["--db", ":memory:", "eval", "Ah", "Kh", "Qh", "Jh", "Th", "--format", "json"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert json.loads(captured.out)["hand_rank"] == 1
    needed = [f.script for f in migrations.files_for(own_hands.EVALUATION_NEEDS, migrations.sql_files())]
    assert applied == needed
    assert not any(name == "hands" for f in migrations.sql_files() if f.script in applied for _, name, _ in f.definitions())
