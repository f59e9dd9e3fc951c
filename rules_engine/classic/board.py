"""Base-game end-game boards (formats.md F3): every problem of a board checked against the box's
limits (classic.md C1, C7) and the chamber's filling order (C5.4), for `scoring.score_board`, all
at once as ``(field path, message)`` pairs for a `BoardError` (`validate_board`). Paths follow
the Duel's (docs/rulings.md, "F1 — validation details"): a field's own problem at that field
(``players[2].statues``); a limit broken only by the players together at the last player's field."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, cast

from rules_engine.classic.components import (
    BUILDING_SITES,
    BURIAL_ROWS,
    CARDS,
    COLOURS,
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHARAOHS_WRATH,
    SIDES,
    SITES,
    SLED_CAPACITY,
    STONES_PER_COLOUR,
)
from rules_engine.classic.shapes import Board, BoardPlayer
from rules_engine.classic.sitedata import SiteData, missing_sides
from rules_engine.classic.words import and_list, chamber_place, colour_name, site_name
from rules_engine.messages import msg
from rules_engine.validation import int_in, json_type, player_name, player_object, unknown

STATUES = CARDS["statue"][1]  # C7: 10
DECORATIONS_PER_KIND = CARDS["decoration-pyramids"][1]  # C7: 2 of each kind
BLUE_CARDS = sum(n for colour, n in CARDS.values() if colour == "blue")  # C7: 10
MAX_TRACK = 999  # the track may pass 40 (C1); anything near this is a typo

_TOP_FIELDS = ("game", "sides", "variants", "players", "burial_chamber", "site_stones")
_PLAYER_FIELDS = ("name", "colour", "track", "sled", "obelisk_stones", "statues", "decorations", "blue_cards",
                  "reached")
_REQUIRED = {
    # Translators: what a player's "colour" field holds, then the colour ids (kept as they are).
    "colour": msg("one of {colours}", colours=COLOURS),
    "track": msg("points on the score track before the final scoring"),
    "sled": msg("stones on the sled, 0–{most}", most=SLED_CAPACITY),
    "obelisk_stones": msg("obelisk height on side A, loose stones on side B"),
    "statues": msg("statue cards held, 0–{most}", most=STATUES),
    "decorations": msg("list of the decoration cards' sites, {empty} if none", empty="[]"),
    "blue_cards": msg("unplayed blue cards"),
}
# F3 site_stones: given as counts for these; burial chamber and obelisks come from the board,
# except obelisks on side B, whose tower stones the board does not show.
_SITE_STONE_KEYS = ("pyramids", "temple", "obelisks")
_KNOWN_VARIANTS = (PHARAOHS_WRATH,)
# Translators: what a number counts, in "must be a whole number of points".
_POINTS = msg("points")
# Translators: what a number counts, in "must be a whole number of stones".
_STONES = msg("stones")
# Translators: what a number counts, in "must be a whole number of statues".
_STATUES = msg("statues")
# Translators: what a number counts, in "must be a whole number of blue cards".
_BLUE_CARDS = msg("blue cards")


def validate_board(board: object, data: SiteData, errors: list[tuple[str, str]]) -> Board | None:
    """Every problem of an F3 board into ``errors``; the checked board when all is well (sides
    left out filled in as A, the chamber's columns padded with None)."""
    if not isinstance(board, Mapping):
        errors.append(
            ("", msg("the board must be a JSON object (an F3 end-game board), got {value}", value=json_type(board)))
        )
        return None
    for key in board:
        if key not in _TOP_FIELDS:
            errors.append(unknown(key, "", _TOP_FIELDS, "field"))
    if board.get("game", GAME_ID) != GAME_ID:
        errors.append(("game", msg("must be {game}, got {value}", game=repr(GAME_ID), value=json_type(board["game"]))))
    variants = board.get("variants", [])
    if not isinstance(variants, list):
        errors.append(("variants", msg("must be a list of variant ids")))
    else:
        for i, v in enumerate(variants):
            if v not in _KNOWN_VARIANTS:
                reason = msg(
                    "unknown variant {value} for {game}; known: {known}",
                    value=repr(v),
                    game=GAME_ID,
                    known=_KNOWN_VARIANTS,
                )
                errors.append((f"variants[{i}]", reason))
    sides = _validate_sides(board.get("sides", {}), errors)

    players_raw = board.get("players")
    if players_raw is None:
        errors.append(
            (
                "players",
                msg("is required: a list of the {least}–{most} players' boards", least=MIN_PLAYERS, most=MAX_PLAYERS),
            )
        )
        return None
    if not isinstance(players_raw, list | tuple):
        errors.append(
            ("players", msg("must be a list of the players' boards, got {value}", value=json_type(players_raw)))
        )
        return None
    n = len(players_raw)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        errors.append(
            ("players", msg("{least}–{most} players are needed, got {n}", least=MIN_PLAYERS, most=MAX_PLAYERS, n=n))
        )
    if sides is not None and MIN_PLAYERS <= n <= MAX_PLAYERS:
        errors.extend(missing_sides(sides, data, players=n, scoring=True))
    players = [_validate_player(p, f"players[{i}]", errors) for i, p in enumerate(players_raw)]
    colours = [p.get("colour") for p in players if p is not None]
    seen: set[str] = set()
    for i, p in enumerate(players):
        if p is not None and p.get("colour") in seen:
            reason = msg("{colour} is already another player's colour", colour=colour_name(p["colour"]))
            errors.append((f"players[{i}].colour", reason))
        elif p is not None and p.get("colour"):
            seen.add(p["colour"])
    _validate_together(players, errors)
    grid = _validate_chamber(board.get("burial_chamber"), [c for c in colours if c], errors)
    site_stones = _validate_site_stones(board.get("site_stones"), players, sides, errors)
    _validate_stone_counts(players, grid, site_stones, errors)
    if errors or sides is None:
        return None
    checked: Board = {"game": GAME_ID, "sides": sides, "players": cast(list[BoardPlayer], players),
                      "burial_chamber": grid, "site_stones": site_stones}
    if variants:
        checked["variants"] = list(variants)
    return checked


def _validate_sides(sides: object, errors: list[tuple[str, str]]) -> dict[str, str] | None:
    if not isinstance(sides, Mapping):
        reason = msg(
            "must be an object like {shape} (or be left out for all A), got {value}",
            shape='{"market": "A", "temple": "B", …}',
            value=json_type(sides),
        )
        errors.append(("sides", reason))
        return None
    out = {}
    ok = True
    for key, side in sides.items():
        if key not in SITES:
            errors.append(unknown(key, "sides", SITES, "site"))
            ok = False
        elif side not in SIDES:
            errors.append(
                (f"sides.{key}", msg("must be {a} or {b}, got {value}", a="'A'", b="'B'", value=json_type(side)))
            )
            ok = False
        else:
            out[key] = side
    # A site left out is side A (as for the Duel's F1); with a bad entry we cannot tell.
    return {site: out.get(site, "A") for site in SITES} if ok else None


def _validate_player(p: object, path: str, errors: list[tuple[str, str]]) -> dict[str, Any] | None:
    if not player_object(p, path, _PLAYER_FIELDS, _REQUIRED, errors):
        return None
    v: dict[str, Any] = {"name": player_name(p, path, errors)}
    if "colour" in p:
        if p["colour"] not in COLOURS:
            reason = msg("must be one of {colours}, got {value}", colours=COLOURS, value=json_type(p["colour"]))
            errors.append((f"{path}.colour", reason))
        else:
            v["colour"] = p["colour"]
    limits = {
        "track": (0, MAX_TRACK, _POINTS),
        "sled": (0, SLED_CAPACITY, _STONES),
        "obelisk_stones": (0, STONES_PER_COLOUR, _STONES),
        "statues": (0, STATUES, _STATUES),
        "blue_cards": (0, BLUE_CARDS, _BLUE_CARDS),
    }
    for key, (lo, hi, what) in limits.items():
        if key in p:
            value = int_in(p[key], f"{path}.{key}", lo, hi, what, errors)
            if value is not None:
                v[key] = value
    if "decorations" in p:
        decorations = p["decorations"]
        if not isinstance(decorations, list | tuple):
            reason = msg(
                "must be a list of sites ({sites}), got {value}", sites=BUILDING_SITES, value=json_type(decorations)
            )
            errors.append((f"{path}.decorations", reason))
        else:
            good = True
            for i, site in enumerate(decorations):
                if site not in BUILDING_SITES:
                    reason = msg(
                        "entry {i} must be one of {sites}, got {value}",
                        i=i + 1,
                        sites=BUILDING_SITES,
                        value=json_type(site),
                    )
                    errors.append((f"{path}.decorations", reason))
                    good = False
            if good:
                v["decorations"] = list(decorations)
    if "reached" in p:
        reached = p["reached"]
        if not isinstance(reached, list | tuple) or any(s not in BUILDING_SITES for s in reached):
            reason = msg(
                "must be a list of the building sites this player got a stone onto ({sites})", sites=BUILDING_SITES
            )
            errors.append((f"{path}.reached", reason))
        elif len(set(reached)) != len(reached):
            errors.append((f"{path}.reached", msg("lists a site twice")))
        else:
            v["reached"] = list(reached)
    return v


def _validate_together(players: list[dict[str, Any] | None], errors: list[tuple[str, str]]) -> None:
    """Limits of the box (C7 counts) that only the players together break: reported once, at
    the player whose cards go past the limit."""
    for key, limit in (("statues", STATUES), ("blue_cards", BLUE_CARDS)):
        held = 0
        for i, p in enumerate(players):
            held += (p or {}).get(key, 0)
            if held > limit:
                if key == "statues":
                    reason = msg(
                        "the players hold {n} statues together; the game has {limit} (C7)", n=held, limit=limit
                    )
                else:
                    reason = msg(
                        "the players hold {n} blue cards together; the game has {limit} (C7)", n=held, limit=limit
                    )
                errors.append((f"players[{i}].{key}", reason))
                break
    decorations: Counter[str] = Counter()
    for i, p in enumerate(players):
        for site in (p or {}).get("decorations", ()):
            decorations[site] += 1
            if decorations[site] == DECORATIONS_PER_KIND + 1:
                reason = msg(
                    "more than {limit} {site} decorations are held; the game has {limit} (C7)",
                    limit=DECORATIONS_PER_KIND,
                    site=site_name(site),
                )
                errors.append((f"players[{i}].decorations", reason))


def _validate_chamber(grid: object, colours: list[str], errors: list[tuple[str, str]]) -> list[list[str | None]]:
    """F3: columns left to right, each 3 entries top to bottom; stones fill column by column,
    so only the end of the filling may be empty, and only the last column may be short."""
    if grid is None:
        errors.append(
            (
                "burial_chamber",
                msg("is required: the chamber's columns from left to right, {empty} if empty", empty="[]"),
            )
        )
        return []
    if not isinstance(grid, list | tuple):
        reason = msg("must be a list of columns (each 3 entries, top to bottom), got {value}", value=json_type(grid))
        errors.append(("burial_chamber", reason))
        return []
    out: list[list[str | None]] = []
    ended_at: tuple[int, int] | None = None  # (column, row) of the first empty place: nothing may follow it
    for c, column in enumerate(grid):
        path = f"burial_chamber[{c}]"
        if not isinstance(column, list | tuple):
            reason = msg(
                "must be a list of {rows} entries (a colour or null), got {value}",
                rows=BURIAL_ROWS,
                value=json_type(column),
            )
            errors.append((path, reason))
            out.append([None] * BURIAL_ROWS)
            continue
        if len(column) > BURIAL_ROWS:
            errors.append((path, msg("a column has {rows} places, got {n} entries", rows=BURIAL_ROWS, n=len(column))))
        elif len(column) < BURIAL_ROWS and c != len(grid) - 1:
            errors.append((path, msg("only the last column may be shorter than {rows} entries", rows=BURIAL_ROWS)))
        cells: list[str | None] = []
        for r, who in enumerate(column[:BURIAL_ROWS]):
            where = f"{path}[{r}]"
            if who is None:
                ended_at = ended_at or (c, r)
            elif who in COLOURS and who not in colours and colours:
                # A box colour nobody plays: said in the board's words (the calculator offers every colour).
                reason = msg(
                    "{colour} is no player's colour in this game; the players' colours are {colours} (C1)",
                    colour=colour_name(who),
                    colours=and_list(colour_name(k) for k in colours),
                )
                errors.append((where, reason))
                who = None
            elif who not in colours:
                reason = msg(
                    "must be a player's colour ({colours}) or null, got {value}",
                    colours=tuple(colours),
                    value=json_type(who),
                )
                errors.append((where, reason))
                who = None
            elif ended_at is not None:
                reason = msg(
                    "the chamber fills column by column from the top (C5.4), but {place} before it is empty",
                    place=chamber_place(*ended_at),
                )
                errors.append((where, reason))
            cells.append(who)
        cells += [None] * (BURIAL_ROWS - len(cells))
        out.append(cells)
    return out


def _validate_site_stones(
    raw: object, players: list[dict[str, Any] | None], sides: dict[str, Any] | None, errors: list[tuple[str, str]]
) -> dict[str, int]:
    """F3 ``site_stones``: needed only for a decoration of that site (the chamber's and, on side
    A, the obelisks' counts come from the board)."""
    needed: dict[str, int] = {}
    for i, p in enumerate(players):
        for site in (p or {}).get("decorations", ()):
            needed.setdefault(site, i)
    out: dict[str, int] = {}
    if raw is not None and not isinstance(raw, Mapping):
        reason = msg(
            "must be an object like {shape}, got {value}", shape='{"pyramids": 16, "temple": 11}', value=json_type(raw)
        )
        errors.append(("site_stones", reason))
        raw = {}
    raw = raw or {}
    for key, value in raw.items():
        if key not in _SITE_STONE_KEYS:
            errors.append(unknown(key, "site_stones", _SITE_STONE_KEYS, "site"))
            continue
        count = int_in(value, f"site_stones.{key}", 0, STONES_PER_COLOUR * MAX_PLAYERS, _STONES, errors)
        if count is not None:
            out[key] = count
    wanted = ["pyramids", "temple"] + (["obelisks"] if sides and sides["obelisks"] == "B" else [])
    for site in wanted:
        if site in needed and site not in raw:
            if site == "obelisks":
                reason = msg(
                    "is required because players[{i}] holds a {site} decoration: the number of stones of all "
                    "colours there (on side B the loose stones do not show the towers)",
                    i=needed[site],
                    site=site_name(site),
                )
            else:
                reason = msg(
                    "is required because players[{i}] holds a {site} decoration: the number of stones of all "
                    "colours there",
                    i=needed[site],
                    site=site_name(site),
                )
            errors.append((f"site_stones.{site}", reason))
    return out


def _validate_stone_counts(
    players: list[dict[str, Any] | None], grid: list[Any], site_stones: dict[str, Any], errors: list[tuple[str, str]]
) -> None:
    """C1: 30 stones per colour, wherever they are counted on the board."""
    in_chamber = Counter(who for column in grid for who in column if who is not None)
    counted = 0
    for i, p in enumerate(players):
        if p is None or "colour" not in p:
            continue
        chamber, obelisk, sled = in_chamber[p["colour"]], p.get("obelisk_stones", 0), p.get("sled", 0)
        mine = chamber + obelisk + sled
        counted += mine
        if mine > STONES_PER_COLOUR:
            reason = msg(
                "{colour} has {n} stones on the board ({chamber} in the burial chamber, {obelisks} on the "
                "obelisks, {sled} on the sled); a colour has {limit} (C1)",
                colour=colour_name(p["colour"]),
                n=mine,
                chamber=chamber,
                obelisks=obelisk,
                sled=sled,
                limit=STONES_PER_COLOUR,
            )
            errors.append((f"players[{i}]", reason))
    on_sites = site_stones.get("pyramids", 0) + site_stones.get("temple", 0)
    # Obelisk stones are already counted per player (side A) or include towers (side B count).
    box = STONES_PER_COLOUR * len([p for p in players if p is not None])
    if on_sites and counted + on_sites > box:
        reason = msg(
            "{n} stones are counted on the board, the players own {box} together (C1)", n=counted + on_sites, box=box
        )
        errors.append(("site_stones", reason))
