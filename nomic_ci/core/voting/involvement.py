"""Which rules a proposal involves, and so which layer of the cake decides it.

A proposal involves every rule file it adds, modifies or removes, and both
the old and the new number of a rename. A change outside `rules/` counts as
involving the rule number the rules name for that (the most protected layer).
"""

from __future__ import annotations

from typing import Iterable

from ..frozen import frozen
from ..mechanics.config import GameConfig
from ..mechanics.layers import Layer
from ..facts import ChangeKind, FileChange
from ..files.rulefiles import is_rule_text, rule_number_of


@frozen
class Involvement:
    """The files a proposal changes, as the layer cake counts them (`rules_involved`)."""

    rules: tuple[int, ...]  # rule numbers the rule files touched stand for
    other_files: tuple[str, ...]  # files outside the rules that the proposal changes
    misnamed: tuple[str, ...]  # markdown under rules/ that is not named NNN-slug.md

    def numbers(self, config: GameConfig) -> tuple[int, ...]:
        """Every number that counts for the layer cake, lowest first."""
        numbers = set(self.rules)
        if self.other_files and config.other_files_as_rule is not None:
            numbers.add(config.other_files_as_rule)
        return tuple(sorted(numbers))


def rules_involved(changes: Iterable[FileChange]) -> Involvement:
    rules: set[int] = set()
    other: list[str] = []
    misnamed: list[str] = []
    for change in changes:
        paths = [change.path]
        if change.kind is ChangeKind.RENAMED and change.previous_path:
            paths.append(change.previous_path)
        for path in paths:
            number = rule_number_of(path)
            if number is not None:
                rules.add(number)
            elif is_rule_text(path):
                misnamed.append(path)
            elif path not in other:
                other.append(path)  # includes the generated rules/README.md
    return Involvement(tuple(sorted(rules)), tuple(other), tuple(misnamed))


def layer_for(config: GameConfig, numbers: tuple[int, ...]) -> Layer | None:
    """The layer of the lowest number involved (rule 104's last paragraph)."""
    if not numbers:
        return None
    return next((layer for layer in config.layers if layer.covers(numbers[0])), None)

