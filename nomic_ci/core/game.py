"""The game as a value: its rules, the configuration they make, its state and its history."""

from __future__ import annotations

from dataclasses import field, replace
from typing import Mapping

from .board.actionindex import ActionLog, read_actions
from .board.actionlog import ActionRecord, dump_action
from .board.games import games_in_force
from .errors import GameError
from .files import BOARD
from .files.gamefiles import GameFiles, game_files
from .files.history import History, RecordSummary, read_history, summary_of
from .files.judgments import Judgment, dump_judgment
from .files.records import Record, dump_record, load_record
from .files.rulefiles import Rule, parse_rules
from .files.state import GameState, Player
from .files.statefile import read_state
from .frozen import frozen
from .mechanics.config import GameConfig, derive_config


@frozen
class Game:
    """A game as `load_game` reads it from its files; `after` gives the game after a transition."""

    rules: tuple[Rule, ...]
    config: GameConfig
    state: GameState
    records: History  # in the order decided, read from its index as far as needed
    files: GameFiles = field(default_factory=lambda: GameFiles({}), repr=False,
                             compare=False)  # what it was read from, to judge changes
    # the players' board actions (core/board/), read from their index as far as needed
    actions: ActionLog = field(default_factory=lambda: ActionLog([]))

    def record_for(self, key: str) -> RecordSummary | None:
        return self.records.find(key)

    def after(self, state: GameState, record: Record | ActionRecord | Judgment | None) -> "Game":
        """The game with a transition's new state and the record it made, if any (among its
        files too, as the engine will write it)."""
        if record is None:
            return replace(self, state=state)
        files = self.files.changed({record.path: record_text(record)})
        if isinstance(record, ActionRecord):
            return replace(self, state=state, actions=self.actions.added(record), files=files)
        if isinstance(record, Judgment):  # an ended Judgment (seed 001 rule 211)
            return replace(self, state=state, files=files)
        return replace(self, state=state, records=self.records.added(summary_of(record)),
                       files=files)

    def full_record(self, summary: RecordSummary) -> Record:
        """The whole record, ballots and dice: read from its file, which only this reads."""
        return load_record(summary.path, self.files[summary.path])

    @property
    def rolls_dice(self) -> bool:
        """Whether the game rolls dice, or has: the turn's die of a proposal, a board game's
        moves (each of its rooms rolls), or any roll already made."""
        return self.config.turn_roll is not None or bool(games_in_force(self.config.board)) \
            or self.actions.dice() > 0 or self.records.dice() > 0  # (from the totals)

    @property
    def eligible_voters(self) -> tuple[Player, ...]:
        if self.config.eligible_voters == "active-players":
            return tuple(p for p in self.state.players if p.active)
        return self.state.players if self.config.eligible_voters == "all-players" else ()


def record_text(record: Record | ActionRecord | Judgment) -> str:
    """A record's file, as the engine writes it."""
    if isinstance(record, ActionRecord):
        return dump_action(record)
    if isinstance(record, Judgment):
        return dump_judgment(record)
    return dump_record(record)


def _no_board(config: GameConfig) -> None:
    """A game whose rules bind a board (a ring of spaces, the Suber world's locations) has its
    `state/board.yaml`: one removed by hand would leave the board's commands and timers
    silently gone (a /roll answered "the rules in force have no /roll command")."""
    key = next((k for k in ("ring", "locations") if k in config.board), None)
    if key is not None:
        raise GameError(f"missing, though the rules in force bind a board ({config.cite(key)})",
                        path=BOARD,
                        hint="restore it as it was: 'git log -- state/board.yaml' names the "
                             "commit that removed it; 'git checkout COMMIT~1 -- "
                             "state/board.yaml', then commit (a rule that brings a board "
                             "brings the file with it)")


def load_game(files: Mapping[str, str]) -> Game:
    """The game in these files (path -> text); every problem is a GameError naming its file."""
    files = game_files(files)
    rules = parse_rules(files)
    config, state = derive_config(rules), read_state(files)
    if state.board is not None:
        from .board.boardfile import check_board  # only a game with a board loads it
        check_board(config.board, state.board)
    else:
        _no_board(config)
    return Game(rules, config, state, read_history(files), files, read_actions(files))
