"""The deals a PQL statement counts: each player's combinations, the board and dead cards.

``Setup`` holds what the from clause gives (each player's combinations with whole-number
weights, or every hand of the game; the board; the dead cards). ``deals_query`` writes the
CTEs ``combos_<i>`` and ``deals`` (columns p0, p1 …, board, w): every deal, or with
``trials`` a seeded sample. Only the board cards the query reads are enumerated; every deal
then stands for the same number of completions of the rest, which multiplies its weight, so
the counts stay those of whole deals.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import sqlglot
from sqlglot import exp

from ..cards import card_name, parse_cards
from ..errors import BadInput
from ..range_text import parse_weighted, whole_weights
from . import omaha_ranges
from .games import PqlGame

ANY = "*"


@dataclass
class Setup:
    game: PqlGame
    combos: list[list[tuple[list[int], int]] | None]  # None: every hand of the game
    board: list[int]
    dead: list[int]
    street: int = 5  # how much of the board the query reads (0, 3, 4, 5)
    turn_apart: bool = True  # whether the turn is read apart from the river (their order counts)
    flop_apart: bool = True  # whether the flop is read apart from the turn and river
    scale: int = 1  # the weights' common denominator: the counts in SQL are the weighted counts x scale

    @property
    def known(self) -> set[int]:
        return set(self.board) | set(self.dead) | {c for combos in self.combos if combos and len(combos) == 1 for c in combos[0][0]}

    @property
    def left(self) -> int:
        """Cards left for the board once the hands are dealt."""
        return len(self.game.deck) - len(self.board) - len(self.dead) - self.game.hole * len(self.combos)

    def completions(self) -> tuple[int, int]:
        """(boards enumerated per hand, boards each of them stands for)."""
        left, missing = self.left, 5 - len(self.board)
        flop = max(0, 3 - len(self.board))
        every = math.comb(left, flop) * math.perm(left - flop, missing - flop)
        read = max(0, self.street - len(self.board))
        read_flop = min(flop, read) if self.flop_apart else read
        enumerated = math.comb(left, read_flop) * math.perm(left - read_flop, read - read_flop)
        if read - read_flop == 2 and not self.turn_apart:
            enumerated //= 2
        return enumerated, every // enumerated

    def hands(self) -> int:
        counts = [len(c) if c is not None else math.comb(len(self.game.deck) - len(self.board) - len(self.dead), self.game.hole) for c in self.combos]
        return math.prod(counts)

    def work(self) -> int:
        return self.hands() * self.completions()[0]


def cards_of(text: str, what: str) -> list[int]:
    if text.strip() in ("", ANY):
        return []
    try:
        return parse_cards(text)
    except BadInput as e:
        raise BadInput(f"PQL: {what} {text!r}: {e}") from None


def player_combos(game: PqlGame, name: str, text: str) -> list[tuple[list[int], int]] | None:
    """A player's combinations and whole weights; None for `*`, any hand."""
    if text.strip() == ANY:
        return None
    try:
        cards = parse_cards(text)
    except BadInput:
        cards = None
    if cards and len(cards) == game.hole:
        if len(set(cards)) != len(cards):
            raise BadInput(f"PQL: {name}={text!r} holds a card twice")
        if not set(cards) <= set(game.deck):  # short deck: no card below six
            raise BadInput(f"PQL: {game.name}'s deck has no card {card_name(min(set(cards) - set(game.deck)))!r} (of {name})")
        return [(sorted(cards, reverse=True), 1)]
    if game.hole != 2:  # Omaha: a range in PQL's generic syntax
        return omaha_ranges.player_combos(game.name, game.hole, game.deck, name, text)
    try:
        weights = {c: w for c, w in parse_weighted(text).items() if w}
    except BadInput as e:
        raise BadInput(f"PQL: range of {name}: {e}") from None
    scale, whole = whole_weights(weights) if any(w != 1 for w in weights.values()) else (1, dict.fromkeys(weights, 1))
    deck = set(game.deck)
    return [(sorted(c, reverse=True), Fraction(whole[c], scale)) for c in weights if set(c) <= deck]


def setup_of(game: PqlGame, settings: dict[str, str], players: list[str]) -> Setup:
    board = cards_of(settings.get("board", ""), "board")
    dead = cards_of(settings.get("dead", ""), "dead")
    if len(board) > 5:
        raise BadInput(f"PQL: board {settings['board']!r} has {len(board)} cards: at most 5")
    if len(set(board + dead)) != len(board + dead):
        raise BadInput("PQL: a card is on the board or dead twice")
    outside = [c for c in board + dead if c not in game.deck]
    if outside:
        raise BadInput(f"PQL: {game.name}'s deck has no card {card_name(outside[0])!r} (of the board or dead cards)")
    combos = [player_combos(game, p, settings[p]) for p in players]
    used = set(board) | set(dead)
    live = []
    for name, c in zip(players, combos):
        if c is not None:
            c = [(cards, w) for cards, w in c if not used & set(cards)]
            if not c:
                raise BadInput(f"PQL: {name} has no hand left once the board and dead cards are out")
        live.append(c)
    fixed = [(name, set(c[0][0])) for name, c in zip(players, live) if c is not None and len(c) == 1]
    for (first, held), (second, other) in ((a, b) for i, a in enumerate(fixed) for b in fixed[i + 1:]):
        if held & other:
            raise BadInput(f"PQL: {first} and {second} both hold {card_name(min(held & other))!r}")
    setup = Setup(game, [None if c is None else [(cards, 1) for cards, _ in c] for c in live], board, dead)
    # whole weights for SQL: each player's weights times the least common multiple of their denominators
    for i, c in enumerate(live):
        if c is not None and any(w != 1 for _, w in c):
            scale = math.lcm(*(Fraction(w).denominator for _, w in c))
            setup.combos[i] = [(cards, int(w * scale)) for cards, w in c]
            setup.scale *= scale
    return setup


def _values(combos: list[tuple[list[int], int]]) -> exp.Expression:
    rows = [exp.Tuple(expressions=[exp.convert(cards), exp.convert(w), exp.convert(k)]) for k, (cards, w) in enumerate(combos)]
    return exp.select("*").from_(exp.Values(expressions=rows, alias=exp.TableAlias(this=exp.to_identifier("v"), columns=[exp.to_identifier(n) for n in ("cards", "w", "k")])))


def hands_relation(combos: list[tuple[list[int], int]]) -> exp.Expression:
    """A relation (cards, w, k) of these hands and whole weights: one text that SQL splits
    (many hands of weight 1), or a VALUES row each."""
    return omaha_ranges.compact(combos) or _values(combos)


def _every_hand(setup: Setup) -> exp.Expression:
    """Every hand of the game's hole cards from the cards not on the board or dead."""
    holes = range(setup.game.hole)
    names = [f"c{i}" for i in holes]
    cards = ", ".join(f"{n}.card_id" for n in reversed(names))
    query = exp.select(
        exp.alias_(sqlglot.parse_one(f"[{cards}]", read="duckdb"), "cards"),
        exp.alias_(exp.convert(1), "w"),
        exp.alias_(sqlglot.parse_one(f"row_number() over (order by {cards}) - 1", read="duckdb"), "k"),
    )
    out = sorted(set(setup.board) | set(setup.dead)) or [-1]
    for i, name in enumerate(names):
        query = query.from_(exp.table_("cards", alias=name)) if i == 0 else query.join(exp.table_("cards", alias=name))
        query = query.where(exp.GTE(this=exp.column("card_id", name), expression=exp.convert(4 * setup.game.low_rank)))
        query = query.where(exp.Not(this=exp.In(this=exp.column("card_id", name), expressions=[exp.convert(c) for c in out])))
        if i:
            query = query.where(exp.LT(this=exp.column("card_id", name), expression=exp.column("card_id", names[i - 1])))
    return query


def deals_query(setup: Setup, trials: int | None, seed: int) -> exp.Select:
    """A select whose CTEs end with ``deals`` (p0, p1 …, board, w)."""
    players = range(len(setup.combos))
    query = exp.select("*").from_("deals")
    for p, combos in zip(players, setup.combos):
        query = query.with_(f"combos_{p}", as_=_every_hand(setup) if combos is None else hands_relation(combos))
    hands = exp.select(*[exp.alias_(exp.column("cards", f"c{p}"), f"p{p}") for p in players])
    weight = " * ".join([f"c{p}.w" for p in players]) or "1"
    if trials is None:
        hands = hands.select(exp.alias_(sqlglot.parse_one(weight, read="duckdb"), "w")).from_("(select 1) as one")
    else:
        trial_rows = sqlglot.parse_one(f"select * from range({int(trials)}) as t(i)", read="duckdb").args["from_"].this
        hands = hands.select(exp.alias_(sqlglot.parse_one(weight, read="duckdb"), "w"), "t.i").from_(trial_rows)
    for p in players:
        size = len(setup.combos[p]) if setup.combos[p] is not None else None
        if trials is None:
            hands = hands.join(exp.table_(f"combos_{p}", alias=f"c{p}"))
        else:
            if size is None:
                size = math.comb(len(setup.game.deck) - len(set(setup.board) | set(setup.dead)), setup.game.hole)
            count = exp.convert(size)
            pick = exp.replace_placeholders(sqlglot.parse_one(f"c{p}.k = hash(:seed, t.i, {p}) % :n", read="duckdb"), seed=exp.convert(seed), n=count)
            hands = hands.join(exp.table_(f"combos_{p}", alias=f"c{p}"), on=pick)
        for q in range(p):
            hands = hands.where(sqlglot.parse_one(f"not list_has_any(c{q}.cards, c{p}.cards)", read="duckdb"))
    query = query.with_("hands", as_=hands)
    holes = " || ".join([f"p{p}" for p in players]) or "[]"
    known = list(setup.board)
    missing = 5 - len(known)
    deck = [c for c in setup.game.deck if c not in set(setup.board) | set(setup.dead)]
    if trials is not None:
        fill = exp.replace_placeholders(
            sqlglot.parse_one(
                f"list_transform(list_sort(list_transform(list_filter(:deck, c -> not list_contains({holes}, c)), c -> (hash(:seed, i, c + 100) % 1000000007) * 64 + c))[1:{missing}], x -> cast(x % 64 as integer))",
                read="duckdb",
            ),
            deck=exp.convert(deck), seed=exp.convert(seed),
        )
        board = exp.replace_placeholders(sqlglot.parse_one(":known || :fill", read="duckdb"), known=exp.convert(known), fill=fill)
        deals = exp.select(*[f"p{p}" for p in players], exp.alias_(board, "board"), "w").from_("hands")
        return query.with_("deals", as_=deals)
    enumerated, each = setup.completions()
    read = max(0, setup.street - len(known))
    flop = min(max(0, 3 - len(known)), read) if setup.flop_apart else read
    names = [f"b{i}" for i in range(read)]
    deals = exp.select(*[f"p{p}" for p in players])
    slots = [exp.convert(c) for c in known] + [exp.column("card_id", n) for n in names]
    slots += [exp.Null()] * (5 - len(slots))
    deals = deals.select(exp.alias_(exp.Array(expressions=slots), "board"), exp.alias_(sqlglot.parse_one(f"w * {each}", read="duckdb"), "w")).from_("hands")
    for i, name in enumerate(names):
        deals = deals.join(exp.table_("cards", alias=name))
        card = exp.column("card_id", name)
        deals = deals.where(exp.GTE(this=card, expression=exp.convert(4 * setup.game.low_rank)))
        if set(setup.board) | set(setup.dead):
            deals = deals.where(exp.Not(this=exp.In(this=card.copy(), expressions=[exp.convert(c) for c in sorted(set(setup.board) | set(setup.dead))])))
        if players:
            deals = deals.where(sqlglot.parse_one(f"not list_contains({holes}, {name}.card_id)", read="duckdb"))
        earlier = names[:i]
        if i and i < flop:  # the flop's cards are a set: in one order only
            deals = deals.where(exp.LT(this=card.copy(), expression=exp.column("card_id", names[i - 1])))
        elif i and i == read - 1 and i - 1 >= flop and not setup.turn_apart:  # turn and river, their order unread
            deals = deals.where(exp.LT(this=card.copy(), expression=exp.column("card_id", names[i - 1])))
            for other in earlier[:-1]:  # and apart from the flop's cards dealt here
                deals = deals.where(exp.NEQ(this=card.copy(), expression=exp.column("card_id", other)))
        else:
            for other in earlier:
                deals = deals.where(exp.NEQ(this=card.copy(), expression=exp.column("card_id", other)))
    return query.with_("deals", as_=deals)
