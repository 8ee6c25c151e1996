"""The Inquisition (seed 003 rule 20)."""

import pytest

from nomic_ci.core.board.bored import inquisition
from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.mechanics.registry import BINDINGS

from boardgames import bored_game, counters, play_on

CATEGORIES = ["History", "Geography", "Music", "Movies", "Words", "Admin's Choice"]


def test_the_binding():
    rule = BINDINGS["inquisition"].parse({"square": 22, "money": 100, "experience": 20,
                                          "robe_after": 10, "categories": CATEGORIES})
    assert rule.categories[5] == "Admin's Choice"
    for bad in ({"square": 22, "money": 100, "experience": 20, "robe_after": 10},
                {"square": 22, "money": 100, "experience": 20, "robe_after": 10,
                 "categories": ["One"]}):
        with pytest.raises(ValueError):
            BINDINGS["inquisition"].parse(bad)


def test_landing_rolls_a_category_and_the_robe_exempts():
    play = play_on(bored_game(Token("alice", 22), Token("bob", 22, items=(("Inquisitor's Robe", 1),))),
                   "alice", 4)
    inquisition.land(play, "alice")  # 20.2: 4 is Movies
    assert play.token("alice").question == "Movies"
    inquisition.land(play, "bob")  # 20.5
    assert play.token("bob").question is None and len(play.rolls) == 1


def test_the_admin_judges_a_correct_answer_100_dollars_and_20_experience():
    play = play_on(bored_game(Token("alice", 22, question="History")), "the-admin")
    assert inquisition.judge(True)(play, "the-admin", ["alice"]) is None
    # 20.4; 12.3: 20 experience at level 1 is level 2 with 10
    assert counters(play, "alice") == {"money": 10100, "level": 2, "experience": 10,
                                       "hit_points": 100}
    assert "has no question" in inquisition.judge(False)(play, "the-admin", ["alice"])
    assert inquisition.judge(True)(play, "the-admin", ["nobody"]).startswith("say whose")


def test_a_wrong_answer_gains_nothing_but_frees_the_player():
    play = play_on(bored_game(Token("bob", 22, question="Words")), "the-admin")
    assert inquisition.judge(False)(play, "the-admin", ["@bob"]) is None
    assert play.token("bob").question is None and counters(play, "bob")["money"] == 10000


def test_the_tenth_correct_answer_wins_the_robe_once():
    game = bored_game(Token("alice", 22, question="Music"), Token("bob", 22, question="Music"),
                      stats={"alice": {"correct_answers": 9}, "bob": {"correct_answers": 9}})
    play = play_on(game, "the-admin")
    inquisition.judge(True)(play, "the-admin", ["alice"])
    inquisition.judge(True)(play, "the-admin", ["bob"])
    assert play.token("alice").item("Inquisitor's Robe") == 1  # 20.5: the first
    assert play.token("bob").item("Inquisitor's Robe") == 0  # 5.3: one can exist
