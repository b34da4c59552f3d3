"""iPoker's XML hand histories: a ``<session>`` (its ``<general>``: game type, table, currency)
of ``<game>`` elements, one a hand, Hold'em only.

Read with the standard library's XML parser, and safely: a document with a ``<!DOCTYPE`` (the
only place an entity can be declared) is refused before it is parsed, so no entity is ever
expanded and nothing outside the file is ever read. A game's ``<player>`` gives the seat, the
stack (``chips``), the dealer, and what the player ``bet`` and ``win`` in all: the actions must
add up to ``bet``. Action ``type``: 0 fold, 1 small blind, 2 big blind, 3 call, 4 check, 5 bet,
6 and 7 all-in, 15 ante, 23 raise; ``sum`` is what the action adds (a raise: what it brings
the street's bet to). 8 and 9 say the player
sits out. Cards are written suit first (``H10``, ``CJ``; ``X`` unknown).
"""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator

from .amounts import amount
from . import games
from .hand import CARD_IDS, BadHand, Hand, integer
from .sites import buy_in, fixed_limit, stakes_as_bets
from .winnings import rake_taken, take_back_returned

SITE = "iPoker"
_GAME = re.compile(r"<game\b")
_GAME_END = "</game>"
_SESSION_GENERAL = re.compile(r"<general>.*?</general>", re.DOTALL)
_KINDS = {"0": "fold", "1": "small_blind", "2": "big_blind", "3": "call", "4": "check", "5": "bet",
          "6": "all_in", "7": "all_in", "15": "ante", "23": "raise"}
_SITTING_OUT = ("8", "9")
_LIMITS = (("NL", "No Limit"), ("SL", "No Limit"), ("БЛ", "No Limit"), ("PL", "Pot Limit"), ("Pot", "Pot Limit"),
           ("L", "Limit"), ("Limit", "Limit"))
# the <gametype>'s first words -> PokerStars' name of the game (none: Omaha, of the hole cards dealt)
_GAMES = (("Holdem", "Hold'em"), ("LH", "Hold'em"), ("Omaha", "Omaha"), ("Six Plus Holdem", "6+ Hold'em"))
_OMAHAS = {4: "Omaha", 5: "5 Card Omaha", 6: "6 Card Omaha"}
_STREETS = {"Flop": "flop", "Turn": "turn", "River": "river"}
_TABLE_ID = re.compile(r"(?:, |\(#)(?P<id>\d+)")  # a tournament's id in its table's name


def is_header(line: str) -> bool:
    return line.lstrip("\ufeff\x00 \t").startswith(("<session ", "<?xml"))


def split_hands(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, list[str]]]:
    """(line of the ``<game``, [the session's ``<general>``, the game's XML]) for each game."""
    numbered = list(lines)
    if not numbered:
        return
    text = "".join(line for _, line in numbered)
    first = numbered[0][0]
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise BadHand("an XML document type declaration (<!DOCTYPE): not read (iPoker's XML has none)", first)
    if "<session" not in text:
        raise BadHand("XML, but no iPoker <session> in it: not a hand history", first)
    general = _SESSION_GENERAL.search(text[: _GAME.search(text).start()] if _GAME.search(text) else text)
    session = general.group(0) if general else "<general/>"
    at = counted = 0  # where the next search starts; how far the line ends are counted
    line = first
    while True:
        start = _GAME.search(text, at)
        if start is None:
            return
        line += text.count("\n", counted, start.start())  # from the last game on: the text is counted once
        counted = start.start()
        end = text.find(_GAME_END, start.start())
        if end < 0:  # the file's last game, cut after its last round (an excerpt, as fpdb keeps them): closed there
            rounds = text.rfind("</round>", start.start())
            if _GAME.search(text, start.end()) or rounds < 0:
                raise BadHand("truncated hand: a <game> without its </game>", line)
            yield line, [session, text[start.start() : rounds] + "</round></game>"]
            return
        at = end + len(_GAME_END)
        yield line, [session, text[start.start() : at]]


def _cards(text: str) -> list[int | None]:
    found: list[int | None] = []
    for word in text.split():
        if word.upper() == "X":
            found.append(None)
            continue
        name = word[1:].replace("10", "T") + word[0].lower()
        card = CARD_IDS.get(name)
        if card is None:
            raise BadHand(f"unknown card {word!r}")
        found.append(card)
    return found


def parse_hand(lines: list[str], first: int, source_file: str) -> Hand:
    try:
        session = ET.fromstring(lines[0])
        game = ET.fromstring(lines[1])
    except ET.ParseError as e:
        raise BadHand(f"not XML: {e}", first) from None
    try:
        hand = Hand(SITE, game.get("gamecode", ""), source_file, first)
        _describe(hand, session, game)
        _play(hand, game)
        take_back_returned(hand)
        rake_taken(hand)
        stakes_as_bets(hand)
        hand.check()
    except BadHand as bad:
        bad.line = bad.line or first
        raise
    return hand


def _describe(hand: Hand, session: ET.Element, game: ET.Element) -> None:
    kind = (session.findtext("gametype") or "").strip()
    words = kind.split()
    name = next((name for written, name in _GAMES if kind.startswith(written + " ")), None)
    if name is None and words and words[0] in dict(_LIMITS):  # "PL €0.05/€0.10": Omaha, of 5 cards in the corpus
        dealt = {len((cards.text or "").split()) for cards in game.iter("cards") if cards.get("type") == "Pocket"}
        name = _OMAHAS.get(max(dealt, default=0))
    if name is None:
        raise BadHand(f"unsupported game {kind or '(none)'!r}: pokersql imports iPoker's Hold'em, Omaha and Six Plus Hold'em")
    limit = next((limit for word, limit in _LIMITS if word in words[1:] or word == words[0]), "No Limit")
    hand.game = f"{name} {limit}"
    games.check(hand)
    stakes = re.search(r"(\S+)/(\S+)$", kind)
    if stakes:
        hand.small_blind, hand.big_blind = amount(stakes.group(1)), amount(stakes.group(2))
    tournament = any(session.find(tag) is not None for tag in ("tournamentname", "tournamentcode", "buyin"))
    hand.currency = None if tournament else (session.findtext("currency") or None)
    hand.table_name = session.findtext("tablename")
    if tournament:
        _tournament(hand, session)
    when = (game.findtext("general/startdate") or "").strip()
    for form in ("%Y-%m-%d %H:%M:%S", "%d-%m-%Y %H:%M:%S", "%d/%m/%Y %H:%M:%S", "%m/%d/%Y %H:%M:%S"):
        try:
            hand.played_at = f"{datetime.datetime.strptime(when, form):%Y-%m-%d %H:%M:%S}"
            break
        except ValueError:
            continue


def _tournament(hand: Hand, session: ET.Element) -> None:
    """A tournament's id (``tournamentcode``, else the number the table's name ends with: "Twister
    $1 SNG, 825200070", "Hyper Turbo (500 Chips) (#16727068)") and buy-in ("$10+$1", "€0,50",
    "Pts 11.00+Pts 0.00"); iPoker writes no level."""
    code = (session.findtext("tournamentcode") or "").strip()
    named = _TABLE_ID.search(hand.table_name or "")
    hand.tournament_id = code or (named.group("id") if named else None)
    buy_in(hand, session.findtext("buyin") or "")


def _play(hand: Hand, game: ET.Element) -> None:
    players = game.findall("general/players/player")
    if not players:
        raise BadHand("a hand with no <player>")
    actions = [(rnd, action) for rnd in game.iter("round") for action in rnd.findall("action")]
    acting = {action.get("player") for _, action in actions if action.get("type") not in _SITTING_OUT}
    for player in players:
        name, seat = player.get("name", ""), integer(player.get("seat", "0"), "seat")
        if not name:
            continue  # an empty seat
        if name not in acting and not amount(player.get("bet")) and not amount(player.get("win")):
            hand.sit_out(seat, name)  # no action of the hand: not dealt in
            continue
        hand.seat(seat, name, amount(player.get("chips")))
        if player.get("dealer") == "1":
            hand.button_seat = seat
    won = {player.get("name", ""): amount(player.get("win")) for player in players}
    for rnd in game.iter("round"):
        for element in rnd.findall("cards"):
            if element.get("type") != "Pocket":
                _deal(hand, element)
        for element in rnd.findall("cards"):
            if element.get("type") == "Pocket":
                _deal(hand, element)
        for element in sorted(rnd.findall("action"), key=lambda action: integer(action.get("no", "0"), "action number")):  # not always in order
            _action(hand, element)
    if any(player.get("win") is not None for player in players):
        for name in hand.seats:
            hand.collect(name, won.get(name, 0))
    else:  # the history does not say what each won (its partial format): the pots the cards give, if any shows
        hand.collected = None
        hand.result_unknown = hand.undecided()


def _deal(hand: Hand, element: ET.Element) -> None:
    kind = element.get("type")
    if kind == "Pocket":
        player = element.get("player", "")
        if player in hand.seats:
            hand.hole(player, _cards(element.text or ""))
    elif kind in _STREETS:
        cards = _cards(element.text or "")
        street = _STREETS[kind]
        if hand.street == "preflop" and street == "turn" and len(cards) == 4:  # a flop and turn dealt together
            hand.deal_board("flop", cards[:3])  # type: ignore[arg-type]
            cards = cards[3:]
        hand.deal_board(street, cards)  # type: ignore[arg-type]
    else:
        raise BadHand(f"unknown cards {kind!r}")


def _big_blind(hand: Hand) -> int:
    """The big blind: the stakes' (``<gametype>``), but in fixed limit, whose stakes may name the
    bets ("Holdem L $5/$10": a big blind of 5) or the blinds (stakes_as_bets), the first big
    blind posted, where one is."""
    if fixed_limit(hand):
        return next((added for _, _, action, added, _, _ in hand.actions if action == "big_blind"), hand.big_blind)
    return hand.big_blind


def _action(hand: Hand, element: ET.Element) -> None:
    kind = element.get("type", "")
    player = element.get("player", "")
    if kind in _SITTING_OUT:
        return
    name = _KINDS.get(kind)
    if name is None:
        raise BadHand(f"unknown action type {kind!r} of {player!r}")
    added = amount(element.get("sum")) if name not in ("fold", "check") else 0
    if name == "all_in":
        highest, mine = max(hand.street_totals.values(), default=0), hand.street_totals.get(player, 0)
        name = "call" if mine + added <= highest else "raise" if highest else "bet"
        hand.act(player, name, added, all_in=True)
    elif name == "ante":
        hand.ante = max(hand.ante, added)
        hand.act(player, name, added, dead=True)
    elif name == "raise":  # its sum: what the raise brings the street's bet to
        hand.act(player, name, added - hand.street_totals.get(player, 0))
    elif name == "big_blind" and (blind := _big_blind(hand)) and added > blind:  # both blinds posted: the small one dead
        hand.act(player, "small_blind", added - blind, dead=True)
        hand.act(player, name, blind)
    else:
        if name == "small_blind" and not hand.small_blind:
            hand.small_blind = added
        if name == "big_blind" and not hand.big_blind:
            hand.big_blind = added
        hand.act(player, name, added)
