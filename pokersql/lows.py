"""Low hands and split pots: the games of split_games (051), their lows ranked in SQL.

A split-pot or lowball game is a row of ``split_games``: its high half is the high of a game of
``games`` (``high_game``: Omaha's rule or any five, evaluated by ``game_evaluations_of``, 042)
and its low half the best low under ``low_ranking`` (``low_evaluations_of``, 052, over the
classes of ``low_classes``, 050). No hand is ranked here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import games, own_hands
from .errors import BadInput

Database = Any

LOW_EVALUATED = """
with
    game_cards as (
        select
            own_game_cards.hand_no,
            '{game}' as game,
            own_game_cards.card_id,
            own_game_cards.is_hole,
            own_game_cards.card_no
        from own_game_cards
    )
select
    evaluated.hand_no,
    evaluated.low_rank,
    evaluated.high_card
from low_evaluations_of('game_cards') as evaluated
order by evaluated.hand_no"""


@dataclass(frozen=True)
class SplitGame:
    """A game of split_games (051)."""

    name: str
    high_game: str | None
    low_ranking: str | None
    hole_cards: int
    hole_cards_played: int | None
    board_cards: int


def split_game_of(db: Database, name: str) -> SplitGame:
    """The split-pot or lowball game ``name``, as the database's split_games holds it."""
    rows = db.engine.execute(
        "select game, high_game, low_ranking, hole_cards, hole_cards_played, board_cards from split_games where game = ?",
        (name,),
    )
    if not rows:
        raise BadInput(f"unknown split-pot game {name!r}")
    game, high_game, low_ranking, hole_cards, played, board_cards = rows[0]
    return SplitGame(game, high_game, low_ranking, int(hole_cards), None if played is None else int(played), int(board_cards))


def _low_rows(db: Database, game: SplitGame, hands: list[list[int]], boards: list[list[int]]) -> list[tuple]:
    hand_nos, card_ids, is_hole, card_nos = [], [], [], []
    for number, (hand, board) in enumerate(zip(hands, boards), start=1):
        hand_nos.extend([number] * (len(hand) + len(board)))
        card_ids.extend(hand + board)
        is_hole.extend([1] * len(hand) + [0] * len(board))
        card_nos.extend(range(1, len(hand) + len(board) + 1))
    columns = {"hand_no": hand_nos, "card_id": card_ids, "is_hole": is_hole, "card_no": card_nos}
    query = LOW_EVALUATED.format(game=game.name.replace("'", "''"))
    with own_hands.card_relation(db.engine, games.GAME_CARDS, games.GAME_CARD_COLUMNS, columns, key=("hand_no", "card_id")):
        return db.engine.execute(own_hands.for_dialect(query, db.engine.dialect, "low_evaluations_of"))


def evaluate_split(db: Database, game: SplitGame, hands: list[list[int]], boards: list[list[int]]) -> list[tuple[int, int | None]]:
    """Each hand's (hand_rank, low_rank): the high's rank in the standard ranking (1 best) and
    the low's (1 best; None when the hand holds no low); for a low-only game hand_rank is the
    low's rank. Omaha: hands are the hole cards, boards the board; else boards are []."""
    lows = [low_rank for _, low_rank, _ in _low_rows(db, game, hands, boards)] if game.low_ranking else [None] * len(hands)
    if game.high_game is None:
        return [(low, low) for low in lows]
    high_game = games.GAMES[game.high_game]
    highs = [row[4] for row in games.evaluated_rows(db, high_game, hands, boards)]
    return list(zip(highs, lows))
