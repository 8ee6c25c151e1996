"""Reading the words of a player's command, which anyone can write."""

from __future__ import annotations

import re

_NUMBER = re.compile(r"[0-9]{1,15}")


def number_in(word: str) -> int | None:
    """The whole number a command's word gives, or None: ASCII digits only (`str.isdigit`
    takes '²', which int() refuses) and at most 15 of them, as every number in the game."""
    return int(word) if _NUMBER.fullmatch(word) else None
