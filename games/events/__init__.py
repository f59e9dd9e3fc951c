"""Club events (issue 31): the app; the pairing itself is pure Python in `pairing/`, and so
are the standings with their tie-breaks (`standings.py`)."""
