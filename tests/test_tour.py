"""The guided tour (pokersql/tour_page/) in a real browser: headless Chromium, Debian's package.

One page load runs every stage once, in order (the stages that need ``hands`` build it
once), and takes a screenshot of each; the tests then check the answers from outside:
the deal against ``pokersql deal``, the counts against combinatorics, the Hold'em ranks
against phevaluator, exact equity against poker-eval's published count, and every stage's
rows against the Python package's DuckDB running the same SQL. The page must ask for
nothing outside its own address.

Screenshots go to a temporary folder, or to $POKERSQL_TOUR_SCREENSHOTS when set.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest
from phevaluator import evaluate_cards

from pokersql import migrations, tour
from pokersql.cards import card_name
from pokersql.counts import five_card_counts

import chromium  # tests/chromium.py
from chromium import STAGE_TIMEOUT_MS
from signals import interrupt, pokersql_command

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("tour")]


@pytest.fixture(scope="module")
def site():
    httpd, url = tour.serve_in_thread()
    yield url
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    with chromium.browser(tmp_path_factory.mktemp("chromium-profile")) as context:
        yield context


@pytest.fixture(scope="module")
def tour_page(site, browser, tmp_path_factory):
    """The page, every stage run once in order, each screenshot taken: (page, requests, shots)."""
    shots = Path(os.environ.get("POKERSQL_TOUR_SCREENSHOTS") or tmp_path_factory.mktemp("tour-screenshots"))
    shots.mkdir(parents=True, exist_ok=True)
    page, requests = chromium.open_tour(browser, site)
    stages = page.evaluate("window.tour.stages")
    for stage in stages:
        page.evaluate("id => window.tour.runStage(id)", stage)
        page.locator(f"#stage-{stage}").screenshot(path=str(shots / f"{stage}.png"))
    page.screenshot(path=str(shots / "top.png"))
    print(f"\ntour screenshots: {shots}; timings: {json.dumps(page.evaluate('window.tour.timings'))}")
    return page, requests, shots


def results(page, stage: str) -> tuple[list[str], list[list]]:
    errors = page.evaluate("window.tour.errors")
    assert stage not in errors, f"stage {stage} failed in the browser: {errors[stage]}"
    result = page.evaluate("id => window.tour.results[id]", stage)
    return result["columns"], result["rows"]


def as_dicts(page, stage: str) -> list[dict]:
    columns, rows = results(page, stage)
    return [dict(zip(columns, row)) for row in rows]


def test_every_stage_runs_and_has_a_screenshot(tour_page):
    page, _, shots = tour_page
    stages = page.evaluate("window.tour.stages")
    assert stages[0] == "deck" and {"deal", "points", "ranking", "hands", "holdem", "equity"} <= set(stages)
    assert all(f"evaluation_{n}" in stages for n in range(1, 8))
    for stage in stages:
        assert results(page, stage)[1], f"stage {stage} returned no rows"
        assert (shots / f"{stage}.png").stat().st_size > 10_000


def test_the_page_asks_for_nothing_outside_its_own_address(tour_page, site):
    _, requests, _ = tour_page
    assert any(url.endswith(".wasm") for url in requests)
    outside = [url for url in requests if not url.startswith(site)]
    assert outside == []


def test_the_deck_is_the_contract_numbering(tour_page):
    page, _, _ = tour_page
    deck = as_dicts(page, "deck")
    assert [(row["card_id"], row["name"]) for row in deck] == [(card_id, card_name(card_id)) for card_id in range(52)]


def _cli_deal(tmp_path) -> dict:
    done = subprocess.run(
        [*pokersql_command(), "--db", str(tmp_path / "deal.duckdb"), "deal", "--players", "4", "--seed", "2010", "--format", "json"],
        capture_output=True, text=True, check=True,
    )
    return json.loads(done.stdout)


def test_the_deal_for_seed_2010_is_the_cli_deal(tour_page, tmp_path):
    page, _, _ = tour_page
    cli = _cli_deal(tmp_path)
    dealt = {row["player"]: sorted(row["cards"].split()) for row in as_dicts(page, "deal")}
    assert dealt == {p["player"]: sorted(p["cards"]) for p in cli["players"]}
    ranking = {row["player"]: (row["hand_rank"], row["place"]) for row in as_dicts(page, "ranking")}
    assert ranking == {p["player"]: (p["hand_rank"], p["place"]) for p in cli["players"]}


def test_the_hand_counts_are_the_exact_counts(tour_page):
    page, _, _ = tour_page
    rows = as_dicts(page, "hands")
    assert {row["points"]: row["every_hand"] for row in rows} == five_card_counts()
    deals = page.locator("#stage-hands input[name=deals]").input_value()
    assert sum(row["dealt"] for row in rows) == int(deals)


def test_the_holdem_ranks_are_phevaluators(tour_page):
    page, _, _ = tour_page
    rows = as_dicts(page, "holdem")
    assert len(rows) == 4
    for row in rows:
        cards = f"{row['hole']} {row['board']}".split()
        assert len(set(cards)) == 7
        assert row["hand_rank"] == evaluate_cards(*cards), cards
    best = min(row["hand_rank"] for row in rows)
    assert [row["place"] == 1 for row in rows] == [row["hand_rank"] == best for row in rows]


def test_the_equity_of_aces_against_kings_is_exact(tour_page):
    page, _, _ = tour_page
    rows = as_dicts(page, "equity")
    # poker-eval's enumeration of AdAc against KhKs: 1,712,304 boards.
    assert [(r["player"], r["boards"], r["wins"], r["ties"]) for r in rows] == [
        (1, 1712304, 1388072, 6538),
        (2, 1712304, 317694, 6538),
    ]
    assert rows[0]["equity"] == pytest.approx((1388072 + 6538 / 2) / 1712304, abs=5e-5)


def _python_rows(connection, page, stage: str) -> list[list]:
    setup = page.locator(f"#stage-{stage} pre.setup")
    if setup.count():
        connection.execute(setup.inner_text())  # the page's own description of what it set
    query = page.locator(f"#stage-{stage} textarea").nth(1).input_value()
    return [list(row) for row in connection.execute(query).fetchall()]


def _same(browser_value, python_value) -> bool:
    if isinstance(python_value, (int, float, Decimal)) and not isinstance(python_value, bool):
        return isinstance(browser_value, (int, float)) and math.isclose(browser_value, float(python_value), rel_tol=1e-12, abs_tol=1e-12)
    return browser_value == python_value


def test_the_browser_and_the_python_package_give_the_same_rows(tour_page):
    """Same files, same settings, same query: the browser's DuckDB (1.4 in duckdb-wasm) and
    the Python package's (1.5 or later) agree on every stage that the seed box sets up."""
    page, _, _ = tour_page
    connection = duckdb.connect()
    for sql_file in migrations.sql_files():
        if sql_file.runs_on("duckdb"):
            connection.execute(sql_file.text)
    compared = 0
    for stage in page.evaluate("window.tour.stages"):
        if stage == "equity":  # its inputs are cards, not SQL: checked exactly above
            continue
        columns, browser_rows = results(page, stage)
        python_rows = _python_rows(connection, page, stage)
        assert len(python_rows) == len(browser_rows), stage
        for browser_row, python_row in zip(browser_rows, python_rows):
            assert all(map(_same, browser_row, python_row)), (stage, columns, browser_row, python_row)
        compared += 1
    assert compared >= 12
    assert page.evaluate("window.tour.version").startswith("v1.")


def test_an_error_in_an_edited_cell_shows_duckdbs_message_and_reset_restores_the_file(tour_page):
    page, _, _ = tour_page
    stage = page.locator("#stage-evaluation_7")
    definition = stage.locator("textarea").first
    original = definition.input_value()
    assert original.startswith("create view hand_evaluation_7 as") or "create view hand_evaluation_7 as" in original
    file = next(f for f in migrations.sql_files() if ("view", "hand_evaluation_7") in [(k, n) for k, n, _ in f.definitions()])
    assert original in file.text  # the file's own text, not a copy
    definition.fill("create view hand_evaluation_7 as\nselect no_such_column from hand_evaluation_6;")
    page.evaluate("window.tour.runStage('evaluation_7')")
    error = stage.locator("pre.error")
    assert error.is_visible()
    assert "no_such_column" in error.inner_text() and "Binder Error" in error.inner_text()
    # The page still works: another stage runs, and an edited query that is right runs.
    deck = page.locator("#stage-deck")
    deck.locator("textarea").nth(1).fill("select count(*) as cards from cards;")
    page.evaluate("window.tour.runStage('deck')")
    assert results(page, "deck") == (["cards"], [[52]])
    # Reset: the file's SQL again, applied, and the stage's rows as before.
    stage.locator("button.reset").click()
    page.wait_for_function("window.tour.results.evaluation_7 !== undefined", timeout=STAGE_TIMEOUT_MS)
    assert definition.input_value() == original
    assert not error.is_visible()
    page.evaluate("window.tour.resetStage('deck')")
    assert len(results(page, "deck")[1]) == 52


def test_an_edited_view_changes_what_the_next_stages_see(tour_page):
    page, _, _ = tour_page
    stage = page.locator("#stage-evaluation_7")
    definition = stage.locator("textarea").first
    original = definition.input_value()
    # Every hand a royal flush: points come from this view, so stage 4 shows 9 for everyone.
    definition.fill(original.replace("case", "9 + 0 * case", 1))
    page.evaluate("window.tour.runStage('evaluation_7')")
    page.evaluate("window.tour.runStage('points')")
    assert {row["points"] for row in as_dicts(page, "points")} == {9}
    page.evaluate("window.tour.resetStage('evaluation_7')")
    page.evaluate("window.tour.runStage('points')")
    assert {row["points"] for row in as_dicts(page, "points")} != {9}


def test_a_new_seed_deals_a_new_hand_through_the_stages(tour_page):
    page, _, _ = tour_page
    before = as_dicts(page, "deal")
    page.fill("#seed", "7")
    page.click("#deal")
    page.wait_for_function("window.tour.results.deal && window.tour.results.deal.rows[0][1] !== %s" % json.dumps(before[0]["cards"]), timeout=STAGE_TIMEOUT_MS)
    page.evaluate("window.tour.runStage('deal')")  # waits for the queue: every stage dealt again
    assert as_dicts(page, "deal") != before
    page.fill("#seed", "2010")
    page.click("#deal")
    page.evaluate("window.tour.runStage('deal')")
    assert as_dicts(page, "deal") == before


def _cli_deal_of(tmp_path, order: str) -> dict:
    done = subprocess.run(
        [*pokersql_command(), "--db", str(tmp_path / "deal.duckdb"), "deal", "--players", "4", "--seed", "2010", "--order", order, "--format", "json"],
        capture_output=True, text=True, check=True,
    )
    return json.loads(done.stdout)


def _ranked(page) -> dict[int, tuple[int, int]]:
    """The ranking stage's rows: per player, hand_rank and place."""
    return {row["player"]: (row["hand_rank"], row["place"]) for row in as_dicts(page, "ranking")}


def _cli_ranked(deal: dict) -> dict[int, tuple[int, int]]:
    return {p["player"]: (p["hand_rank"], p["place"]) for p in deal["players"]}


def test_an_edit_of_the_deal_reaches_the_stages_that_read_it(tour_page, tmp_path):
    """Stage 2 shows shuffle_and_deal, the later stages read dealt_cards: dealing round-robin in
    stage 2's view deals round-robin in the ranking too (pokersql deal --order round-robin), and
    Reset deals in blocks again everywhere."""
    page, _, _ = tour_page
    page.fill("#seed", "2010")
    page.fill("#players", "4")
    blocks, round_robin = _cli_deal_of(tmp_path, "blocks"), _cli_deal_of(tmp_path, "round-robin")
    assert _cli_ranked(blocks) != _cli_ranked(round_robin)
    page.evaluate("window.tour.runStage('ranking')")
    assert _ranked(page) == _cli_ranked(blocks)
    stage = page.locator("#stage-deal")
    definition = stage.locator("textarea").first
    original = definition.input_value()
    dealing = "dealt_player(deck_order.deck_position, settings.players, settings.deal_order, 5)"
    assert dealing in original
    definition.fill(original.replace(dealing, "(deck_order.deck_position - 1) % settings.players + 1"))
    page.evaluate("window.tour.runStage('deal')")
    assert {row["player"]: sorted(row["cards"].split()) for row in as_dicts(page, "deal")} == {
        p["player"]: sorted(p["cards"]) for p in round_robin["players"]
    }
    # the ranking, which has run, runs again by itself (queued after the deal): waiting for one more run of it waits for that
    page.evaluate("window.tour.runStage('ranking')")
    assert _ranked(page) == _cli_ranked(round_robin)
    assert {row["points"] for row in as_dicts(page, "points")} == {p["points"] for p in round_robin["players"]}
    stage.locator("button.reset").click()
    page.evaluate("window.tour.runStage('ranking')")
    assert definition.input_value() == original
    assert _ranked(page) == _cli_ranked(blocks)


def test_an_error_leaves_no_table_of_an_earlier_run_under_it(tour_page):
    page, _, _ = tour_page
    stage = page.locator("#stage-points")
    page.evaluate("window.tour.runStage('points')")
    assert stage.locator(".output table").count() == 1
    query = stage.locator("textarea").nth(1)
    query.fill("select no_such_column from hand_points;")
    page.evaluate("window.tour.runStage('points')")
    assert stage.locator("pre.error").is_visible() and "no_such_column" in stage.locator("pre.error").inner_text()
    assert stage.locator(".output table").count() == 0
    assert stage.locator(".output").inner_text() == "No rows: the stage stopped with the error above."
    page.evaluate("window.tour.resetStage('points')")
    assert stage.locator(".output table").count() == 1 and not stage.locator("pre.error").is_visible()


def test_pokersql_tour_serves_until_ctrl_c():
    status, err, _ = interrupt(["tour", "--port", "0"], after=3)
    assert (status, err.strip()) == (130, "pokersql: interrupted")


def test_a_package_without_the_tours_files_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    from pokersql.cli import main

    page = tmp_path / "tour_page"
    page.mkdir()
    (page / "index.html").write_text("<!doctype html>")  # the page, but no DuckDB-Wasm beside it
    monkeypatch.setattr(tour, "TOUR_DIRECTORY", page)
    assert main(["tour", "--port", "0"]) == 1
    assert capsys.readouterr().err == (
        f"pokersql: error: the tour's page or its DuckDB-Wasm files are missing from {page}: reinstall pokersql\n"
    )
