"""Which comment commands the rules allow (`/pass`, `/active`, `/inactive`)."""

from __future__ import annotations

from typing import Any

from .binding import Binding
from .values import is_list

KNOWN = ("pass", "active", "inactive", "veto")


def parse_commands(value: Any) -> tuple[str, ...]:
    if not is_list(value) or not all(v in KNOWN for v in value):
        raise ValueError("a list of commands from " + ", ".join(KNOWN))
    return tuple(value)


BINDINGS = (
    Binding("commands", parse_commands, "a list such as [pass, active]",
            "players may give these commands in a comment: /pass ends their turn; /active "
            "and /inactive declare themselves active or inactive; /veto N is the Admin's "
            "veto of proposal N"),
)
