"""pokersql as a user installs it: `python -m build` makes an sdist and, from it, a wheel; the
wheel is installed (not editable) into a new virtual environment, and the README is followed
from it, top to bottom, in an empty folder outside the clone: every session it shows prints
what it shows (tests/doc_sessions.py runs them), and `pokersql tour` serves a page that runs in
headless Chromium.

To keep it quick, the environment is made once for the module and the wheel is installed
without its dependencies: the environment sees the test environment's packages through a .pth
line (a path only: the test environment's own .pth files, its editable pokersql among them,
are not read), after its own site-packages, where the wheel's pokersql is. Each command runs
with HOME, XDG_DATA_HOME, XDG_CACHE_HOME and XDG_CONFIG_HOME in temporary folders.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest

import chromium  # tests/chromium.py
from doc_sessions import BIN, ROOT, assert_as_shown, clean, run, sessions  # tests/doc_sessions.py
from signals import as_from_a_terminal

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("wheel")]

VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
README_SESSIONS = sessions(ROOT / "README.md")
# The command of the README's install-and-run line (its first): `... && .venv/bin/pokersql deal ...`.
FIRST_COMMAND = re.search(r"&& \.venv/bin/pokersql ([^\n]+)\n", (ROOT / "README.md").read_text(encoding="utf-8")).group(1).split()


def _tracked(folder: str) -> list[str]:
    """The files git holds under FOLDER, relative to the root."""
    done = subprocess.run(["git", "ls-files", folder], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout.split()


def _check(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(command, capture_output=True, text=True, timeout=900, **kwargs)
    assert done.returncode == 0, f"{command} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def _clone(target: Path) -> Path:
    """The working tree's files as a fresh clone has them (git's, and new ones not ignored):
    no build/ or *.egg-info/ of an earlier build, whose SOURCES.txt setuptools would read
    back, so that a file left out of the package configuration would still be packaged."""
    done = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True, check=True)
    for name in done.stdout.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    return target


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> SimpleNamespace:
    """The sdist and the wheel built; the wheel installed in a new environment; a user's folders."""
    top = tmp_path_factory.mktemp("wheel")
    clone = _clone(top / "clone")
    _check([sys.executable, "-m", "build", "--outdir", str(top / "dist"), str(clone)])
    (wheel,) = (top / "dist").glob("*.whl")
    (sdist,) = (top / "dist").glob("*.tar.gz")
    venv = top / "venv"
    _check([sys.executable, "-m", "venv", str(venv)])
    python = venv / "bin" / "python"
    site = Path(_check([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    (site / "test_environment.pth").write_text(f"{sysconfig.get_paths()['purelib']}\n")
    _check([str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", str(wheel)])
    home = top / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("POKERSQL_", "XDG_", "MPL")) and k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(
        # the data folder where Linux has it, ~/.local/share: the README names it so
        HOME=str(home), XDG_DATA_HOME=str(home / ".local" / "share"), XDG_CACHE_HOME=str(top / "cache"), XDG_CONFIG_HOME=str(top / "config"),
        # the wheel's environment first; then the test environment's, for the duckdb shell (duckdb-cli)
        PATH=os.pathsep.join([str(venv / "bin"), str(BIN), os.environ["PATH"]]),
    )
    for folder in (home, top / "cache", top / "config"):
        folder.mkdir()
    newcomer = top / "newcomer"  # where the README is followed: empty, but for the hand histories of a clone
    (newcomer / "tests" / "histories").mkdir(parents=True)
    for name in ("pluribus_30.txt", "pluribus_31.txt", "handhq_abs_sample.phhs"):
        shutil.copyfile(ROOT / "tests" / "histories" / name, newcomer / "tests" / "histories" / name)
    # The README's first command, as its install line runs it, before any of its sessions: it
    # builds the default database, and says so on stderr (the sessions then find it built).
    first = subprocess.run([str(venv / "bin" / "pokersql"), *FIRST_COMMAND], cwd=newcomer, env=env, capture_output=True, text=True, timeout=900)
    return SimpleNamespace(wheel=wheel, sdist=sdist, venv=venv, python=python, env=env, newcomer=newcomer, top=top, first=first)


def test_the_first_command_says_once_where_it_built_the_tables(installed):
    """The deal of the README's install line, on stdout as its first session shows it; on stderr
    the one line that says where the default database was built, and how long it took."""
    first = installed.first
    assert first.returncode == 0, first.stderr
    assert re.fullmatch(r"pokersql: built the tables in ~/\.local/share/pokersql/pokersql\.duckdb \(\d+\.\d s\)\n", first.stderr), first.stderr
    (deal,) = [step for _, step, _ in README_SESSIONS[0].steps if step.text == "pokersql " + " ".join(FIRST_COMMAND)]
    assert clean(first.stdout) == clean("\n".join(deal.output))
    assert sorted(p.name for p in installed.newcomer.iterdir()) == ["tests"]  # nothing in the current folder


def test_the_sdist_holds_what_the_wheel_is_built_from(installed):
    with tarfile.open(installed.sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    needed = [*_tracked("sql"), *_tracked("pokersql"), "LICENSE", "CHANGELOG.md", "README.md", "pyproject.toml"]
    assert [name for name in needed if name not in names and not name.endswith(("package.json", "package-lock.json"))] == []


def test_the_wheel_holds_the_sql_the_tour_and_the_licences(installed):
    with zipfile.ZipFile(installed.wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(f"pokersql-{VERSION}.dist-info/METADATA").decode()
    sql = [f"pokersql/sql/{name[4:]}" for name in _tracked("sql") if name.endswith(".sql")]
    page = [name for name in _tracked("pokersql/tour_page") if not name.endswith(("package.json", "package-lock.json"))]
    assert len(sql) > 40 and len(page) > 100
    assert [name for name in [*sql, *page, "pokersql/hand_order.csv", "pokersql/pokerstove_order.csv"] if name not in names] == []
    assert "pokersql/tour_page/vendor/@duckdb/duckdb-wasm/dist/duckdb-eh.wasm" in names
    licences = {name.split("/licenses/", 1)[1] for name in names if "/licenses/" in name}
    assert {"LICENSE", "pokersql/tour_page/vendor/duckdb-wasm.LICENSE", "pokersql/tour_page/vendor/apache-arrow/LICENSE.txt"} <= licences
    assert f"Version: {VERSION}\n" in metadata and "License-Expression: MIT AND Apache-2.0 AND 0BSD\n" in metadata


def test_the_installed_pokersql_is_the_wheels_not_the_clones(installed):
    done = _check(
        [str(installed.python), "-c", "import importlib.metadata as m, pokersql, pokersql.tour as t; "
         "print(pokersql.__file__); print(t.tour_directory()); print(m.version('pokersql'))"],
        cwd=installed.newcomer, env=installed.env,
    )
    module, page, version = done.stdout.split("\n")[:3]
    site = str(installed.venv / "lib")
    assert module.startswith(site) and page.startswith(site) and version == VERSION
    assert shutil.which("pokersql", path=installed.env["PATH"]) == str(installed.venv / "bin" / "pokersql")


@pytest.mark.parametrize("session", README_SESSIONS, ids=[s.name for s in README_SESSIONS])
def test_the_readme_followed_from_the_wheel_prints_what_it_shows(installed, session):
    """In one folder, in the README's order, as a newcomer goes: the first command builds the database."""
    results = run(session, installed.newcomer, {**installed.env, "NO_COLOR": "1"})
    assert_as_shown(session, results)
    if any("--plot history.png" in command.text for _, command, _ in session.steps):
        assert (installed.newcomer / "history.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_readme_sessions_are_the_ones_followed():
    """The README's sessions, each run above: the deal, games, ranges, histories with the plot, the shell."""
    commands = " ".join(command.text for s in README_SESSIONS for _, command, _ in s.steps)
    for needed in ("pokersql deal --players 4 --seed 2010", "pokersql eval", "pokersql equity", "pokersql import tests/histories/",
                   "--plot history.png", "pokersql sql | duckdb poker.duckdb"):
        assert needed in commands


def test_the_tour_runs_from_the_wheel_in_a_browser(installed, tmp_path):
    """`pokersql tour` of the wheel, from a folder outside the clone: the page, DuckDB-Wasm and
    the SQL files all come from the installed package, and a stage's rows are the CLI's deal."""
    server = subprocess.Popen(
        [str(installed.venv / "bin" / "pokersql"), "tour", "--port", "0"], cwd=tmp_path, env=installed.env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=as_from_a_terminal,
    )
    try:
        line = server.stdout.readline()
        address = re.fullmatch(r"The tour is at (http://127\.0\.0\.1:\d+/) \(Ctrl-C stops it\)\n", line)
        assert address, (line, server.stderr.read() if server.poll() is not None else "")
        url = address.group(1)
        with chromium.browser(tmp_path / "profile") as context:
            page, requests = chromium.open_tour(context, url)
            page.evaluate("window.tour.runStage('deal')")
            errors = page.evaluate("window.tour.errors")
            deal = page.evaluate("window.tour.results.deal")
            shown = page.locator("#stage-deal table.result tbody tr").count()
        assert errors == {}
        assert any(r.endswith("/vendor/@duckdb/duckdb-wasm/dist/duckdb-eh.wasm") for r in requests)
        assert [r for r in requests if not r.startswith(url)] == []
        cli = json.loads(_check(
            [str(installed.venv / "bin" / "pokersql"), "--db", str(tmp_path / "deal.duckdb"), "deal", "--players", "4", "--seed", "2010", "--format", "json"],
            cwd=tmp_path, env=installed.env,
        ).stdout)
        rows = [dict(zip(deal["columns"], row)) for row in deal["rows"]]
        assert {row["player"]: sorted(row["cards"].split()) for row in rows} == {p["player"]: sorted(p["cards"]) for p in cli["players"]}
        assert shown == len(rows) == 4  # on the page, not only in window.tour
    finally:
        server.send_signal(signal.SIGINT)
        status = server.wait(timeout=30)
    assert status == 130
