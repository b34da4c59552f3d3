"""What a report reads, stored at import for the new hands only (issue 46: 066_history_stored_tally.sql,
pokersql/histories/stored.py): each stored table holds its view's rows, row for row (the real
files of tests/histories, generated hands, our all-in hands); the rows of hands held before an
import are not computed again and the counts are exact; `history` and `stats` read the stored
rows; a database imported before the stored tables is filled by `migrate`; a failed import leaves no stored row."""

from __future__ import annotations

import shutil
import sys
from decimal import Decimal
from pathlib import Path

import pytest

import pokersql
from pokersql import histories, migrations
from pokersql.cli import main
from pokersql.errors import BadInput, DatabaseError
from pokersql.histories import stored
from test_history_equity import own_texts
from test_history_pots import HISTORIES, REAL

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import histories_generate  # noqa: E402  (bench/histories_generate.py)

PAIRS = list(stored.STORED.items())  # stored table -> its view
MARK = "~kept"  # added to a stored player's name: what no computation gives
MARKED = ("stored_payouts", "stored_player_hands", "stored_allin_ev", "stored_hand_stats")


def differing(db, table: str, view: str) -> tuple[int, int, int, int]:
    """Rows of the view and of the table, and rows in one and not the other, each way (the view
    computed once, into a temporary table)."""
    db.engine.execute(f"create temporary table computed as select * from {view}")
    try:
        rows = [db.engine.execute(f"select count(*) from {name}")[0][0] for name in ("computed", table)]
        one = db.engine.execute(f"select count(*) from (select * from computed except select * from {table}) as d")[0][0]
        other = db.engine.execute(f"select count(*) from (select * from {table} except select * from computed) as d")[0][0]
    finally:
        db.engine.execute("drop table computed")
    return rows[0], rows[1], one, other


def check_equal(db, allin: bool = True) -> None:
    """Every stored table is its view, row for row, and stored_hands lists every imported hand;
    ``allin``: all-in hands among them."""
    for table, view in PAIRS:
        in_view, in_table, one, other = differing(db, table, view)
        assert (in_table, one, other) == (in_view, 0, 0), table
        assert in_view > 0 or (view == "history_allin_ev" and not allin), view
    assert counts(db)[stored.HANDS] == db.engine.execute("select count(*) from history_hands")[0][0]


def counts(db) -> dict[str, int]:
    return {name: db.engine.execute(f"select count(*) from {name}")[0][0] for name in [stored.HANDS, *stored.STORED]}


def own_file(folder: Path) -> Path:
    """Our all-in hands (tests/test_history_equity.py), pre-flop multiway ones among them."""
    path = folder / "own.phhs"
    path.write_text("\n".join(own_texts().values()), encoding="utf-8")
    return path


def real_files() -> list[Path]:
    """Every file of tests/histories that pokersql reads (fpdb's expected .hp aside)."""
    found = []
    for path in sorted(HISTORIES.rglob("*")):
        if path.is_file() and path.suffix not in (".hp", ".md"):
            try:
                histories.detect(str(path))
            except BadInput:
                continue
            found.append(path)
    return found


def recording(monkeypatch, chunk_hands: int) -> list[int]:
    """Each fill's hands, in order, the fill made in chunks of ``chunk_hands``."""
    filled: list[int] = []
    real_fill = stored.fill

    def fill(engine, **options):
        filled.append(real_fill(engine, chunk_hands, **options))
        return filled[-1]

    monkeypatch.setattr(stored, "fill", fill)
    return filled


@pytest.mark.slow
def test_the_real_files_are_stored_once_row_for_row(built_database, monkeypatch):
    """The real files imported in two imports (the second holding hands of the first again):
    each import computes its new hands and only them (the counts exact; the first import's
    stored rows, changed by hand in between, still changed after the second); `history` and
    `stats` read the stored rows; every stored table is then its view, row for row."""
    files = real_files()
    assert len(files) > 300
    path = built_database("duckdb")  # (built first: its migrate's fill is not this test's)
    filled = recording(monkeypatch, 500)
    with pokersql.connect(path) as db:
        db.import_histories(files[::2], skip_bad=True)
        first = db.engine.execute("select count(*) from history_hands")[0][0]
        first_rows = {table: db.engine.execute(f"select count(*) from {table}")[0][0] for table in MARKED}
        for table in MARKED:
            db.engine.execute(f"update {table} set player = player || '{MARK}'")
        db.import_histories([*files[1::2], *files[:20:2]], skip_bad=True)
        total = db.engine.execute("select count(*) from history_hands")[0][0]
        assert filled == [first, total - first] and first > 1000 and total - first > 500
        for table in MARKED:  # the first hands' rows all still marked, and no other
            marked = db.engine.execute(f"select count(*) from {table} where player like '%{MARK}'")[0][0]
            assert marked == first_rows[table] > 0, table
        assert {p.player for p in db.history().players if p.player.endswith(MARK)} == {row.player for row in db.stats().players if row.player.endswith(MARK)} != set()
        for table in MARKED:
            db.engine.execute(f"update {table} set player = substr(player, 1, length(player) - {len(MARK)}) where player like '%{MARK}'")
        check_equal(db)
        assert db.engine.execute("select count(*) from stored_allin_ev where street = 'preflop'")[0][0] > 100
        db.import_histories(files[:5], skip_bad=True)  # held already: nothing computed
        assert filled[-1] == 0 and counts(db)[stored.HANDS] == total


@pytest.mark.slow
def test_generated_hands_are_stored_row_for_row(built_database, tmp_path, monkeypatch):
    """Generated six-max hands (side pots, multiway all-ins) imported in two imports, stored
    in chunks of 50 hands: every stored table is its view, row for row."""
    text = tmp_path / "generated.txt"
    histories_generate.write(text, 200, seed=46, all_in=0.05)
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    whole = text.read_text(encoding="utf-8")
    cut = whole.index("PokerStars Hand #121:")
    first.write_text(whole[:cut], encoding="utf-8")
    second.write_text(whole[cut:], encoding="utf-8")
    path = built_database("duckdb")
    filled = recording(monkeypatch, 50)
    with pokersql.connect(path) as db:
        db.import_histories([first])
        db.import_histories([second])
        assert filled == [120, 80]
        check_equal(db)


# SQLite and PostgreSQL: a Pluribus file, then the PHH file, no all-in hand among them (the
# all-in EV of pluribus_31's, the view's own cost on these engines, takes minutes on 2 shared
# cores: the all-in hands are DuckDB's tests above).
OTHER_ENGINES = ["sqlite", pytest.param("postgres", marks=pytest.mark.xdist_group("postgres"))]


@pytest.mark.parametrize("engine", OTHER_ENGINES)
def test_other_engines_store_them_too(built_database, built_postgres_or_none, engine):
    path = built_postgres_or_none("history_stored") if engine == "postgres" else built_database(engine)
    with pokersql.connect(path, engine=engine) as db:
        db.import_histories(REAL[:1])
        db.import_histories(REAL[2:])
        check_equal(db, allin=False)


@pytest.fixture
def built_postgres_or_none(request):
    """built_postgres, asked for only by the PostgreSQL case (its server starts only then)."""
    return lambda name: request.getfixturevalue("built_postgres")(name)


def test_migrate_fills_a_database_of_the_schema_before(tmp_path, capsys, monkeypatch):
    """A database migrated to the files before 063 and imported then (no stored table) is filled
    by `migrate`, in one step (066, where 063 was) with its progress shown; `history` then reads
    the stored rows."""
    path = str(tmp_path / "old.duckdb")
    before = [f for f in migrations.sql_files() if f.number < 63 or f.number == 67]  # 062 of today reads 067's column
    with pokersql.connect(path) as db:
        migrations.migrate(db.engine, files=before)
        db.import_histories([*REAL, own_file(tmp_path)])
        assert stored.HANDS not in db.engine.object_types()
        held = db.engine.execute("select count(*) from history_hands")[0][0]
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich draws its bar, as in a user's terminal
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    capsys.readouterr()
    assert main(["--db", path, "migrate"]) == 0
    err = capsys.readouterr().err
    assert "applying 066_history_stored_tally.sql" in err and f"storing {held:,} hands'" in err
    with pokersql.connect(path) as db:
        added = [f.script for f in migrations.sql_files() if f.script not in {b.script for b in before}]  # in run order
        assert added[:3] == ["064_history_site_games.sql", "065_history_reports.views.sql", "066_history_stored_tally.sql"]
        assert [row[0] for row in db.engine.execute(
            "select script from schema_history where installed_rank > (select max(installed_rank) - ? from schema_history)"
            " order by installed_rank", (len(added),)
        )] == added
        check_equal(db)
        assert {p.player for p in db.history().players} >= {"Budd", "Gogo"}


def test_migrate_stores_again_what_was_stored_before_the_one_tally(built_database):
    """A database whose hands were stored before 064 (stored_payouts then 030's: a hand run twice
    paid nothing, PokerStars' 90721705235 here): `migrate` applies 064 and stores every hand again
    from the one tally (062), which pays both boards; and an edit of 062 makes 066's tables again
    (stored_payouts is 062's tally's)."""
    twice = Path(__file__).resolve().parent / "histories" / "fpdb" / "cash" / "Stars" / "Flop" / "NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt"
    paid = "select sum(won) from stored_payouts where hand_id = '90721705235'"
    with pokersql.connect(built_database("duckdb")) as db:
        db.import_histories([twice, REAL[0]])
        assert db.engine.execute(paid) == [(Decimal("225.32"),)]
        db.engine.execute("delete from stored_payouts")  # what 063 stored from 030's view, before 064
        db.engine.execute("insert into stored_payouts select * from history_payouts")
        db.engine.execute("delete from history_game_names where site_game like 'GGPoker %'")
        db.engine.execute("delete from schema_history where script = '064_history_site_games.sql'")
        assert db.engine.execute(paid) == [(Decimal("0.00"),)]
        assert [f.script for f in migrations.migrate(db.engine)] == ["064_history_site_games.sql"]
        assert db.engine.execute(paid) == [(Decimal("225.32"),)]
        check_equal(db, allin=False)
    every = migrations.sql_files()
    (tally,) = [f for f in every if f.script == "062_history_game_pots.views.sql"]
    assert "066_history_stored_tally.sql" in [f.script for f in migrations.derived_files([tally], every)]


@pytest.mark.parametrize("raised", [KeyboardInterrupt, RuntimeError])
def test_a_failed_import_leaves_no_stored_row(built_database, monkeypatch, raised):
    """The fill runs (its rows written), then the import fails: nothing of it is left, in the
    history tables or the stored ones; imported again, the hands are stored."""
    real_fill = stored.fill

    def failing(engine, **options):
        assert real_fill(engine, **options) > 0
        raise raised("after the fill")

    with pokersql.connect(built_database("duckdb")) as db:
        db.import_histories(REAL[:1])
        before = counts(db)
        monkeypatch.setattr(stored, "fill", failing)
        with pytest.raises(raised):
            db.import_histories([REAL[1]])
        assert counts(db) == before
        assert db.engine.execute("select count(*) from history_hands")[0][0] == before[stored.HANDS]
        monkeypatch.setattr(stored, "fill", real_fill)
        db.import_histories([REAL[1]])
        check_equal(db)


def test_the_fill_runs_duckdbs_joins_as_written_then_resets_them(built_database, monkeypatch):
    """Each chunk is computed with DuckDB's build_side_probe_side off (the lookup built, not the
    chunk's millions of classes: DuckDBEngine.joins_as_written), and the setting is DuckDB's
    default again after the fill, as after a failed one."""
    setting = "select current_setting('disabled_optimizers')"
    seen, real_chunk = [], stored._fill_chunk

    def chunk(engine, *args):
        seen.append(engine.execute(setting)[0][0])
        return real_chunk(engine, *args)

    monkeypatch.setattr(stored, "_fill_chunk", chunk)
    with pokersql.connect(built_database("duckdb")) as db:
        db.import_histories(REAL[:1])
        assert seen and set(seen) == {"build_side_probe_side"}
        assert db.engine.execute(setting)[0][0] == ""

        def failing(engine, *args):
            raise RuntimeError("a chunk failed")

        monkeypatch.setattr(stored, "_fill_chunk", failing)
        with pytest.raises(RuntimeError):
            db.import_histories([REAL[1]])
        assert db.engine.execute(setting)[0][0] == ""


def test_a_statement_that_fails_in_the_fill_is_the_error_told(built_database, monkeypatch):
    """A statement of the fill that fails (DuckDB out of memory, say) aborts the transaction,
    where DuckDB refuses even the reset of the fill's settings: the error raised is the
    statement's, not "Current transaction is aborted", and the settings (the memory limit,
    the joins as written) are DuckDB's defaults again after the rollback."""
    settings = "select current_setting('disabled_optimizers'), current_setting('memory_limit')"

    def failing(engine, *args):
        engine.execute("select error('out of memory, say')")

    with pokersql.connect(built_database("duckdb")) as db:
        defaults = db.engine.execute(settings)
        monkeypatch.setattr(stored, "_fill_chunk", failing)
        with pytest.raises(DatabaseError, match="out of memory, say"):
            db.import_histories([REAL[1]])
        assert db.engine.execute(settings) == defaults and defaults[0][0] == ""
        assert db.engine.execute("select count(*) from history_hands") == [(0,)]


RAKED = HISTORIES / "fpdb" / "cash" / "Stars" / "Flop" / "NLHE-6max-USD-0.05-0.10-200911.txt"


@pytest.fixture(scope="module")
def raked(built_database):
    """The Pluribus file of the all-in hands and a PokerStars file of 78 raked hands, all dealt to Hero."""
    path = built_database("duckdb", for_the_session=True)
    with pokersql.connect(path) as db:
        db.import_histories([REAL[1], RAKED])
    return path


def test_history_and_the_allin_ev_agree_on_rake(raked):
    """history_allin_ev is before rake (won: the pot the cards paid), `history` after (collected):
    in the raked all-in hand the luck is the same figure in both, and history's all-in net is
    history_allin_ev's net less the rake the player paid."""
    with pokersql.connect(raked) as db:
        rows = db.engine.execute(
            "select ev.player, ev.won, ev.net, ev.luck, results.collected, hands.rake from stored_allin_ev as ev "
            "inner join history_hands as hands on hands.site = ev.site and hands.hand_id = ev.hand_id "
            "inner join history_results as results on results.site = ev.site and results.hand_id = ev.hand_id "
            "and results.seat = ev.seat where ev.hand_id = '35824150484' order by ev.seat")
        assert [(p, float(w), float(c), float(r)) for p, w, _, _, c, r in rows] == [
            ("shaunsaville", 0.0, 0.0, 0.25), ("DSOR65", 5.40, 5.15, 0.25)]
        history = {p.player: p for p in db.history(["DSOR65", "shaunsaville"]).players}
        for player, _, net, luck, _, _ in rows:
            assert history[player].allin_hands == 1
            assert history[player].luck == float(luck)  # the same luck
            rake_paid = float(net) - history[player].allin_net  # before rake less after
            assert rake_paid == pytest.approx(0.25 if player == "DSOR65" else 0.0, abs=0.001)
            assert history[player].allin_ev == pytest.approx(history[player].allin_net - float(luck), abs=0.001)


def test_hero_is_the_player_the_file_deals(raked, capsys):
    """--hero keeps Hero (the Pluribus hands, every seat's cards known, have none); with
    --player, that player too."""
    assert main(["--db", raked, "history", "--hero", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[:2] for line in lines[1:]] == [["Hero", "78"]]
    assert main(["--db", raked, "stats", "--hero", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[:3] for line in lines[1:]] == [["Hero", "all", "78"]]
    assert main(["--db", raked, "stats", "--hero", "--player", "Gles65", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert sorted(line.split(",")[0] for line in lines[1:]) == ["Gles65", "Hero"]


def test_no_hero_in_hands_that_show_every_seat(built_database, capsys):
    """On the Pluribus hands alone (every seat's cards known) --hero is one line, exit 2."""
    path = built_database("duckdb")
    with pokersql.connect(path) as db:
        db.import_histories(REAL[:1])
    for command in ("history", "stats"):
        assert main(["--db", path, command, "--hero"]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert err == [f"pokersql: error: {command} --hero: no imported hand deals one player's hole cards alone "
                       "(every seat's are known, or none); give --player NAME"]


def test_without_hero_or_player_every_player_is_listed(raked, built_database, capsys):
    """The default is every player, not the hero alone (docs/histories-stats.md, the hero): the rows of
    `history` and `stats` are the database's players, whoever the hero is; in one player's own
    files the hero, dealt every hand, has the most hands, at the top (with any opponent who sat
    through every hand: Gles65 here)."""
    with pokersql.connect(raked) as db:
        everyone = {row[0] for row in db.engine.execute("select distinct player from history_seats")}
    assert len(everyone) > 1 and "Hero" in everyone
    moneys = [["--tournaments"] if m.tournaments else ["--currency", m.currency or "none"] for m in pokersql.connect(raked).stats().moneys]
    assert len(moneys) > 1  # the Pluribus hands name no currency, Hero's are in dollars: each money apart (issue 66)
    for command in ("history", "stats"):
        listed = set()
        for options in moneys:
            assert main(["--db", raked, command, *options, "--format", "csv"]) == 0
            listed |= {line.split(",")[0] for line in capsys.readouterr().out.splitlines()[1:]}
        assert listed == everyone, command
    own = built_database("duckdb")
    with pokersql.connect(own) as db:
        db.import_histories([RAKED])
        hands = db.engine.execute("select count(*) from history_hands")[0][0]
    for command in ("history", "stats"):
        assert main(["--db", own, command, "--format", "csv"]) == 0
        rows = [line.split(",") for line in capsys.readouterr().out.splitlines()[1:]]
        hands_at = 1 if command == "history" else 2
        top = [row[0] for row in rows if int(row[hands_at]) == hands]
        assert "Hero" in top and rows[: len(top)] == [row for row in rows if row[0] in top] and len(rows) > len(top), command


def test_a_view_changed_makes_its_stored_table_again_with_its_columns(built_database, tmp_path):
    """065 edited (a new version of pokersql: a column added to history_hand_stats): migrate makes
    066's tables again and fills them from the edited views, every hand held, in the one
    migration; stored_hand_stats has the new column, row for row."""
    path = built_database("duckdb")
    with pokersql.connect(path) as db:
        db.import_histories(REAL[:1])
        held = counts(db)
    sql = tmp_path / "sql"
    shutil.copytree(migrations.sql_directory(), sql)
    (view_file,) = sql.glob("*/065_history_reports.views.sql")
    text = view_file.read_text(encoding="utf-8")
    assert text.count("    paid.net\nfrom paid;") == 1
    view_file.write_text(text.replace("    paid.net\nfrom paid;", "    paid.net,\n    2 * paid.net as net_twice\nfrom paid;"), encoding="utf-8")
    with pokersql.connect(path) as db:
        applied = [f.script for f in migrations.migrate(db.engine, migrations.sql_files(sql))]
        assert "065_history_reports.views.sql" in applied and "066_history_stored_tally.sql" in applied
        kind = db.engine.execute("select type from schema_history where script = '066_history_stored_tally.sql' order by installed_rank desc limit 1")
        assert kind == [("rebuilt",)]
        assert counts(db) == held
        assert db.engine.execute("select count(*) from stored_hand_stats where net_twice = 2 * net")[0][0] == held["stored_hand_stats"]
        check_equal(db, allin=False)


def test_history_sums_in_the_engine_what_a_recount_of_the_stored_rows_gives(raked):
    """`history` sums each player's hands in SQL, and reads the hand-by-hand series only for a
    plot: both equal a recount in Python of the stored rows (the all-in hands those of
    stored_allin_ev, their EV the net less its luck), and no series is read without one; each
    money apart (issue 66), its hands those of history_hands of that money."""
    allins = 0
    with pokersql.connect(raked) as db:
        luck = {(site, hand_id, seat): float(value) for site, hand_id, seat, value in
                db.engine.execute("select site, hand_id, seat, luck from stored_allin_ev")}
        for money in db.stats().moneys:
            condition, values = money.condition("h.")
            hands = db.engine.execute("select p.site, p.hand_id, p.seat, p.player, p.net, p.showdown from stored_player_hands as p "
                                      f"join history_hands as h on h.site = p.site and h.hand_id = p.hand_id where {condition} "
                                      "order by p.played_at, p.source_file, p.source_line, p.hand_id, p.seat", values)
            options = {"tournaments": True} if money.tournaments else {"currency": money.currency or "none"}
            summed, lines = db.history(series=False, **options), db.history(**options)
            sums: dict[str, list[float]] = {}
            series: dict[str, list[tuple[float, float]]] = {}
            for site, hand_id, seat, player, net, showdown in hands:
                net, allin = float(net), (site, hand_id, seat) in luck
                ev_net = net - luck.get((site, hand_id, seat), 0.0)
                total = sums.setdefault(player, [0, 0.0, 0.0, 0, 0.0, 0.0])
                for n, value in enumerate((1, net, net if showdown else 0.0, allin, ev_net if allin else 0.0, net if allin else 0.0)):
                    total[n] += value
                line = series.setdefault(player, [])
                line.append((line[-1][0] + net if line else net, line[-1][1] + ev_net if line else ev_net))
            recount = {player: (count, round(net, 2), round(showdown, 2), allin, round(ev, 2), round(allin_net, 2))
                       for player, (count, net, showdown, allin, ev, allin_net) in sums.items()}
            allins += sum(total[3] for total in sums.values())
            for result in (summed, lines):
                assert {p.player: (p.hands, p.net_won, p.won_at_showdown, p.allin_hands, p.allin_ev, p.allin_net)
                        for p in result.players} == recount
            assert summed.series == {} and lines.series == series
    assert allins > 10  # all-in hands among them


@pytest.mark.parametrize("engine", ["duckdb", "sqlite"])
def test_a_chunk_makes_only_the_views_the_stored_ones_read_and_keeps_the_shared_ones(built_database, engine):
    """The chunk's temporary views are the stored views and what they read (not 031's street
    equities nor 044's per-player sums); the views read by two or more of them (or stored and
    read) are kept as tables, computed once a chunk: the one tally (062's payouts, stored and read
    by 065's history_player_hands and history_allin_ev), and the games of the hands, read by three."""
    with pokersql.connect(built_database(engine), engine=engine) as db:
        scoped = stored._scoped_views(db.engine, migrations.sql_files())
    names = [view.name for view in scoped]
    assert set(stored.STORED.values()) <= set(names)
    assert "history_street_equities" not in names and "history_player_stats" not in names
    assert [view.name for view in scoped if view.kept] == [
        "history_contributions", "history_pots", "history_hand_games", "history_game_payouts", "history_player_hands"]
    assert names.index("history_game_payouts") < names.index("history_allin_ev")  # made before the views that read it


def test_the_scoped_views_read_what_their_macros_are_given_and_no_sql_text_is_rewritten():
    """Issue 64: each view a chunk computes is its table macro's rows, and the macro reads 028's
    tables and the other such views only as it is given them (query_table of a parameter): none
    is named in its body, else a chunk would read the whole database's rows. stored.py makes the
    chunk's views by giving the macros the scope's relations, with no regular expression."""
    import re

    files = migrations.sql_files()
    needed = migrations.files_for(tuple(stored.STORED.values()), files)
    macros = {name: relations for f in needed for name, relations in f.table_macros().items()}
    views = {name for f in needed for kind, name, _ in f.definitions()
             if kind == "view" and name.startswith("history_") and name + stored.MACRO in macros}
    assert set(stored.STORED.values()) <= views
    scoped = {*stored.TABLES, *views}
    bodies = {name: migrations.without_comments(text) for f in needed for kind, name, text in f.definitions() if kind == "macro"}
    for view in views:
        body = bodies[view + stored.MACRO].split(" as table", 1)[1]
        # a parameter passed on to another table macro (a bare argument: history_won_of's, 030) is read as it is given too
        passed = {argument.strip() for name in macros for arguments in re.findall(rf"\b{name}\(([^)]*)\)", body)
                  for argument in arguments.split(",")} & set(macros[view + stored.MACRO])
        named = (set(re.findall(r"(?<!query_table\()\b(\w+)\b", body)) - passed) & scoped
        assert not named, f"{view}{stored.MACRO} names {named} itself"
        assert set(macros[view + stored.MACRO]) <= scoped
    source = Path(stored.__file__).read_text()
    assert "import re" not in source and "re.compile" not in source
