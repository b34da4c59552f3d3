"""The report's page: one self-contained HTML file (its style inline, its graph an inline SVG
written here, no script and nothing fetched), readable at 1280 pixels and on a phone."""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .errors import BadInput
from .output import to_json
from .report import Line, Pot, Report, gather
from .results import ReportResult
from .stats import PERCENTAGES

WIDTH, HEIGHT, MARGIN = 960, 360, 56  # the graph's drawing box (its viewBox), scaled to the page
LINES = (  # (Line's field, the legend's words, its colour)
    ("net", "Net won", "#1b7f3a"),
    ("ev_adjusted", "All-in EV adjusted", "#d08a00"),
    ("showdown", "Won at showdown", "#1f5fbf"),
    ("no_showdown", "Won without showdown", "#c0392b"),
)
NAMES = {
    "vpip": "VPIP", "pfr": "PFR", "three_bet": "3-bet", "fold_to_three_bet": "Fold to 3-bet", "four_bet": "4-bet",
    "rfi": "RFI", "steal": "Steal", "sb_fold_to_steal": "SB fold to steal", "bb_fold_to_steal": "BB fold to steal",
    "cbet_flop": "C-bet flop", "fold_to_cbet_flop": "Fold to c-bet flop", "cbet_turn": "C-bet turn",
    "fold_to_cbet_turn": "Fold to c-bet turn", "wtsd": "WTSD", "wsd": "W$SD", "wwsf": "WWSF",
    "aggression_factor": "AF", "aggression_frequency": "AFq", "bb_per_100": "bb/100",
}
STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1d2329;background:#f6f7f9}
main{max-width:1200px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;margin:.2em 0}h2{font-size:1.15rem;margin:1.4em 0 .5em}
.sub{color:#5b6570;margin:0 0 1em}
.card{background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:12px;margin:0 0 16px}
.scroll{overflow-x:auto}
table{border-collapse:collapse;font-size:.9rem;font-variant-numeric:tabular-nums}
th,td{padding:4px 8px;border-bottom:1px solid #eceff2;text-align:right;white-space:nowrap}
th:first-child,td:first-child{text-align:left}
tr.me td{background:#fff6d6;font-weight:600}
svg{width:100%;min-width:560px;height:auto;display:block}
.legend{display:flex;flex-wrap:wrap;gap:4px 16px;font-size:.85rem;margin:6px 0 0}
.legend i{display:inline-block;width:18px;height:3px;vertical-align:middle;margin-right:6px}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:16px}
.pot h3{font-size:1rem;margin:0 0 6px}.pot ul{margin:4px 0;padding-left:20px}
.street{margin:6px 0}.street b{display:inline-block;min-width:4.5em}
.cards{font-family:ui-monospace,Menlo,Consolas,monospace}
"""


def _number(value: Any, digits: int = 2) -> str:
    return "" if value is None else f"{value:,.{digits}f}" if isinstance(value, float) else f"{value:,}"


def _table(headers: list[str], rows: list[list[Any]], marked: set[int] = frozenset(), name: str = "") -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        ('<tr class="me">' if i in marked else "<tr>") + "".join(
            f"<td>{html.escape(value if isinstance(value, str) else _number(value))}</td>" for value in row) + "</tr>"
        for i, row in enumerate(rows))
    return f'<div class="scroll"><table data-table="{name}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _stats_table(report: Report) -> str:
    fields = ["hands", *(name for name, _, _ in PERCENTAGES), "aggression_factor", "aggression_frequency", "bb_per_100"]
    rows = [[row["player"], *(row[f] for f in fields)] for row in report.stats.records()]
    marked = {i for i, row in enumerate(rows) if row[0] == report.player}
    return _table(["Player", *(NAMES.get(f, f.capitalize()) for f in fields)], rows, marked, "stats")


def _tick(span: float) -> float:
    """A round step (1, 2 or 5 times a power of ten) for some 4 to 8 lines across ``span``."""
    if span <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(span / 4))
    return next(power * m for m in (1, 2, 5, 10) if span / (power * m) <= 8)


def _graph(line: Line) -> str:
    count = line.hands
    if not count:
        return '<p class="sub">No hand to draw.</p>'
    values = [getattr(line, name) for name, _, _ in LINES]
    step = _tick(max(0.0, *(max(v) for v in values)) - min(0.0, *(min(v) for v in values)))
    low = step * math.floor(min(0.0, *(min(v) for v in values)) / step)
    high = step * math.ceil(max(0.0, *(max(v) for v in values)) / step)
    high = high if high > low else low + step
    inner_w, inner_h = WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN

    def x(i: int) -> float:
        return MARGIN + inner_w * ((line.hand[i] - 1) / (count - 1) if count > 1 else 0.5)

    def y(v: float) -> float:
        return MARGIN + inner_h * (high - v) / (high - low)

    ticks = "".join(
        f'<line x1="{MARGIN}" x2="{WIDTH - MARGIN}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#e3e6ea"/>'
        f'<text x="{MARGIN - 6}" y="{y(v) + 4:.1f}" text-anchor="end" font-size="12" fill="#5b6570">{v:,.0f}</text>'
        for v in (low + step * k for k in range(round((high - low) / step) + 1)))
    zero = f'<line x1="{MARGIN}" x2="{WIDTH - MARGIN}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#9aa3ad"/>'
    paths = "".join(
        f'<polyline data-line="{name}" fill="none" stroke="{colour}" stroke-width="2" points="'
        + " ".join(f"{x(i):.1f},{y(getattr(line, name)[i]):.1f}" for i in range(len(line.hand))) + '"/>'
        for name, _, colour in LINES)
    axis = (f'<text x="{WIDTH / 2}" y="{HEIGHT - 12}" text-anchor="middle" font-size="12" fill="#5b6570">'
            f"hands, in the order played (1 to {count:,})</text>"
            f'<text x="14" y="{HEIGHT / 2}" font-size="12" fill="#5b6570" transform="rotate(-90 14 {HEIGHT / 2})" '
            'text-anchor="middle">big blinds</text>')
    legend = "".join(f'<span><i style="background:{colour}"></i>{label}: {getattr(line, name)[-1]:,.2f} bb</span>'
                     for name, label, colour in LINES)
    return (f'<div class="scroll"><svg id="graph" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="won over the hands, in big blinds" '
            f'data-hands="{count}">{ticks}{zero}{paths}{axis}</svg></div><div class="legend">{legend}</div>')


def _pot(pot: Pot) -> str:
    money = f"{pot.currency} " if pot.currency else ""
    head = (f"{html.escape(pot.site)} #{html.escape(pot.hand_id)} · {html.escape(pot.game)} · "
            f"{money}{_number(pot.small_blind)}/{_number(pot.big_blind)} · pot {_number(pot.total_pot)} "
            f"({pot.total_pot / pot.big_blind:,.1f} bb)" + (f" · {html.escape(pot.played_at)}" if pot.played_at else ""))
    seats = "".join(
        f"<li>seat {seat}: {html.escape(player)} ({_number(stack)})" + (f' <span class="cards">{html.escape(cards)}</span>' if cards else "") + "</li>"
        for seat, player, stack, cards in pot.seats)
    streets = "".join(
        f'<div class="street"><b>{html.escape(street)}</b>'
        + (f' <span class="cards">{html.escape(" ".join(board))}</span>' if board else "") + ": "
        + (", ".join(f"{html.escape(player)} {html.escape(action.replace('_', ' '))}" + (f" {_number(amount)}" if amount else "")
                     + (" (all in)" if all_in else "") for player, action, amount, all_in in actions) or "—")
        + "</div>"
        for street, board, actions in pot.streets)
    won = ", ".join(f"{html.escape(player)} {_number(amount)}" for player, amount in pot.collected) or "not stated"
    return f'<div class="card pot"><h3>{head}</h3><ul>{seats}</ul>{streets}<div class="street"><b>won</b> {won}</div></div>'


def render(report: Report) -> str:
    """The whole page; its statistics' numbers are ``stats``' (also kept, as ``stats --format
    json`` prints them, in the element ``#stats-json``)."""
    said = ", ".join(f"--{k}" if v is True else f"--{k} {v}" for k, v in report.chosen.items() if v not in (None, (), [], False))
    hands = sum(row.hands for row in report.by_position.players)
    money = report.stats.money
    unknown = sum(row.unknown_results for row in report.by_position.players)
    positions = [[row.position, row.hands, row.bb_per_100] for row in report.by_position.players]
    stakes = [[("tournament" if s.tournament else "cash") + (f" {s.currency}" if s.currency else ""),
               f"{_number(s.small_blind)}/{_number(s.big_blind)}", s.hands, s.bb_per_100] for s in report.stakes]
    data = to_json(report.stats.to_dict()).replace("</", "<\\/")
    player = html.escape(report.player)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>pokersql report: {player}</title><style>{STYLE}</style></head>
<body><main>
<h1>pokersql report: {player}</h1>
<p class="sub">{hands:,} hands of {player} among {report.stats.hands:,} kept{html.escape(f" of {money.label}" if money else "")}{html.escape(f" ({said})" if said else "")};
amounts in big blinds{f"; {unknown:,} of unknown result, not in the lines" if unknown else ""}.</p>
<h2>Won over the hands</h2><div class="card">{_graph(report.line)}</div>
<h2>Statistics</h2><div class="card">{_stats_table(report)}</div>
<div class="grid">
<div><h2>By position</h2><div class="card">{_table(["Position", "Hands", "bb/100"], positions, name="positions")}</div></div>
<div><h2>By stakes</h2><div class="card">{_table(["Game", "Stakes", "Hands", "bb/100"], stakes, name="stakes")}</div></div>
</div>
<h2>The biggest pots</h2>
{"".join(_pot(pot) for pot in report.pots) or '<p class="sub">No hand.</p>'}
<script type="application/json" id="stats-json">{data}</script>
</main></body></html>
"""


def write(db: Any, path: str | Path, overwrite: bool = False, players: Sequence[str] = (), **chosen: Any) -> ReportResult:
    """Write the report (``report.gather``, ``render``) to ``path``: never over a file
    there already unless ``overwrite``, never over the database's own files, and the file
    appears only once whole (``reading.check_target``, ``engines.base._replacing``)."""
    from .engines.base import _replacing
    from .reading import check_target

    target = Path(path)
    if not target.absolute().parent.is_dir():
        raise BadInput(f"report --to {str(target)!r}: there is no directory {str(target.absolute().parent)!r}")
    check_target(db.context, target, overwrite, "report --to")
    report = gather(db, players, **chosen)
    page = render(report)
    with _replacing(str(target)) as temporary:
        Path(temporary).write_text(page, encoding="utf-8")
    hands = sum(row.hands for row in report.by_position.players)
    return ReportResult(file=str(target), player=report.player, hands=hands, players=len(report.stats.players))
