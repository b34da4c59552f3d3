"""Counting showdowns with phevaluator, for the exhaustive checks of equity (test-only)."""

from __future__ import annotations

from fractions import Fraction

from phevaluator import evaluate_cards


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
