"""The other games' first use (issue 44) and the best five they show.

- Short deck's best five, of fives equally ranked, is Hold'em's: each value's cards of the
  highest suit (game_evaluations_of, sql/games/042), not the first given.
- A migrated database holds everything the first eval, compare and equity of Omaha and short
  deck read: the first call on it builds nothing and writes nothing (bench/first_game_call.py
  times it).
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from pokersql.cli import main

# Hands of seven cards where two fives are equally ranked (the same values, other suits): the
# best five Hold'em shows, each value's cards of the highest suit (spades, hearts, diamonds, clubs).
TIED = {
    "Qh Ac Qs Kh Kd Jc Ad": "Ad Ac Kh Kd Qs",  # the queen: Qs, not Qh (given first)
    "9h Tc 6s 7d 8c 9s Th": "Th 9s 8c 7d 6s",  # the ten and the nine: Th and 9s, not Tc and 9h
    "Jc Ah Jd As 7h Js Ac": "As Ah Ac Js Jd",  # the full house's pair: Js Jd of three jacks
    "8c 8d Tc 8h 8s Th 9c": "8s 8h 8d 8c Th",  # quads: the kicker Th, not Tc
    "6c 7c 8c 9c Tc 7s 8d": "Tc 9c 8c 7c 6c",  # a straight flush: the suit's cards only
}
# Short deck's A-6-7-8-9 (a straight there, two pair in Hold'em): the highest suit of each value.
SHORT_DECK_TIED = {"Ac 6h 7h 8h 9h Ad 9s": "9s 8h 7h 6h Ad", "7d Ah 6c 7c 8s 9h 6s": "9h 8s 7d 6s Ah"}
SHORT_DECKS = ("shortdeck", "shortdeck-triton")


@pytest.mark.parametrize("game", SHORT_DECKS)
def test_short_deck_best_five_of_tied_fives_is_holdems(db, game: str) -> None:
    """Each hand's best five under short deck (eval and compare) are Hold'em's cards in
    Hold'em's order; before, the first five given (Qh, Tc 9h, ...)."""
    for cards, best in TIED.items():
        assert " ".join(db.evaluate(cards, game=game).best) == best == " ".join(db.evaluate(cards).best), (game, cards)
    for cards, best in SHORT_DECK_TIED.items():
        assert " ".join(db.evaluate(cards, game=game).best) == best, (game, cards)
    hole, board = "Qh Ac", "Qs Kh Kd Jc Ad"
    compared = db.compare(hole, "6c 6d", board=board, game=game).hands
    assert " ".join(compared[0].best) == TIED[f"{hole} {board}"]


def _state(path: Path) -> tuple[str, list[tuple], list[tuple]]:
    with sqlite3.connect(path) as connection:
        objects = connection.execute("select type, name from sqlite_master order by type, name").fetchall()
        history = connection.execute("select * from schema_history order by 1, 2").fetchall()
    connection.close()
    return hashlib.sha256(path.read_bytes()).hexdigest(), objects, history


FIRST_CALLS = {
    "omaha eval": ["eval", "--game", "omaha", "As Ks Qd Jd", "--board", "Ts 9s 2c 7h 8s"],
    "omaha compare": ["compare", "--game", "omaha", "As Ks Qd Jd", "Ah Ad Kc Qc", "--board", "Ts 9s 2c 7h 8s"],
    "omaha equity": ["equity", "--game", "omaha", "Ah Ad Kc Qc", "Js Ts 9d 8d", "--board", "2h 7h Qd"],
    "shortdeck eval": ["eval", "--game", "shortdeck", "As", "Ks", "Qh", "Jh", "Th", "9c", "6d"],
    "shortdeck compare": ["compare", "--game", "shortdeck", "As Ks", "Qh Qd", "--board", "Jh Th 9c 6d 7s"],
    "shortdeck equity": ["equity", "--game", "shortdeck", "As Ks", "Qh Qd", "--board", "Jh Th 9c"],
}


def test_first_game_calls_on_a_migrated_sqlite_file_build_and_write_nothing(built_database, capsys) -> None:
    """Migrate built what the first eval, compare and equity of Omaha and short deck read: on
    a migrated SQLite file each answers (exit 0) and leaves the file's bytes, its objects and
    schema_history as they were (nothing applied, nothing built on first use)."""
    path = Path(built_database("sqlite"))
    before = _state(path)
    for name, args in FIRST_CALLS.items():
        status = main(["--engine", "sqlite", "--db", str(path), *args])
        captured = capsys.readouterr()
        assert status == 0, (name, captured.err)
        assert "Applied" not in captured.err + captured.out and "Built" not in captured.err, (name, captured.err)
        assert _state(path) == before, name
