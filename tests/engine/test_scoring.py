"""Duel final scoring, table-driven per D7.x (duel.md), through the public `score` API."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.duel.board import parse_board
from rules_engine.duel.board_limits import MONUMENTS
from rules_engine.duel.scoring import decide_winner, score, score_json
from rules_engine.errors import BoardError

BREAKDOWN_KEYS = ["obelisk", "temple", "pyramid", "tomb", "action_tokens", "meeples"]


def _player(**fields) -> dict:
    p = {"obelisk": 0, "temple": [], "pyramid": {"light": 0, "dark": 0}, "tomb": [],
         "action_tokens": 0, "meeples_on_harbor": 0}
    p.update(fields)
    return p


def _score(p0: dict | None = None, p1: dict | None = None, *, side: str = "A", starting_player: int = 0,
           sides: dict | None = None):
    data = {"sides": sides or dict.fromkeys(MONUMENTS, side), "starting_player": starting_player,
            "players": [p0 or _player(), p1 or _player()]}
    return score(parse_board(data))


# --------------------------------------------------------------------------- D7.1 obelisk


@pytest.mark.parametrize(
    ("mine", "theirs", "expected"),
    [
        (0, 0, 0),  # 0 against 0: nobody has more
        (1, 0, 7),  # strictly more → +6
        (0, 1, 0),
        (2, 6, 2),  # D9.5
        (6, 2, 12),  # D9.5
        (4, 4, 4),  # tie: no bonus for either
        (6, 6, 6),
        (12, 0, 18),
        (7, 5, 13),
    ],
)
def test_d7_1_obelisk_a(mine, theirs, expected):
    result = _score(_player(obelisk=mine), _player(obelisk=theirs), side="A")
    assert result.players[0].breakdown["obelisk"] == expected


@pytest.mark.parametrize(
    ("mine", "theirs", "my_flag", "their_flag", "expected"),
    [
        (0, 0, False, False, 0),
        (4, 4, False, False, 0),  # nobody reached 5
        (4, 8, False, True, 0),  # fewer than 5 → 0 even though the other has more
        (5, 0, True, False, 12),  # first to 5
        (5, 0, False, False, 12),  # the only one with ≥ 5 was first, flag or not
        (9, 3, False, False, 12),  # 6–9 tokens are worth no more than 5
        (5, 5, True, False, 12),
        (5, 5, False, True, 6),  # also 5 at the end, but second → 6
        (7, 5, False, True, 6),  # more tokens but second
        (6, 6, True, False, 12),
        (10, 2, False, False, 18),  # 10 or more → 18 = 12 + 6 (docs/rulings.md "D7.1 B")
        (10, 0, True, False, 18),
        (11, 1, False, False, 18),
        (12, 0, True, False, 18),
        (2, 10, False, False, 0),
    ],
)
def test_d7_1_obelisk_b(mine, theirs, my_flag, their_flag, expected):
    result = _score(_player(obelisk=mine, obelisk_first_to_five=my_flag),
                    _player(obelisk=theirs, obelisk_first_to_five=their_flag), side="B")
    assert result.players[0].breakdown["obelisk"] == expected


# --------------------------------------------------------------------------- D7.2 temple


@pytest.mark.parametrize(
    ("temple", "expected"),
    [([], 0), ([1], 1), ([4], 4), ([1, 4, 2], 7), ([4, 4, 4], 12), ([1, 2, 3, 4, 1, 2, 3, 4], 20)],
)
def test_d7_2_temple_a_one_point_per_symbol(temple, expected):
    assert _score(_player(temple=temple), side="A").players[0].breakdown["temple"] == expected


@pytest.mark.parametrize(
    ("temple", "expected"),
    [
        ([], 0),
        ([3], 1),  # set of 1 → 1
        ([1, 2], 4),  # set of 2 → 4
        ([1, 2, 4], 9),  # set of 3 → 9
        ([4, 3, 2, 1], 16),  # set of 4 → 16
        ([4, 4, 4], 3),  # same value never shares a set: 3 sets of 1
        ([1, 1, 2, 2], 8),  # 1-2 + 1-2
        ([2, 3, 3], 5),  # 2-3 + 3
        ([1, 2, 3, 4, 1, 3], 20),  # D9.4
        ([1, 2, 3, 4, 1, 2, 4, 2], 26),  # D9.2
        ([1, 2, 3, 4] * 3, 48),  # every temple token in the game
    ],
)
def test_d7_2_temple_b_sets_of_distinct_values(temple, expected):
    assert _score(_player(temple=temple), side="B").players[0].breakdown["temple"] == expected


# --------------------------------------------------------------------------- D7.3 pyramid


@pytest.mark.parametrize(("n", "expected"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21)])
@pytest.mark.parametrize("colour", ["light", "dark"])
def test_d7_3_pyramid_a_each_colour_scores_alone(colour, n, expected):
    pyramid = {"light": 0, "dark": 0} | {colour: n}
    assert _score(_player(pyramid=pyramid), side="A").players[0].breakdown["pyramid"] == expected


def test_d7_3_pyramid_a_both_colours_add_up():
    # F1 example: light 4 → 10 plus dark 6 → 21 is reported together as 31.
    result = _score(_player(pyramid={"light": 4, "dark": 6}), side="A")
    assert result.players[0].breakdown["pyramid"] == 31


@pytest.mark.parametrize(
    ("light", "dark", "expected"),
    [
        (0, 6, -6),  # smaller has 0 → −6
        (6, 0, -6),
        (0, 0, -6),
        (1, 3, 0),
        (2, 5, 4),
        (3, 3, 10),  # equal: only one of them counts
        (4, 6, 18),
        (6, 5, 30),
        (6, 6, 45),
    ],
)
def test_d7_3_pyramid_b_only_the_smaller_scores(light, dark, expected):
    result = _score(_player(pyramid={"light": light, "dark": dark}), side="B")
    assert result.players[0].breakdown["pyramid"] == expected


# --------------------------------------------------------------------------- D7.4 tomb


@pytest.mark.parametrize(
    ("tomb", "expected"),
    [
        ([], 0),
        ([7], 1),
        ([7, 8], 4),
        ([1, 2, 3], 9),
        ([9, 10, 11, 12], 16),
        ([1, 2, 3, 4, 5], 25),
        ([1, 2, 3, 4, 5, 6], 25),  # 5 or more → 25
        (list(range(1, 13)), 25),
        ([12, 1], 2),  # 12 and 1 are not consecutive
        ([11, 12, 1, 2], 8),
        ([1, 3, 5, 7, 9, 11], 6),
        ([5, 3, 2, 1, 7], 11),  # order of the list does not matter (D9.3)
    ],
)
def test_d7_4_tomb_a_groups(tomb, expected):
    assert _score(_player(tomb=tomb), side="A").players[0].breakdown["tomb"] == expected


@pytest.mark.parametrize(
    ("tomb", "expected"),
    [
        ([], 0),
        ([5], 4),
        (list(range(1, 13)), 4),
        ([12, 1], 8),  # 12 and 1 are not consecutive
        ([1, 3, 5, 7, 9, 11], 24),
        ([2, 3, 4, 6, 7, 9], 12),
    ],
)
def test_d7_4_tomb_b_four_per_group(tomb, expected):
    assert _score(_player(tomb=tomb), side="B").players[0].breakdown["tomb"] == expected


# --------------------------------------------------------------------------- D7.5 extras


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("n", [0, 1, 5, 12])
def test_d7_5_one_point_per_unused_action_token(side, n):
    assert _score(_player(action_tokens=n), side=side).players[0].breakdown["action_tokens"] == n


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("n", [0, 1, 4])
def test_d7_5_one_point_per_meeple_on_the_harbor(side, n):
    assert _score(_player(meeples_on_harbor=n), side=side).players[0].breakdown["meeples"] == n


# --------------------------------------------------------------------------- D7.6 winner


@pytest.mark.parametrize(("starting_player", "p0_tokens", "p1_tokens", "winner"),
                         [(0, 3, 2, 0), (0, 2, 3, 1), (1, 3, 2, 0), (1, 2, 3, 1)])
def test_d7_6_higher_total_wins(starting_player, p0_tokens, p1_tokens, winner):
    result = _score(_player(action_tokens=p0_tokens), _player(action_tokens=p1_tokens),
                    starting_player=starting_player)
    assert (result.winner, result.tie_broken) == (winner, False)


@pytest.mark.parametrize(("starting_player", "winner"), [(0, 1), (1, 0)])
def test_d7_6_tie_goes_to_the_player_who_did_not_start(starting_player, winner):
    result = _score(_player(tomb=[1]), _player(tomb=[5]), starting_player=starting_player)
    assert result.players[0].total == result.players[1].total == 1
    assert (result.winner, result.tie_broken) == (winner, True)


@pytest.mark.parametrize(("totals", "starting_player", "expected"),
                         [((40, 39), 1, (0, False)), ((39, 40), 0, (1, False)), ((40, 40), 0, (1, True)),
                          ((40, 40), 1, (0, True)), ((-6, -6), 1, (0, True))])
def test_d7_6_decide_winner_from_totals(totals, starting_player, expected):
    assert decide_winner(totals, starting_player) == expected


# --------------------------------------------------------------------------- result shape


def test_d7_mixed_sides_score_each_monument_by_its_own_side():
    sides = {"obelisk": "A", "temple": "B", "pyramid": "B", "tomb": "A"}
    result = _score(_player(obelisk=3, temple=[1, 1], pyramid={"light": 2, "dark": 3}, tomb=[1, 2]),
                    sides=sides)
    assert result.players[0].breakdown == {"obelisk": 9, "temple": 2, "pyramid": 4, "tomb": 4,
                                           "action_tokens": 0, "meeples": 0}


def test_f1_breakdown_keys_and_total():
    result = _score(_player(obelisk=1, temple=[2], pyramid={"light": 1, "dark": 0}, tomb=[3],
                            action_tokens=1, meeples_on_harbor=1))
    player = result.players[0]
    assert list(player.breakdown) == BREAKDOWN_KEYS
    assert player.total == sum(player.breakdown.values()) == 7 + 2 + 1 + 1 + 1 + 1


def test_f1_every_breakdown_entry_has_one_explained_line():
    player = _score(_player(tomb=[1, 2])).players[0]
    assert [line.monument for line in player.lines] == BREAKDOWN_KEYS
    assert {line.monument: line.points for line in player.lines} == player.breakdown
    assert [line.rule for line in player.lines] == ["D7.1", "D7.2", "D7.3", "D7.4", "D7.5", "D7.5"]
    assert [line.side for line in player.lines] == ["A", "A", "A", "A", None, None]


@pytest.mark.parametrize(
    ("side", "p0", "p1", "monument", "text"),
    [
        ("A", _player(obelisk=2, name="Ana"), _player(obelisk=6, name="Ben"), "obelisk",
         "Obelisk A: 2 tokens → 2 (Ben has more: no bonus)"),
        ("A", _player(obelisk=6), _player(obelisk=2, name="Ana"), "obelisk",
         "Obelisk A: 6 tokens → 6 + 6 for more than Ana (2)"),
        ("A", _player(obelisk=3), _player(obelisk=3), "obelisk",
         "Obelisk A: 3 tokens → 3 (tied with player 2: no bonus)"),
        ("B", _player(obelisk=10), _player(), "obelisk", "Obelisk B: 10 tokens, 10 or more → 18 (12 + 6)"),
        ("B", _player(obelisk=5), _player(obelisk=6, obelisk_first_to_five=True, name="Ben"), "obelisk",
         "Obelisk B: 5 tokens, 5 or more but Ben was first to 5 → 6"),
        ("A", _player(temple=[1, 4, 2]), _player(), "temple", "Temple A: 1 + 2 + 4 symbols → 7"),
        ("B", _player(temple=[1, 2, 3, 4, 1, 2, 4, 2]), _player(), "temple",
         "Temple B: set 1-2-3-4 → 16, set 1-2-4 → 9, set 2 → 1"),
        ("A", _player(pyramid={"light": 2, "dark": 4}), _player(), "pyramid",
         "Pyramid A: light 2 → 3, dark 4 → 10"),
        ("B", _player(pyramid={"light": 0, "dark": 6}), _player(), "pyramid",
         "Pyramid B: smaller pyramid light 0 → -6"),
        ("A", _player(tomb=[1, 2, 3, 5, 7]), _player(), "tomb", "Tomb A: 1-2-3 → 9, 5 → 1, 7 → 1"),
        ("B", _player(tomb=[1, 2, 3, 5, 7]), _player(), "tomb", "Tomb B: 3 groups (1-2-3, 5, 7) × 4 → 12"),
        ("B", _player(action_tokens=2), _player(), "action_tokens", "Action tokens: 2 unused → 2"),
        ("B", _player(meeples_on_harbor=1), _player(), "meeples", "Meeples: 1 on the harbor → 1"),
    ],
)
def test_d7_explanation_texts(side, p0, p1, monument, text):
    lines = {line.monument: line for line in _score(p0, p1, side=side).players[0].lines}
    assert lines[monument].text == text


def test_f1_score_result_json_shape():
    data = {"players": [_player(name="Ana", obelisk=1), _player(name="Ben")]}
    result = score_json(data)
    assert set(result) == {"game", "winner", "tie_broken", "players"}
    assert result["game"] == "duel" and result["winner"] == 0 and result["tie_broken"] is False
    ana = result["players"][0]
    assert (ana["name"], ana["total"]) == ("Ana", 7)
    assert list(ana["breakdown"]) == BREAKDOWN_KEYS
    assert ana["lines"][0] == {"monument": "obelisk", "side": "A", "rule": "D7.1",
                               "text": "Obelisk A: 1 token → 1 + 6 for more than Ben (0)", "points": 7}


def test_f1_score_json_rejects_a_bad_board():
    with pytest.raises(BoardError) as caught:
        score_json({"players": [_player(obelisk=13), _player()]})
    assert caught.value.errors[0][0] == "players[0].obelisk"


# --------------------------------------------------------------------------- properties


@st.composite
def _valid_boards(draw):
    """Random physically possible boards: deal the 12 tokens of each kind between the players."""
    sides = {m: draw(st.sampled_from("AB")) for m in MONUMENTS}
    owner = st.sampled_from([0, 1, None])  # None: not held by anyone (still in play or boxed)
    players = [_player(), _player()]
    obelisk_owners = draw(st.lists(owner, min_size=12, max_size=12))
    for value in (1, 2, 3, 4):
        for who in draw(st.lists(owner, min_size=3, max_size=3)):
            if who is not None:
                players[who]["temple"].append(value)
    for colour in ("light", "dark"):
        for who in draw(st.lists(owner, min_size=6, max_size=6)):
            if who is not None:
                players[who]["pyramid"][colour] += 1
    for number, who in enumerate(draw(st.lists(owner, min_size=12, max_size=12)), start=1):
        if who is not None:
            players[who]["tomb"].append(number)
    for who in draw(st.lists(owner, min_size=12, max_size=12)):
        if who is not None:
            players[who]["action_tokens"] += 1
    for i in (0, 1):
        players[i]["obelisk"] = obelisk_owners.count(i)
        players[i]["meeples_on_harbor"] = draw(st.integers(0, 4))
    if min(p["obelisk"] for p in players) >= 5:
        players[draw(st.integers(0, 1))]["obelisk_first_to_five"] = True
    return {"sides": sides, "starting_player": draw(st.integers(0, 1)), "players": players}


@settings(max_examples=150, deadline=None)
@given(_valid_boards())
def test_d7_totals_are_the_sum_of_the_explained_lines(data):
    result = score(parse_board(data))
    for player in result.players:
        assert player.total == sum(player.breakdown.values()) == sum(line.points for line in player.lines)
        assert player.lines and all(line.text for line in player.lines)
    totals = [p.total for p in result.players]
    if totals[0] != totals[1]:
        assert result.winner == totals.index(max(totals)) and not result.tie_broken
    else:
        assert result.winner == 1 - data["starting_player"] and result.tie_broken
