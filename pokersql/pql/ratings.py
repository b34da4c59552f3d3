"""The ratings' SQL: a player's hi rating on a street (Hold'em: the best five of hole and board;
Omaha: every two hole cards with three of the board, the best kept; its lo the same way).
Short deck's ratings read its ranking's classes (033) as lists,
by position, the way hand_class_from_sums (027) reads Hold'em's: ``short_deck_lists``, one row
the query builds once. ``sql`` fills a fixed template's placeholders with sqlglot expressions."""

from __future__ import annotations

import itertools

import sqlglot
from sqlglot import exp

from .functions import DUPLICATED, FLOP_CATEGORY
from .games import HAND_TYPES, LO_RANKING, LO_RATINGS, RATINGS, PqlGame

RANK_CODES = [5**r for r in range(13)]  # card_values.rank_code (001) by rank (card_id // 4)
# a five's rank_key (045): the key of its lo in low_classes
RANK_KEY = "list_sum(list_transform(:five, c -> :codes[c // 4 + 1]))"
# the cards of a row's ``five`` (omaha_fives), for hi_rating_text
FIVE = [f"five[{k + 1}]" for k in range(5)]


def sql(template: str, **values: exp.Expression | object) -> exp.Expression:
    """A fixed SQL template whose placeholders (:name) take sqlglot expressions or literals."""
    tree = sqlglot.parse_one(template, read="duckdb")
    return exp.replace_placeholders(tree, **{k: v if isinstance(v, exp.Expression) else exp.convert(v) for k, v in values.items()})


def hi_rating_text(game: PqlGame, cards: list[str]) -> str:
    """The hi rating of 5 to 7 cards (SQL expressions of card_ids): ratings - hand_rank in the
    game's ranking, so that a better hand rates higher."""
    if game.ranking == "standard":
        return f"{RATINGS} - hand_class_of_cards({', '.join(cards + ['null'] * (7 - len(cards)))}).hand_rank"
    # short deck: the cards' sums (001's codes), looked up as hand_class_from_sums looks them up
    key, suits, mask = (" + ".join(f"{code}({c})" for c in cards) for code in ("rank_code_of", "suit_code_of", "card_bit_of"))
    lists = "(select {} from hand_class_lists)"
    slot = f"{lists.format('high_bases')}[({key}) // 78125 + 1] + {lists.format('low_numbers')}[({key}) % 78125 + 1] + 1"
    flush = f"(({mask}) >> {lists.format('flush_shifts')}[({suits}) + 1]) & {lists.format('flush_bits')}[({suits}) + 1]"
    return f"{game.ratings} - least((select value_ranks from short_deck_lists)[{slot}], (select flush_ranks from short_deck_lists)[({flush}) + 1])"


def short_deck_lists(game: PqlGame) -> exp.Expression:
    """One row: the game's short_deck_best_by_values laid out by the slots of hand_class_lists'
    value_ranks (026: every rank_key of 5 to 7 cards has one), and its short_deck_best_by_flush
    by value_mask (null where none): hi_rating_text's lookups."""
    values = (
        "select list(s.hand_rank order by e.slot) from range((select len(value_ranks) from hand_class_lists)) as e (slot) "
        "left join (select l.high_bases[v.rank_key // 78125 + 1] + l.low_numbers[v.rank_key % 78125 + 1] as slot, v.hand_rank "
        "from short_deck_best_by_values as v cross join hand_class_lists as l where v.ranking = :ranking) as s on s.slot = e.slot"
    )
    flushes = (
        "select list(f.hand_rank order by e.value_mask) from range(8192) as e (value_mask) "
        "left join short_deck_best_by_flush as f on f.ranking = :ranking and f.value_mask = e.value_mask"
    )
    return sql(f"select ({values}) as value_ranks, ({flushes}) as flush_ranks", ranking=game.ranking)


def rating_sql(player: int, street: int, game: PqlGame) -> exp.Expression:
    """A player's hi rating on a street, the best five of hole and board (Hold'em, short deck)."""
    cards = [f"p{player}[1]", f"p{player}[2]"] + [f"board[{i + 1}]" for i in range(street)]
    return sqlglot.parse_one(hi_rating_text(game, cards), read="duckdb")


def hand_type(rating: exp.Expression, game: PqlGame) -> exp.Expression:
    """A hi rating's hand type (its index in game.hand_types, 0 = high card … 8 = straight
    flush): its floor's index."""
    return sql("len(list_filter(:floors, f -> f <= :r))", floors=exp.convert(game.floors[1:]), r=rating)


def reindexed(value: exp.Expression, order: list[str], to: list[str]) -> exp.Expression:
    """An index into ``order`` as the index of the same name in ``to`` (short deck's hand types
    to Hold'em's order, Hold'em's flop categories to short deck's); itself when they agree."""
    if order == to:
        return value
    return sql(":m[:v + 1]", m=[to.index(name) for name in order], v=value)


def flop_category(rating: exp.Expression, five: exp.Expression, flop: exp.Expression, game: PqlGame) -> exp.Expression:
    """Open PQL's flop hand category (eval_flop_holdem) of two hole cards and the flop, as its
    index in games.FLOP_CATEGORIES (Hold'em's order): ``rating`` the hi rating of the five,
    ``five`` their card_ids, ``flop`` the flop's."""
    return sql(
        FLOP_CATEGORY, t=reindexed(hand_type(rating, game), game.hand_types, HAND_TYPES),
        d=sql(DUPLICATED.replace(":a0", ":x"), x=five), f=sql("list_sort(list_transform(:b, c -> c // 4))", b=flop),
    )


def omaha_fives(game: PqlGame, player: int, street: int) -> exp.Select:
    """(Omaha) every two hole cards with three of the board to the street, one row each
    (deal_id, five: the two then the three), for each deal of ``numbered``. (Unrolled into one
    expression, DuckDB spends minutes binding it; a lambda cannot hold hand_class_of_cards,
    which holds subqueries.)"""
    pairs = itertools.combinations(range(1, game.hole + 1), game.hole_used)
    picks = [list(h) + list(b) for h in pairs for b in itertools.combinations(range(1, street + 1), 5 - game.hole_used)]
    used = game.hole_used
    hole = ", ".join(f"p{player}[i[{k + 1}]]" for k in range(used))
    board = ", ".join(f"board[i[{k + 1}]]" for k in range(used, 5))
    return sql(f"select deal_id, unnest(list_transform(:picks, i -> [{hole}, {board}])) as five from numbered", picks=picks)


def omaha_flop_categories(game: PqlGame, player: int) -> exp.Select:
    """(Omaha) a player's flop hand category for each deal (deal_id, c), Open PQL's
    eval_flop_omaha: each two hole cards' category with the flop (flop_category), the greatest
    in Hold'em's order kept; one deal_id a row. Each five is rated first, apart: the category
    reads its rating inside lambdas, which cannot hold hand_class_of_cards' subqueries."""
    rating = sql(hi_rating_text(game, FIVE))
    rated = exp.select("deal_id", "five", exp.alias_(rating, "r")).from_(omaha_fives(game, player, 3).subquery("f"))
    category = flop_category(exp.column("r"), exp.column("five"), sql("five[3:5]"), game)
    return exp.select("deal_id", exp.alias_(exp.Max(this=category), "c")).from_(rated.subquery("g")).group_by("deal_id")


def omaha_ratings(game: PqlGame, player: int, street: int, lo: bool = False) -> exp.Select:
    """(Omaha) a player's hi rating on a street for each deal: every two hole cards with three
    of the board (omaha_fives), the best kept; one deal_id a row."""
    fives = omaha_fives(game, player, street)
    if lo:  # each five's rank_key, to look its lo up in low_classes (pql/lo.py)
        key, rating, classes = lo_join()
        fives = exp.select("*", exp.alias_(key, "k")).from_(fives.subquery("g"))
    best = f"max({hi_rating_text(game, FIVE)})"
    query = exp.select("deal_id").from_(fives.subquery("f")).group_by("deal_id")
    if not lo:
        return query.select(exp.alias_(sqlglot.parse_one(best, read="duckdb"), "r"))
    if lo:  # the lo of each five looked up in low_classes (pql/lo.py)
        query = query.select(exp.alias_(rating, "l")).join(classes.subquery("lc"), on=sql("lc.rank_key = f.k"), join_type="left")
    return query


def lo_join(ranking: str = LO_RANKING, ratings: int = LO_RATINGS) -> tuple[exp.Expression, exp.Expression, exp.Expression]:
    """(the rank_key of a row's ``five``, the lo rating of a group's best five, the classes of the
    lo ranking (eight-or-better unless told) to join on rank_key = k, a left join: no class, no lo)."""
    key = sql(RANK_KEY, five=exp.column("five"), codes=RANK_CODES)
    classes = sql("select rank_key, low_rank from low_classes where ranking = :ranking and is_flush = 0", ranking=ranking)
    return key, sql(f"coalesce({ratings} - min(lc.low_rank), 0)"), classes
