"""Writing hands to the tables of ``sql/histories/028_hand_histories.sql``, in batches.

A batch's hands already held (by site and hand id), or read twice in the same import, are
left out: importing the same hand again stores it once. The caller holds the transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TypeVar

from ..engines.base import Engine
from .hand import TABLE_NAMES, Hand

# The tables of 028 and their columns, in order (Hand.rows() gives rows in this order).
COLUMNS = {
    "history_hands": ("site", "hand_id", "game", "small_blind", "big_blind", "ante", "currency", "played_at",
                      "time_zone", "table_name", "max_seats", "button_seat", "total_pot", "rake", "source_file",
                      "source_line", "tournament_id", "buy_in", "fee", "bounty", "buy_in_currency", "level", "game_mix",
                      "site_added", "result_unknown"),
    "history_seats": ("site", "hand_id", "seat", "player", "starting_stack", "hole_1", "hole_2", "hole_cards"),
    "history_actions": ("site", "hand_id", "action_no", "street", "seat", "player", "action", "amount",
                        "street_total", "all_in"),
    "history_board": ("site", "hand_id", "card_no", "street", "card_id", "card", "board_no"),
    "history_results": ("site", "hand_id", "seat", "player", "collected", "shown_1", "shown_2", "shown_cards",
                        "cash_out", "cash_out_fee", "bounty_won", "collected_second_board", "collected_said"),
}
TABLES = tuple(COLUMNS)
SCOPE = "scope_"  # the prefix of a chunk's temporary copies of TABLES, and of the views made over them (stored.py, aside.py)
KEYS = f"{SCOPE}keys"  # the new hands and the chunk of each (site, hand_id, chunk), made by stored.fill


def chunk_rows(table: str, chunk: int) -> str:
    """The query of ``table``'s rows of the hands of chunk ``chunk`` of KEYS (stored.py's and
    aside.py's copies of a chunk)."""
    return (f"select * from {table} as rows_of where exists (select 1 from {KEYS} as scope where "
            f"scope.chunk = {int(chunk)} and scope.site = rows_of.site and scope.hand_id = rows_of.hand_id)")
# The amounts, given in hundredths by Hand.add_csv (decimal(18, 2) in the tables).
HUNDREDTHS = frozenset(("small_blind", "big_blind", "ante", "total_pot", "rake", "starting_stack", "amount",
                        "street_total", "collected", "buy_in", "fee", "bounty", "cash_out", "cash_out_fee", "bounty_won",
                        "collected_second_board", "site_added", "collected_said"))
assert TABLES == TABLE_NAMES
BATCH_HANDS = 5_000
T = TypeVar("T")


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


class Batch:
    """The rows of a batch of hands, made as each hand is read (the hand is then let go: few
    objects stay alive, and the garbage collector has little to walk), and where each hand's
    rows start in each table (to leave out the hands held already). Made where the hands are
    read: in the import's process, or in a worker process (``parallel``), which hands it back."""

    def __init__(self, as_csv: bool) -> None:
        self.rows: dict[str, list] = {table: [] for table in TABLES}
        self.starts: dict[tuple[str, str], tuple[int, ...]] = {}
        self.duplicates = 0  # hands read twice within the batch
        self.as_csv = as_csv  # lines of CSV, one a row; else tuples

    @classmethod
    def of(cls, hands: Iterable[Hand | T], as_csv: bool, batch_hands: int | None = None) -> Iterator[Batch | T]:
        """The hands in batches of ``batch_hands`` (BATCH_HANDS); anything else (a hand skipped)
        passed on as it comes."""
        batch_hands = batch_hands or BATCH_HANDS
        batch = cls(as_csv)
        for hand in hands:
            if not isinstance(hand, Hand):
                yield hand
            elif not batch.take(hand):
                batch.duplicates += 1
            elif len(batch.starts) >= batch_hands:
                yield batch
                batch = cls(as_csv)
        if batch.starts or batch.duplicates:
            yield batch

    def take(self, hand: Hand) -> bool:
        """Add the hand's rows; False (and nothing added) for a hand already in the batch."""
        key = (hand.site, hand.hand_id)
        if key in self.starts:
            return False
        rows = self.rows
        self.starts[key] = tuple(map(len, rows.values()))  # (rows: TABLES in order)
        if self.as_csv:
            hand.add_csv(rows)
        else:
            hand.add_rows(rows)
        return True

    def rows_without(self, held: set[tuple[str, str]]) -> dict[str, list]:
        """The batch's rows, less those of the hands ``held``."""
        if not held:
            return self.rows
        bounds = [*self.starts.values(), tuple(len(self.rows[table]) for table in TABLES)]
        kept: dict[str, list] = {table: [] for table in TABLES}
        for number, key in enumerate(self.starts):
            if key not in held:
                for column, table in enumerate(TABLES):
                    kept[table].extend(self.rows[table][bounds[number][column] : bounds[number + 1][column]])
        return kept


def write_batch(engine: Engine, batch: Batch, written: Written) -> None:
    """Write the batch's hands not held yet, and count them in ``written`` (which only the
    thread writing a batch touches: the reading counts in the batch)."""
    held = _held(engine, list(batch.starts))
    written.duplicates += batch.duplicates + len(held)
    written.hands += len(batch.starts) - len(held)
    rows = batch.rows_without(held)
    for table in TABLES:
        if engine.appends_csv:
            engine.append_csv(table, COLUMNS[table], rows[table], HUNDREDTHS)
        else:
            engine.append(table, COLUMNS[table], rows[table])
        written.rows[table] += len(rows[table])


def write_hands(engine: Engine, hands: Iterable[Hand], batch_hands: int | None = None) -> Written:
    """Write every hand not held yet, ``batch_hands`` (BATCH_HANDS) at a time (``write_batches``)."""
    return write_batches(engine, Batch.of(hands, engine.appends_csv, batch_hands))


def write_batches(engine: Engine, batches: Iterable[Batch]) -> Written:
    """Write each batch's hands not held yet, in order. Where the engine writes with the GIL
    released (``Engine.appends_in_thread``), a batch is written in a second thread while the
    next is read: one batch at a time, and the reading waits for it before it hands over the
    next (or stops, on a bad hand, or a Ctrl-C: the transaction is then left to roll back whole)."""
    written = Written()
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="pokersql-import") as writer:
        writing: Future | None = None
        for batch in batches:
            if writing is not None:
                writing.result()  # the batch before: written, or its error raised here
            if engine.appends_in_thread:
                writing = writer.submit(write_batch, engine, batch, written)
            else:
                write_batch(engine, batch, written)
        if writing is not None:
            writing.result()
    return written
