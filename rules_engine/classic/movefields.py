"""The fields of base-game moves (formats.md F4): the checks a move runs when it is built.

Each check looks at the *shape* of one field (ship 1–4, slot 1–4, known site and card ids,
list lengths) and raises `IllegalMoveError` (rule "F4" unless named); whether the move is
legal in a position is `game.apply_move`'s business. `check_choices` normalises the optional
choice lists that `Sail`, `PlayLever`, `PlaySail` and `Pass` carry (rules_engine/classic/moves.py
says what each list holds), `choices_json` writes them back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from rules_engine.classic.components import CARDS, SITES
from rules_engine.errors import IllegalMoveError
from rules_engine.messages import Message, msg
from rules_engine.moves import described as _show
from rules_engine.scores import Json

if TYPE_CHECKING:
    from rules_engine.classic.moves import WithChoices

MAX_SLOT = 4  # the largest ship (C1)
SHIPS = 4  # per round (C3.1)
TEMPLE_CHOICES = ("point", "stones")  # C6.3
PAIR = "pair"

TakeEntry = str | tuple[str, str] | None  # card id, ("pair", kept id), or None (empty market)
Spot = tuple[int, int]  # (ship, slot), both 1-based


def refuse(reason: Message, rule: str = "F4") -> NoReturn:
    raise IllegalMoveError(reason, rule)


def check_int(value: object, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        refuse(
            msg(
                "{what} must be a whole number {low}–{high}, got {value}",
                what=what,
                low=low,
                high=high,
                value=_show(value),
            )
        )
    return value


def check_ship(value: object, what: str) -> int:
    if type(value) is int and 1 <= value <= SHIPS:  # no message built for a good value (#40)
        return value
    return check_int(value, f"{what}: ship", 1, SHIPS)


def check_slot(value: object, what: str) -> int:
    if type(value) is int and 1 <= value <= MAX_SLOT:
        return value
    return check_int(value, f"{what}: slot", 1, MAX_SLOT)


def check_site(value: object, what: str) -> str:
    if isinstance(value, str) and value in SITES:
        return value
    return refuse(
        msg("{what}: unknown site {value}; sites are {sites} (C1)", what=what, value=_show(value), sites=SITES)
    )


def _card(value: object, what: str) -> str:
    if isinstance(value, str) and value in CARDS:
        return value
    return refuse(
        msg(
            "{what}: unknown market card {value}; cards are {cards} (C7)",
            what=what,
            value=_show(value),
            cards=tuple(CARDS),
        )
    )


def check_list(value: object, what: str, max_len: int = 40) -> tuple[object, ...]:
    if value is None:
        return ()
    if not isinstance(value, (list, tuple)):
        refuse(msg("{what} must be a list, got {value}", what=what, value=_show(value)))
    if len(value) > max_len:
        refuse(
            msg("{what} lists {n} entries; at most {most} can ever be needed", what=what, n=len(value), most=max_len)
        )
    return tuple(value)


def check_spot(value: object, what: str) -> Spot:
    if isinstance(value, tuple) and len(value) == 2:
        ship, slot = value
    elif isinstance(value, dict):
        extra = [k for k in value if k not in ("ship", "slot")]
        if extra or "ship" not in value or "slot" not in value:
            refuse(_not_a_spot(value, what))
        ship, slot = value["ship"], value["slot"]
    else:
        return refuse(_not_a_spot(value, what))
    return check_ship(ship, what), check_slot(slot, what)


def _not_a_spot(value: object, what: str) -> Message:
    return msg("{what} must be {shape}, got {value}", what=what, shape='{"ship": 1-4, "slot": 1-4}', value=_show(value))


def _take_entry(value: object, what: str) -> TakeEntry:
    if value is None:
        return None
    if isinstance(value, tuple) and len(value) == 2 and value[0] == PAIR:
        return PAIR, _card(value[1], what)
    if isinstance(value, dict):
        if list(value) != [PAIR]:
            refuse(
                msg(
                    "{what} must be a card id or {shape} (C6.1), got {value}",
                    what=what,
                    shape='{"pair": "<kept card id>"}',
                    value=_show(value),
                )
            )
        return PAIR, _card(value[PAIR], what)
    return _card(value, what)


def check_choices(self: WithChoices) -> None:
    """Normalise the optional choice lists (shared by the moves that may carry them)."""
    if self.take == () and self.pyramids == () and self.bonus_places == () and self.temple == ():
        return  # none given (a list, even an empty one, is normalised below)
    put = object.__setattr__
    what = self.kind
    take = check_list(self.take, "take")
    if not all(type(v) is str and v in CARDS for v in take):  # plain card ids need no more (#40)
        take = tuple(_take_entry(v, f"{what} take[{i}]") for i, v in enumerate(take))
    put(self, "take", take)
    put(
        self,
        "pyramids",
        tuple(check_int(v, f"{what} pyramids[{i}]", 1, 3) for i, v in enumerate(check_list(self.pyramids, "pyramids"))),
    )
    put(
        self,
        "bonus_places",
        tuple(
            None if v is None else check_spot(v, f"{what} bonus_places[{i}]")
            for i, v in enumerate(check_list(self.bonus_places, "bonus_places"))
        ),
    )
    temple = check_list(self.temple, "temple")
    for i, v in enumerate(temple):
        if v not in TEMPLE_CHOICES:
            refuse(
                msg(
                    "{what} temple[{i}] must be {point} or {stones} (C6.3), got {value}",
                    what=what,
                    i=i,
                    point='"point"',
                    stones='"stones"',
                    value=_show(v),
                )
            )
    put(self, "temple", temple)


def choices_json(self: WithChoices, out: dict[str, Json]) -> dict[str, Json]:
    if self.take:
        out["take"] = [{PAIR: t[1]} if isinstance(t, tuple) else t for t in self.take]
    if self.pyramids:
        out["pyramids"] = list(self.pyramids)
    if self.bonus_places:
        out["bonus_places"] = [None if s is None else {"ship": s[0], "slot": s[1]} for s in self.bonus_places]
    if self.temple:
        out["temple"] = list(self.temple)
    return out
