"""Where a Judgment stands (seed 001 rule 211), its steps replayed: who judges now, what
ruling stands, the votes since it. The engine decides from it (core/players/judgment.py),
and `verify` checks every step with it (`Course.problems`): each one rule 211 allows, and
each of the engine's (a Judge overruled, an overrule nullified, the next turn begun) with
the vote it counted, which must reach the share it names.
"""

from __future__ import annotations

from ..files.judgments import (ADMIN_OVERRULE, CONSENT, ENDINGS, NULLIFIED, NULLIFY, OVERRULE,
                               OVERRULED, RULING, TURN_BEGAN, Judgment, Step)
from ..frozen import frozen
from ..mechanics.thresholds import parse_threshold


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
    replay = _Replay(judgment)
    for number, step in enumerate(judgment.steps, 1):
        replay.where = f"Judgment {judgment.number}, step {number} ({step.did}" + (
            f" by {step.by})" if step.by else ")")
        getattr(replay, _METHODS.get(step.did, "ending"))(step)
        if step.did in ENDINGS and number < len(judgment.steps):
            replay.check(False, "it ended before this step")
    return replay.course()


class _Replay:
    """A Judgment's steps played again, one method a kind of step, each checking what rule
    211 allows of it (a step it does not allow is a problem, and is played all the same)."""

    def __init__(self, judgment: Judgment) -> None:
        self.judgment = judgment
        self.judge: str | None = judgment.judge
        self.standing: Step | None = None  # the ruling that stands
        self.judged = [judgment.judge]
        self.overrules: list[str] = []
        self.consents: list[str] = []
        self.nullifies: list[str] = []
        self.admin: Step | None = None
        self.undone: tuple = ()  # the Judge, ruling and Judges an administrator's overrule
        self.barred = False  # undid: a nullification restores them
        self.problems: list[str] = []
        self.where = ""

    def check(self, ok: bool, why: str) -> None:
        if not ok:
            self.problems.append(f"{self.where}: {why}")

    def ruling(self, step: Step) -> None:
        self.check(step.by == self.judge, f"the Judge was {self.judge or 'nobody'}")
        self.check(self.standing is None, f"{self.standing.by if self.standing else ''} had ruled "
                                        "already")
        self.standing, self.overrules, self.consents = step, [], []

    def consent(self, step: Step) -> None:
        self.check(step.by not in self.consents, "they had consented already")
        self.consents.append(step.by)

    def overrule(self, step: Step) -> None:
        self.check(self.standing is not None, "no ruling stood to overrule")
        self.check(step.by != self.judge, "a Judge may not overrule themselves")
        self.check(step.by not in self.overrules, "they had voted to overrule already")
        self.overrules.append(step.by)

    def nullify(self, step: Step) -> None:
        self.check(self.admin is not None, "no overrule of the administrator's stood to nullify")
        self.check(step.by not in self.nullifies, "they had voted to nullify already")
        self.nullifies.append(step.by)

    def administrator(self, step: Step) -> None:
        self.check(not self.barred, "the administrator was barred from overruling this turn")
        self.check(self.standing is not None, "no ruling stood to overrule")
        self._check_next(step)
        if self.admin is None:  # overruling again keeps the original Judge to restore, and
            # the votes to nullify so far: else it would put them out of the players' reach
            self.undone, self.nullifies = (self.judge, self.standing, tuple(self.judged)), []
        self.admin = step
        self._new_judge(step.judge)

    def overruled(self, step: Step) -> None:
        of = others(step.active, self.judge)
        self.check(met(step.needs, self.overrules, of),
                   f"{len(set(self.overrules) & set(of))} of the {len(of)} other active "
                   f"players voted to overrule, short of {step.needs}")
        self._check_next(step)
        self._new_judge(step.judge)

    def _check_next(self, step: Step) -> None:
        """An overruled Judge's successor: the next active player their way, past the one
        moving and every Judge overruled on the question."""
        judgment = self.judgment
        self.check(step.judge == beside(judgment.order, self.judge, judgment.side, eligible(
            step.active, judgment.mover, self.judged)), "the next Judge is another player")

    def nullified(self, step: Step) -> None:
        self.check(self.admin is not None, "no overrule of the administrator's stood")
        of = others(step.active, self.undone[0] if self.undone else None)
        self.check(met(step.needs, self.nullifies, of),
                   f"{len(set(self.nullifies) & set(of))} of {len(of)} voted to nullify, short "
                   f"of {step.needs}")
        if self.undone:  # rule 211: "the original Judgement stands, the original Judge resumes"
            self.judge, self.standing, self.judged = self.undone[0], self.undone[1], list(
                self.undone[2])
        self.admin, self.barred = None, True
        self.nullifies, self.overrules, self.consents = [], [], []

    def ending(self, step: Step) -> None:
        if step.did == TURN_BEGAN and step.needs:
            of = others(step.active, step.by)
            self.check(met(step.needs, self.consents, of),
                       f"{len(set(self.consents) & set(of))} of the {len(of)} other active "
                       f"players consented, short of {step.needs}")

    def _new_judge(self, judge: str | None) -> None:
        self.judge = judge
        self.judged += [judge] if judge else []
        self.standing, self.overrules, self.consents = None, [], []

    def course(self) -> Course:
        return Course(self.judge, self.standing, tuple(self.judged), tuple(self.overrules),
                      tuple(self.consents), self.admin,
                      self.undone[0] if self.admin is not None else None,
                      tuple(self.nullifies), self.barred, tuple(self.problems))


_METHODS = {RULING: "ruling", CONSENT: "consent", OVERRULE: "overrule", NULLIFY: "nullify",
            ADMIN_OVERRULE: "administrator", OVERRULED: "overruled", NULLIFIED: "nullified"}


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


