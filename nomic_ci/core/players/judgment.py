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

`course` replays a Judgment's steps: the engine decides from where it stands, and `verify`
checks every step with it (`Course.problems`).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from ..files.judgments import (ADMIN_OVERRULE, CONSENT, ENDINGS, GAME_ENDED, LAPSED, NULLIFIED,
                               NULLIFY, OVERRULE, OVERRULED, RULING, TURN_BEGAN, UNPLAYABLE,
                               VERDICTS, Judgment, Step)
from ..files.state import GameState
from ..frozen import frozen
from ..game import Game
from ..mechanics.judging import share
from ..mechanics.thresholds import Threshold, parse_threshold
from ..transitions import BeginTurn, CloseJudgment, EndGame, Judging, Transition
from ..turns import next_player


@frozen
class Course:
    """Where a Judgment stands, its steps replayed."""

    judge: str | None  # None: no player is left to judge the question
    ruling: Step | None  # the ruling that stands, if the Judge has ruled
    judged: tuple[str, ...]  # its Judges so far, the current one last
    overrules: tuple[str, ...]  # who voted to overrule the ruling that stands
    consents: tuple[str, ...]  # who consented to the next turn since the last ruling
    admin: Step | None  # the administrator's overrule, while it stands
    undone: str | None  # the Judge it overruled, whom a nullification restores
    nullifies: tuple[str, ...]  # who voted to nullify it
    barred: bool  # the administrator's overrule was nullified: no more this turn
    problems: tuple[str, ...]  # steps that did not follow the procedure (for verify)


def course(judgment: Judgment) -> Course:
    """Replay a Judgment's steps: who judges now, what ruling stands, the votes since."""
    judge: str | None = judgment.judge
    ruling: Step | None = None
    judged = [judgment.judge]
    overrules: list[str] = []
    consents: list[str] = []
    nullifies: list[str] = []
    admin: Step | None = None
    undone: tuple = ()  # what the administrator's overrule undid: a nullification restores it
    barred = False
    problems: list[str] = []
    side = judgment.side
    for number, step in enumerate(judgment.steps, 1):
        where = f"Judgment {judgment.number}, step {number} ({step.did}" + (
            f" by {step.by})" if step.by else ")")

        def check(ok: bool, why: str) -> None:
            if not ok:
                problems.append(f"{where}: {why}")
        if step.did == RULING:
            check(step.by == judge, f"the Judge was {judge or 'nobody'}")
            check(ruling is None, f"{ruling.by if ruling else ''} had ruled already")
            ruling, overrules, consents = step, [], []
        elif step.did == CONSENT:
            check(step.by not in consents, "they had consented already")
            consents.append(step.by)
        elif step.did == OVERRULE:
            check(ruling is not None, "no ruling stood to overrule")
            check(step.by != judge, "a Judge may not overrule themselves")
            check(step.by not in overrules, "they had voted to overrule already")
            overrules.append(step.by)
        elif step.did == NULLIFY:
            check(admin is not None, "no overrule of the administrator's stood to nullify")
            check(step.by not in nullifies, "they had voted to nullify already")
            nullifies.append(step.by)
        elif step.did == ADMIN_OVERRULE:
            check(not barred and ruling is not None,
                  "the administrator was barred" if barred else "no ruling stood to overrule")
            undone, admin = (judge, ruling, tuple(judged)), step
            judge = step.judge
            judged += [judge] if judge else []
            ruling, overrules, consents, nullifies = None, [], [], []
        elif step.did == OVERRULED:
            of = others(step.active, judge)
            check(met(step.needs, overrules, of), f"{len(set(overrules) & set(of))} of the "
                  f"{len(of)} other active players voted to overrule, short of {step.needs}")
            check(step.judge == beside(judgment.order, judge, side, eligible(
                step.active, judgment.mover, judged)), "the next Judge is another player")
            judge = step.judge
            judged += [judge] if judge else []
            ruling, overrules, consents = None, [], []
        elif step.did == NULLIFIED:
            check(admin is not None, "no overrule of the administrator's stood")
            of = others(step.active, undone[0] if undone else None)
            check(met(step.needs, nullifies, of), f"{len(set(nullifies) & set(of))} of "
                  f"{len(of)} voted to nullify, short of {step.needs}")
            if undone:
                judge, ruling, judged = undone[0], undone[1], list(undone[2])
            admin, barred, nullifies, overrules, consents = None, True, [], [], []
        elif step.did == TURN_BEGAN and step.needs:
            of = others(step.active, step.by)
            check(met(step.needs, consents, of), f"{len(set(consents) & set(of))} of the "
                  f"{len(of)} other active players consented, short of {step.needs}")
        if step.did in ENDINGS:
            check(number == len(judgment.steps), "it ended before this step")
    return Course(judge, ruling, tuple(judged), tuple(overrules), tuple(consents), admin,
                  undone[0] if admin is not None else None, tuple(nullifies), barred,
                  tuple(problems))


def met(needs: str | None, yes, of) -> bool:
    """Whether the votes `yes` of the players `of` reach `needs` ('unanimous', 'majority',
    a percentage; None: nothing is needed). Of no one, nothing is needed."""
    if needs is None or not of:
        return True
    try:
        threshold = parse_threshold(needs)
    except ValueError:
        return False
    return threshold.is_met(len(set(yes) & set(of)), len(of))


def others(active: tuple[str, ...], but: str | None) -> tuple[str, ...]:
    return tuple(login for login in active if login != but)


def eligible(active: tuple[str, ...], mover: str, judged) -> set[str]:
    """Who may be the next Judge: active, not the one moving (rule 211: "no player is to be
    Judge during his or her own turn"), and not a Judge overruled on this question."""
    return set(active) - {mover} - set(judged)


def beside(order: tuple[str, ...], login: str | None, side: str,
           among: set[str]) -> str | None:
    """The first player of `among` before (`preceding`) or after `login` in the turn order,
    going round; None where there is none."""
    if login not in order:
        return None
    at = order.index(login)
    around = order[at + 1:] + order[:at] if side == "following" else \
        tuple(reversed(order[:at])) + tuple(reversed(order[at + 1:]))
    return next((p for p in around if p in among), None)


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
    following = next_player(state, state.turn) if state.turn and state.players else None
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


def winner_if_unplayable(game: Game) -> str | None:
    """Rule 213's winner, "the first player unable to complete a turn": the player whose turn
    it is, or, where it ended and the next waits, the next."""
    state = game.state
    return next_player(state, state.turn) if turn_waits(state) else state.turn


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
        return CloseJudgment(at, judgment.then(Step(
            at, LAPSED, text="the rules in force no longer have Judgment")))
    if state.over:
        return CloseJudgment(at, judgment.then(Step(
            at, GAME_ENDED, by=state.winners[0] if len(state.winners) == 1 else None,
            text=f"{', '.join(state.winners) or 'nobody'} won")))
    now, active = course(judgment), active_players(state)
    if state.turn != judgment.mover:
        if procedure.consent is None and _unplayable(game, now):
            return _unplayable_end(game, judgment, now, judgment.mover)
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
    if procedure.consent is None or not agreed.met:
        return None
    if _unplayable(game, now):
        return _unplayable_end(game, judgment, now, winner_if_unplayable(game))
    if judgment.turn_ended is not None:
        return BeginTurn(at, agreed.next, f"{agreed}, so {agreed.next}'s turn begins ({cite})")
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
