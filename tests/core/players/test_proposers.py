"""Who may propose, and when; and when a proposal in its vote may be pushed to."""

from dataclasses import replace

import pytest

from nomic_ci.core.facts import Account, ChangeKind, FileChange
from nomic_ci.core.game import load_game
from nomic_ci.core.files import PLAYERS
from nomic_ci.core.files.state import OpenProposal
from nomic_ci.core.players.proposers import displaced, push_refusal, refusal

from builders import HOUR, T0, make_files, make_game, opened, proposal, with_rule

DAY = 24 * HOUR
MONDAY = T0 + 3 * DAY  # T0 is a Friday
BORED = make_game(ruleset="borednomic", admin="admin")
SUBER_RULE, INFINITE_RULE, BORED_RULE = (
    "rules/201-turn-order.md", "rules/004-proposing-and-voting.md", "rules/008-proposals.md")


def in_vote(ruleset, path, **kwargs):
    game = make_game(ruleset=ruleset, admin="admin" if ruleset == "borednomic" else None)
    game, _ = opened(game, paths=[path], **kwargs)
    return game, game.state.open_proposals[0]


def test_a_proposal_out_of_turn_is_refused_citing_the_turn_order():
    assert refusal(make_game(), proposal("bob")) == (
        "it is alice's turn, not bob's (rule 106): propose when your turn comes")
    assert refusal(make_game(), proposal("alice")) is None


def test_a_second_proposal_in_one_turn_is_refused_citing_the_rule_that_binds_it():
    game, _ = opened()
    assert refusal(game, proposal(key="2")) == (
        "proposal 1 is still in its vote; one proposal a turn (rule 103)")


def test_the_refusal_cites_the_rule_that_binds_one_a_turn_wherever_it_moves():
    # a proposal that moved `proposing` from rule 103 to a new rule 150: the refusal follows
    files = with_rule(make_files(), "rules/103-turn-structure.md",
                      lambda text: text.replace("  proposing: one-a-turn\n", ""))
    files["rules/150-one-at-a-time.md"] = ("---\nnumber: 150\ntitle: One at a time\n"
                                           "mutable: true\nbindings:\n  proposing: one-a-turn\n"
                                           "---\nOne proposal a turn.\n")
    game, _ = opened(load_game(files))
    assert refusal(game, proposal(key="2")) == (
        "proposal 1 is still in its vote; one proposal a turn (rule 150)")


def test_with_one_open_each_any_player_may_propose_but_only_one_at_a_time():
    game, _ = in_vote("infinite-nomic-r7", INFINITE_RULE)
    assert refusal(game, proposal(key="2", paths=[INFINITE_RULE])) == (
        "alice already has proposal 1 in its vote (rule 4)")
    assert refusal(game, proposal("bob", key="2", paths=[INFINITE_RULE])) is None


@pytest.mark.parametrize("days_after_monday, refused", [(0, False), (2, False), (3, True),
                                                        (6, True)])
def test_proposals_are_accepted_on_the_schedules_days_only(days_after_monday, refused):
    found = refusal(BORED, proposal(paths=[BORED_RULE], opened=MONDAY + days_after_monday * DAY))
    assert found == ("proposals are accepted Mon–Wed only (rule 9)" if refused else None)


@pytest.mark.parametrize("mine, expected", [(1, None), (2, "1"), (3, "1")])
def test_going_over_the_weekly_cap_displaces_the_authors_oldest_proposal(mine, expected):
    opens = tuple(OpenProposal(n, str(n), "P", Account("alice"), MONDAY + n * HOUR, "h",
                               MONDAY + n * HOUR) for n in range(1, mine + 1))
    theirs = OpenProposal(9, "9", "P", Account("bob"), MONDAY, "h", MONDAY)
    game = replace(BORED, state=replace(BORED.state, open_proposals=(theirs,) + opens))
    new = proposal(key="new", paths=[BORED_RULE], opened=MONDAY + DAY)
    assert getattr(displaced(game, new), "key", None) == expected
    next_week = replace(new, opened_at=MONDAY + 7 * DAY)
    assert displaced(game, next_week) is None


@pytest.mark.parametrize("restarts, refused", [(0, False), (1, False), (2, True)])
def test_a_proposal_may_be_resubmitted_only_as_often_as_the_rule_allows(restarts, refused):
    game, open_ = in_vote("suber-initial-set", SUBER_RULE)
    found = push_refusal(game, replace(open_, restarts=restarts), T0 + HOUR)
    assert found == ("it was resubmitted more than 2 times this turn (rule 209)"
                     if refused else None)


def test_a_push_outside_the_proposing_days_or_to_a_request_to_join_is_refused():
    game, open_ = in_vote("borednomic", BORED_RULE, opened=MONDAY)
    assert push_refusal(game, open_, MONDAY + HOUR) is None
    assert push_refusal(game, open_, MONDAY + 4 * DAY) == (
        "it was changed outside the days proposals are made (Mon–Wed, rule 9)")
    assert push_refusal(game, replace(open_, join=True), MONDAY + HOUR) == (
        "a request to join may not change after it is made: make a new one")


def test_a_stranger_is_refused_unless_they_ask_to_join_where_the_rules_allow_it():
    files = make_files(ruleset="suber-initial-set")
    joined = files[PLAYERS] + "  - login: mallory\n    id: null\n    points: 0\n"
    asks = proposal("mallory", changes=[FileChange(PLAYERS, ChangeKind.MODIFIED)],
                    texts=[(PLAYERS, joined)])
    game = make_game(ruleset="suber-initial-set")
    assert refusal(game, asks) is None
    assert refusal(game, proposal("mallory", paths=[SUBER_RULE])) == (
        "mallory is not a player (see state/players.yaml); to join, propose only adding "
        "yourself to the end of state/players.yaml (rule 214)")
    assert refusal(make_game(), proposal("mallory")) == (
        "mallory is not a player (see state/players.yaml); to join, ask a player to "
        "propose adding you to the end of state/players.yaml: only players propose here")


def test_nothing_may_be_proposed_once_the_game_is_over():
    game = make_game()
    game = replace(game, state=replace(game.state, winners=("carol",), ended_at=T0, turn=None))
    assert refusal(game, proposal("bob")) == "the game is over: carol won"


def test_a_player_in_the_gulag_makes_no_proposals_until_they_rejoin():
    """Seed 004 rule 8: "As long as a player is in the Gulag they are unable to ... make
    proposals"."""
    from nomic_ci.core.board.boardfile import Token

    from boardgames import board_game
    game = board_game(Token("bob", "gulag"))
    assert refusal(game, proposal("bob", paths=["rules/021-new.md"])) == (
        "bob is in the Gulag, where players make no proposals (rule 8): /rejoin first")
    assert refusal(board_game(Token("bob", 3)), proposal(
        "bob", paths=["rules/021-new.md"], texts=[("rules/021-new.md", "---\nnumber: 21\n"
                                                   "title: New\nmutable: true\n---\nNew.\n")])) \
        is None
