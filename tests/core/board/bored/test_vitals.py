"""Level, experience and hit points (seed 003 rule 12): 12.3 and 12.4 whatever changes them."""

import pytest

from nomic_ci.core.board.bored import vitals
from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.mechanics.registry import BINDINGS

from boardgames import bored_game, counters, play_on


def test_the_binding_names_most_levels_lost_and_price():
    assert vitals.parse_hit_points({"most": 100, "levels_lost": 2, "price": 250}) == \
        vitals.HitPoints(100, 2, 250)
    for bad in ({"most": 100}, {"most": 100, "levels_lost": 2, "price": -1}, [100]):
        with pytest.raises(ValueError):
            BINDINGS["hit_points"].parse(bad)
    assert BINDINGS["level_reset"].parse({"money": 1}) == 1


@pytest.mark.parametrize("before, after", [
    # 12.4: "his hit points will be set to 100 and his level will be decreased by 2"
    ({"level": 3, "experience": 5, "hit_points": 0}, {"level": 1, "experience": 5,
                                                      "hit_points": 100}),
    ({"level": 5, "experience": 0, "hit_points": -40}, {"level": 3, "experience": 0,
                                                        "hit_points": 100}),
    # then 12.3 at once: level 3 → 1 with 15 experience, 15 ≥ 10 × 1, so level 2 with 5
    ({"level": 3, "experience": 15, "hit_points": 0}, {"level": 2, "experience": 5,
                                                       "hit_points": 100}),
    # 12.1 allows negative values, and 12.3 reads "10 times his level": a level 1 player at 0
    # hit points drops to -1, and 0 ≥ -10, 10 ≥ 0 and 10 ≥ 10 climb back to level 2 with 0
    ({"level": 1, "experience": 0, "hit_points": 0}, {"level": 2, "experience": 0,
                                                      "hit_points": 100}),
    ({"level": 4, "experience": 47, "hit_points": 1}, {"level": 5, "experience": 7,
                                                       "hit_points": 1}),  # 12.3's example
])
def test_rules_12_3_and_12_4_settle_the_counters(before, after):
    game = bored_game()
    assert vitals.settle(game.config, before) == after


def test_a_change_is_recorded_with_what_it_was_and_what_it_became():
    play = play_on(bored_game(Token("alice", 1), stats={"alice": {"level": 3, "hit_points": 4}}))
    vitals.change(play, "alice", "a loss", hit_points=-4)
    assert counters(play, "alice") == {"money": 10000, "level": 1, "experience": 0,
                                       "hit_points": 100}
    assert play.effects[-1] == {"stats": "alice", "from": {"hit_points": 4, "level": 3},
                                "to": {"hit_points": 100, "level": 1}, "why": "a loss"}
    vitals.change(play, "alice", "nothing", money=0)
    assert len(play.effects) == 1  # nothing changed, nothing recorded


def test_without_the_hit_points_rule_nothing_happens_at_zero():
    game = bored_game(rules={"rules/012-level-experience-hit-points.md": lambda text: text.replace(
        "  hit_points:\n    most: 100\n    levels_lost: 2\n    price: 250\n", "")})
    assert vitals.settle(game.config, {"level": 3, "experience": 0, "hit_points": 0}) == \
        {"level": 3, "experience": 0, "hit_points": 0}


def test_a_lost_level_lowers_the_reserves_to_what_the_new_level_allows():
    # 15.5, 15.6: "may not have more than 5 * level" and "ceil( level / 2 )" at any time: a
    # level 3 player with 12 and 2 who loses two levels (12.4) keeps 5 and 1
    play = play_on(bored_game(Token("alice"), stats={"alice": {
        "level": 3, "hit_points": 1, "propositions_in_reserve": 12, "votes_in_reserve": 2}}))
    vitals.change(play, "alice", "a loss", hit_points=-1)
    player = next(p for p in play.state.players if p.login == "alice")
    assert (player.stat("propositions_in_reserve", {}), player.stat("votes_in_reserve", {})) == \
        (5, 1)
