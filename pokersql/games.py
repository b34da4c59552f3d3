"""The games: Hold'em, Omaha high (PLO4, PLO5, PLO6) and short deck under two rule sets.

What a game is lives in SQL, in the table ``games`` (033): its ranking, its deck (the lowest
value) and its hand-forming rule. ``GAMES`` here is the same six rows, for checking what
people type before a query runs (a test holds the two equal). A game's hand is evaluated on
the one definition: every five cards it may play are looked up as Hold'em's classes
(``hand_evaluations_of``, 011, which also orders the best five), and short deck ranks those
classes by its own table (``short_deck_classes``, 033) before the best is taken.
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
    ranking: the same class (rank_key, is_flush), ranked by short_deck_classes (033)."""
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


# -- exact equity ------------------------------------------------------------------

EQUITY_QUERY = """
with
    seat_cards (player, card_id) as (values {seat_values}),
    deck as (
        select card_id
        from cards
        where value >= {lowest_value}
            and card_id not in ({known})
    ),
    runouts as (
        select
            row_number() over (order by {runout_order}) as runout,
            {runout_columns}
        from {runout_joins}
    ),
    runout_cards as (
        {runout_cards}
    ),
    {game_ctes}
    best_per_runout as (
        select
            runout,
            min(hand_rank) as best_rank
        from ranked_hands
        group by runout
    ),
    holders as (
        select
            ranked_hands.runout,
            count(*) as holding
        from ranked_hands
        inner join best_per_runout
            on best_per_runout.runout = ranked_hands.runout
            and best_per_runout.best_rank = ranked_hands.hand_rank
        group by ranked_hands.runout
    ),
    outcomes as (
        select
            1 as tally,
            ranked_hands.player,
            1 as weight,
            case when ranked_hands.hand_rank = best_per_runout.best_rank then holders.holding else 0 end as winners
        from ranked_hands
        inner join best_per_runout
            on best_per_runout.runout = ranked_hands.runout
        inner join holders
            on holders.runout = ranked_hands.runout
    )
select player, runouts, wins, ties, equity
from pot_shares_of('outcomes')
order by player
"""

# Omaha: each player's hole cards and the board, one row a card, through omaha_ranks_of (034).
OMAHA_CTES = """game_cards as (
        select
            runout_cards.runout * 16 + seat_cards.player as hand_no,
            runout_cards.card_id,
            0 as is_hole
        from runout_cards
        cross join (select distinct player from seat_cards) as seat_cards
        union all
        select
            runouts.runout * 16 + seat_cards.player,
            seat_cards.card_id,
            1
        from runouts
        cross join seat_cards
    ),
    ranked_hands as (
        select
            hand_no // 16 as runout,
            hand_no % 16 as player,
            hand_rank
        from omaha_ranks_of('game_cards')
    ),"""

# Short deck: each player's cards and the board summed into the codes of cards, looked up by
# short_deck_card_ranks (034).
SHORT_DECK_CTES = """player_cards as (
        select
            runout_cards.runout,
            seat_cards.player,
            runout_cards.card_id
        from runout_cards
        cross join (select distinct player from seat_cards) as seat_cards
        union all
        select
            runouts.runout,
            seat_cards.player,
            seat_cards.card_id
        from runouts
        cross join seat_cards
    ),
    summed_hands as (
        select
            player_cards.runout,
            player_cards.player,
            '{ranking}' as ranking,
            sum(cards.rank_code) as rank_key,
            sum(cards.suit_code) as suit_counts,
            sum(cards.card_bit) as card_mask
        from player_cards
        inner join cards
            on cards.card_id = player_cards.card_id
        group by player_cards.runout, player_cards.player
    ),
    ranked_hands as (
        select
            runout,
            player,
            hand_rank
        from short_deck_card_ranks('summed_hands')
    ),"""


def equity_query(game: Game, holes: list[list[int]], board: list[int], dead: list[int]) -> str:
    """The exact equity of known hands under ``game``, as one query in DuckDB's dialect: every
    runout of the board from the game's deck, each player's hand ranked by the game's table
    macro, tallied by pot_shares_of (017). Only card ids (integers) are written into it."""
    to_come = 5 - len(board)
    seat_values = ", ".join(f"({player}, {card})" for player, hole in enumerate(holes, start=1) for card in hole)
    known = ", ".join(str(c) for c in [c for hole in holes for c in hole] + board + dead)
    if to_come:
        columns = ", ".join(f"deck_{i}.card_id as card_{i}" for i in range(1, to_come + 1))
        joins = "deck as deck_1" + "".join(
            f" inner join deck as deck_{i} on deck_{i}.card_id > deck_{i - 1}.card_id" for i in range(2, to_come + 1)
        )
        order = ", ".join(f"deck_{i}.card_id" for i in range(1, to_come + 1))
    else:
        columns, joins, order = "0 as card_0", "(select 1 as one) as no_cards", "1"
    parts = [f"select runout, card_{i} as card_id from runouts" for i in range(1, to_come + 1)]
    parts += [f"select runout, {card} from runouts" for card in board]
    ctes = OMAHA_CTES if game.is_omaha else SHORT_DECK_CTES.format(ranking=game.ranking)
    return EQUITY_QUERY.format(
        seat_values=seat_values, lowest_value=game.lowest_value, known=known, runout_order=order,
        runout_columns=columns, runout_joins=joins, runout_cards="\n        union all\n        ".join(parts),
        game_ctes=ctes,
    )


def equity(db: Database, game: Game, hands: tuple[str | list[str], ...], board: list[int], dead: list[int]) -> Any:
    """Exact equity of 2 to 10 known hands of ``game`` (no ranges, no random hands yet), every
    runout counted once, in one query (equity_query)."""
    from . import migrations
    from .results import EquityPlayer, EquityResult
    from .transpile import SOURCE_DIALECT, table_macros, transpile

    if not 2 <= len(hands) <= 10:
        raise BadInput(f"{game.name}: equity needs 2 to 10 hands, got {len(hands)}")
    names = [f"hand {n}" for n in range(1, len(hands) + 1)]
    holes = []
    for hand, name in zip(hands, names):
        text = hand if isinstance(hand, str) else " ".join(hand)
        try:
            cards = parse_cards(text)
        except BadInput:
            raise BadInput(
                f"{game.name}: {name} {text!r} is not cards: ranges and random hands are Hold'em's only for now"
            ) from None
        if len(cards) != game.hole_cards:
            raise BadInput(f"{game.name}: {name} needs {game.hole_cards} hole cards, got {len(cards)}: {_names(cards)}")
        holes.append(cards)
    if len(board) not in (0, 3, 4, 5):
        raise BadInput(f"{game.name}: the board needs 0, 3, 4 or 5 cards, got {len(board)}: {_names(board)}")
    check_distinct(holes + [board, dead], names + ["the board", "the dead cards"])
    for cards in holes + [board, dead]:
        check_deck(game, cards)
    query = equity_query(game, holes, board, dead)
    dialect = db.engine.dialect
    if dialect != SOURCE_DIALECT:
        files = [f for f in migrations.sql_files() if f.runs_on(db.engine.name)]
        (query,) = transpile(query, dialect, "equity", table_macros(f.text for f in files))
    rows = db.engine.execute(query)
    runouts = rows[0][1] if rows else 0
    players = [
        EquityPlayer(hand=[card_name(c) for c in hole], range=None, combos=1, wins=int(wins), ties=int(ties), equity=float(share))
        for hole, (_, _, wins, ties, share) in zip(holes, rows)
    ]
    return EquityResult(exact=True, boards=int(runouts), deals=int(runouts), players=players)
