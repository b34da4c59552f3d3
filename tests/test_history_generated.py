"""Side pots by the thousand: seeded hands of bench/histories_generate.py (random stacks, so
all-ins for different amounts; its pots and winners ranked by phevaluator, not by pokersql),
written as PokerStars text, imported, and paid by the SQL of sql/histories exactly as the
text says, hand for hand and player for player (the audit history_collected_matches_the_pots).

The real files hold no side pot (every seat starts with the same stack); tests/test_history_pots.py
checks a few built by hand against pokerkit. These are many more, of every shape the betting
model plays into: three-, four- and five-way all-ins, split pots and odd chips among them.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

import pokersql

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import histories_generate  # noqa: E402  (bench/histories_generate.py)

AUDIT = Path(__file__).resolve().parents[1] / "sql" / "audits" / "history_collected_matches_the_pots.sql"
HANDS = 2_000
# Its two tests of the imported hands on one worker (xdist): on two, one waited for the other to
# import them (under built_once's lock), 23 s of a worker spent waiting in a CI run.
pytestmark = pytest.mark.xdist_group("generated")


@pytest.fixture(scope="module")
def generated(built_database, built_once):
    """A built database with the hands imported: made once a run (built_once), the module's a copy."""

    def make(path: Path) -> None:
        text = path.with_name("generated.txt")
        histories_generate.write(text, HANDS, seed=23, all_in=0.05)  # ten times the default: side pots
        shutil.copyfile(built_database("duckdb"), path)
        with pokersql.connect(str(path)) as db:
            assert db.import_histories([text]).imported == HANDS

    with pokersql.connect(built_once("generated.duckdb", make)) as db:
        yield db


def audit(db) -> list[tuple]:
    (statement,) = db.engine.statements(AUDIT.read_text(encoding="utf-8"), AUDIT.name)
    return db.engine.execute(statement)


def test_the_generator_writes_the_same_text_from_the_same_seed(tmp_path):
    histories_generate.write(tmp_path / "a.txt", 50, seed=5)
    histories_generate.write(tmp_path / "b.txt", 50, seed=5)
    histories_generate.write(tmp_path / "c.txt", 50, seed=6)
    assert (tmp_path / "a.txt").read_bytes() == (tmp_path / "b.txt").read_bytes() != (tmp_path / "c.txt").read_bytes()


def test_every_generated_hand_pays_what_its_text_says(generated):
    assert audit(generated) == []
    # What the hands hold, so that the audit's silence says something.
    (side_pots, most_pots), = generated.engine.execute(
        "select count(distinct hand_id), max(pot_no) from history_pots where pot_no > 1"
    )
    assert side_pots >= 100 and most_pots >= 3
    (split_pots, odd_chips), = generated.engine.execute(
        "select count(*), count(case when most > least then 1 end) from ("
        "select max(share_hundredths) as most, min(share_hundredths) as least from history_pot_winners "
        "where winner_count > 1 group by site, hand_id, pot_no) as splits"
    )
    assert split_pots >= 10 and odd_chips >= 1


def test_one_chip_moved_between_two_players_is_found(generated):
    """Broken on purpose: a chip taken from one winner of a hand with side pots and given to
    another player of it; the audit names both, and no other."""
    (hand_id, winner, other), = generated.engine.execute(
        "select results.hand_id, min(results.player), max(loser.player) from history_results as results "
        "inner join history_results as loser on loser.site = results.site and loser.hand_id = results.hand_id "
        "and loser.collected = 0 and loser.shown_cards is not null "
        "where results.collected > 0 and results.hand_id in (select hand_id from history_pots where pot_no > 1) "
        "group by results.hand_id order by cast(results.hand_id as integer) limit 1"
    )
    with generated.engine.scratch():
        generated.engine.execute("update history_results set collected = collected - 1 where hand_id = ? and player = ?", (hand_id, winner))
        generated.engine.execute("update history_results set collected = collected + 1 where hand_id = ? and player = ?", (hand_id, other))
        assert sorted((row[1], row[3]) for row in audit(generated)) == sorted([(hand_id, winner), (hand_id, other)])
