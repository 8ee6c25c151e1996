"""Whether a proposal may be put to the vote, and what it needs to pass.

The rules a proposal involves pick its threshold (the layer cake, a single
threshold, or a transmutation's); its rule files must parse, and the rules it
would leave must still let the game change.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Mapping

from ..errors import GameError
from ..facts import ChangeKind, Proposal
from ..files.rulefiles import parse_rule
from ..files.gamefiles import GameFiles
from ..board.actionlog import DIR as ACTIONS_DIR
from ..files.judgments import DIR as JUDGMENTS_DIR
from ..files.records import DIR as RECORDS_DIR
from ..files import GAME, PLAYERS, yamlio
from ..files.statefile import parse_players, read_state
from ..frozen import frozen
from ..files.state import GameState
from ..game import Game, load_game
from ..mechanics.config import GameConfig
from .involvement import layer_for, rules_involved
from ..mechanics.thresholds import Threshold
from ..turns import handed_on


@frozen
class Requirement:
    """What a proposal needs to pass (`requirement`): the rules it involves and their threshold."""

    rules: tuple[int, ...]
    threshold: Threshold
    explanation: str  # e.g. "rule 104, rules 100–199: a majority of the eligible voters"
    terms: str | None = None  # a guarded rule's own terms, in place of the threshold

    def needs(self, eligible: int) -> str:
        """What it needs, with the count: 'a majority of the eligible voters: 2 of 3', or
        the guarded rule's terms (seed 004 rule 0), which no threshold decides."""
        return self.terms if self.terms is not None else self.threshold.explain(eligible)


def involved(needed: Requirement | str) -> tuple[int, ...]:
    """The rules a proposal involves, as its requirement found them (none if it has none)."""
    return needed.rules if isinstance(needed, Requirement) else ()


# requirement's answers, by the identity of what it reads (the rules, their configuration and
# the proposal: values a run keeps from step to step), so a run deciding K votes one step at
# a time works out each proposal's once, not K times
_REQUIRED: dict[tuple[int, int, int], tuple[object, object, Proposal, Requirement | str]] = {}


def requirement(game: Game, proposal: Proposal) -> Requirement | str:
    """The threshold a proposal needs, or why it cannot be put to the vote at all."""
    key = (id(game.rules), id(game.config), id(proposal))
    found = _REQUIRED.get(key)
    if found is not None and found[0] is game.rules and found[1] is game.config \
            and found[2] is proposal:
        return found[3]
    if len(_REQUIRED) > 4096:
        _REQUIRED.clear()
    needed = _requirement(game, proposal)
    _REQUIRED[key] = game.rules, game.config, proposal, needed
    return needed


def _requirement(game: Game, proposal: Proposal) -> Requirement | str:
    needed = _threshold(game, proposal)
    guard = game.config.guard
    if isinstance(needed, Requirement) and guard and guard.covers(needed.rules):
        terms = f"the terms of {game.config.cite('guard')}: {guard.terms()}"
        return replace(needed, explanation=terms, terms=terms)
    return needed


def _threshold(game: Game, proposal: Proposal) -> Requirement | str:
    involvement = rules_involved(proposal.changes)
    config = game.config
    if not proposal.changes:  # such as a push that took every change back
        return "it changes nothing"
    if involvement.misnamed:
        return (f"{involvement.misnamed[0]} is not a rule file name: name rule files "
                "rules/NNN-slug.md")
    outside = [f for f in involvement.other_files if not _may_change(config, f)]
    if outside and config.other_files_as_rule is None:
        return (f"it changes {outside[0]}, outside rules/, and no rule in force "
                "lets a proposal change files outside rules/")
    numbers = involvement.numbers(config)
    immutable = _immutable_changes(game, proposal)
    if isinstance(immutable, str):
        return immutable
    if immutable:  # a transmutation: rule 108's unanimity, whatever the layer says
        need = config.transmutation_needs or Threshold("unanimous")
        listed = ", ".join(f"{n:03d}" for n in immutable)
        return Requirement(numbers, need, f"{config.cite('transmutation_needs')}, as it makes "
                                          f"immutable rule {listed} mutable: {need}")
    layer = layer_for(config, numbers)
    if layer is None:
        if config.threshold is not None:
            return Requirement(numbers, config.threshold,
                               f"{config.cite('threshold')}: {config.threshold}")
        if not config.layers:
            return "no rule in force sets a voting threshold"
        return (f"rule {numbers[0]:03d} is in no layer of {config.cite('layers')}: number new "
                f"rules within " + ", ".join(str(l) for l in config.layers))
    why = f"{config.cite('layers')}, {layer}"
    if involvement.other_files and numbers[0] == config.other_files_as_rule:
        why += f" (it changes {involvement.other_files[0]}, which counts as rule " \
               f"{config.other_files_as_rule:03d})"
    return Requirement(numbers, layer.threshold, f"{why}: {layer.threshold}")


def _may_change(config, path: str) -> bool:
    """Whether a proposal may change this file outside rules/: as its stated events."""
    if "stated_events" not in config.board:
        return False
    from ..board.infinite.events import may_change  # only a game with a board loads it (core/board)
    return may_change(config, path)


def _immutable_changes(game: Game, proposal: Proposal) -> tuple[int, ...] | str:
    """The immutable rules a proposal transmutes, or why it may not touch one at all."""
    if game.config.immutability != "enforced":
        return ()
    by_path = {rule.path: rule for rule in game.rules}
    texts = dict(proposal.texts)
    transmuted = []
    for change in proposal.changes:
        old = by_path.get(change.previous_path or change.path)
        if old is None or old.mutable:
            continue
        cite = game.config.cite("immutability")
        if change.kind is not ChangeKind.MODIFIED or change.path not in texts:
            return (f"rule {old.number} is immutable ({cite}): it may not be repealed or "
                    "renamed; transmute it first (a proposal changing only `mutable: false` "
                    "to `mutable: true`)")
        try:
            new = parse_rule(change.path, texts[change.path])
        except GameError as error:
            return str(error)
        if replace(new, mutable=False) != replace(old, binding_lines=new.binding_lines):
            return (f"rule {old.number} is immutable ({cite}): it may not be amended; "
                    "transmute it first (a proposal changing only its `mutable` field)")
        if new.mutable:
            transmuted.append(old.number)
    return tuple(transmuted)


# The rule and state files one proposal may bring, in characters: ruamel.yaml reads some
# 40 KB of YAML a second at worst, and every run reads a proposal again while it is voted on
MAX_BROUGHT = 1_000_000


def problems(game: Game, proposal: Proposal,
             needed: Requirement | str | None = None) -> list[str]:
    """Why this proposal cannot be put to the vote, if anything (`needed`: its requirement,
    where the caller has it already)."""
    found = list(proposal.problems)
    if not proposal.changes:
        found.append("it changes nothing")
        return found
    brought = sum(len(text) for _, text in proposal.texts)
    if brought > MAX_BROUGHT:  # judged before a line of it is parsed
        size, largest = max((len(text), path) for path, text in proposal.texts)
        found.append(f"it brings {brought:,} characters of rules and state ({largest}: "
                     f"{size:,}), more than the {MAX_BROUGHT:,} one proposal may")
        return found
    needed = requirement(game, proposal) if needed is None else needed
    if isinstance(needed, str):
        found.append(needed)
    return found + broken_by(game, proposal)


def broken_by(game: Game, proposal: Proposal) -> list[str]:
    """What the game the proposal would leave behind cannot be: its rule, state and record
    files read as a whole (checked before anyone votes, never after it has merged), and rules
    that still let the game change."""
    try:
        after = load_game(left_behind(game, proposal))
        for path, text in proposal.texts:  # the engine writes these back with ruamel.yaml,
            if path in (PLAYERS, GAME):   # so it must read them as the quick reader did
                yamlio.load(text, path)
    except GameError as error:
        what = "the rules" if (error.path or "").startswith("rules/") else "the game"
        return [f"it would leave {what} broken: {error}"]
    # a game found so (a board rule edited by hand) goes on, its board standing still, and
    # holds no proposal for it: any may mend it, or not
    found = unplayable(after.config) if not unplayable(game.config) else []
    before = read_state(game.files) if GAME in dict(proposal.texts) else after.state
    if (after.state.dice_seed, after.state.dice_secrets) != (before.dice_seed,
                                                             before.dice_secrets):
        found.append("it changes where the dice come from (dice_seed, dice_secrets in "
                     "state/game.yaml), which only the engine writes")
    if after.state.to_tell != before.to_tell:
        found.append("it changes what the engine is to tell players (to_tell in "
                     "state/game.yaml), which only the engine writes")
    if after.state.judgment != before.judgment:
        found.append("it changes the Judgment pending (judgment in state/game.yaml), which "
                     "only the players' commands change (rule 211)")
    if PLAYERS in dict(proposal.texts) and game.config.other_files_as_rule is None \
            and "stated_events" in game.config.board:  # the players' file as stated events
        from ..board.infinite.events import beyond_events  # Infinite Nomic's (seed 004)
        beyond = beyond_events(game.config, game.state, after.state)
        if beyond:
            found.append(beyond)
    history = sorted({path for c in proposal.changes for path in (c.path, c.previous_path)
                      if path and path.startswith((RECORDS_DIR, ACTIONS_DIR, JUDGMENTS_DIR))})
    if history:
        found.append(f"it changes the game's history ({', '.join(history)}): the records of "
                     "decisions, board actions and Judgments are written by the engine, and "
                     "score corrections by the game's admin with `nomic-ci adjust`")
    return found


def unplayable(config: GameConfig) -> list[str]:
    """What would stop any later proposal from passing, so the game could never change again."""
    found = []
    if not config.layers and config.threshold is None:
        found.append("it would leave no rule setting a voting threshold, so nothing could ever "
                     "pass again")
    elif config.layers and config.other_files_as_rule is not None and not any(
            layer.covers(config.other_files_as_rule) for layer in config.layers):
        found.append(f"rule {config.other_files_as_rule:03d}, which changes outside rules/ count "
                     "as, would be in no layer")
    if config.eligible_voters is None:
        found.append("it would leave no eligible voters, so nothing could ever pass again")
    if config.board:
        from ..board.rooms import unplayable as unplayable_board  # only a game with a board
        found += unplayable_board(config)
    return found


def merge_breaks(files: GameFiles, proposal: Proposal, merged: Mapping[str, str],
                 branch: str) -> str | None:
    """Why a passed proposal may not merge after all, if its merge would make the game's
    files `files` unreadable: with the proposal's files over them, and `merged` over those
    (the state files as the merge makes them, where the default branch `branch` changed them
    too since the proposal forked): texts no vote judged, as two edits git merges cleanly
    can list a player twice. Judged with the proposal's rules, which the merge brings."""
    if not merged:
        return None
    try:
        load_game(files.changed({**_proposed(proposal), **merged}))
    except GameError as error:
        where = f"{error.path}:{error.line}" if error.line else error.path or "its files"
        return (f"merging it would leave the game broken: {where}: {error.message}; merge "
                f"{branch} into it and mend that, so that the vote is on what would be merged")
    return None


def _proposed(proposal: Proposal) -> dict[str, str | None]:
    """The files a proposal changes, as it leaves them (None: removed)."""
    gone: dict[str, str | None] = {}
    for change in proposal.changes:
        if change.kind is ChangeKind.REMOVED:
            gone[change.path] = None
        elif change.kind is ChangeKind.RENAMED and change.previous_path:
            gone[change.previous_path] = None
    return {**gone, **dict(proposal.texts)}


def left_behind(game: Game, proposal: Proposal) -> GameFiles:
    """The game's files as they would be if the proposal merged."""
    files = game.files.changed(_proposed(proposal))
    handed = turn_left(game, proposal, game.state.last_change)
    if handed is game.state:
        return files
    from ..files.statedump import dump_state  # ruamel.yaml: only for a list that drops the turn
    return files.changed({GAME: dump_state(handed, files)[GAME]})


def turn_left(game: Game, proposal: Proposal, at: datetime) -> GameState:
    """The state with the turn handed on at `at` where the proposal's players' file drops the
    player whose turn it is (`turns.handed_on`): written before it merges, as the game it
    leaves names no turn of a player it does not list. Not in a game with a board, whose
    turns end through its room (`rooms.turn_ends`): there such a proposal stays refused."""
    text = dict(proposal.texts).get(PLAYERS)
    if text is None or game.state.board is not None:
        return game.state
    return handed_on(game.state, parse_players(text), at)
