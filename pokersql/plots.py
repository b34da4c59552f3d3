"""Pictures of results, as PNG files: matplotlib, an optional extra (``pip install 'pokersql[plot]'``).

- ``simulate_plot``: observed against exact frequency of each category on a log
  scale (royal flushes and high cards differ by six orders of magnitude), and
  beside it each category's z-score against the +-2 and +-3 bands.
- ``freq_plot``: the count of every category over all hands against the exact
  count from combinatorics, and beside it the difference (zero when all is well).
- ``equity_plot``: each player's share of boards won, split and lost, with the equity.
- ``history_plot``: each player's cumulative net won and all-in adjusted net, hand by hand.
- ``range_plot``: a range's 13 x 13 grid, each class shaded by its share in the range.

Each takes a result object or its JSON shape (``result.to_dict()``) and a path
ending in ``.png``, draws a figure of ``SIZE`` pixels and returns the path.
matplotlib is imported only when a picture is asked for.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import math
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from .cards import pretty_name
from .errors import BadInput, PokerSQLError
from .transpile import cache_directory

SIZE = (1200, 700)  # pixels, width x height, of every picture
DPI = 100

WIN = "#2e7d32"
TIE = "#f9a825"
LOSS = "#bdbdbd"
OBSERVED = "#1565c0"
EXACT = "#212121"


class PlotUnavailable(PokerSQLError):
    """matplotlib is not installed."""


def _figure_class():
    """matplotlib's Figure, its font list kept in pokersql's cache; one line if it cannot load."""
    try:
        with _font_list_quietly(_cache_folder()):
            from matplotlib.figure import Figure
    except ImportError as e:
        if (e.name or "").split(".")[0] == "matplotlib" or "No module named 'matplotlib" in str(e):
            raise PlotUnavailable("--plot needs matplotlib: pip install 'pokersql[plot]'") from e
        raise PokerSQLError(f"--plot: matplotlib is installed but cannot be loaded: {e}") from e
    except OSError as e:
        raise PokerSQLError(f"--plot: matplotlib cannot start: {e.strerror or e}") from e
    return Figure


def _figure(columns: int = 1, width_ratios: list[float] | None = None):
    figure = _figure_class()(figsize=(SIZE[0] / DPI, SIZE[1] / DPI), dpi=DPI, layout="constrained")
    axes = figure.subplots(1, columns, sharey=columns > 1, width_ratios=width_ratios)
    return figure, axes


def check_path(path: str | Path) -> Path:
    """A picture's path, refused before any work if it cannot be a PNG file to write, or if
    matplotlib cannot draw it."""
    path = Path(path)
    if path.suffix.lower() != ".png":
        raise BadInput(f"--plot writes PNG: the file name must end in .png, not {str(path)!r}")
    directory = path.absolute().parent
    if not directory.is_dir():
        raise BadInput(f"--plot {str(path)!r}: there is no directory {str(directory)!r}")
    try:  # a file made and removed: the one sure test (permissions, a read-only file system)
        with tempfile.NamedTemporaryFile(dir=directory, prefix=".pokersql-", suffix=".png"):
            pass
    except OSError as e:
        raise BadInput(f"--plot {str(path)!r}: cannot write in {str(directory)!r} ({e.strerror or e})") from e
    _figure_class()
    return path


def _cache_folder() -> Path | None:
    """matplotlib keeps its font list in MPLCONFIGDIR (else ~/.cache/matplotlib, and it makes
    ~/.config/matplotlib): pokersql gives it its own cache folder, matplotlib/ in pokersql's
    (``transpile.cache_directory``: $POKERSQL_CACHE_DIR, else $XDG_CACHE_HOME/pokersql or
    ~/.cache/pokersql), so the list is built once, not on every run. A MPLCONFIGDIR the user set
    is kept (None); with the cache off (POKERSQL_CACHE_DIR="") or not writable, a temporary
    folder, removed at exit."""
    if "matplotlib" in sys.modules or "MPLCONFIGDIR" in os.environ:
        return None
    directory = cache_directory("matplotlib")
    try:
        if directory is None:
            raise OSError
        directory.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=directory):
            pass
    except OSError:
        directory = Path(tempfile.mkdtemp(prefix="pokersql-matplotlib-"))
        atexit.register(shutil.rmtree, directory, ignore_errors=True)
    os.environ["MPLCONFIGDIR"] = str(directory)
    return directory


@contextlib.contextmanager
def _font_list_quietly(folder: Path | None):
    """While matplotlib loads (and, the first time, builds its font list): its "Matplotlib is
    building the font cache; this may take a moment." not printed, and the fc-list it runs
    keeps fontconfig's cache in ``folder``, beside the font list (XDG_CACHE_HOME, until loaded)."""
    logger = logging.getLogger("matplotlib.font_manager")
    level, cache_home = logger.level, os.environ.get("XDG_CACHE_HOME")
    logger.setLevel(logging.ERROR)
    if folder is not None:
        os.environ["XDG_CACHE_HOME"] = str(folder)
    try:
        yield
    finally:
        logger.setLevel(level)
        if cache_home is None:
            os.environ.pop("XDG_CACHE_HOME", None)
        else:
            os.environ["XDG_CACHE_HOME"] = cache_home


def _data(result: Any) -> dict[str, Any]:
    return result.to_dict() if hasattr(result, "to_dict") else dict(result)


def _save(figure, path: Path) -> Path:
    try:
        figure.savefig(path, format="png", dpi=DPI)
    except OSError as e:
        raise PokerSQLError(f"cannot write {str(path)!r}: {e.strerror or e}") from e
    return path


def simulate_plot(result: Any, path: str | Path) -> Path:
    """Observed against exact probability per category (log scale), and the z-scores."""
    path = check_path(path)
    data = _data(result)
    categories = data["categories"]  # best category first
    hands = data["hands"]
    names = [c["category"] for c in categories]
    exact = [c["expected_probability"] for c in categories]
    observed = [c["count"] / hands for c in categories]
    z = [c["z"] for c in categories]
    rows = list(range(len(names)))

    figure, (left, right) = _figure(2, [3, 2])
    positive = [p for p in observed + exact if p > 0]
    floor = min(positive) / 4
    left.barh(rows, [max(p, floor) if p > 0 else 0 for p in observed], height=0.6, color=OBSERVED, label="observed")
    left.scatter(exact, rows, marker="D", s=40, color=EXACT, zorder=3, label="exact")
    left.set_xscale("log")
    left.set_xlim(floor, 1e4)
    for row, category, seen, exact_share in zip(rows, categories, observed, exact):
        expected = category["expected_probability"] * hands
        text = f"{category['count']:,} seen, {expected:,.1f} expected"
        left.annotate(text, (max(seen, exact_share), row), xytext=(9, 0), textcoords="offset points",
                      va="center", fontsize=9, color="#424242")
    left.set_yticks(rows, names)
    left.invert_yaxis()
    left.set_xticks([10.0**e for e in range(math.floor(math.log10(floor)), 1)])
    left.set_xlabel("share of hands (log scale)")
    left.legend(loc="upper right")
    left.grid(axis="x", which="major", alpha=0.3)
    left.set_title("observed against exact frequency")

    limit = max(4.0, max(abs(v) for v in z) * 1.15)
    right.axvspan(-2, 2, color=WIN, alpha=0.08)
    right.axvspan(-3, -2, color=TIE, alpha=0.12)
    right.axvspan(2, 3, color=TIE, alpha=0.12)
    colors = [WIN if abs(v) <= 2 else TIE if abs(v) <= 3 else "#c62828" for v in z]
    right.barh(rows, z, height=0.6, color=colors)
    right.axvline(0, color=EXACT, linewidth=0.8)
    for row, value in zip(rows, z):
        offset = 6 if value >= 0 else -6
        right.annotate(f"{value:+.2f}", (value, row), xytext=(offset, 0), textcoords="offset points",
                       ha="left" if value >= 0 else "right", va="center", fontsize=9)
    right.set_xlim(-limit, limit)
    right.set_xlabel("z = (observed - expected) / sd   (shaded: |z| < 2, |z| < 3)")
    right.set_title("z-score per category")
    right.grid(axis="x", alpha=0.3)

    how = "uniform shuffle"
    if data.get("shuffle") == "riffle":
        riffles = data.get("riffles")
        how = f"{riffles} riffle" + ("" if riffles == 1 else "s")
    order = data.get("order", "blocks")
    players = data["players"]
    figure.suptitle(
        f"simulate: {data['deals']:,} deals x {players} player" + ("" if players == 1 else "s")
        + f" = {hands:,} hands, seed {data['seed']}, {how}, {order} deal",
        fontsize=13,
    )
    return _save(figure, path)


def freq_plot(result: Any, path: str | Path) -> Path:
    """Every hand counted by category against the exact counts (log scale), and the difference."""
    path = check_path(path)
    data = _data(result)
    categories = data["categories"]
    names = [c["category"] for c in categories]
    counts = [c["count"] for c in categories]
    expected = [c["expected"] for c in categories]
    rows = list(range(len(names)))

    figure, (left, right) = _figure(2, [3, 2])
    left.barh(rows, counts, height=0.6, color=OBSERVED, label="counted")
    left.scatter(expected, rows, marker="D", s=40, color=EXACT, zorder=3, label="exact")
    left.set_xscale("log")
    left.set_xlim(1, max(expected) * 200)
    for row, count in zip(rows, counts):
        left.annotate(f"{count:,}", (count, row), xytext=(6, 0), textcoords="offset points", va="center", fontsize=9)
    left.set_yticks(rows, names)
    left.invert_yaxis()
    left.set_xticks([10.0**e for e in range(0, math.ceil(math.log10(max(expected))) + 1)])
    left.set_xlabel("hands (log scale)")
    left.legend(loc="upper right")
    left.grid(axis="x", which="major", alpha=0.3)
    left.set_title("counted against exact")

    differences = [n - e for n, e in zip(counts, expected)]
    colors = [WIN if d == 0 else "#c62828" for d in differences]
    right.barh(rows, differences, height=0.6, color=colors)
    right.scatter(differences, rows, marker="o", s=30, color=colors, zorder=3)
    for row, difference in zip(rows, differences):
        right.annotate("exact" if difference == 0 else f"{difference:+,}", (difference, row), xytext=(8, 0),
                       textcoords="offset points", va="center", fontsize=9)
    limit = max(1, max(abs(d) for d in differences)) * 1.5
    right.set_xlim(-limit, limit)
    right.xaxis.set_major_locator(_integers())
    right.axvline(0, color=EXACT, linewidth=0.8)
    right.set_xlabel("counted - exact")
    right.set_title("difference (z is 0: nothing is sampled)")
    right.grid(axis="x", alpha=0.3)

    figure.suptitle(
        f"freq: all {data['total']:,} {data['cards']}-card hands, {data['distinct_ranks']:,} distinct ranks",
        fontsize=13,
    )
    return _save(figure, path)


def equity_plot(result: Any, path: str | Path) -> Path:
    """Each player's share of boards won alone, split and lost, with the equity.

    ``result``: the ``equity`` JSON shape, ``{"exact": bool, "boards": n, "players":
    [{"hand": [...], "wins": w, "ties": t, "equity": e}, ...]}``.
    """
    path = check_path(path)
    data = _data(result)
    boards = data.get("deals", data["boards"])  # with ranges, wins and ties count deals
    players = data["players"]
    if not boards:
        raise BadInput("equity_plot needs at least one board")
    labels = [
        f"{n}: " + (p["range"] if "range" in p else " ".join(pretty_name(card) for card in p["hand"]))
        for n, p in enumerate(players, start=1)
    ]
    wins = [p["wins"] / boards for p in players]
    ties = [p["ties"] / boards for p in players]
    losses = [max(0.0, 1 - w - t) for w, t in zip(wins, ties)]
    rows = list(range(len(players)))

    figure, axes = _figure(1)
    axes.barh(rows, wins, height=0.6, color=WIN, label="wins")
    axes.barh(rows, ties, left=wins, height=0.6, color=TIE, label="ties (split)")
    axes.barh(rows, losses, left=[w + t for w, t in zip(wins, ties)], height=0.6, color=LOSS, label="loses")
    for row, player, win, tie in zip(rows, players, wins, ties):
        axes.plot([player["equity"]] * 2, [row - 0.38, row + 0.38], color=EXACT, linewidth=2.5)
        if win >= 0.06:
            axes.text(win / 2, row, f"{win:.1%}", ha="center", va="center", color="white", fontsize=10, fontweight="bold")
        if tie >= 0.06:
            axes.text(win + tie / 2, row, f"{tie:.1%}", ha="center", va="center", fontsize=10)
        axes.annotate(f"equity {player['equity']:.1%}", (1, row), xytext=(8, 0), textcoords="offset points",
                      va="center", fontsize=10, annotation_clip=False)
    axes.set_yticks(rows, labels, fontsize=12)
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.xaxis.set_major_formatter(_percent())
    axes.set_xlabel("share of boards (black line: equity = wins + each split's share)")
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=3, frameon=False)
    exact = data.get("exact", True)
    board = data.get("board")
    title = f"equity: {len(players)} players, " + (f"{boards:,} boards (exact)" if exact else f"{boards:,} runouts (sampled)")
    if board:
        title += ", board " + " ".join(pretty_name(card) for card in board)
    figure.suptitle(title, fontsize=13)
    return _save(figure, path)


def history_plot(result: Any, path: str | Path, players: int = 6) -> Path:
    """Each player's cumulative net won (solid) and all-in adjusted net (dashed, the same color),
    hand by hand in the order played: the graph every tracker draws. ``result``: a
    ``HistoryResult`` (its ``series``); the ``players`` who played the most hands, at most."""
    path = check_path(path)
    shown = [player.player for player in result.players][:players]
    if not shown:
        raise BadInput("history --plot: no imported hand to draw")
    figure, axes = _figure(1)
    colors = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037", "#455a64"]
    for n, player in enumerate(shown):
        line = result.series[player]
        hands = list(range(len(line) + 1))
        color = colors[n % len(colors)]
        axes.plot(hands, [0.0] + [won for won, _ in line], color=color, linewidth=1.8, label=f"{player}: won")
        axes.plot(hands, [0.0] + [ev for _, ev in line], color=color, linewidth=1.4, linestyle="--",
                  label=f"{player}: all-in adjusted")
    axes.axhline(0, color=EXACT, linewidth=0.8)
    axes.xaxis.set_major_locator(_integers())
    axes.set_xlabel("hands played")
    axes.set_ylabel(f"cumulative net ({result.money.label})" if result.money else "cumulative net (the histories' unit)")
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left", fontsize=9, ncol=2 if len(shown) > 4 else 1)
    more = len(result.players) - len(shown)
    title = f"history: {result.hands:,} hands{' of ' + result.money.label if result.money else ''}, won (solid) and all-in adjusted (dashed)"
    if more:
        title += f"; the {len(shown)} players with the most hands ({more} more not drawn)"
    figure.suptitle(title, fontsize=13)
    return _save(figure, path)


def range_plot(result: Any, path: str | Path) -> Path:
    """A range's 13 x 13 grid: each class's share of its combinations in the range (by weight),
    from white (none) to green (all), with its name.

    ``result``: the ``range`` JSON shape, ``{"range": text, "combos": k, "weight": x,
    "percent": x, "grid": [[share, ...13], ...13]}``.
    """
    from .range_text import grid_class

    path = check_path(path)
    data = _data(result)
    figure, axes = _figure(1)
    axes.imshow(data["grid"], cmap="Greens", vmin=0, vmax=1)
    for row in range(13):
        for column in range(13):
            share = data["grid"][row][column]
            label = grid_class(row, column) + (f"\n{share:.0%}" if 0 < share < 1 else "")
            axes.text(column, row, label, ha="center", va="center", fontsize=8, color="white" if share > 0.6 else "black")
    axes.set_xticks([])
    axes.set_yticks([])
    weight = f"{data['weight']:,.2f}".rstrip("0").rstrip(".")
    figure.suptitle(
        f"range {data['range']}: {data['combos']:,} combinations, weighted {weight} of 1,326 ({data['percent']:.2f}%)",
        fontsize=13,
    )
    return _save(figure, path)


def _integers():
    from matplotlib.ticker import MaxNLocator

    return MaxNLocator(integer=True)


def _percent():
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(xmax=1)


def png_size(path: str | Path) -> tuple[int, int]:
    """Width and height of a PNG file, read from its header (for tests and checks)."""
    with open(path, "rb") as handle:
        header = handle.read(24)
    if header[:8] != b"\x89PNG\r\n\x1a\n" or header[12:16] != b"IHDR":
        raise BadInput(f"{str(path)!r} is not a PNG file")
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


__all__ = ["SIZE", "PlotUnavailable", "equity_plot", "freq_plot", "history_plot", "png_size", "range_plot", "simulate_plot"]
