"""The games a history's hand may be of: what is imported (Hold'em, Omaha of 4 to 6 cards, 6+
Hold'em, Courchevel, their Hi/Lo games, 7 Card Stud, its Hi/Lo and Razz: a split pot is what the
history says each player collected), how many cards each player is dealt, and the games refused
(draw games), in one line naming the game."""

from __future__ import annotations

import re

from .hand import BadHand, Hand

LIMITS = r"(?:No Limit|Pot Limit|Limit|Fixed Limit|Pot Limit Pre-Flop, No Limit Post-Flop)"
STUD_CARDS = 7  # a stud game's cards to each player, down and up: its streets are STUD_STREETS, no board
# (the game's name less its limit) -> hole cards dealt to each player
HOLE_CARDS = {
    "Hold'em": 2, "Split Hold'em": 2, "6+ Hold'em": 2,
    "Omaha": 4, "5 Card Omaha": 5, "6 Card Omaha": 6, "Courchevel": 5,
    "Omaha Hi/Lo": 4, "5 Card Omaha Hi/Lo": 5, "Courchevel Hi/Lo": 5,  # split pots (sql/games/046's omaha8, omaha5-8, courchevel8)
    "7 Card Stud": STUD_CARDS, "7 Card Stud Hi/Lo": STUD_CARDS, "Razz": STUD_CARDS,  # no board (046's stud, stud8, razz)
}
HOLDEM = "Hold'em"  # the one game whose two hole cards are hole_1 and hole_2 (the views rank them)
_GAME = re.compile(rf"(?P<name>.+?) {LIMITS}")
WAITING = ("Draw", "Badugi", "Lowball")  # games not imported yet


def check(hand: Hand) -> None:
    """Set the hand's hole-card count from its game; BadHand naming a game not imported."""
    found = _GAME.fullmatch(hand.game)
    name = found.group("name") if found else None
    if name in HOLE_CARDS:
        hand.hole_count = HOLE_CARDS[name]
        hand.ranked = name == HOLDEM
        return
    if any(word in hand.game for word in WAITING):
        raise BadHand(f"unsupported game {hand.game!r}: draw games are not imported yet")
    raise BadHand(f"unsupported game {hand.game!r}: pokersql imports Hold'em, Omaha (4 to 6 cards), 6+ Hold'em, "
                  "Courchevel, their Hi/Lo, 7 Card Stud (and Hi/Lo) and Razz")
