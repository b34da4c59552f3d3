"""PQL functions as SQL (DuckDB) over one deal's columns: p0, p1 … (each player's hole
card_ids), board (its five card_ids, flop, turn, river) and the ratings and shares the
translation adds (r_<player>_<street>, best_<street>, share_<player>, equity_<player>_<street>).

Each function is a template: its placeholders (:p the player's column, :b the board up to the
street, :a0, :a1 … the arguments) are replaced by sqlglot expressions, never pasted as text.
A card's rank is card_id // 4 (0 = deuce … 12 = ace), its suit card_id % 4.
"""

from __future__ import annotations

from dataclasses import dataclass

# a RANKSET is a list of distinct ranks, the highest first
RANKS_OF = "array_reverse_sort(list_distinct(list_transform(:a0, c -> c // 4)))"
DUPLICATED = "array_reverse_sort(list_distinct(list_filter(list_transform(:a0, c -> c // 4), r -> len(list_filter(:a0, d -> d // 4 = r)) > 1)))"
SUITS = "len(list_distinct(list_transform(:b, c -> c % 4)))"
LO_BOARD = "list_distinct(list_filter(list_transform(:b, c -> c // 4), r -> r = 12 or r <= 6))"


@dataclass(frozen=True)
class Function:
    args: tuple[str, ...]  # player, street, handtype, flopcat, string, range, or a value type
    returns: str
    sql: str | None  # the template; None: the translation builds it (ratings, equity)


FUNCTIONS: dict[str, Function] = {
    # the board
    "boardranks": Function(("street",), "rankset", RANKS_OF.replace(":a0", ":b")),
    "duplicatedboardranks": Function(("street",), "rankset", DUPLICATED.replace(":a0", ":b")),
    "boardsuitcount": Function(("street",), "cardcount", SUITS),
    "flushingboard": Function(("street",), "bool", "list_max(list_transform([0, 1, 2, 3], s -> len(list_filter(:b, c -> c % 4 = s)))) >= 3"),
    "monotoneboard": Function(("street",), "bool", f"{SUITS} = 1"),
    "twotoneboard": Function(("street",), "bool", f"{SUITS} = 2"),
    "rainbowboard": Function(("street",), "bool", f"{SUITS} = len(:b)"),
    "pairedboard": Function(("street",), "bool", "len(list_distinct(list_transform(:b, c -> c // 4))) < len(:b)"),
    "straightboard": Function(("street",), "bool", "list_max(list_transform(:windows, w -> len(list_intersect(w, list_transform(:b, c -> c // 4))))) >= 3"),
    "boardinrange": Function(("boardrange",), "bool", None),  # pql/boards.py
    "turncard": Function((), "card", "board[4]"),
    "rivercard": Function((), "card", "board[5]"),
    # a player's hole cards, alone or with the board
    "handranks": Function(("player",), "rankset", RANKS_OF.replace(":a0", ":p")),
    "duplicatedhandranks": Function(("player",), "rankset", DUPLICATED.replace(":a0", ":p")),
    "pocketpair": Function(("player",), "bool", "len(list_distinct(list_transform(:p, c -> c // 4))) < len(:p)"),
    "intersectinghandranks": Function(("player", "street"), "rankset", "array_reverse_sort(list_intersect(list_distinct(list_transform(:p, c -> c // 4)), list_transform(:b, c -> c // 4)))"),
    "nonintersectinghandranks": Function(("player", "street"), "rankset", "array_reverse_sort(list_filter(list_distinct(list_transform(:p, c -> c // 4)), r -> not list_contains(list_transform(:b, c -> c // 4), r)))"),
    # the ranks hand and board share (Open PQL's: a pocket pair on a board of its rank counts once)
    "handboardintersections": Function(("player", "street"), "cardcount", "len(list_intersect(list_distinct(list_transform(:p, c -> c // 4)), list_transform(:b, c -> c // 4)))"),
    "hastopboardrank": Function(("player", "street"), "bool", "list_contains(list_transform(:p, c -> c // 4), list_max(list_transform(:b, c -> c // 4)))"),
    "hassecondboardrank": Function(("player", "street"), "bool", "coalesce(list_contains(list_transform(:p, c -> c // 4), array_reverse_sort(list_distinct(list_transform(:b, c -> c // 4)))[2]), false)"),
    "overpair": Function(("player", "street"), "bool", f"coalesce({DUPLICATED.replace(':a0', ':p')}[1] > list_max(list_transform(:b, c -> c // 4)), false)"),
    "inrange": Function(("player", "range"), "bool", None),  # its hands a relation: translate.py
    # ranks and rank sets
    "rankcount": Function(("rankset",), "cardcount", "len(:a0)"),
    "maxrank": Function(("rankset",), "rank", "list_extract(:a0, 1)"),
    "minrank": Function(("rankset",), "rank", "list_extract(:a0, -1)"),
    "nthrank": Function(("cardcount", "rankset"), "rank", "list_extract(:a1, :a0)"),
    "torank": Function(("string",), "rank", None),
    "tocard": Function(("string",), "card", None),
    # hand strength
    "hirating": Function(("player", "street"), "hirating", None),
    "ratehihand": Function(("string",), "hirating", None),
    "handtype": Function(("player", "street"), "handtype", None),
    "exacthandtype": Function(("player", "street", "handtype"), "bool", None),
    "minhandtype": Function(("player", "street", "handtype"), "bool", None),
    "minhirating": Function(("player", "street", "hirating"), "bool", None),
    "maxhirating": Function(("street",), "hirating", None),
    "flophandcategory": Function(("player",), "flopcat", None),
    "exactflophandcategory": Function(("player", "flopcat"), "bool", None),
    "minflophandcategory": Function(("player", "flopcat"), "bool", None),
    "nuthi": Function(("player", "street"), "bool", None),
    "nuthiforhandtype": Function(("player", "street"), "bool", None),
    "besthirating": Function(("player", "street"), "bool", None),
    "nuthiouts": Function(("player", "street"), "cardcount", None),  # pql/outs.py
    # the lo (ProPokerTools'): a lo card is an ace to an eight (ranks 12, 0 … 6), counted once a rank
    "boardlocardcount": Function(("street",), "cardcount", f"len({LO_BOARD})"),
    "boardhasonedistinctlocard": Function(("street",), "bool", f"len({LO_BOARD}) = 1"),
    "boardhastwodistinctlocards": Function(("street",), "bool", f"len({LO_BOARD}) = 2"),
    "boardallowsmadelo": Function(("street",), "bool", f"len({LO_BOARD}) >= 3"),
    "lorating": Function(("player", "street"), "lorating", None),
    "ratelohand": Function(("string",), "lorating", None),
    "minlorating": Function(("player", "street", "lorating"), "bool", None),
    "maxlorating": Function(("street",), "lorating", None),
    "bestlorating": Function(("player", "street"), "bool", None),
    "nutlo": Function(("player", "street"), "bool", None),
    "winslo": Function(("player",), "bool", None),
    "tieslo": Function(("player",), "bool", None),
    # the showdown
    "winshi": Function(("player",), "bool", None),
    "tieshi": Function(("player",), "bool", None),
    "scoops": Function(("player",), "bool", None),
    "winninghandtype": Function((), "handtype", None),
    "riverequity": Function(("player",), "equity", None),
    "fractionalriverequity": Function(("player",), "equity", None),
    "hvhequity": Function(("player", "street"), "equity", None),
    "minhvhequity": Function(("player", "street", "num"), "bool", None),
}
# Open PQL's flop hand category (games.FLOP_CATEGORIES, by index), of two hole cards and the
# flop: :t the hand type of the five, :d the ranks paired or better among them, :f the flop's
# ranks from the lowest.
FLOP_CATEGORY = """case when :t >= 4 then :t + 9
    when :t = 3 then case when len(list_filter(:f, r -> r = list_max(:d))) = 2 then 11 else 12 end
    when :t = 2 then case when list_contains(:d, list_extract(:f, 3)) and list_contains(:d, list_extract(:f, 2)) then 10
        when list_contains(:d, list_extract(:f, 3)) then 9 else 8 end
    when :t = 1 then case when list_extract(:d, 1) > list_extract(:f, 3) then 7 when list_extract(:d, 1) = list_extract(:f, 3) then 6
        when list_extract(:d, 1) > list_extract(:f, 2) then 5 when list_extract(:d, 1) = list_extract(:f, 2) then 4
        when list_extract(:d, 1) > list_extract(:f, 1) then 3 when list_extract(:d, 1) = list_extract(:f, 1) then 2 else 1 end
    else 0 end"""
ALIASES = {"equity": "hvhequity", "min_equity": "minhvhequity"}

# Open PQL's functions pokersql does not answer yet, each refused in one line, "not supported":
# none now (all of Open PQL's are built).
NOT_YET: dict[str, str] = {}
