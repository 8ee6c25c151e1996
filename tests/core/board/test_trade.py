"""Trading as every board plays it: an offer, the other's consent, the exchange at once, or a
decline; what each side gives held at the offer and at the acceptance; each offer named by
its number (Infinite Nomic's rule 16, the Suber world's rule 306)."""

from functools import partial

import pytest

from nomic_ci.core.board import trade
from nomic_ci.core.board.boardfile import Board, Token
from nomic_ci.core.board.infinite import commerce
from nomic_ci.core.board.suber import goods
from nomic_ci.core.board.trade import Offer

from boardgames import board_game, play_on, scores
from suberworld import holding, play as suber_play, suber_game

offer, accept, decline = (partial(step, commerce.MARKET)
                          for step in (trade.offer, trade.accept, trade.decline))


def test_an_offer_waits_and_its_acceptance_exchanges_points_and_items():
    game = board_game(Token("alice", 1), Token("bob", 1, items=(("Flute", 2),)),
                      points={"alice": 4})
    play = play_on(game, "alice")
    assert offer(play, "alice", ["bob", "3", "points", "for", "1", "Flutes"]) is None
    assert play.board.offers == (Offer(1, "alice", "bob", (("points", 3),), (("Flute", 1),)),)
    assert scores(play)["alice"] == 4  # nothing moves before bob consents
    play.login = "bob"
    assert accept(play, "bob", ["1"]) is None
    assert scores(play) == {"alice": 1, "bob": 3, "carol": 0}
    assert play.board.token("alice").item("Flute") == 1
    assert play.board.token("bob").item("Flute") == 1 and play.board.offers == ()
    assert accept(play, "bob", ["1"]) == "there is no open offer 1"  # made once


def test_only_the_one_offered_accepts_and_either_side_declines():
    game = board_game(Token("alice", 1), Token("bob", 1), Token("carol", 1),
                      points={"alice": 4, "bob": 4})
    play = play_on(game, "alice")
    offer(play, "alice", ["@BOB", "1", "point", "for", "nothing"])
    assert accept(play, "carol", ["1"]) == \
        "Trade 1 (rule 16) is alice's to bob: only bob may accept it"
    assert accept(play, "alice", ["1"]).endswith("only bob may accept it")
    assert decline(play, "carol", ["1"]) == "Trade 1 (rule 16) is between alice and bob"
    assert decline(play, "alice", ["#1"]) is None and play.board.offers == ()
    assert play.lines[-1] == "Trade 1 (rule 16): alice withdraws it"


def test_what_each_side_gives_is_held_at_the_offer_and_again_at_the_acceptance():
    game = board_game(Token("alice", 1), Token("bob", 1, items=(("Flute", 1),)),
                      points={"alice": 2})
    play = play_on(game, "alice")
    assert offer(play, "alice", ["bob", "3", "points", "for", "nothing"]) == \
        "alice has 2 points, not 3: no one trades what they do not have (rule 16)"
    assert offer(play, "alice", ["bob", "1", "point", "for", "2", "Flutes"]).startswith(
        "bob has 1 Flute, not 2")
    assert offer(play, "alice", ["bob", "2", "points", "for", "1", "Flute"]) is None
    play.gain("alice", -1, "a toll")
    assert accept(play, "bob", ["1"]).startswith("alice has 1 points, not 2")
    assert scores(play)["bob"] == 0 and play.board.offers  # nothing moved; still open


@pytest.mark.parametrize("words, why", [
    (["bob", "3", "points"], "say whom and what: /trade LOGIN 3 points for 1 Flute"),
    (["dave", "1", "point", "for", "nothing"], "dave is not a player: a trade is between"),
    (["alice", "1", "point", "for", "nothing"], "alice cannot trade with themselves"),
    (["bob", "nothing", "for", "nothing"], "a trade gives or gets something"),
    (["bob", "1", "Number", "for", "nothing"], "'Number' cannot be traded"),
    (["bob", "-1", "points", "for", "nothing"], "'-1 points' is not an amount"),
    (["bob", "0", "points", "for", "nothing"], "'0 points': an amount is 1 or more"),
    (["bob", "٣", "points", "for", "nothing"], "'٣ points' is not an amount"),
    (["bob", "9" * 5000, "points", "for", "nothing"], "is not an amount"),
])
def test_an_offer_that_cannot_be_made_is_refused_and_changes_nothing(words, why):
    play = play_on(board_game(Token("alice", 1), Token("bob", 1), points={"alice": 4}))
    assert why in offer(play, "alice", words) and play.effects == []


def test_an_offer_replaced_before_it_is_accepted_is_not_the_one_accepted():
    """The swap: alice offers bob 2 wheat for his fish, then, just before bob accepts, offers
    1 wheat for it. Each offer has its own number: bob accepts the one he read."""
    market = partial(trade.offer, goods.MARKET)
    p = suber_play(suber_game(holding("alice", "Marsh", wheat=5), holding("bob", "Marsh", fish=4)))
    assert market(p, "alice", ["bob", "2", "wheat", "for", "1", "fish"]) is None
    assert trade.decline(goods.MARKET, p, "alice", ["1"]) is None  # withdrawn...
    p.action += 1
    assert market(p, "alice", ["bob", "1", "wheat", "for", "1", "fish"]) is None  # ...swapped
    assert trade.accept(goods.MARKET, p, "bob", ["1"]) == "there is no open offer 1"
    assert dict(p.token("bob").items) == {"fish": 4}
    assert p.board.offers == (Offer(2, "alice", "bob", (("wheat", 1),), (("fish", 1),)),)


def test_verify_replays_offers_named_by_number_and_their_closing():
    made = {"trade": "offered", "number": 4, "from": "alice", "to": "bob",
            "give": {"points": 3}, "get": {}}
    board = trade.replayed(Board(), made)
    assert board.offers == (Offer(4, "alice", "bob", (("points", 3),), ()),)
    assert trade.replayed(board, {"trade": "closed", "number": 4}).offers == ()
