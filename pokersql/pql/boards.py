"""Board ranges: Open PQL's ``boardInRange('…')`` read and matched as Open PQL's source does
(openpql-range-parser: its grammar, and its board checker, ``Checker<5, true>``), compiled
into one SQL predicate over the deal's ``board`` (its card_ids, flop, turn, river).

The syntax (ProPokerTools' generic syntax): a term is up to five cards, each a rank
(``2``…``A``, a rank variable ``B E F G I L M N O P R U V``, or ``*``) and/or a suit (``s h d c``
or a suit variable ``w x y z``); ``[A,Ks,h]`` is one card of a list (ranks, cards, suits);
``AK-``, ``AK+``, ``AK-T9`` are rank spans, alone or bracketed within a term (``[KQ+]*``).
Terms combine with ``,`` (or), ``:`` (and), ``!`` (but not) and parentheses. A term's cards
are matched with the board in its order: the first three (any order among them) with the
flop, the fourth with the turn, the fifth with the river; missing ones match anything. The
same rank variable is the same rank and different ones different ranks, none of the term's
written ranks; the same for suit variables.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from sqlglot import exp

from ..errors import BadInput
from .ratings import sql

RANK_CHARS = "23456789TJQKA"
RANK_VARS = "BEFGILMNOPRUV"
SUIT_CHARS = "cdhs"  # suit index = card_id % 4 (pokersql.cards)
SUIT_VARS = "wxyz"
_RANK = f"[{RANK_CHARS}{RANK_VARS}*]"
_SUIT = f"[{SUIT_CHARS}{SUIT_VARS}]"
# Open PQL's lexer: a rank and a suit together are one token (the longest match first)
_TOKEN = re.compile(rf"(?P<card>{_RANK}{_SUIT})|(?P<rank>{_RANK})|(?P<suit>{_SUIT})|(?P<op>[,:!()\[\]+-])", re.IGNORECASE)
SLOTS = 5
# Open PQL's board permutations (perm_indices.rs): the flop's three cards in any order, then turn, river
FLOP_ORDERS = list(itertools.permutations(range(3)))


@dataclass(frozen=True)
class Card:
    """One card of a range: rank and suit each ('c', value), ('v', letter) or None (any)."""

    rank: tuple[str, object] | None
    suit: tuple[str, object] | None
    at: int


@dataclass
class Slot:
    """What one card of the board must be (Open PQL's Constrain): a set of card_ids; a rank
    set, or a rank at a distance from another slot's (a span), or a rank variable's
    (equal to, unlike, not); a suit set or a suit variable's."""

    cards: frozenset[int] | None = None
    ranks: frozenset[int] | None = None
    diff: tuple[int, int] | None = None  # (other slot, its rank minus this one's)
    rank_var: tuple[list[int], list[int], set[int]] | None = None  # (equal slots, unlike slots, banned ranks)
    suits: frozenset[int] | None = None
    suit_var: tuple[list[int], list[int], set[int]] | None = None


class BoardRangeError(BadInput):
    pass


class _Reader:
    def __init__(self, text: str, shortdeck: bool):
        self.text, self.shortdeck, self.tokens, at = text, shortdeck, [], 0
        while True:
            while at < len(text) and text[at].isspace():
                at += 1
            if at >= len(text):
                break
            m = _TOKEN.match(text, at)
            if not m:
                self.fail(at, f"{text[at]!r} is no rank, suit or operator")
            self.tokens.append((m.lastgroup, m.group(), at))
            at = m.end()
        self.tokens.append(("end", "", len(text)))
        self.i = 0

    def fail(self, at: int, why: str):
        raise BoardRangeError(f"PQL: board range {self.text!r} at character {at + 1}: {why}")

    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.i]

    def take(self) -> tuple[str, str, int]:
        self.i += 1
        return self.tokens[self.i - 1]

    def unexpected(self):
        kind, value, at = self.peek()
        self.fail(at, "unexpected end of the range" if kind == "end" else f"unexpected {value!r}")

    def is_card(self) -> bool:
        return self.peek()[0] in ("card", "rank", "suit")

    def read(self) -> tuple:
        expr = self.or_()
        if self.peek()[0] != "end":
            self.unexpected()
        return expr

    def or_(self) -> tuple:
        left = self.and_()
        while self.peek()[1] == ",":
            self.take()
            left = ("or", left, self.and_())
        return left

    def and_(self) -> tuple:
        left = self.not_()
        while self.peek()[1] == ":":
            self.take()
            left = ("and", left, self.not_())
        return left

    def not_(self) -> tuple:
        left = self.leaf()
        while self.peek()[1] == "!":
            self.take()
            left = ("not", left, self.leaf())
        return left

    def leaf(self) -> tuple:
        if self.peek()[1] == "(":
            self.take()
            inner = self.or_()
            if self.take()[1] != ")":
                self.i -= 1
                self.unexpected()
            return inner
        start = self.peek()[2]
        elems = self.elems()
        if self.peek()[1] in "-+" and self.peek()[0] == "op":  # the whole term a span: AK-, AK+, AK-QJ
            op = self.take()[1]
            bottom = self.elems() if op == "-" and (self.is_card() or self.peek()[1] == "[") else None
            tops = [self.span_card(e, start) for e in elems]
            bottoms = None if bottom is None else [self.span_card(e, start) for e in bottom]
            elems = [("span", self.span(op, tops, bottoms, start))]
        return ("leaf", self.slots(elems, start))

    def elems(self) -> list[tuple]:
        elems = []
        while self.is_card() or self.peek()[1] == "[":
            elems.append(self.elem())
        if not elems:
            self.unexpected()
        return elems

    def elem(self) -> tuple:
        if self.peek()[1] != "[":
            return ("card", self.card())
        start = self.take()[2]
        if not self.is_card():
            self.unexpected()
        cards = [self.card()]
        while self.is_card():
            cards.append(self.card())
        if self.peek()[1] in "-+" and self.peek()[0] == "op":  # [span]
            op = self.take()[1]
            bottom = None
            if op == "-" and self.is_card():
                bottom = [self.card()]
                while self.is_card():
                    bottom.append(self.card())
            if self.peek()[1] != "]":
                self.unexpected()
            self.take()
            tops = [self.span_card(("card", c), start) for c in cards]
            return ("span", self.span(op, tops, None if bottom is None else [self.span_card(("card", c), start) for c in bottom], start))
        if len(cards) > 1:
            self.unexpected()
        while self.peek()[1] == ",":
            self.take()
            if self.peek()[1] == "]":
                break
            cards.append(self.card())
        if self.peek()[1] != "]":
            self.unexpected()
        self.take()
        listed: set[int] = set()
        for c in cards:
            if (c.rank is not None and c.rank[0] != "c") or (c.suit is not None and c.suit[0] != "c") or (c.rank is None and c.suit is None):
                self.fail(c.at, "a list holds ranks, suits or cards, no variable nor '*'")
            ranks = [c.rank[1]] if c.rank else range(13)
            suits = [c.suit[1]] if c.suit else range(4)
            listed |= {r * 4 + s for r in ranks for s in suits}
        return ("list", frozenset(listed))

    def card(self) -> Card:
        kind, value, at = self.take()
        rank = suit = None
        if kind in ("card", "rank"):
            r = value[0].upper()
            if r in RANK_CHARS:
                if self.shortdeck and r in "2345":
                    self.fail(at, f"short deck has no rank {r}")
                rank = ("c", RANK_CHARS.index(r))
            elif r != "*":
                rank = ("v", r)
        if kind in ("card", "suit"):
            s = value[-1].lower()
            suit = ("c", SUIT_CHARS.index(s)) if s in SUIT_CHARS else ("v", s)
        return Card(rank, suit, at)

    def span_card(self, elem: tuple, start: int) -> tuple[int, int | None]:
        card = elem[1] if elem[0] == "card" else None
        if card is None or card.rank is None or card.rank[0] != "c" or (card.suit is not None and card.suit[0] != "c"):
            self.fail(start, "a span holds ranks or cards only (no list, variable or '*')")
        return card.rank[1], None if card.suit is None else card.suit[1]

    def span(self, op: str, tops: list, bottoms: list | None, start: int) -> tuple:
        """(the span's cards, depth) as Open PQL's span.rs and constrain.rs read them."""
        if bottoms is None:
            ranks = [r for r, _ in tops]
            return tops, (-min(ranks) if op == "-" else 12 - max(ranks))
        if len(bottoms) != len(tops):
            self.fail(start, "the span's two ends have different numbers of cards")
        for i in range(len(tops)):
            if i < len(tops) - 1 and tops[i + 1][0] - tops[i][0] != bottoms[i + 1][0] - bottoms[i][0]:
                self.fail(start, "the span's two ends are not the same distance apart")
            if tops[i][1] != bottoms[i][1]:
                self.fail(start, "the span's two ends have different suits")
        if tops[0][0] <= bottoms[0][0]:
            tops, bottoms = bottoms, tops
        return tops, bottoms[0][0] - tops[0][0]

    def slots(self, elems: list[tuple], start: int) -> list[Slot]:
        """Open PQL's Leaf: each card, list or span card a slot. A variable is compared with the
        term's other cards by their place among the term's elements (variable_condition_*.rs,
        as Open PQL does, also where a span before it makes that place another slot's)."""
        slots: list[Slot] = []
        for elem in elems:
            if elem[0] == "list":
                slots.append(Slot(cards=elem[1]))
            elif elem[0] == "span":
                (cards, depth), first = elem[1], len(slots)
                for k, (rank, suit) in enumerate(cards):
                    slot = Slot(suits=None if suit is None else frozenset([suit]))
                    low, high = (rank, rank + depth) if depth > 0 else (rank + depth, rank)
                    if k == 0:
                        slot.ranks = frozenset(range(max(low, 0), high + 1))
                    else:
                        slot.diff = (first + k - 1, cards[k - 1][0] - rank)
                    slots.append(slot)
            else:
                card, here = elem[1], len(slots)
                slot = Slot()
                if card.rank is not None:
                    if card.rank[0] == "c":
                        slot.ranks = frozenset([card.rank[1]])
                    else:
                        slot.rank_var = _variable(elems, here, card.rank[1], "rank")
                if card.suit is not None:
                    if card.suit[0] == "c":
                        slot.suits = frozenset([card.suit[1]])
                    else:
                        slot.suit_var = _variable(elems, here, card.suit[1], "suit")
                slots.append(slot)
        if len(slots) > SLOTS:
            self.fail(start, f"a board term holds at most {SLOTS} cards, this one {len(slots)}")
        return slots + [Slot() for _ in range(SLOTS - len(slots))]


def _variable(elems: list[tuple], here: int, letter: str, part: str) -> tuple[list[int], list[int], set[int]]:
    equal, unlike, banned = [], [], set()
    for i, elem in enumerate(elems):
        if i == here or elem[0] != "card":
            continue
        value = getattr(elem[1], part)
        if value is None:
            continue
        if value[0] == "c":
            banned.add(value[1])
        else:
            (equal if value[1] == letter else unlike).append(i)
    return equal, unlike, banned


def parse_board_range(text: str, shortdeck: bool = False) -> tuple:
    """The range's tree: ('or' | 'and' | 'not', left, right) or ('leaf', five Slots)."""
    return _Reader(text, shortdeck).read()


@dataclass
class Predicate:
    """The SQL of a board range and the board cards it reads (1-based places)."""

    sql: exp.Expression
    reads: set[int] = field(default_factory=set)


def _atoms(slots: list[Slot], order: tuple[int, ...]) -> frozenset | None:
    """The conditions on the board's cards when the flop's cards take the slots in this order
    (board place 1 + i holds slot order[i]); None: never."""
    place = {slot: i + 1 for i, slot in enumerate(list(order) + [3, 4])}
    atoms = set()
    for k, slot in enumerate(slots):
        at = place[k]
        if slot.cards is not None:
            atoms.add(("cards", at, slot.cards))
        if slot.ranks is not None:
            atoms.add(("ranks", at, slot.ranks))
        if slot.diff is not None:
            atoms.add(("diff", place[slot.diff[0]], at, slot.diff[1]))
        for part, var in (("rank", slot.rank_var), ("suit", slot.suit_var)):
            if var is None:
                continue
            equal, unlike, banned = var
            if banned:
                atoms.add(("ranks" if part == "rank" else "suits", at, frozenset(set(range(13 if part == "rank" else 4)) - banned)))
            for other in equal:
                if place[other] != at:
                    atoms.add((f"{part}_eq", *sorted((place[other], at))))
            for other in unlike:
                if place[other] == at:
                    return None
                atoms.add((f"{part}_ne", *sorted((place[other], at))))
        if slot.suits is not None:
            atoms.add(("suits", at, slot.suits))
    return frozenset(atoms)


def _atom_sql(atom: tuple) -> exp.Expression:
    kind = atom[0]
    card = lambda i: sql(f"board[{int(i)}]")  # noqa: E731 - a board place we write, never a value
    if kind == "cards":
        return exp.In(this=card(atom[1]), expressions=[exp.convert(c) for c in sorted(atom[2])])
    if kind in ("ranks", "suits"):
        part = sql(":c // 4" if kind == "ranks" else ":c % 4", c=card(atom[1]))
        return exp.In(this=part, expressions=[exp.convert(v) for v in sorted(atom[2])])
    if kind == "diff":
        return sql(":a // 4 - :b // 4 = :d", a=card(atom[1]), b=card(atom[2]), d=atom[3])
    op = "//" if kind.startswith("rank") else "%"
    return sql(f":a {op} 4 {'=' if kind.endswith('eq') else '!='} :b {op} 4", a=card(atom[1]), b=card(atom[2]))


def _leaf(slots: list[Slot]) -> Predicate:
    orders = {a for a in (_atoms(slots, order) for order in FLOP_ORDERS) if a is not None}
    reads = {atom[i] for atoms in orders for atom in atoms for i in (1, 2) if isinstance(atom[i], int) and (i == 1 or atom[0] != "cards")}
    if not orders:
        return Predicate(exp.false())
    if frozenset() in orders:
        return Predicate(exp.true())
    ors = []
    for atoms in sorted(orders, key=lambda a: sorted(map(str, a))):
        ands = [_atom_sql(a) for a in sorted(atoms, key=str)]
        ors.append(exp.and_(*ands) if len(ands) > 1 else ands[0])
    return Predicate(exp.or_(*[exp.Paren(this=o) for o in ors]) if len(ors) > 1 else ors[0], reads)


def compile_tree(tree: tuple) -> Predicate:
    if tree[0] == "leaf":
        return _leaf(tree[1])
    left, right = compile_tree(tree[1]), compile_tree(tree[2])
    reads = left.reads | right.reads
    if tree[0] == "or":
        return Predicate(exp.Or(this=exp.Paren(this=left.sql), expression=exp.Paren(this=right.sql)), reads)
    if tree[0] == "and":
        return Predicate(exp.And(this=exp.Paren(this=left.sql), expression=exp.Paren(this=right.sql)), reads)
    return Predicate(exp.And(this=exp.Paren(this=left.sql), expression=exp.Not(this=exp.Paren(this=right.sql))), reads)


def board_in_range(text: str, shortdeck: bool = False) -> tuple[exp.Expression, set[int]]:
    """(the predicate, the streets it reads: {3} the flop only, {3, 4} to the turn, {3, 4, 5}
    the river: the turn and river apart, their order counts)."""
    predicate = compile_tree(parse_board_range(text, shortdeck))
    last = max(predicate.reads, default=0)
    streets = {3} if 0 < last <= 3 else {3, 4} if last == 4 else {3, 4, 5} if last == 5 else set()
    return predicate.sql, streets
