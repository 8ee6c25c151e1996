"""Applying a transition: the state it leads to and, for a decided proposal, its record."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Mapping

from .dice import Dice, roll_inputs
from .errors import GameError
from .facts import Account
from .board.actionlog import ActionRecord
from .files.records import DieRoll, Outcome, Record
from .files import PLAYERS
from .files.state import MAX_REASON, AwaitingFix, GameState, OpenProposal, Player
from .game import Game
from .mechanics.config import GameConfig
from .mechanics.progress import level_up
from .board.actions import carry_out
from .board.playing import rolled as rolled_so_far
from .board.boardfile import BOARD, dump_board
from .board import rooms
from .files.judgments import Judgment
from .players.judgment import hold
from .transitions import (Act, Activate, BeginTurn, BoardTimer, CloseJudgment, Command,
                          Deactivate, Decide, EndGame, Hold, Judging, Open, PassTurn, Pause, Push,
                          Reclose, Refuse, Retract, Transition, Update, WorldTurn)
from .scores import unexplained
from .turns import check_victory, next_player, pass_turn_after


def apply(game: Game, transition: Transition,
          dice: Dice) -> tuple[GameState, Record | ActionRecord | Judgment | None]:
    """The state after `transition` and the record it makes, if any.

    For a passed proposal, `game` is the game as it stands after the merge, so
    the new rules and any change the proposal made to the state are in it. While Judgment
    is pending, a turn that would begin without the consent it needs waits (rule 211).
    """
    state, record = _applied(game, transition, dice)
    return hold(game, state, transition.at), record


def _applied(game: Game, transition: Transition,
             dice: Dice) -> tuple[GameState, Record | ActionRecord | Judgment | None]:
    state = replace(game.state, last_change=max(game.state.last_change, transition.at))
    match transition:
        case Open(at, proposal, number):
            author = state.player(proposal.author)
            # seed 002 rule 103: the turn's die is rolled as the proposal is made, before
            # its vote, and added at once: the roll may win the game then and there
            rolls = _turn_roll(game, state, number, dice) if author is not None and \
                number is not None else ()
            opened = OpenProposal(number, proposal.key, proposal.title,
                                  author.account if author else proposal.author, at,
                                  proposal.head, at,
                                  join=author is None and not state.is_admin(proposal.author),
                                  description_hash=proposal.description_hash, dice=rolls)
            if rolls:
                state = state.with_player(replace(author, points=author.points + opened.rolled))
            if author is not None and "reserves" in game.config.board:
                from .board.bored.reserves import proposal_opened  # BoredNomic's (seed 003)
                state = proposal_opened(state, game.config, author.login, at)  # rule 15
            state = replace(state, open_proposals=state.open_proposals + (opened,),
                            awaiting_fix=_unawaited(state, proposal.key),
                            next_proposal=state.next_proposal if number is None else number + 1)
            return check_victory(state, game.config, at), None
        case Hold(at, proposal, reason):
            earlier = next((a for a in state.awaiting_fix if a.key == proposal.key), None)
            kept = reason if len(reason) <= MAX_REASON else reason[:MAX_REASON] + "…"
            held = AwaitingFix(proposal.key, proposal.title, proposal.author, proposal.head,
                               earlier.since if earlier else at, kept)
            return replace(state, awaiting_fix=_unawaited(state, proposal.key) + (held,)), None
        case Refuse(at, proposal, number, reason, was_open):
            if was_open is None and number is not None:
                state = replace(state, next_proposal=number + 1)
            state = _without(state, proposal.key)
            if was_open is not None and not was_open.join:  # its turn ends with it
                state = pass_turn_after(state, game.config, at, was_open.author.login)
            return state, Record(number, proposal.key, proposal.title, proposal.author,
                                 Outcome.REFUSED, reason, opened=proposal.proposed_at, decided=at,
                                 head=proposal.head, **_its_roll(was_open))
        case Push(at, open_, head):
            pushed = replace(open_, head=head, head_since=at, restarts=open_.restarts + 1,
                             replaced=open_.replaced + ((open_.head, at),))
            return replace(state, open_proposals=tuple(pushed if o.key == open_.key else o
                                                       for o in state.open_proposals)), None
        case Retract(at, open_, reason, _):
            state = pass_turn_after(_without(state, open_.key), game.config, at,
                                    open_.author.login)
            return state, Record(open_.number, open_.key, open_.title, open_.author,
                                 Outcome.RETRACTED, reason, opened=open_.opened, decided=at,
                                 turn_to=state.turn, **_its_roll(open_))
        case Decide():
            return _decide(game, state, transition, dice)
        case Deactivate(at, login, _):
            player = next(p for p in state.players if p.login == login)
            state = state.with_player(replace(player, inactive_since=at))
            if state.turn == login:  # an inactive player's turn ends at once
                state = replace(state, turn=next_player(state, game.config, login),
                                turn_started=at)
            return state, None
        case Activate(_, login, _):
            player = next(p for p in state.players if p.login == login)
            return state.with_player(replace(player, inactive_since=None)), None
        case PassTurn(at, from_login, to_login, _, by_player):
            # the board's part first: what the ending turn leaves undone (rule 11's Cop Car)
            state, action = rooms.turn_ends(replace(game, state=state), at, dice, from_login,
                                            by_player)
            return replace(state, turn=to_login, turn_started=at), action
        case Act(at, login, text, comment_id):
            return carry_out(replace(game, state=state), at, dice, login, text, comment_id)
        case BoardTimer() | Update() | WorldTurn():  # a board game's timer: its room's
            return rooms.carry(replace(game, state=state), transition, dice)
        case Pause(at, _):
            return replace(state, paused_since=at), None
        case EndGame(at, winners, _):
            return replace(state, winners=winners, ended_at=at, turn=None), None
        case Reclose():
            return game.state, None
        case Judging(_, judgment, _):
            return replace(state, judgment=judgment), None
        case BeginTurn(at, login, _, judgment):  # even where it is the same player's again
            return replace(state, turn=login, turn_started=at, judgment=None), judgment
        case CloseJudgment(_, judgment):
            return replace(state, judgment=None), judgment
        case Command(_, comment, effect, _, listed_from):
            record = None
            if effect is not None:
                state, record = apply(replace(game, state=state), effect, dice)
            kept = tuple((i, at) for i, at in state.handled_comments
                         if listed_from is None or at >= listed_from)
            return replace(state, handled_comments=tuple(sorted(
                kept + ((comment.id, comment.at),)))), record
    raise TypeError(transition)


def _decide(game: Game, state: GameState, decision: Decide,
            dice: Dice) -> tuple[GameState, Record]:
    config, open_ = game.config, decision.open
    outcome = Outcome.PASSED if decision.passed else Outcome.FAILED
    record = Record(open_.number, open_.key, open_.title, open_.author, outcome, decision.reason,
                    opened=open_.opened, decided=decision.at, head=decision.proposal.head,
                    threshold=decision.threshold, counted=decision.tally.counted,
                    left_out=decision.tally.left_out)
    if open_.join:  # not a turn: no dice, and the turn stays where it is
        state = _without(state, open_.key)
        if decision.passed:
            state = _seat(state, config, open_.author)
        return state, record
    # `game` is after the merge: what its own change to the players' file did to the scores
    # is the part of them that nothing recorded explains yet
    stated = unexplained(game) if decision.passed and any(
        PLAYERS in (c.path, c.previous_path) for c in decision.proposal.changes) else {}
    began, before = {}, decision.rules_before if decision.passed else None
    if before is not None and before.starting_points != config.starting_points:
        # a new start is for whoever begins under it (rule 102): who plays keeps the points
        # they have, and began with the start before (what `unexplained` saw was that)
        began = {p.login: before.starting_points - config.starting_points
                 for p in state.players}
        stated = {login: delta - began.get(login, 0) for login, delta in stated.items()
                  if delta != began.get(login, 0)}
    points = dict(_its_roll(open_).get("points", {}))  # rolled, and added, as it opened
    proposer = state.player(open_.author)
    if "reserves" in config.board:  # seed 003 rule 15.2: whose vote counted this week
        from .board.bored.reserves import note_voters  # BoredNomic's
        state = note_voters(state, config, [b.login for b in decision.tally.counted],
                            decision.at)
    experience = _experience(state, config, decision) if decision.passed else {}
    for login, gained in experience.items():
        player = next(p for p in state.players if p.login == login)
        level, exp = level_up(player.stat("level", config.starting_stats),
                              player.stat("experience", config.starting_stats) + gained)
        state = state.with_player(player.with_stats(level=level, experience=exp))
    # a player in the Gulag neither gains nor loses points (Infinite Nomic's rule 8)
    in_gulag = state.board is not None and proposer is not None \
        and state.board.in_gulag(proposer.login, config.board)
    if config.proposer_gains == "net-votes" and decision.passed and proposer is not None \
            and not in_gulag:
        gained = decision.tally.yes - decision.tally.no
        points[proposer.login] = points.get(proposer.login, 0) + gained
        proposer = state.player(open_.author)
        state = state.with_player(replace(proposer, points=proposer.points + gained))
    board = state.board
    if decision.passed and board is not None and ("gulag" not in config.board or (
            before is not None and "gulag" not in before.board)):
        # no rule in force keeps a Gulag: whoever it held is freed with the merge, not left
        # shut out of everything with no /rejoin to leave by (seed 004 rule 8 repealed);
        # and one enacted again holds no one left in it while no rule kept one
        state = replace(state, board=board.without_gulag())
    if decision.passed and state.board is not None and state.board.offers:
        from .board.trade import TRADING  # a game with a board has loaded it already
        if not any(key in config.board for key in TRADING):
            # no rule lets anyone trade, nor /accept or /decline: an offer kept would be kept
            # for good, so the merge withdraws it
            state = replace(state, board=replace(state.board, offers=()))
    if decision.passed and state.board is not None and (state.board is not board or any(
            BOARD in (c.path, c.previous_path) for c in decision.proposal.changes)):
        # the board as the proposal left it: its stated events (rule 4), a Gulag's freed,
        # offers withdrawn
        record = replace(record, board=dump_board(state.board))
    if before is not None and state.board is not None:
        from .board.opening import amended, dump_opening, opening  # for a game with a board
        was, now = opening(before.board), opening(config.board)
        if was != now:  # the rules before, for verify's replay, and the board in line
            record = replace(record, opening=MappingProxyType(dump_opening(was)))
            state = replace(state, board=amended(state.board, was, now))
    state = _without(state, open_.key)
    if decision.passed and state.paused_since and state.is_admin(open_.author):
        state = replace(state, paused_since=None)  # seed 003 rule 10.2: the game goes on
    state = check_victory(state, config, decision.at)
    state = pass_turn_after(state, config, decision.at, open_.author.login)
    return state, replace(record, rules=decision.rules, dice=open_.dice,
                          points=MappingProxyType(points), turn_to=state.turn,
                          experience=MappingProxyType(dict(experience)),
                          points_stated=MappingProxyType(stated),
                          points_began=MappingProxyType(began))


def _its_roll(open_: OpenProposal | None) -> dict:
    """What a proposal rolled as it opened, for its record: the dice and the points."""
    if open_ is None or not open_.dice:
        return {}
    return {"dice": open_.dice, "points": MappingProxyType({open_.author.login: open_.rolled})}


def _turn_roll(game: Game, state: GameState, number: int, dice: Dice) -> tuple[DieRoll, ...]:
    """The proposer's dice for proposal `number` as it opens (seed 002 rule 103), if the
    rules roll."""
    config = game.config
    if config.turn_roll is None:
        return ()
    secret = state.dice_secret
    if (secret.commitment if secret else None) != dice.commitment:
        # the engine settles its dice with the state before anything is decided
        raise GameError("the dice are not the ones this game is committed to",
                        hint="run the engine again: it commits to its dice before it rolls")
    rolled = rolled_so_far(replace(game, state=state))
    rolls = []
    for die in range(config.turn_roll.count):
        # the game's n-th roll: only a proposal put to the vote rolls, and its turn ends with
        # it however it ends, so neither a refused proposal nor a withdrawn one re-rolls
        inputs = roll_inputs(state.dice_seed, rolled + die + 1, number)
        rolls.append(DieRoll(f"{config.cite('turn_roll')}: {config.turn_roll} added to the "
                             f"proposer's score", config.turn_roll.sides,
                             dice.roll(config.turn_roll.sides, inputs), MappingProxyType(inputs),
                             dice.method, dice.commitment))
    return tuple(rolls)


def _experience(state: GameState, config: GameConfig, decision: Decide) -> Mapping[str, int]:
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


def _seat(state: GameState, config: GameConfig, account: Account) -> GameState:
    """A new player joins just before the player whose turn it is (seed 001 rule 201), or
    at the end of the list. The engine writes them in, rather than merging the request, so
    changes to the players file during the request's window cannot conflict with it."""
    player = Player(account.login, account.id, config.starting_points)
    logins = [p.login for p in state.players]
    at = logins.index(state.turn) if state.turn in logins else len(logins)
    return replace(state, players=state.players[:at] + (player,) + state.players[at:])


def _without(state: GameState, key: str) -> GameState:
    """The state without the proposal `key`, in its vote or awaiting a fix."""
    return replace(state, open_proposals=tuple(o for o in state.open_proposals if o.key != key),
                   awaiting_fix=_unawaited(state, key))


def _unawaited(state: GameState, key: str) -> tuple[AwaitingFix, ...]:
    return tuple(a for a in state.awaiting_fix if a.key != key)
