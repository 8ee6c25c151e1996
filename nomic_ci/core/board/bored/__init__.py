"""BoredNomic (seed 003): money, hit points and levels, the snake-wise grid, the weekly turns
at each update, Go, property, hens, the Arena and the Inquisition, on a ring of numbered
squares (core/board/ring.py). Its room gives the engine (core/board/rooms.py) the players'
and the Admin's commands, the updates and the end by money as they come due, and how a
player stands.

| module | rules |
|---|---|
| `money` | 4, 11.3, 19: money, bankruptcy, winning by money |
| `vitals` | 12: level, experience, hit points |
| `grid` | 6: the squares' rows and colours |
| `updates`, `update_play` | 7.1, 9.1: every player's turn at each update |
| `go`, `deeds`, `hens`, `arena`, `inquisition` | 13, 16, 14, 17, 20 |
| `reserves` | 15: PropositionsInReserve and VotesInReserve |
| `ledger` | `verify`'s sums of every counter |
| `bored_commands` | the commands |
"""

from __future__ import annotations


def commands():
    from .bored_commands import COMMANDS
    return COMMANDS


def timers(game):
    """The game's end by money (rules 11.3 and 19), due as soon as someone wins it; the next
    update, when every player takes a turn (rule 9.1)."""
    from ...transitions import EndGame, Update
    from .money import winners
    from .updates import next_update
    found = winners(game)
    if found is not None:
        yield game.state.last_change, EndGame(game.state.last_change, *found)
    at = next_update(game)
    if at is not None:
        yield at, Update(at, f"the update ({game.config.cite('update_turns')})")


def carry(game, transition, dice):
    from ...transitions import Update
    from .update_play import play_update
    return play_update(game, transition.at, dice) if isinstance(transition, Update) else None


def standing(view, login: str) -> str | None:
    """A player's money, level, experience and hit points; the Admin is no player."""
    if "money" not in view.config.board:
        return None
    if not any(p.login == login for p in view.state.players):
        return f"{login} is the Admin"
    from .bored_commands import standing
    return standing(view, login)


def goals(game):
    """Winning by money (rules 19 and 11.3)."""
    from .money import goals
    return goals(game)


# what is played on the squares of the ring (rules 6, 7, 13, 16, 17, 20)
SQUARED = ("update_turns", "grid", "go", "property", "arena", "ticket", "inquisition")
# what is priced or paid in money (rules 12-17, 20): a game binding any of them has a currency
PRICED = ("hens", "ticket", "property", "hit_points", "level_reset", "go", "arena",
          "inquisition")


def unplayable(config) -> list[str]:
    """Squares with no board, prices with no currency: a proposal taking `ring` out of rule 6,
    or `money` out of rule 4, and leaving what moves on the squares or costs or pays money,
    would leave every update, purchase, sale and payment with nothing to count on."""
    board, found = config.board, []
    squared = [key for key in SQUARED if key in board]
    if "ring" not in board and squared:
        found.append(f"it would leave {', '.join(squared)} (played on the squares) with no "
                     "board to play on: keep the 'ring' binding (rule 6), or take those out "
                     "with it")
    priced = [key for key in PRICED if key in board]
    if "money" not in board and priced:
        found.append(f"it would leave {', '.join(priced)} (priced or paid in money) with no "
                     "rule binding money, the currency they are counted in: keep the 'money' "
                     "binding (rule 4), or take those out with it")
    return found


def holdings(config) -> tuple[str, ...]:
    """Items (rules 5, 14, 17, 20) and squares (rule 16), where the rules give them."""
    board = config.board
    items = any(key in board for key in ("hens", "arena", "ticket", "inquisition"))
    return ("items",) * items + ("squares",) * ("property" in board)
