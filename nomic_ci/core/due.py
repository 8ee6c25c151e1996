"""What is due: the earliest thing that happens next in a game, stamped with when it became due.

`next_transition` is pure and level-triggered: it looks at everything and returns
the earliest transition due at or before `now`, stamped with the moment it became
due (not the moment the engine happened to run), so a late or repeated run
reaches the same game. Each source of transitions is one short function below;
`Order` says which comes first when several are due at the same moment.
"""

from __future__ import annotations

import enum
from dataclasses import replace
from datetime import datetime
from typing import Callable, Collection, Iterable, Mapping, Sequence

from .errors import GameError
from .facts import Comment, ForgeState, Proposal
from .files.state import AwaitingFix, OpenProposal
from .game import Game
from .players.comment_commands import handle, is_command
from .players.inactivity import deactivations, reactivations
from .players.joining import join_decision
from .players import judgment
from .players.proposers import (awaiting_too_many, displaced, final_refusal, push_refusal,
                               to_fix)
from .times import hours, iso
from .transitions import (Activate, BeginTurn, BoardTimer, CloseJudgment, Deactivate, Decide,
                          EndGame, Hold, Judging, Open, PassTurn, Push, Reclose, Refuse, Retract,
                          Transition, Update, WorldTurn)
from .turns import leaders, next_player
from .voting.decision import merged_decision, needs_as_counted, vote_end, vote_view


class Order(enum.IntEnum):
    """Of transitions due at the same moment, the lower comes first."""

    EDITS = 0  # a new version or an edit, before any vote is counted on the old one
    DECISIONS = 1  # votes that ended, proposals closed or merged elsewhere, votes that reactivate
    ARRIVALS = 2  # new proposals, inactivity timers, comment commands
    TURNS = 3  # an idle turn passing
    END = 4  # the game's end date


# a transition, or what makes it where making it is costly and only the first is made
Due = tuple[datetime, Order, Transition | Callable[[], Transition]]


def next_transition(game: Game, proposals: Sequence[Proposal], now: datetime,
                    comments: Sequence[Comment] = (),
                    listed_from: datetime | None = None,
                    waiting: Collection[str] = ()) -> Transition | None:
    """The earliest transition due at or before `now`, or None when the game is settled.

    `comments`: the players' comments, as a forge listed them from `listed_from` (the
    run's `listed_since`, the same at every step of a run; None: every comment).
    `waiting`: proposals whose passing the forge cannot carry out yet (a merge it put off):
    their decision waits for a later run, and the rest of the game goes on meanwhile."""
    state = game.state
    refuse_time_past(game, now)
    by_key = {p.key: p for p in proposals}
    due: list[Due] = [*_board_timers(game), *_judgment(game),
                      *_open_proposals(game, by_key, now, waiting),
                      *_new_proposals(game, proposals), *_fixes(game, by_key, proposals, now)]
    commands = _commands(game, comments, listed_from, by_key, now)
    if state.over:  # nothing happens any more, but a command still gets its answer
        due += commands
    else:
        due += [*_activity(game, by_key, now), *commands, *_turn_timeout(game),
                *_end_date(game)]
    ready = [entry for entry in due if entry[0] <= now]
    if not ready:
        return None
    # min() keeps the first of equals, so the order of the sources above breaks ties
    first = min(ready, key=lambda entry: entry[:2])[2]
    return first() if callable(first) else first


def refuse_time_past(game: Game, now: datetime) -> None:
    """Nothing happens before the game's last change: a time before it is an error."""
    if now < game.state.last_change:
        raise GameError(f"the time given ({iso(now)}) is before the game's last change "
                        f"({iso(game.state.last_change)})", hint="give a later --now")


def _open_proposals(game: Game, by_key: Mapping[str, Proposal], now: datetime,
                    waiting: Collection[str] = ()) -> Iterable[Due]:
    """For each proposal in its vote: an edit, a push, its end on the forge, or its decision."""
    state, config = game.state, game.config
    since_last = state.last_change
    for open_ in state.open_proposals:
        proposal = by_key.get(open_.key)
        is_open = proposal is not None and proposal.state is ForgeState.OPEN
        if is_open and not state.over and config.edits == "retract" and _edited(open_, proposal):
            yield since_last, Order.EDITS, Retract(
                max(now, since_last), open_,
                f"it was edited before it took effect ({config.cite('edits')})", proposal)
        elif is_open and proposal.draft:  # it could never merge: withdrawn, and said why
            yield since_last, Order.EDITS, Retract(
                max(now, since_last), open_, "it was turned back into a draft before its vote "
                "finished; to propose it again, open a new pull request when it is ready",
                proposal)
        elif is_open and proposal.into is not None:
            at = max(now, since_last)
            yield since_last, Order.EDITS, Refuse(
                at, proposal, open_.number, f"it was changed to merge into {proposal.into}, "
                "not the game's default branch, where every proposal must go", open_)
        elif is_open and not state.over and proposal.head != open_.head:
            closed = _closed_before_push(game, open_, proposal, now)
            if closed is not None:
                yield closed.at, Order.DECISIONS, closed
                continue
            # noticed before anything else is decided, so no vote is counted on a stale head
            reason = push_refusal(game, open_, now)
            at = max(now, since_last)
            yield since_last, Order.EDITS, (
                Refuse(at, proposal, open_.number, reason, open_) if reason is not None
                else Push(at, open_, proposal.head))
        elif proposal is not None and proposal.state is ForgeState.MERGED:
            # merged by an earlier run that stopped before recording it, or by hand
            yield (max(min(proposal.closed_at or now, now), since_last), Order.DECISIONS,
                   merged_decision(game, open_, proposal, now))
        elif not is_open:
            yield from _closed(game, open_, proposal, now)
        elif state.over:
            yield since_last, Order.DECISIONS, Refuse(
                since_last, proposal, open_.number, "the game ended before its vote finished",
                open_)
        elif open_.key in waiting:
            continue
        elif open_.join:
            decision = join_decision(game, open_, proposal, now)
            if decision is not None:
                yield decision.at, Order.DECISIONS, decision
        else:
            end = vote_end(game, open_, proposal, now)
            if end is not None:
                yield end.at, Order.DECISIONS, end.decide  # judged if it comes first


def _closed_before_push(game: Game, open_: OpenProposal, proposal: Proposal,
                        now: datetime) -> Decide | Retract | None:
    """What ends a proposal whose vote ended before its branch was shown to be pushed (the
    forge's `head_by`, which a push comes no later than): such a push does not open the
    vote again. An author watching the vote go against them pushed a minute after its end,
    before the next run, and the vote began again; and again at every end.
    - The vote failed it: it fails, on the version voted on.
    - The push changes what it needs (the rules it touches, a file broken): withdrawn. What
      the version voted on needed is known only from the engine's last count, and the new
      files' requirement could pass or fail any vote.
    - The vote passed it: the push restarts the vote, as any push does (GitHub merges a
      pull request only at its head, and the head is no longer the version voted on)."""
    if open_.join or open_.standing is None:
        return None
    voted = replace(proposal, head=open_.head)  # its votes, and the new files' requirement
    end = vote_end(game, open_, voted, now)
    if end is None or (proposal.head_by is not None and proposal.head_by < end.at):
        return None
    if not needs_as_counted(vote_view(game, open_, voted, end.at), open_.standing):
        return Retract(end.at, open_, "its branch was pushed after its vote closed, and the "
                       "new version needs other than the one voted on, so no vote decides "
                       "it; to propose the new version, open a new pull request", proposal)
    decision = end.decide()
    if decision.passed:
        return None
    return replace(decision, reason=f"{decision.reason}; its branch was pushed after the "
                   "vote closed, which does not open it again")


def _closed(game: Game, open_: OpenProposal, proposal: Proposal | None,
            now: datetime) -> Iterable[Due]:
    """A proposal closed on the forge in its vote: retracted when it was closed, or, where
    its vote ended before, decided as that end decides (one that passed then fails, as it
    cannot be merged). A close after `now` waits for the clock, where a run plays only to
    where it read the comments (`interface.clock_of`): read at that clock, it was a
    retraction before a deadline it came after."""
    since_last = game.state.last_change
    closed = max(proposal.closed_at if proposal and proposal.closed_at else now, since_last)
    end = vote_end(game, open_, proposal, min(closed, now)) if proposal is not None and \
        not open_.join and not game.state.over else None
    if end is not None and end.at <= closed:
        def decide() -> Decide:
            decision = end.decide()
            return replace(decision, passed=False, reason=(
                f"{decision.reason}, but it was closed on the forge before it was merged"
            )) if decision.passed else decision
        yield end.at, Order.DECISIONS, decide
    else:
        yield closed, Order.DECISIONS, Retract(
            closed, open_, "closed on the forge before its vote finished", proposal)


def _edited(open_: OpenProposal, proposal: Proposal) -> bool:
    """Whether the proposal's content or what players read of it changed since it opened."""
    return proposal.head != open_.head or proposal.description_hash != (
        open_.description_hash or proposal.description_hash)


def _new_proposals(game: Game, proposals: Sequence[Proposal]) -> Iterable[Due]:
    """The earliest proposal the game has not seen: opened or refused, or closed again if it
    is open although decided (reopened by hand). Only the earliest: each is judged once, when
    it is next, so K proposals arriving together cost K judgements, not K²."""
    state = game.state
    open_keys = {o.key for o in state.open_proposals} | {a.key for a in state.awaiting_fix}
    closing = {t.on for t in state.to_tell if t.close}
    # a draft made ready for review is proposed then, and its vote window starts then
    # at one moment, in the order the forge numbered them: #2 before #10
    for proposal in sorted(proposals, key=lambda p: (p.proposed_at, len(p.key), p.key)):
        if proposal.state is not ForgeState.OPEN or proposal.key in open_keys \
                or proposal.key in closing:  # decided, and its closing on the way
            continue
        record = game.record_for(proposal.key)
        at = max(proposal.proposed_at, state.last_change)
        yield at, Order.ARRIVALS, (lambda p=proposal, r=record, at=at:
                                   Reclose(at, p, r) if r is not None else _arrival(game, p, at,
                                                                                    proposals))
        return


def _fixes(game: Game, by_key: Mapping[str, Proposal], proposals: Sequence[Proposal],
           now: datetime) -> Iterable[Due]:
    """Each proposal awaiting a fix: judged again, as a new proposal made at the run that sees
    it (its push has no time of its own, as a push to one in its vote has none), once a new
    version of it is pushed; refused for good once closed, sent elsewhere, or the game over.
    Only the first pushed is judged at a time, as new proposals are."""
    state = game.state
    since_last = state.last_change
    pushed = None
    for held in state.awaiting_fix:
        proposal = by_key.get(held.key)
        if proposal is None or proposal.state is not ForgeState.OPEN:
            at = max(min(proposal.closed_at if proposal and proposal.closed_at else now, now),
                     since_last)
            yield at, Order.DECISIONS, _refused_for_good(
                game, held, proposal, at, f"it was closed before it was fixed ({held.reason})")
        elif state.over:
            yield since_last, Order.DECISIONS, _refused_for_good(
                game, held, proposal, since_last, "the game ended before it was fixed")
        elif proposal.into is not None:
            yield since_last, Order.DECISIONS, _refused_for_good(
                game, held, proposal, since_last, f"it was changed to merge into "
                f"{proposal.into}, not the game's default branch, where every proposal must go")
        elif pushed is None and proposal.head != held.head and not proposal.draft:
            pushed = proposal
    if pushed is not None:
        at = max(now, since_last)
        # judged as made now: the days proposals are made, the turn and the week are the fix's
        yield at, Order.ARRIVALS, lambda: _arrival(game, replace(pushed, ready_at=at), at,
                                                   proposals)


def _refused_for_good(game: Game, held: AwaitingFix, proposal: Proposal | None, at: datetime,
                      reason: str) -> Refuse:
    """A proposal awaiting a fix refused, closed and recorded, with what it still awaited."""
    if proposal is None:  # closed, and not listed by the forge: as the state remembers it
        proposal = Proposal(held.key, held.title, held.author, held.head, held.since,
                            state=ForgeState.CLOSED)
    return Refuse(at, proposal, _refusal_number(game), reason)


def _refusal_number(game: Game) -> int | None:
    """The number a refused proposal takes: the next, unless only proper ones are numbered
    (seed 001 rule 107)."""
    return game.state.next_proposal if game.config.numbering == "every-proposal" else None


def _arrival(game: Game, proposal: Proposal, at: datetime,
             proposals: Sequence[Proposal]) -> Transition:
    """A new proposal opened, refused, or awaiting a fix (`players.proposers`: who proposes
    and when is final, what it changes can be fixed), or first the older one of its author's
    it displaces."""
    state, config = game.state, game.config
    reason = final_refusal(game, proposal)
    fix = None if reason else to_fix(game, proposal)
    if fix:
        crowded = awaiting_too_many(game, proposal)
        if crowded is None:
            return Hold(at, proposal, fix)
        reason = f"{fix}; {crowded}"
    older = None if reason else displaced(game, proposal)
    if older is not None:
        return Refuse(at, next(p for p in proposals if p.key == older.key), older.number,
                      f"only the last {config.proposals_per_week} proposals a player makes in a "
                      f"week count ({config.cite('proposals_per_week')})", older)
    # seed 001 rule 107: only rule-changes proposed in the proper way are numbered; a
    # refused proposal is not proper, and a request to join is no rule-change
    number = state.next_proposal
    numbered = _refusal_number(game)
    joining = state.player(proposal.author) is None and not state.is_admin(
        proposal.author)  # let in by refusal(): to join
    return (Refuse(at, proposal, numbered, reason) if reason
            else Open(at, proposal, numbered if joining else number))


def _activity(game: Game, by_key: Mapping[str, Proposal], now: datetime) -> Iterable[Due]:
    """Players becoming inactive (rule 206's timers) or active again (by voting)."""
    if not game.config.inactive_after:
        return
    changes: list[Deactivate | Activate] = [*deactivations(game, by_key),
                                             *reactivations(game, by_key, now)]
    for change in changes:
        yield change.at, Order.ARRIVALS if isinstance(change, Deactivate) else Order.DECISIONS, \
            change


def _commands(game: Game, comments: Sequence[Comment], listed_from: datetime | None,
              by_key: Mapping[str, Proposal], now: datetime) -> Iterable[Due]:
    """The earliest unhandled comment command: one at a time, each judged in the state the
    earlier ones left. A comment written before the listing started is listed only because
    it was edited since: an earlier run saw it, and handled it if it was a command. One that
    changed the game is handled as the state says; one that changed nothing, as its reply
    says (`Comment.answered`)."""
    recent = (c for c in comments if listed_from is None or c.at >= listed_from)
    for comment in sorted(recent, key=lambda c: (c.at, c.id)):  # listed in that order: O(n)
        if comment.at <= now and not game.state.has_handled(comment.id) \
                and not comment.answered and is_command(game, comment):
            at = max(comment.at, game.state.last_change)
            yield at, Order.ARRIVALS, replace(handle(game, comment, at, by_key),
                                              listed_from=listed_from)
            return


def _turn_timeout(game: Game) -> Iterable[Due]:
    """The turn passes when its player has let it run out (not while their proposal is in
    its vote, where a proposal is the turn)."""
    state, config = game.state, game.config
    waits_for_vote = config.proposing == "one-a-turn" and state.open_proposals
    if state.turn and config.turn_timeout and not waits_for_vote \
            and state.turn_started is not None and not _turn_held(game) \
            and not judgment.turn_waits(state):
        at = max(state.turn_started + config.turn_timeout, state.last_change)
        why = ("did not propose within" if config.proposing == "one-a-turn"
               else "had their turn for")
        yield at, Order.TURNS, PassTurn(at, state.turn, next_player(state, config, state.turn),
                                        f"{state.turn} {why} {hours(config.turn_timeout)} "
                                        f"({config.cite('turn_timeout')})")


def _turn_held(game: Game) -> bool:
    """Whether the board holds the turn (a roll on Infinite Nomic's Frontier, rule 8)."""
    if not game.config.board:
        return False
    from .board.rooms import holds_turn  # only a game with a board loads it (core/board)
    return holds_turn(game) is not None


# where two transitions are due at the same moment, the order of a board's timers
BOARD_ORDER = {WorldTurn: Order.EDITS, EndGame: Order.DECISIONS, BoardTimer: Order.ARRIVALS,
               PassTurn: Order.TURNS, Update: Order.TURNS}


def _board_timers(game: Game) -> Iterable[Due]:
    """What the games in force keep time for: the Suber world counting the turn that just
    ended, before anything else happens in the new one (seed 001, rules 305 and 308);
    Infinite Nomic's turn that ends some minutes after its player moved (rule 7) and its
    Frontier opening to every player (rule 8); BoredNomic's end by money (rules 11.3 and 19)
    and its updates, when every player takes a turn (rule 9.1). First among their equals: a
    board's timer is due from the moment it was set."""
    if not game.config.board:
        return
    from .board.rooms import timers  # only a game with a board loads it (core/board)
    waits = judgment.turn_waits(game.state)  # the turn is over: it passes once consented to
    for at, transition in timers(game):
        if not (waits and isinstance(transition, PassTurn)):
            yield at, BOARD_ORDER[type(transition)], transition


# of the Judgment's steps due at one moment: ending it comes first (the next turn began)
JUDGMENT_ORDER = {CloseJudgment: Order.EDITS, Judging: Order.DECISIONS,
                  EndGame: Order.DECISIONS, BeginTurn: Order.DECISIONS}


def _judgment(game: Game) -> Iterable[Due]:
    """The Judgment pending's next step (seed 001 rule 211): ended once the next turn began,
    its Judge overruled or restored by a vote, the game ended on a ruling that it cannot go on
    (rule 213), or the turn that waited begun once the others consent."""
    step = judgment.due(game)
    if step is not None:
        yield step.at, JUDGMENT_ORDER[type(step)], step


def _end_date(game: Game) -> Iterable[Due]:
    config = game.config
    if config.ends_at is not None:
        at = max(config.ends_at, game.state.last_change)
        yield at, Order.END, EndGame(at, leaders(game.state, config),
                                     f"the game's end date ({config.cite('ends_at')})")
