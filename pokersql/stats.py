"""``pokersql stats``: a tracker's statistics per player, from ``history_hand_stats`` (065), as
stored at import (``stored_hand_stats``, 066).

The view gives one row per seat per hand, a boolean for each chance and each action; this
module sums them over the hands a filter keeps (players, positions, dates, stakes, game) and
gives each statistic as a percentage of its chances, as ``history_player_stats`` does over
every hand (a test checks the two agree). The definitions are in docs/histories-stats.md.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from .errors import BadInput
from .money import Money, hands_where, keeping
from .output import Output, present
from .results import _Frames

POSITIONS = ("BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO")
# Each percentage: (its name, the action's column, the chance's column); VPIP's and PFR's: every
# hand but a walk (PokerTracker 4's), in a game with a street before the flop (NULL in stud's and
# razz's hands). The aggression figures and bb/100 are below.
PERCENTAGES = (
    ("vpip", "vpip", "vpip is not null and not walk"),
    ("pfr", "pfr", "pfr is not null and not walk"),
    ("three_bet", "three_bet", "three_bet_chance"),
    ("fold_to_three_bet", "fold_to_three_bet", "fold_to_three_bet_chance"),
    ("four_bet", "four_bet", "four_bet_chance"),
    ("rfi", "rfi", "rfi_chance"),
    ("steal", "steal", "steal_chance"),
    ("sb_fold_to_steal", "sb_fold_to_steal", "sb_fold_to_steal_chance"),
    ("bb_fold_to_steal", "bb_fold_to_steal", "bb_fold_to_steal_chance"),
    ("cbet_flop", "cbet_flop", "cbet_flop_chance"),
    ("fold_to_cbet_flop", "fold_to_cbet_flop", "fold_to_cbet_flop_chance"),
    ("cbet_turn", "cbet_turn", "cbet_turn_chance"),
    ("fold_to_cbet_turn", "fold_to_cbet_turn", "fold_to_cbet_turn_chance"),
    ("wtsd", "saw_showdown", "saw_flop"),
    # W$SD and WWSF: of the hands whose result is known (won NULL: unknown, 067)
    ("wsd", "won_at_showdown", "saw_showdown and won_at_showdown is not null"),
    ("wwsf", "won_when_saw_flop", "saw_flop and won_when_saw_flop is not null"),
)
POSTFLOP = ("flop", "turn", "river")
AGGRESSIVE = " + ".join(f"{street}_bets + {street}_raises" for street in POSTFLOP)
CALLS = " + ".join(f"{street}_calls" for street in POSTFLOP)
FOLDS = " + ".join(f"{street}_folds" for street in POSTFLOP)


@dataclass
class PlayerStats:
    """One player's statistics (``position``: 'all', or the one position of the row): hands,
    percentages of their chances (None without a chance), the aggression factor after the
    flop ((bets + raises) / calls), its frequency (as a percentage of bets, raises, calls and
    folds), bb/100 (net won, after rake, in big blinds per 100 hands) and the hands whose result
    is unknown (``unknown_results``: left out of W$SD, WWSF and bb/100)."""

    player: str
    position: str
    hands: int
    vpip: float | None
    pfr: float | None
    three_bet: float | None
    fold_to_three_bet: float | None
    four_bet: float | None
    rfi: float | None
    steal: float | None
    sb_fold_to_steal: float | None
    bb_fold_to_steal: float | None
    cbet_flop: float | None
    fold_to_cbet_flop: float | None
    cbet_turn: float | None
    fold_to_cbet_turn: float | None
    wtsd: float | None
    wsd: float | None
    wwsf: float | None
    aggression_factor: float | None
    aggression_frequency: float | None
    bb_per_100: float | None
    unknown_results: int


@dataclass
class StatsResult(_Frames):
    """``stats``' answer: the hands the filters kept and a row per player (or per player and
    position); ``.df()``, one row per player."""

    hands: int
    players: list[PlayerStats]
    unknown_results: int = 0  # of the hands kept, those whose result is unknown (067)
    money: Money | None = None  # the money the sums add up (money.choose); None: no hand imported
    moneys: list[Money] = field(default_factory=list)  # every money of the imported hands (the site's)
    unknown: list[str] = field(default_factory=list)  # the players asked for whom no imported hand has (not in the JSON: a note on stderr)
    games: list[str] = field(default_factory=list)  # when --game matched no imported game: the games there are (a note on stderr)
    _rows_field = "players"

    def to_dict(self) -> dict[str, Any]:
        return {"hands": self.hands, "unknown_results": self.unknown_results, "money": self.money and self.money.to_dict(),
                "moneys": [money.to_dict() for money in self.moneys], "players": self.records()}


def _count(column: str | None, dialect: str) -> str:
    """The rows where ``column`` is true (None: every hand but a walk). DuckDB's ``count_if``
    reads a million hands' rows in half the time of the portable sum of a case."""
    column = column or "not walk"
    return f"count_if({column})" if dialect == "duckdb" else f"sum(case when {column} then 1 else 0 end)"


def _ratio(done: Any, chances: Any, scale: float = 100.0) -> float | None:
    return round(scale * float(done) / float(chances), 2) if chances else None


def _date(value: str, option: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise BadInput(f"stats {option} {value!r}: not a date (YYYY-MM-DD)") from None


def _stakes(value: str) -> tuple[float, float]:
    match = re.fullmatch(r"\s*([0-9.]+)\s*/\s*([0-9.]+)\s*", value)
    try:
        if match is None:
            raise InvalidOperation
        return float(Decimal(match.group(1))), float(Decimal(match.group(2)))
    except InvalidOperation:
        raise BadInput(f"stats --stakes {value!r}: not stakes (small blind/big blind, such as 0.25/0.50 or 50/100)") from None


def filters(
    players: Sequence[str] = (), positions: Sequence[str] = (), since: str | None = None, until: str | None = None,
    stakes: str | None = None, game: str | Sequence[tuple[str, str]] | None = None, money: Money | None = None,
    site: str | None = None,
) -> tuple[str, list[Any]]:
    """The where clause and its parameters; BadInput for a date or stakes that cannot be read.
    ``game``: the game's name as imported (any case), or the (site, game) pairs ``games_named``
    gives; ``money`` and ``site``: money.keeping's."""
    clauses, params = keeping(money, site, currency=True)  # the tables stats reads have the hand's currency
    for column, values in (("player", list(dict.fromkeys(players))), ("position", [p.upper() for p in positions])):
        if values:
            clauses.append(f"{column} in ({', '.join('?' for _ in values)})")
            params += values
    if since is not None:
        clauses.append("played_at >= ?")
        params.append(_date(since, "--since").isoformat())
    if until is not None:
        clauses.append("played_at < ?")
        params.append((_date(until, "--until") + datetime.timedelta(days=1)).isoformat())
    if stakes is not None:
        clauses.append("small_blind = ? and big_blind = ?")
        params += _stakes(stakes)
    if isinstance(game, str):
        clauses.append("lower(game) = lower(?)")
        params.append(game)
    elif game is not None:  # the (site, game) pairs of games_named
        clauses.append("(" + (" or ".join("(site = ? and game = ?)" for _ in game) or "1 = 0") + ")")
        params += [value for pair in game for value in pair]
    return (" where " + " and ".join(clauses) if clauses else ""), params


def hands_filters(chosen: dict[str, Any]) -> tuple[str, list[Any]]:
    """The where clause over history_hands of the filters on the hand in ``chosen`` (since,
    until, stakes, game as games_named gives it, site), and of the hands its players sat in:
    the hands whose moneys money.choose weighs."""
    where, params = filters(**{name: chosen.get(name) for name in ("since", "until", "stakes", "game", "site")})
    return hands_where(where, params, list(dict.fromkeys(chosen.get("players") or ())))


def scoped(engine: Any, **chosen: Any) -> tuple[dict[str, Any], list[str], list[Money]]:
    """``stats``' options made filters: ``--game`` as games_named reads it, and --currency, --cash
    and --tournaments made the one money (money.choose) that ``filters`` keeps. Gives the
    filters, the games there are when ``--game`` keeps none (else empty), and every money."""
    from .money import choose

    options = (chosen.pop("currency", None), chosen.pop("cash", False), chosen.pop("tournaments", False))
    there: list[str] = []
    if chosen.get("game") is not None:
        chosen["game"], there = games_named(engine, chosen["game"])
        there = [] if chosen["game"] else there
    chosen["money"], moneys = choose(engine, *options, *hands_filters(chosen))
    return chosen, there, moneys


def games_named(engine: Any, name: str) -> tuple[list[tuple[str, str]], list[str]]:
    """The (site, game) pairs of the imported hands that ``--game NAME`` keeps, and the games
    there are (for the note when none is kept). NAME is pokersql's short name (holdem, omaha8,
    stud ...: the game history_game_names, 061 and 064, gives a site's name, its longest
    matching row first, as history_hand_games reads it) or the site's name as imported ("Hold'em
    No Limit"), in any case."""
    best: dict[tuple[str, str], tuple[str, str | None]] = {}
    for site, game, site_game, short in engine.execute(
        "select hands.site, hands.game, names.site_game, names.game from (select distinct site, game from history_hands) as hands "
        "left join history_game_names as names on hands.game like names.site_game || ' %' "
        "or hands.game like 'Split ' || names.site_game || ' %' or hands.site || ' ' || hands.game like names.site_game || ' %'"
    ):
        if (site, game) not in best or len(site_game or "") > len(best[(site, game)][0]):
            best[(site, game)] = (site_game or "", short)
    wanted = name.strip().lower()
    kept = sorted(key for key, (_, short) in best.items() if wanted in (key[1].lower(), (short or "").lower()))
    there = sorted({f"{short} ({game})" if short else game for (_, game), (_, short) in best.items()})
    return kept, there


def player_stats(
    engine: Any, where: str = "", params: Sequence[Any] = (), by_position: bool = False, seats: tuple[int, int] | None = None,
) -> StatsResult:
    """Each player's statistics over the hands that ``where`` (``filters``) keeps; ``seats``:
    how many players and positions ``where`` names (None: not said), which tells how the hands
    kept are counted (``_hands``)."""
    from .histories import stored  # (not at the CLI's start: the site readers come with it)

    table = stored.source(engine, "history_hand_stats")  # stored_hand_stats, where the engine stores it
    position = "position" if by_position else "'all'"
    counts = [f"{_count(done, engine.dialect)}, {_count(chance, engine.dialect)}" for _, done, chance in PERCENTAGES]
    sql = (
        f"select player, {position}, count(*), {', '.join(counts)}, "
        f"sum({AGGRESSIVE}), sum({CALLS}), sum({AGGRESSIVE} + {CALLS} + {FOLDS}), sum(net / big_blind), count(net) "
        f"from {table}{where} group by player{', position' if by_position else ''}"
    )
    rows = []
    for player, where_sat, hands, *sums in engine.execute(sql, params):
        pairs, (aggressive, calls, actions, net_bb, known) = sums[: 2 * len(PERCENTAGES)], sums[2 * len(PERCENTAGES):]
        percentages = [_ratio(pairs[2 * i], pairs[2 * i + 1]) for i in range(len(PERCENTAGES))]
        rows.append(PlayerStats(player, where_sat, int(hands), *percentages, _ratio(aggressive, calls, 1.0),
                                _ratio(aggressive, actions), _ratio(net_bb, known), int(hands) - int(known)))
    rows.sort(key=lambda row: (-row.hands, row.player, POSITIONS.index(row.position) if row.position in POSITIONS else -1))
    # the hands of unknown result, each once (a hand's rows of two players): read only where a row has one
    unknown = engine.execute(f"select count(*) from (select distinct site, hand_id from {table}{where}{' and' if where else ' where'} "
                             "net is null) as unknown", params)[0][0] if any(row.unknown_results for row in rows) else 0
    return StatsResult(hands=_hands(engine, table, where, params, seats, rows), players=rows, unknown_results=int(unknown))


def unknown_players(engine: Any, players: Sequence[str], result: StatsResult) -> list[str]:
    """Of the players asked for and not in ``result``, those whom no imported hand has at all
    (not those whom the other filters leave out): read from ``history_seats``, whose rows are
    ``history_hand_stats``' (a seat a row), and a table on every engine (Spark plans that view
    for a minute)."""
    missing = [player for player in dict.fromkeys(players) if player not in {row.player for row in result.players}]
    if not missing:
        return []
    found = engine.execute(f"select distinct player from history_seats where player in ({', '.join('?' for _ in missing)})", missing)
    return [player for player in missing if player not in {row[0] for row in found}]


def _hands(
    engine: Any, table: str, where: str, params: Sequence[Any], seats: tuple[int, int] | None, rows: list[PlayerStats],
) -> int:
    """How many hands the filters keep. ``seats``: how many players and positions they name.
    One player: his rows are his hands (a player sits once a hand). No player and no
    position: the hands of ``history_hands`` that the filters on the hand keep (its columns'
    names are the same), each of which has its seats' rows in ``table``, without the count of
    distinct keys over every seat's row (0.6 s for a million hands). Else that count."""
    players, positions = seats or (None, None)
    if players == 1:
        return sum(row.hands for row in rows)
    if players == 0 and positions == 0:
        return int(engine.execute(f"select count(*) from history_hands{where}", params)[0][0])
    return int(engine.execute(f"select count(*) from (select distinct site, hand_id from {table}{where}) as kept", params)[0][0])


COLUMNS = tuple(PlayerStats.__dataclass_fields__)
NARROW = ("player", "hands", "vpip", "pfr", "three_bet", "wtsd", "wsd", "bb_per_100")  # the table's default: 80 columns
HEADINGS = {"position": "pos", "three_bet": "3bet", "wsd": "w$sd", "bb_per_100": "bb/100", "unknown_results": "unknown"}  # the rest: their names


def table_columns(chosen: str | None, wide: bool, by_position: bool, known: Sequence[str] = COLUMNS) -> list[str]:
    """The table's columns: ``--columns`` (names, by commas, in that order; the player always
    first), ``--wide`` (all), or the narrow default (with the position where rows are by
    position); BadInput naming a column that is not one."""
    if chosen is not None:
        names = [name.strip().lower() for name in chosen.split(",") if name.strip()]
        unknown = [name for name in names if name not in known]
        if unknown or not names:
            raise BadInput(f"--columns {chosen!r}: {'no column' if not names else 'no column ' + repr(unknown[0])}: "
                           f"the columns are {', '.join(known)}")
        return ["player", *dict.fromkeys(name for name in names if name != "player")]
    if wide:
        return list(known)
    narrow = [name for name in known if name in NARROW]
    return narrow[:1] + ["position"] + narrow[1:] if by_position and "position" in known else narrow


@present.register
def _(result: StatsResult, columns: Sequence[str] | None = None, **options: Any) -> Output:
    """One row per player (and position); JSON and CSV: every field. The table: ``columns``
    (``table_columns``: the narrow default, without a position unless a row's is not 'all')."""
    every = list(COLUMNS)
    rows = [[getattr(row, column) for column in every] for row in result.players]
    shown = list(columns) if columns else table_columns(None, False, any(row.position != "all" for row in result.players))
    at = [every.index(column) for column in shown]
    cells = [["" if row[i] is None else f"{row[i]:,.1f}" if isinstance(row[i], float) else row[i] for i in at] for row in rows]
    title = f"{result.hands:,} hand(s){' of ' + result.money.label if result.money else ''}, {len(rows)} row(s)" + (
        f", {result.unknown_results:,} of unknown result" if result.unknown_results else "")
    lines = [] if rows or result.unknown else ["No hand matches: pokersql import FILE... first, or widen the filters."]
    return Output(every, rows, result.to_dict(), title=title, cells=cells, lines=lines, show_table=True,
                  table_columns=[HEADINGS.get(column, column) for column in shown])
