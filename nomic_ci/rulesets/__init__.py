"""The rulesets shipped with nomic-ci, and making a new game from one.

A ruleset is a folder of rule files and state templates. The templates take
the game's own values (players, start, end date, dice seed) through
`string.Template` placeholders such as `$players`.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from importlib import resources
from string import Template

from ..core.files import yamlio
from ..core.errors import GameError
from ..core.frozen import frozen
from ..core.words import number_in

DEFAULT = "default"


@frozen
class Seat:
    """A player as given to `init`: `login` or `login:id`."""

    login: str
    id: int | None = None
    veto: bool = False

    @classmethod
    def parse(cls, text: str) -> "Seat":
        login, _, number = text.strip().partition(":")
        if not login or (number and number_in(number) is None):
            raise GameError(f"{text!r} is not a player", hint="give players as LOGIN or LOGIN:ID, "
                                                              "separated by commas")
        return cls(login, number_in(number) if number else None)


def names() -> list[str]:
    root = resources.files(__name__)
    return sorted(p.name for p in root.iterdir() if p.is_dir() and (p / "ruleset.yaml").is_file())


def describe(name: str) -> dict:
    folder = resources.files(__name__) / name
    if not (folder / "ruleset.yaml").is_file():
        raise GameError(f"no ruleset named {name!r}", hint=f"the rulesets are {', '.join(names())}")
    return dict(yamlio.read((folder / "ruleset.yaml").read_text(), f"{name}/ruleset.yaml"))


def about(name: str) -> str:
    """The ruleset's README: what the engine enforces of it and what is left to players."""
    describe(name)  # an unknown name is refused here
    return (resources.files(__name__) / name / "README.md").read_text()


def _scalar(text: str) -> str:
    """`text` as a YAML value that reads back as this text: quoted where YAML would read it
    as something else (a seed of 1234, a login such as `null`, `true` or `2024`)."""
    return yamlio.dump({"x": text}).removeprefix("x: ").rstrip("\n")


def game_files(name: str, *, players: list[Seat] | None, start: datetime,
               ends: datetime | None = None, dice_seed: str | None = None,
               admin: str | None = None) -> dict[str, str]:
    """The files of a new game of ruleset `name`: rules/ and state/."""
    info = describe(name)
    seats = players or [Seat.parse(p) for p in str(info["players"]).split(",")]
    if len({s.login.lower() for s in seats}) != len(seats):
        raise GameError("a player is listed twice", hint="give each player once")
    if not seats:
        raise GameError("a game needs players", hint="give them with --players LOGIN,LOGIN,...")
    if ends is None:  # midnight (UTC) at the end of the ruleset's usual length, as rule 107 says
        last = start + timedelta(days=int(info.get("game_length_days", 90)))
        ends = last.replace(hour=0, minute=0, second=0, microsecond=0)
    values = {
        "players": "\n".join(
            f"  - login: {_scalar(s.login)}\n    id: {s.id if s.id is not None else 'null'}\n"
            f"    points: 0" + ("\n    veto: true" if s.veto else "") for s in seats),
        "turn": _scalar(seats[0].login),
        # every token on space 1, each on lines of its own (see core/board/boardfile.py)
        "tokens": "".join(f"\n  - login: {_scalar(login)}\n    space: 1"
                          for login in sorted(s.login for s in seats)) or " []",
        "started": start.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "ends_at": ends.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "ends_on": f"{ends:%B} {ends.day}, {ends.year}",
        "dice_seed": _scalar(dice_seed or secrets.token_hex(16)),
    }
    the_admin = Seat.parse(admin or str(info.get("admin") or "")) if admin or info.get("admin") \
        else None
    values["admin"] = _scalar(the_admin.login) if the_admin else "null"
    values["admin_id"] = str(the_admin.id) if the_admin and the_admin.id is not None else "null"
    # a ruleset whose Admin is optional (seed 001's server administrator) writes one only if given
    values["admin_lines"] = (f"# The server administrator: no player; the rules say what they "
                             f"may do.\nadmin: {values['admin']}\nadmin_id: {values['admin_id']}\n"
                             if the_admin else "")
    if the_admin and the_admin.login.lower() in {s.login.lower() for s in seats}:
        raise GameError(f"the Admin, {the_admin.login}, may not also be a player",
                        hint="give the Admin's own account with --admin LOGIN:ID")
    files: dict[str, str] = {}
    folder = resources.files(__name__) / name
    for sub in ("rules", "state"):
        for item in sorted((folder / sub).iterdir(), key=lambda p: p.name):
            files[f"{sub}/{item.name}"] = Template(item.read_text()).safe_substitute(values)
    return files
