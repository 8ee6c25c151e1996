"""A run killed right after any one of its writes: the next run repairs everything players see.

The fake GitHub carries out the first n writes of the deciding run and then answers
nothing more, as if the runner died there. A normal run afterwards must leave the
game and its pull request exactly as an unbroken run would: the same files, PR
state, labels, commit status and comments, the decision told exactly once.
"""

import json
import re

import pytest

from nomic_ci.forges.githubforge import GitHubForge

from tables import ENGINE, GitHubTable
from builders import new_rule
from github_games import GAMES, open_proposal


def view(hub, pr):
    """Everything a player can see of the game and of the proposal."""
    pull = hub.fake.pull(pr)
    head = hub.fake.backend.head_sha(pull)
    latest = {}
    for status in hub.fake.world.statuses:  # oldest first: the last one per context shows
        if status.sha == head:
            latest[status.context] = (status.state, status.description)
    comments = [c.body for c in hub.fake.world.comments_on(pr)
                if hub.fake.world.users[c.user_id].login == ENGINE]
    files = {p: t for p, t in hub.files().items() if p.startswith(("rules/", "state/", "proposals/"))}
    # the engine's count of its writes is no player's to see, and a killed run counts none
    files["state/game.yaml"] = re.sub(r"(?m)^writes: .*\n", "", files["state/game.yaml"])
    game = [(i.state, i.body, i.pinned, sorted(i.labels),
             [c.body for c in hub.fake.world.comments_on(i.number)])
            for i in hub.fake.world.issues.values()]  # the game issue: one, told once
    return {"state": pull.state, "merged": pull.merged, "labels": sorted(pull.labels),
            "status": latest, "comments": comments, "files": files, "game issue": game}


def opening_game(hub):
    return open_proposal(hub)  # the run that first sees it numbers it and shows its vote


def command_game(hub):
    pr = open_proposal(hub, files=new_rule(215))
    assert hub.reconcile() == 0
    hub.later().fake.add_comment(pr, "carol", "/inactive\nback next week")
    return pr


def question_game(hub):
    """Questions and a refusal, which change nothing, around a command that changes the game:
    each answered once, in the order written, whatever write the run stops after."""
    pr = open_proposal(hub, files=new_rule(215))
    assert hub.reconcile() == 0
    hub.later()
    for login, text in (("bob", "/status"), ("carol", "/inactive"), ("alice", "/stauts")):
        hub.fake.add_comment(pr, login, text)
    return pr


KILLED = {**GAMES, "opening": opening_game, "command": command_game, "question": question_game}
RULESETS = {"command": "suber-initial-set", "question": "suber-initial-set"}


def before_the_run(tmp_path, game):
    """The game one run away from its decision; each run below plays on a copy of it."""
    hub = GitHubTable(tmp_path / game, players="alice,bob,carol",
                      ruleset=RULESETS.get(game, "default"))
    pr = KILLED[game](hub)
    hub.later()
    return hub, pr


def deciding_run(before, root, kill_after=None):
    hub = before.copy(root)
    hub.fake.clear_requests()
    if kill_after is not None:
        hub.fake.kill_after(kill_after)
    hub.reconcile()
    writes = len([r for r in hub.fake.writes() if not r.faulted])
    return hub, writes


def sent(hub) -> list[tuple[str, str, str]]:
    """The requests a table's fake received, its address named alike in each (a link to a
    comment, in a status, names the fake it was made on)."""
    return [(r.method, r.path, json.dumps(r.body).replace(hub.fake.backend.urls.root, "ROOT"))
            for r in hub.fake.requests]


def test_a_copied_table_plays_on_alone_from_where_its_original_was(tmp_path):
    """The kill tests play each run on a copy of one game: a copy must run as the game would
    have (the same view, the same requests), and change nothing of the original's."""
    before, pr = before_the_run(tmp_path, "passing")
    untouched = (view(before, pr), before.fake.branch_sha("main"))
    first, second = before.copy(tmp_path / "first"), before.copy(tmp_path / "second")
    assert first.reconcile() == 0 and first.fake.pull(pr).merged
    assert second.reconcile() == 0
    assert view(second, pr) == view(first, pr)
    assert sent(second) == sent(first)
    assert (view(before, pr), before.fake.branch_sha("main")) == untouched
    for hub in (first, second, before):
        hub.close()


@pytest.mark.parametrize("game", sorted(KILLED))
def test_a_run_killed_after_any_write_is_repaired_by_the_next(tmp_path, game):
    before, pr = before_the_run(tmp_path, game)
    clean, writes = deciding_run(before, tmp_path / "clean")
    expected = view(clean, pr)
    clean.close()
    assert writes >= 3
    for n in range(1, writes):
        hub, done = deciding_run(before, tmp_path / f"killed-{n}", kill_after=n)
        assert done == n and hub.code != 0, f"the run was not killed after write {n}"
        hub.fake.revive()
        hub.reconcile()
        hub.reconcile()
        assert view(hub, pr) == expected, f"killed after write {n} of {writes}"
        hub.fake.clear_requests()
        assert hub.reconcile() == 0 and hub.fake.writes() == [], f"after write {n}"
        hub.close()
    before.close()


def comments_marked(hub, pr, mark):
    return [c for c in hub.fake.world.comments_on(pr) if mark in c.body]


@pytest.mark.parametrize("step", ["publish", "tell"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_two_runs_at_once_tell_a_decision_once(tmp_path, monkeypatch, game, step):
    """A second run starts and finishes while the first is about to publish its decision, or
    about to tell it: the decision is recorded once and told once."""
    before, pr = before_the_run(tmp_path, game)
    clean, _ = deciding_run(before, tmp_path / "clean")
    expected = view(clean, pr)
    clean.close()
    hub = before.copy(tmp_path / "racing")
    before.close()
    real = getattr(GitHubForge, step)
    raced = []

    def racing(forge, *args):
        if not raced and (step == "tell" or forge._pending):
            raced.append(True)
            assert hub.reconcile() == 0  # the other run, from start to end
        return real(forge, *args)

    monkeypatch.setattr(GitHubForge, step, racing)
    assert hub.reconcile() == 0  # the branch moved under it: it read the game again
    monkeypatch.undo()
    assert raced
    assert len(comments_marked(hub, pr, "<!-- nomic-ci:decision -->")) == 1
    assert view(hub, pr) == expected
    hub.close()


def test_two_runs_at_once_answer_a_question_once(tmp_path, monkeypatch):
    """A question is recorded nowhere but in its answer: a second run that answers it while
    the first is about to does not make the first answer it again, and neither commits."""
    hub = GitHubTable(tmp_path / "racing", players="alice,bob,carol")
    pr = open_proposal(hub)
    assert hub.reconcile() == 0
    tip = hub.fake.branch_sha("main")
    hub.later().fake.add_comment(pr, "bob", "/status")
    real, raced = GitHubForge.tell, []

    def racing(forge, message):
        if not raced:
            raced.append(True)
            assert hub.reconcile() == 0  # the other run, from start to end
        return real(forge, message)

    monkeypatch.setattr(GitHubForge, "tell", racing)
    assert hub.reconcile() == 0
    monkeypatch.undo()
    assert raced and hub.fake.branch_sha("main") == tip
    (answer,) = [c for c in hub.fake.world.comments_on(pr) if "nomic-ci:reply-" in c.body]
    assert "it is alice's turn" in answer.body
    hub.fake.clear_requests()
    assert hub.later(30).reconcile() == 0 and hub.fake.writes() == []
    hub.close()
