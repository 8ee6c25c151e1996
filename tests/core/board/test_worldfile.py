"""The Suber world's part of state/board.yaml: read, written and replayed."""

import pytest

from nomic_ci.core.board.boardfile import Board, dump_board, read_board
from nomic_ci.core.board.worldfile import Settler, World, change_of, changed
from nomic_ci.core.errors import GameError

from builders import T0


def test_a_world_is_written_and_read_back_the_same():
    world = World(("alice", T0), (
        Settler("alice", turns=3, moved=0, stay=2, landowner=False, gather=True,
                profession="Cook", picked=0, effects=(("Axe", 2),), fresh=(("Bread", 1),),
                claim="Prairie", upgrades=1, held=3, away=1),
        Settler("bob")))
    board = Board(world=world)
    assert read_board(dump_board(board)).world == world


def test_an_empty_world_is_not_written():
    assert "world" not in dump_board(Board())


def test_an_effect_replays_the_change_it_records():
    before = Settler("alice")
    after = Settler("alice", turns=1, claim="Prairie", effects=(("Axe", 1),))
    effect = {"settler": "alice", "why": "a trade", **change_of(before, after)}
    assert changed(before, effect) == after


@pytest.mark.parametrize("entry, what", [
    ("{login: alice, turns: -1}", "turns"), ("{login: alice, colour: red}", "colour"),
    ("{login: alice, effects: {Axe: -2}}", "effects"),
    ("{login: alice, offer: {give: {wheat: 1}}}", "offer"),
    ("{login: alice, claim: [1]}", "claim")])
def test_a_bad_settler_names_the_file_and_the_field(entry, what):
    text = f"tokens: []\nworld:\n  turn: null\n  settlers:\n  - {entry}\n"
    with pytest.raises(GameError, match=what) as error:
        read_board(text)
    assert error.value.path == "state/board.yaml"


def test_a_player_listed_twice_is_refused():
    with pytest.raises(GameError, match="listed twice"):
        read_board("world:\n  settlers:\n  - {login: alice}\n  - {login: alice}\n")
