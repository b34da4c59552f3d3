"""The audits in sql/audits/: queries that return the bad rows, run on every engine.

Each passes when it returns nothing, and each is shown to fail: the data it guards
is broken on purpose (inside a transaction that is rolled back) and the audit must
return rows.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import pokersql
from pokersql import migrations
from pokersql.transpile import table_macros

AUDITS = sorted((migrations.sql_directory() / "audits").glob("*.sql"))
# Enumerates all 133,784,560 seven-card hands: about 2 s on DuckDB, many minutes on SQLite.
DUCKDB_ONLY = {
    "seven_card_hands_match_suit_reduced_seven.sql",
    "hand_class_lists_hold_the_lookup_tables.sql",
    "card_code_macros_match_the_cards.sql",  # 027's macros
}

# What breaks the data each audit guards: a statement run before the audit, in a scratch transaction.
BREAKAGE = {
    "hands_match_suit_reduced_five.sql": "update hands set hand_rank = 1 where c1 = 0 and c2 = 4 and c3 = 8 and c4 = 12 and c5 = 17",
    "hands_are_distinct_sorted_and_named.sql": "update hands set cards = 'As Ks Qs Js Ts' where c1 = 0 and c2 = 1 and c3 = 2 and c4 = 3 and c5 = 4",
    "hand_classes_are_ranked_in_order.sql": "update hand_classes set hand_rank = 9999 where hand_rank = 5000",
    "flush_suits_tell_the_flush.sql": "update flush_suits set flush_bits = 0 where suit_counts = 5",
    "best_by_values_grow_from_the_classes.sql": "delete from best_by_values where card_count = 6 and hand_rank > 7000",
    "suit_reduced_seven_ranks_by_hand_ranks_of.sql": "update suit_reduced_seven set hand_rank = hand_rank + 1 where hand_key = (select max(hand_key) from suit_reduced_seven)",
    "seven_card_hands_match_suit_reduced_seven.sql": "update suit_reduced_seven set weight = weight + 1 where hand_key = (select min(hand_key) from suit_reduced_seven)",
    # the values' ranks one slot late, as a slip in numbering the slots would leave them
    "hand_class_lists_hold_the_lookup_tables.sql": "update hand_class_lists set value_ranks = list_prepend(null, value_ranks[1:-2])",
    # a player who collects from a hand that no action put a chip into
    "history_collected_matches_the_pots.sql": "insert into history_results (site, hand_id, seat, player, collected) values ('audit', '1', 1, 'nobody', 5)",
    # an Omaha hand whose one player bet 5, the bet given back uncalled, and who says they collected 7
    "history_game_collected_matches_the_pots.sql": (
        "insert into history_hands (site, hand_id, game, small_blind, big_blind, ante, source_file, source_line)"
        " values ('audit', '2', 'Omaha Pot Limit', 1, 2, 0, 'audit.txt', 1)",
        "insert into history_seats (site, hand_id, seat, player, starting_stack) values ('audit', '2', 1, 'nobody', 100)",
        "insert into history_actions (site, hand_id, action_no, street, seat, player, action, amount, street_total, all_in)"
        " values ('audit', '2', 1, 'preflop', 1, 'nobody', 'bets', 5, 5, false)",
        "insert into history_results (site, hand_id, seat, player, collected) values ('audit', '2', 1, 'nobody', 7)",
    ),
    # a code of 001 that the macros no longer give
    "card_code_macros_match_the_cards.sql": "update cards set rank_code = rank_code * 5 where card_id = 44",
}


def breakage(path: Path) -> tuple[str, ...]:
    """The statements that break what the audit guards: one, or a few run in order."""
    statements = BREAKAGE[path.name]
    return (statements,) if isinstance(statements, str) else statements


def run_audit(db: pokersql.Database, path: Path) -> list[tuple]:
    """The audit's rows; on an engine with no table macros, the SQL files' macros (011's
    hand_ranks_of) are written into it, as `pokersql sql` writes them into the files."""
    macros = None
    if not db.engine.runs_table_macros:
        macros = table_macros(f.text for f in migrations.sql_files() if f.runs_on(db.engine.dialect))
    (statement,) = db.engine.statements(path.read_text(encoding="utf-8"), path.name, macros)
    return db.engine.execute(statement)


@pytest.fixture(scope="module")
def duckdb_db(built_database):
    with pokersql.connect(built_database("duckdb")) as database:
        yield database


def test_every_audit_has_a_breakage():
    assert AUDITS
    assert {path.name for path in AUDITS} == set(BREAKAGE)


@pytest.mark.parametrize("path", [p for p in AUDITS if p.name not in DUCKDB_ONLY], ids=lambda p: p.stem)
def test_audit_returns_no_rows_and_catches_its_breakage(db, path):
    assert run_audit(db, path) == []
    with db.engine.scratch():
        for statement in breakage(path):
            db.engine.execute(statement)
        assert run_audit(db, path) != []


@pytest.mark.slow
@pytest.mark.parametrize("path", [p for p in AUDITS if p.name in DUCKDB_ONLY], ids=lambda p: p.stem)
def test_duckdb_audit_returns_no_rows_and_catches_its_breakage(duckdb_db, path):
    assert run_audit(duckdb_db, path) == []
    with duckdb_db.engine.scratch():
        for statement in breakage(path):
            duckdb_db.engine.execute(statement)
        assert run_audit(duckdb_db, path) != []
