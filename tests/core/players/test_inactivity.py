"""Inactivity (seed 001 rule 206): who becomes inactive for not voting or not proposing within
36 hours, and who is active again by voting. Votes are read as the tally reads them."""

from dataclasses import replace

from nomic_ci.core.players.inactivity import deactivations, reactivations
from nomic_ci.core.voting.tally import tally_at

from builders import HOUR, T0, make_game, opened, reaction, review

SUBER = make_game(ruleset="suber-initial-set")  # alice, bob, carol; rule 206: 36 hours


def by_key(*proposals):
    return {p.key: p for p in proposals}


def test_a_player_who_did_not_vote_within_36_hours_becomes_inactive_at_the_deadline():
    game, p = opened(SUBER)
    p = replace(p, reviews=(review("bob", at=T0 + HOUR),))
    due = deactivations(game, by_key(p))
    # alice proposed (her yes, rule 202), bob voted; carol is due at 36 hours, alice's turn
    # timer does not run while her proposal is in its vote
    assert [(d.login, d.at) for d in due] == [("carol", T0 + 36 * HOUR)]
    assert "carol did not vote on proposal 301 within 36 hours (rule 206)" in due[0].reason


def test_a_vote_by_reaction_that_counts_is_never_taken_for_silence():
    # the bug this module's reader fixes: with votes_from [reactions], bob's 👍 counts in the
    # tally, and the inactivity timer read only reviews, so bob was made inactive too
    game = replace(SUBER, config=replace(SUBER.config, votes_from=("reactions",)))
    game, p = opened(game)
    p = replace(p, reactions=(reaction("bob", "+1", at=T0 + HOUR),))
    assert [b.login for b in tally_at(game, game.state.open_proposals[0], p,
                                      T0 + 2 * HOUR).counted] == ["alice", "bob"]
    assert [d.login for d in deactivations(game, by_key(p))] == ["carol"]


def test_a_review_is_no_vote_where_the_rules_count_only_reactions():
    game = replace(SUBER, config=replace(SUBER.config, votes_from=("reactions",)))
    game, p = opened(game)
    p = replace(p, reviews=(review("bob", at=T0 + HOUR),))
    assert [d.login for d in deactivations(game, by_key(p))] == ["bob", "carol"]


def test_a_vote_cast_before_the_vote_restarted_is_not_a_vote_in_the_new_one():
    game, p = opened(SUBER)
    open_ = replace(game.state.open_proposals[0], head="head2", head_since=T0 + 10 * HOUR)
    game = replace(game, state=replace(game.state, open_proposals=(open_,)))
    p = replace(p, head="head2", reviews=(review("bob", at=T0 + HOUR),))
    due = deactivations(game, by_key(p))
    assert [(d.login, d.at) for d in due] == [("bob", T0 + 46 * HOUR),
                                                ("carol", T0 + 46 * HOUR)]


def test_the_player_whose_turn_it_is_becomes_inactive_36_hours_after_it_started():
    due = deactivations(SUBER, {})
    assert [(d.login, d.at) for d in due] == [("alice", T0 + 36 * HOUR)]
    assert "did not propose within 36 hours of their turn's start" in due[0].reason


def test_a_deadline_the_game_has_moved_past_is_not_acted_on_again():
    game, p = opened(SUBER)
    game = replace(game, state=replace(game.state, last_change=T0 + 37 * HOUR))
    assert deactivations(game, by_key(p)) == []


def test_an_inactive_player_who_votes_is_active_again_from_the_moment_of_the_vote():
    game, p = opened(SUBER)
    carol = replace(game.state.players[2], inactive_since=T0)
    game = replace(game, state=game.state.with_player(carol))
    game = replace(game, config=replace(game.config, votes_from=("reviews", "reactions")))
    p = replace(p, reactions=(reaction("carol", "-1", at=T0 + 3 * HOUR),))
    again = reactivations(game, by_key(p), T0 + 5 * HOUR)
    assert [(a.login, a.at) for a in again] == [("carol", T0 + 3 * HOUR)]
    assert reactivations(game, by_key(p), T0 + 2 * HOUR) == []  # not yet cast
