"""Re-adding BoredNomic's counters for `verify` (seed 003): money, level, experience, hit
points and correct answers, from the start (rules 4.2, 12.2) through every decision's
experience (12.5), every change an action recorded (with what it was and what it became),
and the Admin's corrections by hand (`nomic-ci adjust LOGIN N --counter money`, rule 2.2),
in the order they happened. The first change that starts from another value than the ones
before it left is named, and so is a player whose counters the records do not explain.

Rule 15's reserves are not re-added: what a proposal spends as it opens is in no record.
"""

from __future__ import annotations

from typing import Any, Sequence

from ...files.adjustments import read_adjustments
from ...files.state import Player
from ...mechanics.progress import level_up
from ..actionlog import ActionRecord
from .inquisition import ANSWERS
from .vitals import EXPERIENCE, HIT_POINTS, LEVEL, settle

HINT = "change a counter by hand with `nomic-ci adjust LOGIN N --counter NAME`, which " \
       "records who and why"


def counters(config) -> tuple[str, ...]:
    """The counters re-added: the money counter and rule 12's, and the correct answers."""
    return (config.board["money"].counter, LEVEL, EXPERIENCE, HIT_POINTS, ANSWERS)


def adjusted(config, player: Player, counter: str, amount: int) -> Player:
    """`player` after the Admin adds `amount` to `counter`; 12.3 and 12.4 then apply."""
    start = config.starting_stats
    names = {counter, *(n for n in (LEVEL, EXPERIENCE, HIT_POINTS) if n in start)}
    values = {name: player.stat(name, start) for name in names}
    values[counter] += amount
    after = settle(config, values)
    return player.with_stats(**{k: v for k, v in after.items() if v != player.stat(k, start)
                                or k in dict(player.stats)})


def _among(actions, adjustment):
    """A time for the correction between the action before it and the one after it."""
    at = adjustment.at
    if 0 < adjustment.after_action <= len(actions):
        at = max(at, actions[adjustment.after_action - 1].at)
    if adjustment.after_action < len(actions):
        at = min(at, actions[adjustment.after_action].at)
    return at


def check_counters(game, records: Sequence[Any]) -> list[str]:
    config = game.config
    if "money" not in config.board:
        return []
    start, names = config.starting_stats, counters(config)
    values: dict[str, dict[str, int]] = {}

    def of(login: str) -> dict[str, int]:
        return values.setdefault(login, {n: start.get(n, 0) for n in names})

    adjustments = [a for a in read_adjustments(game.files) if a.counter != "points"]
    timeline = sorted(
        # at one moment the decisions come first, as the engine orders them; a correction goes
        # right after the actions it followed, which its own time alone does not tell
        [(r.decided, 0, i, r) for i, r in enumerate(records) if r.experience]
        + [(a.at, 1, a.number, a) for a in game.actions.records()]
        + [(_among(game.actions, a), 1, a.after_action + 0.5, a) for a in adjustments],
        key=lambda entry: entry[:3])
    for *_, entry in timeline:
        if isinstance(entry, ActionRecord):
            for effect in entry.effects:
                if "stats" not in effect:
                    continue
                mine = of(effect["stats"])
                for name, was in effect["from"].items():
                    if name in mine and mine[name] != was:
                        return [f"{entry.path}: {effect['stats']}'s {name} was {was} before "
                                f"this action, but the records before it leave {mine[name]}; "
                                f"{HINT}"]
                mine.update({k: v for k, v in effect["to"].items() if k in mine})
        elif hasattr(entry, "experience"):  # a decision (12.5), as the engine applied it
            for login, gained in entry.experience.items():
                mine = of(login)
                mine[LEVEL], mine[EXPERIENCE] = level_up(mine[LEVEL], mine[EXPERIENCE] + gained)
        else:  # the Admin's correction by hand
            mine = of(entry.login)
            if entry.counter in mine:
                mine[entry.counter] += entry.points
                mine.update({k: v for k, v in settle(config, mine).items() if k in mine})
    found = []
    for player in game.state.players:
        want = of(player.login)
        for name in names:
            have = player.stat(name, start)
            if have != want[name]:
                found.append(f"state/players.yaml: {player.login} has {have} {name}, but the "
                             f"records give {want[name]}; {HINT}")
    return found
