"""GameError: the one error players see, saying which file, which line and what to do."""

import pytest

from nomic_ci.core.errors import GameError


@pytest.mark.parametrize("where, text", [
    ({}, "no such rule"),
    ({"path": "rules/201-x.md"}, "rules/201-x.md: no such rule"),
    ({"path": "rules/201-x.md", "line": 4}, "rules/201-x.md:4: no such rule"),
    ({"line": 4}, "no such rule"),  # a line without a file points nowhere
])
def test_the_text_starts_with_the_file_and_line_where_there_are_some(where, text):
    assert str(GameError("no such rule", **where)) == text


def test_the_hint_follows_on_its_own_line():
    error = GameError("missing", path="state/game.yaml", hint="run 'nomic-ci init'")
    assert str(error) == "state/game.yaml: missing\n  what to do: run 'nomic-ci init'"


def test_the_parts_stay_readable_on_their_own():
    error = GameError("bad", path="p.yaml", line=3, hint="fix it")
    assert (error.message, error.path, error.line, error.hint) == ("bad", "p.yaml", 3, "fix it")
    assert error.args == ("bad",) and isinstance(error, Exception)


def test_it_is_raised_and_caught_as_an_exception():
    with pytest.raises(GameError, match=r"^p\.yaml:2: bad$"):
        raise GameError("bad", path="p.yaml", line=2)
