"""The Gulag (rule 8)."""

from nomic_ci.core.board.infinite import gulag
from nomic_ci.core.board.boardfile import Token

from boardgames import board_game, play_on, scores


def test_the_second_missed_turn_in_a_row_sends_a_player_to_the_gulag():
    play = play_on(board_game(Token("bob", 3)), "bob")
    gulag.missed(play, "bob")
    assert play.board.token("bob").missed_turns == 1
    gulag.missed(play, "bob")
    assert play.board.token("bob").space == "gulag"


def test_in_the_gulag_no_points_are_gained_or_lost():
    play = play_on(board_game(Token("bob", "gulag")), "bob")
    play.gain("bob", 10, "Fives")
    assert scores(play)["bob"] == 0 and "bob is in the Gulag and cannot gain points" in play.lines[0]


def test_rejoining_places_them_on_space_1_at_the_bottom_of_the_turn_order():
    play = play_on(board_game(Token("alice", "gulag")), "alice")
    assert gulag.rejoin(play, "alice") is None
    assert play.board.token("alice").space == 1
    assert [p.login for p in play.state.players] == ["bob", "carol", "alice"]
    assert gulag.rejoin(play, "alice") == "alice is not in the Gulag"


def test_a_command_in_ones_own_turn_marks_it_taken_and_ends_a_run_of_missed_turns():
    play = play_on(board_game(Token("alice", 3, missed_turns=1)), "alice")
    gulag.acted(play, "alice")
    assert play.board.turn is not None and play.board.turn.login == "alice"
    assert play.board.token("alice").missed_turns == 0
