"""Hands whose result cannot be told, kept (issue 66, part 1): a showdown's cards hidden ("????")
and no winnings stated, or a history cut off before its end (iPoker's partial format).

The hand is imported: its actions, positions and chips put in as pokerkit's own state machine
replays them; the players who folded lost what they put in; the players still in at the end
have a NULL net, never 0, and no all-in EV. ``stats`` counts the hand where only the actions
matter (VPIP, WTSD) and leaves it out of W$SD, WWSF and bb/100; ``stats`` and ``history`` say
how many such hands there are, in the title and in JSON.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
from pokerkit import HandHistory

HISTORIES = Path(__file__).resolve().parent / "histories"
HANDHQ = HISTORIES / "handhq_ipn_sample.phhs"
OWN = HISTORIES / "own" / "hidden_showdowns.phhs"
PARTIAL = HISTORIES / "fpdb" / "cash" / "iPoker" / "Flop" / "PLO-USD-5-10-201631.partial.format.xml"


def _section(path: Path, number: int) -> str:
    text = path.read_text(encoding="utf-8")
    start = text.index(f"[{number}]\n") + len(f"[{number}]\n")
    following = text.find("\n[", start)
    return text[start:] if following < 0 else text[start:following + 1]


def _payoffs(text: str) -> dict[str, float]:
    history = HandHistory.loads(text)
    *_, state = iter(history)
    return {name: float(payoff) for name, payoff in zip(history.players, state.payoffs)}


def _shown(text: str, cards: dict[str, str]) -> str:
    """The hand with the cards ``cards`` (player number -> cards) dealt and shown in place of ????."""
    for player, hole in cards.items():
        text = text.replace(f"'d dh {player} ????'", f"'d dh {player} {hole}'").replace(f"'{player} sm ????'", f"'{player} sm {hole}'")
    return text


def _rows(db_file: str, query: str, *params) -> list[tuple]:
    with duckdb.connect(db_file, read_only=True) as con:
        return con.execute(query, list(params)).fetchall()


def test_a_handhq_showdown_of_hidden_cards_is_kept_with_its_result_unknown(run, db_file):
    """HandHQ's [1]: two players show ???? and the winnings are all 0. What each put in is what
    pokerkit's replay gives (each of the two, by a replay in which the other wins with cards
    made known); the four who folded netted pokerkit's payoffs; the two nets are NULL."""
    assert run("import", str(HANDHQ))[0] == 0
    text = _section(HANDHQ, 1)
    players = HandHistory.loads(text).players
    at_end = {players[0], players[1]}  # p1 and p2 show at the showdown
    p1_wins = _payoffs(_shown(text, {"p1": "AcQc", "p2": "2c2d"}))  # p1's AcQc (dealt known) makes three queens
    p2_wins = _payoffs(_shown(text, {"p1": "AcQc", "p2": "9c9d"}))  # a full house
    put = {name: -payoff for name, payoff in p1_wins.items() if name not in at_end}
    put[players[1]], put[players[0]] = -p1_wins[players[1]], -p2_wins[players[0]]
    rows = _rows(db_file, "select p.player, cast(c.in_pot as double), cast(p.net as double), h.result_unknown "
                 "from history_player_hands p join history_contributions c using (site, hand_id, seat) "
                 "join history_hands h using (site, hand_id) where h.hand_id = '3406280350'")
    assert {player: in_pot for player, in_pot, _, _ in rows} == put
    assert {player: net for player, _, net, _ in rows} == {name: None if name in at_end else -put[name] for name in players}
    assert {unknown for *_, unknown in rows} == {True}
    assert min(put.values()) == 0 and max(put.values()) > 0  # a real hand: some put chips in, some none


def test_the_statistics_count_its_actions_and_leave_its_result_out(run, db_file):
    """Of the own file's two hands, [1] is shown down and known and [2] is an all-in shown down
    with ???? and no winnings: pokerkit's payoffs of [1] are the nets; [2] counts in WTSD and
    VPIP, not in W$SD, WWSF or bb/100, and not in the all-in EV."""
    assert run("import", str(OWN))[0] == 0
    known = _payoffs(_section(OWN, 1))
    unknown_text = _section(OWN, 2)
    folded = {name: payoff for name, payoff in _payoffs(_shown(unknown_text, {"p1": "AsAh", "p2": "KsKh"})).items()
              if name == "Third"}  # Third folds in [2]: that payoff is known whoever wins
    status, out, _ = run("history", "--player", "Hero", "--player", "Villain", "--player", "Third", "--format", "json")
    history = json.loads(out)
    nets = {row["player"]: row["net_won"] for row in history["players"]}
    assert nets == {"Hero": known["Hero"], "Villain": known["Villain"], "Third": known["Third"] + folded["Third"]}
    assert {row["player"]: row["unknown_results"] for row in history["players"]} == {"Hero": 1, "Villain": 1, "Third": 0}
    assert all(row["allin_hands"] == 0 for row in history["players"])  # [2]'s all-in: its EV unknown
    status, out, _ = run("stats", "--player", "Hero", "--player", "Villain", "--format", "json")
    stats = json.loads(out)
    assert stats["unknown_results"] == 1
    hero = next(row for row in stats["players"] if row["player"] == "Hero")
    assert (hero["hands"], hero["vpip"], hero["wtsd"], hero["wsd"], hero["wwsf"]) == (2, 100.0, 100.0, 100.0, 100.0)
    assert hero["bb_per_100"] == 100 * known["Hero"] / 2  # one known hand, at a big blind of 2
    assert hero["unknown_results"] == 1
    status, out, _ = run("stats", "--player", "Hero")
    assert "1 of unknown result" in out.splitlines()[0]


def test_a_history_cut_off_before_its_end_is_kept(run, db_file):
    """fpdb's iPoker partial format: 31 Omaha hands that stop after the blinds, no winnings, no
    cards: every hand imported whole, each of unknown result, the blinds put in kept."""
    status, out, err = run("import", str(PARTIAL), "--format", "json")
    assert (status, err) == (0, "")
    assert json.loads(out)["imported"] == 31
    (hands, unknown, blinds), = _rows(
        db_file, "select count(distinct h.hand_id), count(distinct case when h.result_unknown then h.hand_id end), sum(a.amount) "
        "from history_hands h join history_actions a using (site, hand_id) where h.source_file = ?", str(PARTIAL))
    assert (hands, unknown) == (31, 31)
    assert blinds == 31 * 15  # each hand's blinds: 5 and 10 euros
