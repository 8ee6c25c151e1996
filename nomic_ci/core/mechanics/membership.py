"""Who plays: the eligible voters and the turn order (seed 002 rule 106).

The list itself is `state/players.yaml`; these bindings say the rules use it.
"""

from __future__ import annotations

from .binding import Binding
from .thresholds import parse_threshold
from .values import choice, duration

BINDINGS = (
    Binding("eligible_voters", choice("all-players", "active-players"),
            "'all-players' or 'active-players'",
            "every player in state/players.yaml is an eligible voter (or every active one)"),
    Binding("join_window", duration, "a duration such as '24h'",
            "a proposal that only adds its author to the players joins them after this long "
            "with no objection; an objection starts a vote this long"),
    Binding("join_needs", parse_threshold, "a threshold such as 'more-yes-than-no'",
            "what a request to join needs after an objection (else a majority of the "
            "eligible voters)"),
    Binding("turn_order", choice("players-file"), "'players-file'",
            "players take turns in the order of state/players.yaml, one proposal a turn; "
            "a proposal from anyone else is refused"),
)
