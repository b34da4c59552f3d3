"""One PQL statement to one SQL statement (DuckDB), built with sqlglot.

The chain: each player's combinations (``combos_<i>``: hole card_ids and a weight) → the
``deals`` their cards, the board and the dead cards allow (every one, or a seeded sample) →
``rated`` (each hand's hi rating on the streets asked for) → ``shared`` (the river's winners,
each player's share of the pot, and the equity on an earlier street as the mean share over
the deals that agree up to it) → one row of aggregates, each weighted by the deal's weight.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from sqlglot import exp

from ..cards import RANKS, parse_cards
from ..errors import BadInput
from . import deals as dealing
from . import omaha_ranges
from . import outs as nut_outs
from . import stud
from .boards import board_in_range
from .functions import ALIASES, FUNCTIONS, NOT_YET
from .lo import LO_FUNCTIONS, built_lo, classes_cte, nut_lo, shares_select
from .ratings import flop_category, hand_type, hi_rating_text, omaha_flop_categories, omaha_ratings, rating_sql, reindexed, short_deck_lists, sql
from .games import FLOP_CATEGORIES, HAND_TYPE_NAMES, PqlGame
from .parser import Node, Statement

ORDERED = {"rank", "card", "handtype", "hirating", "lorating", "cardcount", "num", "equity", "flopcat"}
NUMERIC = {"num", "equity", "cardcount"}


def unsupported(what: str, node: Node) -> BadInput:
    return BadInput(f"PQL: {what} is not supported yet (position {node.position})")


@dataclass
class RangeRule:
    """inrange's range: whether it holds a hand (its cards), its hands (None: every hand), and
    whether it is every hand."""

    holds: Callable[[list[int]], bool]
    hands: Callable[[], list[list[int]] | None]
    every: bool


@dataclass
class Translation:
    """What the query needs: the ratings (player, street), the shares, the equities."""

    game: PqlGame
    players: list[str]
    ratings: set[tuple[int, int]] = field(default_factory=set)
    equities: set[tuple[int, int]] = field(default_factory=set)
    shares: bool = False
    streets: set[int] = field(default_factory=set)
    bests: set[int] = field(default_factory=set)
    nuts: set[tuple[int, int, bool]] = field(default_factory=set)  # (player, street, within its hand type)
    lo_ratings: set[tuple[int, int]] = field(default_factory=set)  # (player, street): l_<player>_<street>
    lo_bests: set[int] = field(default_factory=set)
    lo_nuts: set[tuple[int, int]] = field(default_factory=set)
    rated_cards: bool = False  # rateHiHand: short deck's ratings read short_deck_lists
    outs: set[tuple[int, int]] = field(default_factory=set)  # nutHiOuts' (player, street): outs_<player>_<street>
    flop_categories: set[int] = field(default_factory=set)  # (Omaha) the players whose flop category is read: fc_<player>
    ranges: dict[str, RangeRule] = field(default_factory=dict)  # inrange's ranges, each read once
    # inrange's (range, player): the hands of the range the player may hold (None: every hand of it), inrange_<k> by order
    inranges: dict[tuple[str, int], list[list[int]] | None] = field(default_factory=dict)
    combos: list | None = None  # each player's combinations (deals.Setup.combos) where known (not stud)

    def player(self, node: Node) -> int:
        name = str(node.value).lower() if node.kind == "name" else None
        if name not in self.players:
            raise BadInput(f"PQL: {node.value if node.kind != 'call' else node.value + '(…)'!r} at position {node.position} is not a player of the from clause ({', '.join(self.players) or 'none'})")
        return self.players.index(name)

    def street(self, node: Node) -> int:
        name = str(node.value).lower() if node.kind == "name" else None
        streets = self.game.streets
        if name not in streets:
            raise BadInput(f"PQL: {node.value!r} at position {node.position} is not a street of {self.game.name}: {', '.join(streets)}")
        self.streets.add(streets[name])
        return streets[name]

    def rated(self, street: int) -> None:
        """BadInput for a street with fewer than five cards to rate (a stud hand's third and fourth)."""
        if street < self.game.rated_from:
            names = [name for name, cards in self.game.streets.items() if cards == street]
            raise BadInput(f"PQL: a hand is rated from five cards: {names[0]} street holds {street} in {self.game.name} (rate it on fifth street or later)")

    def rating(self, player: int, street: int) -> exp.Expression:
        if not self.game.rated:
            raise BadInput(f"PQL: hand ratings in {self.game.name} are not supported yet")
        self.rated(street)
        self.ratings.add((player, street))
        self.streets.add(street)  # the cards it rates are dealt (winninghandtype and the showdown name no street)
        return exp.column(f"r_{player}_{street}")

    def best(self, street: int) -> exp.Expression:
        if not self.players:
            raise BadInput("PQL: the best hand needs players in the from clause")
        for i in range(len(self.players)):
            self.rating(i, street)
        self.bests.add(street)
        return exp.column(f"best_{street}")

    def lo_rating(self, player: int, street: int) -> exp.Expression:
        self.rated(street)
        self.lo_ratings.add((player, street))
        self.streets.add(street)
        return exp.column(f"l_{player}_{street}")

    def lo_best(self, street: int) -> exp.Expression:
        if not self.players:
            raise BadInput("PQL: the best lo needs players in the from clause")
        for i in range(len(self.players)):
            self.lo_rating(i, street)
        self.lo_bests.add(street)
        return exp.column(f"bestlo_{street}")

    def share(self, player: int) -> exp.Expression:
        if not self.players:
            raise BadInput("PQL: the showdown needs players in the from clause")
        if self.game.hi:
            self.best(self.game.final)
        if self.game.lo:
            self.lo_best(self.game.final)
        self.shares = True
        return exp.column(f"share_{player}")

    def expression(self, node: Node) -> tuple[exp.Expression, str]:
        if node.kind == "number":
            return exp.convert(node.value), "num"
        if node.kind == "string":
            return exp.convert(node.value), "string"
        if node.kind == "name":
            key = str(node.value).lower().replace("_", "")
            if key in HAND_TYPE_NAMES:
                return exp.convert(self.game.type_value(HAND_TYPE_NAMES[key])), "handtype"
            if key.upper() in FLOP_CATEGORIES:
                return exp.convert(self.game.flop_categories.index(key.upper())), "flopcat"
            raise BadInput(f"PQL: {node.value!r} at position {node.position} is not a value here (a player or a street goes inside a function's parentheses)")
        if node.kind == "unary":
            inner, kind = self.expression(node.args[0])
            if node.value == "not":
                self.need(kind, "bool", node)
                return exp.Not(this=exp.Paren(this=inner)), "bool"
            self.need(kind, "num", node)
            return exp.Neg(this=exp.Paren(this=inner)), "num"
        if node.kind == "binary":
            return self.binary(node)
        return self.call(node)

    def need(self, kind: str, wanted: str, node: Node) -> None:
        if kind == wanted or (wanted in NUMERIC and kind in NUMERIC):
            return
        raise BadInput(f"PQL: type error at position {node.position}: {wanted} expected, got {kind}")

    def binary(self, node: Node) -> tuple[exp.Expression, str]:
        (left, lk), (right, rk) = (self.expression(a) for a in node.args)
        op = node.value
        if op in ("and", "or"):
            self.need(lk, "bool", node.args[0])
            self.need(rk, "bool", node.args[1])
            return (exp.And if op == "and" else exp.Or)(this=exp.Paren(this=left), expression=exp.Paren(this=right)), "bool"
        if op in "+-*/":
            self.need(lk, "num", node.args[0])
            self.need(rk, "num", node.args[1])
            kinds = {"+": exp.Add, "-": exp.Sub, "*": exp.Mul, "/": exp.Div}
            return kinds[op](this=left, expression=right), "num"
        same = lk == rk or (lk in NUMERIC and rk in NUMERIC)
        if not same or (op not in ("=", "!=") and lk not in ORDERED):
            raise BadInput(f"PQL: type error at position {node.position}: cannot compare {lk} {op} {rk}")
        kinds = {"=": exp.EQ, "!=": exp.NEQ, "<": exp.LT, ">": exp.GT, "<=": exp.LTE, ">=": exp.GTE}
        return kinds[op](this=left, expression=right), "bool"

    def call(self, node: Node) -> tuple[exp.Expression, str]:
        name = ALIASES.get(str(node.value), str(node.value))
        if name in NOT_YET:
            raise unsupported(f"{node.value}() ({NOT_YET[name]})", node)
        if name not in FUNCTIONS:
            raise BadInput(f"PQL: unknown function {node.value!r} at position {node.position}")
        function = FUNCTIONS[name]
        if self.game.own_cards:
            stud.check(self.game, name, node)
        if len(node.args) != len(function.args):
            raise BadInput(f"PQL: {node.value}() at position {node.position} takes {len(function.args)} argument(s), got {len(node.args)}")
        values: dict[str, object] = {}
        player = street = None
        for i, (kind, arg) in enumerate(zip(function.args, node.args)):
            if kind == "player":
                player = self.player(arg)
                values["p"] = exp.column(f"p{player}")
            elif kind == "street":
                street = self.street(arg)
                values["b"] = sql(f"board[1:{street}]")
            elif kind in ("string", "range", "boardrange"):
                if arg.kind != "string":
                    raise BadInput(f"PQL: {node.value}() at position {node.position} takes a quoted text as argument {i + 1}")
                values[f"a{i}"] = self.range_hands(arg) if kind == "range" else arg.value
            else:
                value, got = self.expression(arg)
                self.need(got, kind, arg)
                values[f"a{i}"] = value
        if name in ("turncard", "rivercard"):
            self.streets.update({4, 5} if name == "rivercard" else {4})
        if function.sql is not None:
            if "windows" in function.sql:
                values["windows"] = self.game.straight_windows
            return sql(function.sql, **values), function.returns
        return self.built(name, node, player, street, values), function.returns

    def range_hands(self, arg: Node) -> str:
        """inrange's range, read once a statement into ``ranges`` (a Hold'em range in pokersql's
        notation, an Omaha one in PQL's generic syntax, read as a player's is). Its text is
        returned."""
        from ..range_text import parse_weighted

        text = str(arg.value)
        if text not in self.ranges:
            if self.game.hole != 2:
                what = f"inrange() at position {arg.position}: range"
                node, every = omaha_ranges.rule_of(text, self.game.hole, what)
                self.ranges[text] = RangeRule(lambda cards: omaha_ranges.holds(node, cards), lambda: omaha_ranges.hands_of(text, self.game.hole, self.game.deck, what), every)
            else:
                hands = [sorted(c, reverse=True) for c, w in parse_weighted(text).items() if w]
                members = {frozenset(h) for h in hands}
                self.ranges[text] = RangeRule(lambda cards: frozenset(cards) in members, lambda: hands, False)
        return text

    def built(self, name: str, node: Node, player: int | None, street: int | None, values: dict) -> exp.Expression:
        if name in LO_FUNCTIONS:
            return built_lo(self, name, node, player, street, values)
        if name == "boardinrange":
            predicate, streets = board_in_range(str(values["a0"]), shortdeck=self.game.low_rank > 0)
            self.streets.update(streets)
            return predicate
        if name == "inrange":
            rule, key = self.ranges[str(values["a1"])], (str(values["a1"]), player)
            combos = self.combos[player] if self.combos is not None else None
            if rule.every:
                return exp.true()
            if combos is not None and key not in self.inranges:  # the player's hands that it holds, all or none known now
                held = [cards for cards, _ in combos if rule.holds(cards)]
                if len(held) in (0, len(combos)):
                    return exp.convert(bool(held))
                self.inranges[key] = held
            self.inranges.setdefault(key, None)  # None: its every hand, listed by translate
            return sql(f"array_reverse_sort(:p) in (select cards from inrange_{list(self.inranges).index(key)})", p=values["p"])
        if name == "nuthiouts":
            nut_outs.check(self.game, street, node.position)
            self.outs.add((player, street))
            return nut_outs.outs_column(player, street)
        if name == "torank":
            text = str(values["a0"]).strip().upper()
            if len(text) != 1 or text not in RANKS:
                raise BadInput(f"PQL: {values['a0']!r} at position {node.position} is not a rank (2 … 9, T, J, Q, K, A)")
            return exp.convert(RANKS.index(text))
        if name == "tocard":
            return exp.convert(self.cards(str(values["a0"]), node, 1)[0])
        if name == "ratehihand":
            cards = self.cards(str(values["a0"]), node, 5)
            if not self.game.rated:
                raise BadInput(f"PQL: hand ratings in {self.game.name} are not supported yet")
            self.rated_cards = True
            return sql(hi_rating_text(self.game, [str(c) for c in cards]))
        if name == "hirating":
            return self.rating(player, street)
        if name == "handtype":
            return hand_type(self.rating(player, street), self.game)
        if name == "exacthandtype":
            return exp.EQ(this=hand_type(self.rating(player, street), self.game), expression=values["a2"])
        if name == "minhandtype":
            return exp.GTE(this=hand_type(self.rating(player, street), self.game), expression=values["a2"])
        if name == "minhirating":
            return exp.GTE(this=self.rating(player, street), expression=values["a2"])
        if name == "maxhirating":
            return self.best(street)
        if name == "besthirating":
            return exp.EQ(this=self.rating(player, street), expression=self.best(street))
        if name in ("nuthi", "nuthiforhandtype"):
            if self.game.hole_used is not None and self.game.ranking != "standard":
                raise BadInput(f"PQL: {name}() in {self.game.name} is not supported yet")
            self.rating(player, street)
            self.nuts.add((player, street, name == "nuthiforhandtype"))
            return exp.column(f"nut_{player}_{street}_{int(name == 'nuthiforhandtype')}")
        if name in ("flophandcategory", "exactflophandcategory", "minflophandcategory"):
            if self.game.hole_used is None:  # the two hole cards with the flop
                five = sql(":p || board[1:3]", p=exp.column(f"p{player}"))
                category = flop_category(self.rating(player, 3), five, sql("board[1:3]"), self.game)
            else:  # Omaha: the best of each two hole cards' (omaha_flop_categories)
                self.flop_categories.add(player)
                category = exp.column(f"fc_{player}")
            category = reindexed(category, FLOP_CATEGORIES, self.game.flop_categories)
            self.streets.add(3)
            if name == "flophandcategory":
                return category
            return (exp.EQ if name == "exactflophandcategory" else exp.GTE)(this=category, expression=values["a1"])
        if name == "winninghandtype":
            return hand_type(self.best(self.game.final), self.game)
        if name in ("riverequity", "fractionalriverequity"):
            return self.share(player)
        if name in ("winshi", "tieshi"):
            self.share(player)
            part = exp.column(f"hishare_{player}")
            return exp.GT(this=part, expression=exp.convert(0)) if name == "winshi" else sql(":s > 0 and :s < 1", s=part)
        if name == "scoops":
            return exp.EQ(this=self.share(player), expression=exp.convert(1))
        # hvhequity, minhvhequity: the mean share over the deals that agree up to the street
        self.share(player)
        self.equities.add((player, street))
        equity = exp.column(f"equity_{player}_{street}")
        if name == "minhvhequity":
            return exp.GTE(this=equity, expression=values["a2"])
        return equity

    def cards(self, text: str, node: Node, count: int) -> list[int]:
        try:
            cards = parse_cards(text)
        except BadInput as e:
            raise BadInput(f"PQL: {text!r} at position {node.position}: {e}") from None
        if len(cards) != count or len(set(cards)) != count:
            raise BadInput(f"PQL: {text!r} at position {node.position} should be {count} different card(s)")
        return cards


@dataclass
class Compiled:
    translation: Translation
    columns: list[tuple[str, exp.Expression, str, Node]]
    where: exp.Expression | None

    @property
    def kinds(self) -> list[str]:
        return [kind for _, _, kind, _ in self.columns]


def compile_statement(statement: Statement, game: PqlGame, combos: list | None = None) -> Compiled:
    """Each selector's expression and type, and what the deals must carry for them (``combos``:
    each player's combinations, deals.Setup's, where known)."""
    t = Translation(game, statement.players, combos=combos)
    columns = []
    for selector in statement.selectors:
        value, kind = t.expression(selector.expression)
        columns.append((selector.aggregate, value, kind, selector.expression))
    where = None
    if statement.where is not None:
        where, kind = t.expression(statement.where)
        if kind != "bool":
            raise BadInput(f"PQL: type error at position {statement.where.position}: the where clause must be a boolean, got {kind}")
    for aggregate, value, kind, node in columns:
        aggregate_sql(aggregate, value, kind, node, "deals", None)  # type errors before any work
    return Compiled(t, columns, where)


def translate(compiled: Compiled, setup: dealing.Setup | stud.StudSetup, trials: int | None, seed: int) -> exp.Expression:
    """The statement's one SQL query: a row of trials and selector_0, selector_1 …"""
    t, columns, where, game = compiled.translation, compiled.columns, compiled.where, compiled.translation.game
    # stud: its deals carry each player's ratings already (pql/stud.py)
    query = stud.deals_query(t, setup, trials, seed) if game.own_cards else dealing.deals_query(setup, trials, seed)
    if game.ranking != "standard" and (t.ratings or t.rated_cards or t.outs):  # short deck's classes as lists, built once
        query = query.with_("short_deck_lists", as_=short_deck_lists(game), materialized=True)
    rated = exp.select("*").from_("deals")
    if game.hole_used is not None and (t.ratings or t.lo_ratings or t.flop_categories):
        query = query.with_("numbered", as_=sql("select row_number() over () as deal_id, * from deals"), materialized=True)
        rated = exp.select("numbered.*").from_("numbered")
        # the hi and the lo apart: DuckDB runs out of memory on hand_class_of_cards and a join in one select
        for (player, street), lo in sorted([(k, False) for k in t.ratings] + [(k, True) for k in t.lo_ratings]):
            table, column = f"{'lows' if lo else 'ratings'}_{player}_{street}", "l" if lo else "r"
            query = query.with_(table, as_=omaha_ratings(game, player, street, lo))
            rated = rated.select(exp.alias_(exp.column(column, table), f"{column}_{player}_{street}"))
            rated = rated.join(exp.table_(table), using=["deal_id"])
        for player in sorted(t.flop_categories):
            query = query.with_(f"flopcats_{player}", as_=omaha_flop_categories(game, player))
            rated = rated.select(exp.alias_(exp.column("c", f"flopcats_{player}"), f"fc_{player}")).join(exp.table_(f"flopcats_{player}"), using=["deal_id"])
        if t.lo_nuts:
            query = query.with_("pql_lo_classes", as_=classes_cte())
        for player, street in sorted(t.lo_nuts):
            query = query.with_(f"nutlo_{player}_{street}", as_=nut_lo(player, street))
            nut = sql(f"l_{player}_{street} > 0 and l_{player}_{street} >= coalesce(nutlo_{player}_{street}.nut, 0)")
            rated = rated.select(exp.alias_(nut, f"nutlo_{player}_{street}"))
            rated = rated.join(exp.table_(f"nutlo_{player}_{street}"), using=["deal_id"], join_type="left")
    for player, street in sorted(t.ratings) if game.hole_used is None and not game.own_cards else ():
        rated = rated.select(exp.alias_(rating_sql(player, street, game), f"r_{player}_{street}"))
    for k, ((text, _), held) in enumerate(t.inranges.items()):  # inrange's: a relation of the hands it holds
        hands = t.ranges[text].hands() if held is None else held
        relation = dealing.hands_relation([(h, 1) for h in hands]) if hands else sql("select [-1] as cards, 1 as w, 0 as k where false")
        query = query.with_(f"inrange_{k}", as_=relation, materialized=True)
    streets = sorted(t.bests)
    shared = exp.select("*").from_("rated")
    for street in streets:
        shared = shared.select(exp.alias_(sql("greatest(" + ", ".join(f"r_{p}_{street}" for p in range(len(t.players))) + ")") if len(t.players) > 1 else exp.column(f"r_0_{street}"), f"best_{street}"))
    for street in sorted(t.lo_bests):
        shared = shared.select(exp.alias_(sql("greatest(" + ", ".join(f"l_{p}_{street}" for p in range(len(t.players))) + ")") if len(t.players) > 1 else exp.column(f"l_0_{street}"), f"bestlo_{street}"))
    # materialized: DuckDB would otherwise copy each rating into every expression that reads it
    for player, street, within in sorted(t.nuts):  # each board's best two unseen cards, rated once (pql/outs.py)
        for name, cte in nut_outs.nuts_ctes(game, player, street, within):
            if name not in [c.alias for c in query.ctes]:
                query = query.with_(name, as_=cte, materialized=True)
        shared = shared.select(exp.alias_(nut_outs.nut(game, player, street, within), f"nut_{player}_{street}_{int(within)}"))
    for player, street in sorted(t.outs):
        for name, cte in nut_outs.outs_ctes(game, player, street):
            query = query.with_(name, as_=cte)
    query = query.with_("rated", as_=rated, materialized=True if t.ratings or t.lo_ratings or t.flop_categories else None).with_("best", as_=shared)
    final_from = "best"
    if t.shares:
        shares = shares_select(t)
        equities = exp.select("*").from_("shares")
        for player, street in sorted(t.equities):
            if trials is not None and street < game.final:
                raise BadInput("PQL: hvhequity before the river is not supported with Monte Carlo (--trials): it is exact only")
            # the deals that agree up to the street: the same hands and board (stud: each hand's cards by then)
            keys = [sql(f"p{p}[1:{street}]") if game.own_cards else exp.column(f"p{p}") for p in range(len(t.players))]
            keys += [] if game.own_cards else [sql(f"board[1:{street}]")]
            # shares summed as decimals, exactly: the same digits on every run, whatever the threads' order
            window = exp.Window(this=exp.Avg(this=sql(f"share_{player}::decimal(38, 18)")), partition_by=keys)
            equities = equities.select(exp.alias_(window, f"equity_{player}_{street}"))
        query = query.with_("shares", as_=shares).with_("equities", as_=equities)
        final_from = "equities"
    final = exp.select(exp.alias_(sql("sum(w)"), "trials")).from_(final_from)
    for i, (aggregate, value, kind, node) in enumerate(columns):
        final = final.select(exp.alias_(aggregate_sql(aggregate, value, kind, node, final_from, where), f"selector_{i}"), copy=False)  # not copied per selector
    if where is not None:
        final = final.where(where)
    for cte in query.ctes:
        final = final.with_(cte.alias, as_=cte.this, materialized=cte.args.get("materialized"), copy=False)  # each CTE moved, not copied (stud chains many)
    return final


def aggregate_sql(aggregate: str, value: exp.Expression, kind: str, node: Node, source: str, where: exp.Expression | None) -> exp.Expression:
    if aggregate == "count":
        if kind != "bool":
            raise BadInput(f"PQL: type error at position {node.position}: count() takes a boolean, got {kind}")
        return sql("coalesce(sum(case when :v then w else 0 end), 0)", v=value)
    if aggregate == "avg":
        if kind not in NUMERIC:
            raise BadInput(f"PQL: type error at position {node.position}: avg() takes a number, got {kind}")
        return sql("sum(w * :v::decimal(38, 18)) / sum(w)", v=value)  # summed exactly: the same digits on every run
    if aggregate in ("min", "max"):
        if kind not in ORDERED:
            raise BadInput(f"PQL: type error at position {node.position}: {aggregate}() takes an ordered value, got {kind}")
        return sql(f"{aggregate}(:v)", v=value)
    # histogram: every value with its weighted count, in a subquery over the same deals
    inner = exp.select(exp.alias_(value, "value"), exp.alias_(sql("sum(w)"), "count")).from_(source).group_by(exp.column("value"))
    if where is not None:
        inner = inner.where(where.copy())
    rows = exp.select(sql("list(struct_pack(value := value, count := count) order by value)")).from_(inner.subquery("h"))
    return exp.Subquery(this=rows)
