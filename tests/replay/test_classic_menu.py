"""The live-entry menu of a base game: legal F4 moves grouped by action (C4, C7)."""

from games.ui.classic.menu import legal_menu
from tests.replay.classic_fixtures import STATE

MOVES = [
    {"type": "get-stones"},
    {"type": "place", "ship": 1, "slot": 2},
    {"type": "place", "ship": 3, "slot": 1},
    {"type": "sail", "ship": 1, "site": "market", "take": ["statue", "lever", "paved-path"]},
    {"type": "sail", "ship": 1, "site": "market", "take": ["lever", "statue", "paved-path"]},
    {"type": "sail", "ship": 1, "site": "temple"},
    {"type": "sail", "ship": 4, "site": "obelisks"},
    {"type": "play", "card": "lever", "ship": 1, "site": "temple", "order": [1, 3, 4]},
    {"type": "play", "card": "lever", "ship": 1, "site": "temple", "order": [4, 3, 1]},
    {"type": "play", "card": "chisel", "places": [{"ship": 1, "slot": 2}, {"ship": 3, "slot": 1}]},
    {"type": "play", "card": "hammer", "ship": 3, "slot": 2},
    {"type": "play", "card": "sail", "ship": 3, "slot": 1, "site": "market", "take": ["statue"]},
]


def test_c4_every_legal_move_is_offered_once():
    menu = legal_menu(MOVES, STATE)
    offered = [
        menu.get_stones.move,
        *(c.move for c in menu.place.values()),
        *(c.move for g in menu.sail for c in g.choices),
        *(c.move for gs in menu.cards.values() for g in gs for c in g.choices),
    ]
    assert sorted(map(repr, offered)) == sorted(map(repr, MOVES))
    assert menu.count == len(MOVES) and not menu.empty


def test_c4_2_placements_are_keyed_by_ship_and_slot():
    assert set(legal_menu(MOVES).place) == {(1, 2), (3, 1)}


def test_c4_3_sails_grouped_per_ship_and_site_in_board_order():
    menu = legal_menu(MOVES, STATE)
    assert [g.key for g in menu.sail] == ["1:market", "1:temple", "4:obelisks"]
    market = menu.sail[0]
    assert market.label == "ship 1 → market" and len(market.choices) == 2
    # The state names whose stone takes which card (bow to stern, C4.3).
    assert market.choices[0].label == "Ana takes statue; Ben takes lever; Cy takes paved path"


def test_c7_blue_cards_grouped_per_ship_in_card_order():
    menu = legal_menu(MOVES, STATE)
    assert list(menu.cards) == ["lever", "hammer", "sail", "chisel"]
    lever = menu.cards["lever"]
    assert [g.label for g in lever] == ["ship 1 → temple"]
    assert [c.label for c in lever[0].choices] == ["unload slots 1, 3, 4", "unload slots 4, 3, 1"]
    sail = menu.cards["sail"][0]
    assert sail.choices[0].label == "slot 1 · Ben takes statue"  # Ben's own new stone (C7 sail)


def test_c3_pass_only_when_offered():
    menu = legal_menu([{"type": "pass"}])
    assert menu.pass_move is not None and menu.count == 1
    assert legal_menu(MOVES).pass_move is None


def test_nothing_legal_is_an_empty_menu():
    assert legal_menu([]).empty
