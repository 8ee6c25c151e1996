"""`propose --dry-run`: what a proposal would involve, need and change, recording nothing.

It is judged as `propose` would judge it, against the game as it stands: whether it may
be put to the vote now, the rules it involves and the threshold they set, when its vote
would close, and what it would change in the game's mechanics if it passed (the what-if
its vote comment shows)."""

from __future__ import annotations

from datetime import datetime

from ..core.due import next_transition
from ..core.files.state import OpenProposal
from ..core.game import Game
from ..core.players.proposers import final_refusal, to_fix
from ..core.voting.admission import Requirement
from ..core.voting.decision import vote_view
from ..forges.interface import listed_comments
from ..forges.localforge import LocalForge
from ..text.messages import describe
from ..text.rule_format import fix_advice
from ..text.vote_comment import what_a_change_does, what_it_needs, when_it_ends


def preview_proposal(game: Game, forge: LocalForge, key: str, now: datetime
                     ) -> tuple[list[str], bool]:
    """The lines to show, and whether the proposal would be put to the vote."""
    proposals = forge.proposals({o.key for o in game.state.open_proposals} | {key})
    proposal = next(p for p in proposals if p.key == key)
    lines = [f"Dry run: nothing is recorded. {proposal.author.login} proposing "
             f"{proposal.title!r} (branch {forge.branch_of(key)}):"]
    if proposal.changes:
        shown = ", ".join(c.path for c in proposal.changes[:10])
        lines.append(f"It changes {len(proposal.changes)} file(s): {shown}"
                     + (" …" if len(proposal.changes) > 10 else ""))
    others = [p for p in proposals if p.key != key]
    earlier = next_transition(game, others, now, *listed_comments(forge, game))
    if earlier is not None:
        lines.append(f"First, what is due now would be applied: {describe(earlier)}; this dry "
                     "run judges the proposal against the game as it stands before that.")
    number = game.state.next_proposal
    open_ = OpenProposal(number, key, proposal.title, proposal.author, now, proposal.head, now)
    view = vote_view(game, open_, proposal, now)
    needed, eligible = view.needed, len(view.tally.eligible)
    if isinstance(needed, Requirement):
        lines.append(f"{what_it_needs(needed, eligible)}.")
    reason = final_refusal(game, proposal)
    if reason is not None:
        lines.append(f"It would be refused: {reason}.")
        return lines, False
    fix = to_fix(game, proposal)
    if fix is not None:
        lines += [f"It would await a fix, open: {fix}.", fix_advice(game, proposal)]
        return lines, False
    lines.append(f"It would be put to the vote as proposal {number}. {when_it_ends(view)} "
                 f"{what_a_change_does(game.config)}")
    if view.warning:
        lines.append(f"Warning: {view.warning}.")
    lines += ["If it passes:", *(f"- {change}" for change in view.changes)] if view.changes \
        else ["If it passes, the game's mechanics stay as they are (its prose may still "
              "change what players do)."]
    return lines, True
