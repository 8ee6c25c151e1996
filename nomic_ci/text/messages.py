"""What the engine tells players about each transition: one line each, in their words."""

from __future__ import annotations

from ..core.board.actionlog import ActionRecord
from ..core.files.records import Record
from ..core.files.state import GameState
from ..core.game import Game
from ..core.files.judgments import ENDED
from ..core.transitions import (Act, Activate, BeginTurn, BoardTimer, CloseJudgment, Command,
                                Deactivate, Decide, EndGame, Hold, Judging, Open, PassTurn, Pause, Push,
                                Reclose, Refuse, Retract, Transition, Update, WorldTurn)
from .quoting import quoted


def merge_message(decision: Decide) -> str:
    return f"Proposal {decision.open.number} passed: {decision.open.title}\n\n{decision.reason}"


def stranger_draft(game: Game) -> str:
    """Why the draft of an account that is not a player is closed, and how to come back."""
    config = game.config
    joining = (" To ask to join, open a pull request ready for review (not a draft) that only "
               f"adds you to the end of state/players.yaml ({config.cite('join_window')})."
               if config.join_window else " To join, ask a player to propose adding you at "
               "the end of state/players.yaml: only players propose here.")
    return ("Closed: this draft is by an account that is not a player (see "
            "state/players.yaml). A draft is no proposal yet, and the game keeps no "
            "stranger's drafts open: it reads every open pull request at every run." + joining)


def describe(transition: Transition) -> str:
    """One line a player understands."""
    match transition:
        case Open(proposal=p, number=None):  # a request to join, where it takes no number
            return f"The request to join by {p.author.login} ('{quoted(p.title)}') is open."
        case Open(proposal=p, number=n):
            return f"Proposal {n} ('{quoted(p.title)}', by {p.author.login}) is open for votes."
        case Refuse(proposal=p, number=n, reason=reason):
            name = f"Proposal {n}" if n is not None else "A proposal"
            return f"{name} ('{quoted(p.title)}', by {p.author.login}) is refused: {reason}."
        case Hold(proposal=p, reason=reason):
            return (f"The proposal '{quoted(p.title)}' by {p.author.login} cannot be put to the "
                    f"vote as it is: {reason}. It stays open, awaiting a fix.")
        case Decide(open=o, passed=passed, reason=reason):
            return f"{o.capitalized_name} ('{quoted(o.title)}') {'passed' if passed else 'failed'}: {reason}."
        case Push(open=o, head=head):
            return (f"{o.capitalized_name} ('{quoted(o.title)}') has a new version, {head[:7]}: its vote "
                    "starts again, and only votes on the new version count.")
        case Retract(open=o, reason=reason):
            return f"{o.capitalized_name} ('{quoted(o.title)}') is retracted: {reason}."
        case Deactivate(reason=reason):
            return f"A player becomes inactive: {reason}."
        case Activate(reason=reason):
            return f"A player is active again: {reason}."
        case PassTurn(from_login=a, to_login=b, reason=reason):
            return f"The turn passes from {a} to {b}: {reason}."
        case BoardTimer(reason=reason):
            return f"The Frontier's timer: {reason}."
        case Pause(reason=reason):
            return f"The game is paused: {reason}."
        case EndGame(winners=winners, reason=reason):
            return f"The game is over ({reason}): {', '.join(winners) or 'nobody'} won."
        case Command(comment=c, effect=effect, answer=answer):
            inner = f" {describe(effect)}" if effect is not None else ""
            return f"{c.author.login} wrote '{quoted(c.body.strip().splitlines()[0])}': {answer}.{inner}"
        case Act(login=login, text=text):
            # what it did, with the dice, follows from its record (`consequences`)
            return f"{login} plays {quoted(text)}."
        case Update(reason=reason):
            # the turns, with the dice, follow from its record (`consequences`)
            return f"Every player takes a turn: {reason}."
        case WorldTurn(ended=login):
            return f"The world counts {login}'s turn." if login else "The world counts turns."
        case Judging(judgment=j, reason=reason):
            return f"Judgment {j.number}: {reason}."
        case BeginTurn(login=login, reason=reason):
            return f"{login}'s turn begins: {reason}."
        case CloseJudgment(judgment=j):
            return f"Judgment {j.number} ends: {ENDED[j.steps[-1].did]}."
        case Reclose(record=r):
            name = f"Proposal {r.number}" if r.number is not None else "This proposal"
            return f"{name} was already {r.outcome.value}; closing it."
    raise TypeError(transition)


def consequences(game: Game, state: GameState, record: Record | None,
                 transition: Transition) -> str:
    """The dice, the winners and the next turn, as sentences to add to a transition."""
    parts = []
    if isinstance(record, ActionRecord):
        parts.append(record.answer)
    # a proposal rolls as it opens (seed 002 rule 103); its record keeps the dice, told once
    opened = next((o for o in state.open_proposals if isinstance(transition, Open)
                   and o.key == transition.proposal.key and o.dice), None)
    if opened is not None:
        rolls = " + ".join(str(d.result) for d in opened.dice)
        login = opened.author.login
        points = next((p.points for p in state.players if p.login == login), opened.rolled)
        parts.append(f"Dice: {login} rolls {rolls} (+{opened.rolled}, now {points} points).")
    parts += _cop_car_amended(game, state, record)
    parts += _freed_from_gulag(game, state, transition)
    parts += _offers_withdrawn(game, state, transition)
    if game.state.paused_since and not state.paused_since:
        parts.append("The pause is over: the game goes on.")
    if state.over and not game.state.over:
        parts.append(f"{', '.join(state.winners) or 'Nobody'} won the game!")
    elif state.turn != game.state.turn and state.turn and not isinstance(transition, PassTurn):
        parts.append(f"Next: {state.turn}'s turn.")
    return "".join(" " + part for part in parts)


def _freed_from_gulag(game: Game, state: GameState, transition: Transition) -> list[str]:
    """Whom a passed proposal leaving no Gulag freed at its merge (`Board.without_gulag`):
    told, or they would learn it only from the board."""
    was, now = game.state.board, state.board
    if not isinstance(transition, Decide) or was is None or now is None:
        return []
    before, kept = transition.rules_before, "gulag" in game.config.board
    kept_before = before is None or "gulag" in before.board
    if kept and kept_before:  # a Gulag all along: whoever left it, a proposal's board moved
        return []
    from ..core.board.boardfile import GULAG  # a game with a board has loaded it already
    freed = [t.login for t in was.tokens
             if t.space == GULAG and now.token(t.login).space != GULAG]
    if not freed:
        return []
    who = f"{', '.join(freed)} {'is' if len(freed) == 1 else 'are'} freed"
    if kept:  # enacted again: it holds only whom it sends there
        return [f"{who} from the Gulag, on space 1: no rule kept one before, and "
                f"{game.config.cite('gulag')} holds only those it sends there."]
    did = f" ({before.cite('gulag')} did)" if before and "gulag" in before.board else ""
    return [f"No rule in force keeps a Gulag now{did}: {who}, on space 1."]


def _offers_withdrawn(game: Game, state: GameState, transition: Transition) -> list[str]:
    """The trades a passed proposal leaving no rule to trade by withdrew at its merge."""
    was, now = game.state.board, state.board
    if not isinstance(transition, Decide) or was is None or now is None or not was.offers \
            or now.offers:
        return []
    from ..core.board.trade import TRADING  # a board with offers has loaded it already
    before = transition.rules_before
    rule = next((before.cite(key) for key in TRADING if before
                 and key in before.board), None)
    which = ", ".join(f"{o.number}: {o.offerer} to {o.to}" for o in was.offers)
    return [f"No rule in force lets players trade now{f' ({rule} did)' if rule else ''}: "
            f"{'the offer open is' if len(was.offers) == 1 else 'the offers open are'} "
            f"withdrawn ({which})."]


def _cop_car_amended(game: Game, state: GameState, record: Record | None) -> list[str]:
    """What a passed proposal changing the Cop Car's rule did to it on the board
    (`core.board.opening`)."""
    if not isinstance(record, Record) or record.opening is None or game.state.board is None \
            or state.board is None or game.state.board.cop_car == state.board.cop_car:
        return []
    car = state.board.cop_car
    if car is None:
        return ["The Cop Car leaves the board: no rule in force makes it a feature now."]
    return [f"The Cop Car is on space {car.space} with {car.health} health: "
            f"{game.config.cite('cop_car')} makes it a feature, and says it is there "
            "initially."]
