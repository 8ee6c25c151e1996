"""Judgment played by players who want to win or to stop the game (issue 30's hostile
review): each test states what rules 211 and 213 require, with the move that broke it."""

import pytest

from nomic_ci.core.files.judgments import read_judgments
from nomic_ci.core.game import load_game
from nomic_ci.core.players.judgment_replay import course

from builders import new_rule
from tables import GitHubTable, LocalTable

PLAYERS = "alice,bob,carol,dave"
RULE_211 = "rules/211-judgment.md"


@pytest.fixture
def table(suber_table):
    return suber_table  # tests/rulesets/conftest.py


def state_of(t):
    return load_game(t.files()).state


def amended_211(t, old, new):
    text = t.read(RULE_211)
    assert old in text
    return {RULE_211: text.replace(old, new)}


def test_held_in_suber_amending_211_to_no_consent_while_the_turn_waits_begins_the_turn(table):
    """The mover's proposal amends rule 211 so the next turn waits for no consent; the mover
    goes inactive (their turn ends, held by the pending Judgment); the amendment passes: in
    Suber the proposal's end passes the turn under the new rules, so bob's turn begins."""
    t = table()
    t.later().branch("amend", amended_211(t, "consent: majority", "consent: none"),
                     author="alice")
    number = t.propose("alice", "amend", "No consent")
    assert number == 301
    t.later().command("bob", "/judgment Is alice's proposal legal?")
    t.later().command("alice", "/inactive")
    assert state_of(t).judgment.turn_ended is not None  # the turn waits
    for voter in ("bob", "carol", "dave"):
        t.later().vote(number, voter)
    assert "consent: none" in t.read(RULE_211)  # passed
    state = state_of(t)
    assert state.turn == "bob" and state.judgment is None


JUDGMENT_RULE = ("---\nnumber: 21\ntitle: Judgment\nmutable: true\nbindings:\n  judgment:\n"
                 "    judge: preceding\n    consent: {consent}\n    overrule: unanimous\n---\n"
                 "Rule 211 of Suber's initial set, enacted here.\n")


def test_a_turn_that_waits_begins_once_an_amendment_drops_the_consent_it_waited_for(
        tmp_path):
    """'any ruleset may enact it by proposal' (issue 30): Infinite Nomic enacts Judgment;
    while a turn waits for consent, a proposal already in its vote drops the consent. The
    turn waited for a consent the rules no longer asked for, and nothing ended the wait:
    now the next turn begins."""
    t = LocalTable(tmp_path / "g", players="alice,bob,carol,dave,erin",
                   ruleset="infinite-nomic-r7")
    path = "rules/021-judgment.md"
    t.later().branch("enact", {path: JUDGMENT_RULE.format(consent="majority")}, author="alice")
    assert t.propose("alice", "enact") == 1
    for who in ("bob", "carol", "dave", "erin"):
        t.vote(1, who)
    t.later(25).tick()
    assert load_game(t.files()).config.judgment is not None
    t.later().branch("drop", {path: JUDGMENT_RULE.format(consent="none")}, author="carol")
    assert t.propose("carol", "drop") == 2
    mover = state_of(t).turn
    t.later().command("bob" if mover != "bob" else "carol", "/judgment Is the drop legal?")
    t.later().command(mover, "/pass")
    assert state_of(t).judgment.turn_ended is not None, t.out  # the turn waits
    for who in ("alice", "bob", "dave", "erin"):
        t.vote(2, who)
    t.later(25).tick()
    assert load_game(t.files()).config.judgment.consent is None  # passed
    for _ in range(4):
        t.later(25).tick()
    assert state_of(t).judgment is None  # not halted: the waiting turn began, and turns go on
    began = read_judgments(t.files())[-1].steps[-1]
    assert began.did == "next turn" and began.by != mover and began.needs is None


def test_rule_213s_winner_is_the_one_announced_whatever_the_vote_does_meanwhile(table):
    """dave rules `paradox` on alice's move while alice is moving, and the engine announces
    alice will win. bob, the next player, closes alice's vote with his own before the others
    consent: now the same ruling makes bob the winner."""
    t = table()
    propose_rule(t, "alice", 215)
    t.later().command("bob", "/judgment Does proposal 301 break rule 202?")
    t.later().command("dave", "/ruling paradox Rule 202 both allows and forbids it.")
    assert "the first player unable to complete a turn, alice, wins (rule 213)" in t.out
    for voter in ("bob", "carol", "dave"):  # bob hurries the vote to its end
        t.later().vote(301, voter)
    t.later().command("carol", "/consent")
    t.later().command("dave", "/consent")
    state = state_of(t)
    assert state.over
    assert state.winners == ("alice",), state.winners



def test_rule_213s_winner_named_after_the_turn_ended_wins_though_they_go_inactive(table):
    """alice's turn ends and bob's waits; dave rules `paradox`, and the engine announces bob,
    the first player unable to complete a turn, will win. bob then goes inactive before the
    others consent: the game ended with carol the winner, not the player the ruling named
    (rule 213's winner is fixed at the ruling)."""
    t = table()
    propose_rule(t, "alice", 215)
    t.later().command("bob", "/judgment Does proposal 301 break rule 202?")
    for voter in ("bob", "carol", "dave"):
        t.later().vote(301, voter)
    assert state_of(t).judgment.turn_ended is not None  # bob's turn waits
    t.later().command("dave", "/ruling paradox Rule 202 both allows and forbids it.")
    assert "the first player unable to complete a turn, bob, wins (rule 213)" in t.out
    t.later().command("bob", "/inactive")
    for who in ("carol", "dave", "alice"):
        t.later().command(who, "/consent")
    state = state_of(t)
    assert state.over
    assert state.winners == ("bob",), state.winners
    assert t.cli("verify") == 0, t.err

def propose_rule(t, login, number):
    t.later().branch(f"rule-{number}", new_rule(number), author=login)
    return t.propose(login, f"rule-{number}")


def test_the_players_whose_consent_the_waiting_turn_needs_are_told(tmp_path):
    """The Judge never rules; alice's turn ends and bob's waits for consent. Nobody was
    mentioned (the game issue's text changed, and an edit notifies no one), so a griefer who
    invoked Judgment near a turn's end, with an absent Judge, stopped the game silently."""
    t = GitHubTable(tmp_path / "g", players=PLAYERS, ruleset="suber-initial-set")
    try:
        propose_rule(t, "alice", 215)
        t.later().command("bob", "/judgment Is it legal?")
        issue = t.game_issue()
        seen = len(t.fake.world.comments_on(issue))
        for voter in ("bob", "carol", "dave"):
            t.later().vote(301, voter)
        assert state_of(t).judgment.turn_ended is not None
        said = [c.body for c in t.fake.world.comments_on(issue)[seen:]]
        assert any("/consent" in body and "@alice" in body for body in said), said
    finally:
        t.close()


def test_while_a_turn_waits_in_infinite_nomic_only_the_next_turn_waits_not_every_proposal(
        tmp_path):
    """Rule 211: 'the next player may not begin his or her turn without the consent'. In
    Infinite Nomic proposing is no turn (rule 4: any player without a proposal in its vote
    may propose), yet while a turn waits every player's proposal is refused."""
    t = LocalTable(tmp_path / "g", players="alice,bob,carol,dave,erin",
                   ruleset="infinite-nomic-r7")
    t.later().branch("enact", {"rules/021-judgment.md": JUDGMENT_RULE.format(
        consent="majority")}, author="alice")
    t.propose("alice", "enact")
    for who in ("bob", "carol", "dave", "erin"):
        t.vote(1, who)
    t.later(25).tick()
    mover = state_of(t).turn
    asker = "carol" if mover != "carol" else "dave"
    t.later().command(asker, "/judgment Is it legal?")
    t.later().command(mover, "/pass")
    assert state_of(t).judgment.turn_ended is not None
    t.later().branch("other", new_rule(30), author="erin")
    assert t.propose("erin", "other") == 2
    # not refused: it is in its vote, with no record yet, while the next turn still waits
    assert not any(path.startswith("proposals/0002") for path in t.files())
    assert 2 in [o.number for o in state_of(t).open_proposals]
    assert state_of(t).judgment.turn_ended is not None


NASTY = ("@alice @nomic/players look ![pixel](https://evil.example/p.png) <img src=x onerror=1>"
         " | a | b |\n</details>\n# Heading\n- item\n```\ncode\n```\n[click](javascript:alert)"
         " key: value\n  - folded: >\n    text\n")


def test_a_huge_or_marked_up_question_stays_inert_readable_and_replayable(table):
    import re
    t = table()
    propose_rule(t, "alice", 215)
    t.later().command("bob", "/judgment " + "x" * 10_000_000)  # 10 MB
    assert "more than the 5,000 a Judgment keeps" in t.out and len(t.out) < 2000
    assert state_of(t).judgment is None
    question = (NASTY * 60)[:4990]
    t.later().command("bob", "/judgment " + question)
    assert state_of(t).judgment.question.startswith("@alice")
    t.later().command("dave", "/ruling paradox " + NASTY)
    t.later().command("alice", "/overrule " + NASTY * 2000)  # 340 kB: kept to 5,000
    files = t.files()
    pages = {p: files[p] for p in ("judgments/README.md", "state/README.md") if p in files}
    if isinstance(t, GitHubTable):
        world = t.fake.world
        pages["issue"] = world.issues[t.game_issue()].body
        engine = next(u.id for u in world.users.values() if u.login == "nomic-ci[bot]")
        pages["comments"] = "\n".join(c.body for c in world.comments.values()
                                      if c.user_id == engine)
    for where, text in pages.items():
        assert not re.search(r"@(?!\u2060)nomic/", text), where
        assert "![pixel]" not in text and "</details>" not in text.replace(
            "</details>\n", "", text.count("<details>")), where
        assert "<img" not in text and "](https://evil" not in text.replace("\\]", ""), where
    assert len(files["state/game.yaml"]) < 40_000, len(files["state/game.yaml"])
    assert t.cli("verify") == 0, t.err
    assert t.cli("render", "--check") == 0, t.err


def test_a_whole_judgment_written_between_two_runs_plays_as_it_would_one_run_a_comment(
        tmp_path):
    """Every comment of a Judgment, and the votes, come in while the engine does not run
    (a queue of runs, an outage); the one run that reads them plays them in order."""
    t = GitHubTable(tmp_path / "g", players=PLAYERS, ruleset="suber-initial-set")
    try:
        propose_rule(t, "alice", 215)
        issue = t.game_issue()
        script = [("bob", "/judgment Is proposal 301 legal?"), ("dave", "/ruling no: two"),
                  ("alice", "/overrule"), ("bob", "/overrule"), ("carol", "/overrule"),
                  ("carol", "/ruling yes: one"), ("bob", "/overrule"), ("dave", "/consent")]
        for login, text in script:
            t.later(0.1)
            t.fake.add_comment(issue, login, text, created_at=t.now)
        for voter in ("bob", "carol", "dave"):
            t.later(0.1)
            t.fake.add_review(t.pr_of(301), voter, "APPROVED", submitted_at=t.now)
        t.later(0.1)
        t.fake.add_comment(issue, "alice", "/consent", created_at=t.now)
        t.later(0.1)
        t.fake.add_comment(issue, "carol", "/overrule late", created_at=t.now)
        t.later()
        assert t.reconcile() == 0, t.err
        state = state_of(t)
        assert state.turn == "bob" and state.judgment is None
        (record,) = read_judgments(t.files())
        assert [(s.did, s.by) for s in record.steps] == [
            ("ruling", "dave"), ("overrule", "alice"), ("overrule", "bob"),
            ("overrule", "carol"), ("overruled", None), ("ruling", "carol"),
            ("overrule", "bob"), ("consent", "dave"), ("consent", "alice"),
            ("next turn", "bob")], record.steps
        assert t.cli("verify") == 0, t.err
    finally:
        t.close()


def test_flooding_commands_does_not_let_a_turn_begin_past_a_judgment_invoked_before_it(
        tmp_path, monkeypatch):
    monkeypatch.setattr("nomic_ci.reconcile.MAX_COMMANDS_EACH", 20)
    """carol floods cheap commands; bob then invokes Judgment during alice's turn; the vote
    on alice's proposal ends after that. A run that handled so many commands went on with
    decisions without the rest: alice's turn ended and bob's began without the consent rule
    211 requires, and the Judgment was taken as one on bob's turn, judged by alice. Now a
    flood delays only its writer's own commands."""
    t = GitHubTable(tmp_path / "g", players=PLAYERS, ruleset="suber-initial-set")
    try:
        propose_rule(t, "alice", 215)
        issue = t.game_issue()
        for _ in range(50):  # more than a run handles of one player's
            t.fake.add_comment(issue, "carol", "/status", created_at=t.now)
        t.later(0.5)
        t.fake.add_comment(issue, "bob", "/judgment Is proposal 301 legal?", created_at=t.now)
        for voter in ("bob", "carol", "dave"):
            t.later(0.1)
            t.fake.add_review(t.pr_of(301), voter, "APPROVED", submitted_at=t.now)
        t.later()
        assert t.reconcile() == 0, t.err
        t.later()
        assert t.reconcile() == 0, t.err
        state = state_of(t)
        judgment = state.judgment or read_judgments(t.files())[0]
        assert judgment.mover == "alice" and judgment.judge == "dave", (
            judgment.mover, judgment.judge, state.turn)
    finally:
        t.close()


def test_in_a_game_of_two_a_judge_overruled_leaves_no_judge_and_every_answer_says_so(table):
    """Two players: bob judges alice's move, alice overrules him (all the other active
    players, rule 211), and the question passes to the active player preceding him, past
    the one moving: there is none. Each later /ruling and /overrule says so, where they
    named the Judge as "no one"."""
    t = table(players="alice,bob")
    for login, text in (("bob", "/judgment May alice pass?"), ("bob", "/ruling no, she may not"),
                        ("alice", "/overrule")):
        t.later().command(login, text)
    assert state_of(t).judgment is not None
    no_judge = "no player is left to judge Judgment 1: every one who could was overruled " \
               "(rule 211)"
    t.later().command("bob", "/overrule")
    assert f"no ruling stands on Judgment 1 to overrule: {no_judge}" in t.out, t.out
    t.later().command("alice", "/ruling yes")
    assert f"alice is moving, and no player is Judge during their own turn (rule 211); " \
           f"{no_judge}" in t.out, t.out
    t.later().command("bob", "/ruling yes")
    assert no_judge in t.out, t.out


def test_the_administrator_overruling_twice_does_not_escape_the_nullification(table):
    """Rule 211: a nullification restores "the original Judgement" and "the original Judge",
    and voids every ruling of the Judges between. The administrator overrules dave; alice
    votes to nullify; carol, the new Judge, rules, and the administrator overrules her too.
    That dropped alice's vote, and the nullification then restored carol's ruling: by
    overruling again, the administrator put dave's ruling out of the players' reach."""
    t = table(admin="judy")
    propose_rule(t, "alice", 215)
    t.later().command("bob", "/judgment Is proposal 301 legal?")
    t.later().command("dave", "/ruling no: it breaks rule 202")
    t.later().command("judy", "/overrule It lets alice propose twice a turn, for ever.")
    t.later().command("alice", "/nullify")
    t.later().command("carol", "/ruling yes: it does not")
    t.later().command("judy", "/overrule Still wrong.")
    assert "the Judge is now bob" in t.out
    t.later().command("bob", "/nullify")  # with alice's, a majority of the three but dave
    now = course(state_of(t).judgment)
    assert now.judge == "dave" and now.ruling.by == "dave" and now.barred, now
    assert t.cli("verify") == 0, t.err


def test_an_administrators_overrule_edited_to_name_another_judge_is_caught(tmp_path):
    """The administrator overrules dave, and carol, preceding him, judges next. Someone with
    write access edits the pending step to name bob, who would rule as they like: `verify`
    replayed every other step of Judgment but found nothing in this one."""
    t = LocalTable(tmp_path / "g", players=PLAYERS, ruleset="suber-initial-set", admin="judy")
    propose_rule(t, "alice", 215)
    t.later().command("bob", "/judgment Is proposal 301 legal?")
    t.later().command("dave", "/ruling no: it breaks rule 202")
    t.later().command("judy", "/overrule It lets alice propose twice a turn, for ever.")
    assert course(state_of(t).judgment).judge == "carol"
    pending = t.root / "state/game.yaml"  # what `verify` reads: the checkout
    game = pending.read_text()
    assert game.count("judge: carol") == 1
    pending.write_text(game.replace("judge: carol", "judge: bob"))
    assert t.cli("verify") == 1
    assert "the next Judge is another player" in t.err + t.out, t.err + t.out
