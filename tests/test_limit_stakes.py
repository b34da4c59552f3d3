"""Fixed-limit stakes are stored as the bets, whatever the site names: PokerStars, PartyPoker and
Winamax write the bets ("$10/$20"), 888 the blinds ("$5/$10 Blinds Fix Limit"), iPoker either.

Checked against what no one here wrote: the bets and raises of the corpus's own fixed-limit
hands (each one raises by the small bet before the turn and by the big bet from it), and fpdb's
own reading of an 888 file (its ``.gt``: small bet and big bet in cents)."""

from __future__ import annotations

import ast
from pathlib import Path

import duckdb
import pytest

FPDB = Path(__file__).parent / "histories" / "fpdb" / "cash"
SITES = ("888", "iPoker", "PartyPoker", "PokerStars", "Winamax")


@pytest.fixture(scope="module")
def limit_hands(tmp_path_factory):
    from pokersql.cli import main

    db_file = str(tmp_path_factory.mktemp("limit") / "limit.duckdb")
    folders = [str(folder) for folder in sorted(FPDB.glob("*/Flop"))]
    assert main(["--db", db_file, "--quiet", "import", *folders, "--skip-bad"]) == 0
    with duckdb.connect(db_file, read_only=True) as con:
        stakes = {(site, hand_id): (small, big, source) for site, hand_id, small, big, source in con.execute(
            "select site, hand_id, small_blind * 100, big_blind * 100, source_file from history_hands "
            "where game like '% Limit' and game not like '%No Limit' and game not like '%Pot Limit'").fetchall()}
        actions = con.execute(
            "select site, hand_id, street, action, street_total * 100, all_in from history_actions "
            "where action in ('big_blind', 'bet', 'raise') order by site, hand_id, action_no").fetchall()
    return stakes, actions


def raises_by(stakes, actions):
    """Each fixed-limit hand's bets and raises that were not all in, as (site, hand, street,
    increment over the street's highest bet before it, the stakes' small and big)."""
    highest: dict[tuple, float] = {}
    short: set[tuple] = set()  # the streets where someone went all in: a raise after it completes the bet first
    for site, hand_id, street, action, total, all_in in actions:
        if (site, hand_id) not in stakes:
            continue
        key = (site, hand_id, street)
        if all_in:
            short.add(key)
        elif action != "big_blind" and key not in short:
            small, big, _ = stakes[(site, hand_id)]
            yield site, hand_id, street, float(total) - highest.get(key, 0.0), float(small), float(big)
        highest[key] = max(highest.get(key, 0.0), float(total))


def test_every_limit_bet_is_the_stored_small_or_big_bet(limit_hands):
    stakes, actions = limit_hands
    checked: dict[str, int] = {}
    wrong = []
    for site, hand_id, street, increment, small, big in raises_by(stakes, actions):
        bet = small if street in ("preflop", "flop") else big
        checked[site] = checked.get(site, 0) + 1
        if increment != bet:
            wrong.append((site, hand_id, street, increment, small, big, stakes[(site, hand_id)][2]))
    assert not wrong, wrong[:5]
    assert set(SITES) <= set(checked), checked  # each site's limit hands were read and checked


def test_888_limit_stakes_are_fpdb_small_and_big_bets(limit_hands):
    stakes, _ = limit_hands
    for gt in sorted((FPDB / "PacificPoker").glob("**/*.gt")):
        fields = ast.literal_eval(gt.read_text())
        if fields[5] != "fl":  # the limit: fixed
            continue
        source = gt.name.removesuffix(".gt")
        small_bet, big_bet = fields[10], fields[11]  # fpdb's gametype: sb, bb, small bet, big bet (cents)
        stored = {(float(small), float(big)) for small, big, file in stakes.values() if file.endswith(source)}
        assert stored == {(float(small_bet), float(big_bet))}, (source, stored)
        break
    else:
        pytest.fail("no fixed-limit .gt file of 888 in the corpus copy")
