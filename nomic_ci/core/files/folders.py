"""Records a hundred to a folder: `proposals/0100-0199/0123-slug.yaml`,
`actions/000100-000199/000123-login-command.json`.

Git writes a folder whole with each change to it: with every record in one folder, a
decision's commit read and wrote a tree of ten thousand entries (775 kB read, 270 kB
written: a fifth of a deciding tick's CPU), and GitHub's pages list no more than 1,000
entries of a folder, so players could not browse their game's records. A record is kept in
the folder of its number's hundred; a refusal, or a request to join, which has no number,
by its forge key's.

A game made before keeps its records at the top of `proposals/` and `actions/`. The engine
reads them there as well, writes each new record in its folder, and `nomic-ci render` moves
the old ones (`moves`): a decision's commit says what was decided, not ten thousand renames,
and a run never lists the records to find them.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable, Mapping, TypeVar

T = TypeVar("T")
READ_FROM = "read_from"  # where a record read from a file keeps its path (`read_from`)

PER_FOLDER = 100
_LEAD = re.compile(r"(?:refused-|request-)?[0-9]+-")
# what to do where two files hold one record (a copy, or a forgery beside the engine's)
TWICE = ("keep the one nomic-ci wrote (`git log -- PATH` says who wrote each) and remove "
         "the other; where both say the same, `nomic-ci render` removes the copy")


def read_from(path: str, record: T) -> T:
    """`record`, read from the file `path`: its `path` is that file, not its home. Not one
    of its fields, so a record made from it (`dataclasses.replace`) is a new one, whose file
    is its home, and records compare as they did."""
    record.__dict__[READ_FROM] = path
    return record


def folder_of(number: int, width: int) -> str:
    """The folder of the records numbered in `number`'s hundred, such as `0100-0199/`."""
    low = number - number % PER_FOLDER
    return f"{low:0{width}d}-{low + PER_FOLDER - 1:0{width}d}/"


def home(top: str, name: str, number: int | None, width: int) -> str:
    """Where the engine writes the record `name` of `top` (`proposals/`): in its number's
    folder; at the top where it has none (a forge key that is not a number)."""
    return f"{top}{folder_of(number, width) if number is not None else ''}{name}"


def misplaced(path: str, home_path: str) -> bool:
    """Whether a record read at `path` is not where the engine keeps it (`home_path`): in
    another folder than its number's (the top is where a game made before kept it), or
    named for another number. Its name's words are not compared: a title edited by hand
    is the index's to find, and moving the record would not mend it."""
    folder, _, name = path.rpartition("/")
    home_folder, _, home_name = home_path.rpartition("/")
    lead = _LEAD.match(home_name)  # its number, or a refusal's forge key
    return folder not in (home_folder, home_path[:home_path.index("/")]) or not (
        name.startswith(lead[0]) if lead else name == home_name)


def moves(places: Iterable[tuple[str, str]], texts: Mapping[str, str],
          say: Callable[[str], None] = lambda line: None) -> dict[str, str | None]:
    """Each record, (where it is, where the engine keeps it), moved there where it is not:
    path -> its text, or None where it was. One whose place is taken stays (`say` says
    why), unless what is there is the same text: then the copy is removed, nothing lost."""
    moved: dict[str, str | None] = {}
    for path, wanted in places:
        if path == wanted:
            continue
        there = moved[wanted] if wanted in moved else texts.get(wanted)
        if there is None:
            moved.update({path: None, wanted: texts[path]})
        elif there == texts[path]:
            moved[path] = None  # the same record twice: the copy goes
            say(f"{path} removed: the same record is at {wanted}")
        else:
            say(f"{path} stays where it is: {wanted} is there already and differs; keep "
                "the one nomic-ci wrote (git log -- PATH says who wrote each)")
    return moved
