"""PokerStars hand-history text: Hold'em hands, cash games and tournaments, read line by line.

A hand starts at its header line ("PokerStars Hand #30000: Hold'em No Limit (50/100) - 2019/07/11
08:20:00 ET") and ends before the next one; it must reach its "*** SUMMARY ***". Each line is
matched once, by its start or its verb: reading a Pluribus hand takes about 70 to 95 microseconds
of CPU on a shared two-core machine, no more than before issue 45's games and sites
(``bench/histories_side_by_side.py``).
"""

from __future__ import annotations

import datetime
import operator
import re
from collections.abc import Iterable, Iterator

from . import games
from .hand import BOARD_SIZES, STUD_STREETS, BadHand, Hand, card_ids, Remembered, hundredths, integer
from .sites import CURRENCY_SIGNS

SITE = "PokerStars"
HEADER_START = ("PokerStars Hand #", "PokerStars Zoom Hand #", "PokerStars Game #", "PokerStars Home Game Hand #")
# Sites that write PokerStars' text (and the trackers that convert to it), each hand under its own name
OTHER_STARTS = ("Run It Once Poker Hand #", "PokerMaster Hand #", "PokerBros Hand #", "Full Tilt Hand #", "Full Tilt Rush Hand #")
# PokerTracker 2's exports write the header in capitals ("POKERSTARS GAME #13177128246:  HOLD'EM NO LIMIT"):
# its words read as PokerStars writes them (``_capitals``)
CAPITALS_START = ("POKERSTARS GAME #", "POKERSTARS HAND #")
STARTS = HEADER_START + OTHER_STARTS + CAPITALS_START
_WORDS = {word.upper(): word for name in (*games.HOLE_CARDS, "PokerStars Game Hand Tournament Level No Limit Pot Fixed")
          for word in name.split()}
_HEADS = frozenset(start[:4] for start in STARTS)
_FIRSTS = frozenset(start[:1] for start in STARTS) | {"*"}  # the first character of a header, or of a Zoom archive's marker
# A Zoom archive: each hand under a line "*********** # 1 **************", its lines indented by a space
_ARCHIVE = re.compile(r"\*{5,} # \d+ \*+\s*$")
_HEADER = re.compile(
    r"(?P<site>PokerStars|Run It Once Poker|PokerMaster|PokerBros|Full Tilt)(?: Zoom| Home Game| Rush)? (?:Hand|Game) #(\d+): +"
    r"(?:\{[^}]*\} +)?(?P<middle>.+?) +- +"
    r"(?P<date>\d{4}/\d\d?/\d\d?)(?: -)? (?P<time>\d\d?:\d\d(?::\d\d)?)(?: \(?(?P<zone>[A-Z]+)\)?)?"
)
# A tournament's header, between its number and its game: the buy-in ("$5+$0.50 USD", "$12.30+$12.25+$2.45 USD"
# with a bounty, "2000+110", "1FPP", "250 SC", "Freeroll"), then the game, its level and the blinds.
_TOURNAMENT = re.compile(
    r"(?:Zoom )?Tournament #(?P<id>\d+), *(?P<buy_in>.*?) *(?<![^ ])(?P<rest>(?:Hold'em|Omaha|Courchevel|Mixed|Triple|Razz|"
    r"\d Card|8-Game|HORSE|6\+|Split|Badugi|2-7|Team|Zoom) .*)$"
)
_LEVEL = re.compile(r" +- +(?P<level>(?:Match Round [IVXLC]+, )?Level [IVXLC]+)$")
_BUY_IN = re.compile(r"(?P<amounts>[^ ]*?\d[^ ,]*)(?: (?P<currency>[A-Z]{2,3})\b)?")
_MIXED = re.compile(r"(?P<mix>.+?) \((?P<game>[^,()]+)\)$")
# The table's name: from the first quote to the last before its size and button (a name may hold a quote).
_TABLE = re.compile(r"Table (?:ID )?'(?P<table>.*)'(?: (?P<seats>\w+)-[Mm]ax)?[^']*?(?:Seat #(?P<button>\w+) is the button)?$")
_SEAT = re.compile(r"Seat (\d+): (.+?) \((\S+) in chips(?:, \S+ bounty)?\)")
_STAKES = re.compile(r"([^/\s]+)/([^/\s]+)")
_TOTAL = re.compile(r"Total pot (\S+).*?\| Rake (\S+)")
_SUMMARY_CARDS = re.compile(r"Seat \d+: (.+?)(?: \([a-z ]+\))* (showed|mucked) \[([^\]]*)\]")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
# Lines that change nothing of the hand: chat, players coming and going.
_NOISE = (" said, ", " is disconnected", " is connected", " has timed out", " is sitting out", " sits out",
          " joins the table", " leaves the table", " has returned", " will be allowed to play", " was removed from the table",
          " finished the tournament", " wins the tournament", " re-buys and receives ", " takes the add-on", "Betting is capped",
          ": Table deposit ", "Table leave user", "Table enter user", "Hand was run twice", "Hand was run two times",
          '# {"',  # PokerMaster's own data, as JSON
          "No low hand qualified",  # a hi-lo pot all high: what each collected says so
          "Pair on board - a double bet is allowed")  # stud's fourth street
# Lines of a tournament: a knockout's bounty ("wins the $0.27 bounty for eliminating X", "wins $4.60 for
# splitting the elimination of X", "wins $19.90 for eliminating X and their own bounty increases by $9.95").
_BOUNTY = re.compile(r"(?P<player>.+?) wins (?:the )?(?P<amount>[^ ]+) (?:bounty )?for (?:eliminating|splitting the elimination of) ")
_CASH_OUT = re.compile(r"(?P<player>.+?) cashed out the hand for (?P<amount>[^ ]+) \| Cash Out Fee (?P<fee>[^ ]+)$")
_CAP = " and has reached the "  # "raises $5 to $10 and has reached the $10 cap": capped no-limit
_NOT_DEALT = ("is sitting out", "out of hand")  # what a seat line may say after the chips
GAMES = ("Hold'em No Limit", "Hold'em Limit", "Hold'em Pot Limit")
_STREET_STARTS = tuple((street, f"*** {street.upper()} ***") for street in ("flop", "turn", "river"))


def _capitals(header: str) -> str:
    """A header written in capitals (PokerTracker 2's exports), its words as PokerStars writes them."""
    if "LIMIT" not in header:  # every game's limit, in capitals ("NO LIMIT", "POT LIMIT", "LIMIT"): seldom, and quick to rule out
        return header
    return " ".join(_WORDS.get(word, word) for word in header.split(" "))


def is_header(line: str) -> bool:
    return line.startswith(STARTS) or _ARCHIVE.match(line) is not None


def split_hands(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, list[str]]]:
    """(line number of the header, the hand's lines) for each hand of numbered lines."""
    lines = iter(lines)
    start, block = 0, []
    for number, line in lines:  # until the first header
        if line[:5] == "*****" and _ARCHIVE.match(line):
            yield from _split_archive(lines)
            return
        if line[:4] in _HEADS and line.startswith(STARTS):
            start, block = number, [line]
            break
        if line.strip():
            raise BadHand(f"text before the first hand: {line.strip()[:60]!r}", number)
    heads = _FIRSTS
    for number, line in lines:
        if line[:1] in heads:  # most lines are a hand's own, told by their first character
            if line[:4] in _HEADS and line.startswith(STARTS):
                yield start, block
                start, block = number, [line]
                continue
            if line[:5] == "*****" and _ARCHIVE.match(line):  # (a street's "*** FLOP ***": three)
                yield from _split_archive(lines, start, block)
                return
        block.append(line)
    if block:
        yield start, block


def _split_archive(lines: Iterator[tuple[int, str]], start: int = 0, block: list[str] | None = None) -> Iterator[tuple[int, list[str]]]:
    """``split_hands`` of a Zoom archive's lines, from its first marker on: each line indented by a space."""
    block = [] if block is None else block
    for number, line in lines:
        if line[:5] == "*****" and _ARCHIVE.match(line):
            continue
        if line[:1] == " ":
            line = line[1:]
        if line[:4] in _HEADS and line.startswith(STARTS):
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
        header = _HEADER.match(_capitals(lines[0]))
        if header is None:
            raise BadHand(f"unreadable header {lines[0].strip()[:80]!r}")
        hand = Hand(header.group("site"), header.group(2), source_file, first)
        _read_header(hand, header)
        if hand.hole_count == games.STUD_CARDS:
            hand.street = STUD_STREETS[0]  # its antes are third street's
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
                if line[:5] == "Seat ":
                    seat = _SEAT.match(line)
                    if seat is None:
                        raise BadHand(f"unreadable seat line {line[:80]!r}")
                    end = seat.end()
                    if end < len(line) and line[end:end + 2].strip() and line[end:].lstrip().startswith(_NOT_DEALT):
                        hand.sit_out(integer(seat.group(1), "seat"), seat.group(2), hundredths(seat.group(3)))  # its seat taken, but no player of the hand
                    else:
                        hand.seat(integer(seat.group(1), "seat"), seat.group(2), hundredths(seat.group(3)))
                elif line.startswith("Table "):
                    table = _TABLE.match(line)
                    if table is None:
                        raise BadHand(f"unreadable table line {line[:80]!r}")
                    hand.table_name = table.group("table")
                    hand.max_seats = integer(table.group("seats"), "table size") if table.group("seats") else None
                    hand.button_seat = integer(table.group("button"), "button seat") if table.group("button") else None
                else:
                    returned += _action_line(hand, line)
            else:
                returned += _action_line(hand, line, section == "second showdown")
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


# What a header says between its number and its date (the game, stakes, tournament), read once
# for all the hands that share it: a file's hands mostly do. Its date, too: "2019/07/11" as
# "2019-07-11", checked once (a date the tables' timestamp holds).
_MIDDLES = Remembered()
_DATES = Remembered()
# What _read_middle sets: the fields a remembered middle gives the next hand that shares it.
_MIDDLE_FIELDS = ("tournament_id", "buy_in", "fee", "bounty", "buy_in_currency", "level", "game_mix", "game",
                  "hole_count", "ranked", "small_blind", "big_blind", "ante", "currency")
_middle_of = operator.attrgetter(*_MIDDLE_FIELDS)


def _read_header(hand: Hand, header: re.Match) -> None:
    middle = header.group("middle")
    known = _MIDDLES.get(middle)
    if known is None:
        _read_middle(hand, middle, header.group(0))
        _MIDDLES.keep(middle, _middle_of(hand))
    else:
        for name, value in zip(_MIDDLE_FIELDS, known):
            setattr(hand, name, value)
    date, clock = header.group("date", "time")
    day = _DATES.get(date)
    if day is not None and len(clock) == 8 and clock < "24" and clock[3:5] < "60" and clock[6:] < "60" and clock.isascii():
        hand.played_at = f"{day} {clock}"  # "08:20:00", as the format below writes it
    else:
        try:  # a date the tables' timestamp holds: checked here, not by the database's own error
            year, month, day_no = (integer(part, "date") for part in date.split("/"))
            when = datetime.datetime(year, month, day_no, *(integer(part, "time") for part in clock.split(":")))
        except ValueError:
            raise BadHand(f"not a date and time: {date} {clock}") from None
        hand.played_at = f"{when:%Y-%m-%d %H:%M:%S}"
        _DATES.keep(date, hand.played_at[:-9])
    hand.time_zone = header.group("zone")


def _read_middle(hand: Hand, middle: str, header: str) -> None:
    tournament = _TOURNAMENT.match(middle)
    if tournament is not None:
        hand.tournament_id = tournament.group("id")
        _buy_in(hand, tournament.group("buy_in").strip(" -,"))
        middle = tournament.group("rest")
    stakes_start = middle.rfind(" (") if middle.endswith(")") else -1
    if stakes_start < 0 and middle.startswith("("):
        stakes_start = 0
    if stakes_start < 0:
        raise BadHand(f"unreadable header {header[:80]!r}: no stakes")
    game, stakes = middle[:stakes_start].strip(), middle[stakes_start:].strip()[1:-1]
    if " Limit, " in stakes:  # a mixed game's hand: "Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD)"
        hand.game_mix = game
        game, _, stakes = stakes.rpartition(", ")
    level = _LEVEL.search(game)
    if level is not None:
        hand.level = level.group("level")
        game = game[: level.start()]
    mixed = _MIXED.match(game)
    if mixed is not None:  # a mixed tournament's hand: "Mixed Hold'em (Hold'em Limit)"
        hand.game_mix, game = mixed.group("mix"), mixed.group("game")
    hand.game = game
    games.check(hand)
    _stakes(hand, stakes)


def _buy_in(hand: Hand, text: str) -> None:
    """A tournament's buy-in: the prize pool's part, a bounty's (when there are three), and the fee."""
    if not text or text == "Freeroll":
        hand.buy_in, hand.fee = 0, 0
        return
    found = _BUY_IN.match(text)
    if found is None:
        raise BadHand(f"unreadable buy-in {text!r}")
    amounts = found.group("amounts")
    unit = re.sub(r"[\d.,+]", "", amounts)
    parts = [hundredths(part.rstrip("FPSC").strip()) for part in re.sub(r"[^\d.,+]", "", amounts).split("+")]
    hand.buy_in, hand.fee = parts[0], parts[-1] if len(parts) > 1 else 0
    if len(parts) == 3:
        hand.bounty = parts[1]
    elif len(parts) > 3:
        raise BadHand(f"unreadable buy-in {text!r}")
    hand.buy_in_currency = found.group("currency") or CURRENCY_SIGNS.get(unit[:1]) or unit or None


def _stakes(hand: Hand, stakes: str) -> None:
    """The blinds (and the currency) of "$0.25/$0.50 USD", "10/20", "Button Blind $2 - Ante $2 USD",
    "$0.25/$0.50 - $10 Cap - USD"."""
    stakes = stakes.replace("\xa0", " ")  # a no-break space, in Latin-1 text
    pair = _STAKES.search(stakes)
    if pair is not None:
        hand.small_blind, hand.big_blind = hundredths(pair.group(1)), hundredths(pair.group(2))
    elif stakes.startswith("Button Blind "):  # 6+ Hold'em: one blind, on the button, and an ante from everyone
        blind, _, ante = stakes[13:].partition(" - Ante ")
        hand.small_blind = hand.big_blind = hundredths(blind.split()[0])
        hand.ante = hundredths(ante.split()[0]) if ante else 0
    else:
        raise BadHand(f"unreadable stakes {stakes!r}")
    words = stakes.split()
    symbol = next((CURRENCY_SIGNS[sign] for sign in CURRENCY_SIGNS if sign in stakes), None)
    hand.currency = words[-1] if len(words) > 1 and words[-1].isalpha() and words[-1].isupper() else symbol


# Stud's and razz's streets as PokerStars heads them ("*** 3rd STREET ***" ... "*** RIVER ***", the seventh)
_STUD_STARTS = tuple(zip(("*** 3rd STREET", "*** 4th STREET", "*** 5th STREET", "*** 6th STREET", "*** RIVER"), STUD_STREETS))


# The heads most hands have, told by the word after "*** ": (the section, the whole start; a
# street: its name, _STREET_STARTS').
_HEADS_OF = {start[4:8]: (name, start) for name, start in (("preflop", "*** HOLE CARDS"), ("summary", "*** SUMMARY"), *_STREET_STARTS)}


def _section(hand: Hand, line: str, section: str) -> str:
    head = _HEADS_OF.get(line[4:8])
    if head is not None and hand.street not in STUD_STREETS and line.startswith(head[1]):  # what the lines below say first
        name = head[0]
        if name in BOARD_SIZES:
            _deal(hand, name, line)
        return name
    if hand.street in STUD_STREETS:
        street = next((street for start, street in _STUD_STARTS if line.startswith(start)), None)
        if street is not None:
            hand.stud_street(street)
            shared = _BRACKETS.findall(line)
            if shared:  # "*** RIVER *** [6h]": too few cards left, one card shared by all, the board's
                hand.board.extend((street, card) for card in card_ids(shared[-1]))
                hand.hole_count -= len(hand.board)  # each player's own cards, six
            return street
    if line.startswith("*** HOLE CARDS") or line.startswith("*** PRE-FLOP"):  # Courchevel's card before the flop: the flop's first
        return "preflop"
    if line.startswith("*** SUMMARY"):
        return "summary"
    if line.startswith(("*** SHOW DOWN", "*** SHOWDOWN", "*** FIRST SHOW DOWN")):
        return "showdown"
    if line.startswith("*** SECOND SHOW DOWN"):
        return "second showdown"
    if line.startswith("*** SECOND "):  # run it twice, or Split Hold'em: the second board, whole so far
        hand.second_board(card_ids(" ".join(_BRACKETS.findall(line))))
        return section
    run = line[4:10] == "FIRST "
    for street, start in _STREET_STARTS:
        if line.startswith(start) or run and line[10:].startswith(start[4:]):
            _deal(hand, street, line)
            return street
    raise BadHand(f"unknown section {line[:40]!r}")


def _deal(hand: Hand, street: str, line: str) -> None:
    """The cards of a street's line ("*** TURN *** [8s 2c 9h] [Kd]": the last brackets') to the board."""
    cards = _BRACKETS.findall(line)
    if not cards:
        raise BadHand(f"no cards on the {street}: {line!r}")
    dealt = card_ids(cards[-1])
    if street == "flop" and len(dealt) < 3:  # Courchevel's "[8s] [2c 9h]": the card before the flop, then two
        dealt = card_ids(" ".join(cards))
    hand.deal_board(street, dealt)


def _action_line(hand: Hand, line: str, second_board: bool = False) -> int:
    """Read one line of the play; returns the chips it says are returned (uncalled bets)."""
    player, colon, rest = line.partition(": ")
    if colon and player == "STP added":  # Run It Once's splash the pot (and GGPoker's Cash Drop): the site's chips in the pot
        hand.site_added += hundredths(rest)
        return 0
    if colon:
        all_in = rest.endswith("and is all-in")
        if all_in:
            rest = rest[: -len(" and is all-in")]
        elif _CAP in rest:
            rest = rest[: rest.index(_CAP)]
        verb, _, words = rest.partition(" ")
        if verb == "folds":  # the verbs in the order they come most often
            hand.passes(player, "fold")
        elif verb == "calls":
            hand.act(player, "call", hundredths(words), all_in)
        elif verb == "checks":
            hand.passes(player, "check")
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
        elif verb == "brings":  # stud's forced bet on third street: "brings in for $0.02"
            hand.act(player, "bring_in", hundredths(words.rpartition(" ")[2]), all_in)
        elif verb == "straddle":  # GGPoker's "straddle $0.50": the street's bet it brings the player to
            hand.act(player, "straddle", hundredths(words) - hand.street_totals.get(player, 0), all_in)
        elif verb == "shows":
            cards = _BRACKETS.search(words)
            if cards is None:
                raise BadHand(f"no cards shown in {line[:80]!r}")
            hand.hole(player, card_ids(cards.group(1), "XX"), shown=True)
        elif verb in ("mucks", "doesn't"):
            hand._known(player)
        elif not any(noise in line for noise in _NOISE):
            raise BadHand(f"unknown action {rest[:60]!r} of {player!r}")
        return 0
    if line.startswith("Dealt to "):
        player, bracket, cards_written = line[9:].partition(" [")
        if bracket and cards_written.find("]") == len(cards_written) - 1 and player in hand.seats:  # "[Ah Kd]": one card's set
            hand.hole(player, card_ids(cards_written[:-1]))
            return 0
        if player not in hand.seats:  # a name with a bracket in it: "Dealt to PC [Mittel] [5c]"
            player = next((name for name in hand.seats if line.startswith(f"Dealt to {name} [")), player)
            bracket, cards_written = "[", line[11 + len(player):]
        cards = _BRACKETS.findall("[" + cards_written)
        if not cards or not bracket:
            raise BadHand(f"no cards in {line[:80]!r}")
        hand.hole(player, card_ids(" ".join(cards) if hand.street in STUD_STREETS else cards[0]))  # stud's: those dealt before, then the new one
    elif line.startswith("Uncalled bet ("):
        amount, _, player = line[14:].partition(") returned to ")
        hand._known(player)
        return hundredths(amount)
    elif " collected " in line:
        player, _, amount = line.partition(" collected ")
        hand.collect(player, hundredths(amount.split(" from ")[0]), second_board)
    elif " shows [" in line:  # Run It Once's "Barre shows [4s 4d] for Three of Kind [Qc 8s 4s 4d 4c]"
        player, _, cards = line.partition(" shows [")
        hand.hole(player, card_ids(cards.partition("]")[0], "XX"), shown=True)
    elif line == "Hand cancelled":
        hand.cancel()
    elif " split the " in line and " bounty for eliminating " in line:  # "A, B split the $50 bounty for eliminating C"
        players, _, rest = line.partition(" split the ")
        names = players.split(", ")
        share, odd = divmod(hundredths(rest.partition(" ")[0]), len(names))
        for name in names:
            hand._known(name)
            hand.bounties[name] = hand.bounties.get(name, 0) + share + (odd if name == names[0] else 0)
    elif " cashed out the hand for " in line:
        cash_out = _CASH_OUT.match(line)
        if cash_out is None:
            raise BadHand(f"unreadable cash-out {line[:80]!r}")
        hand._known(cash_out.group("player"))
        hand.cash_outs[cash_out.group("player")] = (hundredths(cash_out.group("amount")), hundredths(cash_out.group("fee")))
    elif " for eliminating " in line or " for splitting the elimination of " in line:
        bounty = _BOUNTY.match(line)
        if bounty is None:
            raise BadHand(f"unreadable bounty {line[:80]!r}")
        player = bounty.group("player")
        hand._known(player)
        hand.bounties[player] = hand.bounties.get(player, 0) + hundredths(bounty.group("amount"))
    elif not any(noise in line for noise in _NOISE):
        raise BadHand(f"unknown line {line[:60]!r}")
    return 0


def _post(hand: Hand, player: str, words: str, all_in: bool) -> None:
    kind, _, amount = words.rpartition(" ")
    chips = hundredths(amount)
    if kind == "small blind":
        hand.act(player, "small_blind", chips, all_in)
    elif kind in ("big blind", "button blind"):  # 6+ Hold'em's one blind, on the button
        hand.act(player, "big_blind", chips, all_in)
    elif kind == "the ante":
        hand.ante = max(hand.ante, chips)
        hand.act(player, "ante", chips, all_in, dead=True)
    elif kind == "missed blind":  # GGPoker's small blind missed, posted dead (with the big blind, live)
        hand.act(player, "small_blind", chips, all_in, dead=True)
    elif kind == "small & big blinds":
        hand.act(player, "small_blind", hand.small_blind, dead=True)
        hand.act(player, "big_blind", chips - hand.small_blind, all_in)
    else:
        raise BadHand(f"unknown post {words!r} of {player!r}")


def _summary_line(hand: Hand, line: str) -> None:
    if line.startswith("Seat "):
        if "[" in line:  # cards shown or mucked (most seats show none)
            seen = _SUMMARY_CARDS.match(line)
            if seen is not None:
                hand.hole(seen.group(1), card_ids(seen.group(3), "XX"), shown=seen.group(2) == "showed")
    elif line.startswith("Total pot "):
        total = _TOTAL.match(line)
        if total is None:
            raise BadHand(f"unreadable pot line {line[:80]!r}")
        hand.total_pot, hand.rake = hundredths(total.group(1)), hundredths(total.group(2))
    elif line.startswith(("Board [", "FIRST Board [", "SECOND Board [")):
        board = line.partition("Board ")[2]
        cards = card_ids(board[1:].partition("]")[0])
        if cards != [card for _, card in (hand.board2 if line[0] == "S" else hand.board)]:
            raise BadHand(f"the summary's board {board} is not the board dealt")
    elif not any(noise in line for noise in _NOISE):  # text that is not a hand's, before the next hand
        raise BadHand(f"unknown line {line[:60]!r} after the hand's summary")
