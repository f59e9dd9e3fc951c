"""Recording a Duel at a physical table (formats.md F2 "Recording a physical game": setup in
boats form): the tokens a move turns face up are not known in advance, so the move must name
them. An unload refills its boat while the supply lasts (D4.2 step 4); a take-token turns up
the reserve's top token while the reserve lasts (D4.3). The replay checks every token named."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.duel.state import DuelState
from rules_engine.errors import RecordError
from rules_engine.gametype import Needs, TableAnswers
from rules_engine.messages import msg

#: The fields of a move that name what it turned up (F2; ``refills``: our extension, one entry
#: per unloaded boat of a place-unload, docs/rulings.md).
DRAW_FIELDS = ("refill", "refills", "reveal")


@dataclass(frozen=True)
class Draw:
    """One group of tokens a transcribed move must name."""

    field: str  # "refill", "refills-0", "refills-1", "reveal": how the entry form names it
    count: int  # 3 for a refilled boat, 1 for a revealed reserve token
    boat: str | None  # the boat refilled (None: the reserve's top token)


@dataclass(frozen=True)
class TokensNeeded(Needs):
    """The tokens a move turns face up, in the order it draws them."""

    draws: tuple[Draw, ...]


def needs(state: DuelState, move: Mapping[str, Any]) -> TokensNeeded | None:
    """Which drawn tokens ``move`` must name in a transcribed game (None when the draw order is
    stored as setup.supply, or the move draws nothing)."""
    if not state.transcription:
        return None
    supply = state.supply_count
    kind = move.get("type")
    draws: list[Draw] = []
    if kind in ("unload", "swap-unload"):
        boat = move["boat"] if kind == "unload" else move["unload"]
        if supply > 0:
            draws.append(Draw("refill", 3, boat))
    elif kind == "place-unload":
        for k, boat in enumerate(move["boats"]):
            if supply > 0:  # each refill takes 3 from the supply (D4.2 step 4)
                draws.append(Draw(f"refills-{k}", 3, boat))
                supply -= 3
    elif kind == "take-token" and state.reserve_count > 0:
        draws.append(Draw("reveal", 1, None))
    return TokensNeeded(tuple(draws)) if draws else None


def with_tokens(record: Mapping[str, Any], answers: TableAnswers) -> dict[str, Any]:
    """``record`` with the tokens its last move turned up (``answers``: that move's
    ``refill``, ``refills`` or ``reveal``) written into that move."""
    moves = list(record.get("moves") or [])
    unknown = [k for k in answers if k not in DRAW_FIELDS]
    if not moves or unknown:
        # Translators: a move's fields naming drawn tokens; "refill", "refills", "reveal" are kept as they are.
        raise RecordError(msg("only refill, refills or reveal can be turned up with a move"),
                          len(moves) - 1 if moves else None)
    move = {**moves[-1], **answers}
    refills = answers.get("refills")
    if isinstance(refills, list) and isinstance(move.get("boats"), list):
        # F2 (our extension, docs/rulings.md): one entry per unloaded boat, None once the supply
        # ran out (the boat is removed).
        move["refills"] = refills + [None] * (len(move["boats"]) - len(refills))
    moves[-1] = move
    return {**record, "moves": moves}


def answers(drawn: list[tuple[Draw, list[str]]]) -> dict[str, Any]:
    """The tokens named for each draw, as `with_tokens` takes them (``refill``, ``refills``,
    ``reveal``): for tokens typed at the table and for tokens drawn at random alike."""
    out: dict[str, Any] = {}
    refills: list[list[str]] = []
    for draw, tokens in drawn:
        if draw.field == "refill":
            out["refill"] = tokens
        elif draw.field == "reveal":
            out["reveal"] = tokens[0]
        else:
            refills.append(tokens)
    if refills:
        out["refills"] = refills
    return out


def drawn_at_random(state: DuelState, need: TokensNeeded, rng: random.Random) -> dict[str, Any] | None:
    """``need``'s tokens drawn at random from those still face down at ``state`` (supply and
    reserve are one shuffled pile to anyone at the table, D3), as `with_tokens` takes them; None
    when too few are left (the engine would refuse the move anyway)."""
    unseen = state.unseen or {}
    pile = [token for token in sorted(unseen) for _ in range(unseen[token])]  # sorted: the rng alone decides
    drawn = []
    for draw in need.draws:
        if len(pile) < draw.count:
            return None
        drawn.append((draw, [pile.pop(rng.randrange(len(pile))) for _ in range(draw.count)]))
    return answers(drawn)
