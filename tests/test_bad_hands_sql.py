"""Issue 21: garbage is never ranked as a hand. The DuckDB macros of
sql/evaluation/027_hand_macros.duckdb.views.sql and the SQLite recipe sql/recipes/hand_ranks.sqlite.sql
answer null, with a reason (hand_problem, the recipe's problem column), for anything that is not
5 to 7 distinct cards in the contract's notation; good hands in every notation still agree
with phevaluator. (The recipes are for DuckDB and SQLite, not PostgreSQL.)"""

from __future__ import annotations

import random
import sqlite3

import pytest
from phevaluator import evaluate_cards

from pokersql import shell_sql
from pokersql.cards import CARD_NAMES, parse_cards
from pokersql.errors import BadInput
from tests.test_own_hands import category_of, check_best_five, duckdb_db  # noqa: F401 (a fixture)

MEGABYTE = "Ah " * 350_000
HINT = "write a rank 2-9, T, J, Q, K, A and a suit s, h, d, c (e.g. 'Ah')"

# (text, the reason, or None where the CLI's own parser gives it): every case of the issue.
GARBAGE = [
    ("Ah Ah Kh Qh Jh", None),
    ("Th 10h Ah Kh Qh", None),
    ("10h Th Ah Kh Qh", None),
    ("Ah A♥ Kh Qh Jh", None),
    ("A♥ Ah Kh Qh Jh", None),
    ("Ah AH Kh Qh Jh", None),
    ("ah Ah Kh Qh Jh", None),
    ("As Ks Qs Js Ts As", None),
    ("As Ks Qs Js Ts 9s 9s", None),
    ("Xx Ah Kh Qh Jh Th", None),
    ("Ah Kh Qh Jh Th Xx", None),
    ("ACE of hearts, KH QH JH TH", None),
    ("As Ks Qs Js 1s", None),
    ("As Ks Qs Js T", None),
    ("A s Ks Qs Js Ts", None),
    ("As;Ks;Qs;Js;Ts", None),
    ("As|Ks|Qs|Js|Ts", None),
    ("As-Ks-Qs-Js-Ts", None),
    # Binary junk (Python's message would show the bytes escaped, the macros as they are).
    ("\x00\x01\x7f As Ks Qs Js Ts", f"unknown card '\x00\x01\x7f': {HINT}"),
    ("\x9b\xff\x80AsKsQsJsTs", f"unknown card '\x9b\xff\x80AsKsQsJsTs': {HINT}"),
    (bytes(range(256)).decode("latin-1") + " As Ks Qs Js Ts", "the hand is 271 characters long: 5 to 7 cards take at most 64"),
    ("", None),
    ("  ,, ", None),
    ("As Ks Qs Js", None),
    ("As Ks Qs Js Ts 9s 8s 7s", None),
    ("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc", None),
    (None, "no cards: the hand is null"),
    (MEGABYTE, f"the hand is {len(MEGABYTE)} characters long: 5 to 7 cards take at most 64"),
    ("As Ks Qs Js Ts" + " " * 60 + "Xx", "the hand is 76 characters long: 5 to 7 cards take at most 64"),
    # Letters that only a case-insensitive reading takes for cards: the long s, the Kelvin sign.
    ("Aſ Ks Qs Js Ts", f"unknown card 'Aſ': {HINT}"),
    ("As \u212as Qs Js Ts", f"unknown card '\u212as': {HINT}"),
]


def cli_reason(text: str) -> str:
    """What the CLI says of the text: its parser's message, or the count's."""
    try:
        cards = parse_cards(text)
    except BadInput as error:
        return str(error)
    assert not 5 <= len(cards) <= 7, f"{text!r} is a hand"
    return f"a hand needs 5, 6 or 7 cards, got {len(cards)}"


def expected_reason(text: str | None, reason: str | None) -> str:
    return reason if reason is not None else cli_reason(text)


def case_id(case: tuple[str | None, str | None]) -> str:
    text = case[0]
    return "null" if text is None else "1MB" if len(text) > 1000 else repr(text[:30])


@pytest.mark.parametrize("case", GARBAGE, ids=case_id)
def test_macros_answer_null_and_the_reason_for_garbage(duckdb_db, case):
    text, reason = case
    row = duckdb_db.engine.execute(
        "select hand_rank(?), hand_category(?), best_five(?), hand_card_ids(?), hand_problem(?)", [text] * 5
    )
    assert row == [(None, None, None, None, expected_reason(text, reason))]


@pytest.mark.parametrize("case", GARBAGE, ids=case_id)
def test_macros_answer_null_for_garbage_in_a_column(duckdb_db, case):
    """The same from a table's column (DuckDB folds a constant's expressions beforehand; a
    column's are computed row by row)."""
    text, reason = case
    engine = duckdb_db.engine
    engine.execute("create temp table garbage as select ?::varchar as cards", [text])
    try:
        row = engine.execute(
            "select hand_rank(cards), hand_category(cards), best_five(cards), hand_card_ids(cards),"
            " hand_problem(cards) from garbage"
        )
    finally:
        engine.execute("drop table garbage")
    assert row == [(None, None, None, None, expected_reason(text, reason))]


LONG_ROWS = {
    1: ([51, 51, 47, 43, 39], "duplicate card 'As'"),
    2: ([51, 47, 43, 39, 35, None], "a card_id is null"),
    3: ([None, 51, 47, 43, 39, 35, 31], "a card_id is null"),
    4: ([51, 47, 43, 39, 52], "unknown card_id 52: card ids run from 0 (2c) to 51 (As)"),
    5: ([51, 47, 43, 39, -1], "unknown card_id -1: card ids run from 0 (2c) to 51 (As)"),
    6: ([51, 47, 43, 39], "a hand needs 5, 6 or 7 cards, got 4"),
    7: ([51, 47, 43, 39, 35, 31, 27, 23], "a hand needs 5, 6 or 7 cards, got 8"),
    8: ([0, 4, 8, 12, 0], "duplicate card '2c'"),
    9: ([51, 47, 43, 39, 35], None),
}


def test_hand_ranks_table_macro_answers_null_and_the_reason_for_bad_long_rows(duckdb_db):
    engine = duckdb_db.engine
    pairs = [(hand_id, card) for hand_id, (cards, _) in LONG_ROWS.items() for card in cards]
    engine.execute(
        "create temp table bad_cards as select * from (select unnest(?) as hand_id, unnest(?)::integer as card_id)",
        [[hand_id for hand_id, _ in pairs], [card for _, card in pairs]],
    )
    try:
        rows = engine.execute(
            "select hand_id, hand_rank, points, category, best, problem from hand_ranks(bad_cards) order by hand_id"
        )
    finally:
        engine.execute("drop table bad_cards")
    assert [row[0] for row in rows] == list(LONG_ROWS)
    for hand_id, rank, points, category, best, problem in rows:
        cards, reason = LONG_ROWS[hand_id]
        if reason is None:
            assert (rank, category, best, problem) == (1, "Royal Flush", "As Ks Qs Js Ts", None)
        else:
            assert (rank, points, category, best, problem) == (None, None, None, None, reason), cards


@pytest.mark.parametrize(
    "card_ids", [[51, 51, 47, 43, 39], [51, 47, 43, 39, 35, None], [51, 47, 43, 39, 52], [1, 5, 9, 13, 17, -3]]
)
def test_id_macros_answer_null_for_bad_lists(duckdb_db, card_ids):
    assert duckdb_db.engine.execute("select hand_class_of(?::integer[]), best_five_of(?::integer[])", [card_ids] * 2) == [
        (None, None)
    ]



CARDS_COLUMNS = "hand_class_of_cards(" + ", ".join(f"c[{i}]" for i in range(1, 8)) + ")"


@pytest.mark.parametrize(
    "card_ids",
    [[51, 51, 47, 43, 39], [51, 47, 43, 39, None, 35], [51, 47, 43, 39, 52], [1, 5, 9, 13, 17, -3], [51, 47, 43, 39],
     [None, 51, 47, 43, 39, 35, 31]],
)
def test_the_columns_macro_answers_null_for_bad_cards(duckdb_db, card_ids):
    """hand_class_of_cards (card_ids one by one, card_5 and card_6 null for fewer): a card twice,
    a card_id outside 0 to 51, fewer than 5 or a null among the first five is no hand."""
    padded = card_ids + [None] * (7 - len(card_ids))
    assert duckdb_db.engine.execute(f"select {CARDS_COLUMNS} from (select ?::integer[] as c)", [padded]) == [(None,)]


@pytest.mark.parametrize("kind", ["tinyint", "integer", "bigint"])
def test_the_id_macros_agree_with_phevaluator_on_any_integer_type(duckdb_db, kind):
    """hand_class_of and hand_class_of_cards on card_ids of any integer type (a TINYINT's
    shifted 1 overflowed), 5 to 7 cards, against phevaluator."""
    generator = random.Random(27)
    hands = [generator.sample(range(52), generator.choice((5, 6, 7))) for _ in range(3_000)]
    rows = duckdb_db.engine.execute(
        f"select hand_class_of(c).hand_rank, {CARDS_COLUMNS}.hand_rank"
        f" from (select unnest(?::{kind}[][]) as c, unnest(range(?)) as n) order by n",
        [hands, len(hands)],
    )
    assert rows == [(evaluate_cards(*hand),) * 2 for hand in hands]

def notation(cards: list[int], generator: random.Random) -> str:
    """The hand in one notation of the contract, chosen at random: case, '10', suit symbols,
    separators, run together."""
    symbols = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
    names = []
    for card in cards:
        rank, suit = CARD_NAMES[card]
        rank = generator.choice(("10", "T", "t")) if rank == "T" else generator.choice((rank, rank.lower()))
        suit = generator.choice((suit, suit.upper(), symbols[suit]))
        names.append(rank + suit)
    separators = (" ", ",", ", ", "", "\t", "\n", "  ")
    return generator.choice(("", " ", ",")) + "".join(n + generator.choice(separators) for n in names).rstrip(", \t\n")


GOOD = [
    "As Ks Qs Js Ts",
    "as ks qs js ts",
    "AS KS QS JS TS",
    "10s Js Qs Ks As",
    "A♠K♠Q♠J♠10♠",
    "a♠,k♠,q♠,j♠,10♠,2d",
    " As,Ks  Qs\tJs\nTs ",
    "Ah 2c 3d 4s 5h Kd",
]


def good_hands(count: int, seed: int) -> list[tuple[str, list[int]]]:
    generator = random.Random(seed)
    hands = [(text, parse_cards(text)) for text in GOOD]
    for _ in range(count):
        cards = generator.sample(range(52), generator.choice((5, 6, 7)))
        hands.append((notation(cards, generator), cards))
    return hands


def test_macros_rank_good_hands_in_every_notation_as_phevaluator_does(duckdb_db):
    hands = good_hands(5_000, seed=21)
    rows = duckdb_db.engine.execute(
        "select hand_rank(t), hand_category(t), best_five(t), hand_card_ids(t), hand_problem(t)"
        " from unnest(?) with ordinality as u(t, n) order by n",
        [[text for text, _ in hands]],
    )
    for (text, cards), (rank, category, best, card_ids, problem) in zip(hands, rows, strict=True):
        expected = evaluate_cards(*cards)
        assert (rank, category, card_ids, problem) == (expected, category_of(expected), cards, None), text
        check_best_five(cards, best, expected)


def recipe_rows(connection, texts: list[str | None]) -> list[tuple]:
    """The hand_ranks recipe's rows for TEXTS: on SQLite as printed for it (the macro written in),
    on DuckDB the file as it is."""
    dialect = "sqlite" if isinstance(connection, sqlite3.Connection) else "duckdb"
    connection.execute("create temp table my_hands (hand_id integer, cards text)")
    try:
        connection.executemany("insert into my_hands values (?, ?)", list(enumerate(texts)))
        return connection.execute(shell_sql.recipe_text("hand_ranks", dialect)).fetchall()
    finally:
        connection.execute("drop table my_hands")


@pytest.fixture(scope="module")
def sqlite_connection(built_database):
    connection = sqlite3.connect(f"file:{built_database('sqlite')}?mode=ro", uri=True)
    yield connection
    connection.close()


def check_recipe_garbage(rows: list[tuple]) -> None:
    """Null and a reason for every case: the CLI's words for a duplicate and a count; an
    unknown card named as read."""
    assert [row[0] for row in rows] == list(range(len(GARBAGE)))
    for (text, reason), (_, card_count, rank, points, category, problem) in zip(GARBAGE, rows):
        assert (card_count, rank, points, category) == (None, None, None, None), repr(text)[:60]
        expected = expected_reason(text, reason)
        if text is not None and "\x00" in text:
            assert problem, repr(text)[:60]  # SQLite's text functions stop at a NUL
        elif expected.startswith("unknown card"):
            assert problem.startswith("unknown card"), (repr(text)[:60], problem)
        else:
            assert problem == expected, repr(text)[:60]


def test_sqlite_recipe_answers_null_and_the_reason_for_garbage(sqlite_connection):
    check_recipe_garbage(recipe_rows(sqlite_connection, [text for text, _ in GARBAGE]))


def test_sqlite_recipe_on_duckdb_answers_null_and_the_reason_for_garbage(duckdb_db):
    check_recipe_garbage(recipe_rows(duckdb_db.engine.connection.cursor(), [text for text, _ in GARBAGE]))


@pytest.mark.parametrize("engine", ["sqlite", "duckdb"])
def test_sqlite_recipe_ranks_good_hands_in_every_notation_as_phevaluator_does(engine, sqlite_connection, duckdb_db):
    hands = good_hands(5_000, seed=22)
    connection = sqlite_connection if engine == "sqlite" else duckdb_db.engine.connection.cursor()
    rows = recipe_rows(connection, [text for text, _ in hands])
    for (text, cards), (_, card_count, rank, points, category, problem) in zip(hands, rows, strict=True):
        expected = evaluate_cards(*cards)
        assert (card_count, rank, category, problem) == (len(cards), expected, category_of(expected), None), text
