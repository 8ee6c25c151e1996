"""PropositionsInReserve and VotesInReserve (seed 003 rule 15)."""

from dataclasses import replace
from datetime import datetime, timezone

import pytest

from nomic_ci.core.board.bored import reserves
from nomic_ci.core.mechanics.registry import BINDINGS
from nomic_ci.core.board.primitives import Play

from boardgames import bored_game
from builders import ScriptedDice

SUNDAY = datetime(2026, 5, 10, tzinfo=timezone.utc)
THURSDAY = datetime(2026, 5, 7, tzinfo=timezone.utc)


def play_at(game, at):
    return Play(game, at, ScriptedDice(), 1, 1, "the-admin")


def held(play, login):
    player = next(p for p in play.state.players if p.login == login)
    return player.stat(reserves.PROPOSITIONS, {}), player.stat(reserves.VOTES, {})


def test_the_caps_are_5_a_level_and_one_for_each_two_levels():
    rule = BINDINGS["reserves"].parse({"propositions_per_level": 5, "votes_per_two_levels": 1})
    # 15.5: level 1 → 5, level 2 → 10; 15.6: levels 1 and 2 → 1, 3 and 4 → 2
    assert [rule.caps(level) for level in (1, 2, 3, 4, 0, -1)] == \
        [(5, 1), (10, 1), (15, 2), (20, 2), (0, 0), (0, 0)]
    with pytest.raises(ValueError):
        BINDINGS["reserves"].parse({"propositions_per_level": 5})


def test_a_week_without_a_proposal_or_a_vote_gains_a_reserve_of_each_up_to_the_caps():
    week = 2026 * 100 + 19  # the ISO week of Sunday May 10
    game = bored_game(stats={"alice": {reserves.VOTED: week},
                             "bob": {reserves.PROPOSITIONS: 5, reserves.VOTES: 1},
                             "carol": {reserves.PROPOSED: week}})
    play = play_at(game, SUNDAY)
    reserves.week_ends(play)
    assert held(play, "alice") == (1, 0)  # no proposal; voted this week
    assert held(play, "bob") == (5, 1)  # at the caps of level 1 already
    assert held(play, "carol") == (0, 1)  # proposed; no vote
    thursday = play_at(game, THURSDAY)  # not the week's results day: nothing
    reserves.week_ends(thursday)
    assert held(thursday, "alice") == (0, 0)


def test_a_stronger_vote_counts_twice_once_a_proposal():
    from nomic_ci.core.board.actionlog import ActionRecord
    from builders import opened, step
    monday = datetime(2026, 5, 4, 9, tzinfo=timezone.utc)
    game = bored_game(stats={"alice": {reserves.VOTES: 1}})
    _, game, _ = step(game, [], monday)  # Sunday's update first
    game, _ = opened(game, paths=["rules/021-x.md"], opened=monday)
    number = game.state.open_proposals[0].number
    play = Play(game, SUNDAY, ScriptedDice(), 1, 1, "alice")
    assert reserves.strengthen(play, "alice", [str(number)]) is None
    assert held(play, "alice") == (1, 0)  # Sunday's update gave a PropositionInReserve
    action = ActionRecord(1, SUNDAY, "alice", f"/strengthen {number}", None, "",
                          effects=tuple(play.effects))
    after = replace(game, actions=(action,), state=play.state)
    assert reserves.strength(after, "alice", number) == 2
    assert reserves.strength(after, "bob", number) == 1
    assert "strengthened already" in reserves.strengthen(
        Play(replace(after, state=replace(after.state, players=tuple(
            p.with_stats(**{reserves.VOTES: 1}) for p in after.state.players))),
            SUNDAY, ScriptedDice(), 2, 1, "alice"), "alice", [str(number)])
    assert reserves.strengthen(play, "alice", ["x"]) == "say which proposal: /strengthen N"


def test_a_proposal_beyond_the_week_s_two_spends_a_proposition_in_reserve():
    game = bored_game(stats={"alice": {reserves.PROPOSITIONS: 1}})
    assert reserves.weekly_limit(game, "alice", SUNDAY, 2) == 3
    assert reserves.weekly_limit(game, "bob", SUNDAY, 2) == 2


def test_a_proposal_that_opens_is_made_that_week():
    from nomic_ci.core.board.bored.vitals import stat
    game = bored_game()
    state = reserves.proposal_opened(game.state, game.config, "alice", THURSDAY)
    made = replace(game, state=state)
    play = play_at(made, SUNDAY)
    assert stat(play, "alice", reserves.PROPOSED) == 2026 * 100 + 19
    reserves.week_ends(play)
    assert held(play, "alice") == (0, 1) and held(play, "bob") == (1, 1)
