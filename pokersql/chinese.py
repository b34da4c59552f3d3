"""Chinese poker (3-5-5): what the CLI asks of sql/11_questions (docs/games.md)."""

from __future__ import annotations

from . import first_use
from .context import Context
from .results import CategoryCount, FreqResult

# `freq --game` names that are not games of games.GAMES: the front hand's three cards
FREQ_GAMES = ("chinese-front",)

# every three-card hand by category, from combinatorics: three of a kind, 13 values x C(4,3)
# suits; a pair, 13 values x C(4,2) suits x 48 kickers; high card, C(13,3) = 286 value sets x
# 4^3 suits (no flush and no straight to take out): 52 + 3,744 + 18,304 = 22,100 = C(52,3)
FRONT_COUNTS = {3: 13 * 4, 1: 13 * 6 * 48, 0: 286 * 64}


def front_freq(ctx: Context) -> FreqResult:
    """The 22,100 fronts by category (chinese_front_frequencies, 048), beside FRONT_COUNTS."""
    first_use.ensure_ready(ctx)
    rows = ctx.engine.execute(
        "select points, category, hands, distinct_ranks from chinese_front_frequencies order by points desc"
    )
    return FreqResult(
        cards=3,
        total=sum(int(row[2]) for row in rows),
        distinct_ranks=sum(int(row[3]) for row in rows),
        categories=[CategoryCount(p, c, int(n), FRONT_COUNTS[p]) for p, c, n, _ in rows],
    )
