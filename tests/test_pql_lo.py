"""PQL's lo games (omaha8, omaha5-8; issue 65, item 4): the hi/lo river equity against
`pokersql equity` (exact), winsLo / tiesLo / scoops against a tally of pokerkit's hands over the
same deals, lo ratings against pokerkit's order and pokersql's own low_rank, the refusals."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand

from pokersql.cards import parse_cards
from pokersql.pql.lo import LO_RATINGS
from tests.pql_kit import pql_database, answer, text  # noqa: F401 (pql_database: the fixture db)


def pokerkit_hand(hand_class, hole, board):
    try:
        return hand_class.from_game(text(hole), text(board))
    except ValueError:
        return None  # no qualifying lo


# (game, hands, board): a flop, a turn, a river; no lo possible (one lo rank on the turn);
# a lo quartered (both hold A2) among three players; omaha5-8.
SPOTS = [
    ("omaha8", ["AhAd2c3c", "KhKdQsJs"], "4h5s9c"),
    ("omaha8", ["As2s7d8d", "KcQcJh3h"], "4c6hTd2d"),
    ("omaha8", ["Ac2c9h9d", "Ad2dKsKh"], "3s5h8cJdQs"),
    ("omaha8", ["AhKhQdJd", "2c3c4s5s"], "KsQs9h9c"),
    ("omaha8", ["Ac2cKdQd", "Ah2hJsTs", "7h7d6s6c"], "3d4dKc9s"),
    ("omaha5-8", ["AhAd2c3cKs", "KhKd4d5d6c"], "4h7s9cQd"),
]


@pytest.mark.parametrize(("game", "hands", "board"), SPOTS)
def test_riverequity_is_pokersql_equity(db, game, hands, board):
    names = ["hero", "villain", "p3"][: len(hands)]
    players = ", ".join(f"{n}='{h}'" for n, h in zip(names, hands))
    trials, values = answer(db, f"select {', '.join(f'avg(riverequity({n}))' for n in names)} from game='{game}', {players}, board='{board}'")
    expected = db.equity(*hands, board=board, game=game)
    assert expected.exact
    for value, player in zip(values, expected.players):
        assert value == pytest.approx(player.equity, abs=1e-12)
    assert sum(values) == pytest.approx(1, abs=1e-12)


def test_equity_on_the_flop_is_the_mean_of_the_hilo_river_shares(db):
    _, (flop, river) = answer(db, "select avg(equity(hero, flop)), avg(riverequity(hero)) from game='omaha8', hero='AhAd2c3c', villain='KhKdQsJs', board='4h5s9c'")
    assert flop == pytest.approx(river, abs=1e-12)
    assert river == pytest.approx(db.equity("AhAd2c3c", "KhKdQsJs", board="4h5s9c", game="omaha8").players[0].equity, abs=1e-12)


@pytest.mark.parametrize(("hands", "board"), [(["Ac2c9h9d", "Ad3dKsKh"], "3s5h8c"), (["Ac2cKdQd", "Ah2hJsTs"], "3d4dKc9s"), (["AhKhQdJd", "2c3c4s5s"], "KsQs9h")])
def test_the_showdown_counts_are_a_tally_of_pokerkit_hands(db, hands, board):
    """winsHi, tiesHi, winsLo, tiesLo, scoops of each player, counted over every runout by PQL and
    by pokerkit's OmahaHoldemHand / OmahaEightOrBetterLowHand (each turn-river pair once per order)."""
    holes, known = [parse_cards(h) for h in hands], parse_cards(board)
    left = [c for c in range(52) if c not in known and not any(c in h for h in holes)]
    missing = 5 - len(known)
    tally = {f: [0, 0] for f in ("winshi", "tieshi", "winslo", "tieslo", "scoops")}
    runouts = list(combinations(left, missing))
    for rest in runouts:
        full = known + list(rest)
        highs = [pokerkit_hand(OmahaHoldemHand, h, full) for h in holes]
        los = [pokerkit_hand(OmahaEightOrBetterLowHand, h, full) for h in holes]
        best_hi = max(highs)
        hi_winners = [h == best_hi for h in highs]
        qualified = [lo for lo in los if lo is not None]
        lo_winners = [lo is not None and lo == max(qualified) for lo in los] if qualified else [False] * len(los)
        for p in range(len(holes)):
            shares = {"winshi": hi_winners[p], "tieshi": hi_winners[p] and sum(hi_winners) > 1,
                      "winslo": lo_winners[p], "tieslo": lo_winners[p] and sum(lo_winners) > 1}
            shares["scoops"] = (hi_winners[p] and sum(hi_winners) == 1) and (not qualified or (lo_winners[p] and sum(lo_winners) == 1))
            for f, held in shares.items():
                tally[f][p] += held * (2 if missing == 2 else 1)
    selectors = ", ".join(f"count({f}({p}))" for f in tally for p in ("hero", "villain"))
    trials, values = answer(db, f"select {selectors} from game='omaha8', hero='{hands[0]}', villain='{hands[1]}', board='{board}'")
    assert trials == len(runouts) * (2 if missing == 2 else 1)
    assert values == [tally[f][p] for f in tally for p in (0, 1)]
    assert (sum(tally["winslo"]) > 0) == (board != "KsQs9h")


def test_lo_ratings_order_hands_as_pokerkit_and_pokersql_evaluate(db):
    """Random omaha8 hands on river boards, nine a board: the lo rating is 0 exactly where pokerkit
    finds no lo, orders the lows as pokerkit does, and is LO_RATINGS - db.evaluate's low_rank."""
    rng = random.Random("pql lo 65")
    ratings, theirs, ranks = [], [], []
    for _ in range(8):
        cards = rng.sample(range(52), 41)
        board, holes = cards[:5], [cards[5 + 4 * i: 9 + 4 * i] for i in range(9)]
        names = [f"p{i}" for i in range(9)]
        players = ", ".join(f"{n}='{text(h)}'" for n, h in zip(names, holes))
        _, values = answer(db, f"select {', '.join(f'max(lorating({n}, river))' for n in names)} from game='omaha8', {players}, board='{text(board)}'")
        ratings += values
        theirs += [pokerkit_hand(OmahaEightOrBetterLowHand, h, board) for h in holes]
        ranks += [db.evaluate(text(h), board=text(board), game="omaha8").hands[0].low_rank for h in holes]
    assert [v == "NO_LO" for v in ratings] == [h is None for h in theirs]
    assert sum(h is not None for h in theirs) > 10
    lows = [(r, h) for r, h in zip(ranks, theirs) if h is not None]
    for (ra, a), (rb, b) in combinations(lows, 2):
        assert (ra < rb) == (a > b) and (ra == rb) == (a == b)
    keys = dict(db.engine.execute("select low_rank, rank_key from low_classes where ranking = 'eight-or-better'"))
    for rating, rank in zip(ratings, ranks):  # the rating printed is the class of db.evaluate's low_rank
        assert rating == ("NO_LO" if rank is None else "LO(" + ", ".join(v for v in "8765432A" if (keys[rank] // 5 ** ("23456789TJQKA".index(v))) % 5) + ")")
    shown = sorted({r for r in ratings if r != "NO_LO"})
    assert answer(db, "select " + ", ".join(f"max(ratelohand('{rating_text(r)}'))" for r in shown) + " from game='omaha8'")[1] == shown
    assert answer(db, "select max(ratelohand('A2345')), max(ratelohand('KQJT9')) from game='omaha8'")[1] == ["LO(5, 4, 3, 2, A)", "NO_LO"]
    assert LO_RATINGS == 57


def rating_text(shown):
    """'LO(8, 6, 4, 2, A)' -> '8642A'."""
    return shown[3:-1].replace(", ", "")


def test_nut_lo_and_the_board_lo_functions(db):
    _, values = answer(
        db,
        "select count(nutlo(hero, flop)), count(nutlo(villain, flop)), count(bestlorating(villain, flop)), count(boardallowsmadelo(flop)), "
        "avg(boardlocardcount(flop)), count(boardhastwodistinctlocards(turn)) "
        "from game='omaha8', hero='2c3cKdKh', villain='Ad4dQsQh', board='As5h8c'",
    )
    trials = answer(db, "select count(boardallowsmadelo(flop)) from game='omaha8', hero='2c3cKdKh', villain='Ad4dQsQh', board='As5h8c'")[0]
    # hero's 2-3 with A-5-8 makes 8-5-3-2-A, the nut lo (2-3 the best two cards off the board)
    assert values == [trials, 0, 0, trials, 3, 0]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("select count(pairedboard(flop)) from game='deuce-to-seven'", "draw games are not built yet"),
        ("select count(winslo(hero)) from game='omaha', hero='AhAd2c3c', villain='KhKdQsJs'", "has none (omaha8, omaha5-8, courchevel8, stud8, razz)"),
        ("select max(lorating(hero, river)) from hero='AhKh', villain='QQ'", "has none"),
    ],
)
def test_lo_refusals_are_one_line(run, query, message):
    status, out, err = run("pql", query)
    assert status == 2 and out == "", out
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_propokertools_game_names_are_aliases(db):
    assert db.pql("select count(pairedboard(flop)) from game='omaha85', board='AhAd2c'")[0].game == "omaha5-8"
    assert db.pql("select count(pairedboard(flop)) from game='omahahi', board='AhAd2c'")[0].game == "omaha"


def test_nut_lo_is_the_best_lo_of_any_two_unseen_cards(db):
    """nutLo(hero, street) against pokerkit: hero has a lo and no two cards off the board and out
    of hero's hand make a better one with the board (random lo-heavy boards, hero half the time
    given a best pair)."""
    rng = random.Random("pql nut lo 65")
    lows = [c for c in range(52) if c // 4 <= 6 or c // 4 == 12]
    seen = {True: 0, False: 0}
    for i in range(16):
        street = 3 + i % 3
        board = rng.sample(lows, street - 1) + [rng.choice([c for c in range(52) if c // 4 in (7, 8, 9, 10, 11)])]
        rest = [c for c in range(52) if c not in board]
        pairs = [(pokerkit_hand(OmahaEightOrBetterLowHand, list(p), board), list(p)) for p in combinations(rest, 2)]
        made = [(lo, p) for lo, p in pairs if lo is not None]
        two = rng.choice([p for lo, p in made if lo == max(m for m, _ in made)]) if made and i % 2 == 0 else rng.sample([c for c in rest if c in lows], 2)
        hero = two + rng.sample([c for c in rest if c not in lows], 2)
        unseen = [c for c in rest if c not in hero]
        mine = pokerkit_hand(OmahaEightOrBetterLowHand, hero, board)
        others = [lo for lo in (pokerkit_hand(OmahaEightOrBetterLowHand, list(p), board) for p in combinations(unseen, 2)) if lo is not None]
        expected = mine is not None and (not others or mine >= max(others))
        full = board + [c for c in unseen if c not in board][: 5 - street]
        trials, (count,) = answer(db, f"select count(nutlo(hero, {['flop', 'turn', 'river'][street - 3]})) from game='omaha8', hero='{text(hero)}', board='{text(full)}'")
        assert (count == trials) == expected and count in (0, trials), (text(hero), text(board))
        seen[expected] += 1
    assert min(seen.values()) >= 3, seen


@pytest.mark.parametrize("turn", ["8d", "Kc", "2h"])
def test_turn_equity_where_the_turn_is_given_is_pokersql_equity_on_that_turn(db, turn):
    _, (equity,) = answer(db, f"select avg(hvhequity(hero, turn)) from game='omaha8', hero='AhAd2c3c', villain='KhKd4d5d', board='4h5s9c' where turncard() = tocard('{turn}')")
    assert equity == pytest.approx(db.equity("AhAd2c3c", "KhKd4d5d", board="4h5s9c" + turn, game="omaha8").players[0].equity, abs=1e-12)
