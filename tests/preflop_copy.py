"""The way round `build --preflop` on PostgreSQL and SQLite (test-only): their plans of the
preflop job spill tens of GB to temporary files, so the table is built with DuckDB, exported to
CSV and copied in by the engine's own shell (docs/engines.md). Used by tests/test_postgres.py
and test_sqlite.py."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import pokersql
from pokersql import equity
from pokersql.cards import parse_cards
from pokersql.context import Context

MATCHUP = ("AhAd", "KhKd")


def matchup_csv(duck: pokersql.Database, folder: Path) -> tuple[Path, dict]:
    """DuckDB's export of preflop_matchups holding the two ordered rows of AhAd v KhKd, counted by
    DuckDB's enumeration of every board (its table is empty, so equity enumerates): the CSV
    file, and that enumeration's answer."""
    assert duck.query("select count(*) from preflop_matchups").rows == [(0,)]
    export = folder / "preflop.csv"
    assert duck.export("preflop_matchups", export).rows == 0  # the header DuckDB writes
    enumerated = duck.equity(*MATCHUP).to_dict()
    boards, first = enumerated["boards"], enumerated["players"][0]
    wins, ties, losses = first["wins"], first["ties"], boards - first["wins"] - first["ties"]
    hand_1, hand_2 = (sorted(parse_cards(hand), reverse=True) for hand in MATCHUP)
    rows = [(*hand_1, *hand_2, wins, ties, losses), (*hand_2, *hand_1, losses, ties, wins)]
    with export.open("a", encoding="utf-8") as file:
        file.writelines(",".join(map(str, row)) + "\n" for row in rows)
    return export, enumerated


@contextmanager
def counting_lookups(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The engines whose equity was read from preflop_matchups (not enumerated) meanwhile."""
    lookup = equity._preflop_lookup
    looked_up: list[str] = []

    def counted(ctx: Context, *args):
        looked_up.append(ctx.engine.name)
        return lookup(ctx, *args)

    monkeypatch.setattr(equity, "_preflop_lookup", counted)
    yield looked_up
