"""What each player holds on the board, and which kinds the rules in force give."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nomic_ci.core.board.boardfile import Board, Deed, House, Token
from nomic_ci.core.game import load_game
from nomic_ci.core.holdings import Holding, held, holdings, kinds_shown

from builders import make_files, with_rule


@pytest.mark.parametrize("ruleset, kinds", [
    ("default", ()),
    ("suber-initial-set", ()),  # the world's own table shows what its players hold
    ("infinite-nomic-r7", ("items", "numbers", "account", "houses")),
    ("infinite-nomic-r7-start", ()),  # no Shop, Bank, Houses, Numbers or trades yet
    ("borednomic", ("items", "squares")),
])
def test_the_kinds_shown_are_those_the_rules_in_force_give(ruleset, kinds):
    files = make_files("alice,bob", ruleset=ruleset,
                       admin="the-admin" if ruleset == "borednomic" else None)
    assert kinds_shown(load_game(files)) == kinds


def test_repealing_the_bank_takes_its_column_away():
    files = make_files("alice,bob", ruleset="infinite-nomic-r7")
    files = with_rule(files, "rules/011-features.md", lambda t: t.replace(
        "  bank:\n    multiple_of: 7\n    deposit_in: 5\n    interest_per: 5\n", ""))
    assert "account" not in kinds_shown(load_game(files))


def test_a_player_s_holding_is_read_off_their_token_houses_and_deeds():
    board = Board(tokens=(Token("alice", 3, items=(("Flute", 2), ("House", 1)), numbers=(4, 1),
                                account=10), Token("bob", 5)),
                  houses=(House(9, "alice"), House(12, "bob"), House(4, "alice")),
                  deeds=(Deed(7, "alice", "Park | Lane", 300), Deed(8, "alice", None, 200)))
    alice = held(board, "alice")
    assert alice == Holding((("Flute", 2), ("House", 1)), (4, 1), 10, (9, 4),
                            ((7, "Park | Lane"), (8, None)))
    assert [alice.shown(k) for k in ("items", "numbers", "account", "houses", "squares")] == [
        "2 Flute, 1 House", "4, 1", "10 points", "on space 9, on space 4",
        "7 (Park | Lane), 8"]
    assert alice.plain("items") == {"Flute": 2, "House": 1}
    assert alice.plain("squares") == [{"square": 7, "name": "Park | Lane"},
                                      {"square": 8, "name": None}]
    assert alice.plain("numbers") == [4, 1] and alice.plain("account") == 10
    nobody = held(board, "carol")  # no token yet: on space 1, holding nothing
    assert [nobody.shown(k) for k in ("items", "numbers", "account", "houses", "squares")] == \
        ["—"] * 5


def test_a_game_without_a_board_holds_nothing():
    game = load_game(make_files("alice,bob"))
    assert holdings(game) == {} and kinds_shown(game) == ()
    game = load_game(make_files("alice,bob", ruleset="infinite-nomic-r7"))
    assert set(holdings(replace(game, state=game.state))) == {"alice", "bob"}
