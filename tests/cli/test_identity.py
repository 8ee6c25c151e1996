"""`--as LOGIN`, the local forge's only identity: a slip of the keyboard never acts as
someone else, and someone not in the game is refused with the nearest login."""

import pytest

from builders import new_rule
from tables import LocalTable


@pytest.mark.parametrize("login, words", [
    ("alcie", "did you mean --as alice?"),
    ("Bbo", "did you mean --as bob?"),
    ("mallory", "'mallory' is not a player, so the engine reads no command of theirs"),
    ("", "the players are alice, bob"),
])
def test_a_command_as_someone_not_in_the_game_is_refused_and_recorded_nowhere(tmp_path, login,
                                                                             words):
    """Written, it would be talk the engine never answers: the player would wait for an
    answer that never comes."""
    t = LocalTable(tmp_path / "g")
    t.tick()
    before, comments = t.tip(), t.forge().get("comments", [])
    assert t.later().cli("command", "--as", login, "/help") == 2
    assert words in t.err and t.out == ""
    assert t.tip() == before and t.forge().get("comments", []) == comments


def test_a_login_is_the_games_whatever_its_case(tmp_path):
    """GitHub's logins ignore case: `--as ALICE` is alice, and is told as alice."""
    t = LocalTable(tmp_path / "g")
    t.later().command("ALICE", "/status")
    assert t.out.startswith("alice wrote '/status'")
    (said,) = t.forge()["comments"]
    assert said["login"] == "alice" and said["replies"][0]["body"].startswith("@alice ")
    t.later().branch("idea", new_rule(201))
    assert t.propose("Alice", "idea") == 1
    t.later().vote(1, "BOB")
    assert "bob votes yes" in t.out and t.status()["proposals"][0]["yes"] == 2


def test_the_admin_writes_commands_and_a_slip_of_their_login_is_caught(tmp_path):
    t = LocalTable(tmp_path / "g", players="alice,bob", ruleset="borednomic", admin="dana:9")
    t.later().command("dana", "/help")
    assert "/reject" in t.out
    assert t.later().cli("command", "--as", "dnaa", "/help") == 2
    assert "'dnaa' is not a player or the Admin (dana)" in t.err
    assert "did you mean --as dana?" in t.err


def test_a_near_miss_may_not_ask_to_join_but_a_newcomer_may(tmp_path):
    """Where the rules let anyone propose to join (Suber's rule 214), `--as alcie` would ask
    to join as a new player: refused as alice's slip. A login near no player's is a
    newcomer's, and asks."""
    t = LocalTable(tmp_path / "g", players="alice,bob,carol", ruleset="suber-initial-set")
    players = {"state/players.yaml": t.read("state/players.yaml").rstrip("\n")
               + "\n  - login: erin\n    points: 0\n"}
    t.later().branch("join", players, author="erin")
    assert t.cli("propose", "--as", "alcie", "--branch", "join", "--title", "Me") == 2
    assert "did you mean --as alice?" in t.err
    assert t.propose("erin", "join", "erin joins") is None  # a request to join: no number
    assert t.out.splitlines()[0] == "-" and "erin" in t.out


def test_an_adjustment_names_who_made_it_but_not_by_a_slip(tmp_path):
    """Whoever corrects a score may be no player (a repository's admin), but a login near a
    player's is refused, not recorded as someone who made no correction."""
    t = LocalTable(tmp_path / "g")
    before = t.files()
    assert t.cli("adjust", "bob", "2", "--as", "alcie", "--reason", "x") == 2
    assert "did you mean --as alice?" in t.err and t.files() == before
    assert t.cli("adjust", "bob", "2", "--as", "ALICE", "--reason", "a ruling") == 0
    assert "by: alice\n" in t.read("proposals/adjustments.yaml")
    assert t.cli("adjust", "bob", "1", "--as", "moderator", "--reason", "another") == 0
    assert "by: moderator\n" in t.read("proposals/adjustments.yaml")


@pytest.mark.parametrize("argv", [
    ["command", "--as", "alcie", "/pass"],
    ["propose", "--as", "alcie", "--branch", "idea", "--title", "An idea"],
    ["vote", "1", "--as", "alcie", "--yes"],
    ["adjust", "bob", "1", "--as", "alcie", "--reason", "a ruling"],
])
def test_every_as_names_the_player_a_slip_meant_and_changes_nothing(tmp_path, argv):
    """Wherever `--as` is taken: exit status 2, the nearest login, and the game as it was."""
    t = LocalTable(tmp_path / "g", players="alice,bob,carol")
    t.later().branch("idea", new_rule(201))
    assert t.propose("alice", "idea") == 1
    before, comments = t.tip(), t.forge().get("comments", [])
    assert t.later().cli(*argv) == 2
    assert "'alcie' is not a player" in t.err and "did you mean --as alice?" in t.err
    assert t.out == "" and t.tip() == before and t.forge().get("comments", []) == comments
