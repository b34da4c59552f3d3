"""`import` of folders (issue 66): a player's first import is a folder of hand histories with
whatever else lies there. The walk is checked against Python's own walk of the same folder: each
file either imported or passed over, the passed-over ones exactly those that are not hand
histories by their names (fpdb's expected outputs .hp, .gt and .hands, its licence) or their
size (empty); one line on stderr each and a count. A file named on the command line that is not
a hand history is still exit 2 without --skip-bad, and the database as it was."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from pokersql import connect

HISTORIES = Path(__file__).resolve().parent / "histories"
FPDB = HISTORIES / "fpdb"
NOT_HISTORIES = (".hp", ".gt", ".hands", ".md")


def _hands(db_file) -> int:
    with connect(db_file, read_only=True) as db:
        tables = db.engine.object_types()
        return int(db.engine.execute("select count(*) from history_hands")[0][0]) if "history_hands" in tables else 0


def test_the_fpdb_corpus_as_one_folder(run, db_file):
    status, out, err = run("import", str(FPDB), "--skip-bad", "--format", "json")
    assert status == 0, err
    result = json.loads(out)
    every = sorted(str(Path(folder) / name) for folder, _, names in os.walk(FPDB) for name in names)
    passed = {item["file"] for item in result["passed_over"]}
    assert sorted([*result["files"], *passed]) == every and not passed & set(result["files"])
    expected = {path for path in every if path.endswith(NOT_HISTORIES) or os.path.getsize(path) == 0}
    assert passed == expected and len(passed) >= 16
    lines = err.splitlines()
    assert sorted(line for line in lines if line.startswith("pokersql: passed over ")) == sorted(
        f"pokersql: passed over {item['file']}: {item['reason']}" for item in result["passed_over"])
    assert lines[-1] == f"pokersql: {len(passed)} file(s) passed over: not hand histories"
    assert result["imported"] == _hands(db_file) > 2500


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "hands"
    (folder / "deeper" / "deepest").mkdir(parents=True)
    shutil.copy(HISTORIES / "pluribus_30.txt", folder / "a.txt")
    shutil.copy(HISTORIES / "pluribus_31.txt", folder / "deeper" / "deepest" / "b.txt")
    (folder / "deeper" / "empty.txt").write_text("", encoding="utf-8")
    (folder / "notes.hp").write_text("{ 'Hero': {} }\n", encoding="utf-8")
    os.symlink("..", folder / "deeper" / "loop")  # a loop of links: not followed
    os.mkfifo(folder / "pipe")  # a FIFO: never opened for reading
    return folder


def test_a_folder_is_walked_whole_and_its_other_files_passed_over_even_without_skip_bad(run, db_file, tmp_path):
    folder = _folder(tmp_path)
    before = _hands(db_file)
    status, out, err = run("import", str(folder), "--format", "json")
    assert status == 0, err
    result = json.loads(out)
    assert result["files"] == [str(folder / "a.txt"), str(folder / "deeper" / "deepest" / "b.txt")]
    assert {item["file"] for item in result["passed_over"]} == {str(folder / n) for n in ("deeper/empty.txt", "notes.hp", "pipe")}
    assert result["hands"] == 153 and _hands(db_file) == before + result["imported"]
    assert err.splitlines()[-1] == "pokersql: 3 file(s) passed over: not hand histories"


def test_a_file_named_that_is_not_a_hand_history_is_an_error_without_skip_bad(run, db_file, tmp_path):
    folder = _folder(tmp_path)
    before = _hands(db_file)
    status, out, err = run("import", str(folder / "a.txt"), str(folder / "notes.hp"))
    assert status == 2 and out == "" and err.count("\n") == 1 and "notes.hp" in err
    assert _hands(db_file) == before
    status, out, err = run("import", str(folder / "a.txt"), str(folder / "notes.hp"), "--skip-bad", "--format", "json")
    assert status == 0, err
    assert [item["file"] for item in json.loads(out)["passed_over"]] == [str(folder / "notes.hp")]
    status, out, err = run("import", str(folder / "missing.txt"), "--skip-bad")
    assert status == 2 and "missing.txt: no such file" in err


def test_a_folder_without_a_hand_history_is_an_error_naming_it(run, db_file, tmp_path):
    folder = tmp_path / "nothing"
    folder.mkdir()
    (folder / "readme.md").write_text("# hands go here\n", encoding="utf-8")
    status, out, err = run("import", str(folder))
    assert status == 2 and err.count("\n") == 1 and str(folder) in err and "no hand-history file" in err


@pytest.mark.parametrize("skip_bad", [False, True])
def test_the_library_walks_folders_too(db_file, tmp_path, skip_bad):
    folder = _folder(tmp_path)
    with connect(db_file) as db:
        result = db.import_histories([folder], skip_bad=skip_bad)
    assert len(result.files) == 2 and len(result.passed_over) == 3
