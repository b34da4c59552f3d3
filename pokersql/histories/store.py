"""Writing hands to the tables of ``sql/7_histories/028_hand_histories.sql``, in batches.

A batch's hands already held (by site and hand id), or read twice in the same import, are
left out: importing the same hand again stores it once. The caller holds the transaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..engines.base import Engine
from .hand import TABLE_NAMES, Hand

# The tables of 028 and their columns, in order (Hand.rows() gives rows in this order).
COLUMNS = {
    "history_hands": ("site", "hand_id", "game", "small_blind", "big_blind", "ante", "currency", "played_at",
                      "time_zone", "table_name", "max_seats", "button_seat", "total_pot", "rake", "source_file",
                      "source_line"),
    "history_seats": ("site", "hand_id", "seat", "player", "starting_stack", "hole_1", "hole_2", "hole_cards"),
    "history_actions": ("site", "hand_id", "action_no", "street", "seat", "player", "action", "amount",
                        "street_total", "all_in"),
    "history_board": ("site", "hand_id", "card_no", "street", "card_id", "card"),
    "history_results": ("site", "hand_id", "seat", "player", "collected", "shown_1", "shown_2", "shown_cards"),
}
TABLES = tuple(COLUMNS)
assert TABLES == TABLE_NAMES
BATCH_HANDS = 5_000


@dataclass
class Written:
    hands: int = 0
    duplicates: int = 0
    rows: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TABLES, 0))


def _held(engine: Engine, keys: list[tuple[str, str]]) -> set[tuple[str, str]]:
    """The (site, hand_id) of ``keys`` that history_hands holds already."""
    by_site: dict[str, list[str]] = {}
    for site, hand_id in keys:
        by_site.setdefault(site, []).append(hand_id)
    return {
        (site, hand_id)
        for site, ids in by_site.items()
        for hand_id in engine.held("history_hands", "hand_id", ids, "site = ?", (site,))
    }


def write_batch(engine: Engine, hands: list[Hand], written: Written) -> None:
    batch: dict[tuple[str, str], Hand] = {}
    for hand in hands:
        key = (hand.site, hand.hand_id)
        if key in batch:
            written.duplicates += 1
        else:
            batch[key] = hand
    held = _held(engine, list(batch))
    written.duplicates += len(held)
    rows: dict[str, list[tuple]] = {table: [] for table in TABLES}
    for key, hand in batch.items():
        if key in held:
            continue
        written.hands += 1
        hand.add_rows(rows)
    for table in TABLES:
        engine.append(table, COLUMNS[table], rows[table])
        written.rows[table] += len(rows[table])


def write_hands(engine: Engine, hands: Iterable[Hand], batch_hands: int | None = None) -> Written:
    """Write every hand not held yet, ``batch_hands`` (BATCH_HANDS) at a time."""
    batch_hands = batch_hands or BATCH_HANDS
    written = Written()
    batch: list[Hand] = []
    for hand in hands:
        batch.append(hand)
        if len(batch) >= batch_hands:
            write_batch(engine, batch, written)
            batch = []
    if batch:
        write_batch(engine, batch, written)
    return written
