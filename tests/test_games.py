"""Other games (issue 24): short deck under both rule sets and Omaha high, checked from outside.

Short deck against pokerkit's ShortDeckHoldemLookup (the classic order; the Triton order is
the same lookup with three of a kind moved above the straight: pokerkit orders the classes
within a category, the rule set orders the categories), on every five-card class and on
200,000 random seven-card hands per rule set (pokerkit's best of the 21 fives, in SQL); the
counts of every 5- and 7-card hand against tests/reference/short_deck_counts.json (an
enumeration of our own). Omaha against phevaluator's evaluate_omaha_cards: 200,000 random PLO4
hands; PLO5 and PLO6, which phevaluator 0.6.0 ships uncompiled, as the best of phevaluator's
PLO4 over every four of the hole cards (two hole cards always lie within some four).
"""

from __future__ import annotations

import csv
import itertools
import json
import math
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pytest
from phevaluator import evaluate_cards, evaluate_omaha_cards
from pokerkit import Card, Label
from pokerkit.lookups import ShortDeckHoldemLookup

SHORT_DECK_COUNTS = Path(__file__).parent / "reference" / "short_deck_counts.json"
RULE_SETS = ("shortdeck", "shortdeck-triton")
NAMES = "23456789TJQKA"
SUITS = "cdhs"
# pokerkit's labels, best first, in each rule set (its straight flush holds the royal flush)
LABEL_ORDER = {
    "shortdeck": [Label.STRAIGHT_FLUSH, Label.FOUR_OF_A_KIND, Label.FLUSH, Label.FULL_HOUSE, Label.STRAIGHT,
                  Label.THREE_OF_A_KIND, Label.TWO_PAIR, Label.ONE_PAIR, Label.HIGH_CARD],
    "shortdeck-triton": [Label.STRAIGHT_FLUSH, Label.FOUR_OF_A_KIND, Label.FLUSH, Label.FULL_HOUSE,
                         Label.THREE_OF_A_KIND, Label.STRAIGHT, Label.TWO_PAIR, Label.ONE_PAIR, Label.HIGH_CARD],
}
RANDOM_HANDS = 200_000


@pytest.fixture(scope="module")
def con(built_database):
    """A connection to a copy of its own (the command line's tests open db_file)."""
    connection = duckdb.connect(built_database("duckdb"))
    yield connection
    connection.close()


@pytest.fixture(scope="module")
def pokerkit_classes() -> dict[str, list[tuple[int, int, int, str]]]:
    """Per rule set, every five-card class of the 36 cards as pokerkit ranks it: (rank_key,
    is_flush, rank 1 = best, pokerkit's label), each class dealt once as a representative."""
    lookup = ShortDeckHoldemLookup()
    classes = []
    for values in itertools.combinations_with_replacement(range(6, 15), 5):
        if len(set(values)) == 1:
            continue
        # each card of a value takes the next suit; five values, one of them another suit
        seen: dict[int, int] = {}
        suits = []
        for value in values:
            suits.append(seen.get(value, 0))
            seen[value] = seen.get(value, 0) + 1
        if len(set(values)) == 5:
            suits = [0, 1, 0, 0, 0]
        offsuit = "".join(NAMES[v - 2] + SUITS[s] for v, s in zip(values, suits))
        rank_key = sum(5 ** (v - 2) for v in values)
        classes.append((rank_key, 0, lookup.get_entry(Card.parse(offsuit))))
        if len(set(values)) == 5:
            suited = "".join(NAMES[v - 2] + "s" for v in values)
            classes.append((rank_key, 1, lookup.get_entry(Card.parse(suited))))
    ranked = {}
    for rule_set, order in LABEL_ORDER.items():
        ordered = sorted(classes, key=lambda c: (order.index(c[2].label), -c[2].index))
        ranked[rule_set] = [(key, flush, rank, entry.label.value) for rank, (key, flush, entry) in enumerate(ordered, 1)]
    return ranked


def test_short_deck_classes_are_pokerkits_in_both_rule_sets(con, pokerkit_classes):
    for rule_set in RULE_SETS:
        ours = con.execute(
            "select rank_key, is_flush, hand_rank, category from short_deck_classes where ranking = ? order by hand_rank",
            [rule_set],
        ).fetchall()
        theirs = pokerkit_classes[rule_set]
        assert len(ours) == len(theirs) == 1404
        label = {"Royal Flush": "Straight flush"}
        assert [(k, f, r, label.get(c, c).capitalize()) for k, f, r, c in ours] == [
            (k, f, r, name.capitalize()) for k, f, r, name in theirs
        ], rule_set


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_short_deck_seven_cards_are_pokerkits_best_five(con, pokerkit_classes, rule_set):
    """200,000 random hands of 7 of the 36 cards: the lookup of 033/034 against the best of the
    21 fives of each, every five ranked by pokerkit's classes, in one query."""
    rng = np.random.default_rng(24 if rule_set == "shortdeck" else 2024)
    hands = np.argsort(rng.random((RANDOM_HANDS, 36)), axis=1)[:, :7].astype(np.int32) + 16  # card_id 16 = 6c
    theirs = pa_table(pokerkit_classes[rule_set])
    dealt = {"hand_no": np.arange(RANDOM_HANDS), **{f"c{i}": hands[:, i] for i in range(7)}}
    con.register("dealt", dealt)
    con.register("theirs", theirs)
    fives = " union all ".join(f"select {a}, {b}, {c}, {d}, {e}" for a, b, c, d, e in itertools.combinations(range(7), 5))
    rank_code = "cast(5 ** (c{} // 4) as bigint)"
    disagreements = con.execute(
        f"""
        with
            picks (p1, p2, p3, p4, p5) as ({fives}),
            dealt_lists as (select hand_no, [c0, c1, c2, c3, c4, c5, c6] as hand from dealt),
            their_best as (
                select dealt_lists.hand_no, min(theirs.hand_rank) as hand_rank
                from dealt_lists
                cross join picks
                inner join theirs
                    on theirs.rank_key = {' + '.join(f'cast(5 ** (hand[p{i} + 1] // 4) as bigint)' for i in range(1, 6))}
                    and theirs.is_flush = ({' and '.join(f'hand[p{i} + 1] % 4 = hand[p1 + 1] % 4' for i in range(2, 6))})::integer
                group by dealt_lists.hand_no
            ),
            summed as (
                select
                    hand_no,
                    ? as ranking,
                    {' + '.join(rank_code.format(i) for i in range(7))} as rank_key,
                    {' + '.join(f'(1 << (3 * (c{i} % 4)))' for i in range(7))} as suit_counts,
                    {' + '.join(f'(cast(1 as bigint) << (13 * (c{i} % 4) + c{i} // 4))' for i in range(7))} as card_mask
                from dealt
            ),
            ours as (select hand_no, hand_rank from short_deck_card_ranks('summed'))
        select their_best.hand_no, their_best.hand_rank, ours.hand_rank
        from their_best
        full join ours on ours.hand_no = their_best.hand_no
        where ours.hand_rank is distinct from their_best.hand_rank
        limit 5
        """,
        [rule_set],
    ).fetchall()
    assert disagreements == [], [(hands[h].tolist(), theirs_rank, ours_rank) for h, theirs_rank, ours_rank in disagreements]
    assert con.execute("select count(distinct c0 || ',' || c6) > 600 from dealt").fetchall()[0][0]  # dealt across the deck


def pa_table(rows):
    import pyarrow as pa

    return pa.table({
        "rank_key": [r[0] for r in rows],
        "is_flush": [r[1] for r in rows],
        "hand_rank": [r[2] for r in rows],
    })


@pytest.mark.parametrize("card_count", [5, 7])
def test_short_deck_counts_are_the_enumerations(con, card_count):
    reference = json.loads(SHORT_DECK_COUNTS.read_text(encoding="utf-8"))["five_card" if card_count == 5 else "seven_card"]
    view = "short_deck_five_card_frequencies" if card_count == 5 else "short_deck_seven_card_frequencies"
    rows = con.execute(f"select ranking, points, category, hands from {view}").fetchall()
    ours = {(ranking, points): (category, hands) for ranking, points, category, hands in rows}
    theirs = {
        (ranking, row["points"]): (row["category"], row["count"])
        for ranking, categories in reference.items()
        for row in categories
    }
    assert ours == theirs
    if card_count == 5:
        assert con.execute(f"select sum(distinct_ranks) from {view} group by ranking").fetchall() == [(1404,), (1404,)]


@pytest.mark.parametrize(("hole_cards", "hands"), [(4, RANDOM_HANDS), (5, 20_000), (6, 10_000)])
def test_omaha_is_phevaluators(con, hole_cards, hands):
    """Random Omaha hands, hole_cards each and a board of five, through omaha_ranks_of (034)
    against phevaluator: PLO4 its Omaha evaluator; PLO5 and PLO6 the best of it over every
    four of the hole cards."""
    rng = np.random.default_rng(1000 + hole_cards)
    dealt = np.argsort(rng.random((hands, 52)), axis=1)[:, : 5 + hole_cards].astype(np.int32)
    long = {
        "hand_no": np.repeat(np.arange(hands), 5 + hole_cards),
        "card_id": dealt.reshape(-1),
        "is_hole": np.tile(np.array([0] * 5 + [1] * hole_cards, dtype=np.int32), hands),
    }
    con.register("omaha_dealt", long)
    ours = dict(con.execute("select hand_no, hand_rank from omaha_ranks_of('omaha_dealt')").fetchall())
    wrong = []
    for hand_no, cards in enumerate(dealt.tolist()):
        board, hole = cards[:5], cards[5:]
        theirs = min(evaluate_omaha_cards(*board, *four) for four in itertools.combinations(hole, 4))
        if ours.get(hand_no) != theirs:
            wrong.append((board, hole, theirs, ours.get(hand_no)))
            if len(wrong) == 5:
                break
    assert wrong == []
    assert len(ours) == hands


def test_the_macros_of_other_games(con):
    rows = con.execute(
        """select
            omaha_rank('Ac Kc Qc Jc', '3c 9c 3h 9h 6h'),
            omaha_rank('As Ks 2d 3d 4h', 'Qs Js Ts'),
            omaha_rank('As Ks', 'Qs Js Ts'),
            omaha_rank('As Ks 2d 3d', 'Qs Js'),
            omaha_rank('As Ks 2d 3d', 'As Js Ts'),
            short_deck_rank('As Ks Qs Js Ts', 'shortdeck'),
            short_deck_rank('Ah 6c 7d 8s 9h', 'shortdeck'),
            short_deck_rank('Ah 6c 7d 8s 9h', 'shortdeck-triton'),
            short_deck_rank('Ah 5c 7d 8s 9h', 'shortdeck'),
            short_deck_rank('Ah 6c 7d 8s 9h', null)"""
    ).fetchall()
    assert rows == [(evaluate_omaha_cards("3c", "9c", "3h", "9h", "6h", "Ac", "Kc", "Qc", "Jc"), 1, None, None, None, 1, 276, 528, None, None)]
    # a column of random PLO4 hands through the scalar macro, against phevaluator
    rng = np.random.default_rng(7)
    dealt = np.argsort(rng.random((300, 52)), axis=1)[:, :9]
    text = [[NAMES[c // 4] + SUITS[c % 4] for c in hand] for hand in dealt.tolist()]
    con.register("typed", pa.table({"n": list(range(len(text))), "hole": [" ".join(t[5:]) for t in text], "board": [" ".join(t[:5]) for t in text]}))
    ours = con.execute("select omaha_rank(hole, board) from typed order by n").fetchall()
    assert [r for (r,) in ours] == [evaluate_omaha_cards(*t[:5], *t[5:]) for t in text]


PHEVALUATOR_EXAMPLES = Path(__file__).parent / "reference" / "phevaluator_omaha_examples.json"


def test_phevaluators_published_omaha_examples(con, run):
    """The examples of phevaluator's own tests (its sdist; their source in the file), through
    omaha_rank (PLO6's through eval --game too), and one hand given as ids and as text."""
    examples = json.loads(PHEVALUATOR_EXAMPLES.read_text(encoding="utf-8"))
    for row in examples["rows"]:
        assert con.execute("select omaha_rank(?, ?)", [row["hole"], row["board"]]).fetchone() == (row["hand_rank"],), row
    for row in examples["rows"][-2:]:  # PLO6, through the command line
        status, out, _ = run("eval", "--game", row["game"], row["hole"], "--board", row["board"], "--format", "json")
        assert (status, json.loads(out)["hand_rank"]) == (0, row["hand_rank"]), row
    same = examples["same_hand"]
    by_ids = evaluate_omaha_cards(*same["board_ids"], *same["hole_ids"])
    assert con.execute("select omaha_rank(?, ?)", [same["hole"], same["board"]]).fetchone() == (by_ids,)


PHEVALUATOR_ROWS = Path(__file__).parent / "reference" / "phevaluator_plo"


@pytest.mark.parametrize("game, hole_cards", [("plo4", 4), ("plo5", 5), ("plo6", 6)])
def test_phevaluators_published_plo_rows(con, game, hole_cards):
    """Rows of phevaluator's published PLO4/5/6 test files (tests/reference/phevaluator_plo,
    their source in its README): the board's five cards, then the hole cards, and phevaluator's
    rank; every row's omaha_rank is that rank, but for a row that holds a card twice (PLO5's
    row 55 has 3H on the board and in the hand, and phevaluator ranks it 2809): no hand, null."""
    rows = list(csv.reader((PHEVALUATOR_ROWS / f"{game}.csv").open(encoding="utf-8")))[1:]
    assert len(rows) == 60 and all(len(row) == 5 + hole_cards + 1 for row in rows)
    given = [
        (" ".join(row[5:-1]), " ".join(row[:5]), int(row[-1]) if len(set(row[:-1])) == len(row) - 1 else None)
        for row in rows
    ]
    assert sum(rank is None for _, _, rank in given) == {"plo4": 0, "plo5": 1, "plo6": 0}[game]
    wrong = con.execute(
        "with given as (select unnest(?) as row), ranked as ("
        " select row.hole, row.board, row.rank, omaha_rank(row.hole, row.board) as hand_rank from given)"
        " select * from ranked where hand_rank is distinct from rank",
        [[{"hole": hole, "board": board, "rank": rank} for hole, board, rank in given]],
    ).fetchall()
    assert wrong == [], wrong[:5]


# -- the command line -------------------------------------------------------------


def test_eval_compare_and_freq_take_a_game(run):
    status, out, _ = run("eval", "--game", "omaha", "As", "Ks", "Qd", "Jd", "--board", "Ts 9s 2c 7h 8s", "--format", "json")
    assert status == 0
    assert json.loads(out) == {
        "cards": ["As", "Ks", "Qd", "Jd", "Ts", "9s", "2c", "7h", "8s"], "best": ["As", "Ks", "Ts", "9s", "8s"],
        "points": 5, "category": "Flush", "hand_rank": evaluate_omaha_cards("Ts", "9s", "2c", "7h", "8s", "As", "Ks", "Qd", "Jd"),
    }
    # two spades in the hand, two on the board: no flush in Omaha
    status, out, _ = run("eval", "--game", "omaha5", "As", "Ks", "Qd", "Jd", "2s", "--board", "Ts 9s 2c 7h 8h", "--format", "json")
    assert (status, json.loads(out)["category"], json.loads(out)["best"]) == (0, "Straight", ["Qd", "Jd", "Ts", "9s", "8h"])
    winners = {}
    for game in RULE_SETS:
        status, out, _ = run("compare", "--game", game, "As 6c", "Kd Kh", "--board", "7d 8s 9h Ks Jc", "--format", "json")
        result = json.loads(out)
        winners[game] = result["winners"]
        assert result["hands"][0]["best"] == ["9h", "8s", "7d", "6c", "As"]  # the ace plays low
    assert winners == {"shortdeck": [1], "shortdeck-triton": [2]}
    status, out, _ = run("freq", "--game", "shortdeck-triton", "--format", "json")
    counted = json.loads(out)
    assert (counted["total"], counted["distinct_ranks"]) == (376_992, 1404)
    assert [c["category"] for c in counted["categories"]][4:7] == ["Full House", "Three of a Kind", "Straight"]
    assert all(c["count"] == c["expected"] for c in counted["categories"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["eval", "--game", "omaha5", "As Ks Qd Jd", "--board", "2c 3c 4c 5c 6c"], "omaha5: the hand needs 5 hole cards, got 4: As Ks Qd Jd"),
        (["eval", "--game", "shortdeck", "As Ks Qd Jd 5h"], "card '5h' is not in shortdeck's deck (36 cards, 6 through A)"),
        (["compare", "--game", "shortdeck-triton", "As Ks", "Qd Jd", "--board", "7c 8c 2h"], "card '2h' is not in shortdeck-triton's deck"),
        (["eval", "--game", "omaha", "As Ks Qd Jd", "--board", "2c 3c"], "omaha: the board needs 3, 4 or 5 cards, got 2: 2c 3c"),
        (["eval", "--game", "omaha6", "As Ks", "--board", "2c 3c 4c"], "omaha6: the hand needs 6 hole cards, got 2: As Ks"),
        (["compare", "--game", "omaha", "As Ks Qd Jd", "Ah Kh", "--board", "2c 3c 4c"], "omaha: hand 2 needs 4 hole cards, got 2: Ah Kh"),
        (["eval", "--game", "pineapple", "As Ks Qd Jd 5h"], "'pineapple' is not one of"),
        (["freq", "--game", "omaha"], "freq --game omaha: counts are for holdem, shortdeck and shortdeck-triton"),
        (["equity", "--game", "omaha", "AhAd", "KhKd"], "omaha: hand 1 needs 4 hole cards, got 2: Ah Ad"),
        (["equity", "--game", "omaha", "random", "random"], "omaha: every hand is random: give one hand's hole cards"),
        (["equity", "--game", "omaha", "As Ks Qd Jd", "random", "--exact"], "equity --game omaha: exact equity of a random hand would rank 211,315,436,640 deals, more than 10,000,000"),
        (["equity", "--game", "omaha6", "As Ks Qd Jd Th 9h", *["random"] * 7], "omaha6: 8 hands, 0 board cards and the dead cards leave 46 cards, 47 are needed"),
        (["equity", "--game", "omaha", "As Ks Qd Jd", "QQ+,AKs"], "omaha: hand 2 'QQ+,AKs' is not cards: ranges are Hold'em's only for now"),
        (["equity", "--game", "shortdeck", "As Ks", "random", "random", "--exact"], "equity --game shortdeck: exact equity counts one random hand, got 2: use --trials"),
        (["equity", "--game", "omaha", "As Ks Qd Jd", "2c 3c 4c 5c", "--board", "7h 8h 9h", "--by-combo"], "equity --game omaha: --by-combo is Hold'em's only"),
        (["equity", "--game", "shortdeck", "As Ks", "Qh Qd", "--dead", "2c"], "card '2c' is not in shortdeck's deck"),
        (["deal", "--players", "8", "--game", "omaha6"], "deal --game omaha6: 8 players of 6 hole cards and a board of 5 need 53 cards, the deck holds 52"),
        (["deal", "--players", "10", "--game", "omaha5"], "deal --game omaha5: 10 players of 5 hole cards"),
        (["simulate", "--deals", "2", "--players", "8", "--game", "omaha6"], "simulate --game omaha6: 8 players of 6 hole cards and a board of 5 need 53 cards"),
        (["simulate", "--deals", "2", "--players", "10", "--game", "omaha5"], "simulate --game omaha5: 10 players of 5 hole cards and a board of 5 need 55 cards"),
        (["simulate", "--deals", "2", "--game", "omaha", "--plot", "x.png"], "simulate --game omaha --plot: Omaha's best hands have no exact probability to plot"),
    ],
)
def test_bad_input_of_a_game_is_one_line_naming_the_value_and_the_game(run, args, message):
    status, out, err = run(*args)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and message in err, err


FILE_HANDS = 120  # rows per game of the file below


def card_text(cards: list[int]) -> str:
    return " ".join(NAMES[c // 4] + SUITS[c % 4] for c in cards)


def test_eval_file_takes_a_game(run, tmp_path, pokerkit_classes):
    """eval --file --game: a CSV of random hands per game, each row's hand_rank the peers':
    Omaha ('hole' and 'board', boards of 3 to 5) the best of phevaluator's five-card ranks
    over every two hole cards with every three of the board; short deck ('cards', 5 to 7 of the 36 cards) the best of its fives by
    pokerkit's classes. The file's other columns come first, in the file's order."""
    rng = np.random.default_rng(2424)
    for game, hole_cards in [("omaha", 4), ("omaha5", 5), ("omaha6", 6), *[(rule_set, 0) for rule_set in RULE_SETS]]:
        lowest = 16 if hole_cards == 0 else 0  # short deck: 6c and up
        rows, expected = [], []
        for number in range(FILE_HANDS):
            size = 5 + number % 3
            cards = (rng.permutation(52 - lowest)[: hole_cards + size] + lowest).tolist()
            if hole_cards:
                hole, board = cards[:hole_cards], cards[hole_cards : hole_cards + size - 2]
                rows.append(f"{number},{card_text(hole)},{card_text(board)}")
                expected.append(min(
                    evaluate_cards(*pair, *triple)
                    for pair in itertools.combinations(hole, 2)
                    for triple in itertools.combinations(board, 3)
                ))
            else:
                ranks = {(key, flush): rank for key, flush, rank, _ in pokerkit_classes[game]}
                rows.append(f"{number},{card_text(cards)}")
                expected.append(min(
                    ranks[sum(5 ** (c // 4) for c in five), int(len({c % 4 for c in five}) == 1)]
                    for five in itertools.combinations(cards, 5)
                ))
        path = tmp_path / f"{game}.csv"
        path.write_text(("hand_id,hole,board\n" if hole_cards else "hand_id,cards\n") + "\n".join(rows) + "\n")
        status, out, err = run("eval", "--file", str(path), "--game", game, "--format", "json")
        assert (status, err) == (0, ""), err
        results = [json.loads(line) for line in out.splitlines()]
        assert [r["hand_id"] for r in results] == [str(n) for n in range(FILE_HANDS)]
        ours = [r["hand_rank"] for r in results]
        assert ours == expected, game
        assert len(set(ours)) > FILE_HANDS // 2  # hands of every kind, not one repeated


def test_a_bad_row_of_a_games_file_is_one_line_naming_it_and_the_game(run, tmp_path, db_file):
    import pokersql

    omaha = tmp_path / "omaha.csv"
    omaha.write_text("hand_id,hole,board\n1,As Ks Qd Jd,Ts 9s 2c\n2,Ah Kh,Ts 9s 2c\n")
    short = tmp_path / "short.csv"
    short.write_text("cards\nAs Ks Qd Jd 9h\nAs Ks Qd Jd 5h\n")
    cases = [
        (["--file", str(omaha), "--game", "omaha"], "omaha.csv line 3: omaha: the hand needs 4 hole cards, got 2: Ah Kh"),
        (["--file", str(short), "--game", "shortdeck"], "short.csv line 3: card '5h' is not in shortdeck's deck"),
        (["--file", str(short), "--game", "omaha5"], "omaha5: " + str(short) + " has no column 'hole'; its columns: cards"),
        (["--file", str(omaha), "--game", "omaha", "--board", "2c 3c 4c"], "--board goes with the cards of one hand, not with --file"),
    ]
    for args, message in cases:
        status, out, err = run("eval", *args)
        assert (status, out, err.count("\n")) == (2, "", 1) and message in err, err
    with pokersql.connect(db_file) as db, pytest.raises(pokersql.BadInput, match="omaha: the hands need 'hole' and 'board' columns"):
        db.evaluate_many(["As Ks Qd Jd Ts 9s 2c"], game="omaha")


def test_the_games_are_the_sql_table_and_the_counts_the_reference(con):
    from pokersql.counts import SHORT_DECK_SEVEN_CARD_COUNTS, short_deck_five_card_counts
    from pokersql.games import GAMES

    rows = con.execute("select game, ranking, lowest_value, hole_cards, hole_cards_played from games order by game").fetchall()
    assert rows == sorted((g.name, g.ranking, g.lowest_value, g.hole_cards, g.hole_cards_played) for g in GAMES.values())
    reference = json.loads(SHORT_DECK_COUNTS.read_text(encoding="utf-8"))
    for ranking in RULE_SETS:
        assert {r["points"]: r["count"] for r in reference["five_card"][ranking]} == short_deck_five_card_counts()
        assert {r["points"]: r["count"] for r in reference["seven_card"][ranking]} == SHORT_DECK_SEVEN_CARD_COUNTS[ranking]


# -- exact equity -------------------------------------------------------------------

EQUITY_CASES = [  # (game, players, board cards dealt): heads-up and three-way, a flop or a turn
    (game, players, board)
    for game in ("omaha", "omaha5", "omaha6", "shortdeck", "shortdeck-triton")
    for players, board in ((2, 3), (3, 3), (4, 3), (5, 3), (6, 3), (2, 4), (3, 4), (4, 4), (5, 4), (6, 4))
]


def exhaustive_equity(
    game: str, holes: list[list[int]], board: list[int], short_deck_ranks: dict | None, dead: list[int] = ()
) -> list[float]:
    """Every runout counted by an outside evaluator: phevaluator's Omaha (the best of its PLO4
    over every four hole cards), or pokerkit's short-deck classes (its lookup, in the rule
    set's order) over every five of the seven cards."""
    lowest = 16 if short_deck_ranks is not None else 0
    used = {c for hole in holes for c in hole} | set(board) | set(dead)
    deck = [c for c in range(lowest, 52) if c not in used]
    shares = [0.0] * len(holes)
    runouts = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        full = board + list(rest)
        if short_deck_ranks is None:
            ranks = [min(evaluate_omaha_cards(*full, *four) for four in itertools.combinations(hole, 4)) for hole in holes]
        else:
            ranks = [
                min(
                    short_deck_ranks[(sum(5 ** (c // 4) for c in five), int(len({c % 4 for c in five}) == 1))]
                    for five in itertools.combinations(hole + full, 5)
                )
                for hole in holes
            ]
        best = min(ranks)
        winners = [i for i, r in enumerate(ranks) if r == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        runouts += 1
    return [s / runouts for s in shares]


@pytest.mark.parametrize(("game", "players", "board_cards"), EQUITY_CASES)
def test_exact_equity_is_the_peers_exhaustive_count(con, run, pokerkit_classes, game, players, board_cards):
    from pokersql.games import GAMES

    rules = GAMES[game]
    rng = np.random.default_rng(sum(map(ord, game)) * 10 + players + board_cards)
    lowest = 16 if rules.lowest_value == 6 else 0
    dealt = (rng.permutation(52 - lowest) + lowest)[: players * rules.hole_cards + board_cards].tolist()
    holes = [dealt[i * rules.hole_cards : (i + 1) * rules.hole_cards] for i in range(players)]
    board = dealt[players * rules.hole_cards :]
    names = lambda cards: " ".join(NAMES[c // 4] + SUITS[c % 4] for c in cards)  # noqa: E731
    status, out, err = run("equity", "--game", game, *(names(h) for h in holes), "--board", names(board), "--format", "json")
    assert status == 0, err
    ours = [p["equity"] for p in json.loads(out)["players"]]
    ranks = None
    if rules.lowest_value == 6:
        ranks = {(key, flush): rank for key, flush, rank, _ in pokerkit_classes[game]}
    assert ours == pytest.approx(exhaustive_equity(game, holes, board, ranks), abs=1e-12), (holes, board)


def deal_a_spot(game: str, players: int, board_cards: int, dead_cards: int, seed: int) -> tuple[list[list[int]], list[int], list[int]]:
    """Random hole cards of each player, a board and dead cards, from the game's deck."""
    from pokersql.games import GAMES

    rules = GAMES[game]
    lowest = 16 if rules.lowest_value == 6 else 0
    dealt = (np.random.default_rng(seed).permutation(52 - lowest) + lowest).tolist()
    holes = [dealt[i * rules.hole_cards : (i + 1) * rules.hole_cards] for i in range(players)]
    rest = dealt[players * rules.hole_cards :]
    return holes, rest[:board_cards], rest[board_cards : board_cards + dead_cards]


def card_text(cards: list[int]) -> str:
    return " ".join(NAMES[c // 4] + SUITS[c % 4] for c in cards)


def short_deck_ranks_of(pokerkit_classes: dict, game: str) -> dict | None:
    return {(key, flush): rank for key, flush, rank, _ in pokerkit_classes[game]} if game in RULE_SETS else None


@pytest.mark.parametrize(("game", "players", "dead_cards"), [("omaha", 2, 30), ("omaha5", 3, 23), ("shortdeck", 2, 18), ("shortdeck-triton", 3, 16)])
def test_exact_equity_before_the_flop_is_the_peers_exhaustive_count(run, pokerkit_classes, game, players, dead_cards):
    """Before the flop (Omaha: every board ranked by its ten triples, omaha_board_ranks), with enough dead
    cards that 14 or 15 are left, every five of them a board (2,002 or 3,003): against
    phevaluator or pokerkit, every board counted."""
    holes, _, dead = deal_a_spot(game, players, 0, dead_cards, seed=len(game) * 100 + players)
    status, out, err = run("equity", "--game", game, *(card_text(h) for h in holes), "--dead", card_text(dead), "--format", "json")
    assert status == 0, err
    result = json.loads(out)
    theirs = exhaustive_equity(game, holes, [], short_deck_ranks_of(pokerkit_classes, game), dead)
    assert [p["equity"] for p in result["players"]] == pytest.approx(theirs, abs=1e-12), (holes, dead)
    assert result["exact"] and result["boards"] in (2002, 3003)


# -- Monte Carlo ---------------------------------------------------------------------

ALL_GAMES = ("omaha", "omaha5", "omaha6", "shortdeck", "shortdeck-triton")


@pytest.mark.parametrize("game", ALL_GAMES)
def test_monte_carlo_lands_within_four_standard_errors_and_its_slices_add_up(db_file, game):
    """Seeded Monte Carlo on a flop, three players: each equity within 4 standard errors of the
    exact count (itself the peers', above); the same seed in slices of 7,000 trials, the same
    counts as in one run."""
    import pokersql

    holes, board, _ = deal_a_spot(game, 3, 3, 0, seed=len(game) + 24)
    hands = [card_text(h) for h in holes]
    with pokersql.connect(db_file) as db:
        exact = db.equity(*hands, board=card_text(board), game=game)
        drawn = db.equity(*hands, board=card_text(board), game=game, trials=20_000, seed=24)
        sliced = db.equity(*hands, board=card_text(board), game=game, trials=20_000, seed=24, slice_trials=7_000)
    assert (drawn.exact, drawn.seed, drawn.boards) == (False, 24, 20_000)
    assert [(p.wins, p.ties, p.equity) for p in sliced.players] == [(p.wins, p.ties, p.equity) for p in drawn.players]
    for known, estimate in zip(exact.players, drawn.players):
        assert 0 < estimate.std_error < 0.005
        assert abs(estimate.equity - known.equity) <= 4 * estimate.std_error, (hands, known.equity, estimate.equity)


@pytest.mark.parametrize("game", RULE_SETS)
def test_a_random_short_deck_opponent_by_monte_carlo_is_the_exhaustive_count(run, pokerkit_classes, game):
    """A random opponent on the river: drawn from the 36-card deck by Monte Carlo, within 4
    standard errors of every opponent's hand counted with pokerkit's classes (a card below
    6 drawn would move it far off: 16 of 45 cards)."""
    holes, board, _ = deal_a_spot(game, 1, 5, 0, seed=len(game))
    status, out, err = run("equity", "--game", game, card_text(holes[0]), "random", "--board", card_text(board),
                           "--trials", "20000", "--seed", "7", "--format", "json")
    assert status == 0, err
    drawn = json.loads(out)["players"]
    ranks = short_deck_ranks_of(pokerkit_classes, game)
    deck = [c for c in range(16, 52) if c not in holes[0] + board]
    best = lambda cards: min(ranks[(sum(5 ** (c // 4) for c in f), int(len({c % 4 for c in f}) == 1))] for f in itertools.combinations(cards, 5))  # noqa: E731
    mine = best(holes[0] + board)
    shares = [1.0 if mine < best(list(pair) + board) else 0.5 if mine == best(list(pair) + board) else 0.0 for pair in itertools.combinations(deck, 2)]
    theirs = sum(shares) / len(shares)
    assert drawn[1]["range"] == "random" and drawn[1]["combos"] == len(shares)
    assert abs(drawn[0]["equity"] - theirs) <= 4 * drawn[0]["std_error"], (drawn, theirs)


def omaha_rank(hole: list[int], board: list[int]) -> int:
    """phevaluator's Omaha hand_rank: its PLO4 evaluator, the best of it over every four hole cards."""
    return min(evaluate_omaha_cards(*board, *four) for four in itertools.combinations(hole, 4))


def exhaustive_random_omaha_equity(holes: list[list[int] | None], board: list[int], dead: list[int], hole_cards: int) -> list[float]:
    """Every board still to come and every hand of each random player (None in holes), dealt
    in turn from the cards left, each deal counted once, ranked by phevaluator."""
    used = {c for hole in holes if hole for c in hole} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    randoms = [n for n, hole in enumerate(holes) if hole is None]
    shares = [0.0] * len(holes)
    deals = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        full = board + list(rest)
        left = [c for c in deck if c not in rest]
        ranks = [omaha_rank(hole, full) if hole else 0 for hole in holes]
        drawn = {hand: omaha_rank(list(hand), full) for hand in itertools.combinations(left, hole_cards)}

        def deal(depth: int, held: frozenset) -> None:
            nonlocal deals
            if depth == len(randoms):
                best = min(ranks)
                winners = [n for n, r in enumerate(ranks) if r == best]
                for n in winners:
                    shares[n] += 1 / len(winners)
                deals += 1
                return
            for hand in itertools.combinations([c for c in left if c not in held], hole_cards):
                ranks[randoms[depth]] = drawn[hand]
                deal(depth + 1, held | set(hand))

        deal(0, frozenset())
    return [share / deals for share in shares]


# (game, the seats: "known" or "random", board cards, cards left in the deck, the seed of the
# spot): with dead cards so few are left that every deal is counted in a second
RANDOM_OMAHA_SPOTS = [
    ("omaha", ("known", "random"), 3, 16, 38),
    ("omaha5", ("known", "random", "known"), 3, 14, 45),
    ("omaha6", ("random", "known", "random"), 4, 14, 3),
    ("omaha", ("random", "known"), 0, 13, 3),
]


@pytest.mark.parametrize(("game", "seats", "board_cards", "left", "seed"), RANDOM_OMAHA_SPOTS)
def test_random_omaha_opponents_by_monte_carlo_are_the_exhaustive_count(run, game, seats, board_cards, left, seed):
    """Random Omaha players (four to six hole cards drawn in each trial, 020, and ranked with
    the trial's board, omaha_random_monte_carlo_equity): each equity within 4 standard errors
    of phevaluator's count of every deal; --exact equal to it with one random PLO4 hand (039),
    refused in one line for PLO5, PLO6 and two random hands."""
    from pokersql.games import GAMES

    known = seats.count("known")
    hole_cards = GAMES[game].hole_cards
    dead_cards = 52 - known * hole_cards - board_cards - left
    spot, board, dead = deal_a_spot(game, known, board_cards, dead_cards, seed)
    dealt = iter(spot)
    holes = [next(dealt) if seat == "known" else None for seat in seats]
    hands = [card_text(hole) if hole else "random" for hole in holes]
    args = ("equity", "--game", game, *hands, "--board", card_text(board), "--dead", card_text(dead))
    status, out, err = run(*args, "--trials", "10000", "--seed", "24", "--format", "json")
    assert status == 0, err
    drawn = json.loads(out)
    assert (drawn["exact"], drawn["seed"], drawn["boards"]) == (False, 24, 10_000)
    theirs = exhaustive_random_omaha_equity(holes, board, dead, hole_cards)
    for hole, player, equity in zip(holes, drawn["players"], theirs):
        assert player.get("range") == (None if hole else "random")
        assert 0 < player["std_error"] < 0.006, (game, holes, drawn["players"])
        assert abs(player["equity"] - equity) <= 4 * player["std_error"], (game, holes, drawn["players"], theirs)
    assert sum(p["equity"] for p in drawn["players"]) == pytest.approx(1)
    status, out, err = run(*args, "--exact", "--format", "json")
    if game == "omaha" and seats.count("random") == 1:  # one random PLO4 hand, few deals: every deal counted (039)
        assert status == 0, err
        assert [p["equity"] for p in json.loads(out)["players"]] == pytest.approx(theirs, abs=1e-12)
    else:  # PLO5, PLO6, two random hands: refused
        assert (status, out) == (2, "") and err.count("\n") == 1 and "random" in err and game in err, err


def test_the_most_random_omaha_hands_the_deck_holds_are_dealt_in_every_trial(run):
    """PLO6, one known hand and six random ones before the flop: 47 of the 52 cards in each
    trial, every trial dealt (a hand and the board drawn a pair at a time, 020: drawn whole,
    a fifth of the trials found no cards left within 10,000 attempts)."""
    status, out, err = run("equity", "--game", "omaha6", "As Ks Qs Jd 2c 2d", *["random"] * 6, "--trials", "500", "--seed", "1", "--format", "json")
    assert status == 0, err
    drawn = json.loads(out)
    assert drawn["boards"] == 500 and [p["combos"] for p in drawn["players"][1:]] == [math.comb(46, 6)] * 6
    assert sum(p["equity"] for p in drawn["players"]) == pytest.approx(1)


# -- deals ---------------------------------------------------------------------------

def deck_of_the_deal(con, seed: int) -> list[int]:
    """Hold'em's deck of deal 1 of the seed, top first (shuffle_and_deal, 003), uniform shuffle."""
    con.begin()
    con.execute("update deal_settings set seed = ?, players = 2, deals = 1, shuffle = 'uniform', first_deal = 1", [seed])
    deck = [card for (card,) in con.execute("select card_id from shuffle_and_deal where deal_no = 1 order by deck_position").fetchall()]
    con.rollback()
    return deck


@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_deal_of_a_game_is_hold_ems_deck_ranked_by_the_peers(con, run, pokerkit_classes, game):
    """deal --game: Hold'em's deck of the same seed (the cards below the game's lowest value taken
    out), each player's hole cards from its top (in blocks or round-robin), then a board of five;
    each player's hand_rank phevaluator's (Omaha) or pokerkit's classes' best of 21 (short
    deck), the places and winners theirs; the JSON has the contract's deal shape."""
    from test_contract import SHAPES, check

    from pokersql.games import GAMES

    rules = GAMES[game]
    ranks = short_deck_ranks_of(pokerkit_classes, game)
    most = min(10, (52 - 16 * (rules.lowest_value == 6) - 5) // rules.hole_cards)
    for seed, players, order in ((len(game), 2, "blocks"), (2024, most, "round-robin")):
        status, out, err = run("deal", "--game", game, "--players", str(players), "--seed", str(seed), "--order", order, "--format", "json")
        assert status == 0, err
        dealt = json.loads(out)
        check(dealt, SHAPES["deal"])
        deck = [c for c in deck_of_the_deal(con, seed) if c // 4 + 2 >= rules.lowest_value]
        k = rules.hole_cards
        if order == "blocks":
            holes = [deck[n * k : (n + 1) * k] for n in range(players)]
        else:
            holes = [deck[n : players * k : players] for n in range(players)]
        board = deck[players * k : players * k + 5]
        assert (dealt["game"], dealt["seed"], dealt["order"], dealt["board"]) == (game, seed, order, card_text(board).split())
        assert [p["cards"] for p in dealt["players"]] == [card_text(hole).split() for hole in holes]
        if ranks is None:
            theirs = [omaha_rank(hole, board) for hole in holes]
        else:
            theirs = [
                min(ranks[(sum(5 ** (c // 4) for c in five), int(len({c % 4 for c in five}) == 1))] for five in itertools.combinations(hole + board, 5))
                for hole in holes
            ]
        assert [p["hand_rank"] for p in dealt["players"]] == theirs, (game, seed, holes, board)
        assert [p["place"] for p in dealt["players"]] == [1 + sum(other < mine for other in theirs) for mine in theirs]
        assert dealt["winners"] == [n for n, mine in enumerate(theirs, start=1) if mine == min(theirs)]
        for player in dealt["players"]:
            assert len(player["best"]) == 5 and set(player["best"]) <= set(player["cards"]) | set(dealt["board"])
            if rules.plays_hole_cards:
                assert len(set(player["best"]) & set(player["cards"])) == 2


# -- the other engines: the same SQL, the same answers --------------------------------

# (hands, keyword arguments of Database.equity): small spots, exact and Monte Carlo (every
# engine draws the same trials from the same seed); tests/test_postgres.py reads them too.
GAME_SPOTS = [
    (("Ah Ad Kc Qc", "Js Ts 9d 8d"), {"board": "2h 7h Qd 3s", "game": "omaha"}),
    (("As Ks Qh Jh Td", "9c 9d 8h 8s 2c", "Ac Kd 7h 6s 5d"), {"board": "2h 7c Qd 3s", "game": "omaha5"}),
    (("As Ks", "Qh Qd", "9c Tc"), {"board": "6c 7c 8h", "game": "shortdeck-triton"}),
    (("Ah Ad Kc Qc", "Js Ts 9d 8d", "7s 6s 5c 4c"), {"board": "2h 7h Qd Jc", "game": "omaha", "trials": 200, "seed": 3}),
    (("As Ks", "random"), {"board": "6c 7c 8h 9s", "game": "shortdeck", "trials": 200, "seed": 3}),
    (("random", "Ah Ad Kc Qc Js 2d"), {"board": "2h 7h Qd Jc", "game": "omaha6", "trials": 200, "seed": 3}),
    (("Ah Ad Kc Qc", "random"), {"board": "2h 7h Qd 3s 9c", "game": "omaha", "exact": True}),
    (("As Ks", "random"), {"board": "6c 7c 8h 9s", "game": "shortdeck", "exact": True}),
    (("Ah Ad Kc Qc", "Js Ts 9d 8d"), {"board": "2h 7h Qd 3s", "game": "omaha", "next_street": True}),
    (("As Ks", "Qh Qd"), {"board": "6c 7c 8h", "game": "shortdeck-triton", "next_street": True}),
]


def game_counts(db) -> list:
    """The counts of GAME_SPOTS' equities, two deals of other games (the view game_deals) and
    two simulations (game_deal_frequencies) and two showdowns."""
    results = [db.equity(*hands, **options) for hands, options in GAME_SPOTS]
    equities = [[(p.wins, p.ties, p.equity) for p in r.players] + [(c.card, c.leaders, c.equity) for c in r.next_street or []] for r in results]
    deals = [db.deal(3, 42, order="round-robin", game="omaha6").to_dict(), db.deal(4, 7, game="shortdeck").to_dict()]
    simulated = [db.simulate(30, 2, 5, game=game).to_dict() for game in ("omaha5", "shortdeck-triton")]
    showdowns = [db.showdown(pa.table(hands), game=game).to_dict() for game, hands in GAME_SHOWDOWNS.items()]
    return equities + deals + simulated + showdowns


GAME_SHOWDOWNS = {  # showdown --game's tables (hand_id, seat, hole, board)
    "omaha": {"hand_id": [1, 1, 2, 2], "seat": [1, 2, 1, 2], "hole": ["Ah Kh Qd Jd", "Qs Qc 9d 8d", "As Ks Qs Js", "Ad Kd Qc Jc"],
              "board": ["2c 7d 9s Jh Th", "2c 7d 9s Jh Th", "2h 3h 4h", "2h 3h 4h"]},
    "shortdeck": {"hand_id": [1, 1], "seat": [1, 2], "hole": ["Ah Kh", "6s 8s"], "board": ["6c 7d 9s Jh Th"] * 2},
}


GAME_FILE = {  # a frame of each game's hands for evaluate_many (SQLite: the temporary relation, not DuckDB's pass)
    "omaha": {"hole": ["As Ks Qd Jd", "Ah Kh Qd 2s"], "board": ["Ts 9s 2c 7h 8s", "Ts 9s 2c"]},
    "shortdeck-triton": {"cards": ["As 6c 7d 8s 9h Kd Kh", "Ah Kh Qh 6h 9h 9c 9d"]},
}


def test_other_games_equity_on_sqlite_is_duckdbs(built_database):
    import pokersql

    with pokersql.connect(built_database("sqlite"), engine="sqlite") as lite, pokersql.connect(built_database("duckdb")) as duck:
        assert game_counts(lite) == game_counts(duck)
        for game, frame in GAME_FILE.items():
            hands = pa.table(frame)
            assert [r.to_dict() for r in lite.evaluate_many(hands, game=game)] == [r.to_dict() for r in duck.evaluate_many(hands, game=game)]
            singles = [duck.evaluate(row.get("hole") or row["cards"], board=row.get("board", ""), game=game) for row in hands.to_pylist()]
            assert [r.hand_rank for r in lite.evaluate_many(hands, game=game)] == [r.hand_rank for r in singles]


# -- simulate --game -------------------------------------------------------------------

# phevaluator's hand_rank (pokersql's, of 7,462 classes) -> points: the last rank of each category
PHEVALUATOR_CATEGORIES = ((1, 9), (10, 8), (166, 7), (322, 6), (1599, 5), (1609, 4), (2467, 3), (3325, 2), (6185, 1), (7462, 0))
POKERKIT_POINTS = {Label.STRAIGHT_FLUSH.value: 8, Label.FOUR_OF_A_KIND.value: 7, Label.FULL_HOUSE.value: 6, Label.FLUSH.value: 5,
                   Label.STRAIGHT.value: 4, Label.THREE_OF_A_KIND.value: 3, Label.TWO_PAIR.value: 2, Label.ONE_PAIR.value: 1,
                   Label.HIGH_CARD.value: 0}


def decks_of_the_deals(con, seed: int, deals: int) -> list[list[int]]:
    """Hold'em's deck of each of ``deals`` deals of the seed, top first (shuffle_and_deal, 003)."""
    con.begin()
    con.execute("update deal_settings set seed = ?, players = 2, deals = ?, shuffle = 'uniform', first_deal = 1", [seed, deals])
    rows = con.execute("select deal_no, card_id from shuffle_and_deal order by deal_no, deck_position").fetchall()
    con.rollback()
    decks: list[list[int]] = [[] for _ in range(deals)]
    for deal_no, card in rows:
        decks[deal_no - 1].append(card)
    return decks


@pytest.mark.parametrize("game, players", [("omaha", 3), ("omaha6", 2), ("shortdeck", 4), ("shortdeck-triton", 3)])
def test_simulate_of_a_game_counts_the_peers_categories_of_the_same_deals(con, run, db_file, pokerkit_classes, game, players):
    """simulate --game: each player's best hand of Hold'em's deck of each deal of the seed (the
    game's deck, dealt in blocks, as deal --game deals it), its category phevaluator's (Omaha)
    or pokerkit's classes' (short deck), counted; every category of the game's ranking, best
    first; short deck's exact probability its seven-card count over C(36, 7), Omaha's none; the
    same counts in other slices; the contract's simulate shape, with the game."""
    import pokersql
    from test_contract import SHAPES, check

    from pokersql.counts import SHORT_DECK_SEVEN_CARD_COUNTS
    from pokersql.games import GAMES

    rules, deals, seed = GAMES[game], 150, 11
    status, out, err = run("simulate", "--game", game, "--deals", str(deals), "--players", str(players), "--seed", str(seed), "--format", "json")
    assert status == 0, err
    result = json.loads(out)
    theirs = dict.fromkeys(range(10), 0)
    classes = {(key, flush): (rank, label) for key, flush, rank, label in pokerkit_classes.get(game, [])}
    k = rules.hole_cards
    for deck in decks_of_the_deals(con, seed, deals):
        deck = [c for c in deck if c // 4 + 2 >= rules.lowest_value]
        board = deck[players * k : players * k + 5]
        for hole in (deck[n * k : (n + 1) * k] for n in range(players)):
            if rules.plays_hole_cards:
                rank = omaha_rank(hole, board)
                points = next(points for last, points in PHEVALUATOR_CATEGORIES if rank <= last)
            else:
                rank, label = min(
                    classes[(sum(5 ** (c // 4) for c in five), int(len({c % 4 for c in five}) == 1))]
                    for five in itertools.combinations(hole + board, 5)
                )
                points = 9 if rank == 1 else POKERKIT_POINTS[label]
            theirs[points] += 1
    assert {c["points"]: c["count"] for c in result["categories"]} == theirs
    assert (result["game"], result["hands"], sum(theirs.values())) == (game, deals * players, deals * players)
    # Omaha's null expected_probability and z: checked below, the rest of the shape here
    shaped = [{key: 0.0 if value is None else value for key, value in c.items()} for c in result["categories"]]
    check(result | {"categories": shaped}, SHAPES["simulate"])
    order = [c["points"] for c in result["categories"]]
    if rules.plays_hole_cards:
        assert order == list(range(9, -1, -1))
        assert all(c["expected_probability"] is None and c["z"] is None for c in result["categories"])
    else:
        assert order[3:5] == [5, 6] and order[5:7] == ([4, 3] if game == "shortdeck" else [3, 4])
        counts = SHORT_DECK_SEVEN_CARD_COUNTS[game]
        assert [c["expected_probability"] for c in result["categories"]] == [counts[p] / math.comb(36, 7) for p in order]
    with pokersql.connect(db_file) as db:
        sliced = db.simulate(deals, players, seed, game=game, slice_deals=40).to_dict()
    assert sliced == result


# -- showdown --game -------------------------------------------------------------------

@pytest.mark.parametrize("game", ALL_GAMES)
def test_showdown_of_a_game_is_the_peers_ranking(run, tmp_path, pokerkit_classes, game):
    """showdown --game: random hands of 2 to 5 players (Omaha boards of 3 to 5 cards, short deck
    from its 36), each player's hand_rank phevaluator's (Omaha) or pokerkit's classes' best of
    the fives (short deck); places, shares and winners theirs; the contract's showdown shape."""
    from test_contract import SHAPES, check

    from pokersql.games import GAMES

    rules = GAMES[game]
    ranks = short_deck_ranks_of(pokerkit_classes, game)
    rng = np.random.default_rng(len(game))
    deck = [c for c in range(52) if c // 4 + 2 >= rules.lowest_value]
    rows, expected = ["hand_id,seat,hole,board"], []
    for hand_id in range(1, 41):
        players = int(rng.integers(2, 6))
        board_size = int(rng.integers(3, 6)) if rules.plays_hole_cards else 5
        cards = [int(c) for c in rng.permutation(deck)[: players * rules.hole_cards + board_size]]
        board = cards[players * rules.hole_cards :]
        holes = [cards[n * rules.hole_cards : (n + 1) * rules.hole_cards] for n in range(players)]
        for seat, hole in enumerate(holes, start=1):
            rows.append(f"{hand_id},{seat},{card_text(hole)},{card_text(board)}")
        if ranks is None:
            theirs = [omaha_rank(hole, board) if len(board) == 5 else omaha_board_rank(hole, board) for hole in holes]
        else:
            theirs = [
                min(ranks[(sum(5 ** (c // 4) for c in five), int(len({c % 4 for c in five}) == 1))] for five in itertools.combinations(hole + board, 5))
                for hole in holes
            ]
        expected.append(theirs)
    path = tmp_path / "hands.csv"
    path.write_text("\n".join(rows) + "\n")
    status, out, err = run("showdown", "--file", str(path), "--game", game, "--format", "json")
    assert status == 0, err
    hands = [json.loads(line) for line in out.splitlines()]
    assert len(hands) == len(expected)
    for hand, theirs in zip(hands, expected):
        check(hand, SHAPES["showdown"])
        assert [p["hand_rank"] for p in hand["players"]] == theirs, hand
        best = min(theirs)
        assert [p["place"] for p in hand["players"]] == [1 + sum(other < mine for other in theirs) for mine in theirs]
        assert [p["share"] for p in hand["players"]] == [1 / theirs.count(best) if mine == best else 0.0 for mine in theirs]
        assert hand["winners"] == [str(n) for n, mine in enumerate(theirs, start=1) if mine == best]
        for player in hand["players"]:
            assert len(player["best"]) == 5 and set(player["best"]) <= set(player["hole"]) | set(hand["board"])
            if rules.plays_hole_cards:
                assert len(set(player["best"]) & set(player["hole"])) == 2


def omaha_board_rank(hole: list[int], board: list[int]) -> int:
    """phevaluator's Omaha hand_rank on a board of 3 or 4 (its Omaha evaluator takes five board
    cards): the best of its five-card evaluate_cards over every two hole cards and three of the board."""
    return min(
        evaluate_cards(*pair, *three) for pair in itertools.combinations(hole, 2) for three in itertools.combinations(board, 3)
    )


@pytest.mark.parametrize(
    "game, row, message",
    [
        ("omaha5", "1,1,As Ks Qd Jd,2c 7d 9s", "line 2: omaha5: seat 1 needs 5 hole cards, got 4: As Ks Qd Jd"),
        ("omaha", "1,1,As Ks,2c 7d 9s", "line 2: omaha: seat 1 needs 4 hole cards, got 2: As Ks"),
        ("omaha", "1,1,As Ks Qd Jd,2c 7d", "line 2: omaha: the board needs 3, 4 or 5 cards, got 2: 2c 7d"),
        ("shortdeck-triton", "1,1,As 5s,6c 7d 9s Jh Th", "line 2: card '5s' is not in shortdeck-triton's deck (36 cards, 6 through A)"),
    ],
)
def test_bad_input_of_a_games_showdown_is_one_line_naming_the_value_and_the_game(run, tmp_path, game, row, message):
    path = tmp_path / "hands.csv"
    path.write_text(f"hand_id,seat,hole,board\n{row}\n1,2,Th 9h 8h 7h 6h 2h,2c 7d 9s\n")
    status, out, err = run("showdown", "--file", str(path), "--game", game)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and message in err, err
