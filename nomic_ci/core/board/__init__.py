"""The board of a board-game ruleset (Infinite Nomic round 7): its state, the mechanics the
rules bind, and the players' commands that play it."""
