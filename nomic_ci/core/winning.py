"""What wins under the rules in force, and what the scoreboard counts: the quantities players
read first (`state/README.md`, `status`, the score chart), derived from the bindings, never
from a ruleset's name.

Each way to win is a binding's, and names the quantity it reads: a target of points or of
another quantity (`victory_points`, `victory_quantity`: seed 002 rule 101, Infinite Nomic's
Victory Points), an end date that the most points win (rule 107), points as the only way to
win (seed 001 rule 212), and a board game's own, which its room gives (`goals`: BoredNomic's
money, rules 19 and 11.3).
"""

from __future__ import annotations

from .files.state import Player
from .frozen import frozen
from .game import Game
from .mechanics.config import GameConfig

POINTS = "points"
# counters a decision changes as well as the board's actions (seed 003 rule 12.5's
# experience, which can raise a level): no step of the score chart says by how much
DECIDED = ("level", "experience")


@frozen
class Quantity:
    """What a player has a number of: points, or a counter of theirs (`vp`, `money`)."""

    name: str  # as the state keeps it
    dollars: bool = False  # money (seed 003 rule 4): shown as $10,000

    @property
    def label(self) -> str:
        """'points', 'VP' (rule 0's Victory Points), 'money', 'hit points'."""
        return self.name.upper() if len(self.name) <= 2 else self.name.replace("_", " ")

    def of(self, player: Player, config: GameConfig) -> int:
        return player.points if self.name == POINTS else \
            player.stat(self.name, config.starting_stats)

    def shown(self, amount: int) -> str:
        if self.dollars:
            return f"-${-amount:,}" if amount < 0 else f"${amount:,}"
        return str(amount)

    def amount(self, amount: int) -> str:
        """An amount of it in a sentence: '100 VP', '$1,000,000', '1 point'."""
        if self.dollars:
            return self.shown(amount)
        if self.name == POINTS:
            return f"{amount} point{'' if amount == 1 else 's'}"
        return f"{amount} {self.label}"


def quantity(config: GameConfig, name: str) -> Quantity:
    """The quantity of this name: money where the rules make it the money counter."""
    money = config.board.get("money")
    return Quantity(name, dollars=money is not None and money.counter == name)


@frozen
class Goal:
    """One way the rules in force make a winner: the quantity it reads, the amount that wins
    (None where the most wins at a moment, or no rule sets one), and the sentence players
    read, citing its rule."""

    quantity: Quantity
    target: int | None
    says: str


def goals(game: Game) -> tuple[Goal, ...]:
    """Every way to win under the rules in force, the first the one the scoreboard and the
    chart lead with."""
    config = game.config
    found = []
    if config.victory_points is not None:
        wins = quantity(config, config.victory_quantity)
        cited = config.cite("victory_points")
        if config.victory_quantity != POINTS and \
                config.sources.get("victory_quantity") != config.sources.get("victory_points"):
            cited += f"; {wins.label}: {config.cite('victory_quantity')}"
        found.append(Goal(wins, config.victory_points,
                          f"the first to {wins.amount(config.victory_points)} wins ({cited})"))
    elif config.wins_by == POINTS:
        found.append(Goal(Quantity(POINTS), None,
                          f"only points can win ({config.cite('wins_by')}), and no rule in "
                          "force says how many yet"))
    if config.ends_at is not None:
        found.append(Goal(Quantity(POINTS), None, f"the game ends on "
                          f"{config.ends_at:%Y-%m-%d %H:%M} UTC and the most points win "
                          f"({config.cite('ends_at')})"))
    if config.board:  # a board game's own ways (core/board/rooms.py): (counter, target, says)
        from .board.rooms import goals as board_goals
        found += [Goal(quantity(config, name), target, says)
                  for name, target, says in board_goals(game)]
    return tuple(found)


def limits(config: GameConfig) -> list[str]:
    """What the rules say of the winners besides how they win."""
    if config.max_winners is None:
        return []
    most = config.max_winners
    return [f"no more than {most} player{'s win' if most > 1 else ' wins'} "
            f"({config.cite('max_winners')})"]


def points_count(game: Game) -> bool:
    """Whether points are part of the game: a rule gives them (a start, a roll, votes) or a
    way to win reads them, or a player has some. BoredNomic's players have money instead."""
    config = game.config
    return any(key in config.sources for key in ("starting_points", "turn_roll",
                                                 "proposer_gains")) \
        or any(g.quantity.name == POINTS for g in goals(game)) \
        or any(p.points for p in game.state.players)


def counted(game: Game) -> tuple[Quantity, ...]:
    """The scoreboard's quantities, in order: what wins first, then points where they count,
    then every counter the players start with."""
    config = game.config
    names = [g.quantity.name for g in goals(game)]
    names += [POINTS] if points_count(game) else []
    names += list(config.starting_stats)
    return tuple(quantity(config, name) for name in dict.fromkeys(names))


def charted(game: Game) -> Quantity | None:
    """The quantity the score chart follows: what wins (points where nothing does yet), if
    every change to it is a step the records name; None where nothing is worth charting."""
    found = goals(game)
    wins = found[0].quantity if found else (Quantity(POINTS) if points_count(game) else None)
    if wins is None or (game.config.experience is not None and wins.name in DECIDED):
        return None
    return wins
