"""A tournament hand of every site is stored with its tournament (issue 45): the id, the buy-in
(prize pool, bounty, fee, currency) and the level, as far as the site writes them, from the fpdb
corpus's tournament files (tests/histories/fpdb/tour) of GGPoker, Winamax, 888, PartyPoker and
iPoker. Each expected row below was read by hand from the file's own header, table line or XML;
a cash hand has none of them."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

import pokersql
from pokersql.errors import BadInput
from pokersql.histories import Hand, read_hands, sites

FPDB = Path(__file__).resolve().parent / "histories" / "fpdb"
SITES = ("GGPoker", "Winamax", "PacificPoker", "PartyPoker", "iPoker")
FIELDS = ("tournament_id", "buy_in", "fee", "bounty", "buy_in_currency", "level")
# the one tournament file that writes no id: a converter's "Tourney Hand" whose table is "2481408818 659"
NO_ID = {"tour/PartyPoker/Flop/NLHE-9max-MTT-unknownBuyin-201812.converted.txt"}
# a tournament's hand among the cash files ("NL Texas Hold'em  Trny: 71487580 Level: 1")
MISFILED = {"cash/PartyPoker/Flop/NLHE-10max-Freeroll-201207.name.starts.with.number.txt": ("71487580", "Level 1")}

# file -> (tournament_id, buy_in, fee, bounty, buy_in_currency, level) of its first hand, amounts in hundredths
EXPECTED = {
    # "Tournament #5948181, High Rollers PLO Main Event $1K Omaha Pot Limit - Level4 (90/180)": no buy-in written
    "tour/GGPoker/Flop/PLO-6max-MTT-USD-1k-202006.txt": ("5948181", None, None, None, None, "Level 4"),
    # 'Tournament "No Limit Hold'em" buyIn: 0,90€ + 0,10€ level: 0', table 'No Limit Hold'em(1853325)#0'
    "tour/Winamax/Flop/NLHE-EUR-STT-FullHist.txt": ("1853325", 90, 10, None, "EUR", "Level 0"),
    # 'buyIn: 0.93-0.07 level: 10', table 'Quitte ou Double(27536269)#0'
    "tour/Winamax/Flop/NLHE-10max-EUR-0.93-STT-201207.all.in.blind.txt": ("27536269", 93, 7, None, None, "Level 10"),
    # 'buyIn: Free level: 0': a freeroll; 'buyIn: Ticket only': not written
    "tour/Winamax/Flop/NLHE-Free-MTT-201103.Full.History.txt": ("13133717", 0, 0, None, None, "Level 0"),
    "tour/Winamax/Flop/NLHE-Free-MTT-201206-Ticket.only.sample.txt": ("26220213", None, None, None, None, "Level 0"),
    # "Tournament #132635073 4,57 $ + 0,43 $ - Table #1 4 Max (Real Money)": 888 writes no level
    "tour/PacificPoker/Flop/NLHE-STT-5.00-201901.BLAST.txt": ("132635073", 457, 43, None, "USD", None),
    "tour/PacificPoker/Flop/NLHE-10max-FREE-201901.txt": ("133191603", 0, 0, None, None, None),  # "... Free 10 Max"
    "tour/PacificPoker/Flop/NLHE-PM-MTT-10-20120221.txt": ("28352940", 1000, 100, None, None, None),  # "10 + 1 ... (Practice Play)"
    # "NL Texas Hold'em $30 Buy-in  + $3 Entry Fee  Trny:15286975 Level:4 Blinds(50/100)"
    "tour/PartyPoker/Flop/NLHE-MTT-USD-30-3-200508.Old.Format.txt": ("15286975", 3000, 300, None, "USD", "Level 4"),
    # "Tourney Texas Holdem Game Table (NL) (MTT Tournament #304152365) (Buyin $4.8 + $0.2)"
    "tour/PartyPoker/Flop/NLHE-MTT-USD-4.8-0.2-202104.anon.txt": ("304152365", 480, 20, None, "USD", None),
    # "NL Texas Hold'em $1 USD Buy-in  - Sunday, ...", the id in "Table $1 Sit & Go Hero (128487129) Table #1"
    "tour/PartyPoker/Flop/NLHE-4max-STT-USD-1-201607.second.trny.format.txt": ("128487129", 100, None, None, "USD", None),
    # "FL Texas Hold'em  Trny:71207318 Level:4  Stakes(200/400)": no buy-in written
    "tour/PartyPoker/Flop/LHE-Freeroll-MTT-201207.txt": ("71207318", None, None, None, None, "Level 4"),
    # <buyin>$2,000.00+$50.00</buyin>, <tablename>"TURBO" NLH Heads Up $2,000, 770109371</tablename>
    "tour/iPoker/Flop/NLHE-2max-USD-SNG-2000-201210.txt": ("770109371", 200000, 5000, None, "USD", None),
    # <tournamentcode>21387619</tournamentcode>, <buyin>$10+$1</buyin>
    "tour/iPoker/Flop/NLHE-10max-MTT-10-1-201901.Bovada.converted.txt": ("21387619", 1000, 100, None, "USD", None),
    # <tablename>Hyper Turbo (500 Chips) (#16727068)</tablename>, <buyin>$100+$5</buyin>
    "tour/iPoker/Flop/NLHE-USD-SNG-100-5-201610.new.tourno.format.xml": ("16727068", 10000, 500, None, "USD", None),
}


def _hands(relative: str) -> list[Hand]:
    """The file's hands, a bad one passed over; none of a file refused whole (an empty file, a
    draw game: the other tests name each)."""
    try:
        return [item for item in read_hands([str(FPDB / relative)], skip_bad=True) if isinstance(item, Hand)]
    except BadInput:
        return []


def _files(kind: str) -> list[str]:
    return sorted(str(path.relative_to(FPDB)) for site in SITES for path in (FPDB / kind / site).rglob("*")
                  if path.is_file() and path.suffix not in (".hp", ".hands", ".gt"))


def test_each_file_read_by_hand_gives_its_tournament():
    for relative, expected in EXPECTED.items():
        hands = _hands(relative)
        assert hands, relative
        assert tuple(getattr(hands[0], name) for name in FIELDS) == expected, relative


def test_every_tournament_hand_names_its_tournament_and_every_cash_hand_none():
    """Each tournament hand read (of the 67 files, a bad hand passed over) has an id its file writes, and
    a level its header writes where the site writes levels; no cash hand has any of the six."""
    tournament_hands, levels = 0, 0
    for relative in _files("tour"):
        text = (FPDB / relative).read_bytes().decode("latin-1")
        lines = text.splitlines()
        for hand in _hands(relative):
            tournament_hands += 1
            if relative in NO_ID:
                assert hand.tournament_id is None
                continue
            # a text hand's first lines write its id (or the table's name does); an XML session's, the file
            head = text if "/iPoker/" in relative else " ".join(lines[hand.source_line - 1 : hand.source_line + 9])
            assert hand.tournament_id and hand.tournament_id in head.replace(" ", ""), (relative, hand.hand_id)
            written = re.search(r"\b[Ll]evel:? ?(\d+)", head) if "/Stars/" not in relative else None
            assert hand.level == (f"Level {written.group(1)}" if written else None), (relative, hand.hand_id)
            levels += written is not None
    assert tournament_hands > 700 and levels > 200
    cash_hands = [hand for relative in _files("cash") if relative not in MISFILED for hand in _hands(relative)]
    assert len(cash_hands) > 400
    for relative, (tournament, level) in MISFILED.items():
        assert {(hand.tournament_id, hand.level) for hand in _hands(relative)} == {(tournament, level)}
    assert [hand.hand_id for hand in cash_hands if any(getattr(hand, name) is not None for name in FIELDS)] == []


def test_the_tournament_is_stored(tmp_path):
    files = ["tour/Winamax/Flop/NLHE-EUR-STT-FullHist.txt", "tour/PacificPoker/Flop/NLHE-STT-5.00-201901.BLAST.txt",
             "tour/iPoker/Flop/NLHE-2max-USD-SNG-2000-201210.txt"]
    with pokersql.connect(str(tmp_path / "t.duckdb")) as db:
        db.import_histories([FPDB / relative for relative in files])
        stored = db.engine.execute(f"select source_file, {', '.join(FIELDS)} from history_hands order by source_file, source_line")
    first = {}
    for source, *row in stored:
        first.setdefault(source, row)
    for relative in files:
        tournament, *amounts, currency, level = EXPECTED[relative]
        money = [None if amount is None else Decimal(amount) / 100 for amount in amounts]
        assert first[str(FPDB / relative)] == [tournament, *money, currency, level]


@pytest.mark.parametrize(("text", "separator", "expected"), [
    ("$4.8 + $0.2", "+", (480, 20, None, "USD")),
    ("0,90€ + 0,10€", "+", (90, 10, None, "EUR")),
    ("0.92-0.08", "-", (92, 8, None, None)),
    ("$1+$0.25+$0.25", "+", (100, 25, 25, "USD")),  # the prize pool's, a bounty's and the fee
    ("$11 USD", "+", (1100, None, None, "USD")),  # one amount: the whole buy-in, the fee not written
    ("Pts 11.00+Pts 0.00", "+", (1100, 0, None, "Pts")),
    ("Free", "+", (0, 0, None, None)),
    ("Бесплатно", "+", (0, 0, None, None)),
    ("Ticket only", "+", (None, None, None, None)),  # no amount written
])
def test_buy_ins_as_the_sites_write_them(text, separator, expected):
    hand = Hand("site", "1", "file", 1)
    sites.buy_in(hand, text, separator)
    assert (hand.buy_in, hand.fee, hand.bounty, hand.buy_in_currency) == expected
