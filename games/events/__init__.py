"""Club events (issue 31): the app; the pairing itself is pure Python in `pairing/`."""
