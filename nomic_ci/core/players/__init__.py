"""What players do besides proposing and voting: go inactive, join, give comment commands."""
