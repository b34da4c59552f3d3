"""Chinese poker dealt and scored (`deal --game chinese`): 13 cards to each of 2 to 4 players
from one seeded shuffle, each player's best setting (arrange's rule) and the 2-4 scoring
between them, with royalties as an option (sql/chinese/053, docs/games-chinese.md)."""

from __future__ import annotations

import secrets
from dataclasses import asdict, dataclass
from typing import Any

from . import first_use
from .cards import card_name
from .checks import MAX_SEED, whole_number
from .chinese import ROWS, SETTING_COLUMNS, Arrangement, _arranged_query, arrangement
from .context import Context
from .dealing import shuffle_settings
from .monte_carlo import deal_settings
from .output import Output, present, pretty_cards

GAME = "chinese"
PLAYERS = (2, 4)  # 52 cards: 13 each for four at most
_PAIR_COLUMNS = "arranged.hand_no, arranged.opponent, arranged.fouls, arranged.setting_royalties, arranged.front, " \
    "arranged.middle, arranged.back, arranged.scoop, arranged.row_points, arranged.royalties, " \
    "arranged.points_with_royalties, arranged.total_points, arranged.total_with_royalties"


def scores_query(source: str = "chinese_deal_scores") -> str:
    """Each ordered pair of players of ``source`` (chinese_scores_of's rows, 053): the player's
    setting (as arrange's rows), then the pair's scores, the player's first."""
    return _arranged_query(source, "1 = 1", "arranged.hand_no, arranged.opponent", ",\n    " + _PAIR_COLUMNS)


@dataclass
class ChinesePlayer:
    player: int
    cards: list[str]  # the 13 in the order dealt
    front: Any
    middle: Any
    back: Any
    expected_points: float
    fouls: bool
    royalties: int  # the setting's own (0 when it fouls)
    points: int  # the total against every opponent (with royalties under --royalties)
    place: int = 0


@dataclass
class ChinesePair:
    players: list[int]  # [a, b], a < b; each row from a's side: 1 a won it, -1 b did, 0 a tie
    front: int
    middle: int
    back: int
    scoop: int  # 3 a scooped, -3 b did, 0 neither
    rows: int  # front + middle + back + scoop, a's
    royalties: int  # a's royalties less b's
    points: int  # a's: rows, plus royalties under --royalties


@dataclass
class ChineseDealResult:
    game: str
    seed: int
    royalties: bool
    players: list[ChinesePlayer]
    pairs: list[ChinesePair]
    winners: list[int]
    shuffle: str
    riffles: int | None
    order: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def score(ctx: Context, hands: dict[int, list[int]], royalties: bool, source: str = "chinese_deal_scores") -> tuple:
    """The players' settings and the pairs' scores of ``hands`` (player -> 13 card ids), in SQL."""
    with ctx.engine.inputs(hand_input=[(player, card) for player, cards in hands.items() for card in cards]):
        rows = ctx.engine.execute(scores_query(source))
    settings: dict[int, tuple[Arrangement, tuple]] = {}
    pairs = []
    for row in rows:
        player, opponent, fouls, own, front, middle, back, scoop, row_points, extra, with_royalties, total, total_royal = row[SETTING_COLUMNS:]
        settings.setdefault(player, (arrangement(row), (fouls, own, total_royal if royalties else total)))
        if player < opponent:
            pairs.append(ChinesePair([player, opponent], front, middle, back, scoop, row_points, extra,
                                     with_royalties if royalties else row_points))
    return settings, pairs


def deal(
    ctx: Context, players: int = 4, seed: int | None = None, shuffle: str = "uniform", riffles: int = 7,
    order: str = "blocks", royalties: bool = False,
) -> ChineseDealResult:
    """Shuffle (seeded, as every deal: the same seed, the same deck) and deal 13 cards to each of
    2 to 4 players; set each by arrange's rule and score every pair (the 2-4 way)."""
    whole_number("players", players, *PLAYERS)
    shuffle, riffles, order = shuffle_settings(shuffle, riffles, order)
    seed = secrets.randbelow(2**31) if seed is None else whole_number("seed", seed, 0, MAX_SEED)
    first_use.ensure_ready(ctx)
    with ctx.engine.inputs(deal_settings=[deal_settings(seed, players, 1, shuffle, riffles, order)]):
        dealt = ctx.engine.execute("select player, card_id from chinese_deal_cards where deal_no = 1 order by deck_position")
    hands: dict[int, list[int]] = {}
    for player, card in dealt:
        hands.setdefault(int(player), []).append(int(card))
    settings, pairs = score(ctx, hands, royalties)
    seated = []
    for player in sorted(hands):
        setting, (fouls, own, points) = settings[player]
        seated.append(ChinesePlayer(player, [card_name(c) for c in hands[player]], setting.front, setting.middle, setting.back,
                                    setting.expected_points, bool(fouls), int(own), int(points)))
    for seat in seated:
        seat.place = 1 + sum(other.points > seat.points for other in seated)
    return ChineseDealResult(GAME, seed, royalties, seated, pairs, [s.player for s in seated if s.place == 1],
                             shuffle, riffles if shuffle == "riffle" else None, order)


@present.register
def _(result: ChineseDealResult, **options: Any) -> Output:
    """Three lines a player, one a row; then one line a pair of players."""
    columns = ["player", "points", "place", "royalties", "fouls", "row", "cards", "category", "hand_rank"]
    rows = [
        (seat.player, seat.points, seat.place, seat.royalties, seat.fouls, name, " ".join(row.cards), row.category, row.hand_rank)
        for seat in result.players for name in ROWS for row in (getattr(seat, name),)
    ]
    cells = [
        (str(player) if name == "front" else "", f"{points:+d}" if name == "front" else "", str(place) if name == "front" else "",
         str(royal) if name == "front" else "", ("fouls" if fouls else "") if name == "front" else "", name,
         pretty_cards(cards.split()), category, str(rank))
        for player, points, place, royal, fouls, name, cards, category, rank in rows
    ]
    def won(side: int) -> str:
        return {1: "won", -1: "lost", 0: "tied"}[side]

    lines = [
        f"player {a} against {b}: front {won(p.front)}, middle {won(p.middle)}, back {won(p.back)}"
        + (f", scoop {p.scoop:+d}" if p.scoop else "") + (f", royalties {p.royalties:+d}" if result.royalties else "")
        + f": {p.points:+d} to player {a}"
        for p in result.pairs for a, b in (p.players,)
    ]
    scoring = "1 a row, 3 a scoop" + (", royalties" if result.royalties else "")
    title = f"Chinese poker, seed {result.seed}: {len(result.players)} players, 13 cards each, set by arrange's rule; scored {scoring}"
    return Output(columns, rows, result.to_dict(), cells=cells, title=title, lines=lines)
