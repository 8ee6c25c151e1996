"""Golden Egg Laying Hens (seed 003 rule 14)."""

import pytest

from nomic_ci.core.board.bored import hens
from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.mechanics.registry import BINDINGS

from boardgames import bored_game, counters, play_on


def test_the_binding():
    assert BINDINGS["hens"].parse({"price": 3000, "one_in": 4, "egg": 1000, "most": 4}) == \
        hens.Hens(3000, 4, 1000, 4)
    with pytest.raises(ValueError, match="one_in of 2 or more"):
        BINDINGS["hens"].parse({"price": 3000, "one_in": 1, "egg": 1000, "most": 4})


def test_at_most_four_hens_at_3000_each():
    play = play_on(bored_game(Token("alice", items=(("Hen", 3),))))
    assert hens.buy(play, "alice") is None
    assert counters(play, "alice")["money"] == 7000 and play.token("alice").item("Hen") == 4
    assert hens.buy(play, "alice") == "alice has 4 hens, the most a player may own (rule 14)"


def test_each_hen_lays_on_a_1_of_a_d4():
    play = play_on(bored_game(Token("alice", items=(("Hen", 2),))), "alice", 1, 3)
    hens.lay(play, "alice")
    assert play.token("alice").item("Golden Egg") == 1
    assert [d.sides for d in play.rolls] == [4, 4]
    assert "alice's hen 2 rolls 3 of d4: no egg" in play.lines


def test_an_egg_is_exchanged_for_1000_and_a_hen_sold_back_for_1000():
    play = play_on(bored_game(Token("alice", items=(("Golden Egg", 1), ("Hen", 1)))))
    assert hens.exchange(play, "alice", ["egg"]) is None
    assert hens.exchange(play, "alice", ["egg"]) == "alice has no Golden Egg"
    assert hens.exchange(play, "alice", ["hen"]).startswith("/exchange egg")
    hens.sell(play, "alice")
    assert counters(play, "alice")["money"] == 12000 and play.token("alice").items == ()
