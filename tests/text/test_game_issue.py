"""The game issue's text: whose turn, what is in its vote, the next deadlines."""

from dataclasses import replace

from nomic_ci.text.game_issue import MARKER, game_issue_body

from builders import make_game, opened


def test_the_game_issue_says_whose_turn_what_is_voted_on_and_what_is_due_next():
    game, p = opened(make_game("alice,bob,carol"))
    text = game_issue_body(game, {p.key: p})
    assert text.startswith(MARKER)
    assert "It is **alice**'s turn, since 2026-05-01 12:00 UTC." in text
    assert ("| 1: A proposal (#1) | alice | a majority of the eligible voters: 2 of 3 | "
            "2026-05-03 12:00 UTC |") in text
    deadlines = text.split("Next deadlines:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    # the turn waits for the vote (one proposal a turn); the game's end date comes last
    assert deadlines[0] == "- 2026-05-03 12:00 UTC: the vote on proposal 1 closes"
    assert deadlines[-1].endswith(": the game ends") and len(deadlines) == 2
    assert "12 hours before a vote closes" in text


def test_an_idle_turn_shows_when_it_passes_and_an_ended_game_its_winners():
    game = make_game("alice,bob")
    text = game_issue_body(game, {})
    assert "No proposal is in its vote." in text
    assert "- 2026-05-04 12:00 UTC: alice's turn passes to the next player" in text
    over = replace(game, state=replace(game.state, winners=("bob",),
                                       ended_at=game.state.last_change))
    text = game_issue_body(over, {})
    assert "The game is over: bob won" in text and "Next deadlines" not in text


def test_a_hostile_title_breaks_no_table_and_mentions_no_one():
    game, p = opened(make_game("alice,bob"), title="x | y\n@everyone <img src=x>")
    game = replace(game, state=replace(game.state, open_proposals=(
        replace(game.state.open_proposals[0], title=p.title),)))
    row = next(line for line in game_issue_body(game, {p.key: p}).splitlines()
               if line.startswith("| 1:"))
    assert row.count(" | ") == 3 and "@everyone" not in row and "<img" not in row


def test_a_new_game_begins_by_mentioning_every_player_and_saying_how_to_play():
    from nomic_ci.text.game_issue import BEGUN, game_begins
    game = make_game("alice,bob,carol")
    tell = game_begins(game)
    assert tell.id == BEGUN and tell.mentions == ("alice", "bob", "carol")
    assert tell.message.startswith("the game has begun: it is alice's turn")
    body = tell.final
    assert body == game_issue_body(game, {})
    for words in ("### How to play", "- **Propose** when it is your turn", "- **Vote.** Vote by "
                  "approving (yes)", "- **Join:** ask a player to propose adding you"):
        assert words in body, words
    bored = make_game("alice,bob", ruleset="borednomic", admin="boss:9")
    assert game_begins(bored).mentions == ("alice", "bob", "boss")  # the Admin too
    assert "the rules keep no turns" in game_begins(bored).message
