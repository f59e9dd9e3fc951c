"""Turn a base-game position (the classic state JSON, docs/state-json.md) into what
`templates/games/_classic_board.html` draws: the round's four ships, the five sites with their
side, and each player's quarry, sled, cards and score track.

Everything is read from the documented JSON, never from the engine's state object, so the
viewer draws exactly what the API answers. Highlights come from the story of the move that
led here (`classic_describe.ClassicStory`); on the live-entry page, `choices` marks the
empty slots a stone may be placed on (C4.2). Words are ``Message`` values the templates say
(``|say``), or lazily said where a template prints them as they are (`games.ui.gameui.drawn`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.ui.classic.describe import ClassicStory, card_colour, card_name, seat_name, site_name, site_title
from games.ui.gameui import drawn
from rules_engine.classic.components import (
    BURIAL_ROWS,
    COLOURS,
    PYRAMIDS_A_VALUES,
    SITES,
    SLED_CAPACITY,
)

# C5.2: Pyramids A is a 3×3 base, a 2×2 level and a top, each filled column by column.
PYRAMID_A_LEVELS = ((1, 3, 0), (2, 2, 9), (3, 1, 13))  # (level, side length, first index)
MIN_CHAMBER_COLUMNS = 4  # draw a few empty columns so an empty chamber still looks like one


def stone_colour(colour: object) -> str:
    """A CSS-safe colour name ("" for an empty place)."""
    return colour if isinstance(colour, str) and colour in COLOURS else ""


def ships_view(
    state: Mapping, story: ClassicStory | None = None, choices: Mapping[tuple[int, int], object] | None = None
) -> list[dict]:
    """The round's ships (C3.1), slots bow first (C1), where each sailed."""
    story = story or ClassicStory(text="")
    choices = choices or {}
    out = []
    for ship in state.get("ships") or []:
        number = ship.get("ship")
        slots = list(ship.get("slots") or [])
        loaded = sum(1 for s in slots if s)
        out.append(
            {
                "ship": number,
                "capacity": ship.get("capacity", len(slots)),
                "min_load": ship.get("min_load"),
                "loaded": loaded,
                "ready": ship.get("sailed_to") is None and loaded >= int(ship.get("min_load") or 0),
                "sailed_to": ship.get("sailed_to"),
                "sailed_to_name": site_name(ship["sailed_to"]) if ship.get("sailed_to") else "",
                "just_sailed": number in story.sailed,
                "slots": [
                    {
                        "n": n,
                        "colour": stone_colour(c),
                        "placed": (number, n) in story.placed and bool(c),
                        "choice": choices.get((number, n)),
                    }
                    for n, c in enumerate(slots, start=1)
                ],
            }
        )
    return out


def _market(site: Mapping) -> dict:
    return {
        "cards": [{"id": c, "name": card_name(c), "colour": card_colour(c)} for c in site.get("face_up") or []],
        "pair": int(site.get("pair") or 0),
    }


def _pyramids(site: Mapping) -> dict:
    stones = site.get("stones")
    if site.get("side") == "B" or (isinstance(stones, list) and stones and isinstance(stones[0], list)):
        # C6.2: three pyramids whose shapes are board data; drawn as their stones in order.
        piles = site.get("pyramids") if isinstance(site.get("pyramids"), list) else stones or []
        return {
            "piles": [[stone_colour(c) for c in pile] for pile in piles],
            "overflow": [stone_colour(c) for c in site.get("overflow") or []],
        }
    stones = list(stones or [])
    levels = []
    for level, size, first in PYRAMID_A_LEVELS:
        rows = [[None] * size for _ in range(size)]
        for k in range(size * size):
            index = first + k
            col, row = divmod(k, size)  # column by column from the top left
            rows[row][col] = {
                "n": index + 1,
                "value": PYRAMIDS_A_VALUES[index],
                "colour": stone_colour(stones[index]) if index < len(stones) else "",
            }
        levels.append({"level": level, "rows": rows})
    overflow = [stone_colour(c) for c in stones[len(PYRAMIDS_A_VALUES) :]]
    return {"levels": levels, "overflow": overflow, "count": len(stones)}


def _temple(site: Mapping) -> dict:
    stones = list(site.get("stones") or [])
    width = int(site.get("width") or 0) or max(len(site.get("top") or []), 1)
    top = list(site.get("top") or [None] * width)
    heights = [len(stones[i::width]) for i in range(width)]  # C5.3: rows fill from the left
    return {
        "spaces": [
            {"n": i + 1, "colour": stone_colour(top[i] if i < len(top) else None), "height": heights[i]}
            for i in range(width)
        ],
        "count": len(stones),
    }


def _chamber(site: Mapping) -> dict:
    columns = [list(c) for c in site.get("columns") or []]
    width = max(len(columns) + 1, MIN_CHAMBER_COLUMNS)
    rows = []
    for r in range(BURIAL_ROWS):  # C5.4: 3 rows, filled column by column
        rows.append(
            [stone_colour(columns[c][r]) if c < len(columns) and r < len(columns[c]) else "" for c in range(width)]
        )
    return {"rows": rows, "count": sum(1 for col in columns for c in col if c)}


def _obelisks(site: Mapping, colours: Sequence[str]) -> dict:
    heights = site.get("heights") or {}
    towers = [
        {"colour": stone_colour(t.get("colour")), "value": t.get("value")}
        for t in site.get("towers") or []
        if isinstance(t, Mapping)
    ]  # side B (C6.5)
    return {
        "obelisks": [
            {"colour": c, "height": int(heights.get(c, 0)), "blocks": range(int(heights.get(c, 0)))} for c in colours
        ],
        "towers": towers,
    }


def sites_view(state: Mapping, story: ClassicStory | None = None) -> list[dict]:
    """The five sites in board order (C1), each with its side and the ship docked there."""
    story = story or ClassicStory(text="")
    sites = state.get("sites") or {}
    colours = [p.get("colour") for p in state.get("players") or []]
    out = []
    for site_id in SITES:
        site = sites.get(site_id) or {}
        view = {
            "id": site_id,
            "name": site_title(site_id),
            "side": site.get("side", "A"),
            "ship": site.get("ship"),
            "docked_now": site_id in story.sites,
        }
        if site_id == "market":
            view.update(_market(site))
        elif site_id == "pyramids":
            view.update(_pyramids(site))
        elif site_id == "temple":
            view.update(_temple(site))
        elif site_id == "burial-chamber":
            view.update(_chamber(site))
        else:
            view.update(_obelisks(site, colours))
        if site_id != "market":
            view["stone_counts"] = _stone_counts(site_id, site, view, colours)
        out.append(view)
    return out


def _stone_counts(site_id: str, site: Mapping, view: Mapping, colours: Sequence[str]) -> list[tuple[str, int]]:
    """(colour, stones) on a site in seat order: the site as words, not only as coloured dots
    (issue 39: a screen reader, or a reader who tells colours apart badly, reads the counts)."""
    if site_id == "obelisks":
        counted = [ob["colour"] for ob in view["obelisks"] for _ in ob["blocks"]]
    elif site_id == "temple":
        counted = [stone_colour(c) for c in site.get("stones") or []]
    elif site_id == "burial-chamber":
        counted = [c for row in view["rows"] for c in row if c]
    elif "levels" in view:
        counted = [sp["colour"] for lv in view["levels"] for row in lv["rows"] for sp in row if sp["colour"]]
        counted += list(view["overflow"])
    else:
        counted = [c for pile in view.get("piles", []) for c in pile] + list(view.get("overflow", []))
    order = [stone_colour(c) for c in colours]
    return [(c, counted.count(c)) for c in order if counted.count(c)]


def _decoration(card: str) -> dict:
    """A green card (C7), given as its card id or as the site it decorates."""
    card_id = f"decoration-{card}" if card in SITES else card
    return {"id": card_id, "name": card_name(card_id)}


def player_panels(state: Mapping, score: Mapping | None = None, names: Sequence[str] = ()) -> list[dict]:
    """Each player's quarry, sled, cards, sites reached and score track, with the score they
    would have if the game ended now (C8; ``score``: the registry's result, with lines and
    variants; else the state JSON's own ``score``)."""
    leaders = set(state.get("leaders") or [])
    over = bool(state.get("over"))
    panels = []
    for i, p in enumerate(state.get("players") or []):
        result = (score or {}).get("players", [])[i] if score and i < len(score.get("players", [])) else None
        own = p.get("score") or {}
        cards = p.get("cards") or {}
        sled = int(p.get("sled", 0))
        panels.append(
            {
                "index": i,
                "name": p.get("name") or drawn(seat_name(names, i)),
                "colour": stone_colour(p.get("colour")),
                "to_move": state.get("to_move") == i and not over,
                "leader": i in leaders,
                "quarry": p.get("quarry", 0),
                "sled": sled,
                "sled_places": [k < sled for k in range(max(SLED_CAPACITY, sled))],
                "track": p.get("track", 0),
                "blue": [{"id": c, "name": card_name(c)} for c in cards.get("blue") or []],
                "green": [_decoration(c) for c in cards.get("green") or []],
                "statues": int(cards.get("purple") or 0),
                "reached": [site_name(s) for s in p.get("reached") or []],
                "total": (result or own).get("total", p.get("track", 0)),
                "breakdown": (result or own).get("breakdown", {}),
                "lines": (result or {}).get("lines", []),
            }
        )
    return panels


def round_view(state: Mapping, names: Sequence[str] = ()) -> dict:
    """Round number, who moves, who opened the round, the deck (C3)."""
    players = state.get("players") or []

    def name(i):
        if isinstance(i, int) and 0 <= i < len(players):
            return players[i].get("name") or drawn(seat_name(names, i))
        return ""

    return {
        "round": state.get("round"),
        "rounds": state.get("rounds", 6),
        "over": bool(state.get("over")),
        "to_move": name(state.get("to_move")),
        "round_first": name(state.get("round_first")),
        "passes": state.get("passes", 0),
        "deck": state.get("deck_count"),
        "discards": state.get("discard_count"),
        "leaders": [name(i) for i in state.get("leaders") or []],
    }


def classic_context(
    state: Mapping,
    score: Mapping | None,
    story: ClassicStory | None,
    names: Sequence[str] = (),
    choices: Mapping | None = None,
) -> dict:
    """Everything `_classic_board.html` needs for one position."""
    return {
        "ships": ships_view(state, story, choices),
        "sites": sites_view(state, story),
        "panels": player_panels(state, score, names),
        "round": round_view(state, names),
    }
