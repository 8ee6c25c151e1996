"""An admin's hand edits between runs, as editors save files: a byte-order mark first (as
Windows' Notepad long did), CRLF line endings. The game plays on over each: the next run
reads the files, decides what is due and writes the state it changes, and the runs after
write nothing. (What does not read — a tab where YAML takes none, a key given twice — stops
the run naming the file and line: tests/hostile/test_state_changes.py.) Each case plays on
the fake GitHub through the engine's command line, as the workflow runs it."""

from __future__ import annotations

import pytest

from nomic_ci.core.game import load_game

from tables import GitHubTable, closing_soon, settle

RULE, PLAYERS, GAME = "rules/101-victory-condition.md", "state/players.yaml", "state/game.yaml"

EDITS = {
    "a byte-order mark in a rule": (RULE, lambda text: "\ufeff" + text),
    "a byte-order mark in the players' file": (PLAYERS, lambda text: "\ufeff" + text),
    "CRLF line endings in a rule": (RULE, lambda text: text.replace("\n", "\r\n")),
    "CRLF line endings in the players' file": (PLAYERS, lambda text: text.replace("\n", "\r\n")),
    "CRLF line endings in the game's file": (GAME, lambda text: text.replace("\n", "\r\n")),
}


@pytest.mark.parametrize("case", sorted(EDITS))
def test_an_admins_edit_saved_by_an_editor_leaves_the_game_playing(tmp_path, case):
    """The edit lands a minute before alice's proposal's vote closes, with bob's vote in."""
    hub = GitHubTable(tmp_path, players="alice,bob,carol")
    pr = closing_soon(hub)
    path, edit = EDITS[case]
    assert path in hub.files()
    hub.fake.commit("main", {path: edit(hub.read(path))}, author="alice", message="by hand")
    hub.later(1 / 30)  # the vote closed a minute ago
    assert hub.reconcile() == 0, hub.out + hub.err
    assert hub.fake.pull(pr).merged
    assert load_game(hub.files()).records[-1].outcome.value == "passed"
    assert settle(hub)[-1] == 0
    hub.close()


def test_the_board_removed_by_hand_stops_the_run_saying_what_to_restore(tmp_path):
    """Rule 5 (seed 004): "All players are always located on one of the board's spaces";
    the board is `state/board.yaml`. An admin's commit that removes it leaves rules that bind
    a board and no board: before, the game went on as if it had none, and answered a /roll
    "the rules in force have no /roll command". The run now writes nothing and says which
    file and what to do; once restored, the game goes on."""
    hub = GitHubTable(tmp_path, players="alice,bob,carol", ruleset="infinite-nomic-r7",
                      dice_seed="any")
    assert hub.reconcile() == 0, hub.err
    board = hub.read("state/board.yaml")
    hub.later().fake.commit("main", {"state/board.yaml": None}, author="alice",
                            message="by hand")
    tip = hub.tip()
    assert hub.reconcile() == 2, hub.out + hub.err
    assert "state/board.yaml: the game's files are broken, so nothing was done: missing, " \
        "though the rules in force bind a board (rule 5)" in hub.out, hub.out
    assert "what to do: restore it as it was" in hub.out
    assert hub.tip() == tip
    hub.fake.commit("main", {"state/board.yaml": board}, author="alice", message="restored")
    hub.later().command("alice", "/roll")
    assert "alice rolls" in hub.out, hub.out
    assert settle(hub)[-1] == 0
    hub.close()


def test_a_proposal_binding_a_board_without_its_file_is_refused_before_anyone_votes(tmp_path):
    """The same check judges a proposal: a rule binding a ring of spaces to a game with no
    state/board.yaml would leave a board no one could play (its commands given by no board),
    so it waits for a fix that brings the file, as any proposal that would break the game."""
    hub = GitHubTable(tmp_path, players="alice,bob,carol")
    assert hub.reconcile() == 0, hub.err
    hub.later().branch("ring", {"rules/150-a-board.md": "---\nnumber: 150\ntitle: A board\n"
                                "mutable: true\nbindings:\n  ring:\n    spaces: 10\n---\n"
                                "A board of ten spaces.\n"}, author="alice")
    pr = hub.fake.open_pr("alice", "ring", "A board", created_at=hub.now)
    assert hub.reconcile() == 0, hub.out + hub.err
    game = load_game(hub.files())
    assert [held.key for held in game.state.awaiting_fix] == [str(pr)]
    assert "state/board.yaml: missing, though the rules in force bind a board (rule 150)" \
        in game.state.awaiting_fix[0].reason
    assert settle(hub)[-1] == 0
    hub.close()
