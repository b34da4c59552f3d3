"""The imported hands written as PHH (``export --to FILE.phhs``), the Poker Hand History
standard that pokerkit reads and writes: one ``[n]`` section per hand, in the dataset's
conventions (the players from the small blind round to the button, the button last; ``d dh``
deals each player's hole cards, ``????`` where not known; ``cbr`` bets or raises to the
player's total on the street; ``cc`` checks or calls; ``d db`` deals the board; ``sm`` shows
the cards a player showed, once the betting is over).

The hands are read from the five tables in bulk (one query a table, in the hands' order) and
written as they come. What PHH's variants that pokersql reads back (NT, FT) cannot hold is
passed over and counted: another game than Hold'em no limit and limit, a hand of two boards,
an action PHH has no word for.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Sequence
from decimal import Decimal
from typing import Any, TextIO

VARIANTS = {"Hold'em No Limit": "NT", "Hold'em Limit": "FT", "Hold'em Fixed Limit": "FT"}
STREETS = ("preflop", "flop", "turn", "river")
BLINDS = ("small_blind", "big_blind", "straddle")
CHUNK = 20_000  # hands read at a time
WORDS = {"fold": "f", "check": "cc", "call": "cc", "bet": "cbr", "raise": "cbr"}
# the columns read of each table, after site and hand_id, in each hand's order
QUERIES = {
    "hands": ("game, small_blind, big_blind, currency, played_at, time_zone, table_name, max_seats, button_seat", ""),
    "seats": ("seat, player, starting_stack, hole_cards", ", seat"),
    "actions": ("street, player, action, amount, street_total", ", action_no"),
    "board": ("street, card, board_no", ", card_no"),
    "results": ("player, collected, shown_cards", ", seat"),
}
TABLES = {"hands": "history_hands", "seats": "history_seats", "actions": "history_actions", "board": "history_board",
          "results": "history_results"}


def number(value: Any) -> str:
    """An amount as TOML writes it: an integer where it is whole, else a decimal."""
    amount = Decimal(str(value))
    return str(int(amount)) if amount == amount.to_integral_value() else format(amount.normalize(), "f")


def _quoted(text: Any) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(str(text), ensure_ascii=False)


def rows_by_hand(engine: Any, kept: str | None, params: Sequence[Any]) -> Iterator[tuple[tuple[str, str], dict[str, list[tuple]]]]:
    """Each hand's rows of the five tables, ((site, hand_id), {part: rows}), in the hands' order,
    read CHUNK hands at a time (one query a table a chunk: a range of keys); ``kept``: a query of
    the (site, hand_id) pairs to write (None: every hand)."""
    only = f" and exists (select 1 from ({kept}) as kept where kept.site = t.site and kept.hand_id = t.hand_id)" if kept else ""
    keys = engine.execute(f"select site, hand_id from history_hands as t where 1 = 1{only} order by site, hand_id", params if kept else ())
    within = "(t.site > ? or (t.site = ? and t.hand_id >= ?)) and (t.site < ? or (t.site = ? and t.hand_id <= ?))"
    for start in range(0, len(keys), CHUNK):
        (low_site, low_id), (high_site, high_id) = keys[start], keys[min(start + CHUNK, len(keys)) - 1]
        bounds = [low_site, low_site, low_id, high_site, high_site, high_id, *(params if kept else ())]
        parts = {}
        for part, (columns, order) in QUERIES.items():
            rows = engine.execute(f"select site, hand_id, {columns} from {TABLES[part]} as t where {within}{only} "
                                  f"order by site, hand_id{order}", bounds)
            parts[part] = {key: [row[2:] for row in group] for key, group in itertools.groupby(rows, key=lambda row: (row[0], row[1]))}
        for key in parts["hands"]:
            yield key, {part: parts[part].get(key, []) for part in QUERIES}


def hand_text(key: tuple[str, str], rows: dict[str, list[tuple]], section: int) -> str | None:
    """One hand as a PHH section, or None when PHH's NT and FT cannot hold it."""
    site, hand_id = key
    ((game, small, big, currency, played_at, time_zone, table, max_seats, button),) = rows["hands"]
    variant = VARIANTS.get(game)
    if variant is None or button is None or any(board_no != 1 for _, _, board_no in rows["board"]):
        return None
    seats = sorted(rows["seats"])
    after = [s for s in seats if s[0] > button] + [s for s in seats if s[0] <= button]  # the button last
    index = {player: n for n, (_, player, _, _) in enumerate(after, start=1)}
    antes = dict.fromkeys(index, Decimal(0))
    blinds = dict.fromkeys(index, Decimal(0))
    actions = [f"d dh p{n} {(cards or '????').replace(' ', '')}" for n, (_, _, _, cards) in enumerate(after, start=1)]
    board = {street: "".join(card for s, card, _ in rows["board"] if s == street) for street in STREETS}
    by_street: dict[str, list[str]] = {street: [] for street in STREETS}
    folded: set[str] = set()
    last = "preflop"
    for street, player, action, amount, street_total in rows["actions"]:
        if player not in index or street not in by_street:
            return None
        if action == "ante":
            antes[player] += Decimal(str(amount or 0))
        elif action in BLINDS and street == "preflop" and not by_street["preflop"]:
            blinds[player] += Decimal(str(amount or 0))
            if Decimal(str(street_total or 0)) != blinds[player]:
                return None  # a blind posted dead (not counted on the street): PHH has no word for it
        elif action in WORDS:
            word = WORDS[action]
            by_street[street].append(f"p{index[player]} {word}" + (f" {number(street_total)}" if word == "cbr" else ""))
            folded |= {player} if action == "fold" else set()
            last = street
        else:
            return None  # a word PHH has not (a blind posted after the first action, a bring-in ...)
    shown = {player: cards for player, _, cards in rows["results"] if cards}
    showdown = [f"p{index[p]} sm {shown[p].replace(' ', '')}" for p in index if p not in folded and p in shown]
    showdown = showdown if len(index) - len(folded) > 1 else []
    for street in STREETS:
        if street != "preflop" and board[street]:
            actions.append(f"d db {board[street]}")
        actions += by_street[street]
        if street == last:
            actions += showdown
    posting = list(index)[::-1] if len(index) == 2 else list(index)  # heads-up, PHH lists each player's the other's
    lines = [f"[{section}]", f"variant = '{variant}'", f"antes = [{', '.join(number(antes[p]) for p in posting)}]",
             f"blinds_or_straddles = [{', '.join(number(blinds[p]) for p in posting)}]"]
    big = big if big else max([*blinds.values(), Decimal("0.01")])  # no big blind (a tournament's antes alone): the least bet
    lines += [f"min_bet = {number(big)}"] if variant == "NT" else [f"small_bet = {number(big)}", f"big_bet = {number(2 * Decimal(str(big)))}"]
    lines += [f"starting_stacks = [{', '.join(number(stack) for _, _, stack, _ in after)}]",
              f"actions = [{', '.join(_quoted(action) for action in actions)}]",
              f"venue = {_quoted(site)}", f"hand = {hand_id if str(hand_id).isdigit() and not str(hand_id).startswith('0') else _quoted(hand_id)}"]
    if table is not None:
        lines.append(f"table = {_quoted(table)}")
    if max_seats is not None:
        lines.append(f"seat_count = {int(max_seats)}")
    lines += [f"seats = [{', '.join(str(seat) for seat, _, _, _ in after)}]", f"players = [{', '.join(_quoted(p) for p in index)}]"]
    collected = {player: won for player, won, _ in rows["results"]}
    if all(collected.get(p) is not None for p in index):
        lines.append(f"winnings = [{', '.join(number(collected[p]) for p in index)}]")
    if currency:
        lines.append(f"currency = {_quoted(currency)}")
    if played_at is not None:
        when = str(played_at)
        lines += [f"year = {int(when[0:4])}", f"month = {int(when[5:7])}", f"day = {int(when[8:10])}"]
        lines += [f"time = {when[11:19]}"] if len(when) >= 19 else []
    if time_zone:
        lines.append(f"time_zone = {_quoted(time_zone)}")
    text = "\n".join(lines) + "\n"
    return text if _reads_back(text, rows, index) else None


def _reads_back(text: str, rows: dict[str, list[tuple]], index: dict[str, int]) -> bool:
    """Whether pokersql's own PHH reader, given ``text``, has each player put in and collect
    what the tables say (a blind posted dead, an ante that is a whole stack, a site's
    miscount: what PHH's rules would tell otherwise is passed over, never written wrong)."""
    from .hand import BadHand
    from .phh import parse_hand

    try:
        back = parse_hand(text.splitlines(keepends=True), 1, "export")
    except BadHand:
        return False
    put = dict.fromkeys(index, 0)
    for _, player, _, amount, _ in rows["actions"]:
        put[player] += round(Decimal(str(amount or 0)) * 100)
    if back.put != put:
        return False
    collected = {player: round(Decimal(str(won)) * 100) for player, won, _ in rows["results"] if won is not None}
    return back.collected is None or {p: won for p, won in back.collected.items() if won or collected.get(p)} == {
        p: won for p, won in collected.items() if won or back.collected.get(p)}


def write(engine: Any, out: TextIO, kept: str | None = None, params: Sequence[Any] = ()) -> tuple[int, int]:
    """Write the hands (``kept``: a query of the (site, hand_id) pairs; None: all) to ``out``:
    (written, passed over)."""
    written = passed = 0
    for key, rows in rows_by_hand(engine, kept, params):
        text = hand_text(key, rows, written + 1)
        if text is None:
            passed += 1
            continue
        out.write(("\n" if written else "") + text)
        written += 1
    return written, passed
