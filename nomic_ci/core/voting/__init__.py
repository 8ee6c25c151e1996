"""Voting: what a proposal involves and needs, the votes cast on it, the tally, the decision."""
