"""sql/equity/058 and 059 on PostgreSQL (issue 47): the draw games' equity (058), split-pot Monte
Carlo with random hands, exact with one (a turn, few cards left) and the split pots' next street
(059) give DuckDB's answers, exact and seeded Monte Carlo, on the real server the tests start (tests/pg_server.py)."""

from __future__ import annotations

import pytest

import pokersql
from tests.test_lowball_equity import dead_but
from tests.test_split_exact_random import LEFT
from tests.test_split_exact_random import dead_but as dead_except

pytestmark = pytest.mark.xdist_group("postgres")


def test_split_more_same_as_duckdb(pg: pokersql.Database, built_database) -> None:
    duck = pokersql.connect(built_database("duckdb"))
    questions = [
        (("Ah 2c 3d", "random"), dict(game="badugi", dead=dead_but("Ah 2c 3d"))),
        (("7c 5c", "8s 6h 4c 3d"), dict(game="deuce-to-seven", dead=dead_but("7c 5c", "8s 6h 4c 3d"))),
        (("2c 3d 4h 5s", "random"), dict(game="ace-to-five", trials=200, seed=3)),
        (("Ah 2h Kc Qc", "random"), dict(game="omaha8", board="4h 7c Kd", trials=200, seed=4)),
        (("Ah 2h Kc Qc", "random"), dict(game="omaha8", board="4h 7c Kd 8s", dead=dead_except("Ah 2h Kc Qc", "4h 7c Kd 8s", LEFT), exact=True)),
        (("Ah 2h Kc Qc", "As 3d 8s 8d"), dict(game="omaha8", board="4h 7c Kd 9s", next_street=True)),
    ]
    for hands, asked in questions:
        on_pg = pg.equity(*hands, **asked).to_dict()
        assert on_pg == duck.equity(*hands, **asked).to_dict(), (hands, asked)
        assert sum(p["equity"] for p in on_pg["players"]) == pytest.approx(1.0)
    duck.close()


def test_split_games_deal_simulate_and_freq_as_duckdb(pg: pokersql.Database, built_database) -> None:
    """simulate, deal, evaluate_many and freq of the split and lowball games on PostgreSQL (their
    table macros expanded into a statement with parameters, 038, 070, 071): DuckDB's answers."""
    with pokersql.connect(built_database("duckdb")) as duck:
        for game in ("omaha5", "omaha8", "razz", "deuce-to-seven"):
            assert pg.simulate(40, 3, 7, game=game).to_dict() == duck.simulate(40, 3, 7, game=game).to_dict(), game
            assert pg.deal(3, 7, game=game).to_dict() == duck.deal(3, 7, game=game).to_dict(), game
        hands = ["As 2d 3c 4h 5s", "7c 5d 4h 3s 2c", "Ah Kh Qh Jh 9h"]
        for game in ("deuce-to-seven", "ace-to-five"):
            assert [r.to_dict() for r in pg.evaluate_many(hands, game=game)] == [r.to_dict() for r in duck.evaluate_many(hands, game=game)]
        assert pg.freq(5, game="ace-to-five").to_dict() == duck.freq(5, game="ace-to-five").to_dict()


def test_hilo_equity_same_as_duckdb(built_postgres, built_database) -> None:
    """Hold'em hi-lo (tests/test_toy_game.py's row of split_games) on PostgreSQL: 059's any_way
    views give DuckDB's answers, exact and seeded Monte Carlo, known and random hands."""
    from tests.test_toy_game import HILO, HILO_ROW

    row = HILO_ROW.replace("?", f"'{HILO}'")
    questions = [
        (("Ah 2h", "Kc Qs", "3d 5d"), dict(board="4h 7c Kd")),
        (("Ah 2h", "Kc Qs"), dict(board="3c 4d 8s 9h", trials=300, seed=5)),
        (("Ah 3d", "random"), dict(board="2c 5h Kd", trials=300, seed=6)),
    ]
    with pokersql.connect(built_postgres("hilo_equity"), engine="postgres") as pg, pokersql.connect(built_database("duckdb")) as duck:
        for database in (pg, duck):
            database.engine.execute(row)
        for hands, asked in questions:
            on_pg = pg.equity(*hands, game=HILO, **asked).to_dict()
            assert on_pg == duck.equity(*hands, game=HILO, **asked).to_dict(), (hands, asked)
