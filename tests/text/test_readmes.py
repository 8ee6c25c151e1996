"""The READMEs players read: the rules in force, the game's state, the proposals decided."""

import re
from dataclasses import replace

import pytest

from nomic_ci import rulesets
from nomic_ci.core.files.history import History, read_history
from nomic_ci.core.game import load_game
from nomic_ci.core.files.state import OpenProposal, Standing
from nomic_ci.text.readmes import (BANNER, CHANGES_SHOWN, LATEST, github_anchors, render_proposals,
                                   render_rules, render_state)

from builders import HOUR, T0, ScriptedDice, make_game, opened, review, step


def columns(line):
    return len(re.findall(r"(?<!\\)\|", line))  # the bars not escaped


def decided(title="A proposal", die=4):
    """The default game after alice's proposal (changing rule 101) passed."""
    game, p = opened(title=title, dice=ScriptedDice(die))  # rolled as it opens (rule 103)
    p = replace(p, reviews=(review("bob", at=T0 + HOUR), review("carol", at=T0 + HOUR)))
    return step(game, [p], T0 + HOUR)[1]


@pytest.mark.parametrize("ruleset", rulesets.names())
def test_the_rules_readme_lists_every_rule_with_its_title_and_its_source(ruleset):
    game = make_game(ruleset=ruleset, admin="admin" if ruleset == "borednomic" else None)
    text = render_rules(game)
    assert text.startswith(BANNER) and game.rules
    for rule in game.rules:
        name = f"{rule.number:03d} {rule.title}"
        assert f"- [{name}](" in text and f"\n## {name}\n" in text
        assert f"]({rule.path.removeprefix('rules/')})" in text
    assert text.count("History: initial ruleset.") == len(game.rules)


def test_a_rule_s_title_is_shown_inert_and_its_link_finds_its_heading():
    """A title is the proposer's: a link, an image or a mention in it must not render."""
    game = make_game()
    path = "rules/101-victory-condition.md"
    titled = game.files[path].replace("title: Victory Condition",
                                      "title: '@everyone ![x](https://example.org/p.png) <b>hi</b>'")
    text = render_rules(load_game({**game.files, path: titled}))
    heading = next(line[3:] for line in text.splitlines() if line.startswith("## 101 "))
    assert "@everyone" not in text and "![x](" not in text and "<b>" not in text
    raw = "101 @everyone ![x](https://example.org/p.png) <b>hi</b>"
    assert f"- [{heading}](#{github_anchors(['The rules in force', raw])[1]})" in text


def test_a_rule_changed_by_a_passed_proposal_names_it_in_its_history():
    text = render_rules(decided())
    assert "History: initial ruleset; changed by proposal 1 (2026-05-01)." in text
    assert text.count("changed by proposal") == 1


def test_a_rule_changed_many_times_names_its_latest_changes_and_how_many_in_all():
    game = decided()
    first = game.records[0]
    changes = [replace(first, number=n, key=str(n), path=f"proposals/{n:04d}-x.yaml",
                       decided=T0 + n * HOUR, rules=(101, 102) if n % 2 else (101,))
               for n in range(1, CHANGES_SHOWN + 6)]
    text = render_rules(replace(game, records=read_history(History.of(changes).texts())))
    latest = ", ".join(f"proposal {n} ({T0 + n * HOUR:%Y-%m-%d})"
                       for n in range(6, CHANGES_SHOWN + 6))
    assert f"History: initial ruleset; changed by {CHANGES_SHOWN + 5} proposals, the latest " \
           f"{latest}." in text
    assert "History: initial ruleset; changed by proposal 1 (2026-05-01), proposal 3 " in text


def test_the_proposals_table_escapes_a_bar_in_a_title_and_keeps_its_columns():
    assert render_proposals(make_game()).endswith("None decided yet.\n")
    text = render_proposals(decided("Points | more\nand more"))
    header, _, row = [line for line in text.splitlines() if line.startswith("|")]
    assert r"| Points \| more and more |" in row
    assert columns(row) == columns(header) == 13
    assert row.startswith("| **passed** | [1](0000-0099/0001-") and "| [#1](../../../pull/1) |" in row
    assert "| 3 | 0 | 4 | 2026-05-01 13:00 UTC |" in row


def test_the_state_readme_shows_whose_turn_it_is_and_the_scoreboard():
    text = render_state(decided(die=4))
    assert "It is **bob**'s turn, since 2026-05-01 13:00 UTC; it passes at " \
           "2026-05-04 13:00 UTC if bob has not proposed by then (rule 103)." in text
    assert "| 1 | alice | 4 |  |" in text and "| 2 | bob ◀ turn | 0 |  |" in text
    assert "## In its vote\n\nNothing." in text


def test_the_state_readme_lists_the_proposals_in_their_vote_and_when_each_closes():
    game, _ = opened(title="Pipes | here")
    text = render_state(game)
    assert ("| 1: Pipes \\| here ([#1](../../../pull/1)) | alice | not counted yet | | | | "
            "2026-05-01 12:00 UTC | 2026-05-03 12:00 UTC |") in text
    counted = Standing(2, 0, ("carol",), needs="a majority of the eligible voters: 2 of 3",
                       closes=T0 + 30 * HOUR)
    opens = tuple(replace(o, standing=counted) for o in game.state.open_proposals)
    text = render_state(replace(game, state=replace(game.state, open_proposals=opens)))
    assert ("| 1: Pipes \\| here ([#1](../../../pull/1)) | alice | 2 | 0 | carol | a majority "
            "of the eligible voters: 2 of 3 | 2026-05-01 12:00 UTC | 2026-05-02 18:00 UTC |"
            ) in text  # the closing time the engine worked out, for the rules it involves
    # the votes are the forge's: the page says when they were counted and where they stand now
    assert "The votes are as the engine last counted them; each proposal's vote comment" in text
    many = replace(counted, not_voted=tuple(f"p{i}" for i in range(10)), others_not_voted=90,
                   closes=None)
    opens = tuple(replace(o, standing=many) for o in game.state.open_proposals)
    text = render_state(replace(game, state=replace(game.state, open_proposals=opens)))
    assert "| p0, p1, p2, p3, p4, p5, p6, p7, p8, p9 and 90 more | " in text
    assert "| when every vote is in |" in text


@pytest.mark.parametrize("ruleset, veto, closes, dice", [
    ("default", True, True, True), ("suber-initial-set", False, True, False),
    ("infinite-nomic-r7", False, True, False), ("borednomic", False, True, False)])
def test_columns_that_cannot_apply_to_the_rules_in_force_are_left_out(ruleset, veto, closes,
                                                                      dice):
    game = make_game(ruleset=ruleset, admin="admin" if ruleset == "borednomic" else None)
    author = game.state.players[0].account
    voting = OpenProposal(1, "7", "An idea", author, T0, "head1", T0)
    game = replace(game, state=replace(game.state, open_proposals=(voting,)))
    state = render_state(game)
    assert ("| # | player | points | veto |" in state) is veto
    assert ("| vote since | closes by |" in state) is closes
    undiced = History.of(replace(r, rolls=()) for r in decided().records)  # a roll shows
    assert ("| dice |" in render_proposals(replace(game, records=undiced))) is dice


def test_the_scoreboard_leads_with_what_wins_and_shows_what_players_hold_inertly():
    from nomic_ci.core.board.boardfile import Board, Deed, Token
    game = make_game(ruleset="borednomic", admin="admin")
    board = Board(tokens=(Token("alice", 4, items=(("Hen", 1),)),),
                  deeds=(Deed(4, "alice", "@bob's | <b>Bistro</b>", 100),))
    alice = game.state.players[0].with_stats(money=9900)
    state = replace(game.state, board=board).with_player(alice)
    text = render_state(replace(game, state=state))
    assert "Victory: a player with at least $1,000,000 wins (rule 19); when only one player " \
           "has at least $1 (the others bankrupt, rule 4), that player wins (rule 11)." in text
    assert "| # | player | money | level | experience | hit points | items | squares owned |" \
        in text
    row = next(line for line in text.splitlines() if line.startswith("| 1 | alice |"))
    assert row == ("| 1 | alice | $9,900 | 1 | 0 | 100 | 1 Hen | 4 \\(@\u2060bob's \\| "
                   "&lt;b&gt;Bistro&lt;/b&gt;\\) |")
    assert columns(row) == 9  # the bar a player named the square with is no column


def test_the_state_readme_crowns_the_winners_and_marks_the_inactive():
    game = make_game()
    players = (replace(game.state.players[0], inactive_since=T0),) + game.state.players[1:]
    state = replace(game.state, players=players, winners=("carol",), ended_at=T0, turn=None)
    text = render_state(replace(game, state=state))
    assert "**The game is over.** Won by carol on 2026-05-01 12:00 UTC." in text
    assert "| 1 | alice (inactive since 2026-05-01 12:00 UTC) | 0 |" in text
    assert "| 3 | carol 🏆 | 0 |" in text and "◀ turn" not in text


def test_rule_links_use_the_ids_github_gives_headings():
    assert github_anchors(["The rules in force", "101 Victory Condition", "102 Points: *the* "
                           "`rule`!", "101 Victory Condition", "101 Victory Condition-1",
                           "Émile’s rule 🎲"]) == [
        "the-rules-in-force", "101-victory-condition", "102-points-the-rule",
        "101-victory-condition-1", "101-victory-condition-1-1", "émiles-rule-"]
    text = render_rules(make_game())
    for heading in [line[3:] for line in text.splitlines() if line.startswith("## ")]:
        anchor = github_anchors([heading])[0]
        assert f"[{heading}](#{anchor})" in text


def test_the_proposals_page_shows_the_latest_few_and_links_the_folder_of_the_rest():
    """A decision's commit sends the page whole to GitHub: it shows the latest LATEST, the
    same size at a thousand decisions as at a hundred, and says where the older ones are
    (their folders, which never change once full, and the index)."""
    first = decided().records[0]

    def page(count):
        records = [replace(first, number=n, key=str(n), title=f"Idea {n}",
                           path=f"proposals/{n // 100 * 100:04d}-{n // 100 * 100 + 99:04d}/"
                                f"{n:04d}-idea.yaml", decided=T0 + n * HOUR)
                   for n in range(1, count + 1)]
        return render_proposals(replace(decided(), records=read_history(
            History.of(records).texts())))

    text = page(1000)
    rows = [line for line in text.splitlines() if line.startswith("| **")]
    assert len(rows) == LATEST and "Idea 1000 |" in rows[0] and f"Idea {1001 - LATEST} |" in rows[-1]
    older = 1000 - LATEST
    folder = f"{older // 100 * 100:04d}-{older // 100 * 100 + 99:04d}"
    assert f"The latest {LATEST} of 1,000 decisions. Older ones are each in their own record " \
           f"file, a hundred to a folder (the newest of them in [{folder}]({folder}/)), and " \
           "every decision is a line of [the index](index/)." in text
    assert abs(len(page(100 + LATEST)) - len(text)) < 100  # bounded: it does not grow
    assert "Older ones" not in page(LATEST)


def test_the_history_shows_the_outcome_first_and_why_a_proposal_did_not_pass():
    game, p = opened(make_game("alice,bob,carol"))
    against = replace(p, reviews=(review("bob", "CHANGES_REQUESTED", at=T0 + HOUR),
                                  review("carol", "CHANGES_REQUESTED", at=T0 + HOUR)))
    _, game, record = step(game, [against], T0 + 2 * HOUR)
    (row,) = [line for line in render_proposals(game).splitlines() if line.startswith("| **")]
    assert row.startswith("| **failed** | [1](")
    assert f"| {record.reason} |" in row and "not met" in record.reason


def test_a_vote_without_a_window_closes_by_rule_206s_deadline_at_the_latest():
    """Seed 001: no voting window, but who has not voted 36 hours after the vote started
    becomes inactive (rule 206), so every vote still in is in by then."""
    game, _ = opened(make_game("alice,bob,carol", ruleset="suber-initial-set"))
    text = render_state(game)
    start = game.state.open_proposals[0].head_since
    assert f"| when every vote is in, by {start + 36 * HOUR:%Y-%m-%d %H:%M} UTC at the " \
           "latest (rule 206) |" in text
