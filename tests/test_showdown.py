"""Issue 21: `pokersql showdown --file`, a showdown over a table of hands (one row per player
per hand), checked against phevaluator: each player's hand_rank, place and share of the pot,
each hand's winners; bad input is exit 2 with one line naming the line, the hand and the card."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import phevaluator
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from pokersql import BadInput
from pokersql.cards import CARD_NAMES
from pokersql.cli import main

HANDS = 2_000


def random_table(count: int, seed: int) -> list[tuple[int, int, list[int], list[int]]]:
    """(hand_id, seat, hole, board) rows: 2 to 9 players a hand, distinct cards, a 3- to 5-card board;
    the seats numbered in a shuffled order, and the hands' rows interleaved by pairs."""
    rng = random.Random(seed)
    rows = []
    for hand_id in range(1, count + 1):
        players = rng.randint(2, 9)
        board_size = rng.choice([3, 4, 5, 5, 5])
        # Small decks now and then, so that ties and splits are common.
        deck = rng.sample(range(52), 2 * players + board_size)
        board = deck[:board_size]
        seats = rng.sample(range(1, 10), players)
        rows += [(hand_id, seat, deck[board_size + 2 * n : board_size + 2 * n + 2], board) for n, seat in enumerate(seats)]
    # Where boards share many cards with holes, ties happen; force some: two players play the board.
    for hand_id in range(1, count + 1, 50):
        board = [48, 44, 40, 36, 32]  # Ac Kc Qc Jc Tc: everyone plays the royal flush
        members = [n for n, row in enumerate(rows) if row[0] == hand_id]
        used = set(board)
        for n in members:
            hole = [card for card in range(52) if card not in used][:2]
            used.update(hole)
            rows[n] = (hand_id, rows[n][1], hole, board)
    return rows


def names(cards: list[int]) -> str:
    return " ".join(CARD_NAMES[card] for card in cards)


def expected_showdown(rows) -> dict[int, dict[int, tuple[int, int, float]]]:
    """hand_id -> seat -> (hand_rank, place, share), from phevaluator alone."""
    by_hand: dict[int, dict[int, int]] = {}
    for hand_id, seat, hole, board in rows:
        by_hand.setdefault(hand_id, {})[seat] = phevaluator.evaluate_cards(*hole, *board)
    answer = {}
    for hand_id, ranks in by_hand.items():
        best = min(ranks.values())
        winners = sum(rank == best for rank in ranks.values())
        answer[hand_id] = {
            seat: (rank, 1 + sum(other < rank for other in ranks.values()), 1 / winners if rank == best else 0.0)
            for seat, rank in ranks.items()
        }
    return answer


@pytest.fixture(scope="module")
def table() -> list[tuple[int, int, list[int], list[int]]]:
    return random_table(HANDS, seed=21)


def write_csv(path: Path, rows, header: str = "hand_id,seat,hole,board") -> Path:
    path.write_text(header + "\n" + "".join(f"{h},{s},{names(hole)},{names(board)}\n" for h, s, hole, board in rows), encoding="utf-8")
    return path


def check_json_lines(out: str, rows) -> None:
    expected = expected_showdown(rows)
    hands = [json.loads(line) for line in out.splitlines()]
    assert [hand["hand"] for hand in hands] == [str(h) for h in expected]  # a CSV's ids are its text
    splits = 0
    for hand in hands:
        truth = expected[int(hand["hand"])]
        assert list(hand) == ["hand", "board", "players", "winners"]
        assert [int(p["player"]) for p in hand["players"]] == list(truth)  # the file's order
        for player in hand["players"]:
            rank, place, share = truth[int(player["player"])]
            got = (player["hand_rank"], player["place"], player["share"])
            assert got == pytest.approx((rank, place, share)), f"hand {hand['hand']} seat {player['player']}: expected {(rank, place, share)}, got {got}"
            assert phevaluator.evaluate_cards(*player["best"]) == rank
            assert set(player["best"]) <= set(player["hole"]) | set(hand["board"])
        assert [int(w) for w in hand["winners"]] == [seat for seat, (_, place, _) in truth.items() if place == 1]
        splits += len(hand["winners"]) > 1
    assert splits >= HANDS // 50  # the forced splits at least


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
def test_showdown_agrees_with_phevaluator(built_database, table, tmp_path, capsys, engine):
    path = write_csv(tmp_path / "hands.csv", table)
    status = main(["--engine", engine, "--db", built_database(engine), "showdown", "--file", str(path), "--format", "json"])
    captured = capsys.readouterr()
    assert (status, captured.err) == (0, "")
    check_json_lines(captured.out, table)


def test_showdown_of_parquet_lists_with_other_column_names(run, table, tmp_path):
    rows = table[:3000]
    path = tmp_path / "hands.parquet"
    pq.write_table(
        pa.table(
            {
                "game": [h for h, *_ in rows],
                "name": [f"p{s}" for _, s, *_ in rows],
                "pocket": [[CARD_NAMES[c] for c in hole] for _, _, hole, _ in rows],
                "community": [[CARD_NAMES[c] for c in board] for *_, board in rows],
            }
        ),
        path,
    )
    status, out, err = run(
        "showdown", "--file", str(path), "--hand-column", "game", "--player-column", "name",
        "--hole-column", "pocket", "--board-column", "community", "--format", "csv",
    )
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "hand,player,hole,board,best,category,points,hand_rank,place,share,result"
    expected = expected_showdown(rows)
    assert len(lines) == len(rows) + 1
    for line in lines[1:]:
        hand, player, hole, board, best, category, points, hand_rank, place, share, result = line.split(",")
        rank, want_place, want_share = expected[int(hand)][int(player[1:])]
        assert (int(hand_rank), int(place), float(share)) == pytest.approx((rank, want_place, want_share))
        winners = sum(s > 0 for s in (v[2] for v in expected[int(hand)].values()))
        assert result == ("" if want_place > 1 else "wins" if winners == 1 else "splits the pot")


def test_showdown_table_and_stdin(run, monkeypatch):
    csv = "hand_id,seat,hole,board\n1,1,Ah Kh,2c 7d 9s Jh Th\n1,2,Qs Qd,2c 7d 9s Jh Th\n2,1,2h 3h,Ac Kc Qd Jd Td\n2,2,4h 5h,Ac Kc Qd Jd Td\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(csv.encode())))
    status, out, err = run("showdown", "--file", "-", "--format", "csv")
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "hand,player,hole,board,best,category,points,hand_rank,place,share,result",
        "1,1,Ah Kh,2c 7d 9s Jh Th,Ah Kh Jh Th 9s,High Card,0,6230,2,0.0,",
        "1,2,Qs Qd,2c 7d 9s Jh Th,Qs Qd Jh Th 9s,One Pair,1,3866,1,1.0,wins",
        "2,1,2h 3h,Ac Kc Qd Jd Td,Ac Kc Qd Jd Td,Straight,4,1600,1,0.5,splits the pot",
        "2,2,4h 5h,Ac Kc Qd Jd Td,Ac Kc Qd Jd Td,Straight,4,1600,1,0.5,splits the pot",
    ]
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(csv.encode())))
    status, out, err = run("showdown", "--file", "-")
    assert (status, err) == (0, "")
    assert "Showdown of 2 hands" in out and "★ splits the pot" in out and "Q♠ Q♦" in out


BAD = [
    ("1,1,Ah Kh,2c 7d 9s Jh Th\n\n1,2,Qs Xd,2c 7d 9s Jh Th\n", "line 4: unknown card 'Xd'"),
    ("1,1,Ah Kh,2c 7d 9s Jh Th\n1,2,Qs Ah,2c 7d 9s Jh Th\n", "line 3: hand 1: the card Ah is in seat 1's hole and in seat 2's hole"),
    ("1,1,Ah Kh,2c 7d 9s Jh Th\n2,1,Ah Kh,2c 7d 9s Jh Th\n2,4,Qs 9s,2c 7d 9s Jh Th\n",
     "line 4: hand 2: the card 9s is on the board and in seat 4's hole"),
    ("1,1,Ah Kh,2c 7d 9s Jh Th\n1,2,Qs Qd,2c 7d 9s Jh Tc\n",
     "line 3: hand 1: the board 2c 7d 9s Jh Tc differs from 2c 7d 9s Jh Th (HANDS line 2)"),
    ("1,1,Ah Kh,2c 7d 9s Jh Th\n1,1,Qs Qd,2c 7d 9s Jh Th\n", "line 3: hand 1: seat 1 has a row already (HANDS line 2)"),
    ("1,1,Ah Kh Ac,2c 7d 9s Jh Th\n", "line 2: a player needs 5, 6 or 7 cards with the board, got 8: Ah Kh Ac 2c 7d 9s Jh Th"),
    ("1,1,Ah Kh,2c 7d 9s Jh Th,x\n", "line 2: 5 fields where the header has 4 (hand_id, seat, hole, board)"),
]


@pytest.mark.parametrize("rows, message", BAD)
def test_bad_input_is_one_line_naming_the_line_hand_and_card(run, db, tmp_path, rows, message):
    path = tmp_path / "hands.csv"
    path.write_text("hand_id,seat,hole,board\n" + rows, encoding="utf-8")
    expected = f"{path} " + message.replace("HANDS", str(path))
    status, out, err = run("showdown", "--file", str(path))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(f"pokersql: error: {expected}")
    with pytest.raises(BadInput) as error:
        db.showdown(path)
    assert str(error.value).startswith(expected)


def test_a_csv_is_read_as_often_for_many_rows_as_for_few(db, table, tmp_path, monkeypatch):
    """Naming a row's line reads the CSV up to it, so it is done only for an error: once done for
    every row, showdown of 2,000 hands (11,113 rows) took 30 s, of which 29 went to reading."""
    import pokersql.hand_sources

    reads = []
    records = pokersql.hand_sources._csv_records

    def counted(path):
        reads.append(path)
        return records(path)

    monkeypatch.setattr(pokersql.hand_sources, "_csv_records", counted)
    counts = []
    for hands in (10, 300):
        rows = [row for row in table if row[0] <= hands]
        result = db.showdown(write_csv(tmp_path / f"{hands}.csv", rows))
        assert len(result.hands) == hands
        counts.append(len(reads))
        reads.clear()
    assert counts[0] == counts[1] <= 3, counts


def test_a_missing_column_names_it(run, tmp_path):
    path = tmp_path / "hands.csv"
    path.write_text("hand_id,player,hole,board\n1,1,Ah Kh,2c 7d 9s Jh Th\n", encoding="utf-8")
    status, out, err = run("showdown", "--file", str(path))
    assert (status, out) == (2, "")
    assert err == f"pokersql: error: {path} has no column 'seat'; its columns: hand_id, player, hole, board\n"


def test_showdown_of_a_frame_in_the_library(db):
    import pandas

    frame = pandas.DataFrame(
        {"hand_id": [7, 7, 7], "seat": [1, 2, 3], "hole": ["Ah Ad", "Kh Kd", "Ac Ad"], "board": ["2c 3c 4c 9h 9d"] * 3}
    )
    with pytest.raises(BadInput, match=r"^row 3: hand 7: the card Ad is in seat 1's hole and in seat 3's hole$"):
        db.showdown(frame)
    frame.loc[2, "hole"] = "As Ac"
    result = db.showdown(frame)
    assert [p.place for p in result.hands[0].players] == [1, 3, 1]
    assert result.hands[0].winners == [1, 3]
    assert list(result.df()["share"]) == [0.5, 0.0, 0.5]
