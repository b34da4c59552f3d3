"""Several players, hole cards only (`pokersql odds --players N EVENT...`): how often every
EVENT (a hand or a range) is dealt in one deal of Hold'em, each to a different player.

Exact by inclusion-exclusion over the players (docs/ranges.md#several-players): a player's
*type* is the set of events its hand is in, and the deal succeeds when the events can each
be given a different player whose type holds it (a matching). Summed over the multisets of
types, each the probability that some players hold exactly those types and the others none,
which inclusion-exclusion turns into counts of pairwise disjoint combinations: SQL counts them
(range_combos, 018, one player of range_input per slot, the cards used grouped seat by seat).
Where the counts would be too many or too large, BadInput says so and offers --trials.
"""

from __future__ import annotations

import math
from itertools import combinations
import random
from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import Any

from . import deal_odds, holdem_odds, ranges
from .context import Context
from .errors import BadInput
from .first_use import ensure_ready
from .odds import CATEGORIES, OR_BETTER, answer
from .output import Output, present

# The bounds of an exact answer: counts of disjoint combinations asked of SQL, and the
# combinations of one count's slots (the product of their sizes) before the cards are grouped.
MAX_COUNTS = 300
MAX_SLOT_PRODUCT = 20_000_000
# The most deals a Monte Carlo of hole-card events draws: each is drawn and matched in Python,
# at an even pace (the exact count, without --trials, answers these questions too).
MAX_TRIALS = 1_000_000
ANY = "any"  # the slot of a player whose hand is in some event (the union of the ranges)


@dataclass
class PlayersOddsResult:
    game: str
    players: int
    events: list[str]
    exact: bool
    deals: int
    count: int
    probability: float
    fraction: str
    one_in: float | None
    counted: int | None = None  # exact: the counts of disjoint combinations SQL made
    board_classes: int | None = None  # Hold'em's categories: the classes of board counted (holdem_odds)
    trials: int | None = None
    seed: int | None = None
    std_error: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {key: value for key, value in asdict(self).items() if value is not None or key == "one_in"}


def ordered_deals(players: int) -> int:
    """Ordered deals of two hole cards to each of ``players`` named players: C(52,2) C(50,2) ..."""
    return holdem_odds.ordered_deals(52, players)


def _disjoint_query(seats: int) -> str:
    """The ordered tuples of pairwise disjoint combinations, one of range_input's player s for
    each seat s: counted seat by seat, the tuples grouped by the cards they use."""
    steps = ["step_1 as (select combo_mask as used, count(*) as ways from range_combos where player = 1 group by combo_mask)"]
    for seat in range(2, seats + 1):
        steps.append(
            f"step_{seat} as (select step_{seat - 1}.used + seated.combo_mask as used, sum(step_{seat - 1}.ways) as ways "
            f"from step_{seat - 1} inner join range_combos as seated on seated.player = {seat} "
            f"and step_{seat - 1}.used & seated.combo_mask = 0 group by step_{seat - 1}.used + seated.combo_mask)"
        )
    return f"with {', '.join(steps)} select coalesce(sum(ways), 0) from step_{seats}"


def _matches(types: list[frozenset[int]], events: int) -> bool:
    """Whether each event can be given a different player whose type holds it (augmenting paths)."""
    owner: dict[int, int] = {}

    def place(event: int, seen: set[int]) -> bool:
        for player, held in enumerate(types):
            if event in held and player not in seen:
                seen.add(player)
                if player not in owner or place(owner[player], seen):
                    owner[player] = event
                    return True
        return False

    return all(place(event, set()) for event in range(events))


class _Counter:
    """Counts of disjoint combinations by SQL, each multiset of slots once."""

    def __init__(self, ctx: Context, slots: dict[Any, list[ranges.Combo]], question: str) -> None:
        self.ctx, self.slots, self.question, self.memo = ctx, slots, question, {}

    def __call__(self, chosen: tuple) -> int:
        key = tuple(sorted(chosen, key=repr))
        if key not in self.memo:
            product = math.prod(len(self.slots[slot]) for slot in key)
            if len(self.memo) >= MAX_COUNTS or product > MAX_SLOT_PRODUCT:
                raise BadInput(
                    f"odds {self.question}: not counted exactly within {MAX_COUNTS} counts of disjoint combinations of at most "
                    f"{MAX_SLOT_PRODUCT:,} each; give --trials N --seed S for a Monte Carlo estimate"
                )
            rows = [(seat, max(c), min(c), 1) for seat, slot in enumerate(key, start=1) for c in self.slots[slot]]
            with self.ctx.engine.inputs(range_input=rows):
                self.memo[key] = int(self.ctx.engine.execute(_disjoint_query(len(key)))[0][0])
        return self.memo[key]


def exact(ctx: Context, events: list[ranges.Player], players: int, question: str) -> tuple[Fraction, int]:
    """The probability, and the counts made, by inclusion-exclusion (the module's docstring)."""
    kinds: dict[ranges.Combo, frozenset[int]] = {}
    for number, event in enumerate(events):
        for combo in event.combos:
            key = (max(combo), min(combo))
            kinds[key] = kinds.get(key, frozenset()) | {number}
    slots: dict[Any, list[ranges.Combo]] = {ANY: list(kinds)}
    for combo, kind in kinds.items():
        slots.setdefault(kind, []).append(combo)
    types = sorted((slot for slot in slots if slot != ANY), key=sorted)
    count = _Counter(ctx, slots, question)
    total = Fraction(0)

    def exactly(chosen: tuple) -> Fraction:
        """P(the first len(chosen) players hold these types, in order, and the others none)."""
        k, summed = len(chosen), Fraction(0)
        for more in range(players - k + 1):
            ways = count(chosen + (ANY,) * more)
            if not ways:
                break
            summed += (-1) ** more * math.comb(players - k, more) * Fraction(ways, ordered_deals(k + more))
        return summed

    def extend(chosen: tuple, start: int) -> None:
        nonlocal total
        if chosen and not count(chosen):
            return  # no deal holds them: nor any more
        if len(chosen) >= len(events) and _matches(list(chosen), len(events)):
            arrangements = math.factorial(players) // math.factorial(players - len(chosen))
            for kind in set(chosen):
                arrangements //= math.factorial(chosen.count(kind))
            total += arrangements * exactly(chosen)
        if len(chosen) < players:
            for index in range(start, len(types)):
                extend(chosen + (types[index],), index)

    extend((), 0)
    return total, len(count.memo)


def monte_carlo(events: list[ranges.Player], players: int, trials: int, seed: int) -> int:
    """Deals whose hole cards hold every event, each a different player's, of ``trials`` random ones."""
    # each two cards' events, by the cards' index (first x 52 + second, either order)
    wanted = [{frozenset(combo) for combo in event.combos} for event in events]
    held: list[frozenset[int]] = [frozenset()] * (52 * 52)
    for pair in set().union(*wanted):
        first, second = pair
        held[first * 52 + second] = held[second * 52 + first] = frozenset(n for n, combos in enumerate(wanted) if pair in combos)
    draw = random.Random(seed)
    deck = list(range(52))
    hits = 0
    for _ in range(trials):
        cards = draw.sample(deck, 2 * players)
        types = [held[cards[p] * 52 + cards[p + 1]] for p in range(0, 2 * players, 2)]
        if sum(1 for kind in types if kind) >= len(events):  # (fewer players holding an event: no match)
            hits += _matches(types, len(events))
    return hits


def five_card_category(text: str) -> frozenset[int]:
    """The points (001) an event of the five-card game holds: a category, or one or better."""
    words = " ".join(text.lower().split())
    name = words[: -len(OR_BETTER)] if words.endswith(OR_BETTER) else words
    if name not in CATEGORIES:
        raise BadInput(f"unknown event {text!r}: give a category (high card ... royal flush, 'or better' allowed)")
    points = CATEGORIES[name]
    return frozenset(range(points, 10)) if name != words else frozenset({points})


def _category_events(game: str, texts: tuple[str, ...] | list[str], counted: frozenset[int] | None, refused: str = ""
                     ) -> tuple[list[str], list[frozenset[int]], list[int]]:
    """The labels, the distinct events (sets of points) and how many players each needs: the
    same event given twice asks for two players holding it. ``counted``: the points an exact
    count takes (None: any, for Monte Carlo)."""
    labels = [" ".join(text.split()) for text in texts]
    events: list[frozenset[int]] = []
    needed: list[int] = []
    for label in labels:
        held = five_card_category(label)
        if counted is not None and not held <= counted:
            raise BadInput(f"odds --game {game}: event {label!r} takes in {refused}; give --trials N for a Monte Carlo estimate")
        if held in events:
            needed[events.index(held)] += 1
        else:
            events.append(held)
            needed.append(1)
    if any(x & y for x, y in combinations(events, 2)):
        raise BadInput(f"odds --game {game}: the events share a category: give each category to one event")
    return labels, events, needed


def categories(ctx: Context, game: str, players: int, texts: tuple[str, ...] | list[str], trials: int | None,
               seed: int | None) -> PlayersOddsResult:
    """Several categories in one deal, each in a different player's hand: the five-card game's
    counted exactly by deal_odds, Hold'em's (the board and every player's best five) by
    holdem_odds; with ``trials``, a seeded Monte Carlo of either (holdem_odds.monte_carlo)."""
    if trials is not None:
        labels, events, needed = _category_events(game, texts, None)
        seed = ranges.question_seed(f"{game}-category-odds-{players}", labels, [], [], trials) if seed is None else seed
        ensure_ready(ctx)
        with ctx.counting(f"odds: --players {players} {' | '.join(labels)}, {trials:,} trials"):
            hits = holdem_odds.monte_carlo(ctx, game, players, events, needed, trials, seed)
        probability, fraction, one_in = answer(hits, trials)
        return PlayersOddsResult(
            game, players, labels, False, trials, hits, probability, fraction, one_in, trials=trials, seed=seed,
            std_error=math.sqrt(probability * (1 - probability) / (trials - 1)),
        )
    if game == "five-card":
        labels, events, needed = _category_events(
            game, texts, deal_odds.COUNTED,
            "flushes, straights or high cards, which suits and values make together: they are not counted exactly here "
            "(full house, four of a kind, straight flush, royal flush, three of a kind, two pair and one pair are)",
        )
        hits, deals = deal_odds.at_least(players, events, needed)
        probability, fraction, one_in = answer(hits, deals)
        return PlayersOddsResult(game, players, labels, True, deals, hits, probability, fraction, one_in)
    labels, events, needed = _category_events(
        game, texts, holdem_odds.COUNTED,
        "a category below a full house, which nearly every board can make: Hold'em's categories are counted exactly "
        "for full house, four of a kind, straight flush and royal flush",
    )
    ensure_ready(ctx)
    with ctx.counting(f"odds: --players {players} {' | '.join(labels)}"):
        hits, deals, classes = holdem_odds.at_least(ctx, players, events, needed)
    probability, fraction, one_in = answer(hits, deals)
    return PlayersOddsResult(game, players, labels, True, deals, hits, probability, fraction, one_in, board_classes=classes)


def _is_category(text: str) -> bool:
    try:
        five_card_category(text)
    except BadInput:
        return False
    return True


def odds(ctx: Context, game: str, players: int | None, texts: tuple[str, ...] | list[str], trials: int | None = None,
         seed: int | None = None) -> PlayersOddsResult:
    if players is None:
        raise BadInput("odds without --hero needs --players N (2 to 10) and the EVENTS dealt")
    if not texts:
        raise BadInput("odds --players needs one EVENT or more: a hand or a range each (AA, AKs, QQ+), or a category in five-card")
    if len(texts) > players:
        raise BadInput(f"{len(texts)} events for {players} players: each event is a different player's hand")
    if seed is not None and trials is None:
        raise BadInput(f"--seed {seed} is for Monte Carlo: give --trials N with it")
    if game == "five-card" or any(map(_is_category, texts)):
        if not all(map(_is_category, texts)) and game != "five-card":
            raise BadInput(f"odds --players: give categories or hole cards, not both: {' | '.join(texts)}")
        return categories(ctx, game, players, texts, trials, seed)
    events = [ranges.parse_player(text, number) for number, text in enumerate(texts, start=1)]
    for text, event in zip(texts, events):
        if event.weights:
            raise BadInput(f"event {''.join(text.split())!r} has weights: an event is a set of hands, dealt or not")
    labels = ["".join(text.split()) for text in texts]
    question = f"--players {players} {' '.join(labels)}"
    deals = ordered_deals(players)
    if trials is not None:
        if trials > MAX_TRIALS:
            raise BadInput(f"odds --trials {trials:,} is too many for hole-card events: at most {MAX_TRIALS:,} "
                           f"(or no --trials: the exact count)")
        seed = ranges.question_seed(f"holdem-odds-{players}", [e.question() for e in events], [], [], trials) if seed is None else seed
        hits = monte_carlo(events, players, trials, seed)
        probability, fraction, one_in = answer(hits, trials)
        return PlayersOddsResult(
            game, players, labels, False, trials, hits, probability, fraction, one_in, trials=trials, seed=seed,
            std_error=math.sqrt(probability * (1 - probability) / (trials - 1)),
        )
    ensure_ready(ctx)
    with ctx.counting(f"odds: {question}"):
        exact_probability, counted = exact(ctx, events, players, question)
    hits = exact_probability * deals
    assert hits.denominator == 1, hits
    probability, fraction, one_in = answer(int(hits), deals)
    return PlayersOddsResult(game, players, labels, True, deals, int(hits), probability, fraction, one_in, counted=counted)


@present.register
def _(result: PlayersOddsResult, **options: Any) -> Output:
    """One row: the events, how often, exactly or with its standard error."""
    events = " and ".join(result.events)
    if result.exact:
        dealt = ("of five cards each" if result.game == "five-card" else "of the hole cards" if result.board_classes is None
                 else f"of a board and the hole cards, in {result.board_classes:,} classes of board")
        title = f"{events}, each a different player's of {result.players}: {result.deals:,} deals {dealt} counted, exact"
    else:
        title = f"{events}, each a different player's of {result.players}: {result.trials:,} random deals, seed {result.seed}"
    columns = ["events", "count", "deals", "probability", "fraction", "one_in", "std_error"]
    rows = [(events, result.count, result.deals, result.probability, result.fraction, result.one_in, result.std_error)]
    cells = [(events, f"{result.count:,}", f"{result.deals:,}", f"{result.probability:.6%}", result.fraction,
              "never" if result.one_in is None else f"1 in {result.one_in:,.2f}",
              "" if result.std_error is None else f"{result.std_error:.6f}")]
    return Output(columns, rows, result.to_dict(), cells=cells, title=title)
