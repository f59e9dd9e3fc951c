"""Club nights and events: registration, rounds, pairing (pairing/), live tables, standings."""
