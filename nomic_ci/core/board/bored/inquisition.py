"""The Inquisition (seed 003 rule 20): who lands on it rolls a d6 for a category, and must
answer the Admin's question before moving on; the Admin judges with `/correct LOGIN` or
`/wrong LOGIN`; a correct answer gains $100 and 20 experience; the first to ten correct
answers wins the Inquisitor's Robe, which exempts its wearer from questioning.

`inquisition: {square: 22, money: 100, experience: 20, robe_after: 10, categories: [...]}`.
The Robe's own quizzes (20.6) are left to the players and the Admin.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import Roll, counts, is_list, is_mapping
from .money import counter
from .vitals import change, stat

NAME = "The Inquisition"
ROBE = "Inquisitor's Robe"
ANSWERS = "correct_answers"  # a player's counter in state/players.yaml


@frozen
class Inquisition:
    """The `inquisition` binding: its square, what a correct answer earns, how many win the Robe,
    and the categories."""

    square: int
    money: int
    experience: int
    robe_after: int
    categories: tuple[str, ...]


def parse_inquisition(value: Any) -> Inquisition:
    expected = ("{square: 22, money: 100, experience: 20, robe_after: 10, categories: "
                "[History, Geography, Music, Movies, Words, Admin's Choice]}")
    if not is_mapping(value) or not is_list(value.get("categories")) \
            or len(value["categories"]) < 2 \
            or not all(isinstance(c, str) and c for c in value["categories"]):
        raise ValueError(expected)
    found = counts({k: v for k, v in value.items() if k != "categories"}, expected,
                   ("square", "money", "experience", "robe_after"))
    if found["square"] < 1:
        raise ValueError(expected)
    return Inquisition(**found, categories=tuple(value["categories"]))


BINDINGS = (
    Binding("inquisition", parse_inquisition,
            "{square: 22, money: 100, experience: 20, robe_after: 10, categories: [...]}",
            "who lands on `square` rolls for one of the categories and answers the Admin's "
            "question (/correct LOGIN or /wrong LOGIN) before moving on"),
)


def land(play, login: str) -> None:
    rule, cite = play.config.board["inquisition"], play.cite("inquisition")
    if play.token(login).item(ROBE):
        play.say(f"{login} wears the {ROBE} and is not questioned ({cite})")
        return
    rolled = play.roll(Roll(1, len(rule.categories)), f"{login}'s category ({cite})")
    category = rule.categories[rolled - 1]
    play.hold(replace(play.token(login), question=category), f"{NAME} ({cite})",
              f"{login} rolls {rolled}: {category}. The Admin asks {login} a question in "
              f"{category}, and judges the answer with /correct {login} or /wrong {login} "
              f"({cite})")


def waits(play, login: str) -> bool:
    """20.3: a player with a question to answer does not advance."""
    category = play.token(login).question
    if category is None:
        return False
    play.say(f"{login} has not answered their question in {category} yet and does not "
             f"advance from {NAME} ({play.cite('inquisition')})")
    return True


def judge(correct: bool):
    def run(play, admin: str, words: list[str]) -> str | None:
        rule, cite = play.config.board["inquisition"], play.cite("inquisition")
        login = next((p.login for p in play.state.players if words
                      and p.login.lower() == words[0].lstrip("@").lower()), None)
        if len(words) != 1 or login is None:
            return f"say whose answer: /{'correct' if correct else 'wrong'} LOGIN"
        token = play.token(login)
        if token.question is None:
            return f"{login} has no question of {NAME} to answer ({cite})"
        play.hold(replace(token, question=None), f"{NAME} ({cite})",
                  f"the Admin judges {login}'s answer in {token.question} "
                  f"{'correct' if correct else 'wrong'}")
        if correct:
            change(play, login, f"a correct answer ({cite})", experience=rule.experience,
                   **{counter(play): rule.money, ANSWERS: 1})
            _robe(play, login)
        return None
    return run


def _robe(play, login: str) -> None:
    rule = play.config.board["inquisition"]
    if stat(play, login, ANSWERS) < rule.robe_after \
            or any(t.item(ROBE) for t in play.board.tokens):
        return
    play.hold(play.token(login).with_item(ROBE, 1), f"the {ROBE} ({play.cite('inquisition')})",
              f"{login} has answered {rule.robe_after} questions correctly first and wins "
              f"the {ROBE}")
