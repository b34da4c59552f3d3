"""Honest errors (issue 10): each says what went wrong, in one line, with the right exit status,
and nothing is half done: impossible equity, a failed rollback, export, every value type of
`query`, a picture's missing directory, the Monte Carlo slices, a database in use."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import pokersql
from pokersql.cli import main
from pokersql.errors import DatabaseError, MigrationError

TEN_HANDS = ["2c2d", "3c3d", "4c4d", "5c5d", "6c6d", "7c7d", "8c8d", "9c9d", "TcTd", "JcJd"]
TWENTY_NINE_DEAD = "2h 2s 3h 3s 4h 4s 5h 5s 6h 6s 7h 7s 8h 8s 9h 9s Th Ts Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac"


def one_line(err: str) -> bool:
    return len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_impossible_equity_says_how_many_cards_are_left(run):
    status, out, err = run("equity", *TEN_HANDS, "--dead", TWENTY_NINE_DEAD)
    assert status == 2 and out == "" and one_line(err)
    assert "leave 3 cards in the deck, and 5 are needed" in err
    status, _, err = run("equity", *TEN_HANDS[:9], "random", "--dead", TWENTY_NINE_DEAD[:-3], "--trials", "10")
    assert status == 2 and "leave 6 cards in the deck, and 7 are needed" in err
    status, out, _ = run("equity", *TEN_HANDS, "--dead", TWENTY_NINE_DEAD[:-6], "--format", "json")
    assert status == 0 and json.loads(out)["boards"] == 1  # 5 cards left: one board


def test_monte_carlo_equity_is_the_same_whatever_the_slice(db, monkeypatch):
    """Streamed in slices, each a step of the progress bar: the same runouts, so the same
    counts, as in one piece. (SQLite pays about 10 s a slice: it runs fewer.)"""
    trials, slices = (2000, (600, 999)) if db.engine.name == "duckdb" else (250, (100,))
    whole = db.equity("AhAd", "KhKd", "random", trials=trials, seed=3, slice_trials=trials)
    assert whole.boards == trials and sum(p.equity for p in whole.players) == pytest.approx(1)
    for size in slices:
        seen = []
        monkeypatch.setattr(db, "progress", lambda task, done, total: seen.append((done, total)))
        assert db.equity("AhAd", "KhKd", "random", trials=trials, seed=3, slice_trials=size) == whole
        steps = list(range(0, trials, size))
        assert seen == [(done, trials) for done in steps] + [(trials, trials)]


def test_a_failed_rollback_does_not_hide_the_cause(engine_name, tmp_path):
    """As on a full disk: the statement fails and the transaction is already gone."""
    with pokersql.connect(str(tmp_path / f"x.{engine_name}"), engine_name) as db:
        with pytest.raises(DatabaseError) as raised, db.engine.transaction():
            db.engine.execute("create table half_done (x integer)")
            db.engine.execute("commit")  # the engine ended the transaction by itself
            db.engine.execute("insert into no_such_table values (1)")  # the real cause
        message = str(raised.value)
    assert message.index("no_such_table") < message.index("then the rollback failed")
    assert "no transaction is active" in message


def test_a_full_sqlite_disk_names_the_file_and_the_cause(tmp_path, capsys):
    """SQLite's page limit stands in for a full disk: the cause and the file, one line."""
    with pokersql.connect(str(tmp_path / "full.sqlite"), "sqlite") as db:
        db.engine.execute("pragma max_page_count = 5000")
        with pytest.raises(MigrationError, match=r"\d{3}_\w+(\.views)?\.sql failed: database or disk is full") as raised:
            db.migrate()
        assert "\n" not in str(raised.value)
        # a migration is one transaction: nothing was left behind
        assert db.engine.relation_names() == []


def _boom_view(engine: str, path: str) -> None:
    """A view of the user's that fails after some rows: an export that breaks half way."""
    with pokersql.connect(path, engine) as db:
        fail = "error('boom')" if engine == "duckdb" else "abs(-9223372036854775807 - 1)"
        db.engine.execute(f"create view boom as select c1, case when c1 > 40 then {fail} else cards end as cards from hands")


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_failed_export_leaves_the_target_as_it_was(built_database, engine_name, tmp_path, capsys, suffix):
    if engine_name == "sqlite" and suffix == ".parquet":
        suffix = ".csv"
    path = built_database(engine_name)
    _boom_view(engine_name, path)
    target = tmp_path / f"out{suffix}"
    target.write_text("precious\n")
    status = main(["--engine", engine_name, "--db", path, "export", "boom", "--to", str(target), "--force"])
    err = capsys.readouterr().err
    assert status == 1 and one_line(err), err
    assert target.read_text() == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [target.name]  # no partial file left
    status = main(["--engine", engine_name, "--db", path, "export", "cards", "--to", str(target), "--force"])
    assert status == 0 and sorted(p.name for p in tmp_path.iterdir()) == [target.name]
    assert target.read_bytes() != b"precious\n"


def _strict_json(text: str):
    """JSON lines (query's rows), each read by json.loads refusing NaN and Infinity (JSON has no such numbers)."""

    def refuse(name: str):
        raise ValueError(f"not JSON: {name}")

    return [json.loads(line, parse_constant=refuse) for line in text.splitlines()]


DUCKDB_VALUES = {
    "decimal": ("0.5", 0.5),
    "big_decimal": ("123456789012345678.123::decimal(38, 3)", "123456789012345678.123"),
    "date": ("date '2026-11-22'", "2026-11-22"),
    "timestamp": ("timestamp '2026-11-22 09:15:00'", "2026-11-22T09:15:00"),
    "interval": ("interval 3 day", "3 days, 0:00:00"),
    "blob": ("'ab'::blob", "6162"),
    "uuid": ("'3bc92b69-9d24-4489-90d5-38aeb8526c98'::uuid", "3bc92b69-9d24-4489-90d5-38aeb8526c98"),
    "nan": ("'nan'::double", "NaN"),
    "infinity": ("'infinity'::double", "Infinity"),
    "minus_infinity": ("'-infinity'::double", "-Infinity"),
    "list": ("[1, 2]", [1, 2]),
    "struct": ("{'a': date '2026-11-22'}", {"a": "2026-11-22"}),
    "hugeint": ("170141183460469231731687303715884105727::hugeint", 170141183460469231731687303715884105727),
    "null": ("null", None),
}


@pytest.mark.parametrize("name", sorted(DUCKDB_VALUES))
def test_every_value_type_in_every_format(run, name):
    sql, expected = DUCKDB_VALUES[name]
    status, out, err = run("query", f"select {sql} as v", "--format", "json")
    assert status == 0, err
    assert _strict_json(out) == [{"v": expected}]
    for output_format in ("csv", "table"):
        status, out, err = run("query", f"select {sql} as v", "--format", output_format)
        assert status == 0 and err == "", err
    status, out, _ = run("query", f"select {sql} as v", "--format", "csv")
    assert out.splitlines()[0] == "v" and len(out.splitlines()) == 2


def test_a_time_zone_value_without_pytz(run):
    """DuckDB's client needs pytz for TIMESTAMPTZ; pokersql gives its text instead."""
    for output_format in ("json", "csv", "table"):
        status, out, err = run("query", "select now() as now, timestamptz '2026-11-22 09:15:00+00' as fixed, 1 as n", "--format", output_format)
        assert status == 0, err
    status, out, _ = run("query", "select timestamptz '2026-11-22 09:15:00+00' as fixed, 1 as n", "--format", "json")
    record = _strict_json(out)[0]
    assert record["fixed"].startswith("2026-11-22") and record["n"] == 1 and list(record) == ["fixed", "n"]


def test_sqlite_values_in_every_format(built_database, capsys):
    path = built_database("sqlite")
    sql = "select x'6162' as b, 0.5 as f, 9e999 as inf, -9e999 as minus, null as empty, 'x' as t"
    status = main(["--engine", "sqlite", "--db", path, "query", sql, "--format", "json"])
    out = capsys.readouterr().out
    assert status == 0
    assert _strict_json(out) == [{"b": "6162", "f": 0.5, "inf": "Infinity", "minus": "-Infinity", "empty": None, "t": "x"}]
    assert main(["--engine", "sqlite", "--db", path, "query", sql, "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "6162,0.5,Infinity,-Infinity,,x"


@pytest.mark.parametrize(
    ("command", "method"),
    [
        (["simulate", "--deals", "10000000"], "simulate"),
        (["freq", "--cards", "7"], "freq"),
        (["equity", "AhAd", "KhKd"], "equity"),
        (["history"], "history"),
    ],
)
def test_a_plot_in_a_missing_directory_is_refused_before_the_work(run, tmp_path, monkeypatch, command, method):
    def no_work(*args, **kwargs):
        raise AssertionError(f"{method} ran before the picture's path was checked")

    monkeypatch.setattr(pokersql.Database, method, no_work)
    picture = tmp_path / "missing" / "picture.png"
    status, out, err = run(*command, "--plot", str(picture))
    assert status == 2 and out == "" and one_line(err)
    assert str(tmp_path / "missing") in err


def test_a_database_in_use_by_another_process_is_one_line(built_database):
    import duckdb

    path = built_database("duckdb")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); print('open', flush=True); time.sleep(60)", path],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "open"
        done = subprocess.run([sys.executable, "-m", "pokersql", "--db", path, "deal"], capture_output=True, text=True, timeout=120)
        assert done.returncode == 1 and one_line(done.stderr), done.stderr
        assert f"database {path} is in use by another process (PID {holder.pid})" in done.stderr
    finally:
        holder.kill()
        holder.wait()
    assert duckdb.__version__  # the engine whose lock this is
    assert os.path.exists(path)


@pytest.mark.parametrize("token", ["Aſ", "Kh Ks Qh Jh \u212ah", "\u212as Ah Kh Qh Jh"])
def test_letters_that_only_unicode_case_folding_makes_cards_are_unknown_cards(token):
    # 'ſ' (long s) folds to 's' and the Kelvin sign to 'k' under re.IGNORECASE: neither is a card.
    from pokersql.cards import parse_cards

    with pytest.raises(pokersql.BadInput, match="unknown card"):
        parse_cards(token)
