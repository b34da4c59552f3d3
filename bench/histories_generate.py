"""Seeded hand histories at any scale, written as PokerStars text (issue 23): what the benchmarks
of `pokersql import` and of the history views read when a million hands are wanted.

    .venv/bin/python bench/histories_generate.py OUT.txt [--hands 1000000] [--seed 1]

Six-max No Limit Hold'em at 50/100, play money. Each hand deals from a shuffled deck (Python's
``random.Random(seed)``: the same seed writes the same bytes). Stacks are drawn from 50 to 250
big blinds, so all-ins for different amounts make side pots. A simple betting model plays each
street: facing no bet, check, bet half the pot to the pot, or move all in; facing one, fold,
call, raise to two and a half times it, or move all in; at most three raises a street. Amounts
larger than a stack are the stack, all in. A bet no one calls goes back ("Uncalled bet (X)
returned to P"); a hand that reaches the end is shown down: the pots, main and side, go to the
best hand among those who put in that much (phevaluator ranks the hands: the bench extra has
it), split in whole chips, the odd chips one each to the winners from the button's left (the
rule docs/histories-tables.md gives). The text is laid out as the real files of ``tests/histories``
(the Pluribus hands) are, which `pokersql import` reads; every hand's amounts add up, and the
audit ``history_collected_matches_the_pots`` returns none of them.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

from phevaluator import evaluate_cards

RANKS = "23456789TJQKA"
DECK = [rank + suit for rank in RANKS for suit in "cdhs"]  # card_id order (the contract)
SMALL, BIG = 50, 100
SEATS = 6
STREETS = ("flop", "turn", "river")
BOARD_SIZES = {"flop": 3, "turn": 1, "river": 1}
# How often a player moves all in at a decision (in place of the call, bet or raise it would
# make): about one hand in 35 then has two or more players all in before the river, near what
# six-max cash games show. The tests raise it (0.05) for more side pots.
ALL_IN = 0.002


class Table:
    """One hand being played: stacks, what each player put in, who is still in."""

    def __init__(self, rng: random.Random, number: int, button: int, started: datetime, all_in: float = ALL_IN) -> None:
        self.rng, self.number, self.button, self.started, self.shove = rng, number, button, started, 1 - all_in
        self.players = [f"Player{seat}" for seat in range(1, SEATS + 1)]
        self.stacks = [rng.randrange(50, 251) * BIG for _ in range(SEATS)]
        self.put = [0] * SEATS  # every street
        self.street_put = [0] * SEATS
        self.folded = [False] * SEATS
        deck = DECK[:]
        rng.shuffle(deck)
        self.holes = [deck[2 * seat : 2 * seat + 2] for seat in range(SEATS)]
        self.board_cards = deck[2 * SEATS : 2 * SEATS + 5]
        self.board: list[str] = []
        self.lines: list[str] = []

    # -- chips ---------------------------------------------------------------------
    def all_in(self, seat: int) -> bool:
        return self.put[seat] == self.stacks[seat]

    def live(self) -> list[int]:
        return [seat for seat in range(SEATS) if not self.folded[seat]]

    def add(self, seat: int, chips: int) -> tuple[int, bool]:
        """Put ``chips`` more in (no more than the stack): (chips put, all in)."""
        chips = min(chips, self.stacks[seat] - self.put[seat])
        self.put[seat] += chips
        self.street_put[seat] += chips
        return chips, self.all_in(seat)

    def say(self, seat: int, words: str, all_in: bool = False) -> None:
        self.lines.append(f"{self.players[seat]}: {words}{' and is all-in' if all_in else ''}")

    # -- the play ------------------------------------------------------------------
    def order(self, first: int) -> list[int]:
        return [(first + step) % SEATS for step in range(SEATS)]

    def street(self, first: int, blinds: bool = False) -> None:
        """One betting round from seat ``first``, until every live player who can still bet
        has acted and matched the largest bet (or moved all in)."""
        high = max(self.street_put)
        to_act = [seat for seat in self.order(first) if not self.folded[seat] and not self.all_in(seat)]
        raises = 0
        while to_act:
            seat = to_act.pop(0)
            if self.folded[seat] or self.all_in(seat):
                continue
            if len(self.live()) == 1:
                return
            owed = high - self.street_put[seat]
            roll = self.rng.random()
            if owed == 0:
                if roll < 0.6 or (blinds and roll < 0.75):
                    self.say(seat, "checks")
                    continue
                pot = sum(self.put)
                size = max(BIG, round(pot * self.rng.uniform(0.5, 1.0) / BIG) * BIG) if roll < self.shove else self.stacks[seat]
                chips, all_in = self.add(seat, size)
                self.say(seat, f"bets {chips}", all_in)
            elif roll < 0.45:
                self.folded[seat] = True
                self.say(seat, "folds")
                continue
            elif roll < 0.88 or raises >= 3:
                chips, all_in = self.add(seat, owed)
                self.say(seat, f"calls {chips}", all_in)
                continue
            else:
                target = round(high * 2.5 / BIG) * BIG if roll < self.shove else self.stacks[seat]
                chips, all_in = self.add(seat, target - self.street_put[seat])
                if self.street_put[seat] <= high:  # all in for no more than a call
                    self.say(seat, f"calls {chips}", all_in)
                    continue
                self.say(seat, f"raises {self.street_put[seat] - high} to {self.street_put[seat]}", all_in)
                raises += 1
            # A bet or a raise: everyone else still able to act must answer it.
            high = self.street_put[seat]
            to_act = [other for other in self.order(seat + 1)[:-1] if not self.folded[other] and not self.all_in(other)]

    def play(self) -> str:
        small, big = (self.button + 1) % SEATS, (self.button + 2) % SEATS
        self.lines += [
            f"PokerStars Hand #{self.number}: Hold'em No Limit ({SMALL}/{BIG}) - "
            f"{self.started:%Y/%m/%d %H:%M:%S} ET",
            f"Table 'Generated {1 + self.number // 100_000}' {SEATS}-max (Play Money) Seat #{self.button + 1} is the button",
            *(f"Seat {seat + 1}: {self.players[seat]} ({self.stacks[seat]} in chips)" for seat in range(SEATS)),
        ]
        self.add(small, SMALL)
        self.say(small, f"posts small blind {SMALL}")
        self.add(big, BIG)
        self.say(big, f"posts big blind {BIG}")
        self.lines.append("*** HOLE CARDS ***")
        self.lines += [f"Dealt to {self.players[seat]} [{' '.join(self.holes[seat])}]" for seat in range(SEATS)]
        self.street((big + 1) % SEATS, blinds=True)
        for street in STREETS:
            if len(self.live()) == 1:
                break
            shown = f"[{' '.join(self.board)}] " if self.board else ""
            cards = self.board_cards[len(self.board) : len(self.board) + BOARD_SIZES[street]]
            self.board += cards
            self.lines.append(f"*** {street.upper()} *** {shown}[{' '.join(cards)}]")
            self.street_put = [0] * SEATS
            if sum(1 for seat in self.live() if not self.all_in(seat)) > 1:
                self.street(small)
        return self.finish()

    def finish(self) -> str:
        ordered = sorted(range(SEATS), key=lambda seat: self.put[seat], reverse=True)
        returned = self.put[ordered[0]] - self.put[ordered[1]]
        if returned:
            self.put[ordered[0]] -= returned
            self.lines.append(f"Uncalled bet ({returned}) returned to {self.players[ordered[0]]}")
        live = self.live()
        showdown = len(live) > 1
        won = [0] * SEATS
        if showdown:
            self.lines.append("*** SHOW DOWN ***")
            for seat in self.order(self.button + 1):
                if seat in live:
                    self.say(seat, f"shows [{' '.join(self.holes[seat])}]")
            ranks = {seat: evaluate_cards(*self.holes[seat], *self.board) for seat in live}
            for name, amount, winners in self.pots(ranks):
                share, odd = divmod(amount, len(winners))
                for place, seat in enumerate(winners):
                    chips = share + (1 if place < odd else 0)
                    won[seat] += chips
                    self.lines.append(f"{self.players[seat]} collected {chips} from {name}")
        else:
            won[live[0]] = sum(self.put)
            self.lines.append(f"{self.players[live[0]]} collected {won[live[0]]} from pot")
        self.lines += ["*** SUMMARY ***", f"Total pot {sum(self.put)} | Rake 0"]
        if self.board:
            self.lines.append(f"Board [{' '.join(self.board)}]")
        for seat in range(SEATS):
            if showdown and seat in live:
                result = f"and won ({won[seat]})" if won[seat] else "and lost"
                self.lines.append(f"Seat {seat + 1}: {self.players[seat]} showed [{' '.join(self.holes[seat])}] {result}")
            elif seat in live:
                self.lines.append(f"Seat {seat + 1}: {self.players[seat]} collected ({won[seat]})")
            else:
                self.lines.append(f"Seat {seat + 1}: {self.players[seat]} folded")
        return "\n".join(self.lines) + "\n\n\n"

    def pots(self, ranks: dict[int, int]) -> Iterator[tuple[str, int, list[int]]]:
        """(name, chips, winners in the odd chips' order) of each pot, the main pot first: one
        level of what the live players put in at a time; folded players' chips count in it."""
        levels = sorted({self.put[seat] for seat in ranks})
        below = 0
        pots = []
        for level in levels:
            amount = sum(max(0, min(put, level) - below) for put in self.put)
            eligible = [seat for seat in ranks if self.put[seat] >= level]
            best = min(ranks[seat] for seat in eligible)
            winners = [seat for seat in self.order(self.button + 1) if seat in eligible and ranks[seat] == best]
            if amount:
                pots.append((amount, winners))
            below = level
        for number, (amount, winners) in enumerate(pots):
            name = "pot" if len(pots) == 1 else "main pot" if number == 0 else f"side pot-{number}"
            yield name, amount, winners


def hands(count: int, seed: int = 1, all_in: float = ALL_IN) -> Iterator[str]:
    """The text of ``count`` hands, numbered from 1, from ``seed``."""
    rng = random.Random(seed)
    started = datetime(2026, 11, 25, 8, 0, 0)
    for number in range(1, count + 1):
        yield Table(rng, number, (number - 1) % SEATS, started + timedelta(seconds=30 * number), all_in).play()


def write(path: Path, count: int, seed: int = 1, all_in: float = ALL_IN) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        for text in hands(count, seed, all_in):
            handle.write(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    write(args.out, args.hands, args.seed)
    seconds = time.perf_counter() - started
    print(f"{args.hands:,} hands, {args.out.stat().st_size / 1e6:,.0f} MB, in {seconds:.1f} s ({args.hands / seconds:,.0f} hands/s)")


if __name__ == "__main__":
    main()
