"""Amounts as PartyPoker and iPoker write them, in hundredths: '$26,02' (a comma before one or
two last digits is the decimal point), '1,250' and '1.500' (between thousands), '€0.10 EUR',
'RSD2'."""

from __future__ import annotations

import re

from .hand import LETTERS_IN_NUMBER, BadHand, hundredths, shown

_NOT_DIGITS = re.compile(r"[^\d.,]")
_DOT_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+")


def amount(text: str | None) -> int:
    if text and LETTERS_IN_NUMBER.search(text):
        raise BadHand(f"not an amount: {shown(text.strip())}")
    cleaned = _NOT_DIGITS.sub("", text or "")
    if _DOT_THOUSANDS.fullmatch(cleaned):  # '1.500': tournament chips, a dot between thousands
        cleaned = cleaned.replace(".", "")
    whole, comma, last = cleaned.rpartition(",")
    if comma and "." not in cleaned and len(last) <= 2:
        cleaned = whole.replace(",", "") + "." + last
    return hundredths(cleaned.replace(",", "") or "0", text)
