"""`pokersql report` (issue 66): one self-contained page of a player's imported hands.

Checked from outside the page's own code: its statistics against `stats --format json` with
the same filters, its lines' ends against `history`'s totals (another query, over another
stored table), its pots against the hand histories' own text, and the page in headless
Chromium (Debian's chromium, driven by Playwright: tests/chromium.py), at 1280 pixels and at a
phone's 390: the graph drawn, no console error, nothing asked of the network, nothing wider
than the screen.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import chromium  # tests/chromium.py
from pokersql import report as reports
from pokersql import report_page

HISTORIES = Path(__file__).resolve().parent / "histories"
PLURIBUS = [str(HISTORIES / "pluribus_30.txt"), str(HISTORIES / "pluribus_31.txt")]
BIG_BLIND = 100.0  # every Pluribus hand's: 50/100


@pytest.fixture(scope="module")
def imported(db_file):
    """The module's database with the 153 Pluribus hands imported."""
    from pokersql.cli import main

    assert main(["--db", db_file, "-q", "import", *PLURIBUS]) == 0
    return db_file


def _json(run, *args):
    status, out, err = run(*args, "--format", "json")
    assert status == 0, err
    return json.loads(out)


def _page_data(path: Path) -> dict:
    """The statistics the page keeps (#stats-json) and each table's cells, read from the HTML."""
    text = path.read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script type="application/json" id="stats-json">(.*?)</script>', text, re.S).group(1))
    tables = {}
    for name, body in re.findall(r'<table data-table="(\w+)">.*?<tbody>(.*?)</tbody>', text, re.S):
        tables[name] = [re.findall(r"<td>(.*?)</td>", row) for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body)]
    return {"stats": data, "tables": tables, "text": text}


def _cell(value) -> str:
    return "" if value is None else f"{value:,.2f}" if isinstance(value, float) else f"{value:,}"


@pytest.mark.parametrize("filters", [(), ("--stakes", "50/100", "--since", "2019-07-11"), ("--until", "2019-07-11")])
def test_the_statistics_are_stats_own_numbers(imported, run, tmp_path, filters):
    page = tmp_path / "page.html"
    said = _json(run, "report", "--to", str(page), "--player", "Pluribus", *filters)
    stats = _json(run, "stats", *filters)
    kept = _page_data(page)
    assert kept["stats"] == stats
    table = kept["tables"]["stats"]
    assert [row[0] for row in table] == [row["player"] for row in stats["players"]]
    for row, player in zip(table, stats["players"]):
        assert row[1:3] == [_cell(player["hands"]), _cell(player["vpip"])]
        assert row[-1] == _cell(player["bb_per_100"])
    assert said["players"] == len(stats["players"])


def test_the_lines_end_at_historys_totals(imported, run, tmp_path):
    """The last point of each line, from the page's own query over history_hand_stats, against
    `history`'s totals (history_player_hands and history_allin_ev): net, EV adjusted, and at and
    without showdown (a split of net, so the two add up to it)."""
    from pokersql import connect

    history = {row["player"]: row for row in _json(run, "history")["players"]}
    with connect(imported) as db:
        for player, totals in history.items():
            line = reports.gather(db, (player,)).line
            assert line.hands == totals["hands"] == 153 and line.hand == list(range(1, 154))
            assert line.net[-1] == pytest.approx(totals["net_won"] / BIG_BLIND, abs=1e-6)
            assert line.ev_adjusted[-1] == pytest.approx(totals["ev_adjusted"] / BIG_BLIND, abs=1e-6)
            assert line.showdown[-1] == pytest.approx(totals["won_at_showdown"] / BIG_BLIND, abs=1e-6)
            assert line.showdown[-1] + line.no_showdown[-1] == pytest.approx(line.net[-1], abs=1e-6)


def test_a_long_line_is_drawn_through_every_kth_hand_and_the_last(imported, monkeypatch):
    from pokersql import connect

    with connect(imported) as db:
        whole = reports.gather(db, ("Gogo",)).line
        monkeypatch.setattr(reports, "MOST_POINTS", 10)
        drawn = reports.gather(db, ("Gogo",)).line
    assert drawn.hands == 153 and drawn.hand == [*range(1, 153, 16), 153]  # ceil(153 / 10) = 16
    for name in ("net", "ev_adjusted", "showdown", "no_showdown"):
        assert getattr(drawn, name) == [getattr(whole, name)[n - 1] for n in drawn.hand]


def test_by_position_is_stats_by_position(imported, run, tmp_path):
    page = tmp_path / "page.html"
    _json(run, "report", "--to", str(page), "--player", "Budd")
    expected = [[row["position"], _cell(row["hands"]), _cell(row["bb_per_100"])]
                for row in _json(run, "stats", "--player", "Budd", "--by-position")["players"]]
    assert _page_data(page)["tables"]["positions"] == expected
    (stakes,) = _page_data(page)["tables"]["stakes"]  # one stakes, all cash
    budd = _json(run, "stats", "--player", "Budd")["players"][0]
    assert stakes == ["cash", "50.00/100.00", "153", _cell(budd["bb_per_100"])]


def test_the_biggest_pots_are_the_histories_own(imported, run, tmp_path):
    """The biggest pot of the Pluribus hands, read from the text files themselves: its id, its
    total, and every action line of the file in the replay, in order."""
    pots = []
    for path in PLURIBUS:
        for text in Path(path).read_text(encoding="utf-8").split("\n\n"):
            match = re.search(r"Hand #(\d+).*?Total pot ([\d.]+)", text, re.S)
            if match:
                pots.append((float(match.group(2)), match.group(1), text))
    total, hand_id, text = max(pots)
    page = tmp_path / "page.html"
    _json(run, "report", "--to", str(page), "--player", "Pluribus")
    html = _page_data(page)["text"]
    first = re.search(r'<div class="card pot"><h3>(.*?)</h3>(.*?)</div></div>', html, re.S)
    assert f"#{hand_id} " in first.group(1) and f"pot {total:,.2f}" in first.group(1)
    said = [f"{m.group(1)} {m.group(2)}" for m in re.finditer(r"^(\w+): (folds|checks|calls|bets|raises)", text, re.M)]
    replayed = re.findall(r"(\w+) (fold|check|call|bet|raise)\b", first.group(2))
    assert len(said) > 5
    assert [f"{p} {a}" for p, a in replayed] == [s.replace("folds", "fold").replace("checks", "check").replace("calls", "call")
                                                 .replace("bets", "bet").replace("raises", "raise") for s in said]


def test_a_page_that_exists_is_kept_without_force(imported, run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = run("report")
    assert status == 0, err
    default = tmp_path / "pokersql-report.html"
    assert default.is_file() and "pokersql-report.html" in out
    default.write_text("mine", encoding="utf-8")
    status, out, err = run("report")
    assert status == 2 and err.count("\n") == 1 and "pokersql-report.html" in err and "--force" in err
    assert default.read_text(encoding="utf-8") == "mine"
    assert run("report", "--force")[0] == 0
    assert default.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("args, named", [
    (("--player", "Nobody"), "'Nobody'"),
    (("--since", "2019-13-01"), "2019-13-01"),
    (("--stakes", "fifty"), "fifty"),
    (("--to", "/no/such/folder/page.html"), "/no/such/folder"),
    (("--player", "Bill", "--player", "Budd"), "Bill, Budd"),
])
def test_bad_input_is_one_line_naming_it(imported, run, tmp_path, args, named):
    status, out, err = run("report", *(args if "--to" in args else (*args, "--to", str(tmp_path / "p.html"))))
    assert status == 2 and err.count("\n") == 1 and named in err, err
    assert not (tmp_path / "p.html").exists()


def test_names_from_the_files_are_text_never_markup(imported):
    """A player's name is the files' text: written escaped, never as HTML."""
    from pokersql import connect

    with connect(imported) as db:
        report = reports.gather(db, ("Pluribus",))
    report.player = "<script>alert(1)</script>"
    report.pots[0].seats[0] = (1, "</td><b>x", 1.0, None)
    page = report_page.render(report)
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "</td><b>x" not in page and "&lt;/td&gt;&lt;b&gt;x" in page


def test_the_file_holds_everything_it_shows(imported, run, tmp_path):
    page = tmp_path / "page.html"
    _json(run, "report", "--to", str(page))
    text = page.read_text(encoding="utf-8")
    assert "http" not in text and "src=" not in text and "<link" not in text


@pytest.mark.slow
def test_the_page_in_chromium(imported, run, tmp_path):
    """Rendered by Chromium at 1280 pixels and at a phone's 390: the graph's four lines drawn
    through every hand, no console error, no request but the file, nothing wider than the screen."""
    page_file = tmp_path / "page.html"
    _json(run, "report", "--to", str(page_file), "--player", "Pluribus")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium.chromium(), headless=True, args=chromium.CHROMIUM_ARGS)
        try:
            for width in (1280, 390):
                page = browser.new_page(viewport={"width": width, "height": 900})
                errors, requests = [], []
                page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
                page.on("pageerror", lambda error: errors.append(str(error)))
                page.on("request", lambda request: requests.append(request.url))
                page.goto(page_file.as_uri())
                lines = page.evaluate("""[...document.querySelectorAll('#graph polyline')].map(line => {
                    const box = line.getBoundingClientRect();
                    return [line.dataset.line, line.points.numberOfItems, box.width, box.height];
                })""")
                assert [line[0] for line in lines] == ["net", "ev_adjusted", "showdown", "no_showdown"]
                assert all(points == 153 and drawn_width > 0.5 * min(width, 1200) - 100 for _, points, drawn_width, _ in lines), lines
                assert page.evaluate("document.documentElement.scrollWidth") <= width
                rows = page.evaluate("[...document.querySelectorAll('table[data-table=stats] tbody tr')].length")
                assert rows == 6
                page.screenshot(path=str(tmp_path / f"report-{width}.png"), full_page=True)
                assert errors == [] and requests == [page_file.as_uri()]
                page.close()
        finally:
            browser.close()


def test_the_page_on_sqlite_is_duckdbs(imported, built_database, tmp_path):
    """The same hands imported on SQLite: the same page, byte for byte."""
    from pokersql.cli import main

    sqlite = built_database("sqlite")
    assert main(["--db", sqlite, "--engine", "sqlite", "-q", "import", *PLURIBUS]) == 0
    for db, engine in ((sqlite, "sqlite"), (imported, "duckdb")):
        assert main(["--db", db, "--engine", engine, "-q", "report", "--player", "Pluribus", "--to", str(tmp_path / f"{engine}.html")]) == 0
    assert (tmp_path / "sqlite.html").read_text(encoding="utf-8") == (tmp_path / "duckdb.html").read_text(encoding="utf-8")
