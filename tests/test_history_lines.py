"""`histories.lines_of`, which reads a file a block at a time and splits it in C (issue 45's
import speed): the lines, their numbers and their ends are those of ``readline``, whatever the
line ends (a form feed or a Unicode line separator ends no line there, where str.splitlines
would end one), wherever the blocks end, and a line longer than MAX_LINE is refused at its
number once the lines before it are given."""

from __future__ import annotations

import random
from functools import partial

import pytest

from pokersql import histories
from pokersql.errors import BadInput
from pokersql.histories import MAX_LINE, bounded, lines_of


def by_readline(path: str) -> tuple[list[tuple[int, str]], str | None]:
    """What the reading a line at a time gave (the code before): the lines, and the refusal."""
    got: list[tuple[int, str]] = []
    with open(path, encoding="utf-8") as handle:
        try:
            for item in bounded(enumerate(iter(partial(handle.readline, MAX_LINE + 2), ""), start=1), path):
                got.append(item)
        except BadInput as bad:
            return got, str(bad)
    return got, None


def by_blocks(path: str) -> tuple[list[tuple[int, str]], str | None]:
    got: list[tuple[int, str]] = []
    with open(path, encoding="utf-8") as handle:
        try:
            for item in lines_of(handle, path):
                got.append(item)
        except BadInput as bad:
            return got, str(bad)
    return got, None


PIECES = ["Seat 1: Ann (100 in chips)", "", "x", "\x0c", "a\x0bb", "\x1c\x1d\x1e", "caf\x85", "\u2028 \u2029", "Dealt to Bob [Ah Kd]"]
ENDS = ["\n", "\r\n", "\r", ""]


@pytest.mark.parametrize("block", [1, 7, 64, histories.BLOCK])
def test_the_lines_are_readline_s(tmp_path, monkeypatch, block):
    """Random lines of every kind of end, read in blocks of 1, 7, 64 characters and the real
    size: the same numbered lines as readline's."""
    monkeypatch.setattr(histories, "BLOCK", block)
    rng = random.Random(block)
    for case in range(30):
        text = "".join(rng.choice(PIECES) + rng.choice(ENDS) for _ in range(rng.randrange(1, 40)))
        path = tmp_path / f"case{case}.txt"
        path.write_bytes(text.encode("utf-8"))
        expected = by_readline(str(path))
        assert by_blocks(str(path)) == expected, repr(text)
        assert expected[1] is None and expected[0]


@pytest.mark.parametrize("block", [4096, histories.BLOCK])
@pytest.mark.parametrize("size", [MAX_LINE - 1, MAX_LINE, MAX_LINE + 1, MAX_LINE + 2, 3 * MAX_LINE])
@pytest.mark.parametrize("end", ["\n", "\r\n", ""])
def test_a_long_line_is_refused_at_its_number(tmp_path, monkeypatch, block, size, end):
    """A line of about MAX_LINE characters among others, last or not: refused at the same line
    as readline refused it, the lines before it given first; one of MAX_LINE read."""
    monkeypatch.setattr(histories, "BLOCK", block)
    for before, after in (("a\nb\n", "c\n"), ("", ""), ("a\n" * 3, "")):
        path = tmp_path / "long.txt"
        path.write_bytes((before + "y" * size + end + after).encode("utf-8"))
        expected = by_readline(str(path))
        assert by_blocks(str(path)) == expected
        longest = size + (len(after.partition("\n")[0]) if not end else 0)  # no line end: the next line's text is this one's
        assert (expected[1] is None) == (longest <= MAX_LINE)
