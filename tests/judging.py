"""Helpers for Judgment's unit tests (seed 001 rule 211): a game of Suber's initial set with
a Judgment pending, and its steps."""

from __future__ import annotations

from dataclasses import replace

from nomic_ci.core.files.judgments import Judgment, Step
from nomic_ci.core.game import Game, load_game

from builders import HOUR, T0, make_files

PLAYERS = ("alice", "bob", "carol", "dave")


def suber(players: str = ",".join(PLAYERS), admin: str | None = None, rules=None) -> Game:
    """A new game of Suber's initial set; `rules` edits rule files ({path: function})."""
    files = make_files(players, ruleset="suber-initial-set", admin=admin)
    for path, edit in (rules or {}).items():
        files[path] = edit(files[path])
    return load_game(files)


def invoked(game: Game | None = None, *steps: Step, by: str = "bob",
            judge: str = "dave") -> Game:
    """`game` (four players, alice moving) with Judgment 1 pending: invoked by `by` an hour in,
    and these steps since."""
    game = game or suber()
    state = game.state
    order = tuple(p.login for p in state.players)
    judgment = Judgment(1, "Is proposal 301 legal?", by, T0 + HOUR, state.turn, judge,
                        game.config.judgment.judge, order,
                        tuple(p.login for p in state.players if p.active), on="7", comment=1)
    for step in steps:
        judgment = judgment.then(step)
    at = max((s.at for s in steps), default=T0 + HOUR)
    return replace(game, state=replace(state, judgment=judgment, last_change=at))


def at(hours: float):
    return T0 + hours * HOUR


def rule_211(**changes):
    """Rule 211 with its binding's values changed."""
    def edit(text):
        for key, value in changes.items():
            text = text.replace(f"    {key}: ", f"    {key}: {value}\n    #was ", 1)
        return text
    return {"rules/211-judgment.md": edit}
