"""What a player reads of an engine message: the board's words without the engine's marks.

Engine messages cite the rule they apply ("round 1 ends (C3.4)") and name record fields
("players[0]"): right for the API, the logs and the rule files, noise at the table. Pages say
them through `plain`, which drops the rule ids and says field paths as a person would. The API
keeps the messages as they are."""

from __future__ import annotations

import re

from django.utils.translation import gettext

_RULE = r"(?:see\s+)?(?:[\w-]+\.md\s+)?[CDF]\d+(?:\.\d+)*"
_RULES = rf"{_RULE}(?:\s*(?:[,、/]|and|und|и|és|・)\s*{_RULE})*"
# "(C3.4)", "（D3）", "(D4.2, D5)": a parenthesis holding rule ids only goes, with the space before it.
_ONLY_RULES = re.compile(rf"\s*[(（]\s*{_RULES}\s*[)）]")
# "(the same for both players, D1)": the ids at the end of a parenthesis go, the words stay.
_TRAILING_RULES = re.compile(rf"\s*[,、;；]\s*{_RULES}(?=\s*[)）])")
_PLAYER_PATH = re.compile(r"\bplayers\[(\d+)\]")
# A record's header field ("setup.<field>"); no \b at its end: Japanese runs on ("…に").
_SETUP_PATH = re.compile(r"setup\.([a-z_]+)(?![a-z_])")


def _setup_part(match: re.Match[str]) -> str:
    """The game's own words for a header field (its web adapter's ``terms``), else the path."""
    from games.ui import ui_registry  # the adapters load the plugins: only when a path is said

    term = ui_registry().terms.get(match[0])
    return str(term) if term is not None else match[0]


def plain(text: str) -> str:
    """``text`` without rule ids, with "players[0]" said as "Player 1" and a game's header fields
    (the Duel's F2 setup.boats, setup.supply …) as its web adapter's ``terms`` name them."""
    if "[" in text:
        text = _PLAYER_PATH.sub(lambda m: gettext("Player %(n)s") % {"n": int(m[1]) + 1}, text)
    if "setup." in text:
        text = _SETUP_PATH.sub(_setup_part, text)
    if not any(c in text for c in "(（"):
        return text
    return _ONLY_RULES.sub("", _TRAILING_RULES.sub("", text))
