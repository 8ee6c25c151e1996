"""A proposal, or an admin's commit, that edits `state/` so the game's own state would not
read: the players' list emptied or without the player whose turn it is, a file that is not
YAML, the turn given to a stranger. What the players vote on is judged before anyone votes,
as the rule files are: refused, awaiting a fix, with what to change; where the rules make the
change legal (a player leaving the list), it passes and the turn goes on to the next player,
and the game says so. Each case plays on the fake GitHub through the engine's command line,
as the workflow runs it (seed 002's self-removal, from a player not in their turn, is
tests/rulesets/test_default_rules_meet.py)."""

from __future__ import annotations

import re
import subprocess

import pytest

from nomic_ci.core.game import load_game

from tables import GitHubTable, LocalTable, engine_comments, settle

PLAYERS = "state/players.yaml"
GAME = "state/game.yaml"


def without(roster: str, *logins: str) -> str:
    for login in logins:
        roster = re.sub(rf"  - login: {login}\n(    .*\n)*", "", roster)
    return roster


def started(tmp_path) -> GitHubTable:
    hub = GitHubTable(tmp_path, players="alice,bob,carol")
    assert hub.reconcile() == 0, hub.err
    return hub


BREAKING = {
    "every player removed": lambda hub: {PLAYERS: "players: []\n"},
    "the players' file not YAML": lambda hub: {PLAYERS: hub.read(PLAYERS) + "  - login: [\n"},
    "the game's file not YAML": lambda hub: {GAME: hub.read(GAME) + "x: 'unterminated\n"},
    "the turn given to a stranger": lambda hub: {
        GAME: hub.read(GAME).replace("turn: alice", "turn: mallory")},
}
SAYS = {"every player removed": "state/players.yaml: it lists no players",
        "the players' file not YAML": "state/players.yaml:15: not valid YAML",
        "the game's file not YAML": "state/game.yaml:13: not valid YAML",
        "the turn given to a stranger": "the turn belongs to mallory, who is not in"}


@pytest.mark.parametrize("case", sorted(BREAKING))
def test_a_proposal_that_would_leave_the_state_unreadable_is_refused_before_anyone_votes(
        tmp_path, case):
    """Before, a proposal emptying the players' list was put to the vote and, passed, merged:
    every run after stopped at drawing the score chart of no one (ValueError), and a game
    of no players could never change again."""
    hub = started(tmp_path)
    hub.later().branch("x", BREAKING[case](hub), author="alice")
    pr = hub.fake.open_pr("alice", "x", "Break it", created_at=hub.now)
    assert hub.reconcile() == 0, hub.out + hub.err
    game = load_game(hub.files())
    assert [held.key for held in game.state.awaiting_fix] == [str(pr)]
    assert game.state.open_proposals == ()
    [told] = [b for b in engine_comments(hub, pr) if "cannot be put to the vote" in b]
    assert SAYS[case] in told and "what to do" in told, told
    for voter in ("bob", "carol"):  # votes on it count for nothing: the game goes on
        hub.later(1 / 60).fake.add_review(pr, voter, "APPROVED", submitted_at=hub.now)
        assert hub.reconcile() == 0, hub.out + hub.err
    assert hub.fake.pull(pr).merged is False
    assert settle(hub)[-1] == 0
    assert [p.login for p in load_game(hub.files()).state.players] == ["alice", "bob", "carol"]
    hub.close()


def test_a_passed_proposal_taking_the_turn_holder_off_the_list_hands_the_turn_on_and_says_so(
        tmp_path):
    """Alice, in her turn, proposes to leave the game (seed 002 rules 103, 106). Before, the
    turn went to bob as it merged, but no one said so: the decision named no next turn and
    the game issue never told bob it was his."""
    hub = started(tmp_path)
    hub.later().branch("bye", {PLAYERS: without(hub.read(PLAYERS), "alice")}, author="alice")
    pr = hub.fake.open_pr("alice", "bye", "I leave", created_at=hub.now)
    hub.prs["bye"] = pr
    assert hub.reconcile() == 0, hub.err  # opened: alice's die changes her line in the list
    hub.later()
    hub.fake.git.update_ref("refs/heads/bye", hub.fake.branch_sha("main"))  # brought up to date
    hub.branch("bye", {PLAYERS: without(hub.read(PLAYERS), "alice")}, author="alice")
    assert hub.reconcile() == 0, hub.err
    for voter in ("bob", "carol"):
        hub.later(1 / 60).fake.add_review(pr, voter, "APPROVED", submitted_at=hub.now)
        assert hub.reconcile() == 0, hub.out + hub.err
    assert hub.fake.pull(pr).merged
    assert "Next: bob's turn." in hub.out
    game = load_game(hub.files())
    assert [p.login for p in game.state.players] == ["bob", "carol"]
    assert game.state.turn == "bob" and game.state.turn_started == hub.now
    assert any("passed" in b and "Next: bob's turn." in b for b in engine_comments(hub, pr))
    issue = hub.game_issue()
    assert any("@bob" in b and "it is your turn" in b for b in engine_comments(hub, issue))
    assert settle(hub)[-1] == 0
    hub.close()


def test_the_turn_holder_removed_by_an_admin_by_hand_stops_the_run_saying_what_to_fix(tmp_path):
    """An admin's commit is outside the rules the engine judges: it may be a removal or a
    typo in `turn:` (`alcie`), and the turn order the list had is not in the default
    branch's one commit the workflow checks out. The run writes nothing and says which
    file and line and what to set; once set, the game goes on."""
    hub = started(tmp_path)
    hub.later().fake.commit("main", {PLAYERS: without(hub.read(PLAYERS), "alice")},
                            author="alice", message="alice has left")
    tip = hub.tip()
    assert hub.reconcile() == 2
    assert "state/game.yaml:2:" in hub.out and "the turn belongs to alice, who is not in " \
        "state/players.yaml" in hub.out and "what to do: set 'turn:' to a player" in hub.out
    assert hub.tip() == tip
    hub.fake.commit("main", {GAME: hub.read(GAME).replace("turn: alice", "turn: bob")},
                    author="alice", message="bob's turn")
    assert hub.reconcile() == 0, hub.out + hub.err
    assert settle(hub)[-1] == 0
    hub.close()


def test_every_player_removed_by_an_admin_by_hand_stops_the_run_saying_what_to_fix(tmp_path):
    """Before, with the turn cleared too, every run stopped at drawing the score chart of no
    one (ValueError: min() arg is an empty sequence), with no word of what was wrong."""
    hub = started(tmp_path)
    hub.later().fake.commit("main", {PLAYERS: "players: []\n",
                                     GAME: hub.read(GAME).replace("turn: alice", "turn: null")},
                            author="alice", message="everyone has left")
    assert hub.reconcile() == 2, hub.out + hub.err
    assert "state/players.yaml: the game's files are broken, so nothing was done: it lists " \
        "no players" in hub.out and "what to do: list at least one player" in hub.out
    hub.close()


def test_a_proposal_whose_merge_would_list_a_player_twice_fails_and_halts_no_run(tmp_path):
    """Alice proposes dave as a player, at the list's end, on a branch made before the Admin
    put dave first by hand: each text reads, and git merges the two cleanly into a list
    that holds dave twice. Before, that merge was made, and every run after stopped at
    reading the players' file; now the test merge's state is judged before it is merged,
    as a rule another proposal changed is: it fails, saying what to do."""
    hub = started(tmp_path)
    hub.fake.add_user("dave", id=503)
    roster = hub.read(PLAYERS)
    dave = "  - login: dave\n    id: 503\n    points: 0\n"
    hub.later().branch("dave", {PLAYERS: roster + dave}, author="alice")
    pr = hub.fake.open_pr("alice", "dave", "Dave plays", created_at=hub.now)
    hub.prs["dave"] = pr
    assert hub.reconcile() == 0, hub.err
    assert load_game(hub.files()).state.open_proposals  # in its vote (rule 000: unanimity)
    now = hub.read(PLAYERS)
    hub.fake.commit("main", {PLAYERS: now.replace("players:\n", "players:\n" + dave, 1)},
                    author="alice", message="dave joins, by hand")
    for voter in ("bob", "carol", "dave"):
        hub.later(1 / 60).fake.add_review(pr, voter, "APPROVED", submitted_at=hub.now)
        assert hub.reconcile() == 0, hub.out + hub.err
    assert hub.fake.pull(pr).merged is False
    assert "it cannot be merged (merging it would leave the game broken: state/players.yaml" \
           in hub.out and "player dave is listed twice" in hub.out, hub.out
    assert [p.login for p in load_game(hub.files()).state.players] == [
        "dave", "alice", "bob", "carol"]
    assert settle(hub)[-1] == 0
    hub.close()


def test_locally_a_merge_that_would_list_a_player_twice_fails_and_stops_nothing(tmp_path):
    """The same on the local forge, where the Admin commits to main by hand: there a
    proposal's texts are read from the tree its merge would make, so the vote's decision
    finds the game it would leave broken (as it did before)."""
    t = LocalTable(tmp_path, players="alice,bob,carol")
    roster = t.read(PLAYERS)
    dave = "  - login: dave\n    id: null\n    points: 0\n"
    t.later().branch("dave", {PLAYERS: roster + dave}, author="alice")
    assert t.propose("alice", "dave") == 1
    path = t.root / PLAYERS  # the Admin's commit, by hand
    path.write_text(path.read_text().replace("players:\n", "players:\n" + dave, 1))
    subprocess.run(["git", "commit", "-qam", "dave joins, by hand"], cwd=t.root, check=True,
                   env={"GIT_AUTHOR_NAME": "admin", "GIT_AUTHOR_EMAIL": "a@b", "PATH": "/usr/bin:/bin",
                        "GIT_COMMITTER_NAME": "admin", "GIT_COMMITTER_EMAIL": "a@b"})
    for voter in ("bob", "carol", "dave"):
        t.later().vote(1, voter)
    assert "it cannot pass: it would leave the game broken: state/players.yaml:17: player " \
           "dave is listed twice" in t.out, t.out
    assert t.status()["proposals"][0]["state"] == "failed"
    assert [p["login"] for p in t.status()["players"]] == ["dave", "alice", "bob", "carol"]
    assert t.cli("verify") == 0, t.out + t.err


def test_a_merge_where_both_sides_added_to_a_folder_in_state_is_judged_not_halted(tmp_path):
    """A folder in state/ both sides added a file to since the proposal forked: the test
    merge's entry for the folder is a tree, not a text, and the state's texts that differ are
    the files in it, not the folder. Before, the folder's oid was asked for as a blob's, and
    every run stopped at the merge."""
    hub = started(tmp_path)
    hub.later().branch("notes", {"state/notes/alice.md": "Alice's notes\n"}, author="alice")
    pr = hub.fake.open_pr("alice", "notes", "Alice keeps notes", created_at=hub.now)
    assert hub.reconcile() == 0, hub.out + hub.err
    assert load_game(hub.files()).state.open_proposals, hub.out
    hub.fake.commit("main", {"state/notes/admin.md": "The Admin's notes\n"},
                    author="alice", message="notes, by hand")
    for voter in ("bob", "carol"):
        hub.later(1 / 60).fake.add_review(pr, voter, "APPROVED", submitted_at=hub.now)
        assert hub.reconcile() == 0, hub.out + hub.err
    assert hub.fake.pull(pr).merged is True, hub.out
    assert settle(hub)[-1] == 0
    hub.close()


def test_a_board_move_before_the_merge_fails_no_proposal_whose_state_its_rules_allow(tmp_path):
    """Carol proposes a board of 20 spaces (rule 5) and, as its stated event, her token on
    space 15: each reads with the other. Alice rolls before it merges, so the board's file
    is one both sides changed, and the test merge's board is judged: with the proposal's
    rules, as the merge makes them. Before, it was judged with the rules it replaces (10
    spaces): it failed ('carol's token is on space 15, but the board has 10 spaces'), and
    any player's move before the merge made such a proposal fail."""
    hub = GitHubTable(tmp_path, players="alice,bob,carol", ruleset="infinite-nomic-r7",
                      dice_seed="any")
    assert hub.reconcile() == 0, hub.err
    rule = next(p for p in hub.files() if p.startswith("rules/005-"))
    board = hub.read("state/board.yaml")
    assert "  - login: carol\n    space: 1\n" in board and "spaces: 10" in hub.read(rule)
    hub.later().branch("grow", {
        rule: hub.read(rule).replace("spaces: 10", "spaces: 20"),
        "state/board.yaml": board.replace("  - login: carol\n    space: 1\n",
                                          "  - login: carol\n    space: 15\n")},
        author="carol")
    number = hub.propose("carol", "grow", "A larger board")
    assert number is not None, hub.out + hub.err
    pr = hub.prs["grow"]
    hub.later(1 / 60).command("alice", "/roll")
    assert hub.read("state/board.yaml") != board, hub.out
    for voter in ("alice", "bob", "carol"):
        hub.later(1 / 60).fake.add_review(pr, voter, "APPROVED", submitted_at=hub.now)
        assert hub.reconcile() == 0, hub.out + hub.err
    hub.later(48)  # rule 4's voting window closes
    assert hub.reconcile() == 0, hub.out + hub.err
    assert "Proposal 1 ('A larger board') passed" in hub.out, hub.out
    assert hub.fake.pull(pr).merged is True, hub.out
    assert "space: 15" in hub.read("state/board.yaml")
    assert settle(hub)[-1] == 0
    hub.close()
