"""Seasons, ladders and leagues in the REST API (under /api/v1/; docs/seasons.md). Reads are
open; club admins make and run them; a player challenges for themselves and enters the result of
their own challenge or league game (a club admin for anyone). A refused change answers 400 with
the reason in ``error``, naming the field.

One module a kind: `seasons`, `ladders`, `leagues`; what they share in `common`."""
