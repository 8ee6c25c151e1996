"""One entry point that converges the game: read everything, apply what is due, repeat.

Whatever triggered it (a proposal, a vote, a timer), a run re-reads the game
and every open proposal and applies transitions until nothing more is due.
Running it twice changes nothing the second time.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Callable, Mapping

from .core.apply import apply
from .core.commitments import reveal_at_end, rolls_made, settle_dice
from .core.dice import Dice
from .core.due import next_transition
from .core.files.records import Outcome, Record, dump_record
from .core.files.state import GameState, Tell, dump_state
from .core.game import Game, load_game
from .core.transitions import Command, Decide, PassTurn, Reclose, Refuse, Retract, Transition
from .core.voting.decision import vote_view
from .forges.interface import ENGINE_PATHS, Forge, MergeStatus
from .text.messages import consequences, describe, merge_message
from .text.readmes import render_all
from .text.vote_comment import final_comment

DECISION = "decision"  # a proposal is decided once: one decision told on it

MAX_STEPS = 500  # a safety net: a run that has not converged by then stops and says so
# Idle turns pass by time, so their number is bounded by the time elapsed; this caps what
# one run commits after a long silence (or a timer bug), and the next run goes on.
MAX_TURN_PASSES = 100


@dataclass
class Report:
    """What a run did, in the order it did it, for the log and the CLI."""

    lines: list[str] = field(default_factory=list)
    transitions: list[Transition] = field(default_factory=list)

    def say(self, line: str) -> None:
        self.lines.append(line)


def reconcile(forge: Forge, now: datetime, dice: Dice) -> Report:
    report = Report()
    passes = 0
    _tell(forge)  # what an earlier run decided and stopped before telling
    _settle(forge, report, lambda game: settle_dice(game.state, dice,
                                                    rolls_made(game.records) + 1))
    for _ in range(MAX_STEPS):
        files = forge.read_files()
        game = load_game(files)
        proposals = forge.proposals({o.key for o in game.state.open_proposals},
                                    "reactions" in game.config.votes_from)
        comments = forge.comments()  # one listing a run: `/help` works under any rules
        transition = next_transition(game, proposals, now, comments)
        if transition is None:
            break
        if isinstance(transition, PassTurn):
            passes += 1
            if passes > MAX_TURN_PASSES:
                report.say(f"Stopped after {MAX_TURN_PASSES} turns passed by themselves; the "
                           "next run goes on.")
                break
        if isinstance(transition, Decide) and transition.passed and not transition.open.join:
            result = forge.merge(transition.proposal, merge_message(transition))
            if result.status is MergeStatus.NOT_MERGEABLE:
                # it can never merge as it is: it fails, so the game goes on
                transition = replace(transition, passed=False, reason=(
                    f"{transition.reason}, but it cannot be merged ({result.detail or 'conflict'}):"
                    " update the branch and propose it again"))
            elif result.status is not MergeStatus.MERGED:
                report.say(f"Proposal {transition.open.number} passed but is not merged yet "
                           f"({result.status.value}"
                           f"{': ' + result.detail if result.detail else ''}); the next run "
                           "tries again.")
                break
            else:
                files = forge.read_files()
                game = load_game(files)  # the new rules, and any state the proposal changed
        state, record = apply(game, transition, dice)
        summary = describe(transition) + consequences(game, state, record, transition)
        report.say(summary)
        report.transitions.append(transition)
        state = replace(state, to_tell=state.to_tell + _tells(transition, summary, record))
        _write(forge, files, game, state, record, summary)
        if isinstance(transition, Decide) and transition.passed and _changes_engine(transition):
            report.say("That proposal changed the engine: this run stops here, and the new "
                       "engine carries on at the next run.")
            _tell(forge)
            forge.finish()
            return report
    else:
        report.say(f"Stopped after {MAX_STEPS} steps without settling; this is a bug, "
                   "please report it.")
    _settle(forge, report, lambda game: reveal_at_end(game.state, dice))
    _show_votes(forge, now)
    _tell(forge)
    forge.finish()
    return report


def _tell(forge: Forge) -> None:
    """Tell players what the committed state says is still to tell, then clear it: each
    message is marked where it is told, so telling twice after a stop posts nothing twice."""
    files = forge.read_files()
    game = load_game(files)
    if not game.state.to_tell:
        return
    forge.publish()  # what players are told must already be recorded
    for tell in game.state.to_tell:
        forge.tell(tell)
    told = len(game.state.to_tell)
    _write(forge, files, game, replace(game.state, to_tell=()), None,
           f"nomic-ci: told the players ({told} message{'s' if told > 1 else ''})")


def _settle(forge: Forge, report: Report, step: Callable[[Game], tuple[GameState, str]]) -> None:
    """A change of the engine's own to the state (the dice secrets), written if there is one."""
    files = forge.read_files()
    game = load_game(files)
    state, summary = step(game)
    if summary:
        report.say(summary)
        _write(forge, files, game, state, None, summary)


def _write(forge: Forge, files: Mapping[str, str], game: Game, state: GameState,
           record: Record | None, summary: str) -> None:
    """Write the new state, the record and the READMEs they make, where they changed."""
    changed = dump_state(state, files)
    if record is not None:
        changed[record.path] = dump_record(record)
    records = game.records + ((record,) if record else ())
    changed.update(render_all(replace(game, state=state, records=records)))
    changed = {path: text for path, text in changed.items() if files.get(path) != text}
    if changed:
        forge.write_files(changed, summary)


def _changes_engine(decision: Decide) -> bool:
    return any(c.path.startswith(ENGINE_PATHS) or (c.previous_path or "").startswith(ENGINE_PATHS)
               for c in decision.proposal.changes)


def _show_votes(forge: Forge, now: datetime) -> None:
    """Show each open proposal where its vote stands (the sticky comment, the status)."""
    game = load_game(forge.read_files())
    by_key = {p.key: p for p in forge.proposals({o.key for o in game.state.open_proposals},
                                                "reactions" in game.config.votes_from)}
    for open_ in game.state.open_proposals:
        if open_.key in by_key:
            forge.show(by_key[open_.key], vote_view(game, open_, by_key[open_.key], now))


def _tells(transition: Transition, summary: str, record: Record | None) -> tuple[Tell, ...]:
    """What players are told of a transition, once the state that records it is in; the
    decided proposal's vote comment becomes its final result."""
    final = final_comment(record) if record is not None else None
    match transition:
        case Refuse(proposal=proposal):
            return Tell(proposal.key, DECISION, summary, Outcome.REFUSED.value, close=True,
                        final=final),
        case Reclose(proposal=proposal, record=record):
            return Tell(proposal.key, DECISION, summary, record.outcome.value, close=True),
        case Decide(proposal=proposal, passed=False):
            return Tell(proposal.key, DECISION, summary, Outcome.FAILED.value, close=True,
                        final=final),
        case Decide(proposal=proposal, open=open_) if open_.join:
            # the engine seated them itself: closed, not merged
            return Tell(proposal.key, DECISION, summary, Outcome.PASSED.value, close=True,
                        final=final),
        case Decide(proposal=proposal):
            return Tell(proposal.key, DECISION, summary, Outcome.PASSED.value, final=final),
        case Command(comment=comment, answer=answer, effect=effect):
            reply = Tell(comment.on or "", f"reply-{comment.id}", answer, reply_to=comment.id,
                         mention=comment.author.login)
            return (reply, *(_tells(effect, describe(effect), record)
                             if effect is not None else ()))
        case Retract(proposal=proposal) if proposal is not None:
            # closed if still open; if already closed, says why and relabels
            return Tell(proposal.key, DECISION, summary, Outcome.RETRACTED.value, close=True,
                        final=final),
    return ()  # an opened or pushed proposal is shown by forge.show
