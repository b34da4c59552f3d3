"""The PQL games, read from the one registry (``pokersql.games``), and the values PQL names.

A game is its row, not a branch in the translation: ``hole`` cards each, the lowest rank of
its deck (0 = deuce, 4 = six for short deck), and ``hole_used``: None when the best five of
all the cards play (Hold'em, stud), 2 when exactly two hole cards and three of the board play
(Omaha). ``ranking`` orders its hands (033): standard, or short deck's two, ``shortdeck`` (a
flush above a full house: Open PQL's) and ``shortdeck-triton`` (three of a kind above a
straight too): its hand types in that order (``hand_types``) and its ratings. ``own_cards`` for
the stud games, where each player is dealt seven cards of their own street by street and no
board (pql/stud.py); ``hi`` and ``lo`` the parts of its pot.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from ..errors import BadInput
from ..games import GAMES as REGISTRY, REGISTRY as EVERY_GAME, Game, SplitGame, family

# A lo is eight-or-better's (low_classes, 045: 56 classes, low_rank 1 the best), razz's ace-to-five
# (6,175 classes, any five); its rating is the ranking's classes and one less low_rank, so that a
# better lo rates higher; 0: no lo.
LO_RANKING = "eight-or-better"
LO_SCALES = {"eight-or-better": 57, "ace-to-five": 6176}
LO_RATINGS = LO_SCALES[LO_RANKING]


@dataclass(frozen=True)
class PqlGame:
    """A game of the registry (``pokersql.games``: its row of games, 033) as PQL reads it."""

    name: str
    hole: int
    low_rank: int  # 0: a 52-card deck; 4: short deck's 36 (six to ace)
    hole_used: int | None  # None: best five of hole and board; 2: exactly two hole cards
    rated: bool = True  # whether PQL rates its hands here
    lo: bool = False  # a game with a lo: the pot split between the best hi and the best lo (or the lo's alone)
    ranking: str = "standard"  # the order of its five-card hands (033): standard, shortdeck, shortdeck-triton
    hi: bool = True  # whether the pot has a hi part (razz: none, the lo takes it all)
    lo_ranking: str = LO_RANKING  # the lo's ranking (low_classes, 045): razz's ace-to-five
    own_cards: bool = False  # stud: each player's own seven cards, dealt street by street, and no board

    @property
    def streets(self) -> dict[str, int]:
        """The streets PQL names in this game, each the cards it reads (the board's, or a stud
        player's own)."""
        return STUD_STREETS if self.own_cards else STREETS

    @property
    def final(self) -> int:
        """The showdown's street: the river's five board cards, or a stud player's seventh card."""
        return max(self.streets.values())

    @property
    def rated_from(self) -> int:
        """The first street with a hand to rate: five cards (a stud hand's fifth street)."""
        return 5 if self.own_cards else min(self.streets.values())

    @property
    def lo_ratings(self) -> int:
        """A lo rating is this less its class's low_rank (0: no lo): the ranking's classes and one."""
        return LO_SCALES[self.lo_ranking]

    @property
    def hand_types(self) -> list[str]:
        """Its hand types, weakest first, in its ranking's order: a HANDTYPE value is its index."""
        return HAND_ORDERS[self.ranking]

    def type_value(self, standard: int) -> int:
        """The HANDTYPE value of a hand type given by its index in HAND_TYPES."""
        return self.hand_types.index(HAND_TYPES[standard])

    @property
    def flop_categories(self) -> list[str]:
        """Open PQL's flop hand categories, weakest first, the made hands (three of a kind and
        up) in the order of its hand types: a FLOPHANDCATEGORY value is its index."""
        made = {"TRIPS": ["FLOPTRIPS", "FLOPSET"]}
        return FLOP_CATEGORIES[:11] + [c for t in self.hand_types[3:] for c in made.get(t, ["FLOP" + t.replace("_", "")])]

    @property
    def floors(self) -> list[int]:
        """Each hand type's lowest hi rating, in hand_types' order: the classes of five cards
        of the weaker types, plus 1 (a rating numbers the classes from the weakest, 1)."""
        counts = class_counts(13 - self.low_rank)
        return [1 + sum(counts[t] for t in self.hand_types[:i]) for i in range(len(self.hand_types))]

    @property
    def ratings(self) -> int:
        """Its hi rating is ratings - hand_rank: 7,463 (7,462 classes), short deck's 1,405."""
        return 1 + sum(class_counts(13 - self.low_rank).values())

    @property
    def deck(self) -> list[int]:
        return [c for c in range(52) if c // 4 >= self.low_rank]

    @property
    def straight_windows(self) -> list[list[int]]:
        """Every run of five ranks that makes a straight (the ace low too)."""
        runs = [list(range(s, s + 5)) for s in range(self.low_rank, 9)]
        return runs + [[12] + list(range(self.low_rank, self.low_rank + 4))]


def _of(game: Game | SplitGame) -> PqlGame:
    if game.is_split:  # its hi is its high_game's (Omaha's rule, stud's best five), its lo its low_ranking's
        return PqlGame(
            game.name, game.hole_cards, 0, game.hole_cards_played, True, lo=game.low_ranking is not None,
            hi=game.high_game is not None, lo_ranking=game.low_ranking or LO_RANKING, own_cards=game.cards == "stud",
        )
    return PqlGame(game.name, game.hole_cards, game.lowest_value - 2, game.hole_cards_played, game.ranking in HAND_ORDERS, ranking=game.ranking)


STREETS = {"flop": 3, "turn": 4, "river": 5}
# A stud player's streets, each the cards dealt by then: the first three together, then one a street
# (the river is the seventh, as players call it)
STUD_STREETS = {"third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "river": 7}

# Hand types, weakest first (HANDTYPE values are their index); PQL writes them without
# underscores in a query (`straightflush`) and prints them with (`STRAIGHT_FLUSH`).
HAND_TYPES = ["HIGH_CARD", "PAIR", "TWO_PAIR", "TRIPS", "STRAIGHT", "FLUSH", "FULL_HOUSE", "QUADS", "STRAIGHT_FLUSH"]
HAND_TYPE_NAMES = {t.replace("_", "").lower(): i for i, t in enumerate(HAND_TYPES)}
HAND_TYPE_NAMES.update({"onepair": 1, "twopair": 2, "threeofakind": 3, "set": 3, "fourofakind": 7, "highcard": 0})

# The order of each ranking's hand types, weakest first (033's game_categories): short deck's
# flush beats a full house (Open PQL's order), shortdeck-triton's three of a kind a straight too.
_SHORT = ["HIGH_CARD", "PAIR", "TWO_PAIR", "TRIPS", "STRAIGHT", "FULL_HOUSE", "FLUSH", "QUADS", "STRAIGHT_FLUSH"]
HAND_ORDERS = {"standard": HAND_TYPES, "shortdeck": _SHORT, "shortdeck-triton": _SHORT[:3] + ["STRAIGHT", "TRIPS"] + _SHORT[5:]}


def class_counts(values: int) -> dict[str, int]:
    """The classes of five cards (hands equal but for suits) of each hand type, in a deck of
    that many values: 13, or short deck's 9 (its straights: values - 3, the ace low too)."""
    straights, fives = values - 3, comb(values, 5)
    return {
        "HIGH_CARD": fives - straights, "PAIR": values * comb(values - 1, 3), "TWO_PAIR": comb(values, 2) * (values - 2),
        "TRIPS": values * comb(values - 1, 2), "STRAIGHT": straights, "FLUSH": fives - straights,
        "FULL_HOUSE": values * (values - 1), "QUADS": values * (values - 1), "STRAIGHT_FLUSH": straights,
    }


# A hi rating is 7463 - hand_rank (hand_classes numbers the 7,462 classes from the best), so
# that a better hand rates higher, as in PQL. Each hand type's lowest rating:
HAND_TYPE_FLOORS = [1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453]
RATINGS = 7463

# Every game of the registry with a board: Hold'em, Omaha of 4 to 6 cards, short deck (both
# rankings), the hi/lo Omahas, omaha8 and omaha5-8, Courchevel (omaha5's rule, its first board card
# dealt with the hands: a board of one card is its spot before the flop), courchevel and
# courchevel8; and the stud games, stud, stud8 and razz (the registry's stud cards). The draw
# games are not PQL's yet.
PQL_SPLIT = ("omaha8", "omaha5-8", "courchevel", "courchevel8") + tuple(name for name, game in EVERY_GAME.items() if game.is_split and game.cards == "stud")
GAMES = {name: _of(game) for name, game in REGISTRY.items()} | {name: _of(EVERY_GAME[name]) for name in PQL_SPLIT}
LO_GAMES = tuple(name for name, game in GAMES.items() if game.lo)
# ProPokerTools' names of the same games
ALIASES = {"omahahi": "omaha", "omahahi5": "omaha5", "omaha85": "omaha5-8", "omaha58": "omaha5-8", "studhi": "stud"}

FLOP_CATEGORIES = [
    "FLOPNOTHING", "FLOPUNDERPAIR", "FLOPTHIRDPAIR", "FLOPPOCKET23", "FLOPSECONDPAIR", "FLOPPOCKET12",
    "FLOPTOPPAIR", "FLOPOVERPAIR", "FLOPBOTTOMTWO", "FLOPTOPANDBOTTOM", "FLOPTOPTWO", "FLOPTRIPS",
    "FLOPSET", "FLOPSTRAIGHT", "FLOPFLUSH", "FLOPFULLHOUSE", "FLOPQUADS", "FLOPSTRAIGHTFLUSH",
]


def game_of(name: str | None) -> PqlGame:
    key = (name or "holdem").strip().lower()
    key = ALIASES.get(key, key)
    if key not in GAMES:
        split = EVERY_GAME.get(key)
        if split is not None and split.is_split:
            raise BadInput(f"PQL: game {name!r} is {family(split)}: PQL's draw games are not built yet (give one of {', '.join(GAMES)})")
        raise BadInput(f"PQL: game {name!r} is not supported: give one of {', '.join(GAMES)}")
    return GAMES[key]
