"""``pokersql report``: one player's imported hands gathered for a page (``report_page.render``, which writes it).

Everything is read from the tables and views the tracker keeps (docs/histories-tables.md):
the statistics are ``stats``' own answer (``Database.stats``, the same filters), the lines over
the hands are the player's rows of ``history_hand_stats`` (as stored at import) in the order
played, with ``history_allin_ev``'s luck, and the biggest pots are replayed from
``history_actions``, ``history_board``, ``history_seats`` and ``history_results``. Amounts are
in big blinds wherever hands of several stakes, currencies or tournaments meet (the lines,
the tables by position and stakes, the pots), so no sum adds one currency to another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import BadInput
from .money import note
from .stats import StatsResult, filters, scoped

BIGGEST_POTS = 5
MOST_POINTS = 2000  # the points of a line drawn: a longer line is drawn through every k-th hand
STREETS = ("preflop", "flop", "turn", "river")


@dataclass
class Line:
    """The player's hands in the order played, as running sums in big blinds: net won, net with
    the all-ins paid by equity, won at showdown and won without showdown. ``hand``: the number
    (from 1) of each hand drawn: every hand up to ``MOST_POINTS``, else every k-th and the last."""

    hands: int = 0
    hand: list[int] = field(default_factory=list)
    net: list[float] = field(default_factory=list)
    ev_adjusted: list[float] = field(default_factory=list)
    showdown: list[float] = field(default_factory=list)
    no_showdown: list[float] = field(default_factory=list)


@dataclass
class Stakes:
    currency: str | None
    tournament: bool
    small_blind: float
    big_blind: float
    hands: int
    bb_per_100: float | None


@dataclass
class Pot:
    """One hand replayed: its header, the seats (hole cards where known), each street's board
    and actions, and who collected what."""

    site: str
    hand_id: str
    played_at: str | None
    game: str
    small_blind: float
    big_blind: float
    currency: str | None
    total_pot: float
    seats: list[tuple[int, str, float, str | None]]  # seat, player, starting stack, hole cards
    streets: list[tuple[str, list[str], list[tuple[str, str, float, bool]]]]  # street, board cards, (player, action, amount, all in)
    collected: list[tuple[str, float]]


@dataclass
class Report:
    player: str
    chosen: dict[str, Any]  # the filters, as given (the title says them)
    stats: StatsResult  # every player's, as `stats` prints them with these filters
    by_position: StatsResult  # the player's, a row per position
    stakes: list[Stakes]
    line: Line
    pots: list[Pot]


def player_of(db: Any, players: Sequence[str], kept: StatsResult) -> str:
    """The report's player: the one asked for, else the hero (histories/hero.py) if the hands
    the filters keep have them, else the player in the most of those hands (files that show
    every seat's cards have no hero). ``kept``: every player's statistics under the filters."""
    from .histories.hero import hero

    if len(players) > 1:
        raise BadInput(f"report --player: one player a report ({', '.join(players)} given)")
    there = [row.player for row in kept.players]  # the most hands first
    if players:
        if players[0] not in there:
            raise BadInput(f"report --player {players[0]!r}: no imported hand the filters keep has this player"
                           " (`pokersql stats` lists the players)")
        return players[0]
    if not there:
        raise BadInput("report: no imported hand is kept (none imported: pokersql import FILE... first; or widen the filters)")
    try:
        found = hero(db.engine, "report")
    except BadInput:
        found = None
    return found if found in there else there[0]


def gather(db: Any, players: Sequence[str] = (), **chosen: Any) -> Report:
    """The report of one player over the hands the filters keep (``stats.filters``: since,
    until, stakes, game)."""
    from .histories import stored

    every = db.stats(**chosen)
    if every.games:
        raise BadInput(f"report --game {chosen['game']!r}: no imported hand is of this game (the games there are: {', '.join(every.games)})")
    if every.money is not None and not every.money.hands:
        raise BadInput(f"report: {note(every.money, every.moneys)}")
    player = player_of(db, players, every)
    mine = db.stats(players=(player,), by_position=True, **chosen)
    where, params = filters(**scoped(db.engine, players=(player,), **chosen)[0])  # mine's: its money, its games
    table = stored.source(db.engine, "history_hand_stats")
    kept = f"(select * from {table}{where}) as s"
    stakes = [
        Stakes(currency, tournament_id is not None, float(small), float(big), int(hands), round(100 * float(net_bb) / known, 2) if known else None)
        for currency, tournament_id, small, big, hands, net_bb, known in db.engine.execute(
            "select s.currency, min(h.tournament_id), s.small_blind, s.big_blind, count(*), sum(s.net / s.big_blind), count(s.net) "
            f"from {kept} join history_hands as h on h.site = s.site and h.hand_id = s.hand_id "
            "group by s.currency, h.tournament_id is not null, s.small_blind, s.big_blind "
            "order by count(*) desc, s.big_blind desc", params)
    ]
    return Report(player, chosen, every, mine, stakes, _line(db, kept, params), _pots(db, kept, params))


def _line(db: Any, kept: str, params: Sequence[Any]) -> Line:
    """The running sums, summed by the engine (a window in the order played); a million hands
    come back as ``MOST_POINTS`` rows."""
    from .histories import stored

    allin = stored.source(db.engine, "history_allin_ev")
    kept = f"(select * from {kept} where s.net is not null) as s"  # a hand of unknown result (067): no step in the lines
    hands = int(db.engine.execute(f"select count(*) from {kept}", params)[0][0])
    step = max(1, -(-hands // MOST_POINTS))
    line = Line(hands)
    for row in db.engine.execute(
        "select n, net, ev_adjusted, showdown, no_showdown from (select n, "
        "sum(net) over w as net, sum(net - luck) over w as ev_adjusted, "
        "sum(case when saw_showdown then net else 0 end) over w as showdown, "
        "sum(case when saw_showdown then 0 else net end) over w as no_showdown "
        "from (select s.net / s.big_blind as net, coalesce(a.luck, 0) / s.big_blind as luck, s.saw_showdown, "
        "row_number() over (order by h.played_at, h.source_file, h.source_line, h.hand_id) as n "
        f"from {kept} join history_hands as h on h.site = s.site and h.hand_id = s.hand_id "
        f"left join {allin} as a on a.site = s.site and a.hand_id = s.hand_id and a.seat = s.seat) as played "
        "window w as (order by n rows between unbounded preceding and current row)) as summed "
        f"where (n - 1) % {step} = 0 or n = {hands} order by n", params):
        line.hand.append(int(row[0]))
        for values, value in zip((line.net, line.ev_adjusted, line.showdown, line.no_showdown), row[1:]):
            values.append(round(float(value), 4))
    return line


def _pots(db: Any, kept: str, params: Sequence[Any]) -> list[Pot]:
    execute = db.engine.execute
    pots = []
    for site, hand_id, played_at, game, small, big, currency, total in execute(
        "select h.site, h.hand_id, h.played_at, h.game, h.small_blind, h.big_blind, h.currency, h.total_pot "
        f"from {kept} join history_hands as h on h.site = s.site and h.hand_id = s.hand_id "
        f"order by h.total_pot / h.big_blind desc, h.played_at, h.hand_id limit {BIGGEST_POTS}", params):
        key = (site, hand_id)
        shown = {seat: cards for seat, cards in execute(
            "select seat, shown_cards from history_results where site = ? and hand_id = ? and shown_cards is not null", key)}
        seats = [(int(seat), str(player), float(stack), cards or shown.get(seat)) for seat, player, stack, cards in execute(
            "select seat, player, starting_stack, hole_cards from history_seats where site = ? and hand_id = ? order by seat", key)]
        board: dict[str, list[str]] = {}
        for street, card, board_no in execute(
                "select street, card, board_no from history_board where site = ? and hand_id = ? order by board_no, card_no", key):
            board.setdefault(street, []).append(card if board_no == 1 else f"{card} (board {board_no})")
        actions: dict[str, list[tuple[str, str, float, bool]]] = {}
        for street, player, action, amount, all_in in execute(
                "select street, player, action, amount, all_in from history_actions where site = ? and hand_id = ? order by action_no", key):
            actions.setdefault(street, []).append((str(player), str(action), float(amount or 0), bool(all_in)))
        streets = [(street, board.get(street, []), actions.get(street, [])) for street in STREETS if street in board or street in actions]
        streets += [(street, board[street], actions.get(street, [])) for street in board if street not in STREETS]
        collected = [(str(player), float(amount)) for player, amount in execute(
            "select player, collected from history_results where site = ? and hand_id = ? and collected > 0 order by collected desc, seat", key)]
        pots.append(Pot(str(site), str(hand_id), None if played_at is None else str(played_at), str(game), float(small), float(big),
                        currency, float(total), seats, streets, collected))
    return pots
