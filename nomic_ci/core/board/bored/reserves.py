"""PropositionsInReserve and VotesInReserve (seed 003 rule 15).

`reserves: {propositions_per_level: 5, votes_per_two_levels: 1}`. "A turn" of rule 15 is read
as the week that rule 9 gives the proposals and votes: at the update on the week's results
day, a player who made no proposal that week gains a PropositionInReserve (15.1; a proposal
refused as it arrived, a bankrupt player's or one made out of its days, was not made), and one
whose vote counted on no proposal that week a VoteInReserve (15.2), up to 5 × level (15.5)
and ceil(level / 2) (15.6). A player spends a PropositionInReserve by proposing beyond the
week's two (15.3: the proposal is an extra, and displaces none), and a VoteInReserve with
`/strengthen N` (15.4: their vote on proposal N counts twice).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import counts
from ...words import number_in
from .money import choice_refusal
from .vitals import LEVEL, RESERVES, change, stat

PROPOSITIONS, VOTES = RESERVES
VOTED = "voted_in_week"  # the week (YYYYWW) of the player's latest counted vote
PROPOSED = "proposed_in_week"  # the week (YYYYWW) of the latest proposal they made (opened)
EXTRAS, EXTRAS_WEEK = "extra_proposals", "extra_proposals_week"  # 15.3's, in that week
STRENGTHEN = "strengthen"  # the command, and its effect's key


@frozen
class Reserves:
    """The `reserves` binding: how many of each reserve a player's level lets them hold (`caps`)."""

    propositions_per_level: int
    votes_per_two_levels: int

    def caps(self, level: int) -> tuple[int, int]:
        level = max(level, 0)
        return self.propositions_per_level * level, self.votes_per_two_levels * -(-level // 2)


def parse_reserves(value: Any) -> Reserves:
    return Reserves(**counts(value, "{propositions_per_level: 5, votes_per_two_levels: 1}",
                             ("propositions_per_level", "votes_per_two_levels")))


BINDINGS = (
    Binding("reserves", parse_reserves, "{propositions_per_level: 5, votes_per_two_levels: 1}",
            "a week without a proposal gains a PropositionInReserve (at most "
            "`propositions_per_level` × level), spent on a proposal beyond the week's limit; a "
            "week without a vote gains a VoteInReserve (at most `votes_per_two_levels` × "
            "ceil(level / 2)), spent with /strengthen N to count a vote twice"),
)


def week(config, at: datetime) -> int:
    year, number = config.schedule.week_of(at)
    return year * 100 + number


def note_voters(state, config, logins, at: datetime):
    """The week each of `logins` last had a vote counted (at a decision)."""
    if "reserves" not in config.board or config.schedule is None:
        return state
    for login in logins:
        player = next((p for p in state.players if p.login == login), None)
        if player is not None:
            state = state.with_player(player.with_stats(**{VOTED: week(config, at)}))
    return state


def week_ends(play) -> None:
    """At the update on the week's results day: 15.1 and 15.2's gains, capped (15.5, 15.6)."""
    rule, config = play.config.board.get("reserves"), play.config
    if rule is None or config.schedule is None \
            or config.schedule.weekday(play.at) != config.schedule.results:
        return
    this_week, cite = week(config, play.at), play.cite("reserves")
    for player in play.state.players:
        login = player.login
        most_p, most_v = rule.caps(stat(play, login, LEVEL))
        gains = {}
        if stat(play, login, PROPOSED) != this_week:
            gains[PROPOSITIONS] = min(stat(play, login, PROPOSITIONS) + 1, most_p) - \
                stat(play, login, PROPOSITIONS)
        if stat(play, login, VOTED) != this_week:
            gains[VOTES] = min(stat(play, login, VOTES) + 1, most_v) - stat(play, login, VOTES)
        if any(gains.values()):
            change(play, login, f"a week without {_without(gains)} ({cite})", **gains)


def _without(gains: dict[str, int]) -> str:
    return " or ".join(what for key, what in ((PROPOSITIONS, "a proposal"), (VOTES, "a vote"))
                       if gains.get(key))


def proposal_opened(state, config, login: str, at: datetime):
    """`login`'s proposal opens: they made one this week (15.1; one refused as it arrived
    never opens), and one beyond the week's limit spends a PropositionInReserve (15.3)."""
    limit, schedule = config.proposals_per_week, config.schedule
    player = next((p for p in state.players if p.login == login), None)
    if "reserves" not in config.board or schedule is None or player is None:
        return state
    player = player.with_stats(**{PROPOSED: week(config, at)})
    state = state.with_player(player)
    if not limit:
        return state
    made = sum(1 for o in state.open_proposals if o.author.login == login
               and schedule.week_of(o.opened) == schedule.week_of(at))
    have = player.stat(PROPOSITIONS, config.starting_stats)
    extra = extras(player, config, at)
    if made < limit + extra or have < 1:
        return state
    return state.with_player(player.with_stats(**{PROPOSITIONS: have - 1, EXTRAS: extra + 1,
                                                  EXTRAS_WEEK: week(config, at)}))


def extras(player, config, at: datetime) -> int:
    """The extra proposals (15.3) `player` made in the week of `at`."""
    if "reserves" not in config.board or config.schedule is None:
        return 0
    start = config.starting_stats
    return player.stat(EXTRAS, start) if player.stat(EXTRAS_WEEK, start) == week(config, at) \
        else 0


def strengthen(play, login: str, words: list[str]) -> str | None:
    """`/strengthen N` (15.4): spend a VoteInReserve; the vote on proposal N counts twice."""
    cite = play.cite("reserves")
    number = number_in(words[0].lstrip("#")) if len(words) == 1 else None
    if number is None:
        return "say which proposal: /strengthen N"
    refused = choice_refusal(play, login)  # 4.4: a bankrupt player does not vote
    if refused:
        return refused
    if not any(o.number == number for o in play.state.open_proposals):
        return f"proposal {number} is not in its vote"
    if stat(play, login, VOTES) < 1:
        return f"{login} has no VotesInReserve ({cite})"
    if strength(play.game, login, number) > 1:
        return f"{login}'s vote on proposal {number} is strengthened already"
    change(play, login, f"a stronger vote on proposal {number} ({cite})", **{VOTES: -1})
    play.effect({STRENGTHEN: number, "login": login},
                f"{login}'s vote on proposal {number} counts twice ({cite})")
    return None


def strength(game, login: str, number: int | None) -> int:
    """How much `login`'s vote on proposal `number` counts (15.4)."""
    if number is None or "reserves" not in game.config.board:
        return 1
    return 1 + sum(1 for action in game.actions if action.login == login
                   and _strengthens(action.command) == number)


def _strengthens(command: str) -> int | None:
    """The proposal a recorded `/strengthen N` strengthened (it was carried out: judged
    allowed, so N is a number), or None for any other command."""
    words = command.split()
    if len(words) == 2 and words[0].lower() == f"/{STRENGTHEN}":
        return number_in(words[1].lstrip("#"))
    return None


def weekly_limit(game, login: str, at: datetime, limit: int) -> int:
    """How many proposals `login` may have in the week of `at`: rule 9.2's, the extras they
    made (15.3), and one more while they have a PropositionInReserve to spend on it."""
    player = next((p for p in game.state.players if p.login == login), None)
    if player is None or "reserves" not in game.config.board:
        return limit
    spare = player.stat(PROPOSITIONS, game.config.starting_stats) >= 1
    return limit + extras(player, game.config, at) + spare
