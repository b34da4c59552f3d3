"""GGPoker, Winamax and 888 (PacificPoker) text, as the sites wrote it: every file of the fpdb
corpus's three sites (tests/histories/fpdb) imported through the CLI, each imported whole or
refused in one line naming why; the nets pokersql stores equal fpdb's ``totalProfit`` in every
``.hp`` file of these sites; and a few hands' nets worked out here from the files' own lines."""

from __future__ import annotations

import ast
import json
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest

from pokersql.histories import Hand, read_hands, sites

TABLES = ("history_hands", "history_seats", "history_actions", "history_board", "history_results")
FPDB = Path(__file__).resolve().parent / "histories" / "fpdb"
SKIP = " (--skip-bad imports the other hands)"


def game(line: int, name: str, site: str) -> str:
    return f":{line}: unsupported game {name!r}: pokersql imports Hold'em (no limit, pot limit, limit) from {site}" + SKIP


# Each file of the three sites (fpdb's .hp, .hands and .gt files aside): the hands it imports whole,
IMPORTED = {
    'cash/GGPoker/Flop/NL-ShortDeck-5max-USD-0.2-202103.txt': 4,
    'cash/GGPoker/Flop/NL-ShortDeck-5max-USD-100-202104.internal.txt': 1,
    'cash/GGPoker/Flop/PLO-6max-USD-0.5-1.00-202006.txt': 13,
    'cash/GGPoker/Flop/PLO-6max-USD-2-5-202101.RIT.txt': 1,
    'cash/GGPoker/Flop/PLO-6max-USD-5-10-202101.missed.txt': 1,
    'cash/GGPoker/Flop/PLO5-6max-USD-0.1-0.25-202104.over.straddle.txt': 1,
    'cash/GGPoker/Flop/PLO5-6max-USD-2-5-202104.Jackpot.txt': 1,
    'cash/GGPoker/Flop/PLO5-6max-USD-2-5-202104.missed.txt': 1,
    'cash/GGPoker/Flop/PLO5-6max-USD-25-50-202104.RIT.txt': 1,
    'cash/GGPoker/Flop/PLO5-6max-USD-25-50-202104.straddle.txt': 1,
    'cash/GGPoker/Flop/PLO5-6max-USD-25-50-20210411.txt': 1,
    'cash/GGPoker/Flop/PLO5-6max-USD-5-10-202104.straddle.txt': 1,
    'cash/PacificPoker/Flop/888-FHE-USD-5-10-201203.all.in.blind.txt': 1,
    'cash/PacificPoker/Flop/888-FLH-10max-USD-0.02-0.04-201306.max.seats.txt': 1,
    'cash/PacificPoker/Flop/888-FLH-PM-0.50-1.00-HeroLoses18.txt': 1,
    'cash/PacificPoker/Flop/888-FLH-PM-0.50-1.00.txt': 1,
    'cash/PacificPoker/Flop/888-FLH-PM-1.00-2.00-stacks_over_1k.txt': 52,
    'cash/PacificPoker/Flop/888-FLH-USD-0.02-0.04.txt': 43,
    'cash/PacificPoker/Flop/888-FLO-PM-30-60.txt': 3,
    'cash/PacificPoker/Flop/888-FLOHL-PM-30-60.txt': 1,
    'cash/PacificPoker/Flop/888-LHE-HU-USD-10-20-201202.cancelled.hand.txt': 1,
    'cash/PacificPoker/Flop/888-LHE-USD-0.01-0.02.txt': 1,
    'cash/PacificPoker/Flop/888-NLH-USD-0.01-0.02.txt': 35,
    'cash/PacificPoker/Flop/888-NLHE-PM-1.00-2.00.txt': 2,
    'cash/PacificPoker/Flop/888-NLHE-USD-0.01-0.02-201107.non.english.post.both.txt': 1,
    'cash/PacificPoker/Flop/888-NLHE-USD-0.01-0.02.rake.greater.than.25.pct.txt': 1,
    'cash/PacificPoker/Flop/888-NLHE-USD-0.02-0.04-201107.russian.cards.txt': 1,
    'cash/PacificPoker/Flop/888-NLHE-USD-5-10-201205.uncalled.non.blind.txt': 1,
    'cash/PacificPoker/Flop/888-PLH-PM-1.00-2.00.txt': 12,
    'cash/PacificPoker/Flop/888-PLO-USD-10.00-20.00-201405.dutch.txt': 1,
    'cash/PacificPoker/Flop/888-PLO-USD-25-50-201508.secondsb.txt': 1,
    'cash/PacificPoker/Flop/NLHE-10max-USD-0.50-1.00-201607.jackpot.table.txt': 1,
    'cash/PacificPoker/Flop/NLHE-6max-USD-0.12-0.25-202206.ca-on.txt': 1,
    'cash/PacificPoker/Flop/PLO-6max-USD-25-50-201503.observed.hand.txt': 1,
    'cash/PacificPoker/Flop/PLO-6max-USD-25-50-201604.Swedish.txt': 2,
    'cash/Winamax/Flop/5-Card-PLO-6max-EUR-2.00-4.00-201611.raiseTo.txt': 1,
    'cash/Winamax/Flop/5-Card-PLO-6max-EUR-5.00-10.00-201703.format2.txt': 1,
    'cash/Winamax/Flop/5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt': 1,
    'cash/Winamax/Flop/LHE-2max-EUR-0.05-0.10-201204.txt': 1,
    'cash/Winamax/Flop/NLHE-2max-EUR-2-4-201704.go.fast.txt': 1,
    'cash/Winamax/Flop/NLHE-5max-EUR-1-2-201201.Hero.Sitting.Out.txt': 1,
    'cash/Winamax/Flop/NLHE-5max-EUR-2.00-4.00-202005.action.error.txt': 1,
    'cash/Winamax/Flop/NLHE-5max-play-0.10-0.20-201208.txt': 1,
    'cash/Winamax/Flop/NLHE-5max-play-0.50-1.00-201304.players.not.in.summary.txt': 1,
    'cash/Winamax/Flop/NLHE-FR-EUR-0.02-0.05-201010.Invalid.side.pot.Player8.txt': 1,
    'cash/Winamax/Flop/NLHE-FR-EUR-0.02-0.05-201010.Real.side.pot.with.bad.collected.Biggest.stack.wins.txt': 1,
    'cash/Winamax/Flop/NLHE-FR-EUR-0.02-0.05-201010.Side.pot.Biggest.stack.loses.main.txt': 1,
    'cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt': 2,
    'cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201408.bad.pot.txt': 1,  # its pot written wrong: one winner, as the actions say
    'cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201611.post.both.txt': 1,
    'cash/Winamax/Flop/PLO-5max-EUR-2-4-202104.no.colon.txt': 1,
    'cash/Winamax/Flop/PLO-5max-EUR-2.00-4.00-201412.sb.oop.txt': 1,
    'cash/Winamax/Flop/PLO-FR-EUR-0.02-0.05-201009.Real.side.pot.with.bad.collected.txt': 1,
    'cash/Winamax/Flop/PLO-FR-EUR-0.02-0.05-201009.Sample': 60,
    'cash/Winamax/Flop/PLO-FR-EUR-0.50-1.00-201103.hid.out.of.range.txt': 1,
    'cash/Winamax/Flop/PLO8-2max-play-0.05-0.10-201610.export.txt': 1,
    'cash/Winamax/Flop/PLO8-6max-EUR-1.00-2.00-201611.txt': 1,
    'tour/GGPoker/Flop/NLHE-8max-MTT-USD-1050-202104.extra.space.txt': 1,
    'tour/GGPoker/Flop/NLHE-8max-MTT-USD-250-202006.txt': 59,
    'tour/GGPoker/Flop/NLHE-8max-MTT-USD-52.50-202104.KO.txt': 1,
    'tour/GGPoker/Flop/NLHE-8max-MTT-USD-5k-202008.txt': 1,
    'tour/GGPoker/Flop/PLO-6max-MTT-USD-1k-202006.txt': 67,
    'tour/GGPoker/Flop/PLO-NLO-6max-MTT-USD-8.40-202104.KO.txt': 1,
    'tour/PacificPoker/Flop/NLHE-10max-FREE-201901.txt': 1,
    'tour/PacificPoker/Flop/NLHE-10max-Free-202004.space.delimiter.txt': 1,
    'tour/PacificPoker/Flop/NLHE-6max-MTT-40-4-201901.ro.MM.fix.txt': 1,
    'tour/PacificPoker/Flop/NLHE-6max-SNG-0.10-201206.hands.txt': 1,
    'tour/PacificPoker/Flop/NLHE-FREE-MTT-$75Freeroll-201202.multi.pot.ante.all.in.txt': 1,
    'tour/PacificPoker/Flop/NLHE-FREE-MTT-$75Freeroll20120217.txt': 115,
    'tour/PacificPoker/Flop/NLHE-FREE-MTT-201311.all.in.blind.no.uncalled.txt': 1,
    'tour/PacificPoker/Flop/NLHE-MTT-EUR-0.01-201206.freeroll.buyin.hands.txt': 1,
    'tour/PacificPoker/Flop/NLHE-MTT-USD-13.95-1.05-201901.BLAST.txt': 1,
    'cash/GGPoker/Flop/PLO-6max-USD-0.01-0.02-202104.STP.txt': 1,
    'tour/PacificPoker/Flop/NLHE-PM-MTT-10-20120221.txt': 18,
    'tour/PacificPoker/Flop/NLHE-STT-5.00-201901.BLAST.txt': 1,
    'tour/PacificPoker/Flop/NLHE-USD-HUSNG-0.25-201201.Sample.txt': 10,
    'tour/PacificPoker/Flop/NLHE-USD-MTT-0.90-201205.multiway.allin.blind.txt': 1,
    'tour/PacificPoker/Flop/NLHE-USD-MTT-0.90-201205.uncalledbets.correct.txt': 1,
    'tour/PacificPoker/Flop/NLHE-USD-MTT-0.90-201205.uncalledbets.false.positive.txt': 1,
    'tour/PacificPoker/Flop/NLHE-USD-MTT-0.90-201205.walk.txt': 1,
    'tour/PacificPoker/Flop/NLHE-USD-MTT-3.15-201205.call.allin.txt': 1,
    'tour/PacificPoker/Flop/PLO8-USD-MTT-1.80-0.20-201306.all.in.blind.bad.pot.txt': 1,
    'tour/PacificPoker/Flop/PLO8-USD-STT-10-1-201308.no.pot.awarded.txt': 1,
    'tour/Winamax/Flop/20110305_Freeroll 150%80(5142226)_real_holdem_no-limit.txt': 17,
    'tour/Winamax/Flop/NLHE-10max-EUR-0.93-STT-201207.all.in.blind.txt': 1,
    'tour/Winamax/Flop/NLHE-10max-FREE-201207.Ticket.only.txt': 1,
    'tour/Winamax/Flop/NLHE-EUR-0.92-STT-201207.no.cur.txt': 1,
    'tour/Winamax/Flop/NLHE-EUR-STT-FullHist.txt': 5,
    'tour/Winamax/Flop/NLHE-Free-MTT-201103.Full.History.txt': 27,
    'tour/Winamax/Flop/NLHE-Free-MTT-201206-Ticket.only.sample.txt': 1,
    'tour/Winamax/Flop/NLHE-MTT-EUR-22.5-22.5-5-202208.bounty.ticket.txt': 1,
    'tour/Winamax/Flop/NLHE-Ticket-MTT-201010.raise.written.as.bet.preflop.txt': 1,
    'tour/Winamax/Flop/NLHE-Ticket-MTT-201010.side.pot.txt': 1,
    'tour/Winamax/Flop/NLHE-Ticket-MTT-201207.ticket.only.txt': 1,
}
# or the one line that refuses it (after its path): Omaha, short deck and hi-lo wait on the Hand
# (4 to 6 hole cards, their evaluation), Latin-1 and cp1252 text on the encoding's detection.
REFUSED = {
    'cash/GGPoker/Flop/PLO-6max-USD-0.50-1.00-202004.txt':
        ":124: '23aca38f: get an all-in insurance (premium ($0/$4/$0) for ($': all-in insurance is not imported (the tables hold no insurance) (--skip-bad imports the other hands)",
    'cash/GGPoker/Flop/PLO-6max-USD-2-5-202106.run.it.thrice.txt':
        ':32: a hand run three times: not imported (two boards at most) (--skip-bad imports the other hands)',
    'cash/GGPoker/Flop/PLO5-6max-USD-0.1-0.25-202104.straddle.walk.txt':
        ': empty file, no hand in it',
    'cash/PacificPoker/Flop/NLHE-USD-50.00-100.00-201406.blank.player.names.txt':
        ':7: a player without a name in seat 2 (--skip-bad imports the other hands)',
}


def _files() -> list[str]:
    return sorted(
        str(path.relative_to(FPDB))
        for site in ("GGPoker", "Winamax", "PacificPoker")
        for path in FPDB.glob(f"*/{site}/**/*")
        if path.is_file() and path.suffix not in (".hp", ".hands", ".gt")
    )


def _query(db_file: str, sql: str, *parameters) -> list[tuple]:
    with duckdb.connect(db_file, read_only=True) as connection:
        return connection.execute(sql, list(parameters)).fetchall()


def _counts(db_file: str) -> tuple:
    """The rows of each history table."""
    return _query(db_file, "select " + ", ".join(f"(select count(*) from {table})" for table in TABLES))[0]


def _nets(db_file: str, relative: str) -> dict[str, Decimal]:
    """player -> net, summed over the file's hands, as the view history_player_hands gives them."""
    rows = _query(db_file, "select player, sum(net) from history_player_hands where source_file = ? group by player",
                  str(FPDB / relative))
    return {player: Decimal(str(net)) for player, net in rows}


def test_every_file_of_the_three_sites_is_listed_once():
    assert sorted([*IMPORTED, *REFUSED]) == _files()
    assert not set(IMPORTED) & set(REFUSED)
    # per site: (files imported whole, files), a parser that regresses changes them
    assert {site: (sum(f"/{site}/" in name for name in IMPORTED), sum(f"/{site}/" in name for name in _files()))
            for site in ("GGPoker", "Winamax", "PacificPoker")} == {"GGPoker": (19, 22), "Winamax": (33, 33), "PacificPoker": (42, 43)}
    assert sum(IMPORTED.values()) == 621


def test_the_files_that_import_whole_import_in_one_command(run, db_file):
    """Every hand of each file stored (a hand two files hold is stored once), none skipped."""
    before = _counts(db_file)[0]
    status, out, err = run("import", "--format", "json", *(str(FPDB / relative) for relative in IMPORTED))
    assert (status, err) == (0, "")
    result = json.loads(out)
    assert (result["hands"], result["skipped"]) == (sum(IMPORTED.values()), [])
    stored = {(site, hand_id) for site, hand_id in _query(db_file, "select site, hand_id from history_hands")}
    assert len(stored) == before + result["imported"]
    for relative, hands in IMPORTED.items():
        read = [item for item in read_hands([str(FPDB / relative)]) if isinstance(item, Hand)]
        assert len(read) == hands
        assert {(hand.site, hand.hand_id) for hand in read} <= stored


@pytest.mark.parametrize("relative", sorted(REFUSED))
def test_each_other_file_is_refused_in_one_line(relative, run, db_file):
    before = _counts(db_file)
    status, out, err = run("import", str(FPDB / relative))
    assert (status, out) == (2, "")
    assert err == f"pokersql: error: {FPDB / relative}{REFUSED[relative]}\n"  # one line, no traceback
    assert _counts(db_file) == before  # nothing written


def _hp_files() -> list[str]:
    return sorted(str(path.relative_to(FPDB))[: -len(".hp")] for site in ("GGPoker", "Winamax", "PacificPoker")
                  for path in FPDB.glob(f"*/{site}/**/*.hp"))


@pytest.mark.parametrize("relative", _hp_files())
def test_the_nets_are_fpdbs_total_profit(relative, run, db_file):
    """fpdb's totalProfit (in cents) of each player dealt in equals the net pokersql stores (every
    .hp file of the three sites is imported, Winamax's Omaha too)."""
    assert relative not in REFUSED
    run("import", str(FPDB / relative))  # held already when the test above ran first: adds nothing
    profits = ast.literal_eval((FPDB / (relative + ".hp")).read_text(encoding="utf-8").replace("u'", "'"))
    expected = {player: Decimal(row["totalProfit"]) / 100 for player, row in profits.items()}
    nets = _nets(db_file, relative)
    assert nets == {player: expected[player] for player in nets}
    # a seat with no action and no card (Winamax's Player17, of 0€) is not dealt in: fpdb's profit of 0
    assert {player: profit for player, profit in expected.items() if player not in nets} == dict.fromkeys(set(expected) - set(nets), 0)
    assert len(nets) >= 2


def test_the_hp_files_read_are_the_ones_of_the_three_sites():
    assert len(_hp_files()) == 7
    assert sum(relative in IMPORTED for relative in _hp_files()) == 7


def test_nets_worked_out_by_hand(run, db_file):
    """Three hands whose nets follow from their own lines."""
    # Winamax, "Real side pot with bad collected": Player4 bets 4.81 all-in (5.01 in all), Player8
    # calls 3.17 all-in (3.37 in all): 1.64 uncalled, which "Player4 collected 8.20€" counts. The
    # pot: 3.37 + 3.37 + Hero 0.10 + Player2 0.05 + Player3 0.02 = 6.91, less the rake 0.35 = 6.56
    # to Player4: net 6.56 - 3.37 = +3.19.
    winamax = "cash/Winamax/Flop/NLHE-FR-EUR-0.02-0.05-201010.Real.side.pot.with.bad.collected.Biggest.stack.wins.txt"
    # 888, "uncalled non blind": Player2 raises [284,48$] all-in and collects [299,48$], the
    # blinds 5 and 10 and its own raise given back: +15; the blinds lose them; Hero folds.
    pacific = "cash/PacificPoker/Flop/888-NLHE-USD-5-10-201205.uncalled.non.blind.txt"
    # GGPoker, a knockout tournament's hand: eight antes of 30, blinds 100/200; Hero raises to 400,
    # fd98a38c to 1,405, Hero calls; fd98a38c's flop bet of 1,675 is returned uncalled; it
    # collects 3,350 = 240 + 100 + 200 + 1,405 + 1,405: +1,915, Hero -1,435.
    ggpoker = "tour/GGPoker/Flop/NLHE-8max-MTT-USD-52.50-202104.KO.txt"
    for relative in (winamax, pacific, ggpoker):
        assert run("import", str(FPDB / relative))[0] == 0
    assert _nets(db_file, winamax) == {
        "Hero": Decimal("-0.10"), "Player2": Decimal("-0.05"), "Player3": Decimal("-0.02"), "Player4": Decimal("3.19"),
        "Player5": 0, "Player6": 0, "Player7": 0, "Player8": Decimal("-3.37"), "Player9": 0,
    }
    assert _nets(db_file, pacific) == {"Hero": 0, "Player0": -5, "Player1": -10, "Player2": 15}
    assert _nets(db_file, ggpoker) == {
        "dee3697a": -30, "23c555f": -30, "5bf8188d": -30, "ef3b178a": -130, "598c3984": -230,
        "Hero": -1435, "430ef639": -30, "fd98a38c": 1915,
    }


def test_a_dead_missed_blind_is_in_the_pot_not_in_the_bet_to_call(run, db_file):
    """GGPoker's "posts missed blind" (dead) then "posts big blind": the dead chips are in the pot
    but no one has to call them, so the uncalled bet is the site's, and so are the nets."""
    # d379b979 posts 5 dead and 10, raises to 40, everyone folds: 30 uncalled ("Uncalled bet ($30)
    # returned"); the pot 5 + 10 + 15 = 30 (the site's "Total pot $30"), 28.5 after the rake: +13.5.
    missed = "cash/GGPoker/Flop/PLO-6max-USD-5-10-202101.missed.txt"
    # 3b7dff87 posts 2 dead and 5, raises to 19, Hero re-raises to 64, 3b7dff87 calls all-in to 48
    # (50 with the dead 2): 16 given back to Hero; the pot 64 - 16 + 5 + 50 = 103, run twice:
    # 3b7dff87 collects 48.93 (-1.07), Hero 48.92 (+0.92), 21e21aa8 loses its big blind.
    twice = "cash/GGPoker/Flop/PLO-6max-USD-2-5-202101.RIT.txt"
    for relative in (missed, twice):
        assert run("import", str(FPDB / relative))[0] == 0
    assert _nets(db_file, missed) == {
        "f4ed9d": 0, "23012d0d": 0, "ecb5631c": 0, "2d761070": -5, "Hero": -10, "d379b979": Decimal("13.50")}
    assert _nets(db_file, twice) == {
        "Hero": Decimal("0.92"), "21e21aa8": -5, "e0cf801d": 0, "3b7dff87": Decimal("-1.07"), "a45e9ced": 0, "657a57ac": 0}
    returned = _query(db_file, "select player, returned from history_contributions join history_hands using (site, hand_id) "
                               "where source_file in (?, ?) and returned > 0 order by player",
                      str(FPDB / missed), str(FPDB / twice))
    assert returned == [("Hero", Decimal("16.00")), ("d379b979", Decimal("30.00"))]
    # iPoker: Player8 posts both blinds (0.30: 0.10 dead), checks to the turn, bets 0.40, Player6
    # (big blind) calls and wins 1.33 of 0.10 + 0.70 + 0.60 = 1.40 (its `bet` attributes: nothing
    # given back): the views gave Player8 the dead 0.10 back as uncalled, a pot of 1.30.
    both = "cash/iPoker/Flop/NLHE-USD-0.10-0.20.201112.post.both.txt"
    assert run("import", str(FPDB / both))[0] == 0
    assert {player: net for player, net in _nets(db_file, both).items() if net} == {
        "Player6": Decimal("0.73"), "Player8": Decimal("-0.70"), "Player9": Decimal("-0.10")}


def test_a_seat_that_never_acts_is_not_dealt_in(run, db_file):
    """Winamax lists SatOutToo (who "denies big blind") and Hero with the others: neither acts,
    neither is a player of the hand (no row in history_seats), as fpdb's .hp has it."""
    relative = "cash/Winamax/Flop/NLHE-5max-EUR-1-2-201201.Hero.Sitting.Out.txt"
    assert run("import", str(FPDB / relative))[0] == 0
    seats = _query(db_file, "select seat, player from history_seats join history_hands using (site, hand_id) "
                            "where source_file = ? order by seat", str(FPDB / relative))
    assert seats == [(1, "Player1"), (3, "Player2"), (5, "Player3")]


@pytest.mark.parametrize(("text", "hundredths"), [
    ("0,55 $", 55), ("$0.55", 55), ("$1,000", 100000), ("3.000 $", 300000), ("25 000", 2500000),
    ("9,966.25", 996625), ("42.797,60 $", 4279760), ("432.999 $", 43299900), ("0.5", 50), ("18€", 1800),
])
def test_amounts_as_the_sites_write_them(text, hundredths):
    assert sites.amount(text) == hundredths
