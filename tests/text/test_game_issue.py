"""The game issue as a dashboard: its title says whose turn it is; its text the times exact
and relative, a link to every page, what is due next, the votes with their tallies, the
scores, how to play and join."""

from dataclasses import replace
from datetime import datetime, timedelta, timezone

from nomic_ci.core.files.state import Standing
from nomic_ci.text.game_issue import MARKER, game_issue_body, game_issue_title, pages

from builders import make_game, opened

NOW = datetime(2026, 5, 1, 14, tzinfo=timezone.utc)  # two hours after builders' start


def section(text: str, heading: str) -> list[str]:
    return text.split(f"### {heading}\n\n", 1)[1].split("\n\n###", 1)[0].splitlines()


def test_the_game_issue_says_whose_turn_what_is_voted_on_and_what_is_due_next():
    game, p = opened(make_game("alice,bob,carol"))
    assert game_issue_title(game) == "The game: alice's turn · 1 in its vote"
    text = game_issue_body(game, {p.key: p}, NOW)
    assert text.startswith(MARKER)
    assert "It is **alice**'s turn, since 2026-05-01 12:00 UTC (2 h ago)." in text
    assert "As of 2026-05-01 14:00 UTC" in text
    [row] = [line for line in section(text, "In its vote") if line.startswith("| 1:")]
    assert row == ("| 1: A proposal (#1) | alice | — | — | not counted yet | a majority of the "
                   "eligible voters: 2 of 3 | 2026-05-03 12:00 UTC (in 46 h) |")
    # the turn waits for the vote (one proposal a turn); the game's end date comes last
    due = section(text, "Due next")
    assert due[0] == "- 2026-05-03 12:00 UTC (in 46 h): the vote on proposal 1 closes"
    assert due[-1].endswith(": the game ends") and len(due) == 2
    assert "12 hours before a vote closes" in text


def test_each_vote_shows_its_tally_as_last_counted():
    game, p = opened(make_game("alice,bob,carol"))
    counted = replace(game.state.open_proposals[0], standing=Standing(
        2, 1, ("carol",), 0, "a majority of the eligible voters: 2 of 3", None))
    game = replace(game, state=replace(game.state, open_proposals=(counted,)))
    [row] = [line for line in section(game_issue_body(game, {p.key: p}, NOW), "In its vote")
             if line.startswith("| 1:")]
    assert "| alice | 2 | 1 | carol | a majority of the eligible voters: 2 of 3 |" in row


def test_an_idle_turn_shows_when_it_passes_and_an_ended_game_its_winners():
    game = make_game("alice,bob")
    text = game_issue_body(game, {}, NOW)
    assert "No proposal is in its vote." in text
    assert "- 2026-05-04 12:00 UTC (in 2 d): alice's turn passes to the next player" in text
    over = replace(game, state=replace(game.state, winners=("bob",),
                                       ended_at=game.state.last_change))
    assert game_issue_title(over) == "The game is over: bob won"
    text = game_issue_body(over, {}, NOW + timedelta(days=3))
    assert "The game is over: bob won (2026-05-01 12:00 UTC (3 d ago))" in text
    assert "Due next" not in text


def test_it_links_every_page_and_shows_the_scores():
    game = make_game("alice,bob")
    text = game_issue_body(game, {}, NOW)
    for path in ("rules/README.md", "state/README.md", "proposals/README.md"):
        assert f"[{path}](../blob/HEAD/{path})" in text
    assert len(pages(game)) == 3  # no Judgment binding, no board
    assert section(text, "Scores")[:4] == ["| player | points |", "|---|---:|",
                                           "| alice ◀ turn | 0 |", "| bob | 0 |"]


def test_a_hostile_title_breaks_no_table_and_mentions_no_one():
    game, p = opened(make_game("alice,bob"), title="x | y\n@everyone <img src=x> [a](http://e)")
    game = replace(game, state=replace(game.state, open_proposals=(
        replace(game.state.open_proposals[0], title=p.title),)))
    row = next(line for line in game_issue_body(game, {p.key: p}, NOW).splitlines()
               if line.startswith("| 1:"))
    assert row.count(" | ") == 6 and "@everyone" not in row and "<img" not in row
    assert "](http" not in row


def test_a_new_game_begins_by_mentioning_every_player_and_saying_how_to_play():
    from nomic_ci.text.game_issue import BEGUN, game_begins
    game = make_game("alice,bob,carol")
    tell = game_begins(game)
    assert tell.id == BEGUN and tell.mentions == ("alice", "bob", "carol")
    assert tell.message.startswith("the game has begun: it is alice's turn")
    assert tell.title == "The game: alice's turn"
    body = tell.final
    assert body == game_issue_body(game, {}, game.state.last_change)
    for words in ("### How to play", "- **Propose** when it is your turn", "- **Vote.** Vote by "
                  "approving (yes)", "- **Join:** ask a player to propose adding you"):
        assert words in body, words
    bored = make_game("alice,bob", ruleset="borednomic", admin="boss:9")
    assert game_begins(bored).mentions == ("alice", "bob", "boss")  # the Admin too
    assert "the rules keep no turns" in game_begins(bored).message


def test_a_vote_with_no_window_says_by_when_rule_206_closes_it_at_the_latest():
    """Suber's set: a vote ends when every vote is in, and rule 206 makes who has not voted
    36 hours on inactive, so that is when it closes at the latest."""
    game, p = opened(make_game("alice,bob,carol", ruleset="suber-initial-set"))
    [row] = [line for line in section(game_issue_body(game, {p.key: p}, NOW), "In its vote")
             if line.startswith("| 301:")]
    latest = game.state.open_proposals[0].head_since + timedelta(hours=36)
    assert row.endswith(f"| when every vote is in, by {latest:%Y-%m-%d %H:%M} UTC (in 34 h) "
                        "at the latest (rule 206) |"), row
