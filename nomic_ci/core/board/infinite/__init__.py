"""Infinite Nomic round 7's ring (seeds 000 and 004): a ring of spaces, a die to move around
it, and the features and tiles a player lands on. Its room gives the engine (core/board/
rooms.py) the players' commands, what a turn's end does on the board, its timers, and why a
turn may not pass yet.

| module | rules |
|---|---|
| `movement`, `landing`, `features` | 7: moving; 11: what landing sets off, in order |
| `fives`, `fate`, `frontier`, `jail`, `gulag` | 8: points and tiles |
| `unlucky` | seed 000's rule 9: the Unlucky Space |
| `copcar`, `shop`, `bank`, `houses` | 11: features |
| `looping` | 13 |
| `commerce` | 16: buying, and trades between players |
| `snakes` | 20: Snakes and Ladders |
| `events` | 4: the events a proposal states |
| `turn_end` | what a turn's end and its timers do on the board |
| `infinite_commands` | the players' commands |
"""

from __future__ import annotations


def commands():
    from .infinite_commands import COMMANDS
    return COMMANDS


# what is had or done off the spaces: trades of points and items (rule 16)
OFF_THE_RING = ("commerce", "trades")


def unplayable(config) -> list[str]:
    """Features, tiles and moves with no spaces: a proposal taking `ring` out of rule 5 and
    leaving what is played on its spaces (the die's move, the Frontier, the Jail, the Cop
    Car...) would leave every /roll and every turn's end with no board."""
    from ..games import GAMES
    if "ring" in config.board:
        return []
    mine = next(game for game in GAMES if game.room == "infinite").kinds
    left = [key for key in mine if key in config.board and key not in OFF_THE_RING]
    return [f"it would leave {', '.join(left)} (played on the board's spaces) with no board "
            "to play on: keep the 'ring' binding (rule 5), or take those out with it"] \
        if left else []


def refusal(game, login: str, name: str) -> str | None:
    """A player in the Gulag takes no turns until they /rejoin (rule 8); a roll on the
    Frontier is explored before its roller does anything else."""
    from . import frontier
    state = game.state
    if name != "rejoin" and state.board is not None \
            and state.board.in_gulag(login, game.config.board):
        return f"{login} is in the Gulag and takes no turns until they /rejoin " \
               f"({game.config.cite('gulag')})"
    if name != "explore" and state.turn == login and frontier.waiting(game) is not None:
        return (f"{login} rolled on the {frontier.NAME} and explores first: /explore (rule "
                f"8's steps follow the roll with no intervening actions, "
                f"{game.config.cite('frontier')})")
    return None


def after_command(play, login: str) -> None:
    """A turn in which its player gave a command is not a missed one (rule 8's Gulag)."""
    from .gulag import acted
    if play.state.turn == login:
        acted(play, login)


def turn_ends(game, at, dice, login: str, by_player: bool):
    from .turn_end import turn_ends
    return turn_ends(game, at, dice, login, by_player)


def timers(game):
    from .turn_end import timers
    return timers(game)


def carry(game, transition, dice):
    """The Frontier opening to every player (rule 8)."""
    from ...transitions import BoardTimer
    from .turn_end import frontier_opens
    return frontier_opens(game, transition.at, dice, transition) \
        if isinstance(transition, BoardTimer) else None


def holds_turn(game) -> str | None:
    from .frontier import holds_turn
    return holds_turn(game)


def holdings(config) -> tuple[str, ...]:
    """Items (rule 11's Shop and Houses, rule 16's trades), Numbers (rules 8 and 13), the
    bank account and the Houses built (rule 11), where the rules give them."""
    board = config.board
    looping = board.get("looping")
    given = {"items": any(key in board for key in ("shop", "houses", "trades")),
             "numbers": "master_of_your_fate" in board or (
                 looping is not None and looping.numbers_up_to is not None),
             "account": "bank" in board, "houses": "houses" in board}
    return tuple(kind for kind, gives in given.items() if gives)
