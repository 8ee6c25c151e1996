"""The boards of the board-game rulesets: the machinery every board shares here, and each
game in a room of its own.

```
core/board/            what every board shares: the players' commands judged and carried out
  │                    (actions), their records and index (actionlog, actionindex), verify's
  │                    replay, the board file (boardfile, worldfile), one action's play
  │                    (primitives, playing), trading (trade), the ring of numbered spaces,
  │                    the words of a command, an admin's corrections; the games by name
  │                    (games) and the engine's way into their rooms (rooms)
  ├── infinite/        Infinite Nomic round 7's ring (seeds 000 and 004)
  ├── suber/           the Suber world (seed 001, rules 302-308)
  └── bored/           BoredNomic (seed 003)
```

A shared module imports no game, and a game no other game (tests/test_layout.py checks
both). A game's room is imported only when a rule in force binds one of its keys
(`games.rooms_in_force`): a game without a board loads none, and a board game only its own
(tests/cli/test_parser.py checks `status` and `tick` for every shipped ruleset).
"""
