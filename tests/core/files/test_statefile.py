"""Reading the state files: validated, with errors naming the file, the field and the line."""

import pytest

from nomic_ci.core.errors import GameError
from nomic_ci.core.files import GAME
from nomic_ci.core.files.statefile import read_state


@pytest.mark.parametrize("path, old, new, words, line", [
    ("state/players.yaml", "points: 0", "points: lots", "player 1: field 'points' must be a "
                                                        "whole number (at most 15 digits), not "
                                                        "'lots'", 7),
    ("state/players.yaml", "login: bob", "login: alice", "player alice is listed twice", None),
    ("state/game.yaml", "turn: alice", "turn: zed", "the turn belongs to zed, who is not in "
                                                    "state/players.yaml", 2),
    ("state/game.yaml", "next_proposal: 1", "next_proposal: one", "field 'next_proposal' "
                                                                  "must be a whole number", 4),
    ("state/game.yaml", "dice_seed: 5eed", "", "missing field 'dice_seed'", None),
    ("state/game.yaml", "open_proposals: []", "open_proposals: [", "not valid YAML", None),
])
def test_a_broken_state_file_is_an_error_naming_file_and_field(files, path, old, new, words,
                                                               line):
    files[path] = files[path].replace(old, new, 1)
    with pytest.raises(GameError) as caught:
        read_state(files)
    assert caught.value.path == path
    assert words in str(caught.value)
    if line:
        assert caught.value.line == line


def test_a_missing_state_file_says_how_to_make_one(files):
    del files["state/game.yaml"]
    with pytest.raises(GameError, match="nomic-ci init"):
        read_state(files)


def test_a_dice_secret_listed_again_is_refused_so_a_revealed_one_is_never_used_again(files):
    secret = "1f" * 32
    entry = f"  - commitment: {secret}\n    from_roll: {{n}}\n    revealed: {{r}}\n"
    text = files["state/game.yaml"] + "dice_secrets:\n" + entry.format(n=1, r="abc") + \
        entry.format(n=3, r="null")
    with pytest.raises(GameError, match="does not replace the one above it"):
        read_state({**files, "state/game.yaml": text})


@pytest.mark.parametrize("replaced", ["[{head: h1}]", "[h1]", "{head: h1, until: x}"])
def test_a_broken_list_of_earlier_versions_is_an_error_naming_the_file(files, replaced):
    game = files["state/game.yaml"].replace(
        "open_proposals: []", "open_proposals:\n  - {number: 1, key: '1', title: A, author: alice,"
        " opened: 2026-05-01T12:00:00Z, head: h2, head_since: 2026-05-01T12:00:00Z, "
        f"replaced: {replaced}}}")
    with pytest.raises(GameError, match="'replaced' must be a list of"):
        read_state({**files, "state/game.yaml": game})


@pytest.mark.parametrize("standing", ["[alice]", "{not_voted: [<b>]}", "{yes: 1}",
                                      "{needs: [1]}", "{yes_votes: -1}",
                                      "{not_voted: [a, b, c, d, e, f, g, h, i, j, k]}"])
def test_a_broken_standing_is_an_error_naming_the_file_and_line(files, standing):
    game = files["state/game.yaml"].replace(
        "open_proposals: []", "open_proposals:\n  - number: 1\n    key: '1'\n    title: A\n"
        "    author: alice\n    opened: 2026-05-01T12:00:00Z\n    head: h2\n"
        f"    head_since: 2026-05-01T12:00:00Z\n    standing: {standing}")
    with pytest.raises(GameError, match="'standing' must be its vote as nomic-ci counted it"
                       ) as caught:
        read_state({**files, "state/game.yaml": game})
    assert caught.value.path == GAME and caught.value.line is not None


def test_a_broken_message_to_tell_is_an_error_naming_the_file(files):
    files[GAME] += "to_tell:\n  - on: '3'\n    message: no mark\n"
    with pytest.raises(GameError) as error:
        read_state(files)
    assert error.value.path == GAME and "message 1 to tell: " in error.value.message


def test_bare_ids_an_older_engine_wrote_count_as_written_at_the_last_change(files):
    game = files[GAME].rstrip("\n") + "\nhandled_comments: [7, 9]\n"
    state = read_state({**files, GAME: game})
    assert state.handled_comments == ((7, state.last_change), (9, state.last_change))
    with pytest.raises(GameError, match="'handled_comments' must be a list of the comment"):
        read_state({**files, GAME: files[GAME] + "handled_comments: [{id: 7}]\n"})
