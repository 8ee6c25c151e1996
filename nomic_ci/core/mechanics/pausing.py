"""A pause (seed 003 rule 10): the Admin stops the game while it cannot go on.

With `pause: admin`, the Admin's comment `/pause` pauses the game (rule 10.1: a
situation that prohibits further gameplay, which the Admin judges, rule 2.2).
During a pause no player may propose; the Admin, who is no player, makes the
only proposal of the week, voted on as usual; once one of theirs is accepted the
game goes on (rule 10.2).
"""

from __future__ import annotations

from .binding import Binding
from .values import choice

BINDINGS = (
    Binding("pause", choice("admin"), "'admin'",
            "the Admin may /pause the game: then players may not propose, the Admin makes "
            "the only proposal of the week, and its acceptance ends the pause"),
)
