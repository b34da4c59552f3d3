"""Every PokerStars file of the fpdb corpus (tests/histories/fpdb/*/Stars, issue 45), imported
as a user would: which import whole, which are refused and with which one line (never exit 1,
never a traceback); fpdb's totalProfit of each .hp file's players against the net that
`history` reads; and the Omaha and 6+ Hold'em showdowns against pokerkit's ranking."""

from __future__ import annotations

import ast
import contextlib
import io
import re
from decimal import Decimal
from pathlib import Path

import pytest
from pokerkit import OmahaHoldemHand, ShortDeckHoldemHand

import pokersql
from pokersql import first_use, migrations
from pokersql.cli import main
from pokersql.histories import store as history_store
from pokersql.errors import BadInput
from pokersql.histories import encoding_of, lines_of, pokerstars, read_hands
from pokersql.histories.hand import BadHand, Hand

CORPUS = Path(__file__).resolve().parent / "histories" / "fpdb"
FILES = sorted(path for path in CORPUS.glob("*/Stars/*/*.txt"))
# file (from CORPUS) -> the one line after "pokersql: error: FILE" (and before " (--skip-bad ...)")
REFUSED = {
    'cash/Stars/Flop/6-Card-PLO-6max-USD-0.10-0.25-202208.empty.turncard.txt':
        ':22: the turn has 0 card(s), not 1',
    'cash/Stars/Flop/PLO-6max-USD-2.00-4.00-201403.2.partial.txt':
        ":19: no cards on the flop: '*** FLOP *** [Js 3d'",
    'cash/Stars/Flop/PLO-6max-USD-200-400-201510.partial.observed.txt':
        ':12: unreadable table line "Table \'Owa III"',
    'tour/Stars/Flop/NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt':
        ':110: no cards on the river: "*** RIVER *** [4d Kh JPokerStars Hand #86564270670: Tournament #604678566, Freeroll Hold\'em No Limit - Level I (20/40) - 2012/09/22 14:06:47 ET"',
    'tour/Stars/Mixed/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt':
        ":1: unsupported game 'Triple Draw 2-7 Lowball Limit': draw games are not imported yet",
    'tour/Stars/Stud/Triple-Stud-USD-2.00-0.20-MTT-201301.txt':
        ":46: unknown card 'of'",
}
WHOLE = [path for path in FILES if path.relative_to(CORPUS).as_posix() not in REFUSED]
# a file whose one hand another file holds (HH20251130.Latona...Hi-Lo.txt, read first): "already held",
# as is one hand of 7-StudHL-USD-0.04-0.08-200911.txt (its Cardtest's)
HELD = CORPUS / "cash/Stars/Flop/PLO5-Hi-Lo-USD-0.10-0.25-issue137.txt"


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory) -> str:
    """One DuckDB file holding every Stars file that imports whole, imported in one command."""
    path = str(tmp_path_factory.mktemp("stars") / "stars.duckdb")
    status, out, err = cli("--db", path, "import", *map(str, WHOLE))
    assert (status, err) == (0, ""), err
    hands = sum(1 for path in WHOLE for line in path.read_bytes().decode("utf-8", "replace").splitlines()
                if re.match(r"\ufeff?\s*(PokerStars|Run It Once Poker|PokerMaster|PokerBros|Full Tilt)( Zoom| Home Game| Rush)? (Hand|Game) #", line, re.I))
    assert out == f"Imported {hands - 2:,} of {hands:,} hand(s), 2 already held from {len(WHOLE)} file(s) into {path}\n"
    return path


def test_the_corpus_is_all_there():
    assert (len(FILES), len(WHOLE), len(REFUSED)) == (135, 129, 6)
    assert set(REFUSED) <= {path.relative_to(CORPUS).as_posix() for path in FILES}


def test_every_whole_file_imports(corpus_db):
    """The 129 files in one import (the fixture: exit 0, every hand counted), each file's hands stored."""
    with pokersql.connect(corpus_db) as db:
        files = {row[0] for row in db.engine.execute("select distinct source_file from history_hands")}
    assert files == {str(path) for path in WHOLE if path != HELD}


def one_line(name: str) -> str:
    path = CORPUS / name
    reason = REFUSED[name]
    skip = "" if "not a hand history" in reason else " (--skip-bad imports the other hands)"
    return f"{path}{reason}{skip}"


def test_every_refused_file_gets_its_line():
    """Each refused file, read as the import reads it: the one line naming the file, its line and why."""
    for name in REFUSED:
        with pytest.raises(BadInput) as refused:
            for _ in read_hands([str(CORPUS / name)]):
                pass
        assert " ".join(str(refused.value).split()) == one_line(name)  # as the command prints it: its spaces one each


@pytest.mark.parametrize("name", [
    "tour/Stars/Mixed/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt",  # a game not imported yet, on the first hand
    "cash/Stars/Flop/6-Card-PLO-6max-USD-0.10-0.25-202208.empty.turncard.txt",  # a turn with no card
])
def test_a_refused_file_leaves_the_database_as_it_was(corpus_db, name):
    """The command: exit 2, that one line, and none of the file's hands written."""
    with pokersql.connect(corpus_db) as db:
        before = db.engine.execute("select count(*), sum(total_pot) from history_hands")[0]
    status, out, err = cli("--db", corpus_db, "import", str(CORPUS / name))
    assert (status, out, err) == (2, "", f"pokersql: error: {one_line(name)}\n")
    with pokersql.connect(corpus_db) as db:
        assert db.engine.execute("select count(*), sum(total_pot) from history_hands")[0] == before


def hp_players(path: Path) -> dict[str, dict]:
    return ast.literal_eval(re.sub(r"\bu'", "'", path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("hp", sorted(CORPUS.glob("*/Stars/*/*.hp")), ids=lambda path: path.name)
def test_fpdb_total_profit_is_the_net(corpus_db, hp):
    """Each .hp file's players: fpdb's totalProfit (cents) equals the net of history_player_hands;
    a file of a game not imported yet is refused instead (above)."""
    source = hp.with_suffix("")
    if source.relative_to(CORPUS).as_posix() in REFUSED:
        assert "not imported yet" in REFUSED[source.relative_to(CORPUS).as_posix()]
        return
    with pokersql.connect(corpus_db) as db:
        first_use.ensure_lookups(db.context, ("history_player_hands",))  # the view `history` reads, alone (history_allin_ev is half a minute more)
        nets = dict(db.engine.execute(
            "select player, net from history_player_hands join history_hands using (site, hand_id) "
            "where history_hands.source_file = ?", [str(source)]))
    expected = {player: Decimal(stats["totalProfit"]) / 100 for player, stats in hp_players(hp).items()}
    assert {player: Decimal(str(net)) for player, net in nets.items()} == expected


RANKERS = {4: OmahaHoldemHand, 5: OmahaHoldemHand, 6: OmahaHoldemHand}


def test_omaha_and_short_deck_showdowns_are_pokerkits(corpus_db):
    """Every Omaha (4 to 6 cards, Courchevel) and 6+ Hold'em hand shown down on one board of five,
    with one pot (every player still in put in the same) and no cash-out: the players who collect
    are those whose shown cards pokerkit ranks best (Omaha: two hole cards and three of the board;
    6+: short deck)."""
    with pokersql.connect(corpus_db) as db:
        hands = db.engine.execute(
            "select site, hand_id, game from history_hands where (game like '%Omaha%' or game like '6+%' or game like 'Courchevel%') and game not like '%Hi/Lo%' "
            "and hand_id in (select hand_id from history_board group by site, hand_id having count(*) = 5) "
            "and (site, hand_id) in (select site, hand_id from (select site, hand_id, player, sum(amount) as put, "
            "max(case when action = 'fold' then 1 else 0 end) as folded from history_actions group by site, hand_id, player) "
            "where folded = 0 group by site, hand_id having min(put) = max(put)) "
            "and hand_id not in (select hand_id from history_results where cash_out is not null)")
        checked = 0
        for site, hand_id, game in hands:
            board = "".join(card for (card,) in db.engine.execute(
                "select card from history_board where site = ? and hand_id = ? order by card_no", [site, hand_id]))
            shown = db.engine.execute(
                "select player, shown_cards, collected from history_results where site = ? and hand_id = ? "
                "and shown_cards is not null", [site, hand_id])
            if len(shown) < 2:
                continue
            ranker = ShortDeckHoldemHand if game.startswith("6+") else OmahaHoldemHand
            ranks = {player: ranker.from_game(cards.replace(" ", ""), board) for player, cards, _ in shown}
            best = max(ranks.values())
            winners = {player for player, rank in ranks.items() if rank == best}
            assert {player for player, _, collected in shown if collected > 0} == winners, (hand_id, ranks)
            checked += 1
    assert checked == 7


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-8-sig", "cp1252"])
def test_a_file_in_another_encoding_reads_as_in_utf8(tmp_path, encoding):
    """The same hands, whatever the encoding: UTF-16 with a byte-order mark or without, UTF-8 with
    one, Windows' Latin-1 (a player named with an e acute, a pot in euros)."""
    text = (CORPUS.parent / "pluribus_30.txt").read_text(encoding="utf-8").replace("MrWhite", "Mr Blé")
    text = text.replace("(50/100)", "(€50/€100 EUR)")
    plain, other = tmp_path / "utf8.txt", tmp_path / f"{encoding}.txt"
    plain.write_text(text, encoding="utf-8")
    other.write_bytes(text.encode(encoding))
    read = [[(hand.hand_id, hand.currency, hand.rows()["history_actions"]) for hand in read_hands([str(path)])]
            for path in (plain, other)]
    assert read[0] == read[1] and len(read[0]) == 80 and read[0][0][1] == "EUR"
    assert any(row[5] == "Mr Blé" for _, _, actions in read[1] for row in actions)


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
def test_a_database_of_histories_before_042_migrates(tmp_path, engine):
    """A database whose history tables were made before 043 (hands imported then) takes the new
    columns on the next import: its hands kept, their new columns NULL, a tournament's filled."""
    path = str(tmp_path / f"old.{engine}")
    old = [f for f in migrations.files_for(history_store.TABLES, migrations.sql_files()) if not f.added_columns()]
    with pokersql.connect(path, engine=engine) as db:
        migrations.migrate(db.engine, files=old)
        db.engine.execute("insert into history_hands (site, hand_id, game, small_blind, big_blind, ante, source_file, source_line) "
                          "values ('PokerStars', '1', 'Hold''em No Limit', 1, 2, 0, 'old.txt', 1)")
    tournament = CORPUS / "tour/Stars/Flop/NLHE-USD-MTT-665-35-201611.bounty.format.txt"
    status, out, err = cli("--engine", engine, "--db", path, "import", str(tournament))
    assert (status, err) == (0, ""), err
    with pokersql.connect(path, engine=engine) as db:
        rows = db.engine.execute("select hand_id, tournament_id, buy_in, bounty, fee, buy_in_currency, level "
                                 "from history_hands order by hand_id")
    plain = [tuple(Decimal(str(value)) if isinstance(value, (float, Decimal)) else value for value in row) for row in rows]
    assert plain[:2] == [
        ("1", None, None, None, None, None, None),
        ("161353453648", "1716600424", Decimal("332.50"), Decimal("332.50"), Decimal("35"), "USD", "Level IX"),
    ]


def test_a_dead_button_and_a_capitalised_header_are_read(corpus_db):
    """PokerBros' hand 1616183514566 puts the button on seat 2, which its player left (a dead button:
    the blinds on seats 3 and 4): stored with no button, as every other site's dead button. PokerTracker
    2's export writes PokerStars' header in capitals ("POKERSTARS GAME #13177128246:  HOLD'EM NO LIMIT
    ($2/$4)"): read as PokerStars writes it."""
    with pokersql.connect(corpus_db) as db:
        rows = db.engine.execute("select hand_id, site, game, small_blind, big_blind, button_seat, total_pot, rake "
                                 "from history_hands where hand_id in ('1616183514566', '13177128246') order by hand_id")
        nets = db.engine.execute("select sum(net) from history_player_hands where hand_id = '13177128246'")
    assert [tuple(str(value) if isinstance(value, Decimal) else value for value in row) for row in rows] == [
        ("13177128246", "PokerStars", "Hold'em No Limit", "2.00", "4.00", 1, "32.00", "1.60"),
        ("1616183514566", "PokerBros", "Hold'em No Limit", "0.50", "1.00", None, rows[1][6] and str(rows[1][6]), rows[1][7] and str(rows[1][7])),
    ]
    assert nets == [(Decimal("-1.60"),)]  # the chips add up: the nets are the rake taken


def test_a_header_read_from_memory_gives_the_hand_it_gives_read_afresh():
    """pokerstars remembers what a header says between its number and its date (the game, the
    stakes, the tournament: ``_MIDDLES``) and its date (``_DATES``) for the next hands that
    share them. Every hand of every PokerStars file of the corpus (tournaments, mixed games,
    stud, bounties) read so must be the hand read with nothing remembered, field for field: a
    field that the remembered middle leaves out would keep its default in all but a file's
    first hand."""
    fields = list(Hand.__slots__)
    compared = 0
    for path in FILES:
        with open(path, encoding=encoding_of(str(path))) as handle:
            blocks = list(pokerstars.split_hands(lines_of(handle, str(path))))
        for first, block in blocks:
            try:
                remembered = pokerstars.parse_hand(block, first, str(path))
            except BadHand:
                continue  # the refused files' bad hands (test_every_refused_file_gets_its_line)
            pokerstars._MIDDLES.clear()
            pokerstars._DATES.clear()
            afresh = pokerstars.parse_hand(block, first, str(path))
            pokerstars.parse_hand(block, first, str(path))  # remembered again for the next hand
            assert [getattr(remembered, name) for name in fields] == [getattr(afresh, name) for name in fields], (path, first)
            compared += 1
    assert compared > 1_000
