"""Quoting what players wrote (titles, comment lines, file names) where players read it.

On GitHub, text in a comment or a README is Markdown: an `@name` notifies that person,
HTML and images render (a tracking pixel, a fake button), `|` breaks a table and a newline
breaks a list. Quoted text shows as written and does none of that.
"""

from __future__ import annotations

import re

WORD_JOINER = "\u2060"  # invisible; after an @ it keeps GitHub from seeing a mention
_MARKUP = re.compile(r"([\\`*_\[\]()!#|~])")
MAX_QUOTED = 200


def quoted(text: str) -> str:
    """Player text as one inert line of Markdown, shortened if long."""
    line = " ".join(text.split())
    if len(line) > MAX_QUOTED:
        line = line[:MAX_QUOTED - 1] + "…"
    line = line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return no_mentions(_MARKUP.sub(r"\\\1", line))


def no_mentions(text: str) -> str:
    """The text with every @ unable to mention anyone (or any team)."""
    return text.replace("@", "@" + WORD_JOINER)
