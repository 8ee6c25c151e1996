"""The scores as players read them in a notice or on the game issue: one row a player, in
turn order, with the quantities the state keeps for them (points and the rules' starting
stats: money, level, experience...), named in words.

This is the one place the game issue shows scores; what wins in a ruleset is shown here
too once the engine says which quantity it reads.
"""

from __future__ import annotations

from ..core.game import Game
from .quoting import quoted

# a stat's name in the state, as players say it (the rest: underscores as spaces)
WORDS = {"propositions_in_reserve": "proposals in reserve", "hit_points": "hit points"}


def stat_words(name: str) -> str:
    """`propositions_in_reserve` → 'proposals in reserve': no field name reaches a player."""
    return WORDS.get(name, name.replace("_", " "))


def victory(game: Game) -> str | None:
    """What wins, as the rules in force say it, if they say it."""
    config, goals = game.config, []
    if config.victory_points:
        quantity = "points" if config.victory_quantity == "points" else \
            f"{stat_words(config.victory_quantity)} ({config.cite('victory_quantity')})"
        goals.append(f"the first to {config.victory_points:,} {quantity} wins")
    if config.ends_at:
        goals.append(f"the game ends on {config.ends_at:%Y-%m-%d %H:%M} UTC and the highest "
                     "score wins")
    said = "; ".join(goals)
    return said[:1].upper() + said[1:] + "." if goals else None


def scores_table(game: Game) -> list[str]:
    """The scores as a Markdown table, the player whose turn it is marked."""
    state, config = game.state, game.config
    stats = list(config.starting_stats)
    lines = ["| player | points |" + "".join(f" {stat_words(s)} |" for s in stats),
             "|---|---:|" + "---:|" * len(stats)]
    for player in state.players:
        marks = " ◀ turn" if player.login == state.turn and not state.over else ""
        marks += " 🏆" if player.login in state.winners else ""
        marks += "" if player.active else " (inactive)"
        lines.append(f"| {quoted(player.login)}{marks} | {player.points:,} |" + "".join(
            f" {_number(player.stat(s, config.starting_stats))} |" for s in stats))
    return lines


def _number(value: object) -> str:
    return f"{value:,}" if isinstance(value, int) else quoted(str(value))
