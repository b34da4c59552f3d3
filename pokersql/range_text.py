"""The range notation players type, parsed into weighted combinations.

A range is items separated by commas (spaces around them ignored; a comma inside brackets
belongs to the brackets). An item is a hand form, optionally weighted:

    hand forms  QQ, QQ+, 22-55, AKs, A2s+, K9s-KQs, AKo, AK, AT+, AsKs   (PokerStove, Equilab)
                AxKx (suited), AxKy (offsuit), AxAy, A*, **, [A-T]x[9-6]x, RR  (PQL's generic
                syntax for two cards: a rank, *, a rank variable R/O/N or a bracketed list or
                span of ranks, then x, y or nothing for any suit; not a written suit, so that a
                hand mistyped, AhAx or AsK, stays an error)
                15%  (the top 15% of the 1,326 combinations), 5%-10% (between the two);
                15%ps in PokerStove's order (equity against three random hands)
    weights     AKs:0.5, AhKh:0.25   a weight from 0 to 1 (PioSolver, GTO Wizard)
                AK@50                relative integer weight 1 to 100, of 100 (ProPokerTools)
                0.5(KK,QQ), 40%(AKs) a weight for every form in the brackets (eval7)

A combination given twice takes its last weight (``QQ+,KK:0.5``: KK at one half); weight 0
takes it out (``AA,AsAh:0``). Weights are exact fractions (0.2 is 1/5).

Top percentages follow pokersql's order of the 169 classes, equity against one random hand
(hand_order.csv, computed once from the preflop table: see ``hand_order``). A class is in the
top p% when its middle is: when the combinations before it plus half its own are at most p% of
1,326 (so 15% is 198.9 combinations, and a class is taken whole or not at all).
"""

from __future__ import annotations

import csv
import functools
import itertools
import math
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from .cards import RANKS, SUITS, card_name, parse_cards
from .errors import BadInput
from .results import RangeCombination, RangeResult

Combo = tuple[int, int]  # two card ids, the higher first
ALL_COMBOS = 1326
HAND_ORDER = Path(__file__).with_name("hand_order.csv")
POKERSTOVE_ORDER = Path(__file__).with_name("pokerstove_order.csv")

_RANK = "[2-9TJQKA]"
_CLASS = re.compile(rf"^({_RANK})({_RANK})([so]?)(\+?)$", re.IGNORECASE)
_SPAN = re.compile(rf"^({_RANK})({_RANK})([so]?)-({_RANK})({_RANK})([so]?)$", re.IGNORECASE)
_EXACT = re.compile(r"^(?:10|[2-9TJQKA])[cdhs♣♦♥♠](?:10|[2-9TJQKA])[cdhs♣♦♥♠]$", re.IGNORECASE)
_NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)"
_WEIGHT = rf"{_NUMBER}(?:e[+-]?\d+)?"  # a weight in scientific notation too (1e-300)
_PERCENT = re.compile(rf"^({_NUMBER})%(ps)?$", re.IGNORECASE)
_PERCENT_SPAN = re.compile(rf"^({_NUMBER})%-({_NUMBER})%(ps)?$", re.IGNORECASE)
_COLON_WEIGHT = re.compile(rf"^(.*):({_WEIGHT})$", re.DOTALL | re.IGNORECASE)
_AT_WEIGHT = re.compile(r"^(.*)@(\d+)$", re.DOTALL)
_BRACKETS = re.compile(rf"^({_WEIGHT})(%?)\((.*)\)$", re.DOTALL | re.IGNORECASE)
# One card of a generic pattern: a rank, *, a rank variable or [ranks], then a suit or x, y.
_SLOT = re.compile(r"(\[[^\]]*\]|[2-9TJQKA*RON])([cdhswxyz]?)", re.IGNORECASE)  # suit variables w to z, as PQL's
_SLOT_LIKE = re.compile(r"^(?:(?:\[[^\]]*\]|[2-9TJQKA*RON])[a-z]?){2}$", re.IGNORECASE)


def combo(a: int, b: int) -> Combo:
    return (a, b) if a > b else (b, a)


def all_combos() -> list[Combo]:
    return [(a, b) for a in range(51, -1, -1) for b in range(a - 1, -1, -1)]


def _value(rank: str) -> int:
    """0 for a deuce .. 12 for an ace."""
    return RANKS.index(rank.upper())


# The longest weight read, in characters, and the most digits of its exponent: a weight is read
# exactly (a Fraction), and 1e-99999999 would be a number of a hundred million digits.
MAX_WEIGHT_TEXT = 64
MAX_EXPONENT_DIGITS = 4
MAX_WHOLE_WEIGHT = 2**31 - 1  # range_input's weight is an integer (016)
ROUNDED_SCALE = 1_000_000  # weights too fine for it: each relative to the largest, to a millionth


def bad(token: str, why: str) -> BadInput:
    return BadInput(f"bad range token {token!r}: {why}")


def class_combos(high: int, low: int, kind: str) -> list[Combo]:
    """The combinations of one class: a pair (high == low), suited ('s'), offsuit ('o') or both ('')."""
    if high == low:
        return [combo(high * 4 + s, high * 4 + t) for s, t in itertools.combinations(range(4), 2)]
    combos = []
    for s in range(4):
        for t in range(4):
            if (kind == "s" and s != t) or (kind == "o" and s == t):
                continue
            combos.append(combo(high * 4 + s, low * 4 + t))
    return combos


def class_name(high: int, low: int, suited: bool) -> str:
    if high == low:
        return RANKS[high] * 2
    return RANKS[high] + RANKS[low] + ("s" if suited else "o")


def combo_class(c: Combo) -> str:
    """'AKs', 'AKo' or 'AA' for a combination."""
    high, low = c[0] // 4, c[1] // 4
    return class_name(max(high, low), min(high, low), c[0] % 4 == c[1] % 4)


# How hand_order.csv was made, once, from a database whose preflop table (022) is filled:
# each class's pairs in preflop_matchups summed (every combination meets the 1,225 others).
HAND_ORDER_SQL = """
select
    hands.hand_class,
    count(distinct hands.card_1 * 52 + hands.card_2) as combos,
    sum(matchups.wins) as wins,
    sum(matchups.ties) as ties,
    count(*) * 1712304 as deals
from preflop_matchups as matchups
inner join starting_hands as hands
    on hands.card_1 = matchups.hand_1_high
    and hands.card_2 = matchups.hand_1_low
group by hands.hand_class
order by (sum(matchups.wins) + sum(matchups.ties) / 2.0) / count(*) desc, hands.hand_class
"""


@functools.cache
def hand_order() -> tuple[tuple[str, int, int, int, int], ...]:
    """The 169 classes, best first by equity against one random hand: (class, combos, wins,
    ties, deals), the exact sums over the class's pairs in the preflop table (deals = pairs x
    1,712,304 boards; equity = (wins + ties / 2) / deals)."""
    with HAND_ORDER.open(encoding="utf-8") as file:
        return tuple((row["hand_class"], int(row["combos"]), int(row["wins"]), int(row["ties"]), int(row["deals"])) for row in csv.DictReader(file))


@functools.cache
def pokerstove_order() -> tuple[tuple[str, int, int, int, float, float], ...]:
    """The 169 classes, best first by equity against three random hands, PokerStove's order:
    (class, combos, trials, seed, equity, std_error), each class's equity estimated once by
    pokersql's Monte Carlo (``equity HAND random random random --trials 1000000 --seed S``, one
    combination of the class) and stored: its standard error, about 0.0005, is in the file."""
    with POKERSTOVE_ORDER.open(encoding="utf-8") as file:
        rows = [
            (row["hand_class"], int(row["combos"]), int(row["trials"]), int(row["seed"]), float(row["equity"]), float(row["std_error"]))
            for row in csv.DictReader(file)
        ]
    return tuple(sorted(rows, key=lambda row: (-row[4], row[0])))


def _order(suffix: str | None) -> list[tuple[str, int]]:
    """(class, combos), best first: equity against one random hand, or PokerStove's ("ps")."""
    rows = pokerstove_order() if suffix else hand_order()
    return [(row[0], row[1]) for row in rows]


def _classes_of(name: str) -> list[Combo]:
    high, low = _value(name[0]), _value(name[1])
    high, low = max(high, low), min(high, low)
    return class_combos(high, low, name[2:].lower() if high != low else "")


def _top(token: str, percent: Fraction, suffix: str | None = None) -> set[str]:
    if not 0 < percent <= 100:
        raise bad(token, "a percentage is more than 0 and at most 100")
    target = percent * ALL_COMBOS / 100
    taken, before = set(), 0
    for name, combos in _order(suffix):
        if before + Fraction(combos, 2) <= target:
            taken.add(name)
        before += combos
    return taken


def _percent_combos(token: str) -> list[Combo] | None:
    match = _PERCENT.match(token)
    if match:
        names = _top(token, Fraction(match.group(1)), match.group(2))
    else:
        match = _PERCENT_SPAN.match(token)
        if not match:
            return None
        low, high = Fraction(match.group(1)), Fraction(match.group(2))
        if low >= high:
            raise bad(token, "the first percentage must be the smaller")
        names = _top(token, high, match.group(3)) - _top(token, low, match.group(3))
    return [c for name in names for c in _classes_of(name)]


def _ranks_of(slot: str, token: str) -> list[int] | str:
    """A slot's ranks: a list of values, or a rank variable's letter."""
    if slot in "RON" and len(slot) == 1:
        return slot
    if slot == "*":
        return list(range(13))
    if not slot.startswith("["):
        return [_value(slot)]
    values: set[int] = set()
    for part in slot[1:-1].replace(" ", "").split(","):
        span = re.fullmatch(rf"({_RANK})-({_RANK})", part, re.IGNORECASE)
        if span:
            a, b = _value(span.group(1)), _value(span.group(2))
            values.update(range(min(a, b), max(a, b) + 1))
        elif re.fullmatch(rf"{_RANK}+", part, re.IGNORECASE):
            values.update(_value(r) for r in part)
        else:
            raise bad(token, f"[{slot[1:-1]}] is not a list of ranks ([AKQ], [A,K], [A-T])")
    return sorted(values)


def _pattern_combos(token: str) -> list[Combo] | None:
    """PQL's generic syntax for two cards; None when the token is not of its shape."""
    if not _SLOT_LIKE.match(token):
        return None
    slots = _SLOT.findall(token)
    if "".join(r + s for r, s in slots) != token or len(slots) != 2:
        letters = sorted({ch for ch in re.sub(r"\[[^\]]*\]", "", token)[1::2] if ch.lower() not in "cdhswxyz"})
        raise bad(token, f"suits are c, d, h, s and the suit variables w, x, y, z (AxKx suited, AxKy offsuit), not {', '.join(letters) or 'that'}")
    ranks = [_ranks_of(r.upper() if r != "*" else r, token) for r, _ in slots]
    suits = [s.lower() for _, s in slots]
    if any(s in SUITS and s for s in suits):
        # PQL takes AsKx and AsK; here a hand mistyped (AhAx, AsK) stays an error, not a range.
        raise bad(token, "a suit pattern takes the variables w, x, y, z, not a written suit: write two cards (AsKh) or a class (AKs)")
    found = []
    for c in all_combos():
        if any(_slot_fits(ranks, suits, first, second) for first, second in ((c[0], c[1]), (c[1], c[0]))):
            found.append(c)
    if not found:
        raise bad(token, "no two cards fit it (AxAx: a pair is never suited)")
    return found


def _slot_fits(ranks: list, suits: list[str], *cards: int) -> bool:
    """Whether the cards, in this order, fit the slots: a variable (w, x, y, z; R, O, N) stands for one
    suit or rank, a different one from the other variable's, and a rank variable never for a
    rank written in the pattern (AR: an ace and another rank)."""
    bound: dict[str, int] = {}
    written_ranks = {r[0] for r in ranks if isinstance(r, list) and len(r) == 1}
    for card, rank, suit in zip(cards, ranks, suits):
        value, card_suit = card // 4, card % 4
        if isinstance(rank, str):
            if bound.setdefault(rank, value) != value or value in written_ranks:
                return False
        elif value not in rank:
            return False
        if suit and bound.setdefault(suit, card_suit) != card_suit:
            return False
    variables = [k for k in bound if k in "wxyz"], [k for k in bound if k in "RON"]
    return all(len({bound[k] for k in group}) == len(group) for group in variables)


def form_combos(token: str) -> list[Combo]:
    """The combinations of one hand form, unweighted; BadInput names a token that is none."""
    if not token:
        raise bad(token, "an empty form")
    if _EXACT.match(token):
        first, second = parse_cards(token)
        return [combo(first, second)]
    match = _CLASS.match(token)
    if match:
        a, b, kind, plus = _value(match.group(1)), _value(match.group(2)), match.group(3).lower(), match.group(4)
        high, low = max(a, b), min(a, b)
        if high == low:
            if kind:
                raise bad(token, "a pair is neither suited nor offsuit")
            tops = range(high, 13) if plus else [high]
            return [c for v in tops for c in class_combos(v, v, "")]
        kickers = range(low, high) if plus else [low]
        return [c for k in kickers for c in class_combos(high, k, kind)]
    match = _SPAN.match(token)
    if match:
        a, b, kind = _value(match.group(1)), _value(match.group(2)), match.group(3).lower()
        c, d, other_kind = _value(match.group(4)), _value(match.group(5)), match.group(6).lower()
        if kind != other_kind:
            raise bad(token, "both ends must be the same kind (pair, suited, offsuit or both)")
        if a == b and c == d and not kind:
            return [x for v in range(min(a, c), max(a, c) + 1) for x in class_combos(v, v, "")]
        high, low, other_high, other_low = max(a, b), min(a, b), max(c, d), min(c, d)
        if high == low or other_high == other_low or high != other_high:
            raise bad(token, "a span is two pairs (22-55) or the same top card with two kickers (K9s-KQs)")
        return [x for k in range(min(low, other_low), max(low, other_low) + 1) for x in class_combos(high, k, kind)]
    for reader in (_percent_combos, _pattern_combos):
        found = reader(token)
        if found is not None:
            return found
    if "%" in token:
        raise bad(token, "a top percentage is a number then one % (15%, 12.5%, 5%-10%, 15%ps)")
    raise bad(token, "write pairs (QQ, QQ+, 22-55), AKs, AKo, AK, A2s+, K9s-KQs, two cards (AsKs), AxKy, 15% or random")


def split_items(text: str) -> list[str]:
    """The items between commas, a comma inside () or [] belonging to them."""
    items, depth, start = [], 0, 0
    for position, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
            if depth < 0:
                raise BadInput(f"bad range {text!r}: a closing bracket with none open")
        elif char == "," and depth == 0:
            items.append(text[start:position].strip())
            start = position + 1
    if depth:
        raise BadInput(f"bad range {text!r}: a bracket left open")
    items.append(text[start:].strip())
    return items


def _weight(token: str, text: str, top: Fraction) -> Fraction:
    if len(text) > MAX_WEIGHT_TEXT:
        raise BadInput(f"bad range token {token[:MAX_WEIGHT_TEXT] + '...'!r}: a weight is at most {MAX_WEIGHT_TEXT} characters, not {len(text):,}")
    exponent = re.search(r"e[+-]?(\d+)$", text, re.IGNORECASE)
    if exponent and len(exponent.group(1).lstrip("0")) > MAX_EXPONENT_DIGITS:
        raise bad(token, f"a weight's exponent has at most {MAX_EXPONENT_DIGITS} digits, not {text}")
    weight = Fraction(text)
    if not 0 <= weight <= top:
        raise bad(token, f"a weight here is from 0 to {top}, not {text}")
    return weight / top


def parse_weighted(text: str) -> dict[Combo, Fraction]:
    """Every combination of a range with its weight (last given wins; weight 0 kept, to drop),
    in card order (the higher card first)."""
    weights: dict[Combo, Fraction] = {}
    for item in split_items(text):
        item = "".join(item.split())  # spaces inside an item mean nothing: "0.5 (KK, QQ)", "AKs : 0.5"
        if not item:
            raise BadInput(f"bad range {text!r}: an empty item between commas")
        if item.lower() == "random":
            raise bad(item, "random stands alone, not in a list")
        forms, weight = [item], Fraction(1)
        bracket = _BRACKETS.match(item)
        colon, at = _COLON_WEIGHT.match(item), _AT_WEIGHT.match(item)
        if bracket:
            weight = _weight(item, bracket.group(1), Fraction(100 if bracket.group(2) else 1))
            forms = [form.strip() for form in bracket.group(3).split(",")]
            if not any(forms):
                raise bad(item, "empty brackets: name hands in them, 0.5(KK,QQ)")
            if not all(forms):
                raise bad(item, "an empty item in the brackets")
        elif colon:
            forms, weight = [colon.group(1).strip()], _weight(item, colon.group(2), Fraction(1))
        elif at:
            value = int(at.group(2))
            if not 1 <= value <= 100:
                raise bad(item, f"an @ weight is a whole number from 1 to 100, not {at.group(2)}")
            forms, weight = [at.group(1).strip()], Fraction(value, 100)
        elif ":" in item:
            raise bad(item, "a weight after : is a number from 0 to 1 (AKs:0.5)")
        elif "@" in item:
            raise bad(item, "an @ weight is a whole number from 1 to 100 (AK@50)")
        elif "(" in item or ")" in item:
            raise bad(item, "brackets follow a weight: 0.5(KK), 40%(AKs)")
        for form in forms:
            for c in form_combos(form):
                weights.pop(c, None)
                weights[c] = weight
    return dict(sorted(weights.items(), reverse=True))


def describe(text: str) -> RangeResult:
    """A range's combinations, weights and 13 x 13 grid (``pokersql range``)."""
    if not text.strip():
        raise BadInput("the range is empty: give one, e.g. 'QQ+,AKs:0.5'")
    weights = all_combos_weighted() if text.strip().lower() == "random" else parse_weighted(text)
    weights = {c: w for c, w in weights.items() if w}
    if not weights:
        raise BadInput(f"range {''.join(text.split())!r} has every weight 0: no combination")
    scale, whole = whole_weights(weights)
    total = sum(weights.values(), Fraction(0))
    by_class: dict[str, Fraction] = {}
    for c, w in weights.items():
        by_class[combo_class(c)] = by_class.get(combo_class(c), Fraction(0)) + w
    grid = [[float(by_class.get(grid_class(row, column), 0) / len(_classes_of(grid_class(row, column)))) for column in range(13)] for row in range(13)]
    return RangeResult(
        range="".join(text.split()),
        combos=len(weights),
        weight=float(total),
        percent=float(100 * total / ALL_COMBOS),
        weight_scale=scale,
        grid=grid,
        combinations=[
            RangeCombination([card_name(c[0]), card_name(c[1])], c[0], c[1], combo_class(c), float(w), whole[c])
            for c, w in weights.items()
        ],
    )


def whole_weights(weights: dict[Combo, Fraction]) -> tuple[int, dict[Combo, int]]:
    """Each weight (above 0) as the whole number range_input counts it by, and the scale: the
    least whole number that makes every weight whole, each weight times it, where that fits
    range_input's integer. Else the same of the weights relative to the largest (a common factor
    changes no share), and where that does not fit either, each relative weight to a millionth
    (ROUNDED_SCALE), a positive one at least one millionth: 1e-300 beside 1 counts next to nothing,
    and 1e-300 alone the same as 1 alone."""
    scale = math.lcm(*(w.denominator for w in weights.values()))
    if scale > MAX_WHOLE_WEIGHT:
        largest = max(weights.values())
        weights = {c: w / largest for c, w in weights.items()}
        scale = math.lcm(*(w.denominator for w in weights.values()))
        if scale > MAX_WHOLE_WEIGHT:
            return ROUNDED_SCALE, {c: max(1, round(w * ROUNDED_SCALE)) for c, w in weights.items()}
    return scale, {c: (w * scale).numerator for c, w in weights.items()}


def all_combos_weighted() -> dict[Combo, Fraction]:
    return {c: Fraction(1) for c in all_combos()}


def grid_class(row: int, column: int) -> str:
    """The class at a cell of the 13 x 13 grid: rows and columns from A (0) to 2 (12); a pair on
    the diagonal, suited above it (the row's rank first), offsuit below (the column's first)."""
    high, low = 12 - min(row, column), 12 - max(row, column)
    return class_name(high, low, suited=row < column)


# A cell's shade: the share of its class's combinations in the range, by weight.
SHADES = ((1, "█"), (Fraction(3, 4), "▓"), (Fraction(1, 2), "▒"), (0, "░"))


def shade(share: float) -> str:
    return next(glyph for floor, glyph in SHADES if share >= floor and share > 0) if share > 0 else " "


def grid_lines(result: RangeResult) -> list[Any]:
    """The grid as text, each cell its class and a shade, or a dot, dimmed, where the class is
    out (every cell named, so that any row reads alone), then the counts."""
    from rich.text import Text

    lines: list[Any] = []
    for row in range(13):
        line = Text()
        for column in range(13):
            share = result.grid[row][column]
            line.append(" " if column else "")
            name = f"{grid_class(row, column):<3}"
            line.append(name + shade(share)) if share else line.append(name + "·", style="dim")
        lines.append(line)
    weighted = f"{result.weight:,.2f}".rstrip("0").rstrip(".")
    lines.append(f"{result.combos:,} combinations, weighted {weighted} of 1,326 ({result.percent:.2f}%)")
    lines.append("shade: █ every combination  ▓ 3/4 or more  ▒ 1/2 or more  ░ less (by weight)  · none (dim)")
    return lines
