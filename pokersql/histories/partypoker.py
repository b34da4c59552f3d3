"""PartyPoker hand-history text (and the exports written in its format): Hold'em, cash games
and tournaments (their blinds, and the id, buy-in and level as far as the header writes them).

A hand starts at ``Game #N starts.``, ``#Game No : N`` or ``***** Hand History for Game N
*****`` (whichever comes first) and ends before the next one. Amounts in ``[...]`` and
``(...)`` are what the action adds (``raises 2.40 to 2.65`` adds 2.40); a comma may be the
decimal point (``$26,02``). The chips collected are the ``wins`` lines, or the summary's
``collected``; an uncalled bet given back is a ``wins`` line too, taken off (``winnings``).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Iterator

from .amounts import amount
from . import games
from .hand import MAX_HUNDREDTHS, MAX_PLAYERS, BadHand, Hand, card_ids, integer
from .winnings import rake_taken, take_back_returned
from .sites import buy_in

SITE = "PartyPoker"
_START = re.compile(r"(?:Game #(\S+) starts\.|#Game No : (\S+)|\*{5} Hand History [Ff]or Game (\S+) \*{5})")
_LIMITS = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit", "": "Limit"}
_LIMIT = re.compile(r"\b(NL|PL|FL)\b|\((NL|PL|FL)\)")
_DATE = re.compile(r"(?P<month>[A-Z][a-z]{2})[a-z]* (?P<day>\d\d?),? (?P<time>\d\d?:\d\d:\d\d) +(?:(?P<zone>[A-Z]+) )?(?P<year>\d{4})")
_STAKES = re.compile(r"^([$€£]?[\d.,]+)/([$€£]?[\d.,]+)\b|(?:Blinds|Stakes|Blinds-Antes)\(([\d.,]+)/([\d.,]+)")
# a tournament's header: "$11 USD Buy-in Trny: 59658935 Level: 7", "$30 Buy-in  + $3 Entry Fee  Trny:15286975
# Level:4", "(SNG Tournament #304152365) (Buyin $4.8 + $0.2)"; without an id there, the table's name holds it
_TOURNAMENT = re.compile(r"Trny: ?(?P<id>\d+)|Tournament #(?P<hash>\d+)")
_LEVEL = re.compile(r"\bLevel: ?(?P<level>\d+)")
_BUY_IN = re.compile(r"(?P<buy_in>[$€£] ?[\d.,]+(?: [A-Z]{3})?) Buy-in(?: +\+ (?P<fee>[$€£]?[\d.,]+) Entry Fee)?|\(Buyin (?P<written>[^)]*)\)")
_TABLE_ID = re.compile(r"\((?P<id>\d+)\) Table #")
_SEAT = re.compile(r"\s*[Ss]eat ?(\d+): (.+?) \( ?([$€£]? ?[\d.,]+)(?: +[A-Z]{3})? ?\)")
_AMOUNT = re.compile(r"[\[(] ?([$€£]? ?[\d.,]+)")
_CARDS = re.compile(r"\[ *([^\]]*?) *\]")
_WINS = re.compile(r"(?:^|(?<=\.))(?P<player>[^.]*?) wins (?:Lo \()?[$€£]?(?P<amount>[\d.,]+)(?P<rest>[^.]*)")
_SUMMARY = re.compile(r"(?P<player>.+?) (?:Cashed out  )?balance [^,]*, (?:bet [^,]*, collected [$€£]?(?P<collected>[\d.,]+)|lost|didn't bet|sits out)")
_LOW_SHOWN = re.compile(r"(.+?) shows ?[\dAKQJT, ]+ for low\.$")  # "Player2 shows6,5,3,2,A  for low.": its cards are shown as well
_MONTHS = {name: number for number, name in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), start=1)}
# Lines that change nothing of the hand: chat, players coming and going, the site's notices.
_NOISE = (" has joined the table", " has left the table", " is sitting out", " sits out", " will be using his time bank",
          " could not respond in time", " did not respond in time", " does not show cards", " finished in ", " is all-In.",
          "Your time bank", ">You have options", " - Selects point card", "Creating Main Pot", "Creating Side Pot",
          " has been reconnected", " has been disconnected", " is disconnected", " is connected", " has returned",
          " mucks", " says", ": ", "Congratulations to player ", " is sitting in", " sits in", " seat ", " wait for ")

# a cash-out (all in, the player takes the site's offer): "Player2 Cashout Amount is 23.01"; the lines
# around it ("Cash-out Premium % is 1.0", "opted for cash-out", "probabilty is 60.37") say nothing more
_CASH_OUT = re.compile(r"(?P<player>.+?) Cashout Amount is [$€£]?(?P<amount>[\d.,]+)$")
_CASH_OUT_NOISE = (" Cash-out Premium % is ", " opted for cash-out", " probabilty is ", " probability is ")
_COMING_GOING = (" has joined the table", " has left the table")
_UNKNOWN = MAX_HUNDREDTHS  # a stack not written, while the hand is read (``_Table.stacks_put``)


def is_header(line: str) -> bool:
    return _START.match(line.lstrip("\ufeff\x00 ")) is not None


def split_hands(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, list[str]]]:
    """(line number of a hand's first line, the hand's lines): a hand starts at the first of its
    start lines that comes after a seat of the hand before it."""
    start, block, seated = 0, [], False
    for number, line in lines:
        text = line.lstrip("\ufeff\x00 ")
        if _START.match(text):
            if seated:
                yield start, block
                block, seated = [], False
            if not block:
                start = number
            block.append(text)
        elif block:
            seated = seated or text[:4] in ("Seat", "seat")
            block.append(text)
        elif text.strip():
            raise BadHand(f"text before the first hand: {text.strip()[:60]!r}", number)
    if seated or any(text.strip() and not _START.match(text) for text in block):  # not a start line alone, at the end
        yield start, block


def parse_hand(lines: list[str], first: int, source_file: str) -> Hand:
    number = first
    try:
        ids = [match.group(1) or match.group(2) or match.group(3) for match in map(_START.match, lines) if match]
        hand = Hand(SITE, ids[-1], source_file, first)
        table = _Table(lines)
        section = "table"
        for number, line in enumerate(lines, start=first):
            line = line.rstrip().lstrip("\x00")
            if not line or _START.match(line):
                continue
            if section == "table" and hand.game == "":
                _header(hand, line)
            elif line.startswith("** "):
                if section == "table":
                    table.deal_in(hand)
                section = _section(hand, line)
            elif section == "summary":
                _summary_line(hand, line)
            elif section == "table":
                table.read(hand, line, number)
            else:
                _action_line(hand, line)
        number = first
        if section == "table":
            table.deal_in(hand)
        table.stacks_put(hand)
        if not hand.seats:
            raise BadHand("a hand with no seats")
        if hand.collected is not None:
            take_back_returned(hand)
            rake_taken(hand)
        hand.check()
    except BadHand as bad:
        if bad.line is None:
            bad.line = number
        raise
    return hand


class _Table:
    """The lines before the cards are dealt: the seats, who sits out, and the posts, read once
    all are known (a seat may be said to sit out after the blinds are posted)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.seats: list[tuple[int, str, int]] = []
        self.out: set[str] = set()
        self.posts: list[tuple[int, str]] = []
        self.blinds: tuple[int, int] | None = None  # a tournament level's, when its lines post none
        self.unknown: list[str] = []  # players whose stack the hand does not write (joining the table)
        self.button_line: int | None = None

    def read(self, hand: Hand, line: str, number: int) -> None:
        button = re.search(r"Seat (\S+) is the button", line)
        if button is not None:
            hand.button_seat, self.button_line = integer(button.group(1), "button seat"), number
        if line.startswith("Table "):
            hand.table_name = re.sub(r"\s*\((?:Real|Play) Money\).*$", "", line[6:]).strip()
            table_id = _TABLE_ID.search(line) if hand.buy_in is not None and hand.tournament_id is None else None
            if table_id is not None:  # "Table $1 Sit & Go Hero (128487129) Table #1": a tournament's id
                hand.tournament_id = table_id.group("id")
        elif line.startswith("Total number of players"):
            size = re.search(r"/(\S+)", line)
            hand.max_seats = integer(size.group(1), "table size") if size else None
        elif line.lstrip()[:4] in ("Seat", "seat") and not button:
            seat = _SEAT.match(line)
            if seat is None:
                raise BadHand(f"unreadable seat line {line[:80]!r}")
            self.seats.append((integer(seat.group(1), "seat"), seat.group(2), amount(seat.group(3))))
        elif line.startswith(("Blinds", "Stakes")):
            blinds = _STAKES.search(line)
            if blinds is not None:
                self.blinds = (amount(blinds.group(3)), amount(blinds.group(4)))
        elif " is sitting out" in line:  # a line of its own, or run into the next one ("is sitting outPlayer4 posts ...")
            player, _, rest = line.partition(" is sitting out")
            self.out.add(player)
            if rest:
                self.read(hand, rest, number)
        elif not button and line[:4] != "Trny":
            self.posts.append((number, line))

    def deal_in(self, hand: Hand) -> None:
        """Seat the players, but those who sit out, or whom no line names after the seats but
        coming and going (a player moved to the table, or joining it, is not dealt in; one who
        left it leaves the seat free); then post. A player who posts with no seat line, or whose
        seat line's stack is 0, joins the table: see ``join``."""
        named = {player for _, player, _ in self.seats
                 if any(line.lstrip("\x00").startswith((player + " ", "Dealt to " + player + " "))
                        and not line.rstrip(" .\r\n").endswith(_COMING_GOING) for line in self.lines)}
        left = {line.partition(" has left the table")[0].lstrip("\x00") for line in self.lines if " has left the table" in line}
        try:
            hand.dead_button(seat for seat, _, _ in self.seats)
        except BadHand as bad:  # a button on no seat of the table: its line named
            bad.line = self.button_line
            raise
        for seat, player, stack in self.seats:
            if player in named and player not in self.out:
                hand.seat(seat, player, stack or _UNKNOWN)
                if not stack:
                    self.unknown.append(player)
            elif player in named or player not in left:  # sitting out, or not named: the seat is theirs
                hand.sit_out(seat, player)
        for number, line in self.posts:
            try:
                poster = line.partition(" posts ")[0] if " posts " in line else None
                if poster and poster not in hand.seats and poster not in hand.absent:
                    self.join(hand, poster)
                _action_line(hand, line)
            except BadHand as bad:
                bad.line = bad.line or number
                raise
        if self.blinds and not any(action[2] in ("small_blind", "big_blind") for action in hand.actions):
            _silent_blinds(hand, *self.blinds)

    def join(self, hand: Hand, player: str) -> None:
        """A player who posts with no seat line joins the table (PartyPoker writes neither the seat
        nor the stack): dealt in, in the first seat clockwise after the last to post (the button,
        when none has) that no one holds; the site posts its blinds in seat order. The stack is
        not written: ``stacks_put``."""
        size = hand.max_seats or MAX_PLAYERS
        last = hand.seats[hand.actions[-1][1]][0] if hand.actions else hand.button_seat
        if last is None:
            raise BadHand(f"{player!r} posts, with no seat in the hand, and no button or blind to seat them after")
        free = [seat for step in range(1, size + 1) if (seat := (last + step - 1) % size + 1) not in hand.seated]
        if not free:
            raise BadHand(f"{player!r} posts, with no seat in the hand, and every seat of the table is taken")
        hand.seat(free[0], player, _UNKNOWN)
        self.unknown.append(player)

    def stacks_put(self, hand: Hand) -> None:
        """A joining player's stack, which the hand does not write, is the chips they put in: the
        least it can be."""
        for player in self.unknown:
            hand.seats[player] = (hand.seats[player][0], hand.put[player])


def _silent_blinds(hand: Hand, small: int, big: int) -> None:
    """A tournament hand whose lines post no blind: its level's blinds, posted by the two seats
    after the button (heads up, the button posts the small blind)."""
    hand.small_blind, hand.big_blind = small, big
    seats = sorted(seat for seat, _ in hand.seats.values())
    if hand.button_seat is None or len(seats) < 2:
        raise BadHand("no blinds posted, and no button to tell who posts them")
    after = [seat for seat in seats if seat > hand.button_seat] + [seat for seat in seats if seat <= hand.button_seat]
    posting = [hand.button_seat, after[0]] if len(seats) == 2 and hand.button_seat in seats else after[:2]
    owner = {seat: player for player, (seat, _) in hand.seats.items()}
    for seat, kind, blind in zip(posting, ("small_blind", "big_blind"), (small, big)):
        player = owner[seat]
        hand.act(player, kind, min(blind, hand.seats[player][1] - hand.put[player]))


def _header(hand: Hand, line: str) -> None:
    omaha = re.search(r"Omaha(?: Hi-Lo| Hi)?", line)
    short = "Short Deck" in line  # 6+ Hold'em: an ante, and one blind on the button
    if ("Hold'em" not in line and "Holdem" not in line or "Double Hold'em" in line) and omaha is None and not short:
        game = re.sub(r"^\S*\d\S* +(?:USD +)?|\s*-.*$", "", line).strip()
        raise BadHand(f"unsupported game {game!r}: pokersql imports PartyPoker's Texas Hold'em, Omaha and Short Deck")
    limit = _LIMIT.search(line)
    name = "6+ Hold'em" if short else "Hold'em" if omaha is None else "Omaha Hi/Lo" if omaha.group(0).endswith("Lo") else "Omaha"
    hand.game = f"{name} {_LIMITS[(limit.group(1) or limit.group(2)) if limit else '']}"
    games.check(hand)
    when = _DATE.search(line)
    if when is None:
        raise BadHand(f"no date in the header {line[:80]!r}")
    month = _MONTHS.get(when.group("month"))
    try:
        clock = datetime.datetime(integer(when.group("year"), "year"), month or 0, integer(when.group("day"), "day"),
                                  *(integer(part, "time") for part in when.group("time").split(":")))
    except ValueError:
        raise BadHand(f"not a date and time: {when.group(0)!r}") from None
    hand.played_at = f"{clock:%Y-%m-%d %H:%M:%S}"
    hand.time_zone = when.group("zone")
    if not re.search(r"Trny|Tourney|Buy-in", line):  # a tournament's chips are no currency
        hand.currency = "USD" if "$" in line or "USD" in line else "EUR" if "€" in line or "EUR" in line else None
    else:
        _tournament(hand, line)
    stakes = _STAKES.search(line)
    if stakes is not None:
        small, big = (stakes.group(1), stakes.group(2)) if stakes.group(1) else (stakes.group(3), stakes.group(4))
        hand.small_blind, hand.big_blind = amount(small), amount(big)


def _tournament(hand: Hand, line: str) -> None:
    """A tournament hand's id, buy-in and level, as far as its header writes them."""
    tournament, level, paid = _TOURNAMENT.search(line), _LEVEL.search(line), _BUY_IN.search(line)
    if tournament is not None:
        hand.tournament_id = tournament.group("id") or tournament.group("hash")
    if level is not None:
        hand.level = f"Level {level.group('level')}"
    if paid is not None:
        written = paid.group("written") or paid.group("buy_in") + (f" + {paid.group('fee')}" if paid.group("fee") else "")
        buy_in(hand, written)


def _section(hand: Hand, line: str) -> str:
    if line.startswith("** Dealing down cards"):
        return "preflop"
    if line.startswith("** Summary"):
        return "summary"
    for street in ("flop", "turn", "river"):
        if line.startswith(f"** Dealing {street.title()}"):
            cards = _CARDS.search(line)
            if cards is None:
                raise BadHand(f"no cards on the {street}: {line!r}")
            hand.deal_board(street, card_ids(cards.group(1).replace(",", " ")))
            return street
    raise BadHand(f"unknown section {line[:40]!r}")


def _player_verb(hand: Hand, line: str) -> tuple[str, str, str] | None:
    """(player, verb, the rest) of an action line, the player one of the hand's."""
    for verb in (" folds", " Forward Folds", " checks", " doesn't show ", " calls", " bets", " raises", " is all-In", " posts ", " shows ", " wins "):
        player, found, rest = line.partition(verb)
        if found and player in hand.seats:
            return player, verb.strip(), rest
    return None


def _action_line(hand: Hand, line: str) -> None:
    if line.startswith("Dealt to "):
        player, _, cards = line[9:].partition(" [")
        hand.hole(player, card_ids(cards.rstrip("] ").replace(",", " ")))
        return
    if " wins " in line:
        _wins(hand, line)
        return
    cash_out = _CASH_OUT.match(line)
    if cash_out is not None and cash_out.group("player") in hand.seats:  # paid by the site, its fee not written
        hand.cash_outs[cash_out.group("player")] = (amount(cash_out.group("amount")), None)
        return
    if any(noise in line for noise in _CASH_OUT_NOISE):
        return
    found = _player_verb(hand, line)
    if found is None:
        low = _LOW_SHOWN.match(line)
        if any(noise in line for noise in _NOISE) or low is not None and low.group(1) in hand.seats:
            return
        if " posts " in line:
            raise BadHand(f"{line.partition(' posts ')[0]!r} posts, with no seat in the hand (a player who joins the table): not imported")
        raise BadHand(f"unknown line {line[:60]!r}")
    player, verb, rest = found
    if verb in ("folds", "Forward Folds"):
        hand.act(player, "fold", 0)
    elif verb == "checks":
        hand.act(player, "check", 0)
    elif verb in ("shows", "doesn't show"):  # cards shown, or mucked face up
        cards = _CARDS.search(rest)
        if cards is not None:
            hand.hole(player, card_ids(cards.group(1).replace(",", " ")), shown=verb == "shows")
    elif verb == "posts":
        _post(hand, player, rest)
    else:
        written = _AMOUNT.search(rest) or re.match(r" ?(\d[\d.,]*)", rest)
        if written is None:
            if verb == "is all-In":
                return  # the all-in of the action before
            raise BadHand(f"no amount in {line[:80]!r}")
        added = amount(written.group(1))
        kind = {"calls": "call", "bets": "bet", "raises": "raise"}.get(verb)
        if kind is None:  # is all-In [amount]: a bet, call or raise, as the street stands
            highest, mine = max(hand.street_totals.values(), default=0), hand.street_totals.get(player, 0)
            kind = "call" if mine + added <= highest else "raise" if highest else "bet"
        hand.act(player, kind, added, all_in=verb == "is all-In")


def _post(hand: Hand, player: str, rest: str) -> None:
    written = _AMOUNT.search(rest)
    if written is None:
        raise BadHand(f"no amount in the post {rest[:60]!r} of {player!r}")
    chips = amount(written.group(1))
    if rest.startswith("ante"):
        hand.ante = max(hand.ante, chips)
        hand.act(player, "ante", chips, dead=True)
    elif rest.startswith("small blind"):
        hand.small_blind = hand.small_blind or chips
        hand.act(player, "small_blind", chips)
    elif rest.startswith("big blind + dead"):  # a big blind live, the small blind dead
        hand.act(player, "small_blind", chips - hand.big_blind, dead=True)
        hand.act(player, "big_blind", hand.big_blind)
    elif rest.startswith("button blind"):  # Short Deck's one blind: the hand's stakes are its ante and this blind
        hand.small_blind = hand.big_blind = chips
        hand.act(player, "big_blind", chips)
    elif rest.startswith("big blind"):
        hand.big_blind = hand.big_blind or chips
        hand.act(player, "big_blind", chips)
    else:
        raise BadHand(f"unknown post {rest.strip()[:40]!r} of {player!r}")


def _wins(hand: Hand, line: str) -> None:
    for win in _WINS.finditer(line):
        player = win.group("player").strip()
        if player.endswith(" does not show cards"):
            player = player[: -len(" does not show cards")]
        hand.collect(player, amount(win.group("amount")))


def _summary_line(hand: Hand, line: str) -> None:
    if line.startswith("Main Pot:"):
        rake = re.search(r"Rake: [$€£]?([\d.,]+)", line)
        hand.rake = amount(rake.group(1)) if rake else None
    elif " balance " in line:
        result = _SUMMARY.match(line)
        if result is None:
            raise BadHand(f"unreadable summary line {line[:80]!r}")
        if " Cashed out " in line and result.group("player") not in hand.cash_outs:
            raise BadHand(f"{result.group('player')!r} cashed out, and no line of the hand says for how much")
        if result.group("collected") and result.group("player") not in hand.cash_outs:  # a cash-out's "collected" is the site's
            hand.collect(result.group("player"), amount(result.group("collected")))
        cards = _CARDS.search(line)
        if cards is not None:
            hand.hole(result.group("player"), card_ids(cards.group(1).replace(",", " ")), shown=True)
    elif not line.startswith("Board:") and not any(noise in line for noise in _NOISE):
        raise BadHand(f"unknown line {line[:60]!r} in the hand's summary")
