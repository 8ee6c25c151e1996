"""How long things take: the voting window, the reminder before it closes, the turn timeout."""

from __future__ import annotations

from .binding import Binding
from .values import choice, count, duration, flag

BINDINGS = (
    Binding("voting_window", duration, "a duration such as '48h'",
            "a proposal is decided when this long has passed since it opened or was last "
            "pushed to, if not every eligible voter has voted before"),
    Binding("remind_before", duration, "a duration such as '12h'",
            "this long before a vote closes, the game issue mentions the eligible voters who "
            "have not voted yet (12 hours where no rule binds it)"),
    Binding("turn_timeout", duration, "a duration such as '72h'",
            "a turn passes to the next player this long after it started (with one proposal "
            "a turn, only while its player has not proposed)"),
    Binding("resubmissions_per_turn", count, "a whole number",
            "a proposal may be pushed to (restarting its vote) at most this many times; it is "
            "refused at the next push"),
    Binding("numbering", choice("every-proposal", "proper-proposals"),
            "'every-proposal' or 'proper-proposals'",
            "which proposals take the next number: every one, or only rule-changes put to the "
            "vote (a refused proposal, or a request to join, is recorded without a number)"),
    Binding("proposer_votes_yes", flag, "true or false",
            "the proposer's own proposal counts as their yes vote"),
)
