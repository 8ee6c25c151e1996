"""Turns and winners: who plays next, when a turn ends with its proposal, who has won."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from .files.state import GameState, Player
from .mechanics.config import GameConfig


def next_player(state: GameState, config: GameConfig, login: str) -> str:
    """The next player down the list whose turn is not skipped: inactive, or held in a Gulag
    by the rules in force (`config`)."""
    players = list(state.players)
    start = next((i for i, p in enumerate(players) if p.login == login), -1)
    order = players[start + 1:] + players[:start + 1]
    board = state.board
    return next((p.login for p in order if p.active and not (
        board is not None and board.in_gulag(p.login, config.board))), order[0].login)


def handed_on(state: GameState, players: tuple[Player, ...], at: datetime) -> GameState:
    """The state with the turn handed on at `at` where `players`, the list a passing proposal
    leaves, drops the player whose turn it is (seed 002 rule 106: the list is the turn
    order): to the next player after them, in the order they played, whom the list keeps.
    Their turn was the proposal's and ends with its vote (rule 103); the list it leaves has
    no place for it. Else the state as it is."""
    kept = {p.login.lower(): p.login for p in players}
    if state.turn is None or state.turn.lower() in kept:
        return state
    order = [p.login for p in state.players]
    start = next((i for i, login in enumerate(order) if login == state.turn), len(order))
    heir = next((kept[login.lower()] for login in order[start + 1:] + order[:start]
                 if login.lower() in kept), None)
    return replace(state, turn=heir, turn_started=at)


def pass_turn_after(state: GameState, config: GameConfig, at: datetime,
                    proposer: str) -> GameState:
    """The turn after a proposal's end, where a proposal is the turn (one-a-turn), if the
    turn is still its proposer's. If it passed already (its proposer went inactive), its
    player could not propose while this vote went on: their time to propose starts now."""
    if state.over or not config.turn_order or not state.players \
            or config.proposing != "one-a-turn":
        return state
    if state.turn and state.turn != proposer:
        if any(not o.join for o in state.open_proposals):
            return state  # still another vote to wait for
        return _restarted(state, at)
    current = state.turn or state.players[-1].login
    return replace(state, turn=next_player(state, config, current), turn_started=at)


def _restarted(state: GameState, at: datetime) -> GameState:
    """The turn starts again at `at`: the same turn, not a new one (no one's turn was
    skipped, and it has not ended), so a board's world that counted it begun counts it
    begun at `at` (seed 001's world, core/board/suber/world_turns.py)."""
    board = state.board
    if board is not None and board.world.turn == (state.turn, state.turn_started):
        board = replace(board, world=replace(board.world, turn=(state.turn, at)))
    return replace(state, turn_started=at, board=board)


def leaders(state: GameState, config: GameConfig) -> tuple[str, ...]:
    """Who wins when the game ends now: the highest score, no more winners than allowed."""
    if not state.players:
        return ()
    best = max(p.points for p in state.players)
    return at_most(config, tuple(p for p in state.players if p.points == best))


def at_most(config: GameConfig, winners: tuple[Player, ...]) -> tuple[str, ...]:
    """The winners, no more than the rules allow: the most points first, then turn order."""
    ranked = sorted(winners, key=lambda p: -p.points)  # sorted() keeps the turn order of ties
    return tuple(p.login for p in ranked[:config.max_winners or len(ranked)])


def score(player: Player, config: GameConfig) -> int:
    """The quantity victory counts (rule 0 of Infinite Nomic: Victory Points, not points)."""
    if config.victory_quantity == "points":
        return player.points
    return player.stat(config.victory_quantity, config.starting_stats)


def check_victory(state: GameState, config: GameConfig, at: datetime) -> GameState:
    """The game ends, at `at`, when someone has reached the victory points."""
    if config.victory_points is None or state.over:
        return state
    winners = at_most(config, tuple(p for p in state.players
                                    if score(p, config) >= config.victory_points))
    if winners:
        return replace(state, winners=winners, ended_at=at, turn=None)
    return state
