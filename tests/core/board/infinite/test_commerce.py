"""Commerce (rule 16): no buying with 0 or fewer points, or into debt."""

from nomic_ci.core.board.infinite.commerce import refusal
from nomic_ci.core.board.boardfile import Token

from boardgames import board_game, play_on


def test_buying_needs_points_and_may_not_leave_fewer_than_none():
    play = play_on(board_game(Token("alice", 1), points={"alice": 3, "bob": 0}))
    assert refusal(play, "alice", 3) is None
    assert refusal(play, "alice", 4) == "alice has 3 points and may not buy for 4 (rule 16)"
    assert refusal(play, "bob", 0) == "bob has 0 points and may not buy for 0 (rule 16)"
