"""BoredNomic (seed 003), played through the CLI on the local forge.

Outcomes worked out from the seed: 8.3–8.4 (Yay, Nay, or Abstain by not voting;
more Yay than Nay accepts), 8.5 (the Admin's veto), 9 (proposals Monday to
Wednesday, at most two a week, the last two counting; votes on Friday and
Saturday; results at the Sunday update), 12 (+10 experience to the proposer of an
accepted proposal, +1 to each Yay voter; a level at 10 × level experience),
4.2 ($10,000 to start).
"""

import os
import subprocess
from datetime import datetime, timezone

import pytest

from builders import by_name, new_rule
from tables import LocalTable

MONDAY = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)


@pytest.fixture
def t(tmp_path):
    table = LocalTable(tmp_path / "g", players="alice,bob,carol", ruleset="borednomic",
                       admin="the-admin")
    table.now = MONDAY
    return table


def record(t, number):
    return next(text for path, text in sorted(t.files().items())
                if by_name(path).startswith(f"proposals/{number:04d}-"))


def stats(t, login):
    text = t.read("state/players.yaml")
    block = text.split(f"login: {login}\n", 1)[1].split("- login:", 1)[0]
    return block


def test_a_week_of_borednomic(t):
    t.branch("p1", new_rule(21), author="alice")
    assert t.propose("alice", "p1") == 1                       # Monday
    t.later(24).branch("p2", new_rule(22), author="alice")
    assert t.propose("alice", "p2") == 2                       # Tuesday
    t.later(24).branch("p3", new_rule(23), author="alice")
    # Wednesday: a third this week is an extra (rule 15.3): it spends the PropositionInReserve
    # alice gained at Sunday's update for a week without a proposal (15.1)
    assert t.propose("alice", "p3") == 3
    assert t.status()["proposals"][0]["state"] == "voting"
    assert "propositions_in_reserve: 0" in stats(t, "alice")
    t.branch("p3b", new_rule(25), author="alice")
    assert t.propose("alice", "p3b") == 4                      # a fourth, with no reserve
    assert "only the last 2 proposals a player makes in a week count (rule 9)" in record(t, 1)
    t.later(24).branch("late", new_rule(24), author="bob")
    assert t.propose("bob", "late") == 5                       # Thursday: too late
    assert "proposals are accepted Mon–Wed only (rule 9)" in record(t, 5)
    assert t.cli("vote", "2", "--as", "bob", "--yes") == 2     # Thursday: not a voting day,
    assert "votes count only on the voting days (Fri–Sat, rule 9)" in t.err  # so refused
    t.later(24).vote(2, "bob")                                 # Friday
    t.vote(2, "carol")
    t.vote(3, "bob", yes=False)                                # carol abstains on 3
    t.later(24).tick()                                         # Saturday: still voting
    assert t.status()["proposals"][1]["state"] == "voting"
    t.later(24).tick()                                         # Sunday's update
    assert "outcome: passed" in record(t, 2) and "outcome: failed" in record(t, 3)
    # alice: 10 experience at level 1 is a level (rule 12.3); bob and carol: 1 each
    assert "level: 2" in stats(t, "alice") and "experience: 0" in stats(t, "alice")
    assert "experience: 1" in stats(t, "bob") and "experience: 1" in stats(t, "carol")
    readme = t.read("state/README.md")
    # money wins (rules 19, 11.3): it comes first, in dollars; no points, which nothing
    # here changes, and no veto column, which BoredNomic does not have
    assert "| # | player | money | level | experience | hit points | items | squares owned |" \
        in readme
    assert "| 1 | alice | $10,000 | 2 | 0 | 100 | — | — |" in readme


def test_the_admin_vetoes_a_proposal(t):
    t.branch("p1", new_rule(21), author="bob")
    number = t.propose("bob", "p1")
    t.later().command("carol", f"/veto {number}")
    assert "only the Admin (the-admin) may /veto" in t.out
    t.later().command("the-admin", f"/veto {number}")
    assert f"proposal {number} is vetoed" in t.out
    assert "vetoed by the Admin, the-admin (rule 8)" in record(t, number)


def test_the_admin_is_not_a_player(tmp_path):
    from tables import run_cli
    code, _, err = run_cli("init", str(tmp_path / "x"), "--ruleset", "borednomic",
                           "--players", "alice,bob", "--admin", "bob")
    assert code == 2 and "the Admin, bob, may not also be a player" in err


def test_a_proposal_changed_outside_the_proposal_days_is_refused(t):
    t.branch("p1", new_rule(21), author="alice")
    number = t.propose("alice", "p1")                          # Monday
    t.later(24 * 5).branch("p1", new_rule(21, "Saturday's version."), author="alice")
    t.tick()                                                   # Saturday
    assert "changed outside the days proposals are made (Mon–Wed, rule 9)" in record(t, number)


def test_the_schedule_keeps_its_timezone():
    from nomic_ci.core.mechanics.schedule import parse_schedule
    paris = parse_schedule({"timezone": "Europe/Paris", "propose": ["mon", "tue", "wed"],
                            "vote": ["fri", "sat"], "results": "sun"})
    monday = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)
    # Sunday midnight in Paris is Saturday 22:00 UTC in summer time
    assert paris.results_after(monday) == datetime(2026, 5, 9, 22, 0, tzinfo=timezone.utc)
    # Sunday 23:30 UTC is already Monday in Paris: a day to propose
    assert paris.may_propose(datetime(2026, 5, 10, 23, 30, tzinfo=timezone.utc))


def test_during_a_pause_the_admin_makes_the_only_proposal_of_the_week(t):
    # rule 10.1: "During a pause, no turns are taken and no proposals are made by players";
    # rule 10.2: "the Admin will make the only proposal that week. The players will then be
    # able to vote on the proposal as usual. If the proposal is accepted, the game is
    # unpaused"; rule 8.5: the Admin's veto stays theirs
    t.branch("early", new_rule(21), author="the-admin")
    assert t.propose("the-admin", "early") == 1                # Monday: not paused
    assert "the Admin is not a player and proposes only during a pause (rule 10)" in \
        record(t, 1)
    t.later().command("bob", "/pause")
    assert "only the Admin (the-admin) may /pause the game (rule 10)" in t.out
    t.later().command("the-admin", "/pause")
    assert "the game is paused (rule 10)" in t.out
    assert "**The game is paused** since" in t.read("state/README.md")
    t.later().branch("p2", new_rule(22), author="alice")
    assert t.propose("alice", "p2") == 2
    assert "the game is paused (rule 10): players make no proposals" in record(t, 2)
    t.later().branch("fix", new_rule(23), author="the-admin")
    assert t.propose("the-admin", "fix") == 3                  # the Admin's fix
    t.later().branch("more", new_rule(24), author="the-admin")
    assert t.propose("the-admin", "more") == 4                 # a second one that week
    assert "the Admin made proposal 3 this week already" in record(t, 4)
    t.later().command("carol", "/veto 3")                      # the veto is the Admin's still
    assert "only the Admin (the-admin) may /veto" in t.out
    t.later(24 * 4).vote(3, "bob")                             # Friday: votes as usual
    t.vote(3, "carol")
    t.later(24 * 2).tick()                                     # Sunday's update
    text = record(t, 3)
    assert "outcome: passed" in text and "2 yes, 0 no" in text
    assert "paused" not in t.read("state/README.md")           # the game goes on
    assert "experience: 1" in stats(t, "bob")                  # the Yay voters' experience
    t.later(24).branch("p5", new_rule(25), author="alice")     # Monday: players propose again
    assert t.propose("alice", "p5") == 5
    assert t.status()["proposals"][-1]["state"] == "voting"


def test_a_rejected_fix_keeps_the_game_paused(t):
    t.command("the-admin", "/pause")
    t.later().branch("fix", new_rule(23), author="the-admin")
    assert t.propose("the-admin", "fix") == 1
    t.later(24 * 4).vote(1, "bob", yes=False)                  # Friday
    t.later(24 * 2).tick()                                     # Sunday: rejected
    assert "outcome: failed" in record(t, 1)
    assert "**The game is paused**" in t.read("state/README.md")
    t.later(24).branch("p2", new_rule(24), author="alice")     # Monday: still paused
    assert t.propose("alice", "p2") == 2
    assert "the game is paused (rule 10)" in record(t, 2)
    t.branch("fix2", new_rule(25), author="the-admin")         # a new week: a new fix
    assert t.propose("the-admin", "fix2") == 3
    assert t.status()["proposals"][-1]["state"] == "voting"


def test_a_bankrupt_player_may_not_propose_or_vote(t):
    # rule 4.3: "If a player has less than $1, that player is said to be bankrupt"; 4.4: "A
    # player who is bankrupt may not propose rules, vote, ..." Money changes by the Admin's
    # hand until the economy is on the engine: the Admin's commit takes bob's last dollars
    t.branch("p1", new_rule(21), author="alice")
    assert t.propose("alice", "p1") == 1                       # Monday
    # (Sunday's update gave bob his reserves for a week without proposals or votes, rule 15)
    players = t.read("state/players.yaml").replace(
        "  - login: bob\n    id: null\n    points: 0\n    stats:\n",
        "  - login: bob\n    id: null\n    points: 0\n    stats:\n      money: 0\n", 1)
    (t.root / "state/players.yaml").write_text(players)
    subprocess.run(["git", "-c", "user.name=the-admin", "-c", "user.email=admin@example.org",
                    "commit", "-qam", "Bob's debts"], cwd=t.root, check=True,
                   env={**os.environ, "GIT_AUTHOR_DATE": t.now.isoformat(),
                        "GIT_COMMITTER_DATE": t.now.isoformat()})  # the same commit each run
    t.later().branch("p2", new_rule(22), author="bob")
    assert t.propose("bob", "p2") == 2
    assert "bob is bankrupt (0 money, under 1): a bankrupt player may not propose (rule 4)" \
        in record(t, 2)
    t.later(24 * 4)                                            # Friday
    assert t.cli("vote", "1", "--as", "bob", "--no") == 2
    assert "bob is bankrupt (0 money, under 1): a bankrupt player may not vote (rule 4)" \
        in t.err
    t.vote(1, "carol")
    t.later(24 * 2).tick()                                     # Sunday
    assert "outcome: passed" in record(t, 1)

