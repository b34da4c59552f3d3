"""nutHiOuts(player, street): the cards of the next street that give the player the nuts; and
the nuts on a street (nutHi, nutHiForHandType, every game with a board), from the same best two
cards of a board.

Open PQL's nut_hi_outs (openpql-core, functions/outs): from the player's view, every card not
in the player's hand nor on the board up to the street is unseen; an unseen card is an out
when, added to the board, no hand of unseen cards (two in Hold'em; in Omaha any hand, that
is any two unseen cards with three of the board) rates above the player's: a tie with the
best counts. The other players' cards and the dead cards are unseen by the player and count.

In SQL: each distinct (hand, board to the street) of the deals is a spot, and each of its
unseen cards a board one card longer (``nb``); the player's rating on each; every two cards
rated once for each distinct ``nb`` (whatever the hands dealt on it), the best kept; the
nuts of a spot's ``nb`` the best of those sharing no card with its hand; the outs counted
where the player's rating is the nuts'. Each deal then reads its spot's count.
"""

from __future__ import annotations

import itertools
import math

from sqlglot import exp

from ..errors import BadInput
from .games import PqlGame
from .ratings import FIVE, hand_type, hi_rating_text, sql


def _five_of(hole: str, cards: int, game: PqlGame, street: int) -> tuple[exp.Expression, bool]:
    """The hi rating of ``hole`` (a list of ``cards`` card_ids) with ``nb`` (the board, one
    card past the street), in the game's ranking: (its SQL, whether it is one row per five, to
    rate and group)."""
    if game.hole_used is None:  # the best five of hole and board
        args = [f"{hole}[{i + 1}]" for i in range(cards)] + [f"nb[{i + 1}]" for i in range(street + 1)]
        return sql(f"max({hi_rating_text(game, args)})"), False
    picks = [list(h) + list(b) for h in itertools.combinations(range(1, cards + 1), game.hole_used)
             for b in itertools.combinations(range(1, street + 2), 5 - game.hole_used)]
    used = game.hole_used
    five = ", ".join([f"{hole}[i[{k + 1}]]" for k in range(used)] + [f"nb[i[{k + 1}]]" for k in range(used, 5)])
    return sql(f"unnest(list_transform(:picks, i -> [{five}]))", picks=picks), True


def _rated(source: exp.Select, keys: list[str], rating: tuple[exp.Expression, bool], game: PqlGame) -> exp.Select:
    """One row per ``keys`` of ``source``: the rating, the best of the fives in Omaha."""
    value, per_five = rating
    columns = [exp.column(k) for k in keys]
    if not per_five:
        return exp.select(*columns, exp.alias_(value, "r")).from_(source.subquery("x")).group_by(*columns)
    fives = exp.select(*columns, exp.alias_(value, "five")).from_(source.subquery("x"))
    best = sql(f"max({hi_rating_text(game, FIVE)})")
    return exp.select(*columns, exp.alias_(best, "r")).from_(fives.subquery("f")).group_by(*columns)


def kept(game: PqlGame, street: int) -> int:
    """How many of a board's best two cards to keep: one more than the twos that can share a card
    with a hand (of the cards not on the board), so that one of them never does."""
    unseen = len(game.deck) - street - 1
    return game.hole * (unseen - 1) - math.comb(game.hole, 2) + 1


def outs_ctes(game: PqlGame, player: int, street: int) -> list[tuple[str, exp.Expression]]:
    """The CTEs that end in ``outs_<player>_<street>`` (p, b, outs): one row per spot.

    The best two cards are rated once for each board one card longer (``nb``), whatever the
    hand: every two cards not on it, the best ``kept`` of them kept; a spot's nuts on ``nb`` are
    the best of those that share no card with its hand (one of them never does)."""
    name = f"outs_{player}_{street}"
    low = 4 * game.low_rank
    spots = sql(f"select row_number() over () as spot, p, b from (select distinct p{player} as p, board[1:{street}] as b from deals) as d")
    boards = sql(
        f"select s.spot, s.p, s.b || [o.card_id] as nb from {name}_spots as s join cards as o "
        "on o.card_id >= :low and not list_contains(s.b || s.p, o.card_id)",
        low=low,
    )
    own = _rated(sql(f"select spot, nb, p from {name}_boards"), ["spot", "nb"], _five_of("p", game.hole, game, street), game)
    twos = sql(
        f"select x.nb, [c1.card_id, c2.card_id] as h from (select distinct nb from {name}_boards) as x "
        "join cards as c1 on c1.card_id >= :low join cards as c2 on c2.card_id > c1.card_id "
        "where not list_contains(x.nb, c1.card_id) and not list_contains(x.nb, c2.card_id)",
        low=low,
    )
    rated = _rated(twos, ["nb", "h"], _five_of("h", 2, game, street), game)
    best = sql("select nb, h, r from (select *, row_number() over (partition by nb order by r desc) as k from r) as t where k <= :kept", kept=kept(game, street))
    best = exp.replace_tables(best, {"r": f"{name}_twos"})
    nut = sql(
        f"select x.spot, x.nb, max(t.r) as r from {name}_boards as x join {name}_best as t on t.nb = x.nb "
        "and not list_has_any(t.h, x.p) group by x.spot, x.nb"
    )
    counted = sql(
        f"select s.p, s.b, count(*) filter (where own.r >= nut.r) as outs from {name}_spots as s "
        f"join {name}_own as own on own.spot = s.spot join {name}_nut as nut on nut.spot = own.spot and nut.nb = own.nb "
        "group by s.spot, s.p, s.b"
    )
    return [(f"{name}_spots", spots), (f"{name}_boards", boards), (f"{name}_own", own), (f"{name}_twos", rated),
            (f"{name}_best", best), (f"{name}_nut", nut), (name, counted)]


def outs_column(player: int, street: int) -> exp.Expression:
    """A deal's count: its spot's, read from ``outs_<player>_<street>``."""
    name = f"outs_{player}_{street}"
    return sql(f"(select o.outs from {name} as o where o.p = p{player} and o.b = board[1:{street}])")


def check(game: PqlGame, street: int, node_position: int) -> None:
    """The street must have a next one."""
    if street == 5:
        raise BadInput(f"PQL: nuthiouts() at position {node_position} counts the cards of the street after the one given: give flop or turn, not river")


def spots(setup, player: int, street: int) -> tuple[int, int]:
    """At most how many spots (the player's hand, the board to the street) the deals hold, and
    how many boards to the street."""
    deck = len(setup.game.deck) - len(set(setup.board) | set(setup.dead))
    combos = setup.combos[player]
    hands = len(combos) if combos is not None else math.comb(deck, setup.game.hole)
    missing = max(0, street - len(setup.board))
    flop = min(missing, max(0, 3 - len(setup.board)))
    boards = math.comb(deck, flop) * math.perm(deck - flop, missing - flop)
    return hands * boards, boards


def work(setup, outs: set[tuple[int, int]], trials: int | None) -> int:
    """The hands nutHiOuts rates (every two cards for each board one card longer, times the
    board's threes in Omaha) and the twos it compares (``kept`` for each spot's card)."""
    total, game = 0, setup.game
    for player, street in outs:
        count, boards = spots(setup, player, street)
        if trials is not None:
            count, boards = min(count, trials), min(boards, trials)
        cards = len(game.deck) - game.hole - street  # each spot's cards of the next street
        threes = 1 if game.hole_used is None else math.comb(street + 1, 5 - game.hole_used)
        total += min(count, boards) * cards * math.comb(len(game.deck) - street - 1, 2) * threes + count * cards * kept(game, street)
    return total


def nuts_ctes(game: PqlGame, player: int, street: int, within: bool) -> list[tuple[str, exp.Expression]]:
    """The nuts of each board to the street in the deals (every game with a board): every two
    cards not on it rated once with the board (Hold'em, short deck: the best five of the seven;
    Omaha: with three of the board, two of them play), the best ``kept`` kept (of each hand
    type, ``within``), so that the nuts of a player's hand on it are the best of those sharing
    no card with the hand, found once for each distinct (hand, board): a spot. A board is keyed
    by its cards sorted (the turn and river read apart are one board). ``nuts_<street>`` rates,
    ``nuts_<street>_<0|1>`` keeps, ``nuts_<street>_<0|1>_<player>`` has each spot's nuts (of
    each hand type, ``within``): what ``nut`` reads."""
    rated_name, name = f"nuts_{street}", f"nuts_{street}_{int(within)}"
    twos = sql(
        f"select x.nb, [c1.card_id, c2.card_id] as h from (select distinct {board_key(street)} as nb from deals) as x "
        "join cards as c1 on c1.card_id >= :low join cards as c2 on c2.card_id > c1.card_id "
        "where not list_contains(x.nb, c1.card_id) and not list_contains(x.nb, c2.card_id)",
        low=4 * game.low_rank,
    )
    rated = exp.select("*", exp.alias_(hand_type(exp.column("r"), game), "t")).from_(_rated(twos, ["nb", "h"], _five_of("h", 2, game, street - 1), game).subquery("q"))
    partition = "nb, t" if within else "nb"
    best = sql(f"select nb, h, r, t, k from (select *, row_number() over (partition by {partition} order by r desc) as k from r) as x where k <= :kept", kept=kept(game, street - 1))
    # each spot's best two (of each type): its nuts unless the hand holds one of its cards; then
    # the best of the kept that share none
    by_type, spot = (", o.t" if within else ""), f"{name}_{player}_first"
    first = sql(
        f"select s.p, s.nb{by_type}, o.r, list_has_any(o.h, s.p) as blocked "
        f"from (select distinct p{player} as p, {board_key(street)} as nb from deals) as s join {name} as o on o.nb = s.nb and o.k = 1"
    )
    by_type = ", f.t" if within else ""
    spots = sql(
        f"select f.p, f.nb{by_type}, f.r from {spot} as f where not f.blocked union all "
        f"select f.p, f.nb{by_type}, max(o.r) as r from {spot} as f join {name} as o on o.nb = f.nb{' and o.t = f.t' if within else ''} "
        f"and not list_has_any(o.h, f.p) where f.blocked group by f.p, f.nb{by_type}"
    )
    return [(rated_name, rated), (name, exp.replace_tables(best, {"r": rated_name})), (spot, first), (f"{name}_{player}", spots)]


def board_key(street: int) -> str:
    """A deal's board to the street as ``nuts_ctes`` keys it: its cards sorted."""
    return f"list_sort(board[1:{street}])"


def nut(game: PqlGame, player: int, street: int, within: bool) -> exp.Expression:
    """Whether the player's hand is the nuts on the street (within its hand type): no two cards
    off the board and out of the hand make a better one (in Omaha, with three of the board)."""
    own = f"r_{player}_{street}"
    same_type = f" and o.t = {hand_type(exp.column(own), game).sql('duckdb')}" if within else ""
    return sql(
        f"{own} >= coalesce((select o.r from nuts_{street}_{int(within)}_{player} as o "
        f"where o.p = p{player} and o.nb = {board_key(street)}{same_type}), 0)"
    )


def nuts_work(setup, nuts: set[tuple[int, int, bool]], trials: int | None) -> int:
    """The hands the nuts rate (every two cards left, once for each distinct board to the
    street; times the board's threes in Omaha) and the twos each spot compares (``kept``)."""
    game, total = setup.game, 0
    left = len(game.deck) - len(set(setup.board) | set(setup.dead))
    deals = setup.work() if trials is None else trials
    for street in {s for _, s, _ in nuts}:
        boards = math.comb(left, max(0, street - len(setup.board)))
        if trials is not None:
            boards = min(boards, trials)
        threes = 1 if game.hole_used is None else math.comb(street, 5 - game.hole_used)
        total += boards * math.comb(len(game.deck) - street, 2) * threes
    for player, street, within in nuts:  # each spot's best two (of each type), and all kept where the hand holds a card of it
        boards = math.comb(left, max(0, street - len(setup.board)))
        combos = setup.combos[player]
        spots = min(deals, (len(combos) if combos is not None else math.comb(left, game.hole)) * boards)
        unseen = len(game.deck) - street
        blocked = 1 - math.comb(unseen - 2, game.hole) / math.comb(unseen, game.hole)
        total += int(spots * ((len(game.hand_types) if within else 1) + blocked * kept(game, street - 1)))
    return total
