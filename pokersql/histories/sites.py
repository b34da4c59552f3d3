"""What the parsers of the other sites' text (``ggpoker``, ``winamax``, ``pacific``) share.

Those sites write amounts with their own separators and currency signs, seat players who are not
dealt in without saying so, and (Winamax, 888) count the uncalled bet in what its maker
"collected": these helpers read the one and put the others as PokerStars has them.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Iterator

from . import games
from .hand import LETTERS_IN_NUMBER, BadHand, Hand, hundredths, integer, shown

_NOT_DIGITS = re.compile(r"[^\d.,]")
# a limit as the sites name it -> PokerStars' name
LIMITS = {"no limit": "No Limit", "pot limit": "Pot Limit", "fixed limit": "Limit", "fix limit": "Limit", "limit": "Limit"}
# Hold'em as each site names it -> the name pokersql stores (PokerStars')
HOLDEM = {written: f"Hold'em {limit}" for written, limit in LIMITS.items()}


def set_game(hand: Hand, name: str, limit: str) -> None:
    """The hand's game, as PokerStars names it, from the game's name (PokerStars': "Omaha", "5 Card
    Omaha", "Omaha Hi/Lo") and the limit as the site writes it; BadHand for a game not imported
    (games.check: the hole cards each player is dealt)."""
    hand.game = f"{name} {LIMITS[limit.lower()]}"
    games.check(hand)


def fixed_limit(hand: Hand) -> bool:
    """Whether the hand's game is played in fixed limit ("Hold'em Limit"), not no limit or pot limit."""
    return hand.game.endswith(" Limit") and not hand.game.endswith(("No Limit", "Pot Limit"))


def stakes_as_bets(hand: Hand, named_by_blinds: bool | None = None) -> None:
    """A fixed-limit hand whose stakes were read as its blinds (888's "$5/$10 Blinds Fix Limit";
    iPoker's "LH 20/40 x2 Limit $10.00/$20.00", where its "Holdem L $10/$20" names the bets)
    stored by its bets, as PokerStars, PartyPoker, Winamax and PHH name them ("$10/$20"): the
    small bet is the big blind, the big bet twice it. ``named_by_blinds``: what the header says;
    None: the stakes name the blinds when their big one is the big blind posted (the small bet).
    Called once the actions are read (they check the blinds posted against the blinds)."""
    if not fixed_limit(hand):
        return
    if named_by_blinds is None:
        posted = [added for _, _, action, added, _, all_in in hand.actions if action == "big_blind" and not all_in]
        named_by_blinds = bool(posted) and max(posted) == hand.big_blind
    if named_by_blinds:
        hand.small_blind, hand.big_blind = hand.big_blind, 2 * hand.big_blind


def amount(text: str) -> int:
    """Hundredths of an amount as the sites write it, its currency sign and spaces aside:
    '0,55 $' and '$0.55' -> 55; '$1,000', '3.000 $' and '25 000' -> 100000 and so on; '9,966.25'
    and '42.797,60' -> 996625 and 4279760. The last separator is the decimal point when one or
    two digits follow it; every other separator groups thousands."""
    digits = _NOT_DIGITS.sub("", text)
    if not any(character.isdigit() for character in digits) or LETTERS_IN_NUMBER.search(text):
        raise BadHand(f"not an amount: {shown(text.strip())}")
    last = max(digits.rfind("."), digits.rfind(","))
    decimals = len(digits) - last - 1
    if last >= 0 and decimals in (1, 2):
        return hundredths(re.sub(r"[.,]", "", digits[:last]) + "." + digits[last + 1 :], text)
    return hundredths(re.sub(r"[.,]", "", digits), text)


# a buy-in written as no money: a freeroll's (a ticket's, "Ticket only", is a buy-in not written)
_FREE = {"free", "freeroll", "gratuit", "бесплатно", "einladung"}
CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY"}  # every site's, PokerStars' too


def buy_in(hand: Hand, text: str, separator: str = "+") -> None:
    """A tournament's buy-in as the sites write it ("$4.8 + $0.2", "0,90€ + 0,10€", Winamax's
    "0.92-0.08" with ``separator`` "-", "$1+$0.25+$0.25"), as PokerStars' reader keeps it: the
    prize pool's part, a bounty's (when there are three) and the fee, in hundredths, and the
    currency its word or sign names. One amount alone is the whole buy-in, its fee not written
    (NULL). A freeroll's is 0 and 0; one that names no amount (a ticket) stays unknown (NULL):
    nothing of the hand depends on it."""
    text = text.strip()
    if text.lower() in _FREE:
        hand.buy_in, hand.fee = 0, 0
        return
    parts = text.split(separator)
    if len(parts) > 3 or not all(re.search(r"\d", part) for part in parts):
        return
    amounts = [amount(part) for part in parts]
    hand.buy_in, hand.fee = amounts[0], amounts[-1] if len(amounts) > 1 else None  # one amount: the whole
    hand.bounty = amounts[1] if len(amounts) == 3 else None
    unit = re.search(r"[A-Za-z]+", text)  # "USD", points' "Pts"; else the sign
    hand.buy_in_currency = unit.group(0) if unit else next((code for sign, code in CURRENCY_SIGNS.items() if sign in text), None)


def split_at(lines: Iterable[tuple[int, str]], header_start: str) -> Iterator[tuple[int, list[str]]]:
    """(line number of the header, the hand's lines) for each hand of numbered lines, a hand
    starting at each line that starts with ``header_start``; BadHand for text before the first."""
    start, block = 0, []
    for number, line in lines:
        if line.startswith(header_start):
            if block:
                yield start, block
            start, block = number, [line]
        elif block:
            block.append(line)
        elif line.strip():
            raise BadHand(f"text before the first hand: {line.strip()[:60]!r}", number)
    if block:
        yield start, block


def timestamp(year: str, month: str, day: str, clock: str) -> str:
    """'YYYY-MM-DD HH:MM:SS', or BadHand for a date and time that cannot be."""
    try:
        when = datetime.datetime(*(integer(part, "date") for part in (year, month, day, *clock.split(":"))))
    except ValueError:
        raise BadHand(f"not a date and time: {year}/{month}/{day} {clock}") from None
    return f"{when:%Y-%m-%d %H:%M:%S}"


def actor(line: str, names: list[str]) -> tuple[str, str] | None:
    """(player, the rest) of a line that starts with a player's name and a space (``names``
    longest first: a name may hold spaces, or be the start of another's); None if none does."""
    for name in names:
        if line.startswith(name) and line[len(name) : len(name) + 1] == " ":
            return name, line[len(name) + 1 :]
    return None


def ended(hand: Hand, summary: bool, heading: str) -> None:
    """A hand read to its end: refused if it did not reach its summary (``heading``) or seats
    no one; else its seats that were not dealt in taken out (``not_dealt_in``)."""
    if not summary:
        raise BadHand(f"truncated hand: it ends before its {heading}")
    if not hand.seats:
        raise BadHand("a hand with no seats")
    hand.dead_button()
    not_dealt_in(hand)


def not_dealt_in(hand: Hand) -> None:
    """Take out of the hand the seats that neither act nor hold a known card: players sitting
    out, whom these sites list with the others (a player dealt in acts before the hand can end,
    or has posted a blind)."""
    acted = {action[1] for action in hand.actions}
    for player in [player for player in hand.seats if player not in acted and player not in hand.holes]:
        del hand.seats[player], hand.put[player]  # still in hand.seated: a seat taken, as Hand.sit_out leaves it


def uncalled_in_collected(hand: Hand) -> int:
    """Winamax, and 888 at times, count the uncalled bet given back to its maker in what that
    player "collected": where the collected (and the rake) come to more than the pot, take it
    out, as PokerStars writes it; returns what was taken out."""
    returned = hand.returned()
    if not returned or not hand.collected:
        return 0
    pot = sum(hand.put.values()) - returned
    if sum(hand.collected.values()) + (hand.rake or 0) <= pot:
        return 0
    player = max(hand.put, key=hand.put.__getitem__)
    taken = hand.collected.get(player, 0)
    if taken < returned:
        raise BadHand(
            f"amounts do not add up: {sum(hand.collected.values()) / 100:g} collected from a pot of {pot / 100:g}, "
            f"and {player} is given back {returned / 100:g} uncalled but collects {taken / 100:g}"
        )
    hand.collected[player] = taken - returned
    return returned
