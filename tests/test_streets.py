"""The next street (017, `equity --next-street`): for each card that can come next, who leads
and every player's exact equity after it, and each player's outs; against phevaluator, card by
card and board by board, on every engine (conftest's db)."""

from __future__ import annotations

import json

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
        (["AhAd", "QQ+", "--board", "2h 7h Kc", "--next-street"], "'QQ+'"),
        (["AhAd", "random", "--board", "2h 7h Kc", "--next-street"], "'random'"),
    ],
)
def test_next_street_refuses_what_it_cannot_show(run, args, named):
    status, out, err = run("equity", *args)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and named in err, err

