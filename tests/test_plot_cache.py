"""--plot's caches: matplotlib's font list kept in pokersql's cache folder, built once for the
user, not on every run, and its "building the font cache" message never printed; a
MPLCONFIGDIR the user set is theirs. Each run is a real pokersql process with its own HOME.
`range` draws without a database."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from signals import pokersql_command

BUILDING = "Matplotlib is building the font cache"
# The real pokersql, with matplotlib's 5-second delay before that message made 0 s: the
# message is due at once, as on a machine too busy to build the list in 5 s.
IMPATIENT = (
    "import sys, threading; real = threading.Timer; "
    "threading.Timer = lambda interval, function, *a, **k: real(0, function, *a, **k); "
    "from pokersql.cli import main; sys.exit(main(sys.argv[1:]))"
)


def _env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("MPLCONFIGDIR", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "POKERSQL_CACHE_DIR")}
    return {**env, "HOME": str(home), **extra}


def _plot(home: Path, picture: Path, impatient: bool = False, **extra: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-c", IMPATIENT] if impatient else pokersql_command()
    done = subprocess.run(
        [*command, "range", "AA,KK", "--plot", str(picture)], env=_env(home, **extra), capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return done


def _files(folder: Path) -> list[str]:
    """The files under FOLDER but pokersql's own cache of the SQL files' run order (sql_scripts.run_order)."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and "pokersql/run_order/" not in str(p))


def test_the_font_list_is_built_once_in_pokersqls_cache_folder(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    first = _plot(home, tmp_path / "first.png", impatient=True)
    assert BUILDING not in first.stderr, first.stderr
    assert first.stderr.splitlines() == [f"picture: {tmp_path / 'first.png'} (1200x700 PNG)"]
    written = _files(home)
    assert written and all(name.startswith(".cache/pokersql/matplotlib/") for name in written), written
    font_lists = list((home / ".cache/pokersql/matplotlib").glob("fontlist-*.json"))
    assert len(font_lists) == 1
    built = font_lists[0].stat().st_mtime_ns
    second = _plot(home, tmp_path / "second.png", impatient=True)
    assert second.stderr.splitlines() == [f"picture: {tmp_path / 'second.png'} (1200x700 PNG)"]
    assert font_lists[0].stat().st_mtime_ns == built  # read, not built again
    assert _files(home) == written


def test_the_font_list_follows_xdg_cache_home_and_pokersql_cache_dir(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    _plot(home, tmp_path / "xdg.png", XDG_CACHE_HOME=str(tmp_path / "xdg"))
    assert list((tmp_path / "xdg/pokersql/matplotlib").glob("fontlist-*.json"))
    _plot(home, tmp_path / "own.png", POKERSQL_CACHE_DIR=str(tmp_path / "own"))
    assert list((tmp_path / "own/matplotlib").glob("fontlist-*.json"))
    _plot(home, tmp_path / "off.png", POKERSQL_CACHE_DIR="")  # the cache off: a temporary folder
    assert _files(home) == []


def test_a_mplconfigdir_the_user_set_is_kept(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    _plot(home, tmp_path / "mine.png", MPLCONFIGDIR=str(tmp_path / "mine"))
    assert list((tmp_path / "mine").glob("fontlist-*.json"))
    assert _files(home) == []


def test_a_cache_folder_that_cannot_be_written_is_passed_over(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    blocked = tmp_path / "blocked"
    blocked.write_text("a file, not a folder")  # the one sure block, for root too
    done = _plot(home, tmp_path / "p.png", POKERSQL_CACHE_DIR=str(blocked))
    assert done.stderr.splitlines() == [f"picture: {tmp_path / 'p.png'} (1200x700 PNG)"]
    assert _files(home) == []
