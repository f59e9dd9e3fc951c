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
_SETUP_PATH = re.compile(r"setup\.(boats|supply|reserve)(?![a-z_])")  # no \\b: Japanese runs on (setup.boatsに)


def _setup_part(name: str) -> str:
    return {"boats": gettext("the setup"), "supply": gettext("the supply"), "reserve": gettext("the reserve")}[name]


def plain(text: str) -> str:
    """``text`` without rule ids, with "players[0]" said as "Player 1" and the Duel's setup fields
    (F2 setup.boats, setup.supply, setup.reserve) as the table names them."""
    if "[" in text:
        text = _PLAYER_PATH.sub(lambda m: gettext("Player %(n)s") % {"n": int(m[1]) + 1}, text)
    if "setup." in text:
        text = _SETUP_PATH.sub(lambda m: _setup_part(m[1]), text)
    if not any(c in text for c in "(（"):
        return text
    return _ONLY_RULES.sub("", _TRAILING_RULES.sub("", text))
