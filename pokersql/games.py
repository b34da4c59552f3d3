"""The games: Hold'em, Omaha high (PLO4, PLO5, PLO6) and short deck under two rule sets.

What a game is lives in SQL, in the table ``games`` (031): its ranking, its deck (the lowest
value) and its hand-forming rule. ``GAMES`` here is the same six rows, for checking what
people type before a query runs (a test holds the two equal). A game's hand is evaluated on
the one definition: every five cards it may play are looked up as Hold'em's classes
(``hand_evaluations_of``, 011, which also orders the best five), and short deck ranks those
classes by its own table (``short_deck_classes``, 031) before the best is taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from .cards import card_name, check_distinct, parse_cards
from .errors import BadInput
from .results import HandResult

# ``db`` below is a pokersql.Database (not imported: database.py imports this module).
Database = Any


@dataclass(frozen=True)
class Game:
    name: str
    ranking: str  # standard, shortdeck, shortdeck-triton
    lowest_value: int  # 2: the 52-card deck; 6: the 36-card deck
    hole_cards: int
    hole_cards_played: int | None  # None: any; 2: exactly two (Omaha)

    @property
    def deck(self) -> str:
        return "52 cards" if self.lowest_value == 2 else "36 cards, 6 through A"

    @property
    def is_omaha(self) -> bool:
        return self.hole_cards_played == 2


GAMES = {
    game.name: game
    for game in (
        Game("holdem", "standard", 2, 2, None),
        Game("omaha", "standard", 2, 4, 2),
        Game("omaha5", "standard", 2, 5, 2),
        Game("omaha6", "standard", 2, 6, 2),
        Game("shortdeck", "shortdeck", 6, 2, None),
        Game("shortdeck-triton", "shortdeck-triton", 6, 2, None),
    )
}
GAME_NAMES = tuple(GAMES)


def game_of(name: str) -> Game:
    if name not in GAMES:
        raise BadInput(f"unknown game {name!r}: choose one of {', '.join(GAME_NAMES)}")
    return GAMES[name]


def _names(cards: list[int]) -> str:
    return " ".join(card_name(c) for c in cards) or "nothing"


def check_deck(game: Game, cards: list[int]) -> None:
    """A card the game's deck does not hold (a 2 to 5 in short deck): BadInput naming it."""
    for card in cards:
        if card // 4 + 2 < game.lowest_value:
            raise BadInput(f"card {card_name(card)!r} is not in {game.name}'s deck ({game.deck})")


def omaha_hand(game: Game, hole_text: str | list[str], board: list[int], what: str = "the hand") -> list[int]:
    """The hole cards of an Omaha hand, checked: exactly the game's count, and a board of 3 to 5."""
    hole = parse_cards(hole_text)
    if len(hole) != game.hole_cards:
        raise BadInput(f"{game.name}: {what} needs {game.hole_cards} hole cards, got {len(hole)}: {_names(hole)}")
    if not 3 <= len(board) <= 5:
        raise BadInput(f"{game.name}: the board needs 3, 4 or 5 cards, got {len(board)}: {_names(board)}")
    return hole


def short_deck_hand(game: Game, cards: str | list[str], board: list[int], what: str = "the hand") -> list[int]:
    hand = parse_cards(cards) + board
    check_deck(game, hand)
    if not 5 <= len(hand) <= 7:
        with_board = " with the board" if board else ""
        raise BadInput(f"{game.name}: {what}{with_board} needs 5, 6 or 7 cards, got {len(hand)}: {_names(hand)}")
    return hand


def _fives(game: Game, hand: list[int], board: list[int]) -> list[list[int]]:
    """Every five cards the hand may play: two hole and three board in Omaha, any five else."""
    if game.is_omaha:
        return [list(pair) + list(triple) for pair in combinations(hand, 2) for triple in combinations(board, 3)]
    return [list(five) for five in combinations(hand, 5)]


def best_hands(db: Database, game: Game, hands: list[list[int]], boards: list[list[int]]) -> list[HandResult]:
    """Each hand's best five under the game, places among them (equal hand_rank, equal place).

    Omaha: hands are the hole cards and boards their board; else the whole hand, boards []."""
    fives_of = [_fives(game, hand, board) for hand, board in zip(hands, boards)]
    every_five = [five for fives in fives_of for five in fives]
    evaluated = db._rank_hands(every_five)
    ranks = _short_deck_ranks(db, game.ranking) if game.ranking != "standard" else None
    results = []
    start = 0
    for hand, board, fives in zip(hands, boards, fives_of):
        candidates = evaluated[start : start + len(fives)]
        start += len(fives)
        if ranks is None:
            best = min(candidates, key=lambda r: r.hand_rank)
            result = HandResult(_cards(hand, board), best.best, best.points, best.category, best.hand_rank)
        else:
            best = min(candidates, key=lambda r: ranks[r.hand_rank][0])
            hand_rank, points, category = ranks[best.hand_rank]
            cards = best.best
            if points in (4, 8) and best.points not in (4, 8):  # A-6-7-8-9: the ace plays low
                cards = cards[1:] + cards[:1]
            result = HandResult(_cards(hand, board), cards, points, category, hand_rank)
        results.append(result)
    for result in results:
        result.place = 1 + sum(other.hand_rank < result.hand_rank for other in results)
    return results


def _cards(hand: list[int], board: list[int]) -> list[str]:
    return [card_name(c) for c in hand + board]


def _short_deck_ranks(db: Database, ranking: str) -> dict[int, tuple[int, int, str]]:
    """Hold'em's hand_rank of five cards -> (hand_rank, points, category) in the short-deck
    ranking: the same class (rank_key, is_flush), ranked by short_deck_classes (031)."""
    cache = db._game_ranks
    if ranking not in cache:
        rows = db.engine.execute(
            "select hand_classes.hand_rank, short_deck_classes.hand_rank, short_deck_classes.points, "
            "short_deck_classes.category from hand_classes inner join short_deck_classes "
            "on short_deck_classes.rank_key = hand_classes.rank_key "
            "and short_deck_classes.is_flush = hand_classes.is_flush where short_deck_classes.ranking = ?",
            (ranking,),
        )
        cache[ranking] = {standard: (rank, points, category) for standard, rank, points, category in rows}
    return cache[ranking]


def evaluate(db: Database, game: Game, cards: str | list[str], board: list[int]) -> HandResult:
    if game.is_omaha:
        hole = omaha_hand(game, cards, board)
        check_distinct([hole, board], ["the hand", "the board"])
        return best_hands(db, game, [hole], [board])[0]
    hand = short_deck_hand(game, cards, board)
    return best_hands(db, game, [hand], [[]])[0]


def compare(db: Database, game: Game, hands: tuple[str | list[str], ...], board: list[int]) -> list[HandResult]:
    names = [f"hand {n}" for n in range(1, len(hands) + 1)]
    if game.is_omaha:
        holes = [omaha_hand(game, hand, board, name) for hand, name in zip(hands, names)]
        check_distinct(holes + [board], names + ["the board"])
        return best_hands(db, game, holes, [board] * len(holes))
    own = [parse_cards(hand) for hand in hands]
    check_distinct(own + [board], names + ["the board"])
    parsed = [short_deck_hand(game, hand, board, name) for hand, name in zip(hands, names)]
    return best_hands(db, game, parsed, [[]] * len(parsed))
