"""Imhotep: Builder of Egypt, the 2–4 player base game (``classic``, docs/rules/classic.md),
as the second built-in game plugin."""
