"""Dealing's settings (the row of deal_settings, 002) and Monte Carlo's trials counted a slice
at a time (equity's, Hold'em's and the other games')."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .context import Context


def deal_settings(
    seed: int, players: int, deals: int, shuffle: str = "uniform", riffles: int = 7, order: str = "blocks", first_deal: int = 1
) -> tuple[int, int, int, str, int, str, int]:
    """deal_settings' row (002), in its columns' order: what the deal views of 003 read, and
    Monte Carlo's draws (020, 021), which read its seed, deals and first_deal only."""
    return (seed, players, deals, shuffle, riffles, order, first_deal)


def monte_carlo_equity(
    ctx: Context, give: Callable[..., None], query: str, seed: int, trials: int, slice_trials: int, params: tuple[Any, ...] = ()
) -> list[tuple[int, int, int, int, int]]:
    """Inside equity's inputs (``give`` sets deal_settings): the trials first .. first + slice - 1 at a
    time (a trial's number and the seed fix its cards, so the slices add up to one run),
    summed: the integer counts the query reads (player, runouts, wins, ties, pot_shares in
    2520ths) from a Monte Carlo view (monte_carlo_equity or monte_carlo_class_equity, 021;
    other games' in sql/equity)."""
    task = f"equity: {trials:,} runouts"
    summed: dict[int, list[int]] = {}
    for first in range(1, trials + 1, slice_trials):
        ctx.progress(task, first - 1, trials)
        # A trial's cards come from the deal state (003) of its number and the seed; players is not read.
        give(deal_settings=[deal_settings(seed, 4, min(slice_trials, trials - first + 1), first_deal=first)])
        for player, *counts in ctx.engine.execute(query, params):
            summed[player] = [a + b for a, b in zip(summed.get(player, [0] * len(counts)), counts)]
    ctx.progress(task, trials, trials)
    return [(player, *summed[player]) for player in sorted(summed)]
