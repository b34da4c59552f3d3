"""The tracker: hand histories imported (``import_histories``), and what they tell of each
player (``history``, ``stats``)."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import histories, migrations, money
from .context import MEMORY, Context
from .engines.postgres import masked
from .errors import BadInput
from .first_use import drop_lookup_copy, ensure_lookups
from .histories import aside as history_aside
from .histories import store as history_store
from .histories import stored as history_stored
from .histories.parallel import read_batches
from .reading import check_target
from .results import HistoryResult, ImportResult, PlayerHistory

if TYPE_CHECKING:
    from .stats import StatsResult


def import_histories(
    ctx: Context, paths: str | Path | Sequence[str | Path], skip_bad: bool = False, parquet: str | Path | None = None,
    overwrite: bool = False,
) -> ImportResult:
    """Read PokerStars hand-history text and PHH files into the tables of
    ``sql/histories/`` (028): hands, seats, actions, board, results.

    Every file is checked first (there, not empty, of a known format: else BadInput). A
    hand that cannot be (truncated, an unknown or duplicate card, amounts that do not add
    up) stops the import with BadInput naming its file, line and reason; ``skip_bad=True``
    imports the other hands and lists it in ``ImportResult.skipped``. A hand held already
    (the same site and hand id) is not written again. One transaction, which also makes
    the tables on first use: a failure or Ctrl-C leaves the database as it was.

    ``parquet``: a folder (made if it is not there; its parent must be) to write the five
    tables to once the import is committed, each whole as ``TABLE.parquet`` (what DuckDB
    and Spark read), on an engine that writes them (DuckDB, Spark); ``ImportResult.parquet``
    lists the files. Such a file there already is BadInput, before anything is imported,
    unless ``overwrite``; the database's own file always is (``reading.check_target``).
    """
    if ctx.engine.imports_histories_refused:
        raise BadInput(f"import does not run on {ctx.engine.title}: {ctx.engine.imports_histories_refused}")
    paths = [str(paths)] if isinstance(paths, (str, Path)) else [str(path) for path in paths]
    if not paths:
        raise BadInput("import: give at least one hand-history file")
    paths, passed = histories.gather_files(paths, skip_bad)  # every file, before anything is read or written
    folder = _parquet_folder(ctx, parquet, overwrite) if parquet is not None else None
    history_aside.clear_left()  # the lanes' folders of imports killed before (aside.py)
    started = time.perf_counter()
    reading = ctx.engine.read_only
    if reading:
        drop_lookup_copy(ctx)
        ctx.engine.reopen(read_only=False)
    total = max(1, histories.total_size(paths))
    task = f"importing {len(paths)} file(s), bytes read"
    skipped: list[histories.Skipped] = []

    def batches() -> Iterator[history_store.Batch]:
        for item in read_batches(
            paths, skip_bad, ctx.engine.appends_csv, lambda done: ctx.progress(task, min(done, total - 1), total)
        ):
            if isinstance(item, histories.Skipped):
                skipped.append(item)
            else:
                yield item

    try:
        with ctx.engine.transaction(immediate=True):
            files = migrations.files_for(history_store.TABLES, migrations.sql_files())
            migrations.migrate(ctx.engine, files=files, progress=ctx.progress, in_transaction=True)
            hands = batches()
            try:
                written = history_store.write_batches(ctx.engine, hands)
            finally:
                hands.close()  # now, not when collected: its worker processes stop with it
            if history_stored.is_stored(ctx.engine):  # the new hands' stored rows (066), only theirs
                history_stored.fill(ctx.engine, progress=ctx.progress, aside=True)
        ctx.progress(task, total, total)
        files: list[str] = []
        if folder is not None:
            folder.mkdir(exist_ok=True)
            for table in history_store.TABLES:
                files.append(str(folder / f"{table}.parquet"))
                ctx.engine.table_to_parquet(table, files[-1])
    finally:
        if reading:
            ctx.engine.reopen(read_only=True)
    return ImportResult(
        database=masked(str(ctx.engine.path or MEMORY)),
        files=paths,
        hands=written.hands + written.duplicates,
        imported=written.hands,
        duplicates=written.duplicates,
        skipped=skipped,
        rows=written.rows,
        seconds=time.perf_counter() - started,
        parquet=files,
        passed_over=passed,
    )


def _parquet_folder(ctx: Context, parquet: str | Path, overwrite: bool) -> Path:
    """``import --parquet``'s folder, checked before anything is written: BadInput for an
    engine that writes no Parquet, a file, a folder whose parent is not there, or a file
    the import would write that it must not (``reading.check_target``)."""
    folder = Path(parquet)
    if not ctx.engine.writes_table_parquet:
        raise BadInput(f"--parquet {folder}: {ctx.engine.title} cannot write Parquet; import on DuckDB or Spark for Parquet files")
    if folder.exists() and not folder.is_dir():
        raise BadInput(f"--parquet {folder}: a file, not a folder")
    if not folder.absolute().parent.is_dir():
        raise BadInput(f"--parquet {folder}: there is no folder {str(folder.absolute().parent)!r} to make it in")
    for table in history_store.TABLES:
        check_target(ctx, folder / f"{table}.parquet", overwrite, "import --parquet")
    return folder


def history(
    ctx: Context, players: Sequence[str] = (), series: bool = True, currency: str | None = None, cash: bool = False,
    tournaments: bool = False, site: str | None = None,
) -> HistoryResult:
    """The imported hands of one money per player (``money.choose``: a cash currency, by
    default the one of the most hands asked for, or tournament chips; ``site``: only its hands),
    from ``history_player_hands`` and ``history_allin_ev`` (065), as stored at import
    (``stored_player_hands`` and ``stored_allin_ev``, 066):
    hands, net won, won at showdown, and the all-in hands' EV against what they netted (the
    luck), summed by the engine; ``players``: only these (one whom no imported hand has: no
    row, named in ``HistoryResult.unknown``, as ``stats`` does). ``series`` (what ``--plot``
    draws; ``False``: not read): each player's cumulative net and all-in adjusted net, hand by
    hand in the order played."""
    from . import stats

    if ctx.engine.imports_histories_refused:
        raise BadInput(f"history does not run on {ctx.engine.title}: {ctx.engine.imports_histories_refused}")
    ensure_lookups(ctx, tuple(history_stored.STORED))
    scope, scoped = money.hands_where(*stats.filters(site=site), list(dict.fromkeys(players)))  # the hands asked for
    chosen, moneys = money.choose(ctx.engine, currency, cash, tournaments, scope, scoped)
    wanted = list(dict.fromkeys(players))
    hands_of = history_stored.source(ctx.engine, "history_player_hands")
    allin = history_stored.source(ctx.engine, "history_allin_ev")
    on = "on allin.site = hands.site and allin.hand_id = hands.hand_id and allin.seat = hands.seat"
    clauses, kept = money.keeping(chosen, site, "hands.")
    if wanted:
        clauses.append(f"hands.player in ({', '.join('?' * len(wanted))})")
    only = f" where {' and '.join(clauses)}" if clauses else ""
    wanted = kept + wanted  # the parameters, in the order of the clauses
    with ctx.watching("history: every imported hand, as stored"):
        sums = {player: [*row, 0, 0.0, 0.0] for player, *row in ctx.engine.execute(
            "select hands.player, count(*), count(*) - count(hands.net), coalesce(sum(hands.net), 0), "
            "coalesce(sum(case when hands.showdown = 1 then hands.net else 0 end), 0) "
            f"from {hands_of} as hands{only} group by hands.player", wanted)}
        for player, *row in ctx.engine.execute(  # the all-in hands' (a join of the few)
                f"select hands.player, count(*), sum(hands.net - allin.luck), sum(hands.net) from {hands_of} as hands "
                f"inner join {allin} as allin {on}{only} group by hands.player", wanted):
            sums[player][4:] = row
        lines = ctx.engine.execute(
            f"select hands.player, hands.net, coalesce(allin.luck, 0) from {hands_of} as hands left join {allin} as allin {on}{only} "
            "order by hands.played_at, hands.source_file, hands.source_line, hands.hand_id, hands.seat", wanted
        ) if series else []
    drawn: dict[str, list[tuple[float, float]]] = {}
    for player, net, luck in lines:
        if net is None:  # a hand whose result is unknown (067): no step in the line
            continue
        line = drawn.setdefault(player, [])
        last = line[-1] if line else (0.0, 0.0)
        line.append((last[0] + float(net), last[1] + (float(net) - float(luck))))
    condition, values = chosen.condition() if chosen else ("1 = 1", [])  # of its money, of the hands asked for
    hands, unknown_results = ctx.engine.execute(
        f"select count(*), count(case when result_unknown then 1 end) from history_hands{scope}{' and ' if scope else ' where '}{condition}",
        [*scoped, *values])[0]
    results = [
        PlayerHistory(
            player=player, hands=int(count), unknown_results=int(unknown), net_won=round(float(net), 2),
            won_at_showdown=round(float(showdown), 2),
            allin_hands=int(allin_hands), allin_ev=round(float(allin_ev), 2), allin_net=round(float(allin_net), 2),
            luck=round(float(allin_net) - float(allin_ev), 2), ev_adjusted=round(float(net) - (float(allin_net) - float(allin_ev)), 2),
        )
        for player, (count, unknown, net, showdown, allin_hands, allin_ev, allin_net) in sums.items()
    ]
    results.sort(key=lambda p: (-p.hands, -p.net_won, p.player))
    unknown = [player for player in dict.fromkeys(players) if player not in sums]
    return HistoryResult(hands=int(hands), players=results, series=drawn, unknown=unknown, unknown_results=int(unknown_results),
                         money=chosen, moneys=moneys)


def stats(ctx: Context, by_position: bool = False, **chosen: Any) -> StatsResult:
    """A tracker's statistics per player (or per player and position) over the imported
    hands the filters keep (``stats.filters``: players, positions, since and until dates,
    stakes, game; ``history_hand_stats``, 065, as stored at import: ``stored_hand_stats``, 066).
    A filter that keeps no hand: no row; a player asked for whom no hand has is named in
    ``StatsResult.unknown``."""
    from . import stats

    if ctx.engine.imports_histories_refused:
        raise BadInput(f"stats does not run on {ctx.engine.title}: {ctx.engine.imports_histories_refused}")
    ensure_lookups(ctx, tuple(history_stored.STORED))
    chosen, there, moneys = stats.scoped(ctx.engine, **chosen)
    where, params = stats.filters(**chosen)
    with ctx.watching("stats: every imported hand"):
        seats = (len(set(chosen.get("players") or ())), len(chosen.get("positions") or ()))
        result = stats.player_stats(ctx.engine, where, params, by_position or bool(chosen.get("positions")), seats)
        result.unknown = stats.unknown_players(ctx.engine, chosen.get("players") or (), result)
        result.games = there
        result.money, result.moneys = chosen["money"], moneys
        return result
