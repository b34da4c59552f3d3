"""The games: Hold'em, Omaha high (PLO4, PLO5, PLO6) and short deck under two rule sets.

A game is data: its row of ``games`` (033: its ranking, its deck, its hole cards, how many of
them a hand plays) and its rows of ``game_streets`` (041: its board, street by street).
The split-pot and lowball games are rows of split_games (046), and game_registry (068) is the
one relation of all of them, with each game's family. ``REGISTRY`` is read from those statements
of sql/ (run in an in-memory SQLite database), and a database's own rows give the games added to
it (``rules``, ``game_of``); nothing branches on a game's
name, only on the properties of its rows (``Game``). A game's hand is evaluated in SQL, on one
definition for every path: ``game_evaluations_of`` (042: every five the game's rule lets a hand
play, looked up in its ranking's classes, the best five in card_play_key's order), over the
hands of the call as a relation of their own (``evaluated_rows``; a DuckDB frame read in SQL,
``_duckdb_batch``). No hand is ranked here.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import hand_sources, own_hands
from .cards import card_name, check_distinct, parse_cards
from .context import Context
from .errors import BadInput
from .first_use import ensure_lookups
from .results import HandResult



@dataclass(frozen=True)
class Game:
    """A game, as its rows define it (games, 033; game_streets, 041): nothing in pokersql
    branches on a game's name, only on these properties."""

    name: str
    ranking: str  # standard, shortdeck, shortdeck-triton
    lowest_value: int  # the deck: lowest_value through A (2: 52 cards; 6: 36)
    hole_cards: int
    hole_cards_played: int | None  # None: any (0 to hole_cards); 2: exactly two (Omaha)
    streets: tuple[int, ...] = (3, 1, 1)  # the board's cards street by street (game_streets)

    @property
    def deck_size(self) -> int:
        return 4 * (15 - self.lowest_value)

    @property
    def deck(self) -> str:
        if self.lowest_value == 2:
            return f"{self.deck_size} cards"
        return f"{self.deck_size} cards, {card_name(4 * (self.lowest_value - 2))[0]} through A"

    @property
    def low_cards(self) -> list[int]:
        """The cards of the 52 not in the game's deck (below lowest_value): dead in its equity."""
        return list(range(4 * (self.lowest_value - 2)))

    @property
    def board_cards(self) -> int:
        return sum(self.streets)

    @property
    def board_sizes(self) -> tuple[int, ...]:
        """The boards a hand may be given with before the end of the deal: whole streets."""
        return tuple(sum(self.streets[:n]) for n in range(len(self.streets) + 1))

    @property
    def plays_hole_cards(self) -> bool:
        """Whether a hand must play exactly hole_cards_played hole cards (Omaha's two), its
        hole cards apart from the board; else any five of hole and board."""
        return self.hole_cards_played is not None

    is_split = False  # a row of games (033), high only: see SplitGame

    @property
    def holdem_tables(self) -> bool:
        """Whether the game's rules are Hold'em's (the standard ranking, 52 cards, two hole
        cards played any way, a board of five): then Hold'em's own tables answer it."""
        return (
            self.ranking == "standard" and self.lowest_value == 2 and self.hole_cards == 2
            and not self.plays_hole_cards and self.board_cards == 5
        )


# The statements of sql/ that define the games (033, 041: games, game_streets; 046: split_games),
# run by Python's own SQLite to read them.
_DEFINITION = re.compile(
    r"^\s*(create table|insert into|create view) (games|game_streets|split_games|game_registry)\b", re.IGNORECASE | re.MULTILINE
)
_READ_GAMES = "select game, ranking, lowest_value, hole_cards, hole_cards_played from games {where}"
_READ_STREETS = "select cards from game_streets where game = ? order by street_no"
# the split-pot and lowball games: their rows of game_registry (068), which also says their family
_READ_SPLIT = (
    "select game, high_game, low_ranking, hole_cards, hole_cards_played, board_cards, pot, cards from game_registry "
    "where game in (select game from split_games)"
)


def games_of(execute: Callable[[str, tuple], list], where: str = "", params: tuple = ()) -> dict[str, Game]:
    """The games of the tables games and game_streets (``where``: which rows of games), read by
    ``execute(sql, params)``, in the order ``where`` gives."""
    found = {}
    for name, ranking, lowest_value, hole_cards, played in execute(_READ_GAMES.format(where=where), params):
        streets = tuple(int(cards) for (cards,) in execute(_READ_STREETS, (name,)))
        found[name] = Game(name, ranking, int(lowest_value), int(hole_cards), None if played is None else int(played), streets)
    return found


@dataclass(frozen=True)
class SplitGame:
    """A split-pot or lowball game, a row of split_games (046): its high is a game of games
    (``high_game``, or None: low only), its low ``low_ranking`` (045; None: high only)."""

    name: str
    high_game: str | None
    low_ranking: str | None
    hole_cards: int
    hole_cards_played: int | None
    board_cards: int
    pot: str = "hi-lo"  # game_registry's (068): high, hi-lo or low
    cards: str = "board"  # board, stud or draw
    is_split = True  # a row of split_games (046): ranked high and low, its pot tallied in parts (lows.py)

    @property
    def deck_size(self) -> int:
        """The cards of the deck: its high game's (game_registry's lowest_value), else 52."""
        high = REGISTRY.get(self.high_game) if self.high_game else None
        return high.deck_size if isinstance(high, Game) else 52

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """The cards a hand may hold: Omaha's hole cards exactly; else 5 up to hole_cards
        (stud's 5 to 7), or badugi's 4."""
        if self.board_cards:
            return (self.hole_cards,)
        return tuple(range(min(5, self.hole_cards), self.hole_cards + 1))


def _split_games(rows: list[tuple]) -> dict[str, SplitGame]:
    return {
        game: SplitGame(game, high, low, int(hole), None if played is None else int(played), int(board), pot, cards)
        for game, high, low, hole, played, board, pot, cards in rows
    }


def _defined() -> tuple[dict[str, Game], dict[str, SplitGame]]:
    """The games as sql/ defines them: the statements of 033, 041 and 046 on games, game_streets
    and split_games, run in an in-memory SQLite database, their rows read back in their order."""
    from .migrations import sql_files, without_comments

    con = sqlite3.connect(":memory:")
    for sql_file in sql_files():
        if not _DEFINITION.search(sql_file.text):  # (the other files' comments are not read: start-up time)
            continue
        for statement in re.split(r";\s*\n", without_comments(sql_file.text)):
            if _DEFINITION.match(statement):
                con.execute(statement)
    defined = games_of(lambda sql, params: con.execute(sql, params).fetchall(), "order by rowid")
    rows = {row[0]: row for row in con.execute(_READ_SPLIT).fetchall()}
    split = _split_games([rows[name] for (name,) in con.execute("select game from split_games order by rowid")])
    con.close()
    return defined, split


# The registry: every game pokersql knows by name, and its family; no other module lists them.
GAMES, SPLIT_GAMES = _defined()
REGISTRY: dict[str, Game | SplitGame] = {**GAMES, **SPLIT_GAMES}  # the 16 games of sql/, in its order
NAMES = tuple(REGISTRY)
GAME_NAMES = tuple(GAMES)  # the high-only games of games (033): deal, simulate, freq, evaluate_many
GAME_HELP = (
    "The game: holdem; omaha, omaha5, omaha6; shortdeck, shortdeck-triton; and with a low "
    "(hand_rank the high, low_rank the low): omaha8, omaha5-8, courchevel8, stud8; high: courchevel, stud; "
    "low only: razz, deuce-to-seven, ace-to-five, badugi (docs/games-hilo.md)."
)
# What a split game's evaluation reads: the high's (evaluation_needs, own_hands') and 045 to 047.
SPLIT_NEEDS = (*own_hands.EVALUATION_NEEDS, "game_evaluations_of", "low_classes", "split_games", "game_registry", "low_evaluations_of")


def rules(name: str, ctx: Context | None = None, command: str = "this method") -> Game | SplitGame:
    """The game named, of either table: a row of games (``game_of``), or of split_games as the
    database ``ctx`` holds it (its lookups made first: SPLIT_NEEDS), a game added as a row
    included. What a caller does next follows the row's properties (``is_split``), not its name.
    An unknown name: BadInput in one line naming every game."""
    split = _split_of(name, ctx)
    if split is None:
        try:
            return game_of(name, ctx, command)
        except BadInput as error:
            if str(error).startswith("unknown game"):
                raise BadInput(f"unknown game {name!r}: choose one of {', '.join(NAMES)}") from None
            raise
    if ctx is None:
        return split
    ensure_lookups(ctx, SPLIT_NEEDS)
    return _split_games(ctx.engine.execute(_READ_SPLIT + " and game = ?", (name,)))[name]


def family(game: SplitGame) -> str:
    """A game of split_games in words, from its row of game_registry (068): its pot and its cards."""
    return f"a {game.pot} {game.cards} game"


def pot_words(game: SplitGame) -> str:
    """Who takes a split game's pot, in a player's words (game_registry's pot and cards, 068)."""
    if game.pot == "hi-lo":
        return "its pot split between the best high and the best low"
    if game.pot == "low":
        return "its pot to the best low"
    return "its first board card dealt with the hole cards" if game.cards == "board" else "each player's own cards, no board"


def _split_of(name: str, ctx: Context | None = None) -> SplitGame | None:
    """The split-pot or lowball game named (sql/'s, or a row the database ``ctx`` holds in
    split_games: a game added as data), or None: a game of games, or no game."""
    if name in SPLIT_GAMES or name in GAMES or ctx is None or not isinstance(name, str):
        return SPLIT_GAMES.get(name)
    if ctx.engine.object_types().get("game_registry") != "view":
        return None
    return _split_games(ctx.engine.execute(_READ_SPLIT + " and game = ?", (name,))).get(name)


def game_of(name: str, ctx: Context | None = None, command: str = "this method") -> Game:
    """The game named: one that sql/ defines, or one that the database ``ctx`` holds the rows of
    (a game added as a row of games and its rows of game_streets, docs/games.md). A game of
    split_games (``command`` takes the games of games only): BadInput in one line. Else BadInput."""
    if name in GAMES:
        return GAMES[name]
    split = _split_of(name, ctx)
    if split is not None:
        raise BadInput(f"{command}: {name} is {family(split)}, {pot_words(split)}: {command} takes the high games "
                       f"of hole cards and a board ({', '.join(GAME_NAMES)})")
    if ctx is not None and isinstance(name, str):
        objects = ctx.engine.object_types()
        if objects.get("games") == "table" and objects.get("game_streets") == "table":
            added = games_of(ctx.engine.execute, "where game = ?", (name,))
            if name in added and not added[name].streets:
                raise BadInput(f"game {name!r} has no rows in game_streets: its board is dealt in streets (docs/games.md)")
            if name in added:
                return added[name]
    raise BadInput(f"unknown game {name!r}: choose one of {', '.join(GAME_NAMES)}")


def _names(cards: list[int]) -> str:
    return " ".join(card_name(c) for c in cards) or "nothing"


def _either(numbers: Sequence[int]) -> str:
    """3, 4 or 5."""
    *most, last = [str(n) for n in numbers]
    return f"{', '.join(most)} or {last}" if most else last


def check_deck(game: Game, cards: list[int]) -> None:
    """A card the game's deck does not hold (a 2 to 5 in short deck): BadInput naming it."""
    for card in cards:
        if card // 4 + 2 < game.lowest_value:
            raise BadInput(f"card {card_name(card)!r} is not in {game.name}'s deck ({game.deck})")


def omaha_hand(game: Game, hole_text: str | list[str], board: list[int], what: str = "the hand") -> list[int]:
    """The hole cards of a hand that plays its hole cards apart from the board (Omaha's),
    checked: exactly the game's count, and a board of whole streets from the flop (3 to 5)."""
    hole = parse_cards(hole_text)
    if len(hole) != game.hole_cards:
        raise BadInput(f"{game.name}: {what} needs {game.hole_cards} hole cards, got {len(hole)}: {_names(hole)}")
    if len(board) not in game.board_sizes[1:]:
        raise BadInput(f"{game.name}: the board needs {_either(game.board_sizes[1:])} cards, got {len(board)}: {_names(board)}")
    return hole


def short_deck_hand(game: Game, cards: str | list[str], board: list[int], what: str = "the hand") -> list[int]:
    hand = parse_cards(cards) + board
    check_deck(game, hand)
    if not 5 <= len(hand) <= game.hole_cards + game.board_cards:
        with_board = " with the board" if board else ""
        sizes = _either(range(5, game.hole_cards + game.board_cards + 1))
        raise BadInput(f"{game.name}: {what}{with_board} needs {sizes} cards, got {len(hand)}: {_names(hand)}")
    return hand


# The hands of one call, one row per card (game_evaluations_of, 042: the best hand under the
# game's rule, in SQL): a relation of that call only (own_hands.card_relation), given its game
# by the query (a name of GAMES, written in as text: no type of a text column reads the same
# in every engine's DDL, Spark's DataFrames refuse varchar).
GAME_CARDS = "own_game_cards"
GAME_CARD_COLUMNS = ("hand_no integer", "card_id integer", "is_hole integer", "card_no integer")
# The relation the evaluations read: the hands given, as own_game_cards, under the game given
# as the query's first parameter.
GAME_CARDS_WITH = """
with
    game_cards as (
        select
            own_game_cards.hand_no,
            cast(? as varchar) as game,
            own_game_cards.card_id,
            own_game_cards.is_hole,
            own_game_cards.card_no
        from own_game_cards
    )
"""
# Each hand's best five, class and hand_rank in the game's ranking, by hand_no; with its place
# among them (1 = best; equal hand_rank, equal place) for a few hands, without for many.
GAME_EVALUATED = GAME_CARDS_WITH + """select
    evaluated.hand_no,
    evaluated.best,
    evaluated.points,
    evaluated.category,
    evaluated.hand_rank{place}
from game_evaluations_of('game_cards') as evaluated
order by evaluated.hand_no"""
PLACE = ",\n    rank() over (order by evaluated.hand_rank) as place"


def evaluated_rows(ctx: Context, game: Game, hands: list[list[int]], boards: list[list[int]], places: bool = False) -> list[tuple]:
    """Each hand's (hand_no, best, points, category, hand_rank[, place]), in order, by
    game_evaluations_of (042) over the hands as a relation of their own. Omaha: hands are the
    hole cards and boards their board; else the whole hand, boards []. No hand is ranked here."""
    query = GAME_EVALUATED.format(place=PLACE if places else "")
    return rows_over_cards(ctx, query, "game_evaluations_of", hands, boards, (game.name,))


def rows_over_cards(
    ctx: Context, query: str, macro: str, hands: list[list[int]], boards: list[list[int]], params: tuple[Any, ...]
) -> list[tuple]:
    """``query`` (it reads the hands through GAME_CARDS_WITH and the table macro ``macro``) run
    with ``params`` (the game's name first) over the hands as a relation of their own,
    own_game_cards: a row per card, numbered in each hand in the order given, the hole cards
    (is_hole 1) before the board's."""
    hand_nos, card_ids, is_hole, card_nos = [], [], [], []
    for number, (hand, board) in enumerate(zip(hands, boards), start=1):
        hand_nos.extend([number] * (len(hand) + len(board)))
        card_ids.extend(hand + board)
        is_hole.extend([1] * len(hand) + [0] * len(board))
        card_nos.extend(range(1, len(hand) + len(board) + 1))
    columns = {"hand_no": hand_nos, "card_id": card_ids, "is_hole": is_hole, "card_no": card_nos}
    with own_hands.card_relation(ctx.engine, GAME_CARDS, GAME_CARD_COLUMNS, columns, key=("hand_no", "card_id")):
        return ctx.engine.execute(own_hands.for_dialect(query, ctx.engine.dialect, macro), params)


def best_hands(ctx: Context, game: Game, hands: list[list[int]], boards: list[list[int]]) -> list[HandResult]:
    """Each hand's best five under the game, places among them (equal hand_rank, equal place).

    Omaha: hands are the hole cards and boards their board; else the whole hand, boards []."""
    rows = evaluated_rows(ctx, game, hands, boards, places=True)
    return [
        HandResult(_cards(hand, board), best.split(" "), points, category, hand_rank, place)
        for hand, board, (_, best, points, category, hand_rank, place) in zip(hands, boards, rows)
    ]


def _cards(hand: list[int], board: list[int]) -> list[str]:
    return [card_name(c) for c in hand + board]


def evaluation_needs(holdem_needs: tuple[str, ...]) -> tuple[str, ...]:
    """What evaluating a game's hands reads (first_use.ensure_lookups builds only that on a
    fresh database, as Hold'em's evaluate does): Hold'em's ``holdem_needs`` and
    game_evaluations_of (042, with what it reads: games and short_deck_classes, 033); not
    ``hands`` (008)."""
    return (*holdem_needs, "game_evaluations_of")


def evaluate(ctx: Context, game: Game, cards: str | list[str], board: list[int]) -> HandResult:
    if game.plays_hole_cards:
        hole = omaha_hand(game, cards, board)
        check_distinct([hole, board], ["the hand", "the board"])
        return best_hands(ctx, game, [hole], [board])[0]
    hand = short_deck_hand(game, cards, board)
    return best_hands(ctx, game, [hand], [[]])[0]


def compare(ctx: Context, game: Game, hands: tuple[str | list[str], ...], board: list[int]) -> list[HandResult]:
    names = [f"hand {n}" for n in range(1, len(hands) + 1)]
    if game.plays_hole_cards:
        holes = [omaha_hand(game, hand, board, name) for hand, name in zip(hands, names)]
        check_distinct(holes + [board], names + ["the board"])
        return best_hands(ctx, game, holes, [board] * len(holes))
    own = [parse_cards(hand) for hand in hands]
    check_distinct(own + [board], names + ["the board"])
    parsed = [short_deck_hand(game, hand, board, name) for hand, name in zip(hands, names)]
    return best_hands(ctx, game, parsed, [[]] * len(parsed))


# -- a file's hands (eval --file --game) ---------------------------------------------



def file_columns(game: Game) -> tuple[str, ...] | None:
    """The columns a file's or frame's hands are read from: Omaha's hole cards apart from its
    board ('hole' and 'board'); short deck's as Hold'em's (None: 'cards', or 'hole' and 'board')."""
    return ("hole", "board") if game.plays_hole_cards else None


def evaluate_batch(ctx: Context, game: Game, source: Any, batch: Any) -> Any:
    """A batch of evaluate_many's hands (hand_sources.Batch), each row's best five under the game:
    (cards, best, points, category, hand_rank) per row, by game_evaluations_of (042) as eval's.
    A frame on DuckDB is read in SQL (_duckdb_batch); other hands are parsed here and given as
    long rows (evaluated_rows). A bad row: BadInput naming it (_row_hand)."""
    if game.plays_hole_cards and len(source.columns) != 2:
        raise BadInput(f"{game.name}: the hands need 'hole' and 'board' columns (a CSV or Parquet file, or a frame), not one hand a line")
    if ctx.engine.reads_frames and batch.frame is not None and not isinstance(batch.frame, dict) and hand_sources._has("pyarrow"):
        return _duckdb_batch(ctx, game, source, batch)
    hands, boards = [], []
    for index, values in enumerate(batch.hand_values()):
        hole, board = _row_hand(game, source, batch, index, values)
        hands.append(hole)
        boards.append(board)
    rows = evaluated_rows(ctx, game, hands, boards)
    return [
        (_cards(hand, board), best.split(" "), points, category, hand_rank)
        for hand, board, (_, best, points, category, hand_rank) in zip(hands, boards, rows)
    ]


def _row_hand(game: Game, source: Any, batch: Any, index: int, values: tuple) -> tuple[list[int], list[int]]:
    """Row ``index`` of the batch (its values of the hand's columns) as (hole, board) card ids
    (short deck: the whole hand, and []); else BadInput naming the row and what is wrong."""
    whats = [f"'{name}'" for name in source.columns] or ["the hand"]
    try:
        texts = [hand_sources.value_text(value, what) for value, what in zip(values, whats)]
        if game.plays_hole_cards:
            board = parse_cards(texts[1])
            hole = omaha_hand(game, texts[0], board)
            check_distinct([hole, board], ["the hand", "the board"])
            return hole, board
        return short_deck_hand(game, " ".join(texts), []), []
    except BadInput as e:
        raise BadInput(f"{source.where(batch.first + index + 1)}: {e}") from None


# DuckDB: a batch's frame, registered, read in SQL: each row's cards (card_ids_in_text, 027),
# checked as _row_hand checks them (the counts, the deck, none twice), as long rows to
# game_evaluations_of (042), the rows in the input's order; a row that is not a hand of the game
# gets no class, and _row_hand names the first such.
DUCKDB_GAME_EVALUATED = """
with
    numbered as (
        select
            numbers.range + 1 as hand_no,
            {hole_text} as hole_text,
            {board_text} as board_text
        from {relation} as own_input
        positional join range(?) as numbers
    ),
    parsed as (
        select
            hand_no,
            case when regexp_full_match(hole_text, '{cards}') then card_ids_in_text(hole_text) end as hole,
            case when regexp_full_match(board_text, '{cards}') then card_ids_in_text(board_text) end as board
        from numbered
    ),
    game_hands as (
        select
            hand_no,
            hole,
            board
        from parsed
        where len(hole) between ? and ?
            and len(board) between ? and ?
            and list_min(hole || board) >= ?
            and len(list_distinct(hole || board)) = len(hole) + len(board)
    ),
    game_cards as (
        select
            hand_no,
            ? as game,
            unnest(hole || board) as card_id,
            unnest(list_transform(hole, lambda card: 1) || list_transform(board, lambda card: 0)) as is_hole,
            unnest(range(1, len(hole) + len(board) + 1)) as card_no
        from game_hands
    ),
    card_names as (
        select {names} as names
    )
select
    list_transform(parsed.hole || parsed.board, lambda card: card_names.names[card + 1]) as cards,
    string_split(evaluated.best, ' ') as best,
    evaluated.points,
    evaluated.category,
    evaluated.hand_rank
from parsed
cross join card_names
left join game_evaluations_of('game_cards') as evaluated
    on evaluated.hand_no = parsed.hand_no
order by parsed.hand_no"""


def _duckdb_batch(ctx: Context, game: Game, source: Any, batch: Any) -> Any:
    """A batch's frame evaluated by DUCKDB_GAME_EVALUATED: an Arrow table of RESULT_COLUMNS."""
    import duckdb

    connection = ctx.engine.connection
    connection.register(own_hands.INPUT_NAME, batch.frame)
    sql = ""
    try:
        types = dict(connection.execute(f"select column_name, column_type from (describe {own_hands.INPUT_NAME})").fetchall())
        if game.plays_hole_cards:
            hole_text = own_hands.duckdb_hand_text(batch.columns[:1], types)
            board_text = own_hands.duckdb_hand_text(batch.columns[1:], types)
            counts = (game.hole_cards, game.hole_cards, 3, 5)
        else:
            hole_text, board_text = own_hands.duckdb_hand_text(batch.columns, types), "''"
            counts = (5, 7, 0, 0)
        sql = DUCKDB_GAME_EVALUATED.format(
            hole_text=hole_text, board_text=board_text, relation=own_hands.INPUT_NAME,
            cards=own_hands.DUCKDB_CARDS_PATTERN, names=own_hands.DUCKDB_CARD_NAMES,
        )
        params = [batch.count, *counts, (game.lowest_value - 2) * 4, game.name]
        relation = connection.sql(sql, params=params)
        chunk = (getattr(relation, "to_arrow_table", None) or relation.arrow)()
    except (duckdb.Error, RuntimeError) as e:
        raise ctx.engine._error(e, sql or "registering the hands") from e
    finally:
        connection.unregister(own_hands.INPUT_NAME)
    ranks = chunk.column("hand_rank")
    if ranks.null_count:
        import pyarrow.compute as pc

        index = pc.index(pc.is_null(ranks), True).as_py()
        _row_hand(game, source, batch, index, batch.row(index))
        raise hand_sources.bad_row(source, batch, index)
    return chunk


def best_of_many(ctx: Context, game: Game, hands: list[list[int]], boards: list[list[int]]) -> list[HandResult]:
    """Many hands' best five under the game (as best_hands, without places), own_hands.batch_rows at a time."""
    size = own_hands.batch_rows(ctx.engine)
    results = []
    for start in range(0, len(hands), size):
        part, part_boards = hands[start : start + size], boards[start : start + size]
        rows = evaluated_rows(ctx, game, part, part_boards)
        results.extend(
            HandResult(_cards(hand, board), best.split(" "), points, category, hand_rank)
            for hand, board, (_, best, points, category, hand_rank) in zip(part, part_boards, rows)
        )
    return results
