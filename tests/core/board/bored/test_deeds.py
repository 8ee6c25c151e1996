"""Property (seed 003 rule 16): buying the square landed on, the level's limit, names, giving
up, and the sale back at a third (4.5)."""

import pytest

from nomic_ci.core.board.bored import deeds
from nomic_ci.core.board.boardfile import Deed, Token
from nomic_ci.core.mechanics.registry import BINDINGS

from boardgames import bored_game, counters, play_on


def test_the_binding():
    assert BINDINGS["property"].parse({"per_square": 25, "per_level": 1}) == \
        deeds.Property(25, 1, 40)
    with pytest.raises(ValueError):
        BINDINGS["property"].parse({"per_square": 25})


def test_buying_the_square_landed_on_at_25_times_its_number():
    play = play_on(bored_game(Token("alice", 8, landed=8)))
    assert deeds.buy(play, "alice", ["The", "Eights"]) is None
    assert counters(play, "alice")["money"] == 10000 - 25 * 8
    assert play.board.deed(8) == Deed(8, "alice", "The Eights", 200)
    assert play.effects[-1] == {"deed": 8, "owner": "alice", "name": "The Eights",
                                "price": 200}


@pytest.mark.parametrize("token, stats, owned, words, why", [
    (Token("alice", 8), {}, (), ["X"], "have not landed on square 8 since their latest turn"),
    (Token("alice", 22, landed=22), {}, (), ["X"], "can not be owned by any player (rule 20)"),
    (Token("alice", 8, landed=8), {}, (Deed(8, "bob", "B", 200),), ["X"], "bob's already"),
    # 16.2: level 1 owns at most one square
    (Token("alice", 8, landed=8), {}, (Deed(3, "alice", "A", 75),), ["X"],
     "owns 1 square at level 1, and may not own more than 1 (rule 16)"),
    (Token("alice", 8, landed=8), {}, (), [], "name the square"),
    (Token("alice", 8, landed=8), {}, (), ["x" * 41], "at most 40 characters"),
    (Token("alice", 8, landed=8), {}, (Deed(3, "bob", "Home", 75),), ["HOME"],
     "square 3 is named 'Home' already"),
    (Token("alice", 8, landed=8), {"money": 0}, (), ["X"], "makes no choices"),  # 4.4
    (Token("alice", 8, landed=8), {"money": 200}, (), ["X"], "no one may make themselves "
                                                               "bankrupt"),  # 4.3
])
def test_what_refuses_a_purchase(token, stats, owned, words, why):
    play = play_on(bored_game(token, stats={"alice": stats}, deeds=owned))
    assert why in deeds.buy(play, "alice", words)
    assert play.effects == []


def test_a_rejected_name_is_named_again_by_the_owner_alone():
    play = play_on(bored_game(deeds=(Deed(8, "alice", "Rude", 200),)))
    assert deeds.reject(play, "the-admin", ["8"]) is None
    assert play.board.deed(8).name is None
    assert "does not own square 8" in deeds.name(play, "bob", ["8", "Mine"])
    assert deeds.name(play, "alice", ["8", "Polite"]) is None
    assert play.board.deed(8).name == "Polite"
    assert "named again only after the Admin rejects" in deeds.name(play, "alice", ["8", "X"])
    assert "no name to reject" in deeds.reject(play, "the-admin", ["9"])


def test_giving_up_and_selling_back():
    play = play_on(bored_game(deeds=(Deed(8, "alice", "A", 200),)))
    assert deeds.release(play, "alice", ["8"]) is None and play.board.deed(8) is None
    play = play_on(bored_game(deeds=(Deed(4, "bob", "B", 100),), stats={"bob": {"money": 0}}))
    assert deeds.sell(play, "bob", ["4"]) is None
    assert counters(play, "bob")["money"] == 34  # 4.5: 100 / 3, rounded up
