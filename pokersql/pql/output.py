"""PQL answers as Open PQL prints them (text) and as the contract's JSON."""

from __future__ import annotations

import json
from typing import Any

from ..cards import RANKS, card_name
from .games import PqlGame, game_of


def value_text(ctx: Any, kind: str, value: Any, game: PqlGame | None = None) -> Any:
    """A value of a PQL type as PQL shows it: a hand type `PAIR`, a rating `PAIR(A, K, 8, 7)`,
    a lo rating `LO(8, 6, 4, 2, A)`, a rank `A`, a card `Ah`; numbers as they are. Hand types and
    ratings in the game's rankings (its lo's: razz's ace-to-five)."""
    game = game or game_of("holdem")
    if value is None:
        return None
    if kind == "handtype":
        return game.hand_types[int(value)]
    if kind == "flopcat":
        return game.flop_categories[int(value)]
    if kind == "rank":
        return RANKS[int(value)]
    if kind == "card":
        return card_name(int(value))
    if kind == "hirating":
        kickers = "select kicker_1, kicker_2, kicker_3, kicker_4, kicker_5 from"
        if game.ranking == "standard":
            rows = ctx.engine.execute(f"{kickers} hand_classes where hand_rank = ?", (game.ratings - int(value),))
        else:
            rows = ctx.engine.execute(f"{kickers} short_deck_classes where ranking = ? and hand_rank = ?", (game.ranking, game.ratings - int(value)))
        category = sum(1 for f in game.floors[1:] if f <= int(value))
        ranks = [RANKS[k - 2] for k in rows[0] if k]
        return f"{game.hand_types[category]}({', '.join(dict.fromkeys(ranks))})"
    if kind == "lorating":  # 0: no lo; else its class of low_classes, its ranks from the highest (a pair's twice), the ace low
        if int(value) == 0:
            return "NO_LO"
        key = ctx.engine.execute("select rank_key from low_classes where ranking = ? and low_rank = ?", (game.lo_ranking, game.lo_ratings - int(value)))[0][0]
        ranks = [r for r in range(13) for _ in range((int(key) // 5**r) % 5)]
        ranks = sorted(ranks, key=lambda r: -1 if r == 12 else r, reverse=True)
        return f"LO({', '.join(RANKS[r] for r in ranks)})"
    if kind == "rankset":
        return "".join(RANKS[int(r)] for r in value)
    if isinstance(value, float) and value.is_integer() and kind in ("cardcount",):
        return int(value)
    return value


def shown(ctx: Any, aggregate: str, kind: str, value: Any, game: PqlGame | None = None) -> Any:
    if aggregate == "count":
        return int(value or 0)
    if aggregate == "histogram":
        return [{"value": value_text(ctx, kind, row["value"], game), "count": int(row["count"])} for row in value or []]
    if aggregate == "avg":
        return float(value)
    return value_text(ctx, kind, value, game)


def _number(value: Any) -> str:
    if isinstance(value, float):
        return repr(value)
    return str(value)


def text(answers: list) -> str:
    """One line per selector, `AVG 0 = 0.5` (its alias for the kind when it has one), then
    `N trials` (exact: `N trials (exact)`); statements apart by a blank line."""
    blocks = []
    for answer in answers:
        lines = []
        for r in answer.results:
            name = r.alias if r.alias else r.aggregate.upper()
            if r.aggregate == "histogram":
                lines.append(f"{name} {r.selector} =")
                lines += [f"  {_number(h['value'])}: {h['count']}" for h in r.value]
            else:
                lines.append(f"{name} {r.selector} = {_number(r.value)}")
        how = "exact" if answer.exact else f"sampled, seed {answer.seed}"
        lines.append(f"{answer.trials} trials ({how})")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def as_json(answers: list) -> str:
    documents = [
        {
            "game": a.game,
            "exact": a.exact,
            "trials": a.trials,
            "seed": a.seed,
            "results": [{"selector": r.selector, "aggregate": r.aggregate, "alias": r.alias, "value": r.value} for r in a.results],
        }
        for a in answers
    ]
    return json.dumps(documents[0] if len(documents) == 1 else documents, indent=2)
