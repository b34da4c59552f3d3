"""The tracker: hand histories imported (``import_histories``), and what they tell of each
player (``history``, ``stats``)."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import histories, migrations
from .context import MEMORY, Context
from .engines.postgres import masked
from .errors import BadInput
from .first_use import drop_lookup_copy, ensure_lookups
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
    ``sql/07_histories/`` (028): hands, seats, actions, board, results.

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
    for path in paths:
        histories.detect(path)  # every file, before anything is read or written
    folder = _parquet_folder(ctx, parquet, overwrite) if parquet is not None else None
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
            if history_stored.is_stored(ctx.engine):  # the new hands' stored rows (063), only theirs
                history_stored.fill(ctx.engine, progress=ctx.progress)
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


def history(ctx: Context, players: Sequence[str] = ()) -> HistoryResult:
    """The imported hands per player (``history_player_hands`` and ``history_allin_ev``, 032, as
    stored at import: ``stored_player_hands`` and ``stored_allin_ev``, 063):
    hands, net won, won at showdown, and the all-in hands' EV against what they netted (the
    luck); ``players``: only these (each must have a hand: else BadInput). ``series``: each
    player's cumulative net and all-in adjusted net, hand by hand in the order played."""
    if ctx.engine.imports_histories_refused:
        raise BadInput(f"history does not run on {ctx.engine.title}: {ctx.engine.imports_histories_refused}")
    ensure_lookups(ctx, tuple(history_stored.STORED))
    with ctx.watching("history: every imported hand, as stored"):
        hands_played = ctx.engine.execute(
            f"select site, hand_id, seat, player, net, showdown from {history_stored.source(ctx.engine, 'history_player_hands')} "
            "order by played_at, source_file, source_line, hand_id, seat"
        )
        luck = {(site, hand_id, seat): float(value) for site, hand_id, seat, value in ctx.engine.execute(
            f"select site, hand_id, seat, luck from {history_stored.source(ctx.engine, 'history_allin_ev')}")}
    rows = [(player, net, showdown, (site, hand_id, seat) in luck, float(net) - luck.get((site, hand_id, seat), 0.0))
            for site, hand_id, seat, player, net, showdown in hands_played]
    wanted = list(dict.fromkeys(players))
    held = {row[0] for row in rows}
    for player in wanted:
        if player not in held:
            raise BadInput(f"history --player {player!r}: no imported hand has that player")
    sums: dict[str, list[float]] = {}
    series: dict[str, list[tuple[float, float]]] = {}
    for player, net, showdown, allin, ev_net in rows:
        if wanted and player not in wanted:
            continue
        net, ev_net = float(net), float(ev_net)
        total = sums.setdefault(player, [0, 0.0, 0.0, 0, 0.0, 0.0])
        total[0] += 1
        total[1] += net
        total[2] += net if showdown else 0.0
        total[3] += 1 if allin else 0
        total[4] += ev_net if allin else 0.0
        total[5] += net if allin else 0.0
        line = series.setdefault(player, [])
        last = line[-1] if line else (0.0, 0.0)
        line.append((last[0] + net, last[1] + ev_net))
    hands = ctx.engine.execute("select count(*) from history_hands")[0][0]
    results = [
        PlayerHistory(
            player=player, hands=count, net_won=round(net, 2), won_at_showdown=round(showdown, 2),
            allin_hands=allin, allin_ev=round(allin_ev, 2), allin_net=round(allin_net, 2),
            luck=round(allin_net - allin_ev, 2), ev_adjusted=round(net - (allin_net - allin_ev), 2),
        )
        for player, (count, net, showdown, allin, allin_ev, allin_net) in sums.items()
    ]
    results.sort(key=lambda p: (-p.hands, -p.net_won, p.player))
    return HistoryResult(hands=int(hands), players=results, series=series)


def stats(ctx: Context, by_position: bool = False, **chosen: Any) -> StatsResult:
    """A tracker's statistics per player (or per player and position) over the imported
    hands the filters keep (``stats.filters``: players, positions, since and until dates,
    stakes, game; ``history_hand_stats``, 044, as stored at import: ``stored_hand_stats``, 063).
    A filter that keeps no hand: no row."""
    from . import stats

    if ctx.engine.imports_histories_refused:
        raise BadInput(f"stats does not run on {ctx.engine.title}: {ctx.engine.imports_histories_refused}")
    where, params = stats.filters(**chosen)
    ensure_lookups(ctx, tuple(history_stored.STORED))
    with ctx.watching("stats: every imported hand"):
        return stats.player_stats(ctx.engine, where, params, by_position or bool(chosen.get("positions")))
