"""The board of a board-game ruleset (Infinite Nomic round 7, BoredNomic, the Suber world):
its state, the mechanics the rules bind, and the players' commands that play it.

Only a game whose rules bind a board mechanic loads these modules: `kinds` imports a kind
when a rule binds one of its keys, and the rest of the core imports from here inside the
function that needs it, after checking the rules bind the mechanic. A game without a board
starts the quicker for it (tests/cli/test_parser.py checks `status`)."""
