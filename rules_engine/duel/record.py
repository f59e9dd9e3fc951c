"""Duel game records (formats.md F2): replay one into every intermediate state, or write one.

`replay` checks everything: the header and setup (errors with ``move=None``), then each
move in turn against D4 (errors with ``move=k``, the 0-based index of the first offending
move). A record that stops before the end is fine: it is a game in progress.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from rules_engine.duel.game import MONUMENTS, engine_board, final_board, new_game
from rules_engine.duel.harbor import BOAT_INDEX, CELL_INDEX
from rules_engine.duel.moves import Move, PlaceUnload, SwapUnload, TakeToken, Unload, parse_move
from rules_engine.duel.primitives import place, unload
from rules_engine.duel.scoring import DuelScore, score
from rules_engine.duel.state import DuelState
from rules_engine.duel.turns import play
from rules_engine.errors import RecordError, shown
from rules_engine.gametype import ReplayBase, replay_moves
from rules_engine.messages import msg, plural

COLOURS = ("black", "white")
MAX_NAME = 100
_TOP_FIELDS = ("game", "sides", "players", "colours", "setup", "moves")


def _header_error(reason: str, rule: str = "F2") -> RecordError:
    return RecordError(reason, None, rule)


@dataclass(frozen=True)
class DuelRecord:
    """A checked F2 record. ``sides`` names all four monuments; exactly one of ``supply``
    and ``boats`` is set (the setup form)."""

    players: tuple[str, str]
    colours: tuple[str, str]
    sides: dict[str, str]
    supply: tuple[str, ...] | None
    boats: tuple[tuple[str, str, str], ...] | None
    moves: tuple[Move, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        setup = {"supply": list(self.supply)} if self.supply is not None \
            else {"boats": [list(b) for b in self.boats or ()]}
        return to_record(players=self.players, sides=self.sides, setup=setup,
                         moves=self.moves, colours=self.colours)


@dataclass
class Replay(ReplayBase):
    """A replayed record: ``states[0]`` is the position after setup and ``states[k + 1]``
    the position after ``moves[k]``."""

    record: DuelRecord
    states: Sequence[DuelState]
    moves: list[Move]

    def final_board(self, ply: int | None = None) -> dict[str, Any]:
        """F1 board of the last position (or of ``states[ply]``)."""
        state = self.states[-1 if ply is None else ply]
        return final_board(state, names=self.record.players, sides=self.record.sides,
                           starting_player=0)

    def score(self, ply: int | None = None) -> DuelScore:
        """F1 score result of `final_board` (D7): the final score, or mid-game the score
        if the game ended now. The engine made the board: scored without validating it again
        (`game.engine_board`)."""
        state = self.states[-1 if ply is None else ply]
        return score(engine_board(state, names=self.record.players, sides=self.record.sides))

    def extended(self, raw_move: object) -> Replay:
        positions, moves = replay_moves(self.states[-1], [raw_move], parse_move, play, len(self.moves))
        more = [*self.states, *positions[1:]]
        return Replay(replace(self.record, moves=self.record.moves + tuple(moves)), more, self.moves + moves)


def _players(data: dict[str, Any]) -> tuple[str, str]:
    players = data.get("players")
    if isinstance(players, list) and len(players) != 2:
        # Translators: "players" is a record's field; {n} the number of names it gave (the English says "1 names" too).
        raise _header_error(plural("players must be a list of the 2 player names, starting player first; got {n} names",
                                   "players must be a list of the 2 player names, starting player first; got {n} names",
                                   n=len(players)))
    if not isinstance(players, list):
        # Translators: "players" is a record's field; {kind} a type name, e.g. "dict".
        raise _header_error(msg("players must be a list of the 2 player names, starting player first; got {kind}",
                                kind=type(players).__name__))
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            # Translators: {field} is a record's field, e.g. "players[1]".
            raise _header_error(msg("{field} must be a non-empty name, got {value}", field=f"players[{i}]",
                                    value=shown(name)))
        if len(name) > MAX_NAME:
            # Translators: {field} is a record's field, e.g. "players[1]".
            raise _header_error(msg("{field} is {length} characters long; at most {limit}", field=f"players[{i}]",
                                    length=len(name), limit=MAX_NAME))
    return players[0], players[1]


def _colours(data: dict[str, Any]) -> tuple[str, str]:
    colours = data.get("colours")
    if colours is None:
        return COLOURS
    if not isinstance(colours, list) or len(colours) != 2 \
            or not all(isinstance(c, str) and c in COLOURS for c in colours) \
            or colours[0] == colours[1]:
        # Translators: "colours" is a record's field; the lists are JSON (kept as they are).
        raise _header_error(msg('colours must be ["black", "white"] or ["white", "black"] (D1), got {value}',
                                value=shown(colours, 60)))
    return colours[0], colours[1]


def _sides(data: dict[str, Any]) -> dict[str, str]:
    sides = data.get("sides")
    if sides is None:
        return dict.fromkeys(MONUMENTS, "A")
    if not isinstance(sides, dict):
        # Translators: "sides" is a record's field; the braces hold JSON (kept as it is); {kind} a type name.
        raise _header_error(msg('sides must be an object like {{"obelisk": "A", …}}, got {kind}',
                                kind=type(sides).__name__))
    for key, value in sides.items():
        if key not in MONUMENTS:
            # Translators: "sides" is a record's field; {monuments} are its keys (kept as they are).
            raise _header_error(msg("sides: unknown monument {value}; monuments are {monuments}", value=shown(key),
                                    monuments=MONUMENTS), "D1")
        if value not in ("A", "B"):
            # Translators: {field} is a record's field, e.g. "sides.tomb"; "A" and "B" are JSON values.
            raise _header_error(msg('{field} must be "A" or "B", got {value}', field=f"sides.{key}",
                                    value=shown(value)), "D1")
    return {m: sides.get(m, "A") for m in MONUMENTS}


def parse_header(data: object) -> tuple[DuelRecord, DuelState, list[Any]]:
    """Check an F2 record's header and setup: (record without moves, setup state, raw moves)."""
    if not isinstance(data, dict):
        # Translators: {kind} is a type name, e.g. "list".
        raise _header_error(msg("a record must be a JSON object, got {kind}", kind=type(data).__name__))
    if data.get("game") != "duel":
        # Translators: "game" is a record's field and "duel" its value (kept as they are).
        raise _header_error(msg('game must be "duel" for a Duel record, got {value}', value=shown(data.get("game"))))
    unknown = [k for k in data if k not in _TOP_FIELDS]
    if unknown:
        # Translators: {fields} are a record's fields (kept as they are).
        raise _header_error(msg("unknown field {value}; F2 fields are {fields}", value=shown(unknown[0]),
                                fields=_TOP_FIELDS))
    players, colours, sides = _players(data), _colours(data), _sides(data)
    setup = data.get("setup")
    if not isinstance(setup, dict):
        # Translators: "setup", "supply" and "boats" are a record's fields (kept as they are).
        raise _header_error(msg("setup must be an object with supply (60 token ids) or boats"))
    extra = [k for k in setup if k not in ("supply", "boats")]
    if extra:
        # Translators: "setup", "supply" and "boats" are a record's fields (kept as they are).
        raise _header_error(msg("setup has unknown field {value}; give supply or boats", value=shown(extra[0])))
    state = new_game(supply=setup.get("supply"), boats=setup.get("boats"))
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        # Translators: "moves" is a record's field; {kind} a type name, e.g. "dict".
        raise _header_error(msg("moves must be a list, got {kind}", kind=type(moves).__name__))
    if state.transcription:
        slots = iter(state._slots)  # at setup every boat is loaded: its 3 slots in boat order
        boats = cast("tuple[tuple[str, str, str], ...]", tuple(zip(slots, slots, slots, strict=True)))
        record = DuelRecord(players, colours, sides, None, boats)
    else:
        record = DuelRecord(players, colours, sides, tuple(setup["supply"]), None)
    return record, state, moves


def replay(record: object, *, states: bool = True) -> Replay:
    """Replay an F2 record. Raises `RecordError`: ``move=None`` for the header or setup,
    ``move=k`` with a reason for the first move ``k`` that is malformed or illegal.
    ``states=False``: every move checked, but only the last position kept (a batch).

    The pure engine is the one validator of records (docs/decisions.md "Two floors")."""
    head, state, raw_moves = parse_header(record)
    positions, moves = replay_moves(state, raw_moves, parse_move, play, every_state=states)
    rec = DuelRecord(head.players, head.colours, head.sides, head.supply, head.boats, tuple(moves))
    return Replay(rec, positions, moves)


def to_record(*, players: Sequence[str], sides: Mapping[str, str] | None, setup: Mapping[str, Any],
              moves: Sequence[Move | dict[str, Any]], colours: Sequence[str] | None = None) -> dict[str, Any]:
    """An F2 record dict. ``setup`` is ``{"supply": [...]}`` or ``{"boats": [[...], …]}``;
    moves may be `Move` objects or F2 dicts (checked for shape, not for legality)."""
    sides = dict(sides or {})
    return {
        "game": "duel",
        "sides": {m: sides.get(m, "A") for m in MONUMENTS},
        "players": list(players),
        "colours": list(colours or COLOURS),
        "setup": {k: [list(b) if isinstance(b, (list, tuple)) else b for b in v]
                  for k, v in setup.items()},
        "moves": [parse_move(m).to_json() for m in moves],
    }


def to_transcription(record: object) -> dict[str, Any]:
    """The same game as a physical-table transcript (F2 "Recording a physical game"):
    ``setup.boats`` plus a ``refill``/``refills``/``reveal`` on every move that turned
    tokens up. Accepts either form; raises `RecordError` like `replay`."""
    rep = replay(record)
    out = []
    for k, move in enumerate(rep.moves):
        before, after = rep.states[k], rep.states[k + 1]
        data = move.to_json()
        if isinstance(move, Unload | SwapUnload):
            boat = move.boat if isinstance(move, Unload) else move.unload
            if before.supply_count:
                data["refill"] = list(after.boats[boat])  # type: ignore[arg-type]
        elif isinstance(move, PlaceUnload):
            data["refills"] = _place_unload_refills(before, move)
        elif isinstance(move, TakeToken) and before.reserve_count:
            data["reveal"] = after.boats[move.boat][move.slot - 1]  # type: ignore[index]
        out.append(data)
    s0 = rep.states[0].boats
    return to_record(players=rep.record.players, sides=rep.record.sides,
                     setup={"boats": [list(s0[b]) for b in s0]},  # type: ignore[arg-type]
                     moves=out, colours=rep.record.colours)


def _place_unload_refills(before: DuelState, move: PlaceUnload) -> list[Any]:
    """What each unload of a place-unload turned up, found by replaying it step by step."""
    w = before.thaw()
    place(w, CELL_INDEX[move.cell])
    refills = []
    for k, boat in enumerate(move.boats):
        b = BOAT_INDEX[boat]
        had_supply = w.scount > 0
        unload(w, b, None if move.refills is None else move.refills[k])
        refills.append(list(w.slots[b * 3:b * 3 + 3]) if had_supply else None)
    return refills
