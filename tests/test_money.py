"""Money is never added across currencies, or across cash and tournaments (issue 66): `history`,
`stats` and `report` sum one money at a time (a cash currency, the one of the most cash hands by
default, or tournament chips), each title saying which, with --currency, --cash, --tournaments
and --site to choose.

The fpdb corpus (six sites; USD, EUR, GBP, CAD, CNY, RSD, play money and tournaments) is
imported as one folder; each money's totals are checked against a plain Python sum of the
hands' nets grouped by the hands' own columns, read row by row.
"""

from __future__ import annotations

import json
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest

FPDB = Path(__file__).resolve().parent / "histories" / "fpdb"
# the corpus is imported once, on one worker (a quarter of a minute)
pytestmark = pytest.mark.xdist_group("fpdb_money")


@pytest.fixture(scope="module")
def corpus(db_file):
    from pokersql.cli import main

    assert main(["--db", db_file, "--quiet", "import", str(FPDB), "--skip-bad"]) == 0
    assert main(["--db", db_file, "--quiet", "history", "--format", "json"]) == 0  # the stored tables made
    with duckdb.connect(db_file, read_only=True) as con:
        hands = {(site, hand_id): (tournament, currency, buy_in_currency) for site, hand_id, tournament, currency, buy_in_currency in con.execute(
            "select site, hand_id, tournament_id is not null, currency, buy_in_currency from history_hands").fetchall()}
        nets = con.execute("select site, hand_id, player, net from stored_player_hands").fetchall()
        stats = con.execute("select site, hand_id, player, net, big_blind from stored_hand_stats").fetchall()
    return db_file, hands, nets, stats


def _money(hand: tuple) -> tuple:
    tournament, currency, _ = hand
    return ("tournaments", None) if tournament else ("cash", currency)


def _options(kind: str, currency: str | None) -> list[str]:
    return ["--tournaments"] if kind == "tournaments" else ["--currency", currency or "none"]


def _json(run, *args: str) -> dict:
    status, out, err = run(*args, "--format", "json")
    assert status == 0, err
    return json.loads(out)


def test_each_money_sums_its_own_hands_only(run, corpus):
    """Every money of the corpus: `history`'s hands and each player's net won equal the Python
    sums of the nets of the hands of that money (a hand of unknown result adds nothing); the
    moneys' hands add up to every hand imported."""
    db_file, hands, nets, _ = corpus
    by_money: dict[tuple, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    counted: dict[tuple, int] = defaultdict(int)
    for key, hand in hands.items():
        counted[_money(hand)] += 1
    for site, hand_id, player, net in nets:
        by_money[_money(hands[(site, hand_id)])][player] += net or 0
    moneys = _json(run, "history")["moneys"]
    assert {(m["kind"], m["currency"]): m["hands"] for m in moneys} == dict(counted)
    assert len(counted) >= 8 and sum(counted.values()) == len(hands)
    for (kind, currency), players in by_money.items():
        result = _json(run, "history", *_options(kind, currency))
        assert result["money"] == {"kind": kind, "currency": currency, "hands": counted[(kind, currency)]}
        assert result["hands"] == counted[(kind, currency)]
        assert {row["player"]: Decimal(str(row["net_won"])) for row in result["players"]} == {
            player: round(net, 2) for player, net in players.items()}, (kind, currency)


def test_the_default_is_the_cash_currency_of_the_most_hands_and_the_title_says_it(run, corpus):
    _, hands, _, _ = corpus
    cash: dict[str | None, int] = defaultdict(int)
    for tournament, currency, _ in hands.values():
        if not tournament:
            cash[currency] += 1
    largest = max(cash, key=cash.__getitem__)
    assert largest is not None
    for command in ("history", "stats"):
        assert _json(run, command)["money"] == {"kind": "cash", "currency": largest, "hands": cash[largest]}
        status, out, _ = run(command)
        assert status == 0 and out.splitlines()[0].startswith(f"{cash[largest]:,} hand(s) of {largest} cash games, ")
    assert _json(run, "history", "--cash")["money"]["currency"] == largest


def test_stats_bb_per_100_is_of_one_money(run, corpus):
    """bb/100 of the player of the most hands, per money: the Python sum of net / big blind over
    that money's hands whose net is known, per 100 of them."""
    _, hands, _, stats = corpus
    rows: dict[tuple, list] = defaultdict(list)
    for site, hand_id, player, net, big_blind in stats:
        rows[(_money(hands[(site, hand_id)]), player)].append((net, big_blind))
    for money in {key[0] for key in rows}:
        player, kept = max(((p, r) for (m, p), r in rows.items() if m == money), key=lambda item: (len(item[1]), item[0]))
        known = [net / big_blind for net, big_blind in kept if net is not None]
        result = _json(run, "stats", "--player", player, *_options(*money))
        row, = result["players"]
        assert row["hands"] == len(kept)
        assert row["bb_per_100"] == (round(float(100 * sum(known) / len(known)), 2) if known else None), money


def test_tournaments_by_buy_in_and_one_site(run, corpus):
    _, hands, _, _ = corpus
    usd = sum(1 for tournament, _, buy_in in hands.values() if tournament and buy_in == "USD")
    assert _json(run, "stats", "--tournaments", "--currency", "usd")["hands"] == usd > 0
    winamax = [hand for (site, _), hand in hands.items() if site == "Winamax"]
    result = _json(run, "history", "--site", "winamax", "--tournaments")
    assert result["hands"] == sum(1 for tournament, _, _ in winamax if tournament) > 0
    assert {(m["kind"], m["currency"]) for m in result["moneys"]} == {_money(hand) for hand in winamax}


def test_a_tournament_hand_has_no_currency_of_its_own(corpus):
    """What --currency's quick condition on stats' tables leans on (money.keeping): a tournament's
    money is its chips; its buy-in's currency is buy_in_currency."""
    _, hands, _, _ = corpus
    assert not [hand for hand in hands.values() if hand[0] and hand[1] is not None]


def test_a_money_no_hand_has_and_cash_with_tournaments(run, corpus):
    status, out, err = run("history", "--currency", "JPY")
    assert status == 0 and out.splitlines()[0].startswith("0 hand(s) of JPY cash games")
    assert err.startswith("pokersql: note: no imported hand is of JPY cash games; there are: tournament chips (")
    assert "--currency USD" in err and err.count("\n") == 1
    status, out, err = run("stats", "--cash", "--tournaments")
    assert (status, out) == (2, "") and err.count("\n") == 1 and "--cash and --tournaments" in err
    status, out, err = run("report", "--currency", "JPY", "--to", str(Path(corpus[0]).parent / "never.html"))
    assert status == 2 and "no imported hand is of JPY cash games" in err
    assert not (Path(corpus[0]).parent / "never.html").exists()


def test_cash_where_there_are_tournaments_alone(built_database, tmp_path, capsys):
    """--cash keeps no hand of a database of tournaments alone, whose default is the tournaments."""
    from pokersql.cli import main

    path = built_database("duckdb")
    assert main(["--db", path, "-q", "import", str(FPDB / "tour" / "Stars" / "Flop" / "NLHE-USD-MTT-5r-200710.txt")]) == 0
    capsys.readouterr()
    assert main(["--db", path, "history", "--cash", "--format", "json"]) == 0
    kept = json.loads(capsys.readouterr().out)
    assert (kept["hands"], kept["players"]) == (0, [])
    assert main(["--db", path, "history", "--format", "json"]) == 0
    every = json.loads(capsys.readouterr().out)
    assert every["money"]["kind"] == "tournaments" and every["hands"] == every["money"]["hands"] > 300
