"""The game as a value: its rules, the configuration they make, its state and its history."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from .board.actionlog import ActionRecord, load_actions
from .board.boardfile import check_board
from .files.records import Record, load_records
from .files.rulefiles import Rule, parse_rules
from .files.state import GameState, Player, read_state
from .mechanics.config import GameConfig, derive_config


@dataclass(frozen=True)
class Game:
    rules: tuple[Rule, ...]
    config: GameConfig
    state: GameState
    records: tuple[Record, ...]
    actions: tuple[ActionRecord, ...] = ()  # the players' board actions (core/board/)
    files: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), repr=False,
                                     compare=False)  # what it was read from, to judge changes

    def record_for(self, key: str) -> Record | None:
        return next((r for r in self.records if r.key == key), None)

    @property
    def eligible_voters(self) -> tuple[Player, ...]:
        if self.config.eligible_voters == "active-players":
            return tuple(p for p in self.state.players if p.active)
        return self.state.players if self.config.eligible_voters == "all-players" else ()


def load_game(files: Mapping[str, str]) -> Game:
    """The game in these files (path -> text); every problem is a GameError naming its file."""
    rules = parse_rules(files)
    config, state = derive_config(rules), read_state(files)
    check_board(config.board, state.board)
    return Game(rules, config, state, load_records(files), load_actions(files),
                MappingProxyType(dict(files)))
