"""Dice no one can foresee, that everyone can check (commit, then reveal), played through the
command line on a local game: the secret lives in .git/nomic-ci, outside the game's history;
the game publishes its SHA-256 first and the secret when it is replaced or revealed."""

import json
import subprocess
from datetime import timedelta

from nomic_ci.core.dice import commitment_of, derive_secret_roll, roll_inputs

from builders import SEED, T0, new_rule
from tables import LocalTable


def everything_players_can_see(t: LocalTable) -> str:
    """Every commit and file of the game's history, and every branch and forge record."""
    log = subprocess.run(["git", "log", "-p", "--all", "--format=%H %an %s%n%b"], cwd=t.root,
                         capture_output=True, text=True, check=True).stdout
    return log + json.dumps(t.forge())


def play_one_proposal(t: LocalTable, author: str, voter: str, number: int, rule: int) -> None:
    t.later().branch(f"idea-{rule}", new_rule(rule), author)
    t.propose(author, f"idea-{rule}")
    t.later().vote(number, voter)


def secret_of(t: LocalTable, name: str = "dice-secret") -> str:
    return (t.root / ".git/nomic-ci" / name).read_text().strip()


def test_a_game_with_a_secret_replaced_then_revealed_at_its_end_checks_every_roll(tmp_path):
    t = LocalTable(tmp_path / "game", secret=True)
    first = secret_of(t)
    said = []
    assert f"commitment: {commitment_of(first)}" in t.read("state/game.yaml")

    play_one_proposal(t, "alice", "bob", 1, 201)
    said += [t.out, t.err]
    roll1 = derive_secret_roll(first, 6, roll_inputs(SEED, 1, 1))  # rule 103's d6, secretly
    assert t.status()["players"][0]["points"] == roll1
    assert t.cli("verify") == 0
    assert "1 of the dice were drawn from the secret" in t.out and "not revealed yet" in t.out
    assert first not in everything_players_can_see(t) + "".join(said)

    assert t.later().cli("dice", "rotate") == 0, t.err
    assert "The dice secret is replaced" in t.out
    second = secret_of(t)
    game_yaml = t.read("state/game.yaml")
    assert f"revealed: {first}" in game_yaml and f"commitment: {commitment_of(second)}" in game_yaml
    assert not (t.root / ".git/nomic-ci/dice-secret.previous").exists()

    play_one_proposal(t, "bob", "alice", 2, 202)
    said += [t.out, t.err]
    roll2 = derive_secret_roll(second, 6, roll_inputs(SEED, 2, 2))
    assert t.status()["players"][1]["points"] == roll2
    assert t.cli("verify") == 0 and "1 of the dice were drawn from the secret" in t.out
    assert second not in everything_players_can_see(t) + "".join(said)

    t.now = T0 + timedelta(days=100)  # past the end date (rule 107): the game is over
    t.tick()
    assert "dice secret" in t.out and f"revealed: {second}" in t.read("state/game.yaml")
    assert t.cli("verify") == 0 and "not revealed yet" not in t.out
    assert "now revealed" in t.read("state/README.md")


def test_a_rotation_that_stopped_half_way_is_finished_and_loses_no_secret(tmp_path):
    t = LocalTable(tmp_path / "game", secret=True)
    first = secret_of(t)
    play_one_proposal(t, "alice", "bob", 1, 201)
    # as if 'dice rotate' had stopped after making the new secret, before the engine ran
    folder = t.root / ".git/nomic-ci"
    (folder / "dice-secret").replace(folder / "dice-secret.previous")
    (folder / "dice-secret").write_text("0123456789abcdef" * 4 + "\n")
    assert t.later().cli("dice", "rotate") == 0, t.err
    assert f"revealed: {first}" in t.read("state/game.yaml")
    assert secret_of(t) == "0123456789abcdef" * 4
    assert not (folder / "dice-secret.previous").exists() and t.cli("verify") == 0


def test_a_tampered_roll_and_a_wrong_reveal_are_caught(tmp_path):
    t = LocalTable(tmp_path / "game", secret=True)
    secret = secret_of(t)
    play_one_proposal(t, "alice", "bob", 1, 201)
    assert t.later().cli("dice", "rotate") == 0, t.err  # reveals the first secret
    record = next((t.root / "proposals").glob("*/0001-*.yaml"))
    honest = derive_secret_roll(secret, 6, roll_inputs(SEED, 1, 1))
    record.write_text(record.read_text().replace(f"result: {honest}",
                                                 f"result: {honest % 6 + 1}"))
    assert t.cli("verify") == 1 and f"recorded {honest % 6 + 1}, but its inputs give {honest}" \
        in t.err
    game = t.root / "state/game.yaml"
    game.write_text(game.read_text().replace(f"revealed: {secret}", f"revealed: {'e' * 64}"))
    assert t.cli("verify") == 1 and "is not the one committed to" in t.err


def test_a_game_without_a_secret_warns_that_rolls_can_be_foreseen_and_still_verifies(tmp_path):
    t = LocalTable(tmp_path / "game")  # --public-dice
    play_one_proposal(t, "alice", "bob", 1, 201)
    assert "The dice can be foreseen" in t.read("state/README.md")
    assert t.cli("verify") == 0 and "not revealed yet" not in t.out
    assert t.cli("dice", "rotate") == 2 and "has no dice secret" in t.err
