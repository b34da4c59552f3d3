"""The fpdb corpus's files that issue 45's last round imports (tests/histories/fpdb): seats numbered
past the header's table size, and Hold'em hands whose site wrote amounts its own actions do not
give ("bad collected", "Invalid side pot", a total pot the actions do not make).

Each is imported through the CLI into this module's database. A hand whose amounts disagree is
stored as its actions say: collected is NULL (nets follow history_payouts, the pots the actions and
the cards give) and collected_said keeps what the site said (057). Every hand adds up: the audit
returns nothing, and each hand's nets come to minus what the history collected as rake.
"""

from __future__ import annotations

import contextlib
import io
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest
from pokerkit import StandardHighHand

from pokersql.cli import main

FPDB = Path(__file__).resolve().parent / "histories" / "fpdb"
AUDIT = Path(__file__).resolve().parent.parent / "sql" / "audits" / "history_collected_matches_the_pots.sql"
SEATS = {  # file -> (max_seats, the seats of its first hand): the site's numbers, as written
    "tour/Stars/Flop/NLHE-3max-EUR-5-202104.RIO.txt": (3, [1, 3, 5]),
    "tour/Stars/Flop/NLHE-3max-EUR-5.00-202102.RIO.cub3d.txt": (3, [1, 3, 5]),
    "tour/Stars/Flop/NLHE-3max-EUR-5.00-202103.classic.txt": (3, [1, 3, 5]),
    "tour/Stars/Flop/NLHE-6max-MTT-USD-125-201505.old.converted.tourney.txt": (6, [2, 3, 5, 6, 7, 9]),
    "tour/Stars/Flop/NLHE-6max-MTT-USD-125-201505.old.converted.walk.no.sb.txt": (6, [2, 4, 7, 8, 9]),
}
# file -> the hands whose collected lines disagree with the pots the actions make
DISAGREE = {
    "cash/Stars/Flop/NLHE-6max-EUR-0.02-0.04-201902.RIO.txt": 1,  # a raise's chips counted twice in the site's pot
    "cash/PartyPoker/Flop/NLHE-6max-USD-0.05-0.10-201209.silent.post.both.txt": 1,
    "tour/PartyPoker/Flop/NLHE-MTT-USD-100-9-202104.anon.txt": 1,
    "tour/PartyPoker/Flop/NLHE-MTT-USD-50-5-202104.anon.txt": 1,
    "tour/PartyPoker/Flop/NLHE-MTT-USD-50-5-202104.bad.math.txt": 1,
}
# files whose site's total pot (HM1's, less its rake), uncalled bet or per-player bets (iPoker's) are not the actions',
# while what each collected is: imported with collected as the site says, no disagreement recorded
AGREE = ("cash/Stars/Flop/NLHE-10max-USD-1.00-2.00-200910.HM1.export.raiseTo.txt",
         "cash/Stars/Flop/NLHE-10max-USD-1.00-2.00-200910.HM1.shows.one.txt",
         "cash/iPoker/Flop/NLHE-EUR-0.01-0.02-201701.new.datetime.format.txt",
         "cash/iPoker/Flop/PLO-EUR-2.50-5.00-201901.no.max.seats.txt",
         "tour/iPoker/Flop/NLHE-USD-MTT-5r-201112.Sample.xml",
         "cash/Stars/Flop/PLO-6max-EUR-0.10-0.20-201904.RIO.Side.Pots.txt",  # its "Uncalled bet (8.43)" is not the actions' 1.36
         *SEATS)


@pytest.fixture(scope="module")
def more_db(db_file: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["--db", db_file, "import", *(str(FPDB / name) for name in dict.fromkeys([*SEATS, *DISAGREE, *AGREE]))])
    assert (status, err.getvalue()) == (0, ""), err.getvalue()
    return db_file


def _query(db: str, sql: str, *parameters) -> list[tuple]:
    with duckdb.connect(db, read_only=True) as con:
        return con.execute(sql, list(parameters)).fetchall()


@pytest.mark.parametrize("name", sorted(SEATS))
def test_seats_past_the_table_size_are_stored_as_written(more_db, name):
    """The header's table size is max_seats; each seat keeps the site's number (Run It Once seats a
    3-max table in seats 1, 3 and 5), its player and stack."""
    hand = _query(more_db, "select hand_id, max_seats from history_hands where source_file = ? order by source_line limit 1",
                  str(FPDB / name))[0]
    assert hand[1] == SEATS[name][0]
    seats = _query(more_db, "select seat from history_seats where hand_id = ? order by seat", hand[0])
    assert [seat for seat, in seats] == SEATS[name][1]


def test_the_audit_finds_nothing_in_holdem(more_db):
    """Every player of every Hold'em hand imported here: collected (where kept) is what the pots give.
    (The views pay no Omaha showdown: an Omaha hand's audit is its nets, below.)"""
    omaha = {hand for hand, in _query(more_db, "select hand_id from history_hands where game like '%Omaha%'")}
    assert [row for row in _query(more_db, AUDIT.read_text()) if row[1] not in omaha] == []
    assert len(omaha) == 5


@pytest.mark.parametrize("name", sorted(DISAGREE))
def test_a_disagreeing_hand_keeps_what_the_site_said_and_its_nets_follow_the_actions(more_db, name):
    rows = _query(more_db,
                  "select r.hand_id, count(r.collected), count(r.collected_said), sum(r.collected_said),"
                  " sum(p.net), sum(w.in_pot), max(coalesce(h.rake, 0)) from history_results r"
                  " join history_player_hands p using (site, hand_id, seat) join history_payouts w using (site, hand_id, seat)"
                  " join history_hands h using (site, hand_id)"
                  " where h.source_file = ? and r.collected_said is not null group by r.hand_id", str(FPDB / name))
    assert len(rows) == DISAGREE[name]
    for hand_id, kept, said, said_total, net, in_pot, rake in rows:
        assert kept == 0 and said > 0, hand_id  # collected NULL for every seat, the site's figures kept
        assert net == 0, hand_id  # the pots the actions give: every chip put in is won back by someone
        assert said_total + rake != in_pot, hand_id  # what the site said does not add up to the actions' pot


def test_run_it_once_hand_as_the_actions_say(more_db):
    """RIO hand 30702949: the actions put 9.18 in the pot (the site: 9.56, and Barre collected 9.01 after
    a rake of 0.55); Barre's three fours take the 9.18, John R's 4.58 lost."""
    rows = _query(more_db, "select r.player, r.collected, r.collected_said, w.won, p.net from history_results r"
                           " join history_player_hands p using (site, hand_id, seat) join history_payouts w using (site, hand_id, seat)"
                           " where r.hand_id = '30702949' and r.player in ('Barre', 'John R') order by r.player")
    assert rows == [("Barre", None, Decimal("9.01"), Decimal("9.18"), Decimal("4.60")),
                    ("John R", None, Decimal("0.00"), Decimal("0.00"), Decimal("-4.58"))]


@pytest.mark.parametrize("name", AGREE)
def test_each_hand_whose_collected_agree_nets_minus_its_rake(more_db, name):
    """Collected kept (no collected_said), and each hand's nets, collected less what was left in the pot,
    come to minus its rake (Omaha's pots are not paid by the views: this is its audit)."""
    rows = _query(more_db, "select h.hand_id, count(r.collected_said), cast(round(coalesce(h.rake, 0) * 100) as integer),"
                           " cast(sum(round((r.collected - w.in_pot) * 100)) as integer) from history_results r"
                           " join history_payouts w using (site, hand_id, seat) join history_hands h using (site, hand_id)"
                           " where h.source_file = ? group by h.hand_id, h.rake", str(FPDB / name))
    assert rows and [(hand, said, net) for hand, said, rake, net in rows if said or net != -rake] == []


def test_a_converted_walk_gives_the_big_blind_back(more_db):
    """A converted walk (hand 3210674180) leaves the big blind's 600 in the pot and 'collected 900':
    the actions give the 600 back, as the history does not say, and the antes, 300, to Big Blind: 300
    collected, a net of 240 (60 of ante paid). No disagreement: that is the same chips, written otherwise."""
    rows = _query(more_db, "select r.collected, r.collected_said, p.net from history_results r join history_player_hands p"
                           " using (site, hand_id, seat) where r.hand_id = '3210674180' and r.player = 'Big Blind'")
    assert rows == [(Decimal("300.00"), None, Decimal("240.00"))]


def test_showdowns_of_the_disagreeing_hands_are_pokerkits(more_db):
    """Where two or more show down, the players paid are those pokerkit ranks best."""
    hands = _query(more_db, "select distinct hand_id from history_results where collected_said is not null")
    checked = 0
    for (hand_id,) in hands:
        board = "".join(card for card, in _query(more_db, "select card from history_board where hand_id = ? and board_no = 1"
                                                            " order by card_no", hand_id))
        shown = _query(more_db, "select r.player, r.shown_cards, p.won from history_results r join history_payouts p"
                                " using (site, hand_id, seat) where r.hand_id = ? and r.shown_cards is not null", hand_id)
        if len(shown) < 2 or len(board) < 10:
            continue
        ranks = {player: StandardHighHand.from_game(cards.replace(" ", ""), board) for player, cards, _ in shown}
        best = max(ranks.values())
        assert {player for player, _, won in shown if won > 0} >= {p for p, r in ranks.items() if r == best}, hand_id
        checked += 1
    assert checked == 2


# Omaha hands whose amounts disagree, one player collecting: file -> (hand, the winner, collected as the
# actions give it (their pot, the site's chips, less the rake), what the site said)
ONE_WINNER = {
    "cash/Stars/Flop/PLO-6max-EUR-1.00-2.00-201902.RIO.raiseTo.bug.txt":  # the site's pot 382.76, the actions' 368.76
        ("31260881", "PaulOpenfold", Decimal("365.26"), Decimal("379.26")),
    "cash/Stars/Flop/PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt":  # the STP of 5 collected twice
        ("36197946", "Ricky N", Decimal("143.84"), Decimal("148.84")),
    "cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201408.bad.pot.txt":  # "bad pot": 6 said, 5 put in
        ("6468352-1737-1408024646", "Player1", Decimal("5.00"), Decimal("6.00")),
}


@pytest.mark.parametrize("name", sorted(ONE_WINNER))
def test_an_omaha_hand_that_disagrees_with_one_winner_is_as_the_actions_say(more_db, name):
    """The views do not show Omaha down from the cards; where the site says one player alone collects (and
    that player has in the pot as much as anyone: every pot is theirs), the winner takes the actions' pot
    and the site's chips, less the rake: collected, the site's figure in collected_said. The chips add
    up: the nets come to the site's chips less the rake."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(["--db", more_db, "import", str(FPDB / name)]) == 0, err.getvalue()
    hand, winner, collected, said = ONE_WINNER[name]
    assert _query(more_db, "select player, collected, collected_said from history_results where hand_id = ?"
                           " and (collected > 0 or collected_said > 0)", hand) == [(winner, collected, said)]
    assert _query(more_db, "select sum(r.collected - w.in_pot) - max(coalesce(h.site_added, 0)) + max(h.rake) from history_results r"
                           " join history_payouts w using (site, hand_id, seat) join history_hands h using (site, hand_id)"
                           " where hand_id = ?", hand) == [(Decimal("0.00"),)]


def test_an_omaha_hand_that_disagrees_with_two_winners_is_refused(more_db, tmp_path):
    """Two players collecting from an Omaha pot the site wrote wrong: who takes what the actions give is the
    cards' to say, which the views do not work out: refused in one line, the database as it was."""
    path = tmp_path / "split.txt"
    path.write_bytes((FPDB / "cash/Stars/Flop/PLO-6max-EUR-1.00-2.00-201902.RIO.raiseTo.bug.txt").read_bytes().replace(
        b"PaulOpenfold collected \x80379.26", b"Randy O collected \x80189.63 from pot\nPaulOpenfold collected \x80189.63").replace(
        b"#31260881", b"#1"))  # a hand of its own
    before = _query(more_db, "select count(*), sum(total_pot) from history_hands")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["--db", more_db, "import", str(path)])
    assert (status, out.getvalue()) == (2, "")
    assert err.getvalue() == (f"pokersql: error: {path}:1: amounts do not add up: the actions put 368.76 in the pot,"
                              " the history says 382.76 (--skip-bad imports the other hands)\n")
    assert _query(more_db, "select count(*), sum(total_pot) from history_hands") == before


# file -> (hand, the site's chips added, the player who collects them, the hand's rake)
SITE_ADDED = {
    "cash/Stars/Flop/NLHE-6max-EUR-0.05-0.10-201906.RIO.STP.txt": ("30266126", Decimal("0.50")),
    "cash/Stars/Flop/NLHE-6max-EUR-0.05-0.10-201906.RIO.STP.walk.txt": ("30446369", Decimal("0.50")),
    "cash/GGPoker/Flop/PLO-6max-USD-0.01-0.02-202104.STP.txt": (None, Decimal("0.20")),
}


@pytest.fixture(scope="module")
def added_db(more_db: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["--db", more_db, "import", *(str(FPDB / name) for name in SITE_ADDED)])
    assert (status, err.getvalue()) == (0, ""), err.getvalue()
    return more_db


@pytest.mark.parametrize("name", sorted(SITE_ADDED))
def test_the_sites_chips_are_kept_and_the_nets_add_up_to_them(added_db, name):
    """Run It Once's "STP added: €0.50" and GGPoker's "Cash Drop to Pot : total $0.2": site_added, and the
    hand's nets (collected less what each left in the pot) come to the chips added less the rake."""
    rows = _query(added_db, "select h.hand_id, h.site_added, coalesce(h.rake, 0), sum(r.collected - w.in_pot)"
                            " from history_hands h join history_results r using (site, hand_id)"
                            " join history_payouts w using (site, hand_id, seat) where h.source_file = ?"
                            " group by h.hand_id, h.site_added, h.rake", str(FPDB / name))
    hand, added = SITE_ADDED[name]
    assert [(row[0] if hand else None, row[1]) for row in rows if row[1] is not None] == [(hand, added)]
    assert [(row[0], row[3]) for row in rows if row[3] != (row[1] or 0) - row[2]] == []


def test_the_audit_counts_the_sites_chips(added_db):
    """The RIO hands' winners collect the STP beside the pots: the audit still finds nothing in Hold'em."""
    omaha = {hand for hand, in _query(added_db, "select hand_id from history_hands where game like '%Omaha%'")}
    assert [row for row in _query(added_db, AUDIT.read_text()) if row[1] not in omaha] == []
    assert _query(added_db, "select r.player, r.collected, w.won from history_results r join history_payouts w"
                            " using (site, hand_id, seat) where r.hand_id = '30446369' and r.collected > 0") == [
        ("Dawson D", Decimal("0.60"), Decimal("0.10"))]  # 0.65 said: the big blind's uncalled 0.05 given back


def test_pokermasters_five_card_omaha_named_omaha(more_db):
    """PokerMaster's header says "Omaha Pot Limit" for its 5-card table: the five cards dealt make the hand
    5 Card Omaha (as iPoker's game without a name is the Omaha of the cards dealt), not a refusal."""
    name = "cash/Stars/Flop/5-Card-PLO-6max-USD-15-30-201905.PokerMaster.txt"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(["--db", more_db, "import", str(FPDB / name)]) == 0, err.getvalue()
    assert _query(more_db, "select h.game, s.hole_cards from history_hands h join history_seats s using (site, hand_id)"
                           " where h.source_file = ? and s.hole_cards is not null", str(FPDB / name)) == [
        ("5 Card Omaha Pot Limit", "9c Qc 9h Jc Qs")]
    assert _query(more_db, "select sum(r.collected - w.in_pot) + max(h.rake) from history_results r join history_payouts w"
                           " using (site, hand_id, seat) join history_hands h using (site, hand_id) where h.source_file = ?",
                  str(FPDB / name)) == [(Decimal("0.00"),)]
