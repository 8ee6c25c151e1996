"""What a proposal would change in the game's mechanics if it passed, said before anyone
votes: the configuration the rules after the merge make, compared with the one in force,
and the warnings a player should read first (a proposal that can never pass)."""

from __future__ import annotations

from dataclasses import fields
from datetime import datetime, timedelta
from typing import Any

from ..errors import GameError
from ..facts import Proposal
from ..files.rulefiles import Rule
from ..game import Game, load_game
from ..mechanics.config import GameConfig
from ..mechanics.judging import Procedure
from ..mechanics.layers import Layer
from ..mechanics.thresholds import Threshold
from ..times import format_duration
from .admission import Requirement, left_behind

# what each binding is, in the words of a sentence ("victory at 50 instead of 100")
_NAMES = {"victory_points": "the points that win", "ends_at": "the end of the game",
          "starting_points": "the points a player starts with", "turn_roll": "the turn's dice",
          "voting_window": "the voting window",
          "remind_before": "how long before a vote closes missing voters are reminded", "turn_timeout": "the time a turn lasts",
          "threshold": "the threshold a proposal needs", "max_winners": "the most winners",
          "proposer_votes_yes": "whether proposing counts as a yes",
          "votes_from": "what counts as a vote", "edits": "what an edit does",
          "decide_when_all_voted": "whether a vote ends once everyone has voted",
          "inactive_after": "the time after which a silent player is inactive",
          "commands": "the comment commands", "schedule": "the weekly schedule",
          "proposals_per_week": "the proposals a player may make in a week",
          "wins_by": "the only way to win", "judgment": "how Judgment goes",
          "unplayable_winner": "who wins a game that cannot go on"}


def what_if(game: Game, proposal: Proposal) -> tuple[str, ...]:
    """The changes to the mechanics, one sentence each; empty when it changes none."""
    try:
        after = load_game(left_behind(game, proposal))
    except GameError:
        return ()  # a proposal that breaks the game is refused, with the reason, elsewhere
    eligible = len(game.eligible_voters)
    found = _layer_changes(game.config.layers, after.config.layers, eligible)
    found += [_change(name, getattr(game.config, name), getattr(after.config, name), eligible)
              for name in _compared() if getattr(game.config, name) != getattr(after.config, name)]
    found += _repealed(game.rules, after.rules)
    found += [void for void in after.config.void if void not in game.config.void]
    return tuple(found)


def never_passes(game: Game, proposal: Proposal, needed: Requirement | str) -> str | None:
    """Why the proposal cannot pass as the rules stand, whatever the votes, if it cannot."""
    if not isinstance(needed, Requirement) or needed.threshold.kind != "veto":
        return None
    holders = [p.login for p in game.eligible_voters
               if p.veto and game.state.player(proposal.author) != p]
    if holders:
        return None
    return ("it can never pass as the rules stand: it needs the yes of a player with a veto "
            "other than its proposer, and there is none")


def _compared() -> list[str]:
    return [f.name for f in fields(GameConfig) if f.name not in ("layers", "sources", "void")]


def _needs(threshold: Threshold, eligible: int) -> str:
    if not threshold.counts_voters:
        return str(threshold)
    return f"{threshold} ({threshold.required_yes(eligible)} of {eligible})"


def _shown(value: Any, eligible: int) -> str:
    if value is None:
        return "none"
    if isinstance(value, Threshold):
        return _needs(value, eligible)
    if isinstance(value, datetime):
        return f"{value:%Y-%m-%d %H:%M} UTC"
    if isinstance(value, timedelta):
        return format_duration(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ", ".join(map(str, value)) or "none"
    return str(value)


def _change(name: str, old: Any, new: Any, eligible: int) -> str:
    what = _NAMES.get(name, name.replace("_", " "))
    if isinstance(old, Procedure) and isinstance(new, Procedure):  # said by the parts changed
        added = "; ".join(p for p in new.parts() if p not in old.parts())
        gone = "; ".join(p for p in old.parts() if p not in new.parts())
        return (f"{what}: {added} instead of {gone}" if added and gone else
                f"{what}: also {added}" if added else f"{what}: no longer this: {gone}")
    return f"{what}: {_shown(new, eligible)} instead of {_shown(old, eligible)}"


def _layer_changes(old: tuple[Layer, ...], new: tuple[Layer, ...], eligible: int) -> list[str]:
    before = {(l.low, l.high): l.threshold for l in old}
    after = {(l.low, l.high): l.threshold for l in new}
    found = []
    for low, high in sorted(before.keys() | after.keys()):
        was, will = before.get((low, high)), after.get((low, high))
        span = f"rules {low:03d}–{high:03d}"
        if was is None:
            found.append(f"proposals involving {span} will need {_needs(will, eligible)}")
        elif will is None:
            found.append(f"{span} will be in no layer (they needed {_needs(was, eligible)})")
        elif was != will:
            found.append(f"proposals involving {span} will need {_needs(will, eligible)} "
                         f"instead of {_needs(was, eligible)}")
    return found


def _repealed(old: tuple[Rule, ...], new: tuple[Rule, ...]) -> list[str]:
    kept = {rule.number for rule in new}
    found = []
    for rule in old:
        if rule.number not in kept:
            bound = ", ".join(rule.bindings)
            found.append(f"rule {rule.number:03d} repealed" +
                         (f": its mechanics ({bound}) are removed" if bound else ""))
    return found
