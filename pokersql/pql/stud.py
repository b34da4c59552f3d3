"""PQL's stud games (stud, stud8, razz; ProPokerTools' ``studhi``): each player's own seven cards,
dealt street by street, and no board.

A player is given as the cards dealt so far, in the order dealt (``'AhKh7c'``: third street; up
to seven), or ``'*'``. A whole deal is every player's cards street by street: the first three a
set (as a flop is), then the fourth to the seventh one card each, in order (as a turn and a
river are). Only the streets the query reads are enumerated: each player's cards still to come
are dealt in chunks, from one street read to the next, each chunk a set that stands for its
orderings (its weight); the cards past the last street read are not dealt at all, every deal
standing for the same number of completions. So ``trials`` is always the number of whole deals.

Each player's cards are rated once a set of cards (``rated_<p>``: its hi, hand_class_of_cards,
the project's evaluation; its lo, the best five of the cards looked up in low_classes, once a set
of ranks), not once a deal; the deals then join the players' sets that share no card
(``deals``: p0, p1 …, each list in the order dealt, r_<p>_<street>, l_<p>_<street>, w). With
``trials``, each trial deals the cards left in a seeded shuffle, player after player.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

from sqlglot import exp

from ..cards import check_distinct, parse_cards
from ..errors import BadInput
from . import deals as dealing
from .games import PqlGame
from .parser import Node
from .ratings import RANK_CODES, RANK_KEY, hi_rating_text, lo_join, sql

TOGETHER = 3  # the cards of a stud hand's first street, dealt as a set (the rest: game.hole, its seven)

# The functions with a meaning in stud: the hand's ratings on a street, the lo's, the showdown's
# (the board's and the hole cards' are Hold'em's and Omaha's)
FUNCTIONS = {
    "rankcount", "maxrank", "minrank", "nthrank", "torank", "tocard",
    "hirating", "ratehihand", "handtype", "exacthandtype", "minhandtype", "minhirating", "maxhirating", "besthirating",
    "lorating", "ratelohand", "minlorating", "maxlorating", "bestlorating", "winslo", "tieslo",
    "winshi", "tieshi", "scoops", "winninghandtype", "riverequity", "fractionalriverequity", "hvhequity", "minhvhequity",
}
HI_POT = {"winshi", "tieshi", "winninghandtype"}  # read the hi pot, which razz has not


def check(game: PqlGame, name: str, node: Node) -> None:
    """BadInput, one line naming it, for a function with no meaning in this stud game."""
    if name not in FUNCTIONS:
        raise BadInput(
            f"PQL: {node.value}() at position {node.position} has no meaning in {game.name}: it reads a board or hole cards, "
            f"and {game.name} deals each player seven cards of their own (its functions rate a hand, its lo and the showdown)"
        )
    if name in HI_POT and not game.hi:
        raise BadInput(f"PQL: {node.value}() at position {node.position} reads the hi pot, and {game.name}'s pot is the lo's alone (winslo, tieslo, scoops)")


def orders(first: int, last: int) -> int:
    """The whole deals one set of a player's cards first+1 … last stands for: its orders, but
    those of the cards of the first street (a set)."""
    return math.factorial(last - first) // math.factorial(max(0, min(last, TOGETHER) - first))


@dataclass
class StudSetup:
    game: PqlGame
    known: list[list[int]]  # each player's cards given, in the order dealt
    dead: list[int]
    streets: set[int]  # the streets the query reads (a stud street is the cards dealt by then)
    scale: int = 1  # no weights: whole numbers

    @property
    def seen(self) -> set[int]:
        return set(self.dead) | {c for cards in self.known for c in cards}

    @property
    def left(self) -> int:
        return len(self.game.deck) - len(self.seen)

    def chunks(self, player: int) -> list[tuple[int, int]]:
        """The player's cards enumerated, (a, b]: from the cards given to each street read after them."""
        given = len(self.known[player])
        ends = sorted(s for s in self.streets if s > given)
        return list(zip([given] + ends, ends))

    def work(self) -> int:
        """The deals enumerated: each player's chunks in turn, each a set of the cards left."""
        left, count = self.left, 1
        for player in range(len(self.known)):
            for first, last in self.chunks(player):
                count *= math.comb(left, last - first)
                left -= last - first
        return count

    def rest(self) -> int:
        """The whole deals each enumerated deal stands for: every way to deal the cards past the
        last street read."""
        left = self.left - sum(last - first for p in range(len(self.known)) for first, last in self.chunks(p))
        count = 1
        for cards in self.known:
            first = max(len(cards), max(self.streets, default=0))
            count *= math.comb(left, self.game.hole - first) * orders(first, self.game.hole)
            left -= self.game.hole - first
        return count


def own_cards(game: PqlGame, name: str, text: str) -> list[int]:
    """A player's cards given, in the order dealt; [] for '*'."""
    if text.strip() == dealing.ANY:
        return []
    try:
        cards = parse_cards(text)
    except BadInput:
        cards = []
    if not 1 <= len(cards) <= game.hole:
        raise BadInput(f"PQL: {name}={text!r}: {game.name} takes a player's cards in the order dealt (1 to {game.hole}, the first three on third street) or '*' (ranges in stud are not supported yet)")
    if len(set(cards)) != len(cards):
        raise BadInput(f"PQL: {name}={text!r} holds a card twice")
    return cards


def setup_of(game: PqlGame, settings: dict[str, str], players: list[str], streets: set[int]) -> StudSetup:
    if settings.get("board", "").strip() not in ("", dealing.ANY):
        raise BadInput(f"PQL: {game.name} deals no board (board={settings['board']!r}): give each player's own cards")
    dead = dealing.cards_of(settings.get("dead", ""), "dead")
    if len(set(dead)) != len(dead):
        raise BadInput("PQL: a card is dead twice")
    known = [own_cards(game, p, settings[p]) for p in players]
    try:
        check_distinct(known + [dead], players + ["the dead cards"])
    except BadInput as e:
        raise BadInput(f"PQL: {e}") from None
    setup = StudSetup(game, known, dead, set(streets))
    needed = sum(game.hole - len(cards) for cards in known)
    if needed > setup.left:
        raise BadInput(f"PQL: {len(players)} players of {game.name} need {needed} cards more, and {setup.left} are left (no community card is dealt)")
    return setup


def _completions(setup: StudSetup, player: int) -> exp.Select:
    """Every set of cards the player may be dealt on the streets read (cards: the order dealt, each
    chunk from the highest card), m its cards' bits, w the whole deals it stands for."""
    names, factor, query = [], 1, exp.select()
    out = [exp.convert(c) for c in sorted(setup.seen) or [-1]]
    for first, last in setup.chunks(player):
        factor *= orders(first, last)
        for position in range(first + 1, last + 1):
            name, card = f"b{position}", exp.column("card_id", f"b{position}")
            query = query.join(exp.table_("cards", alias=name)) if names else query.from_(exp.table_("cards", alias=name))
            query = query.where(exp.Not(this=exp.In(this=card, expressions=out)))
            if position > first + 1:  # a chunk is a set: from its highest card down
                query = query.where(exp.LT(this=card.copy(), expression=exp.column("card_id", names[-1])))
            for other in names[: len(names) - (position - first - 1)]:
                query = query.where(exp.NEQ(this=card.copy(), expression=exp.column("card_id", other)))
            names.append(name)
    known = exp.convert(setup.known[player]) if setup.known[player] else sql("[]::integer[]")
    drawn = exp.Array(expressions=[exp.column("card_id", n) for n in names])
    mask = sql(" + ".join(f"{n}.card_bit" for n in names) if names else "0::bigint")
    return query.select(exp.alias_(sql(":k || :d", k=known, d=drawn), "cards"), exp.alias_(mask, "m"), exp.alias_(exp.convert(factor), "w"))


def _trial_hands(setup: StudSetup, player: int) -> exp.Select:
    """(Monte Carlo) the player's seven cards of each trial: the given, then the next of the shuffle."""
    before = sum(setup.game.hole - len(cards) for cards in setup.known[:player])
    to_come = setup.game.hole - len(setup.known[player])
    known = exp.convert(setup.known[player]) if setup.known[player] else sql("[]::integer[]")
    cards = sql(f":k || deck[{before + 1}:{before + to_come}]", k=known)
    return exp.select("i", exp.alias_(cards, "cards"), exp.alias_(exp.convert(1), "w")).from_("shuffled")


def _shuffled(setup: StudSetup, trials: int, seed: int) -> exp.Select:
    """Each trial's cards left, in a seeded order (as deals.py shuffles a board)."""
    deck = [c for c in setup.game.deck if c not in setup.seen]
    order = "list_transform(list_sort(list_transform(:deck, c -> (hash(:seed, t.i, c + 100) % 1000000007) * 64 + c)), x -> cast(x % 64 as integer))"
    shuffle = sql(order, deck=deck, seed=seed)
    return exp.select("t.i", exp.alias_(shuffle, "deck")).from_(sql(f"select * from range({int(trials)}) as t(i)").args["from_"].this)


def ranks_key(cards: str) -> exp.Expression:
    """The rank_key of a list of cards (the sum of their ranks' codes): its lows' key in low_classes."""
    return sql(RANK_KEY, five=sql(cards), codes=RANK_CODES)


def _lows(game: PqlGame, player: int, street: int) -> exp.Select:
    """The player's lo on the street for each set of ranks held (k, their rank_key): the best of its
    fives in low_classes (the game's lo ranking), one set of cards of those ranks rated."""
    key, rating, classes = lo_join(game.lo_ranking, game.lo_ratings)
    picks = [list(p) for p in itertools.combinations(range(1, street + 1), 5)]
    held = sql(f"select k, any_value(cards[1:{street}]) as held from (select :k as k, cards from hand_{player}) as h group by k", k=ranks_key(f"cards[1:{street}]"))
    fives = sql("select k, unnest(list_transform(:picks, i -> [held[i[1]], held[i[2]], held[i[3]], held[i[4]], held[i[5]]])) as five from held_ranks", picks=picks)
    keyed = exp.select("*", exp.alias_(key, "five_key")).from_(fives.subquery("g", copy=False), copy=False)
    rated = exp.select("f.k", exp.alias_(rating, "l")).from_(keyed.subquery("f", copy=False), copy=False)
    rated = rated.join(classes.subquery("lc", copy=False), on=sql("lc.rank_key = f.five_key"), join_type="left", copy=False)
    return rated.group_by("f.k", copy=False).with_("held_ranks", as_=held, copy=False)


def _with_lows(player: int, streets: list[int]) -> exp.Select:
    """The player's sets with their lo ratings (l_<street>), looked up by the ranks held."""
    query = exp.select("h.*").from_(exp.table_(f"hand_{player}", alias="h"))
    for street in streets:
        table = f"lows_{player}_{street}"
        query = query.select(exp.alias_(exp.column("l", table), f"l_{street}"))
        query = query.join(exp.table_(table), on=exp.EQ(this=exp.column("k", table), expression=ranks_key(f"h.cards[1:{street}]")))
    return query


def _with_his(game: PqlGame, source: str, streets: list[int]) -> exp.Select:
    """The sets of ``source`` with their hi ratings (r_<street>). (Apart from the lows' join:
    DuckDB runs out of memory on hand_class_of_cards and a join in one select.)"""
    query = exp.select("h.*").from_(exp.table_(source, alias="h"))
    for street in streets:
        rating = hi_rating_text(game, [f"h.cards[{i}]" for i in range(1, street + 1)])
        query = query.select(exp.alias_(sql(rating), f"r_{street}"))
    return query


def deals_query(t: Any, setup: StudSetup, trials: int | None, seed: int) -> exp.Select:
    """A select whose CTEs end with ``deals`` (p0, p1 …, r_<player>_<street>, l_<player>_<street>, w)."""
    players = range(len(setup.known))
    query = exp.select("*").from_("deals")
    if trials is not None:
        query = query.with_("shuffled", as_=_shuffled(setup, trials, seed), copy=False)
    deals = exp.select()
    for p in players:
        his = sorted(s for q, s in t.ratings if q == p)
        los = sorted(s for q, s in t.lo_ratings if q == p)
        query = query.with_(f"hand_{p}", as_=_completions(setup, p) if trials is None else _trial_hands(setup, p), materialized=True, copy=False)
        for street in los:
            query = query.with_(f"lows_{p}_{street}", as_=_lows(setup.game, p, street), copy=False)
        if los:
            query = query.with_(f"lo_rated_{p}", as_=_with_lows(p, los), materialized=True, copy=False)
        query = query.with_(f"rated_{p}", as_=_with_his(setup.game, f"lo_rated_{p}" if los else f"hand_{p}", his), materialized=True, copy=False)
        columns = [exp.alias_(exp.column("cards", f"h{p}"), f"p{p}")]
        columns += [exp.alias_(exp.column(f"{kind}_{s}", f"h{p}"), f"{kind}_{p}_{s}") for kind, streets in (("r", his), ("l", los)) for s in streets]
        deals = deals.select(*columns)
        table = exp.table_(f"rated_{p}", alias=f"h{p}")
        if p == 0:
            deals = deals.from_(table)
        elif trials is not None:
            deals = deals.join(table, on=sql(f"h{p}.i = h0.i"))
        else:  # no card in two hands
            deals = deals.join(table, on=sql(" and ".join(f"(h{p}.m & h{q}.m) = 0" for q in range(p))))
    weight = " * ".join([f"h{p}.w" for p in players] + [str(setup.rest() if trials is None else 1)])
    return query.with_("deals", as_=deals.select(exp.alias_(sql(weight), "w")), copy=False)
