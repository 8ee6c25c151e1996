"""Everything players read: the READMEs, the decision messages, the vote comment and status."""
