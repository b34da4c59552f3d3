"""PQL statements that `pokersql equity`'s exact tally answers, counted by it and not deal by deal.

A statement qualifies when it is Hold'em (a game with the Hold'em tables), has 2 to 10 players
(hands, ranges or ``*``), a board of 0, 3, 4 or 5 cards, no ``where``, and every selector is
``avg`` of an all-in equity (``riverequity``, ``fractionalriverequity``, ``hvhequity`` at any
street: its mean over the deals is the river's mean share) or ``count`` of ``winshi``,
``tieshi`` or ``scoops``. Each player's wins (alone), ties (split) and pot shares then come
from one of the core's equity views, with the inputs of sql/equity/014 and 016:

- known hands only: ``equity`` (every class of boards, 015 and 017);
- known hands and one ``*``: ``random_opponent_equity`` (019), every hand of it without dealing it;
- otherwise ``range_equity`` (018), ``*`` the range of every hand, when the core estimates it
  at TALLY_SECONDS or less, and the hands are RANGE_HANDS or fewer or past the exact budget.

The views count unordered boards; PQL counts a flop as a set and the turn and river in order
(deals.Setup.completions), so every count is multiplied by the orders of one board (20 before
the flop, 2 on a flop), and by the known hands' whole weights: ``trials`` is the deals that a
count of every deal gives, the answer the same. The SQL printed (``--sql``) is a script for
the DuckDB shell: temporary tables under the inputs' names (an unqualified name finds them
first, as the library's inputs are held), then the one select that ``run`` reads.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

import sqlglot
from sqlglot import exp

from ..engines import engine_class
from ..games import GAMES as REGISTRY
from ..ranges import exact_seconds
from . import deals as dealing
from .functions import ALIASES
from .games import STREETS
from .parser import Node, Statement

EQUITIES = {"riverequity", "fractionalriverequity", "hvhequity"}
COUNTS = {"winshi": "wins + ties", "tieshi": "ties", "scoops": "wins"}  # wins: alone; ties: split
INPUTS = ("hand_input", "board_input", "dead_input", "random_hand_input", "range_input")
TALLY_SECONDS = 20.0  # about the exact budget's time (deals.py): ranges the core counts that quickly
# More hands than this within the budget are counted deal by deal: quicker there (a river of two
# `*`, 1,070,190 deals: 1.9 s deal by deal, 51 s in range_equity; AhAd vs KK: 12 s and 2.2 s).
RANGE_HANDS = 1_000


@dataclass
class Tally:
    view: str
    inputs: dict[str, list[tuple[int, ...]]]
    query: str  # the one select: trials, selector_0, selector_1 ... as the per-deal statement's

    def script(self) -> str:
        """The inputs as temporary tables, then the select: runs as printed in the DuckDB shell."""
        lines = []
        for name in INPUTS:
            lines.append(f"create or replace temp table {name} as select * from main.{name} limit 0")
            if self.inputs.get(name):
                rows = [exp.Tuple(expressions=[exp.convert(v) for v in row]) for row in self.inputs[name]]
                lines.append(exp.insert(exp.Values(expressions=rows), exp.table_(name, db="temp")).sql("duckdb"))
        return ";\n".join(lines + [self.query])


def _selector(node: Node, aggregate: str, players: list[str]) -> tuple[str, int] | None:
    """(what the tally counts, the player's index), or None when the tally does not answer it."""
    if node.kind != "call" or not node.args:
        return None
    name = ALIASES.get(str(node.value), str(node.value))
    wanted = EQUITIES if aggregate == "avg" else set(COUNTS) if aggregate == "count" else set()
    if name not in wanted or node.args[0].kind != "name" or str(node.args[0].value).lower() not in players:
        return None
    if name == "hvhequity" and (len(node.args) != 2 or str(node.args[1].value).lower() not in STREETS):
        return None
    return ("equity" if aggregate == "avg" else name), players.index(str(node.args[0].value).lower())


def orders(setup: dealing.Setup) -> int:
    """PQL's deals of one board the views count once: its flop a set, its turn and river in order."""
    left, missing = setup.left, 5 - len(setup.board)
    flop = max(0, 3 - len(setup.board))
    ordered = math.comb(left, flop) * math.perm(left - flop, missing - flop)
    return ordered // math.comb(left, missing)


def planned(statement: Statement, setup: dealing.Setup, exact_budget: int) -> Tally | None:
    """The tally's inputs and select for the statement, or None: counted deal by deal."""
    game = REGISTRY.get(setup.game.name)
    players = statement.players
    if game is None or not game.holdem_tables or setup.game.lo or statement.where is not None:
        return None
    if not 2 <= len(players) <= 10 or len(setup.board) not in (0, 3, 4, 5):
        return None
    asked = [_selector(s.expression, s.aggregate, players) for s in statement.selectors]
    if None in asked:
        return None
    combos = setup.combos
    known = [c is not None and len(c) == 1 for c in combos]
    inputs: dict[str, list[tuple[int, ...]]] = {"board_input": [(c,) for c in setup.board], "dead_input": [(c,) for c in setup.dead]}
    multiply = orders(setup)
    if all(known) or (known.count(False) == 1 and combos[known.index(False)] is None):
        view, deals = ("equity", "runouts") if all(known) else ("random_opponent_equity", "deals")
        inputs["hand_input"] = [(n, card) for n, c in enumerate(combos, start=1) if c is not None for card in c[0][0]]
        inputs["random_hand_input"] = [(n,) for n, c in enumerate(combos, start=1) if c is None]
        multiply *= math.prod(c[0][1] for c in combos if c is not None)  # a known hand's whole weight
    else:
        out = set(setup.board) | set(setup.dead)
        every = [(list(pair), 1) for pair in combinations(sorted((c for c in setup.game.deck if c not in out), reverse=True), 2)]
        rows = [(n, cards[0], cards[1], w) for n, c in enumerate(combos, start=1) for cards, w in (c if c is not None else every)]
        boards = math.comb(len(setup.game.deck) - len(setup.board) - len(setup.dead), 5 - len(setup.board))
        hands = math.prod(len(c) if c is not None else len(every) for c in combos)
        # the view's work grows with the hands times the boards' classes: few hands, or past the budget
        if exact_seconds(hands * boards, engine_class("duckdb").equity_costs) > TALLY_SECONDS:
            return None
        if hands > RANGE_HANDS and setup.work() <= exact_budget:
            return None
        view, deals = "range_equity", "deals"
        inputs["range_input"] = rows
    return Tally(view, inputs, _select(view, deals, asked, multiply))


def _select(view: str, deals: str, asked: list[tuple[str, int]], multiply: int) -> str:
    """One row: the deals counted (trials), then each selector, from the view's rows per player."""
    columns = [f"max(deals) * {multiply} as trials"]
    for i, (what, player) in enumerate(asked):
        of = f"max(case when player = {player + 1} then {{}} end)"
        if what == "equity":  # the view's own division of its pot shares (equity, 017)
            value = of.format("equity")
        else:
            value = f"{of.format(COUNTS[what])} * {multiply}"
        columns.append(f"{value} as selector_{i}")
    tally = f"select player, {deals} as deals, wins, ties, equity from {view}"
    query = sqlglot.parse_one(f"select {', '.join(columns)} from ({tally}) as tally", read="duckdb")
    return query.sql("duckdb", pretty=True)
