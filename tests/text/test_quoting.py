"""Quoting what players wrote, so that it shows as written and does nothing else on GitHub."""

import pytest

from nomic_ci.text.quoting import MAX_QUOTED, WORD_JOINER, no_mentions, quoted


@pytest.mark.parametrize("title, shown", [
    ("Race to 50", "Race to 50"),
    ("Ping @everyone and @org/team", f"Ping @{WORD_JOINER}everyone and @{WORD_JOINER}org/team"),
    ("<img src=https://tracker.example/p.png>", "&lt;img src=https://tracker.example/p.png&gt;"),
    ("![pixel](https://t.example/p)", "\\!\\[pixel\\]\\(https://t.example/p\\)"),
    ("a | b", "a \\| b"),
    ("two\nlines\r\n- and a list", "two lines - and a list"),
    ("**bold** `code` _it_ ~strike~ # h", "\\*\\*bold\\*\\* \\`code\\` \\_it\\_ \\~strike\\~ \\# h"),
])
def test_player_text_is_one_inert_line(title, shown):
    assert quoted(title) == shown


def test_a_long_title_is_shortened():
    assert len(quoted("x" * 5000)) == MAX_QUOTED and quoted("x" * 5000).endswith("…")


def test_no_text_can_mention_anyone():
    assert "@bob" not in no_mentions("thanks @bob, @@bob and email@bob.org")
