"""PokerStars hand-history text: Hold'em hands, cash games and tournaments, read line by line.

A hand starts at its header line ("PokerStars Hand #30000: Hold'em No Limit (50/100) - 2019/07/11
08:20:00 ET") and ends before the next one; it must reach its "*** SUMMARY ***". Each line is
matched once, by its start or its verb: reading is about 20 microseconds a hand.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Iterator

from .hand import BadHand, Hand, card_ids, hundredths

SITE = "PokerStars"
HEADER_START = ("PokerStars Hand #", "PokerStars Zoom Hand #", "PokerStars Game #", "PokerStars Home Game Hand #")
_HEADER = re.compile(
    r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(\d+): +(?:Tournament #(\d+), [^-]*- +)?"
    r"(?P<game>.+?) \((?P<stakes>[^)]*)\)(?: - Level [^-]*)? - (?P<date>\d{4}/\d\d/\d\d) (?P<time>\d\d?:\d\d:\d\d)(?: (?P<zone>\w+))?"
)
# The table's name: from the first quote to the last before its size and button (a name may hold a quote).
_TABLE = re.compile(r"Table '(?P<table>.*)'(?: (?P<seats>\d+)-max)?[^']*?(?:Seat #(?P<button>\d+) is the button)?$")
_SEAT = re.compile(r"Seat (\d+): (.+?) \((\S+) in chips(?:, \S+ bounty)?\)")
_STAKES = re.compile(r"([^/\s]+)/([^/\s]+)")
_TOTAL = re.compile(r"Total pot (\S+).*?\| Rake (\S+)")
_SUMMARY_CARDS = re.compile(r"Seat \d+: (.+?)(?: \([a-z ]+\))* (showed|mucked) \[([^\]]*)\]")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
# Lines that change nothing of the hand: chat, players coming and going.
_NOISE = (" said, ", " is disconnected", " is connected", " has timed out", " is sitting out", " sits out",
          " joins the table", " leaves the table", " has returned", " will be allowed to play", " was removed from the table")
_NOT_DEALT = ("is sitting out", "out of hand")  # what a seat line may say after the chips
GAMES = ("Hold'em No Limit", "Hold'em Limit", "Hold'em Pot Limit")
_STREET_STARTS = tuple((street, f"*** {street.upper()} ***") for street in ("flop", "turn", "river"))


def is_header(line: str) -> bool:
    return line.startswith(HEADER_START)


def split_hands(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, list[str]]]:
    """(line number of the header, the hand's lines) for each hand of numbered lines."""
    start, block = 0, []
    for number, line in lines:
        if line[:11] == "PokerStars " and line.startswith(HEADER_START):
            if block:
                yield start, block
            start, block = number, [line]
        elif block:
            block.append(line)
        elif line.strip():
            raise BadHand(f"text before the first hand: {line.strip()[:60]!r}", number)
    if block:
        yield start, block


def parse_hand(lines: list[str], first: int, source_file: str) -> Hand:
    """One hand from its lines (the first at line ``first`` of the file); BadHand naming the
    line that is wrong, or the header's for a hand that is wrong as a whole."""
    number = first
    try:
        header = _HEADER.match(lines[0])
        if header is None:
            raise BadHand(f"unreadable header {lines[0].strip()[:80]!r}")
        hand = Hand(SITE, header.group(1), source_file, first)
        _read_header(hand, header)
        returned = 0
        section = "table"
        number = first
        for line in lines[1:]:
            number += 1
            line = line.rstrip()
            if not line:
                continue
            if line[:4] == "*** ":
                section = _section(hand, line, section)
                continue
            if section == "summary":
                _summary_line(hand, line)
            elif section == "table":
                if line.startswith("Seat "):
                    _seat_line(hand, line)
                elif line.startswith("Table "):
                    table = _TABLE.match(line)
                    if table is None:
                        raise BadHand(f"unreadable table line {line[:80]!r}")
                    hand.table_name = table.group("table")
                    hand.max_seats = int(table.group("seats")) if table.group("seats") else None
                    hand.button_seat = int(table.group("button")) if table.group("button") else None
                else:
                    returned += _action_line(hand, line)
            else:
                returned += _action_line(hand, line)
        number = first
        if section != "summary":
            raise BadHand("truncated hand: it ends before its *** SUMMARY ***")
        if not hand.seats:
            raise BadHand("a hand with no seats")
        hand.check(returned)
    except BadHand as bad:
        if bad.line is None:
            bad.line = number
        raise
    return hand


def _read_header(hand: Hand, header: re.Match) -> None:
    game = header.group("game")
    if game not in GAMES:
        raise BadHand(f"unsupported game {game!r}: pokersql imports Hold'em ({', '.join(GAMES)})")
    hand.game = game
    stakes = header.group("stakes")
    pair = _STAKES.search(stakes)
    if pair is None:
        raise BadHand(f"unreadable stakes {stakes!r}")
    hand.small_blind, hand.big_blind = hundredths(pair.group(1)), hundredths(pair.group(2))
    hand.currency = "USD" if "$" in stakes else "EUR" if "€" in stakes else stakes.split()[-1] if " " in stakes else None
    date, clock = header.group("date"), header.group("time")
    try:  # a date the tables' timestamp holds: checked here, not by the database's own error
        when = datetime.datetime(int(date[:4]), int(date[5:7]), int(date[8:]), *map(int, clock.split(":")))
    except ValueError:
        raise BadHand(f"not a date and time: {date} {clock}") from None
    hand.played_at = f"{when:%Y-%m-%d %H:%M:%S}"
    hand.time_zone = header.group("zone")


def _section(hand: Hand, line: str, section: str) -> str:
    if line.startswith("*** HOLE CARDS"):
        return "preflop"
    if line.startswith("*** SUMMARY"):
        return "summary"
    if line.startswith(("*** SHOW DOWN", "*** SHOWDOWN")):
        return "showdown"
    for street, start in _STREET_STARTS:
        if line.startswith(start):
            cards = _BRACKETS.findall(line)
            if not cards:
                raise BadHand(f"no cards on the {street}: {line!r}")
            hand.deal_board(street, card_ids(cards[-1]))
            return street
    raise BadHand(f"unknown section {line[:40]!r} (run it twice and other games are not imported)")


def _seat_line(hand: Hand, line: str) -> None:
    seat = _SEAT.match(line)
    if seat is None:
        raise BadHand(f"unreadable seat line {line[:80]!r}")
    if line[seat.end():].lstrip().startswith(_NOT_DEALT):  # its seat taken, but no player of the hand
        hand.sit_out(int(seat.group(1)), seat.group(2))
    else:
        hand.seat(int(seat.group(1)), seat.group(2), hundredths(seat.group(3)))


def _action_line(hand: Hand, line: str) -> int:
    """Read one line of the play; returns the chips it says are returned (uncalled bets)."""
    player, colon, rest = line.partition(": ")
    if colon:
        all_in = rest.endswith("and is all-in")
        if all_in:
            rest = rest[: -len(" and is all-in")]
        verb, _, words = rest.partition(" ")
        if verb == "folds":  # the verbs in the order they come most often
            hand.act(player, "fold", 0)
        elif verb == "calls":
            hand.act(player, "call", hundredths(words), all_in)
        elif verb == "checks":
            hand.act(player, "check", 0)
        elif verb == "raises":
            _, to, total = words.partition(" to ")
            if not to:
                raise BadHand(f"unreadable raise {line[:80]!r}")
            hand._known(player)
            hand.act(player, "raise", hundredths(total) - hand.street_totals.get(player, 0), all_in)
        elif verb == "bets":
            hand.act(player, "bet", hundredths(words), all_in)
        elif verb == "posts":
            _post(hand, player, words, all_in)
        elif verb == "shows":
            cards = _BRACKETS.search(words)
            if cards is None:
                raise BadHand(f"no cards shown in {line[:80]!r}")
            hand.hole(player, card_ids(cards.group(1)), shown=True)
        elif verb in ("mucks", "doesn't"):
            hand._known(player)
        elif not any(noise in line for noise in _NOISE):
            raise BadHand(f"unknown action {rest[:60]!r} of {player!r}")
        return 0
    if line.startswith("Dealt to "):
        cards = _BRACKETS.findall(line)
        player, bracket, _ = line[9:].partition(" [")
        if not cards or not bracket:
            raise BadHand(f"no cards in {line[:80]!r}")
        hand.hole(player, card_ids(cards[0]))
    elif line.startswith("Uncalled bet ("):
        amount, _, player = line[14:].partition(") returned to ")
        hand._known(player)
        return hundredths(amount)
    elif " collected " in line:
        player, _, amount = line.partition(" collected ")
        hand.collect(player, hundredths(amount.split(" from ")[0]))
    elif not any(noise in line for noise in _NOISE):
        raise BadHand(f"unknown line {line[:60]!r}")
    return 0


def _post(hand: Hand, player: str, words: str, all_in: bool) -> None:
    kind, _, amount = words.rpartition(" ")
    chips = hundredths(amount)
    if kind == "small blind":
        hand.act(player, "small_blind", chips, all_in)
    elif kind == "big blind":
        hand.act(player, "big_blind", chips, all_in)
    elif kind == "the ante":
        hand.ante = max(hand.ante, chips)
        hand.act(player, "ante", chips, all_in, dead=True)
    elif kind == "small & big blinds":
        hand.act(player, "small_blind", hand.small_blind, dead=True)
        hand.act(player, "big_blind", chips - hand.small_blind, all_in)
    else:
        raise BadHand(f"unknown post {words!r} of {player!r}")


def _summary_line(hand: Hand, line: str) -> None:
    if line.startswith("Total pot "):
        total = _TOTAL.match(line)
        if total is None:
            raise BadHand(f"unreadable pot line {line[:80]!r}")
        hand.total_pot, hand.rake = hundredths(total.group(1)), hundredths(total.group(2))
    elif line.startswith("Board ["):
        cards = card_ids(line[7:].partition("]")[0])
        if cards != [card for _, card in hand.board]:
            raise BadHand(f"the summary's board {line[6:]} is not the board dealt")
    elif line.startswith("Seat "):
        if "[" in line:  # cards shown or mucked (most seats show none)
            seen = _SUMMARY_CARDS.match(line)
            if seen is not None:
                hand.hole(seen.group(1), card_ids(seen.group(3)), shown=seen.group(2) == "showed")
    elif not any(noise in line for noise in _NOISE):  # text that is not a hand's, before the next hand
        raise BadHand(f"unknown line {line[:60]!r} after the hand's summary")
