"""The transpile cache: a statement list written once is read back, and only for what it was
written from (the script, the dialect, the macros' scripts); a cache that is broken, cannot be
written, or is turned off changes nothing but the time."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokersql import migrations, transpile

TWICE = "create macro twice(x) as x * 2;"
THRICE = "create macro twice(x) as x * 3;"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("POKERSQL_CACHE_DIR", str(tmp_path))
    return tmp_path / "transpiled"


def _fresh(sql: str, dialect: str, macros: transpile.TableMacros | None, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What sqlglot writes, with no cache."""
    with monkeypatch.context() as patch:
        patch.setenv("POKERSQL_CACHE_DIR", "")
        return transpile.transpile(sql, dialect, macros=macros)


@pytest.mark.parametrize("dialect", ["sqlite", "postgres"])
def test_a_cached_file_is_read_back_as_sqlglot_wrote_it(cache: Path, dialect: str, monkeypatch: pytest.MonkeyPatch) -> None:
    files = migrations.sql_files()
    (pots,) = [f for f in files if f.script.startswith("029_")]
    macros = transpile.table_macros(f.text for f in files if f.runs_on(dialect))
    written = transpile.transpile(pots.text, dialect, pots.script, macros)
    assert len(list(cache.glob("*.json"))) == 1 and not list(cache.glob("*.partial"))

    def no_parsing(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed again: the cache was not read")

    with monkeypatch.context() as patch:
        patch.setattr(transpile, "parse", no_parsing)
        again = transpile.transpile(pots.text, dialect, pots.script, transpile.table_macros(f.text for f in files if f.runs_on(dialect)))
    assert again == written == _fresh(pots.text, dialect, macros, monkeypatch)
    assert any("create view history_pots" in statement.lower() for statement in written)


def test_the_macros_scripts_the_sql_and_the_dialect_are_in_the_key(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sql = "select twice(20) as n"
    assert transpile.transpile(sql, "sqlite", macros=transpile.table_macros([TWICE])) == ["SELECT ((20) * 2) AS n"]
    assert transpile.transpile(sql, "sqlite", macros=transpile.table_macros([THRICE])) == ["SELECT ((20) * 3) AS n"]
    assert transpile.transpile("select twice(21) as n", "sqlite", macros=transpile.table_macros([TWICE])) == ["SELECT ((21) * 2) AS n"]
    assert transpile.transpile("select 7 // 2 as n", "postgres") == _fresh("select 7 // 2 as n", "postgres", None, monkeypatch)
    assert transpile.transpile("select 7 // 2 as n", "sqlite") == _fresh("select 7 // 2 as n", "sqlite", None, monkeypatch)
    assert len(list(cache.glob("*.json"))) == 5


def test_a_broken_or_unwritable_cache_is_passed_over(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sql, macros = "select twice(5) as n", transpile.table_macros([TWICE])
    monkeypatch.setenv("POKERSQL_CACHE_DIR", str(tmp_path))
    transpile.transpile(sql, "sqlite", macros=macros)
    (kept,) = (tmp_path / "transpiled").glob("*.json")
    for broken in ('["SELECT', '{"a": 1}', "[1, 2]"):
        kept.write_text(broken)
        assert transpile.transpile(sql, "sqlite", macros=macros) == ["SELECT ((5) * 2) AS n"]
    a_file = tmp_path / "a file"
    a_file.write_text("not a folder")
    monkeypatch.setenv("POKERSQL_CACHE_DIR", str(a_file))
    assert transpile.transpile(sql, "sqlite", macros=macros) == ["SELECT ((5) * 2) AS n"]


def test_an_empty_cache_dir_turns_it_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POKERSQL_CACHE_DIR", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert transpile.cache_directory() is None
    assert transpile.transpile("select twice(5) as n", "sqlite", macros=transpile.table_macros([TWICE])) == ["SELECT ((5) * 2) AS n"]
    assert list(tmp_path.rglob("*")) == []
    monkeypatch.delenv("POKERSQL_CACHE_DIR")
    assert transpile.cache_directory() == tmp_path / "pokersql" / "transpiled"
