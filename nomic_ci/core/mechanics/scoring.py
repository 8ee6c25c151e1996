"""Points: where they start (seed 002 rule 102) and the turn's dice (rule 103: propose,
then roll, then vote, so the die is rolled as the proposal is put to the vote)."""

from __future__ import annotations

from .binding import Binding
from .values import choice, count, roll

BINDINGS = (
    Binding("starting_points", count, "a whole number of at least 0",
            "the points a player starts with"),
    Binding("turn_roll", roll, "dice in NdS notation, such as 'd6'",
            "rolled once for each proposal as it is put to the vote, and added to the "
            "proposer's score at once"),
    Binding("proposer_gains", choice("net-votes"), "'net-votes'",
            "the proposer of a passed proposal gains its yes votes minus its no votes"),
)
