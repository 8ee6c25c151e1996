"""The game issue as a dashboard, for each ruleset after a scripted game, on the local forge
(the CLI) and on the fake GitHub (real PyGithub over HTTP): its title says whose turn it is,
each claim of its text (the votes' tallies, what is due next, the scores) is the state's, an
edit is one write made only when the text changes, a late run tells no one it is their turn
for a turn already over, and what players write is inert in it."""

import re
from datetime import datetime, timedelta, timezone

import pytest

from nomic_ci.core.game import load_game
from nomic_ci.core.notices import turn_deadline
from nomic_ci.forges.githubforge import GAME_LABEL
from nomic_ci.text.game_issue import MARKER

from builders import new_rule
from tables import GitHubTable, LocalTable, dashboard

MONDAY = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)  # BoredNomic proposes Mon–Wed
HOUR = timedelta(hours=1)
RULESETS = {"default": 201, "infinite-nomic-r7": 400, "suber-initial-set": 399,
            "borednomic": 21}


def table(kind, root, ruleset: str, players: str = "alice,bob,carol"):
    admin = {"admin": "the-admin"} if ruleset == "borednomic" else {}
    if kind == "local":
        return LocalTable(root, players=players, ruleset=ruleset, **admin)
    return GitHubTable(root, players=players, ruleset=ruleset, **admin)


def section(body: str, heading: str) -> list[str]:
    return body.split(f"### {heading}\n\n", 1)[1].split("\n\n###", 1)[0].splitlines()


def cells(row: str) -> list[str]:
    return [c.strip() for c in re.split(r"(?<!\\)\|", row.strip())[1:-1]]


def shown(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC"


def check_against_the_state(t) -> None:
    """Every claim of the dashboard that the state decides: whose turn (title and text), each
    vote's tally and closing time, the first thing due, each player's scores."""
    game = load_game(t.files())
    state = game.state
    title, body, _ = dashboard(t)
    assert body.startswith(MARKER)
    whose = f"{state.turn}'s turn" if state.turn else "no turns"
    assert title.startswith(f"The game: {whose}"), title
    if state.turn:
        assert f"It is **{state.turn}**'s turn, since {shown(state.turn_started)}" in body
    rows = [cells(r) for r in section(body, "In its vote")[2:]]
    assert len(rows) == len(state.open_proposals)
    due = []
    for row, open_ in zip(rows, state.open_proposals):
        votes = open_.standing
        assert row[0].startswith(f"{open_.number}:") and row[1] == open_.author.login
        assert (int(row[2]), int(row[3])) == (votes.yes_votes, votes.no_votes)
        assert row[4] == (", ".join(votes.not_voted) or "nobody")
        if votes.closes:
            assert row[6].startswith(shown(votes.closes))
            due.append(votes.closes)
    passes = turn_deadline(game, state)
    due += [passes] if passes else []
    first = section(body, "Due next")[0]
    if due:  # BoredNomic's update may come first: nothing due may come before the earliest
        assert first.startswith("- ") and first[2:22] <= shown(min(due))
    scores = {cells(r)[0].split(" ")[0]: cells(r)[1:] for r in section(body, "Scores")[2:]
              if r.startswith("|")}
    header = cells(section(body, "Scores")[0])
    for player in state.players:
        row = dict(zip(header[1:], scores[player.login]))
        assert int(row["points"].replace(",", "")) == player.points
        for stat in game.config.starting_stats:
            words = stat.replace("_", " ")
            assert int(row[words].replace(",", "")) == player.stat(stat,
                                                                   game.config.starting_stats)


def tally(t) -> tuple[int, int]:
    [row] = [cells(r) for r in section(dashboard(t)[1], "In its vote")[2:]]
    return int(row[2]), int(row[3])


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("kind", ["local", "github"])
def test_the_dashboard_says_what_the_state_says(kind, ruleset, tmp_path):
    t = table(kind, tmp_path / "g", ruleset, players="alice,bob,carol,dave,erin")
    bored = ruleset == "borednomic"
    t.now = MONDAY if bored else t.now + HOUR  # BoredNomic proposes Mon–Wed, votes Fri–Sat
    try:
        t.branch("idea", new_rule(RULESETS[ruleset]))
        number = t.propose("alice", "idea")
        assert number is not None, t.out
        check_against_the_state(t)
        yes, no = tally(t)  # the author's own yes, where the rules count one
        t.later(24 * 4 if bored else 1).vote(number, "bob")
        check_against_the_state(t)
        assert tally(t) == (yes + 1, no)
        t.later().vote(number, "carol", yes=False)
        check_against_the_state(t)
        assert tally(t) == (yes + 1, no + 1)
        title, body, _ = dashboard(t)
        assert f"As of {shown(t.now)}" in body
        for path in ("rules/README.md", "state/README.md", "proposals/README.md"):
            assert f"[{path}](../blob/HEAD/{path})" in body
        assert "**Join:**" in body and "### How to play" in body
        if bored:  # the twice-weekly updates since Monday: tables, no field name of the YAML
            updates = [c for c in dashboard(t)[2] if "**The update** (rule 7)" in c]
            assert updates and all("| turn | player | rolled | square |" in u for u in updates)
            assert not any("_in_reserve" in u for u in updates)
        if kind == "github":  # a run that changes nothing writes nothing, the issue included
            t.fake.clear_requests()
            t.tick()
            assert t.fake.writes() == []
    finally:
        if hasattr(t, "close"):
            t.close()


@pytest.mark.parametrize("kind", ["local", "github"])
def test_a_vote_cast_edits_the_dashboard_once(kind, tmp_path):
    t = table(kind, tmp_path / "g", "default")
    try:
        t.later().branch("idea", new_rule(201))
        number = t.propose("alice", "idea")
        if kind == "github":
            t.fake.clear_requests()
        t.later().vote(number, "bob")
        assert tally(t) == (2, 0)  # alice's proposing counts as her yes (rule 202)
        if kind == "github":
            issue = next(i.number for i in t.fake.world.issues.values()
                         if GAME_LABEL in i.labels)
            edits = [w for w in t.fake.writes() if w.path.endswith(f"/issues/{issue}")]
            assert len(edits) == 1 and set(edits[0].body) == {"title", "body"}
            assert not [w for w in t.fake.writes() if w.path.endswith(f"/issues/{issue}/comments")]
    finally:
        if hasattr(t, "close"):
            t.close()


@pytest.mark.parametrize("kind", ["local", "github"])
def test_a_late_run_tells_only_the_turn_that_is(kind, tmp_path):
    """The default rules pass an idle turn after 72 hours: a run ten days late passes three
    turns, and tells the player whose turn it now is, not the two whose turns are over."""
    t = table(kind, tmp_path / "g", "default")
    try:
        t.later().tick()
        t.later(24 * 10).tick()
        state = load_game(t.files()).state
        assert state.turn == "alice" and state.turn_started.day == 10  # alice, bob, carol, alice
        _, body, comments = dashboard(t)
        turns = [c for c in comments if "it is your turn" in c]
        assert len(turns) == 1 and f"@{state.turn} it is your turn, since " \
            f"{shown(state.turn_started)}" in turns[0]
        assert "@bob" not in "".join(turns) and "@carol" not in "".join(turns)
        assert "The game: alice's turn" == dashboard(t)[0]
    finally:
        if hasattr(t, "close"):
            t.close()


@pytest.mark.parametrize("kind", ["local", "github"])
def test_what_players_write_is_inert_on_the_dashboard(kind, tmp_path):
    t = table(kind, tmp_path / "g", "default")
    hostile = "@everyone **won** | x <img src=x> [pay](https://e.vil) `code` #1"
    try:
        t.later().branch("idea", new_rule(201))
        t.propose("alice", "idea", title=hostile)
        title, body, _ = dashboard(t)
        [row] = section(body, "In its vote")[2:]
        assert len(cells(row)) == 7  # the | broke no table
        for live in ("@everyone", "**won**", "<img", "](https", "`code`"):
            assert live not in row, live
    finally:
        if hasattr(t, "close"):
            t.close()
