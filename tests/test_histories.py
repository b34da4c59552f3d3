"""`pokersql import` on real hand histories (tests/histories/, see its README): every table
checked against the history's own text, read here with regular expressions of the test's own,
and against pokerkit's readers (its PokerStars parser for the actions; its PHH loader)."""

from __future__ import annotations

import re
import warnings
from decimal import Decimal
from pathlib import Path

import pytest

import pokersql

HISTORIES = Path(__file__).resolve().parent / "histories"
POKERSTARS = [HISTORIES / "pluribus_30.txt", HISTORIES / "pluribus_31.txt"]
PHH = HISTORIES / "handhq_abs_sample.phhs"
TABLES = ("history_hands", "history_seats", "history_actions", "history_board", "history_results")


def text_hands() -> dict[str, str]:
    """hand id -> the hand's text, split at the header lines."""
    hands = {}
    for path in POKERSTARS:
        for block in re.split(r"\n(?=PokerStars Hand #)", path.read_text(encoding="utf-8")):
            hands[re.match(r"PokerStars Hand #(\d+)", block).group(1)] = block
    return hands


@pytest.fixture(scope="module")
def imported(tmp_path_factory, request):
    """A database per engine with the three files imported, and the import's result."""
    results = {}
    for engine in ("duckdb", "sqlite"):
        path = tmp_path_factory.mktemp(f"histories-{engine}") / f"histories.{engine}"
        db = pokersql.connect(str(path), engine=engine)
        results[engine] = (db, db.import_histories([*POKERSTARS, PHH]))
    yield results
    for db, _ in results.values():
        db.close()


@pytest.fixture(params=["duckdb", "sqlite"])
def history_db(imported, request):
    return imported[request.param]


def rows(db, sql: str, params: tuple = ()) -> list[tuple]:
    return db.engine.execute(sql, params)


def test_every_hand_is_imported_once(history_db):
    db, result = history_db
    texts = text_hands()
    assert result.imported == result.hands == len(texts) + 2 and not result.skipped
    held = rows(db, "select site, hand_id from history_hands order by site, hand_id")
    assert sorted(held) == sorted([("PokerStars", hand_id) for hand_id in texts] + [("Absolute Poker", "3017237436"), ("Absolute Poker", "3017241398")])


def test_seats_stacks_and_hole_cards_are_the_texts(history_db):
    db, _ = history_db
    for hand_id, text in text_hands().items():
        seats = {(int(seat), player, Decimal(stack)) for seat, player, stack in re.findall(r"^Seat (\d+): (\S+) \((\d+) in chips\)", text, re.M)}
        held = rows(db, "select seat, player, starting_stack from history_seats where hand_id = ?", (hand_id,))
        assert {(seat, player, Decimal(str(stack))) for seat, player, stack in held} == seats, hand_id
        dealt = dict(re.findall(r"^Dealt to (\S+) \[(.. ..)\]", text, re.M))
        holes = dict(rows(db, "select player, hole_cards from history_seats where hand_id = ?", (hand_id,)))
        assert holes == dealt, hand_id
        # the ids are the contract's: (value - 2) * 4 + suit, suits c d h s
        for player, first, second in rows(db, "select player, hole_1, hole_2 from history_seats where hand_id = ?", (hand_id,)):
            assert [_card_id(name) for name in dealt[player].split()] == [first, second]


def _card_id(name: str) -> int:
    return "23456789TJQKA".index(name[0]) * 4 + "cdhs".index(name[1])


def test_the_board_is_the_summarys(history_db):
    db, _ = history_db
    for hand_id, text in text_hands().items():
        board = re.search(r"^Board \[([^\]]*)\]", text, re.M)
        held = rows(db, "select card, card_id, street from history_board where hand_id = ? order by card_no", (hand_id,))
        expected = board.group(1).split() if board else []
        assert [card for card, _, _ in held] == expected, hand_id
        assert [card_id for _, card_id, _ in held] == [_card_id(card) for card in expected]
        assert [street for _, _, street in held] == ["flop", "flop", "flop", "turn", "river"][: len(expected)]


def test_what_each_player_collected_and_showed_is_the_texts(history_db):
    db, _ = history_db
    for hand_id, text in text_hands().items():
        collected: dict[str, Decimal] = {}
        for player, amount in re.findall(r"^(\S+) collected (\S+) from", text, re.M):
            collected[player] = collected.get(player, Decimal(0)) + Decimal(amount)
        held = rows(db, "select player, collected, shown_cards from history_results where hand_id = ?", (hand_id,))
        assert {player: Decimal(str(amount)) for player, amount, _ in held if amount} == collected, hand_id
        shown = dict(re.findall(r"^Seat \d+: (\S+) showed \[(.. ..)\]", text, re.M))
        assert {player: cards for player, _, cards in held if cards} == shown, hand_id
        pot, rake = re.search(r"^Total pot (\S+) \| Rake (\S+)", text, re.M).groups()
        stated = rows(db, "select total_pot, rake from history_hands where hand_id = ?", (hand_id,))[0]
        assert (Decimal(str(stated[0])), Decimal(str(stated[1]))) == (Decimal(pot), Decimal(rake))


def _pokerkit_hands() -> list:
    from pokerkit.notation import PokerStarsParser

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = "\n\n".join(path.read_text(encoding="utf-8") for path in POKERSTARS)
        return list(PokerStarsParser()(text, parse_value=Decimal))


def test_the_actions_are_pokerkits(history_db):
    """Each hand's folds, checks and calls, bets and raises (to the street's total), in order, as
    pokerkit's PokerStars parser reads them."""
    db, _ = history_db
    hands = _pokerkit_hands()
    assert len(hands) == 153
    for history in hands:
        expected = [
            action for action in history.actions
            if not action.startswith("d ") and " sm " not in action
        ]
        index = {player: number for number, player in enumerate(history.players, start=1)}
        actions = rows(
            db,
            "select player, action, street_total from history_actions where site = 'PokerStars' and hand_id = ? "
            "and action in ('fold', 'check', 'call', 'bet', 'raise') order by action_no",
            (str(history.hand),),
        )
        ours = [
            f"p{index[player]} " + {"fold": "f", "check": "cc", "call": "cc"}.get(action, f"cbr {Decimal(str(total)).normalize():f}")
            for player, action, total in actions
        ]
        assert ours == [_plain(action) for action in expected], history.hand


def _plain(action: str) -> str:
    words = action.split()
    if words[1] == "cbr":
        words[2] = f"{Decimal(words[2]).normalize():f}"
    return " ".join(words)


def test_phh_hands_are_pokerkits(history_db):
    from pokerkit import HandHistory

    db, _ = history_db
    with PHH.open("rb") as handle, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        histories = list(HandHistory.load_all(handle))
    for history in histories:
        hand_id = str(history.hand)
        seats = rows(db, "select seat, player, starting_stack from history_seats where site = 'Absolute Poker' and hand_id = ? order by seat", (hand_id,))
        expected = sorted(zip(history.seats, history.players, history.starting_stacks))
        assert [(seat, player, Decimal(str(stack))) for seat, player, stack in seats] == [(s, p, Decimal(str(v))) for s, p, v in expected]
        results = dict(rows(db, "select player, collected from history_results where hand_id = ?", (hand_id,)))
        if history.winnings is None:
            assert set(results.values()) == {None}  # the history does not say
        else:
            assert {player: Decimal(str(won)) for player, won in results.items()} == {
                player: Decimal(str(won)) for player, won in zip(history.players, history.winnings)
            }
        raises = rows(db, "select player, street_total from history_actions where hand_id = ? and action in ('bet', 'raise') order by action_no", (hand_id,))
        index = {player: number for number, player in enumerate(history.players, start=1)}
        assert [f"p{index[p]} cbr {Decimal(str(t)).normalize():f}" for p, t in raises] == [
            _plain(action) for action in history.actions if " cbr " in action
        ]
    board = rows(db, "select card from history_board where hand_id = '3017241398' order by card_no")
    assert [card for (card,) in board] == ["Kd", "7c", "7s", "6s", "6h"]


def test_importing_again_stores_each_hand_once(tmp_path, engine_name):
    with pokersql.connect(str(tmp_path / f"again.{engine_name}"), engine=engine_name) as db:
        first = db.import_histories([POKERSTARS[0], POKERSTARS[0]])  # the same file twice
        assert (first.hands, first.imported, first.duplicates) == (160, 80, 80)
        counts = [rows(db, f"select count(*) from {table}")[0][0] for table in TABLES]
        again = db.import_histories([*POKERSTARS, PHH])
        assert (again.imported, again.duplicates) == (75, 80)
        assert rows(db, "select count(*) from history_hands")[0][0] == 155
        assert rows(db, "select count(*) from history_seats where hand_id = '30000'")[0][0] == 6
        assert counts[0] == 80


@pytest.mark.xdist_group("postgres")
def test_postgres_holds_the_same_rows_as_duckdb(fresh_url, imported):
    """PostgreSQL, through the same engine layer: every table's rows equal DuckDB's."""
    duckdb_db, _ = imported["duckdb"]
    with pokersql.connect(fresh_url, engine="postgres") as db:
        result = db.import_histories([*POKERSTARS, PHH])
        assert (result.imported, result.duplicates) == (155, 0)
        for table in TABLES:
            def normal(database):
                return sorted(tuple(str(value) if value is not None else None for value in row) for row in rows(database, f"select * from {table}"))
            theirs = normal(db)
            ours = normal(duckdb_db)
            assert theirs == ours, table
