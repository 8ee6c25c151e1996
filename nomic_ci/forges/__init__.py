"""Forges, where proposals and votes live: the interface, a local git repository, GitHub."""
