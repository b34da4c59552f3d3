"""Formatting results for the terminal (rich tables), JSON and CSV."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .cards import PRETTY_SUITS

FORMATS = ("table", "json", "csv")
RED_SUITS = {"h", "d"}


def pretty_card(name: str) -> Text:
    """'Ah' -> 'A♥' in red (where the terminal has color), 'Ts' -> '10♠'."""
    rank, suit = name[0], name[1]
    text = ("10" if rank == "T" else rank) + PRETTY_SUITS[suit]
    return Text(text, style="red" if suit in RED_SUITS else "bold")


def pretty_cards(names: Sequence[str]) -> Text:
    return Text(" ").join(pretty_card(name) for name in names)


def to_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


def to_csv(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows(rows)
    return buffer.getvalue()


def table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> Table:
    result = Table(title=title, title_justify="left", header_style="bold")
    for column in columns:
        result.add_column(column, no_wrap=True)
    for row in rows:
        result.add_row(*(value if isinstance(value, Text) else ("" if value is None else str(value)) for value in row))
    return result


def console() -> Console:
    """Standard output; piped output gets room for whole rows (a table never truncates a card)."""
    out = Console(highlight=False)
    if not out.is_terminal:
        out = Console(highlight=False, width=1000)
    return out
