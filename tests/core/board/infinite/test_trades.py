"""Trades between players (rule 16): an offer, the other's consent, the exchange at once."""

from nomic_ci.core.board.infinite import trades
from nomic_ci.core.board.boardfile import Board, Offer, Token

from boardgames import board_game, play_on, scores


def test_an_offer_waits_and_its_acceptance_exchanges_points_and_items():
    game = board_game(Token("alice", 1), Token("bob", 1, items=(("Flute", 2),)),
                      points={"alice": 4})
    play = play_on(game, "alice")
    assert trades.offer(play, "alice", ["bob", "3", "points", "for", "1", "Flutes"]) is None
    assert play.board.offers == (Offer(1, "alice", "bob", (("points", 3),),
                                       (("Flute", 1),)),)
    assert scores(play)["alice"] == 4  # nothing moves before bob consents
    play.login = "bob"
    assert trades.accept(play, "bob", ["1"]) is None
    assert scores(play) == {"alice": 1, "bob": 3, "carol": 0}
    assert play.board.token("alice").item("Flute") == 1
    assert play.board.token("bob").item("Flute") == 1 and play.board.offers == ()


def test_what_cannot_be_traded_is_named():
    play = play_on(board_game(Token("alice", 1), points={"alice": 4}), "alice")
    goods = trades._goods
    assert goods("2 points and 1 House", {"House"}) == (("House", 1), ("points", 2))
    assert goods("nothing", set()) == ()
    assert "cannot be traded" in goods("1 Number", {"Flute"})
    assert "not an amount" in goods("-1 points", set())
    assert trades.offer(play, "alice", ["gulag-bob", "1", "point", "for", "nothing"]) == \
        "gulag-bob is not a player: a trade is between players (rule 16)"


def test_verify_replays_offers_and_their_closing():
    made = {"trade": "offered", "number": 4, "from": "alice", "to": "bob",
            "give": {"points": 3}, "get": {}}
    board = trades.replayed(Board(), made)
    assert board.offers == (Offer(4, "alice", "bob", (("points", 3),), ()),)
    assert trades.replayed(board, {"trade": "closed", "number": 4}).offers == ()
