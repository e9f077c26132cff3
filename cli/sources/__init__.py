"""Input sources: each reads one kind of input and reports findings with exact positions."""
