"""How often a hand or a range makes a hand or a draw by a street (`pokersql odds --hero`):
every combination with every board of the street, counted in SQL (odds_hero_deals, 056).

Python parses the question, bounds the work, and adds up the SQL's groups of deals (one
group per category and set of made hands and draws); docs/ranges.md defines each event.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from . import monte_carlo, ranges
from .cards import card_name, check_distinct
from .checks import cards_given
from .context import Context
from .errors import BadInput
from .first_use import ensure_ready
from .output import Output, present

STREETS = {"flop": 3, "turn": 4, "river": 5}
# The best five's categories, points 0 to 9 (hand_categories, 001), as events are written.
CATEGORIES = {
    "high card": 0, "one pair": 1, "pair": 1, "two pair": 2, "three of a kind": 3, "trips": 3, "straight": 4,
    "flush": 5, "full house": 6, "four of a kind": 7, "quads": 7, "straight flush": 8, "royal flush": 9,
}
# The made hands and draws, columns of odds_hero_deals (056), by the names an event may give.
FLAGS = ("made_set", "two_pair", "overpair", "top_pair", "paired", "flush_draw", "nut_flush_draw", "open_ended", "gutshot")
FLAG_NAMES = {flag: flag for flag in FLAGS} | {
    "set": "made_set", "set or better": "made_set", "top pair": "top_pair", "flush draw": "flush_draw",
    "nut flush draw": "nut_flush_draw", "open-ended straight draw": "open_ended", "open-ended": "open_ended",
    "open ended": "open_ended", "oesd": "open_ended", "gutshot straight draw": "gutshot", "gut shot": "gutshot",
}
OR_BETTER = " or better"
# Classes of combinations x boards one question may count (about 10 s on DuckDB on the two-core
# test machine; docs/ranges.md): more is refused, with a board or a narrower range to give.
MAX_WORK = 12_000_000

# The flags packed into one number, a bit each in FLAGS' order: one key to group by is quicker.
_PACKED = " + ".join(f"{1 << bit} * {flag}" for bit, flag in enumerate(FLAGS))
_GROUPS = f"""select street_cards, points, {_PACKED} as flags, sum(deals) as deals
from {{deals}}
where cards_to_come = ?
group by street_cards, points, {_PACKED}"""
_CATEGORY_GROUPS = """select street_cards, points, sum(deals) as deals
from {deals}
where cards_to_come = ?
group by street_cards, points"""
# odds_hero_deals counts a class's boards alike together before the lookup; SQLite (3.40) does
# not push the query's cards_to_come through that grouping and would deal every size of board,
# and grouped with the street inside the query its sort costs more than the lookups it saves
# (88 to the river: 65 s, against 20 s), so there each board is looked up alone
# (odds_hero_board_deals, the same columns).
_PER_BOARD_DIALECTS = ("sqlite",)


@dataclass
class Event:
    """An event as typed, and what it asks of a group's category and flags."""

    text: str
    test: Callable[[int, dict[str, int]], bool]


def parse_event(text: str) -> Event:
    """A category (``flush``), a category or better (``three of a kind or better``), or a
    made hand or draw (``set``, ``top pair``, ``two_pair``, ``flush draw``); BadInput names it."""
    words = " ".join(text.lower().replace("_", " ").split())
    if text.strip() in FLAGS:  # the column's own name: two_pair is the made hand, "two pair" the category
        words = text.strip()
    better = words.endswith(OR_BETTER) and words not in FLAG_NAMES
    name = words[: -len(OR_BETTER)] if better else words
    if name in CATEGORIES:
        points = CATEGORIES[name]
        if better:
            return Event(text, lambda p, flags: p >= points)
        return Event(text, lambda p, flags: p == points)
    if name in FLAG_NAMES and not better:
        flag = FLAG_NAMES[name]
        return Event(text, lambda p, flags: flags[flag] == 1)
    if name in FLAG_NAMES:
        raise BadInput(f"event {text!r}: 'or better' follows a category (three of a kind or better) or set")
    raise BadInput(
        f"unknown event {text!r}: give a category (high card ... royal flush, 'or better' allowed), "
        "set, two_pair, overpair, top pair, paired, flush draw, nut flush draw, open-ended or gutshot"
    )


@dataclass
class StreetCategory:
    street: str
    points: int
    category: str
    count: int
    share: float


@dataclass
class OddsResult:
    """One question's answer: the event's deals (combination and board, weighed) of all counted."""

    street: str
    board: list[str]
    dead: list[str]
    combos: int
    deals: int
    event: str | None = None
    count: int | None = None
    probability: float | None = None
    fraction: str | None = None
    one_in: float | None = None
    exact: bool = True
    hand: list[str] | None = None
    range: str | None = None
    weight_scale: int | None = None
    histogram: list[StreetCategory] | None = None
    flags: dict[str, int] = field(default_factory=dict)
    trials: int | None = None  # Monte Carlo: the boards sampled, their seed, the standard error
    seed: int | None = None
    std_error: float | None = None

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("hand", "range", "weight_scale", "histogram", "event", "count", "probability", "fraction", "one_in",
                    "trials", "seed", "std_error"):
            if data[key] is None and not (key in ("one_in",) and self.event is not None):
                del data[key]
        return data


def answer(count: int, deals: int) -> tuple[float, str, float | None]:
    """The probability, the reduced fraction N/D and one in how many (None when it never happens)."""
    ratio = Fraction(count, deals)
    return float(ratio), f"{ratio.numerator}/{ratio.denominator}", (float(1 / ratio) if count else None)


def odds(
    ctx: Context, hero: str, street: str, event: str | None = None, board: str | list[str] = "",
    dead: str | list[str] = "", histogram: bool = False, trials: int | None = None, seed: int | None = None,
) -> OddsResult:
    """How often HERO's hand or range holds EVENT by STREET, over every combination and every
    board of the street that completes ``board``, exactly; with ``histogram``, every category's
    count on each street from the board's (the flop at the earliest) to ``street``. With
    ``trials``: ``trials`` boards sampled (seeded), each with every combination (``_sampled``)."""
    if street not in STREETS:
        raise BadInput(f"unknown street {street!r}: give flop, turn or river")
    if event is None and not histogram:
        raise BadInput("odds --hero needs an EVENT (three of a kind or better, set, flush draw, ...) or --histogram")
    wanted = parse_event(event) if event is not None else None
    player = ranges.parse_player(hero, 1)
    board_cards, dead_cards = cards_given(board, "the board"), cards_given(dead, "the dead cards")
    street_cards = STREETS[street]
    if len(board_cards) > street_cards:
        raise BadInput(f"a board of {len(board_cards)} cards is past the {street} ({street_cards} cards): {' '.join(map(card_name, board_cards))}")
    known = [("the hero's hand", list(player.combos[0]))] if player.is_hand else []
    known += [("the board", board_cards), ("the dead cards", dead_cards)]
    check_distinct([cards for _, cards in known], [name for name, _ in known])
    (live,) = ranges.remove_known([player], set(board_cards) | set(dead_cards))
    first = max(len(board_cards), STREETS["flop"]) if histogram else street_cards
    ensure_ready(ctx)
    given = {
        "range_input": ranges.range_rows([live], [player]),
        "board_input": [(c,) for c in board_cards],
        "dead_input": [(c,) for c in dead_cards],
    }
    if trials is not None and seed is None:
        seed = ranges.question_seed("holdem-odds-hero", [player.question()], board_cards, dead_cards, trials)
    batches: list[tuple[int, int]] = []  # Monte Carlo: each batch's (the event's deals, all deals)
    with ctx.engine.inputs(**given) as give, ctx.counting(f"odds: every combination and {street}"):
        classes = int(ctx.engine.execute("select count(*) from odds_hero_combos")[0][0])
        left = 52 - len(board_cards) - len(dead_cards)
        work = sum(classes * math.comb(left, cards - len(board_cards)) for cards in range(first, street_cards + 1))
        if work > MAX_WORK and trials is None:
            raise BadInput(
                f"odds --hero {''.join(hero.split())!r} on the {street}: {work:,} classes of combinations x boards "
                f"to count, over the bound of {MAX_WORK:,}: give a board or a narrower range, or --trials N for a "
                "Monte Carlo estimate"
            )
        if trials is None:
            deals_view = "odds_hero_board_deals" if ctx.engine.dialect in _PER_BOARD_DIALECTS else "odds_hero_deals"
            groups, by_street = _grouped(ctx, deals_view, street_cards, first, len(board_cards))
        else:
            groups, by_street = [], {}
            for start, size in _batches(trials):
                give(deal_settings=[monte_carlo.deal_settings(seed, 1, size, first_deal=start)])
                batch, batch_streets = _grouped(ctx, "odds_trial_deals", street_cards, first, len(board_cards))
                groups += batch
                for cards, rows in batch_streets.items():
                    by_street.setdefault(cards, []).extend(rows)
                hits = sum(int(row[-1]) for row in batch if wanted and wanted.test(int(row[1]), _flags(int(row[2]))))
                batches.append((hits, sum(int(row[-1]) for row in batch)))
        names = dict(ctx.engine.execute("select points, category from hand_categories"))
    deals = sum(int(row[-1]) for row in groups)
    if not deals:
        raise BadInput(f"no board of the {street} is left to deal")
    result = OddsResult(
        street=street, board=[card_name(c) for c in board_cards], dead=[card_name(c) for c in dead_cards],
        combos=len(live), deals=deals,
        flags={flag: sum(int(row[-1]) for row in groups if int(row[2]) >> bit & 1) for bit, flag in enumerate(FLAGS)},
    )
    if player.is_hand:
        result.hand = player.label()
    else:
        result.range = player.label()
        if player.weights:
            result.weight_scale = player.weight_scale
    if wanted is not None:
        hits = sum(int(row[-1]) for row in groups if wanted.test(int(row[1]), _flags(int(row[2]))))
        result.event, result.count = wanted.text, hits
        result.probability, result.fraction, result.one_in = answer(hits, deals)
    if trials is not None:
        result.exact, result.trials, result.seed = False, trials, seed
        if wanted is not None:
            result.std_error = _batch_error(batches, result.probability)
    if histogram:
        result.histogram = _histogram(by_street, names)
    return result


def _flags(packed: int) -> dict[str, int]:
    return {flag: packed >> bit & 1 for bit, flag in enumerate(FLAGS)}


def _grouped(ctx: Context, deals_view: str, street_cards: int, first: int, board_size: int) -> tuple[list, dict]:
    """The street's groups (street_cards, points, flags, deals) of ``deals_view``, and each
    street's (points, deals) from ``first`` cards to the street."""
    groups = ctx.engine.execute(_GROUPS.format(deals=deals_view), (street_cards - board_size,))
    by_street = {street_cards: [(int(row[1]), int(row[-1])) for row in groups]}
    for cards in range(first, street_cards):
        rows = ctx.engine.execute(_CATEGORY_GROUPS.format(deals=deals_view), (cards - board_size,))
        by_street[cards] = [(int(row[1]), int(row[2])) for row in rows]
    return groups, by_street


BATCHES = 20  # Monte Carlo's boards in batches: the standard error from the batches' spread


def _batches(trials: int) -> list[tuple[int, int]]:
    """(first trial, trials) of each batch: ``trials`` split as evenly as can be."""
    count = min(BATCHES, trials)
    sizes = [trials // count + (1 if k < trials % count else 0) for k in range(count)]
    return [(1 + sum(sizes[:k]), size) for k, size in enumerate(sizes)]


def _batch_error(batches: list[tuple[int, int]], probability: float) -> float:
    """The ratio estimate's standard error from the batches' (event deals, deals): each batch's
    deviation from the whole's ratio, by the delta method, sqrt(sum (a - p w)^2 / (k (k - 1))) / mean w."""
    k = len(batches)
    mean = sum(w for _, w in batches) / k
    return math.sqrt(sum((a - probability * w) ** 2 for a, w in batches) / (k * (k - 1))) / mean


def _histogram(by_street: dict[int, list[tuple[int, int]]], names: dict[int, str]) -> list[StreetCategory]:
    """Every category on every street, the best first, with its count and share of the street's deals."""
    streets = {cards: name for name, cards in STREETS.items()}
    rows = []
    for cards in sorted(by_street):
        counts: dict[int, int] = {}
        for points, deals in by_street[cards]:
            counts[points] = counts.get(points, 0) + deals
        total = sum(counts.values())
        rows += [
            StreetCategory(streets[cards], points, names[points], counts.get(points, 0), counts.get(points, 0) / total)
            for points in sorted(names, reverse=True)
        ]
    return rows


def _one_in(value: float | None) -> str:
    return "never" if value is None else f"1 in {value:,.2f}"


@present.register
def _(result: OddsResult, **options: Any) -> Output:
    """The event's answer, one row; with --histogram, a row per street per category."""
    who = " ".join(result.hand) if result.hand else result.range
    board = f" on {' '.join(result.board)}" if result.board else ""
    title = f"{who}{board} by the {result.street}: {result.deals:,} deals counted ({result.combos:,} combinations x boards), exact"
    lines = [f"each count weighed: the weights x {result.weight_scale}"] if result.weight_scale else []
    if result.trials is not None:
        title = (f"{who}{board} by the {result.street}: {result.trials:,} random boards (seed {result.seed}), each with every "
                 f"combination that misses it: {result.deals:,} deals, Monte Carlo")
        if result.std_error is not None:
            lines.append(f"standard error {result.std_error:.6f}")
    if result.histogram is not None:
        columns = ["street", "points", "category", "count", "share"]
        rows = [(r.street, r.points, r.category, r.count, r.share) for r in result.histogram]
        cells = [(r.street, str(r.points), r.category, f"{r.count:,}", f"{r.share:.4%}") for r in result.histogram]
        if result.event is not None:
            lines.insert(0, f"{result.event}: {result.count:,} of {result.deals:,} = {result.fraction} = "
                         f"{result.probability:.4%} ({_one_in(result.one_in)})")
        return Output(columns, rows, result.to_dict(), cells=cells, title=title, lines=lines)
    columns = ["event", "count", "deals", "probability", "fraction", "one_in"]
    rows = [(result.event, result.count, result.deals, result.probability, result.fraction, result.one_in)]
    cells = [(result.event, f"{result.count:,}", f"{result.deals:,}", f"{result.probability:.4%}", result.fraction, _one_in(result.one_in))]
    return Output(columns, rows, result.to_dict(), cells=cells, title=title, lines=lines)
