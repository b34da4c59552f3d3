"""The golden answers of tests/golden.py (recorded before issue 22's rebuild of the core; the games, showdowns and histories before issue 44's) come out
byte for byte the same, on DuckDB and SQLite."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests import golden


@pytest.fixture(scope="module")
def recorded() -> dict[str, dict[str, str]]:
    assert golden.ANSWERS.is_file(), f"the golden answers are missing: {golden.ANSWERS}"
    return json.loads(golden.ANSWERS.read_text(encoding="utf-8"))


def test_the_recording_covers_every_command(recorded) -> None:
    for engine in golden.ENGINES:
        assert set(recorded[engine]) == (
            {golden.key(c) for c in golden.COMMANDS}
            | {"preflop: " + golden.key(golden.PREFLOP_COMMAND)}
            | {"histories: " + golden.key(c) for c in golden.HISTORY_COMMANDS}
        )


@pytest.mark.parametrize("engine", golden.ENGINES)
def test_the_same_answers_as_before(engine: str, recorded, built_database: Callable[[str], str], tmp_path: Path) -> None:
    path = built_database(engine)
    for command in golden.COMMANDS:
        assert golden.answer(path, engine, command) == recorded[engine][golden.key(command)], golden.key(command)
    preflop = golden.with_preflop_rows(path, engine, tmp_path)
    assert golden.answer(preflop, engine, golden.PREFLOP_COMMAND) == recorded[engine]["preflop: " + golden.key(golden.PREFLOP_COMMAND)]
    histories = golden.with_histories(path, engine, tmp_path)
    for command in golden.HISTORY_COMMANDS:
        assert golden.answer(histories, engine, command) == recorded[engine]["histories: " + golden.key(command)], golden.key(command)


def test_the_preflop_answer_is_the_lookup(recorded) -> None:
    """The preflop answer was read from the table (the rows put there), not enumerated."""
    for engine in golden.ENGINES:
        first = json.loads(recorded[engine]["preflop: " + golden.key(golden.PREFLOP_COMMAND)])["players"][0]
        assert (first["wins"], first["ties"]) == (golden.WINS, golden.TIES)
