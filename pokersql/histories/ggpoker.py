"""GGPoker hand-history text: Hold'em hands, cash games and tournaments.

GGPoker writes PokerStars' text but for three things, which this module puts as PokerStars
writes them before ``pokerstars.parse_hand`` reads the hand: the header ("Poker Hand
#TM247771977: Tournament #5259595, Daily Special $250 Hold'em No Limit - Level2 (60/120) -
2020/06/02 19:17:33", hand numbers with letters), a "Dealt to" line for each player whose cards
it does not show, and the pot line's jackpot, bingo and other fees beside the rake (all kept as
the rake: the pot pays them).
"""

from __future__ import annotations

import re
from functools import partial

from . import pokerstars
from .hand import BadHand, Hand, hundredths
from .sites import HOLDEM, not_dealt_in, split_at

SITE = "GGPoker"
HEADER_START = "Poker Hand #"
_HEADER = re.compile(
    r"Poker Hand #(?P<id>\w+): (?:Tournament #(?P<tournament>\d+), (?P<event>.*?)(?P<tgame>\S+ (?:No Limit|Pot Limit|Limit|\([^)]*\)))"
    r"\s+- Level ?(?P<level>\w*?) ?\((?P<blinds>[^)]*)\)|(?P<game>.+?) \((?P<stakes>[^)]*)\))"
    r" - (?P<when>\d{4}/\d\d/\d\d \d\d?:\d\d:\d\d)"
)
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_BOARD = frozenset(["board"])
# GGPoker's names of the games pokersql imports besides Hold'em -> PokerStars' names
GAMES = {"PLO": "Omaha Pot Limit", "Omaha Pot Limit": "Omaha Pot Limit", "PLO-5": "5 Card Omaha Pot Limit",
         "PLO-6": "6 Card Omaha Pot Limit", "Omaha (NL postflop)": "Omaha Pot Limit Pre-Flop, No Limit Post-Flop",
         "ShortDeck No Limit": "6+ Hold'em No Limit"}
_FEES = re.compile(r" \| (?:Rake|Jackpot|Bingo|Fortune|Tax) ([^|\s]+)")
_RUN = frozenset(["run"])  # a hand run twice: its summary's boards, which "*** SECOND ..." gave whole


def is_header(line: str) -> bool:
    return line.startswith(HEADER_START)


split_hands = partial(split_at, header_start=HEADER_START)  # (line number of the header, the hand's lines)


def parse_hand(lines: list[str], first: int, source_file: str) -> Hand:
    """One hand from its lines; BadHand naming the line that is wrong, as ``pokerstars``."""
    header = _HEADER.match(lines[0])
    if header is None:
        raise BadHand(f"unreadable header {lines[0].strip()[:80]!r}", first)
    written = header.group("tgame") or header.group("game")
    game = written if written in HOLDEM.values() else GAMES.get(written)
    if game is None:
        raise BadHand(f"unsupported game {written!r}: pokersql imports Hold'em, Omaha (PLO, PLO-5, PLO-6) and short deck from GGPoker", first)
    stakes = header.group("blinds") or header.group("stakes")
    if game.startswith("6+") and "/" not in stakes:  # short deck's one amount: the ante, and the button's blind
        stakes = f"Button Blind {stakes} - Ante {stakes}"
    as_stars = [f"PokerStars Hand #1: {game} ({stakes}) - {header.group('when')}\n"]
    dealt: dict[frozenset[str], str] = {}
    for number, line in enumerate(lines[1:], first + 1):  # as many lines: the numbers stay the file's
        try:
            as_stars.append(_as_stars(line, dealt))
        except BadHand as bad:
            bad.line = number
            raise
    hand = pokerstars.parse_hand(as_stars, first, source_file)
    hand.site, hand.hand_id = SITE, header.group("id")
    if header.group("tournament"):  # its buy-in is not written (the event's name may tell it)
        hand.tournament_id, hand.level = header.group("tournament"), f"Level {header.group('level')}" if header.group("level") else None
        hand.currency = None  # a tournament's chips
    not_dealt_in(hand)
    return hand


def _as_stars(line: str, seen: dict[frozenset[str], str]) -> str:
    """The line as PokerStars writes it. ``seen``: the cards seen so far, each player's and the
    board's (as a set -> as first written): GGPoker may show them again in another order."""
    if line.startswith("Dealt to ") and "[" not in line:
        return "\n"  # cards not shown: nothing to read
    if line.strip() in ("FIRST", "SECOND") or line.startswith(("FIRST Board [", "SECOND Board [")):
        seen[_RUN] = line  # a board of a hand run twice: the lines "*** FIRST RIVER ***" and so on gave it
        return "\n"
    if line.startswith("Board [") and seen.pop(_RUN, "").strip() in ("FIRST", "SECOND"):
        return "\n"
    cards = _BRACKETS.findall(line)
    if line.startswith("*** "):
        if line.startswith("*** THIRD "):
            raise BadHand("a hand run three times: not imported (two boards at most)")
        if line.endswith(" SHOWDOWN ***\n") or line.endswith(" SHOWDOWN ***"):  # run it twice: "*** FIRST SHOWDOWN ***"
            return line.replace(" SHOWDOWN ***", " SHOW DOWN ***")
        if cards:  # the board so far, as dealt: a street's new cards last ("[7d 9d Ad] [2s]")
            seen[_BOARD] = f"{seen[_BOARD]} {cards[-1]}" if line.startswith(("*** TURN", "*** RIVER")) else cards[-1]
        return line
    if len(cards) == 1:
        written = frozenset(cards[0].split())
        if line.startswith("Board ["):
            dealt = seen.get(_BOARD, "")
            return f"Board [{dealt}]\n" if frozenset(dealt.split()) == written else line
        first = seen.setdefault(written, cards[0])
        return line.replace(f"[{cards[0]}]", f"[{first}]", 1)
    if line.startswith("Cash Drop to Pot : total "):  # the site's chips in the pot: Run It Once's line for them
        return f"STP added: {line.rstrip()[len('Cash Drop to Pot : total '):]}\n"
    if ": get an all-in insurance " in line or ": pay premium of all-in insurance" in line:
        raise BadHand(f"{line.strip()[:60]!r}: all-in insurance is not imported (the tables hold no insurance)")
    if line.startswith("Total pot "):
        total, _, fees = line.rstrip().partition(" | ")
        rake = sum(hundredths(fee.strip()) for fee in _FEES.findall(" | " + fees)) if fees else 0
        return f"{total} | Rake {rake // 100}.{rake % 100:02d}\n"
    return line
