"""What a command pays before it reads a row (issue 46: `history` and `stats` over a million
hands in 2 s, of which the process's start and the check of the schema took about one): each
command's module imported when the command runs (cli_base.COMMAND_MODULES), the library's
features when a method calls them (pokersql.database), the site readers when a file is read
(pokersql.histories.reader), and the checksums of the SQL files read from the checksum cache
(sql_scripts.known_checksums)."""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pokersql
from pokersql import migrations, sql_scripts
from pokersql.cli_base import COMMAND_MODULES, cli
from pokersql.errors import MigrationError

# The modules `pokersql stats` and `history` must not load: the other commands', the games', the
# equities', dealing's, and the site readers but PokerStars' (the parallel import's).
NOT_FOR_THE_TRACKER = (
    "pokersql.cli_equity", "pokersql.cli_hands", "pokersql.cli_odds", "pokersql.cli_setup",
    "pokersql.games", "pokersql.lows", "pokersql.equity", "pokersql.dealing", "pokersql.evaluation",
    "pokersql.chinese_deal", "pokersql.ranges", "pokersql.histories.ggpoker", "pokersql.histories.winamax",
    "pokersql.histories.pacific", "pokersql.histories.partypoker", "pokersql.histories.ipoker", "pokersql.histories.phh",
)
# The command, then the pokersql modules it loaded, on stderr's last line.
LOADED = (
    "import json, sys\n"
    "from pokersql.cli import main\n"
    "status = main(sys.argv[1:])\n"
    "print(json.dumps(sorted(m for m in sys.modules if m.startswith('pokersql'))), file=sys.stderr)\n"
    "sys.exit(status)\n"
)


def test_each_command_is_in_the_module_the_map_names():
    """Every pokersql/cli_*.py imported (each module found on disk, not only those the map names):
    each command it registers is in COMMAND_MODULES, under its own module (a command or a module
    added without its line there fails here), and cli.commands is all of them."""
    for path in sorted(Path(pokersql.__file__).parent.glob("cli_*.py")):
        importlib.import_module(f"pokersql.{path.stem}")
    commands = cli.commands
    assert set(commands) == set(COMMAND_MODULES)
    for name, command in commands.items():
        assert command.callback.__module__ == f"pokersql.{COMMAND_MODULES[name]}", name


def loaded(*args: str) -> list[str]:
    """The pokersql modules a real process of the command imported (it must succeed)."""
    done = subprocess.run([sys.executable, "-c", LOADED, *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("command", ["stats", "history"])
def test_the_tracker_loads_only_what_it_reads(built_database, command):
    path = built_database("duckdb")
    modules = loaded("--db", path, "--quiet", command, "--format", "json")
    assert {"pokersql.cli_tracker", "pokersql.tracker", "pokersql.database"} <= set(modules)
    assert [module for module in NOT_FOR_THE_TRACKER if module in modules] == []


def test_another_command_loads_its_own():
    """A command of the games (no database: `range`) still finds its module and what it needs."""
    modules = loaded("range", "AA,KK", "--format", "json")
    assert {"pokersql.cli_equity", "pokersql.range_text"} <= set(modules)
    assert "pokersql.cli_tracker" not in modules


def test_the_methods_of_the_front_keep_their_features_documentation():
    """A method whose feature is imported when called (pokersql.database) is documented as it."""
    from pokersql import dealing, equity, evaluation

    assert pokersql.Database.evaluate.__doc__ == evaluation.evaluate.__doc__ != None  # noqa: E711
    assert pokersql.Database.simulate.__doc__ == dealing.simulate.__doc__
    assert pokersql.Database.equity.__doc__ == equity.equity.__doc__


# -- the checksum cache ------------------------------------------------------------------------

@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The checksum cache in a folder of the test's, and no checksum known to this process."""
    monkeypatch.setenv("POKERSQL_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(sql_scripts, "_KNOWN", {})
    return tmp_path / "checksums"


def computed(text: str) -> str:
    return sql_scripts.CHECKSUM_FORM + hashlib.sha256(sql_scripts.canonical(text).encode("utf-8")).hexdigest()


def no_canonical(text: str) -> str:
    raise AssertionError("a checksum computed again: the cache was not read")


def test_the_checksums_are_kept_and_read_back(cache, built_database, monkeypatch):
    """The check that a built database is up to date writes each file's checksum to the cache;
    the next process reads them there (no canonical text made); a file edited since is not in it."""
    files = [f for f in migrations.sql_files() if f.runs_on("duckdb")]
    path = built_database("duckdb")
    with pokersql.connect(path) as db:
        assert not migrations.plan(db.engine, files)
    (kept,) = cache.glob("*.json")
    assert sorted(json.loads(kept.read_text(encoding="utf-8")).values()) == sorted(computed(f.text) for f in files)
    monkeypatch.setattr(sql_scripts, "_KNOWN", {})
    monkeypatch.setattr(sql_scripts, "canonical", no_canonical)
    with pokersql.connect(path) as db:
        assert not migrations.plan(db.engine, files)
    edited = files[-1].text + "\n-- an edit\n"
    with pytest.raises(AssertionError, match="computed again"):
        sql_scripts.known_checksums([edited])


def test_what_the_cache_says_is_what_the_check_reads(cache, built_database, monkeypatch):
    """A checksum planted in the cache is the one compared: the cache is read, keyed by the text."""
    files = [f for f in migrations.sql_files() if f.runs_on("duckdb")]
    (cards,) = [f for f in files if f.script == "001_cards.sql"]
    path = built_database("duckdb")
    with pokersql.connect(path) as db:
        migrations.plan(db.engine, files)
    (kept,) = cache.glob("*.json")
    cached = json.loads(kept.read_text(encoding="utf-8"))
    cached[hashlib.sha256(cards.text.encode("utf-8")).hexdigest()] = sql_scripts.CHECKSUM_FORM + "0" * 64
    kept.write_text(json.dumps(cached), encoding="utf-8")
    monkeypatch.setattr(sql_scripts, "_KNOWN", {})
    with pokersql.connect(path) as db, pytest.raises(MigrationError, match="001_cards.sql was edited"):
        migrations.plan(db.engine, files)


@pytest.mark.parametrize("broken", ["[1, 2]", '{"a": 1', '{"%s": 5}', ""])
def test_a_broken_cache_is_passed_over_and_written_again(cache, broken, monkeypatch):
    files = migrations.sql_files()[:3]
    sql_scripts.known_checksums(f.text for f in files)
    (kept,) = cache.glob("*.json")
    key = hashlib.sha256(files[0].text.encode("utf-8")).hexdigest()
    kept.write_text(broken.replace("%s", key), encoding="utf-8")
    monkeypatch.setattr(sql_scripts, "_KNOWN", {})
    sql_scripts.known_checksums(f.text for f in files)
    assert [sql_scripts.checksum(f.text) for f in files] == [computed(f.text) for f in files]
    assert sorted(json.loads(kept.read_text(encoding="utf-8")).values()) == sorted(computed(f.text) for f in files)


def test_no_cache_when_it_is_turned_off(tmp_path, monkeypatch):
    monkeypatch.setenv("POKERSQL_CACHE_DIR", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(sql_scripts, "_KNOWN", {})
    files = migrations.sql_files()[:3]
    sql_scripts.known_checksums(f.text for f in files)
    assert [sql_scripts.checksum(f.text) for f in files] == [computed(f.text) for f in files]
    assert list(tmp_path.rglob("*")) == []
    assert os.environ["POKERSQL_CACHE_DIR"] == ""


# -- the heavy libraries: imported only by the commands that use them ------------------------

# Libraries that cost tens or hundreds of milliseconds to import, and that the first commands
# (issue 67: --version, eval, a heads-up equity) never use: Spark, the pictures, the frames,
# PostgreSQL's driver, the transpiler, and what the frames bring.
HEAVY = ("pyspark", "matplotlib", "pandas", "polars", "psycopg", "sqlglot", "numpy", "pyarrow")
# The command, then the top-level packages it loaded, on stderr's last line.
PACKAGES = LOADED.replace("m.startswith('pokersql')", "'.' not in m")


def packages(*args: str) -> set[str]:
    """The top-level packages a real process of the command imported (it must succeed)."""
    done = subprocess.run([sys.executable, "-c", PACKAGES, *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def test_the_version_loads_no_engine_and_no_heavy_library():
    """`pokersql --version` reads two versions from the packages' metadata: neither DuckDB nor
    rich is imported, nor any of HEAVY."""
    loaded_packages = packages("--version")
    assert "click" in loaded_packages
    assert [name for name in (*HEAVY, "duckdb", "rich") if name in loaded_packages] == []


@pytest.mark.parametrize(
    "command",
    [["eval", "Ah", "Kh", "Qh", "Jh", "Th"], ["equity", "AhAd", "KhKd"], ["eval", "Ah Kh Qh Jh Th", "--format", "json"]],
    ids=["eval", "equity", "eval-json"],
)
def test_the_first_commands_load_none_of_the_heavy_libraries(built_database, command):
    loaded_packages = packages("--db", built_database("duckdb"), "--quiet", *command)
    assert "duckdb" in loaded_packages
    assert [name for name in HEAVY if name in loaded_packages] == []


def test_eval_in_memory_loads_none_of_the_heavy_libraries():
    loaded_packages = packages("--db", ":memory:", "eval", "Ah", "Kh", "Qh", "Jh", "Th")
    assert [name for name in HEAVY if name in loaded_packages] == []
