"""boardInRange and nutHiOuts (issue 65): board-range counts over every flop (and every turn and
river of a flop) against a plain-Python matcher written here from the documented syntax
(ProPokerTools' generic syntax as Open PQL documents it: a term's cards match the flop in any
order, then the turn, then the river; the same variable letter is the same rank or suit,
different letters different ones, none of the term's written ranks or suits), Open PQL's own
board checks, and nutHiOuts against a count made with phevaluator over every unseen card."""

from __future__ import annotations

import functools
import itertools
import re

import pytest
from phevaluator import evaluate_cards

from tests.pql_kit import pql_database, answer  # noqa: F401 (pql_database: the fixture db)

RANKS, SUITS = "23456789TJQKA", "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]
SHORT_DECK = [c for c in DECK if c[0] not in "2345"]


# --- the matcher written from the documentation --------------------------------------------


@functools.cache
def expand_spans(term):
    """A term's alternatives without spans: 'AK-' is AK, KQ … 32; 'KQ+' KQ, AK; 'T9-76' T9, 98,
    87, 76; '[T-]' one card of rank T or lower (a list)."""
    term = re.sub(r"\[([2-9TJQKA])-\]", lambda m: "[" + ",".join(RANKS[: RANKS.index(m.group(1)) + 1]) + "]", term)
    m = re.fullmatch(r"([2-9TJQKA]+)([+-])([2-9TJQKA]*)", term)
    if not m:
        return [term]
    top = [RANKS.index(r) for r in m.group(1)]
    if m.group(3):
        shifts = range(RANKS.index(m.group(3)[0]) - top[0], 1)
    elif m.group(2) == "-":
        shifts = range(-min(top), 1)
    else:
        shifts = range(0, 12 - max(top) + 1)
    return ["".join(RANKS[r + d] for r in top) for d in shifts]


@functools.cache
def cards_of(term):
    """A term's cards: (rank, suit, listed), rank and suit a letter or None, listed a set of cards."""
    out, i = [], 0
    while i < len(term):
        if term[i] == "[":
            j = term.index("]", i)
            listed = set()
            for item in term[i + 1 : j].split(","):
                listed |= {c for c in DECK if all(ch in c for ch in item)}
            out.append((None, None, frozenset(listed)))
            i = j + 1
            continue
        rank = term[i] if term[i] not in SUITS + "wxyz" else None
        i += rank is not None
        suit = term[i] if i < len(term) and term[i] in SUITS + "wxyz" else None
        i += suit is not None
        out.append((None if rank == "*" else rank, suit, None))
    return tuple(out)


def term_matches(cards, board):
    cards = cards + [(None, None, None)] * (5 - len(cards))
    written_ranks = {r for r, _, _ in cards if r and r in RANKS}
    written_suits = {s for _, s, _ in cards if s and s in SUITS}
    for flop in itertools.permutations(board[:3]):
        dealt = list(flop) + list(board[3:])
        bound = {}
        ok = True
        for (rank, suit, listed), card in zip(cards, dealt):
            if listed is not None and card not in listed:
                ok = False
            for want, have, written in ((rank, card[0], written_ranks), (suit, card[1], written_suits)):
                if want is None:
                    continue
                if want in RANKS + SUITS:
                    ok &= want == have
                else:  # a variable: one value per letter, distinct letters distinct values
                    ok &= have not in written and bound.setdefault(want, have) == have
        ranks_bound = [v for k, v in bound.items() if k not in "wxyz"]
        suits_bound = [v for k, v in bound.items() if k in "wxyz"]
        if ok and len(set(ranks_bound)) == len(ranks_bound) and len(set(suits_bound)) == len(suits_bound):
            return True
    return False


def split_top(text, sep):
    """The parts of text between the seps outside brackets and parentheses."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch in "[(") - (ch in ")]")
        if ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return parts + [text[start:]]


def matches(text, board):
    """',' or, ':' and, '!' but not, parentheses around a part."""
    text = text.replace(" ", "")
    if len(split_top(text, ",")) > 1:
        return any(matches(part, board) for part in split_top(text, ","))
    if len(split_top(text, ":")) > 1:
        return all(matches(part, board) for part in split_top(text, ":"))
    if len(split_top(text, "!")) > 1:
        first, *others = split_top(text, "!")
        return matches(first, board) and not any(matches(o, board) for o in others)
    if text.startswith("("):
        return matches(text[1:-1], board)
    return any(term_matches(list(cards_of(t)), board) for t in expand_spans(text))


# ranges that read the flop only, each counted over every flop
FLOP_RANGES = [
    "A", "AK", "RR", "RRR", "RON", "xxx", "xyz", "xxy", "AxKx", "RsR", "Kh", "*s",
    "[A,K,Q][2,3,4]", "AK-", "JJ+", "T9-54", "[T-]*", "AA,KK", "A!AA", "RR:xxy", "(AA,KK):xxy", "AsR",
]


@pytest.mark.parametrize("text", FLOP_RANGES)
def test_board_range_over_every_flop(db, text):
    trials, (count,) = answer(db, f"select count(boardinrange('{text}')) from game='holdem'")
    expected = sum(matches(text, list(flop)) for flop in itertools.combinations(DECK, 3))
    assert count * 22100 == expected * trials, (text, count, expected, trials)


# ranges that read the turn and the river, over every turn and river of one flop
RIVER_RANGES = ["A**K", "***RR", "***xx", "Ah7d2cK", "72A[K,Q]x", "x**yx", "[A,K]7*[T-]s", "R**R", "RR,***A"]


@pytest.mark.parametrize("text", RIVER_RANGES)
def test_board_range_over_every_turn_and_river(db, text):
    flop = ["Ah", "7d", "2c"]
    trials, (count,) = answer(db, f"select count(boardinrange('{text}')) from game='holdem', board='Ah7d2c'")
    rest = [c for c in DECK if c not in flop]
    expected = sum(matches(text, flop + [t, r]) for t in rest for r in rest if t != r)
    assert trials == 49 * 48 and count == expected, (text, count, expected)


def test_board_range_in_short_deck_and_omaha(db):
    trials, (count,) = answer(db, "select count(boardinrange('RR')) from game='shortdeck'")
    expected = sum(matches("RR", list(f)) for f in itertools.combinations(SHORT_DECK, 3))
    assert count * 7140 == expected * trials
    trials, (count,) = answer(db, "select count(boardinrange('AxKx')) from game='omaha', hero='AsKsQdJc'")
    left = [c for c in DECK if c not in ("As", "Ks", "Qd", "Jc")]
    expected = sum(matches("AxKx", list(f)) for f in itertools.combinations(left, 3))
    assert count * 17296 == expected * trials


# Open PQL's own board checks (openpql-range-parser checker.rs test_board, open-pql's
# board_in_range.rs): (range, boards in it, boards not in it)
OPEN_PQL_BOARDS = [
    ("AKQJ[T,3s]", ["AsKsQsJsTs", "KsQsAsJsTs", "AsKsQsJs3s"], ["AsKsQsTsJs", "TsKsQsJsAs", "AsKsQsJs3h"]),
    ("AA,JJ", ["JsJh2d2c3s", "Js2hJd2c3s"], ["Js2h2sJcJd"]),
    ("222[2]s", ["2s2h2d2c3s"], ["2s2h2d2c3h"]),
    ("AKQJT", [], ["AsKhQcTsJh"]),
    ("*", ["AhKdQc2s3h"], []),
]


@pytest.mark.parametrize(("text", "inside", "outside"), OPEN_PQL_BOARDS)
def test_open_pql_board_checks(db, text, inside, outside):
    for board in inside + outside:
        assert matches(text, [board[i : i + 2] for i in range(0, 10, 2)]) == (board in inside), (text, board)  # the matcher agrees
        trials, (count,) = answer(db, f"select count(boardinrange('{text}')) from board='{board}'")
        assert (trials, count) == (1, int(board in inside)), (text, board)


@pytest.mark.parametrize(
    ("text", "where"),
    [("AK?", "at character 3"), ("AAAKKQ", "at most 5 cards"), ("[R]", "a list holds"), ("AK-Q", "different numbers of cards"), ("(AA", "unexpected end")],
)
def test_a_board_range_that_cannot_be_read_is_named(run, text, where):
    status, out, err = run("pql", f"select count(boardinrange('{text}')) from game='holdem'")
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert f"board range '{text}'" in err and where in err, err


# --- nutHiOuts ----------------------------------------------------------------------------


def rating(game, hole, board):
    """phevaluator's rank (lower is better) of the best hi hand: Omaha two hole cards and three of the board."""
    if game == "holdem":
        return evaluate_cards(*hole, *board)
    return min(evaluate_cards(*h, *b) for h in itertools.combinations(hole, 2) for b in itertools.combinations(board, 3))


def nut_outs(game, hole, board):
    unseen = [c for c in DECK if c not in hole and c not in board]
    outs = 0
    for card in unseen:
        after = board + [card]
        mine = rating(game, hole, after)
        others = [c for c in unseen if c != card]
        # any two others (in Omaha with two more unseen cards they make a hand playing those two)
        if all(rating(game, pair, after) >= mine for pair in itertools.combinations(others, 2)):
            outs += 1
    return outs


@pytest.mark.parametrize(
    ("game", "hero", "board", "street"),
    [
        ("holdem", "KsJs", "QdTd4c", "flop"),
        ("holdem", "7c7d", "7s8s9s", "flop"),
        ("holdem", "AdKd", "QdJdTd", "flop"),  # the hand blocks the board's best two cards
        ("holdem", "AhQh", "9h8h2c3d", "turn"),
        ("omaha", "AsKsQdJc", "Ts9s2h", "flop"),
        ("omaha", "TsTh4d4c", "KhTd2s5c", "turn"),
        ("omaha5", "AsKsQdJc9h", "Ts9s2h", "flop"),
    ],
)
def test_nut_hi_outs_against_phevaluator(db, game, hero, board, street):
    hole = [hero[i : i + 2] for i in range(0, len(hero), 2)]
    cards = [board[i : i + 2] for i in range(0, len(board), 2)]
    _, (value,) = answer(db, f"select avg(nuthiouts(hero, {street})) from game='{game}', hero='{hero}', board='{board}'")
    assert value == nut_outs(game, hole, cards[: 3 if street == "flop" else 4])


def test_nut_hi_outs_per_deal_from_the_players_view(db):
    """Each deal its own hand's count; a villain's cards are unseen by the hero and count."""
    hands = ["AhKh", "AsKs", "AcJc"]
    _, (value, spread) = answer(db, f"select avg(nuthiouts(hero, flop)), histogram(nuthiouts(hero, flop)) from hero='{','.join(hands)}', villain='QcJd', board='QdTd4c'")
    each = [nut_outs("holdem", [h[:2], h[2:]], ["Qd", "Td", "4c"]) for h in hands]
    assert {row["value"]: row["count"] for row in spread} == {v: each.count(v) * 45 * 44 for v in set(each)}
    assert value == pytest.approx(sum(each) / 3)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("select avg(nuthiouts(hero, river)) from hero='AhKh', board='AhKd2c'", "give flop or turn, not river"),
        ("select avg(nuthiouts(hero, turn)) from hero='AhKh'", "nuthiouts() would rate about"),
    ],
)
def test_nut_hi_outs_refusals_are_one_line(run, query, message):
    status, out, err = run("pql", query)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert message in err, err
