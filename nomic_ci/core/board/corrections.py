"""An admin's correction of the board (`nomic-ci adjust --board FILE`): the whole board as
they set it, checked as the game it leaves before it is recorded with who and why
(`proposals/adjustments.yaml`), so `verify` replays the actions up to it and on from it."""

from __future__ import annotations

from ..errors import GameError
from ..game import Game
from .boardfile import BOARD, check_board, dump_board, header_of, read_board


def corrected(game: Game, text: str, source: str) -> str:
    """The board in `text` (read from `source`) as `state/board.yaml` will hold it; a
    GameError naming `source` if it is no board, or one this game cannot have."""
    if game.state.board is None:
        raise GameError("this game has no board to correct",
                        hint="adjust --board is for games whose rules bind a ring of spaces")
    try:
        board = read_board(text)
        check_board(game.config.board, board)
    except GameError as error:
        raise GameError(error.message, path=source, line=error.line,
                        hint=error.hint or "start from a copy of state/board.yaml") from None
    players = {p.login for p in game.state.players}
    strangers = sorted({t.login for t in board.tokens} - players)
    if strangers:
        raise GameError(f"{', '.join(strangers)} has a token but is no player", path=source,
                        hint="a token belongs to a player in state/players.yaml: fix the login")
    if board == game.state.board:
        raise GameError("the board is as it already stands: there is nothing to correct",
                        path=source, hint="edit a copy of state/board.yaml, then give it")
    return dump_board(board, tuple(p.login for p in game.state.players),
                      header_of(game.files.get(BOARD)))
