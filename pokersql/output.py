"""One renderer for every command: a result becomes a table, JSON or CSV on stdout.

Each kind of result (``pokersql.results``) has one ``present`` function that says
what it looks like: its columns, its rows of plain values (CSV), its JSON document,
and for the terminal its title and pretty cells. ``emit`` then writes any of them in
the format asked for, the way sqlite-utils' ``output_rows`` serves all its commands.

Rows are written as they come (a query's rows are never all held at once).

Values a database can return, written the same way in every format unless noted:
``None`` is empty (CSV, table) or ``null`` (JSON); a ``Decimal`` is its exact text
(in JSON a number when a float holds it exactly, else that text); NaN and infinities are the strings ``NaN``, ``Infinity`` and
``-Infinity`` (JSON has no such numbers); dates and times are ISO 8601 text; an
interval is Python's text of a timedelta (``3 days, 0:00:00``); a blob is its bytes in
hexadecimal; a UUID is its text; a list or struct is JSON (nested in JSON output).
"""

from __future__ import annotations

import functools
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from .cards import pretty_name
from .places import shown
from .results import (
    BuildResult,
    CompareResult,
    DealResult,
    GameDealResult,
    SplitDealResult,
    EquityResult,
    RangeResult,
    EvaluateManyResult,
    ExportResult,
    ReportResult,
    ImportResult,
    FreqResult,
    HandResult,
    HistoryResult,
    MigrateResult,
    QueryResult,
    QueryStream,
    ShowdownResult,
    SplitShowdownResult,
    SimulateResult,
)
from .writers import (  # noqa: F401  (FORMATS, console: read here too)
    FORMATS,
    _write_arrow_csv,
    _write_csv,
    _write_json_lines,
    _write_table,
    console,
    csv_by_arrow,
    pretty_cards,
    to_json,
)


# -- what a result looks like -------------------------------------------------
@dataclass
class Output:
    """One result, ready for any format.

    ``rows`` are plain values (CSV, and the table unless ``cells`` are given);
    ``data`` is the JSON document (None: a stream of rows, written as JSON lines, one object a row);
    ``lines`` are printed after the table (instead of it if ``show_table`` is False).
    """

    columns: list[str]
    rows: Iterable[Sequence[Any]]
    data: Any = None
    cells: Iterable[Sequence[Any]] | None = None
    title: str | None = None
    lines: list[Any] = field(default_factory=list)  # text, or rich Text (styled where the terminal shows it)
    show_table: bool = True
    table_columns: list[str] | None = None  # the table's headings, where they differ from CSV's
    # Arrow tables holding exactly the CSV's columns and cells, where pyarrow may write them
    # (csv_by_arrow); None: the rows are written by Python's csv.
    arrow_tables: Callable[[], list[Any] | None] | None = None


@functools.singledispatch
def present(result: Any, **options: Any) -> Output:
    raise TypeError(f"no output for {type(result).__name__}")


def emit(result: Any, output_format: str, file: TextIO | None = None, **options: Any) -> None:
    """Write ``result`` to ``file`` (stdout) as a table, JSON or CSV."""
    file = file or sys.stdout
    output = present(result, output_format=output_format, **options)
    if output_format == "json":
        if output.data is None:  # a stream of rows: JSON lines
            _write_json_lines(file, output.columns, output.rows)
        else:
            file.write(to_json(output.data) + "\n")
    elif output_format == "csv":
        tables = output.arrow_tables() if output.arrow_tables else None
        if tables and csv_by_arrow(tables):
            _write_arrow_csv(file, tables)
        else:
            _write_csv(file, output.columns, output.rows)
    else:
        _write_table(file, output)
    file.flush()


def _outcome(place: int, winners: Sequence[int]) -> str:
    if place != 1:
        return ""
    return "splits the pot" if len(winners) > 1 else "wins"


def _starred(place: int, outcome: str) -> str:
    """The table's result cell: the winners marked with a star."""
    return ("★ " if place == 1 else "") + outcome


def _riffles(count: int | None) -> str:
    return f"{count} riffle" + ("" if count == 1 else "s")


def _cards(cards: Sequence[str] | str) -> str:
    return cards if isinstance(cards, str) else " ".join(cards)


@present.register
def _(result: MigrateResult, **options: Any) -> Output:
    columns = ["version", "script", "type", "checksum"]
    rows = [(f.version, f.script, f.type, f.checksum) for f in result.applied]
    title = f"Applied {len(rows)} SQL file(s) to {shown(result.database)}"
    lines = [] if rows else [f"Nothing to apply: {shown(result.database)} is up to date."]
    return Output(columns, rows, result.to_dict(), title=title, lines=[*lines, f"({result.seconds:.2f} s)"], show_table=bool(rows))


@present.register
def _(result: BuildResult, **options: Any) -> Output:
    data = result.to_dict()
    line = f"{result.table}: {result.rows:,} rows in {shown(result.database)} ({result.seconds:.2f} s)"
    return Output(list(data), [list(data.values())], data, lines=[line], show_table=False)


@present.register
def _(result: ImportResult, **options: Any) -> Output:
    """The table: each hand skipped (file, line, reason), then one line; CSV: that line's figures."""
    data = result.to_dict()
    summary = {"files": len(result.files), "hands": result.hands, "imported": result.imported,
               "duplicates": result.duplicates, "skipped": len(result.skipped), "seconds": data["seconds"]}
    held = f", {result.duplicates:,} already held" if result.duplicates else ""
    bad = f", {len(result.skipped):,} skipped" if result.skipped else ""
    line = (f"Imported {result.imported:,} of {result.hands + len(result.skipped):,} hand(s){held}{bad} "
            f"from {len(result.files)} file(s) into {shown(result.database)}")
    lines = [line]
    if result.parquet:
        lines.append(f"Wrote the {len(result.parquet)} tables as Parquet: {', '.join(result.parquet)}")
    output = Output(list(summary), [list(summary.values())], data, lines=lines, show_table=bool(result.skipped))
    output.cells = [(item.file, item.line, item.reason) for item in result.skipped]
    output.table_columns = ["file", "line", "reason"]
    output.title = f"Skipped {len(result.skipped)} bad hand(s)" if result.skipped else None
    return output


HISTORY_COLUMNS = ("player", "hands", "unknown_results", "net_won", "won_at_showdown", "allin_hands", "allin_ev", "allin_net", "luck", "ev_adjusted")
HISTORY_NARROW = ("player", "hands", "net_won", "won_at_showdown", "luck", "ev_adjusted")  # the table's default: 80 columns
HISTORY_HEADINGS = {"net_won": "net won", "won_at_showdown": "showdown", "allin_hands": "all-ins", "allin_ev": "all-in EV",
                    "allin_net": "all-in net", "ev_adjusted": "EV adjusted", "unknown_results": "unknown"}


@present.register
def _(result: HistoryResult, columns: Sequence[str] | None = None, **options: Any) -> Output:
    """One row per player; JSON and CSV: the hands and the players, every field; the table:
    ``columns`` (history's --columns, --wide), else HISTORY_NARROW."""
    data = result.to_dict()
    every = list(HISTORY_COLUMNS)
    rows = [[getattr(player, column) for column in every] for player in result.players]
    shown = list(columns or HISTORY_NARROW)
    at = [every.index(column) for column in shown]
    cells = [[f"{row[i]:,.2f}" if isinstance(row[i], float) else row[i] for i in at] for row in rows]
    title = f"{result.hands:,} hand(s){' of ' + result.money.label if result.money else ''}, {len(rows)} player(s)" + (
        f", {result.unknown_results:,} of unknown result (left out of the sums)" if result.unknown_results else "")
    lines = ["luck: what the all-in hands netted less their EV (each pot paid by equity when the money went in); "
             "ev_adjusted: net_won less luck"] if rows else [] if result.unknown or result.moneys else ["No hand imported: pokersql import FILE... first."]
    return Output(every, rows, data, title=title, cells=cells, lines=lines, show_table=bool(rows or result.unknown or result.moneys),
                  table_columns=[HISTORY_HEADINGS.get(column, column) for column in shown])


@present.register
def _(result: ExportResult, seconds: float = 0.0, **options: Any) -> Output:
    data = result.to_dict()
    line = f"{result.table}: {result.rows:,} rows written to {result.file} ({result.format}, {seconds:.2f} s)"
    return Output(list(data), [list(data.values())], data, lines=[line], show_table=False)


@present.register
def _(result: ReportResult, **options: Any) -> Output:
    data = result.to_dict()
    line = f"the report of {result.player} ({result.hands:,} hands, {result.players:,} players in its statistics) written to {result.file}"
    return Output(list(data), [list(data.values())], data, lines=[line], show_table=False)


@present.register
def _(result: HandResult, **options: Any) -> Output:
    data = {k: v for k, v in result.to_dict().items() if k != "place"}
    # A generator: the pretty cells (rich) are made only for the table.
    cells = ((pretty_cards(result.cards), pretty_cards(result.best), result.category, result.points, result.hand_rank) for _ in (1,))
    rows = [[_cards(v) if isinstance(v, list) else v for v in data.values()]]
    return Output(list(data), rows, data, cells=cells, table_columns=["cards", "best", "category", "points", "hand_rank"])


@present.register
def _(result: EvaluateManyResult, **options: Any) -> Output:
    """One row per hand, after the input's kept columns: JSON lines with eval's keys; CSV and the table with the cards as text."""
    columns = list(result.columns)
    kept = len(result.kept)
    rows = ((*row[:kept], _cards(row[kept]), _cards(row[kept + 1]), *row[kept + 2 :]) for row in result.table_rows())
    if options.get("output_format") == "json":
        rows = result.table_rows()
    cells = (
        (*row[:kept], pretty_cards(cards), pretty_cards(best), category, points, hand_rank)
        for row in result.table_rows()
        for cards, best, points, category, hand_rank in (row[kept:],)
    )
    table_columns = [*result.kept, "cards", "best", "category", "points", "hand_rank"]
    return Output(columns, rows, cells=cells, table_columns=table_columns, arrow_tables=result.csv_tables)


@present.register
def _(result: ShowdownResult, **options: Any) -> Output:
    """One row per player per hand (CSV, the table); JSON lines, one object per hand."""
    if options.get("output_format") == "json":
        return Output(["hand", "board", "players", "winners"], ([*h.to_dict().values()] for h in result.hands))
    columns = ["hand", "player", "hole", "board", "best", "category", "points", "hand_rank", "place", "share", "result"]
    rows = [
        (h.hand, p.player, _cards(p.hole), _cards(h.board), _cards(p.best), p.category, p.points, p.hand_rank, p.place, p.share,
         _outcome(p.place, h.winners))
        for h in result.hands for p in h.players
    ]
    cells = (
        (str(h.hand), str(p.player), pretty_cards(p.hole), pretty_cards(h.board), pretty_cards(p.best), p.category, str(p.hand_rank),
         str(p.place), f"{p.share:.4g}", _starred(p.place, _outcome(p.place, h.winners)))
        for h in result.hands for p in h.players
    )
    table_columns = ["hand", "player", "hole", "board", "best", "category", "hand_rank", "place", "share", "result"]
    return Output(columns, rows, cells=cells, title=f"Showdown of {len(result.hands):,} hands", table_columns=table_columns)


@present.register
def _(result: SplitShowdownResult, **options: Any) -> Output:
    """A split or lowball game's showdown: one row per player per hand, each half's part."""
    if options.get("output_format") == "json":
        return Output(["hand", "board", "players", "high_winners", "low_winners"], ([*h.to_dict().values()] for h in result.hands))
    columns = ["hand", "player", "hole", "board", "hand_rank", "low_rank", "high_share", "low_share", "share"]
    rows = [
        (h.hand, p.player, _cards(p.hole), _cards(h.board), p.hand_rank, p.low_rank, p.high_share, p.low_share, p.share)
        for h in result.hands for p in h.players
    ]
    cells = (
        (str(h.hand), str(p.player), pretty_cards(p.hole), pretty_cards(h.board), str(p.hand_rank),
         "" if p.low_rank is None else str(p.low_rank), f"{p.high_share:.4g}", f"{p.low_share:.4g}", f"{p.share:.4g}")
        for h in result.hands for p in h.players
    )
    return Output(columns, rows, cells=cells, title=f"Showdown of {len(result.hands):,} hands")


@present.register
def _(result: DealResult, **options: Any) -> Output:
    columns = ["player", "cards", "category", "hand_rank", "place", "result"]
    rows = [(p.player, _cards(p.cards), p.category, p.hand_rank, p.place, _outcome(p.place, result.winners)) for p in result.players]
    cells = [
        (str(p.player), pretty_cards(p.cards), p.category, str(p.hand_rank), str(p.place), _starred(p.place, outcome))
        for p, (*_, outcome) in zip(result.players, rows)
    ]
    how = _riffles(result.riffles) if result.shuffle == "riffle" else "uniform shuffle"
    title = f"Deal, seed {result.seed}, {len(result.players)} players ({how}, dealt in {result.order})"
    return Output(columns, rows, result.to_dict(), cells=cells, title=title)


@present.register
def _(result: GameDealResult, **options: Any) -> Output:
    columns = ["player", "cards", "board", "best", "category", "hand_rank", "place", "result"]
    rows = [
        (p.player, _cards(p.cards), _cards(result.board), _cards(p.best), p.category, p.hand_rank, p.place, _outcome(p.place, result.winners))
        for p in result.players
    ]
    cells = [
        (str(p.player), pretty_cards(p.cards), pretty_cards(p.best), p.category, str(p.hand_rank), str(p.place), _starred(p.place, outcome))
        for p, (*_, outcome) in zip(result.players, rows)
    ]
    how = _riffles(result.riffles) if result.shuffle == "riffle" else "uniform shuffle"
    title = f"Deal of {result.game}, seed {result.seed}, {len(result.players)} players ({how}, dealt in {result.order})"
    lines = [f"board: {' '.join(pretty_name(card) for card in result.board)}"]
    table_columns = ["player", "hole", "best", "category", "hand_rank", "place", "result"]
    return Output(columns, rows, result.to_dict(), cells=cells, title=title, lines=lines, table_columns=table_columns)


@present.register
def _(result: SplitDealResult, **options: Any) -> Output:
    columns = ["player", "cards", "board", "best", "category", "hand_rank", "low_rank", "high_share", "low_share", "share"]
    rows = [
        (p.player, _cards(p.cards), _cards(result.board), _cards(p.best), p.category, p.hand_rank, p.low_rank,
         p.high_share, p.low_share, p.share)
        for p in result.players
    ]
    cells = [
        (str(p.player), pretty_cards(p.cards), pretty_cards(p.best), p.category, str(p.hand_rank),
         "" if p.low_rank is None else str(p.low_rank), f"{p.high_share:.4g}", f"{p.low_share:.4g}",
         ("★ " if p.share else "") + f"{p.share:.4g}")
        for p in result.players
    ]
    how = _riffles(result.riffles) if result.shuffle == "riffle" else "uniform shuffle"
    title = f"Deal of {result.game}, seed {result.seed}, {len(result.players)} players ({how}, dealt in {result.order})"
    lines = [f"board: {' '.join(pretty_name(card) for card in result.board)}"] if result.board else []  # none in stud, razz, the draw games
    table_columns = ["player", "hole" if result.board else "cards", "best", "category", "hand_rank", "low_rank", "high_share", "low_share", "share"]
    if not any(p.best for p in result.players):  # a low-only game (razz, the draw games): no high's five
        cells = [cell[:2] + cell[3:] for cell in cells]
        table_columns.remove("best")
    return Output(columns, rows, result.to_dict(), cells=cells, title=title, lines=lines, table_columns=table_columns)


@present.register
def _(result: CompareResult, **options: Any) -> Output:
    columns = ["hand", "cards", "best", "category", "hand_rank", "place", "result"]
    rows = [
        (n, _cards(h.cards), _cards(h.best), h.category, h.hand_rank, h.place, _outcome(h.place, result.winners))
        for n, h in enumerate(result.hands, start=1)
    ]
    cells = (
        (str(n), pretty_cards(h.cards), pretty_cards(h.best), h.category, str(h.hand_rank), str(h.place), _starred(h.place, outcome))
        for (n, *_, outcome), h in zip(rows, result.hands)
    )
    return Output(columns, rows, result.to_dict(), cells=cells)


@present.register
def _(result: FreqResult, **options: Any) -> Output:
    columns = ["points", "category", "count", "expected", "match"]
    rows = [(c.points, c.category, c.count, c.expected, "yes" if c.count == c.expected else "NO") for c in result.categories]
    cells = [(p, c, f"{n:,}", f"{e:,}", m) for p, c, n, e, m in rows]
    title = f"{result.total:,} {result.cards}-card hands, {result.distinct_ranks:,} distinct ranks"
    return Output(columns, rows, result.to_dict(), cells=cells, title=title)


@present.register
def _(result: SimulateResult, **options: Any) -> Output:
    columns = ["points", "category", "count", "expected", "observed_probability", "expected_probability", "z"]
    rows = [
        (c.points, c.category, c.count, None if c.expected_count is None else round(c.expected_count, 2),
         c.observed_probability, c.expected_probability, None if c.z is None else round(c.z, 2))
        for c in result.categories
    ]
    cells = [
        (p, c, f"{n:,}", "-" if e is None else f"{e:,.1f}", f"{o:.6%}", "-" if x is None else f"{x:.6%}",
         "-" if z is None else f"{z:+.2f}" + ("  ← |z| > 3" if abs(z) > 3 else ""))
        for p, c, n, e, o, x, z in rows
    ]
    how = f", {_riffles(result.riffles)}" if result.shuffle == "riffle" else ""
    how += ", round-robin deal" if result.order == "round-robin" else ""
    game = f" of {result.game}" if result.game else ""
    title = f"{result.deals:,} deals{game} x {result.players} player(s), seed {result.seed}{how}: {result.hands:,} hands"
    split = any(c.half for c in result.categories)  # a split-pot or lowball game: each half's rows
    if split and any(c.expected_probability is None for c in result.categories):
        title += " (no exact probability of " + ("the lows" if all(c.expected_probability for c in result.categories if c.half == "high")
                                                 else "Omaha's highs and the lows") + ": observed only)"
    elif result.game and any(c.expected_probability is None for c in result.categories):
        title += " (no exact probability of Omaha's best hands: observed only)"
    headings = ["points", "category", "count", "expected", "observed", "exact", "z"]
    if split:
        columns, headings = ["half", *columns], ["half", *headings]
        rows = [(c.half, *row) for c, row in zip(result.categories, rows)]
        cells = [(c.half, "" if cell[0] is None else cell[0], *cell[1:]) for c, cell in zip(result.categories, cells)]
    return Output(columns, rows, result.to_dict(), cells=cells, title=title, table_columns=headings)


@present.register
def _(result: EquityResult, **options: Any) -> Output:
    columns = ["player", "hand", "combos", "wins", "ties", "equity"] + ([] if result.exact else ["std_error"])
    rows = [
        (n, p.label, p.combos, p.wins, p.ties, p.equity) + (() if result.exact else (_significant(p.std_error, 3),))
        for n, p in enumerate(result.players, start=1)
    ]
    cells = [
        (
            str(n),
            p.range if p.range is not None else pretty_cards(p.hand or []),
            f"{p.combos:,}",
            f"{p.wins:,}",
            f"{p.ties:,}",
            format_equity(p.equity, p.std_error),
        )
        for n, p in enumerate(result.players, start=1)
    ]
    split = [] if result.players[0].high_share is None else ["high_share", "low_share", "scoop"]
    if split:  # a split pot: each half's part of the pot, and how often the player scoops
        rows = [row + (p.high_share, p.low_share, p.scoop) for row, p in zip(rows, result.players)]
        cells = [cell + (f"{p.high_share:.4%}", f"{p.low_share:.4%}", f"{p.scoop:.4%}") for cell, p in zip(cells, result.players)]
    if not result.exact:
        how = f"Monte Carlo, {result.boards:,} runouts, seed {result.seed}" + (" from the question" if result.seed_from_question else "")
    elif result.deals != result.boards:
        how = f"exact, {result.deals:,} deals ({result.boards:,} board{'s' if result.boards != 1 else ''} each)"
    else:
        how = f"exact, {result.boards:,} boards"
    if result.weight_scale is not None:
        how += f"; weights x {result.weight_scale:,}"
    lines = _next_street_lines(result) if result.next_street is not None else []
    lines += _by_combo_lines(result)
    columns += split
    return Output(columns, rows, result.to_dict(), cells=cells, title=f"Equity ({how})", table_columns=columns[:6] + split, lines=lines)


def _by_combo_lines(result: EquityResult) -> list[str]:
    """Under the table, with by_combo: the player's combinations, the best first, each with its
    class, weight (when not 1) and equity; those of one class and equity on one line."""
    lines = []
    for number, player in enumerate(result.players, start=1):
        if player.by_combo is None:
            continue
        lines.append(f"Player {number} ({player.label}) by combination, the best first:")
        groups: list[tuple[str, float, float, list[str]]] = []
        for combo in player.by_combo:
            cards = "".join(pretty_name(card) for card in combo.cards)
            key = (combo.hand_class, combo.weight, round(combo.equity, 6))
            if groups and groups[-1][:3] == key:
                groups[-1][3].append(cards)
            else:
                groups.append((*key, [cards]))
        for hand_class, weight, equity, cards in groups:
            weighed = "" if weight == 1 else f" (weight {weight:g})"
            lines.append(f"  {equity:8.4%}  {hand_class:<3} {' '.join(cards)}{weighed}")
    return lines


@present.register
def _(result: RangeResult, **options: Any) -> Output:
    from .range_text import grid_lines

    columns = ["cards", "card_1", "card_2", "hand_class", "weight", "whole_weight"]
    rows = [(" ".join(c.cards), c.card_1, c.card_2, c.hand_class, c.weight, c.whole_weight) for c in result.combinations]
    return Output(columns, rows, result.to_dict(), lines=grid_lines(result), show_table=False)


def _significant(value: float | None, digits: int) -> float | None:
    """A standard error as CSV prints it: a few significant digits, not 17 (JSON keeps them all)."""
    return None if value is None else float(f"{value:.{digits}g}")


def _next_street_lines(result: EquityResult) -> list[str]:
    """The next street under the table: the cards that leave the same leaders and equities on
    one line, the best for player 1 first; then each player's outs."""
    cards = result.next_street or []
    # With a range, a player leads when their equity after the card is the best (a range holds no one hand).
    ranged = any(player.range is not None for player in result.players)
    leads, who, on = ("is the favourite", "Who is the favourite", "after") if ranged else ("leads", "Who leads", "on")
    groups: dict[tuple, list[str]] = {}
    for card in cards:
        groups.setdefault((tuple(card.leaders), tuple(card.equity)), []).append(card.card)
    lines = [f"The {result.next_street_name}: {len(cards)} cards can come. {who} after each, and each player's equity then (P1: player 1's):"]
    for (leaders, equities), names in sorted(groups.items(), key=lambda item: (-item[0][1][0], item[1][0])):
        shares = "  ".join(f"P{n} {e:.2%}" for n, e in enumerate(equities, start=1))
        verb = leads if len(leaders) == 1 or not ranged else "are the favourites"
        lines.append(f"  {_pretty(names)} ({len(names)}): player {' and '.join(map(str, leaders))} {verb};  {shares}")
    for n, player in enumerate(result.players, start=1):
        outs = player.outs or []
        lines.append(f"Player {n} ({player.label}) {leads} {on} {len(outs)}: {_pretty(outs) or 'no card'}")
    return lines


def _pretty(names: Sequence[str]) -> str:
    return " ".join(pretty_name(name) for name in names)


def format_equity(equity: float, error: float | None) -> str:
    """Equity in percent, with no digit beyond the standard error's first significant one."""
    if error is None:
        return f"{equity:.4%}"
    error_percent = error * 100
    decimals = 4 if error_percent <= 0 else max(0, min(4, -math.floor(math.log10(error_percent))))
    return f"{equity * 100:.{decimals}f}% ± {error_percent:.{decimals}f}"


@present.register
def _(result: QueryResult, **options: Any) -> Output:
    return Output(list(result.columns), result.rows)


@present.register
def _(result: QueryStream, **options: Any) -> Output:
    return Output(list(result.columns), result.rows)


