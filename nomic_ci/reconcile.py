"""One entry point that converges the game: read everything, apply what is due, repeat.

Whatever triggered it (a proposal, a vote, a timer), a run re-reads the game
and every open proposal and applies transitions until nothing more is due.
Running it twice changes nothing the second time.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime

from .core.apply import apply
from .core.board.actionlog import ActionRecord, dump_action
from .core.board.playing import rolled
from .core.commitments import reveal_at_end, settle_dice
from .core.dice import Dice
from .core.due import next_transition
from .core.files.gamefiles import game_files
from .core.files.records import Outcome, Record, dump_record
from .core.files.state import GAME_ISSUE, GameState, Tell
from .core.files.statedump import dump_state
from .core.game import load_game
from .core.times import iso
from .core.notices import notices, reminders
from .core.players.comment_commands import listed_since
from .core.transitions import (Command, Decide, PassTurn, Reclose, Refuse, Retract, Transition,
                               Update)
from .core.voting.decision import VoteView, standing, vote_view
from .forges.interface import ENGINE_PATHS, Forge, MergeStatus
from .text.messages import consequences, describe, merge_message
from .text.game_issue import game_issue_body
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


class Run:
    """The game as this run has changed it: a value the loop carries from step to step,
    written to the forge only where the forge's orderings need it (before a merge, before
    telling players, at the end), so the state is parsed and dumped once, not per step."""

    def __init__(self, forge: Forge) -> None:
        self.forge = forge
        self.reread()

    def reread(self) -> None:
        """Read the game from the forge again: at the start, and after a merge changed it."""
        self.files = game_files(self.forge.read_files())
        self.game = load_game(self.files)
        self.records: list[Record | ActionRecord] = []  # made by this run, not written yet
        self.summaries: list[str] = []
        self.changed = False

    def change(self, state: GameState, record: Record | ActionRecord | None,
               summary: str | None) -> None:
        """A new state (and record); `summary` None: a change the commit need not name."""
        self.game = self.game.after(state, record)
        self.records += [record] if record else []
        self.summaries += [summary] if summary else []
        self.changed = True

    def write(self) -> None:
        """Write the new state, the records and the READMEs they make, where they changed."""
        if not self.changed:
            return  # nothing changed: the files stay exactly as they are, hand edits and all
        changed = dump_state(self.game.state, self.files)
        changed.update({record.path: dump_action(record) if isinstance(record, ActionRecord)
                        else dump_record(record) for record in self.records})
        if any(isinstance(record, Record) for record in self.records):
            changed.update(self.game.records.written())  # the last file, and the totals
        if any(isinstance(record, ActionRecord) for record in self.records):
            changed.update(self.game.actions.written())  # the same for the actions' index
        changed.update(render_all(self.game))
        changed = {path: text for path, text in changed.items()
                   if self.files.get(path) != text}
        if changed:
            self.forge.write_files(changed, _commit_message(
                self.summaries or ["nomic-ci: the game issue says where the game stands"]))
            self.files = self.files.changed(changed)
            self.game = replace(self.game, files=self.files)
        self.records, self.summaries, self.changed = [], [], False


def reconcile(forge: Forge, now: datetime, dice: Dice) -> Report:
    report = Report()
    passes = 0
    run = Run(forge)
    _tell(run)  # what an earlier run decided and stopped before telling
    _settle(run, report, settle_dice(run.game.state, dice, lambda: rolled(run.game) + 1))
    # one listing a run (`/help` works under any rules), of what came since the game last
    # changed (see `listed_since`), so its cost does not grow with history
    listed_from = listed_since(run.game)
    comments = forge.comments(listed_from)
    for _ in range(MAX_STEPS):
        game = run.game
        proposals = forge.proposals({o.key for o in game.state.open_proposals},
                                    "reactions" in game.config.votes_from)
        transition = next_transition(game, proposals, now, comments, listed_from)
        if transition is None:
            break
        if isinstance(transition, PassTurn):
            passes += 1
            if passes > MAX_TURN_PASSES:
                report.say(f"Stopped after {MAX_TURN_PASSES} turns passed by themselves; the "
                           "next run goes on.")
                break
        if isinstance(transition, Decide) and transition.passed and not transition.open.join:
            run.write()  # the merge goes on top of the state that led to it
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
                run.reread()  # the new rules, and any state the proposal changed
                game = run.game
        state, record = apply(game, transition, dice)
        summary = describe(transition) + consequences(game, state, record, transition)
        report.say(summary)
        report.transitions.append(transition)
        told = _tells(transition, summary, record) + notices(
            game, state, transition, {p.key: p for p in proposals})
        state = replace(state, to_tell=state.to_tell + told)
        run.change(state, record, summary)
        if isinstance(transition, Decide) and transition.passed and _changes_engine(transition):
            report.say("That proposal changed the engine: this run stops here, and the new "
                       "engine carries on at the next run.")
            _tell(run)
            forge.finish()
            return report
    else:
        report.say(f"Stopped after {MAX_STEPS} steps without settling; this is a bug, "
                   "please report it.")
    _settle(run, report, reveal_at_end(run.game.state, dice))
    _show_votes(run, now, report)
    _tell(run)
    forge.finish()
    return report


def _tell(run: Run) -> None:
    """Tell players what the state says is still to tell, once it is published, then clear
    it: each message is marked where it is told, so telling twice after a stop posts nothing
    twice."""
    run.write()
    to_tell = run.game.state.to_tell
    if not to_tell:
        return
    run.forge.publish()  # what players are told must already be recorded
    for tell in to_tell:
        run.forge.tell(tell)
    run.change(replace(run.game.state, to_tell=()), None,
               f"nomic-ci: told the players ({len(to_tell)} message"
               f"{'s' if len(to_tell) > 1 else ''})")
    run.write()


def _settle(run: Run, report: Report, settled: tuple[GameState, str]) -> None:
    """A change of the engine's own to the state (the dice secrets), if there is one."""
    state, summary = settled
    if summary:
        report.say(summary)
        run.change(state, None, summary)


def _commit_message(summaries: list[str]) -> str:
    if len(summaries) == 1:
        return summaries[0]
    return f"nomic-ci: {len(summaries)} changes to the game\n\n" + "\n".join(
        f"- {summary}" for summary in summaries)


def _changes_engine(decision: Decide) -> bool:
    return any(c.path.startswith(ENGINE_PATHS) or (c.previous_path or "").startswith(ENGINE_PATHS)
               for c in decision.proposal.changes)


def _show_votes(run: Run, now: datetime, report: Report) -> None:
    """Show each open proposal where its vote stands (the sticky comment, the status); remind
    the voters missing from a vote that closes soon; and, when the game changed, rewrite the
    game issue (through the outbox, so a run that stops before it is finished by the next)."""
    game = run.game
    by_key = {p.key: p for p in run.forge.proposals({o.key for o in game.state.open_proposals},
                                                    "reactions" in game.config.votes_from)}
    views = {o.key: vote_view(game, o, by_key[o.key], now) for o in game.state.open_proposals
             if o.key in by_key}
    for key, view in views.items():
        run.forge.show(by_key[key], view)
    _keep_standings(run, views)
    game = run.game
    state, reminded = reminders(game, by_key, now)
    if reminded:
        summary = "Reminded the voters missing from " + ", ".join(
            f"proposal {t.id.split('-')[1]}" for t in reminded) + " before it closes."
        report.say(summary)
        run.change(replace(state, to_tell=state.to_tell + reminded), None, summary)
    if report.transitions or reminded:
        body = game_issue_body(run.game, by_key)
        # the newest text replaces one an earlier, stopped run did not tell yet
        kept = tuple(t for t in run.game.state.to_tell if (t.on, t.id) != (GAME_ISSUE, "status"))
        run.change(replace(run.game.state, to_tell=kept + (
            Tell(GAME_ISSUE, "status", "", final=body),)), None, None)


def _keep_standings(run: Run, views: dict[str, VoteView]) -> None:
    """Copy each vote as it now stands into the state, where it changed, so the state page
    shows the tally: a commit when a vote is cast, none when nothing changed."""
    state = run.game.state
    opens = tuple(replace(o, standing=standing(views[o.key])) if o.key in views else o
                  for o in state.open_proposals)
    changed = [o for o, before in zip(opens, state.open_proposals) if o != before]
    if changed:
        run.change(replace(state, open_proposals=opens), None, "nomic-ci: votes counted: " + "; ".join(
            f"{o.name}, {o.standing.yes_votes} yes and {o.standing.no_votes} no"
            for o in changed))


def _tells(transition: Transition, summary: str,
           record: Record | ActionRecord | None) -> tuple[Tell, ...]:
    """What players are told of a transition, once the state that records it is in; the
    decided proposal's vote comment becomes its final result."""
    final = final_comment(record) if isinstance(record, Record) else None
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
            if isinstance(record, ActionRecord):  # carried out with dice: its full answer
                answer = record.answer
            reply = Tell(comment.on or "", f"reply-{comment.id}", answer, reply_to=comment.id,
                         mentions=(comment.author.login,))
            return (reply, *(_tells(effect, describe(effect), record)
                             if effect is not None else ()))
        case Update(at=at) if isinstance(record, ActionRecord):  # seed 003's turns, on the game issue
            return Tell(GAME_ISSUE, f"update-{iso(at)}", summary),
        case Retract(proposal=proposal) if proposal is not None:
            # closed if still open; if already closed, says why and relabels
            return Tell(proposal.key, DECISION, summary, Outcome.RETRACTED.value, close=True,
                        final=final),
    return ()  # an opened or pushed proposal is shown by forge.show
