"""What the live-entry page offers in a base game: the legal moves of the player to move
(the engine's `legal_moves`, as F4 JSON), grouped by action as people play them (C4):
get stones; place a stone (drawn as the ships' empty slots); sail a ship, per ship and site,
with the market picks listed under that ship and site; the blue cards (C7), each grouped per
ship (and site) so that a lever's orders or a chisel's pairs never make one giant list.

Every choice carries its F4 JSON, which the page posts back unchanged. Headings and labels are
``Message`` values: the menu is built once per position and shared between readers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from games.ui.classic.board_pick import pick_kind, pick_steps
from games.ui.classic.describe import card_name, seat_name, site_name
from games.ui.gameui import Choice
from rules_engine.classic.components import BLUE_CARDS, SITES
from rules_engine.messages import msg


@dataclass(frozen=True)
class PickChoice(Choice):
    """A choice that can also be picked on the board (games/ui/classic/board_pick.py):
    its bar button and its steps as JSON, for static/js/board-pick.js."""

    kind: str = ""
    steps: str = ""


def _choice(move: dict, label: str) -> Choice:
    steps = pick_steps(move)
    kind = pick_kind(move)
    if steps is None or kind is None:
        return Choice(move, label)
    return PickChoice(move, label, kind, json.dumps(steps, separators=(",", ":")))


@dataclass
class Group:
    """Choices that share a heading, e.g. "ship 2 → market" with its market picks."""

    key: str
    label: str  # a Message
    choices: list[Choice] = field(default_factory=list)


@dataclass
class ClassicMenu:
    get_stones: Choice | None = None  # C4.1
    place: dict[tuple[int, int], Choice] = field(default_factory=dict)  # C4.2: (ship, slot) -> move
    sail: list[Group] = field(default_factory=list)  # C4.3: one group per ship and site
    cards: dict[str, list[Group]] = field(default_factory=dict)  # C4.4/C7: card -> its groups
    pass_move: Choice | None = None  # C3 ruling: only when nothing else is legal

    @property
    def empty(self) -> bool:
        return not (self.get_stones or self.place or self.sail or self.cards or self.pass_move)

    @property
    def pickable(self) -> list[str]:
        """The bar buttons of board picking: ``sail`` and ``card-<id>`` with a move on the board."""
        groups = [*self.sail, *(g for gs in self.cards.values() for g in gs)]
        kinds = {c.kind for g in groups for c in g.choices if isinstance(c, PickChoice)}
        return [k for k in ["sail", *(f"card-{c}" for c in self.cards)] if k in kinds]

    @property
    def count(self) -> int:
        return (
            bool(self.get_stones)
            + len(self.place)
            + sum(len(g.choices) for g in self.sail)
            + sum(len(g.choices) for gs in self.cards.values() for g in gs)
            + bool(self.pass_move)
        )


def _owners(
    state: Mapping | None, ship: int, order: Sequence[int] | None = None, extra: tuple[int, str] | None = None
) -> list[str]:
    """Names of the owners of the stones of ``ship`` in unload order (C4.3 / lever order);
    ``extra`` = (slot, colour) of a stone placed just before sailing (the sail card)."""
    if not state:
        return []
    names = {p.get("colour"): p.get("name") or seat_name((), i) for i, p in enumerate(state.get("players") or [])}
    slots = next((list(s.get("slots") or []) for s in state.get("ships") or [] if s.get("ship") == ship), [])
    if extra is not None and 0 < extra[0] <= len(slots):
        slots[extra[0] - 1] = extra[1]
    seq = [slots[n - 1] for n in order if 0 < n <= len(slots)] if order else slots
    return [names.get(c, "?") for c in seq if c]


def _take_label(take: object) -> str:
    if isinstance(take, Mapping) and "pair" in take:
        # Translators: Market B (C6.1): take the face-down pair and keep one card of it.
        return msg("the pair (keep {card})", card=card_name(take["pair"]))
    return card_name(take)


def _one_by_one(parts: Sequence[str]) -> str:
    """Who takes what, one after the other: "Ana takes statue; Ben takes lever"."""
    out = parts[0]
    for part in parts[1:]:
        # Translators: two things said one after the other, e.g. "Ana takes statue; Ben takes lever".
        out = msg("{first}; {then}", first=out, then=part)
    return out


def _dotted(parts: list[str]) -> str:
    """A label's parts: "slot 1 · Ben takes statue"."""
    out = parts[0]
    for part in parts[1:]:
        # Translators: two parts of a move's label on the live-entry page, e.g. "slot 1 · Ben takes statue".
        out = msg("{first} · {then}", first=out, then=part)
    return out


def _takes(move: Mapping, owners: list[str]) -> str:
    takes = move.get("take") or []
    if not takes:
        return ""
    if len(owners) == len(takes):
        # Translators: who takes which market card (C5.1), e.g. "Ana takes statue".
        said = [msg("{who} takes {card}", who=o, card=_take_label(t)) for o, t in zip(owners, takes, strict=True)]
        return _one_by_one(said)
    # Translators: the market cards a move takes, when the page cannot tell whose stone takes which.
    return msg("takes {cards}", cards=tuple(_take_label(t) for t in takes))


def _extras(move: Mapping, known: set[str]) -> str:
    """B-side choices carried by the move (docs/rulings.md), shown as given."""
    extra = {k: v for k, v in move.items() if k not in known}
    return "; ".join(f"{k.replace('_', ' ')} {v}" for k, v in sorted(extra.items()))


_BASE_KEYS = {"type", "ship", "slot", "site", "take", "card", "order", "places"}


def _label(parts: list[str], move: Mapping) -> str:
    extra = _extras(move, _BASE_KEYS)
    shown = [p for p in [*parts, extra] if p]
    return _dotted(shown) if shown else move.get("type", "move")


def _group(groups: dict[str, Group], key: str, label: str) -> Group:
    if key not in groups:
        groups[key] = Group(key, label)
    return groups[key]


def _site_order(site: str) -> int:
    return SITES.index(site) if site in SITES else len(SITES)


def _plus(spots: Sequence[str]) -> str:
    """The chisel's places one after the other: "ship 1 slot 2 + ship 3 slot 1"."""
    out = spots[0]
    for spot in spots[1:]:
        # Translators: the two places of a chisel (C7), e.g. "ship 1 slot 2 + ship 3 slot 1".
        out = msg("{first} + {then}", first=out, then=spot)
    return out


def _towards(ship: int, site: str) -> str:
    # Translators: a ship and the site it sails to, as a heading of the live-entry menu: "ship 2 → market".
    return msg("ship {ship} → {site}", ship=ship, site=site_name(site))


def legal_menu(moves_json: list[dict], state: Mapping | None = None) -> ClassicMenu:
    """The legal F4 moves (in the engine's order) grouped for the page; ``state`` (the
    classic state JSON of the position) names whose stone takes which market card."""
    menu = ClassicMenu()
    sail: dict[str, Group] = {}
    cards: dict[str, dict[str, Group]] = {}
    mover_colour = None
    if state and isinstance(state.get("to_move"), int) and state["to_move"] < len(state.get("players") or []):
        mover_colour = state["players"][state["to_move"]].get("colour")
    for move in moves_json:
        kind = move.get("type")
        if kind == "get-stones":
            menu.get_stones = Choice(move, _label([msg("get stones from the quarry (C4.1)")], move))
        elif kind == "place":
            ship, slot = int(move["ship"]), int(move["slot"])
            text: str = msg("place a stone on ship {ship}, slot {slot}", ship=ship, slot=slot)
            menu.place[(ship, slot)] = Choice(move, _label([text], move))
        elif kind == "sail":
            ship, site = int(move["ship"]), move["site"]
            group = _group(sail, f"{ship}:{site}", _towards(ship, site))
            # Translators: sailing a ship to a site, e.g. "sail ship 2 to the temple".
            text = _takes(move, _owners(state, ship)) or msg("sail ship {ship} to the {site}", ship=ship,
                                                            site=site_name(site))
            group.choices.append(_choice(move, _label([text], move)))
        elif kind == "play":
            card = move.get("card", "")
            groups = cards.setdefault(card, {})
            if card == "lever":
                ship, site, order = int(move["ship"]), move["site"], move.get("order") or []
                group = _group(groups, f"{ship}:{site}", _towards(ship, site))
                # Translators: the blue card "lever" (C7): the order to unload a ship's slots in,
                # e.g. "unload slots 4, 3, 1".
                text = msg("unload slots {slots}", slots=tuple(order))
                takes = _takes(move, _owners(state, ship, order))
                group.choices.append(_choice(move, _label([text, takes], move)))
            elif card == "hammer":
                ship, slot = int(move["ship"]), int(move["slot"])
                # Translators: the blue card "hammer" (C7): get stones, then place one on a ship.
                group = _group(groups, f"{ship}", msg("get stones, then a stone on ship {ship}", ship=ship))
                group.choices.append(_choice(move, _label([msg("slot {slot}", slot=slot)], move)))
            elif card == "sail":
                ship, slot, site = int(move["ship"]), int(move["slot"]), move["site"]
                # Translators: the blue card "sail" (C7): place a stone on a ship, then sail it to a site.
                heading = msg("a stone on ship {ship}, then sail it → {site}", ship=ship, site=site_name(site))
                group = _group(groups, f"{ship}:{site}", heading)
                owners = _owners(state, ship, extra=(slot, mover_colour)) if mover_colour else []
                group.choices.append(_choice(move, _label([msg("slot {slot}", slot=slot), _takes(move, owners)], move)))
            elif card == "chisel":
                places = [(int(p["ship"]), int(p["slot"])) for p in move.get("places") or []]
                first = places[0][0] if places else 0
                # Translators: the blue card "chisel" (C7): its choices grouped by the ship of the first stone.
                group = _group(groups, f"{first}", msg("first stone on ship {ship}", ship=first))
                # Translators: a place the blue card "chisel" (C7) puts a stone on, e.g. "ship 1 slot 2".
                spots = [msg("ship {ship} slot {slot}", ship=s, slot=n) for s, n in places]
                group.choices.append(_choice(move, _label([_plus(spots)] if spots else [], move)))
            else:
                _group(groups, "", card_name(card)).choices.append(_choice(move, _label([card_name(card)], move)))
        elif kind == "pass":
            menu.pass_move = Choice(move, msg("pass (no legal action, C3 ruling)"))
        else:
            _group(sail, f"other:{kind}", str(kind)).choices.append(Choice(move, _label([str(kind)], move)))
    menu.sail = sorted(sail.values(), key=lambda g: (g.key.split(":")[0], _site_order(g.key.split(":")[-1])))
    order = [c for c in BLUE_CARDS if c in cards] + [c for c in cards if c not in BLUE_CARDS]
    menu.cards = {c: list(cards[c].values()) for c in order}
    return menu
