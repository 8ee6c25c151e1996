"""The Suber world's goods and trade (seed 001, rule 306; 307b for items): offered,
accepted, in one location."""

from functools import partial

import pytest

from nomic_ci.core.board import trade as trading
from nomic_ci.core.board.suber import goods as trade
from nomic_ci.core.board.boardfile import Token

from suberworld import holding, play, suber_game


offer, accept, decline = (partial(step, trade.MARKET)
                          for step in (trading.offer, trading.accept, trading.decline))


def goods(p, login):
    return dict(p.token(login).items)


def test_an_accepted_offer_swaps_the_goods_once():
    game = suber_game(holding("alice", "Marsh", wheat=5, Bread=1), holding("bob", "Marsh", fish=4))
    p = play(game)
    assert offer(p, "alice", ["bob", "3", "wheat", "1", "bread", "for", "2", "fish"]) \
        is None
    assert goods(p, "alice") == {"wheat": 5, "Bread": 1}  # nothing moves before bob agrees
    assert accept(p, "bob", ["1"]) is None
    assert goods(p, "alice") == {"wheat": 2, "fish": 2}
    assert goods(p, "bob") == {"wheat": 3, "Bread": 1, "fish": 2}
    assert accept(p, "bob", ["1"]) == "there is no open offer 1"  # made once


def test_multi_word_resources_and_gifts():
    p = play(suber_game(holding("alice", "City", stock_options=4), Token("bob", "City")))
    assert offer(p, "alice", ["bob", "4", "stock", "options", "for", "nothing"]) is None
    assert accept(p, "bob", ["#1"]) is None
    assert goods(p, "bob") == {"stock options": 4} and goods(p, "alice") == {}


@pytest.mark.parametrize("words, why", [
    (["bob", "9", "wheat", "for", "1", "fish"], "alice does not have 9 wheat (has 5)"),
    (["bob", "-3", "wheat", "for", "1", "fish"], "'-3' is not an amount"),
    (["bob", "0", "wheat", "for", "1", "fish"], "'0' is not an amount"),
    (["bob", "3", "gold", "for", "1", "fish"], "after 3, name what"),
    (["dave", "3", "wheat", "for", "1", "fish"], "dave is not a player"),
    (["alice", "3", "wheat", "for", "1", "fish"], "cannot trade with themselves"),
    (["bob", "nothing", "for", "nothing"], "a trade gives or gets something"),
    (["bob", "3", "wheat"], "say whom and what: /trade LOGIN 3 wheat for 2 fish"),
])
def test_an_offer_that_cannot_be_made_is_refused(words, why):
    p = play(suber_game(holding("alice", "Marsh", wheat=5), holding("bob", "Marsh", fish=4)))
    assert why in offer(p, "alice", words) and p.effects == []


def test_a_trade_across_locations_is_refused_when_offered_and_when_accepted():
    p = play(suber_game(holding("alice", "Marsh", wheat=5), holding("bob", "Jungle", fish=4)))
    assert "a trade is made in one location (rule 306)" in offer(
        p, "alice", ["bob", "1", "wheat", "for", "1", "fish"])
    p = play(suber_game(holding("alice", "Marsh", wheat=5), holding("bob", "Marsh", fish=4)))
    offer(p, "alice", ["bob", "1", "wheat", "for", "1", "fish"])
    p.place("bob", "Jungle", "a Stew")
    assert "a trade is made in one location" in accept(p, "bob", ["1"])


def test_goods_spent_after_the_offer_make_it_fail_when_accepted():
    p = play(suber_game(holding("alice", "Marsh", wheat=5), holding("bob", "Marsh", fish=4)))
    offer(p, "alice", ["bob", "5", "wheat", "for", "1", "fish"])
    trade.hand_over(p, "alice", "wheat", -1, "crafting")
    assert "alice does not have 5 wheat (has 4)" in accept(p, "bob", ["1"])
    assert "bob does not have" not in accept(p, "bob", ["1"])


def test_the_binding_is_checked():
    assert trade.parse({"move_every": 3}).move_every == 3
    with pytest.raises(ValueError, match="from 1"):
        trade.parse({"move_every": 0})


def test_an_item_made_this_turn_can_be_neither_used_nor_given_in_it():
    """307b: an item "may not be used on the turn it was made"; given away in that turn,
    another player could."""
    from nomic_ci.core.board.suber import crafts
    from nomic_ci.core.board.worldfile import Settler
    game = suber_game(holding("alice", "City", wheat=8, timber=1), holding("bob", "City"),
                      settlers=(Settler("alice", profession="Cook"),))
    p = play(game)
    assert crafts.craft(p, "alice", ["Bread"]) is None
    assert offer(p, "alice", ["bob", "1", "bread", "for", "nothing"]) == \
        "alice does not have 1 Bread (has 0 to give)"


def test_an_offer_asks_only_for_what_the_other_holds():
    p = play(suber_game(holding("alice", "City", wheat=1), holding("bob", "City", fish=2)))
    assert offer(p, "alice", ["bob", "1", "wheat", "for", "3", "fish"]) == \
        "bob does not have 3 fish (has 2)"
    assert offer(p, "alice", ["bob", "1", "wheat", "for", "²", "fish"]).startswith("'²'")
