"""Counting votes: the latest vote on the current head, from eligible voters only."""

from dataclasses import replace

from hypothesis import given, strategies as st

from nomic_ci.core.voting.tally import tally_at
from nomic_ci.core.files.state import OpenProposal
from nomic_ci.core.facts import Account

from builders import HOUR, T0, make_game, proposal, review

GAME = make_game("alice,bob,carol,dave,erin")
OPEN = OpenProposal(1, "1", "A proposal", Account("alice"), T0, "head1", T0)


def tally(*reviews, head="head1", until=T0 + 10 * HOUR, game=GAME):
    return tally_at(game, OPEN, proposal(head=head, reviews=reviews), until)


def test_the_proposer_counts_as_yes_and_the_latest_vote_of_each_player_counts():
    t = tally(review("bob", at=T0 + HOUR), review("bob", "CHANGES_REQUESTED", at=T0 + 2 * HOUR),
              review("carol", at=T0 + HOUR))
    assert (t.yes, t.no) == (2, 1)
    assert t.not_voted == ("dave", "erin")


def test_each_vote_left_out_says_why():
    t = tally(review("mallory"), review("bob", commit="old"),
              review("carol", at=T0 + 20 * HOUR), review("alice", "CHANGES_REQUESTED"))
    reasons = {b.login: b.reason for b in t.left_out}
    assert reasons["mallory"] == "not a player"
    assert reasons["bob"].startswith("cast on an older version (old)")
    assert reasons["carol"] == "cast after the vote closed"
    assert "proposer's own proposal already counts" in reasons["alice"]
    assert (t.yes, t.no) == (1, 0)


def test_comments_and_pending_reviews_are_not_votes_and_a_dismissal_withdraws():
    t = tally(review("bob", "COMMENTED"), review("carol", "PENDING"),
              review("dave", at=T0), review("dave", "DISMISSED", at=T0 + HOUR))
    assert (t.yes, t.no, t.left_out) == (1, 0, ())


def test_players_are_matched_by_numeric_id_so_a_renamed_account_still_votes():
    game = make_game("alice:1,bob:2,carol:3")
    t = tally(review("bob-renamed", user_id=2), review("bob", user_id=99), game=game)
    assert [b.login for b in t.counted] == ["alice", "bob"]
    assert [b.reason for b in t.left_out] == ["not a player"]


def test_a_veto_holders_yes_is_noticed_unless_they_proposed():
    game = make_game("alice,bob,carol", veto=["alice", "bob"])
    assert tally(review("bob"), game=game).veto_yes
    assert not tally(review("carol"), game=game).veto_yes  # alice proposed


logins = st.sampled_from(["alice", "bob", "carol", "dave", "erin", "mallory"])
states = st.sampled_from(["APPROVED", "CHANGES_REQUESTED", "COMMENTED", "DISMISSED", "PENDING"])
reviews = st.lists(st.builds(lambda who, state, commit, minute, rid: review(
    who, state, commit=commit, at=T0 + minute * HOUR / 60, review_id=rid),
    logins, states, st.sampled_from(["head1", "old"]), st.integers(0, 900),
    st.integers(1, 10_000)), max_size=25, unique_by=lambda r: r.id)


def signature(t):
    return (t.yes, t.no, sorted(b.login for b in t.counted), t.veto_yes)


@given(reviews, st.randoms())
def test_the_outcome_depends_neither_on_order_nor_on_duplicated_events(found, rnd):
    shuffled = list(found) + list(found[: len(found) // 2])  # events delivered twice
    rnd.shuffle(shuffled)
    assert signature(tally(*found)) == signature(tally(*shuffled))


@given(reviews)
def test_stale_dismissed_and_strangers_votes_never_count(found):
    t = tally(*found)
    for ballot in t.counted:
        if ballot.login == "alice":
            continue  # the proposer's implicit yes
        assert ballot.login != "mallory"
        assert ballot.commit == "head1"
        latest = max((r for r in found if r.author.login == ballot.login
                      and r.state.value in ("APPROVED", "CHANGES_REQUESTED", "DISMISSED")
                      and r.submitted_at <= T0 + 10 * HOUR),
                     key=lambda r: (r.submitted_at, r.id))
        assert latest.state.value != "DISMISSED"
        assert ballot.yes == (latest.state.value == "APPROVED")


@given(reviews, logins.filter(lambda l: l not in ("alice", "mallory")))
def test_one_more_yes_on_the_head_never_lowers_the_yes_count(found, who):
    before = tally(*found)
    after = tally(*found, review(who, at=T0 + 9 * HOUR, review_id=99_999))
    assert after.yes >= before.yes


def test_votes_on_a_version_that_comes_back_after_a_push_do_not_count_again():
    # head1, then head2 at 5 hours, then head1 again: bob's yes on the first head1 is gone
    back = replace(OPEN, head_since=T0 + 6 * HOUR, restarts=2,
                   replaced=(("head1", T0 + 5 * HOUR), ("head2", T0 + 6 * HOUR)))
    votes = (review("bob", at=T0 + HOUR), review("carol", at=T0 + 7 * HOUR))
    t = tally_at(GAME, back, proposal(reviews=votes), T0 + 8 * HOUR)
    assert [b.login for b in t.counted] == ["alice", "carol"]
    assert [b.reason for b in t.left_out] == [
        "cast on head1 before a push replaced it; the vote restarted since, and only votes cast "
        "after that count"]


one_vote = st.tuples(st.sampled_from(["alice", "bob", "BOB", "carol", "dave", "erin", "mallory"]),
                     st.sampled_from(["APPROVED", "CHANGES_REQUESTED", "DISMISSED", "COMMENTED"]),
                     st.sampled_from(["head1", "old"]), st.integers(0, 6))


@given(st.lists(one_vote, max_size=14), st.booleans())
def test_the_standings_kept_vote_by_vote_agree_with_a_whole_tally_at_every_moment(votes, active):
    from nomic_ci.core.voting.tally import count_votes, standings
    from nomic_ci.core.voting.votes import votes_cast
    game = GAME
    if active:  # only active players vote, and erin is not one
        players = tuple(replace(p, inactive_since=T0) if p.login == "erin" else p
                        for p in GAME.state.players)
        game = replace(GAME, state=replace(GAME.state, players=players),
                       config=replace(GAME.config, eligible_voters="active-players"))
    p = proposal(reviews=[review(who, state, commit=commit, at=T0 + hour * HOUR)
                          for who, state, commit, hour in votes])
    cast = votes_cast(game, p, OPEN)
    moments = [T0 + hour * HOUR for hour in range(8)]
    for standing in standings(game, OPEN, cast, moments):
        whole = count_votes(game, OPEN, cast, standing.at)
        assert (standing.complete, standing.no, standing.eligible) == (
            whole.complete, whole.no, len(whole.eligible))
