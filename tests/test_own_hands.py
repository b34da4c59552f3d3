"""Issue 11: the user's own hands, evaluated by the DuckDB macros of
sql/evaluation/027_hand_macros.duckdb.views.sql, checked against phevaluator."""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest
from phevaluator import evaluate_cards

import pokersql
from pokersql import shell_sql
from pokersql.cards import CARD_NAMES, parse_cards

# Hands every path must get right (the list): wheels, broadway straights,
# six-card straights, two trips, three pairs, a flush beside a straight.
SPECIAL_HANDS = [
    "Ah 2c 3d 4s 5h",
    "As 2s 3s 4s 5s Kd 9c",
    "Ts Jh Qd Kc Ad",
    "Ts Js Qs Ks As 9s 8s",
    "4c 5d 6h 7s 8c 9d",
    "4c 5d 6h 7s 8c 9d Tc",
    "Kc Kd Kh 7s 7c 7d 2h",
    "Kc Kd 7h 7s 2c 2d Ah",
    "Kc Kd 7h 7s 2c 2d",
    "2h 5h 9h Jh Kh 3c",
    "2h 5h 9h Jh Kh 3c 4d",
    "2h 5h 9h 3h 4d 6s 9s",
]


def random_hands(count: int, seed: int = 11) -> list[list[int]]:
    generator = random.Random(seed)
    return [generator.sample(range(52), generator.choice((5, 6, 7))) for _ in range(count)]


def hand_text(cards: list[int], generator: random.Random) -> str:
    """The hand in one of the notations the macros read: case, separators, '10', symbols."""
    names = [CARD_NAMES[card] for card in cards]
    style = generator.randrange(4)
    if style == 1:
        names = [name.lower() for name in names]
    elif style == 2:
        names = [name.replace("T", "10") for name in names]
    separator = generator.choice((" ", ",", ", ", ""))
    return separator.join(names)


@pytest.fixture(scope="module")
def duckdb_db(built_database):
    """A built DuckDB database of the module's own: a copy of the session's (no build here)."""
    database = pokersql.connect(built_database("duckdb"), engine="duckdb")
    yield database
    database.close()


def test_macros_name_the_special_hands(duckdb_db):
    rows = duckdb_db.engine.execute(
        "select hand_text, hand_rank(hand_text), hand_category(hand_text) from unnest(?) as t(hand_text)",
        [SPECIAL_HANDS],
    )
    for text, rank, category in rows:
        expected = evaluate_cards(*parse_cards(text))
        assert rank == expected, f"{text}: expected hand_rank {expected}, got {rank}"
    categories = {text: category for text, _, category in rows}
    assert categories["Ah 2c 3d 4s 5h"] == "Straight"
    assert categories["Ts Js Qs Ks As 9s 8s"] == "Royal Flush"
    assert categories["Kc Kd Kh 7s 7c 7d 2h"] == "Full House"
    assert categories["Kc Kd 7h 7s 2c 2d Ah"] == "Two Pair"


# phevaluator's hand_rank bounds of each category (the standard equivalence classes):
# the category follows from the rank alone, independently of pokersql's tables.
CATEGORY_BOUNDS = [
    (1, "Royal Flush"), (10, "Straight Flush"), (166, "Four of a Kind"), (322, "Full House"),
    (1599, "Flush"), (1609, "Straight"), (2467, "Three of a Kind"), (3325, "Two Pair"),
    (6185, "One Pair"), (7462, "High Card"),
]


def category_of(rank: int) -> str:
    return next(category for bound, category in CATEGORY_BOUNDS if rank <= bound)


def check_best_five(cards: list[int], best_text: str, rank: int) -> None:
    """best names five of the hand's cards that make its rank, in the shown order: larger
    groups first, then higher values (the ace low in a 5-high straight)."""
    best = parse_cards(best_text)
    assert len(set(best)) == 5 and set(best) <= set(cards), f"{best_text} is not five of {cards}"
    assert evaluate_cards(*best) == rank, f"{best_text} does not make hand_rank {rank}"
    values = [card // 4 + 2 for card in best]
    if category_of(rank) in ("Straight", "Straight Flush") and sorted(values) == [2, 3, 4, 5, 14]:
        values = [1 if value == 14 else value for value in values]
    order = [(-values.count(value), -value) for value in values]
    assert order == sorted(order), f"{best_text} is not in the shown order"


def test_macros_agree_with_phevaluator_on_100000_hands(duckdb_db):
    generator = random.Random(1111)
    hands = random_hands(100_000) + [parse_cards(text) for text in SPECIAL_HANDS]
    texts = [hand_text(cards, generator) for cards in hands]
    rows = duckdb_db.engine.execute(
        "select hand_rank(hand_text), hand_category(hand_text), best_five(hand_text)"
        " from unnest(?) with ordinality as t(hand_text, position) order by position",
        [texts],
    )
    assert len(rows) == len(hands)
    for cards, text, (rank, category, best) in zip(hands, texts, rows):
        expected = evaluate_cards(*cards)
        assert rank == expected, f"{text}: expected hand_rank {expected}, got {rank}"
        assert category == category_of(expected), f"{text}: {category}"
        check_best_five(cards, best, expected)
    assert {len(cards) for cards in hands} == {5, 6, 7}


def test_best_five_is_what_eval_shows(duckdb_db):
    """The macro and `pokersql eval` (evaluate_many) name the same five, in the same order."""
    hands = random_hands(20_000, seed=12) + [parse_cards(text) for text in SPECIAL_HANDS]
    texts = [" ".join(CARD_NAMES[card] for card in cards) for cards in hands]
    macro = [row[0] for row in duckdb_db.engine.execute(
        "select best_five(hand_text) from unnest(?) with ordinality as t(hand_text, position) order by position",
        [texts],
    )]
    shown = [" ".join(result.best) for result in duckdb_db.evaluate_many(texts)]
    assert macro == shown


def test_table_macro_ranks_long_rows_and_places_within_the_users_groups(duckdb_db):
    """hand_ranks(relation) over one row per hand and card_id; the place within the user's
    own grouping (a table of 2 to 9 seats, as a showdown) is a rank() over their id."""
    generator = random.Random(13)
    hands = random_hands(30_000, seed=13)
    long_rows = [(hand_id, card) for hand_id, cards in enumerate(hands) for card in cards]
    tables = []
    hand_id = 0
    while hand_id < len(hands):
        seats = generator.randint(2, 9)
        tables += [len(tables)] * min(seats, len(hands) - hand_id)
        hand_id += seats
    engine = duckdb_db.engine
    engine.execute("create temp table my_cards as select * from (select unnest(?) as hand_id, unnest(?) as card_id)",
                   [[h for h, _ in long_rows], [c for _, c in long_rows]])
    engine.execute("create temp table my_tables as select * from (select unnest(?) as hand_id, unnest(?) as table_id)",
                   [list(range(len(hands))), tables])
    try:
        rows = engine.execute(
            "select ranked.hand_id, ranked.card_count, ranked.hand_rank, ranked.category, ranked.best,"
            " rank() over (partition by my_tables.table_id order by ranked.hand_rank) as place"
            " from hand_ranks(my_cards) as ranked"
            " inner join my_tables on my_tables.hand_id = ranked.hand_id"
            " order by ranked.hand_id"
        )
    finally:
        engine.execute("drop table my_cards")
        engine.execute("drop table my_tables")
    assert [row[0] for row in rows] == list(range(len(hands)))
    ranks = [evaluate_cards(*cards) for cards in hands]
    by_table: dict[int, list[int]] = {}
    for table_id, rank in zip(tables, ranks):
        by_table.setdefault(table_id, []).append(rank)
    for (hand_id, count, rank, category, best, place), cards, table_id in zip(rows, hands, tables):
        assert (count, rank, category) == (len(cards), ranks[hand_id], category_of(ranks[hand_id]))
        check_best_five(cards, best, rank)
        assert place == 1 + sum(other < rank for other in by_table[table_id])


@pytest.mark.parametrize("text", ["As Ks Qs Js", "As Ks Qs Js Ts 9s 8s 7s", ""])
def test_macros_answer_null_outside_five_to_seven_cards(duckdb_db, text):
    assert duckdb_db.engine.execute("select hand_rank(?), hand_category(?), best_five(?)", [text, text, text]) == [(None, None, None)]


RECIPES = Path(__file__).resolve().parents[1] / "sql" / "recipes"


def random_showdowns(count: int, seed: int) -> list[tuple[int, int, str, str]]:
    """(hand_id, seat, hole, board) rows: hands of 2 to 10 seats, one board each. One hand in
    five has a board that plays (a straight or better on the table), so splits are common."""
    generator = random.Random(seed)
    rows = []
    for hand_id in range(count):
        seats = generator.randint(2, 10)
        if hand_id % 5 == 0:
            low = generator.randint(0, 8)  # five values in a row, mixed suits: a board straight
            board = [(low + offset) * 4 + generator.randrange(4) for offset in range(5)]
            deck = [card for card in range(52) if card not in board]
            holes = generator.sample(deck, 2 * seats)
        else:
            cards = generator.sample(range(52), 5 + 2 * seats)
            board, holes = cards[:5], cards[5:]
        board_text = " ".join(CARD_NAMES[card] for card in board)
        for seat in range(seats):
            hole = " ".join(CARD_NAMES[card] for card in holes[2 * seat: 2 * seat + 2])
            rows.append((hand_id, seat + 1, hole, board_text))
    return rows


def check_showdown(rows: list[tuple], got: list[tuple]) -> None:
    """The showdown's rows against phevaluator: each seat's rank, category, best five, place
    within its hand and result; with enough splits among them to have tested ties."""
    assert [(int(r[0]), int(r[1])) for r in got] == [(r[0], r[1]) for r in rows]
    ranks: dict[int, list[int]] = {}
    for hand_id, _, hole, board in rows:
        ranks.setdefault(hand_id, []).append(evaluate_cards(*parse_cards(f"{hole} {board}")))
    results = {"wins": 0, "splits": 0, "loses": 0}
    for hand_id, seat, hole, board, best, category, hand_rank, place, result, problem in got:
        assert problem in (None, ""), (hand_id, seat, problem)
        table = ranks[int(hand_id)]
        expected = table[int(seat) - 1]
        assert int(hand_rank) == expected and category == category_of(expected), (hand_id, seat)
        check_best_five(parse_cards(f"{hole} {board}"), best, expected)
        assert int(place) == 1 + sum(other < expected for other in table)
        best_rank = min(table)
        expected_result = "loses" if expected > best_rank else "splits" if table.count(best_rank) > 1 else "wins"
        assert result == expected_result, (hand_id, seat, result)
        results[result] += 1
    assert results["splits"] >= 500 and results["wins"] >= 5_000, results


def test_showdown_query_against_phevaluator_on_10000_hands(duckdb_db):
    rows = random_showdowns(10_000, seed=14)
    engine = duckdb_db.engine
    engine.execute(
        "create temp table hand_history as select * from"
        " (select unnest(?) as hand_id, unnest(?) as seat, unnest(?) as hole, unnest(?) as board)",
        [[r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows], [r[3] for r in rows]],
    )
    try:
        got = engine.execute((RECIPES / "showdown.duckdb.sql").read_text(encoding="utf-8"))
    finally:
        engine.execute("drop table hand_history")
    check_showdown(rows, got)


def sqlite3_recipe(database: str, setup: str, recipe: str) -> list[tuple[str, ...]]:
    """The rows of recipe RECIPE for SQLite (its macro calls written in: shell_sql.recipe_text,
    what `pokersql sql --recipe` prints), run after SETUP by the real sqlite3 program on
    DATABASE opened read-only; each row's fields as text."""
    sqlite3_program = shutil.which("sqlite3")
    assert sqlite3_program, "the sqlite3 program is needed (apt-get install sqlite3; .ci/run does)"
    script = setup + ".mode list\n.separator |\n" + shell_sql.recipe_text(recipe, "sqlite")
    completed = subprocess.run(
        [sqlite3_program, "-bail", "-readonly", database], input=script, capture_output=True, text=True, timeout=600,
    )
    assert completed.returncode == 0 and not completed.stderr, completed.stderr
    return [tuple(line.split("|")) for line in completed.stdout.splitlines()]


def check_hand_ranks(hands: list[list[int]], got: list[tuple]) -> None:
    """hand_ranks recipe rows (hand_id, card_count, hand_rank, points, category, problem), one
    per hand in hand_id order, against phevaluator."""
    assert [int(row[0]) for row in got] == list(range(len(hands)))
    for cards, (hand_id, card_count, hand_rank, points, category, problem) in zip(hands, got):
        assert problem in (None, ""), (hand_id, problem)
        expected = evaluate_cards(*cards)
        assert (int(card_count), int(hand_rank), category) == (len(cards), expected, category_of(expected)), (
            f"{' '.join(CARD_NAMES[card] for card in cards)}: {hand_rank} {category}, expected {expected}"
        )


def test_sqlite_hand_ranks_recipe_in_the_sqlite3_shell_against_phevaluator(built_database):
    """sql/recipes/hand_ranks.sqlite.sql as printed for SQLite, run by the real sqlite3 program on
    a pokersql SQLite file opened read-only, on 100,000 random hands of 5, 6 and 7 cards and the
    special ones."""
    hands = [parse_cards(text) for text in SPECIAL_HANDS] + random_hands(100_000, seed=16)
    values = ",\n".join(f"({i}, '{' '.join(CARD_NAMES[card] for card in cards)}')" for i, cards in enumerate(hands))
    setup = f"create temp table my_hands (hand_id integer, cards text);\ninsert into my_hands values {values};\n"
    check_hand_ranks(hands, sqlite3_recipe(built_database("sqlite"), setup, "hand_ranks"))


def test_sqlite_hand_ranks_recipe_runs_unchanged_on_duckdb(duckdb_db):
    hands = [parse_cards(text) for text in SPECIAL_HANDS] + random_hands(20_000, seed=17)
    engine = duckdb_db.engine
    engine.execute(
        "create temp table my_hands as select * from (select unnest(?) as hand_id, unnest(?) as cards)",
        [list(range(len(hands))), [" ".join(CARD_NAMES[card] for card in cards) for cards in hands]],
    )
    try:
        got = engine.execute((RECIPES / "hand_ranks.sqlite.sql").read_text(encoding="utf-8"))
    finally:
        engine.execute("drop table my_hands")
    check_hand_ranks(hands, got)
