"""Card notation: parsing what people type, and the canonical and pretty forms.

card_id = (value - 2) * 4 + suit_index, suits in the order c d h s, as in the
``cards`` table: 0 = 2c, 3 = 2s, 51 = As.
"""

from __future__ import annotations

import re

from .errors import BadInput

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
PRETTY_SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}

# One card: a rank (2-9, T, 10, J, Q, K, A) then a suit letter or symbol.
_CARD = re.compile(r"(10|[2-9TJQKA])([CDHS♣♦♥♠])", re.IGNORECASE | re.ASCII)
# What separates cards: a comma, or any character Python counts as a space (str.isspace):
# the ASCII spaces and controls \t \n \v \f \r, the no-break space U+00A0, the thin space
# U+2009, the narrow no-break space U+202F, ... (none above U+3000). DuckDB's batches read
# the same set (own_hands.DUCKDB_EVALUATED).
SEPARATORS = "," + "".join(c for c in map(chr, range(0x3001)) if c.isspace())
_SEPARATORS = re.compile(f"[{re.escape(SEPARATORS)}]+")


def card_id(rank: str, suit: str) -> int:
    return RANKS.index(rank) * 4 + SUITS.index(suit)


def card_name(card: int) -> str:
    return RANKS[card // 4] + SUITS[card % 4]


def pretty_name(name: str) -> str:
    """'As' -> 'A♠', 'Td' -> '10♦': the 2010 article's style of a canonical card name."""
    rank, suit = name[0], name[1]
    return ("10" if rank == "T" else rank) + PRETTY_SUITS.get(suit, suit)


def card_pretty(card: int) -> str:
    return pretty_name(card_name(card))


# The deck in card_id order: CARD_NAMES[0] == '2c', CARD_NAMES[51] == 'As'.
CARD_NAMES = tuple(card_name(card) for card in range(52))


def parse_cards(text: str | list[str] | tuple[str, ...]) -> list[int]:
    """Card ids from text such as "Ah Kd", "Ah,Kd", "AhKd" or "A♥ 10♦".

    Raises BadInput naming the first token that is not a card, or a card given twice.
    """
    if not isinstance(text, str):
        text = " ".join(text)
    cards: list[int] = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        position = 0
        while position < len(token):
            match = _CARD.match(token, position)
            if match is None:
                bad = token[position:] if position else token
                raise BadInput(f"unknown card {shown(bad)}: write a rank 2-9, T, J, Q, K, A and a suit s, h, d, c (e.g. 'Ah')")
            rank, suit = match.group(1).upper(), match.group(2)
            rank = "T" if rank == "10" else rank
            suit = SUIT_SYMBOLS.get(suit, suit.lower())
            cards.append(card_id(rank, suit))
            position = match.end()
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise BadInput(f"duplicate card {card_name(card)!r}")
        seen.add(card)
    return cards


def shown(text: str, limit: int = 24) -> str:
    """Text as a message quotes it, on one line: in single quotes, cut after ``limit``
    characters ('…'), a character that does not print written as Python escapes it ('\\xa0')."""
    body = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[:limit])
    return f"'{body}{'…' if len(text) > limit else ''}'"


def check_distinct(hands: list[list[int]], names: list[str]) -> None:
    """Raise BadInput naming a card that stands in two of ``hands`` and the two that hold it
    (``names``, one per hand: "hand 1", "the board", "the dead cards")."""
    seen: dict[int, int] = {}
    for number, hand in enumerate(hands):
        for card in hand:
            if card in seen:
                raise BadInput(f"duplicate card {card_name(card)!r}: it is in {names[seen[card]]} and in {names[number]}")
            seen[card] = number
