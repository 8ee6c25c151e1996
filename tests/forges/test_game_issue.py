"""The game issue, on the local forge and on (fake) GitHub: whose turn, what is in its vote,
the next deadlines; and the mentions, each once: the player whose turn begins, the voters
whose votes a push undid, the voters missing some hours before a vote closes."""


import pytest

from nomic_ci.forges.githubforge import GAME_LABEL
from nomic_ci.text.game_issue import MARKER

from builders import new_rule
from tables import ENGINE, GitHubTable, LocalTable


@pytest.fixture(params=[LocalTable, GitHubTable], ids=["local", "github"])
def table(request, tmp_path):
    made = request.param(tmp_path / "game", players="alice,bob,carol")
    yield made
    if hasattr(made, "close"):
        made.close()


def game_issue(t) -> tuple[str, list[str]]:
    """The game issue's text and the engine's comments on it (but the first: the local
    table's game, made by init, tells its players it has begun, as test_play tests)."""
    if isinstance(t, LocalTable):
        issue = t.forge()["game_issue"]
        return issue["body"], [c["body"] for c in issue["comments"]
                               if "the game has begun" not in c["body"].lower()]
    world = t.fake.world
    [issue] = [i for i in world.issues.values() if GAME_LABEL in i.labels]  # one, ever
    assert world.users[issue.user_id].login == ENGINE and issue.pinned
    return issue.body, [c.body for c in world.comments_on(issue.number)]


def mentioning(comments, *logins):
    return [c for c in comments if all(f"@{login}" in c for login in logins)]


def test_the_game_issue_tells_each_event_once(table):
    t = table
    t.later().branch("idea", new_rule(201))
    number = t.propose("alice", "idea")
    body, comments = game_issue(t)
    assert body.startswith(MARKER) and "| 1: A proposal" in body and "alice" in body
    t.vote(number, "bob")
    # alice pushes a new version: bob's vote no longer counts, and he is told so, once
    t.later().branch("idea", new_rule(201, "A better rule."))
    t.tick()
    t.later().tick()
    _, comments = game_issue(t)
    [undone] = [c for c in comments if "no longer count" in c]
    assert "@bob" in undone and "@carol" not in undone and "@alice" not in undone
    # 12 hours before the vote closes (48 h after the push), bob and carol have not voted
    t.later(34).tick()  # 13 hours before: not yet
    assert mentioning(game_issue(t)[1], "bob", "carol") == []
    t.later(1).tick()
    t.later(1).tick()
    [reminder] = [c for c in game_issue(t)[1] if "your vote is not in yet" in c]
    assert "@bob" in reminder and "@carol" in reminder and "@alice" not in reminder
    # the vote closes: the turn passes to bob, who is told, once
    t.later(12).tick()
    t.later().tick()
    body, comments = game_issue(t)
    [turn] = [c for c in comments if "it is your turn" in c]
    assert turn.startswith("@bob ") if isinstance(t, LocalTable) else "\n@bob " in turn
    assert "It is **bob**'s turn" in body and "No proposal is in its vote." in body
    assert len(comments) == 3  # the push, the reminder, the turn: nothing told twice


def test_a_token_that_may_not_pin_still_keeps_the_game_issue(tmp_path):
    t = GitHubTable(tmp_path / "g", players="alice,bob")
    t.fake.world.pinning_allowed = False
    t.later().branch("idea", new_rule(201))
    t.propose("alice", "idea")
    [issue] = t.fake.world.issues.values()
    assert not issue.pinned and MARKER in issue.body
    assert "could not pin the game issue" in t.summary.read_text()
    t.fake.world.pinning_allowed = True  # the App is installed: a change a day on pins it
    t.later(24).vote(1, "bob")
    assert issue.pinned and len(t.fake.world.issues) == 1
    t.close()


def test_a_suber_player_is_warned_before_rule_206_makes_them_inactive(tmp_path):
    """Seed 001 rule 206: 36 hours after a vote starts, or a turn begins, who has not voted or
    proposed becomes inactive; 12 hours before (`remind_before`), the game issue warns them,
    once, and the turn's player that their turn ends too."""
    t = LocalTable(tmp_path / "g", players="alice,bob,carol", ruleset="suber-initial-set")
    t.later().branch("idea", new_rule(215), author="alice")
    assert t.propose("alice", "idea") == 301
    t.vote(301, "bob")
    t.later(22).tick()  # 13 hours before: not yet
    assert mentioning(game_issue(t)[1], "carol") == []
    t.later(1).tick()
    t.later(1).tick()
    [warning] = mentioning(game_issue(t)[1], "carol")
    assert "you become inactive at 2026-05-03 01:00 UTC (in 12 h) unless you vote on proposal 301 " \
           "before (rule 206)" in warning and "@bob" not in warning
    # carol votes: the proposal passes, and bob's turn begins; 24 hours on, he is warned
    t.vote(301, "carol")
    t.tick()
    assert "It is **bob**'s turn" in game_issue(t)[0]
    t.later(23).tick()
    assert [c for c in game_issue(t)[1] if "unless you propose" in c] == []
    t.later(1).tick()
    t.later(1).tick()
    [turn] = [c for c in game_issue(t)[1] if "unless you propose" in c]
    assert "@bob" in turn and "your turn ends" in turn and "(rule 206)" in turn
    t.later(12).tick()
    assert "bob (inactive since" in t.read("state/README.md")
