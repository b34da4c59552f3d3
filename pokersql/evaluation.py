"""Evaluating hands: one (``evaluate``), a few against each other (``compare``), or many at once
(``evaluate_many``), of Hold'em or another game (pokersql.games)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import games, hand_sources, own_hands
from .cards import card_name, check_distinct, parse_cards
from .checks import cards_given
from .context import Context
from .errors import BadInput
from .first_use import ensure_lookups
from .results import CompareResult, EvaluateManyResult, HandResult

if TYPE_CHECKING:
    from .lows import SplitResult

FRAME_KINDS = ("pandas", "polars", "pyarrow")  # evaluate_many's frames: the result's .frame() gives the same kind


def rank_hands(ctx: Context, hands: list[list[int]]) -> list[HandResult]:
    """Evaluate a few hands of 5 to 7 cards, in SQL: best five, rank, place among them.

    Nothing is written (own_hands.values_query). On DuckDB the first call asks the
    database; later calls ask an in-memory SQLite copy of the lookup tables, made
    once, where the same query takes a hundredth of the time.
    """
    ensure_lookups(ctx)
    ctx.evaluations += 1
    if ctx.engine.copies_lookups and ctx.evaluations > 1 and ctx.lookup_copy is None:
        ctx.lookup_copy = own_hands.LookupCopy(ctx.engine)
    runner = ctx.lookup_copy or ctx.engine
    sql, params = own_hands.values_query(hands, runner.dialect)
    rows = runner.execute(sql, params)
    return [
        HandResult(
            cards=[card_name(c) for c in hand],
            best=best.split(" "),
            points=points,
            category=category,
            hand_rank=hand_rank,
            place=place,
        )
        for hand, (_, best, points, category, hand_rank, place) in zip(hands, rows)
    ]


def hand_of(cards: str | list[str], what: str = "a hand", board: list[int] | None = None) -> list[int]:
    parsed = parse_cards(cards) + (board or [])
    if not 5 <= len(parsed) <= 7:
        given = " ".join(card_name(c) for c in parsed) or "nothing"
        with_board = " with the board" if board else ""
        raise BadInput(f"{what}{with_board} needs 5, 6 or 7 cards, got {len(parsed)}: {given}")
    return parsed


def evaluate(ctx: Context, cards: str | list[str], game: str = "holdem", board: str | list[str] = "") -> HandResult | SplitResult:
    """One hand of 5, 6 or 7 cards: its best five, category and hand_rank.

    ``game``: one of ``games.NAMES``. Omaha (omaha, omaha5, omaha6): ``cards`` are the
    4, 5 or 6 hole cards and ``board`` 3 to 5 cards; the best of two hole cards and three of
    the board. Short deck: 5 to 7 cards of 6 through A (with the board), ranked by the
    game's rule set (docs/games-flop.md). A split or lowball game (a row of split_games: omaha8
    ... badugi): its ``SplitResult``, the hand's high and low ranks (docs/games-hilo.md)."""
    from . import lows

    rules = games.rules(game, ctx)
    if rules.is_split:
        return lows.evaluate(ctx, rules, cards, board)  # (its row read once)
    board_cards = cards_given(board, "the board")
    if rules.holdem_tables:
        if board_cards:
            check_distinct([parse_cards(cards), board_cards], ["the hand", "the board"])
        return rank_hands(ctx, [hand_of(cards, board=board_cards or None)])[0]
    ensure_lookups(ctx, games.evaluation_needs(own_hands.EVALUATION_NEEDS))
    return games.evaluate(ctx, rules, cards, board_cards)


def evaluate_many(
    ctx: Context, hands: Any, stdin: bool = False, keep: Sequence[str] | None = None, game: str = "holdem"
) -> EvaluateManyResult:
    """Many hands of 5, 6 or 7 cards at once, in the order given: one row each.

    ``hands`` is any of:

    - an iterable of hands, each card text (``"As Ks 7d 7c 7h"``) or a list of cards;
    - a pandas or Polars DataFrame, or a pyarrow Table, with a ``cards`` column (text
      or lists of cards), or ``hole`` and ``board`` columns (joined);
    - the path (str or Path) of a ``.parquet`` or ``.csv`` file with such columns
      (Parquet needs pyarrow).

    The result's ``.df()``, ``.arrow()`` and ``.pl()`` give pandas, Arrow and Polars;
    ``.frame()`` the kind of frame the hands came in (pandas for a list or a file).

    Nothing is written to the database. The hands go to it a batch at a time
    (``own_hands.BATCH_ROWS``, 200,000 on DuckDB: memory stays bounded; each batch a
    step reported to the progress callback); on DuckDB a frame or file is read in
    SQL, with no Python loop over its rows. The results are held (compactly, as Arrow
    tables where pyarrow is installed) until the last batch is done. A bad hand raises BadInput naming its row (a CSV file's line) and the bad
    card, and nothing is returned. ``stdin=True``: the hands are the lines of a text
    stream (``hand_sources.stdin_hands``), an error names a line.

    A frame's or file's other columns come first in the result, as they are (a CSV
    file's as text): all of them but ``cards``, or those named by ``keep`` (``[]``:
    none). One named like a result column (``cards``, ``best``, ``points``,
    ``category``, ``hand_rank``) is renamed ``input_<name>``.

    ``game``: one of ``games.GAME_NAMES``, each hand evaluated as ``evaluate`` evaluates it
    (its rows parsed in Python, a few thousand five-card hands a query). Short deck: its
    hands as Hold'em's are given. Omaha: a frame or file with ``hole`` and ``board``
    columns (the 4, 5 or 6 hole cards; 3 to 5 board cards), by default kept beside the result.
    A split or lowball game (omaha8 ... badugi): a ``lows.SplitManyResult``, each row the hand's
    ``hand_rank`` and ``low_rank`` as ``evaluate`` gives them and ``low_category``, the low in
    words (lows.evaluate_many; omaha8 and the other board games from 'hole' and 'board').

        >>> db.evaluate_many(["As Ks Qs Js Ts", "2c 3d 4h 5s 7c"]).df()
    """
    from . import lows

    kind = type(hands).__module__.split(".")[0]
    input_kind = kind if kind in FRAME_KINDS else None
    rules = games.rules(game, ctx, "evaluate_many")
    if rules.is_split:
        return lows.evaluate_many(ctx, rules, hands, stdin, keep, input_kind)
    try:
        source = hand_sources.source_of(
            hands, own_hands.batch_rows(ctx.engine), stdin_lines=stdin, keep=keep, columns=games.file_columns(rules)
        )
    except BadInput as e:
        raise BadInput(f"{rules.name}: {e}" if rules.plays_hole_cards else str(e)) from None
    if rules.holdem_tables:
        ensure_lookups(ctx, own_hands.batch_needs(ctx.engine))
        return EvaluateManyResult(own_hands.evaluate_source(ctx.engine, source, ctx.progress), source.kept_names, input_kind)
    ensure_lookups(ctx, games.evaluation_needs(own_hands.batch_needs(ctx.engine)))
    evaluate_batch = functools.partial(games.evaluate_batch, ctx, rules)
    return EvaluateManyResult(own_hands.evaluate_source(ctx.engine, source, ctx.progress, evaluate_batch), source.kept_names, input_kind)


def compare(ctx: Context, *hands: str | list[str], board: str | list[str] = "", game: str = "holdem") -> CompareResult | SplitResult:
    """Two or more hands, each with the shared board if given (5 to 7 cards in all):
    who wins; tied hands share a place and split the pot. ``game``: as ``evaluate``'s
    (Omaha: each hand its hole cards, and a board of 3 to 5; a split or lowball game, its
    ``SplitResult``: each half's winners and each hand's share)."""
    from . import lows

    if len(hands) == 1 and isinstance(hands[0], (list, tuple)) and hands[0] and not isinstance(hands[0][0], str):
        hands = tuple(hands[0])
    if len(hands) < 2:
        raise BadInput(f"compare needs at least 2 hands, got {len(hands)}")
    rules = games.rules(game, ctx)
    if rules.is_split:
        return lows.compare(ctx, rules, hands, board)
    board_cards = cards_given(board, "the board")
    if not rules.holdem_tables:
        ensure_lookups(ctx, games.evaluation_needs(own_hands.EVALUATION_NEEDS))
        results = games.compare(ctx, rules, hands, board_cards)
        return CompareResult(hands=results, winners=[n for n, r in enumerate(results, start=1) if r.place == 1])
    own = [parse_cards(hand) for hand in hands]
    check_distinct(own + [board_cards], [f"hand {n}" for n in range(1, len(own) + 1)] + ["the board"])
    parsed = [hand_of(hand, f"hand {n}", board_cards) for n, hand in enumerate(hands, start=1)]
    results = rank_hands(ctx, parsed)
    return CompareResult(hands=results, winners=[n for n, r in enumerate(results, start=1) if r.place == 1])
