"""The game's files: YAML, rule files, the state and the decision records."""

# the folders that hold a game, at the root of its repository: all a forge reads of it
GAME_DIRS = ("rules/", "state/", "proposals/", "actions/")
