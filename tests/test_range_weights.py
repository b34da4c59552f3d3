"""Ranges as players write them: weights, suit patterns and top percentages.

The truth is counted here: each combination's weight read from the text by a small reader of
its own (not pokersql's), then every deal with every board by phevaluator, each deal counted
with its combinations' weights multiplied (exact fractions). pokersql gives the same counts
times the JSON's weight_scale. eval7's weighted HandRange answers hand against range.
"""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction

import eval7
import pytest
from phevaluator import evaluate_cards

import pokersql
from pokersql.cards import RANKS, parse_cards
from pokersql.range_text import hand_order, pokerstove_order
from pokersql.ranges import parse_player


@pytest.fixture(scope="module")
def duck(db_file):
    with pokersql.connect(db_file) as database:
        yield database

# -- an independent reader of the forms these tests use ----------------------------------------


def _cards(name: str) -> list[int]:
    return parse_cards(name)


def _class(name: str) -> list[tuple[int, int]]:
    """QQ, AKs, AKo, AK: every combination, by rank and suit."""
    high, low, kind = RANKS.index(name[0]), RANKS.index(name[1]), name[2:]
    found = []
    for s, t in itertools.product(range(4), repeat=2):
        a, b = high * 4 + s, low * 4 + t
        if a == b or (high == low and s >= t) or (kind == "s" and s != t) or (kind == "o" and s == t):
            continue
        found.append((max(a, b), min(a, b)))
    return found


def _pattern(name: str) -> list[tuple[int, int]]:
    """AxKx (suited), AxKy (offsuit), by rank and suit."""
    a, b = RANKS.index(name[0]), RANKS.index(name[2])
    same = name[1] == name[3]
    return [(max(a * 4 + s, b * 4 + t), min(a * 4 + s, b * 4 + t)) for s in range(4) for t in range(4) if (s == t) == same and a * 4 + s != b * 4 + t]


def _form(form: str) -> list[tuple[int, int]]:
    if re.fullmatch(r"[2-9TJQKA][cdhs][2-9TJQKA][cdhs]", form):
        a, b = _cards(form)
        return [(max(a, b), min(a, b))]
    if re.fullmatch(r"[2-9TJQKA][xy][2-9TJQKA][xy]", form):
        return _pattern(form)
    if form.endswith("+"):  # pairs only here: QQ+
        return [c for v in range(RANKS.index(form[0]), 13) for c in _class(RANKS[v] * 2)]
    return _class(form)


def weights_of(text: str) -> dict[tuple[int, int], Fraction]:
    """The forms these tests use: FORM, FORM:0.25, FORM@40, 0.5(FORM,FORM), 40%(FORM); the last weight wins."""
    weights: dict[tuple[int, int], Fraction] = {}
    for item in re.findall(r"[^,(]+(?:\([^)]*\))?", text):
        item = item.strip(", ")
        weight, forms = Fraction(1), [item]
        if "(" in item:
            head, body = item[:-1].split("(")
            weight = Fraction(head[:-1]) / 100 if head.endswith("%") else Fraction(head)
            forms = body.split(",")
        elif ":" in item:
            forms[0], number = item.split(":")
            weight = Fraction(number)
        elif "@" in item:
            forms[0], number = item.split("@")
            weight = Fraction(int(number), 100)
        for form in forms:
            for combo in _form(form):
                weights[combo] = weight
    return {c: w for c, w in weights.items() if w}


def weighted_count(players: list[str], board: str = "", dead: str = ""):
    """(deals, [(wins, ties, pot share)]) weighted, exact fractions, by phevaluator."""
    board_cards, dead_cards = parse_cards(board) if board else [], parse_cards(dead) if dead else []
    known = set(board_cards) | set(dead_cards)
    ranges = [[(c, w) for c, w in weights_of(text).items() if not known & set(c)] for text in players]
    deals = Fraction(0)
    totals = [[Fraction(0)] * 3 for _ in players]
    for deal in itertools.product(*ranges):
        held = [card for combo, _ in deal for card in combo]
        if len(set(held)) != len(held):
            continue
        weight = Fraction(1)
        for _, w in deal:
            weight *= w
        deck = [c for c in range(52) if c not in known and c not in held]
        for rest in itertools.combinations(deck, 5 - len(board_cards)):
            ranks = [evaluate_cards(*board_cards, *rest, *combo) for combo, _ in deal]
            best = min(ranks)
            winners = [n for n, r in enumerate(ranks) if r == best]
            deals += weight
            for n in winners:
                totals[n][0 if len(winners) == 1 else 1] += weight
                totals[n][2] += weight / len(winners)
    return deals, totals


WEIGHTED_CASES = [
    # players, board, dead
    (["AhAd", "QQ+:0.5,AKs"], "2c 7d Kc", ""),  # hand v range, a flop
    (["JJ+:0.25,AQs", "KQs@40,T9s,0.5(77)"], "Qh Ts 7c", ""),  # range v range, three notations
    (["AhKh", "TT+:0.3", "87s,98s:0.6"], "Jh 8h 2c", "7h 9d"),  # three-way, dead cards
    (["AKs,AsKs:0.25", "QQ,QsQh:0.2"], "2c 7d 3h 4s", ""),  # per combination, the last weight wins
    (["40%(AKs,AQs)", "KK,JJ:0.5"], "Kd 9c 4s 2h", ""),  # eval7's percent brackets, a turn
    (["AxKx:0.5,AxKy", "QQ+"], "Ah 7c 2d 5s", ""),  # suit patterns, weighted
    (["JJ:0.5,TT", "AxKy@75", "9s8s"], "2c 3d 4h 5s", "Jc"),  # three-way on a turn, a dead card
    (["AhAd:0.5,KhKd", "QQ@10,AKs@90"], "2c 7d 3h", "4s"),  # exact combinations weighted, a dead card
]


@pytest.mark.parametrize(("players", "board", "dead"), WEIGHTED_CASES, ids=[" v ".join(c[0]) + " | " + c[1] for c in WEIGHTED_CASES])
def test_weighted_equity_equals_a_weighted_count(duck, players, board, dead):
    deals, totals = weighted_count(players, board, dead)
    result = duck.equity(*players, board=board, dead=dead, exact=True)
    scale = result.weight_scale or 1
    what = f"{' v '.join(players)} board {board!r} dead {dead!r}"
    assert result.exact is True
    assert Fraction(result.deals, scale) == deals, what
    assert [(Fraction(p.wins, scale), Fraction(p.ties, scale)) for p in result.players] == [(w, t) for w, t, _ in totals], what
    for p, (_, _, share) in zip(result.players, totals):
        assert p.equity == pytest.approx(float(share / deals), abs=1e-12), what


def test_weighted_equity_on_every_engine(db):
    """The session's databases (DuckDB and SQLite): a small case each."""
    players, board, dead = WEIGHTED_CASES[0]
    deals, totals = weighted_count(players, board, dead)
    result = db.equity(*players, board=board, dead=dead, exact=True)
    assert Fraction(result.deals, result.weight_scale) == deals
    assert [Fraction(p.wins, result.weight_scale) for p in result.players] == [w for w, _, _ in totals]


@pytest.mark.parametrize("text", ["0.5(QQ+),AKs", "40%(JJ,TT),AQs", "0.25(AKo,KQs),22-44,0.8(T9s)"])
def test_eval7_reads_the_same_weights(text):
    """eval7's HandRange parses the same combinations with the same weights (its equity
    functions count every combination once, whatever its weight: they cannot check ours)."""
    theirs = {}
    for (first, second), weight in eval7.HandRange(text).hands:
        a, b = parse_cards(str(first) + str(second))
        theirs[(max(a, b), min(a, b))] = Fraction(weight).limit_denominator(100)
    assert parse_player(text, 1).weights == theirs


@pytest.mark.parametrize(
    ("hand", "villain", "board"),
    [("AhAd", "QQ+,AKs", "2c 7d Kc Qs 3h"), ("9h9d", "AK,22-44,KQs", "Ts 6c 2h Kd 4s")],
)
def test_hand_against_range_agrees_with_eval7_on_a_river(duck, hand, villain, board):
    """eval7's exact hand against a range counts one board: a river."""
    cards = [eval7.Card(c) for c in re.findall("..", hand)]
    expected = eval7.py_hand_vs_range_exact(cards, eval7.HandRange(villain), [eval7.Card(c) for c in board.split()])
    assert duck.equity(hand, villain, board=board).players[0].equity == pytest.approx(expected, abs=1e-6)


def test_the_json_says_what_weighted_counts_are(run):
    status, out, _ = run("equity", "AhAd", "KK:0.5,AKs@25", "--board", "2c 7d 3h", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["weight_scale"] == 4  # KK counted 2 times, AKs once: wins, ties and deals x 4
    assert data["players"][1]["combos"] == 8  # KK 6, AKs 2 (AhKh and AdKd hold a card of AhAd)


# -- the notation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "combos", "weight"),
    [
        ("AKs:0.5", 4, 2),
    ("AKs : 0.5, 0.5 (KK, QQ)", 16, 8),  # spaces inside an item mean nothing
        ("AhKh:0.25,AKs", 4, 4),  # the last weight wins: AKs gives AhKh 1 again
        ("AKs,AhKh:0.25", 4, Fraction(13, 4)),
        ("QQ+,KK:0.5", 18, 15),
        ("0.5(KK),40%(AKs,AQs)", 14, Fraction(3) + Fraction(16, 5)),
        ("AK@50", 16, 8),
        ("AA,AsAh:0", 5, 5),  # weight 0 takes a combination out
        ("AxKx", 4, 4),
        ("AxKy", 12, 12),
        ("AxAy", 6, 6),
        ("AwKw", 4, 4),  # PQL's four suit variables, w to z
        ("AzKw", 12, 12),
        ("[A-T]x[A-T]x", 40, 40),
        ("RR", 78, 78),  # a rank variable: any pair
        ("RxOx", 312, 312),  # two rank variables differ: every suited hand
        ("A*", 198, 198),
        ("100%", 1326, 1326),
        ("0.5(AxKy)", 12, 6),
    ],
)
def test_weighted_forms(text, combos, weight):
    player = parse_player(text, 1)
    assert len(player.combos) == combos
    assert sum((player.weights or {}).values()) == weight if player.weights else combos == weight


def test_suit_patterns_are_pokerstove_classes():
    assert set(parse_player("AxKx", 1).combos) == set(parse_player("AKs", 1).combos)
    assert set(parse_player("AxKy", 1).combos) == set(parse_player("AKo", 1).combos)
    assert set(parse_player("AwKw", 1).combos) == set(parse_player("AzKz", 1).combos) == set(parse_player("AKs", 1).combos)
    assert set(parse_player("AwKz", 1).combos) == set(parse_player("AKo", 1).combos)
    assert set(parse_player("RxOy", 1).combos) | set(parse_player("RxOx", 1).combos) | set(parse_player("RR", 1).combos) == set(parse_player("100%", 1).combos)


def test_top_percentages_follow_equity_against_one_random_hand():
    order = hand_order()
    assert [name for name, *_ in order[:4]] == ["AA", "KK", "QQ", "JJ"]
    equity = {name: (wins + Fraction(ties, 2)) / deals for name, _, wins, ties, deals in order}
    published = {"AA": 0.8520371, "KK": 0.8239568, "QQ": 0.7992516, "AKs": 0.6704463}
    assert {name: round(float(equity[name]), 7) for name in published} == published
    assert sum(combos for _, combos, *_ in order) == 1326
    # 15% is 198.9 combinations: the classes whose middle is within them, 200 combinations
    top = parse_player("15%", 1)
    assert len(top.combos) == 200
    assert set(parse_player("5%-10%", 1).combos) == set(parse_player("10%", 1).combos) - set(parse_player("5%", 1).combos)


def test_a_100_percent_range_is_random(duck):
    hundred = duck.equity("AhAd", "100%", board="2c 7d Kc 5s")
    random = duck.equity("AhAd", "random", board="2c 7d Kc 5s")
    assert [(p.wins, p.ties, p.combos) for p in hundred.players] == [(p.wins, p.ties, p.combos) for p in random.players]
    assert hundred.deals == random.deals


@pytest.mark.parametrize(
    ("hand", "named"),
    [
        ("AKs:1.5", "'AKs:1.5'"),
        ("AK@0", "'AK@0'"),
        ("AK@101", "'AK@101'"),
        ("KK:-1", "'KK:-1'"),
        ("15%%", "'15%%'"),
        ("101%", "'101%'"),
        ("AxKv", "'AxKv'"),  # suit variables are w to z
        ("0.5()", "'0.5()'"),
        ("40%()", "'40%()'"),
        ("2(KK)", "'2(KK)'"),
        ("AxAx", "'AxAx'"),
        ("0.5(KK", "'0.5(KK'"),
        ("AA:0", "'AA:0'"),
        ("AsKx", "'AsKx'"),  # PQL takes it; a hand mistyped stays an error here
        ("AsK", "'AsK'"),
    ],
)
def test_bad_weights_patterns_and_percentages_exit_2_naming_the_token(run, hand, named):
    status, out, err = run("equity", "AhAd", hand)
    assert status == 2, err
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and named in err, err


# -- pokersql range ------------------------------------------------------------------------------


def test_range_prints_the_grid_and_the_count(run):
    status, out, err = run("range", "QQ+,AKs:0.5,AhKh,AxKy@30")
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "AA █ AKs▒ AQs· AJs· ATs· A9s· A8s· A7s· A6s· A5s· A4s· A3s· A2s·"  # AKs: (3 x 1/2 + 1) / 4
    assert lines[1] == "AKo░ KK █ KQs· KJs· KTs· K9s· K8s· K7s· K6s· K5s· K4s· K3s· K2s·"  # AKo at 3/10; out: named, a dot
    assert lines[2].startswith("AQo· KQo· QQ █")
    assert lines[12] == "A2o· K2o· Q2o· J2o· T2o· 92o· 82o· 72o· 62o· 52o· 42o· 32o· 22 ·"  # every cell named
    assert lines[13] == "34 combinations, weighted 24.1 of 1,326 (1.82%)"  # 18 + 2.5 + 12 x 0.3


def test_range_csv_is_ready_for_range_input_and_json_has_the_grid(run):
    status, out, _ = run("range", "AKs:0.5,AhKh:0.25", "--format", "csv")
    assert status == 0
    assert out.splitlines() == [
        "cards,card_1,card_2,hand_class,weight,whole_weight",
        "As Ks,51,47,AKs,0.5,2",
        "Ah Kh,50,46,AKs,0.25,1",
        "Ad Kd,49,45,AKs,0.5,2",
        "Ac Kc,48,44,AKs,0.5,2",
    ]
    status, out, _ = run("range", "15%", "--format", "json")
    data = json.loads(out)
    assert data["combos"] == 200 and data["weight_scale"] == 1 and data["grid"][0][0] == 1.0 and data["grid"][12][12] == 0.0


def test_range_plot_writes_a_png(run, tmp_path):
    from pokersql.plots import SIZE, png_size

    picture = tmp_path / "range.png"
    status, _, err = run("range", "QQ+,AKs:0.5", "--plot", str(picture))
    assert status == 0, err
    assert png_size(picture) == SIZE


@pytest.mark.parametrize("text", ["15%%", "AKs:2", "AxKv", "0.5()", ""])
def test_range_refuses_a_bad_token_in_one_line(run, text):
    status, out, err = run("range", text)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1, err


# -- equity --by-combo -----------------------------------------------------------------------------


def _combo_text(cards: list[str]) -> str:
    return "".join(cards)


def test_by_combo_equals_a_count_per_combination(duck):
    players, board = ["QQ+,AKs:0.5", "JJ+,AQs:0.25"], "Qh Ts 7c 2d"
    result = duck.equity(*players, board=board, by_combo_of=1)
    rows = result.players[0].by_combo
    assert len(rows) == result.players[0].combos == 19
    assert [r.equity for r in rows] == sorted((r.equity for r in rows), reverse=True)
    assert sum(r.wins for r in rows) == result.players[0].wins and sum(r.deals for r in rows) == result.deals
    for row in rows:
        deals, totals = weighted_count([_combo_text(row.cards), players[1]], board)
        assert row.equity == pytest.approx(float(totals[0][2] / deals), abs=1e-12), row
        assert Fraction(row.wins, row.deals) == totals[0][0] / deals, row
        assert row.weight == (0.5 if row.hand_class == "AKs" else 1.0)


def test_by_combo_on_every_engine(db):
    result = db.equity("AhAd,KsKc", "QQ", board="2c 7d Qc", by_combo_of=1)
    deals, totals = weighted_count(["AhAd", "QQ"], "2c 7d Qc")
    first = next(r for r in result.players[0].by_combo if r.cards == ["Ah", "Ad"])
    assert first.equity == pytest.approx(float(totals[0][2] / deals), abs=1e-12)


def test_by_combo_in_the_cli(run):
    status, out, err = run("equity", "AhAd,KsKc", "QQ", "--board", "2c 7d Qc", "--by-combo")
    assert status == 0, err
    assert "Player 1 (AhAd,KsKc) by combination, the best first:" in out
    status, out, err = run("equity", "AhAd,KsKc", "QQ", "--by-combo", "--trials", "1000")
    assert status == 2 and "--by-combo" in err


def test_monte_carlo_draws_by_weight(duck):
    """Each combination drawn with the chance of its weight: within 4 standard errors of exact."""
    players, board = ["AhAd", "KK:0.2,AKs,QQ@40"], "2c 7d Kc"
    exact = duck.equity(*players, board=board, exact=True)
    unweighted = duck.equity("AhAd", "KK,AKs,QQ", board=board, exact=True)
    estimate = duck.equity(*players, board=board, trials=20_000, seed=3)
    assert abs(exact.players[0].equity - unweighted.players[0].equity) > 0.1  # the weights matter here
    for mine, truth in zip(estimate.players, exact.players):
        assert abs(mine.equity - truth.equity) < 4 * mine.std_error, (mine.equity, truth.equity, mine.std_error)


def test_pokerstove_order_is_stored_with_its_error():
    """Equity against three random hands, estimated once by pokersql's Monte Carlo and stored:
    here two classes estimated again, independently (random deals, phevaluator), agree within
    4 standard errors of the two estimates, and 15%ps follows the stored order."""
    import random

    order = pokerstove_order()
    assert len(order) == 169 and sum(row[1] for row in order) == 1326
    assert all(row[5] < 0.001 for row in order)
    assert [row[0] for row in order[:3]] == ["AA", "KK", "QQ"]
    stored = {row[0]: row for row in order}
    rng = random.Random(25)
    trials = 12_000
    for name, hole in (("AA", (51, 50)), ("72o", (20, 1))):
        share = 0.0
        deck = [c for c in range(52) if c not in hole]
        for _ in range(trials):
            cards = rng.sample(deck, 11)
            board = cards[:5]
            ranks = [evaluate_cards(*board, *hole)] + [evaluate_cards(*board, *cards[5 + 2 * n : 7 + 2 * n]) for n in range(3)]
            best = min(ranks)
            if ranks[0] == best:
                share += 1 / ranks.count(best)
        mine = share / trials
        error = (mine * (1 - mine) / trials) ** 0.5
        assert abs(mine - stored[name][4]) < 4 * (error**2 + stored[name][5] ** 2) ** 0.5, (name, mine, stored[name])
    taken, before = set(), 0
    for name, combos, *_ in order:
        if before + Fraction(combos, 2) <= Fraction(15 * 1326, 100):
            taken.add(name)
        before += combos
    assert set(parse_player("15%ps", 1).combos) == {c for name in taken for c in parse_player(name, 1).combos}


def test_the_library_gives_the_expansion_as_a_frame(duck):
    frame = duck.range("AKs:0.5,AhKh").df()
    assert list(frame.columns) == ["cards", "card_1", "card_2", "hand_class", "weight", "whole_weight"]
    assert frame["whole_weight"].tolist() == [1, 2, 1, 1] and frame["weight"].sum() == 2.5
