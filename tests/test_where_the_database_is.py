"""Which database a command opens, and what it leaves on disk (docs/usage.md, "Where the database
is"): the default in the user's data folder, never the current one, said once when built; a
`--db` that names no database, or a file that is not one, refused in one line; `--db` and
`--engine` after the command; `--version`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import duckdb
import pytest

import pokersql
from pokersql import places
from pokersql.cli import main

ROOT = Path(__file__).resolve().parents[1]


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def files_in(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


# -- the default database ---------------------------------------------------------------------


def test_the_default_database_is_in_the_data_folder_built_once_and_said_once(tmp_path: Path) -> None:
    """The real program, in an empty folder, on a fresh home: nothing lands in the current folder;
    the first command builds the tables in the data folder and says where in one line on stderr;
    the next commands (read-only ones) say nothing and still leave the folder empty."""
    cwd, home = tmp_path / "work", tmp_path / "home"
    cwd.mkdir()
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("POKERSQL_")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / ".local" / "share"))

    def pokersql_run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "pokersql", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)

    first = pokersql_run("deal", "--players", "2", "--seed", "1", "--format", "json")
    assert first.returncode == 0, first.stderr
    assert len(json.loads(first.stdout)["players"]) == 2
    assert re.fullmatch(r"pokersql: built the tables in ~/\.local/share/pokersql/pokersql\.duckdb \(\d+\.\d s\)\n", first.stderr), first.stderr
    assert files_in(cwd) == []
    assert files_in(home / ".local" / "share") == ["pokersql", "pokersql/pokersql.duckdb"]
    built = (home / ".local" / "share" / "pokersql" / "pokersql.duckdb").stat()
    for args in (["eval", "Ah", "Kh", "Qh", "Jh", "Th"], ["equity", "AhAd", "KhKd", "--board", "2c 7d 9h"], ["deal", "--players", "3"]):
        again = pokersql_run(*args)
        assert (again.returncode, again.stderr) == (0, ""), (args, again.stderr)
    assert files_in(cwd) == []
    assert (home / ".local" / "share" / "pokersql" / "pokersql.duckdb").stat().st_size == built.st_size
    bad = pokersql_run("eval", "Qx")
    assert bad.returncode == 2 and "'Qx'" in bad.stderr and "Traceback" not in bad.stderr


def test_eval_on_a_fresh_home_builds_the_tables_once(tmp_path: Path, capsys, monkeypatch) -> None:
    """The first command, eval too, builds every table (it used to build the lookup tables only,
    and the next command, eval again, the rest): one line, once."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("POKERSQL_DB", raising=False)
    status, out, err = cli(capsys, "eval", "Ah", "Kh", "Qh", "Jh", "Th", "--format", "csv")
    assert status == 0 and "Royal Flush" in out
    where = tmp_path / "data" / "pokersql" / "pokersql.duckdb"
    assert re.fullmatch(rf"pokersql: built the tables in {re.escape(str(where))} \(\d+\.\d s\)\n", err), err
    assert files_in(tmp_path) == ["data", "data/pokersql", "data/pokersql/pokersql.duckdb"]
    for args in (["eval", "Ah", "Kh", "Qh", "Jh", "Th"], ["freq"], ["history"]):
        assert cli(capsys, *args)[::2] == (0, ""), args


def test_a_command_that_fails_after_building_says_only_its_error(tmp_path: Path, capsys, monkeypatch) -> None:
    """The contract's one line: a command that built the tables, then failed, prints its error
    alone; the tables stay built, and the next command has nothing to say."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("POKERSQL_DB", raising=False)
    status, out, err = cli(capsys, "query", "select * from nowhere")
    assert (status, out) == (1, "") and err.startswith("pokersql: error: ") and err.count("\n") == 1, err
    assert "nowhere" in err
    status, out, err = cli(capsys, "query", "select count(*) as n from hands", "--format", "csv")
    assert (status, out.splitlines(), err) == (0, ["n", "2598960"], "")


def test_the_suite_keeps_out_of_the_users_data_folder(data_folder: Path, tmp_path_factory) -> None:
    """tests/conftest.py points the data folder at the run's own, for every test and program."""
    assert places.data_folder() == data_folder
    assert data_folder.is_relative_to(tmp_path_factory.getbasetemp())
    assert places.default_database("duckdb") == str(data_folder / "pokersql.duckdb")


def test_a_file_given_by_db_gets_the_line_too_and_build_does_not(tmp_path: Path, capsys) -> None:
    path = tmp_path / "mine.sqlite"
    status, _, err = cli(capsys, "--engine", "sqlite", "--db", str(path), "eval", "Ah", "Kh", "Qh", "Jh", "Th")
    assert status == 0 and err.startswith(f"pokersql: built the tables in {path} (") and err.count("\n") == 1
    status, out, err = cli(capsys, "--engine", "sqlite", "--db", str(path), "build")
    assert status == 0 and err == "" and out.startswith(f"hands: 2,598,960 rows in {path}")


# -- a --db that names no database -----------------------------------------------------------


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
@pytest.mark.parametrize(
    "command",
    [["history"], ["query", "select count(*) from history_hands"], ["export", "history_hands", "--to", "out.csv"]],
)
@pytest.mark.parametrize("by", ["--db", "POKERSQL_DB"])
def test_a_command_that_reads_refuses_a_database_that_is_not_there(tmp_path, capsys, monkeypatch, engine, command, by) -> None:
    """A typo in --db (or POKERSQL_DB) no longer builds a new, empty database that then says
    "no hand imported": one line naming the file, exit 2, and nothing made."""
    monkeypatch.chdir(tmp_path)
    typo = "pokersq.duckdb"
    where = ["--db", typo] if by == "--db" else []
    if by == "POKERSQL_DB":
        monkeypatch.setenv("POKERSQL_DB", typo)
    status, out, err = cli(capsys, "--engine", engine, *where, *command)
    assert (status, out) == (2, "")
    assert err == (
        f"pokersql: error: database {typo} does not exist: {command[0]} reads a database made before "
        f"(a typo? `pokersql --db {typo} migrate` makes a new one)\n"
    )
    assert files_in(tmp_path) == []


def test_a_command_that_makes_still_makes_a_new_database(tmp_path, capsys) -> None:
    path = tmp_path / "new.duckdb"
    status, out, _ = cli(capsys, "--db", str(path), "eval", "Ah", "Kh", "Qh", "Jh", "Th", "--format", "csv")
    assert status == 0 and "Royal Flush" in out and path.exists()
    status, out, err = cli(capsys, "--db", str(path), "query", "select count(*) as n from history_hands", "--format", "csv")
    assert (status, out.splitlines()) == (0, ["n", "0"]), err


# -- a --db that is not a database -----------------------------------------------------------

EVERY_KIND_OF_COMMAND = [
    ["eval", "Ah", "Kh", "Qh", "Jh", "Th"],
    ["deal", "--players", "2"],
    ["equity", "AhAd", "KhKd"],
    ["query", "select 1"],
    ["history"],
    ["export", "hands", "--to", "out.csv"],
    ["migrate"],
    ["build"],
    ["import", str(ROOT / "tests" / "histories" / "pluribus_30.txt")],
]


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
@pytest.mark.parametrize("command", EVERY_KIND_OF_COMMAND, ids=lambda c: c[0])
def test_a_file_that_is_not_a_database_is_refused_by_name(tmp_path, capsys, monkeypatch, engine, command) -> None:
    """`--db hands.csv`: one line naming the file and the engine, exit 2; the file as it was and
    nothing else written (DuckDB said "Catalog Error: Cannot launch in-memory database in
    read-only mode!", exit 1)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "hands.csv").write_text("cards\nAh Kh Qh Jh Th\n")
    status, out, err = cli(capsys, "--engine", engine, "--db", "hands.csv", *command)
    title = {"duckdb": "DuckDB", "sqlite": "SQLite"}[engine]
    assert (status, out, err) == (2, "", f"pokersql: error: hands.csv is not a {title} database file\n")
    assert files_in(tmp_path) == ["hands.csv"] and (tmp_path / "hands.csv").read_text() == "cards\nAh Kh Qh Jh Th\n"


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
@pytest.mark.parametrize("command", EVERY_KIND_OF_COMMAND, ids=lambda c: c[0])
def test_a_database_in_a_folder_that_is_not_there_is_refused_by_name(tmp_path, capsys, monkeypatch, engine, command) -> None:
    """`--db typo/poker.duckdb`: every command, those that make a database too, says in one
    line that the folder is not there, exit 2, and makes nothing (eval said DuckDB's "IO Error:
    Cannot open file", exit 1, where query said the database did not exist, exit 2)."""
    monkeypatch.chdir(tmp_path)
    path = Path("typo") / f"poker.{engine}"
    status, out, err = cli(capsys, "--engine", engine, "--db", str(path), *command)
    assert (status, out) == (2, "")
    assert err == f"pokersql: error: database {path}: there is no folder {tmp_path / 'typo'} to hold it (a typo? make the folder first)\n"
    assert files_in(tmp_path) == []


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
def test_a_folder_is_not_a_database(tmp_path, capsys, engine) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    status, out, err = cli(capsys, "--engine", engine, "--db", str(folder), "deal")
    title = {"duckdb": "DuckDB", "sqlite": "SQLite"}[engine]
    assert (status, err) == (2, f"pokersql: error: {folder} is a folder, not a {title} database file\n")
    assert list(folder.iterdir()) == []


def test_an_empty_file_is_no_duckdb_database_but_sqlite_makes_one(tmp_path, capsys) -> None:
    """DuckDB cannot open an empty file (SQLite makes it a database): refused by name, as it was."""
    empty = tmp_path / "empty.db"
    empty.touch()
    status, _, err = cli(capsys, "--db", str(empty), "eval", "Ah", "Kh", "Qh", "Jh", "Th")
    assert (status, err) == (2, f"pokersql: error: {empty} is not a DuckDB database file\n")
    assert empty.stat().st_size == 0
    with pytest.raises(pokersql.BadInput, match="is not a DuckDB database file"):
        pokersql.connect(str(empty))
    with pokersql.connect(str(empty), engine="sqlite") as db:
        assert db.evaluate("Ah Kh Qh Jh Th").category == "Royal Flush"


# -- --db and --engine after the command ------------------------------------------------------


def test_db_and_engine_after_the_command(built_database, tmp_path, capsys, monkeypatch) -> None:
    """`pokersql deal --db x.duckdb --players 4` is `pokersql --db x.duckdb deal --players 4`,
    and the option after the command wins over one before it and over POKERSQL_DB."""
    duck, lite = built_database("duckdb"), built_database("sqlite")
    deal = ["--players", "4", "--seed", "42", "--format", "json"]
    status, before, err = cli(capsys, "--db", duck, "deal", *deal)
    assert status == 0, err
    status, after, err = cli(capsys, "deal", "--db", duck, *deal)
    assert (status, after) == (0, before), err
    status, after, err = cli(capsys, "deal", "--players", "4", "--db", duck, "--seed", "42", "--format", "json")
    assert (status, after) == (0, before), err
    # the engine after the command: sqlite_version() exists on SQLite only
    sql = "select count(*) as n from hands where sqlite_version() is not null"
    status, out, err = cli(capsys, "query", sql, "--engine", "sqlite", "--db", lite, "--format", "csv")
    assert (status, out.splitlines()) == (0, ["n", "2598960"]), err
    status, out, err = cli(capsys, "--db", str(tmp_path / "elsewhere.duckdb"), "query", "select 1 as n", "--db", duck, "--format", "csv")
    assert (status, out.splitlines()) == (0, ["n", "1"]), err
    monkeypatch.setenv("POKERSQL_DB", str(tmp_path / "elsewhere.duckdb"))
    status, after, err = cli(capsys, "deal", *deal, "--db", duck)
    assert (status, after) == (0, before), err
    assert not (tmp_path / "elsewhere.duckdb").exists()
    # refused as before the command: an empty path, an unknown engine
    status, _, err = cli(capsys, "deal", "--db", "")
    assert status == 2 and "--db" in err and "empty" in err and err.count("\n") == 1
    status, _, err = cli(capsys, "deal", "--engine", "oracle")
    assert status == 2 and "'oracle'" in err and err.count("\n") == 1


def test_the_commands_help_stays_short(capsys) -> None:
    """The main --help lists --db and --engine once, saying they may come after the command;
    a command's --help leaves them out."""
    status, out, _ = cli(capsys, "--help")
    assert status == 0 and "Before or after the command" in out
    status, out, _ = cli(capsys, "deal", "--help")
    assert status == 0 and "--db" not in out and "--engine" not in out


# -- --version --------------------------------------------------------------------------------


def test_version_says_the_versions_and_where_the_default_database_is(capsys, data_folder) -> None:
    status, out, err = cli(capsys, "--version")
    assert status == 0 and err == ""
    where = places.shown(str(data_folder / "pokersql.duckdb"))
    made = "" if (data_folder / "pokersql.duckdb").exists() else ", not made yet"
    assert out.splitlines() == [
        f"pokersql {metadata.version('pokersql')}",
        f"DuckDB {duckdb.__version__}",
        f"default database: {where}{made} (--engine sqlite: pokersql.sqlite beside it)",
    ]


def test_the_version_is_written_in_one_place() -> None:
    """pyproject.toml holds it; pokersql.__version__ reads the installed package's metadata."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project.get("dynamic", []) and project["version"] == metadata.version("pokersql") == pokersql.__version__
    sources = [path for path in (ROOT / "pokersql").rglob("*.py") if project["version"] in path.read_text(encoding="utf-8")]
    assert sources == []


def test_shown_puts_the_home_folder_as_a_tilde(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "ada"))
    assert places.shown(str(tmp_path / "ada" / ".local" / "x.duckdb")) == "~/.local/x.duckdb"
    assert places.shown(str(tmp_path / "adam" / "x.duckdb")) == str(tmp_path / "adam" / "x.duckdb")
    assert places.shown("x.duckdb") == "x.duckdb"
