"""BoredNomic's update (seed 003 rules 7.1 and 9.1) as players read it on the game issue: a
table of each player's turn, in the order the dice drew (their roll, their square, and each
quantity the update changed, named in words), then what they may do now; every roll and
step is in the action's record."""

from __future__ import annotations

from ..core.board.actionlog import ActionRecord
from ..core.files.state import GameState
from ..core.game import Game
from .game_issue import page_link
from .quoting import quoted
from .scores_table import stat_words


def update_message(game: Game, after: GameState, record: ActionRecord, cite: str) -> str:
    """The update `record` made of `game`, leading to `after`."""
    before = game.state
    order = list(dict.fromkeys(
        login for effect in record.effects for key in ("move", "place", "hold")
        if isinstance(login := effect.get(key), str) and _player(after, login) is not None))
    order += [p.login for p in after.players if p.login not in order]
    names = sorted({name for p in (*before.players, *after.players) for name, _ in p.stats}
                   | set(game.config.starting_stats))
    changed = [name for name in names if any(
        _stat(game, before, p.login, name) != _stat(game, after, p.login, name)
        for p in after.players)]
    lines = [f"**The update** ({cite}): every player's turn, in the order the dice drew.", "",
             "| turn | player | rolled | square |" + "".join(f" {stat_words(n)} |"
                                                            for n in changed),
             "|---:|---|---:|---|" + "---:|" * len(changed)]
    for turn, login in enumerate(order, 1):
        rolled = [d.result for d in record.dice if d.purpose.startswith(f"{login}'s movement")]
        stats = [_change(_stat(game, before, login, n), _stat(game, after, login, n))
                 for n in changed]
        lines.append(f"| {turn} | {quoted(login)} | {sum(rolled) if rolled else '—'} | "
                     f"{_space(before, after, login)} |" + "".join(f" {s} |" for s in stats))
    may = [quoted(line) for line in record.answer.rstrip(".").split(". ")
           if " may /" in line or "/correct" in line or "added to the board" in line]
    if may:
        lines += ["", "What players may do now:", "", *(f"- {line}" for line in may)]
    lines += ["", f"Every roll and step: {page_link(record.path)}."]
    return "\n".join(lines)


def _player(state: GameState, login: str):
    return next((p for p in state.players if p.login == login), None)


def _stat(game: Game, state: GameState, login: str, name: str) -> int | None:
    player = _player(state, login)
    return None if player is None else player.stat(name, game.config.starting_stats)


def _space(before: GameState, after: GameState, login: str) -> str:
    spaces = [state.board.token(login).space if state.board is not None else None
              for state in (before, after)]
    return _change(*spaces)


def _change(old: object, new: object) -> str:
    shown = [f"{v:,}" if isinstance(v, int) else "—" if v is None else quoted(str(v))
             for v in (old, new)]
    return shown[1] if old == new else f"{shown[0]} → {shown[1]}"
