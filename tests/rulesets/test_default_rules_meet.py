"""The 2015 GitHub nomic (seed 002, the `default` ruleset) where two rules act at once,
played through the players' proposals and votes on both forges: rule 104's last paragraph
deciding between its own layers (a veto rule moved into the 30% layer, a proposer's own
veto), rule 101's target lowered by rule 103's immediate effect below three players'
scores, and rule 106's list losing the player whose turn rule 103 is playing (which the
engine refused, and now plays: the turn is handed on as the proposal passes).

Each expected figure is worked out from the seed's words, quoted where it decides; the dice
are the game's own (the public seed: 2, 3, 3, 4 for proposals 1 to 4).
"""

from __future__ import annotations

import pytest

from nomic_ci.core.game import load_game
from nomic_ci.core.verify import verify

from boardgames import forge_tables
from builders import SEED, new_rule

PLAYERS = ("alice", "bob", "carol")


@pytest.fixture(params=["local", "github"])
def table(request):
    with forge_tables(request.param, "default") as make:
        yield make


def points(t) -> dict[str, int]:
    return {p["login"]: p["points"] for p in t.status()["players"]}


def record(t, number: int) -> str:
    return next(r for r in load_game(t.files()).records if r.number == number)


def round_of_new_rules(t) -> None:
    """Each player in turn proposes a 2xx rule the others vote for: 2, 3 and 3 points."""
    for number, who in enumerate(PLAYERS, start=1):
        t.later().branch(f"r{number}", new_rule(200 + number), author=who)
        assert t.propose(who, f"r{number}") == number
        for other in PLAYERS:
            if other != who:
                t.later().vote(number, other)
        assert record(t, number).outcome.value == "passed"


def with_veto(t, login: str) -> dict[str, str]:
    roster = t.read("state/players.yaml")
    at = roster.index(f"login: {login}\n")
    end = roster.index("points: 0\n", at) + len("points: 0\n")
    return {"state/players.yaml": roster[:end] + "    veto: true\n" + roster[end:]}


def test_a_veto_rule_bundled_with_a_2xx_rule_is_decided_by_the_30_percent_layer(table, tmp_path):
    """Rule 104: "Any rule proposal that involves a rule numbered from 300 to 399 ...
    requires a single vote from an eligible voter that has a veto, other than then player
    that proposed the rule" and "If a rule proposal involves multiple rules, the rule with the
    lowest cardinal number is used to determine the voting threshold". Rule 301 alone needs a
    veto holder's yes, and the holder's own proposal has none (their yes is the proposer's);
    the same rule 301 proposed with a rule 201 involves both, and 201's 30% decides: one yes
    of three eligible voters is 0.3 × 3 = 0.9 or more, the proposer's own (rule 103 as this
    game plays it). The veto holder's no does not stop it."""
    t = table(tmp_path, SEED)
    t.later().branch("veto", with_veto(t, "bob"), author="alice")  # rule 000: unanimity
    assert t.propose("alice", "veto") == 1
    t.later().vote(1, "bob")
    t.later().vote(1, "carol")
    assert record(t, 1).outcome.value == "passed"
    veto_rule = new_rule(301, "Carol may not vote.")
    t.later().branch("own", veto_rule, author="bob")  # the veto holder's own proposal
    assert t.propose("bob", "own") == 2
    t.later().vote(2, "alice")
    t.later().vote(2, "carol")  # unanimous, and still no veto "other than" the proposer
    decided = record(t, 2)
    assert decided.outcome.value == "failed" and "rules 300" in decided.threshold
    t.later().branch("vetoed", veto_rule, author="carol")
    assert t.propose("carol", "vetoed") == 3
    t.later().vote(3, "alice")
    t.later().vote(3, "bob", yes=False)  # the veto holder says no: failed
    assert record(t, 3).outcome.value == "failed"
    t.later().branch("bundled", {**veto_rule, **new_rule(201)}, author="alice")
    assert t.propose("alice", "bundled") == 4
    t.later().vote(4, "bob", yes=False)
    t.later().vote(4, "carol", yes=False)  # 1 yes of 3 eligible: 30% met
    decided = record(t, 4)
    assert decided.outcome.value == "passed" and "rules 200" in decided.threshold
    assert decided.rules == (201, 301)
    assert {"rules/201-rule-201.md", "rules/301-rule-301.md"} <= set(t.files())
    assert verify(t.files()) == []


def test_a_target_lowered_below_three_scores_makes_all_three_winners_at_once(table, tmp_path):
    """Rule 101: "The first player to reach 100 points wins the game"; rule 103: "If
    accepted, the change takes effect immediately". Alice's proposal lowers the target to 3
    while bob (3 since proposal 2), carol (3 since proposal 3) and alice (6, by this very
    proposal's roll) are all at it or past it. The seed is ambiguous here: "the first player
    to reach" could name bob, who reached 3 points first while the target was still 100, or
    no one until someone next gains a point. The engine reads the amended rule at the moment
    it takes effect: every player at or past the target reaches it then, together, and ties
    win together as rule 107's "the player with the highest point value" does (the README's
    reading of 107). Counting reaching back through a history in which the target was other
    would be retroactive, and a change that named one winner by it would be the
    proposer's to word."""
    t = table(tmp_path, SEED)
    round_of_new_rules(t)
    assert points(t) == {"alice": 2, "bob": 3, "carol": 3}
    rule = "rules/101-victory-condition.md"
    t.later().branch("low", {rule: t.read(rule).replace("100", "3")}, author="alice")
    assert t.propose("alice", "low") == 4  # rolls 4 as it opens: 6
    assert points(t) == {"alice": 6, "bob": 3, "carol": 3}
    assert not t.status()["over"]  # 6 points do not win while the rule says 100
    t.later().vote(4, "bob")
    t.later().vote(4, "carol", yes=False)  # 2 of 3: a majority (rules 100–199)
    status = t.status()
    assert status["over"] and status["winners"] == ["alice", "bob", "carol"]
    assert verify(t.files()) == []


def without(roster: str, login: str) -> str:
    at = roster.index(f"  - login: {login}\n")
    end = roster.find("  - login: ", at + 1)
    return roster[:at] + (roster[end:] if end != -1 else "")


def pushed_anew(t, name: str, files: dict[str, str], author: str) -> None:
    """The branch made again on the game's tip and pushed over the old (`git rebase`, then
    `git push --force`), as a player brings a proposal up to date with the state."""
    if t.kind == "github":
        t.fake.git.update_ref(f"refs/heads/{name}", t.fake.branch_sha("main"))
    t.branch(name, files, author=author)  # locally, a branch is always made on the tip


def test_a_player_may_propose_their_own_removal_from_the_turn_order(table, tmp_path):
    """Rule 106: "All players in the following list are considered eligible voters. The game
    follows the following turn order"; rule 103: a turn is "(1) propose one rule-change ...
    (3) proposed rule change is voted on and either accepted or declined. If accepted, the
    change takes effect immediately." Only the player whose turn it is proposes (103), so
    the only proposal a player can make to leave the list is made in their own turn, and
    nothing in the seed forbids it: accepted, it ends that turn with its vote, and the turn
    goes to the player after them in the order it was played. The engine refused it as
    leaving the game broken ("the turn belongs to bob, who is not in state/players.yaml"):
    it now hands the turn on as such a proposal passes, before it merges.

    Bob's die, rolled as his proposal opens (103's part 2), changes his line in the list,
    so he brings the branch up to date after it, as any proposal on the players' file must
    be to merge; the push restarts the vote and rolls nothing more."""
    t = table(tmp_path, SEED)
    t.later().branch("r1", new_rule(201), author="alice")
    assert t.propose("alice", "r1") == 1
    t.later().vote(1, "bob")
    t.later().vote(1, "carol")  # alice rolled 2; bob's turn
    roster = t.read("state/players.yaml")
    t.later().branch("bye", {"state/players.yaml": without(roster, "bob")}, author="bob")
    assert t.propose("bob", "bye") == 2  # a change outside rules/: rule 000, unanimity
    assert points(t) == {"alice": 2, "bob": 3, "carol": 0}
    t.later()
    pushed_anew(t, "bye", {"state/players.yaml": without(t.read("state/players.yaml"), "bob")},
                "bob")
    t.tick()
    t.later().vote(2, "alice")
    t.later().vote(2, "carol")
    decided = record(t, 2)
    assert decided.outcome.value == "passed", decided.reason
    status = t.status()
    assert [p["login"] for p in status["players"]] == ["alice", "carol"]
    assert status["turn"] == "carol"  # after bob, in the order his turn was played
    assert points(t) == {"alice": 2, "carol": 0}
    t.later().branch("r3", new_rule(203), author="carol")
    assert t.propose("carol", "r3") == 3
    assert verify(t.files()) == []
