"""A long game's board history stays cheap: 2,000 action records are read and verified in
well under the time one run may take (JSON records; the next roll read from the latest
action, not by counting every action's dice)."""

import time
from dataclasses import replace

from nomic_ci.core.board.actionlog import dump_action, load_actions
from nomic_ci.core.board.actions import carry_out
from nomic_ci.core.board.playing import rolled
from nomic_ci.core.files.statedump import dump_state
from nomic_ci.core.turns import next_player
from nomic_ci.core.verify import verify

from boardgames import board_game
from builders import DICE, HOUR, T0, make_files


def test_two_thousand_actions_play_load_and_verify_quickly():
    game, at, files = board_game(), T0, make_files(ruleset="infinite-nomic-r7")
    started = time.perf_counter()
    for number in range(2000):
        login = game.state.turn
        state, record = carry_out(game, at, DICE, login, "/roll", number)
        if state.board.turn.explore is not None:  # on the Frontier: /explore (rule 8)
            game = replace(game, state=state, actions=game.actions.added(record))
            files[record.path] = dump_action(record)
            state, record = carry_out(game, at, DICE, login, "/explore", None)
        state = replace(state, turn=next_player(state, game.config, login), turn_started=at,
                        last_change=at, board=replace(state.board, turn=None))  # as it begins
        game = replace(game, state=state, actions=game.actions.added(record))
        files[record.path] = dump_action(record)
        at += HOUR
    files.update(dump_state(game.state, files))
    # every die numbered in turn: the movement rolls, and the Frontier's as it grows
    files.update(game.actions.texts())  # the index, as the engine writes it
    assert rolled(game) == sum(a.dice for a in game.actions) > 2000
    assert len(load_actions(files)) == len(game.actions) > 2000
    assert verify(files) == []
    assert time.perf_counter() - started < 60  # about 5 s on a busy 2-CPU machine
