"""PQL's lo (ProPokerTools' functions of the games with a lo: omaha8, omaha5-8, courchevel8, stud8 and razz)
and the showdown of any game: each player's hi and lo part of the pot.

A lo is ranked by the core's table, never here: ``low_classes`` (sql/evaluation/045) numbers the
56 eight-or-better lows from 1, the best, keyed by ``rank_key``, the sum of the five values'
``rank_code`` (5 ^ (value - 2), card_values, 001). A five of two hole cards and three board
cards holds a lo exactly when its rank_key is one of those classes' (five distinct ranks, none
above 8, the ace low). A lo rating is LO_RATINGS - low_rank, so that a better lo rates higher
as a hi rating does; 0 is no lo. Razz's lo is ace-to-five's (any five, pairs the worse), rated
the same way on its own scale (PqlGame.lo_ratings).
"""

from __future__ import annotations

from typing import Any

import sqlglot
from sqlglot import exp

from ..cards import RANKS, parse_cards
from ..errors import BadInput
from .games import LO_GAMES, LO_RANKING, LO_RATINGS
from .parser import Node
from .ratings import RANK_CODES, sql

LO_FUNCTIONS = {"lorating", "minlorating", "maxlorating", "bestlorating", "ratelohand", "nutlo", "winslo", "tieslo"}


def classes_cte() -> exp.Expression:
    """Each eight-or-better class with its rating and its five ranks (card_id // 4), from low_classes."""
    ranks = "list_filter(range(13), r -> (lc.rank_key // :codes[r + 1]) % 5 > 0)"
    return sql(f"select {LO_RATINGS} - lc.low_rank as rating, {ranks} as ranks from low_classes as lc where lc.ranking = :ranking", codes=RANK_CODES, ranking=LO_RANKING)


def nut_lo(player: int, street: int) -> exp.Select:
    """(Omaha) for each deal, the best lo that two cards not on the board nor in the player's hand
    could make with three of the board: a class is made when three of its ranks are on the board,
    each of its ranks off the board has a card unseen, and at least two of its ranks have one
    (the two hole cards)."""
    seen = f"board[1:{street}] || p{player}"
    on_board = f"list_contains(list_transform(board[1:{street}], c -> c // 4), r)"
    unseen = f"len(list_filter({seen}, c -> c // 4 = r)) < 4"
    made = (
        f"len(list_filter(k.ranks, r -> {on_board})) >= 3 and len(list_filter(k.ranks, r -> not {on_board} and not ({unseen}))) = 0 "
        f"and len(list_filter(k.ranks, r -> {unseen})) >= 2"
    )
    return sqlglot.parse_one(f"select n.deal_id, max(k.rating) as nut from numbered as n cross join pql_lo_classes as k where {made} group by n.deal_id", read="duckdb")


def rate_lo_text(text: str, node: Node, ranking: str = LO_RANKING, ratings: int = LO_RATINGS) -> exp.Expression:
    """ratelohand('A2345') or ('As2d3c4h5s'): the lo rating of five ranks or cards (0: no lo), in
    the game's lo ranking."""
    letters = text.strip().upper()
    if len(letters) == 5 and all(ch in RANKS for ch in letters):
        ranks = [RANKS.index(ch) for ch in letters]
    else:
        try:
            cards = parse_cards(text)
        except BadInput as e:
            raise BadInput(f"PQL: {text!r} at position {node.position}: {e}") from None
        if len(cards) != 5 or len(set(cards)) != 5:
            raise BadInput(f"PQL: {text!r} at position {node.position} should be 5 ranks or 5 different cards")
        ranks = [c // 4 for c in cards]
    key = sum(RANK_CODES[r] for r in ranks)
    lookup = f"coalesce((select {ratings} - low_rank from low_classes where ranking = :ranking and is_flush = 0 and rank_key = :key), 0)"
    return sql(lookup, ranking=ranking, key=key)


def built_lo(t: Any, name: str, node: Node, player: int | None, street: int | None, values: dict) -> exp.Expression:
    """The lo functions: a lo rating, the best, the nut lo, the lo half of the showdown."""
    if name == "ratelohand":
        return rate_lo_text(str(values["a0"]), node, t.game.lo_ranking, t.game.lo_ratings)
    if not t.game.lo:
        raise BadInput(f"PQL: {name}() at position {node.position} needs a game with a lo: {t.game.name} has none ({', '.join(LO_GAMES)})")
    if name == "lorating":
        return t.lo_rating(player, street)
    if name == "minlorating":
        return exp.GTE(this=t.lo_rating(player, street), expression=values["a2"])
    if name == "maxlorating":
        return t.lo_best(street)
    if name == "bestlorating":
        return sql(":l > 0 and :l = :best", l=t.lo_rating(player, street), best=t.lo_best(street))
    if name == "nutlo":
        t.lo_rating(player, street)
        t.lo_nuts.add((player, street))
        return exp.column(f"nutlo_{player}_{street}")
    t.share(player)
    part = exp.column(f"loshare_{player}")
    return exp.GT(this=part, expression=exp.convert(0)) if name == "winslo" else sql(":s > 0 and :s < 1", s=part)


def shares_select(t: Any) -> exp.Select:
    """Each player's part of the hi pot (hishare_<p>: 1 alone, 1/n tied), of the lo pot (loshare_<p>,
    of a qualifying lo) and of the whole pot (share_<p>) at the showdown: the hi half and the lo
    half when some hand has a lo, else all of it to the hi; a game with no hi (razz), all to the lo."""
    players, s = range(len(t.players)), t.game.final
    shares = exp.select("*").from_("best")
    for p in players:
        if t.game.hi:
            winners = " + ".join(f"(r_{q}_{s} = best_{s})::integer" for q in players)
            shares = shares.select(exp.alias_(sql(f"(r_{p}_{s} = best_{s})::integer / ({winners})"), f"hishare_{p}"))
        if t.game.lo:
            lo_winners = " + ".join(f"(l_{q}_{s} = bestlo_{s})::integer" for q in players)
            shares = shares.select(exp.alias_(sql(f"case when bestlo_{s} > 0 then (l_{p}_{s} = bestlo_{s})::integer / ({lo_winners}) else 0 end"), f"loshare_{p}"))
    outer = exp.select("*").from_(shares.subquery("parts"))
    for p in players:
        if not t.game.hi:
            whole = f"loshare_{p}"
        elif t.game.lo:
            whole = f"case when bestlo_{s} > 0 then (hishare_{p} + loshare_{p}) / 2 else hishare_{p} end"
        else:
            whole = f"hishare_{p}"
        outer = outer.select(exp.alias_(sql(whole), f"share_{p}"))
    return outer
