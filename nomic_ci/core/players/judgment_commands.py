"""The comment commands of Judgment (seed 001 rule 211), where a rule binds `judgment`:
`/judgment QUESTION` invokes it, `/consent` lets the next turn begin, `/ruling [VERDICT]
REASONS` is the Judge's, `/overrule [WHY]` a player's vote against the ruling (or, from the
server administrator, their overrule), `/nullify` a player's vote against the
administrator's overrule. Each is judged against the Judgment as its steps leave it
(`judgment.course`), refused with the rule's reason, or made a step (`Judging`).

What players write is not repeated in the answers (the page judgments/README.md quotes it):
the answers name the Judgment by its number.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from ..facts import Comment
from ..files.judgments import (ADMIN_OVERRULE, CONSENT, ENDED, NULLIFY, OVERRULE, RULING,
                               UNPLAYABLE, VERDICTS, Judgment, Step, judgments_recorded,
                               read_judgments)
from ..game import Game
from ..mechanics.judging import share
from ..mechanics.thresholds import Threshold
from ..transitions import Judging
from .judgment import active_players, consent, first_judge, winner_if_unplayable
from .judgment_replay import beside, course, eligible, others

MAX_TEXT = 5000  # characters of a question or a ruling: the state holds them while pending

COMMANDS = ("judgment", "consent", "ruling", "overrule", "nullify")
WHAT = {"judgment": "invoke Judgment on a question (rule 211)",
        "consent": "let the next turn begin while Judgment is pending",
        "ruling": "the Judge's ruling: a verdict (yes, no, paradox, unplayable) if any, then why",
        "overrule": "vote to overrule the Judge (the server administrator: overrule, saying why)",
        "nullify": "vote to nullify the server administrator's overrule"}

USAGE = {"judgment": "/judgment QUESTION", "consent": "/consent",
         "ruling": "/ruling [VERDICT] REASONS", "overrule": "/overrule [WHY]",
         "nullify": "/nullify"}


def given(game: Game) -> tuple[str, ...]:
    """The commands the rules in force give: none without the `judgment` binding."""
    procedure = game.config.judgment
    if procedure is None:
        return ()
    return COMMANDS if procedure.admin_overrule else COMMANDS[:-1]


def _words(comment: Comment) -> str:
    """What follows the command: the rest of its first line and the lines after it."""
    text = comment.body.strip()
    first, _, rest = text.partition("\n")
    after = first.strip().split(None, 1)
    return "\n".join(part for part in (after[1] if len(after) > 1 else "", rest.strip())
                     if part).strip()


def _too_long(text: str, what: str) -> str | None:
    if len(text) > MAX_TEXT:
        return (f"the {what} is {len(text):,} characters long, more than the {MAX_TEXT:,} a "
                "Judgment keeps: say it shorter")
    return None


def _none_pending(game: Game) -> str:
    """Why there is nothing to act on: no Judgment pending (and how the last one ended)."""
    cite = game.config.cite("judgment")
    ended = read_judgments(game.files, latest=1)
    if not ended:
        return f"no Judgment is pending ({cite}): invoke one with /judgment and the question"
    last = ended[-1]
    how = ENDED.get(last.steps[-1].did, "it ended") if last.steps else "it ended"
    return (f"no Judgment is pending: Judgment {last.number} ended at "
            f"{last.ended:%Y-%m-%d %H:%M} UTC, when {how}, and a Judge settles questions only "
            f"until the next turn begins ({cite}); invoke a new one with /judgment")


def invoke(game: Game, comment: Comment, at: datetime, _proposals):
    state, config = game.state, game.config
    cite = config.cite("judgment")
    player = state.player(comment.author)
    if player is None:
        return None, (f"only a player may invoke Judgment ({cite}: \"by the insistence of "
                      "any player\")")
    pending = state.judgment
    if pending is not None:
        judge = course(pending).judge or "no one"
        return None, (f"Judgment {pending.number} is pending: one question at a time, and its "
                      f"Judge, {judge}, settles the questions of the game until the next turn "
                      f"begins ({cite}); ask again once it has begun")
    if state.turn is None:
        return None, f"no one is moving, so no one can be the Judge ({cite})"
    question = _words(comment)
    if not question:
        return None, "say the question: /judgment, then the question on the same line or below"
    judge = first_judge(game)
    if judge is None:
        return None, (f"no active player but {state.turn}, who is moving, can be the Judge, "
                      f"and no player is Judge during their own turn ({cite})")
    too_long = _too_long(question, "question")
    if too_long:
        return None, too_long
    number = judgments_recorded(game.files) + 1
    procedure = config.judgment
    judgment = Judgment(number, question, player.login, at, state.turn, judge, procedure.judge,
                        tuple(p.login for p in state.players), active_players(state),
                        on=comment.on or "", comment=comment.id)
    waits = (f"until it ends the next turn waits for the consent of {share(procedure.consent)} "
             "(/consent)" if procedure.consent else "the next turn does not wait for it")
    return (Judging(at, judgment, f"{player.login} invoked it, and {judge} judges"),
            f"Judgment {number} is invoked: the Judge is {judge}, the active player "
            f"{procedure.judge} {state.turn}, who is moving ({cite}), and rules with /ruling; "
            f"{waits}")


def agree(game: Game, comment: Comment, at: datetime, _proposals):
    state, config = game.state, game.config
    cite = config.cite("judgment")
    player = state.player(comment.author)
    if player is None:
        return None, f"only the active players other than the next one consent ({cite})"
    if state.judgment is None:
        return None, _none_pending(game)
    if config.judgment.consent is None:
        return None, f"the next turn waits for no consent under the rules in force ({cite})"
    if not player.active:
        return None, f"only active players consent ({cite}): /active first"
    agreed = consent(game)
    if player.login == agreed.next:
        return None, (f"{player.login} may not consent to their own turn: it waits for the "
                      f"consent of the other active players ({cite})")
    if player.login in course(state.judgment).consents:
        return None, f"{player.login} has consented already"
    judgment = state.judgment.then(Step(at, CONSENT, by=player.login, comment=comment.id))
    after = consent(game, replace(state, judgment=judgment))
    return (Judging(at, judgment, f"{player.login} consents to the next turn"),
            f"{player.login} consents: {after}")


def rule(game: Game, comment: Comment, at: datetime, _proposals):
    state, config = game.state, game.config
    cite = config.cite("judgment")
    player = state.player(comment.author)
    judgment = state.judgment
    if player is None:
        return None, ("only the Judge rules; the server administrator may /overrule a ruling "
                      f"({cite})")
    if judgment is None:
        return None, _none_pending(game)
    now = course(judgment)
    if player.login == state.turn:
        return None, (f"{player.login} is moving, and no player is Judge during their own "
                      f"turn ({cite}); " + (f"the Judge of Judgment {judgment.number} is "
                                             f"{now.judge}" if now.judge else
                                             _no_judge(judgment, cite)))
    if now.judge is None:
        return None, _no_judge(judgment, cite)
    if player.login != now.judge:
        return None, f"only the Judge, {now.judge}, rules on Judgment {judgment.number} ({cite})"
    if now.ruling is not None:
        return None, (f"{now.judge} has ruled on Judgment {judgment.number} already, and the "
                      f"ruling stands unless it is overruled ({cite})")
    verdict, reasons = _verdict(_words(comment))
    if verdict in UNPLAYABLE and config.unplayable_winner is None:
        return None, ("no rule in force names a winner when a move is equally legal and "
                      "illegal or further play is impossible: rule yes, no, or with no verdict")
    if not reasons:
        return None, ("give the ruling's reasons: /ruling, a verdict if the question has one "
                      f"({', '.join(VERDICTS)}), then why")
    too_long = _too_long(reasons, "ruling")
    if too_long:
        return None, too_long
    # a ruling that the game cannot go on keeps who was active: rule 213's winner is fixed then
    step = Step(at, RULING, by=player.login, verdict=verdict, text=reasons, comment=comment.id,
                active=active_players(state) if verdict in UNPLAYABLE else ())
    procedure = config.judgment
    said = f"{VERDICTS[verdict]}" if verdict else "a ruling with no verdict"
    overrule = (f"it stands unless {share(procedure.overrule)} vote to overrule it (/overrule) "
                "before the next turn begins" if procedure.overrule else "no vote overrules it")
    waits = ("; consents given before it no longer count: the next turn waits for those given "
             "from now" if procedure.consent else "")
    ends = ""
    if verdict in UNPLAYABLE:
        winner = winner_if_unplayable(game)
        ends = (f". If it stands when the others consent to go on, the game ends and the first "
                f"player unable to complete a turn, {winner}, wins "
                f"({config.cite('unplayable_winner')})")
    return (Judging(at, judgment.then(step), f"{player.login} rules: {said}"),
            f"{player.login} rules on Judgment {judgment.number}: {said}; {overrule}{waits}"
            f"{ends}")


def _verdict(words: str) -> tuple[str | None, str]:
    """A ruling's verdict, where its first word is one (`yes`, `yes:`), and its reasons."""
    line, _, below = words.partition("\n")
    first, _, rest = line.partition(" ")
    verdict = first.strip().rstrip(":,.;").lower()
    if verdict not in VERDICTS:
        return None, words
    return verdict, "\n".join(part for part in (rest.strip(), below.strip()) if part)


def overrule(game: Game, comment: Comment, at: datetime, _proposals):
    state, config = game.state, game.config
    cite, procedure = config.cite("judgment"), config.judgment
    judgment = state.judgment
    if state.is_admin(comment.author):
        return _administrator(game, comment, at)
    player = state.player(comment.author)
    if player is None:
        return None, f"only the other active players vote to overrule a Judge ({cite})"
    if procedure.overrule is None:
        return None, f"under the rules in force no vote overrules a Judge ({cite})"
    if judgment is None:
        return None, _none_pending(game)
    now = course(judgment)
    if not player.active:
        return None, f"only active players vote to overrule ({cite}): /active first"
    if now.ruling is None:
        return None, _nothing_to_overrule(judgment, now.judge, cite)
    if player.login == now.judge:
        return None, (f"{player.login} is the Judge, and the other active players vote to "
                      f"overrule ({cite})")
    if player.login in now.overrules:
        return None, f"{player.login} has voted to overrule already"
    judgment = judgment.then(Step(at, OVERRULE, by=player.login, text=_words(comment)[:MAX_TEXT],
                                  comment=comment.id))
    return (Judging(at, judgment, f"{player.login} votes to overrule {now.judge}"),
            f"{player.login} votes to overrule {now.judge}: "
            f"{_votes(game, course(judgment).overrules, now.judge, procedure.overrule)}; "
            "until then the ruling stands")


def _no_judge(judgment, cite: str) -> str:
    return (f"no player is left to judge Judgment {judgment.number}: every one who could was "
            f"overruled ({cite})")


def _nothing_to_overrule(judgment, judge: str | None, cite: str) -> str:
    return (f"no ruling stands on Judgment {judgment.number} to overrule: " +
            (f"its Judge, {judge}, has not ruled" if judge else _no_judge(judgment, cite)))


def _votes(game: Game, votes: tuple[str, ...], but: str | None, needs: Threshold) -> str:
    """'1 of the 2 other active players so far; it needs all the other active players (2)'."""
    of = others(active_players(game.state), but)
    counted = len(set(votes) & set(of))
    return (f"{counted} of the {len(of)} other active players so far; it needs {share(needs)} "
            f"({needs.required_yes(len(of)) if of else 0}) before the next turn begins")


def _administrator(game: Game, comment: Comment, at: datetime):
    """The server administrator's overrule (rule 211's fourth paragraph): only of a ruling
    that "egregiously conflicts with the rules and would cause lasting damage to the game",
    which they must say; passed on to the next Judge at once, and nullified by a vote."""
    state, config = game.state, game.config
    cite, procedure = config.cite("judgment"), config.judgment
    judgment = state.judgment
    if not procedure.admin_overrule:
        return None, f"under the rules in force the server administrator does not overrule ({cite})"
    if judgment is None:
        return None, _none_pending(game)
    now = course(judgment)
    if now.barred:
        return None, (f"the server administrator's overrule on Judgment {judgment.number} was "
                      f"nullified, so they may not overrule again this turn ({cite})")
    if now.ruling is None:
        return None, _nothing_to_overrule(judgment, now.judge, cite)
    why = _words(comment)
    if not why:
        return None, ("the server administrator overrules only a ruling that egregiously "
                      f"conflicts with the rules and would cause lasting damage to the game "
                      f"({cite}): say how, after /overrule")
    too_long = _too_long(why, "reason")
    if too_long:
        return None, too_long
    active = active_players(state)
    following = beside(judgment.order, now.judge, judgment.side,
                       eligible(active, judgment.mover, now.judged))
    step = Step(at, ADMIN_OVERRULE, by=state.admin, text=why, judge=following, active=active,
                comment=comment.id)
    nullify = procedure.nullify or Threshold("majority")
    return (Judging(at, judgment.then(step), f"the server administrator overrules {now.judge}"),
            f"the server administrator overrules {now.judge} on Judgment {judgment.number}: "
            f"the Judge is now {following or 'no one (no player is left to judge it)'}; "
            f"{share(nullify)} may nullify it (/nullify) before the next turn begins ({cite})")


def nullify(game: Game, comment: Comment, at: datetime, _proposals):
    state, config = game.state, game.config
    cite, procedure = config.cite("judgment"), config.judgment
    judgment = state.judgment
    player = state.player(comment.author)
    if player is None:
        return None, f"only the other active players vote to nullify an overrule ({cite})"
    if judgment is None:
        return None, _none_pending(game)
    now = course(judgment)
    if now.admin is None:
        return None, (f"no overrule of the server administrator's stands on Judgment "
                      f"{judgment.number} to nullify")
    if not player.active:
        return None, f"only active players vote to nullify ({cite}): /active first"
    if player.login == now.undone:
        return None, (f"{player.login} is the Judge the server administrator overruled, and the "
                      f"other active players vote to nullify it ({cite})")
    if player.login in now.nullifies:
        return None, f"{player.login} has voted to nullify already"
    judgment = judgment.then(Step(at, NULLIFY, by=player.login, comment=comment.id))
    needs = procedure.nullify or Threshold("majority")
    return (Judging(at, judgment, f"{player.login} votes to nullify the overrule"),
            f"{player.login} votes to nullify the server administrator's overrule: "
            f"{_votes(game, course(judgment).nullifies, now.undone, needs)}")


HANDLERS = {"judgment": invoke, "consent": agree, "ruling": rule, "overrule": overrule,
            "nullify": nullify}
