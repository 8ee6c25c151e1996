"""The one error type players and admins see: it says which file, which line, what to do."""

from __future__ import annotations


class GameError(Exception):
    """A problem with the game's files or a player's request.

    `path` and `line` (1-based) point at the cause when there is one; `hint`
    says what to do about it.
    """

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None,
                 hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.hint = hint

    def __str__(self) -> str:
        where = ""
        if self.path:
            where = f"{self.path}:{self.line}: " if self.line else f"{self.path}: "
        text = where + self.message
        if self.hint:
            text += f"\n  what to do: {self.hint}"
        return text


def shown(value: object) -> str:
    """A value as an error message quotes it: short, whatever it is (a number of thousands of
    digits, a list of thousands of items)."""
    if isinstance(value, int) and abs(value) >= 10 ** 15:
        return "a number of more than 15 digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
