"""`export --to FILE.phhs` (issue 66): the imported hands out as PHH, checked from outside.

- pokerkit's own reader (`HandHistory.load_all`) loads every hand written, and replays the
  Pluribus hands to payoffs equal to the nets pokersql stored;
- the round trip: the fpdb corpus (six sites) and the Pluribus hands imported, exported, and the
  file imported into a new database: the same hands, each player's chips put in and net the same
  (SQL over both databases); what is passed over is what PHH's NT and FT cannot hold, counted;
- a heads-up hand, PHH's own way (each player posts the other's blind, as pokerkit's State
  reads it), pays what pokerkit pays.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

import pokersql
from pokersql.cli import main

HISTORIES = Path(__file__).resolve().parent / "histories"
PLURIBUS = [str(HISTORIES / "pluribus_30.txt"), str(HISTORIES / "pluribus_31.txt")]
NETS = "select site, hand_id, player, net from history_player_hands"
PUT = "select site, hand_id, player, sum(amount) from history_actions group by site, hand_id, player"


def _rows(path: str, sql: str) -> dict:
    with pokersql.connect(path, read_only=True) as db:
        return {tuple(map(str, row[:3])): row[3] for row in db.engine.execute(sql)}


def _load(path: Path) -> list:
    from pokerkit import HandHistory

    with warnings.catch_warnings(), path.open("rb") as file:
        warnings.simplefilter("ignore")
        return list(HandHistory.load_all(file))


@pytest.fixture(scope="module")
def corpus(built_database, tmp_path_factory):
    """The fpdb corpus and the Pluribus hands imported; exported; the file imported again."""
    folder = tmp_path_factory.mktemp("phh")
    first, second = built_database("duckdb"), built_database("duckdb")
    assert main(["--db", first, "-q", "import", "--skip-bad", str(HISTORIES / "fpdb"), *PLURIBUS]) == 0
    phhs = folder / "hands.phhs"
    assert main(["--db", first, "-q", "export", "--to", str(phhs)]) == 0
    assert main(["--db", second, "-q", "import", str(phhs)]) == 0
    return first, second, phhs


def test_pokerkit_loads_every_hand_written(corpus, capsys):
    first, _, phhs = corpus
    written = _load(phhs)
    with pokersql.connect(first, read_only=True) as db:
        games = dict(db.engine.execute("select game, count(*) from history_hands group by game"))
    holdem = games.get("Hold'em No Limit", 0) + games.get("Hold'em Limit", 0)
    assert 0.9 * holdem <= len(written) <= holdem  # a few passed over (a dead blind ...), never another game
    assert {hand.variant for hand in written} == {"NT", "FT"}


def test_the_round_trip_keeps_every_hand_its_chips_and_nets(corpus):
    first, second, phhs = corpus
    for sql in (NETS, PUT):
        before, after = _rows(first, sql), _rows(second, sql)
        assert after and set(after) <= set(before)
        assert {key: before[key] for key in after} == after
    hands = {key[:2] for key in _rows(second, NETS)}
    assert len(hands) == len(_load(phhs))
    with pokersql.connect(second, read_only=True) as db:
        assert db.engine.execute("select count(*) from history_hands")[0][0] == len(hands)


def test_what_is_passed_over_is_counted(corpus, tmp_path, capsys):
    first, _, _ = corpus
    status = main(["--db", first, "export", "--to", str(tmp_path / "again.phhs"), "--format", "json"])
    said = json.loads(capsys.readouterr().out)
    with pokersql.connect(first, read_only=True) as db:
        hands = db.engine.execute("select count(*) from history_hands")[0][0]
    assert status == 0 and said["format"] == "phh"
    assert said["rows"] + said["passed_over"] == hands and said["rows"] == len(_load(tmp_path / "again.phhs"))


def test_pokerkit_replays_the_pluribus_hands_to_our_nets(built_database, tmp_path):
    db_file = built_database("duckdb")
    assert main(["--db", db_file, "-q", "import", *PLURIBUS]) == 0
    assert main(["--db", db_file, "-q", "export", "--to", str(tmp_path / "p.phhs"), "--player", "Pluribus"]) == 0
    nets = _rows(db_file, NETS)
    replayed = 0
    for hand in _load(tmp_path / "p.phhs"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for state in hand:
                pass
        for player, payoff in zip(hand.players, state.payoffs):
            assert nets[("PokerStars", str(hand.hand), player)] == pytest.approx(float(payoff), abs=1e-9)
            replayed += 1
    assert replayed == 153 * 6


HEADS_UP = """[1]
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 60]
actions = ['d dh p1 AhAd', 'd dh p2 KhKd', 'p2 cbr 60', 'p1 cc', 'p1 sm AhAd', 'p2 sm KhKd', 'd db 2c7s9d', 'd db 3h', 'd db 4s']
hand = 7
"""


def test_a_heads_up_hand_posts_phhs_way_and_comes_back_the_same(built_database, tmp_path):
    """Heads-up, PHH's blinds are each player's the other's: p2, the button, posts the small
    blind (pokerkit's State); pokersql's reader reads them so, and its writer writes them so."""
    source = tmp_path / "hu.phhs"
    source.write_text(HEADS_UP, encoding="utf-8")
    (hand,) = _load(source)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for state in hand:
            pass
    db_file = built_database("duckdb")
    assert main(["--db", db_file, "-q", "import", str(source)]) == 0
    nets = _rows(db_file, NETS)
    assert [nets[("PHH", "7", f"p{n}")] for n in (1, 2)] == [pytest.approx(float(p)) for p in state.payoffs] == [60, -60]
    with pokersql.connect(db_file, read_only=True) as db:
        blinds = dict(db.engine.execute("select player, action from history_actions where action in ('small_blind', 'big_blind')"))
    assert blinds == {"p1": "big_blind", "p2": "small_blind"}
    assert main(["--db", db_file, "-q", "export", "--to", str(tmp_path / "out.phhs")]) == 0
    (back,) = _load(tmp_path / "out.phhs")
    assert [int(b) for b in back.blinds_or_straddles] == [1, 2] and list(back.players) == ["p1", "p2"]


def test_a_table_with_a_phh_file_and_filters_without_one_are_refused(built_database, tmp_path, capsys):
    db_file = built_database("duckdb")
    assert main(["--db", db_file, "export", "hands", "--to", str(tmp_path / "x.phhs")]) == 2
    assert main(["--db", db_file, "export", "hands", "--to", str(tmp_path / "x.csv"), "--player", "A"]) == 2
    err = capsys.readouterr().err
    assert "give no TABLE ('hands' given)" in err and "go with a PHH file" in err
    assert not (tmp_path / "x.phhs").exists() and not (tmp_path / "x.csv").exists()
