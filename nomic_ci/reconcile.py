"""One entry point that converges the game: read everything, apply what is due, repeat.

Whatever triggered it (a proposal, a vote, a timer), a run re-reads the game
and every open proposal and applies transitions until nothing more is due.
Running it twice changes nothing the second time.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Callable, Sequence

from .core.apply import apply
from .core.board.actionlog import ActionRecord
from .core.board.playing import rolled
from .core.commitments import reveal_at_end, settle_dice
from .core.dice import Dice
from .core.due import next_transition
from .core.facts import Account, Comment
from .core.files.changes import engine_code
from .core.files.gamefiles import changes, game_files
from .core.files.records import Outcome, Record
from .core.files.rulefiles import parse_rules
from .core.files.state import GAME_ISSUE, GameState, Tell, reply_id
from .core.files.judgments import Judgment
from .core.game import Game, load_game, record_text
from .core.mechanics.config import derive_config
from .core.times import iso
from .core import writes
from .core.notices import notices, reminded as reminded_summary, reminders, \
    without_passed_turns
from .core.players.comment_commands import answered_before, listed_since
from .core.replies import most_pressing_first, one_reply_each
from .core.transitions import (Command, Decide, Hold, PassTurn, Reclose, Refuse, Retract,
                               Transition, Update)
from .core.voting.admission import turn_left
from .core.voting.decision import VoteView, standing, vote_view
from .forges.interface import Forge, MergeStatus, clock_of, comments_of, listed_comments
from .text.messages import consequences, describe, merge_message, stranger_draft
from .text.game_issue import game_issue_body, game_issue_title
from .text.readmes import render_all
from .text.update_table import update_message
from .text.rule_format import fix_advice
from .text.vote_comment import final_comment

DECISION = "decision"  # a proposal is decided once: one decision told on it

# What one run does at most; it commits what it did, and the next run goes on from there. A
# step costs little (each proposal is judged once, when it is next), so these bound a run's
# time; the forge's write budget (`core.writes`) bounds its writes.
MAX_STEPS = 2_000
# A player's commands past this wait for the next run, theirs alone: a flood delays neither a
# decision nor the others' commands, which are handled in the order they were written.
MAX_COMMANDS_EACH = 100
# Idle turns pass by time, so their number is bounded by the time elapsed; this caps what
# one run commits after a long silence (or a timer bug), and the next run goes on.
MAX_TURN_PASSES = 100
MERGE_TRIES = 3  # runs a merge the forge refuses for a lasting reason is tried, then it fails
# writes a run keeps for its last two commits (the state before telling, then told)
RESERVED = 6
REQUESTS_KEPT = 50  # of the hour's requests (GITHUB_TOKEN has 1,000), for the last commits
COSTS = {"merge": 8, "tell": 5, "show": 3}  # the most writes each makes (commits included)
# A stranger's drafts closed a run at most, as far as the write budget goes: listed at every
# run while open, 300 of them were 8 queries a run where the game's own are 2
MAX_DRAFTS_CLOSED = 20


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

    def __init__(self, forge: Forge, now: datetime) -> None:
        self.forge, self.now = forge, now
        self.reread()
        self.bucket = self.game.state.writes  # the write level as this run found it
        self.counted = 0  # the writes the state's level counts so far
        # answers to commands that changed nothing, to tell without recording them (`_tell`)
        self.answers: tuple[Tell, ...] = ()

    def affords(self, cost: str, more: int = 0) -> bool:
        """Whether the forge's write budget still has room for a write of this kind (and
        `more` writes besides), and for the run's last commits after it."""
        made, left = self.forge.writes_made(), self.forge.requests_left()
        if left is not None and left < REQUESTS_KEPT:
            return False  # the hour's requests are nearly spent: kept for the last commits
        return made is None or writes.available(self.bucket, self.now) - made >= \
            COSTS[cost] + more + RESERVED

    def reread(self) -> None:
        """Read the game from the forge again: at the start, and after a merge changed it."""
        self.files = game_files(self.forge.read_files())
        self.game = load_game(self.files)
        self.records: list[Record | ActionRecord | Judgment] = []  # made, not written yet
        self.summaries: list[str] = []
        self.changed = False

    def change(self, state: GameState, record: Record | ActionRecord | Judgment | None,
               summary: str | None) -> None:
        """A new state (and record); `summary` None: a change the commit need not name."""
        self.game = self.game.after(state, record)
        self.records += [record] if record else []
        self.summaries += [summary] if summary else []
        self.changed = True

    def write(self, count: bool = False) -> None:
        """Write the new state, the records and the READMEs they make, where they changed;
        with `count`, also where only the writes this run made since are to be counted."""
        made = self.forge.writes_made()
        if count and made is not None and made > self.counted and not self.changed:
            self.change(self.game.state, None, f"nomic-ci: counted the engine's writes "
                                               f"({made} this run)")
        if not self.changed:
            return  # nothing changed: the files stay exactly as they are, hand edits and all
        if made is not None:  # counted with this commit's own three requests
            self.counted = made + 3
            self.game = self.game.after(replace(self.game.state, writes=writes.after(
                self.bucket, self.now, self.counted)), None)
        # only here: writing the state loads ruamel.yaml, which a run that changes nothing
        # (most scheduled runs) never needs
        from .core.files.statedump import dump_state
        changed = dump_state(self.game.state, self.files)
        if any(isinstance(record, Record) for record in self.records):
            changed.update(self.game.records.written())  # the last piece, and the totals
        if any(isinstance(record, ActionRecord) for record in self.records):
            changed.update(self.game.actions.written())  # the same for the actions' index
        changed.update(render_all(self.game))
        changed = {path: text for path, text in changed.items()
                   if changes(self.files, path, text)}
        # each record is new, numbered after the last: not looked for among the game's
        # (asking whether its path is there lists a folder of ten thousand records)
        changed.update({record.path: record_text(record) for record in self.records})
        if changed:
            self.forge.write_files(changed, _commit_message(
                self.summaries or ["nomic-ci: the game issue says where the game stands"]))
            self.files = self.files.changed(changed)
            self.game = replace(self.game, files=self.files)
        self.records, self.summaries, self.changed = [], [], False


def reconcile(forge: Forge, now: datetime, dice: Dice) -> Report:
    report = Report()
    passes = 0
    run = Run(forge, now)
    if not run.affords("tell"):
        left = forge.requests_left()
        wait = writes.wait(run.bucket, now, COSTS["tell"] + RESERVED)
        report.say("The forge's requests for this hour are nearly spent; a later run goes on."
                   if left is not None and left < REQUESTS_KEPT else
                   f"The engine has made as many writes as the forge allows for now; the "
                   f"next run after {iso(now + wait)} goes on.")
        forge.finish()
        return report
    _settle(run, report, settle_dice(run.game.state, dice, lambda: rolled(run.game) + 1))
    # one listing a run (`/help` works under any rules), of what came since the game last
    # changed (see `listed_since`), so its cost does not grow with history
    comments, listed_from = listed_comments(forge, run.game)
    listed = comments  # as listed: where the next run's listing may start is worked out from it
    clock = clock_of(forge, run.game, now)  # the game's time: where the listing stopped short
    if forge.listed_to() is not None:
        report.say(f"Read the comments written before {iso(forge.listed_to())}, "
                   "as many as this run's share of GitHub's requests allows: what falls due "
                   "after that waits for the next runs, which read on from there.")
    handled: Counter[str] = Counter()  # commands handled this run, by writer
    waiting: set[str] = set()  # passed proposals whose merge waits for a later run
    since = len(run.game.state.to_tell)  # what this run has to tell comes after
    # the answers to commands that changed nothing, each with how many of the state's
    # messages it follows: told in the order the commands were written (`_one_reply_each`)
    answers: list[tuple[int, Tell]] = []
    for _ in range(MAX_STEPS):
        game = run.game
        proposals = forge.proposals({o.key for o in game.state.open_proposals}
                                    | {a.key for a in game.state.awaiting_fix},
                                    "reactions" in game.config.votes_from, _voters(game))
        transition = next_transition(game, proposals, clock, comments, listed_from, waiting)
        if transition is None:
            break
        if isinstance(transition, PassTurn):
            passes += 1
            if passes > MAX_TURN_PASSES:
                report.say(f"Stopped after {MAX_TURN_PASSES} turns passed by themselves; the "
                           "next run goes on.")
                break
        if isinstance(transition, Command):
            writer = transition.comment.author.login
            handled[writer.lower()] += 1
            if handled[writer.lower()] == MAX_COMMANDS_EACH:
                report.say(f"Handled {MAX_COMMANDS_EACH} commands of {writer}'s; the next run "
                           "handles the rest of theirs.")
                comments = [c for c in comments if c.author.login.lower() != writer.lower()]
        if isinstance(transition, Command) and transition.effect is None:
            # a question (/help, /status) or a refusal makes no commit of its own: its
            # reply, once told, is what says it was answered (`Comment.answered`)
            report.say(describe(transition))
            answers += ((len(game.state.to_tell), tell) for tell in _tells(transition, "", None))
            comments = [c for c in comments if c.id != transition.comment.id]
            continue
        before = game.state
        if isinstance(transition, Decide) and transition.passed and not transition.open.join:
            merged = _merge(run, transition, report)
            if merged is None:
                waiting.add(transition.open.key)
                continue
            transition = merged
            game = run.game
        state, record = apply(game, transition, dice)
        seen = _turn_as_it_was(game, before)  # what players knew: a turn handed on is news
        summary = describe(transition) + consequences(seen, state, record, transition)
        if isinstance(transition, Hold):  # what to fix, with an example: where it is needed
            summary += "\n\n" + fix_advice(game, transition.proposal)
        report.say(summary)
        report.transitions.append(transition)
        said = summary if not isinstance(transition, Update) or not isinstance(
            record, ActionRecord) else update_message(game, state, record,
                                                      game.config.cite("update_turns"))
        told = _tells(transition, said, record) + notices(
            seen, state, transition, {p.key: p for p in proposals})
        state = replace(state, to_tell=state.to_tell + told)
        run.change(state, record, summary)
        if isinstance(transition, Decide) and transition.passed and _changes_engine(transition):
            report.say("That proposal changed the engine: this run stops here, and the new "
                       "engine carries on at the next run.")
            _one_reply_each(run, since, answers)
            _tell(run, report)
            forge.finish()
            return report
    else:
        report.say(f"Stopped after {MAX_STEPS} steps; the next run goes on.")
    _one_reply_each(run, since, answers)
    _settle(run, report, reveal_at_end(run.game.state, dice))
    _show_votes(run, now, report)  # as players see it now: votes cast since count
    _keep_listing(run, listed, listed_from)
    forge.finish()
    return report


def _keep_listing(run: Run, listed: Sequence[Comment], listed_from: datetime) -> None:
    """Where the next run's listing of comments may start, kept where it is worth a write: a
    no-op run that read a page of talk commits nothing, and the next would read it again."""
    kept = answered_before(run.game, listed, listed_from, run.now, run.forge.listed_to())
    if kept > listed_since(run.game):
        run.forge.keep_answered_before(kept)


def _turn_as_it_was(game: Game, before: GameState) -> Game:
    """`game` with the turn `before` held, where a proposal's merge handed it on (`_merge`):
    the decision then says whose turn is next, and the game issue tells them, as any turn
    that passes is told."""
    if (game.state.turn, game.state.turn_started) == (before.turn, before.turn_started):
        return game
    return replace(game, state=replace(game.state, turn=before.turn,
                                       turn_started=before.turn_started))


def _merge(run: Run, decision: Decide, report: Report) -> Decide | None:
    """Merge a passed proposal: the decision to apply (passed, or failed where it can never
    merge), or None where it waits for a later run, while the rest of the game goes on."""
    open_ = decision.open
    if not run.affords("merge"):
        report.say(f"{open_.capitalized_name} passed; it is merged when the forge allows more "
                   "writes, at a later run.")
        return None
    handed = turn_left(run.game, decision.proposal, decision.at)
    if handed is not run.game.state:  # a list without the player whose turn it is
        run.change(handed, None, None)
    run.write()  # the merge goes on top of the state that led to it
    before = run.game.config
    result = run.forge.merge(decision.proposal, merge_message(decision))
    detail = f" ({result.detail})" if result.detail else ""
    if result.status is MergeStatus.MERGED:
        run.reread()  # the new rules, and any state the proposal changed
        if result.before is not None:  # merged before this run read the game: its rules
            before = derive_config(parse_rules(game_files(result.before)))
        return replace(decision, rules_before=before)
    if result.status is MergeStatus.NOT_MERGEABLE or (
            result.status is MergeStatus.REFUSED and open_.merge_refused + 1 >= MERGE_TRIES):
        # it can never merge as it is: it fails, so the game goes on
        tries = f" at {MERGE_TRIES} runs" if result.status is MergeStatus.REFUSED else ""
        return replace(decision, passed=False, reason=(
            f"{decision.reason}, but it cannot be merged{tries} ({result.detail or 'conflict'}):"
            " update the branch and propose it again, or ask an admin to fix what stops it"))
    if result.status is MergeStatus.REFUSED:
        state = run.game.state
        run.change(replace(state, open_proposals=tuple(
            replace(o, merge_refused=o.merge_refused + 1) if o.key == open_.key else o
            for o in state.open_proposals)), None,
            f"nomic-ci: the merge of {open_.name} was refused{detail}")
        report.say(f"{open_.capitalized_name} passed but the forge refused to merge it{detail}: "
                   f"try {open_.merge_refused + 1} of {MERGE_TRIES}; the next run tries again.")
        return None
    report.say(f"{open_.capitalized_name} passed but is not merged yet ({result.status.value}"
               f"{': ' + result.detail if result.detail else ''}); the next run tries again.")
    return None


def _tell(run: Run, report: Report, then: Callable[[], None] = lambda: None) -> None:
    """Tell players what the state says is still to tell, once it is published, then clear
    it: each message is marked where it is told, so telling twice after a stop posts nothing
    twice. Decisions first (`most_pressing_first`), as far as the forge's write budget goes: the rest
    waits in the state. Then the answers the state does not record (`Run.answers`), as far
    as the budget goes: one not told is asked again at the next run.
    `then`: more writes, made before the last commit, which counts them."""
    answers, run.answers = run.answers, ()
    if answers and run.game.state.to_tell:  # among messages to record anyway: recorded too
        run.change(replace(run.game.state, to_tell=run.game.state.to_tell + answers), None,
                   None)
        answers = ()
    run.write()
    to_tell = run.game.state.to_tell
    if not to_tell and not answers:
        then()
        run.write(count=True)
        return
    run.forge.publish()  # what players are told must already be recorded
    told: set[int] = set()  # of the state's messages
    queue = [*((i, to_tell[i]) for i in most_pressing_first(to_tell)),
             *((None, answer) for answer in answers)]
    for n, (index, tell) in enumerate(queue):
        if not run.affords("tell", more=comments_of(tell) - 1):  # a comment each 50 mentions
            report.say(f"Told {n} of {len(queue)} messages; the rest wait for the forge to "
                       "allow more writes, at a later run.")
            break
        run.forge.tell(tell)
        told.update(() if index is None else (index,))
    then()
    if not to_tell:  # answers alone: nothing to clear, and a commit only to count the writes
        run.write(count=True)
        return
    left = tuple(t for i, t in enumerate(to_tell) if i not in told)
    run.change(replace(run.game.state, to_tell=left), None,
               f"nomic-ci: told the players ({len(told)} message"
               f"{'s' if len(told) > 1 else ''})")
    run.write(count=True)


def _one_reply_each(run: Run, since: int, answers: Sequence[tuple[int, Tell]]) -> None:
    """The answers to the commands this run handled (the messages to tell from `since` on),
    one reply a player, grouped before anything is told; no notice of a turn already over.
    The `answers` to commands that changed nothing are put among the state's messages (each
    after those it followed) where the state has any, so a run that stops still tells them,
    in the order written; else they are told unrecorded (`Run.answers`)."""
    state = run.game.state
    if answers and not state.to_tell:
        run.answers = one_reply_each([answer for _, answer in answers])
        return
    to_tell = list(state.to_tell)
    for after, answer in reversed(answers):
        to_tell.insert(after, answer)
    told = without_passed_turns(tuple(to_tell[:since]) + one_reply_each(to_tell[since:]), state)
    if told != state.to_tell:
        run.change(replace(state, to_tell=told), None, None)


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
    """A merged proposal that changes the engine: the run stops, so the new engine takes
    over on the next run."""
    return bool(engine_code(decision.proposal.changes))


def _voters(game: Game) -> list[Account]:
    """Every player's account, active or not (a vote makes one active again): the accounts
    whose votes a forge reads all of, where a flood of another's would cost every run."""
    return [Account(p.login, p.id) for p in game.state.players]


def _show_votes(run: Run, now: datetime, report: Report) -> None:
    """Count each vote into the state; remind the voters missing from a vote that closes
    soon; when the game changed, rewrite the game issue (through the outbox, so a run that
    stops before it is finished by the next), or, when only a tally did, show it there; tell;
    then show each open proposal where its vote stands (the sticky comment, the status), as
    far as the write budget goes."""
    game = run.game
    by_key = {p.key: p for p in run.forge.proposals({o.key for o in game.state.open_proposals},
                                                    "reactions" in game.config.votes_from,
                                                    _voters(game))}
    views = {o.key: vote_view(game, o, by_key[o.key], now) for o in game.state.open_proposals
             if o.key in by_key}
    counted = _keep_standings(run, views)
    game = run.game
    state, reminded = reminders(game, by_key, now)
    if reminded:
        summary = reminded_summary(reminded)
        report.say(summary)
        run.change(replace(state, to_tell=state.to_tell + reminded), None, summary)
    dashboard = None
    if report.transitions or reminded or counted:  # the game issue shows each tally
        dashboard = Tell(GAME_ISSUE, "status", "", final=game_issue_body(run.game, by_key, now),
                         title=game_issue_title(run.game))
    kept = tuple(t for t in run.game.state.to_tell if (t.on, t.id) != (GAME_ISSUE, "status"))
    if dashboard is not None and (report.transitions or reminded
                                  or len(kept) < len(run.game.state.to_tell)):
        # the newest text replaces one an earlier, stopped run did not tell yet
        run.change(replace(run.game.state, to_tell=kept + (dashboard,)), None, None)
        dashboard = None

    def show() -> None:
        # a tally alone changed: the game issue shows it, without a commit of its own to
        # tell it (a run stopped before shows it at the game's next change; the state page
        # has it already)
        if dashboard is not None and run.affords("tell"):
            run.forge.tell(dashboard)
        for shown, (key, view) in enumerate(views.items()):
            if not run.affords("show"):
                report.say(f"Showed {shown} of {len(views)} votes; the rest when the forge "
                           "allows more writes, at a later run.")
                return
            run.forge.show(by_key[key], view)
        _close_strangers_drafts(run, report)

    _tell(run, report, then=show)


def _close_strangers_drafts(run: Run, report: Report) -> None:
    """Close the drafts of accounts that are neither players nor the Admin, each told why and
    how to ask to join: a draft is no proposal, a stranger's is never one of the game's, and
    every open pull request is read at every run. A player's draft stays as it is, and so
    does one the game holds (a request to join turned back into a draft)."""
    state = run.game.state
    held = {o.key for o in state.open_proposals} | {a.key for a in state.awaiting_fix}
    drafts = [key for key, author in run.forge.drafts() if key not in held
              and state.player(author) is None and not state.is_admin(author)]
    closed = 0
    for key in drafts[:MAX_DRAFTS_CLOSED]:
        if not run.affords("tell"):
            break
        run.forge.tell(Tell(key, "stranger-draft", stranger_draft(run.game), close=True))
        closed += 1
    if drafts:
        report.say(f"Closed {closed} of {len(drafts)} drafts by accounts that are not players"
                   + ("; the rest at later runs." if closed < len(drafts) else "."))


def _keep_standings(run: Run, views: dict[str, VoteView]) -> bool:
    """Copy each vote as it now stands into the state, where it changed, so the state page
    shows the tally: a commit when a vote is cast, none when nothing changed; whether one
    did."""
    state = run.game.state
    opens = tuple(replace(o, standing=standing(views[o.key])) if o.key in views else o
                  for o in state.open_proposals)
    changed = [o for o, before in zip(opens, state.open_proposals) if o != before]
    if changed:
        run.change(replace(state, open_proposals=opens), None, "nomic-ci: votes counted: " + "; ".join(
            f"{o.name}, {o.standing.yes_votes} yes and {o.standing.no_votes} no"
            for o in changed))
    return bool(changed)


def _tells(transition: Transition, summary: str,
           record: Record | ActionRecord | None) -> tuple[Tell, ...]:
    """What players are told of a transition, once the state that records it is in; the
    decided proposal's vote comment becomes its final result."""
    final = final_comment(record) if isinstance(record, Record) else None
    match transition:
        case Refuse(proposal=proposal):
            return Tell(proposal.key, DECISION, summary, Outcome.REFUSED.value, close=True,
                        final=final),
        case Hold(proposal=proposal):  # once for each version judged: it stays open
            return Tell(proposal.key, f"fix-{proposal.head[:12]}", summary),
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
            reply = Tell(comment.on or "", reply_id(comment.id), answer, reply_to=comment.id,
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
