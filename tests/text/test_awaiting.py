"""The table of proposals awaiting a fix: each linked, with its author, since when and what
to fix, inert whatever its author wrote."""

from dataclasses import replace

from nomic_ci.core.facts import Account
from nomic_ci.core.files.state import AwaitingFix
from nomic_ci.text.awaiting import awaiting_lines

from builders import T0, make_game


def held(title: str, reason: str = "rules/108-sing.md:1: no front matter") -> AwaitingFix:
    return AwaitingFix("7", title, Account("alice"), "h1", T0, reason)


def lines(*waiting: AwaitingFix) -> list[str]:
    game = make_game("alice,bob")
    game = replace(game, state=replace(game.state, awaiting_fix=waiting))
    return awaiting_lines(game, lambda key: f"#{key}", lambda at: f"{at:%Y-%m-%d}")


def test_none_awaiting_is_no_table():
    assert lines() == []


def test_each_is_a_row_with_its_link_author_date_and_what_to_fix():
    table = lines(held("Singing"))
    assert table[:3] == ["| proposal | by | since | what to fix |", "|---|---|---|---|",
                         "| Singing (#7) | alice | 2026-05-01 | rules/108-sing.md:1: no front "
                         "matter |"]
    assert "a push to its pull request puts it to the vote as new" in table[-1]


def test_a_hostile_title_and_a_long_reason_stay_one_inert_row():
    [row] = [line for line in lines(held("A | B @bob <img src=x>\nsecond line", "x" * 5000))
             if line.startswith("| A")]
    assert row.count(" | ") == 3 and "@bob" not in row and "<img" not in row
    assert len(row) < 400 and row.endswith("… |")
