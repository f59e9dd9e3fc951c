"""What the replay page says of a game's luck and skill (games/analysis/luck.py computes it):
per player the sums, and the three largest terms in board words ("the round card of round 4:
+18 %"), each linked to its position. Moves are numbered as the move list shows them."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from games.analysis.models import GameLuck
from imhotep_lib.translation import say

SHOWN = 3  # terms named per player


def pct(share: float) -> str:
    """A change of win chance in signed whole percent points: "+18", "−5", "0"."""
    n = round(share * 100)
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def chance_words(term: dict, before: dict, after: dict) -> str:
    """What a chance event turned up, from the state JSON before and after it (docs/state-json.md):
    the base game's round card (C2) and market cards (C7), the Duel's refill (D4.2) or reserve token
    (D4.3)."""
    move = term["move"] + 1
    if "round" in after and after.get("round", 0) > before.get("round", 0):
        if term.get("turned_up"):
            return _("the round card and market cards of round {round}").format(round=after["round"])
        return _("the round card of round {round}").format(round=after["round"])
    if "deck_count" in after:
        return _("the market cards turned up at move {move}").format(move=move)
    if after.get("supply_count", 0) < before.get("supply_count", 0):
        return _("the tokens drawn to refill a boat at move {move}").format(move=move)
    if after.get("reserve_count", 0) < before.get("reserve_count", 0):
        return _("the token turned up from the reserve at move {move}").format(move=move)
    return _("what move {move} turned up").format(move=move)


def told(luck: GameLuck, timeline) -> list[dict]:
    """Per player: name, luck, skill (every decision's effect on them) and what their own decisions
    gained against a random continuation (not bounded by 100: the page says so), in signed percent
    points, and their `SHOWN` largest terms as ``{"text", "pct", "url"}`` (a decision links to the
    position before it, a chance event to the position it made)."""
    base = reverse("replay", args=[timeline.game.pk])
    out = []
    for seat, name in enumerate(timeline.names):
        terms = sorted(luck.terms, key=lambda t: -abs(t["change"][seat]))[:SHOWN]
        named = []
        for t in terms:
            k = t["move"]
            if t["kind"] == "chance":
                text = chance_words(t, timeline.state_json(k), timeline.state_json(k + 1))
                ply = k + 1
            else:
                text = _("move {move}, {story}").format(move=k + 1, story=say(timeline.stories[k].text))
                ply = k
            named.append({"text": text, "pct": pct(t["change"][seat]), "url": f"{base}?ply={ply}", "ply": ply,
                          "kind": t["kind"]})
        player = luck.players[seat]
        out.append({"name": name, "luck": pct(player["luck"]), "skill": pct(player["skill"]),
                    "own": pct(player["own"]), "start": round(player["start"] * 100),
                    "result": round(player["result"] * 100), "terms": named})
    return out
