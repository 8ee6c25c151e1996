"""The game's parameters, derived from the bindings of the rules in force.

Nothing here is configured anywhere else: amend a rule's bindings and the
engine follows; repeal the rule and its mechanic is gone. When two rules bind
the same key, the precedence rule decides (lowest number by default).
"""

from __future__ import annotations

from dataclasses import field
from datetime import datetime, timedelta
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from ..errors import GameError, shown
from ..files.rulefiles import Rule
from ..frozen import frozen
from .bankruptcy import Bankruptcy
from .thresholds import Threshold
from .guard import Guard
from .judging import Procedure
from .layers import Layer
from .precedence import IMMUTABLE_FIRST, LOWEST_NUMBER
from ..board.games import MODULE_OF as BOARD_KEYS
from . import registry
from .schedule import Schedule
from .victory import OTHER_WAYS_TO_WIN
from .values import Roll


@frozen
class GameConfig:
    """What `derive_config` makes of the rules in force: most fields a binding's value, else its
    default."""

    victory_points: int | None = None
    ends_at: datetime | None = None
    starting_points: int = 0
    turn_roll: Roll | None = None
    voting_window: timedelta | None = None
    remind_before: timedelta = timedelta(hours=12)
    turn_timeout: timedelta | None = None
    proposer_votes_yes: bool = False
    resubmissions_per_turn: int | None = None
    numbering: str = "every-proposal"
    threshold: Threshold | None = None
    layers: tuple[Layer, ...] = ()
    other_files_as_rule: int | None = None
    precedence: str = LOWEST_NUMBER
    immutability: str | None = None
    transmutation_needs: Threshold | None = None
    max_winners: int | None = None
    eligible_voters: str | None = None
    inactive_after: timedelta | None = None
    join_window: timedelta | None = None
    join_needs: Threshold | None = None
    commands: tuple[str, ...] = ()
    proposing: str = "one-a-turn"
    votes_from: tuple[str, ...] = ("reviews",)
    decide_when_all_voted: bool = True
    edits: str | None = None
    proposer_gains: str | None = None
    guard: Guard | None = None
    starting_stats: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    experience: Mapping[str, int] | None = None
    schedule: Schedule | None = None
    proposals_per_week: int | None = None
    turn_order: str | None = None
    victory_quantity: str = "points"
    # the board's mechanics (core/board/), by binding key, where the rules bind any
    board: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    wins_by: str | None = None
    pause: str | None = None
    bankrupt_below: Bankruptcy | None = None
    judgment: Procedure | None = None  # seed 001 rule 211 (core/players/judgment.py)
    unplayable_winner: str | None = None  # rule 213
    # bindings the rules make void, one sentence each (seed 001 rule 212)
    void: tuple[str, ...] = ()
    # which rule set each binding, so decisions can cite it
    sources: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    def cite(self, key: str) -> str:
        number = self.sources.get(key)
        return f"rule {number}" if number is not None else "the rules"


def _precedence_order(rules: Sequence[Rule], precedence: str) -> list[Rule]:
    if precedence == IMMUTABLE_FIRST:
        return sorted(rules, key=lambda r: (r.mutable, r.number))
    return sorted(rules, key=lambda r: r.number)


def _binding_hint(key: str, known) -> str:
    """The binding meant, if one is close, and where they are all listed (not the whole list:
    it grows with every kind of mechanic)."""
    import difflib  # only for this hint, after a mistake
    near = difflib.get_close_matches(str(key), sorted(known), n=1, cutoff=0.75)
    return (f"did you mean {near[0]!r}? " if near else "") + \
        "nomic_ci/docs/bindings.md lists every binding"


def derive_config(rules: Sequence[Rule]) -> GameConfig:
    """Check every binding of every rule and resolve conflicts by precedence."""
    parsed: dict[int, dict[str, Any]] = {}
    for rule in rules:
        parsed[rule.number] = {}
        for key, raw in rule.bindings.items():
            binding = registry.binding(key)
            if binding is None:
                raise GameError(f"unknown binding {key!r}", path=rule.path,
                                line=rule.binding_lines.get(key),
                                hint=_binding_hint(key, registry.KEYS))
            try:
                parsed[rule.number][key] = binding.parse(raw)
            except ValueError as exc:
                raise GameError(f"binding {key!r} must be {exc}, not {shown(raw)}", path=rule.path,
                                line=rule.binding_lines.get(key)) from None
    # the precedence binding itself comes from an immutable rule before a mutable one, then
    # the lowest number: so a mutable rule cannot demote the immutable rules above it
    precedence = next((parsed[r.number]["precedence"]
                       for r in sorted(rules, key=lambda r: (r.mutable, r.number))
                       if "precedence" in parsed[r.number]), LOWEST_NUMBER)
    order = _precedence_order(rules, precedence)
    void = _void_ways_to_win(order, parsed)
    values: dict[str, Any] = {}
    sources: dict[str, int] = {}
    for rule in order:
        for key, value in parsed[rule.number].items():
            if key not in values:
                values[key] = value
                sources[key] = rule.number
    board = {key: values.pop(key) for key in list(values) if key in BOARD_KEYS}
    return GameConfig(**values, board=MappingProxyType(board), sources=MappingProxyType(sources),
                      void=void)


def _void_ways_to_win(order: Sequence[Rule], parsed: dict[int, dict[str, Any]]) -> tuple[str, ...]:
    """Seed 001 rule 212: "The state of affairs that constitutes winning may not be altered
    from achieving n points." A rule that `wins_by: points` takes precedence over (rule 210:
    the lower number; rule 109: an immutable rule) may bind no other way to win: that binding
    is void, and taken out of `parsed`; the rest of the rule stands."""
    guard = next((i for i, rule in enumerate(order) if "wins_by" in parsed[rule.number]), None)
    if guard is None:
        return ()
    by = order[guard].number
    void = []
    for rule in order[guard + 1:]:
        for key in OTHER_WAYS_TO_WIN:
            if key in parsed[rule.number]:
                del parsed[rule.number][key]
                void.append(f"rule {rule.number}'s {key} is void: rule {by} allows no way to win "
                            "but points, and takes precedence over it")
    return tuple(void)
