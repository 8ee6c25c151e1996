"""Bankruptcy (seed 003 rules 4.3 and 4.4): the binding, and who is bankrupt."""

import pytest

from nomic_ci.core.files.state import Player
from nomic_ci.core.mechanics import bankruptcy

PARSE = {binding.key: binding.parse for binding in bankruptcy.BINDINGS}


def test_a_player_under_the_amount_is_bankrupt_and_says_why():
    rule = PARSE["bankrupt_below"]({"counter": "money", "amount": 1})
    start = {"money": 10000}
    assert rule.of(Player("alice", None, 0), start) is None  # $10,000 to start
    assert rule.of(Player("alice", None, 0, stats=(("money", 1),)), start) is None
    assert rule.of(Player("alice", None, 0, stats=(("money", 0),)), start) == \
        "alice is bankrupt (0 money, under 1)"
    assert rule.of(Player("bob", None, 0, stats=(("money", -5),)), start) == \
        "bob is bankrupt (-5 money, under 1)"


@pytest.mark.parametrize("bad", [{"counter": "money"}, {"counter": "", "amount": 1},
                                 {"counter": "money", "amount": -1}, "money", None])
def test_anything_else_is_refused_saying_what_is_expected(bad):
    with pytest.raises(ValueError):
        PARSE["bankrupt_below"](bad)


def test_a_bankrupt_players_review_is_left_out_of_the_count_with_the_reason():
    from dataclasses import replace
    from nomic_ci.core.voting.tally import tally_at
    from builders import HOUR, T0, make_game, opened, review
    monday, friday = T0 + 72 * HOUR, T0 + 168 * HOUR  # T0 is a Friday
    game = make_game(ruleset="borednomic", admin="admin")
    bob = game.state.players[1].with_stats(money=0)
    game = replace(game, state=game.state.with_player(bob))
    game, p = opened(game, paths=["rules/008-proposals.md"], opened=monday)
    p = replace(p, reviews=(review("bob", "CHANGES_REQUESTED", at=friday),
                            review("carol", at=friday)))
    tally = tally_at(game, game.state.open_proposals[0], p, friday)
    assert (tally.yes, tally.no) == (1, 0)
    assert [b.reason for b in tally.left_out] == [
        "bob is bankrupt (0 money, under 1): a bankrupt player may not vote (rule 4)"]
