"""Counting showdowns with phevaluator, for the exhaustive checks of equity, and writing hands as
a showdown's CSV file (test-only)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from phevaluator import evaluate_cards

from pokersql.cards import card_name


class Tally:
    """Wins, ties and pot shares of each seat over showdowns counted one by one."""

    def __init__(self, seats: int) -> None:
        self.wins = [0] * seats
        self.ties = [0] * seats
        self.shares = [Fraction(0)] * seats
        self.count = 0

    def showdown(self, board: tuple[int, ...], holes) -> None:
        """One board, every seat's two cards: the lowest phevaluator rank wins, or its holders split."""
        ranks = [evaluate_cards(*board, *hole) for hole in holes]
        best = min(ranks)
        winners = [n for n, r in enumerate(ranks) if r == best]
        if len(winners) == 1:
            self.wins[winners[0]] += 1
        else:
            for n in winners:
                self.ties[n] += 1
                self.shares[n] += Fraction(1, len(winners))
        self.count += 1

    def results(self) -> tuple[int, list[tuple[int, int, float]]]:
        """(showdowns, [(wins, ties, equity)]), equity = (wins + split shares) / showdowns."""
        return self.count, [(w, t, float((w + s) / self.count)) for w, t, s in zip(self.wins, self.ties, self.shares)]


def showdown_csv(path: Path, dealt) -> Path:
    """Hands as `showdown` reads a file of them: one row per seat (hand_id, seat, hole, board),
    from each hand's (holes, board); a card as its name or its number."""
    def names(cards) -> str:
        return " ".join(card if isinstance(card, str) else card_name(card) for card in cards)

    rows = ["hand_id,seat,hole,board"] + [
        f"{number},{seat},{names(hole)},{names(board)}"
        for number, (holes, board) in enumerate(dealt, start=1) for seat, hole in enumerate(holes, start=1)
    ]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path
