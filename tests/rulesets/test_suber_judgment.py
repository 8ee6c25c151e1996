"""Judgment in Suber's initial set (seed 001 rules 211 and 213), played on both forges as
players play it: comments on the game (locally, `nomic-ci command`), proposals and votes.

Each outcome is worked out from the rules' words. Rule 211: "the active player preceding the
one moving is to be the Judge"; "the next player may not begin his or her turn without the
consent of a majority of the other active players"; "may be overruled only by either a
unanimous vote of the other active players taken before the next turn is begun or the server
administrator"; "the active player preceding the Judge in the playing order becomes the new
Judge"; "one Judge settles all questions arising from the game until the next turn is
begun". Rule 213: "if by the Judge's best reasoning, not overruled, a move appears equally
legal and illegal, then the first player unable to complete a turn is the winner".
"""

from dataclasses import replace

import pytest

from nomic_ci.core.files.judgments import read_judgments
from nomic_ci.core.game import load_game
from nomic_ci.core.players.judgment import course

from builders import T0, new_rule
from tables import GitHubTable, LocalTable

PLAYERS = "alice,bob,carol,dave"
ADMIN = "judy"  # the server administrator (rule 114), no player


@pytest.fixture
def table(suber_table):
    return suber_table  # tests/rulesets/conftest.py


def state_of(t):
    return load_game(t.files()).state


def what_counts(t):
    """The game less the engine's bookkeeping of a handled comment: the records and the
    state, which a refused command leaves as they were."""
    files = t.files()
    kept = {path: text for path, text in files.items()
            if not path.startswith("state/") and not path.endswith("README.md")}
    return kept, replace(state_of(t), handled_comments=(), last_change=T0, to_tell=())


def refused(t, login, text, *because):
    """`login` writes `text`; the answer gives each reason in `because`, and nothing in the
    game changes."""
    before = what_counts(t)
    t.later().command(login, text)
    for reason in because:
        assert reason in t.out, t.out
    assert what_counts(t) == before


def game_issue(t) -> tuple[str, list[str]]:
    """The game issue's text and the engine's comments on it, on either forge."""
    if isinstance(t, LocalTable):
        issue = t.forge()["game_issue"]
        return issue["body"], [c["body"] for c in issue["comments"]]
    world = t.fake.world
    number = t.game_issue()
    return world.issues[number].body, [c.body for c in world.comments_on(number)]


def judgment(t):
    return state_of(t).judgment


def propose(t, login, number):
    t.later().branch(f"rule-{number}", new_rule(number), author=login)
    return t.propose(login, f"rule-{number}")


def test_judgment_is_invoked_ruled_overruled_ruled_again_and_the_next_turn_waits_for_consent(
        table):
    t = table()
    first = propose(t, "alice", 215)  # alice is moving: her proposal is her turn (rule 202)
    assert first == 301

    t.later().command("bob", "/judgment Is proposal 301 a legal move?\nRule 202 may forbid it")
    # the active player preceding alice, going round the list: dave
    assert "Judgment 1 is invoked: the Judge is dave, the active player preceding alice, " \
           "who is moving (rule 211)" in t.out
    assert judgment(t).judge == "dave" and judgment(t).by == "bob"
    body, comments = game_issue(t)
    assert "### Judgment 1 is pending (rule 211)\n\n> Is proposal 301 a legal move? Rule 202 " \
           "may forbid it" in body
    assert "on [judgments/README.md](../blob/HEAD/judgments/README.md)" in body
    assert [c for c in comments if "@dave you are the Judge of Judgment 1 (rule 211)" in c]
    refused(t, "carol", "/judgment Is rule 215 mutable?",
            "Judgment 1 is pending: one question at a time, and its Judge, dave, settles the "
            "questions of the game until the next turn begins (rule 211)")
    refused(t, "alice", "/ruling yes it is legal",
            "alice is moving, and no player is Judge during their own turn (rule 211)")
    refused(t, "carol", "/ruling yes", "only the Judge, dave, rules on Judgment 1 (rule 211)")
    refused(t, "bob", "/overrule", "no ruling stands on Judgment 1 to overrule")

    t.later().command("dave", "/ruling no: rule 202 allows one rule-change a turn, and alice "
                              "made two")
    assert "dave rules on Judgment 1: no" in t.out
    refused(t, "dave", "/ruling yes", "dave has ruled on Judgment 1 already")
    refused(t, "dave", "/overrule", "dave is the Judge, and the other active players vote")
    t.later().command("alice", "/overrule")
    assert "1 of the 3 other active players so far; it needs all the other active players " \
           "(3)" in t.out
    refused(t, "alice", "/overrule", "alice has voted to overrule already")
    t.later().command("bob", "/overrule")  # two of three: short of unanimity, dave's stands
    assert course(judgment(t)).judge == "dave" and course(judgment(t)).ruling.verdict == "no"
    t.later().command("carol", "/overrule")  # unanimous: the question passes to carol,
    now = course(judgment(t))  # the active player preceding dave
    assert now.judge == "carol" and now.ruling is None and now.judged == ("dave", "carol")

    t.later().command("carol", "/ruling yes\nOne proposal is in its vote: rule 202 is kept.")
    assert "carol rules on Judgment 1: yes" in t.out
    # the turn ends with alice's proposal, but bob's does not begin without consent
    for voter in ("bob", "carol", "dave"):  # rule 205: every active player votes
        t.later().vote(first, voter)
    assert "outcome: passed" in next(text for path, text in t.files().items()
                                     if path.startswith("proposals/0300-0399/0301-"))
    status = t.status()
    assert status["turn"] == "alice" and status["judgment"]["turn_waits"]
    assert "**alice**'s turn is over" not in t.read("state/README.md")  # the scoreboard
    assert "**Judgment 1 is pending** (rule 211): the Judge is carol" in t.read(
        "state/README.md")
    t.later().branch("eager", new_rule(216), author="bob")
    assert t.propose("bob", "eager") is None  # refused: his turn has not begun
    assert load_game(t.files()).records[-1].reason == (
        "alice's turn is over, and the next begins once the other active players consent, "
        "Judgment 1 being pending (rule 211): propose when your turn begins")
    refused(t, "bob", "/consent", "bob may not consent to their own turn: it waits for the "
                                  "consent of the other active players (rule 211)")
    t.later().command("dave", "/consent")
    assert "1 of the 3 other active players consented to bob's turn; it needs a majority of " \
           "the other active players (2)" in t.out
    assert state_of(t).turn == "alice"
    t.later().command("alice", "/consent")  # a majority of the other three: bob's turn
    state = state_of(t)
    assert state.turn == "bob" and state.turn_started == t.now and state.judgment is None
    body, comments = game_issue(t)
    assert "### Judgment" not in body and "It is **bob**'s turn" in body
    assert [c for c in comments if "@bob it is your turn" in c]

    # the Judgment is recorded, step by step, and listed on the page players read
    (record,) = read_judgments(t.files())
    assert [(s.did, s.by) for s in record.steps] == [
        ("ruling", "dave"), ("overrule", "alice"), ("overrule", "bob"), ("overrule", "carol"),
        ("overruled", None), ("ruling", "carol"), ("consent", "dave"), ("consent", "alice"),
        ("next turn", "bob")]
    assert record.steps[4].judge == "carol" and record.ended == t.now
    page = t.read("judgments/README.md")
    assert "## Judgment 1\n\n> Is proposal 301 a legal move? Rule 202 may forbid it" in page
    assert "| carol | rules **yes**: One proposal is in its vote: rule 202 is kept. |" in page
    assert f"Its record: [{record.path.removeprefix('judgments/')}]" in page
    # a ruling once the next turn has begun is no Judge's any more
    refused(t, "carol", "/ruling no, after all", "no Judgment is pending: Judgment 1 ended",
            "a Judge settles questions only until the next turn begins (rule 211)")
    assert t.cli("verify") == 0, t.err
    assert t.cli("render", "--check") == 0, t.err


def test_a_ruling_that_a_move_is_equally_legal_and_illegal_ends_the_game_by_rule_213(table):
    t = table()
    propose(t, "alice", 215)
    t.later().command("carol", "/judgment Does proposal 301 break rule 202?")
    assert "the Judge is dave" in t.out
    t.later().command("dave", "/ruling paradox Rule 202 both allows and forbids it.")
    assert "If it stands when the others consent to go on, the game ends and the first player " \
           "unable to complete a turn, alice, wins (rule 213)" in t.out
    t.later().command("carol", "/consent")
    assert not state_of(t).over  # one of the three other than bob
    t.later().command("dave", "/consent")  # a majority, and no one overruled it
    state = state_of(t)
    assert state.over and state.winners == ("alice",) and state.ended_at == t.now
    (record,) = read_judgments(t.files())
    assert record.steps[-1].did == "game ended" and record.steps[-1].by == "alice"
    # alice's proposal, still in its vote, is refused: the game is over (rule 301)
    assert "the game ended before its vote finished" in next(
        text for path, text in t.files().items() if path.startswith("proposals/0300-0399/0301-"))
    assert t.cli("verify") == 0, t.err


def test_the_server_administrator_overrules_and_a_majority_nullifies_it(table):
    t = table(admin=ADMIN)
    propose(t, "alice", 215)
    refused(t, ADMIN, "/judgment May the administrator ask?",
            "only a player may invoke Judgment (rule 211")
    if isinstance(t, GitHubTable):  # no player: talk, and no answer
        refused(t, "mallory", "/judgment Who am I?")
        assert t.out.strip() == ""
    else:  # here, the command line refuses to write it
        before = what_counts(t)
        assert t.later().cli("command", "--as", "mallory", "/judgment Who am I?") == 2
        assert "'mallory' is not a player or the Admin" in t.err
        assert what_counts(t) == before
    t.later().command("bob", "/judgment Is proposal 301 legal?")
    refused(t, ADMIN, "/overrule", "no ruling stands on Judgment 1 to overrule")
    t.later().command("dave", "/ruling yes it is")
    refused(t, ADMIN, "/overrule", "the server administrator overrules only a ruling that "
                                   "egregiously conflicts with the rules and would cause "
                                   "lasting damage to the game (rule 211): say how")
    t.later().command(ADMIN, "/overrule It lets alice propose twice a turn, for ever.")
    assert "the Judge is now carol" in t.out
    t.later().command("carol", "/ruling no it is not")
    refused(t, "dave", "/nullify", "dave is the Judge the server administrator overruled")
    t.later().command("bob", "/nullify")
    t.later().command("carol", "/nullify")  # a majority of the three other than dave
    now = course(judgment(t))
    assert now.judge == "dave" and now.ruling.by == "dave" and now.barred  # carol's is void
    refused(t, ADMIN, "/overrule Still wrong.", "may not overrule again this turn (rule 211)")
    # a vote to overrule short of unanimity lapses with the turn: dave's ruling stands
    t.later().command("bob", "/overrule")
    for voter in ("bob", "carol", "dave"):
        t.later().vote(301, voter)
    t.later().command("carol", "/consent")
    t.later().command("dave", "/consent")
    assert state_of(t).turn == "bob"
    (record,) = read_judgments(t.files())
    assert [(s.did, s.by) for s in record.steps][-5:] == [
        ("nullified", None), ("overrule", "bob"), ("consent", "carol"), ("consent", "dave"),
        ("next turn", "bob")]
    assert course(record).ruling.by == "dave" and course(record).overrules == ("bob",)
    assert record.steps[-1].did == "next turn"
    assert t.cli("verify") == 0, t.err


def test_repealing_rule_211_removes_judgment_the_vote_comment_says_so_and_the_turn_goes_on(
        table):
    t = table()
    t.later().command("bob", "/judgment May alice repeal rule 211?")
    t.later().branch("repeal", {"rules/211-judgment.md": None}, author="alice")
    said = "rule 211 repealed: its mechanics (judgment) are removed"
    if isinstance(t, LocalTable):
        assert t.cli("propose", "--as", "alice", "--branch", "repeal", "--title", "No more "
                     "Judgment", "--dry-run") == 0, t.err
        assert f"- {said}" in t.out
    number = t.propose("alice", "repeal", "No more Judgment")
    if isinstance(t, GitHubTable):
        from nomic_ci.text.quoting import quoted
        from nomic_ci.text.vote_comment import MARKER
        sticky = [c.body for c in t.fake.world.comments_on(t.prs["repeal"]) if MARKER in c.body]
        assert f"- {quoted(said, None)}" in sticky[-1]  # as the vote comment quotes it
    for voter in ("bob", "carol", "dave"):
        t.later().vote(number, voter)
    # passed: the rules no longer have Judgment, so nothing holds bob's turn
    state = state_of(t)
    assert state.turn == "bob" and state.judgment is None
    (record,) = read_judgments(t.files())
    assert record.steps[-1].did == "lapsed"
    refused(t, "carol", "/judgment Is this allowed?", "the rules in force have no /judgment "
                                                      "command")
    assert t.cli("verify") == 0, t.err
