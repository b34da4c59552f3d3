"""PHH, the Poker Hand History standard (uoftcprg/phh-std): TOML, one hand a file (``.phh``)
or many (``.phhs``, each under a header such as ``[11]``): the variants ``GAMES`` names (Hold'em
no limit and fixed limit, pot-limit Omaha, fixed-limit Omaha Hi/Lo, 7 Card Stud, its Hi/Lo and Razz).

The actions are PHH's: ``d dh p1 AcKd`` deals hole cards (``????`` unknown), ``d db Kd7c7s`` the
board, ``p1 f`` folds, ``p1 cc`` checks or calls, ``p1 cbr 3.00`` bets or raises to 3.00, ``p1 sm
Jh3h`` shows; in stud, ``d dh p1 ??7s`` deals a street's cards to one player (the third
street's three, then one a street) and ``p1 pb`` posts the bring-in. The amount each puts in
follows from the rules; ``winnings``, where given, is what each player collected.
"""

from __future__ import annotations

import datetime
import hashlib
import re
from collections.abc import Iterable, Iterator
from typing import Any

from . import games
from .hand import MAX_HUNDREDTHS, STUD_STREETS, BadHand, Hand, card_ids, chips, hundredths, integer, shown
from .winnings import take_back_returned

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

GAMES = {
    "NT": "Hold'em No Limit", "FT": "Hold'em Limit", "PO": "Omaha Pot Limit", "FO/8": "Omaha Hi/Lo Limit",
    "F7S": "7 Card Stud Limit", "F7S/8": "7 Card Stud Hi/Lo Limit", "FR": "Razz Limit",
}
STUD = ("F7S", "F7S/8", "FR")  # no board: a street's cards dealt to each player, the first street's antes and bring-in
FIXED_LIMIT = ("FT", "FO/8", *STUD)  # stakes as a small and a big bet
CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_SECTION = re.compile(r"^\[([^\[\]]+)\]\s*$")
_TOML_LINE = re.compile(r"at line (\d+)")
NEXT_STREET = {0: "flop", 3: "turn", 4: "river"}
_WORD = re.compile(r"\w+")  # a number too long to read is its line's longest word


def split_hands(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, list[str]]]:
    """(first line, the hand's lines) for each hand: a ``.phhs`` section, or a whole ``.phh``."""
    start, block = 1, []
    for number, line in lines:
        if _SECTION.match(line):
            if any(text.strip() and not text.lstrip().startswith("#") for text in block):
                yield start, block
            start, block = number, []
        block.append(line)
    if any(text.strip() and not text.lstrip().startswith("#") for text in block):
        yield start, block


def parse_hand(lines: list[str], first: int, source_file: str) -> Hand:
    """One hand from its TOML text, which starts at line ``first`` of the file."""
    text = "".join(lines)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        at = _TOML_LINE.search(str(e))
        raise BadHand(f"not PHH: {str(e).split(' (at')[0]}", first + integer(at.group(1)) - 1 if at else first) from e
    except RecursionError:  # the TOML reader recurses once a level of arrays or inline tables
        raise _too_deep(lines, first) from None
    except ValueError:  # an integer of more digits than Python converts (sys.get_int_max_str_digits)
        number = max(range(len(lines)), key=lambda n: max(map(len, _WORD.findall(lines[n])), default=0))
        raise BadHand(f"not PHH: a number too long to read: {shown(lines[number].strip())}", first + number) from None
    section = _SECTION.match(lines[0])
    if section is not None:  # a hand of a .phhs file, under its header
        data = data.get(section.group(1).strip().strip('"'), data)
    try:
        return _hand(data, text, first, source_file)
    except BadHand as bad:
        bad.line = bad.line or first
        raise
    except (TypeError, ValueError, KeyError, IndexError, OverflowError) as e:
        raise BadHand(f"not PHH: {type(e).__name__}: {e}", first) from e


def _too_deep(lines: list[str], first: int) -> BadHand:
    """The line where the arrays and inline tables are nested deepest (brackets in strings
    counted too: near enough for a file no TOML reader reads)."""
    depth, deepest, where = 0, 0, 0
    for number, line in enumerate(lines):
        for character in line:
            if character in "[{":
                depth += 1
                if depth > deepest:
                    deepest, where = depth, number
            elif character in "]}":
                depth -= 1
    return BadHand(f"not PHH: arrays or inline tables nested {deepest} deep, too deep to read: {shown(lines[where].strip())}", first + where)


def _amount(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BadHand(f"not an amount: {value!r}")
    return hundredths(repr(value))


def _stack(value: Any) -> int | None:
    """A starting stack; None for ``inf``, a stack the history does not know (how the PHH dataset
    writes HandHQ's iPoker hands)."""
    if isinstance(value, float) and value == float("inf"):
        return None
    return _amount(value)


def _blind(value: Any) -> int:
    """A blind or straddle; a negative one (HandHQ: a blind posted by a player past the two
    blinds, such as a dead small blind) is posted all the same, as pokerkit posts it."""
    return _amount(-value) if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0 else _amount(value)


def _hand(data: dict[str, Any], text: str, first: int, source_file: str) -> Hand:
    for key in ("variant", "starting_stacks", "actions"):
        if key not in data:
            raise BadHand(f"not PHH: no {key!r}")
    variant = data["variant"]
    if variant not in GAMES:
        raise BadHand(f"unsupported variant {variant!r}: pokersql imports {', '.join(GAMES)}")
    count = len(data["starting_stacks"])
    names = [str(name) for name in data.get("players", [f"p{n}" for n in range(1, count + 1)])]
    written = [_stack(value) for value in data["starting_stacks"]]
    # a stack not known is no limit while the hand is read (no one is all in for want of chips),
    # then stored as the chips the player put in, the least it can be (as PartyPoker's joiners')
    stacks = [MAX_HUNDREDTHS if stack is None else stack for stack in written]
    seats = [integer(str(seat), "seat") for seat in data.get("seats", range(1, count + 1))]
    if len(names) != count or len(seats) != count:
        raise BadHand(f"{count} starting stacks but {len(names)} players and {len(seats)} seats")
    site = str(data.get("venue") or "PHH")
    hand_id = str(data["hand"]) if "hand" in data else hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]
    hand = Hand(site, hand_id, source_file, first)
    hand.game = GAMES[variant]
    games.check(hand)  # the hole cards each player is dealt
    if variant in STUD:
        hand.street = STUD_STREETS[0]  # its antes and bring-in are third street's
    _describe(hand, data, seats, count, variant not in STUD)
    for seat, name, stack in zip(seats, names, stacks):
        hand.seat(seat, name, stack)
    antes = [_amount(value) for value in data.get("antes", [0] * count)]
    raw_blinds = data.get("blinds_or_straddles", [0] * count)
    if count == 2:  # heads-up, the first player (the big blind) posts the second blind and ante, as pokerkit posts them
        antes, raw_blinds = antes[::-1], list(raw_blinds)[::-1]
    blinds = [_blind(value) for value in raw_blinds]
    hand.ante = max(antes, default=0)
    posted = sorted(blind for blind, value in zip(blinds, raw_blinds) if value > 0)
    hand.small_blind = posted[0] if len(posted) > 1 else 0
    hand.big_blind = posted[1] if len(posted) > 1 else posted[0] if posted else 0
    for name, ante, stack in zip(names, antes, stacks):
        if ante:
            hand.act(name, "ante", min(ante, stack), dead=True)
    for name, blind, value in zip(names, blinds, raw_blinds):
        if value < 0:  # posted past the two blinds: named by its amount
            kind = "big_blind" if blind == hand.big_blind else "small_blind" if blind == hand.small_blind else "straddle"
        elif blind:
            rank = posted.index(blind)
            kind = "small_blind" if rank == 0 and len(posted) > 1 else "big_blind" if rank <= 1 else "straddle"
        if blind:
            hand.act(name, kind, min(blind, hand.seats[name][1] - hand.put[name]))
    actions = [str(action).split(" #")[0].split() for action in data["actions"]]  # each action's words
    dealt: dict[str, list[int | None]] = {}  # stud: each player's cards dealt so far
    for words in actions:
        _act(hand, names, words, dealt, data.get("bring_in"))
    for name, stack in zip(names, written):
        if stack is None:
            hand.seats[name] = (hand.seats[name][0], hand.put[name])
    winnings = data.get("winnings")
    if winnings is not None and not any(winnings) and sum(hand.put.values()):
        winnings = None  # every player's 0 where there is a pot: not known (the dataset's HandHQ iPoker hands)
    if winnings is not None:
        for name, won in zip(names, winnings):
            hand.collect(name, _amount(won))
        take_back_returned(hand)
        pot, won = sum(hand.put.values()) - hand.returned(), sum(hand.collected.values())  # type: ignore[union-attr]
        if won > pot:  # PHH's winnings are the rules' (pokerkit's): no site's miscount to allow for
            raise BadHand(f"winnings do not add up: {chips(won)} won from a pot of {chips(pot)}")
    else:
        hand.collected = None
        # a player who shows cards no one knows ("p2 sm ????"): the cards would tell who won, and
        # they are not known (one who shows nothing mucks, and the pot is the others')
        showing = [_player(names, words[0]) for words in actions if len(words) == 3 and words[1] == "sm" and "??" in words[2]]
        hand.result_unknown = any(name not in hand.holes for name in showing)  # kept: its result unknown (067)
    if variant in FIXED_LIMIT and "small_bet" in data and "big_bet" in data:  # fixed limit's stakes are its bets, as the sites name them
        hand.small_blind, hand.big_blind = _amount(data["small_bet"]), _amount(data["big_bet"])
    hand.check()
    return hand


def _describe(hand: Hand, data: dict[str, Any], seats: list[int], count: int, button: bool = True) -> None:
    hand.table_name = str(data["table"]) if "table" in data else None
    hand.max_seats = integer(str(data["seat_count"]), "seat_count") if "seat_count" in data else None
    hand.button_seat = seats[-1] if count and button else None  # PHH lists players from the small blind: the button last (stud has none)
    hand.currency = data.get("currency") or CURRENCIES.get(data.get("currency_symbol", ""))
    hand.time_zone = data.get("time_zone") or data.get("time_zone_abbreviation")
    if all(key in data for key in ("year", "month", "day")):
        try:
            when = datetime.datetime(*(integer(str(data[key]), key) for key in ("year", "month", "day")))
        except (BadHand, ValueError):
            raise BadHand(f"not a date: {shown(str(data['year']) + '-' + str(data['month']) + '-' + str(data['day']))}") from None
        if isinstance(data.get("time"), datetime.time):
            clock = data["time"]
            when = when.replace(hour=clock.hour, minute=clock.minute, second=clock.second)
        hand.played_at = when.strftime("%Y-%m-%d %H:%M:%S")


def _player(names: list[str], word: str) -> str:
    try:
        number = integer(word[1:], "player") if word.startswith("p") else 0
    except BadHand:
        number = 0
    if not 1 <= number <= len(names):
        raise BadHand(f"unknown player {shown(word)} in an action")
    return names[number - 1]


def _act(hand: Hand, names: list[str], words: list[str], dealt: dict[str, list[int | None]], bring_in: Any = None) -> None:
    action = " ".join(words)
    if len(words) < 2:
        raise BadHand(f"unreadable action {action!r}")
    if words[0] == "d":
        if words[1] == "dh" and len(words) == 4 and hand.street in STUD_STREETS:
            _stud_deal(hand, _player(names, words[2]), card_ids(words[3], unknown="??"), dealt)
        elif words[1] == "dh" and len(words) == 4:
            hand.hole(_player(names, words[2]), card_ids(words[3], unknown="??"))
        elif words[1] == "db" and len(words) == 3:
            street = NEXT_STREET.get(len(hand.board))
            if street is None:
                raise BadHand(f"a board card after the river: {action!r}")
            cards = card_ids(words[2])
            hand.deal_board(street, cards)  # type: ignore[arg-type]
        else:
            raise BadHand(f"unsupported dealing {action!r} (Hold'em deals hole cards and the board)")
        return
    player = _player(names, words[0])
    left = hand.seats[player][1] - hand.put[player]
    highest = max(hand.street_totals.values(), default=0)
    mine = hand.street_totals.get(player, 0)
    if words[1] == "f":
        hand.act(player, "fold", 0)
    elif words[1] == "cc":
        owed = min(highest - mine, left)
        hand.act(player, "call" if owed else "check", owed)
    elif words[1] == "pb" and hand.street == STUD_STREETS[0] and bring_in is not None:
        hand.act(player, "bring_in", min(_amount(bring_in), left))
    elif words[1] == "cbr" and len(words) == 3:
        to = hundredths(words[2])
        hand.act(player, "raise" if highest else "bet", to - mine)
    elif words[1] == "sm":
        if len(words) == 3:
            hand.hole(player, card_ids(words[2], unknown="??"), shown=True)
    else:
        raise BadHand(f"unsupported action {action!r}")


def _stud_deal(hand: Hand, player: str, cards: list[int | None], dealt: dict[str, list[int | None]]) -> None:
    """A stud street's cards to one player: the third street's three, then one a street. The
    first player's cards of a street start it; a player's seven, all known, are the hole cards."""
    held = dealt.setdefault(player, [])
    held.extend(cards)
    if not 3 <= len(held) <= 7:
        raise BadHand(f"{player} is dealt {len(held)} card(s) by the {hand.street} street")
    street = STUD_STREETS[len(held) - 3]
    if street != hand.street:
        hand.stud_street(street)
    if len(held) == 7:
        hand.hole(player, held)
