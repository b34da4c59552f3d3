"""Which money the tracker adds up (issue 66): one currency of cash games, or tournament chips,
never two. ``history``, ``stats``, ``report`` and the plots take the same choice (``choose``).

A cash game's amounts are in its table's currency (``history_hands.currency``: 'USD', 'EUR' ...;
NULL where the history names none, as play money); a tournament's are its chips, whatever the
buy-in was (``buy_in_currency``), and a tournament hand has no currency of its own. Without an
option the choice is the cash currency of the most hands, else the tournaments'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import BadInput

NONE = "none"  # --currency none: the cash games whose history names no currency


@dataclass(frozen=True)
class Money:
    """One money: cash games of ``currency`` (None: those naming none), or tournament chips
    (``currency``: the buy-ins' currency kept, None: every tournament); ``hands``: how many of
    the imported hands (the site's, with --site) are in it."""

    tournaments: bool
    currency: str | None
    hands: int = 0
    every: bool = field(default=False, compare=False)  # the only money of the imported hands (the site's): kept with no condition

    @property
    def label(self) -> str:
        if self.tournaments:
            return "tournament chips" + (f" ({self.currency} buy-ins)" if self.currency else "")
        return f"{self.currency} cash games" if self.currency else "cash games of no currency"

    def condition(self, of: str = "") -> tuple[str, list[Any]]:
        """The condition on a row of ``history_hands`` (``of``: its alias and a dot) that keeps this money."""
        if self.tournaments:
            return (f"{of}tournament_id is not null and {of}buy_in_currency = ?", [self.currency]) if self.currency else (
                f"{of}tournament_id is not null", [])
        return (f"{of}tournament_id is null and {of}currency = ?", [self.currency]) if self.currency else (
            f"{of}tournament_id is null and {of}currency is null", [])

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "tournaments" if self.tournaments else "cash", "currency": self.currency, "hands": self.hands}


def groups(engine: Any, where: str = "", params: Sequence[Any] = ()) -> list[Money]:
    """Every money of the imported hands that ``where`` (a where clause over history_hands,
    ``hands_where``) keeps, the most hands first: each cash currency, and the tournaments' chips."""
    rows = engine.execute(
        "select tournament_id is not null, case when tournament_id is null then currency end, count(*) "
        f"from history_hands{where} group by 1, 2", list(params))
    found = [Money(bool(tournament), currency, int(hands)) for tournament, currency, hands in rows]
    return sorted(found, key=lambda money: (-money.hands, money.tournaments, money.currency or ""))


def hands_where(where: str, params: Sequence[Any], players: Sequence[str] = ()) -> tuple[str, list[Any]]:
    """``where`` (a where clause over history_hands' columns, or "") and the hands ``players`` sat in."""
    if not players:
        return where, list(params)
    seated = f"(site, hand_id) in (select site, hand_id from history_seats where player in ({', '.join('?' for _ in players)}))"
    return f"{where} and {seated}" if where else f" where {seated}", [*params, *players]


def choose(
    engine: Any, currency: str | None = None, cash: bool = False, tournaments: bool = False, where: str = "",
    params: Sequence[Any] = (),
) -> tuple[Money | None, list[Money]]:
    """The money the options keep, and every money of the hands ``where`` keeps (``hands_where``:
    the other filters', so that the default is the largest cash currency of the hands asked for).
    None: no such hand. BadInput for --cash with --tournaments. A money no hand has is kept all
    the same (an empty table; the caller notes the moneys there are)."""
    if cash and tournaments:
        raise BadInput("--cash and --tournaments: one or the other (a sum never adds cash to tournament chips)")
    there = groups(engine, where, params)
    code = None if currency is None else (None if currency.strip().lower() == NONE else currency.strip().upper())
    if tournaments:
        if currency is None:
            return Money(True, None, sum(m.hands for m in there if m.tournaments)), there
        condition, values = Money(True, code).condition()
        bought = engine.execute(f"select count(*) from history_hands{where}{' and ' if where else ' where '}{condition}", [*params, *values])
        return Money(True, code, int(bought[0][0])), there
    if currency is not None:
        return Money(False, code, next((m.hands for m in there if not m.tournaments and m.currency == code), 0)), there
    first = next((m for m in there if not m.tournaments), None)
    if first is None and not cash:  # no cash game: the tournaments'
        return (Money(True, None, sum(m.hands for m in there), every=True) if there else None), there
    if first is None:  # --cash, and no cash game: none kept
        return Money(False, None, 0), there
    return Money(False, first.currency, first.hands, every=len(there) == 1), there


def keeping(money: Money | None, site: str | None = None, of: str = "", currency: bool = False) -> tuple[list[str], list[Any]]:
    """The conditions (and their parameters) that keep the rows (of any table with site and
    hand_id; ``of``: its alias and a dot) of ``money``'s hands and ``site``'s: none for the only
    money there is; a cash currency, the table's own ``currency`` where it has one (``currency``:
    a tournament hand has none); else the hands' rows of history_hands chosen once, a semi-join
    every engine plans (the stored tables ``history`` reads have no currency)."""
    clauses: list[str] = []
    params: list[Any] = []
    if site:
        clauses.append(f"lower({of}site) = lower(?)")
        params.append(site)
    if money is not None and money.every:
        pass
    elif money is not None and currency and not money.tournaments and money.currency:
        clauses.append(f"{of}currency = ?")
        params.append(money.currency)
    elif money is not None:
        condition, values = money.condition()
        clauses.append(f"({of}site, {of}hand_id) in (select site, hand_id from history_hands where {condition})")
        params += values
    return clauses, params


def note(money: Money | None, there: Sequence[Money]) -> str | None:
    """The line on stderr when the money kept has no hand: the moneys there are, with their options."""
    if money is None or money.hands:
        return None
    options = ", ".join(f"{m.label} ({m.hands:,}: {option(m)})" for m in there) or "none imported"
    return f"no imported hand is of {money.label}; there are: {options}"


def option(money: Money) -> str:
    """The command-line options that choose ``money``."""
    if money.tournaments:
        return "--tournaments" + (f" --currency {money.currency}" if money.currency else "")
    return f"--currency {money.currency or NONE}"
