"""The box of the base game (classic.md C1, C7): colours, ships, round cards, market cards,
sites. Plain constants shared by the whole `classic` engine."""

from __future__ import annotations

import functools
from collections import Counter

GAME_ID = "classic"

# C1: colours in seat order of a fresh box; a record may seat them in any order.
COLOURS = ("black", "white", "brown", "grey")
MIN_PLAYERS, MAX_PLAYERS = 2, 4
STONES_PER_COLOUR = 30  # C1
SLED_CAPACITY = 5  # C1
GET_STONES = 3  # C4.1
START_SLED = (2, 3, 4, 5)  # C2.3: seats 1–4
ROUNDS = 6  # C3

# C1 (data): the 8 ship tokens, capacity → how many of them, and the least load that may sail.
SHIP_TOKENS = Counter({1: 1, 2: 2, 3: 3, 4: 2})
MIN_LOAD = {1: 1, 2: 1, 3: 2, 4: 3}
SHIPS_PER_ROUND = 4

# C1 (data): the 7 round cards of each player count, as printed (largest ship first).
ROUND_CARDS: dict[int, tuple[tuple[int, ...], ...]] = {
    2: ((3, 3, 2, 2), (4, 3, 3, 1), (3, 3, 2, 1), (4, 2, 2, 1), (4, 3, 2, 1), (3, 2, 2, 1), (4, 3, 2, 2)),
    3: ((4, 3, 3, 2), (4, 3, 2, 1), (3, 3, 2, 2), (4, 2, 2, 1), (4, 3, 2, 2), (3, 3, 3, 2), (4, 4, 2, 1)),
    4: ((3, 3, 3, 2), (4, 4, 2, 1), (4, 4, 3, 2), (4, 3, 3, 2), (4, 3, 2, 2), (4, 4, 2, 2), (4, 3, 3, 3)),
}

# C1: the five sites, in the order the board shows them; each has side A or B.
SITES = ("market", "pyramids", "temple", "burial-chamber", "obelisks")
SIDES = ("A", "B")
# The sites a stone can be delivered to (everything but the market, whose stones go home).
BUILDING_SITES = ("pyramids", "temple", "burial-chamber", "obelisks")

# C7 (data): the 34 market cards by id, with their colour and count.
RED, GREEN, PURPLE, BLUE = "red", "green", "purple", "blue"
CARDS = {
    "entrance": (RED, 2),
    "sarcophagus": (RED, 2),
    "paved-path": (RED, 2),
    "decoration-pyramids": (GREEN, 2),
    "decoration-temple": (GREEN, 2),
    "decoration-burial-chamber": (GREEN, 2),
    "decoration-obelisks": (GREEN, 2),
    "statue": (PURPLE, 10),
    "lever": (BLUE, 2),
    "hammer": (BLUE, 2),
    "sail": (BLUE, 3),
    "chisel": (BLUE, 3),
}
DECK = Counter({card: count for card, (_colour, count) in CARDS.items()})
DECK_SIZE = sum(DECK.values())  # 34
assert DECK_SIZE == 34
BLUE_CARDS = tuple(c for c, (colour, _n) in CARDS.items() if colour == BLUE)
# C7: where a red card puts its stone.
RED_CARD_SITE = {"entrance": "pyramids", "sarcophagus": "burial-chamber", "paved-path": "obelisks"}
# C7: the site each decoration counts.
DECORATION_SITE = {f"decoration-{site}": site for site in BUILDING_SITES}

MARKET_A_FACE_UP = 4  # C3.2
MARKET_B_FACE_UP, MARKET_B_PAIR = 3, 2  # C6.1

# C5.2 (data): Pyramids A values in placement order; later stones score 1.
PYRAMIDS_A_VALUES = (2, 1, 3, 2, 4, 3, 2, 1, 3, 2, 3, 1, 3, 4)
PYRAMIDS_A_OVERFLOW = 1
# C5.3: temple width by player count.
TEMPLE_WIDTH = {2: 4, 3: 5, 4: 5}
BURIAL_ROWS = 3  # C5.4
# C5.4 and C7: points by group size / number of statues: 1/3/6/10/15, +2 per item beyond 5.
GROUP_POINTS = (0, 1, 3, 6, 10, 15)
GROUP_POINTS_BEYOND = 2
# C5.5: Obelisks A points by place, per player count.
OBELISKS_A_POINTS = {2: (10, 1), 3: (12, 6, 1), 4: (15, 10, 5, 1)}
PHARAOHS_WRATH = "pharaohs-wrath"  # C9
PHARAOHS_WRATH_PENALTY = 5
STONES_PER_DECORATION_POINT = 3  # C7: a decoration scores 1 per 3 stones on its site


def group_points(size: int) -> int:
    """C5.4 / C7 statues: 1/3/6/10/15 for 1–5, +2 for each beyond 5."""
    last = len(GROUP_POINTS) - 1
    if size <= last:
        return GROUP_POINTS[size]
    return GROUP_POINTS[last] + GROUP_POINTS_BEYOND * (size - last)


@functools.lru_cache(maxsize=256)  # every record's header asks it of its six cards (#40)
def round_card_fits(card: tuple[int, ...]) -> bool:
    """C1: a round card is valid when the 8 ship tokens can supply its 4 ships."""
    need = Counter(card)
    return len(card) == SHIPS_PER_ROUND and all(need[c] <= SHIP_TOKENS.get(c, 0) for c in need)
