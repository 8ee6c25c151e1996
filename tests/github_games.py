"""Small games on the fake GitHub, each one run away from a decision (shared by fault tests)."""

from builders import new_rule


def open_proposal(hub, author="alice", branch="idea", files=None):
    hub.later().branch(branch, files or new_rule(150), author=author)
    return hub.fake.open_pr(author, branch, "An idea", created_at=hub.now)

def voted_game(hub, review):
    """A proposal in its vote, and bob's and carol's reviews of it: decided at the next run."""
    pr = open_proposal(hub)
    assert hub.reconcile() == 0
    for who in ("bob", "carol"):
        hub.later().fake.add_review(pr, who, review, submitted_at=hub.now)
    return pr


def passing_game(hub):
    return voted_game(hub, "APPROVED")


def failing_game(hub):
    return voted_game(hub, "CHANGES_REQUESTED")


def refused_game(hub):
    return open_proposal(hub, author="bob")  # not bob's turn


GAMES = {"passing": passing_game, "failing": failing_game, "refused": refused_game}
