"""The checks of a request's numbers and cards that several features share."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from .cards import parse_cards
from .errors import BadInput

MAX_SEED = 2**62
MAX_DEALS = 10_000_000
SIMULATE_SLICE = 100_000  # deals per query in simulate: a step of the progress bar (pokersql.dealing)
MIN_TRIALS = 2  # Monte Carlo's standard error needs two trials


def cards_given(text: str | list[str], what: str) -> list[int]:
    """The cards of a board or of the dead cards; text that names none ("," or " ") is refused,
    where nothing at all ("" or None) is no cards."""
    cards = parse_cards(text) if text else []
    if text and not cards:
        raise BadInput(f"no card in {what}: {text!r}")
    return cards


def special_file(path: str | Path) -> str | None:
    """What ``path`` is when it is there but not a regular file to read (a link to one is one):
    "a FIFO (a named pipe)", "a socket", "a device"; None otherwise (a directory too: each reader names that
    its own way). Reading a FIFO that no program writes would wait for ever: input files are
    checked here before they are opened."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a FIFO (a named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def whole_number(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise BadInput(f"{name} {value} is out of range: use {low} to {high}")
    return value
