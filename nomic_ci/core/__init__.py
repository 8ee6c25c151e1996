"""The game core: pure functions from the game's files, the forge's facts and the time to
what happens next. No I/O, no clock, no randomness: the dice are handed in.

- `files/`: reading and writing the game's files (YAML, rule files, state, records)
- `mechanics/`: the kinds of binding a rule may enact, and the configuration they make
- `voting/`: what a proposal involves and needs, the one reader of votes, the tally, decisions
- `players/`: inactivity, joining and comment commands
- `game`, `due`, `apply`: the game as a value, what is due next, and what it does
"""
