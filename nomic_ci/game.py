"""The game core: given the game's files, the forge's facts and the time, what happens next.

`next_transition` is pure and level-triggered: it looks at everything and
returns the earliest thing that is due, stamped with the moment it became due
(not the moment the engine happened to run), so a late or repeated run
reaches the same game. `apply` turns a transition into the new state and, for
a decided proposal, its record. The engine loop (engine.py) alternates the two
with the forge's merges and closes.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Mapping, Sequence

from .activity import due_activity
from .admission import problems
from .commands import handle, is_command
from .config import GameConfig, derive_config
from .dice import Dice
from .errors import GameError
from .joining import is_join_request
from .mechanics.progress import level_up
from .mechanics.values import hours, iso
from .model import Comment, ForgeState, Proposal
from .records import DieRoll, Outcome, Record, load_records
from .rules import Rule, parse_rules
from .state import GameState, OpenProposal, Player, read_state
from .transitions import (Activate, Command, Deactivate, Decide, EndGame, Open, PassTurn, Push,
                          Reclose, Refuse, Retract, Transition)
from .voting import join_decision, merged_decision, vote_due


@dataclass(frozen=True)
class Game:
    rules: tuple[Rule, ...]
    config: GameConfig
    state: GameState
    records: tuple[Record, ...]

    def record_for(self, key: str) -> Record | None:
        return next((r for r in self.records if r.key == key), None)

    @property
    def eligible_voters(self) -> tuple[Player, ...]:
        if self.config.eligible_voters == "active-players":
            return tuple(p for p in self.state.players if p.active)
        return self.state.players if self.config.eligible_voters == "all-players" else ()


def load_game(files: Mapping[str, str]) -> Game:
    rules = parse_rules(files)
    return Game(rules, derive_config(rules), read_state(files), load_records(files))


# --- deciding what is due ------------------------------------------------------------------

def next_transition(game: Game, proposals: Sequence[Proposal], now: datetime,
                    comments: Sequence[Comment] = ()) -> Transition | None:
    """The earliest transition due at or before `now`, or None when the game is settled."""
    state, config = game.state, game.config
    if now < state.last_change:
        raise GameError(f"the time given ({iso(now)}) is before the game's last change "
                        f"({iso(state.last_change)})", hint="give a later --now")
    by_key = {p.key: p for p in proposals}
    due: list[tuple[datetime, int, Transition]] = []

    def at_least_last(moment: datetime) -> datetime:
        return max(moment, state.last_change)

    for open_ in state.open_proposals:
        proposal = by_key.get(open_.key)
        edited = proposal is not None and proposal.state is ForgeState.OPEN and (
            proposal.head != open_.head or description_hash(proposal) != (
                open_.description_hash or description_hash(proposal)))
        if edited and config.edits == "retract" and not state.over:
            due.append((state.last_change, -1, Retract(
                max(now, state.last_change), open_, f"it was edited before it took effect "
                f"({config.cite('edits')})", proposal)))
        elif proposal is not None and proposal.state is ForgeState.OPEN \
                and proposal.head != open_.head and not state.over:
            # noticed before anything else is decided, so no vote is counted on a stale head
            refusal = _push_refusal(game, open_, now)
            if refusal is not None:
                due.append((state.last_change, -1, Refuse(
                    max(now, state.last_change), proposal, open_.number, refusal, open_)))
            else:
                due.append((state.last_change, -1, Push(max(now, state.last_change), open_,
                                                         proposal.head)))
        elif proposal is not None and proposal.state is ForgeState.MERGED:
            # merged by an earlier run that stopped before recording it, or by hand
            due.append((at_least_last(min(proposal.closed_at or now, now)), 0,
                        merged_decision(game, open_, proposal, now)))
        elif proposal is None or proposal.state is not ForgeState.OPEN:
            closed = proposal.closed_at if proposal and proposal.closed_at else now
            due.append((at_least_last(min(closed, now)), 0,
                        Retract(at_least_last(min(closed, now)), open_,
                                "closed on the forge before its vote finished", proposal)))
        elif state.over:
            due.append((state.last_change, 0,
                        Refuse(state.last_change, proposal, open_.number,
                               "the game ended before its vote finished", open_)))
        else:
            decision = (join_decision if open_.join else vote_due)(game, open_, proposal, now)
            if decision is not None:
                due.append((decision.at, 0, decision))

    number = state.next_proposal
    open_keys = {o.key for o in state.open_proposals}
    for proposal in sorted(proposals, key=lambda p: (p.opened_at, p.key)):
        if proposal.state is not ForgeState.OPEN or proposal.key in open_keys:
            continue
        at = at_least_last(proposal.opened_at)
        record = game.record_for(proposal.key)
        if record is not None:
            due.append((at, 1, Reclose(at, proposal, record)))
            continue
        reason = _refusal(game, proposal)
        displaced = None if reason else _displaced(game, proposal)
        if displaced is not None:
            due.append((at, 1, Refuse(at, by_key[displaced.key], displaced.number,
                                      f"only the last {config.proposals_per_week} proposals a "
                                      f"player makes in a week count "
                                      f"({config.cite('proposals_per_week')})", displaced)))
        numbered = number if config.numbering == "every-proposal" else None
        due.append((at, 1, Refuse(at, proposal, numbered, reason) if reason
                    else Open(at, proposal, number)))
        number += 1  # only the earliest is applied; the rest are looked at again after it

    if not state.over and config.inactive_after:
        due += due_activity(game, by_key, now)
    if not state.over:
        for comment in sorted(comments, key=lambda c: (c.at, c.id)):
            if comment.id not in state.handled_comments and comment.at <= now \
                    and is_command(game, comment):
                at = at_least_last(comment.at)
                due.append((at, 1, handle(game, comment, at, by_key)))
                break  # one at a time: each is judged in the state the earlier ones left
    if not state.over:
        waits_for_vote = config.proposing == "one-a-turn" and state.open_proposals
        if state.turn and config.turn_timeout and not waits_for_vote \
                and state.turn_started is not None:
            at = at_least_last(state.turn_started + config.turn_timeout)
            why = ("did not propose within" if config.proposing == "one-a-turn"
                   else "had their turn for")
            due.append((at, 2, PassTurn(at, state.turn, next_player(state, state.turn),
                                        f"{state.turn} {why} {hours(config.turn_timeout)} "
                                        f"({config.cite('turn_timeout')})")))
        if config.ends_at is not None:
            at = at_least_last(config.ends_at)
            due.append((at, 3, EndGame(at, _leaders(state, config),
                                       f"the game's end date ({config.cite('ends_at')})")))

    ready = [entry for entry in due if entry[0] <= now]
    return min(ready, key=lambda entry: (entry[0], entry[1]))[2] if ready else None


def _push_refusal(game: Game, open_: OpenProposal, now: datetime) -> str | None:
    """Why a new version of a proposal in its vote is not allowed, if it is not."""
    config = game.config
    if open_.join:
        return "a request to join may not change after it is made: make a new one"
    if config.schedule and not config.schedule.may_propose(now):
        days = config.schedule.describe(config.schedule.propose)
        return (f"it was changed outside the days proposals are made ({days}, "
                f"{config.cite('schedule')})")
    limit = config.resubmissions_per_turn
    if limit is not None and open_.restarts >= limit:
        return (f"it was resubmitted more than {limit} times this turn "
                f"({config.cite('resubmissions_per_turn')})")
    return None


def _displaced(game: Game, proposal: Proposal) -> OpenProposal | None:
    """The author's oldest proposal of the week, when a new one goes over the weekly cap."""
    config, state = game.config, game.state
    if not (config.schedule and config.proposals_per_week):
        return None
    week = config.schedule.week_of(proposal.opened_at)
    author = state.player(proposal.author)
    mine = [o for o in state.open_proposals if author and o.author.login == author.login
            and config.schedule.week_of(o.opened) == week]
    return mine[0] if len(mine) >= config.proposals_per_week else None


def _refusal(game: Game, proposal: Proposal) -> str | None:
    state, config = game.state, game.config
    if state.over:
        return f"the game is over: {', '.join(state.winners) or 'nobody'} won"
    author = state.player(proposal.author)
    if author is None:
        if is_join_request(game, proposal):
            return None
        joining = (f"; to join, propose only adding yourself to the end of state/players.yaml "
                   f"({config.cite('join_window')})" if config.join_window else "")
        return f"{proposal.author.login} is not a player (see state/players.yaml){joining}"
    rule_changes = [o for o in state.open_proposals if not o.join]
    if config.schedule and not config.schedule.may_propose(proposal.opened_at):
        days = config.schedule.describe(config.schedule.propose)
        return f"proposals are accepted {days} only ({config.cite('schedule')})"
    if config.proposing == "weekly":
        found = problems(game, proposal)
        return "; ".join(found) if found else None
    if config.proposing == "one-open-each":
        mine = [o for o in rule_changes if o.author.login == author.login]
        if mine:
            return (f"{author.login} already has proposal {mine[0].number} in its vote "
                    f"({config.cite('proposing')})")
        found = problems(game, proposal)
        return "; ".join(found) if found else None
    if config.turn_order and state.turn and author.login != state.turn:
        return (f"it is {state.turn}'s turn, not {author.login}'s "
                f"({config.cite('turn_order')}): propose when your turn comes")
    if rule_changes:
        current = rule_changes[0]
        return (f"proposal {current.number} is still in its vote; one proposal a turn "
                f"({config.cite('turn_order')})")
    found = problems(game, proposal)
    return "; ".join(found) if found else None


def next_player(state: GameState, login: str) -> str:
    """The next player down the list whose turn is not skipped for inactivity."""
    players = list(state.players)
    start = next((i for i, p in enumerate(players) if p.login == login), -1)
    order = players[start + 1:] + players[:start + 1]
    return next((p.login for p in order if p.active), order[0].login)


def _leaders(state: GameState, config: GameConfig) -> tuple[str, ...]:
    if not state.players:
        return ()
    best = max(p.points for p in state.players)
    return _at_most(config, tuple(p for p in state.players if p.points == best))


def _at_most(config: GameConfig, winners: tuple[Player, ...]) -> tuple[str, ...]:
    """The winners, no more than the rules allow: the most points first, then turn order."""
    ranked = sorted(winners, key=lambda p: -p.points)  # sorted() keeps the turn order of ties
    return tuple(p.login for p in ranked[:config.max_winners or len(ranked)])



# --- applying a transition -----------------------------------------------------------------

def apply(game: Game, transition: Transition, dice: Dice) -> tuple[GameState, Record | None]:
    """The state after `transition` and the record it makes, if any.

    For a passed proposal, `game` is the game as it stands after the merge, so
    the new rules and any change the proposal made to the state are in it.
    """
    state = replace(game.state, last_change=max(game.state.last_change, transition.at))
    match transition:
        case Open(at, proposal, number):
            author = state.player(proposal.author)
            opened = OpenProposal(number, proposal.key, proposal.title,
                                  author.account if author else proposal.author, at,
                                  proposal.head, at, join=author is None,
                                  description_hash=description_hash(proposal))
            return replace(state, open_proposals=state.open_proposals + (opened,),
                           next_proposal=number + 1), None
        case Refuse(at, proposal, number, reason, was_open):
            if was_open is None and number is not None:
                state = replace(state, next_proposal=number + 1)
            state = _without(state, proposal.key)
            if was_open is not None and not was_open.join:  # its turn ends with it
                state = _pass_turn_after(state, game.config, at, was_open.author.login)
            return state, Record(number, proposal.key, proposal.title, proposal.author,
                                 Outcome.REFUSED, reason, opened=proposal.opened_at, decided=at,
                                 head=proposal.head)
        case Push(at, open_, head):
            pushed = replace(open_, head=head, head_since=at, restarts=open_.restarts + 1)
            return replace(state, open_proposals=tuple(pushed if o.key == open_.key else o
                                                       for o in state.open_proposals)), None
        case Retract(at, open_, reason, _):
            state = _pass_turn_after(_without(state, open_.key), game.config, at,
                                     open_.author.login)
            return state, Record(open_.number, open_.key, open_.title, open_.author,
                                 Outcome.RETRACTED, reason, opened=open_.opened, decided=at,
                                 turn_to=state.turn)
        case Decide():
            return _apply_decision(game, state, transition, dice)
        case Deactivate(at, login, _):
            player = next(p for p in state.players if p.login == login)
            state = state.with_player(replace(player, inactive_since=at))
            if state.turn == login:  # an inactive player's turn ends at once
                state = replace(state, turn=next_player(state, login), turn_started=at)
            return state, None
        case Activate(_, login, _):
            player = next(p for p in state.players if p.login == login)
            return state.with_player(replace(player, inactive_since=None)), None
        case PassTurn(at, _, to_login, _):
            return replace(state, turn=to_login, turn_started=at), None
        case EndGame(at, winners, _):
            return replace(state, winners=winners, ended_at=at, turn=None), None
        case Reclose():
            return game.state, None
        case Command(_, comment, effect, _):
            record = None
            if effect is not None:
                state, record = apply(replace(game, state=state), effect, dice)
            return replace(state, handled_comments=state.handled_comments | {comment.id}), record
    raise TypeError(transition)


def _apply_decision(game: Game, state: GameState, decision: Decide,
                    dice: Dice) -> tuple[GameState, Record]:
    config, open_ = game.config, decision.open
    rolls: list[DieRoll] = []
    points: dict[str, int] = {}
    proposer = state.player(open_.author)
    if open_.join:  # not a turn: no dice, and the turn stays where it is
        state = _without(state, open_.key)
        if decision.passed:
            state = _seat(state, config, open_.author)
        return state, Record(open_.number, open_.key, open_.title, open_.author,
                             Outcome.PASSED if decision.passed else Outcome.FAILED,
                             decision.reason, opened=open_.opened, decided=decision.at,
                             head=decision.proposal.head, threshold=decision.threshold,
                             counted=decision.tally.counted, left_out=decision.tally.left_out)
    if config.turn_roll is not None and proposer is not None:
        rolled = sum(len(r.dice) for r in game.records)
        for die in range(config.turn_roll.count):
            # the game's n-th roll: only a decided proposal rolls, so refused or withdrawn
            # proposals cannot skip a roll a player dislikes
            inputs = roll_inputs(state.dice_seed, rolled + die + 1, open_.number)
            result = dice.roll(config.turn_roll.sides, inputs)
            rolls.append(DieRoll(f"{config.cite('turn_roll')}: {config.turn_roll} added to the "
                                 f"proposer's score", config.turn_roll.sides, result, inputs,
                                 dice.method))
        gained = sum(r.result for r in rolls)
        points[proposer.login] = gained
        state = state.with_player(replace(proposer, points=proposer.points + gained))
    experience = _experience(state, config, decision) if decision.passed else {}
    for login, gained in experience.items():
        player = next(p for p in state.players if p.login == login)
        level, exp = level_up(player.stat("level", config.starting_stats),
                              player.stat("experience", config.starting_stats) + gained)
        state = state.with_player(player.with_stats(level=level, experience=exp))
    if config.proposer_gains == "net-votes" and decision.passed and proposer is not None:
        gained = decision.tally.yes - decision.tally.no
        points[proposer.login] = points.get(proposer.login, 0) + gained
        proposer = state.player(open_.author)
        state = state.with_player(replace(proposer, points=proposer.points + gained))
    state = _without(state, open_.key)
    state = _check_victory(state, config, decision.at)
    state = _pass_turn_after(state, config, decision.at, open_.author.login)
    outcome = Outcome.PASSED if decision.passed else Outcome.FAILED
    return state, Record(open_.number, open_.key, open_.title, open_.author, outcome,
                         decision.reason, opened=open_.opened, decided=decision.at,
                         head=decision.proposal.head, rules=decision.rules,
                         threshold=decision.threshold, counted=decision.tally.counted,
                         left_out=decision.tally.left_out, dice=tuple(rolls), points=points,
                         turn_to=state.turn, experience=experience)


def description_hash(proposal: Proposal) -> str:
    """A fingerprint of what players read of a proposal, to notice an edit."""
    return hashlib.sha256(proposal.description.encode()).hexdigest()[:16]


def roll_inputs(seed: str, roll: int, proposal: int) -> dict:
    """What a turn's die is derived from: the game's seed and how many dice came before."""
    return {"seed": seed, "roll": roll, "proposal": proposal, "purpose": "turn"}


def _experience(state: GameState, config: GameConfig, decision: Decide) -> dict[str, int]:
    """Rule 12.5: experience for the proposer of an accepted proposal and each yes voter."""
    if not config.experience:
        return {}
    gained: dict[str, int] = {}
    proposer = state.player(decision.open.author)
    if proposer is not None:
        gained[proposer.login] = config.experience["proposer"]
    for ballot in decision.tally.counted:
        if ballot.yes and any(p.login == ballot.login for p in state.players):
            gained[ballot.login] = gained.get(ballot.login, 0) + config.experience["yes_voter"]
    return gained


def _seat(state: GameState, config: GameConfig, account) -> GameState:
    """A new player joins just before the player whose turn it is (seed 001 rule 201), or
    at the end of the list. The engine writes them in, rather than merging the request, so
    changes to the players file during the request's window cannot conflict with it."""
    player = Player(account.login, account.id, config.starting_points)
    logins = [p.login for p in state.players]
    at = logins.index(state.turn) if state.turn in logins else len(logins)
    return replace(state, players=state.players[:at] + (player,) + state.players[at:])


def _without(state: GameState, key: str) -> GameState:
    return replace(state, open_proposals=tuple(o for o in state.open_proposals if o.key != key))


def _check_victory(state: GameState, config: GameConfig, at: datetime) -> GameState:
    if config.victory_points is None or state.over:
        return state
    winners = _at_most(config, tuple(p for p in state.players
                                     if p.points >= config.victory_points))
    if winners:
        return replace(state, winners=winners, ended_at=at, turn=None)
    return state


def _pass_turn_after(state: GameState, config: GameConfig, at: datetime,
                     proposer: str) -> GameState:
    """The turn after a proposal's end, where a proposal is the turn (one-a-turn), if the
    turn is still its proposer's (it may have passed already, by inactivity)."""
    if state.over or not config.turn_order or not state.players \
            or config.proposing != "one-a-turn" or (state.turn and state.turn != proposer):
        return state
    current = state.turn or state.players[-1].login
    return replace(state, turn=next_player(state, current), turn_started=at)
