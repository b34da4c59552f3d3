"""Low hands and split pots: the games of split_games (046, read by the registry, games.py), their lows ranked in SQL.

A split-pot or lowball game is a row of ``split_games``: its high half is the high of a game of
``games`` (``high_game``: Omaha's rule or any five, evaluated by ``game_evaluations_of``, 042)
and its low half the best low under ``low_ranking`` (``low_evaluations_of``, 047, over the
classes of ``low_classes``, 045). No hand is ranked here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from fractions import Fraction
from collections.abc import Iterator
from typing import Any

from . import games, hand_sources, own_hands
from .context import Context
from .cards import card_name, check_distinct, parse_cards
from .errors import BadInput
from .first_use import ensure_lookups
from .frames import EvaluateManyResult, _optional
from .results import _Frames
from .output import Output, present, pretty_cards


LOW_EVALUATED = games.GAME_CARDS_WITH + """select
    evaluated.hand_no,
    evaluated.low_rank,
    evaluated.high_card
from low_evaluations_of('game_cards') as evaluated
order by evaluated.hand_no"""


def _names(cards: list[int]) -> str:
    return " ".join(map(card_name, cards))


def _either(sizes: tuple[int, ...]) -> str:
    return str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]}"


def parse_hand(game: games.SplitGame, text: str | list[str], board: list[int], what: str = "the hand") -> list[int]:
    """The hand's cards, checked against the game: its count (Omaha's hole cards and a board of
    3 to 5; stud's 5 to 7 cards and no board; 2-7's and A-5's 5; badugi's 4). Else BadInput."""
    hand = parse_cards(text)
    if board and not game.board_cards:
        raise BadInput(f"{game.name}: a board is not dealt in {game.name}, got --board {_names(board)}")
    if game.board_cards and not 3 <= len(board) <= game.board_cards:
        raise BadInput(f"{game.name}: the board needs 3 to {game.board_cards} cards, got {len(board)}: {_names(board) or 'none'}")
    if len(hand) not in game.hand_sizes:
        raise BadInput(f"{game.name}: {what} needs {_either(game.hand_sizes)} cards, got {len(hand)}: {_names(hand)}")
    return hand


def _low_rows(ctx: Context, game: games.SplitGame, hands: list[list[int]], boards: list[list[int]]) -> list[tuple]:
    return games.rows_over_cards(ctx, LOW_EVALUATED, "low_evaluations_of", hands, boards, (game.name,))


def evaluate_split(ctx: Context, game: games.SplitGame, hands: list[list[int]], boards: list[list[int]]) -> list[tuple[int, int | None]]:
    """Each hand's (hand_rank, low_rank): the high's rank in the standard ranking (1 best) and
    the low's (1 best; None when the hand holds no low); for a low-only game hand_rank is the
    low's rank. Omaha: hands are the hole cards, boards the board; else boards are []."""
    lows = [low_rank for _, low_rank, _ in _low_rows(ctx, game, hands, boards)] if game.low_ranking else [None] * len(hands)
    if game.high_game is None:
        return [(low, low) for low in lows]
    high_game = games.GAMES[game.high_game]
    highs = [row[4] for row in games.evaluated_rows(ctx, high_game, hands, boards)]
    return list(zip(highs, lows))


@dataclass
class SplitHand:
    """One hand of a split game: its cards, its high (hand_rank, 1 best; for a low-only game
    the low's rank) and its low (low_rank, 1 best, None: none), and in a comparison the pot's
    parts it takes: high_share, low_share (of the pot, each half split among its winners;
    the high scoops when no hand has a low) and share (their sum)."""

    cards: list[str]
    hand_rank: int | None
    low_rank: int | None
    high_share: float | None = None
    low_share: float | None = None
    share: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class SplitResult:
    game: str
    board: list[str]
    hands: list[SplitHand]
    compared: bool = False

    def to_dict(self) -> dict[str, Any]:
        data = {"game": self.game, "board": self.board, "hands": [hand.to_dict() for hand in self.hands]}
        return data if self.compared else {"game": self.game, **{k: v for k, v in self.hands[0].to_dict().items() if "share" not in k}}


def pot_shares(game: games.SplitGame, ranks: list[tuple[int | None, int | None]]) -> list[tuple[Fraction, Fraction]]:
    """Each hand's (high part, low part) of the pot: a game with a high and a low splits it in
    halves when some hand has a low (each half among its winners: two hands tying the low, one
    also the high, take 3/4 and 1/4), else the high takes it all; a game of one ranking gives it
    all to that ranking's winners."""
    highs = [high for high, _ in ranks] if game.high_game else [None] * len(ranks)
    lows = [low for _, low in ranks] if game.low_ranking else [None] * len(ranks)
    has_low = any(low is not None for low in lows)
    has_high = game.high_game is not None
    high_pot = Fraction(1, 2) if has_low and has_high else Fraction(int(has_high))
    low_pot = Fraction(1) - high_pot if has_low else Fraction(0)

    def split(part: Fraction, values: list[int | None]) -> list[Fraction]:
        ranked = [v for v in values if v is not None]
        if not ranked:
            return [Fraction(0)] * len(values)
        winners = [v == min(ranked) for v in values]
        return [part / sum(winners) if won else Fraction(0) for won in winners]

    return list(zip(split(high_pot, highs), split(low_pot, lows)))


def _split_game(ctx: Context, name: str | games.SplitGame) -> games.SplitGame:
    """The game named, which must be one of split_games' (a high-only game has no low: BadInput);
    a game already read (games.rules) as it is."""
    if isinstance(name, games.SplitGame):
        return name
    game = games.rules(name, ctx)
    if not game.is_split:
        with_low = ", ".join(other for other, rules in games.REGISTRY.items() if rules.is_split)
        raise BadInput(f"game {name!r} has no low: it is a high-only game (games with a low: {with_low})")
    return game


def evaluate(ctx: Context, name: str | games.SplitGame, cards: str | list[str], board: str | list[str] = "") -> SplitResult:
    """``eval --game`` of a split or lowball game: the hand's hand_rank and low_rank."""
    game = _split_game(ctx, name)
    board_cards = parse_cards(board) if board else []
    hand = parse_hand(game, cards, board_cards)
    check_distinct([hand, board_cards], ["the hand", "the board"])
    ((high, low),) = evaluate_split(ctx, game, [hand], [board_cards])
    return SplitResult(game.name, [card_name(c) for c in board_cards], [SplitHand([card_name(c) for c in hand], high, low)])


def compare(ctx: Context, name: str | games.SplitGame, hands: tuple[str | list[str], ...], board: str | list[str] = "") -> SplitResult:
    """``compare --game`` of a split or lowball game: each half's winners, each hand's parts."""
    game = _split_game(ctx, name)
    board_cards = parse_cards(board) if board else []
    names = [f"hand {n}" for n in range(1, len(hands) + 1)]
    parsed = [parse_hand(game, hand, board_cards, what) for hand, what in zip(hands, names)]
    check_distinct(parsed + [board_cards], names + ["the board"])
    ranks = evaluate_split(ctx, game, parsed, [board_cards] * len(parsed))
    result = []
    for hand, (high, low), (high_part, low_part) in zip(parsed, ranks, pot_shares(game, ranks)):
        result.append(SplitHand([card_name(c) for c in hand], high, low, float(high_part), float(low_part), float(high_part + low_part)))
    return SplitResult(game.name, [card_name(c) for c in board_cards], result, compared=True)


@present.register
def _(result: SplitResult, **options: Any) -> Output:
    columns = ["cards", "hand_rank", "low_rank"] + (["high_share", "low_share", "share"] if result.compared else [])
    rows = [[" ".join(h.cards)] + [getattr(h, c) for c in columns[1:]] for h in result.hands]
    cells = [[pretty_cards(h.cards)] + ["" if v is None else f"{v:.4g}" if isinstance(v, float) else str(v) for v in row[1:]]
             for h, row in zip(result.hands, rows)]
    board = f", board {' '.join(result.board)}" if result.board else ""
    return Output(columns, rows, result.to_dict(), cells=cells, title=f"{result.game}{board}")


# -- many hands (evaluate_many, eval --file --game) ----------------------------------

# Each hand's best low (low_evaluations_of, 047) and its name in words (low_categories, 069:
# '7 low', 'One Pair', '3-card badugi'; null where the hand holds no low), by hand_no; the game's name its two parameters.
LOW_NAMED = games.GAME_CARDS_WITH + """select
    evaluated.hand_no,
    evaluated.low_rank,
    low_categories.category
from low_evaluations_of('game_cards') as evaluated
inner join split_games
    on split_games.game = ?
left join low_categories
    on low_categories.ranking = split_games.low_ranking
    and low_categories.low_rank = evaluated.low_rank
order by evaluated.hand_no"""
NAMED_NEEDS = (*games.SPLIT_NEEDS, "low_categories")


def named_ranks(ctx: Context, game: games.SplitGame, hands: list[list[int]], boards: list[list[int]]) -> list[tuple]:
    """Each hand's (hand_rank, low_rank, low_category): evaluate_split's ranks, in the same two
    queries over all the hands at once, and the low in words (LOW_NAMED; None: no low)."""
    ensure_lookups(ctx, NAMED_NEEDS)
    if game.low_ranking:
        rows = games.rows_over_cards(ctx, LOW_NAMED, "low_evaluations_of", hands, boards, (game.name, game.name))
        lows = [(low, words) for _, low, words in rows]
    else:
        lows = [(None, None)] * len(hands)
    if game.high_game is None:
        return [(low, low, words) for low, words in lows]
    highs = [row[4] for row in games.evaluated_rows(ctx, games.GAMES[game.high_game], hands, boards)]
    return [(high, low, words) for high, (low, words) in zip(highs, lows)]


def evaluate_batch(ctx: Context, game: games.SplitGame, source: Any, batch: Any) -> list[tuple]:
    """A batch of evaluate_many's hands (hand_sources.Batch), each row checked as ``evaluate``
    checks a hand (parse_hand) and all ranked at once (named_ranks): (cards, hand_rank,
    low_rank, low_category) a row, cards the hand then the board. A bad row: BadInput naming it."""
    if game.board_cards and len(source.columns) != 2:
        raise BadInput(f"{game.name}: the hands need 'hole' and 'board' columns (a CSV or Parquet file, or a frame), not one hand a line")
    whats = [f"'{name}'" for name in source.columns] or ["the hand"]
    hands, boards = [], []
    for index, values in enumerate(batch.hand_values()):
        try:
            texts = [hand_sources.value_text(value, what) for value, what in zip(values, whats)]
            board = parse_cards(texts[1]) if game.board_cards else []
            hand = parse_hand(game, texts[0] if game.board_cards else " ".join(texts), board)
            check_distinct([hand, board], ["the hand", "the board"])
        except BadInput as e:
            raise BadInput(f"{source.where(batch.first + index + 1)}: {e}") from None
        hands.append(hand)
        boards.append(board)
    ranks = named_ranks(ctx, game, hands, boards)
    return [([card_name(c) for c in hand + board], *ranked) for hand, board, ranked in zip(hands, boards, ranks)]


@dataclass(repr=False)
class SplitManyResult(EvaluateManyResult):
    """evaluate_many's answer in a split or lowball game: one row per hand, in the order given,
    the kept columns then ``cards`` (the hand, then the board), ``hand_rank`` and ``low_rank``
    (as ``evaluate``'s), ``low_category`` (the low in words, None: no low or no low half).
    Iterating gives each hand's SplitResult, as ``evaluate`` gives it."""

    game: games.SplitGame | None = None

    COLUMNS = ("cards", "hand_rank", "low_rank", "low_category")

    def __iter__(self) -> Iterator[SplitResult]:  # type: ignore[override]
        for cards, high, low, _ in self.rows():
            held = self.game.hole_cards if self.game.board_cards else len(cards)
            yield SplitResult(self.game.name, cards[held:], [SplitHand(cards[:held], high, low)])

    def __getitem__(self, index: int) -> SplitResult:  # type: ignore[override]
        return list(self)[index]

    def arrow(self) -> Any:
        pa = _optional("pyarrow")
        schema = pa.schema([("cards", pa.list_(pa.string())), ("hand_rank", pa.int32()), ("low_rank", pa.int32()),
                            ("low_category", pa.string())])
        rows = list(self.table_rows())
        columns = list(zip(*rows)) if rows else [[] for _ in self.columns]
        table = pa.table(dict(zip(self.COLUMNS, map(list, columns[len(self.kept):]))), schema=schema)
        for position, name in enumerate(self.kept):
            table = table.add_column(position, name, pa.array(list(columns[position])))
        return table


def evaluate_many(ctx: Context, game: games.SplitGame, hands: Any, stdin: bool, keep: Any, input_kind: str | None) -> SplitManyResult:
    """evaluation.evaluate_many of a split or lowball game: a batch of hands a query of each
    half (evaluate_batch). Omaha's kind: a frame or file with 'hole' and 'board' columns."""
    columns = ("hole", "board") if game.board_cards else None
    try:
        source = hand_sources.source_of(hands, own_hands.batch_rows(ctx.engine), stdin_lines=stdin, keep=keep, columns=columns)
    except BadInput as e:
        raise BadInput(f"{game.name}: {e}" if game.board_cards else str(e)) from None
    chunks = own_hands.evaluate_source(ctx.engine, source, ctx.progress, lambda s, b: evaluate_batch(ctx, game, s, b))
    return SplitManyResult(chunks, source.kept_names, input_kind, game)


@present.register
def _(result: SplitManyResult, **options: Any) -> Output:
    """One row per hand after the kept columns: JSON lines of the columns; CSV and the table with the cards as text."""
    kept = len(result.kept)
    if options.get("output_format") == "json":
        return Output(list(result.columns), result.table_rows())
    rows = ((*row[:kept], " ".join(row[kept]), *row[kept + 1 :]) for row in result.table_rows())
    cells = ((*row[:kept], pretty_cards(row[kept]), *("" if v is None else str(v) for v in row[kept + 1 :])) for row in result.table_rows())
    return Output(list(result.columns), rows, cells=cells)


# -- every hand counted (freq --game stud8, razz, deuce-to-seven ...) -----------------------

# Each half's categories of every hand of the game (split_hand_frequencies_of, 071), best first.
SPLIT_FREQUENCIES = """with
    freq_games as (
        select ? as game
    )
select
    counted.half,
    counted.points,
    counted.category,
    counted.hands,
    counted.distinct_ranks
from split_hand_frequencies_of('freq_games') as counted
order by counted.half, counted.category_order"""
FREQ_NEEDS = (*NAMED_NEEDS, "split_hand_frequencies_of", "suit_reduced_seven", "game_categories")


@dataclass
class SplitCategoryCount:
    half: str  # 'high' or 'low'
    points: int | None  # the category's (a low of no pair 0; badugi and no low None)
    category: str
    count: int
    expected: int | None  # the exact count where one is known (pokersql.counts), else None


@dataclass
class SplitFreqResult(_Frames):
    """freq of a game of a player's own cards: every hand of its cards by each half's category."""

    game: str
    cards: int
    total: int
    distinct_ranks: int  # the first half's (the high's where the game has one) classes held
    categories: list[SplitCategoryCount]
    _rows_field = "categories"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def freq(ctx: Context, cards: int = 5, game: str = "holdem") -> SplitFreqResult:
    """``db.freq``: a game of a player's own cards (stud, stud8, razz, deuce-to-seven,
    ace-to-five, badugi): every hand of its cards counted in SQL by each half's category
    (split_hand_frequencies_of, 071; ``cards`` is not read: the game's), beside the exact counts
    of pokersql.counts where known. A split board game (a hand of hole cards and a board) is
    refused in one line; the high games are dealing.freq's."""
    from . import counts

    rules = games.rules(game, ctx, "freq")
    if rules.board_cards:  # (db.freq gives lows.freq the games of split_games only)
        own = ", ".join(name for name, other in games.REGISTRY.items() if other.is_split and not other.board_cards)
        raise BadInput(f"freq: {rules.name} is {games.family(rules)}, {games.pot_words(rules)}: its hand is hole cards and a board, "
                       f"which freq does not count (it counts holdem, shortdeck, shortdeck-triton and {own})")
    ensure_lookups(ctx, FREQ_NEEDS)
    with ctx.watching(f"counting every {rules.hole_cards}-card hand of {rules.name}"):
        rows = ctx.engine.execute(own_hands.for_dialect(SPLIT_FREQUENCIES, ctx.engine.dialect, "split_hand_frequencies_of"), (rules.name,))
    exact = counts.split_game_counts(rules.hole_cards, rules.low_ranking, rules.high_game is not None)
    categories = [SplitCategoryCount(half, points, category, int(n), exact.get((half, category))) for half, points, category, n, _ in rows]
    first = rows[0][0] if rows else "high"
    return SplitFreqResult(
        game=rules.name, cards=rules.hole_cards, total=sum(int(row[3]) for row in rows if row[0] == first),
        distinct_ranks=sum(int(row[4]) for row in rows if row[0] == first), categories=categories,
    )


@present.register
def _(result: SplitFreqResult, **options: Any) -> Output:
    columns = ["half", "points", "category", "count", "expected", "match"]
    rows = [(c.half, c.points, c.category, c.count, c.expected, "-" if c.expected is None else "yes" if c.count == c.expected else "NO")
            for c in result.categories]
    cells = [(h, "" if p is None else str(p), c, f"{n:,}", "-" if e is None else f"{e:,}", m) for h, p, c, n, e, m in rows]
    title = f"{result.total:,} {result.cards}-card hands of {result.game}, {result.distinct_ranks:,} distinct ranks"
    return Output(columns, rows, result.to_dict(), cells=cells, title=title)
