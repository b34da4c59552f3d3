"""PokerStars' 7 Card Stud, its Hi/Lo and Razz in the fpdb corpus (tests/histories/fpdb), imported
through the CLI: streets third to seventh (no board, but the card all share when the deck runs
out), the bring-in, each player's cards as the file shows them, and each hand's nets adding up to
minus its rake (a split pot is what the history says each player collected)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import duckdb
import pytest

from pokersql.cli import main

FPDB = Path(__file__).resolve().parent / "histories" / "fpdb"
# file -> (the game stored, its hands stored); 7-StudHL-USD-0.04-0.08-200911.txt holds Cardtest's hand too ("already held")
STUD = {
    "cash/Stars/Stud/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt": ("7 Card Stud Limit", 1),
    "cash/Stars/Stud/7-Stud-USD-0.04-0.08-200911.txt": ("7 Card Stud Limit", 11),
    "cash/Stars/Stud/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt": ("7 Card Stud Hi/Lo Limit", 1),
    "cash/Stars/Stud/7-StudHL-USD-0.04-0.08-200911.txt": ("7 Card Stud Hi/Lo Limit", 6),
    "cash/Stars/Stud/7-StudHL-USD-400-800-201701.3bet.fix.txt": ("7 Card Stud Hi/Lo Limit", 1),
    "cash/Stars/Stud/HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt": ("7 Card Stud Limit", 1),
    "cash/Stars/Stud/Razz-USD-0.04-0.08-200911.txt": ("Razz Limit", 9),
    "tour/Stars/Stud/Razz-8max-USD-200-15-201009.bracket.in.alias.txt": ("Razz Limit", 1),
    "tour/Stars/Stud/7-StudHL-USD-10-1-200906.PT2.export.txt": ("7 Card Stud Hi/Lo Limit", 1),  # PT2's header in capitals
}
STREETS = ["third", "fourth", "fifth", "sixth", "seventh"]


@pytest.fixture(scope="module")
def stud_db(db_file: str) -> str:
    """The module's database, every stud and razz file imported into it in one command."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["--db", db_file, "import", *(str(FPDB / name) for name in STUD)])
    stored = sum(count for _, count in STUD.values())
    assert (status, err.getvalue()) == (0, "")
    assert out.getvalue().startswith(f"Imported {stored} of {stored + 1} hand(s), 1 already held from {len(STUD)} file(s) into ")
    return db_file


def _query(db: str, sql: str, *parameters) -> list[tuple]:
    with duckdb.connect(db, read_only=True) as con:
        return con.execute(sql, list(parameters)).fetchall()


def _of(name: str) -> str:
    return str(FPDB / name)


def test_each_file_is_stored_as_its_game_on_stud_streets(stud_db):
    games = dict(_query(stud_db, "select source_file, list(distinct game) from history_hands group by source_file"))
    assert games == {_of(name): [game] for name, (game, _) in STUD.items()}
    streets = [street for (street,) in _query(stud_db, "select distinct street from history_actions order by 1")]
    assert sorted(streets) == sorted(STREETS)
    # every hand's antes and bring-in on third street; a stud hand has no board but a shared card
    assert _query(stud_db, "select count(*) from history_actions where action in ('ante', 'bring_in') and street <> 'third'") == [(0,)]
    assert _query(stud_db, "select count(*), count(distinct hand_id) from history_actions where action = 'bring_in'") == [(31, 31)]
    assert _query(stud_db, "select h.source_file, b.street, b.card from history_board b join history_hands h using (site, hand_id)") == [
        (_of("cash/Stars/Stud/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt"), "seventh", "6h")]


@pytest.mark.parametrize("name", sorted(STUD))
def test_each_hands_nets_add_up_to_minus_the_rake(stud_db, name):
    rows = _query(stud_db, "select h.hand_id, cast(round(h.rake * 100) as integer),"
                           " cast(sum(round((r.collected - p.in_pot) * 100)) as integer) from history_payouts p"
                           " join history_results r using (site, hand_id, seat) join history_hands h using (site, hand_id)"
                           " where h.source_file = ? group by h.hand_id, h.rake", _of(name))
    assert len(rows) == STUD[name][1]
    assert [(hand, net) for hand, rake, net in rows if net != -rake] == []


def _results(db: str, name: str) -> dict[str, tuple]:
    """player -> (net in hundredths, the cards shown)."""
    return {player: (net, shown) for player, net, shown in _query(
        db, "select p.player, cast(round((r.collected - p.in_pot) * 100) as integer), r.shown_cards from history_payouts p"
            " join history_results r using (site, hand_id, seat) join history_hands h using (site, hand_id)"
            " where h.source_file = ?", _of(name))}


def test_stud_hi_lo_split_pot(stud_db):
    """gashpor's low and Hero's high: $0.40 each of a pot of $0.84 less $0.04 of rake; both show seven cards."""
    results = _results(stud_db, "cash/Stars/Stud/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt")
    assert {player: row for player, row in results.items() if row[1]} == {
        "gashpor": (13, "4h 3d 5d Qd Jd 9d 6h"), "Hero": (13, "7c 3s 5h Qc Kc 6d 4d")}
    assert sum(net for net, _ in results.values()) == -4


def test_a_card_shared_when_the_deck_runs_out(stud_db):
    """"*** RIVER *** [6h]": the seventh card of every player still in, the one board card; the
    winner shows his six own cards."""
    results = _results(stud_db, "cash/Stars/Stud/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt")
    assert results["Player3"] == (43, "7s Qs 6c 7h 3s Qh")
    assert {player: net for player, (net, _) in results.items() if player != "Player3"} == {
        "Hero": -3, "Player2": -3, "Player4": -3, "Player5": -11, "Player6": -11, "Player7": -3, "Player8": -11}


def test_a_name_with_a_bracket_and_the_bring_in(stud_db):
    """"Dealt to PC [Mittel] [5c]" is PC [Mittel]'s card; Player5's bring-in of 15 on third street,
    PC [Mittel]'s raise to 50 after it."""
    name = "tour/Stars/Stud/Razz-8max-USD-200-15-201009.bracket.in.alias.txt"
    assert _query(stud_db, "select a.player, a.action, cast(a.amount as integer), cast(a.street_total as integer) from history_actions a"
                           " join history_hands h using (site, hand_id) where h.source_file = ? and a.street = 'third'"
                           " and a.action in ('bring_in', 'raise') order by a.action_no limit 2", _of(name)) == [("Player5", "bring_in", 15, 15), ("PC [Mittel]", "raise", 50, 50)]
    results = _results(stud_db, name)
    assert results["PC [Mittel]"] == (78500, "4c 2s 5c 9s 4s 9d As")
    assert results["Hero"] == (-36000, "3c Ac 5s 2h Th Js 5h")


def test_a_stud_hand_has_no_position(stud_db):
    """Stud has no button: history_hand_stats gives each seat no position (NULL), where numbering
    seats from a missing button gave each engine its own order, and no steal chance."""
    rows = _query(stud_db, "select count(*), count(position), count(*) filter (where steal_chance) from history_hand_stats")
    assert rows[0][0] > 100 and rows[0][1:] == (0, 0)
