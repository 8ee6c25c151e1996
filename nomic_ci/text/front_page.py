"""A game's front page, `README.md`: for its players, not for whoever runs the engine.

`nomic-ci init` writes it into a new game: what the game is, how to play it under the
rules it starts with, where the rules, the scoreboard and the history are, and the
ruleset's own notes on what the engine enforces and what is left to the players. It is
written once; the pages it links are rendered from the game's files and stay current.
"""

from __future__ import annotations

import re

from ..core.game import Game
from ..core.times import hours
from .vote_comment import how_to_vote, what_a_change_does

FRONT_PAGE = "README.md"


def front_page(game: Game, title: str, about: str) -> str:
    """The players' page of a game of the ruleset `title`, whose README is `about`."""
    config = game.config
    lines = [f"# {title}", "",
             "A game of [Nomic](https://en.wikipedia.org/wiki/Nomic), the game whose rules "
             "include how to change them, played in this repository: the rules are the files "
             "in `rules/`, a proposal to change them is a pull request, and an engine referees "
             "(it counts the votes, merges what passes, rolls the dice and keeps the score).",
             "", "- [The rules in force](rules/README.md)",
             "- [The scoreboard](state/README.md): whose turn it is, what is in its vote and how "
             "each vote stands",
             "- [The history](proposals/README.md): every proposal decided, its votes and dice",
             "", "## How to play", "", f"1. **Propose** {how_to_propose(game)} {RULE_FILES}",
             f"2. **Vote.** {how_to_vote(config)} {what_a_change_does(config)}",
             f"3. **The decision.** {_when_decided(game)} The engine merges what passes and "
             "closes the rest, saying why on the pull request."]
    if config.commands:
        commands = ", ".join(f"`/{c}`" if c != "veto" else "`/veto N`" for c in config.commands)
        lines.append(f"4. **Commands.** Write {commands} as the first line of a comment on "
                     "any issue or pull request of the game; `/help` says what you may do now.")
    lines += ["", f"**To join**, {how_to_join(game)}"]
    lines += ["", "The engine's pinned **game issue** says whose turn it is, what is in its "
                  "vote and what is due next, and mentions you when your turn begins, when a "
                  "push undid your vote, and when a vote closes soon without yours. Every "
                  "pull request's vote comment shows where its vote stands.", "",
              "This is how the rules begin; proposals change them, so the rules in force are "
              "always [rules/README.md](rules/README.md).", ""]
    if about.strip():
        body = about.strip().split("\n", 1)[1] if about.lstrip().startswith("# ") else about
        lines += ["## About this ruleset", "", re.sub(r"^## ", "### ", body.strip(),
                                                     flags=re.M), ""]
    lines += ["## The engine", "", "The referee is [nomic-ci](nomic_ci/README.md), whose code is "
              "in `nomic_ci/` and runs in this repository's GitHub Actions workflows "
              "(`.github/workflows/`); [the setup guide](nomic_ci/docs/setup.md) is for whoever "
              "hosts the game. A proposal may change them too, as any file of the game.", ""]
    return "\n".join(lines).rstrip() + "\n"


def how_to_join(game: Game) -> str:
    """How a newcomer becomes a player under the rules in force, as a sentence's end."""
    config = game.config
    seat = ("at the end of `state/players.yaml`, with your login, your numeric GitHub id "
            "(`gh api users/LOGIN --jq .id`) and `points: 0`")
    if config.join_window is not None:
        return (f"open a pull request that only adds you {seat}: it is a request to join "
                f"({config.cite('join_window')}), which seats you {hours(config.join_window)} "
                "later unless a player objects by voting no; after an objection it is put to "
                "a vote.")
    rule = config.cite("other_files_as_rule") if config.other_files_as_rule is not None \
        else None
    needs = f" ({rule} says what a change outside `rules/` needs)" if rule else ""
    return (f"ask a player to propose adding you {seat}: it is decided as any proposal"
            f"{needs}, and once it passes you are a player.")


def how_to_propose(game: Game) -> str:
    """When and how a player proposes, as a sentence's end."""
    return (f"{_who_proposes(game)}: fork this repository, change, add or remove files in "
            "`rules/` on a branch (one rule a file, `rules/NNN-slug.md`), and open a pull "
            "request. A check says which rules it involves and what it needs before anyone "
            "votes.")


# where a newcomer first writes a rule: the format, and what happens to a file it gets wrong
RULE_FILES = ("A rule file begins with its `number`, `title` and `mutable` between two `---` "
              "lines ([how to write a rule](rules/README.md#writing-a-rule)); a proposal whose "
              "rule file the engine cannot read stays open, saying what to fix, until you push "
              "the fix.")


def _who_proposes(game: Game) -> str:
    config = game.config
    if config.proposing == "one-open-each":
        return "whenever you have no other proposal in its vote"
    if config.proposing == "weekly" and config.schedule:
        return f"on the proposal days ({config.schedule.describe(config.schedule.propose)})"
    if config.turn_order:
        return "when it is your turn (one proposal a turn, in the order of the scoreboard)"
    return "when the rules let you"


def _when_decided(game: Game) -> str:
    config = game.config
    if config.schedule:
        return (f"Votes count on the voting days "
                f"({config.schedule.describe(config.schedule.vote)}); the results come at "
                "the start of the results day.")
    window = config.voting_window
    everyone = config.decide_when_all_voted
    if window:
        return (f"A vote closes {hours(window)} after the proposal opened or last "
                f"changed{', or as soon as every eligible voter has voted' if everyone else ''}.")
    return "A vote closes as soon as every eligible voter has voted."
