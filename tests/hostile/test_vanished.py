"""An issue or a pull request GitHub shows no more (issue 37): deleted by an admin, or hidden
with its author's account when GitHub flags it as spam, as it does to accounts that open
pull requests by the dozen. Every request about it is answered 404. Before, a proposal in
its vote that vanished made every run after stop at its first query, and a message the state
held to tell there made every run stop at telling it: the game halted. Each case plays on the
fake GitHub through the engine's command line, as the workflow runs it."""

from __future__ import annotations

from nomic_ci.core.game import load_game

from tables import GitHubTable, engine_comments, in_its_vote, settle


def test_a_proposal_in_its_vote_that_github_shows_no_more_is_withdrawn_and_the_game_goes_on(
        tmp_path):
    hub, pr = in_its_vote(tmp_path)
    hub.fake.vanish(pr)
    hub.later(1 / 6)
    assert hub.reconcile() == 0, hub.out + hub.err
    game = load_game(hub.files())
    assert game.state.open_proposals == ()
    [record] = game.records
    assert record.key == str(pr) and record.outcome.value == "retracted"
    assert f"GitHub shows #{pr} no more" in hub.out
    assert settle(hub)[-1] == 0
    hub.close()


def test_a_decision_to_tell_on_a_pull_request_github_shows_no_more_halts_no_run(tmp_path):
    hub = GitHubTable(tmp_path, players="alice,bob,carol")
    assert hub.reconcile() == 0
    hub.later().branch("mine", {"rules/150-x.md": "---\nnumber: 150\ntitle: X\nmutable: true"
                                                  "\n---\nMallory wins.\n"}, author="mallory")
    pr = hub.fake.open_pr("mallory", "mine", "Mine", created_at=hub.now)
    talk = hub.game_issue()
    asked = hub.fake.add_comment(talk, "carol", "/pass", created_at=hub.now)
    hub.fake.kill_after(3)  # the refusal committed (a tree, a commit, the branch), not told
    hub.reconcile()
    hub.fake.revive()
    assert [t.on for t in load_game(hub.files()).state.to_tell if t.on == str(pr)]
    hub.fake.vanish(pr)  # mallory's account flagged as spam: the pull request is hidden
    hub.later(1 / 12)
    assert hub.reconcile() == 0, hub.out + hub.err
    assert f"could not tell #{pr} (decision): GitHub shows it no more" in hub.out
    assert load_game(hub.files()).state.to_tell == ()
    assert any(f"reply-{asked}" in b for b in engine_comments(hub, talk))  # the rest told
    assert settle(hub)[-1] == 0
    hub.close()


def test_a_proposal_awaiting_its_fix_that_github_shows_no_more_halts_no_run(tmp_path):
    hub = GitHubTable(tmp_path, players="alice,bob,carol")
    hub.later().branch("sing", {"rules/150-sing.md": "Players may sing.\n"}, author="alice")
    pr = hub.fake.open_pr("alice", "sing", "Singing", created_at=hub.now)
    assert hub.reconcile() == 0, hub.err
    assert [held.key for held in load_game(hub.files()).state.awaiting_fix] == [str(pr)]
    hub.fake.vanish(pr)
    hub.later(1 / 6)
    assert hub.reconcile() == 0, hub.out + hub.err
    assert load_game(hub.files()).state.awaiting_fix == ()
    assert settle(hub)[-1] == 0
    hub.close()
