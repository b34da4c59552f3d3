"""`deal --game chinese` (issue 48): the deal, each player's setting and the 2-4 scoring of
sql/chinese/053, checked against a brute force in plain Python (phevaluator for the five-card
rows; the front's ranking, the foul rule, the scoring and the royalties written here)."""

from __future__ import annotations

import itertools
import json
import random
import shutil
from collections import Counter
from pathlib import Path

import pytest
from phevaluator import evaluate_cards

import pokersql
from pokersql import chinese_deal
from pokersql.cli import main
from test_chinese import ARRANGE_HANDS, RANKS, brute_forced, five_card_odds, front_key, grouped_values  # noqa: F401 (fixtures)

SUITS = "cdhs"  # card order: by value, then suit (the simple rule's)


def value(card: str) -> int:
    return RANKS.index(card[0]) + 2


def five_category(rank: int) -> int:
    """A phevaluator rank's category points (royal flush 9 ... high card 0), by its rank ranges."""
    bounds = [(1, 9), (10, 8), (166, 7), (322, 6), (1599, 5), (1609, 4), (2467, 3), (3325, 2), (6185, 1), (7462, 0)]
    return next(points for bound, points in bounds if rank <= bound)


def fouls(front: list[str], middle: list[str], back: list[str]) -> bool:
    """Unless back >= middle >= front: the back's rank above the middle's (phevaluator, lower
    better), or the middle below the front by category, then by the grouped values compared as
    lists (the front's missing cards lower than any)."""
    middle_rank, back_rank = evaluate_cards(*middle), evaluate_cards(*back)
    front_values = [value(card) for card in front]
    front_points = {3: 0, 2: 1, 1: 3}[len(set(front_values))]
    middle_order = (five_category(middle_rank), grouped_values([value(card) for card in middle]))
    return back_rank > middle_rank or middle_order < (front_points, grouped_values(front_values))


# The royalties of docs/games-chinese.md: back by category; middle twice the back's; front a pair of
# sixes 1 ... aces 9, three of a kind deuces 10 ... aces 22.
BACK_ROYALTIES = {4: 2, 5: 4, 6: 6, 7: 10, 8: 15, 9: 25}


def royalties(front: list[str], middle: list[str], back: list[str]) -> int:
    if fouls(front, middle, back):
        return 0
    counts = Counter(value(card) for card in front)
    grouped, size = counts.most_common(1)[0]
    on_front = grouped + 8 if size == 3 else max(grouped - 5, 0) if size == 2 else 0
    return (on_front + 2 * BACK_ROYALTIES.get(five_category(evaluate_cards(*middle)), 0)
            + BACK_ROYALTIES.get(five_category(evaluate_cards(*back)), 0))


def rows_won(mine: dict, theirs: dict) -> list[int]:
    """Each row from my side: 1 won, -1 lost, 0 tied; a fouled setting loses every row to one
    that did not foul, two fouled ones tie."""
    my_foul, their_foul = fouls(*mine.values()), fouls(*theirs.values())
    if my_foul or their_foul:
        return [their_foul - my_foul] * 3
    front = front_key(tuple(value(c) for c in mine["front"])), front_key(tuple(value(c) for c in theirs["front"]))
    middle = evaluate_cards(*theirs["middle"]), evaluate_cards(*mine["middle"])  # lower is better
    back = evaluate_cards(*theirs["back"]), evaluate_cards(*mine["back"])
    return [(a > b) - (a < b) for a, b in (front, middle, back)]


def python_scores(settings: dict[int, dict], with_royalties: bool) -> tuple[dict, dict]:
    """Each pair (a < b): a's rows, scoop, royalties and points; each player's total."""
    pairs, totals = {}, Counter()
    for a, b in itertools.combinations(sorted(settings), 2):
        rows = rows_won(settings[a], settings[b])
        scoop = 3 * (sum(rows) == 3) - 3 * (sum(rows) == -3)
        extra = royalties(*settings[a].values()) - royalties(*settings[b].values())
        points = sum(rows) + scoop + (extra if with_royalties else 0)
        pairs[(a, b)] = (*rows, scoop, extra, points)
        totals[a] += points
        totals[b] -= points
    return pairs, totals


def check_scores(result: dict, settings: dict[int, dict], with_royalties: bool) -> None:
    pairs, totals = python_scores(settings, with_royalties)
    got = {tuple(p["players"]): (p["front"], p["middle"], p["back"], p["scoop"], p["royalties"], p["points"]) for p in result["pairs"]}
    assert got == pairs
    assert all(p["rows"] == p["front"] + p["middle"] + p["back"] + p["scoop"] for p in result["pairs"])
    assert {seat["player"]: seat["points"] for seat in result["players"]} == {player: totals[player] for player in settings}
    assert sum(seat["points"] for seat in result["players"]) == 0
    for seat in result["players"]:
        assert seat["royalties"] == royalties(*settings[seat["player"]].values())
        assert seat["fouls"] == fouls(*settings[seat["player"]].values())


DEALS = [(1, 2, "blocks", False), (7, 3, "round-robin", True), (42, 4, "blocks", True)]  # the seed, players, order, --royalties


@pytest.fixture(scope="module")
def databases(built_database):
    """One built database per engine for the module, made when a test first asks for it:
    databases[engine] is its path (SQLite's is built only for the checks at scale)."""

    class Built(dict):
        def __missing__(self, engine: str) -> str:
            self[engine] = built_database(engine, for_the_session=True)  # not removed when the test ends
            return self[engine]

    made = Built()
    yield made
    for path in made.values():
        shutil.rmtree(Path(path).parent, ignore_errors=True)


# SQLite sets 13 cards in about 2 s a hand on this machine (DuckDB 0.2 s): it deals the smallest.
@pytest.mark.parametrize(("engine", "seed", "players", "order", "with_royalties"),
                         [("duckdb", *deal) for deal in DEALS] + [("sqlite", *DEALS[0])])
def test_deal_sets_each_hand_best_and_scores_it(engine, seed, players, order, with_royalties, databases, brute_forced, capsys):
    """Each player's 13 cards, their deal from the seed's deck (the five-card deal's cards come
    first), each setting one of the brute force's best, and the scores (each pair's rows, and
    its points with the royalties under --royalties) as computed here from the settings' cards."""
    path = databases[engine]
    base = ["--db", path, "--engine", engine, "deal", "--players", str(players), "--seed", str(seed), "--order", order]
    assert main([*base, "--game", "chinese", *(["--royalties"] if with_royalties else []), "--format", "json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "chinese" and result["seed"] == seed and len(result["players"]) == players
    assert result["royalties"] is with_royalties
    dealt = [seat["cards"] for seat in result["players"]]
    assert all(len(cards) == 13 for cards in dealt) and len(set(sum(dealt, []))) == 13 * players
    # the same seed deals the same deck: the five-card deal of as many players takes its first
    # cards, each player's five from the positions that deal gives them
    assert main([*base, "--format", "json"]) == 0
    five = [seat["cards"] for seat in json.loads(capsys.readouterr().out)["players"]]
    deck = [dealt[i % players][i // players] for i in range(13 * players)] if order == "round-robin" else sum(dealt, [])
    positions = [[p + k * players for k in range(5)] if order == "round-robin" else list(range(5 * p, 5 * p + 5)) for p in range(players)]
    assert [set(cards) for cards in five] == [{deck[i] for i in dealt_to} for dealt_to in positions]
    settings = {}
    for seat in result["players"]:
        _, _, best = brute_forced(" ".join(seat["cards"]))
        rows = {name: seat[name]["cards"] for name in ("front", "middle", "back")}
        assert tuple(set(cards) for cards in rows.values()) in best
        settings[seat["player"]] = rows
    check_scores(result, settings, with_royalties)
    assert result["winners"] == [s["player"] for s in result["players"] if s["points"] == max(t["points"] for t in result["players"])]
    # the library deals the same: Database.deal(game="chinese")
    with pokersql.connect(path, engine=engine) as db:
        dealt_here = db.deal(players, seed, order=order, game="chinese", royalties=with_royalties)
    assert json.loads(json.dumps(dealt_here.to_dict())) == result


def sorted_setting(cards: list[str]) -> dict[str, list[str]]:
    """The simple rule: the cards by value, then suit; the three lowest in front, the next five
    in the middle, the five highest in the back."""
    ordered = sorted(cards, key=lambda card: (value(card), SUITS.index(card[1])))
    return {"front": ordered[:3], "middle": ordered[3:8], "back": ordered[8:]}


def test_scoring_with_fouls_matches_python(databases):
    """The simple rule's settings (chinese_sorted_scores, 053) foul often: over random hands
    (seeded), the SQL's fouls, rows, scoops, royalties and points equal the ones computed here,
    fouled settings losing every row and their royalties."""
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    chooser = random.Random(48)
    fouled = set()
    with pokersql.connect(databases["duckdb"], engine="duckdb") as database:
        card_id = dict(database.engine.execute("select name, card_id from cards"))
        for _ in range(4):
            cards = chooser.sample(deck, 52)
            hands = {player: cards[13 * (player - 1): 13 * player] for player in range(1, 5)}
            settings = {player: sorted_setting(hand) for player, hand in hands.items()}
            for with_royalties in (False, True):
                found, pairs = chinese_deal.score(
                    database.context, {p: [card_id[c] for c in h] for p, h in hands.items()}, with_royalties, "chinese_sorted_scores"
                )
                result = {
                    "pairs": [vars(pair) for pair in pairs],
                    "players": [{"player": p, "fouls": bool(f), "royalties": own, "points": total} for p, (_, (f, own, total)) in found.items()],
                }
                check_scores(result, settings, with_royalties)
                assert {p: sorted(s.front.cards + s.middle.cards + s.back.cards) for p, (s, _) in found.items()} == {p: sorted(h) for p, h in hands.items()}
            fouled |= {fouls(*s.values()) for s in settings.values()}
    assert fouled == {True, False}  # both kinds were scored


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        (["--game", "chinese", "--players", "5"], "players 5 is out of range: use 2 to 4"),
        (["--game", "chinese", "--players", "1"], "'--players' / '-n': 1 is not in the range"),
        (["--royalties"], "--royalties goes with --game chinese"),
    ],
    ids=["five", "one", "royalties-alone"],
)
@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
def test_deal_chinese_bad_input_names_it_and_leaves_the_database(arguments, named, engine, databases, capsys):
    path = databases[engine]
    before = Path(path).read_bytes()
    status = main(["--db", path, "--engine", engine, "deal", "--seed", "3", *arguments])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert captured.err.startswith("pokersql: error: ") and captured.err.count("\n") == 1
    assert named in captured.err
    assert Path(path).read_bytes() == before


def test_deal_chinese_table_shows_the_rows_and_the_pairs(databases, capsys):
    """The table: the title, each player's rows and one line a pair of players (DuckDB)."""
    assert main(["--db", databases["duckdb"], "deal", "--game", "chinese", "--players", "4", "--seed", "42", "--royalties"]) == 0
    out = capsys.readouterr().out
    assert "Chinese poker, seed 42: 4 players" in out and "royalties" in out
    assert out.count("player 1 against") == 3 and "player 3 against 4" in out
    assert "A♥ 9♥ 6♥ 5♥ 3♥" in out and "Flush" in out


# -- the reader's calculation (054, bench/chinese_reader.py) ---------------------------------------


@pytest.mark.parametrize("hand", ARRANGE_HANDS[:3] + ARRANGE_HANDS[4:5])
def test_hand_summary_matches_the_brute_force(hand, databases, brute_forced):
    """chinese_hand_summary (054), what the reader's table counts: the front category of the
    hand's best setting is one of the brute force's best settings' front, its legal settings
    the brute force's count, and sorted_fouls the simple rule's foul as computed here."""
    with pokersql.connect(databases["duckdb"], engine="duckdb") as database:
        card_id = dict(database.engine.execute("select name, card_id from cards"))
        with database.engine.inputs(hand_input=[(1, card_id[card]) for card in hand.split()]):
            ((front_points, legal_settings, all_settings, sorted_fouls),) = database.engine.execute(
                "select front_points, legal_settings, all_settings, sorted_fouls from chinese_hand_summary"
            )
    legal, _, best = brute_forced(hand)
    categories = {len({value(card) for card in front}) for front, _, _ in best}  # 1, 2 or 3 values
    assert front_points in {{1: 3, 2: 1, 3: 0}[distinct] for distinct in categories}
    assert (legal_settings, all_settings) == (legal, 72072)
    assert sorted_fouls == fouls(*sorted_setting(hand.split()).values())


def test_every_hand_has_a_legal_setting_the_greedy_one():
    """docs/games-chinese.md's proof, checked on 300 random hands: the best five of the 13 in the back, the
    best five of the other eight in the middle and the last three in front never foul."""
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    chooser = random.Random(13)
    for _ in range(300):
        cards = chooser.sample(deck, 13)
        back = min(itertools.combinations(cards, 5), key=lambda five: evaluate_cards(*five))
        rest = [card for card in cards if card not in back]
        middle = min(itertools.combinations(rest, 5), key=lambda five: evaluate_cards(*five))
        front = [card for card in rest if card not in middle]
        assert not fouls(front, list(middle), list(back)), cards
