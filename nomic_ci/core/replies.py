"""What the engine tells, in which order, and a player's answers to commands as one reply.

A run tells decisions and closings first, then the rest in the order they came
(`most_pressing_first`), as far as the forge lets it write. The answers to the commands a
run handled are grouped, one reply a player (`one_reply_each`), before anything is told: a
flood of commands costs a comment a player, and a run that finishes an earlier run's
telling finds the same replies, each with the mark it was told with.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterator, Sequence

from .files.state import Tell

MAX_REPLY = 40_000  # characters of answers in one reply, its marks besides (GitHub: 65,536)
# what a reply told as a forge shows it begins with: its mentions, then the marks of the
# other comments it answers (`_one_reply`)
_LEADING_MARKS = re.compile(r"(?:@\S+ )*((?:<!-- nomic-ci:[a-z0-9-]+ -->)*)")
_MARK = re.compile(r"<!-- nomic-ci:([a-z0-9-]+) -->")


def most_pressing_first(to_tell: Sequence[Tell]) -> list[int]:
    """The indexes of `to_tell` in the order to tell them: decisions and closings first."""
    first = [i for i, t in enumerate(to_tell) if t.outcome is not None or t.close]
    taken = set(first)
    return first + [i for i in range(len(to_tell)) if i not in taken]


def one_reply_each(tells: Sequence[Tell]) -> tuple[Tell, ...]:
    """The same messages, each player's answers to commands as one reply, in the place of
    their first."""
    replies: dict[str, list[Tell]] = {}
    for tell in tells:
        if tell.reply_to is not None and tell.mentions:
            replies.setdefault(tell.mentions[0], []).append(tell)
    kept: list[Tell] = []
    for tell in tells:
        if tell.reply_to is None or not tell.mentions:
            kept.append(tell)
        elif replies[tell.mentions[0]][0] is tell:
            kept.append(_one_reply(replies[tell.mentions[0]]))
    return tuple(kept)


def _one_reply(replies: list[Tell]) -> Tell:
    """A player's answers, in the order written, as one reply on the thread of their last
    command, marked as answering each (and told under the first's mark); an answer repeated
    is said once, with how many comments it answers."""
    if len(replies) == 1:
        return replies[0]
    last = replies[-1]
    lines, shown = [], 0
    for n, reply in enumerate(replies):
        if n and (reply.message, reply.on) == (replies[n - 1].message, replies[n - 1].on):
            continue  # said already: the same answer to a command repeated
        same = 1 + sum(1 for _ in _same_after(replies, n))
        where = "" if reply.on == last.on else f" on #{reply.on}"
        line = (f"- {'your comment' if same == 1 else f'your {same} comments'}{where}: "
                f"{reply.message}")
        if sum(map(len, lines)) + len(line) > MAX_REPLY:
            break
        lines.append(line)
        shown = n + same
    more = f"\n- and {len(replies) - shown} more commands, too many to answer in one comment" \
        if shown < len(replies) else ""
    marks = "".join(f"<!-- nomic-ci:{r.id} -->" for r in replies[1:])
    return replace(last, id=replies[0].id, reply_to=replies[0].reply_to, message=(
        f"{marks}you wrote {len(replies)} commands since the engine last answered; in the order "
        "written:\n\n" + "\n".join(lines) + more))


def also_told(shown: str) -> tuple[str, ...]:
    """The ids of the other messages a reply tells, from the reply as a forge shows it (its
    mentions, then its message): the marks it begins with, never one further in, where an
    answer may quote what a player wrote."""
    leading = _LEADING_MARKS.match(shown)
    return tuple(_MARK.findall(leading.group(1))) if leading else ()


def _same_after(replies: list[Tell], n: int) -> Iterator[Tell]:
    """The replies right after the `n`th with the same answer on the same thread."""
    for reply in replies[n + 1:]:
        if (reply.message, reply.on) != (replies[n].message, replies[n].on):
            return
        yield reply
