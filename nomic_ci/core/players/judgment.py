"""Judgment (seed 001 rule 211) as the `judgment` binding says it goes, and rule 213's end.

A player invokes it on a question (`/judgment`, in `judgment_commands`); the Judge is the
active player preceding the one moving (or following, as the binding says), never the one
moving. While it is pending the next turn does not begin without the consent of a share of
the other active players (`/consent`): a turn that ends then waits (`Judgment.turn_ended`:
`hold` keeps the turn where it was), and begins once they consent (`due`). The Judge rules
(`/ruling`), once; the other active players may overrule by their vote (`/overrule`), and
the server administrator too, whose overrule a vote of the others nullifies (`/nullify`). An
overruled question passes to the next active player along the turn order, past the one
moving and every Judge overruled on it. One Judgment at a time, and it ends when the next
turn begins, recorded (core/files/judgments.py).

A player who wants to stall or win: a Judgment holds the turn only until the others consent;
each Judge rules once, and a ruling takes back the consents given before it, so none takes
effect before the others could read it, and overrule it. A ruling that the game cannot go on
(rule 213) ends it only when the others consent to go on with it standing.

Where a Judgment stands is `judgment_replay.course`, its steps replayed.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from ..files.judgments import (GAME_ENDED, LAPSED, NULLIFIED, OVERRULED, TURN_BEGAN, UNPLAYABLE,
                               VERDICTS, Judgment, Step)
from ..files.state import GameState
from ..frozen import frozen
from ..game import Game
from ..mechanics.judging import share
from ..mechanics.thresholds import Threshold
from ..transitions import BeginTurn, CloseJudgment, EndGame, Judging, Transition
from ..turns import next_player
from .judgment_replay import Course, beside, course, eligible, met, others


def active_players(state: GameState) -> tuple[str, ...]:
    return tuple(p.login for p in state.players if p.active)


def first_judge(game: Game) -> str | None:
    """The Judge of a Judgment invoked now: the active player before (after) the one moving."""
    state, procedure = game.state, game.config.judgment
    if state.turn is None or procedure is None:
        return None
    order = tuple(p.login for p in state.players)
    return beside(order, state.turn, procedure.judge,
                  eligible(active_players(state), state.turn, ()))


def turn_waits(state: GameState) -> bool:
    """Whether the turn has ended and the next waits for consent (rule 211)."""
    return state.judgment is not None and state.judgment.turn_ended is not None


@frozen
class Consent:
    """Where the consent to the next turn stands."""

    next: str | None  # whose turn begins next
    of: tuple[str, ...]  # the other active players, whose consent counts
    given: tuple[str, ...]  # those of them who consented (since the last ruling)
    needs: Threshold | None  # None: the next turn does not wait

    @property
    def met(self) -> bool:
        return met(None if self.needs is None else _written(self.needs), self.given, self.of)

    def __str__(self) -> str:
        if self.needs is None:
            return "the next turn does not wait for consent"
        need = self.needs.required_yes(len(self.of)) if self.of else 0
        return (f"{len(self.given)} of the {len(self.of)} other active players consented to "
                f"{self.next}'s turn; it needs {share(self.needs)} ({need})")


def _written(threshold: Threshold) -> str:
    """A threshold as a binding writes it (and a step records it)."""
    if threshold.kind == "fraction":
        return str(threshold).removesuffix(" of the eligible voters")
    return threshold.kind


def consent(game: Game, state: GameState | None = None) -> Consent:
    """The consent the next turn needs, as the state stands (the game's, unless given)."""
    state = state or game.state
    procedure = game.config.judgment
    judgment = state.judgment
    following = next_player(state, game.config, state.turn) \
        if state.turn and state.players else None
    of = others(active_players(state), following)
    given = tuple(c for c in course(judgment).consents if c in of) if judgment else ()
    return Consent(following, of, given, procedure.consent if procedure else None)


def hold(game: Game, after: GameState, at: datetime) -> GameState:
    """`after` (what a transition of `game` left), with the turn kept where it was if it
    would begin while a Judgment is pending, without the consent it needs (rule 211): the
    Judgment notes that the turn has ended, and the turn begins once they consent."""
    judgment = after.judgment
    before = game.state
    if judgment is None or after.over or game.config.judgment is None \
            or after.turn == before.turn or before.turn != judgment.mover:
        return after
    if consent(game, replace(after, turn=before.turn)).met:
        return after
    return replace(after, turn=before.turn, turn_started=before.turn_started,
                   judgment=replace(judgment, turn_ended=judgment.turn_ended or at))


def winner_if_unplayable(game: Game, ruling: Step | None = None) -> str | None:
    """Rule 213's winner, "the first player unable to complete a turn", as it stood at the
    `ruling` (None: now): the player whose move the Judgment is about, or, where their turn
    was already over and the next waited, the next, among the players active at the ruling.
    Fixed at the ruling: else the next player could make the win theirs by closing the
    mover's vote after it, and the player named lose it by going inactive before the end."""
    state = game.state
    judgment = state.judgment
    if judgment is None:
        return state.turn
    ended = judgment.turn_ended
    if ended is not None and (ruling is None or ruling.at >= ended):
        if ruling is not None and ruling.active:  # recorded since the winner was fixed
            state = replace(state, players=tuple(replace(p, inactive_since=None if p.login in
                                                         ruling.active else ruling.at)
                                                 for p in state.players))
        return next_player(state, game.config, judgment.mover)
    return judgment.mover


def due(game: Game) -> Transition | None:
    """What the engine does next with the Judgment pending, at the game's last change (each
    is made true by a change): end it once the next turn began (or the game ended, or the
    rules dropped Judgment); pass the question on once a vote to overrule is reached, or
    restore it once a nullification is; end the game on a ruling that it cannot go on, once
    the others consent to go on with it standing (where the turn waits for no consent: once
    the next turn begins); begin the turn that waits, once they consent."""
    state, config = game.state, game.config
    judgment = state.judgment
    if judgment is None:
        return None
    at, procedure = state.last_change, config.judgment
    if procedure is None:
        lapsed = judgment.then(Step(at, LAPSED, text="the rules in force no longer have Judgment"))
        if judgment.turn_ended is None or state.over or state.turn is None:
            return CloseJudgment(at, lapsed)
        following = next_player(state, config, state.turn)  # the turn that waited goes on, not back
        return BeginTurn(at, following, f"the rules in force no longer have Judgment, so "
                         f"{following}'s turn begins", lapsed)
    if state.over:
        return CloseJudgment(at, judgment.then(Step(
            at, GAME_ENDED, by=state.winners[0] if len(state.winners) == 1 else None,
            text=f"{', '.join(state.winners) or 'nobody'} won")))
    now, active = course(judgment), active_players(state)
    if state.turn != judgment.mover:
        if procedure.consent is None and _unplayable(game, now):
            return _unplayable_end(game, judgment, now,
                                  winner_if_unplayable(game, now.ruling))
        needs = _written(procedure.consent) if procedure.consent else None
        return CloseJudgment(at, judgment.then(Step(at, TURN_BEGAN, by=state.turn,
                                                    active=active, needs=needs)))
    cite = config.cite("judgment")
    if now.ruling is not None and procedure.overrule is not None and now.overrules and \
            met(_written(procedure.overrule), now.overrules, others(active, now.judge)):
        following = beside(judgment.order, now.judge, judgment.side,
                           eligible(active, judgment.mover, now.judged))
        why = (f"{share(procedure.overrule)} voted to overrule {now.judge} ({cite}): the Judge "
               f"is now {following or 'no one, for no player is left to judge the question'}")
        return Judging(at, judgment.then(Step(at, OVERRULED, judge=following, active=active,
                                              needs=_written(procedure.overrule))), why)
    if now.admin is not None and now.nullifies:
        nullify = procedure.nullify or Threshold("majority")
        if met(_written(nullify), now.nullifies, others(active, now.undone)):
            why = (f"{share(nullify)} voted to nullify the server administrator's overrule: "
                   f"{now.undone}'s ruling stands again, and the administrator may not "
                   f"overrule again this turn ({cite})")
            return Judging(at, judgment.then(Step(at, NULLIFIED, judge=now.undone,
                                                  active=active, needs=_written(nullify))), why)
    agreed = consent(game)
    if procedure.consent is None:  # a turn that waited under rules since amended goes on
        if judgment.turn_ended is None:
            return None
        if _unplayable(game, now):
            return _unplayable_end(game, judgment, now,
                                  winner_if_unplayable(game, now.ruling))
        ended = judgment.then(Step(at, TURN_BEGAN, by=agreed.next, active=active))
        return BeginTurn(at, agreed.next, f"the rules in force no longer make the next turn "
                         f"wait for consent ({cite}), so {agreed.next}'s turn begins", ended)
    if not agreed.met:
        return None
    if _unplayable(game, now):
        return _unplayable_end(game, judgment, now,
                                  winner_if_unplayable(game, now.ruling))
    if judgment.turn_ended is not None:
        ended = judgment.then(Step(at, TURN_BEGAN, by=agreed.next, active=active,
                                   needs=_written(procedure.consent)))
        return BeginTurn(at, agreed.next, f"{agreed}, so {agreed.next}'s turn begins ({cite})",
                         ended)
    return None


def _unplayable(game: Game, now: Course) -> bool:
    """Whether a ruling that the game cannot go on stands, where a rule names its winner."""
    return now.ruling is not None and now.ruling.verdict in UNPLAYABLE \
        and game.config.unplayable_winner is not None


def _unplayable_end(game: Game, judgment: Judgment, now: Course, winner: str | None) -> EndGame:
    config = game.config
    return EndGame(game.state.last_change, (winner,) if winner else (), (
        f"{now.ruling.by} ruled on Judgment {judgment.number} that "
        f"{VERDICTS[now.ruling.verdict]}, and it was not overruled before the next turn "
        f"({config.cite('judgment')}): the first player unable to complete a turn, {winner}, "
        f"wins ({config.cite('unplayable_winner')})"))
