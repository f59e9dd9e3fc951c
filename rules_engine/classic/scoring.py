"""Base-game end-of-game scoring (classic.md C8) of an F3 board (formats.md F3), every point
explained in ``lines``, ranked by C8 (most points, then most stones on the sled, else a shared
win). `score_board` first validates the whole board (`board.validate_board`), every problem at once
as a `BoardError` of ``(field path, message)`` pairs. Only the end-of-game parts are scored here:
the track (``track``) holds what scored during play (pyramids, temple, obelisk towers on side B)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache

from rules_engine.classic.board import validate_board
from rules_engine.classic.components import (
    BUILDING_SITES,
    BURIAL_ROWS,
    GAME_ID,
    OBELISKS_A_POINTS,
    PHARAOHS_WRATH,
    PHARAOHS_WRATH_PENALTY,
    STONES_PER_DECORATION_POINT,
    group_points,
)
from rules_engine.classic.result import ClassicScore
from rules_engine.classic.shapes import Board, BoardPlayer, WrathLine
from rules_engine.classic.sitedata import EMPTY, SiteData
from rules_engine.classic.words import and_list, semicolons, site_name
from rules_engine.errors import BoardError
from rules_engine.messages import Message, msg, plural
from rules_engine.scores import PlayerScore, ScoreLine, ScoreResult

# A line made by tuple.__new__ with every field given: NamedTuple's own __new__ is a Python
# function, and this costs a third as much; an analysis scores a board per playout, 28 lines each.
_new = tuple.__new__
BREAKDOWN_KEYS = ("track", "burial_chamber", "obelisks", "decorations", "statues", "blue_cards", "pharaohs_wrath")


# --------------------------------------------------------------------------- entry points


def score_board(board: object, data: SiteData = EMPTY) -> ClassicScore:
    """Validate an F3 board and score it by C8 (plus C9 when the board itself lists
    ``pharaohs-wrath``), ranked by `rank` (which the registry calls again after variants).

    Raises `BoardError` listing every problem, including a B side whose data is missing.
    """
    errors: list[tuple[str, str]] = []
    checked = validate_board(board, data, errors)
    if errors:
        raise BoardError(errors)
    assert checked is not None
    return _score(checked, data)


def score_engine_board(board: Board, data: SiteData = EMPTY, *, texts: bool = True) -> ClassicScore:
    """`score_board` of a board the engine made itself (`finalboard.final_board`), without the F3
    validation: analysis playouts score thousands of them. It must give the same result:
    tests/engine/classic/test_scoring_fast.py compares the two on random games. With
    ``texts=False`` the lines' ``text`` is None (a playout wants the winners only)."""
    return _score(board, data, texts)


def _score(board: Board, data: SiteData, say: bool = True) -> ClassicScore:
    """The result of a checked board; ``say=False`` leaves the lines' texts out (None)."""
    sides, players, grid, site_stones = board["sides"], board["players"], board["burial_chamber"], board["site_stones"]
    obelisk_points = _obelisk_lines(players, sides["obelisks"], say)
    chamber = _chamber_lines(players, grid, sides["burial-chamber"], data, say)
    counts = {
        "pyramids": site_stones.get("pyramids"),
        "temple": site_stones.get("temple"),
        "burial-chamber": sum(1 for column in grid for colour in column if colour is not None),
        # Side B: the loose stones do not show the towers, so the board gives the count.
        "obelisks": sum(p["obelisk_stones"] for p in players)
        if sides["obelisks"] == "A"
        else site_stones.get("obelisks"),
    }
    variants = board.get("variants") or []
    wrath = pharaohs_wrath_lines(board) if PHARAOHS_WRATH in variants else None
    scored: list[tuple[int, dict[str, int], tuple[ScoreLine, ...]]] = []
    for i, p in enumerate(players):
        track, statues, blue = _extras(p["track"], p["statues"], p["blue_cards"], say)
        lines: tuple[ScoreLine, ...] = (
            track, chamber[i], obelisk_points[i], _decoration_line(p["decorations"], counts, say), statues, blue
        )
        if wrath is not None:
            w = wrath[i]
            # shaped as the registry shapes a variant's line, so both ways give the same result
            lines += (ScoreLine(w["key"], None, w["rule"], w["text"] if say else None, w["points"], PHARAOHS_WRATH),)
        breakdown = dict.fromkeys(BREAKDOWN_KEYS, 0)
        for line in lines:
            breakdown[line.monument] += line.points
        scored.append((sum(breakdown.values()), breakdown, lines))
    ranks, winners, tie_broken = _ranking([total for total, _, _ in scored], [p.get("sled", 0) for p in players])
    seats = [
        PlayerScore(p.get("name"), total, breakdown, lines, p["colour"], r)
        for p, (total, breakdown, lines), r in zip(players, scored, ranks, strict=True)
    ]
    # positional: a playout scores one board each (the keywords are game, players, winners, tie_broken, variants)
    return ClassicScore(GAME_ID, tuple(seats), winners, tie_broken, tuple(variants))


def rank(result: ScoreResult, board: Mapping[str, object]) -> ClassicScore:
    """C8: most points wins; a tie goes to more stones on the sled; still tied, a shared win.
    Every player gets a ``rank`` (1 for the winners; equal totals not separated by the sled
    share a rank). Returns a new result with ``winners`` and ``tie_broken`` (by the sled)."""
    seats = board.get("players")
    sleds = [_sled(p) for p in seats] if isinstance(seats, Sequence) else []
    ranks, winners, tie_broken = _ranking(list(result.totals), sleds)
    return ClassicScore(
        game=result.game,
        players=tuple(
            PlayerScore(p.name, p.total, p.breakdown, p.lines, colour=p.colour, rank=r)
            for p, r in zip(result.players, ranks, strict=True)
        ),
        winners=winners,
        tie_broken=tie_broken,
        variants=result.variants,
    )


def _sled(player: object) -> int:
    sled = player.get("sled", 0) if isinstance(player, Mapping) else 0
    return sled if isinstance(sled, int) else 0


def _ranking(totals: list[int], sleds: list[int]) -> tuple[list[int], tuple[int, ...], bool]:
    """C8: (each seat's rank, the winners, whether the sled broke a tie on points)."""
    keys = list(zip(totals, sleds, strict=True))
    ranks = [1 + sum(other > key for other in keys) for key in keys]
    winners = tuple(i for i, r in enumerate(ranks) if r == 1)
    best = max(totals)
    tied_on_points = sum(t == best for t in totals)
    return ranks, winners, tied_on_points > len(winners)


def pharaohs_wrath_lines(board: Mapping[str, object]) -> list[WrathLine]:
    """C9: −5 for each player whose ``reached`` lacks one of the four building sites (a stone put
    there by a red card counts, C9 ruling). A site where the board itself shows the player's
    stones (burial chamber, obelisks) counts as reached even when ``reached`` leaves it out
    (ruling: the stones are the evidence; formats.md F3's own example relies on it). One line
    per player; a player without ``reached`` is a `BoardError` naming ``players[i].reached``."""
    errors = []
    out: list[WrathLine] = []
    grid = board.get("burial_chamber") or []
    seats = board.get("players") or ()
    for i, p in enumerate(seats if isinstance(seats, Sequence) else ()):
        listed = p.get("reached") if isinstance(p, Mapping) else None
        if listed is None:
            reason = msg(
                "is required with the Pharaoh's wrath variant: the building sites this player got a stone onto (C9)"
            )
            errors.append((f"players[{i}].reached", reason))
            continue
        reached = {*(listed if isinstance(listed, list | tuple) else ()), *shown_sites(p, grid)}
        lacking = [site for site in BUILDING_SITES if site not in reached]
        if lacking:
            text = msg(
                "Pharaoh's wrath: no stone on the {sites} → −{penalty}",
                sites=and_list(site_name(s) for s in lacking),
                penalty=PHARAOHS_WRATH_PENALTY,
            )
            points = -PHARAOHS_WRATH_PENALTY
        else:
            text, points = msg("Pharaoh's wrath: a stone on all four building sites → 0"), 0
        out.append({"key": "pharaohs_wrath", "points": points, "text": text, "rule": "C9"})
    if errors:
        raise BoardError(errors)
    return out


# --------------------------------------------------------------------------- pure tables


def burial_groups(grid: Sequence[Sequence[str | None]], colour: str) -> list[int]:
    """C5.4: sizes of the orthogonally connected groups of ``colour`` (columns of 3 entries,
    top to bottom), largest first."""
    cells = {(c, r) for c, column in enumerate(grid) for r, who in enumerate(column) if who == colour}
    sizes = []
    while cells:
        stack = [cells.pop()]
        size = 0
        while stack:
            c, r = stack.pop()
            size += 1
            for near in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if near in cells:
                    cells.remove(near)
                    stack.append(near)
        sizes.append(size)
    return sorted(sizes, reverse=True)


def ranking_points(amounts: Sequence[int], places: Sequence[int]) -> list[int]:
    """C5.5 (and C6.4): players with at least one stone ranked by amount score the points of
    their place; tied players add the points of the places they occupy and share them,
    rounding down; a player with nothing takes no place and scores 0."""
    ranked = sorted((a for a in amounts if a > 0), reverse=True)
    out = []
    for a in amounts:
        if a <= 0:
            out.append(0)
            continue
        first = ranked.index(a)
        tied = ranked.count(a)
        out.append(sum(places[first : first + tied]) // tied)
    return out


def obelisks_a_points(heights: Sequence[int]) -> list[int]:
    """C5.5: Obelisks A points for the players' heights (10/1, 12/6/1, 15/10/5/1)."""
    return ranking_points(heights, OBELISKS_A_POINTS[len(heights)])


def shown_sites(player: Mapping[str, object], grid: object) -> list[str]:
    """The building sites where the board itself shows ``player``'s stones (C9)."""
    shown = []
    columns = grid if isinstance(grid, list | tuple) else ()
    if any(player.get("colour") == who for column in columns if isinstance(column, list | tuple) for who in column):
        shown.append("burial-chamber")
    stones = player.get("obelisk_stones")
    if isinstance(stones, int) and stones > 0:
        shown.append("obelisks")
    return shown


# --------------------------------------------------------------------------- parts


# A line that is a function of a few ints is kept per process (lines and their messages are
# immutable; the next board's often repeat: a replay's command line scores a record per line).
_lines = lru_cache(maxsize=4096, typed=True)


@_lines
def _extras(track: int, statues: int, blue: int, say: bool) -> tuple[ScoreLine, ScoreLine, ScoreLine]:
    """The track's, the statues' and the blue cards' lines (C8, C7)."""
    points = group_points(statues)
    return (
        _new(ScoreLine, ("track", None, "C8", msg("Score track before the final scoring: {points}", points=track)
                         if say else None, track, None)),
        _new(ScoreLine, ("statues", None, "C7", msg("Statues: {statues} → {points}", points=points,
                                                    statues=plural("{n} statue", "{n} statues", n=statues))
                         if say else None, points, None)),
        _new(ScoreLine, ("blue_cards", None, "C8", msg("Blue cards: {n} unplayed → {points}", n=blue, points=blue)
                         if say else None, blue, None)),
    )


def _stones(n: int) -> Message:
    return plural("{n} stone", "{n} stones", n=n)


def _place(i: int) -> Message:
    if i == 1:
        # Translators: a place in a ranking (first).
        return msg("1st")
    if i == 2:
        # Translators: a place in a ranking (second).
        return msg("2nd")
    if i == 3:
        # Translators: a place in a ranking (third).
        return msg("3rd")
    # Translators: a place in a ranking (4th, 5th, …).
    return msg("{n}th", n=i)


def _places(amounts: Sequence[int], i: int) -> Message:
    """The place player ``i`` holds among ``amounts`` ("2nd", or "tied 2nd–3rd with 1 other")."""
    ranked = sorted((a for a in amounts if a > 0), reverse=True)
    first = ranked.index(amounts[i]) + 1
    tied = ranked.count(amounts[i])
    if tied == 1:
        return _place(first)
    return plural(
        "tied {first}–{last} with {n} other",
        "tied {first}–{last} with {n} others",
        first=_place(first),
        last=_place(first + tied - 1),
        n=tied - 1,
    )


def _obelisk_lines(players: Sequence[BoardPlayer], side: str, say: bool) -> list[ScoreLine]:
    heights = [p["obelisk_stones"] for p in players]
    if side == "B":
        # C6.5: loose stones not in a tower score 1 each; towers were scored during play.
        return [
            _new(ScoreLine, (
                "obelisks",
                "B",
                "C6.5",
                msg(
                    "Obelisks B: {stones} → {points}",
                    stones=plural("{n} loose stone", "{n} loose stones", n=h),
                    points=h,
                )
                if say
                else None,
                h, None
            ))
            for h in heights
        ]
    points = obelisks_a_points(heights)
    table = "/".join(map(str, OBELISKS_A_POINTS[len(players)]))
    out = []
    for i, h in enumerate(heights):
        if not say:
            text = None
        elif h == 0:
            text = msg("Obelisks A: no stone → 0 (no place)")
        else:
            text = msg("Obelisks A: height {height}, {place} ({table}) → {points}", height=h,
                       place=_places(heights, i), table=table, points=points[i])
        out.append(_new(ScoreLine, ("obelisks", "A", "C5.5", text, points[i], None)))
    return out


def _chamber_lines(
    players: Sequence[BoardPlayer], grid: Sequence[Sequence[str | None]], side: str, data: SiteData, say: bool
) -> list[ScoreLine]:
    if side == "A":
        return [_chamber_a_line(tuple(burial_groups(grid, p["colour"])), say) for p in players]
    # C6.4: each row on its own, ranked by stones of each colour in it (adjacency does not matter).
    table = data.burial_chamber_b["points"][len(players)]  # type: ignore[index]
    per_player: list[list[Message]] = [[] for _ in players]
    totals = [0] * len(players)
    for row in range(BURIAL_ROWS):
        stones = Counter(column[row] for column in grid if row < len(column) and column[row] is not None)
        amounts = [stones[p["colour"]] for p in players]
        for i, points in enumerate(ranking_points(amounts, table)):
            if amounts[i]:
                totals[i] += points
                if say:
                    row_text = msg(
                        "row {row}: {stones}, {place} → {points}",
                        row=row + 1,
                        stones=_stones(amounts[i]),
                        place=_places(amounts, i),
                        points=points,
                    )
                    per_player[i].append(row_text)
    shown = "/".join(map(str, table))
    return [
        _new(ScoreLine, ("burial_chamber", "B", "C6.4", _chamber_b_text(shown, parts, total) if say else None, total,
                         None))
        for parts, total in zip(per_player, totals, strict=True)
    ]


@_lines
def _chamber_a_line(sizes: tuple[int, ...], say: bool) -> ScoreLine:
    """C5.4: a player's line from the sizes of their groups, largest first."""
    if not sizes:
        return _new(ScoreLine, ("burial_chamber", "A", "C5.4", msg("Burial chamber A: no stones → 0") if say else None,
                                0, None))
    parts = [group_points(s) for s in sizes]
    if not say:
        text = None
    elif len(sizes) == 1:
        text = msg("Burial chamber A: one group of {stones} → {points}", stones=_stones(sizes[0]), points=parts[0])
    else:
        text = msg("Burial chamber A: groups of {sizes} and {last} stones → {sum} = {points}", sizes=tuple(sizes[:-1]),
                   last=sizes[-1], sum=" + ".join(map(str, parts)), points=sum(parts))
    return _new(ScoreLine, ("burial_chamber", "A", "C5.4", text, sum(parts), None))


def _chamber_b_text(table: str, parts: list[Message], total: int) -> Message:
    if not parts:
        return msg("Burial chamber B ({table}): no stones → {points}", table=table, points=total)
    if len(parts) == 1:
        return msg("Burial chamber B ({table}): {rows}", table=table, rows=parts[0])
    return msg("Burial chamber B ({table}): {rows} → {points}", table=table, rows=semicolons(parts), points=total)


def _decoration_line(decorations: Sequence[str], counts: Mapping[str, int | None], say: bool = True) -> ScoreLine:
    if not decorations:
        return _new(ScoreLine, ("decorations", None, "C7", msg("Decorations: none → 0") if say else None, 0, None))
    parts = []
    total = 0
    for site in sorted(decorations, key=BUILDING_SITES.index):
        stones = counts[site] or 0
        points = stones // STONES_PER_DECORATION_POINT
        total += points
        if say:
            # Translators: one decoration card's points, e.g. "temple (7 stones) → 2".
            part = msg("{site} ({stones}) → {points}", site=site_name(site), stones=_stones(stones), points=points)
            parts.append(part)
    if not say:
        text = None
    elif len(parts) == 1:
        text = msg("Decorations, 1 per 3 stones: {parts}", parts=tuple(parts))
    else:
        text = msg("Decorations, 1 per 3 stones: {parts} = {points}", parts=tuple(parts), points=total)
    return _new(ScoreLine, ("decorations", None, "C7", text, total, None))
