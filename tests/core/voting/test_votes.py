"""The one reader of votes: reviews and 👍/👎 reactions, from the sources the rules name."""

from dataclasses import replace

import pytest

from nomic_ci.core.facts import Account
from nomic_ci.core.files.state import OpenProposal
from nomic_ci.core.voting.votes import latest_votes, votes_cast

from builders import HOUR, T0, make_game, proposal, reaction, review

GAME = make_game("alice:1,bob:2,carol:3")


def reading(*sources, game=GAME):
    return replace(game, config=replace(game.config, votes_from=sources))


def cast(game=GAME, head="head1", since=T0, **kwargs):
    """The votes read for a proposal in its vote on `head` since `since`."""
    return votes_cast(game, proposal(**kwargs), OpenProposal(1, "1", "A proposal",
                                                             Account("alice", 1), T0, head, since))


@pytest.mark.parametrize("sources, expected", [
    (("reviews",), [("bob", True)]),
    (("reactions",), [("carol", False)]),
    (("reviews", "reactions"), [("bob", True), ("carol", False)]),
])
def test_only_the_sources_the_rules_name_are_read(sources, expected):
    found = cast(reading(*sources), reviews=[review("bob", user_id=2, at=T0)],
                 reactions=[reaction("carol", "-1", user_id=3, at=T0 + HOUR)])
    assert [(v.voter, v.yes) for v in found] == expected


def test_comments_pending_reviews_and_other_emoji_are_not_votes_and_a_dismissal_withdraws():
    found = cast(reading("reviews", "reactions"),
                 reviews=[review("bob", "COMMENTED"), review("carol", "PENDING"),
                          review("alice", "DISMISSED")],
                 reactions=[reaction("bob", "heart"), reaction("carol", "rocket")])
    assert [(v.voter, v.yes, v.withdrawn) for v in found] == [("alice", None, True)]


def test_a_reaction_is_a_vote_on_the_head_given_and_a_review_on_its_own_commit():
    found = cast(reading("reviews", "reactions"), head="head9",
                 reviews=[review("bob", commit="old", at=T0)],
                 reactions=[reaction("carol", at=T0 + HOUR)])
    assert [(v.voter, v.commit) for v in found] == [("bob", "old"), ("carol", "head9")]


def test_players_are_matched_by_numeric_id_and_a_stranger_with_a_players_login_stays_apart():
    found = cast(reviews=[review("bob-renamed", user_id=2, at=T0),
                          review("bob", "CHANGES_REQUESTED", user_id=99, at=T0 + HOUR)])
    assert [(v.voter, v.player is not None) for v in found] == [("bob", True), ("bob", False)]
    kept = latest_votes(found)
    assert sorted((v.voter, v.yes, v.player is not None) for v in kept) == [
        ("bob", False, False), ("bob", True, True)]


def test_each_voter_keeps_only_their_latest_vote_whatever_the_order_given():
    votes = cast(reviews=[review("bob", at=T0 + 2 * HOUR), review("bob", "CHANGES_REQUESTED",
                                                                   at=T0 + HOUR),
                          review("carol", "DISMISSED", at=T0 + 3 * HOUR),
                          review("carol", at=T0)])
    kept = latest_votes(reversed(votes))
    assert sorted((v.voter, v.yes) for v in kept) == [("bob", True), ("carol", None)]


def test_a_review_listed_twice_is_one_vote_and_votes_come_oldest_first():
    twice = review("bob", at=T0 + HOUR)
    found = cast(reviews=[twice, review("carol", at=T0), twice])
    assert [(v.voter, v.at) for v in found] == [("carol", T0), ("bob", T0 + HOUR)]


def test_a_players_login_is_matched_whatever_its_case_when_there_are_no_ids():
    found = cast(make_game(), reviews=[review("BOB")])
    assert [(v.voter, v.player.login) for v in found] == [("bob", "bob")]


def test_a_reaction_made_before_the_vote_restarted_is_on_no_version_the_game_knows():
    found = cast(reading("reactions"), since=T0 + 2 * HOUR,
                 reactions=[reaction("bob", at=T0 + HOUR), reaction("carol", at=T0 + 3 * HOUR)])
    assert [(v.voter, v.commit) for v in found] == [("bob", None), ("carol", "head1")]
