"""``pokersql export --to FILE.phhs``: the imported hands written as PHH (the Poker Hand History
standard, uoftcprg/phh-std, as pokerkit reads and writes it), one ``[n]`` section per hand, the
PHH dataset's conventions: players listed from the small blind (the button last), hole cards
dealt first (``d dh p1 AhKd``, ``????`` where not known), then each street's actions (``p1 f``,
``p1 cc``, ``p1 cbr 300``: a bet or raise to), the board (``d db Kd7c7s``), and at a showdown
each player still in showing (``p1 sm AhKd``) or mucking (``p1 sm``) in pokerkit's order.
``winnings`` is what each collected as the history says; a hand whose result is not known
(a player's collected NULL) does not state it.

The rows come from the stored tables in one query, streamed in the hands' order (a hand's
rows together): a hand is assembled from its rows as they come, never by a query of its own.
The variants are pokerkit's (``VARIANTS``): Hold'em no limit and fixed limit, pot-limit Omaha,
fixed-limit Omaha Hi/Lo, and the stud games (``_stud_actions``: each street's cards dealt to each
player, ``p1 pb`` the bring-in). A hand PHH cannot express (a game without a variant: pot-limit
Hold'em, 5 and 6 Card Omaha, Omaha but pot limit; a stud hand whose deck ran out; a hand run twice; blinds posted where the positions do not put them) is skipped and counted, never
written wrong. The ``stats`` filters choose the hands (``stats.filters``)."""

from __future__ import annotations

import datetime
import decimal
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .errors import BadInput
from .output import Output, present

# the stored game -> PHH's variant (pokerkit's ``HandHistory.game_types``); PHH has none for the
# others the tables hold (pot-limit Hold'em, 5 and 6 Card Omaha, Courchevel, Omaha but pot-limit,
# Omaha Hi/Lo but fixed-limit, ...), whose hands are skipped and counted
VARIANTS = {
    "Hold'em No Limit": "NT", "Hold'em Limit": "FT", "Hold'em Fixed Limit": "FT", "Omaha Pot Limit": "PO",
    "Omaha Hi/Lo Limit": "FO/8", "Omaha Hi/Lo Fixed Limit": "FO/8",
    "7 Card Stud Limit": "F7S", "7 Card Stud Fixed Limit": "F7S", "7 Card Stud Hi/Lo Limit": "F7S/8",
    "7 Card Stud Hi/Lo Fixed Limit": "F7S/8", "Razz Limit": "FR", "Razz Fixed Limit": "FR",
}
# games PHH has a variant of the name of, with other rules: skipped, the reason said
OTHER_RULES = {"6+ Hold'em No Limit": "PHH's NS (pokerkit's) ranks a straight above three of a kind, the sites' 6+ below"}
HOLE_CARDS = {"PO": 4, "FO/8": 4, "F7S": 7, "F7S/8": 7, "FR": 7}  # the cards each player is dealt, where not Hold'em's 2
FIXED_LIMIT = ("FT", "FO/8", "F7S", "F7S/8", "FR")  # stakes as a small and a big bet
STUD = ("F7S", "F7S/8", "FR")  # no blinds, no board: a bring-in, and cards to each player on each street
STUD_STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
STUD_DEALT = {"third": slice(0, 3), "fourth": slice(3, 4), "fifth": slice(4, 5), "sixth": slice(5, 6), "seventh": slice(6, 7)}
STUD_DECK = 7  # more players than this at seventh street and the deck runs out (a common card): skipped
SUFFIXES = (".phhs", ".phh")
BLINDS = ("small_blind", "big_blind", "straddle")
STREETS = ("preflop", "flop", "turn", "river")
CENT = 0.005  # half the smallest amount: sums of doubles compared within it
# One query, every hand's rows in order (the amounts as doubles: Python makes a float ten times
# as fast as a Decimal, and a float's repr is the amount to the cent, as written): the hand (part 0), its seats with their results (1),
# its actions (2), its board (3). Columns: site, hand_id, part, n, m, a, b, c, d, e, x, y, z, w, u (the hand's: its result unknown).
ROWS = """
with kept as (
    select distinct kept_hands.site, kept_hands.hand_id
    from (
        select hands.site, hands.hand_id, hands.played_at, hands.small_blind, hands.big_blind, hands.game, seats.player
        from history_hands as hands
        inner join history_seats as seats on seats.site = hands.site and seats.hand_id = hands.hand_id
    ) as kept_hands{where}
)
select hands.site, hands.hand_id, 0 as part, hands.button_seat as n, hands.max_seats as m,
    hands.game as a, hands.currency as b, hands.time_zone as c, hands.table_name as d,
    cast(hands.played_at as varchar) as e, cast(hands.small_blind as double) as x, cast(hands.big_blind as double) as y,
    cast(hands.ante as double) as z, cast(hands.site_added as double) as w,
    case when hands.result_unknown then 1 else 0 end as u
from history_hands as hands
inner join kept on kept.site = hands.site and kept.hand_id = hands.hand_id
union all
select seats.site, seats.hand_id, 1, seats.seat, null, seats.player, seats.hole_cards, results.shown_cards, null, null,
    cast(seats.starting_stack as double), cast(results.collected as double), cast(results.cash_out as double), null, null
from history_seats as seats
inner join kept on kept.site = seats.site and kept.hand_id = seats.hand_id
left join history_results as results
    on results.site = seats.site and results.hand_id = seats.hand_id and results.seat = seats.seat
union all
select actions.site, actions.hand_id, 2, actions.action_no, actions.seat, actions.street, actions.action, null, null, null,
    cast(actions.amount as double), cast(actions.street_total as double), case when actions.all_in then 1 else 0 end, null, null
from history_actions as actions
inner join kept on kept.site = actions.site and kept.hand_id = actions.hand_id
union all
select board.site, board.hand_id, 3, board.card_no, board.board_no, board.street, board.card, null, null, null, null, null, null, null, null
from history_board as board
inner join kept on kept.site = board.site and kept.hand_id = board.hand_id
order by 1, 2, 3, 4
"""
# Each stakes' bring-in (stud), where a hand of them posts one: what a stud hand that posts none
# (its first player completes) states. Columns: site, game, small bet, big bet, ante, bring-in.
BRING_INS = """
select hands.site, hands.game, cast(hands.small_blind as double), cast(hands.big_blind as double),
    cast(hands.ante as double), max(cast(actions.amount as double))
from history_hands as hands
inner join history_actions as actions on actions.site = hands.site and actions.hand_id = hands.hand_id
where actions.action = 'bring_in'
group by hands.site, hands.game, hands.small_blind, hands.big_blind, hands.ante
"""


@dataclass
class PhhExportResult:
    """``export --to FILE.phhs``' answer: the file, the hands written, and those skipped
    (``skipped``: the reason -> how many hands)."""

    file: str
    format: str
    hands: int
    skipped: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@present.register
def _(result: PhhExportResult, seconds: float = 0.0, **options: Any) -> Output:
    data = result.to_dict()
    line = f"{result.hands:,} hand(s) written to {result.file} (phh, {seconds:.2f} s)"
    return Output(list(data), [list(data.values())], data, lines=[line], show_table=False)


class Skip(Exception):
    """A hand that PHH cannot express: the reason (a short phrase, counted)."""


def is_phh(path: str | Path) -> bool:
    return Path(path).suffix.lower() in SUFFIXES


def export(db: Any, path: str | Path, overwrite: bool = False, **chosen: Any) -> PhhExportResult:
    """Write the imported hands that ``stats``' filters keep (``players``, ``since``,
    ``until``, ``stakes``, ``game``: ``stats.filters``) to ``path`` as PHH. Never over a
    file there already unless ``overwrite``, never over the database's own files, and the
    file appears only once whole (``reading.check_target``, ``engines.base._replacing``)."""
    from . import reading, stats
    from .engines.base import _replacing
    from .histories import store as history_store

    ctx = db.context
    if ctx.engine.imports_histories_refused:
        raise BadInput(f"export to PHH does not run on {ctx.engine.title}: {ctx.engine.imports_histories_refused}")
    target = Path(path)
    if not target.absolute().parent.is_dir():
        raise BadInput(f"export --to {str(target)!r}: there is no directory {str(target.absolute().parent)!r}")
    reading.check_target(ctx, target, overwrite, "export --to")
    names = set(ctx.engine.relation_names())
    if not set(history_store.TABLES) <= names:
        raise BadInput("export --to a PHH file: no hand imported yet (pokersql import FILE... first)")
    if chosen.get("game") is not None:  # pokersql's names too (holdem, omaha8 ...), as stats'
        from .first_use import ensure_lookups

        ensure_lookups(ctx, ("history_game_names",))  # that table's file alone, not every pending one
        chosen = {**chosen, "game": stats.games_named(ctx.engine, chosen["game"])[0]}
    where, params = stats.filters(**chosen)
    # the five tables only, as import made them: not the other SQL files a database just
    # imported into has pending (every file, and the stored tally: 20 s of 20,000 hands)
    skipped: dict[str, int] = {}
    written = 0
    with ctx.engine.read_only_query(BRING_INS) as (_, stream):
        bring_ins = {tuple(row[:5]): row[5] for row in stream}
    with _replacing(str(target)) as temporary, open(temporary, "w", encoding="utf-8", newline="\n") as file:
        with ctx.engine.read_only_query(ROWS.format(where=where), tuple(params)) as (_, stream):
            batch: list[str] = []
            for rows in _hands(stream):
                try:
                    text = hand_text(rows, bring_ins)
                except Skip as skip:
                    skipped[str(skip)] = skipped.get(str(skip), 0) + 1
                    continue
                written += 1
                batch.append(f"[{written}]\n{text}\n")
                if len(batch) >= 1000:
                    file.write("".join(batch))
                    batch.clear()
            file.write("".join(batch))
    return PhhExportResult(file=str(target), format="phh", hands=written, skipped=skipped)


def _hands(rows: Iterator[tuple]) -> Iterator[list[tuple]]:
    """The rows of each hand, together (they come ordered by the hand)."""
    key, hand = None, []
    for row in rows:
        if (row[0], row[1]) != key:
            if hand:
                yield hand
            key, hand = (row[0], row[1]), []
        hand.append(row)
    if hand:
        yield hand


def _number(value: Any) -> str:
    """An amount as TOML writes it: 300, 0.25 (never 300.00 or 3E+2)."""
    if type(value) is float:
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, decimal.Decimal):
        return format(value.normalize(), "f")
    return str(value)


def _text(value: str) -> str:
    """A TOML basic string."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t") + '"'


def _cards(text: str | None) -> str:
    return (text or "").replace(" ", "")


def hand_text(rows: list[tuple], bring_ins: dict[tuple, float] | None = None) -> str:
    """One hand's PHH (the lines of its section, without the header), from its rows of ``ROWS``;
    Skip for a hand PHH cannot express. ``bring_ins``: each stakes' bring-in (``BRING_INS``)."""
    site, hand_id, _, button, max_seats, game, currency, time_zone, table, played_at, small_blind, big_blind, ante, site_added, unknown = rows[0]
    variant = VARIANTS.get(game)
    if variant is None:
        raise Skip(f"{game}: {OTHER_RULES.get(game, 'no PHH variant')}")
    if site_added:
        raise Skip("chips the site added to the pot")
    if not big_blind or big_blind <= 0:
        raise Skip("no big blind (PHH's min_bet is more than 0)")
    seats = [row for row in rows if row[2] == 1]
    if any(row[12] is not None for row in seats):
        raise Skip("a pot cashed out")
    actions = [row for row in rows if row[2] == 2]
    board = [row for row in rows if row[2] == 3]
    if any(row[4] != 1 for row in board):
        raise Skip("run twice: PHH has one board")
    stud = variant in STUD
    order = sorted(seats, key=lambda row: row[3]) if stud else _order(seats, actions, button)  # stud: in the seats' order, no button
    if len(order) < 2:
        raise Skip("fewer than two players")
    index = {row[3]: number for number, row in enumerate(order)}
    count = len(order)
    antes, blinds = [0] * count, [0] * count
    bring_in = None
    nominal = {"ante": ante, "small_blind": small_blind, "big_blind": big_blind}
    for _, _, _, _, seat, street, action, _, _, _, amount, _, all_in, _, _ in actions:
        if all_in and amount < nominal.get(action, amount):  # a blind or ante cut short by the stack: PHH states the whole, posted as far as it goes
            amount = nominal[action]
        if action == "ante":
            antes[index[seat]] += amount
        elif action in BLINDS:
            if blinds[index[seat]]:
                raise Skip("two blinds posted by one player")
            blinds[index[seat]] = amount if action == "straddle" or index[seat] < 2 else -amount
        elif action == "bring_in":
            if not stud:
                raise Skip("a bring-in in a game with blinds")
            bring_in = nominal["bring_in"] = amount
    if any(blind for blind in blinds[2:] if blind > 0) and not _straddles(blinds):
        raise Skip("straddles PHH's positions cannot give")
    if count == 2:  # heads-up, PHH (pokerkit) posts p1's blind from the second place: the big blind p1's
        antes.reverse()
        blinds.reverse()
    lines = [f'variant = "{variant}"']
    lines.append(f"antes = [{', '.join(map(_number, antes))}]")
    lines.append(f"blinds_or_straddles = [{', '.join(map(_number, blinds))}]")
    if stud:  # no blinds; the bring-in the hand posted; none posted (a completion instead), another hand's of the
        # same stakes, or where none has one, half the small bet: no action written reads it
        known = (bring_ins or {}).get((site, game, small_blind, big_blind, ante))
        lines[-1] = f"bring_in = {_number(bring_in or known or _half(small_blind))}"
    if variant not in FIXED_LIMIT:  # no limit and pot limit
        lines.append(f"min_bet = {_number(big_blind)}")
    else:
        lines.append(f"small_bet = {_number(small_blind)}")  # a fixed-limit game's stakes are its bets
        lines.append(f"big_bet = {_number(big_blind)}")
    lines.append(f"starting_stacks = [{', '.join(_number(row[10]) for row in order)}]")
    lines.append("actions = [")
    unseen = "??" * HOLE_CARDS.get(variant, 2)
    play = _stud_actions if stud else _actions
    lines += [f'  "{action}",' for action in play(order, index, actions, board, blinds, unseen, bool(unknown))]
    lines.append("]")
    lines.append(f"players = [{', '.join(_text(row[5]) for row in order)}]")
    lines.append(f"seats = [{', '.join(str(row[3]) for row in order)}]")
    if max_seats is not None:
        lines.append(f"seat_count = {max_seats}")
    won = [row[11] for row in order]
    if all(value is not None for value in won):  # a result not known: not stated
        lines.append(f"winnings = [{', '.join(map(_number, won))}]")
    lines.append(f"venue = {_text(site)}")
    lines.append(f"hand = {_text(hand_id)}")
    if table is not None:
        lines.append(f"table = {_text(table)}")
    if currency is not None:
        lines.append(f"currency = {_text(currency)}")
    if time_zone is not None:
        lines.append(f"time_zone = {_text(time_zone)}")
    if played_at is not None:
        when = datetime.datetime.fromisoformat(str(played_at))
        lines.append(f"year = {when.year}\nmonth = {when.month}\nday = {when.day}\ntime = {when.strftime('%H:%M:%S')}")
    return "\n".join(lines) + "\n"


def _straddles(blinds: list[Any]) -> bool:
    """Whether the straddles (positive blinds past the big blind) follow each other from the third
    place, each twice the one before at least: what pokerkit's positions give."""
    positive = [blind for blind in blinds[2:] if blind > 0]
    return blinds[2: 2 + len(positive)] == positive


def _order(seats: list[tuple], actions: list[tuple], button: int | None) -> list[tuple]:
    """The seats in PHH's order, which gives pokerkit who acts when: from the small blind's
    seat (the button last); with no small blind, from the seat before the big blind's; with no
    blind, from the first seat past the button. Heads-up, the big blind first and the small
    blind (the button) last. (A seat that posts no blind between the button and the small
    blind's, someone sitting out, comes last: the button is then that seat.)"""
    seats = sorted(seats, key=lambda row: row[3])
    numbers = [row[3] for row in seats]
    if len(seats) < 2:
        raise Skip("fewer than two players")
    posted = {}
    for row in actions:
        if row[6] in BLINDS:
            posted.setdefault(row[6], row[4])
    if len(seats) == 2 and "big_blind" in posted:
        start = numbers.index(posted["big_blind"])
    elif "small_blind" in posted:
        start = numbers.index(posted["small_blind"])
    elif "big_blind" in posted:
        start = numbers.index(posted["big_blind"]) - 1
    elif button in numbers:
        start = numbers.index(button) + 1
    else:
        raise Skip("no button and no blind: the positions are not known")
    start %= len(seats)
    return seats[start:] + seats[:start]


def _actions(order: list[tuple], index: dict[int, int], actions: list[tuple], board: list[tuple], blinds: list[Any],
             unseen: str = "????", unknown: bool = False) -> list[str]:
    """The hand's PHH actions: the deal (``unseen``: cards not known), each street's actions and
    board, the showdown (``unknown``: a result not known, its unknown cards shown as ``unseen``)."""
    lines = []
    for number, row in enumerate(order, start=1):
        hole = _cards(row[6])
        lines.append(f"d dh p{number} {hole if hole else unseen}")
    dealt = {street: "".join(row[6] for row in board if row[5] == street) for street in STREETS[1:]}
    played = [row for row in actions if row[6] not in ("ante", *BLINDS)]
    last_street = played[-1][5] if played else "preflop"
    if any(row[5] not in STREETS for row in played):
        raise Skip("a street Hold'em has not")
    last = STREETS.index(last_street)
    in_hand = set(range(len(order)))
    opener: int | None = None  # the last to bet or raise on the last street of betting
    left = [row[10] for row in order]  # each player's chips behind
    totals = [0] * len(order)  # each player's chips in on this street
    for row in actions:
        if row[6] in ("ante", *BLINDS):
            left[index[row[4]]] -= row[10]
            if row[6] != "ante":
                totals[index[row[4]]] = row[11]
    for number, street in enumerate(STREETS[: last + 1]):
        if number:
            totals = [0] * len(order)
            if dealt.get(street):
                lines.append(f"d db {dealt[street]}")
        for row in played:
            if row[5] != street:
                continue
            player, action, amount = index[row[4]], row[6], row[10]
            owed = min(max(totals) - totals[player], left[player])
            if action == "fold":
                lines.append(f"p{player + 1} f")
                in_hand.discard(player)
            elif action in ("check", "call") and abs(amount - owed) < CENT:  # as PHH's reader pays a "cc": the bet, or all it has
                lines.append(f"p{player + 1} cc")
            elif action in ("bet", "raise") and row[11] > max(totals) + CENT:
                lines.append(f"p{player + 1} cbr {_number(row[11])}")
                if number == last:
                    opener = player
            else:  # a call to more than the bet (a blind all in for less), say: PHH's "cc" would pay another amount
                raise Skip(f"a {action} that PHH's actions cannot say")
            left[player] -= amount
            totals[player] += amount
    if len(in_hand) > 1:
        lines += _showdown(order, in_hand, opener, last_street, blinds, unseen if unknown else "")
    for street in STREETS[last + 1:]:
        if dealt.get(street):
            lines.append(f"d db {dealt[street]}")
    return lines


def _showdown(order: list[tuple], in_hand: set[int], opener: int | None, street: str, blinds: list[Any], hidden: str = "") -> list[str]:
    """Each player still in, showing the cards shown (or known) or mucking, in pokerkit's order: from the
    last to bet or raise on the last street of betting; none, from the first to act on it
    (preflop: the player past the largest blind; after: the first in PHH's order)."""
    count = len(order)
    if opener is None:
        if street == "preflop":
            placed = blinds[::-1] if count == 2 else blinds
            largest = max(range(count), key=lambda i: (placed[i] if placed[i] > 0 else 0, i))
            opener = (largest + 1) % count
        else:
            opener = 0
    lines = []
    for step in range(count):
        player = (opener + step) % count
        if player in in_hand:
            shown = _cards(order[player][7] or order[player][6]) or hidden  # cards known at a showdown decide it; hidden: "????", the result unknown
            lines.append(f"p{player + 1} sm {shown}" if shown else f"p{player + 1} sm")
    return lines


def _half(amount: Any) -> Any:
    """Half an amount, to the cent below."""
    return int(amount * 50) / 100


def _stud_actions(order: list[tuple], index: dict[int, int], actions: list[tuple], board: list[tuple], blinds: list[Any],
                  unseen: str = "??????????????", unknown: bool = False) -> list[str]:
    """A stud hand's PHH actions: each street the cards dealt to each player still in (its
    cards of the seven, ``??`` each where not known: only a player's whole seven are stored),
    then that street's actions (``p1 pb`` the bring-in, ``p1 cbr 0.04`` a completion, bet or
    raise to), and the showdown. All in before the seventh, the cards dealt so far are shown,
    the streets left dealt, and the cards shown whole, as pokerkit writes it."""
    if board:
        raise Skip("a stud hand with a board card: the deck ran out")
    played = [row for row in actions if row[6] != "ante"]
    if any(row[5] not in STUD_STREETS for row in played):
        raise Skip("a street stud has not")
    last = STUD_STREETS.index(played[-1][5]) if played else 0
    in_hand = set(range(len(order)))
    left = [row[10] for row in order]
    for row in actions:
        if row[6] == "ante":
            left[index[row[4]]] -= row[10]
    opener: int | None = None
    lines: list[str] = []

    def deal(street: str) -> None:
        if street == STUD_STREETS[-1] and len(in_hand) > STUD_DECK:
            raise Skip("more players at seventh street than the deck deals: a common card")
        for player in sorted(in_hand):
            cards = _cards(order[player][6])
            lines.append(f"d dh p{player + 1} {cards[STUD_DEALT[street].start * 2: STUD_DEALT[street].stop * 2] if cards else '??' * (STUD_DEALT[street].stop - STUD_DEALT[street].start)}")

    for number, street in enumerate(STUD_STREETS[: last + 1]):
        deal(street)
        totals = [0] * len(order)
        first = None
        for row in played:
            if row[5] != street:
                continue
            player, action, amount = index[row[4]], row[6], row[10]
            first = player if first is None else first
            owed = min(max(totals) - totals[player], left[player])
            if action == "fold":
                lines.append(f"p{player + 1} f")
                in_hand.discard(player)
            elif action == "bring_in" and number == 0 and not any(totals):
                lines.append(f"p{player + 1} pb")
            elif action in ("check", "call") and abs(amount - owed) < CENT:
                lines.append(f"p{player + 1} cc")
            elif action in ("bet", "raise") and row[11] > max(totals) + CENT:
                lines.append(f"p{player + 1} cbr {_number(row[11])}")
                if number == last:
                    opener = player
            else:
                raise Skip(f"a {action} that PHH's actions cannot say")
            left[player] -= amount
            totals[player] += amount
        if number == last and opener is None:
            opener = first
    if len(in_hand) > 1:
        shown = _showdown(order, in_hand, opener if opener is not None else min(in_hand), STUD_STREETS[last], blinds,
                          unseen if unknown else "")
        if last < len(STUD_STREETS) - 1:  # all in: the cards dealt so far shown, the streets left dealt, then shown whole
            cut = STUD_DEALT[STUD_STREETS[last]].stop * 2
            lines += [" ".join([*line.split()[:2], *(word[:cut] for word in line.split()[2:])]) for line in shown]
            for street in STUD_STREETS[last + 1:]:
                deal(street)
        lines += shown
    return lines
