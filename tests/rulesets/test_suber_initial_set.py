"""Suber's initial set (seed 001), played through the CLI on the local forge.

Each expected outcome is worked out from the seed's rules: 203 (a simple
majority of the eligible voters), 205 and 206 (only active players vote; 36
hours without voting or proposing makes a player inactive, a vote makes them
active again, an inactive player's turn is skipped), 103, 108 and 109
(immutable rules may only be transmuted, by unanimity), 107 (numbers from
301), 209 (at most two resubmissions), 214 (joining).
"""

import pytest

from nomic_ci.core.game import load_game

from builders import by_name, new_rule
from tables import LocalTable


@pytest.fixture
def t(tmp_path):
    return LocalTable(tmp_path / "g", players="alice,bob,carol", ruleset="suber-initial-set")


def record(t, number):
    """The record of proposal `number`, or with None the latest refusal (refusals have none)."""
    prefix = f"proposals/{number:04d}-" if number is not None else "proposals/refused-"
    return [text for path, text in sorted(t.files().items())
            if by_name(path).startswith(prefix)][-1]


def join_record(t, login):
    """The record of `login`'s request to join: it has no number (rule 107)."""
    return next(text for path, text in sorted(t.files().items())
                if by_name(path).startswith(("proposals/request-", "proposals/refused-"))
                and f"author: {login}\n" in text)


def players(t):
    return {p["login"] for p in t.status()["players"]}


def test_proposals_are_numbered_from_301_and_pass_by_a_simple_majority(t):
    t.later().branch("kind", new_rule(215), author="alice")
    assert t.propose("alice", "kind") == 301
    t.later().vote(301, "bob")
    t.later().vote(301, "carol", yes=False)  # all three voted: 2 of 3 is a majority
    assert "outcome: passed" in record(t, 301)
    assert t.status()["turn"] == "bob"


def test_an_immutable_rule_may_only_be_transmuted_and_that_needs_unanimity(t):
    rule101 = t.read("rules/101-obey-the-rules.md")
    t.later().branch("amend", {"rules/101-obey-the-rules.md": rule101 + "\nAlso be nice.\n"})
    assert t.propose("alice", "amend") is None  # not properly made, so no number
    [held] = load_game(t.files()).state.awaiting_fix  # a fix may make it a transmutation
    assert "rule 101 is immutable (rule 103): it may not be amended" in held.reason
    # a transmutation changes only `mutable`
    t.later().branch("transmute", {"rules/101-obey-the-rules.md": rule101.replace(
        "mutable: false", "mutable: true")})
    number = t.propose("alice", "transmute")
    assert number == 301  # the next number goes to the next proper proposal (rule 107)
    t.later().vote(number, "bob")
    t.later().vote(number, "carol", yes=False)  # 2 of 3 is no unanimity (rule 108)
    text = record(t, number)
    assert "outcome: failed" in text and "unanimity of the eligible voters" in text
    assert "mutable: false" in t.read("rules/101-obey-the-rules.md")


def test_inactive_players_do_not_vote_and_lose_their_turns(t):
    # alice proposes; carol never votes: 36 hours after the vote started she is inactive,
    # and with her out of the count every eligible voter has voted
    t.later().branch("one", new_rule(215), author="alice")
    first = t.propose("alice", "one")
    t.later().vote(first, "bob")
    t.later(40).tick()
    status = t.status()
    assert status["proposals"][0]["state"] == "passed" and status["turn"] == "bob"
    assert "(inactive since" in t.read("state/README.md")
    # bob proposes; carol votes, so she is active again and her vote counts (rule 206)
    t.later().branch("two", new_rule(216), author="bob")
    second = t.propose("bob", "two")
    t.later().vote(second, "carol", yes=False)
    t.later().vote(second, "alice", yes=False)
    assert "outcome: failed" in record(t, second)  # bob's yes against two noes
    assert t.status()["turn"] == "carol"
    # carol does not propose for 36 hours: inactive, and the turn passes at once
    t.later(37).tick()
    assert t.status()["turn"] == "alice"


def test_a_proposal_resubmitted_a_third_time_in_a_turn_is_refused(t):
    t.later().branch("idea", new_rule(215), author="alice")
    number = t.propose("alice", "idea")
    for version in range(1, 4):
        t.later().branch("idea", new_rule(215, f"Version {version}."), author="alice")
        t.later().tick()
    assert "resubmitted more than 2 times this turn (rule 209)" in record(t, number)


def test_joining_without_objection_and_after_one(t):
    roster = t.read("state/players.yaml")
    t.later().branch("dave", {"state/players.yaml": roster + (
        "  - login: dave\n    id: null\n    points: 0\n")}, author="dave")
    assert t.propose("dave", "dave", "Dave joins") is None  # no rule-change: no number
    t.later(25).tick()  # 24 hours with no objection (rule 214)
    assert "dave" in players(t) and "outcome: passed" in join_record(t, "dave")
    assert t.status()["turn"] == "alice"  # joining is not a turn
    roster = t.read("state/players.yaml")
    t.later().branch("erin", {"state/players.yaml": roster + (
        "  - login: erin\n    id: null\n    points: 0\n")}, author="erin")
    assert t.propose("erin", "erin", "Erin joins") is None
    t.later().vote("erin", "bob", yes=False)  # an objection starts a 24-hour vote, on the
    t.later().vote("erin", "carol")           # request named by its branch
    t.later(25).tick()
    text = join_record(t, "erin")
    assert "outcome: failed" in text and "a player objected" in text
    assert "erin" not in players(t)


def test_someone_else_is_refused_unless_all_they_do_is_join(t):
    t.later().branch("sneak", new_rule(215), author="mallory")
    assert t.propose("mallory", "sneak") is None
    assert "to join, propose only adding yourself" in record(t, None)
    assert t.status()["proposals"][0]["number"] is None


def test_players_declare_themselves_inactive_and_active_by_command(t):
    t.later().command("carol", "/inactive")
    assert "carol is inactive now" in t.out
    assert "(inactive since" in t.read("state/README.md")
    t.later().command("carol", "/inactive")
    assert "carol is already inactive" in t.out
    t.later().command("carol", "/active")
    assert "carol is active again" in t.out
    # a stranger's command and talk would be just talk, which no one reads here: refused,
    # and nothing written
    before = t.files()
    for login, text, why in (("mallory", "/active", "'mallory' is not a player"),
                             ("bob", "just chatting", "'just chatting' is not a command")):
        assert t.later().cli("command", "--as", login, text) == 2 and why in t.err
    assert t.files() == before
    # a command these rules do not have is answered with the ones they do
    t.later().command("bob", "/pass")
    assert "the rules in force have no /pass command; the commands are /active, /inactive, " \
           "/judgment, /consent, /ruling, /overrule, /nullify, /use, /move, /gather, /trade, " \
           "/accept, /decline, /profession, /craft, /claim, " \
           "/upgrade, /help, /status" in t.out


def test_a_request_to_join_may_not_change_after_it_is_made(t):
    roster = t.read("state/players.yaml")
    t.later().branch("dave", {"state/players.yaml": roster + (
        "  - login: dave\n    id: null\n    points: 0\n")}, author="dave")
    t.propose("dave", "dave", "Dave joins")
    t.later().branch("dave", {"state/players.yaml": roster + (
        "  - login: dave\n    id: null\n    points: 1000\n")}, author="dave")
    t.later(30).tick()
    assert "a request to join may not change after it is made" in join_record(t, "dave")
    assert "dave" not in players(t)


def test_a_mutable_rule_cannot_demote_the_immutable_rules(t):
    sneaky = ("---\nnumber: 50\ntitle: Sneaky\nmutable: true\nbindings:\n"
              "  precedence: lowest-number\n  transmutation_needs: majority\n---\nHa.\n")
    t.later().branch("sneak", {"rules/050-sneaky.md": sneaky}, author="alice")
    number = t.propose("alice", "sneak")
    t.later().vote(number, "bob")
    t.later().vote(number, "carol")
    assert "outcome: passed" in record(t, number)
    # still unanimity for a transmutation: rule 108 is immutable and wins (rule 109)
    rule101 = t.read("rules/101-obey-the-rules.md")
    t.later().branch("transmute", {"rules/101-obey-the-rules.md": rule101.replace(
        "mutable: false", "mutable: true")}, author="bob")
    number = t.propose("bob", "transmute")
    t.later().vote(number, "alice")
    t.later().vote(number, "carol", yes=False)
    text = record(t, number)
    assert "outcome: failed" in text and "unanimity of the eligible voters" in text


def test_the_turn_stays_with_the_next_player_when_a_proposer_goes_inactive(t):
    t.later().branch("one", new_rule(215), author="alice")
    number = t.propose("alice", "one")
    t.later().command("alice", "/inactive")  # her turn ends at once: bob's turn
    assert t.status()["turn"] == "bob"
    t.later().vote(number, "bob")
    t.later().vote(number, "carol")  # alice's proposal is decided; the turn stays bob's
    assert "outcome: passed" in record(t, number)
    assert t.status()["turn"] == "bob"


def test_a_new_player_is_seated_before_the_current_player_even_if_the_list_changed(t):
    roster = t.read("state/players.yaml")
    t.later().branch("dave", {"state/players.yaml": roster + (
        "  - login: dave\n    id: null\n    points: 0\n")}, author="dave")
    t.propose("dave", "dave", "Dave joins")
    t.later().command("carol", "/inactive")  # the players file changes during the window
    t.later(25).tick()
    assert "outcome: passed" in join_record(t, "dave")
    status = t.status()
    order = [p["login"] for p in status["players"]]
    assert order.index("dave") == order.index(status["turn"]) - 1  # rule 201


def test_a_unanimous_transmutation_makes_a_rule_mutable_and_then_amendable(t):
    rule112 = t.read("rules/112-self-reference.md")
    t.later().branch("transmute", {"rules/112-self-reference.md": rule112.replace(
        "mutable: false", "mutable: true")}, author="alice")
    number = t.propose("alice", "transmute")
    t.later().vote(number, "bob")
    t.later().vote(number, "carol")
    assert "outcome: passed" in record(t, number)
    amended = t.read("rules/112-self-reference.md") + "\nAmended.\n"
    t.later().branch("amend", {"rules/112-self-reference.md": amended}, author="bob")
    number = t.propose("bob", "amend")
    t.later().vote(number, "alice")
    t.later().vote(number, "carol", yes=False)  # a simple majority is enough now (rule 203)
    assert "outcome: passed" in record(t, number)
    assert t.read("rules/112-self-reference.md").endswith("Amended.\n")


def test_a_vote_may_be_changed_until_the_decision(t):
    t.later().branch("one", new_rule(215), author="alice")
    number = t.propose("alice", "one")
    t.later().vote(number, "bob", yes=False)
    t.later().vote(number, "bob")  # rule 208: bob changes his mind; his latest vote counts
    t.later().vote(number, "carol", yes=False)
    text = record(t, number)
    assert "outcome: passed" in text and "2 yes, 1 no" in text


def test_a_proposal_while_another_is_in_its_vote_is_refused_citing_rule_202(t):
    # rule 202: "One turn consists of proposing one rule-change and having it voted on"
    t.later().branch("one", new_rule(215), author="alice")
    first = t.propose("alice", "one")
    t.later().command("alice", "/inactive")  # her turn ends (rule 206): bob's turn
    t.later().branch("two", new_rule(216), author="bob")
    assert t.propose("bob", "two") is None
    assert (f"proposal {first} is still in its vote; one proposal a turn (rule 202)"
            in record(t, None))


def join_request(t, login):
    roster = t.read("state/players.yaml")
    t.later().branch(login, {"state/players.yaml": roster + (
        f"  - login: {login}\n    id: null\n    points: 0\n")}, author=login)
    assert t.propose(login, login, f"{login} joins") is None  # rule 107: no number
    return login  # its branch, which names it


def test_after_an_objection_joining_needs_a_majority_of_the_votes_cast(tmp_path):
    # rule 214: "If there is a majority vote in favor after 24 hours of the start of the
    # vote, that player will join": of the votes cast (rule 203 says "of eligible voters",
    # rule 214 does not). Two for, one against, one silent of four: erin joins, though two
    # is no majority of the four eligible voters
    t = LocalTable(tmp_path / "g", players="alice,bob,carol,dave", ruleset="suber-initial-set")
    erin = join_request(t, "erin")
    t.later().vote(erin, "bob", yes=False)  # the objection starts the vote
    t.later().vote(erin, "carol")
    t.later().vote(erin, "dave")
    t.later(24).tick()
    text = join_record(t, erin)
    assert "outcome: passed" in text and "2 yes, 1 no of 4 eligible" in text
    assert "more yes votes than no votes after an objection (rule 214)" in text
    assert "erin" in players(t)
    # a tie is no majority in favor: the objector's no against one yes keeps frank out
    frank = join_request(t, "frank")
    t.later().vote(frank, "bob", yes=False)
    t.later().vote(frank, "carol")
    t.later(25).tick()
    assert "outcome: failed" in join_record(t, frank) and "frank" not in players(t)


@pytest.mark.parametrize("proposes", [True, False])
def test_a_player_kept_from_proposing_by_a_vote_is_not_made_inactive_for_not_proposing(
        t, proposes):
    # rule 206 makes inactive a player "that [has] not made a proposal after 36 hours of the
    # start of their turn"; but rule 202 keeps bob from proposing while alice's proposal is
    # in its vote, so those hours count only from the end of that vote (and do count then:
    # a turn cannot stall on him)
    t.later().branch("one", new_rule(215), author="alice")
    first = t.propose("alice", "one")                      # T0+1h
    t.later().command("alice", "/inactive")                # T0+2h: bob's turn starts
    assert t.status()["turn"] == "bob"
    t.later(18).branch("one", new_rule(215, "Again."), author="alice")
    t.tick()                                               # T0+20h: resubmitted (rule 209),
    t.later().vote(first, "bob")                           # its vote restarts until T0+56h
    t.later(19).tick()                                     # T0+40h: 38 hours into bob's turn
    status = t.status()
    assert status["turn"] == "bob" and "bob" in active(t)
    t.later(16).tick()                                     # T0+56h: carol never voted
    assert "outcome: passed" in record(t, first)
    assert active(t) == {"bob"} and t.status()["turn"] == "bob"
    if proposes:
        t.later(35).branch("two", new_rule(216), author="bob")  # 35 hours after the vote
        assert t.propose("bob", "two") == first + 1
        assert "bob" in active(t)
    else:
        t.later(37).tick()                                 # 37 hours after it: too late
        assert "bob" not in active(t)


def active(t):
    return {p.login for p in load_game(t.files()).state.players if p.active}


END_RULE = ("---\nnumber: {n}\ntitle: The End\nmutable: true\nbindings:\n"
            "  ends_at: 2026-05-03T00:00:00Z\n---\n{text}The game ends on May 3rd; the "
            "highest score wins.\n")


@pytest.mark.parametrize("number, void", [(215, True), (211, False)])
def test_a_mutable_rule_that_changes_how_to_win_is_void_where_rule_212_takes_precedence(
        t, number, void):
    # rule 212: "The state of affairs that constitutes winning may not be altered from
    # achieving n points to any other state of affairs"; rule 210: of two mutable rules in
    # conflict, "the rule with the lowest ordinal number takes precedence". A new rule 215
    # that ends the game on a date is void; rule 211, amended to say it, takes precedence
    if number == 211:
        path = "rules/211-judgment.md"
        old = t.read(path)
        files = {path: old.replace("bindings:\n", "bindings:\n"
                                   "  ends_at: 2026-05-03T00:00:00Z\n")}
    else:
        files = {"rules/215-the-end.md": END_RULE.format(n=215, text="")}
    t.later().branch("end", files, author="alice")
    first = t.propose("alice", "end")
    t.later().vote(first, "bob")
    t.later().vote(first, "carol")
    assert "outcome: passed" in record(t, first)
    t.later(48).tick()  # past May 3rd
    status = t.status()
    assert status["over"] is not void


def test_a_request_to_join_is_no_rule_change_and_takes_no_number(t):
    # rule 107: "each rule-change proposed in the proper way shall receive the next
    # successive integer", from 301; a request to join (rule 214) is no rule-change (103)
    dave = join_request(t, "dave")
    assert t.status()["proposals"][0]["number"] is None
    t.later().branch("one", new_rule(215), author="alice")
    assert t.propose("alice", "one") == 301  # while dave's request is open
    t.later(24).tick()
    assert "dave" in players(t) and "number: null" in join_record(t, dave)
    assert t.cli("vote", "301", "--as", "bob", "--yes") == 0
    assert "bob votes yes on proposal 301" in t.out
    assert t.cli("vote", dave, "--as", "bob", "--yes") == 2  # decided: no longer in its vote
    assert "there is no proposal dave in its vote" in t.err
    assert t.cli("verify") == 0, t.err


def test_on_github_a_request_to_join_takes_no_number_and_its_vote_shows_it(tmp_path):
    from nomic_ci.text.vote_comment import MARKER
    from tables import ENGINE, GitHubTable
    t = GitHubTable(tmp_path / "gh", players="alice,bob,carol", ruleset="suber-initial-set")
    try:
        roster = t.read("state/players.yaml")
        t.branch("mallory", {"state/players.yaml": roster + (
            "  - login: mallory\n    id: 9999\n    points: 0\n")}, author="mallory")
        assert t.propose("mallory", "mallory", "Mallory joins") is None  # rule 107
        sticky = [c.body for c in t.fake.world.comments_on(t.prs["mallory"])
                  if t.fake.world.users[c.user_id].login == ENGINE and MARKER in c.body]
        assert sticky and "### The request to join: where the vote stands" in sticky[-1]
        # what it needs is rule 214's terms, not "cannot pass": on its pull request and on
        # the scoreboard, with the end of its window
        assert "It needs no objection (rule 214); after one, more yes votes than no votes " \
               "(rule 214)." in sticky[-1] and "cannot pass" not in sticky[-1]
        assert "It is decided at 2026-05-02 12:00 UTC.\nA push refuses it" in sticky[-1]
        assert ("| The request to join by mallory: Mallory joins ([#1](../../../pull/1)) | "
                "mallory | 0 | 0 | alice, bob, carol | no objection \\(rule 214\\); after one, "
                "more yes votes than no votes \\(rule 214\\) | 2026-05-01 12:00 UTC | "
                "2026-05-02 12:00 UTC |") in t.read("state/README.md")
        t.later().branch("one", new_rule(215), author="alice")
        assert t.propose("alice", "one") == 301
        t.fake.add_review(t.prs["mallory"], "bob", "CHANGES_REQUESTED", submitted_at=t.now)
        t.later(25).tick()  # bob's objection: one no, and alice's and carol's silence
        assert "mallory" not in {p["login"] for p in t.status()["players"]}
        assert "The request to join by mallory ('Mallory joins') failed" in t.out
    finally:
        t.close()
