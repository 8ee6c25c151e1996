"""`nomic-ci command`: a command's words as a shell gives them, what is not a command
refused, and a question answered without a commit; `status` says what `tick` would do."""


import pytest

from tables import LocalTable


@pytest.fixture
def suber(tmp_path):
    return LocalTable(tmp_path / "g", players="alice,bob", ruleset="suber-initial-set")


@pytest.mark.parametrize("words", [
    ["--as", "alice", "/move", "Prairie"],
    ["/move", "Prairie", "--as", "alice"],
    ["--as", "alice", "/move Prairie"],  # quoted, as before
    ["--as", "alice", "--", "/move", "Prairie"],
])
def test_a_commands_words_need_no_quotes(suber, words):
    assert suber.later().cli("command", *words) == 0, suber.err
    assert "alice wrote '/move Prairie': done" in suber.out
    assert "alice is in the Prairie" in suber.out


@pytest.mark.parametrize("words, says", [
    (["move", "Prairie"], "did you mean /move Prairie?"),
    (["3"], "write it as /help"),
    (["/"], "write it as /help"),
])
def test_what_is_not_a_command_is_refused_and_recorded_nowhere(suber, words, says):
    """The engine would take it for talk and answer nothing."""
    before = suber.tip()
    assert suber.later().cli("command", "--as", "alice", *words) == 2
    assert "is not a command: a command is a word after a slash" in suber.err and says in suber.err
    assert suber.tip() == before
    assert suber.forge()["comments"] == []


def test_a_question_is_answered_without_a_commit(suber):
    suber.tick()  # the first run tells the players the game has begun
    before = suber.tip()
    for login, text, says in [("bob", "/status", "it is alice's turn. Points: alice 0, bob 0"),
                              ("alice", "/help", "/move: "),
                              ("bob", "/move Desert", "only the player whose turn it is"),
                              ("bob", "/stauts", "did you mean /status?")]:
        assert suber.later().cli("command", "--as", login, text) == 0, suber.err
        assert f"{login} wrote '{text}': " in suber.out and says in suber.out
    assert suber.tip() == before
    suber.tick()
    assert suber.out == "Nothing is due.\n" and suber.tip() == before


def test_status_says_nothing_is_due_when_tick_would_do_nothing(tmp_path):
    """An old /help, answered, whose comment no run lists any more (it came more than a day
    before the game's last change): `status` read every comment, and called it due."""
    t = LocalTable(tmp_path / "g", players="alice,bob")
    t.later().command("alice", "/help")
    t.later(80).tick()  # alice's turn passes (rule 103): the game changed
    assert "The turn passes from alice to bob" in t.out
    t.later().command("bob", "/status")
    t.later().tick()
    assert t.out == "Nothing is due.\n"
    assert t.cli("status") == 0 and "Due now" not in t.out
    assert t.status()["due"] is None
