"""Joining by proposal (seed 001 rule 214): a request that only adds its author to the players
joins after 24 hours without objection; an objection puts it to a majority vote 24 hours
later. Objections are read as every vote is, so a 👎 objects where reactions are votes."""

from dataclasses import replace

import pytest

from nomic_ci.core.facts import ChangeKind, FileChange
from nomic_ci.core.files import PLAYERS
from nomic_ci.core.players.joining import is_join_request, join_decision
from nomic_ci.core.voting.votes import objection

from builders import HOUR, T0, make_files, make_game, opened, proposal, reaction, review

FILES = make_files(ruleset="suber-initial-set")  # alice, bob, carol; joining in 24 hours
SUBER = make_game(ruleset="suber-initial-set")
DAVE = "  - login: dave\n    id: null\n    points: 0\n"


def request(players_text: str = FILES[PLAYERS] + DAVE, author: str = "dave", **kwargs):
    return dict(author=author, key="j", changes=[FileChange(PLAYERS, ChangeKind.MODIFIED)],
                texts=[(PLAYERS, players_text)], **kwargs)


def joined(game=SUBER, **kwargs):
    game, p = opened(game, **request(**kwargs))
    assert game.state.open_proposals[0].join
    return game, p


@pytest.mark.parametrize("text, author, is_request", [
    (FILES[PLAYERS] + DAVE, "dave", True),
    (FILES[PLAYERS] + DAVE, "erin", False),  # adds someone else
    (FILES[PLAYERS] + DAVE.replace("points: 0", "points: 50"), "dave", False),  # a head start
    (FILES[PLAYERS].replace("  - login: carol\n    id: null\n    points: 0\n", "") + DAVE,
     "dave", False),  # removes a player
])
def test_a_request_only_adds_its_author_with_the_starting_points(text, author, is_request):
    assert is_join_request(SUBER, proposal(**request(text, author))) is is_request


def test_without_objection_the_request_passes_when_its_window_closes():
    game, p = joined()
    assert join_decision(game, game.state.open_proposals[0], p, T0 + 23 * HOUR) is None
    decision = join_decision(game, game.state.open_proposals[0], p, T0 + 30 * HOUR)
    assert decision.passed and decision.at == T0 + 24 * HOUR
    assert decision.threshold == "no objection within 24 hours (rule 214)"


def test_after_an_objection_a_majority_of_the_eligible_voters_decides_a_day_later():
    game, p = joined()
    p = replace(p, reviews=(review("bob", "CHANGES_REQUESTED", at=T0 + 2 * HOUR),
                            review("alice", at=T0 + 3 * HOUR), review("carol", at=T0 + 4 * HOUR)))
    open_ = game.state.open_proposals[0]
    assert join_decision(game, open_, p, T0 + 25 * HOUR) is None  # the vote runs to 26 hours
    decision = join_decision(game, open_, p, T0 + 26 * HOUR)
    assert decision.passed and decision.at == T0 + 26 * HOUR
    assert "2 yes, 1 no of 3 eligible" in decision.reason


def test_a_thumbs_down_objects_where_reactions_are_votes():
    # the bug the one reader of votes fixes: objections were read from reviews only, so a 👎
    # was ignored and the request passed unopposed after 24 hours
    game = replace(SUBER, config=replace(SUBER.config, votes_from=("reviews", "reactions")))
    game, p = joined(game)
    p = replace(p, reactions=(reaction("bob", "-1", at=T0 + HOUR),))
    open_ = game.state.open_proposals[0]
    assert objection(game, open_, p) == T0 + HOUR
    assert join_decision(game, open_, p, T0 + 24 * HOUR) is None
    decision = join_decision(game, open_, p, T0 + 25 * HOUR)
    assert not decision.passed and "0 yes, 1 no of 3 eligible" in decision.reason


def test_a_strangers_no_is_no_objection():
    game, p = joined()
    p = replace(p, reviews=(review("mallory", "CHANGES_REQUESTED", at=T0 + HOUR),))
    assert objection(game, game.state.open_proposals[0], p) is None
