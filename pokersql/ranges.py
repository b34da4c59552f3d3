"""Hold'em ranges: players given as hands, ranges or random, and their exact equity.

The notation (PokerStove's forms, weights, suit patterns, top percentages) is parsed in
``range_text``; a range's weights go to range_input (016) as whole numbers, each player's
weights multiplied by its ``weight_scale`` (the smallest whole number that makes them whole), so
weighted wins, ties and deals come out multiplied by the players' scales multiplied together.

A player's text that is two cards ("AhAd", "Ah Kd") is a hand; anything else is a range.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .cards import card_name, parse_cards
from .errors import BadInput
from .range_text import Combo, all_combos, class_combos, combo_class, parse_weighted, whole_weights
from .results import ComboEquity, EquityPlayer, EquityResult, NextCard

__all__ = ["Combo", "all_combos", "class_combos", "parse_range", "parse_weighted"]

RANDOM = "random"
POT_SHARES = 2520  # a pot split in 2520ths: divisible by every number of winners, 1 to 10


def pot_share(parts: int, pots: int, whole: int = POT_SHARES) -> float:
    """A player's equity: its parts of the pots counted over all of them (``whole`` parts a pot:
    Hold'em's and the high games' 2520, a split pot's 5040), 0 where no pot was counted. Every
    equity pokersql gives is divided here, once."""
    return int(parts) / (whole * int(pots)) if pots else 0.0


def parse_range(text: str) -> list[Combo]:
    """Every combination of a range with a weight above 0, each once, in card order (the higher card first)."""
    if text.strip().lower() == RANDOM:
        return all_combos()
    return [c for c, weight in parse_weighted(text).items() if weight]


@dataclass
class Player:
    """One player of equity: a hand (one combination) or a range, as typed."""

    text: str
    combos: list[Combo]  # a hand's one combination keeps its cards as typed
    is_hand: bool
    weights: dict[Combo, Fraction] | None = None  # a range with a weight other than 1

    @property
    def weight_scale(self) -> int:
        """The smallest whole number that makes every weight whole: range_input's weight is
        weight x weight_scale (1 without weights; range_text.whole_weights for weights too fine
        for range_input's integer)."""
        return self._whole[0] if self.weights else 1

    def whole_weight(self, combination: Combo) -> int:
        return self._whole[1][combination] if self.weights else 1

    @functools.cached_property
    def _whole(self) -> tuple[int, dict[Combo, int]]:
        return whole_weights(self.weights or {})

    @property
    def is_random(self) -> bool:
        return not self.is_hand and self.text.strip().lower() == RANDOM

    def question(self) -> list[int] | str:
        """What the player is in the question that seeds Monte Carlo (question_seed): a
        hand's card ids in order, or the range's text without spaces, in lower case."""
        if self.is_hand:
            return sorted(self.combos[0])
        return "".join(self.text.split()).lower()

    def label(self) -> list[str] | str:
        """The JSON's "hand" (the cards) or "range" (the text as typed, without spaces)."""
        if self.is_hand:
            return [card_name(c) for c in self.combos[0]]  # as typed
        return "".join(self.text.split())


def parse_player(text: str | list[str] | tuple[str, ...], number: int) -> Player:
    """A hand if the text is two cards, else a range; BadInput names the bad part."""
    if not isinstance(text, str):
        text = " ".join(text)
    try:
        cards = parse_cards(text)
    except BadInput:
        cards = None
    if cards is not None and len(cards) == 2:
        first, second = cards
        return Player(text=text, combos=[(first, second)], is_hand=True)
    if cards is not None and cards and "," not in text:
        given = " ".join(card_name(c) for c in cards)
        raise BadInput(f"hand {number} needs 2 hole cards, got {len(cards)}: {given}")
    if not text.strip():
        raise BadInput(f"hand {number} is empty: give two cards, a range or random")
    if text.strip().lower() == RANDOM:
        return Player(text=text, combos=all_combos(), is_hand=False)
    weights = parse_weighted(text)
    combos = [c for c, weight in weights.items() if weight]
    if not combos:
        raise BadInput(f"range {''.join(text.split())!r} of player {number} has every weight 0: no combination")
    weighted = {c: weights[c] for c in combos} if any(weights[c] != 1 for c in combos) else None
    return Player(text=text, combos=combos, is_hand=False, weights=weighted)


def remove_known(players: list[Player], known: set[int]) -> list[list[Combo]]:
    """Each player's combinations that miss the known cards (board, dead, the hands);
    BadInput names a range left with none."""
    hands = {c for p in players if p.is_hand for c in p.combos[0]}
    live = []
    for number, player in enumerate(players, start=1):
        blocked = known if player.is_hand else known | hands
        combos = [c for c in player.combos if c[0] not in blocked and c[1] not in blocked]
        if not combos:
            raise BadInput(f"range {player.label()!r} of player {number} has no combination left after card removal")
        live.append(combos)
    return live




# -- equity of ranges -----------------------------------------------------------------------

# Known hands alone are always exact: every board, by its classes (015), at most 1,712,304
# boards. Otherwise the default is exact when the engine's estimate of it (EquityCosts, fitted
# by bench/equity_cost.py) is no slower than Monte Carlo's DEFAULT_TRIALS, or takes a few
# seconds anyway; exact is refused (with --exact too) when estimated at more than
# EXACT_SECONDS_MAX: random random random, 22+,A2+ vs 22+,K2+ before the flop.
EXACT_SECONDS_ANYWAY = 5.0
EXACT_SECONDS_MAX = 4 * 3600.0
DEFAULT_TRIALS = 100_000  # Monte Carlo runouts when exact would be slower and no --trials


def exact_seconds(work: int, costs: Any) -> float:
    return costs.exact_start + costs.exact_per_work * work


def choose_exact(work: int, costs: Any) -> bool:
    """The default: exact when its estimate is within a few seconds, or under Monte Carlo's."""
    return exact_seconds(work, costs) <= max(EXACT_SECONDS_ANYWAY, costs.trial * DEFAULT_TRIALS) and feasible(work, costs)


def feasible(work: int, costs: Any) -> bool:
    return exact_seconds(work, costs) <= EXACT_SECONDS_MAX


def check_feasible(work: int, costs: Any, engine_name: str) -> None:
    """BadInput, one line, when exact work is estimated at more than EXACT_SECONDS_MAX."""
    if not feasible(work, costs):
        hours = exact_seconds(work, costs) / 3600
        raise BadInput(
            f"exact equity here is {work:,} deals x boards, about {hours:,.1f} hours on {engine_name}: "
            f"too much to count; ask for Monte Carlo instead, e.g. --trials {DEFAULT_TRIALS}"
        )



def one_random_opponent(players: list[Player]) -> bool:
    """Known hands and one random hand: random_opponent_equity (019) counts those without dealing them."""
    return sum(p.is_random for p in players) == 1 and all(p.is_hand or p.is_random for p in players)


def check_a_deal_exists(players: list[Player], live: list[list[Combo]]) -> None:
    """BadInput unless the range players' live combinations hold one deal with no card twice
    (Monte Carlo draws them by rejection, which would otherwise never end)."""
    drawn = sorted((combos for p, combos in zip(players, live) if not (p.is_hand or p.is_random)), key=len)

    def fits(seat: int, used: frozenset[int]) -> bool:
        if seat == len(drawn):
            return True
        return any(a not in used and b not in used and fits(seat + 1, used | {a, b}) for a, b in drawn[seat])

    if not fits(0, frozenset()):
        raise BadInput("no deal is possible: the ranges leave no combination for every player at once")


def exact_work(live: list[list[Combo]], board: list[int], dead: list[int], players: list[Player] | None = None) -> int:
    """The estimate that decides whether exact is the default (choose_exact, above): deals of
    combinations x boards; against one random hand, boards x 364 patterns of the random hand."""
    if players is not None and one_random_opponent(players):
        known = len(board) + len(dead) + 2 * (len(players) - 1)
        return math.comb(52 - known, 5 - len(board)) * 364
    deals = math.prod(len(combos) for combos in live)
    return deals * math.comb(52 - len(board) - len(dead), 5 - len(board))


def question_seed(game: str, players: list[list[int] | str], board: list[int], dead: list[int], trials: int) -> int:
    """Monte Carlo's seed when none is given, from the question: the game, each player (a
    hand's card ids in order, a range's text, "random"), the board's and the dead cards' ids
    in order, and the trials; the first bytes of SHA-256 of them, below 2^31. The same
    question gives the same answer on every run and machine (Python's hash() is salted per
    process); --seed gives another draw."""
    question = json.dumps([game, players, sorted(board), sorted(dead), trials])
    return int.from_bytes(hashlib.sha256(question.encode("utf-8")).digest()[:8], "big") % 2**31


def std_error(wins: int, equity: float, trials: int) -> float:
    """Standard error of a Monte Carlo equity: the spread of one runout's share x (1 won,
    1/k split k ways, 0 lost) over sqrt(trials). The sum of x^2 counts a split as a half
    (exact heads-up; a little wide when three or more split)."""
    if trials < 2:
        return float("nan")
    split_shares = max(0.0, equity * trials - wins)
    mean_square = (wins + split_shares / 2) / trials
    return math.sqrt(max(0.0, mean_square - equity * equity) / (trials - 1))


def range_rows(live: list[list[Combo]], players: list[Player] | None = None) -> list[tuple[int, int, int, int]]:
    """Each player's live combinations as rows of range_input (016): player, the higher card,
    the lower, the weight times the player's weight_scale (1 without weights)."""
    return [
        (number, max(combo), min(combo), players[number - 1].whole_weight(combo) if players else 1)
        for number, combos in enumerate(live, start=1)
        for combo in combos
    ]


def weight_scale(players: list[Player]) -> int:
    """What weighted counts (wins, ties, deals) are multiplied by: the players' weight_scales multiplied."""
    return math.prod(player.weight_scale for player in players)


# The next street of ranges (018), per slice of the deals: summed, then the leaders found.
RANGE_STREET_QUERY = "select next_card, player, runouts, pot_shares from range_street_equity"


def exact_range_equity(
    engine: Any, give: Callable[..., None], players: list[Player], live: list[list[Combo]], slice_work: int,
    by_combo: int | None = None,
    next_street: bool = False,
) -> EquityResult:
    """Inside the inputs of board_input and dead_input (``give`` sets range_input): the range_equity view,
    in slices of the widest player's combinations, each at most ``slice_work`` of exact_work
    (the deals of a slice are those with that player's combination in it: the slices add up).
    ``by_combo`` (a player's number): range_combo_equity instead, each player's totals its
    combinations' summed, and that player's combinations kept in ``EquityPlayer.by_combo``.
    ``next_street``: range_street_equity (049) too, each card's counts summed over the slices
    and its leaders the players with the most pot shares then (as that view's leads)."""
    widest = max(range(len(live)), key=lambda n: len(live[n]))
    board = _count(engine, "board_input")
    work = math.prod(len(combos) for combos in live) * math.comb(52 - board - _count(engine, "dead_input"), 5 - board)
    size = max(1, len(live[widest]) * slice_work // max(1, work))
    totals = [[0, 0, 0] for _ in players]  # wins, ties, pot_shares
    dealt: list[set[Combo]] = [set() for _ in players]
    combo_totals: dict[Combo, list[int]] = {}  # deals, wins, ties, pot_shares of by_combo's combinations
    deals = 0
    street: dict[tuple[int, int], list[int]] = {}  # (next card, player): runouts, pot_shares
    for first in range(0, len(live[widest]), size):
        part = [combos[first : first + size] if n == widest else combos for n, combos in enumerate(live)]
        give(range_input=range_rows(part, players))
        if by_combo is None:
            rows = engine.execute("select player, deals, wins, ties, pot_shares from range_equity order by player")
            pairs = engine.execute("select distinct player, card_1, card_2 from range_deal_hands")
        else:
            combo_rows = engine.execute("select player, card_1, card_2, deals, wins, ties, pot_shares from range_combo_equity")
            rows = _player_rows(combo_rows)
            pairs = [row[:3] for row in combo_rows]
            for player, high, low, *counts in combo_rows:
                if int(player) == by_combo:
                    kept = combo_totals.setdefault((int(high), int(low)), [0, 0, 0, 0])
                    kept[:] = [a + int(b) for a, b in zip(kept, counts)]
        if len(rows) != len(players):
            continue  # no deal holds a combination of this slice
        deals += int(rows[0][1])
        for total, (_, _, wins, ties, shares) in zip(totals, rows):
            total[0], total[1], total[2] = total[0] + int(wins), total[1] + int(ties), total[2] + int(shares)
        for player, high, low in pairs:
            dealt[int(player) - 1].add((int(high), int(low)))
        if next_street:
            for card, player, runouts, shares in engine.execute(RANGE_STREET_QUERY):
                kept = street.setdefault((int(card), int(player)), [0, 0])
                kept[0], kept[1] = kept[0] + int(runouts), kept[1] + int(shares)
    if not deals:
        raise BadInput("no deal is possible: the ranges leave no combination for every player at once")
    counts = [(len(combos), wins, ties, pot_share(shares, deals)) for combos, (wins, ties, shares) in zip(dealt, totals)]
    result = _result(players, _boards(engine, players), deals, counts)
    if by_combo is not None:
        player = players[by_combo - 1]
        result.players[by_combo - 1].by_combo = combo_equities(
            player, [(c, d, w, t, pot_share(shares, d)) for c, (d, w, t, shares) in combo_totals.items()]
        )
    if next_street:
        best = {}
        for (card, _), (_, shares) in street.items():
            best[card] = max(best.get(card, shares), shares)
        rows = [(card, player, shares, runouts, int(shares == best[card])) for (card, player), (runouts, shares) in sorted(street.items())]
        add_next_street(result, rows, board)
    return result


def combo_of(cards: Combo) -> Combo:
    """A hand's two cards as a combination, the higher first."""
    return (max(cards), min(cards))


def _player_rows(combo_rows: list[tuple]) -> list[tuple[int, int, int, int, int]]:
    """range_equity's rows (player, deals, wins, ties, pot_shares) from range_combo_equity's: each
    player's combinations summed (every deal holds one combination of each player)."""
    summed: dict[int, list[int]] = {}
    for player, _, _, *counts in combo_rows:
        summed[int(player)] = [a + int(b) for a, b in zip(summed.get(int(player), [0, 0, 0, 0]), counts)]
    return [(player, *summed[player]) for player in sorted(summed)]


def combo_equities(player: Player, rows: list[tuple[Combo, int, int, int, float]]) -> list[ComboEquity]:
    """A player's combinations (combination, deals, wins, ties, equity) as ComboEquity rows, the
    best equity first (then card order); counts weighed as the result's."""
    ordered = sorted(rows, key=lambda row: (-row[4], [-card for card in row[0]]))
    return [
        ComboEquity(
            cards=[card_name(c[0]), card_name(c[1])],
            hand_class=combo_class(c),
            weight=float(player.weights[c]) if player.weights else 1.0,
            deals=deals,
            wins=wins,
            ties=ties,
            equity=equity,
        )
        for c, deals, wins, ties, equity in ordered
    ]


def random_opponent_equity(engine: Any, players: list[Player]) -> EquityResult:
    """Inside the inputs of hand_input, random_hand_input, board_input and dead_input: the
    random_opponent_equity view."""
    rows = engine.execute("select player, combos, deals, wins, ties, pot_shares from random_opponent_equity order by player")
    return _exact_result(engine, players, rows)


def _exact_result(engine: Any, players: list[Player], rows: list[tuple]) -> EquityResult:
    """Rows of random_opponent_equity (player, combos, deals, wins, ties, pot_shares) as a result."""
    deals = int(rows[0][2])
    counts = [(int(combos), int(wins), int(ties), pot_share(shares, deals)) for _, combos, _, wins, ties, shares in rows]
    return _result(players, _boards(engine, players), deals, counts)


def _boards(engine: Any, players: list[Player]) -> int:
    """The boards of one deal: every set of the cards still to come, from the cards left."""
    board = _count(engine, "board_input")
    return math.comb(52 - board - _count(engine, "dead_input") - 2 * len(players), 5 - board)


def _result(players: list[Player], boards: int, deals: int, counts: list[tuple[int, int, int, float]]) -> EquityResult:
    """An exact result: each player's (combos, wins, ties, equity), as Python ints and floats
    whatever type the engine gave (Spark's decimals)."""
    return EquityResult(
        exact=True,
        boards=boards,
        deals=deals,
        weight_scale=weight_scale(players) if any(p.weights for p in players) else None,
        players=[
            EquityPlayer(
                hand=player.label() if player.is_hand else None,
                range=None if player.is_hand else player.label(),
                combos=combos,
                wins=wins,
                ties=ties,
                equity=equity,
            )
            for player, (combos, wins, ties, equity) in zip(players, counts)
        ],
    )


def _count(engine: Any, table: str) -> int:
    return engine.execute(f"select count(*) from {table}")[0][0]


def add_next_street(result: EquityResult, rows: list[tuple[int, int, int, int, int]], board_size: int) -> None:
    """street_equity's rows (next_card, player, pot_shares, runouts, leads; or a game's street
    view, 039), in card and player order, onto ``result``: one NextCard per card, and each
    player's outs; the street is the turn on a flop (``board_size`` 3), else the river."""
    result.next_street_name = "turn" if board_size == 3 else "river"
    by_card: dict[int, list[tuple[int, int, int, int, int]]] = {}
    for row in rows:
        by_card.setdefault(row[0], []).append(row)
    result.next_street = [
        NextCard(
            card=card_name(card),
            leaders=[player for _, player, _, _, leads in seats if leads],
            equity=[pot_share(shares, runouts) for _, _, shares, runouts, _ in seats],
            runouts=seats[0][3],
        )
        for card, seats in by_card.items()
    ]
    for number, player in enumerate(result.players, start=1):
        player.outs = [card.card for card in result.next_street if number in card.leaders]
