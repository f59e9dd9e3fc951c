"""A stored game's record (docs/formats.md F2/F4), rebuilt from its header, seats and moves: what
the engine replays for the viewer, live entry, analysis, exports and the explorer's facts."""

from __future__ import annotations

from games.models import Game


def record_of(game: Game) -> dict:
    """The F2/F4 record of a recorded game, rebuilt from its header, seats and moves."""
    header = dict(game.header or {})
    # Prefetched seats and moves (exports) are used as they are; otherwise two plain queries,
    # as the record is rebuilt on every live move and replay step.
    prefetched = getattr(game, "_prefetched_objects_cache", {})
    if "seats" in prefetched:
        names = [seat.player.name for seat in game.seats.all()]
    else:
        names = list(game.seats.order_by("order").values_list("player__name", flat=True))
    record = {"game": header.pop("game", game.game_type)}
    record.update({k: v for k, v in header.items() if k != "setup"})
    record["players"] = names
    if "setup" in header:
        record["setup"] = header["setup"]
    if "moves" in prefetched:
        record["moves"] = [m.data for m in game.moves.all()]
    else:
        record["moves"] = list(game.moves.order_by("ply").values_list("data", flat=True))
    return record
