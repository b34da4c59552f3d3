"""A showdown over your own hand table: who wins each hand, ties split.

The table has one row per player per hand: a hand id, a player (a seat, a name), the
player's hole cards and the hand's board (card text, or lists of cards). Its rows are
read by own_hands' readers (CSV, Parquet, frames), checked here (each card once in a
hand, one board per hand), and each player's cards evaluated by ``evaluate_many``
(own_hands: on DuckDB its batch query, elsewhere hand_evaluations_of of sql/evaluation/011): this module only places
the players of a hand by their hand_rank, as sql/recipes/showdown.*.sql do in SQL.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from . import games, hand_sources, lows, own_hands
from .cards import card_name, parse_cards
from .errors import BadInput
from .results import ShowdownHand, ShowdownPlayer, ShowdownResult, SplitShowdownHand, SplitShowdownPlayer, SplitShowdownResult

# The columns read by default: the names sql/recipes/showdown.*.sql use.
DEFAULT_COLUMNS = {"hand": "hand_id", "player": "seat", "hole": "hole", "board": "board"}


@dataclass(frozen=True, eq=False)
class _Row:
    """A row of the source, named as the user sees it ('hands.csv line 3') only when an error
    is printed: finding a CSV record's line reads the file up to it."""

    source: hand_sources.Source
    number: int

    def __str__(self) -> str:
        return self.source.where(self.number)


@dataclass
class _Hand:
    """One hand as read: its board, where the board was first given, and its players' rows."""

    board: list[int]
    board_where: _Row
    players: list[tuple[Any, list[int], _Row]] = field(default_factory=list)  # player, hole, where
    owners: dict[int, str] = field(default_factory=dict)  # card -> where it is ('on the board', "in seat 3's hole")


def read_hands(
    source: hand_sources.Source, player_column: str, rules: games.Game = games.GAMES["holdem"],
    split: games.SplitGame | None = None,
) -> dict[Any, _Hand]:
    """The rows of the source, by hand id (in the order first seen), each checked (in the game:
    Omaha's count of hole cards and a board of 3 to 5, short deck's cards from 6 up; a split or
    lowball game's counts, lows.parse_hand)."""
    hands: dict[Any, _Hand] = {}
    hole_column, board_column = source.columns
    for batch in source.batches:
        for index, ((hole, board), (hand_id, player)) in enumerate(zip(batch.hand_values(), batch.kept_values())):
            where = _Row(source, batch.first + index + 1)
            try:
                _check_id(hand_id, source.kept[0])
                _check_id(player, player_column)
                hole_text = hand_sources.value_text(hole, f"'{hole_column}'")
                board_cards = parse_cards(hand_sources.value_text(board, f"'{board_column}'"))
                if split is not None:
                    hole_cards = lows.parse_hand(split, hole_text, board_cards, f"{player_column} {player}")
                elif rules.plays_hole_cards:
                    hole_cards = games.omaha_hand(rules, hole_text, board_cards, f"{player_column} {player}")
                else:
                    hole_cards = parse_cards(hole_text)
                    games.check_deck(rules, hole_cards + board_cards)
                if split is None and not rules.plays_hole_cards and not 5 <= len(hole_cards) + len(board_cards) <= 7:
                    given = " ".join(card_name(c) for c in hole_cards + board_cards) or "nothing"
                    raise BadInput(f"a player needs 5, 6 or 7 cards with the board, got {len(hole_cards) + len(board_cards)}: {given}")
            except BadInput as e:
                raise BadInput(f"{where}: {e}") from None
            hand = hands.get(hand_id)
            if hand is None:
                hand = hands[hand_id] = _Hand(board_cards, where)
                hand.owners = {card: "on the board" for card in board_cards}
            elif sorted(board_cards) != sorted(hand.board):
                raise BadInput(
                    f"{where}: hand {hand_id}: the board {_names(board_cards) or 'is empty'}"
                    f" differs from {_names(hand.board) or 'the empty board'} ({hand.board_where})"
                )
            _add_player(hand, hand_id, player, hole_cards, where, player_column)
    return hands


def _check_id(value: Any, column: str) -> None:
    null = hand_sources._null(value)
    if null:
        raise BadInput(f"'{column}' is {null}")


def _add_player(hand: _Hand, hand_id: Any, player: Any, hole: list[int], where: _Row, player_column: str) -> None:
    for other, _, other_where in hand.players:
        if other == player:
            raise BadInput(f"{where}: hand {hand_id}: {player_column} {player} has a row already ({other_where})")
    holder = f"in {player_column} {player}'s hole"
    for card in hole:
        if card in hand.owners:
            raise BadInput(f"{where}: hand {hand_id}: the card {card_name(card)} is {hand.owners[card]} and {holder}")
        hand.owners[card] = holder
    hand.players.append((player, hole, where))


def _names(cards: Sequence[int]) -> str:
    return " ".join(card_name(card) for card in cards)


def showdown(
    database: Any, hands: Any, columns: dict[str, str] | None = None, name: str | None = None, game: str = "holdem"
) -> ShowdownResult:
    """Each hand's players placed by their best five: the best place 1, ties share a place and the pot.
    ``game``: ranked under another game (games.best_of_many: Omaha's two hole cards and three of
    the board, short deck's ranking).

    ``columns`` maps 'hand', 'player', 'hole' and 'board' to the input's column names
    (DEFAULT_COLUMNS for those not given). A bad card, a card twice in a hand, a hand whose
    board differs between its rows, or a player with two rows in a hand: BadInput naming
    the row (a CSV file's line), the hand id and the card.
    """
    named = {**DEFAULT_COLUMNS, **(columns or {})}
    source = hand_sources.source_of(
        hands,
        own_hands.SQLITE_BATCH_ROWS,
        keep=[named["hand"], named["player"]],
        columns=(named["hole"], named["board"]),
        name=name,
    )
    if len(set(source.kept + source.columns)) < 4:
        raise BadInput(f"the hand, player, hole and board columns must be four columns, not {', '.join(named.values())}")
    rules = games.rules(game, database.context)
    if rules.is_split:
        return split_showdown(database, source, named["player"], rules)
    read = read_hands(source, named["player"], rules)
    seats = [(hole, hand.board) for hand in read.values() for _, hole, _ in hand.players]
    if rules.holdem_tables:
        results = iter(database.evaluate_many([_names(hole + board) for hole, board in seats]))
    elif rules.plays_hole_cards:
        database.ensure_ready()
        results = iter(games.best_of_many(database.context, rules, [hole for hole, _ in seats], [board for _, board in seats]))
    else:
        database.ensure_ready()
        results = iter(games.best_of_many(database.context, rules, [hole + board for hole, board in seats], [[]] * len(seats)))
    answer = []
    for hand_id, hand in read.items():
        players = [(player, hole, next(results)) for player, hole, _ in hand.players]
        ranks = [result.hand_rank for _, _, result in players]
        best = min(ranks)
        winners = [player for player, _, result in players if result.hand_rank == best]
        answer.append(
            ShowdownHand(
                hand=hand_id,
                board=[card_name(card) for card in hand.board],
                players=[
                    ShowdownPlayer(
                        player=player,
                        hole=[card_name(card) for card in hole],
                        best=result.best,
                        points=result.points,
                        category=result.category,
                        hand_rank=result.hand_rank,
                        place=1 + sum(rank < result.hand_rank for rank in ranks),
                        share=1 / len(winners) if result.hand_rank == best else 0.0,
                    )
                    for player, hole, result in players
                ],
                winners=winners,
            )
        )
    return ShowdownResult(answer)


def split_showdown(database: Any, source: hand_sources.Source, player_column: str, game: games.SplitGame) -> SplitShowdownResult:
    """A split or lowball game's showdown: every seat's high and low ranked in SQL
    (lows.evaluate_split), each hand's pot split by lows.pot_shares (the rule of compare --game)."""
    read = read_hands(source, player_column, split=game)
    database.ensure_ready()
    seats = [(hole, hand.board) for hand in read.values() for _, hole, _ in hand.players]
    ranks = iter(lows.evaluate_split(database.context, game, [hole for hole, _ in seats], [board for _, board in seats]))
    answer = []
    for hand_id, hand in read.items():
        ranked = [next(ranks) for _ in hand.players]
        parts = lows.pot_shares(game, ranked)
        players = [
            SplitShowdownPlayer(player, [card_name(c) for c in hole], high, low, float(high_part), float(low_part), float(high_part + low_part))
            for (player, hole, _), (high, low), (high_part, low_part) in zip(hand.players, ranked, parts)
        ]
        answer.append(SplitShowdownHand(
            hand_id, [card_name(c) for c in hand.board], players,
            high_winners=[p.player for p in players if p.high_share > 0],
            low_winners=[p.player for p in players if p.low_share > 0],
        ))
    return SplitShowdownResult(answer)
