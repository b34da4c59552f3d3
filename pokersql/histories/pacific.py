"""888 (Pacific Poker, Cassava) hand-history text: Hold'em hands, cash games and tournaments.

A hand starts at "#Game No : 441790927", then "***** 888poker Hand History for Game … *****",
"$0.50/$1 Blinds No Limit Holdem - *** 21 03 2011 19:41:31" (day, month, year; no date at all
in 888.ro's tournaments), the table, the button, the seats and the play; its "** Summary **"
holds what is shown and collected. Players are named without a colon; a bet, call or raise
gives the chips it adds ("raises [3]"); amounts are written in the player's locale ('0,55 $',
'$1,000', '3.000 $', '25 000'). 888 writes no uncalled bet: the chips given back are in what
their maker "collected".
"""

from __future__ import annotations

import re
from functools import partial

from .hand import BadHand, Hand, card_ids, integer
from .sites import LIMITS, actor, amount, buy_in, ended, set_game, split_at, stakes_as_bets, timestamp, uncalled_in_collected

SITE = "888"
HEADER_START = "#Game No : "
_SITE_LINE = re.compile(r"\*{5} (?!Hand History)\S+.* Hand History for Game ")
_GAME = re.compile(
    r"(?P<stakes>.+?) Blinds (?P<game>.+?)(?: Jackpot table)? - \*\*\*"
    r"(?: (?P<day>\d\d) (?P<month>\d\d) (?P<year>\d{4}) (?P<time>\d\d?:\d\d:\d\d))?\s*$"
)
_TABLE = re.compile(r"(?P<table>.+?)(?: (?P<seats>\d+) Max)? \((?:Real Money|Practice Play)\)$")
# a tournament's table: "Tournament #132635073 4,57 $ + 0,43 $ - Table #1", "Tournament #133191603 Free"
_TOURNAMENT = re.compile(r"Tournament #(?P<id>\d+) (?P<buy_in>.*?)(?: - Table #\d+)?$")
_SEAT = re.compile(r"Seat (\d+): (.*) \( ?([^()]*?) ?\)$")
_BUTTON = re.compile(r"Seat (\d+) is the button$")
_STREETS = {"** Dealing flop **": "flop", "** Dealing turn **": "turn", "** Dealing river **": "river"}
_POSTS = {"small blind": "small_blind", "big blind": "big_blind", "ante": "ante"}
SUITS = {"Pik": "s", "Herz": "h", "Kier": "h", "Karo": "d", "Kreuz": "c", "Trefl": "c"}
_SUITS = re.compile("|".join(SUITS))
_CARDS = re.compile(r"\[ ?([^\]]*?) ?\]")


def is_header(line: str) -> bool:
    return line.startswith(HEADER_START)


def names_888(following: str) -> bool:
    """Whether the line after a hand's "#Game No : N" names 888's site ("***** 888poker Hand
    History", "***** Cassava Hand History", "***** 888.ro Hand History"), as PartyPoker's
    "***** Hand History for Game N" does not."""
    return _SITE_LINE.match(following) is not None


split_hands = partial(split_at, header_start=HEADER_START)  # (line number of the header, the hand's lines)


def parse_hand(lines: list[str], first: int, source_file: str) -> Hand:
    """One hand from its lines (the first at line ``first`` of the file); BadHand naming the
    line that is wrong, or the header's for a hand that is wrong as a whole."""
    number = first
    lines = _in_english(lines)
    try:
        hand = Hand(SITE, lines[0][len(HEADER_START) :].strip(), source_file, first)
        names: list[str] = []
        section, size = "table", None
        for number, line in enumerate(lines[1:], start=first + 1):
            line = line.rstrip("\r\n")
            if not line.strip() or line.startswith("***** "):
                continue
            if line.startswith("** "):
                section = _section(hand, line)
            elif section == "table" and not hand.game:
                _game(hand, line)
            elif section == "table" and hand.table_name is None:
                size = _table(hand, line)
            elif section == "table" and line.startswith(("Seat ", "Total number of players : ")):
                _seat_line(hand, line, names)
            else:  # the blinds and antes come before the cards are dealt
                _play_line(hand, line, names, section == "summary")
        number = first
        ended(hand, section == "summary", "** Summary **")
        if size and max(hand.seated) <= size:  # 888 numbers a 6 Max table's seats 1 to 10 (seats 7 to 10 kept)
            hand.max_seats = size
        hand.dead_button()
        uncalled_in_collected(hand)
        stakes_as_bets(hand, named_by_blinds=True)  # "$5/$10 Blinds Fix Limit Holdem"
        hand.check()
    except BadHand as bad:
        if bad.line is None:
            bad.line = number
        raise
    return hand


_GAMES = {"holdem": "Hold'em", "omaha": "Omaha", "omahahl": "Omaha Hi/Lo"}  # 888's -> PokerStars' names


def _game(hand: Hand, line: str) -> None:
    header = _GAME.match(line)
    if header is None:
        raise BadHand(f"unreadable game line {line.strip()[:80]!r}")
    game = header.group("game")
    limit, _, name = game.rpartition(" ")
    if limit.lower() not in LIMITS or name.lower() not in _GAMES:
        raise BadHand(f"unsupported game {game!r}: pokersql imports Hold'em and Omaha (no limit, pot limit, limit) from 888")
    set_game(hand, _GAMES[name.lower()], limit)
    stakes = header.group("stakes")
    small, slash, big = stakes.partition("/")
    if not slash:
        raise BadHand(f"unreadable stakes {stakes!r}")
    hand.small_blind, hand.big_blind = amount(small), amount(big)
    hand.currency = "USD" if "$" in stakes else "EUR" if "€" in stakes else None
    if header.group("year"):
        hand.played_at = timestamp(header.group("year"), header.group("month"), header.group("day"), header.group("time"))


def _table(hand: Hand, line: str) -> int | None:
    """Read the table's line; returns its size ("6 Max"), if it says."""
    table = _TABLE.match(line)
    if table is None or not line.startswith(("Table ", "Tournament #")):
        raise BadHand(f"unreadable table line {line.strip()[:80]!r}")
    name = table.group("table")
    hand.table_name = name[6:] if name.startswith("Table ") else name
    tournament = _TOURNAMENT.match(name)
    if tournament is not None:  # (888 writes no level)
        hand.currency = None  # a tournament's chips, written as money
        hand.tournament_id = tournament.group("id")
        buy_in(hand, tournament.group("buy_in"))
    return integer(table.group("seats"), "table size") if table.group("seats") else None


def _seat_line(hand: Hand, line: str, names: list[str]) -> None:
    button = _BUTTON.match(line)
    if button is not None:
        hand.button_seat = integer(button.group(1), "button seat")
        return
    if line.startswith("Total number of players : "):
        return
    seat = _SEAT.match(line)
    if seat is None:
        raise BadHand(f"unreadable seat line {line[:80]!r}")
    if not seat.group(2):
        raise BadHand(f"a player without a name in seat {seat.group(1)}")
    hand.seat(integer(seat.group(1), "seat"), seat.group(2), amount(seat.group(3)))
    names.append(seat.group(2))
    names.sort(key=len, reverse=True)


def _section(hand: Hand, line: str) -> str:
    if line.startswith("** Dealing down cards"):
        return "preflop"
    if line.startswith("** Summary"):
        return "summary"
    street = next((street for start, street in _STREETS.items() if line.startswith(start)), None)
    cards = _CARDS.search(line)
    if street is None or cards is None:
        raise BadHand(f"unknown section {line[:40]!r}")
    hand.deal_board(street, _cards(cards.group(1)))
    return street


# Ranks in some of 888's languages -> English: Dutch (Heer, Vrouw, Boer), Swedish (Kn for knekt,
# Dam, Ess), Russian written in Windows-1251 and read as Windows-1252 (В, Д, К, Т read as Â, Ä, Ê, Ò)
_RANKS = {"Kn": "J", "H": "K", "V": "Q", "B": "J", "D": "Q", "E": "A", "Â": "J", "Ä": "Q", "Ê": "K", "Ò": "A"}
_SPANISH = {"p": "s", "t": "c", "c": "h"}  # picas, tréboles, corazones (diamantes: d)
_CARD_BRACKETS = re.compile(r"\[ ([^\]$€£]*?) \]")  # cards, not amounts ("[0,02$]")
_ENGLISH = re.compile(r"(?:[2-9TJQKA][cdhs], )*[2-9TJQKA][cdhs]")


def _in_english(lines: list[str]) -> list[str]:
    """The hand's lines with its cards in English, where it writes them in another language (the
    suits of a Spanish hand, whose hearts are c, told by its p and t suits)."""
    written = [cards for line in lines for cards in _CARD_BRACKETS.findall(line)]
    if all(_ENGLISH.fullmatch(cards) for cards in written):
        return lines
    spanish = any(token[-1:] in ("p", "t") for cards in written for token in cards.split(", "))

    def english(cards: re.Match) -> str:
        tokens = [_SUITS.sub(lambda suit: SUITS[suit.group(0)], token) for token in cards.group(1).split(", ")]
        tokens = [_RANKS.get(token[:-1], token[:-1]) + (_SPANISH.get(token[-1:], token[-1:]) if spanish else token[-1:])
                  for token in tokens]
        return f"[ {', '.join(tokens)} ]"

    return [_CARD_BRACKETS.sub(english, line) for line in lines]


def _cards(text: str) -> list[int | None]:
    """'9d, 2d' or, in some of 888's languages, '8Pik, QPik' (German and Polish suit names)."""
    return card_ids(_SUITS.sub(lambda suit: SUITS[suit.group(0)], text.replace(",", " ")))


def _play_line(hand: Hand, line: str, names: list[str], summary: bool) -> None:
    if line.startswith("Dealt to "):
        cards = _CARDS.search(line)
        if cards is not None:
            hand.hole(line[9:].partition(" [")[0], _cards(cards.group(1)))
        return
    if line.startswith(("(Hi: ", "(Lo: ")):  # the hand a hi-lo player shows makes, for each half: its collected says
        return
    said = actor(line, names)
    if said is None:
        raise BadHand(f"unknown line {line[:60]!r}")
    player, rest = said
    verb, _, words = rest.partition(" ")
    cards = _CARDS.search(words)
    if verb == "folds":
        hand.act(player, "fold", 0)
    elif verb == "checks":
        hand.act(player, "check", 0)
    elif verb in ("calls", "bets", "raises") and cards is not None and not summary:
        hand.act(player, verb[:-1], amount(cards.group(1)))
    elif verb == "posts" and cards is not None and not summary:
        kind = words.partition(" [")[0]
        if kind == "dead blind":  # a small blind, dead, and a big blind: "[0.50 + 1]"
            dead, plus, live = cards.group(1).partition("+")
            if not plus:
                raise BadHand(f"unreadable dead blind {line[:80]!r}")
            hand.act(player, "small_blind", amount(dead), dead=True)
            hand.act(player, "big_blind", amount(live))
            return
        if kind not in _POSTS:
            raise BadHand(f"unknown post {words!r} of {player!r}")
        chips = amount(cards.group(1))
        if kind == "ante":
            hand.ante = max(hand.ante, chips)
        hand.act(player, _POSTS[kind], chips, dead=kind == "ante")
    elif verb in ("shows", "mucks") and cards is not None:
        hand.hole(player, _cards(cards.group(1)), shown=verb == "shows")
    elif verb == "collected" and cards is not None:
        hand.collect(player, amount(cards.group(1)))
    elif rest != "did not show his hand":
        raise BadHand(f"unknown action {rest[:60]!r} of {player!r}")
