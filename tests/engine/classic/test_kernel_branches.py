"""The compiled playout's end-of-game scoring (rules_engine/classic/compiled/kernel_score.py)
against the pure engine's (rules_engine/classic/scoring.py) on final positions built to reach
every branch of C8: Obelisks A at each place and tie (C5.5) and B's loose stones (C6.5), Burial
chamber A groups (C5.4) and B rows (C6.4), each green, purple and blue card (C7), Pharaoh's
wrath (C9) and the sled's tie-break (C8). Random playouts rarely reach the far ends of these
tables (issue #53), so the positions are set by hand and scored both ways: the pure scoring on
the F3 board (`finalboard.final_board`) and the kernel's `final_scores` / `winners` on the
array `fastplay.to_array` makes of the same state."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pytest

from rules_engine.classic.compiled import fastplay, kernel_rules, kernel_score
from rules_engine.classic.compiled import kernel_layout as L
from rules_engine.classic.components import BLUE_CARDS, BUILDING_SITES, PHARAOHS_WRATH
from rules_engine.classic.deliveries import deliver, score_temple
from rules_engine.classic.finalboard import final_board
from rules_engine.classic.game import setup
from rules_engine.classic.playout import random_record
from rules_engine.classic.scoring import score_engine_board
from rules_engine.classic.state import SITE_INDEX, ClassicState
from tests.engine.classic.kernel_helpers import board_data_set

DATA = board_data_set()
ALL_SITES = ("market", "pyramids", "temple", "burial-chamber", "obelisks")
REACHED_ALL = sum(1 << SITE_INDEX[s] for s in BUILDING_SITES)


def _field(x: Any, key: str) -> Any:
    return x[key] if isinstance(x, Mapping) else getattr(x, key)


def pure_totals(result: Any) -> tuple[list[int], list[int]]:
    """(totals, winners) of the pure scoring's result, a dict or a `ScoreResult`."""
    return [int(_field(p, "total")) for p in _field(result, "players")], sorted(_field(result, "winners"))


def position(players: int, sides: Mapping[str, str], **fields: Sequence[Any]) -> tuple[ClassicState, dict]:
    """A final position of a ``players``-player game on ``sides`` with the given `Work` fields
    (each a per-player list, or a site's owners in arrival order: ``burial``, ``pyr``,
    ``temple``, ``towers``)."""
    rec = random_record(random.Random(players), players, sides={s: sides.get(s, "A") for s in ALL_SITES},
                        data=DATA)
    rec["moves"] = []
    w = setup(rec, DATA).thaw()
    w.over, w.round = True, 6
    w.reached = [REACHED_ALL] * players
    for key, value in fields.items():
        setattr(w, key, [list(v) if isinstance(v, tuple | list) else v for v in value])
    return w.freeze(), rec


def both_ways(state: ClassicState, rec: dict, wrath: bool = False) -> tuple[tuple, tuple]:
    variants = [PHARAOHS_WRATH] if wrath else []
    board = final_board(state, {**rec, "variants": variants})
    pure = pure_totals(score_engine_board(board, DATA))
    st, _pool = fastplay.to_array(state, DATA, variants)
    totals = np.zeros(4, dtype=np.int64)
    kernel_score.final_scores(st, totals)
    bits = kernel_score.winners(st, totals)
    n = state._n
    kernel = ([int(t) for t in totals[:n]], [p for p in range(n) if bits >> p & 1])
    return pure, kernel


def assert_same(state: ClassicState, rec: dict, wrath: bool = False) -> None:
    pure, kernel = both_ways(state, rec, wrath)
    assert kernel == pure, f"kernel {kernel}, pure {pure}"


# C5.5: every place and tie of Obelisks A for each player count (heights 0 take no place).
OBELISK_HEIGHTS = {
    2: [(0, 0), (3, 0), (3, 5), (4, 4), (1, 9)],
    3: [(0, 0, 0), (5, 3, 1), (5, 5, 1), (2, 5, 5), (3, 3, 3), (0, 4, 4), (7, 0, 2)],
    4: [(0, 0, 0, 0), (6, 4, 2, 1), (6, 6, 2, 1), (6, 4, 4, 1), (6, 4, 1, 1), (3, 3, 3, 3), (5, 5, 5, 0),
        (2, 0, 2, 0), (9, 8, 7, 6)],
}


@pytest.mark.parametrize(("players", "heights"), [(n, h) for n, hs in OBELISK_HEIGHTS.items() for h in hs])
def test_c5_5_obelisks_a_every_place_and_tie(players, heights):
    state, rec = position(players, {}, obel=heights)
    assert_same(state, rec)


@pytest.mark.parametrize(("players", "loose", "towers"), [
    (2, (0, 0), ()), (2, (2, 1), (0, 1)), (3, (2, 2, 0), (0, 0, 2)), (4, (1, 2, 0, 2), (3, 2, 1, 0)),
])
def test_c6_5_obelisks_b_loose_stones_and_towers(players, loose, towers):
    green = [["obelisks"] * 2] + [[] for _ in range(players - 1)]  # the towers count for the decoration
    state, rec = position(players, {"obelisks": "B"}, obel=loose, towers=towers, green=green)
    assert_same(state, rec)


def _burial(players: int, seed: int, count: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(players) for _ in range(count)]


BURIALS = [
    (2, []), (2, [0] * 7), (2, [0, 0, 0, 1, 1, 1, 0, 0, 0]), (2, [0, 1, 0, 1, 0, 1, 0, 1]),
    (3, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]),  # a group of 12: beyond the table (C5.4)
    (3, [0, 1, 2, 1, 2, 0, 2, 0, 1]), (4, [3, 3, 2, 2, 1, 1, 0, 0]),
    *((2 + s % 3, _burial(2 + s % 3, s, 10 + 5 * s)) for s in range(6)),
]


@pytest.mark.parametrize(("players", "burial"), BURIALS)
@pytest.mark.parametrize("side", ["A", "B"])
def test_c5_4_c6_4_burial_chamber_groups_and_rows(players, burial, side):
    state, rec = position(players, {"burial-chamber": side}, burial=burial)
    assert_same(state, rec)


@pytest.mark.parametrize("site", BUILDING_SITES)
@pytest.mark.parametrize("stones", [0, 2, 3, 5, 6, 10, 14, 20])
def test_c7_each_decoration_scores_a_point_per_three_stones(site, stones):
    """Each green card (C7): 1 point per 3 stones on its site, whoever owns them."""
    players = 3
    fields: dict[str, Any] = {"green": [[site], [site, site], []]}
    if site == "pyramids":
        fields["pyr"] = [0] * stones
    elif site == "temple":
        fields["temple"] = [1] * stones
    elif site == "burial-chamber":
        fields["burial"] = [2] * stones
    else:
        fields["obel"] = [stones, 0, 0]
    state, rec = position(players, {}, **fields)
    assert_same(state, rec)


@pytest.mark.parametrize("statues", [(0, 1), (2, 3), (4, 5), (6, 0), (10, 7)])
def test_c7_statues_score_by_count(statues):
    state, rec = position(2, {}, purple=statues)
    assert_same(state, rec)


@pytest.mark.parametrize("card", BLUE_CARDS)
def test_c7_each_unplayed_blue_card_scores_one(card):
    state, rec = position(2, {}, blue=[[card], [card, card]])
    assert_same(state, rec)


@pytest.mark.parametrize("missing", [None, *BUILDING_SITES])
def test_c9_pharaohs_wrath(missing):
    reached = REACHED_ALL if missing is None else REACHED_ALL & ~(1 << SITE_INDEX[missing])
    state, rec = position(3, {}, reached=[reached, REACHED_ALL, 0], track=[20, 18, 25])
    assert_same(state, rec, wrath=True)


@pytest.mark.parametrize(("track", "sled"), [
    ((10, 10), (1, 3)), ((10, 10), (3, 1)), ((10, 10), (2, 2)), ((12, 10), (0, 5)),
])
def test_c8_ties_broken_by_the_sled_or_shared(track, sled):
    state, rec = position(2, {}, track=track, sled=sled)
    assert_same(state, rec)


def test_c8_four_players_tied_on_everything():
    state, rec = position(4, {}, track=[7, 7, 7, 7], sled=[2, 2, 2, 2], obel=[1, 1, 1, 1])
    assert_same(state, rec)


@pytest.mark.parametrize("seed", range(12))
def test_c8_every_part_at_once(seed):
    """Random mixes of everything above on random sides (board data for B)."""
    rng = random.Random(seed)
    n = 2 + seed % 3
    sides = {s: rng.choice("AB") for s in ("burial-chamber", "obelisks")}
    fields = {
        "burial": _burial(n, seed, rng.randrange(0, 40)),
        "track": [rng.randrange(40) for _ in range(n)],
        "sled": [rng.randrange(6) for _ in range(n)],
        "obel": [rng.randrange(9) for _ in range(n)],
        "purple": [rng.randrange(6) for _ in range(n)],
        "green": [[rng.choice(BUILDING_SITES) for _ in range(rng.randrange(3))] for _ in range(n)],
        "blue": [[rng.choice(BLUE_CARDS) for _ in range(rng.randrange(3))] for _ in range(n)],
        "reached": [rng.choice((REACHED_ALL, REACHED_ALL & ~4, 0)) for _ in range(n)],
        "pyr": [rng.randrange(n) for _ in range(rng.randrange(20))],
        "temple": [rng.randrange(n) for _ in range(rng.randrange(20))],
    }
    state, rec = position(n, sides, **fields)
    assert_same(state, rec, wrath=seed % 2 == 1)


# ---- what scores during play (C5.2, C5.3, C6.3, C6.5): one stone or one round's end, both ways


def _kernel_args() -> tuple[Any, Any, Any]:
    return np.random.Generator(np.random.PCG64(0)), np.zeros(1, dtype=np.int64), np.zeros(L.CX_SIZE, dtype=np.int64)


def _tracks(state: ClassicState, st: Any) -> tuple[list[int], list[int]]:
    n = state._n
    return list(state._track), [int(x) for x in st[L.TRACK : L.TRACK + n]]


@pytest.mark.parametrize("placed", range(17))
def test_c5_2_pyramids_a_each_space_and_beyond(placed):
    state, _rec = position(2, {}, pyr=[0] * placed, track=[0, 0])
    st, _pool = fastplay.to_array(state, DATA)
    kernel_rules.deliver(st, 1, L.S_PYRAMIDS, *_kernel_args())
    w = state.thaw()
    deliver(w, 1, L.S_PYRAMIDS, None, "test")  # type: ignore[arg-type]  (side A asks nothing)
    pure, kernel = _tracks(w.freeze(), st)
    assert kernel == pure


@pytest.mark.parametrize("built", range(6))
def test_c6_5_obelisks_b_each_tower_space_and_none_left(built):
    towers = DATA.obelisks_b["towers"]
    state, _rec = position(2, {"obelisks": "B"}, obel=[2, 0], towers=[0] * min(built, len(towers)), track=[0, 0])
    st, _pool = fastplay.to_array(state, DATA)
    kernel_rules.deliver(st, 0, L.S_OBELISKS, *_kernel_args())
    w = state.thaw()
    deliver(w, 0, L.S_OBELISKS, None, "test")  # type: ignore[arg-type]
    pure, kernel = _tracks(w.freeze(), st)
    assert kernel == pure
    assert int(st[L.OBEL]) == w.obel[0]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("stones", [0, 1, 3, 5, 7, 12])
def test_c5_3_temple_a_scores_the_top_stones(players, stones):
    temple = [i * 7 % players for i in range(stones)]
    state, _rec = position(players, {}, temple=temple, track=[0] * players)
    w = state.thaw()
    w.over, w.round = False, 0
    state = w.freeze()
    st, _pool = fastplay.to_array(state, DATA)
    kernel_rules.end_round(st, *_kernel_args())
    w = state.thaw()
    score_temple(w, None, "test")  # type: ignore[arg-type]
    pure, kernel = _tracks(w.freeze(), st)
    assert kernel == pure


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c6_3_temple_b_two_points_spaces(players):
    """C6.3 "2 points" spaces against the board data the pure engine reads (the card and "1 point
    or 2 stones" spaces draw or choose: the random-playout replays of test_kernel_replay.py
    compare those with the pure engine)."""
    spaces = DATA.temple_b["spaces"][players]
    width = len(spaces)
    # one stone per space, owned round the table; the kernel's other spaces are emptied
    temple = [i % players for i in range(width)]
    state, _rec = position(players, {"temple": "B"}, temple=temple, track=[0] * players)
    w = state.thaw()
    w.over, w.round = False, 0
    keep = [i for i in range(width) if spaces[i] == "two-points"]
    state = w.freeze()
    st, _pool = fastplay.to_array(state, DATA)
    for i in range(width):
        if i not in keep:
            st[L.TTOP + i] = -1
    kernel_rules.score_temple_b(st, *_kernel_args())
    expected = [0] * players
    for i in keep:
        expected[temple[i]] += 2
    assert [int(x) for x in st[L.TRACK : L.TRACK + players]] == expected


@pytest.mark.parametrize("site", [L.S_PYRAMIDS, L.S_TEMPLE, L.S_BURIAL, L.S_OBELISKS])
@pytest.mark.parametrize(("players", "before"), [(2, 0), (2, 5), (3, 4), (4, 11)])
def test_c5_a_stone_delivered_then_scored_both_ways(site, players, before):
    """A stone arriving on each site A (C5.2–C5.5), then the C8 totals of both positions."""
    fields = {"pyr": [0] * before, "temple": [i % players for i in range(before)],
              "burial": [i % players for i in range(before)], "obel": [before % 3] * players,
              "green": [[BUILDING_SITES[site - 1]]] * players}
    state, rec = position(players, {}, **fields)
    st, _pool = fastplay.to_array(state, DATA)
    kernel_rules.deliver(st, players - 1, site, *_kernel_args())
    w = state.thaw()
    deliver(w, players - 1, site, None, "test")  # type: ignore[arg-type]  (side A asks nothing)
    after = w.freeze()
    assert int(st[L.REACHED + players - 1]) == after._reached[players - 1]
    pure = pure_totals(score_engine_board(final_board(after, rec), DATA))
    totals = np.zeros(4, dtype=np.int64)
    kernel_score.final_scores(st, totals)
    assert [int(t) for t in totals[:players]] == pure[0]
