"""The next street (017, `equity --next-street`): for each card that can come next, who leads
and every player's exact equity after it, and each player's outs; against phevaluator, card by
card and board by board, on every engine (conftest's db)."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations, product

import pytest
from phevaluator import evaluate_cards

from pokersql.cards import card_name, parse_cards
from showdowns import Tally  # tests/showdowns.py

# (hands, board, dead): heads-up and multiway, on a flop and on a turn, draws and made hands,
# ties that split (a board that plays), dead cards.
CASES = [
    (["Ah Ad", "Kh Kd"], "2h 7h Kc", ""),
    (["Ah Kh", "Qs Qd", "7c 8c"], "2h 7h Qc", ""),
    (["As 2d", "Ad 3c"], "Kc Qc Jd Td", ""),
    (["9s 8s", "Ac Kd", "2c 2d", "Jh Th"], "7s 6d 2h 5c", "As Ks"),
    (["5h 4h", "Ts Tc"], "6h 7h Td", "3h 8c 8d"),
]


def expected_next_street(hands: list[str], board: str, dead: str):
    """{next card: (leaders, [equity per player], runouts)}, by phevaluator: the leaders of the
    player's hand with the board and that card; the equity over every river after it."""
    holes = [parse_cards(hand) for hand in hands]
    known = parse_cards(board)
    out = set(known) | set(parse_cards(dead)) | {c for hole in holes for c in hole}
    deck = [c for c in range(52) if c not in out]
    expected = {}
    for card in deck:
        ranks = [evaluate_cards(*known, card, *hole) for hole in holes]
        leaders = [n for n, rank in enumerate(ranks, start=1) if rank == min(ranks)]
        tally = Tally(len(holes))
        rivers = [river for river in deck if river != card] if len(known) == 3 else [None]
        for river in rivers:
            tally.showdown(tuple(known + [card] + ([river] if river is not None else [])), holes)
        runouts, results = tally.results()
        expected[card_name(card)] = (leaders, [equity for _, _, equity in results], runouts)
    return expected


@pytest.mark.parametrize(("hands", "board", "dead"), CASES)
def test_next_street_against_phevaluator(db, hands, board, dead):
    result = db.equity(*hands, board=board, dead=dead, next_street=True)
    expected = expected_next_street(hands, board, dead)
    got = {card.card: (card.leaders, card.equity, card.runouts) for card in result.next_street}
    assert set(got) == set(expected), "the cards that can come next"
    for card, (leaders, equities, runouts) in expected.items():
        got_leaders, got_equities, got_runouts = got[card]
        assert (got_leaders, got_runouts) == (leaders, runouts), card
        assert got_equities == pytest.approx(equities, abs=1e-12), card
    for number, player in enumerate(result.players, start=1):
        assert player.outs == [card for card in got if number in expected[card][0]], f"player {number}'s outs"
    # Each board is one next card and its river: the equity now is the mean over the next cards.
    for number, player in enumerate(result.players):
        mean = sum(equities[number] for _, equities, _ in expected.values()) / len(expected)
        assert player.equity == pytest.approx(mean, abs=1e-12)


def test_a_split_pot_after_the_next_card(db):
    """Two straights to the ace on the board's broadway: the pot is split on every river."""
    result = db.equity("As 2d", "Ad 3c", board="Kc Qc Jd Td", next_street=True)
    nine = next(card for card in result.next_street if card.card == "9h")
    assert nine.leaders == [1, 2] and nine.equity == [0.5, 0.5]
    assert result.players[0].outs == result.players[1].outs


def test_next_street_in_json(run):
    status, out, err = run("equity", "AhAd", "KhKd", "--board", "2h 7h Kc", "--next-street", "--format", "json")
    assert status == 0, err
    data = json.loads(out)
    assert len(data["next_street"]) == 45 and data["players"][0]["outs"] == ["Ac", "As"]
    assert {key for card in data["next_street"] for key in card} == {"card", "leaders", "equity", "runouts"}
    status, out, _ = run("equity", "AhAd", "KhKd", "--board", "2h 7h Kc", "--format", "json")
    assert "next_street" not in json.loads(out) and "outs" not in json.loads(out)["players"][0]


def test_next_street_table_groups_the_cards(run):
    status, out, err = run("equity", "AhAd", "KhKd", "--board", "2h 7h Kc", "--next-street")
    assert status == 0, err
    assert "The turn: 45 cards can come" in out
    assert "A♣ A♠ (2): player 1 leads;  P1 97.73%  P2 2.27%" in out
    assert "Player 1 (Ah Ad) leads on 2: A♣ A♠" in out


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["AhAd", "KhKd", "--next-street"], "got 0"),
        (["AhAd", "KhKd", "--board", "2h 7h Kc 9s 3d", "--next-street"], "got 5"),
        (["AhAd", "QQ+", "--board", "2h 7h Kc", "--next-street", "--trials", "5000"], "'QQ+'"),
        (["AhAd", "random", "--board", "2h 7h Kc", "--next-street", "--trials", "5000"], "'random'"),
    ],
)
def test_next_street_refuses_what_it_cannot_show(run, args, named):
    status, out, err = run("equity", *args)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and named in err, err



# -- ranges: every deal of the ranges' combinations with every card (049's range_street_equity) --


def pairs(rank: str) -> list[tuple[str, float]]:
    return [(rank + a + " " + rank + b, 1.0) for a, b in combinations("shdc", 2)]


def suited(high: str, low: str, weight: float = 1.0) -> list[tuple[str, float]]:
    return [(high + s + " " + low + s, weight) for s in "shdc"]


# (players as the range text and its combinations written out here, board, dead): a weighted
# range on a flop, a known hand against a range and random on a turn, three players.
RANGE_CASES = [
    (["AA,AKs:0.5", "JJ,T9s"], [pairs("A") + suited("A", "K", 0.5), pairs("J") + suited("T", "9")], "Qh 9h 2c", ""),
    (["Ah Kd", "random"], [[("Ah Kd", 1.0)], [(" ".join(p), 1.0) for p in combinations(["23456789TJQKA"[v] + s for v in range(13) for s in "shdc"], 2)]], "Kc 7h 7d 2s", "Ac"),
    (["QQ", "8h 7h", "AKs"], [pairs("Q"), [("8h 7h", 1.0)], suited("A", "K")], "Qs 6h 5c 2h", ""),
]


def expected_range_street(players: list[list[tuple[str, float]]], board: str, dead: str):
    """{next card: (leaders, [equity per player])} by phevaluator, every deal (a combination
    of each player, no card twice, none on the board or dead) weighed by its weights multiplied,
    with every next card and (on a flop) every river that misses it; the leaders the players
    with the best equity after the card."""
    known = parse_cards(board)
    out = set(known) | set(parse_cards(dead))
    holes = [[(parse_cards(cards), Fraction(weight)) for cards, weight in combos] for combos in players]
    holes = [[(cards, w) for cards, w in combos if not set(cards) & out] for combos in holes]
    deals = []
    for deal in product(*holes):
        cards = [c for hole, _ in deal for c in hole]
        if len(set(cards)) == len(cards):
            weight = Fraction(1)
            for _, w in deal:
                weight *= w
            deals.append(([hole for hole, _ in deal], set(cards), weight))
    deck = [c for c in range(52) if c not in out]
    expected = {}
    for card in deck:
        shares = [Fraction(0)] * len(players)
        total = Fraction(0)
        for hands, used, weight in deals:
            if card in used:
                continue
            rivers = [r for r in deck if r != card and r not in used] if len(known) == 3 else [None]
            for river in rivers:
                final = known + [card] + ([river] if river is not None else [])
                ranks = [evaluate_cards(*final, *hole) for hole in hands]
                winners = [n for n, r in enumerate(ranks) if r == min(ranks)]
                for n in winners:
                    shares[n] += weight / len(winners)
                total += weight
        if total:
            best = max(shares)
            expected[card_name(card)] = ([n for n, s in enumerate(shares, start=1) if s == best], [float(s / total) for s in shares])
    return expected


@pytest.mark.parametrize(("texts", "players", "board", "dead"), RANGE_CASES)
def test_next_street_of_ranges_against_phevaluator(db, texts, players, board, dead):
    result = db.equity(*texts, board=board, dead=dead, next_street=True)
    assert result.exact
    expected = expected_range_street(players, board, dead)
    got = {card.card: (card.leaders, card.equity) for card in result.next_street}
    assert set(got) == set(expected), "the cards that can come next"
    for card, (leaders, equities) in expected.items():
        assert got[card][0] == leaders, card
        assert got[card][1] == pytest.approx(equities, abs=1e-12), card
    for number, player in enumerate(result.players, start=1):
        assert player.outs == [card for card in got if number in expected[card][0]], f"player {number}'s outs"
    # Every final board is a next card and its river (on a flop, twice: in either order): the
    # equity now is the street's pot shares over its runouts.
    runouts = sum(card.runouts for card in result.next_street)
    for number, player in enumerate(result.players):
        shares = sum(card.equity[number] * card.runouts for card in result.next_street)
        assert player.equity == pytest.approx(shares / runouts, abs=1e-12)


def test_next_street_of_a_range_in_the_table(run):
    status, out, err = run("equity", "AhAd", "QQ+", "--board", "2h 7h Kc", "--next-street")
    assert status == 0, err
    # 47: the cards of no deal (Ah, Ad) never come. Behind on a queen alone (QQ's set).
    assert "The turn: 47 cards can come. Who is the favourite after each" in out
    assert "Player 1 (Ah Ad) is the favourite after 43: " in out and "Player 2 (QQ+) is the favourite after 4: Q♣ Q♦ Q♥ Q♠" in out
    status, out, err = run("equity", "AhAd", "QQ+", "--board", "2h 7h Kc 3d", "--next-street", "--format", "json")
    assert status == 0, err
    data = json.loads(out)
    assert len(data["next_street"]) == 46 and {key for card in data["next_street"] for key in card} == {"card", "leaders", "equity", "runouts"}
