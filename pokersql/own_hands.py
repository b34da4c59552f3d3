"""Your own hands: hands pokersql did not deal, evaluated with no write to its tables.

One query evaluates them all: ``hand_evaluations_of`` (sql/evaluation/011), the table macro
that ``typed_hands`` reads too, called on long rows ``own_cards(hand_no, card_id)``
(``RANKED_HANDS``, ``EVALUATED_HANDS``; on an engine other than DuckDB, with the macro's
query expanded into them, ``for_dialect``). It joins them to the lookup tables,
``cards``, ``flush_suits``, ``best_by_values``, ``best_by_flush`` and ``hand_classes``
(with ``card_values``). DuckDB's batches have a faster query of their own, below. Where the
rows come from depends on the call:

- ``evaluate`` and ``compare`` (a few hands): a ``values`` list of bound parameters.
  DuckDB plans and runs a query of this size in about 10 ms, SQLite in about 0.1 ms;
  so on DuckDB, from the second call on, the query runs on ``LookupCopy``, the lookup
  tables copied once (0.1 to 0.2 s) into an in-memory SQLite database.
- ``evaluate_many`` on DuckDB: each batch of up to ``BATCH_ROWS`` hands, as an Arrow
  table or a pandas frame, is registered with the connection and evaluated in SQL by
  ``DUCKDB_EVALUATED``, not ``hand_evaluations_of``: no Python loop over the rows, and no long rows
  either: a hand stays one row to the end (bench/own_hands_fast.py measures the gain):
  its text made canonical (as it is when it already is), its cards read by position, the
  sums of their codes taken by arithmetic, the class found by the DuckDB macros' lookup
  (``hand_class_from_sums``, 027, on the lists of 026) and the best five picked by their sort
  key per card (``best_five_key``, 027, a call of ``card_play_key``, 011, the key that
  ``hand_evaluations_of`` orders by), the same five in the same order, the rows in the
  input's order with no sort. A Python list becomes an Arrow table
  (without pyarrow, one list parameter). Files are read a batch at a time by
  pyarrow (Parquet row batches, CSV blocks), so memory stays bounded: DuckDB's own
  readers would run on the engine's connection, where a read-only database file must
  not be written and the user's SQL may not reach files; pyarrow needs neither.
- A frame's or file's other columns (``kept_columns``) go to the result beside it, the
  same rows in the same order. A CSV file is checked to be UTF-8 and read as text, each
  record with the header's fields; an error names the physical line where its record
  starts (``_csv_line``).
- ``evaluate_many`` on the other engines: each batch is parsed in Python and its long rows
  go to a relation ``own_cards`` of their own (``Engine.temporary``: a TEMP table on SQLite
  and PostgreSQL, a DataFrame on Spark), outside the database file (a read-only file works
  too).

The best five are the class's values (``hand_classes.rank_key`` counts each value in
base 5) taken from the hand's cards, highest suit first, only the flush suit's for a
flush, largest group first: one definition, ``card_play_key`` (011), that every path reads
(tests/test_evaluate_many.py compares DuckDB's batches with ``typed_hands``).
"""

from __future__ import annotations

import contextlib
import functools
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from . import hand_sources
from .cards import CARD_NAMES, SEPARATORS, card_name
from .errors import BadInput
from .hand_sources import MAX_CELL, Batch, Source, bad_row, batch_cards, value_text

BATCH_ROWS = 200_000  # hands per query on DuckDB: a step of the progress bar, and the memory bound (about 0.6 GiB)
SQLITE_BATCH_ROWS = 50_000  # hands per query on SQLite, where the rows are parsed in Python


def batch_rows(engine: Any) -> int:
    """Hands per batch of evaluate_many: BATCH_ROWS where the engine reads a batch's frame in
    SQL (``engine.reads_frames``), else SQLITE_BATCH_ROWS (the hands are parsed in Python)."""
    return BATCH_ROWS if engine.reads_frames else SQLITE_BATCH_ROWS


# The hands of a few cards each: best, points, category, hand_rank and place (1 = best of them),
# by hand_evaluations_of (011), the one definition of the best five, on own_cards(hand_no, card_id).
RANKED_HANDS = """
select
    evaluated.hand_no,
    evaluated.best,
    evaluated.points,
    evaluated.category,
    evaluated.hand_rank,
    rank() over (order by evaluated.hand_rank) as place
from hand_evaluations_of('own_cards') as evaluated
order by evaluated.hand_no"""

# What a table of long rows gives, a hand at a time.
EVALUATED_HANDS = """
select
    evaluated.best,
    evaluated.points,
    evaluated.category,
    evaluated.hand_rank
from hand_evaluations_of('own_cards') as evaluated
order by evaluated.hand_no"""


@functools.lru_cache(maxsize=None)
def for_dialect(query: str, dialect: str, macro: str = "hand_evaluations_of") -> str:
    """A query that calls the table macro ``macro``, as an engine of ``dialect`` runs it: on
    DuckDB as written (the macro is in the database), elsewhere with the macro's query from the
    SQL files expanded into it (transpile, with the macros of every file of the engine: one
    macro may call another's), once per process."""
    from . import migrations
    from .transpile import SOURCE_DIALECT, table_macros, transpile

    if dialect == SOURCE_DIALECT:
        return query
    files = migrations.sql_files()
    (source,) = [f for f in files if ("macro", macro) in [d[:2] for d in f.definitions()]]
    (statement,) = transpile(query, dialect, source.script, table_macros(f.text for f in files if f.runs_on(dialect)))
    return statement


@contextlib.contextmanager
def card_relation(
    engine: Any, name: str, columns: Sequence[str], values: dict[str, list[Any]], key: Sequence[str] = ()
) -> Iterator[None]:
    """For the block, a relation ``name`` of ``columns`` (``"hand_no integer"``, ...) holding
    ``values`` (a list per column, by its name), outside the database and gone after it: on
    DuckDB an Arrow table registered with the connection (with pyarrow), else
    ``Engine.temporary`` (a TEMP table keyed by ``key`` on SQLite and PostgreSQL)."""
    if engine.reads_frames and hand_sources._has("pyarrow"):
        import pyarrow as pa

        engine.connection.register(name, pa.table({column.split()[0]: values[column.split()[0]] for column in columns}))
        try:
            yield
        finally:
            engine.connection.unregister(name)
        return
    rows = list(zip(*(values[column.split()[0]] for column in columns)))
    with engine.temporary(name, columns, rows, key=key):
        yield

LOOKUP_TABLES = ("cards", "card_values", "flush_suits", "best_by_values", "best_by_flush", "hand_classes")
# What evaluating a hand reads: the lookup tables and the macro over them (its file, 011, on
# every engine: where it is expanded, the file's views are made all the same).
EVALUATION_NEEDS = (*LOOKUP_TABLES, "hand_evaluations_of")
# What DuckDB's batches read besides (DUCKDB_EVALUATED): the macros of 027 and the lists of 026.
DUCKDB_BATCH_NEEDS = (*EVALUATION_NEEDS, "hand_class_from_sums", "best_five_key")


def batch_needs(engine: Any) -> tuple[str, ...]:
    """What evaluate_many reads on ``engine``: DUCKDB_BATCH_NEEDS where it reads a batch's frame
    in SQL (``engine.reads_frames``), else EVALUATION_NEEDS."""
    return DUCKDB_BATCH_NEEDS if engine.reads_frames else EVALUATION_NEEDS

# The columns of the lookup tables that hand_evaluations_of reads, keyed as in the database.
LOOKUP_COLUMNS = {
    "cards": ("card_id integer primary key", "name text", "value integer", "suit_index integer",
              "rank_code integer", "suit_code integer", "card_bit integer"),
    "flush_suits": ("suit_counts integer primary key", "flush_shift integer", "flush_bits integer"),
    "best_by_values": ("rank_key integer primary key", "hand_rank integer"),
    "best_by_flush": ("value_mask integer primary key", "hand_rank integer"),
    "hand_classes": ("hand_rank integer primary key", "rank_key integer", "is_flush integer", "points integer",
                     "category text", "kicker_1 integer"),
    "card_values": ("value integer primary key", "rank_code integer"),
}


def values_query(hands: Sequence[Sequence[int]], dialect: str) -> tuple[str, list[int]]:
    """RANKED_HANDS for a few hands given as card ids, in ``dialect``: the SQL and its bound parameters."""
    rows = ", ".join("(?, ?)" for hand in hands for _ in hand)
    params = [value for number, hand in enumerate(hands, start=1) for card in hand for value in (number, card)]
    own_cards = f"own_cards (hand_no, card_id) as (values {rows})"
    query = for_dialect(RANKED_HANDS, dialect)
    if query[:5].lower() == "with ":  # Spark's: the macro's CTEs lifted to the top (transpile)
        return f"with {own_cards},\n{query[5:]}", params
    return f"with {own_cards}\n{query}", params


class LookupCopy:
    """The lookup tables (the columns hand_evaluations_of reads), copied into an in-memory SQLite.

    Read once from the database; nothing is written to it. The copy answers
    ``values_query`` in about 0.1 ms, where DuckDB takes about 10 ms to plan and run it.
    """

    dialect = "sqlite"

    def __init__(self, engine: Any) -> None:
        self.connection = sqlite3.connect(":memory:", check_same_thread=False)
        for table, columns in LOOKUP_COLUMNS.items():
            names = [column.split()[0] for column in columns]
            rows = engine.execute(f"select {', '.join(names)} from {table}")
            self.connection.execute(f"create table {table} ({', '.join(columns)})")
            marks = ", ".join("?" for _ in names)
            self.connection.executemany(f"insert into {table} values ({marks})", rows)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        return self.connection.execute(sql, params).fetchall()

    def close(self) -> None:
        self.connection.close()


# -- evaluating a Source -------------------------------------------------------------
INPUT_NAME = "pokersql_own_input"  # the batch, registered with DuckDB while it is read

# DuckDB: the batch's hands read in SQL and kept WIDE, one row per hand to the end, in the
# input's order: its card text as canonical text, its cards read from that text by position
# (card_0 .. card_6), their codes summed by arithmetic, the class found by
# hand_class_from_sums and the best five ordered by best_five_key (027, on card_play_key of
# 011, the one definition of the best five). No long rows (one per card) grouped back, no join, no sort of the rows:
# DuckDB keeps the order of a scan through projections (preserve_insertion_order, its
# default; where it is off, the rows are numbered and sorted). A hand that is not 5 to 7
# distinct cards gets a null class (bench/own_hands_fast.py). The per-card columns are
# written out by _each_card, a line per card.
MOST_CARDS = 7


def _each_card(template: str, separator: str) -> str:
    """``template`` for each card i of a hand (0 to 6), joined by ``separator``: {i}, the
    positions {rank_at} and {suit_at} of its rank and suit in canonical text (1-based), and
    {reach}, the test of a text's length that holds card i (card 0: 5 to 7 cards)."""
    return separator.join(
        template.format(i=i, rank_at=3 * i + 1, suit_at=3 * i + 2, reach="between 14 and 20" if i == 0 else f">= {3 * i + 2}")
        for i in range(MOST_CARDS)
    )


# The 52 card names in card_id order, as a DuckDB list: names[card_id + 1].
DUCKDB_CARD_NAMES = "[\n            " + ",\n            ".join(
    ", ".join(f"'{name}'" for name in CARD_NAMES[value * 4 : value * 4 + 4]) for value in range(13)
) + "\n        ]"

# cards.SEPARATORS as an RE2 character class ('[\\x{2c}\\x{9}...]'); _SEPARATOR_CLASS, its braces doubled for str.format.
SEPARATOR_RE2 = "[" + "".join("\\x{%x}" % ord(char) for char in SEPARATORS) + "]"
_SEPARATOR_CLASS = SEPARATOR_RE2.replace("{", "{{").replace("}", "}}")
# Text that is cards and separators only, in any notation of the contract (RE2, DuckDB's regexp_full_match).
DUCKDB_CARDS_PATTERN = SEPARATOR_RE2 + "*((10|[2-9TJQKAtjqka])[CDHScdhs♣♦♥♠]" + SEPARATOR_RE2 + "*)*"

DUCKDB_EVALUATED = """
with
    own_hands as (
        select
            {hand_number}
            {hand_text} as hand_text
        from {relation} as own_input
        {numbers}
    ),
    -- The hand as canonical text, one space between cards ('As Ks 7d 7c 7h 2s 9c'): such
    -- text as it is; any other notation of the contract (10 for T, either case, suit
    -- symbols, other separators or none: a comma or any space, cards.SEPARATORS) rewritten
    -- so; null when the text is not cards and separators only.
    canonical as (
        select
            own_hands.hand_no,
            case
                when regexp_full_match(own_hands.hand_text, '([2-9TJQKA][cdhs] )*[2-9TJQKA][cdhs]')
                    then own_hands.hand_text
                when regexp_full_match(
                    own_hands.hand_text,
                    '""" + DUCKDB_CARDS_PATTERN.replace("{", "{{").replace("}", "}}") + """'
                )
                    -- Separators out, ranks upper case (10 as T), suits lower case (symbols as
                    -- letters; the ranks hold none of the letters S H D C), a space after each card.
                    then rtrim(regexp_replace(
                        translate(
                            upper(replace(regexp_replace(own_hands.hand_text, '""" + _SEPARATOR_CLASS + """+', '', 'g'), '10', 'T')),
                            'SHDC♠♥♦♣',
                            'shdcshdc'
                        ),
                        '(..)',
                        '\\1 ',
                        'g'
                    ))
            end as hand_text
        from own_hands
    ),
    -- Card i (0 to 6) read by position: its rank is character 3i + 1, its suit 3i + 2;
    -- card_id = (value - 2) * 4 + suit_index (001); null past the hand's last card, and the
    -- first card null unless the text holds 5 to 7 cards (then the hand has no class).
    card_ids as (
        select
            canonical.hand_no,
            canonical.hand_text,
            """ + _each_card(
    "case when length(canonical.hand_text) {reach} then (strpos('23456789TJQKA', substr(canonical.hand_text, {rank_at}, 1)) - 1) * 4"
    "\n                + strpos('cdhs', substr(canonical.hand_text, {suit_at}, 1)) - 1 end as card_{i}",
    ",\n            ",
) + """
        from canonical
    ),
    -- The class (hand_class_of_cards, 027): null unless 5 to 7 distinct cards.
    classed as (
        select
            card_ids.*,
            card_mask_of(""" + _each_card("card_ids.card_{i}", ", ") + """) as card_mask,
            """ + " + ".join(f"suit_code_of(card_ids.card_{i})" for i in range(MOST_CARDS)) + """ as suit_counts,
            hand_class_of_cards(""" + _each_card("card_ids.card_{i}", ", ") + """) as hand_class
        from card_ids
    ),
    -- Each card's sort key among the best five (best_five_key, 027: card_play_key, 011), 0
    -- when it does not play.
    card_keys as (
        select
            classed.hand_no,
            classed.hand_text,
            classed.hand_class,
            """ + _each_card("classed.card_{i}", ",\n            ") + """,
            """ + _each_card("best_five_key(classed.card_{i}, classed.card_mask, classed.suit_counts, classed.hand_class) as key_{i}", ",\n            ") + """
        from classed
    ),
    -- Each card's place among them, 0 for the highest key: how many keys are higher (the
    -- five that play take places 0 to 4; a sort of each hand's list of keys took longer).
    card_places as (
        select
            card_keys.*,
            """ + ",\n            ".join(
    " + ".join(f"(card_keys.key_{j} > card_keys.key_{i})::integer" for j in range(MOST_CARDS) if j != i) + f" as place_{i}"
    for i in range(MOST_CARDS)
) + """
        from card_keys
    ),
    card_names as (
        select
            """ + DUCKDB_CARD_NAMES + """ as names
    )
select
    string_split(card_places.hand_text, ' ') as cards,
    [
        """ + ",\n        ".join(
    "card_names.names[case " + " ".join(f"when card_places.place_{i} = {n} then card_places.card_{i}" for i in range(MOST_CARDS)) + " end + 1]"
    for n in range(5)
) + """
    ] as best,
    card_places.hand_class.points,
    card_places.hand_class.category,
    card_places.hand_class.hand_rank
from card_places
cross join card_names
{order}"""

# Where DuckDB does not keep the input's order (preserve_insertion_order off), each hand is
# numbered and the rows sorted by it (a positional join with range(count)).
DUCKDB_KEPT_ORDER = {"hand_number": "null as hand_no,", "numbers": "", "order": ""}
DUCKDB_SORTED = {
    "hand_number": "numbers.range as hand_no,",
    "numbers": "positional join range(?) as numbers",
    "order": "order by card_places.hand_no",
}

# Engines other than DuckDB: the batch's long rows, a temporary relation (outside the database
# file) named as EVALUATED_HANDS reads it; its key lets SQLite look a hand's cards up.
OWN_CARDS_TABLE = "own_cards"


def evaluate_source(
    engine: Any, source: Source, progress: Any, evaluate_batch: Callable[[Source, Batch], list[tuple]] | None = None
) -> list[Any]:
    """Every batch of the source, evaluated: a list of chunks (Arrow tables or lists of rows).

    Each chunk holds the kept columns (``source.kept_names``) and then RESULT_COLUMNS.
    A bad hand raises BadInput naming its row, and nothing is returned. ``evaluate_batch``,
    if given, evaluates a batch instead (another game's: games.evaluate_batch), as rows.
    """
    chunks = []
    done = 0
    task = "evaluating hands"
    for batch in source.batches:
        progress(task, done, max(source.total or 0, done + batch.count))
        if evaluate_batch is not None:
            chunk = evaluate_batch(source, batch)
        elif engine.reads_frames:
            chunk = _duckdb_batch(engine, source, batch)
        else:
            chunk = _python_batch(engine, source, batch)
        chunks.append(_with_kept(chunk, source, batch))
        done += batch.count
    progress(task, done, done)
    return chunks


def _with_kept(chunk: Any, source: Source, batch: Batch) -> Any:
    """The batch's kept columns, first, beside its results (the same rows, in the same order)."""
    if not source.kept:
        return chunk
    if isinstance(chunk, list):
        return [kept + row for kept, row in zip(batch.kept_values(), chunk)]
    import pyarrow as pa

    for position, (name, new) in enumerate(zip(source.kept, source.kept_names)):
        if hasattr(batch.frame, "iloc"):
            column = pa.Array.from_pandas(batch.frame[name])
        elif isinstance(batch.frame, dict):
            column = pa.array(batch.frame[name])
        else:
            column = batch.frame.column(name)
        chunk = chunk.add_column(position, new, column)
    return chunk


def _duckdb_batch(engine: Any, source: Source, batch: Batch) -> Any:
    import duckdb

    connection = engine.connection
    frame = batch.frame
    arrow = hand_sources._has("pyarrow")
    texts = batch.texts
    if isinstance(frame, dict) or (frame is None and not arrow):
        # Python values without pyarrow (a CSV file, a list): parsed here, then one list parameter.
        texts = [" ".join(card_name(card) for card in hand) for hand in batch_cards(source, batch)]
        frame = None
    elif frame is None:
        import pyarrow as pa

        values = texts
        if not all(type(text) is str for text in texts):  # a tenth of the time of the loop below
            values = [_text_or_none(text) for text in texts]
        frame = pa.table({"cards": pa.array(values, pa.string())})
    registered = False
    sql = ""
    try:
        if frame is not None:
            connection.register(INPUT_NAME, frame)
            registered = True
            relation, params = INPUT_NAME, []
            types = dict(connection.execute(f"select column_name, column_type from (describe {INPUT_NAME})").fetchall())
        else:  # card text without pyarrow: one list parameter
            relation, params = "(select unnest(?::varchar[]) as cards)", [texts]
            types = {"cards": "VARCHAR"}
        columns = batch.columns if batch.texts is None else ("cards",)
        kept_order = connection.execute("select current_setting('preserve_insertion_order')").fetchall()[0][0]
        if kept_order:
            parts = DUCKDB_KEPT_ORDER
        else:
            parts, params = DUCKDB_SORTED, [*params, batch.count]
        sql = DUCKDB_EVALUATED.format(hand_text=duckdb_hand_text(columns, types), relation=relation, **parts)
        # One pass: a row per hand, in the input's order; a hand that is not one has no class
        # (a null hand_rank), and the first such row is named.
        if arrow:
            relation_result = connection.sql(sql, params=params)
            # DuckDB 1.5 names it to_arrow_table; earlier versions arrow.
            chunk = (getattr(relation_result, "to_arrow_table", None) or relation_result.arrow)()
            ranks = chunk.column("hand_rank")
            bad = None
            if ranks.null_count:
                import pyarrow.compute as pc

                bad = pc.index(pc.is_null(ranks), True).as_py()
        else:
            chunk = connection.execute(sql, params).fetchall()
            bad = next((index for index, row in enumerate(chunk) if row[-1] is None), None)
        if bad is not None:
            raise bad_row(source, batch, bad)
        return chunk
    except (duckdb.Error, RuntimeError) as e:
        raise engine._error(e, sql or "registering the hands") from e
    finally:
        if registered:
            connection.unregister(INPUT_NAME)


def _text_or_none(value: Any) -> str | None:
    """A hand's value as value_text reads it, or None where it refuses it (the row is then bad,
    and bad_row names it with value_text's message)."""
    try:
        return value_text(value, "the hand")
    except BadInput:
        return None


def duckdb_hand_text(columns: tuple[str, ...], types: dict[str, str]) -> str:
    """The SQL expression of a hand's card text: a text column, a list of cards, or hole and board.

    Null when a column is null, a list holds a null, bytes are not UTF-8, or a cell is over
    MAX_CELL characters (value_text's rules): that row is then a bad hand, named by value_text.
    """
    parts = []
    for name in columns:
        kind = types.get(name, "VARCHAR")
        column = f'own_input."{name}"'
        if kind == "BLOB[]":
            column = f"list_transform({column}, lambda card: try(decode(card)))"
        if kind.endswith("[]"):
            text = f"case when list_count({column}) = len({column}) then array_to_string({column}, ' ') end"
        elif kind == "BLOB":
            text = f"try(decode({column}))"
        elif kind != "VARCHAR":
            text = f"cast({column} as varchar)"
        else:
            text = column
        parts.append(f"case when length({text}) <= {MAX_CELL} then {text} end")
    return " || ' ' || ".join(parts)


def _python_batch(engine: Any, source: Source, batch: Batch) -> list[tuple]:
    hands = batch_cards(source, batch)
    rows = [(number, card) for number, hand in enumerate(hands, start=1) for card in hand]
    with engine.temporary(OWN_CARDS_TABLE, ("hand_no integer", "card_id integer"), rows, key=("hand_no", "card_id")):
        evaluated = engine.execute(for_dialect(EVALUATED_HANDS, engine.dialect))
    return [
        ([card_name(card) for card in hand], best.split(" "), points, category, hand_rank)
        for hand, (best, points, category, hand_rank) in zip(hands, evaluated)
    ]
