"""How a rule file is written, told where a player first needs it: at the end of the rules
page, and in the answer to a proposal the engine could not put to the vote as it is (a rule
file it cannot read, a number to correct), with the example the player needs."""

from __future__ import annotations

import json
import re

from ..core.errors import GameError
from ..core.facts import Proposal
from ..core.files.rulefiles import is_rule_text, parse_rule, rule_number_of
from ..core.game import Game
from ..core.voting.involvement import rules_involved


WRITING = "Writing a rule"  # the rules page's last heading


def next_number(game: Game) -> int:
    """The number a new rule would take: the one after the highest in force."""
    return max((rule.number for rule in game.rules), default=0) + 1


def file_name(number: int, title: str) -> str:
    """A rule file's name for this number and title: `rules/NNN-slug.md`."""
    slug = "-".join(re.findall(r"[a-z0-9]+", title.lower())[:6]) or "rule"
    return f"rules/{number:03d}-{slug}.md"


def example(number: int, title: str) -> str:
    """A rule file's opening lines, as a fenced block: its front matter, then its text."""
    plain = re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 ,.'()-]*", title)
    shown = title if plain else json.dumps(title)  # a JSON string is a YAML one
    return "\n".join(["```markdown", "---", f"number: {number}", f"title: {shown}",
                      "mutable: true", "---", "The rule's text, in as many paragraphs as it needs.",
                      "```"])


def rules_page_section(game: Game) -> list[str]:
    """The last section of rules/README.md: how to write a rule, and what happens to a
    proposal whose rule file cannot be read."""
    config, number = game.config, next_number(game)
    layers = (f" A rule's number also sets what a proposal changing it needs "
              f"({config.cite('layers')})." if config.layers else "")
    return [
        f"## {WRITING}", "",
        "Each rule is a file in this folder, `rules/NNN-slug.md`: its number (three digits or "
        "more), a dash, and a few lower-case words joined by dashes. The file begins with its "
        "*front matter* between two `---` lines: `number` (the file name's), `title`, and "
        "`mutable` (`true` or `false`); its text follows. A new rule takes a number no rule "
        f"has: the next is {number}, in `{file_name(number, 'your title')}`.{layers}", "",
        example(number, "Your title"), "",
        "What the engine enforces, a rule says under `bindings:` in its front matter (see how "
        "the rules above write theirs). To amend a rule, change its file and keep its front "
        "matter; to repeal one, remove its file.", "",
        "A proposal whose rule file cannot be read (no front matter, a field missing, a number "
        "that does not match its file's name, a file misnamed) is not closed: it stays open, "
        "its pull request says which line is wrong and what to write, and it is judged again "
        "as a new proposal when you push the fix. It is not in its vote meanwhile, and no turn "
        "waits for it. Who may propose, and when, is final: a proposal out of turn, or from "
        "someone who is not a player, is closed at once."]


def fix_advice(game: Game, proposal: Proposal) -> str:
    """What to fix in a proposal awaiting a fix, for its author: the first rule file the engine
    cannot read, its line and a correct example with the number it needs, then what happens
    next under the rules in force."""
    parts = []
    misnamed = rules_involved(proposal.changes).misnamed
    if misnamed:
        number = next_number(game)
        parts.append(f"`{misnamed[0]}` is not a rule file's name: a rule file is "
                     f"`rules/NNN-slug.md`, such as `{file_name(number, proposal.title)}` for a "
                     f"new rule (the next number is {number}).")
    broken = _first_unreadable(game, proposal)
    if broken is not None:
        path, error = broken
        number = rule_number_of(path) or next_number(game)
        where = f"`{path}`, line {error.line}" if error.line else f"`{path}`"
        parts.append(f"What to fix: {where} ({error.message}). A rule file begins like this, "
                     f"with its number, {number}, the file name's:\n\n"
                     f"{example(number, _title(proposal, path))}")
    elif _taken(game, proposal):
        parts.append(f"Give the new rule a number no rule has: the next is {next_number(game)}.")
    parts.append(_meanwhile(game))
    return "\n\n".join(parts)


def _first_unreadable(game: Game, proposal: Proposal) -> tuple[str, GameError] | None:
    for path, text in proposal.texts:
        if is_rule_text(path) and rule_number_of(path) is not None:
            try:
                parse_rule(path, text)
            except GameError as error:
                return path, error
    return None


def _taken(game: Game, proposal: Proposal) -> bool:
    """Whether one of the proposal's rule files takes the number of another rule in force."""
    in_force = {rule.number: rule.path for rule in game.rules}
    return any(in_force.get(rule_number_of(path), path) != path
               for path, _ in proposal.texts if is_rule_text(path))


def _title(proposal: Proposal, path: str) -> str:
    """The title to show in the example: the file's own, if it gives one, else the
    proposal's."""
    text = dict(proposal.texts).get(path, "")
    found = re.search(r"^title:[ \t]*[\"']?(.+?)[\"']?[ \t]*$", text, re.MULTILINE) \
        or re.search(r"^#{1,3}[ \t]+(.+?)[ \t]*$", text, re.MULTILINE)
    title = found[1] if found else proposal.title
    return title[:80] or "Your title"


def _meanwhile(game: Game) -> str:
    """What happens to the proposal and the turn until it is fixed, under the rules in force."""
    config = game.config
    lines = ["Push the fix to this proposal's branch: it is judged again then, as a new "
             "proposal. Until then it is not in its vote, and votes cast on this version will "
             "not count."]
    if config.proposing == "one-a-turn" and config.turn_order:
        timeout = (f" The turn does not wait for it: it still passes as "
                   f"{config.cite('turn_timeout')} says." if config.turn_timeout else "")
        lines.append(f"A fix pushed when it is not your turn is refused for good "
                     f"({config.cite('proposing')}).{timeout}")
    if config.schedule:
        days = config.schedule.describe(config.schedule.propose)
        lines.append(f"A fix is judged on the day it is pushed: proposals are accepted {days} "
                     f"only ({config.cite('schedule')}).")
    return " ".join(lines)
