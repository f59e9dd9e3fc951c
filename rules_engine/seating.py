"""The header of a new game's record (F2/F4 without setup and moves): the players in seat
order, their colours, each part's side and the variants, checked against the game's facts
(`GameType.min_players` … `max_players`, `colours`, `sides`). `GameType.new_record` starts
from it; each game then deals its setup.

A bad argument is a `RecordError` (``move`` None) naming the field and what it must be, so
nothing half-made reaches a record. Variants are only checked to be ids: which exist is the
registry's to say (plugins register them), and it checks them when the record is replayed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NotRequired, Protocol, TypedDict

from rules_engine.errors import RecordError, shown
from rules_engine.messages import msg


class GameFacts(Protocol):
    """What seating reads of a `GameType` (its class attributes)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def colours(self) -> tuple[str, ...]: ...
    @property
    def sides(self) -> Mapping[str, tuple[str, ...]]: ...


class RecordHeader(TypedDict):
    """A new record's header (F2/F4), in the records' key order."""

    game: str
    sides: NotRequired[dict[str, str]]
    variants: NotRequired[list[str]]
    players: list[str]
    colours: list[str]


def header(game: GameFacts, players: Sequence[str], *, sides: Mapping[str, str] | None,
           colours: Sequence[str] | None, variants: Sequence[str] | None) -> RecordHeader:
    """``{game, [sides], [variants], players, colours}``: sides default to each part's first
    (F1: "any monument omitted from sides is A"), colours to the game's in seat order; the
    ``sides`` key only for a game with sides, ``variants`` only when some are asked for."""
    names = _players(game, players)
    filled = _sides(game, sides)
    out: RecordHeader = {"game": game.id}  # type: ignore[typeddict-item]  # players and colours follow
    if game.sides:
        out["sides"] = filled
    if variants:
        out["variants"] = _variants(variants)
    out["players"] = names
    out["colours"] = _colours(game, colours, len(names))
    return out


def _players(game: GameFacts, players: object) -> list[str]:
    if not isinstance(players, Sequence) or isinstance(players, str) or not players:
        raise RecordError(msg("{field} must be a non-empty list of player names, got {value}",
                              field="players", value=shown(players)))
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise RecordError(msg("{field} must be a player's name, got {value}", field=f"players[{i}]",
                                  value=shown(name)))
    least, most = game.min_players, game.max_players
    if not least <= len(players) <= most:
        if least == most:
            # Translators: {game} is a game's title; {least} the number of players it takes, {n} how many were given.
            raise RecordError(msg("{game} is played by {least} players, got {n}", game=game.name, least=least,
                                  n=len(players)))
        # Translators: {game} is a game's title; {n} how many players were given.
        raise RecordError(msg("{game} is played by {least} to {most} players, got {n}", game=game.name,
                              least=least, most=most, n=len(players)))
    return list(players)


def _colours(game: GameFacts, colours: Sequence[str] | None, players: int) -> list[str]:
    if colours is None:
        if len(game.colours) < players:  # a game listing too few colours: refuse, never a colourless seat
            raise RecordError(msg("colours must list one colour per player ({n}), got {value}", n=players,
                                  value=shown(list(game.colours))))
        return list(game.colours[:players])
    if isinstance(colours, str) or not isinstance(colours, Sequence) or len(colours) != players:
        raise RecordError(msg("colours must list one colour per player ({n}), got {value}", n=players,
                              value=shown(colours)))
    for i, colour in enumerate(colours):
        if colour not in game.colours:
            # Translators: "colours" is a record's field; {colours} the game's colours, e.g. "black, white".
            raise RecordError(msg("colours[{i}] must be one of {colours}, got {value}", i=i,
                                  colours=tuple(game.colours), value=shown(colour)))
    if len(set(colours)) != len(colours):
        raise RecordError(msg("colours must be distinct, got {value}", value=shown(list(colours))))
    return list(colours)


def _sides(game: GameFacts, sides: Mapping[str, str] | None) -> dict[str, str]:
    given = {} if sides is None else sides
    if not isinstance(given, Mapping):
        first = next(iter(game.sides), "part")
        raise RecordError(msg("sides must be an object like {shape}, got {type}", shape=f'{{"{first}": "A"}}',
                              type=type(given).__name__))
    for part, side in given.items():
        if part not in game.sides:
            # Translators: "sides" is a record's field; {parts} the game's monuments or sites, as ids.
            raise RecordError(msg("sides: unknown part {value}; the parts are {parts}", value=shown(part),
                                  parts=tuple(game.sides)))
        if side not in game.sides[part]:
            # Translators: {part} is a monument's or site's id; {sides} its sides, e.g. "A, B".
            raise RecordError(msg("sides.{part} must be one of {sides}, got {value}", part=part,
                                  sides=tuple(game.sides[part]), value=shown(side)))
    return {part: given.get(part, options[0]) for part, options in game.sides.items() if options}


def _variants(variants: Sequence[str]) -> list[str]:
    if isinstance(variants, str) or not all(isinstance(v, str) and v for v in variants):
        raise RecordError(msg("variants must be a list of variant ids, got {value}", value=shown(variants)))
    return list(variants)
