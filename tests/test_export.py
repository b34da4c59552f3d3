"""Getting data out: export to Parquet and CSV read back, and results handed to pandas and Arrow."""

from __future__ import annotations

import csv
import json

import pytest

import pokersql
from pokersql.cli import main

pandas = pytest.importorskip("pandas")
pyarrow = pytest.importorskip("pyarrow")
import pyarrow.parquet as parquet  # noqa: E402


def export(db_file, capsys, table, target):
    status = main(["--db", db_file, "export", table, "--to", str(target), "--format", "json"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return json.loads(captured.out)


@pytest.mark.slow
def test_hands_to_parquet_round_trip(db_file, tmp_path, capsys):
    target = tmp_path / "hands.parquet"
    data = export(db_file, capsys, "hands", target)
    assert data == {"table": "hands", "file": str(target), "format": "parquet", "rows": 2598960}
    table = parquet.read_table(target)
    assert table.num_rows == 2598960
    assert table.column_names == ["c1", "c2", "c3", "c4", "c5", "cards", "points", "category", "hand_rank"]
    frame = pandas.read_parquet(target)
    royal = frame[frame.cards == "Ts Js Qs Ks As"].iloc[0]
    assert (royal.points, royal.category, royal.hand_rank) == (9, "Royal Flush", 1)
    worst = frame[frame.hand_rank == 7462]
    assert len(worst) == 4**5 - 4 and set(worst.category) == {"High Card"}
    quads = frame[(frame.c1 == 0) & (frame.c2 == 1) & (frame.c3 == 2) & (frame.c4 == 3) & (frame.c5 == 4)]
    assert list(quads.cards) == ["2c 2d 2h 2s 3c"] and list(quads.category) == ["Four of a Kind"]
    assert frame.groupby("points").size().to_dict()[0] == 1302540


def test_hand_classes_to_csv_round_trip(db_file, tmp_path, capsys):
    target = tmp_path / "classes.csv"
    data = export(db_file, capsys, "hand_classes", target)
    assert data["format"] == "csv" and data["rows"] == 7462
    with open(target, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 7462
    by_rank = {int(row["hand_rank"]): row for row in rows}
    assert by_rank[1]["category"] == "Royal Flush"
    assert by_rank[7462]["category"] == "High Card" and by_rank[7462]["kicker_1"] == "7"
    assert pandas.read_csv(target).shape == (7462, 10)


def test_a_view_exports_its_deal(db_file, tmp_path, capsys):
    target = tmp_path / "table.csv"
    data = export(db_file, capsys, "poker_table", target)
    assert data["rows"] == 4  # deal_settings' own deal: seed 2010, 4 players
    frame = pandas.read_csv(target)
    assert list(frame.player.sort_values()) == [1, 2, 3, 4]
    assert frame[frame.place == 1].result.tolist() == ["wins"]


@pytest.mark.parametrize(
    ("table", "target", "needle"),
    [("no_such_table", "x.csv", "'no_such_table'"), ("hands", "x.xlsx", "x.xlsx")],
)
def test_bad_export_is_exit_2(db_file, tmp_path, capsys, table, target, needle):
    status = main(["--db", db_file, "export", table, "--to", str(tmp_path / target)])
    err = capsys.readouterr().err
    assert status == 2 and needle in err and len(err.strip().splitlines()) == 1


def test_results_hand_over_to_pandas_and_arrow(db_file):
    with pokersql.connect(db_file) as db:
        frame = db.deal(players=3, seed=7).df()
        assert list(frame.player) == [1, 2, 3] and {"cards", "hand_rank", "place"} <= set(frame.columns)
        assert db.simulate(500, players=2, seed=1).arrow().num_rows == 10
        assert db.freq().df().set_index("points").loc[9, "count"] == 4
        assert db.query("select * from hand_categories order by points").df().category.iloc[0] == "High Card"
        assert db.query("select points from hand_categories").arrow().num_rows == 10
        relation = db.relation("select points, count(*) as n from hands group by points order by points")
        assert relation.df().n.sum() == 2598960
        assert relation.arrow().read_all().num_rows == 10
        with pytest.raises(pokersql.BadInput):
            db.relation("delete from hands")
