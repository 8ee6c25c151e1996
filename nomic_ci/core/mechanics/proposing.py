"""How proposals are made and voted on, where rulesets differ (seed 004 rule 4).

`proposing`: `one-a-turn` (seed 002: only the current player, one at a time,
and the turn passes when it is decided) or `one-open-each` (any player who has
no proposal in its vote). `votes_from`: reviews, and 👍/👎 reactions, one vote
per player either way. `decide_when_all_voted: false` keeps the vote open to
the end of its window. `edits: retract`: a proposal changed in content or
description before it takes effect is retracted.
"""

from __future__ import annotations

from typing import Any

from .binding import Binding
from .values import choice, flag, is_list

SOURCES = ("reviews", "reactions")


def parse_sources(value: Any) -> tuple[str, ...]:
    if not is_list(value) or not value or not all(v in SOURCES for v in value):
        raise ValueError("a list from " + ", ".join(SOURCES))
    return tuple(value)


BINDINGS = (
    Binding("proposing", choice("one-a-turn", "one-open-each", "weekly"),
            "'one-a-turn', 'one-open-each' or 'weekly'",
            "one-a-turn: only the current player proposes, one at a time, and the turn passes "
            "at the decision; one-open-each: any player with no proposal in its vote; "
            "weekly: any player, as the schedule allows"),
    Binding("votes_from", parse_sources, "a list such as [reviews, reactions]",
            "what counts as a vote: reviews (approve, request changes) and 👍/👎 reactions"),
    Binding("decide_when_all_voted", flag, "true or false",
            "whether a vote ends as soon as every eligible voter has voted (else at its "
            "window's end)"),
    Binding("edits", choice("retract"), "'retract'",
            "a proposal whose content or description changes before it takes effect is "
            "retracted"),
)
