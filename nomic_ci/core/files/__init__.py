"""The game's files: YAML, rule files, the state and the decision records."""

# the folders that hold a game, at the root of its repository: all a forge reads of it
GAME_DIRS = ("rules/", "state/", "proposals/", "actions/", "judgments/")
# the state's files (read by files.statefile and board.boardfile)
PLAYERS = "state/players.yaml"
GAME = "state/game.yaml"
BOARD = "state/board.yaml"  # in games played on a board
