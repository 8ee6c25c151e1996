"""Professions and items (seed 001, rules 307 and 307b)."""

from dataclasses import replace

import pytest

from nomic_ci.core.board.suber import crafts
from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.board.worldfile import Settler

from suberworld import holding, play, suber_game


def test_a_profession_is_picked_and_changed_only_a_full_round_later():
    p = play(suber_game())
    assert crafts.choose(p, "alice", ["cook"]) is None
    assert p.board.world.settler("alice").profession == "Cook"
    assert "already a Cook" in crafts.choose(p, "alice", ["Cook"])
    assert "must wait a full round past their last pick (rule 307)" in crafts.choose(
        p, "alice", ["Alchemists"])  # the seed's own spelling is understood
    p = play(suber_game(settlers=(Settler("alice", turns=2, profession="Cook", picked=0),)))
    assert crafts.choose(p, "alice", ["Wood", "carver"]) is None
    assert p.board.world.settler("alice").profession == "Woodcarver"


def test_crafting_takes_the_cost_and_the_item_waits_a_turn():
    game = suber_game(holding("alice", "City", wheat=9, timber=1),
                      settlers=(Settler("alice", profession="Cook"),))
    p = play(game)
    assert crafts.craft(p, "alice", ["bread"]) is None
    assert dict(p.token("alice").items) == {"wheat": 1, "Bread": 1}
    assert "was made this turn and may be used from the next" in crafts.use(
        p, "alice", ["Bread", "bob", "carol"])
    assert "alice does not have 1 timber (has 0), 8 wheat (has 1)" in crafts.craft(
        p, "alice", ["Bread"])


def test_only_the_items_profession_crafts_it():
    game = suber_game(holding("alice", "City", iron=6, timber=3),
                      settlers=(Settler("alice", profession="Cook"),))
    assert "an Axe is crafted by a Blacksmith, and alice is a Cook (rule 307)" == crafts.craft(
        play(game), "alice", ["Axe"])


def test_items_made_of_items():
    game = suber_game(Token("alice", "City", (("Fish Oil", 1), ("Gold Flakes", 3))),
                      settlers=(Settler("alice", profession="Alchemist"),))
    p = play(game)
    assert crafts.craft(p, "alice", ["potion", "of", "cleansing"]) is None
    assert dict(p.token("alice").items) == {"Potion of Cleansing": 1}


def held(item, **settler):
    return suber_game(Token("alice", "Jungle", ((item, 1),)), Token("bob", "Marsh"),
                      Token("carol", "Prairie"), settlers=(Settler("alice", **settler),
                                                           Settler("bob", effects=(("Axe", 1),))))


def test_bread_swaps_two_players_and_stew_sends_one():
    p = play(held("Bread"))
    assert crafts.use(p, "alice", ["Bread", "bob", "carol"]) is None
    assert (p.token("bob").space, p.token("carol").space, p.token("alice").item("Bread")) == (
        "Prairie", "Marsh", 0)
    p = play(held("Stew"))
    assert crafts.use(p, "alice", ["stew", "BOB", "desert"]) is None
    assert p.token("bob").space == "Desert"


@pytest.mark.parametrize("item, words, why", [
    ("Bread", ["bob"], "say which two players swap"),
    ("Bread", ["bob", "bob"], "two different players"),
    ("Bread", ["bob", "dave"], "dave is not a player"),
    ("Stew", ["bob", "Atlantis"], "Atlantis is not a location"),
    ("Axe", [], "say whom"),
    ("Gold Flakes", ["bob"], "takes nothing after it"),
])
def test_a_use_that_cannot_be_done_is_refused_and_keeps_the_item(item, words, why):
    p = play(held(item))
    assert why in crafts.use(p, "alice", [*item.split(), *words])
    assert p.token("alice").item(item) == 1 and p.effects == []


def test_one_cannot_use_what_one_does_not_hold_or_what_is_no_item():
    p = play(held("Bread"))
    assert crafts.use(p, "alice", ["Stew", "bob", "City"]) == "alice has no Stew"
    assert "say which item" in crafts.use(p, "alice", ["Cake"]) and p.effects == []


def test_a_tool_lasts_until_a_potion_of_cleansing():
    p = play(held("Axe"))
    crafts.use(p, "alice", ["Axe", "bob"])
    assert p.board.world.settler("bob").effects == (("Axe", 2),)
    p = play(held("Potion of Cleansing"))
    crafts.use(p, "alice", ["Potion", "of", "Cleansing", "bob"])
    assert p.board.world.settler("bob").effects == ()


def test_fish_oil_brings_a_later_players_turn_next_and_is_void_for_an_earlier_one():
    p = play(held("Fish Oil"))  # alice's turn: carol, two places on, comes next
    crafts.use(p, "alice", ["Fish", "Oil", "carol"])
    assert [x.login for x in p.state.players] == ["alice", "carol", "bob"]
    game = held("Fish Oil")
    p = play(replace(game, state=replace(game.state, turn="bob")))
    crafts.use(p, "alice", ["Fish", "Oil", "alice"])  # alice had her turn this round
    assert [x.login for x in p.state.players] == ["alice", "bob", "carol"]
    assert any("the effect is void" in line for line in p.lines)


def test_the_binding_is_checked():
    with pytest.raises(ValueError, match="effect"):
        crafts.parse({"change_after": 2, "items": {"Bread": {"by": "Cook", "cost": {"wheat": 1},
                                                             "effect": "fly"}}})
    with pytest.raises(ValueError):
        crafts.parse({"change_after": 2, "items": {"Bread": {"by": "Cook", "cost": {"wheat": -1},
                                                             "effect": "swap"}}})
