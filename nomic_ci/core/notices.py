"""Whom the game issue tells what: the player whose turn begins, the voters whose votes a
push undid, some hours before a vote closes, the eligible voters who have not voted, and,
when the Frontier opens to them, the other players.

Each notice is a `Tell` on the game issue with an id that names its event (the turn and
when it began, the proposal and its version or closing time), so the outbox tells it once
however many runs look at the game, and a run that stops half-way is finished by the next.
A reminder is also recorded on the proposal in its vote (`reminded`), so it is made once.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Mapping

from .facts import Proposal
from .files.state import GAME_ISSUE, GameState, Tell
from .game import Game
from .times import iso, relative, shown
from .files.judgments import RULING
from .players.judgment import active_players, consent
from .players.judgment_replay import course, others
from .transitions import BoardTimer, Push, Transition
from .voting.admission import involved, requirement
from .voting.decision import vote_deadline
from .voting.tally import tally_at


def turn_deadline(game: Game, state: GameState) -> datetime | None:
    """When the turn passes by itself, if a timer runs (not while its proposal is voted on)."""
    config = game.config
    if state.turn is None or state.turn_started is None or config.turn_timeout is None:
        return None
    if config.proposing == "one-a-turn" and state.open_proposals:
        return None
    return state.turn_started + config.turn_timeout


def turn_begins(game: Game, after: GameState) -> Tell | None:
    """The player whose turn has just begun (a new turn, even the same player's again)."""
    before = game.state
    if after.turn is None or after.over or (after.turn, after.turn_started) == (
            before.turn, before.turn_started):
        return None
    passes = turn_deadline(game, after)
    message = f"it is your turn, since {shown(after.turn_started or after.last_change)}" + (
        f"; it passes to the next player at {shown(passes)}"
        + (" unless you propose before" if game.config.proposing == "one-a-turn" else "")
        if passes else "")
    return Tell(GAME_ISSUE, turn_id(after), message, mentions=(after.turn,))


def turn_id(state: GameState) -> str:
    """The mark of the notice that the turn in `state` has begun."""
    return f"turn-{iso(state.turn_started or state.last_change)}-{state.turn}"


def without_passed_turns(tells: tuple[Tell, ...], state: GameState) -> tuple[Tell, ...]:
    """The messages to tell, less the notices of a turn that is no longer the turn in
    `state`: a late run that passes several turns, or a player who passed at once, is never
    told "it is your turn" for a turn already over."""
    current = turn_id(state) if state.turn is not None and not state.over else None
    return tuple(t for t in tells if t.on != GAME_ISSUE or not t.id.startswith("turn-")
                 or t.id == current)


def votes_undone(game: Game, push: Push, proposal: Proposal) -> Tell | None:
    """The voters whose counted votes were on the version a push replaced."""
    open_ = push.open
    author = game.state.player(open_.author)
    undone = tuple(b.login for b in tally_at(game, open_, proposal, push.at).counted
                   if b.yes is not None and (author is None or b.login != author.login))
    if not undone:
        return None
    return Tell(GAME_ISSUE, f"push-{open_.number}-{push.head[:12]}",
                f"proposal {open_.number} has a new version ({push.head[:7]}), so your votes "
                f"on the earlier one no longer count: vote again on the new one", mentions=undone)


def notices(game: Game, after: GameState, transition: Transition,
            proposals: Mapping[str, Proposal]) -> tuple[Tell, ...]:
    """What the game issue says of a transition just applied to `game`, leading to `after`."""
    found = [turn_begins(game, after)]
    if isinstance(transition, Push) and transition.open.key in proposals:
        found.append(votes_undone(game, transition, proposals[transition.open.key]))
    if isinstance(transition, BoardTimer):  # the others may now act for the roller
        found.append(Tell(GAME_ISSUE, f"frontier-{iso(transition.at)}-{transition.login}",
                          transition.reason, mentions=tuple(
                              p.login for p in after.players if p.login != transition.login)))
    if after.judgment is not None and after.judgment != game.state.judgment:
        found.append(judging(game, after))  # a step of the Judgment pending, by whatever made it
    return tuple(tell for tell in found if tell is not None)


def judging(game: Game, after: GameState) -> Tell | None:
    """Whom a step of the Judgment pending concerns (seed 001 rule 211): a new Judge, who is
    to rule; after a ruling, the players whose consent the next turn waits for."""
    judgment, old = after.judgment, game.state.judgment
    if judgment is not None and judgment.turn_ended is not None and (
            old is None or old.turn_ended is None):  # the turn just ended, and the next waits
        agreed = consent(game, after)
        return Tell(GAME_ISSUE, f"waits-{judgment.number}",
                    f"{judgment.mover}'s turn is over, and {agreed.next}'s begins once the "
                    f"others consent while Judgment {judgment.number} is pending "
                    f"({game.config.cite('judgment')}): /consent to let it begin; {agreed}",
                    mentions=agreed.of)
    if judgment is None or old is not None and old.steps == judgment.steps:
        return None  # no new step
    before = course(old) if old is not None else None
    now, cite, step = course(judgment), game.config.cite("judgment"), len(judgment.steps)
    if now.judge is not None and (before is None or before.judge != now.judge):
        return Tell(GAME_ISSUE, f"judge-{judgment.number}-{step}",
                    f"you are the Judge of Judgment {judgment.number} ({cite}): rule on it with "
                    "/ruling, then a verdict where the question has one and your reasons",
                    mentions=(now.judge,))
    if judgment.steps and judgment.steps[-1].did == RULING:
        agreed = consent(game, after)
        return Tell(GAME_ISSUE, f"ruling-{judgment.number}-{step}",
                    f"{now.judge} has ruled on Judgment {judgment.number} ({cite}); it stands "
                    "unless overruled (/overrule) before the next turn begins"
                    + (f"; {agreed.next}'s turn waits for the others' consent (/consent)"
                       if agreed.needs else ""),
                    mentions=others(active_players(after), now.judge))
    return None


def reminders(game: Game, proposals: Mapping[str, Proposal], now: datetime
              ) -> tuple[GameState, tuple[Tell, ...]]:
    """The eligible voters who have not voted on a proposal whose vote closes within the
    rules' `remind_before`, once for each closing time; and the state that records it."""
    state, before = game.state, game.config.remind_before
    opens, tells = [], []
    for open_ in state.open_proposals:
        proposal = proposals.get(open_.key)
        deadline = None if open_.join or proposal is None or state.over else vote_deadline(
            game, open_, involved(requirement(game, proposal)))
        if deadline is None or open_.reminded == deadline or not deadline - before <= now < \
                deadline:
            opens.append(open_)
            continue
        missing = tally_at(game, open_, proposal, now).not_voted
        if missing:
            tells.append(Tell(GAME_ISSUE, f"remind-{open_.number}-{iso(deadline)}",
                              f"the vote on proposal {open_.number} closes at "
                              f"{shown(deadline)} ({relative(deadline, now)}) and your vote "
                              "is not in yet",
                              mentions=missing))
        opens.append(replace(open_, reminded=deadline))
    if not tells:
        return state, ()
    return replace(state, open_proposals=tuple(opens)), tuple(tells)
