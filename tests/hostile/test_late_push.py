"""A push timed after a vote's end. A run reads the game when it is woken: by the push
itself, or at the next scheduled run. The engine took any new version it found as pushed
before everything else due, so a vote that had ended, unseen yet, began again: alice,
watching bob's no carry the vote, pushed a minute after its window closed, before the next
run, and her proposal went to the vote again; she could do so at every end. A push the forge
cannot show to come before the end of a vote that failed it (GitHub: the time the pull
request last changed; locally: its commit's time) now saves nothing: the proposal fails at
that end. One shown before it restarts the vote, as the rules say; so does one after a vote
that passed (another player with write access to the branch could have made it, and a pass
is not taken from its author for it). Played on both forges."""

from __future__ import annotations

import pytest

from nomic_ci.core.game import load_game
from nomic_ci.core.verify import verify

from boardgames import forge_tables

RULE = "rules/150-idea.md"


def idea(text: str) -> dict[str, str]:
    return {RULE: f"---\nnumber: 150\ntitle: Idea\nmutable: true\n---\n{text}\n"}


def voted_down(make, tmp_path):
    """alice's proposal, bob's no: 1 yes (hers) and 1 no of 3 eligible, where rule 104
    needs a majority of them, when its 48 hours (rule 103) end."""
    t = make(tmp_path, "late")
    t.later().branch("idea", idea("An idea."), author="alice")
    number = t.propose("alice", "idea")
    assert number == 1, t.out
    t.later().vote(number, "bob", yes=False)
    return t


@pytest.mark.parametrize("forge", ["local", "github"])
def test_a_push_a_minute_after_the_vote_closed_does_not_open_it_again(tmp_path, forge):
    with forge_tables(forge, "default") as make:
        t = voted_down(make, tmp_path)
        t.later(47 + 1 / 60).branch("idea", idea("An idea, reworded."), author="alice")
        t.later(1 / 4).tick()  # the next run, a quarter of an hour after her push
        game = load_game(t.files())
        [record] = game.records
        assert record.outcome.value == "failed" and record.decided.hour == 13, record
        assert record.reason.endswith("its branch was pushed after the vote closed, which "
                                      "does not open it again")
        assert game.state.open_proposals == () and game.state.turn == "bob"
        if forge == "github":
            assert t.fake.pull(t.prs["idea"]).state == "closed"
            assert not t.fake.pull(t.prs["idea"]).merged
        assert verify(t.files()) == []


@pytest.mark.parametrize("forge", ["local", "github"])
def test_a_push_before_the_vote_closed_restarts_it_though_the_run_comes_after(tmp_path,
                                                                              forge):
    with forge_tables(forge, "default") as make:
        t = voted_down(make, tmp_path)
        t.later(45).branch("idea", idea("An idea, reworded."), author="alice")
        t.later(2 + 1 / 4).tick()  # no run between: the next comes after the window's end
        game = load_game(t.files())
        assert not list(game.records) and game.state.open_proposals[0].restarts == 1
        assert verify(t.files()) == []


@pytest.mark.parametrize("forge", ["local", "github"])
def test_a_late_push_that_changes_what_the_proposal_needs_withdraws_it(tmp_path, forge):
    """alice's late push also changes a file outside rules/, which rule 104 counts as rule
    000, another layer: judged as the version voted on it would be judged by rules it no
    longer holds, and judged anew it would win her a new vote by changing what it touches.
    Withdrawn, at the vote's end. Before, the vote began again."""
    with forge_tables(forge, "default") as make:
        t = voted_down(make, tmp_path)
        t.later(47 + 1 / 60).branch("idea", {**idea("An idea, reworded."),
                                             "notes.md": "Why this idea.\n"}, author="alice")
        t.later(1 / 4).tick()
        game = load_game(t.files())
        [record] = game.records
        assert record.outcome.value == "retracted" and record.decided.hour == 13, record
        assert "the new version needs other than the one voted on" in record.reason
        assert game.state.open_proposals == () and game.state.turn == "bob"
        assert verify(t.files()) == []
