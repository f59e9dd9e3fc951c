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
from rules_engine.classic.words import CARD_NAMES, SITE_NAMES
from rules_engine.messages import msg, plural

# The F4 keys every move kind is fully described by; anything else on a move is a B-side
# choice (docs/rulings.md), shown as given.
_KNOWN_KEYS = {"type", "ship", "slot", "site", "take", "card", "order", "places"}

#: The sites as a heading names them (the board's words, capitalised).
SITE_TITLES = {
    "market": msg("Market"),
    "pyramids": msg("Pyramids"),
    "temple": msg("Temple"),
    "burial-chamber": msg("Burial chamber"),
    "obelisks": msg("Obelisks"),
}


@dataclass
class ClassicStory:
    text: str  # a Message: stories are cached with the replay and said when drawn
    placed: set[tuple[int, int]] = field(default_factory=set)  # (ship, slot) a stone was put on
    sailed: set[int] = field(default_factory=set)  # ships that sailed
    sites: set[str] = field(default_factory=set)  # sites a ship docked at
    mover: int | None = None  # the seat who moved


def site_name(site: str) -> str:
    """ "burial-chamber" → "burial chamber" (a ``Message``; a site no plugin names: its id in words)."""
    return SITE_NAMES.get(str(site)) or str(site).replace("-", " ")


def site_title(site: str) -> str:
    """ "burial-chamber" → "Burial chamber", for headings."""
    return SITE_TITLES.get(str(site)) or str(site).replace("-", " ").capitalize()


def card_name(card: str) -> str:
    """Card ids for people (C7): "decoration-temple" → "temple decoration",
    "paved-path" → "paved path" (a ``Message``; an unknown id in words)."""
    return CARD_NAMES.get(str(card)) or str(card).replace("-", " ")


def card_colour(card: str) -> str:
    """red / green / purple / blue (C7); "" for an unknown id."""
    return CARDS.get(card, ("", 0))[0]


def seat_name(names: Sequence[str], i: int) -> str:
    """Seat ``i``'s name, or "player n" when the record names nobody there."""
    # Translators: a player the record gives no name, by seat: "player 1".
    return names[i] if i < len(names) else msg("player {n}", n=i + 1)


def _player_names(state: Mapping, names: Sequence[str]) -> list[str]:
    players = state.get("players") or []
    out = []
    for i, p in enumerate(players):
        name = p.get("name") if isinstance(p, Mapping) else None
        out.append(name or seat_name(names, i))
    return out


def _ship(state: Mapping, number: int) -> Mapping:
    for ship in state.get("ships") or []:
        if ship.get("ship") == number:
            return ship
    return {"ship": number, "slots": []}


def _take_text(take: object) -> str:
    if isinstance(take, Mapping) and "pair" in take:  # Market B (C6.1)
        # Translators: Market B (C6.1): a player takes the face-down pair and keeps one card of it.
        return msg("the pair, keeps {card}", card=card_name(take["pair"]))
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
    # Translators: how many stones a sailing ship carries, e.g. "ship 2 (3 stones) to the market".
    count = plural("{n} stone", "{n} stones", n=len(unload))
    # Translators: a ship sailing to a site, e.g. "ship 2 (3 stones) to the market"; {site} is a site's name.
    text = msg("ship {ship} ({stones}) to the {site}", ship=ship_no, stones=count, site=site_name(site))
    parts: list[str] = []
    if site == "market":
        takes = list(take) if isinstance(take, list) else []
        for k, owner in enumerate(owners):
            who = who_names[owner] if owner is not None and owner < len(who_names) else "?"
            if k < len(takes):
                # Translators: who takes which market card (C5.1), e.g. "Ana takes statue".
                parts.append(msg("{who} takes {card}", who=who, card=_take_text(takes[k])))
            else:
                parts.append(msg("{who} takes nothing", who=who))
    else:
        parts = [who_names[o] if o is not None and o < len(who_names) else "?" for o in owners]
    if parts:
        # Translators: a ship sailing and whose stones it unloads, bow to stern:
        # "ship 1 (3 stones) to the temple: Ana, Ben, Cy".
        text = msg("{ship}: {unloaded}", ship=text, unloaded=tuple(parts))
    if order:
        # Translators: the lever's order of unloading (C7), e.g. "… (unloading slots 4, 3, 1)".
        text = msg("{ship} (unloading slots {slots})", ship=text, slots=tuple(order))
    return text


def _gets(state: Mapping, mover: int) -> int:
    """How many stones C4.1 moves for the player to move."""
    p = (state.get("players") or [{}])[mover] if mover < len(state.get("players") or []) else {}
    return max(0, min(GET_STONES, SLED_CAPACITY - int(p.get("sled", 0)), int(p.get("quarry", 0))))


def _extras(text: str, move: Mapping) -> str:
    """``text`` with the move's B-side choices (docs/rulings.md) as given: "… (pyramid: [2])"."""
    extra = {k: v for k, v in move.items() if k not in _KNOWN_KEYS}
    if not extra:
        return text
    choices = tuple(f"{k.replace('_', ' ')}: {v}" for k, v in sorted(extra.items()))
    # Translators: a move with the choices a B side asks for, as the record gives them: "… (pyramid: [2])".
    return msg("{move} ({choices})", move=text, choices=choices)


def _gains(text: str, before: Mapping, after: Mapping, who_names: list[str]) -> str:
    """``text`` with what the score track gained during the move (pyramids at once, temple at round end)."""
    parts = []
    for i, (a, b) in enumerate(zip(before.get("players") or [], after.get("players") or [], strict=False)):
        gained = int(b.get("track", 0)) - int(a.get("track", 0))
        if gained:
            # Translators: points a player scored during a move, e.g. "Ana +3" (the sign is part of {points}).
            parts.append(msg("{who} {points}", who=who_names[i], points=f"{gained:+d}"))
    if not parts:
        return text
    # Translators: a move and who scored during it, e.g. "… ; scores Ana +3, Cy +1".
    return msg("{move}; scores {gains}", move=text, gains=tuple(parts))


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
        story.text = plural(
            "{who} gets {n} stone from the quarry (C4.1)", "{who} gets {n} stones from the quarry (C4.1)", who=who, n=n
        )
    elif kind == "place":
        story.placed.add((int(move["ship"]), int(move["slot"])))
        story.text = msg(
            "{who} places a stone on ship {ship}, slot {slot}", who=who, ship=move["ship"], slot=move["slot"]
        )
    elif kind == "sail":
        story.sailed.add(int(move["ship"]))
        story.sites.add(move["site"])
        sailing = _unload(before, int(move["ship"]), move["site"], None, move.get("take"), who_names, colours)
        # Translators: {sailing} is e.g. "ship 2 (3 stones) to the market: Ana takes statue, …".
        story.text = msg("{who} sails {sailing}", who=who, sailing=sailing)
    elif kind == "play" and card == "lever":
        story.sailed.add(int(move["ship"]))
        story.sites.add(move["site"])
        sailing = _unload(
            before, int(move["ship"]), move["site"], move.get("order"), move.get("take"), who_names, colours
        )
        # Translators: the blue card "lever" (C7); {sailing} is e.g. "ship 2 (3 stones) to the market: …".
        story.text = msg("{who} plays lever: sails {sailing}", who=who, sailing=sailing)
    elif kind == "play" and card == "hammer":
        n = _gets(before, mover)
        story.placed.add((int(move["ship"]), int(move["slot"])))
        story.text = plural(
            # Translators: the blue card "hammer" (C7): get stones, then place one.
            "{who} plays hammer: gets {n} stone, then places a stone on ship {ship}, slot {slot}",
            "{who} plays hammer: gets {n} stones, then places a stone on ship {ship}, slot {slot}",
            who=who, n=n, ship=move["ship"], slot=move["slot"],
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
        sailing = _unload({**before, "ships": ships}, ship, move["site"], None, move.get("take"), who_names, colours)
        story.text = msg(
            # Translators: the blue card "sail" (C7): place a stone, then sail that ship.
            "{who} plays sail: places a stone on ship {ship}, slot {slot}, then sails {sailing}",
            who=who, ship=ship, slot=slot, sailing=sailing,
        )
    elif kind == "play" and card == "chisel":
        places = [(int(p["ship"]), int(p["slot"])) for p in move.get("places") or []]
        story.placed.update(places)
        # Translators: one of the places the blue card "chisel" (C7) puts a stone on.
        spots = [msg("ship {ship}, slot {slot}", ship=s, slot=n) for s, n in places]
        if len(spots) == 2:  # always, for a legal move (C7)
            story.text = msg(
                # Translators: the blue card "chisel" (C7) placing two stones: "… on ship 1, slot 2 and ship 3, slot 1".
                "{who} plays chisel: places stones on {first} and {second}", who=who, first=spots[0], second=spots[1]
            )
        else:
            # Translators: the blue card "chisel" (C7) placing stones, listed.
            story.text = msg("{who} plays chisel: places stones on {places}", who=who, places=tuple(spots))
    elif kind == "pass":
        story.text = msg("{who} passes (no legal action, C3 ruling)", who=who)
    else:
        # Translators: a move of a kind the base game's pages do not know, shown by its id.
        story.text = msg("{who}: {move}", who=who, move=str(kind))
    story.text = _extras(story.text, move)
    if after is not None:
        story.text = _gains(story.text, before, after, who_names)
        if after.get("over") and not before.get("over"):
            story.text = msg("{move}; the game is over (C8)", move=story.text)
        elif after.get("round") != before.get("round"):
            # Translators: a move that ended a round, e.g. "…; round 2 ends (C3.4)".
            story.text = msg("{move}; round {round} ends (C3.4)", move=story.text, round=before.get("round"))
    return story
