"""judgments/README.md, and what the game issue and the scoreboard say of the Judgment
pending (seed 001 rule 211)."""

from dataclasses import replace

from nomic_ci.core.files.judgments import (CONSENT, OVERRULE, OVERRULED, RULING, TURN_BEGAN,
                                           Step, dump_judgment)
from nomic_ci.text.game_issue import game_issue_body, game_issue_title
from nomic_ci.text.judgment_page import BUDGET, README, render_judgments, scoreboard_line
from nomic_ci.text.readmes import render_all, render_state

from judging import at, invoked, suber

EVERYONE = ("alice", "bob", "carol", "dave")
RULED = Step(at(2), RULING, by="dave", verdict="no", text="No | @carol <img src=x>")


def test_a_game_without_judgments_has_no_page():
    game = suber()
    assert render_judgments(game) is None and README not in render_all(game)
    assert scoreboard_line(game) is None


def test_the_judgment_pending_where_it_stands():
    game = invoked(None, RULED, Step(at(3), OVERRULE, by="alice"),
                   Step(at(3), CONSENT, by="carol"))
    page = render_judgments(game)
    assert render_all(game)[README].endswith("\n\n" + page) and page.startswith("# Judgments\n")
    assert "How a Judgment goes (rule 211): the active player preceding the one moving judges" \
           in page
    section = page.split("## Judgment 1, pending\n\n", 1)[1]
    assert section.splitlines()[:7] == [
        "> Is proposal 301 legal?", "",
        "- Invoked by bob on #7 at 2026-05-01 13:00 UTC, during alice's turn; first Judge: dave.",
        "- Ruling: dave's, **no**: No \\| @\u2060carol &lt;img src=x&gt;.",
        "- The Judge now: dave.",
        "- Votes to overrule it: alice (`/overrule`; it takes all the other active players).",
        "- bob's turn begins once a majority of the other active players consent (`/consent`): "
        "carol."]
    assert scoreboard_line(game) == ("**Judgment 1 is pending** (rule 211): the Judge is dave; "
                                     "see [the Judgments](../judgments/README.md).")
    assert scoreboard_line(game) in render_state(game)


def test_the_game_issue_names_it_while_it_is_pending_and_a_turn_that_waits():
    game = invoked(None, RULED)
    body = game_issue_body(game, {}, at(3))
    assert "### Judgment 1 is pending (rule 211)" in body
    assert ("Every step of it, and the Judgments before, are on "
            "[judgments/README.md](../blob/HEAD/judgments/README.md).") in body
    waiting = replace(game, state=replace(game.state, judgment=replace(
        game.state.judgment, turn_ended=at(3))))
    body = game_issue_body(waiting, {}, at(3))
    assert "**alice**'s turn is over, and the next waits for consent while Judgment 1 is " \
           "pending." in body
    assert "- alice's turn ended at 2026-05-01 15:00 UTC; bob's turn begins once" in body
    assert game_issue_title(waiting) == "The game: the next turn waits for consent (Judgment 1)"
    # none pending: no section, only the page among the others
    assert "### Judgment" not in game_issue_body(suber(), {}, at(3))


def test_an_ended_judgment_is_listed_with_every_step_and_its_record():
    ended = invoked(None, RULED, *(Step(at(3), OVERRULE, by=p) for p in ("alice", "bob")),
                    Step(at(3), OVERRULE, by="carol"),
                    Step(at(3), OVERRULED, judge="carol", active=EVERYONE, needs="unanimous"),
                    Step(at(4), TURN_BEGAN, by="bob", active=EVERYONE)).state.judgment
    game = suber()
    game = replace(game, files=game.files.changed({ended.path: dump_judgment(ended)}))
    page = render_judgments(game)
    assert "## Judgment 1\n\n> Is proposal 301 legal?" in page and "pending" not in page
    assert "- Ruling: none stands." in page  # dave's was overruled, and carol did not rule
    assert "| 2026-05-01 14:00 UTC | dave | rules **no**: No \\| @\u2060carol &lt;img " \
           "src=x&gt; |" in page
    assert "| 2026-05-01 15:00 UTC | — | the Judge is overruled: the Judge is now carol |" in page
    assert "| 2026-05-01 16:00 UTC | bob | the next turn begins |" in page
    assert f"Its record: [{ended.path[len('judgments/'):]}]({ended.path[len('judgments/'):]})." \
        in page


def test_a_long_games_page_reads_and_shows_the_latest_hundred():
    game = suber()
    ended = replace(invoked(None, RULED, Step(at(3), TURN_BEGAN, by="bob")).state.judgment)
    records = {}
    for number in range(1, 103):
        record = replace(ended, number=number, question=f"Question {number}?")
        records[record.path] = dump_judgment(record)
    game = replace(game, files=game.files.changed(records))
    page = render_judgments(game)
    assert page.count("\n## Judgment ") == 100 and "## Judgment 102\n" in page
    assert "## Judgment 2\n" not in page
    assert page.endswith("The latest 100 of 102 ended Judgments; each is in its own record "
                         "here.\n")


def test_a_page_of_long_judgments_stays_small_enough_for_github_to_show():
    """A player who wants the page unreadable gives every Judgment as many steps as players
    can, each with a text of the most characters: the page shows fewer of them, whole, and
    stays under GitHub's 512 KiB."""
    game = suber()
    long = "Overruled, because " + "the rules say so <b>& @carol</b> " * 160  # 5,000 chars
    steps = [Step(at(3), OVERRULE, by=EVERYONE[k % 4], text=long[:5000]) for k in range(40)]
    ended = invoked(None, replace(RULED, text=long[:5000]), *steps,
                    Step(at(4), TURN_BEGAN, by="bob")).state.judgment
    records = {}
    for number in range(1, 101):
        record = replace(ended, number=number, question=long[:5000])
        records[record.path] = dump_judgment(record)
    page = render_judgments(replace(game, files=game.files.changed(records)))
    assert len(page.encode()) <= BUDGET < 512 * 1024
    shown = page.count("\n## Judgment ")
    assert 10 < shown < 100 and f"## Judgment 100\n" in page  # the newest, each whole
    assert page.count("| 2026-05-01 15:00 UTC |") == 40 * shown
    assert page.endswith(f"The latest {shown} of 100 ended Judgments; each is in its own record "
                         "here.\n")
