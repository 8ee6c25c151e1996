"""Helpers for the Suber world's unit tests (seed 001, rules 302-308): a game of the
suber-initial-set ruleset in a given position, and a Play on it with scripted dice."""

from __future__ import annotations

from dataclasses import replace

from nomic_ci.core.board.boardfile import Board, Token
from nomic_ci.core.board.primitives import Play
from nomic_ci.core.board.worldfile import Settler, World
from nomic_ci.core.game import load_game

from builders import T0, ScriptedDice, make_files


def suber_game(*tokens: Token, settlers: tuple[Settler, ...] = (), turn: str = "alice",
               rules=None):
    """alice, bob and carol, with these tokens (anyone else in the City) and settlers, on
    `turn`'s turn; `rules` edits rule files first ({path: function of the text})."""
    files = make_files(ruleset="suber-initial-set")
    for path, edit in (rules or {}).items():
        files[path] = edit(files[path])
    game = load_game(files)
    placed = {t.login for t in tokens}
    every = tokens + tuple(Token(p.login, "City") for p in game.state.players
                           if p.login not in placed)
    world = World((turn, T0), tuple(sorted(settlers, key=lambda s: s.login)))
    board = Board(tokens=tuple(sorted(every, key=lambda t: t.login)), world=world)
    return replace(game, state=replace(game.state, board=board, turn=turn, turn_started=T0))


def play(game, login: str = "alice", *rolls: int) -> Play:
    return Play(game, T0, ScriptedDice(*rolls), 1, 1, login)


def holding(login: str, place: str, **goods: int) -> Token:
    """A token in `place` holding these goods (stock_options for 'stock options')."""
    return Token(login, place, tuple(sorted((k.replace("_", " "), v) for k, v in goods.items())))
