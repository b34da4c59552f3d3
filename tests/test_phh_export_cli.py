"""`pokersql export --to FILE.phhs` at the command line: stats' filters choose the hands, a hand
PHH cannot express is counted on stderr, and the export's guarantees hold (no file replaced
without --force, none left half written on a failure or Ctrl-C, a planted link not followed)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pokerkit import HandHistory

import pokersql
from pokersql import phh_export
from pokersql.cli import main

HISTORIES = Path(__file__).resolve().parent / "histories"
PLURIBUS = [HISTORIES / "pluribus_30.txt", HISTORIES / "pluribus_31.txt"]
OMAHA = HISTORIES / "fpdb" / "cash" / "Stars" / "Flop" / "5-Card-PLO-6max-USD-3.00-6.00-201303.txt"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("phh_cli") / "hands.duckdb"
    with pokersql.connect(str(path)) as db:
        db.import_histories([*map(str, PLURIBUS), str(OMAHA)])
    return path


def _export(database: Path, capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    status = main(["--db", str(database), "export", *args])
    out, err = capsys.readouterr()
    return status, out, err


def _hands(path: Path) -> list[HandHistory]:
    with open(path, "rb") as file:
        return list(HandHistory.load_all(file))


def _count(database: Path, sql: str, params: tuple = ()) -> int:
    with pokersql.connect(str(database)) as db:
        return int(db.query(sql, params).rows[0][0])


def test_every_hold_em_hand_written_and_the_omaha_hands_counted_on_stderr(database, tmp_path, capsys):
    target = tmp_path / "all.phhs"
    status, out, err = _export(database, capsys, "--to", str(target))
    holdem = _count(database, "select count(*) from history_hands where game = 'Hold''em No Limit'")
    omaha = _count(database, "select count(*) from history_hands where game <> 'Hold''em No Limit'")
    assert status == 0 and omaha > 0
    assert out == f"{holdem:,} hand(s) written to {target} (phh, " + out.split("(phh, ")[1]
    assert err == (f"pokersql: note: {omaha:,} hand(s) skipped, not expressible in PHH "
                   f"({omaha:,} 5 Card Omaha Pot Limit: no PHH variant)\n")
    hands = _hands(target)
    assert len(hands) == holdem and {hand.variant for hand in hands} == {"NT"}
    assert target.read_text(encoding="utf-8").startswith('[1]\nvariant = "NT"\n')


def test_the_filters_are_stats(database, tmp_path, capsys):
    """--player keeps the player's hands; --since, --until, --stakes and --game as stats reads them."""
    target = tmp_path / "some.phhs"
    day = "2019-07-11"
    status, _, _ = _export(database, capsys, "--to", str(target), "--player", "Budd", "--since", day, "--until", day,
                           "--stakes", "50/100", "--game", "hold'em no limit")
    assert status == 0
    expected = _count(database, (
        "select count(*) from history_hands as hands where cast(played_at as date) = ? and small_blind = 50 and big_blind = 100 "
        "and exists (select 1 from history_seats as seats where seats.site = hands.site and seats.hand_id = hands.hand_id "
        "and seats.player = 'Budd')"), (day,))
    hands = _hands(target)
    assert 0 < len(hands) == expected
    assert all("Budd" in hand.players for hand in hands)
    for option, value in (("--until", "2019-07-10"), ("--since", "2019-07-12"), ("--stakes", "1/2"), ("--game", "Razz Limit")):
        status, out, _ = _export(database, capsys, "--to", str(tmp_path / f"none{option}.phhs"), option, value)
        assert status == 0 and out.startswith("0 hand(s) written") and _hands(tmp_path / f"none{option}.phhs") == []
    status, _, err = _export(database, capsys, "--to", str(tmp_path / "x.phhs"), "--since", "July")
    assert (status, err) == (2, "pokersql: error: stats --since 'July': not a date (YYYY-MM-DD)\n")
    assert not (tmp_path / "x.phhs").exists()


def test_a_file_there_is_left_alone_unless_force(database, tmp_path, capsys):
    target = tmp_path / "mine.phhs"
    target.write_text("mine\n", encoding="utf-8")
    status, _, err = _export(database, capsys, "--to", str(target))
    assert (status, err) == (2, f"pokersql: error: export --to {str(target)!r}: the file exists; --force replaces it\n")
    assert target.read_text(encoding="utf-8") == "mine\n"
    status, _, _ = _export(database, capsys, "--to", str(target), "--force")
    assert status == 0 and len(_hands(target)) > 100


def test_a_planted_link_is_not_followed(database, tmp_path, capsys):
    """A link at the name, to a file elsewhere: refused without --force, the file it names not made."""
    victim = tmp_path / "elsewhere" / "victim.txt"
    victim.parent.mkdir()
    link = tmp_path / "hands.phhs"
    link.symlink_to(victim)
    status, _, err = _export(database, capsys, "--to", str(link))
    assert status == 2 and "the file exists" in err
    assert not victim.exists() and link.is_symlink()


@pytest.mark.parametrize("failure", [KeyboardInterrupt, OSError])
def test_no_file_is_left_by_a_failure_midway(database, tmp_path, monkeypatch, failure):
    """A failure (a full disk) or Ctrl-C after some hands are written: no file at the name, and
    no temporary file beside it."""
    written = phh_export.hand_text
    calls = []

    def failing(rows, *known):
        calls.append(1)
        if len(calls) > 50:
            raise failure("stopped")
        return written(rows, *known)

    monkeypatch.setattr(phh_export, "hand_text", failing)
    target = tmp_path / "half.phhs"
    with pokersql.connect(str(database)) as db, pytest.raises(failure):
        phh_export.export(db, target)
    assert len(calls) == 51
    assert os.listdir(tmp_path) == []


def test_a_table_and_a_phh_file_do_not_mix(database, tmp_path, capsys):
    status, _, err = _export(database, capsys, "history_hands", "--to", str(tmp_path / "x.phhs"))
    assert status == 2 and "no TABLE" in err
    status, _, err = _export(database, capsys, "history_hands", "--to", str(tmp_path / "x.csv"), "--player", "Budd")
    assert status == 2 and "--player goes with a .phhs FILE" in err


def test_a_heads_up_hand_written_by_pokerkit_reads_its_blinds_as_pokerkit_posts_them(tmp_path):
    """Heads-up, PHH's first player (the big blind) posts the second blind and ante: pokerkit's
    own hand, written by pokerkit, is read with the chips each put in as pokerkit's state has them."""
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                   Automation.CARD_BURNING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
                   Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)
    game = NoLimitTexasHoldem(automations, False, {0: 5, 1: 10}, (50, 100), 100)
    state = game((10_000, 8_000), 2)
    state.deal_hole("AhKh")
    state.deal_hole("2c3d")
    state.complete_bet_or_raise_to(300)  # the button (p2, the small blind) acts first
    state.fold()
    history = HandHistory.from_game_state(game, state, players=["bb", "button"], hand=1, venue="pokerkit")
    path = tmp_path / "heads_up.phh"
    path.write_text(history.dumps(), encoding="utf-8")
    assert history.blinds_or_straddles == [50, 100] and history.antes == [5, 10]
    with pokersql.connect(str(tmp_path / "h.duckdb")) as db:
        db.import_histories([str(path)])
        put = dict(db.query("select player, put from history_contributions").rows)
        posted = {tuple(row) for row in db.query("select player, action, amount from history_actions where action <> 'raise' and action <> 'fold'").rows}
    # pokerkit: p1 ("bb") posts the big blind and the second ante; p2, the small blind and the first
    assert {player: float(amount) for player, amount in put.items()} == {"bb": 110.0, "button": 305.0}
    assert {(player, action, float(amount)) for player, action, amount in posted} == {
        ("bb", "ante", 10.0), ("button", "ante", 5.0), ("bb", "big_blind", 100.0), ("button", "small_blind", 50.0)}
    assert state.stacks == [10_000 - 110, 8_000 + 110]
