"""Hand histories: the text of PokerStars, GGPoker, Winamax, 888 and PartyPoker, iPoker's XML
and PHH, read into the rows of ``sql/histories/`` (and the columns ``sql/tracker/043`` adds).

``read_hands(paths)`` checks every file first (there, readable, not empty, of a format it
knows: else BadInput, one line), then yields each hand, a file at a time and a hand at a time
(memory stays bounded), as a ``Hand``; a hand that cannot be is a ``Skipped`` with its file,
line and reason when ``skip_bad``, else BadInput naming them. ``store.write_hands`` writes them.
"""

from __future__ import annotations

import codecs
import importlib
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from functools import partial
from itertools import chain
from types import ModuleType
from typing import IO, Any

from ..checks import special_file
from ..errors import BadInput
from .hand import BadHand, Hand

# Each format's reader, a module of this package imported when a file is told or read (reader):
# a command that reads only the stored rows (`history`, `stats`) loads none of them.
FORMATS = ("pokerstars", "phh", "ggpoker", "winamax", "pacific", "partypoker", "ipoker")
# The other sites' text, told by their first line. 888 and PartyPoker both start a hand with
# "#Game No : N": 888's next line names its site ("***** 888poker Hand History for Game N"),
# PartyPoker's does not (pacific.names_888).
SITES = ("ggpoker", "winamax", "pacific", "partypoker", "ipoker")
READ = "PokerStars, GGPoker, Winamax, 888 or PartyPoker text, iPoker XML, or PHH"  # what a refusal names
PROGRESS_HANDS = 1_000  # hands between two reports of progress
MAX_LINE = 1 << 20  # the longest line read, in characters (its line end aside): a file without line ends is not read whole
_TOML_START = re.compile(r"^\s*(\[[^\[\]]+\]|[A-Za-z_][\w-]*\s*=)")


@dataclass(frozen=True)
class Skipped:
    """A hand left out by ``--skip-bad``: where it starts, and why."""

    file: str
    line: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def not_utf8(path: str) -> BadInput:
    """The one line for a file that is not text (in none of the encodings ``encoding_of`` tells)."""
    return BadInput(f"{path}: not a hand history (not UTF-8, UTF-16 or Latin-1 text): give {READ}")


_MID_LINE_NUL = re.compile(rb"[^\n\0]\0")  # a NUL byte after a character of a line


def encoding_of(path: str) -> str:
    """The file's encoding, as the sites write them: a byte-order mark says UTF-8 or UTF-16; every
    other byte NUL among the first ones, UTF-16 without one; else UTF-8 when the whole file
    decodes as UTF-8 (read once, a block at a time), else Windows' Latin-1 (cp1252, whose 0x80 is
    the euro), else Latin-1 itself. A NUL byte otherwise, but where a line starts (as PartyPoker
    writes some): not text (``not_utf8``)."""
    with open(path, "rb") as handle:
        start = handle.read(4096)
        if start.startswith(codecs.BOM_UTF8):
            encoding = "utf-8-sig"
        elif start.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            return "utf-16"
        elif b"\0" in start:
            head = start[:200] if len(start) % 2 == 0 else start[:199]
            for zeros, encoding in ((head[1::2], "utf-16-le"), (head[0::2], "utf-16-be")):
                if zeros.count(0) >= 0.9 * len(zeros):  # ASCII, mostly
                    return encoding
            if _MID_LINE_NUL.search(start):
                raise not_utf8(path)
            encoding = "utf-8"  # NUL bytes only where a line starts (PartyPoker's), passed over by its reader
        else:
            encoding = "utf-8"
        decoder = codecs.getincrementaldecoder(encoding)()
        try:
            block = start
            while block:
                decoder.decode(block)
                block = handle.read(1 << 20)
            decoder.decode(b"", final=True)
            return encoding
        except UnicodeDecodeError:
            pass
        handle.seek(0)
        try:
            for block in iter(partial(handle.read, 1 << 20), b""):
                block.decode("cp1252")
            return "cp1252"
        except UnicodeDecodeError:
            return "latin-1"


def too_long(path: str, number: int) -> BadInput:
    """The one line for a line longer than MAX_LINE."""
    return BadInput(f"{path}:{number}: a line longer than 1 MiB ({MAX_LINE:,} characters): not a hand history")


def bounded(lines: Iterable[tuple[int, str]], path: str) -> Iterator[tuple[int, str]]:
    """The numbered lines, until one longer than MAX_LINE (BadInput)."""
    for number, line in lines:
        if len(line) > MAX_LINE and len(line.rstrip("\r\n")) > MAX_LINE:
            raise too_long(path, number)
        yield number, line


_LINE = re.compile(".*\n")  # a line and its end ("." is any character but "\n")
_OTHER_BREAKS = "\v\f\x1c\x1d\x1e\x85\u2028\u2029"  # where str.splitlines breaks a line too, and readline does not
BLOCK = 1 << 14  # characters read at a time by lines_of (about 18 hands: their lines still in the cache when read)


def lines_of(handle: IO[str], path: str) -> Iterator[tuple[int, str]]:
    """A text file's lines, numbered from 1, each with its line end as ``readline`` gives it, and
    none longer than MAX_LINE (BadInput, once the lines before it are given: ``bounded``). Read a
    block at a time, split in C, and numbered by ``enumerate``: no Python code runs a line."""
    return chain.from_iterable(_numbered_blocks(handle, path))


def _numbered_blocks(handle: IO[str], path: str) -> Iterator[Iterable[tuple[int, str]]]:
    """``lines_of``'s lines, a block's at a time."""
    number, rest = 1, ""
    while True:
        block = handle.read(BLOCK)
        if not block:
            break
        text = rest + block if rest else block
        end = text.rfind("\n") + 1
        rest = text[end:]
        if end:
            whole = text[:end]
            lines = _LINE.findall(whole) if any(char in whole for char in _OTHER_BREAKS) else whole.splitlines(True)
            numbered: Iterable[tuple[int, str]] = enumerate(lines, start=number)
            if max(map(len, lines)) > MAX_LINE:
                numbered = bounded(numbered, path)  # gives the lines before the long one, then refuses it
            yield numbered
            number += len(lines)
        if len(rest) > MAX_LINE:
            raise too_long(path, number)
    if rest:  # the last line, with no line end
        yield ((number, rest),)


def _opening(path: str) -> list[tuple[int, str]]:
    """The file's first two lines that are not blank (fewer in a shorter file)."""
    opening: list[tuple[int, str]] = []
    with open(path, encoding=encoding_of(path)) as handle:
        for number, line in lines_of(handle, path):
            if line.strip():
                opening.append((number, line))
                if len(opening) == 2:
                    break
    return opening


def detect(path: str) -> str:
    """The file's format (a key of FORMATS), by its first line that is not blank (and for
    "#Game No : N", the next); BadInput otherwise."""
    if os.path.isdir(path):
        raise BadInput(f"{path}: a directory, not a hand-history file")
    if not os.path.exists(path):
        raise BadInput(f"{path}: no such file")
    special = special_file(path)
    if special:
        raise BadInput(f"{path}: {special}, not a hand-history file")
    try:
        opening = _opening(path)
    except UnicodeDecodeError:
        raise not_utf8(path) from None
    except OSError as e:
        raise BadInput(f"{path}: cannot read it: {e.strerror or e}") from e
    if not opening:
        raise BadInput(f"{path}: empty file, no hand in it")
    number, line = opening[0]
    following = opening[1][1] if len(opening) > 1 else ""
    if reader("pokerstars").is_header(line.lstrip("\ufeff")):
        return "pokerstars"
    site = next((site for site in SITES if reader(site).is_header(line.lstrip("\ufeff"))), None)
    if site == "pacific" and not reader("pacific").names_888(following):
        site = "partypoker"
    if site:
        return site
    if path.lower().endswith((".phh", ".phhs")) or _TOML_START.match(line):
        return "phh"
    raise BadInput(
        f"{path}:{number}: not a hand history: none of {READ} (it starts {line.strip()[:40]!r})"
    )


def gather_files(paths: Sequence[str], skip_bad: bool = False) -> tuple[list[str], list[tuple[str, str]]]:
    """The hand-history files of ``paths``, and those passed over, each with its reason. A
    folder is walked, its subfolders too (in name order; a linked folder is not followed, so a
    loop of links cannot hold the walk), and of its files those that are not hand histories
    (empty, another format: ``detect``'s BadInput) are passed over. A file named is checked as
    ``detect`` checks it: BadInput, unless ``skip_bad`` (then passed over; a name that is not
    there is BadInput still). BadInput when no file is left."""
    files: list[str] = []
    passed: list[tuple[str, str]] = []
    for path in map(str, paths):
        if os.path.isdir(path):
            found = []
            for folder, subfolders, names in os.walk(path):
                subfolders.sort()
                found += [os.path.join(folder, name) for name in sorted(names)]
            for name in found:
                try:
                    detect(name)
                    files.append(name)
                except BadInput as e:
                    passed.append((name, _reason(name, e)))
            continue
        try:
            detect(path)
            files.append(path)
        except BadInput as e:
            if not skip_bad or not os.path.lexists(path):
                raise
            passed.append((path, _reason(path, e)))
    if not files:
        raise BadInput(f"{', '.join(map(str, paths))}: no hand-history file"
                       + (f" ({len(passed)} passed over: {passed[0][0]}: {passed[0][1]}{', ...' if len(passed) > 1 else ''})" if passed else ""))
    return files, passed


def _reason(path: str, error: BadInput) -> str:
    """``detect``'s message less the file's name it starts with."""
    text = str(error)
    return text[len(path):].lstrip(":0123456789 ") if text.startswith(path) else text


def read_hands(
    paths: Sequence[str], skip_bad: bool = False, progress: Callable[[int], None] = lambda done: None
) -> Iterator[Hand | Skipped]:
    """Every hand of the files, in order, a line at a time. ``progress(done)``: the bytes read
    so far, of all the files (``total_size``)."""
    kinds = [(str(path), detect(str(path))) for path in paths]  # every file checked before any hand
    before = 0
    for path, kind in kinds:
        try:
            with open(path, encoding=encoding_of(path)) as handle:
                for count, item in enumerate(hands_of(kind, lines_of(handle, path), path, skip_bad), start=1):
                    if not count % PROGRESS_HANDS:
                        progress(before + handle.buffer.tell())  # bytes read ahead: near enough
                    yield item
        except UnicodeDecodeError:
            raise not_utf8(path) from None
        before += os.path.getsize(path)
        progress(before)


def hands_of(
    kind: str, lines: Iterator[tuple[int, str]], path: str, skip_bad: bool
) -> Iterator[Hand | Skipped]:
    """The hands of a file of that kind, from its lines numbered as the file numbers them
    (all of it, or a worker's chunk: ``parallel``); a bad hand is BadInput naming its line, or
    a Skipped with ``skip_bad``."""
    module = reader(kind)
    try:
        for first, block in module.split_hands(lines):
            try:
                yield module.parse_hand(block, first, path)
            except BadHand as bad:
                if not skip_bad:
                    raise BadInput(f"{path}:{bad.line}: {bad.reason} (--skip-bad imports the other hands)") from None
                yield Skipped(path, bad.line or first, bad.reason)
    except BadHand as bad:  # the file as a whole (text before its first hand)
        raise BadInput(f"{path}:{bad.line}: {bad.reason}") from None


def reader(kind: str) -> ModuleType:
    """The reader of a format (a key of FORMATS): its module, imported now if not before."""
    return importlib.import_module(f"{__name__}.{kind}")


def total_size(paths: Sequence[str]) -> int:
    return sum(os.path.getsize(str(path)) for path in paths if os.path.isfile(str(path)))
