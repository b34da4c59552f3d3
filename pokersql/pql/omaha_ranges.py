"""Omaha ranges in PQL's generic syntax (ProPokerTools' and Open PQL's), expanded to the hands
they hold.

A term is a pattern of at most as many cards as the hand holds; a hand is in it when some of
its cards, each a different one, fit the pattern's cards (``AA``: at least two aces; the other
cards are free). A pattern card is a rank then a suit, either left out:

- ranks ``AKQJT98765432``; ``*`` any rank; a rank variable (``B E F G I L M N O P R U V``):
  the same letter the same rank, different letters different ranks, none of them a rank the
  term names (``AARR``: two aces and another pair);
- suits ``shdc``; a suit variable (``w x y z``): the same letter the same suit, different
  letters different suits, none of them a suit the term names (``AxAyxy``: double-suited aces);
- ``[A,K,Qs,h]``: one card of those ranks, cards or suits; ``[A-T]``, ``[5-]``, ``[T+]``: one
  card of a span of ranks.

A term may be a span of cards (Open PQL's RawSpan), the whole term: ``QQ+`` (QQ, KK, AA),
``AK-`` (AK, KQ … 32), ``KK-TT``, ``AsK-JsT``: its ranks moved together a rank at a time, up to
the ace, down to the deuce, or to the other end's, each place a term of the union. Its cards
are ranks, each with a suit or not.

ProPokerTools' syntax macros: ``$B`` … ``$W`` a card of a class of ranks (RANK_MACROS);
``$np``, ``$ds``, ``$ss`` a hand's shape, a term of its own, read as a filter of the hands beside
it (``AA:$ds``). Terms combine with ``,`` (union), ``:`` (both) and ``!`` (the left without the
right), ``:`` and ``!`` before ``,``; parentheses group. Each sub-range of the whole may end in a
weight, ``@1`` to ``@100``, all or none; a hand in several takes the largest. Letters are read in
any case; spaces are skipped.

A term is expanded in two steps: its cores, each set of cards that fits the pattern (found by
assigning deck cards to the pattern's cards, identical pattern cards in one order only), then
every hand holding a core. Hands are 52-bit masks while expanding.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

import sqlglot
from sqlglot import exp

from ..cards import RANKS, SUITS
from ..errors import BadInput

RANK_VARIABLES = frozenset("BEFGILMNOPRUV")
SUIT_VARIABLES = frozenset("WXYZ")
RANK_LETTERS = RANKS.upper()  # indexed: a rank's value
SUIT_LETTERS = SUITS.upper()
RANK_SET, SUIT_SET = frozenset(RANK_LETTERS), frozenset(SUIT_LETTERS)
# More hands than this (before the overlap of the terms is removed) are refused: the deals
# past it are beyond the exact budget, and listing them takes seconds.
MOST_HANDS = 3_000_000
# Past this many hands, the relation is one text of the hands (sqlglot writes a VALUES row a
# millisecond or so each).
COMPACT_FROM = 500
NOT_SUPPORTED = {
    "%": "a percentage of hands ('%')",
}
MOST_WEIGHT = 100  # ProPokerTools' weights: whole numbers 1 to 100
# ProPokerTools' syntax macros. A card of a class of ranks (``$B``: A to J; ``$L``: A, 2 to 8):
RANK_MACROS = {
    "B": "AKQJ", "R": "AKQJT", "F": "KQJ", "N": "KQJT9", "M": "T987",
    "Z": "65432", "L": "A2345678", "W": "A2345",
}
# and a whole hand's shape (a term of its own): no pair; double-suited (two suits of two cards or
# more, the generic xxyy); single-suited (one suit of two or more, no second: xx!xxyy)
HAND_MACROS = {"NP", "DS", "SS"}


def refused(text: str, what: str, at: int) -> BadInput:
    return BadInput(f"PQL: range {text!r}: {what} (position {at + 1})")


@dataclass(frozen=True)
class Slot:
    """One pattern card: the cards it may be, and its rank and suit variables."""

    cards: frozenset[int]
    rank_var: str | None = None
    suit_var: str | None = None


@dataclass
class Term:
    slots: list[Slot]
    at: int

    @property
    def every(self) -> bool:
        return all(s.cards == frozenset(range(52)) and not s.rank_var and not s.suit_var for s in self.slots)


class _Reader:
    """A recursive descent over the range text; ``pos`` indexes the text with spaces kept."""

    def __init__(self, text: str, hole: int) -> None:
        self.text, self.hole = text, hole
        self.pos = 0

    def peek(self) -> str:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1
        return self.text[self.pos].upper() if self.pos < len(self.text) else ""

    def fail(self, what: str) -> BadInput:
        return refused(self.text, what, self.pos)

    def union(self, top: bool = False) -> list:
        """``a, b, …``; at the top, each sub-range may end in a weight (``AA@10, KK@5``): then
        ``["weighted", [(node, weight), …]]``, every sub-range weighted or none."""
        parts = [(self.both(), self.weight(top))]
        while self.peek() == ",":
            self.pos += 1
            parts.append((self.both(), self.weight(top)))
        weighted = [w is not None for _, w in parts]
        if any(weighted):
            if not all(weighted):
                raise refused(self.text, "every sub-range weighted or none ('AA@10, KK@5')", 0)
            return ["weighted", parts]
        node = parts[0][0]
        for part, _ in parts[1:]:
            node = ["or", node, part]
        return node

    def weight(self, top: bool) -> int | None:
        """``@N`` here: N, a whole number 1 to 100; None when no weight is given."""
        if self.peek() != "@":
            return None
        at = self.pos
        if not top:
            raise self.fail("a weight ends a sub-range of the whole range, not one in parentheses")
        self.pos += 1
        self.peek()
        digits = ""
        while self.pos < len(self.text) and self.text[self.pos].isdigit():
            digits += self.text[self.pos]
            self.pos += 1
        if not digits or not 1 <= int(digits) <= MOST_WEIGHT:
            raise refused(self.text, f"a weight is a whole number 1 to {MOST_WEIGHT} after '@'", at)
        return int(digits)

    def both(self) -> list:
        node = self.leaf()
        while self.peek() in (":", "!"):
            op = "and" if self.peek() == ":" else "not"
            self.pos += 1
            node = [op, node, self.leaf()]
        return node

    def leaf(self) -> list:
        if self.peek() == "(":
            self.pos += 1
            node = self.union()
            if self.peek() != ")":
                raise self.fail("')' expected")
            self.pos += 1
            return node
        return self.term()

    def term(self) -> list:
        """A term's node, ``["term", Term]``; a span's, its terms joined by "or"."""
        self.peek()
        start = self.pos
        macro = self.hand_macro()
        if macro:
            c = self.peek()
            if c and c not in ",:!)@":
                raise self.fail(f"a hand macro (${macro.lower()}) is a term of its own: cannot read {self.text[self.pos]!r} after it")
            return ["macro", macro, start]
        raw = self.cards()
        span = self.span(raw, start) if raw and self.peek() in ("+", "-") else None
        c = self.peek()
        if c in NOT_SUPPORTED:
            raise self.fail(f"{NOT_SUPPORTED[c]} is not supported yet")
        if not raw:
            raise self.fail("a card pattern expected" if c else "a card pattern expected, the range ends")
        if c and c not in ",:!)@":
            raise self.fail(f"cannot read {self.text[self.pos]!r}")
        if span:
            return span
        choices: list = [[]]  # a bracket of several cards ('[QQ+]'): a term for each of its choices
        for card in raw:
            choices = [c + alt for c in choices for alt in card[1]] if card[0] == "multi" else [c + [card] for c in choices]
        for choice in choices:
            if len(choice) > self.hole:
                raise refused(self.text, f"{len(choice)} cards in a term of a {self.hole}-card hand", raw[0][3])
        node = ["term", Term(_slots(choices[0]), start)]
        for choice in choices[1:]:
            node = ["or", node, ["term", Term(_slots(choice), start)]]
        return node

    def span(self, top: list[tuple[str, object, object, int]], start: int, inside: bool = False) -> list:
        """``QQ+``, ``AK-``, ``AK-QJ`` (Open PQL's RawSpan, a whole term): its cards' ranks moved
        together a rank at a time, up to the ace, down to the deuce, or down (or up) to the other
        end's; each place a term, joined by "or" (``inside`` a bracket: each place's cards). The
        cards are ranks, each with a suit or not."""
        def ranks_of(end: list[tuple[str, object, object, int]]) -> list[int]:
            if any(kind != "card" or rank not in RANK_SET or suit in SUIT_VARIABLES for kind, rank, suit, _ in end):
                raise refused(self.text, "a span's cards are ranks, each with a suit or not (no variables, '*' or lists)", end[0][3])
            return [RANK_LETTERS.index(rank) for _, rank, _, _ in end]

        op = self.peek()
        self.pos += 1
        ranks = ranks_of(top)
        if op == "+":
            shifts = range(0, 13 - max(ranks))
        elif self.peek() in RANK_SET:  # AK-QJ: down (or up) to the other end
            bottom = self.cards()
            ends = ranks_of(bottom)
            if len(bottom) != len(top):
                raise self.fail("a span's two ends have different numbers of ranks")
            if [suit for _, _, suit, _ in bottom] != [suit for _, _, suit, _ in top]:
                raise self.fail("a span's two ends have different suits")
            if any(a - b != ends[0] - ranks[0] for a, b in zip(ends, ranks)):
                raise self.fail("a span's two ends have their ranks at different distances")
            shifts = range(min(0, ends[0] - ranks[0]), max(0, ends[0] - ranks[0]) + 1)
        else:
            shifts = range(-min(ranks), 1)
        raws = [[(kind, RANK_LETTERS[RANK_LETTERS.index(rank) + s], suit, at) for kind, rank, suit, at in top] for s in shifts]
        if inside:
            return raws
        terms = [["term", Term(_slots(raw), start)] for raw in raws]
        node = terms[0]
        for term in terms[1:]:
            node = ["or", node, term]
        return node

    def hand_macro(self) -> str | None:
        """``$np``, ``$ds``, ``$ss`` here: its name (the position past it), else None."""
        name = self.text[self.pos + 1:self.pos + 3].upper() if self.peek() == "$" else ""
        if name in HAND_MACROS:
            self.pos += 3
            return name
        return None

    def rank_macro(self) -> frozenset[int]:
        """``$B`` … here: the ranks of its class (the position past it)."""
        at = self.pos
        name = self.text[self.pos + 1:self.pos + 2].upper()
        if name not in RANK_MACROS:
            word = self.text[self.pos:self.pos + 3]
            raise refused(self.text, f"unknown macro {word!r} (the macros: {', '.join('$' + m for m in RANK_MACROS)}, $np, $ds, $ss)", at)
        self.pos += 2
        return frozenset(RANK_LETTERS.index(r) for r in RANK_MACROS[name])

    def cards(self) -> list[tuple[str, object, object, int]]:
        """The pattern cards from here: (kind, rank, suit, position); a list's kind is "list",
        its cards in the rank's place."""
        raw: list[tuple[str, object, object, int]] = []
        while True:
            c = self.peek()
            if c == "[":
                at = self.pos
                inside = self.bracket()
                raw.append(("multi" if isinstance(inside, list) else "list", inside, None, at))
            elif c == "$" and self.text[self.pos + 1:self.pos + 3].upper() not in HAND_MACROS:
                at = self.pos
                ranks = self.rank_macro()
                suit = self.text[self.pos].upper() if self.pos < len(self.text) else ""
                if suit in SUIT_SET or suit in SUIT_VARIABLES:
                    self.pos += 1
                else:
                    suit = None
                raw.append(("ranks", ranks, suit, at))
            elif c in RANK_SET or c == "*" or c in RANK_VARIABLES:
                at = self.pos
                self.pos += 1
                suit = self.peek() if self.pos < len(self.text) and not self.text[self.pos].isspace() else ""
                if suit in SUIT_SET or suit in SUIT_VARIABLES:
                    self.pos += 1
                else:
                    suit = None
                raw.append(("card", c, suit, at))
            elif c in SUIT_SET or c in SUIT_VARIABLES:
                raw.append(("card", None, c, self.pos))
                self.pos += 1
            else:
                return raw

    def several(self, start: int) -> list:
        """``[QQ+, AK]``, a bracket of several cards (Open PQL's spans in brackets): each choice's
        cards, a span's each place; ``start`` the bracket's position."""
        self.pos = start + 1
        choices: list = []
        while True:
            at = self.pos
            cards = self.cards()
            if not cards or any(kind != "card" for kind, *_ in cards):
                raise refused(self.text, "cards or a span of them expected in '[…]'", at)
            choices += self.span(cards, at, inside=True) if self.peek() in ("+", "-") else [cards]
            c = self.peek()
            self.pos += 1
            if c == "]":
                return choices
            if c != ",":
                self.pos -= 1
                raise self.fail("',' or ']' expected")

    def bracket(self) -> frozenset[int] | list:
        """``[A,K,Qs,h]`` or ``[A-T]``, ``[5-]``, ``[T+]``: the cards of one slot; or the choices of
        a bracket of several cards (``several``)."""
        start = self.pos
        self.pos += 1
        cards: set[int] = set()
        while True:
            c = self.peek()
            at = self.pos
            if c in RANK_SET:
                self.pos += 1
                suit = self.text[self.pos].upper() if self.pos < len(self.text) and self.text[self.pos].upper() in SUIT_SET else None
                self.pos += bool(suit)
                ranks = [RANK_LETTERS.index(c)]
                if self.peek() in ("+", "-"):
                    op = self.peek()
                    self.pos += 1
                    end = self.peek()
                    if op == "-" and end in RANK_SET:
                        self.pos += 1
                        end_suit = self.text[self.pos].upper() if self.pos < len(self.text) and self.text[self.pos].upper() in SUIT_SET else None
                        if end_suit != suit:
                            raise self.fail("a span's two ends have different suits")
                        self.pos += bool(end_suit)
                        low, high = sorted((ranks[0], RANK_LETTERS.index(end)))
                    else:
                        low, high = (ranks[0], 12) if op == "+" else (0, ranks[0])
                    ranks = list(range(low, high + 1))
                cards |= {4 * r + s for r in ranks for s in range(4) if suit is None or SUITS[s] == suit.lower()}
            elif c in SUIT_SET:
                self.pos += 1
                cards |= {4 * r + SUIT_LETTERS.index(c) for r in range(13)}
            elif c == "]":
                raise self.fail("an empty list")
            else:
                raise refused(self.text, "a rank, a card or a suit expected in '[…]' (no variables or '*')", at)
            c = self.peek()
            if c in RANK_SET:  # a card right after a card: several cards in the bracket
                return self.several(start)
            self.pos += 1
            if c == "]":
                return frozenset(cards)
            if c != ",":
                self.pos -= 1
                raise self.fail("',' or ']' expected")


def _slots(raw: list[tuple[str, object, object, int]]) -> list[Slot]:
    """Each pattern card's cards; a variable excludes the ranks and suits the term names."""
    named_ranks = {RANK_LETTERS.index(r) for kind, r, _, _ in raw if kind == "card" and r in RANK_SET}
    named_suits = {SUIT_LETTERS.index(s) for kind, _, s, _ in raw if kind == "card" and s in SUIT_SET}
    slots = []
    for kind, rank, suit, _ in raw:
        if kind == "list":
            slots.append(Slot(rank))  # type: ignore[arg-type]
            continue
        cards = set(range(52))
        if kind == "ranks":
            cards = {c for c in cards if c // 4 in rank}  # type: ignore[operator]
        elif rank in RANK_SET:
            cards = {c for c in cards if c // 4 == RANK_LETTERS.index(rank)}
        elif rank in RANK_VARIABLES:
            cards = {c for c in cards if c // 4 not in named_ranks}
        if suit in SUIT_SET:
            cards = {c for c in cards if c % 4 == SUIT_LETTERS.index(suit)}
        elif suit in SUIT_VARIABLES:
            cards = {c for c in cards if c % 4 not in named_suits}
        variable = rank if kind == "card" and rank in RANK_VARIABLES else None
        slots.append(Slot(frozenset(cards), variable, suit if suit in SUIT_VARIABLES else None))
    return slots


RANK_MASKS = [sum(1 << (4 * r + s) for s in range(4)) for r in range(13)]
SUIT_MASKS = [sum(1 << (4 * r + s) for r in range(13)) for s in range(4)]


# each 13-bit part of a mask (the cards 13 * part onward) to its cards, the highest first
_PARTS = [[tuple(13 * part + c for c in range(12, -1, -1) if bits >> c & 1) for bits in range(1 << 13)] for part in range(4)]


def cards_of(mask: int) -> list[int]:
    """A mask's cards, the highest first."""
    parts = _PARTS
    return [*parts[3][mask >> 39], *parts[2][mask >> 26 & 8191], *parts[1][mask >> 13 & 8191], *parts[0][mask & 8191]]


def cores(term: Term, deck: frozenset[int]) -> set[int]:
    """Every set of distinct deck cards that fits the term's cards, as masks."""
    slots = [s for s in term.slots if s.cards != frozenset(range(52)) or s.rank_var or s.suit_var]
    live = sum(1 << c for c in deck)
    allowed = [sum(1 << c for c in s.cards) & live for s in slots]
    # identical slots take their cards in one order only (each core once, not once per order)
    twin = [max((j for j in range(i) if slots[j] == slots[i]), default=None) for i in range(len(slots))]
    # what slot i asks of an earlier slot j's card: (same rank?, same suit?), None for free
    ties = [
        [
            (
                (slots[i].rank_var == slots[j].rank_var) if slots[i].rank_var and slots[j].rank_var else None,
                (slots[i].suit_var == slots[j].suit_var) if slots[i].suit_var and slots[j].suit_var else None,
            )
            for j in range(i)
        ]
        for i in range(len(slots))
    ]
    found: set[int] = set()
    chosen: list[int] = []

    def walk(i: int, used: int) -> None:
        if i == len(slots):
            found.add(used)
            return
        candidates = allowed[i] & ~used
        for j, (same_rank, same_suit) in enumerate(ties[i]):
            card = chosen[j]
            if same_rank is not None:
                candidates = candidates & RANK_MASKS[card // 4] if same_rank else candidates & ~RANK_MASKS[card // 4]
            if same_suit is not None:
                candidates = candidates & SUIT_MASKS[card % 4] if same_suit else candidates & ~SUIT_MASKS[card % 4]
        if twin[i] is not None:
            candidates &= ~((2 << chosen[twin[i]]) - 1)  # above the twin's card
        while candidates:
            card = (candidates & -candidates).bit_length() - 1
            candidates ^= 1 << card
            chosen.append(card)
            walk(i + 1, used | 1 << card)
            chosen.pop()

    walk(0, 0)
    return found


def _hands(term: Term, deck: frozenset[int], hole: int, text: str) -> set[int]:
    """Every hand of ``hole`` deck cards holding one of the term's cores."""
    found = cores(term, deck)
    if not found:
        return set()
    free = hole - bin(next(iter(found))).count("1")
    size = len(found) * math.comb(len(deck), free)
    if size > MOST_HANDS:
        raise refused(text, f"the term holds too many hands to list (about {size:,}; at most {MOST_HANDS:,}): narrow it", term.at)
    fills = [sum(1 << c for c in f) for f in combinations(sorted(deck), free)]
    hands: set[int] = set()
    for core in found:
        hands.update(core | f for f in fills if not core & f)
    return hands


def shaped(name: str, mask: int) -> bool:
    """Whether a hand (a mask) has a hand macro's shape: no pair, double-suited, single-suited."""
    cards = cards_of(mask)
    if name == "NP":
        return len({c // 4 for c in cards}) == len(cards)
    suited = sum(1 for s in range(4) if sum(1 for c in cards if c % 4 == s) >= 2)
    return suited >= 2 if name == "DS" else suited == 1


def _evaluate(node: list, deck: frozenset[int], hole: int, text: str) -> set[int]:
    if node[0] == "weighted":  # its hands, the weights apart (inrange)
        return set().union(*(_evaluate(part, deck, hole, text) for part, _ in node[1]))
    if node[0] == "term":
        return _hands(node[1], deck, hole, text)
    if node[0] == "macro":  # alone: every hand of its shape
        if math.comb(len(deck), hole) > MOST_HANDS:
            raise refused(text, f"${node[1].lower()} alone holds too many hands to list: narrow it (AA:${node[1].lower()})", node[2])
        return {h for h in (sum(1 << c for c in f) for f in combinations(sorted(deck), hole)) if shaped(node[1], h)}
    op, right_macro = node[0], node[2][0] == "macro"
    if op in ("and", "not") and right_macro:  # the left's hands of that shape, or not
        return {h for h in _evaluate(node[1], deck, hole, text) if shaped(node[2][1], h) == (op == "and")}
    if op == "and" and node[1][0] == "macro":
        return {h for h in _evaluate(node[2], deck, hole, text) if shaped(node[1][1], h)}
    left = _evaluate(node[1], deck, hole, text)
    right = _evaluate(node[2], deck, hole, text)
    return left | right if op == "or" else left & right if op == "and" else left - right


def holds(node: list, hand: list[int]) -> bool:
    """Whether the range (``parse``'s node) holds this hand, read without expanding it: a term
    when some of the hand's cards fit its cards (one of its cores is among them), the rest as
    ``_evaluate`` combines them. The same answer as membership in ``expand``'s hands."""
    if node[0] == "weighted":
        return any(holds(part, hand) for part, _ in node[1])
    mask = sum(1 << c for c in hand)
    if node[0] == "term":
        return bool(cores(node[1], frozenset(hand)))
    if node[0] == "macro":
        return shaped(node[1], mask)
    left, right = holds(node[1], hand), holds(node[2], hand)
    return left or right if node[0] == "or" else left and right if node[0] == "and" else left and not right


def parse(text: str, hole: int) -> list:
    reader = _Reader(text, hole)
    if not reader.peek():
        raise reader.fail("an empty range")
    node = reader.union(top=True)
    if reader.peek():
        raise reader.fail(f"unexpected {reader.text[reader.pos]!r}")
    return node


def _any_hand(node: list) -> bool:
    """Whether the range is every hand: a union one of whose terms is all wildcards."""
    if node[0] == "term":
        return node[1].every
    return node[0] == "or" and (_any_hand(node[1]) or _any_hand(node[2]))


def expand(text: str, hole: int, deck: list[int]) -> list[list[int]] | None:
    """The hands of the range (each its cards from the highest), in order; None: every hand."""
    weighted = expand_weighted(text, hole, deck)
    return None if weighted is None else [h for h, _ in weighted]


def expand_weighted(text: str, hole: int, deck: list[int]) -> list[tuple[list[int], int]] | None:
    """The hands of the range with their weights (1 without ``@``; a hand in several weighted
    sub-ranges takes the largest, as ProPokerTools'), in order; None: every hand, unweighted."""
    node = parse(text, hole)
    if node[0] != "weighted":
        if _any_hand(node):
            return None
        return [(cards_of(h), 1) for h in sorted(_evaluate(node, frozenset(deck), hole, text))]
    weights: dict[int, int] = {}
    for part, weight in node[1]:
        for h in _evaluate(part, frozenset(deck), hole, text):
            weights[h] = max(weight, weights.get(h, 0))
    return [(cards_of(h), weights[h]) for h in sorted(weights)]


def hands_of(text: str, hole: int, deck: list[int], what: str, weighted: bool = False) -> list | None:
    """``expand`` (or ``expand_weighted``), a refusal naming the range as ``what`` (``hero's omaha range``)."""
    return _named(lambda: (expand_weighted if weighted else expand)(text, hole, deck), what)


def rule_of(text: str, hole: int, what: str) -> tuple[list, bool]:
    """The range read (``parse``'s node, for ``holds``) and whether it is every hand, a refusal
    naming it as ``what``."""
    node = _named(lambda: parse(text, hole), what)
    return node, node[0] != "weighted" and _any_hand(node)


def _named(read, what: str):
    try:
        return read()
    except BadInput as e:
        raise BadInput(f"{e}".replace("PQL: range", f"PQL: {what}", 1)) from None


def player_combos(game_name: str, hole: int, deck: list[int], name: str, text: str) -> list[tuple[list[int], int]] | None:
    """deals.player_combos for an Omaha range: every hand it holds and its whole weight; None: any hand."""
    hands = hands_of(text, hole, deck, f"{name}'s {game_name} range", weighted=True)
    if hands == []:
        raise BadInput(f"PQL: {name}'s {game_name} range {text!r} holds no hand")
    return hands


def compact(combos: list[tuple[list[int], int]]) -> exp.Expression | None:
    """A relation (cards, w, k) of many hands, all of weight 1, as one text that SQL splits;
    None when a VALUES list fits (few hands, or weights)."""
    if len(combos) < COMPACT_FROM or any(not 1 <= w <= 999 or w != int(w) for _, w in combos):
        return None
    hole = len(combos[0][0])
    two = [f"{c:02d}" for c in range(52)]
    weighted = any(w != 1 for _, w in combos)  # then each hand's weight in three digits after its cards
    text = ",".join("".join(map(two.__getitem__, cards)) + (f"{int(w):03d}" if weighted else "") for cards, w in combos)
    weight = f"cast(substr(h, {2 * hole + 1}, 3) as integer)" if weighted else "1"
    return sqlglot.parse_one(
        f"select list_transform(range({hole}), i -> cast(substr(h, 2 * i + 1, 2) as integer)) as cards, {weight} as w, k - 1 as k "
        "from (select unnest(t) as h, generate_subscripts(t, 1) as k from (select string_split(:hands, ',') as t))",
        read="duckdb",
    ).transform(lambda n: exp.convert(text) if isinstance(n, exp.Placeholder) else n)
