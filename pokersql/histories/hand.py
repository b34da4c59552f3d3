"""One hand of a history as both parsers build it, what makes it bad, and its rows.

A parser (``pokerstars``, ``phh``) reads a hand's lines into a ``Hand``: its seats, its actions
street by street, the board, the cards known, what each player collected. ``Hand.check()``
then refuses a hand that cannot be (a card twice, chips that do not add up), and
``Hand.rows()`` gives the rows of the tables of ``sql/histories/028_hand_histories.sql``.

Amounts are kept in hundredths (cents, or hundredths of a chip), as integers: a hand's
amounts add up exactly, and a history's amount with more than two decimals is refused.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..cards import CARD_NAMES

CARD_IDS = {name: number for number, name in enumerate(CARD_NAMES)}
STREETS = ("preflop", "flop", "turn", "river")
STUD_STREETS = ("third", "fourth", "fifth", "sixth", "seventh")  # stud's and razz's, no board
BOARD_SIZES = {"flop": 3, "turn": 1, "river": 1}  # the cards each street deals to the board
TABLE_NAMES = ("history_hands", "history_seats", "history_actions", "history_board", "history_results")
MAX_PLAYERS = 10  # a Hold'em table seats 2 to 10
MAX_HUNDREDTHS = 10**18 - 1  # the largest amount of a decimal(18, 2) column, in hundredths
MAX_DIGITS = 18  # the most digits of a whole number read from a history (a seat, a button, a count)
LETTERS_IN_NUMBER = re.compile(r"\d[^\W\d_]+\d")  # '1e309': no amount a site writes has a letter between digits


class BadHand(Exception):
    """A hand that cannot be imported: the reason, and the line (of the file) it is about."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


class Remembered(dict):
    """What was read of a text that comes again and again (a file's stakes, bets, headers and
    dates), kept for the next time: at most 10,000 entries, then forgotten all at once."""

    def keep(self, key, value):
        if len(self) >= 10_000:
            self.clear()
        self[key] = value
        return value


_AMOUNTS = Remembered()  # the amounts read so far


def hundredths(text: str, written: str | None = None) -> int:
    """'250.0' -> 25000; '$1,000.50' -> 100050. More than two decimals, or no number: BadHand
    naming ``written`` (the text as the history writes it, where ``text`` is it cleaned)."""
    value = _AMOUNTS.get(text)
    if value is not None:
        return value
    whole, dot, fraction = text.partition(".")
    if whole.isdecimal() and len(whole) < 16 and (not dot or (len(fraction) <= 2 and fraction.isdecimal())):  # the common case, quickly
        value = int(whole) * 100 + (int(fraction) * (10 if len(fraction) == 1 else 1) if dot else 0)
        return _AMOUNTS.keep(text, value)
    cleaned = text.strip().lstrip("$€£¥₹").replace(",", "")
    whole, _, fraction = cleaned.partition(".")
    fraction = fraction.rstrip("0")
    if not whole.isdecimal() and not (whole == "" and fraction.isdecimal()) or len(fraction) > 2 or (fraction and not fraction.isdecimal()):
        raise BadHand(f"not an amount: {shown((written or text).strip())}")
    if len(whole.lstrip("0")) > 16:  # past MAX_HUNDREDTHS, and maybe past the digits Python converts at all
        raise BadHand(f"amount too large: {shown((written or text).strip())}, more than the tables hold ({_exactly(MAX_HUNDREDTHS)})")
    value = int(whole or 0) * 100 + int(fraction.ljust(2, "0"))
    if value > MAX_HUNDREDTHS:
        raise BadHand(f"amount too large: {shown((written or text).strip())}, more than the tables hold ({_exactly(MAX_HUNDREDTHS)})")
    return value


def integer(text: str, what: str = "number") -> int:
    """A whole number as a history writes it (a seat, a button, a table's size, an action's
    number, a part of a date): every one a parser reads comes here. At most MAX_DIGITS digits,
    counted before converting (Python converts no more than 4,300); else, or for what is no
    whole number ('1e309', '1,000'), BadHand naming ``what`` and the text."""
    digits = text.strip()
    if not digits.isdecimal():
        raise BadHand(f"{what} is not a whole number: {shown(digits)}")
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise BadHand(f"{what} too large: {shown(digits)}")
    return int(digits)


def _exactly(value: int) -> str:
    """Hundredths as an amount, exactly (a float would round a large one)."""
    return f"{value // 100:,}.{value % 100:02d}"


def chips(value: int) -> str:
    """Hundredths as a history writes them: '25,000', '9.18'."""
    return f"{value // 100:,}" + (f".{value % 100:02d}" if value % 100 else "")


def shown(text: str, most: int = 40) -> str:
    """``text`` quoted, cut to its first ``most`` characters (and how many it has) when longer."""
    return repr(text) if len(text) <= most else f"{text[:most]!r}... ({len(text):,} characters)"


def card_ids(text: str, unknown: str = "") -> list[int | None]:
    """Card ids of text such as 'Ah Kd' or 'AhKd'; a card written ``unknown`` ('??') is None."""
    if len(text) == 5 and text[2] == " ":  # two cards, 'Ah Kd': the common case, quickly
        first, second = CARD_IDS.get(text[:2]), CARD_IDS.get(text[3:])
        if first is not None and second is not None:
            return [first, second]
    letters = text.replace(" ", "")
    if len(letters) % 2:
        raise BadHand(f"unknown card in {text.strip()!r}")
    found: list[int | None] = []
    for start in range(0, len(letters), 2):
        name = letters[start : start + 2]
        if unknown and name == unknown:
            found.append(None)
            continue
        card = CARD_IDS.get(name)
        if card is None:
            raise BadHand(f"unknown card {name!r}")
        found.append(card)
    return found


def _text(cards: tuple[int, ...]) -> str:
    return " ".join(CARD_NAMES[card] for card in cards)


def _money(value: int | None) -> float | None:
    return None if value is None else value / 100


# Fields of a line of CSV (Hand.add_csv): a NULL is an empty field, a text always quoted.
def _quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"' if '"' in text else '"' + text + '"'


def _field(text: str | None) -> str:
    return "" if text is None else _quoted(text)


def _number(value: int | None) -> str:
    return "" if value is None else str(value)


class Hand:
    """A hand being read: filled by a parser, then checked, then written as rows."""

    __slots__ = ("site", "hand_id", "source_file", "source_line", "game", "small_blind", "big_blind", "ante",
                 "currency", "played_at", "time_zone", "table_name", "max_seats", "button_seat", "total_pot",
                 "rake", "seats", "holes", "shown", "collected", "board", "actions", "put", "street_totals", "street",
                 "seated", "folded", "tournament_id", "buy_in", "fee", "bounty", "buy_in_currency", "level",
                 "game_mix", "hole_count", "ranked", "cash_outs", "bounties", "absent", "board2", "collected2",
                 "dead_blinds", "said", "site_added", "result_unknown")

    def __init__(self, site: str, hand_id: str, source_file: str, source_line: int) -> None:
        self.site = site
        self.hand_id = hand_id
        self.source_file = source_file
        self.source_line = source_line
        self.game = ""
        self.small_blind = self.big_blind = self.ante = 0
        self.currency: str | None = None
        self.played_at: str | None = None
        self.time_zone: str | None = None
        self.table_name: str | None = None
        self.max_seats: int | None = None
        self.button_seat: int | None = None
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.seats: dict[str, tuple[int, int]] = {}  # player -> (seat, starting stack)
        self.holes: dict[str, tuple[int, ...]] = {}
        self.shown: dict[str, tuple[int, ...]] = {}
        self.collected: dict[str, int] | None = {}  # None: the history does not say
        self.board: list[tuple[str, int]] = []
        self.actions: list[tuple[str, str, str, int, int, bool]] = []
        self.put: dict[str, int] = {}  # chips each player put in, all streets
        self.street_totals: dict[str, int] = {}  # on the street being played
        self.street = "preflop"
        self.seated: dict[int, str] = {}  # seat -> player
        self.folded: set[str] = set()
        self.tournament_id: str | None = None
        self.buy_in: int | None = None
        self.fee: int | None = None
        self.bounty: int | None = None
        self.buy_in_currency: str | None = None
        self.level: str | None = None
        self.game_mix: str | None = None
        self.hole_count = 2  # the hole cards each player is dealt (games.HOLE_CARDS)
        self.ranked = True  # a Hold'em hand: its two hole cards are hole_1 and hole_2, which the views rank
        self.cash_outs: dict[str, tuple[int, int | None]] = {}  # player -> (cashed out, the fee; None: not written)
        self.bounties: dict[str, int] = {}  # player -> bounty won
        self.absent: dict[str, tuple[int, int]] = {}  # a seat sitting out: player -> (seat, stack)
        self.board2: list[tuple[str, int]] = []  # the second board (run it twice, Split Hold'em), whole
        self.collected2: dict[str, int] = {}  # what each player collected from the second board's showdown
        self.dead_blinds: dict[str, int] = {}  # a missed blind posted dead: in the pot, in no bet to call
        self.said: dict[str, int] | None = None  # what the history says each collected, where its amounts disagree with the actions
        self.site_added = 0  # chips the site put in the pot itself (STP, Cash Drop)
        self.result_unknown = False  # what the players still in at the end won cannot be told (067)

    # -- filled by a parser ------------------------------------------------
    def seat(self, number: int, player: str, stack: int) -> None:
        """A player of the hand: dealt in."""
        if len(self.seats) == MAX_PLAYERS:
            raise BadHand(f"more than {MAX_PLAYERS} players: {player!r} is the {MAX_PLAYERS + 1}th")
        self._take_seat(number, player)
        self.seats[player] = (number, stack)
        self.put[player] = 0

    def sit_out(self, number: int, player: str, stack: int | None = None) -> None:
        """A seat taken by ``player``, who is not dealt in (sitting out): no player of the hand,
        unless the hand deals them in all the same (``_known``: a tournament blinds a player
        sitting out, and folds their cards)."""
        self._take_seat(number, player)
        if stack is not None:
            self.absent[player] = (number, stack)

    def _take_seat(self, number: int, player: str) -> None:
        """Seat ``number`` taken by ``player``, dealt in or not: the one check of a seat (each
        seat of each hand comes here, so the right seat passes one condition)."""
        seated = self.seated
        size = self.max_seats or MAX_PLAYERS
        if number in seated or player in seated.values() or not 0 < number <= MAX_PLAYERS or len(seated) == size:
            if player in seated.values():
                seat = next(seat for seat, name in seated.items() if name == player)
                raise BadHand(f"player {player!r} sits twice: in seats {seat} and {number}")
            if number in seated:
                raise BadHand(f"two players in seat {number}: {seated[number]!r} and {player!r}")
            if number < 1:
                table = f"a table of {size} seats" if self.max_seats else f"a Hold'em table (at most {MAX_PLAYERS} seats)"
                raise BadHand(f"seat {number} of {player!r} is not a seat of {table}")
            if number > MAX_PLAYERS:  # a site numbers a short table's seats its own way (seats 1, 3, 5 of a 3-max)
                raise BadHand(f"seat {number} of {player!r} is past the {MAX_PLAYERS} seats of a Hold'em table")
            raise BadHand(f"more players than the {size} seats of the table: {player!r} in seat {number}")
        seated[number] = player

    def _known(self, player: str) -> None:
        if player not in self.seats:
            if player not in self.absent:
                raise BadHand(f"{player!r} has no seat in this hand")
            self.seats[player] = self.absent.pop(player)  # said to sit out, and in the hand all the same
            self.put[player] = 0

    def act(self, player: str, action: str, added: int, all_in: bool = False, dead: bool = False) -> None:
        """``player`` puts ``added`` more chips in (0 for a fold or a check); ``dead`` chips (an
        ante, a small blind posted with the big) count in the pot, not in the street's bet."""
        seated = self.seats.get(player)
        if seated is None:
            self._known(player)
            seated = self.seats[player]
        put = self.put[player] + added
        stack = seated[1]
        if put > stack:
            raise BadHand(f"amounts do not add up: {player} puts in {put / 100:g}, more than the stack of {stack / 100:g}")
        self.put[player] = put
        if dead and action != "ante":
            self.dead_blinds[player] = self.dead_blinds.get(player, 0) + added
        self._record(player, action, added, 0 if dead else added, all_in or (put == stack and added > 0))

    def passes(self, player: str, action: str) -> None:
        """``act`` of a fold or a check (no chips), without its sums."""
        if player not in self.seats:
            self._known(player)
        self._record(player, action, 0, 0, False)

    def _record(self, player: str, action: str, added: int, bet: int, all_in: bool) -> None:
        """An action in the order played (``act``'s and ``passes``'): a fold, and ``bet`` more in the
        street's bet (``added`` but dead chips)."""
        if action == "fold":
            self.folded.add(player)
        total = self.street_totals.get(player, 0) + bet
        self.street_totals[player] = total
        self.actions.append((self.street, player, action, added, total, all_in))

    def deal_board(self, street: str, cards: list[int]) -> None:
        if street not in BOARD_SIZES or STREETS.index(street) != STREETS.index(self.street) + 1:
            raise BadHand(f"the {street} comes after the {self.street}")
        if len(cards) != BOARD_SIZES[street]:
            raise BadHand(f"the {street} has {len(cards)} card(s), not {BOARD_SIZES[street]}")
        self.street = street
        self.street_totals = {}
        self.board.extend((street, card) for card in cards)

    def stud_street(self, street: str) -> None:
        """The next street of stud or razz (``STUD_STREETS``): cards to each player, no board; its
        bets start anew. Third street is the first (the antes are posted on it)."""
        if street == self.street == STUD_STREETS[0]:
            return
        if self.street not in STUD_STREETS or STUD_STREETS.index(street) != STUD_STREETS.index(self.street) + 1:
            raise BadHand(f"the {street} street comes after the {self.street}")
        self.street = street
        self.street_totals = {}

    def second_board(self, cards: list[int | None]) -> None:
        """The second board so far (its cards shared with the first included): a hand run twice, or
        Split Hold'em's. Its hole cards are then no longer hole_1 and hole_2, which the views rank
        against one board (``ranked``)."""
        if None in cards or not 3 <= len(cards) <= 5:
            raise BadHand(f"a second board of {len(cards)} card(s)")
        streets = ("flop", "flop", "flop", "turn", "river")
        self.board2 = [(streets[number], card) for number, card in enumerate(cards)]  # type: ignore[misc]
        self.ranked = False

    def cancel(self) -> None:
        """A hand the site cancelled ("Hand cancelled"): what was put in goes back, no action stands."""
        self.actions.clear()
        self.put = dict.fromkeys(self.put, 0)
        self.dead_blinds = {}
        self.street_totals = {}

    def hole(self, player: str, cards: list[int | None], shown: bool = False) -> None:
        if player not in self.seats:
            self._known(player)
        if (len(cards) != self.hole_count or None in cards) and not self._counted(player, cards):
            return
        known = tuple(cards)  # type: ignore[arg-type]
        if self.holes.get(player, known) != known:
            raise BadHand(f"{player} shows {_text(known)} but was dealt {_text(self.holes[player])}")
        self.holes[player] = known
        if shown:
            self.shown[player] = known

    def _counted(self, player: str, cards: list[int | None]) -> bool:
        """For ``hole``'s cards of another count than the game's, or with one unknown: whether they
        are the player's cards all the same (5 Card Omaha named "Omaha"), or to be passed over
        (False: cards the history does not know); else BadHand."""
        if None in cards or 0 < len(cards) < self.hole_count:
            return False  # cards the history does not know (one card of two shown, say)
        if len(cards) in (5, 6) and self.hole_count == 4 and not self.holes and self.game.startswith("Omaha ") and "Hi/Lo" not in self.game:
            self.game, self.hole_count = f"{len(cards)} Card {self.game}", len(cards)  # PokerMaster names 5 Card Omaha "Omaha"
        if len(cards) != self.hole_count:
            raise BadHand(f"{player} has {len(cards)} hole cards, not {self.hole_count} ({self.game})")
        return True

    def collect(self, player: str, amount: int, second_board: bool = False) -> None:
        self._known(player)
        if amount and player in self.folded:
            raise BadHand(f"{player} folded, and collects {amount / 100:g} from the pot")
        assert self.collected is not None
        self.collected[player] = self.collected.get(player, 0) + amount
        if second_board:
            self.collected2[player] = self.collected2.get(player, 0) + amount

    # -- checked -------------------------------------------------------------
    def undecided(self) -> bool:
        """Whether two or more players are still in at the end and none of them shows cards: who
        won cannot be told from the cards (one who shows nothing beside one who shows mucks)."""
        still_in = [player for player in self.put if player not in self.folded]
        return len(still_in) > 1 and not any(player in self.holes for player in still_in)

    def returned(self) -> int:
        """The uncalled part of the largest bet: what the pot gives back to the one who made it.
        A dead blind is in the pot but in no bet to call: the largest put less its dead blind, less
        the next (as history_contributions, 029)."""
        dead = self.dead_blinds
        amounts = sorted((put - dead.get(player, 0) for player, put in self.put.items()) if dead else self.put.values(),
                         reverse=True)
        return amounts[0] - amounts[1] if len(amounts) > 1 else 0

    def dead_button(self, seats: Iterable[int] | None = None) -> None:
        """A button on a seat no one sits in (``seats``: the seats taken, else ``seated``): a dead
        button, stored as none, as every site's. One on no seat of the table (below 1, or past
        both its size, 10 where not written, and every seat taken: seat 99 of a 6-max) cannot be:
        BadHand naming it."""
        button = self.button_seat
        taken = set(self.seated if seats is None else seats)
        if button is None or button in taken:
            return
        size = max(self.max_seats or MAX_PLAYERS, max(taken, default=0))
        if not 1 <= button <= size:
            table = f"a table of {self.max_seats} seats" if self.max_seats else f"a Hold'em table (at most {MAX_PLAYERS} seats)"
            raise BadHand(f"the button on seat {button}, not a seat of {table}")
        self.button_seat = None

    def check(self, returned: int | None = None) -> None:
        """Refuse a hand whose cards or amounts cannot be. ``returned``: the uncalled bets the
        history gives back (PokerStars says; PHH does not, and the rules give them)."""
        if self.max_seats is not None and not 2 <= self.max_seats <= MAX_PLAYERS:
            raise BadHand(f"a table of {self.max_seats} seats: a Hold'em table seats 2 to {MAX_PLAYERS}")
        self.dead_button()
        board = [card for _, card in self.board]
        cards = [card for hole in self.holes.values() for card in hole]
        cards += board
        if self.board2:
            cards += [card for _, card in self.board2 if card not in board]
        if len(set(cards)) != len(cards):
            self._duplicate()
        put, by_actions = sum(self.put.values()), self.returned()
        given = by_actions if returned is None else returned
        if put - given > MAX_HUNDREDTHS:
            raise BadHand(f"amount too large: a pot of {_exactly(put - given)}, more than the tables hold ({_exactly(MAX_HUNDREDTHS)})")
        actions_pot = put - by_actions + self.site_added  # an uncalled bet given back, whatever the history says of it
        pot = put - given + self.site_added
        taken = None if self.collected is None else sum(self.collected.values()) + (self.rake or 0)
        if taken is not None and taken > 2 * (put + self.site_added):  # a site's miscount (a blind posted silently, chips counted twice) is far less
            raise BadHand(f"amounts cannot be: {chips(taken)} collected (rake included) from a pot of {chips(pot)}, "
                          f"more than twice all the chips put in ({chips(put + self.site_added)})")
        if taken is not None and given < by_actions:
            taken = self._unsaid(by_actions - given, taken, actions_pot)
        if taken == actions_pot or self.total_pot is not None and self.total_pot != pot and given < by_actions:
            pot = actions_pot  # what each collected agrees with the actions (an old history gives a walk's big blind back without a word)
        if self.total_pot is not None and self.total_pot != pot and taken != pot:  # collected as the actions give: the total alone is wrong
            self.disagree(f"amounts do not add up: the actions put {pot / 100:g} in the pot, the history says {self.total_pot / 100:g}")
        if taken is not None and self.said is None:
            if taken > pot or self.rake is not None and taken != pot and not self.cash_outs:  # a pot cashed out is not awarded
                self.disagree(f"amounts do not add up: {taken / 100:g} collected (rake included) from a pot of {pot / 100:g}")

    def _duplicate(self) -> None:
        """BadHand naming the first card dealt twice, and where (``check`` found one)."""
        owner: dict[int, str] = {}
        places = [(f"{player}'s hole cards", cards) for player, cards in self.holes.items()]
        places.append(("the board", tuple(card for _, card in self.board)))
        first = {card for _, card in self.board}
        places.append(("the second board", tuple(card for _, card in self.board2 if card not in first)))
        for place, cards in places:
            for card in cards:
                if card in owner:
                    where = "twice in " + place if owner[card] == place else f"in {owner[card]} and in {place}"
                    raise BadHand(f"duplicate card {CARD_NAMES[card]!r}: {where}")
                owner[card] = place

    def _unsaid(self, unsaid: int, taken: int, pot: int) -> int:
        """A history that leaves an uncalled bet in the pot (a walk's big blind) counts it in what
        its maker collected, as Winamax and 888 do: taken out there (the actions give it back).
        Returns what is collected (rake included) then."""
        assert self.collected is not None
        dead = self.dead_blinds
        bettor = max(self.put, key=lambda player: self.put[player] - dead.get(player, 0))
        if taken == pot + unsaid and self.collected.get(bettor, 0) >= unsaid:
            self.collected[bettor] -= unsaid
            return pot
        return taken

    def disagree(self, reason: str) -> None:
        """The history's amounts (its total pot, what it says each collected) disagree with its
        actions (a site's "bad collected", an "Invalid side pot"): a Hold'em hand is imported as
        the actions say. What the history says each collected is kept (``said``: collected_said,
        057) and collected is not (NULL: nets follow the pots the actions and the cards give,
        history_payouts). A hand of another game, whose pots the views do not work out from the
        cards (``ranked``), is imported so only where one player collects every pot (``_one_winner``);
        else it is refused: ``reason``."""
        if self.said is not None:
            return
        said = dict(self.collected or {})
        if not self.ranked or self.hole_count != 2:
            self.collected = self._one_winner(reason)
        else:
            self.collected = None
        self.said = said

    def _one_winner(self, reason: str) -> dict[str, int]:
        """What each collected, as the actions say, of a hand whose showdown the views do not work
        out (Omaha, say) and whose history's amounts disagree with its actions: where the history
        says one player alone collects, and that player has in the pot as much as anyone (so that
        every pot is theirs), that player takes the actions' pot (and the site's chips), less the
        history's rake. Else BadHand: ``reason``."""
        collected = self.collected or {}
        winners = [player for player, chips in collected.items() if chips > 0]
        returned = self.returned()
        in_pot = dict(self.put)
        if in_pot and returned:
            bettor = max(in_pot, key=lambda player: in_pot[player] - self.dead_blinds.get(player, 0))
            in_pot[bettor] -= returned
        pot = sum(in_pot.values()) + self.site_added
        if len(winners) != 1 or self.cash_outs or in_pot[winners[0]] < max(in_pot.values()) or (self.rake or 0) > pot:
            raise BadHand(reason)
        return {**dict.fromkeys(collected, 0), winners[0]: pot - (self.rake or 0)}

    # -- written ---------------------------------------------------------------
    def rows(self) -> dict[str, list[tuple]]:
        """The hand's rows of each table of 028, in its columns' order."""
        tables: dict[str, list[tuple]] = {name: [] for name in TABLE_NAMES}
        self.add_rows(tables)
        return tables

    def add_rows(self, tables: dict[str, list[tuple]]) -> None:
        """Append the hand's rows to ``tables`` (table name -> rows), in its columns' order."""
        site, hand_id = self.site, self.hand_id
        tables["history_hands"].append((
            site, hand_id, self.game, self.small_blind / 100, self.big_blind / 100, self.ante / 100, self.currency,
            self.played_at, self.time_zone, self.table_name, self.max_seats, self.button_seat,
            _money(self.total_pot), _money(self.rake), self.source_file, self.source_line, self.tournament_id,
            _money(self.buy_in), _money(self.fee), _money(self.bounty), self.buy_in_currency, self.level, self.game_mix,
            _money(self.site_added or None), self.result_unknown,
        ))
        seats, results = tables["history_seats"], tables["history_results"]
        collected, holes, shown, ranked = self.collected, self.holes, self.shown, self.ranked
        for player, (seat, stack) in self.seats.items():
            hole = holes.get(player)
            if hole is None:
                seats.append((site, hand_id, seat, player, stack / 100, None, None, None))
            elif ranked:
                seats.append((site, hand_id, seat, player, stack / 100, hole[0], hole[1], f"{CARD_NAMES[hole[0]]} {CARD_NAMES[hole[1]]}"))
            else:
                seats.append((site, hand_id, seat, player, stack / 100, None, None, _text(hole)))
            won = None if collected is None else collected.get(player, 0) / 100
            extra = self._extra(player)
            cards = shown.get(player)
            if cards is None:
                results.append((site, hand_id, seat, player, won, None, None, None, *extra))
            elif ranked:
                results.append((site, hand_id, seat, player, won, cards[0], cards[1], f"{CARD_NAMES[cards[0]]} {CARD_NAMES[cards[1]]}", *extra))
            else:
                results.append((site, hand_id, seat, player, won, None, None, _text(cards), *extra))
        where = {player: seat for player, (seat, _) in self.seats.items()}
        tables["history_actions"].extend(
            (site, hand_id, number, street, where[player], player, action, added / 100, total / 100, all_in)
            for number, (street, player, action, added, total, all_in) in enumerate(self.actions, start=1)
        )
        tables["history_board"].extend(
            (site, hand_id, number, street, card, CARD_NAMES[card], 1) for number, (street, card) in enumerate(self.board, start=1)
        )
        tables["history_board"].extend(
            (site, hand_id, number, street, card, CARD_NAMES[card], 2) for number, (street, card) in enumerate(self.board2, start=1)
        )

    def _extra(self, player: str) -> tuple[float | None, ...]:
        """The player's cash-out, its fee, the bounty won, and what the second board gave (043's
        columns of history_results), and what the history says the player collected where the
        hand's amounts disagree with its actions (057's)."""
        cash_out, fee = self.cash_outs.get(player, (None, None))
        second = self.collected2.get(player, 0) if self.board2 else None
        said = None if self.said is None else self.said.get(player, 0)
        return _money(cash_out), _money(fee), _money(self.bounties.get(player)), _money(second), _money(said)

    def add_csv(self, tables: dict[str, list[str]]) -> None:
        """Append the hand's rows to ``tables`` (table name -> lines) as lines of CSV, the same
        values as ``add_rows`` in the same order, but for the amounts, given in hundredths (an
        integer: store.HUNDREDTHS names their columns): every text quoted (a quote doubled), a
        NULL an empty field. Twice as quick as rows and a CSV writer: an engine that reads CSV
        (``Engine.appends_csv``) takes these."""
        key = f"{_quoted(self.site)},{_quoted(self.hand_id)}"
        tables["history_hands"].append(
            f"{key},{_quoted(self.game)},{self.small_blind},{self.big_blind},{self.ante},"
            f"{_field(self.currency)},{_field(self.played_at)},{_field(self.time_zone)},{_field(self.table_name)},"
            f"{_number(self.max_seats)},{_number(self.button_seat)},{_number(self.total_pot)},{_number(self.rake)},"
            f"{_quoted(self.source_file)},{self.source_line},{_field(self.tournament_id)},{_number(self.buy_in)},"
            f"{_number(self.fee)},{_number(self.bounty)},{_field(self.buy_in_currency)},{_field(self.level)},"
            f"{_field(self.game_mix)},{_number(self.site_added or None)},{'true' if self.result_unknown else 'false'}\n"
        )
        seats, results = tables["history_seats"], tables["history_results"]
        collected, holes, shown, ranked = self.collected, self.holes, self.shown, self.ranked
        cash_outs, bounties = self.cash_outs, self.bounties
        plain = not (cash_outs or bounties or self.board2 or self.said is not None)  # most hands: 043's and 057's columns NULL
        seated: dict[str, str] = {}  # player -> "seat,player", as history_actions has them
        for player, (seat, stack) in self.seats.items():
            seated[player] = at = f"{seat},{_quoted(player)}"
            hole = holes.get(player)
            if hole is None:
                seats.append(f"{key},{at},{stack},,,\n")
            elif ranked:
                seats.append(f'{key},{at},{stack},{hole[0]},{hole[1]},"{CARD_NAMES[hole[0]]} {CARD_NAMES[hole[1]]}"\n')
            else:
                seats.append(f'{key},{at},{stack},,,"{_text(hole)}"\n')
            won = "" if collected is None else collected.get(player, 0)
            if plain:
                extra = ",,,,"
            else:
                cash_out, fee = cash_outs.get(player, (None, None))
                second = self.collected2.get(player, 0) if self.board2 else None
                said = None if self.said is None else self.said.get(player, 0)
                extra = f"{_number(cash_out)},{_number(fee)},{_number(bounties.get(player))},{_number(second)},{_number(said)}"
            cards = shown.get(player)
            if cards is None:
                results.append(f"{key},{at},{won},,,,{extra}\n")
            elif ranked:
                results.append(f'{key},{at},{won},{cards[0]},{cards[1]},"{CARD_NAMES[cards[0]]} {CARD_NAMES[cards[1]]}",{extra}\n')
            else:
                results.append(f'{key},{at},{won},,,"{_text(cards)}",{extra}\n')
        # history_actions: action_no comes before the seat, so the key and the seat are apart here
        tables["history_actions"] += [
            f"{key},{number},{street},{seated[player]},{action},{added},{total},{'true' if all_in else 'false'}\n"
            for number, (street, player, action, added, total, all_in) in enumerate(self.actions, start=1)
        ]
        names = CARD_NAMES
        tables["history_board"] += [
            f"{key},{number},{street},{card},{names[card]},1\n" for number, (street, card) in enumerate(self.board, start=1)
        ]
        if self.board2:
            tables["history_board"] += [
                f"{key},{number},{street},{card},{names[card]},2\n" for number, (street, card) in enumerate(self.board2, start=1)
            ]
