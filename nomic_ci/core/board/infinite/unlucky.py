"""The Unlucky Space (seed 000, rule 9): landing on it, or rolling a 4 anywhere, offers
a choice: a, back to space 1 (a regression, not a loop); or b, lose 5 points and stay (on
the space) or go on to p + 4 (after the roll), with no further effects."""

from __future__ import annotations

from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import count, is_mapping
from ..ring import advance

NAME = "Unlucky Space"
TILE = True  # a tile of rule 9, not a feature
LANDED, ROLLED = "unlucky-space", "unlucky-roll"  # the two choices it offers


@frozen
class UnluckyRule:
    """The `unlucky` binding: its space, the movement roll that offers its choice anywhere, and
    what choice b costs."""

    space: int
    roll: int
    penalty: int


def parse(value: Any) -> UnluckyRule:
    if not is_mapping(value) or set(value) != {"space", "roll", "penalty"}:
        raise ValueError("{space: 4, roll: 4, penalty: 5}")
    return UnluckyRule(count(value["space"], minimum=1), count(value["roll"], minimum=1),
                       count(value["penalty"]))


BINDINGS = (
    Binding("unlucky", parse, "{space: 4, roll: 4, penalty: 5}",
            "landing on `space`, or rolling `roll`, offers /choose a (back to space 1) or "
            "/choose b (lose `penalty` points: stay, or, after the roll, move on with no "
            "further effects)"),
)


def bound(board) -> bool:
    return "unlucky" in board


def present(view, space: int) -> bool:
    return space == view.config.board["unlucky"].space


def land(play, login: str, space: int) -> None:
    play.offer(LANDED, f"{NAME} on space {space} ({play.cite('unlucky')}): {login} may "
                       f"/choose a (back to space 1) or /choose b (lose "
                       f"{play.config.board['unlucky'].penalty} points and stay)")


def rolled(play, login: str, result: int) -> bool:
    """Whether a movement roll is the unlucky one: then the move waits for the choice."""
    rule = play.config.board.get("unlucky")
    if rule is None or result != rule.roll:
        return False
    play.offer(ROLLED, f"{NAME} ({play.cite('unlucky')}): {login} rolled {result}, which "
                       f"counts as landing on an Unlucky Space: /choose a (back to space 1) or "
                       f"/choose b (lose {rule.penalty} points and go on {result} spaces)")
    return True


def choose(play, login: str, choice: str, option: str) -> str | None:
    rule, cite = play.config.board["unlucky"], play.cite("unlucky")
    if option not in ("a", "b"):
        return "choose a or b: /choose a (back to space 1), /choose b (lose points)"
    play.answered()
    if option == "a":
        play.place(login, 1, f"{NAME}, option a ({cite}): back to space 1, a regression")
        return None
    play.gain(login, -rule.penalty, f"{NAME}, option b ({cite})")
    if choice == ROLLED:
        start = play.token(login).space
        play.move(login, advance(start, play.turn.roll, play.total_spaces),
                  f"{NAME}, option b ({cite}): on to p + {play.turn.roll}, with no further "
                  "effects")
    return None
