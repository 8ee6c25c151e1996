"""nomic-ci: a game of Nomic whose board is a git repository.

The game core (rules, mechanics, tally, game, state, records, render, verify)
is pure: it reads files and facts and returns decisions. Forges (the local git
forge here, GitHub elsewhere) are thin adapters around it.
"""
