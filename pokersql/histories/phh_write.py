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

import datetime
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
    big = big if big else max([*blinds.values(), Decimal("0.01")])  # no big blind (a tournament's antes alone): the least bet
    fields: dict[str, Any] = {"variant": variant, "antes": [antes[p] for p in posting], "blinds_or_straddles": [blinds[p] for p in posting]}
    fields |= {"min_bet": big} if variant == "NT" else {"small_bet": big, "big_bet": 2 * Decimal(str(big))}
    fields |= {"starting_stacks": [stack for _, _, stack, _ in after], "actions": actions, "venue": site,
               "hand": int(hand_id) if str(hand_id).isdigit() and not str(hand_id).startswith("0") else hand_id}
    fields |= {} if table is None else {"table": table}
    fields |= {} if max_seats is None else {"seat_count": int(max_seats)}
    fields |= {"seats": [seat for seat, _, _, _ in after], "players": list(index)}
    collected = {player: won for player, won, _ in rows["results"]}
    fields |= {"winnings": [collected[p] for p in index]} if all(collected.get(p) is not None for p in index) else {}
    fields |= {"currency": currency} if currency else {}
    if played_at is not None:
        when = str(played_at)
        fields |= {"year": int(when[0:4]), "month": int(when[5:7]), "day": int(when[8:10])}
        fields |= {"time": datetime.time.fromisoformat(when[11:19])} if len(when) >= 19 else {}
    fields |= {"time_zone": time_zone} if time_zone else {}
    if not _reads_back(fields, rows, index):
        return None
    return "\n".join([f"[{section}]", *(f"{key} = {_toml(value)}" for key, value in fields.items())]) + "\n"


def _toml(value: Any) -> str:
    """A field's value as TOML writes it (the kinds ``hand_text`` makes)."""
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, str):
        return _quoted(value)
    if isinstance(value, (Decimal, float)):
        return number(value)
    return value.isoformat() if isinstance(value, datetime.time) else str(value)


def _reads_back(fields: dict[str, Any], rows: dict[str, list[tuple]], index: dict[str, int]) -> bool:
    """Whether pokersql's own PHH reader, given these fields (as TOML reads them back: amounts as
    numbers), has each player put in and collect what the tables say (a blind posted dead, an
    ante that is a whole stack, a site's miscount: what PHH's rules would tell otherwise is
    passed over, never written wrong)."""
    from .hand import BadHand
    from .phh import read_fields

    as_read = {key: [_number(item) for item in value] if isinstance(value, list) else _number(value) for key, value in fields.items()}
    try:
        back = read_fields(as_read)
    except (BadHand, TypeError, ValueError, KeyError, IndexError, OverflowError):
        return False
    put = dict.fromkeys(index, 0)
    for _, player, _, amount, _ in rows["actions"]:
        put[player] += round(Decimal(str(amount or 0)) * 100)
    if back.put != put:
        return False
    collected = {player: round(Decimal(str(won)) * 100) for player, won, _ in rows["results"] if won is not None}
    return back.collected is None or {p: won for p, won in back.collected.items() if won or collected.get(p)} == {
        p: won for p, won in collected.items() if won or back.collected.get(p)}


def _number(value: Any) -> Any:
    """A Decimal as TOML reads the number written for it: an int where whole, else a float."""
    if not isinstance(value, Decimal):
        return value
    return int(value) if value == value.to_integral_value() else float(value)


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
