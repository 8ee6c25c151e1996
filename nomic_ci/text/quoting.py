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


def quoted(text: str, most: int | None = MAX_QUOTED) -> str:
    """Player text (or the engine's sentence holding some, such as a file's path) as one
    inert line of Markdown, shortened if longer than `most` characters."""
    line = " ".join(text.split())
    if most is not None and len(line) > most:
        line = line[:most - 1] + "…"
    line = line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return no_mentions(_MARKUP.sub(r"\\\1", line))


def no_mentions(text: str) -> str:
    """The text with every @ unable to mention anyone (or any team)."""
    return text.replace("@", "@" + WORD_JOINER)


def notice(text: str, mentions: tuple[str, ...]) -> str:
    """A message as a short notice that mentions whom it tells: '@bob it is your turn…' for
    one player; for several, the message and then one line a player, each mentioned."""
    if not mentions:
        return text
    if len(mentions) == 1:  # a sentence, or an answer of several lines (`/help`) as it is
        return f"@{mentions[0]} {text}" + ("" if "\n" in text else ".")
    return f"{text[:1].upper()}{text[1:]}:\n\n" + "\n".join(f"- @{login}" for login in mentions)
