"""Winamax hand-history text: Hold'em hands, cash games and tournaments, read line by line.

A hand starts at its header ("Winamax Poker - CashGame - HandId: #2334898-436-1326450000 -
Holdem no limit (1€/2€) - 2012/01/19 12:03:46 UTC") and must reach its "*** SUMMARY ***".
Players are named without a colon ("Player1 posts small blind 1€"), a name may hold spaces;
Winamax writes no "Uncalled bet" line: the chips given back are in what their maker
"collected", and in the "Total pot" (written after the rake).
"""

from __future__ import annotations

import re
from functools import partial

from .hand import BadHand, Hand, card_ids, integer
from .sites import LIMITS, actor, amount, buy_in, ended, set_game, split_at, timestamp, uncalled_in_collected

SITE = "Winamax"
HEADER_START = "Winamax Poker - "
_HEADER = re.compile(
    r"Winamax Poker - (?P<kind>.*?) - HandId: #(?P<id>[\d-]+) - (?P<game>.+?) \((?P<stakes>[^)]*)\) - "
    r"(?P<year>\d{4})/(?P<month>\d\d)/(?P<day>\d\d) (?P<time>\d\d?:\d\d:\d\d)(?: (?P<zone>\w+))?"
)
# the header's kind of a tournament hand; its id is in the table's name ("Freeroll 100€(13133717)#336")
_TOURNAMENT = re.compile(r'Tournament "(?P<name>.*)" buyIn: (?P<buy_in>.*?) level: (?P<level>\d+)$')
_TOURNAMENT_ID = re.compile(r"\((?P<id>\d+)\)#\d+$")
_TABLE = re.compile(r"Table:? '(?P<table>.*)' (?P<seats>\d+)-max .*?Seat #?(?P<button>\d+) is the button")
_SEAT = re.compile(r"Seat (\d+): (.+) \(([^,)]*)(?:, [^)]*bounty)?\)$")
_TOTAL = re.compile(r"Total pot (?P<total>[^ |]+) \| (?:No rake|Rake (?P<rake>\S+))")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_STREETS = {"*** FLOP ***": "flop", "*** TURN ***": "turn", "*** RIVER ***": "river"}
_POSTS = {"small blind": "small_blind", "big blind": "big_blind", "ante": "ante"}


def is_header(line: str) -> bool:
    return line.startswith(HEADER_START)


split_hands = partial(split_at, header_start=HEADER_START)  # (line number of the header, the hand's lines)


def parse_hand(lines: list[str], first: int, source_file: str) -> Hand:
    """One hand from its lines (the first at line ``first`` of the file); BadHand naming the
    line that is wrong, or the header's for a hand that is wrong as a whole."""
    number = first
    try:
        hand = _header(lines[0], source_file, first)
        names: list[str] = []
        section, stated = "table", None
        for number, line in enumerate(lines[1:], start=first + 1):
            line = line.rstrip()
            if not line:
                continue
            if line.startswith("*** "):
                section = _section(hand, line)
            elif section == "table":
                _table_line(hand, line, names)
            elif section == "summary":
                stated = _summary_line(hand, line, stated)
            else:
                _play_line(hand, line, names)
        number = first
        ended(hand, section == "summary", "*** SUMMARY ***")
        returned = uncalled_in_collected(hand)
        _rounded(hand)
        if stated is not None:  # Winamax's total: what the players collected, the uncalled bet included
            hand.total_pot = stated + (hand.rake or 0) - returned
        hand.check()
    except BadHand as bad:
        if bad.line is None:
            bad.line = number
        raise
    return hand


# Winamax's games (lower case, the limit after them) -> PokerStars' names
_GAMES = {"holdem": "Hold'em", "omaha": "Omaha", "omaha5": "5 Card Omaha", "omaha8": "Omaha Hi/Lo",
          "omaha hi/lo": "Omaha Hi/Lo", "5 card omaha hi/lo": "5 Card Omaha Hi/Lo", "5 card omaha": "5 Card Omaha"}
_GAMES = sorted(_GAMES.items(), key=lambda item: -len(item[0]))  # the longest name first: "omaha hi/lo" before "omaha"


def _header(line: str, source_file: str, first: int) -> Hand:
    header = _HEADER.match(line)
    if header is None:
        raise BadHand(f"unreadable header {line.strip()[:80]!r}")
    game = header.group("game")
    name, limit = next(((name, game[len(written) + 1:]) for written, name in _GAMES
                        if game.lower().startswith(written + " ")), (None, ""))
    if name is None or limit.lower() not in LIMITS:
        raise BadHand(f"unsupported game {game!r}: pokersql imports Hold'em and Omaha (4 and 5 cards) from Winamax")
    hand = Hand(SITE, header.group("id"), source_file, first)
    set_game(hand, name, limit)
    stakes = header.group("stakes")
    blinds = stakes.split("/")
    if len(blinds) not in (2, 3):  # small/big blind, or ante/small/big blind (tournaments)
        raise BadHand(f"unreadable stakes {stakes!r}")
    hand.small_blind, hand.big_blind = amount(blinds[-2]), amount(blinds[-1])
    hand.currency = "EUR" if "€" in stakes else None
    hand.played_at = timestamp(header.group("year"), header.group("month"), header.group("day"), header.group("time"))
    hand.time_zone = header.group("zone")
    tournament = _TOURNAMENT.match(header.group("kind"))
    if tournament is not None:  # "0,90€ + 0,10€", "0.92-0.08", "Free", "Ticket only"
        buy_in(hand, tournament.group("buy_in"), "-" if " + " not in tournament.group("buy_in") else "+")
        hand.level = f"Level {tournament.group('level')}"
    return hand


def _section(hand: Hand, line: str) -> str:
    if line.startswith(("*** ANTE/BLINDS", "*** PRE-FLOP")):
        return "preflop"
    if line.startswith("*** SUMMARY"):
        return "summary"
    if line.startswith("*** SHOW DOWN"):
        return "showdown"
    street = next((street for start, street in _STREETS.items() if line.startswith(start)), None)
    cards = _BRACKETS.findall(line)
    if street is None or not cards:
        raise BadHand(f"unknown section {line[:40]!r}")
    hand.deal_board(street, card_ids(cards[-1]))
    return street


def _table_line(hand: Hand, line: str, names: list[str]) -> None:
    if line.startswith("Seat "):
        seat = _SEAT.match(line)
        if seat is None:
            raise BadHand(f"unreadable seat line {line[:80]!r}")
        hand.seat(integer(seat.group(1), "seat"), seat.group(2), amount(seat.group(3)))
        names.append(seat.group(2))
        names.sort(key=len, reverse=True)
    elif line.startswith(("Table: ", "Table '")):  # 2021's files write no colon
        table = _TABLE.match(line)
        if table is None:
            raise BadHand(f"unreadable table line {line[:80]!r}")
        hand.table_name, hand.max_seats = table.group("table"), integer(table.group("seats"), "table size")
        tournament = _TOURNAMENT_ID.search(hand.table_name) if hand.level is not None else None
        hand.tournament_id = tournament.group("id") if tournament is not None else None
        hand.button_seat = integer(table.group("button"), "button seat")
    else:
        raise BadHand(f"unknown line {line[:60]!r}")


def _play_line(hand: Hand, line: str, names: list[str]) -> None:
    if line.startswith("Dealt to "):
        player, bracket, cards = line[9:].partition(" [")
        if not bracket:
            raise BadHand(f"no cards in {line[:80]!r}")
        hand.hole(player, card_ids(cards.rstrip("]")))
        return
    said = actor(line, names)
    if said is None and " deny BB " in line:  # 2010's "Player30 deny BB 0€": a player with no seat refuses the big blind
        return
    if said is None:
        raise BadHand(f"unknown line {line[:60]!r}")
    player, rest = said
    all_in = rest.endswith(" and is all-in")
    if all_in:
        rest = rest[: -len(" and is all-in")]
    verb, _, words = rest.partition(" ")
    if verb == "folds":
        hand.act(player, "fold", 0)
    elif verb == "checks":
        hand.act(player, "check", 0)
    elif verb in ("calls", "bets"):
        hand.act(player, verb[:-1], amount(words), all_in)
    elif verb == "raises":
        _, to, total = words.partition(" to ")
        if not to:
            raise BadHand(f"unreadable raise {line[:80]!r}")
        hand.act(player, "raise", amount(total) - hand.street_totals.get(player, 0), all_in)
    elif verb == "posts":
        kind = next((kind for kind in _POSTS if words.startswith(kind + " ")), None)
        if kind is None:
            raise BadHand(f"unknown post {words!r} of {player!r}")
        chips = amount(words[len(kind) + 1 :].split(" ")[0])
        if kind == "ante":
            hand.ante = max(hand.ante, chips)
        hand.act(player, _POSTS[kind], chips, all_in, dead=kind == "ante")
    elif verb == "shows":
        cards = _BRACKETS.search(words)
        if cards is None:
            raise BadHand(f"no cards shown in {line[:80]!r}")
        hand.hole(player, card_ids(cards.group(1)), shown=True)
    elif verb == "collected":
        hand.collect(player, amount(words.split(" from ")[0]))
    elif verb not in ("denies", "mucks"):  # a big blind refused: no player of the hand
        raise BadHand(f"unknown action {rest[:60]!r} of {player!r}")


def _summary_line(hand: Hand, line: str, stated: int | None) -> int | None:
    """Read a line of the summary; returns the total pot it states (None: not stated exactly)."""
    if line.startswith("Total pot "):
        total = _TOTAL.match(line)
        if total is None:
            raise BadHand(f"unreadable pot line {line[:80]!r}")
        hand.rake = amount(total.group("rake")) if total.group("rake") else 0
        return None if total.group("total").endswith("k") else amount(total.group("total"))  # '6.02k': rounded
    if line.startswith("Board: "):
        if card_ids(line[7:].strip("[]")) != [card for _, card in hand.board]:
            raise BadHand(f"the summary's board {line[7:]} is not the board dealt")
    elif not line.startswith("Seat "):
        raise BadHand(f"unknown line {line[:60]!r} after the hand's summary")
    return stated


def _rounded(hand: Hand) -> None:
    """Winamax writes a tournament's "collected" in whole chips: a pot of 2570.5 chips is
    collected as 2571. Take the half chip back from the largest collector."""
    if not hand.collected or hand.currency:
        return
    over = sum(hand.collected.values()) + (hand.rake or 0) - (sum(hand.put.values()) - hand.returned())
    if 0 < over < 100:
        player = max(hand.collected, key=hand.collected.__getitem__)
        hand.collected[player] -= over
