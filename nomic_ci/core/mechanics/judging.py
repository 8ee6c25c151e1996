"""Judgment (seed 001 rule 211) and the game that cannot go on (rule 213), as bindings.

`judgment` makes Judgment part of play and says how it goes: who judges, what the next turn
waits for while a Judgment is pending, what vote of the other active players overrules a
Judge, and whether the server administrator may overrule too (and what vote of the others
nullifies that). `unplayable_winner` says who wins when a Judge's ruling, not overruled,
finds a move equally legal and illegal, or further play impossible. Amend the rule and the
procedure follows; repeal it and it is gone. The procedure itself is
`core/players/judgment.py`.
"""

from __future__ import annotations

from typing import Any

from ..frozen import frozen
from .binding import Binding
from .thresholds import Threshold, parse_threshold
from .values import choice, flag, is_mapping

SIDES = ("preceding", "following")  # the Judge is the active player before or after the mover


@frozen
class Procedure:
    """The `judgment` binding: how a Judgment goes under the rules in force."""

    judge: str  # "preceding" or "following": the active player before (after) the one moving
    consent: Threshold | None  # of the other active players, for the next turn to begin
    # while a Judgment is pending (None: the turn does not wait)
    overrule: Threshold | None  # of the active players other than the Judge (None: none)
    admin_overrule: bool = False  # the server administrator may overrule a Judge too
    nullify: Threshold | None = None  # of the active players other than the Judge the
    # administrator overruled, undoing that overrule

    def __str__(self) -> str:
        """The procedure in a sentence, for the vote comment's what-if and the pages."""
        return "; ".join(self.parts())

    def parts(self) -> list[str]:
        """Its sentence's parts, so a change can be said as the parts it changes."""
        parts = [f"the active player {self.judge} the one moving judges"]
        parts.append(f"the next turn waits for the consent of {share(self.consent)}"
                     if self.consent else "the next turn does not wait for it")
        parts.append(f"{share(self.overrule)} may overrule the Judge" if self.overrule
                     else "no vote overrules the Judge")
        if self.admin_overrule:
            parts.append("so may the server administrator, unless "
                         f"{share(self.nullify or Threshold('majority'))} nullify it")
        return parts


def share(threshold: Threshold) -> str:
    """'a majority of the other active players', 'all the other active players', '60% of…'."""
    if threshold.kind == "unanimous":
        return "all the other active players"
    if threshold.kind == "majority":
        return "a majority of the other active players"
    return f"{str(threshold).removesuffix(' of the eligible voters')} of the other active players"


def _share(value: Any, *none: str) -> Threshold | None:
    if value in none:
        return None
    threshold = parse_threshold(value)
    if not threshold.counts_voters:
        raise ValueError
    return threshold


_EXPECTED = ("{judge: preceding|following, consent: SHARE|none, overrule: SHARE|none, "
             "admin_overrule: true|false, nullify: SHARE}, each SHARE 'unanimous', 'majority' "
             "or a percentage such as '60%'")


def parse_procedure(value: Any) -> Procedure:
    if not is_mapping(value) or not {"judge", "consent", "overrule"} <= set(value) <= {
            "judge", "consent", "overrule", "admin_overrule", "nullify"}:
        raise ValueError(_EXPECTED)
    try:
        admin = flag(value.get("admin_overrule", False))
        procedure = Procedure(choice(*SIDES)(value["judge"]),
                              _share(value["consent"], "none"),
                              _share(value["overrule"], "none"), admin,
                              _share(value["nullify"]) if "nullify" in value else None)
    except ValueError:
        raise ValueError(_EXPECTED) from None
    if procedure.nullify is not None and not admin:
        raise ValueError("nullify only with admin_overrule: true: " + _EXPECTED)
    return procedure


BINDINGS = (
    Binding("judgment", parse_procedure, _EXPECTED,
            "players invoke Judgment on a question (/judgment); the Judge, the active player "
            "before (or after) the one moving, rules (/ruling); while it is pending the next "
            "turn waits for the `consent` of the other active players (/consent); their "
            "`overrule` vote, or the server administrator's (`admin_overrule`, undone by the "
            "`nullify` vote), passes the question to the next Judge; it ends when the next "
            "turn begins, recorded in judgments/"),
    Binding("unplayable_winner", choice("first-unable"), "'first-unable'",
            "a Judge's ruling, not overruled, that a move is equally legal and illegal or that "
            "further play is impossible ends the game: the first player unable to complete a "
            "turn wins"),
)
