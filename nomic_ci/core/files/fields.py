"""Typed fields of the engine's YAML files, read with errors that name the file, the field
and the line, and the bounds every value is held to."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Mapping

from . import yamlio
from ..errors import GameError, shown
from ..times import moment

_LOGIN = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\[bot\])?$")


class Fields:
    """Reads typed fields from one YAML mapping, with errors naming file, field and line."""

    def __init__(self, node: Any, path: str, where: str = "") -> None:
        if not isinstance(node, Mapping):
            raise GameError(f"{where or 'the file'} must be a mapping of fields", path=path)
        self.node, self.path, self.where = node, path, where

    def get(self, key: str, parse, expect: str, *, optional: bool = False, default: Any = None):
        if key not in self.node:
            if optional:
                return default
            raise GameError(f"{self.where}missing field {key!r}", path=self.path,
                            line=yamlio.line_of(self.node, next(iter(self.node), None)),
                            hint=f"add '{key}:' with {expect}")
        value = self.node[key]
        if value is None and optional:
            return default
        try:
            return parse(value)
        except (ValueError, TypeError):
            raise GameError(f"{self.where}field {key!r} must be {expect}, not {shown(value)}",
                            path=self.path, line=yamlio.line_of(self.node, key)) from None


MAX_INT = 10 ** 15  # far beyond any score or id, and far from overflowing anything


def whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not -MAX_INT < value < MAX_INT:
        raise ValueError
    return value


def natural(value: Any) -> int:
    """A whole number of 0 or more."""
    number = whole(value)
    if number < 0:
        raise ValueError
    return number


def flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError
    return value


def login(value: Any) -> str:
    if not isinstance(value, str) or not _LOGIN.match(value):
        raise ValueError
    return value


def text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError
    return value


def items(value: Any) -> list:
    if not isinstance(value, list):
        raise ValueError
    return value


def wholes(value: Any) -> tuple[int, ...]:
    return tuple(whole(v) for v in items(value))


def counters(value: Any) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping):
        raise ValueError
    return tuple(sorted((str(k), whole(v)) for k, v in value.items()))


def replaced(value: Any) -> tuple[tuple[str, datetime], ...]:
    entries = items(value)
    if not all(isinstance(v, Mapping) and set(v) == {"head", "until"} for v in entries):
        raise ValueError
    return tuple((text(v["head"]), moment(v["until"])) for v in entries)


def logins(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ValueError
    return tuple(login(v) for v in value)
