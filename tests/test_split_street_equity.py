"""The next street of a split pot (issue 47: `equity --game omaha8 --next-street`,
sql/equity/059): each card that can come next, everyone's exact equity once it is dealt,
the leaders and the outs, against tests/test_split_equity.py's enumeration with pokerkit's
OmahaHoldemHand and OmahaEightOrBetterLowHand of the board with that card; bad input."""

from __future__ import annotations

import pytest

import pokersql
from pokersql.cards import parse_cards
from pokersql.cli import main
from tests.test_split_equity import enumerated

# (game, hands, board, dead): PLO8 on a flop heads-up with 20 cards dead (21 turn cards), and
# PLO5-8 three-way on a turn (each river its one board's shares).
CASES = [
    ("omaha8", ("Ah 2h Kc Qc", "As 3d 8s 8d"), "4h 7c Kd", "9c 9h 9s Tc Th Ts Jc Jh Js Qh Qs Ks Kh 6c 6h 6s 5c 5h 3c 3h"),
    ("omaha5-8", ("Ah 2h Kc Qc 3s", "As 4d 8s 8d Jd", "6c 7d 9h Th 2c"), "4h 7c Kd 5s", ""),
]


@pytest.fixture(scope="module", params=("duckdb", "sqlite"))
def street_db(request, built_database):
    database = pokersql.connect(built_database(request.param), engine=request.param)
    yield database
    database.close()


@pytest.mark.parametrize(("game", "hands", "board", "dead"), CASES)
def test_each_next_card_against_pokerkit(street_db, game, hands, board, dead):
    result = street_db.equity(*hands, board=board, dead=dead, game=game, next_street=True)
    out = set(parse_cards(board + " " + dead + " " + " ".join(hands)))
    assert sorted(parse_cards(" ".join(card.card for card in result.next_street))) == [c for c in range(52) if c not in out]
    for card in result.next_street:
        runouts, players = enumerated(hands, board + " " + card.card, dead)
        assert card.runouts == runouts
        assert card.equity == pytest.approx([equity for equity, *_ in players], abs=1e-12)
        best = max(card.equity)
        assert card.leaders == [n for n, equity in enumerate(card.equity, start=1) if equity == pytest.approx(best, abs=1e-12)]
    for number, player in enumerate(result.players, start=1):
        assert player.outs == [card.card for card in result.next_street if number in card.leaders]
    assert result.next_street_name == ("turn" if len(board.split()) == 3 else "river")
    whole = street_db.equity(*hands, board=board, dead=dead, game=game)
    assert [p.equity for p in result.players] == [p.equity for p in whole.players]


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--game", "omaha8", "Ah 2h Kc Qc", "random", "--board", "4h 7c Kd", "--next-street"], "hand 2 'random'"),
        (["--game", "omaha8", "Ah 2h Kc Qc", "As 3d 8s 8d", "--board", "4h 7c Kd 2c 9d", "--next-street"], "got a board of 5"),
        (["--game", "omaha8", "Ah 2h Kc Qc", "As 3d 8s 8d", "--next-street"], "got a board of 0"),
        (["--game", "omaha8", "Ah 2h Kc Qc", "As 3d 8s 8d", "--board", "4h 7c Kd", "--next-street", "--trials", "1000"], "and --trials"),
        (["--game", "razz", "Ah 2h 3c", "As 3d 8s", "--next-street"], "--next-street needs a board, and razz deals none"),
    ],
)
def test_next_street_refuses_in_one_line(built_database, capsys, args, named):
    path = built_database("duckdb")
    before = open(path, "rb").read()
    assert main(["--db", path, "equity", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1 and named in captured.err, captured.err
    assert open(path, "rb").read() == before
