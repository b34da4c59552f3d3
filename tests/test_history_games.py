"""Every game's showdowns and pots of the imported hands, from the cards (062): the fpdb corpus's
files of every game but Hold'em that import (tests/histories/fpdb: Omaha of 4 to 6 cards, short
deck, Courchevel, Omaha and Courchevel Hi/Lo, 7 Card Stud, its Hi/Lo and Razz, of six sites),
imported through the CLI into one database. What each player should have collected, worked out
from the actions and the cards under the hand's own game, is checked against what the sites paid
(the audit history_game_collected_matches_the_pots.sql), against pokerkit's ranking of the shown
cards, and, for Hold'em, against 030's tally."""

from __future__ import annotations

import contextlib
import io
import itertools
from pathlib import Path

import duckdb
import pytest

from pokersql.cli import main

HISTORIES = Path(__file__).resolve().parent / "histories"
FPDB = HISTORIES / "fpdb"
AUDIT = Path(__file__).resolve().parent.parent / "sql" / "audits" / "history_game_collected_matches_the_pots.sql"
# every corpus file whose hands are of a game other than Hold'em and that imports whole (95)
FILES = (
    "cash/GGPoker/Flop/NL-ShortDeck-5max-USD-0.2-202103.txt",
    "cash/GGPoker/Flop/PLO-6max-USD-0.01-0.02-202104.STP.txt",
    "cash/GGPoker/Flop/PLO-6max-USD-0.5-1.00-202006.txt",
    "cash/GGPoker/Flop/PLO-6max-USD-5-10-202101.missed.txt",
    "cash/GGPoker/Flop/PLO5-6max-USD-0.1-0.25-202104.over.straddle.txt",
    "cash/GGPoker/Flop/PLO5-6max-USD-2-5-202104.missed.txt",
    "cash/GGPoker/Flop/PLO5-6max-USD-25-50-202104.straddle.txt",
    "cash/GGPoker/Flop/PLO5-6max-USD-25-50-20210411.txt",
    "cash/GGPoker/Flop/PLO5-6max-USD-5-10-202104.straddle.txt",
    "cash/PacificPoker/Flop/888-FLO-PM-30-60.txt",
    "cash/PacificPoker/Flop/888-FLOHL-PM-30-60.txt",
    "cash/PacificPoker/Flop/888-PLO-USD-10.00-20.00-201405.dutch.txt",
    "cash/PacificPoker/Flop/888-PLO-USD-25-50-201508.secondsb.txt",
    "cash/PacificPoker/Flop/PLO-6max-USD-25-50-201503.observed.hand.txt",
    "cash/PacificPoker/Flop/PLO-6max-USD-25-50-201604.Swedish.txt",
    "cash/PartyPoker/Flop/LO8-USD-20-40.201201.limit3format.txt",
    "cash/PartyPoker/Flop/PLO-2max-USD-25-50-201710.deep.txt",
    "cash/PartyPoker/Flop/PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt",
    "cash/PartyPoker/Flop/PLO-6max-USD-5-10-201202.diff.format.txt",
    "cash/Stars/Flop/258753941248_anon5.txt",
    "cash/Stars/Flop/5-Card-PLO-6max-USD-0.50-1.00-201305.shows.one.txt",
    "cash/Stars/Flop/5-Card-PLO-6max-USD-15-30-201905.PokerMaster.txt",
    "cash/Stars/Flop/5-Card-PLO-6max-USD-3.00-6.00-201303.txt",
    "cash/Stars/Flop/5-Card-PLO8-6max-USD-2.00-4.00-201304.txt",
    "cash/Stars/Flop/6+Holdem-6max-USD-0.25-0.25.multiple.Cash.Out.txt",
    "cash/Stars/Flop/6+Holdem-6max-USD-0.50-0.50-201907.no.break.space.txt",
    "cash/Stars/Flop/6+Holdem-6max-USD-2.00-2.00-201904.walk.txt",
    "cash/Stars/Flop/6+Holdem-6max-USD-5.00-5.00-201901.txt",
    "cash/Stars/Flop/6-Card-PLO-6max-USD-0.05-0.10-202111.cash.out.txt",
    "cash/Stars/Flop/6-Card-PLO-6max-USD-0.10-0.25-202201.multiway.allin.deadcards.txt",
    "cash/Stars/Flop/6-Card-PLO-6max-USD-0.25-0.50-202004.txt",
    "cash/Stars/Flop/6-Card-PLO-6max-USD-0.50-1.00-202004.Cash.Out.txt",
    "cash/Stars/Flop/6-Card-PLO-6max-USD-1.00-2.00-202004.Cash.Out.2.txt",
    "cash/Stars/Flop/HH20251130.Latona.V.-.0.10-.0.25.-.USD.Pot.Limit.5.Card.Omaha.Hi-Lo.txt",
    "cash/Stars/Flop/LO8-6max-USD-0.05-0.10-20090315.Hand-cancelled.txt",
    "cash/Stars/Flop/PL-Courchevel-6max-USD-0.50-1.00-201604.weird.board.txt",
    "cash/Stars/Flop/PL-Courchevel-6max-USD-3.00-6.00-201303.txt",
    "cash/Stars/Flop/PLO-6-max-USD-30-60-201703.converted.secondsb.txt",
    "cash/Stars/Flop/PLO-6max-EUR-0.10-0.20-201904.RIO.Side.Pots.txt",
    "cash/Stars/Flop/PLO-6max-USD-0.50-1.00-201204.shows.2.txt",
    "cash/Stars/Flop/PLO-6max-USD-10-20-201703.converted.disconnected.folds.txt",
    "cash/Stars/Flop/PLO-6max-USD-5-10-201509.converted.format.txt",
    "cash/Stars/Flop/PLO-6max-USD-5-10-201509.converted.uncalled.bet.txt",
    "cash/Stars/Flop/PLO-FR-USD-0.01-0.02-201006.sidepots.txt",
    "cash/Stars/Flop/PLO8-6max-USD-0.01-0.02-200911.txt",
    "cash/Stars/Flop/PLO8-9max-USD-0.01-0.02-20100829.No.VPIP.from.posted.bb.txt",
    "cash/Stars/Stud/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt",
    "cash/Stars/Stud/7-Stud-USD-0.04-0.08-200911.txt",
    "cash/Stars/Stud/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt",
    "cash/Stars/Stud/7-StudHL-USD-0.04-0.08-200911.txt",
    "cash/Stars/Stud/7-StudHL-USD-400-800-201701.3bet.fix.txt",
    "cash/Stars/Stud/HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt",
    "cash/Stars/Stud/Razz-USD-0.04-0.08-200911.txt",
    "cash/Winamax/Flop/5-Card-PLO-6max-EUR-2.00-4.00-201611.raiseTo.txt",
    "cash/Winamax/Flop/5-Card-PLO-6max-EUR-5.00-10.00-201703.format2.txt",
    "cash/Winamax/Flop/5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt",
    "cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt",
    "cash/Winamax/Flop/PLO-5max-EUR-1.00-2.00-201611.post.both.txt",
    "cash/Winamax/Flop/PLO-5max-EUR-2-4-202104.no.colon.txt",
    "cash/Winamax/Flop/PLO-5max-EUR-2.00-4.00-201412.sb.oop.txt",
    "cash/Winamax/Flop/PLO-FR-EUR-0.02-0.05-201009.Real.side.pot.with.bad.collected.txt",
    "cash/Winamax/Flop/PLO-FR-EUR-0.02-0.05-201009.Sample",
    "cash/Winamax/Flop/PLO-FR-EUR-0.50-1.00-201103.hid.out.of.range.txt",
    "cash/Winamax/Flop/PLO8-2max-play-0.05-0.10-201610.export.txt",
    "cash/Winamax/Flop/PLO8-6max-EUR-1.00-2.00-201611.txt",
    "cash/iPoker/Flop/5CPLO-EUR-0.05-0.10-202105.new.date.format.txt",
    "cash/iPoker/Flop/5CPLO-EUR-0.50-1.00-202201.no.player.element.txt",
    "cash/iPoker/Flop/5CPLO-EUR-2.00-4.00-201905.txt",
    "cash/iPoker/Flop/6+Holdem-EUR-0.25-0.50-201702.txt",
    "cash/iPoker/Flop/PLO-EUR-0.10-0.20-201207.CNY.currency.txt",
    "cash/iPoker/Flop/PLO-EUR-0.10-0.20-201604.export.bad.players.txt",
    "cash/iPoker/Flop/PLO-EUR-0.25-0.50-201605.export.bad.actions.txt",
    "cash/iPoker/Flop/PLO-EUR-0.50-1.00-202009.no.uncalled.xml",
    "cash/iPoker/Flop/PLO-EUR-2.50-5.00-201901.no.max.seats.txt",
    "cash/iPoker/Flop/PLO-EUR-5.00-10.00-201504.non.standard.player.name.txt",
    "cash/iPoker/Flop/PLO-USD-0.01-0.02-201108.Sample.txt",
    "cash/iPoker/Flop/PLO-USD-100.00-200.00-201307.archive.txt",
    "tour/GGPoker/Flop/PLO-6max-MTT-USD-1k-202006.txt",
    "tour/GGPoker/Flop/PLO-NLO-6max-MTT-USD-8.40-202104.KO.txt",
    "tour/PacificPoker/Flop/PLO8-USD-MTT-1.80-0.20-201306.all.in.blind.bad.pot.txt",
    "tour/PacificPoker/Flop/PLO8-USD-STT-10-1-201308.no.pot.awarded.txt",
    "tour/PartyPoker/Flop/PLO-USD-STT-1.00.201008.Sample.txt",
    "tour/PartyPoker/Flop/PLO8-10max-USD-20-2-201310.chat.fix.txt",
    "tour/Stars/Flop/5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive.split.ko.txt",
    "tour/Stars/Flop/5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive.txt",
    "tour/Stars/Flop/5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive.won.txt",
    "tour/Stars/Flop/MPLO-6max-MTT-USD-27-201605.txt",
    "tour/Stars/Flop/NLO8-6max-MTT-USD-37.50-37.50-7-201410.progressive.old.txt",
    "tour/Stars/Flop/NLO8-USD-STT-201109.Knockout.sample.txt",
    "tour/Stars/Flop/PL-Courcheval-HL-6max-USD-7.50-201705.fixed.flop.txt",
    "tour/Stars/Flop/PLO-9max-USD-MTT-USD-200-50-15-201209.split.ko.txt",
    "tour/Stars/Flop/PLO-USD-MTT-3-201201.Sample.txt",
    "tour/Stars/Flop/PLO8-6max-USD-11-1-202105.Chico.Converted.txt",
    "tour/Stars/Flop/PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt",
    "tour/Stars/Stud/Razz-8max-USD-200-15-201009.bracket.in.alias.txt",
)
QUARTERED = "tour/Stars/Flop/PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt"


@pytest.fixture(scope="module")
def games_db(db_file: str) -> str:
    """The module's database: FILES and the two Pluribus files, in one import."""
    out, err = io.StringIO(), io.StringIO()
    paths = [str(FPDB / name) for name in FILES] + [str(HISTORIES / "pluribus_30.txt"), str(HISTORIES / "pluribus_31.txt")]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["--db", db_file, "import", *paths])
    assert (status, err.getvalue()) == (0, ""), err.getvalue()
    return db_file


def _query(db: str, sql: str, *parameters) -> list[tuple]:
    with duckdb.connect(db, read_only=True) as con:
        return con.execute(sql, list(parameters)).fetchall()


def test_each_game_is_named(games_db):
    """Every hand of FILES is under one game of 061's names; the Pluribus hands are Hold'em."""
    games = dict(_query(games_db, "select g.game, count(*) from history_hand_games g group by g.game"))
    assert set(games) == {"holdem", "omaha", "omaha5", "omaha6", "courchevel", "omaha8", "omaha5-8", "courchevel8",
                          "shortdeck", "shortdeck-triton", "stud", "stud8", "razz"}  # GGPoker's 6+ Hold'em: shortdeck (064)
    unnamed = _query(games_db, "select game from history_hands where (site, hand_id) not in"
                               " (select site, hand_id from history_hand_games) group by game order by game")
    # a hand run twice is named too, paid on each board (tests/test_history_run_twice.py)
    assert unnamed == []


def test_every_game_pays_as_the_sites_paid(games_db):
    """The audit: every seat of every hand of every game is paid what the history says it collected
    (within the hand's stated rake), but 888's: it states no rake, and pays less than the pots give,
    to the players the pots pay (its rake unsaid, or, in two tournament files, "a pot awarded to no
    one" and a side pot of 576 paid 76)."""
    rows = _query(games_db, AUDIT.read_text(encoding="utf-8"))
    assert rows and {site for site, *_ in rows} == {"888"}
    assert all(rake is None and 0 <= collected < won for _, _, _, _, collected, won, rake in rows)
    assert len({hand for _, hand, *_ in rows}) == 10
    audited = dict(_query(games_db, "select g.game, count(distinct p.hand_id) from history_game_payouts p"
                                    " join history_hand_games g using (site, hand_id)"
                                    " join history_results r using (site, hand_id, seat)"
                                    " where r.collected is not null group by g.game"))
    assert audited["omaha"] > 200 and audited["omaha8"] == 100 and audited["stud"] > 10 and audited["razz"] > 5


def test_holdem_is_paid_as_030_pays_it(games_db):
    """Hold'em's hands (the Pluribus files, side pots and splits) paid by 062's tally are 030's, seat
    for seat: one tally for every game."""
    differ = _query(games_db, "select count(*), count(*) filter (where g.won <> p.won or g.net <> p.net)"
                              " from history_game_payouts g join history_payouts p using (site, hand_id, seat)"
                              " join history_hand_games h using (site, hand_id) where h.game = 'holdem'")
    assert differ[0][0] > 900 and differ[0][1] == 0


def test_every_game_the_import_takes_is_named(games_db):
    """Every game the import takes (HOLE_CARDS) has a row of 061 (Split Hold'em: Hold'em's), so the
    one tally the tracker stores (062's history_game_payouts) pays every imported hand."""
    from pokersql.histories.games import HOLE_CARDS

    named = {name for name, in _query(games_db, "select site_game from history_game_names")}
    assert {game.removeprefix("Split ") for game in HOLE_CARDS} <= named


def test_the_tracker_stores_every_games_payouts_from_its_cards(games_db):
    """What the tracker stores (stored_payouts, 066, filled at import) is the one tally, 062's, row for
    row, for every game: Omaha's pots to the best two hole cards with three of the board (030's
    Hold'em ranking pays them nothing at a showdown). Each contested Omaha hand of the sites that
    say their rake is paid to the players the site paid."""
    for one, other in (("stored_payouts", "history_game_payouts"), ("history_game_payouts", "stored_payouts")):
        assert _query(games_db, f"select count(*) from (select * from {one} except all select * from {other}) as d") == [(0,)]
    rows = _query(games_db, "select p.hand_id, p.seat, p.won, r.collected from stored_payouts p"
                            " join history_hand_games g using (site, hand_id) join history_results r using (site, hand_id, seat)"
                            " join history_hands h using (site, hand_id) where g.game = 'omaha' and h.rake is not null"
                            " and (site, hand_id) in (select site, hand_id from history_pots where players > 1)")
    assert len({hand for hand, *_ in rows}) > 50
    assert {(hand, seat) for hand, seat, won, _ in rows if won > 0} == {(hand, seat) for hand, seat, _, paid in rows if paid > 0}


def test_the_quartered_pot(games_db):
    """PokerStars' "hero.quartered" hand: in the main pot (4,765 chips) one player wins the high half,
    two tie the low, each low winner a quarter; the high half takes the odd chip (2,383 to 2,382).
    In the side pot of the two low winners (86 chips), one scoops the high and they split the low,
    21 and 22 (its odd chip to the first from the button's left). Each player is paid what the
    history says they collected."""
    (hand,), = _query(games_db, "select hand_id from history_hands where source_file = ?", str(FPDB / QUARTERED))
    pots = _query(games_db, "select pot_no, half, list(share_hundredths // 100 order by share_hundredths desc)"
                            " from history_game_pot_winners where hand_id = ? group by all order by all", hand)
    assert pots == [(1, "high", [2383]), (1, "low", [1191, 1191]), (2, "high", [43]), (2, "low", [22, 21])]
    paid = _query(games_db, "select r.collected, p.won from history_results r join history_game_payouts p"
                            " using (site, hand_id, seat) where hand_id = ? and r.collected > 0", hand)
    assert len(paid) == 3 and all(collected == won for collected, won in paid)


SHOWN = """
select h.hand_id, g.game, s.player, replace(s.hole_cards, ' ', ''), s.hand_rank, s.low_rank,
       (select string_agg(b.card, '' order by b.card_no) from history_board b where b.site = s.site and b.hand_id = s.hand_id)
from history_game_showdowns s
join history_hands h using (site, hand_id)
join history_hand_games g using (site, hand_id)
where g.game <> 'holdem'
order by h.hand_id, s.seat
"""


def _pokerkit_hands(game: str):
    """pokerkit's high and low hand types for a game (None: the game has no such half)."""
    from pokerkit import (EightOrBetterLowHand, OmahaEightOrBetterLowHand, OmahaHoldemHand, RegularLowHand,
                          StandardHighHand)
    omaha = game.startswith(("omaha", "courchevel"))
    high = None if game == "razz" else OmahaHoldemHand if omaha else StandardHighHand
    low = {"omaha8": OmahaEightOrBetterLowHand, "omaha5-8": OmahaEightOrBetterLowHand,
           "courchevel8": OmahaEightOrBetterLowHand, "stud8": EightOrBetterLowHand, "razz": RegularLowHand}.get(game)
    return high, low


def _ranked(hand_type, hole: str, board: str):
    """pokerkit's hand of the cards, None where it holds no such hand (no low of eight or better)."""
    try:
        return hand_type.from_game(hole, board) if board else hand_type.from_game(hole)
    except ValueError:
        return None


def test_every_shown_hand_is_ranked_as_pokerkit_ranks_it(games_db):
    """Every two players of a hand (but short deck's, whose order pokerkit's ShortDeckHoldemHand
    does not share: tests/test_game_evaluations.py): the high and the low compare as pokerkit's
    hands compare, and a low is had exactly when pokerkit finds one."""
    rows = _query(games_db, SHOWN)
    compared = 0
    for (hand_id, game), players in itertools.groupby(rows, key=lambda row: row[:2]):
        if game == "shortdeck-triton":
            continue
        high_type, low_type = _pokerkit_hands(game)
        ranked = [(high_rank, low_rank, _ranked(high_type, hole, board) if high_type else None,
                   _ranked(low_type, hole, board) if low_type else None)
                  for _, _, _, hole, high_rank, low_rank, board in players]
        for high_rank, low_rank, high, low in ranked:
            assert (low_rank is None) == (low is None), (hand_id, game)
        for (rank_1, low_1, high_1, pk_low_1), (rank_2, low_2, high_2, pk_low_2) in itertools.combinations(ranked, 2):
            if high_type:
                assert (rank_1 < rank_2, rank_1 == rank_2) == (high_1 > high_2, high_1 == high_2), hand_id
            if low_1 is not None and low_2 is not None:
                assert (low_1 < low_2, low_1 == low_2) == (pk_low_1 > pk_low_2, pk_low_1 == pk_low_2), hand_id
            compared += 1
    assert compared > 300


# the hi-lo, stud and razz files: each game with halves, and a low-only game
ENGINE_FILES = [name for name in FILES if any(word in name for word in ("PLO8", "Stud", "StudHL", "Razz", "FLOHL", "quartered"))]
PAID = "select site, hand_id, seat, won, net from history_game_payouts order by site, hand_id, seat"


@pytest.mark.parametrize("engine", ["sqlite", pytest.param("postgres", marks=pytest.mark.xdist_group("postgres"))])
def test_other_engines_pay_as_duckdb(engine, games_db, tmp_path, request):
    """The same views on SQLite and on PostgreSQL (the files they need only): every seat of those
    files paid as on DuckDB (PostgreSQL's query within 30 s: it took minutes before 042, 047 and
    062 were written for its planner), and the audit finds the same 888 hands."""
    from game_payouts import migrate_for_game_payouts  # tests/game_payouts.py

    import pokersql

    # PostgreSQL's statements stopped after 30 s each (the URL's options)
    where = str(tmp_path / "games.sqlite") if engine == "sqlite" else request.getfixturevalue("fresh_url") + "&options=-c%20statement_timeout%3D30s"
    with pokersql.connect(where, engine=engine) as db:
        migrate_for_game_payouts(db.engine)
        db.import_histories([FPDB / name for name in ENGINE_FILES])
        paid = [(site, hand, seat, float(won), float(net)) for site, hand, seat, won, net in db.engine.execute(PAID)]
        audited = {hand for _, hand, *_ in db.engine.execute(AUDIT.read_text(encoding="utf-8"))}
    hands = {hand for _, hand, _ in _query(games_db, "select site, hand_id, seat from history_game_payouts")}
    on_duckdb = [(site, hand, seat, float(won), float(net)) for site, hand, seat, won, net in _query(games_db, PAID)
                 if hand in {hand for _, hand, *_ in paid}]
    assert len(ENGINE_FILES) >= 12 and len(paid) > 300 and paid == on_duckdb and hands >= {hand for _, hand, *_ in paid}
    assert audited == {hand for _, hand, *_ in _query(games_db, AUDIT.read_text(encoding="utf-8"))} & {hand for _, hand, *_ in paid}
