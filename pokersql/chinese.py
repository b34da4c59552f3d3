"""Chinese poker (3-5-5): what the CLI asks of sql/chinese (docs/games-chinese.md)."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

from . import first_use
from .cards import card_name, parse_cards
from .checks import whole_number
from .context import Context
from .errors import BadInput
from .output import Output, present, pretty_cards
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


HAND_CARDS = 13  # a Chinese poker hand: front 3, middle 5, back 5
# The most settings arrange shows: each is three rows of Python output (the SQL ranks all 72,072
# at once); every setting is in chinese_settings (048) for more.
MAX_TOP = 1_000
ALL_FRONTS = sum(FRONT_COUNTS.values())  # 22,100 = C(52,3)
ALL_FIVES = math.comb(52, 5)  # 2,598,960
ROWS = {"front": 3, "middle": 5, "back": 5}
OBJECTIVE = (
    "expected points against a random opponent's rows: per row P(win) - P(lose) against a random "
    "hand of its size from a full deck, summed over the three rows (no scoop bonus, no card removal)"
)

# The best settings (chinese_arrangements, 048), their rows' cards, categories, ranks and odds.
_ARRANGED = """select
    arranged.place,
    arranged.expected_points,
    arranged.all_settings,
    arranged.legal_settings,
    {rows}{more}
from {source} as arranged
{joins}
where {where}
order by {order}"""


def _arranged_query(source: str = "chinese_arrangements", where: str = "arranged.setting_no <= ?",
                    order: str = "arranged.setting_no", more: str = "") -> str:
    """The settings of ``source`` (rows of chinese_arrangements) with their rows' cards,
    categories, ranks and odds, then the columns ``more``."""
    columns, joins = [], []
    for row, size in ROWS.items():
        cards = [f"arranged.{row}_{n}" for n in range(1, size + 1)]
        rank = "arranged.front_hand_rank" if row == "front" else f"arranged.{row}_hand_rank"
        columns.append(f"{', '.join(cards)}, {row}_category.category, {rank}, arranged.{row}_beats, arranged.{row}_loses_to")
        joins.append(f"join hand_categories as {row}_category on {row}_category.points = arranged.{row}_points")
    return _ARRANGED.format(rows=",\n    ".join(columns), joins="\n".join(joins), source=source, where=where, order=order, more=more)


@dataclass
class ArrangedRow:
    """One row of a setting: its cards (the largest group of a value first, then the highest), its category, its hand_rank (1 =
    best: of the 455 front ranks for the front, of the 7,462 five-card ranks otherwise), the
    hands of its size it beats and loses to, of ``hands`` in all, and its points, (beats -
    loses_to) / hands."""

    cards: list[str]
    category: str
    hand_rank: int
    beats: int
    loses_to: int
    hands: int
    points: float


@dataclass
class Arrangement:
    place: int
    expected_points: float
    front: ArrangedRow
    middle: ArrangedRow
    back: ArrangedRow


@dataclass
class ArrangeResult:
    cards: list[str]
    settings: int
    legal: int
    objective: str
    best: list[Arrangement]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _row(values: tuple, size: int, hands: int) -> ArrangedRow:
    ids = values[:size]
    held = Counter(card // 4 for card in ids)  # cards of each value: the largest group first, then the highest
    cards = [card_name(card) for card in sorted(ids, key=lambda card: (held[card // 4], card), reverse=True)]
    category, hand_rank, beats, loses_to = values[size:]
    return ArrangedRow(cards, category, int(hand_rank), int(beats), int(loses_to), hands, (beats - loses_to) / hands)


SETTING_COLUMNS = 4 + 7 + 9 + 9  # a row of _arranged_query before ``more``


def arrangement(row: tuple) -> Arrangement:
    """A setting from a row of _arranged_query (its first SETTING_COLUMNS)."""
    place, expected, _, _, *values = row[:SETTING_COLUMNS]
    front, middle, back = values[:7], values[7:16], values[16:]
    return Arrangement(int(place), float(expected), _row(front, 3, ALL_FRONTS), _row(middle, 5, ALL_FIVES), _row(back, 5, ALL_FIVES))


def parse_hand(text: str | list[str] | tuple[str, ...]) -> list[int]:
    """The 13 cards of a hand; an unknown card, a card twice or another count: BadInput."""
    cards = parse_cards(text)
    if len(cards) != HAND_CARDS:
        raise BadInput(f"arrange needs {HAND_CARDS} cards, got {len(cards)}: {' '.join(map(card_name, cards)) or 'none'}")
    return cards


def arrange(ctx: Context, text: str | list[str] | tuple[str, ...], top: int = 1) -> ArrangeResult:
    """Every setting of 13 cards (chinese_settings, 048), the legal ones ranked by OBJECTIVE:
    the ``top`` best (fewer when fewer are legal), the best first."""
    cards = parse_hand(text)
    whole_number("top", top, 1, MAX_TOP)
    first_use.ensure_ready(ctx)
    with ctx.engine.inputs(hand_input=[(1, card) for card in cards]):
        rows = ctx.engine.execute(_arranged_query(), (top,))
    best = [arrangement(row) for row in rows]
    return ArrangeResult([card_name(card) for card in cards], int(rows[0][2]), int(rows[0][3]), OBJECTIVE, best)


@present.register
def _(result: ArrangeResult, **options: Any) -> Output:
    """Three lines per setting, one a row; CSV: the same, each with the setting's place and expected points."""
    columns = ["place", "expected_points", "row", "cards", "category", "hand_rank", "beats", "loses_to", "hands", "points"]
    rows = [
        (setting.place, setting.expected_points, name, " ".join(row.cards), row.category, row.hand_rank, row.beats, row.loses_to,
         row.hands, row.points)
        for setting in result.best for name in ROWS for row in (getattr(setting, name),)
    ]
    cells = [
        (str(place) if name == "front" else "", f"{expected:+.4f}" if name == "front" else "", name, pretty_cards(cards.split()),
         category, str(rank), f"{beats / hands:.2%}", f"{loses / hands:.2%}", f"{points:+.4f}")
        for place, expected, name, cards, category, rank, beats, loses, hands, points in rows
    ]
    title = f"{' '.join(result.cards)}: {result.settings:,} settings, {result.legal:,} legal"
    table_columns = ["place", "expected", "row", "cards", "category", "hand_rank", "wins", "loses", "points"]
    lines = [f"Ranked by {result.objective}."]
    return Output(columns, rows, result.to_dict(), cells=cells, title=title, lines=lines, table_columns=table_columns)
