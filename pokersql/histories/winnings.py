"""What a history says was won, when it counts the uncalled bet given back as won too."""

from __future__ import annotations

from .hand import Hand


def take_back_returned(hand: Hand) -> None:
    """Some histories count the uncalled bet given back to its bettor among what was won
    (PartyPoker's ``wins`` line for it; HandHQ's PHH ``winnings``: "1.5 collected from a pot of
    1" in a walk): taken off that player's collected when what was won exceeds the pot, and
    would not without it."""
    returned = hand.returned()
    if not returned or hand.collected is None:
        return
    bettor = max(hand.put, key=hand.put.__getitem__)
    taken, pot = sum(hand.collected.values()), sum(hand.put.values()) - returned
    if taken - returned <= pot < taken and hand.collected.get(bettor, 0) >= returned:
        hand.collected[bettor] -= returned


def rake_taken(hand: Hand) -> None:
    """A history that states no rake took what the winners did not collect of the pot (PartyPoker's
    and iPoker's ``wins`` are after the rake): that is its rake."""
    if hand.rake is None and hand.collected:
        pot = sum(hand.put.values()) - hand.returned()
        hand.rake = max(pot - sum(hand.collected.values()), 0)
