"""A base-game move in words, e.g. "Ana sails ship 2 (3 stones) to the market: Ana takes
statue, Ben takes lever, Ana takes hammer".

Worked out from the classic state JSON (docs/state-json.md, "Classic state JSON") *before*
the move and the F4 move itself; the position *after* the move, when given, adds what the
score track gained (pyramids at once, the temple at the end of a round, C5.2/C5.3) and that
a round ended. Unloading goes from bow to stern, skipping empty slots (C4.3), or in the
lever's order (C7). Besides the sentence, the story says what the viewer highlights.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules_engine.classic.components import CARDS, GET_STONES, SLED_CAPACITY

# The F4 keys every move kind is fully described by; anything else on a move is a B-side
# choice (docs/rulings.md), shown as given.
_KNOWN_KEYS = {"type", "ship", "slot", "site", "take", "card", "order", "places"}


@dataclass
class ClassicStory:
    text: str
    placed: set[tuple[int, int]] = field(default_factory=set)  # (ship, slot) a stone was put on
    sailed: set[int] = field(default_factory=set)  # ships that sailed
    sites: set[str] = field(default_factory=set)  # sites a ship docked at
    mover: int | None = None  # the seat who moved


def site_name(site: str) -> str:
    """ "burial-chamber" → "burial chamber"."""
    return str(site).replace("-", " ")


def card_name(card: str) -> str:
    """Card ids for people (C7): "decoration-temple" → "temple decoration",
    "paved-path" → "paved path"."""
    card = str(card)
    if card.startswith("decoration-"):
        return f"{site_name(card[len('decoration-') :])} decoration"
    return card.replace("-", " ")


def card_colour(card: str) -> str:
    """red / green / purple / blue (C7); "" for an unknown id."""
    return CARDS.get(card, ("", 0))[0]


def _player_names(state: Mapping, names: Sequence[str]) -> list[str]:
    players = state.get("players") or []
    out = []
    for i, p in enumerate(players):
        name = p.get("name") if isinstance(p, Mapping) else None
        out.append(name or (names[i] if i < len(names) else f"player {i + 1}"))
    return out


def _ship(state: Mapping, number: int) -> Mapping:
    for ship in state.get("ships") or []:
        if ship.get("ship") == number:
            return ship
    return {"ship": number, "slots": []}


def _take_text(take: object) -> str:
    if isinstance(take, Mapping) and "pair" in take:  # Market B (C6.1)
        return f"the pair, keeps {card_name(take['pair'])}"
    return card_name(take)


def _unload(
    state: Mapping,
    ship_no: int,
    site: str,
    order: Sequence[int] | None,
    take: object,
    who_names: list[str],
    colours: dict[str, int],
) -> str:
    """ "ship 2 (3 stones) to the market: Ana takes statue, …" (C4.3, C5/C6)."""
    slots = list(_ship(state, ship_no).get("slots") or [])
    seq = [slots[n - 1] for n in order if 0 < n <= len(slots)] if order else slots
    unload = [c for c in seq if c]
    owners = [colours.get(c) for c in unload]
    count = f"{len(unload)} stone{'s' if len(unload) != 1 else ''}"
    text = f"ship {ship_no} ({count}) to the {site_name(site)}"
    if site == "market":
        takes = list(take) if isinstance(take, list) else []
        parts = []
        for k, owner in enumerate(owners):
            who = who_names[owner] if owner is not None and owner < len(who_names) else "?"
            parts.append(f"{who} takes {_take_text(takes[k])}" if k < len(takes) else f"{who} takes nothing")
        if parts:
            text += ": " + ", ".join(parts)
    elif owners:
        text += ": " + ", ".join(who_names[o] if o is not None and o < len(who_names) else "?" for o in owners)
    if order:
        text += f" (unloading slots {', '.join(str(n) for n in order)})"
    return text


def _gets(state: Mapping, mover: int) -> int:
    """How many stones C4.1 moves for the player to move."""
    p = (state.get("players") or [{}])[mover] if mover < len(state.get("players") or []) else {}
    return max(0, min(GET_STONES, SLED_CAPACITY - int(p.get("sled", 0)), int(p.get("quarry", 0))))


def _extras(move: Mapping) -> str:
    extra = {k: v for k, v in move.items() if k not in _KNOWN_KEYS}
    if not extra:
        return ""
    return " (" + ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in sorted(extra.items())) + ")"


def _gains(before: Mapping, after: Mapping, who_names: list[str]) -> str:
    """What the score track gained during the move (pyramids at once, temple at round end)."""
    parts = []
    for i, (a, b) in enumerate(zip(before.get("players") or [], after.get("players") or [], strict=False)):
        gained = int(b.get("track", 0)) - int(a.get("track", 0))
        if gained:
            parts.append(f"{who_names[i]} {gained:+d}")
    return "; scores " + ", ".join(parts) if parts else ""


def describe_move(
    before: Mapping, move: Mapping, names: Sequence[str] = (), after: Mapping | None = None
) -> ClassicStory:
    """The story of ``move`` (an F4 dict) played in the position ``before`` (classic state
    JSON); ``after`` (the state JSON after it) adds points scored and a round's end."""
    who_names = _player_names(before, names)
    colours = {p.get("colour"): i for i, p in enumerate(before.get("players") or [])}
    mover = before.get("to_move")
    mover = mover if isinstance(mover, int) and 0 <= mover < len(who_names) else 0
    who = who_names[mover] if who_names else "?"
    story = ClassicStory(text="", mover=mover)
    kind = move.get("type")
    card = move.get("card")
    if kind == "get-stones":
        n = _gets(before, mover)
        story.text = f"{who} gets {n} stone{'s' if n != 1 else ''} from the quarry (C4.1)"
    elif kind == "place":
        story.placed.add((int(move["ship"]), int(move["slot"])))
        story.text = f"{who} places a stone on ship {move['ship']}, slot {move['slot']}"
    elif kind == "sail":
        story.sailed.add(int(move["ship"]))
        story.sites.add(move["site"])
        story.text = f"{who} sails " + _unload(
            before, int(move["ship"]), move["site"], None, move.get("take"), who_names, colours
        )
    elif kind == "play" and card == "lever":
        story.sailed.add(int(move["ship"]))
        story.sites.add(move["site"])
        story.text = f"{who} plays lever: sails " + _unload(
            before, int(move["ship"]), move["site"], move.get("order"), move.get("take"), who_names, colours
        )
    elif kind == "play" and card == "hammer":
        n = _gets(before, mover)
        story.placed.add((int(move["ship"]), int(move["slot"])))
        story.text = (
            f"{who} plays hammer: gets {n} stone{'s' if n != 1 else ''}, then places a stone on "
            f"ship {move['ship']}, slot {move['slot']}"
        )
    elif kind == "play" and card == "sail":
        ship, slot = int(move["ship"]), int(move["slot"])
        story.placed.add((ship, slot))
        story.sailed.add(ship)
        story.sites.add(move["site"])
        # The ship as it sails: with the stone just placed (C7 sail).
        loaded = {**_ship(before, ship)}
        slots = list(loaded.get("slots") or [])
        mover_colour = next((c for c, i in colours.items() if i == mover), None)
        if 0 < slot <= len(slots):
            slots[slot - 1] = mover_colour
        loaded["slots"] = slots
        ships = [loaded if s.get("ship") == ship else s for s in before.get("ships") or []]
        story.text = f"{who} plays sail: places a stone on ship {ship}, slot {slot}, then sails " + _unload(
            {**before, "ships": ships}, ship, move["site"], None, move.get("take"), who_names, colours
        )
    elif kind == "play" and card == "chisel":
        places = [(int(p["ship"]), int(p["slot"])) for p in move.get("places") or []]
        story.placed.update(places)
        story.text = f"{who} plays chisel: places stones on " + " and ".join(f"ship {s}, slot {n}" for s, n in places)
    elif kind == "pass":
        story.text = f"{who} passes (no legal action, C3 ruling)"
    else:
        story.text = f"{who}: {kind}"
    story.text += _extras(move)
    if after is not None:
        story.text += _gains(before, after, who_names)
        if after.get("over") and not before.get("over"):
            story.text += "; the game is over (C8)"
        elif after.get("round") != before.get("round"):
            story.text += f"; round {before.get('round')} ends (C3.4)"
    return story
