"""A passed proposal that amends a rule something in the game already rests on: the points
every player started with. Each case plays through the engine's command line, locally and on
the fake GitHub with `github reconcile`, and then `nomic-ci verify`, as any player may run it."""

from __future__ import annotations

import pytest

from nomic_ci.core.game import load_game
from nomic_ci.text.score_chart import score_history

from tables import GitHubTable, LocalTable

POINTS = "rules/102-points.md"


@pytest.fixture(params=["local", "github"])
def table(request, tmp_path):
    if request.param == "local":
        yield LocalTable(tmp_path / "g", players="alice,bob,carol")
        return
    hub = GitHubTable(tmp_path / "g", players="alice,bob,carol")
    yield hub
    hub.close()


def test_amending_the_starting_points_leaves_the_scores_explained(table):
    """Seed 002 rule 102: "All players begin with 0 points". alice proposes they begin with
    50; it passes. Who has begun keeps the points they have (the engine gives no one 50), and
    the records must still explain them: before, every `nomic-ci verify` after the merge said
    each player's points disagreed with the records by 50 (the ledger read every player's
    start from the rule in force now), a fault no player made; and recording the difference as
    points the proposal set would draw on the score chart a step no score took."""
    t = table
    amended = t.read(POINTS).replace("starting_points: 0", "starting_points: 50")
    assert amended != t.read(POINTS)
    t.later().branch("fifty", {POINTS: amended}, author="alice")
    assert t.propose("alice", "fifty") == 1
    t.vote(1, "bob")
    t.vote(1, "carol")
    t.later().tick()
    game = load_game(t.files())
    assert game.records[0].outcome.value == "passed" and game.config.starting_points == 50
    before = {p.login: p.points for p in game.state.players}
    assert before["bob"] == before["carol"] == 0  # no one was given the new start
    assert dict(game.records[0].points_stated) == {}  # nor did the proposal set anyone's
    history = score_history(game)  # the chart draws no step no score took
    assert history is not None and set(history.series["bob"]) == {0}
    assert t.cli("verify") == 0, t.err
    t.later().branch("next", {"rules/150-rule-150.md": "---\nnumber: 150\ntitle: Next\n"
                              "mutable: true\n---\nA rule.\n"}, author="bob")
    assert t.propose("bob", "next") == 2  # bob's turn, his roll on top of what he had
    assert t.cli("verify") == 0, t.err


def test_a_new_start_an_admin_merged_by_hand_leaves_the_scores_explained(tmp_path):
    """On GitHub an admin may merge a pull request before its vote ends (or a run may stop
    between a merge and its record): the next run finds the new start already in the files it
    read. The start the players began with is then the commit's it was merged onto, as for
    the Cop Car (`MergeResult.before`); before, nothing was recorded, and verify said every
    player's points disagreed with the records by 50."""
    hub = GitHubTable(tmp_path / "g", players="alice,bob,carol")
    amended = hub.read(POINTS).replace("starting_points: 0", "starting_points: 50")
    hub.later().branch("fifty", {POINTS: amended}, author="alice")
    assert hub.propose("alice", "fifty") == 1
    hub.vote(1, "bob")
    hub.later().fake.backend.merge(hub.fake.pull(hub.prs["fifty"]), None, "merge", None, None)
    hub.tick()
    assert "merged on the forge by someone other than the engine" in hub.out
    game = load_game(hub.files())
    assert game.config.starting_points == 50
    assert {p.login: p.points for p in game.state.players}["bob"] == 0
    assert dict(game.records[0].points_began) == {"alice": -50, "bob": -50, "carol": -50}
    assert hub.cli("verify") == 0, hub.err
    hub.close()
