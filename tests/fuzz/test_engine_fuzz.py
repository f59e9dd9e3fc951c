"""Engine fuzzing (issue 9): random and malformed moves, records and boards fed to every
registered game through the registry (score, replay) and each game's own ``apply`` on real
positions. Only the engine's own error (``RulesError``, a ValueError subclass) may come out:
never another exception, never a hang (hypothesis' deadline bounds every example)."""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import random
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.errors import BoardError, RecordError, RulesError
from rules_engine.registry import default_registry
from tests.fuzz.conftest import examples
from tests.fuzz.strategies import GAMES, JSON, PYTHON_ONLY, deep, mutate

SEEDS = (1, 2, 3)  # a few whole random games per game type; positions and prefixes come from them

# A hang fails the example: no real record or board takes anywhere near this long.
FUZZ = settings(
    max_examples=examples(60),
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@functools.cache
def samples(game_id: str) -> tuple[dict, ...]:
    """Whole random records of the game, the same on every run."""
    game = default_registry().game(game_id)
    return tuple(game.random_record(random.Random(seed)) for seed in SEEDS)


@functools.cache
def positions(game_id: str) -> tuple:
    """Every state of the sample games."""
    return tuple(state for record in samples(game_id) for state in default_registry().replay(record).states)


@functools.cache
def boards(game_id: str) -> tuple[dict, ...]:
    """The final boards of the sample games (valid F1/F3 boards)."""
    return tuple(default_registry().replay(record).final_board() for record in samples(game_id))


def check_output(result: dict) -> None:
    """What the API renders (strict JSON: no NaN) must be renderable."""
    json.dumps(result, allow_nan=False)


def replays_cleanly(record: object) -> object | None:
    """Replay through the registry; the replay, or None when the engine refused the record."""
    try:
        replay = default_registry().replay(record)
        check_output(replay.score().to_json())
    except RulesError:
        return None
    return replay


# ---- records through the registry


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_a_real_prefix_with_one_mutated_move_replays_or_is_refused_at_that_move(game_id, data):
    record = copy.deepcopy(data.draw(st.sampled_from(samples(game_id))))
    moves = record["moves"]
    k = data.draw(st.integers(0, len(moves) - 1))
    other = data.draw(st.sampled_from(moves))  # a move that is legal somewhere else
    bad = mutate(data, moves[k], JSON | st.just(other) | st.sampled_from(moves[k : k + 1]))
    tail = data.draw(st.sampled_from(["none", "rest", "repeat"]))
    record["moves"] = moves[:k] + [bad] + {"none": [], "rest": moves[k + 1 :], "repeat": [bad] * 50}[tail]
    try:
        replay = default_registry().replay(record)
    except RecordError as exc:
        # The first k moves are a real game's: the engine must not blame any of them.
        assert exc.move is None or exc.move >= k, exc
        return
    check_output(replay.score().to_json())


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_a_real_record_with_a_mutated_header_replays_or_is_refused(game_id, data):
    record = data.draw(st.sampled_from(samples(game_id)))
    header = {k: v for k, v in record.items() if k != "moves"}
    mutated = mutate(data, header, JSON | st.sampled_from(GAMES))
    if isinstance(mutated, dict):
        mutated["moves"] = record["moves"]
    replays_cleanly(mutated)


@FUZZ
@given(
    record=JSON
    | st.fixed_dictionaries(
        {"game": st.sampled_from(GAMES) | JSON},
        optional={
            "players": JSON,
            "sides": JSON,
            "setup": JSON,
            "colours": JSON,
            "variants": JSON,
            "moves": st.lists(JSON, max_size=6) | JSON,
        },
    )
)
def test_junk_records_are_refused_with_a_record_error(record):
    replays_cleanly(record)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_10000_move_record_stops_where_the_game_ends(game_id):
    record = copy.deepcopy(samples(game_id)[0])
    n = len(record["moves"])
    record["moves"] += [record["moves"][-1]] * 10_000
    with pytest.raises(RecordError) as refused:
        default_registry().replay(record)
    assert refused.value.move == n  # the engine looked no further than the first move too many


@pytest.mark.parametrize("game_id", GAMES)
def test_a_10000_move_record_of_junk_is_refused_at_its_first_move(game_id):
    record = {**samples(game_id)[0], "moves": [{"type": "🜁" * 100}] * 10_000}
    with pytest.raises(RecordError) as refused:
        default_registry().replay(record)
    assert refused.value.move == 0


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(
    "where", ["game", "players", "sides", "setup", "colours", "variants", "moves", "move", "move-type"]
)
def test_deeply_nested_record_parts_are_refused_not_crashed(game_id, where):
    record = copy.deepcopy(samples(game_id)[0])
    nested = deep(100_000)
    if where == "move":
        record["moves"][0] = nested
    elif where == "move-type":
        record["moves"][0] = {**record["moves"][0], "type": nested}
    else:
        record[where] = nested
    with pytest.raises(RulesError):
        default_registry().replay(record)


# ---- moves on real positions


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_apply_on_a_real_position_answers_a_state_or_a_rules_error(game_id, data):
    game = default_registry().game(game_id)
    state = data.draw(st.sampled_from(positions(game_id)))
    real = [m for record in samples(game_id) for m in record["moves"]]
    move = data.draw(
        JSON
        | PYTHON_ONLY
        | st.sampled_from(real).flatmap(lambda m: st.builds(lambda d: mutate(d, m, JSON | PYTHON_ONLY), st.data()))
    )
    header = samples(game_id)[0]
    before = game.state_to_json(state, header)
    try:
        after = game.apply(state, move)
    except RulesError:
        after = None
    assert game.state_to_json(state, header) == before  # apply never changes the state it is given
    if after is not None:
        check_output(game.state_to_json(after, header))


@pytest.mark.parametrize("game_id", GAMES)
def test_deeply_nested_moves_are_refused_on_a_real_position(game_id):
    game = default_registry().game(game_id)
    state = positions(game_id)[1]
    for move in (deep(100_000), {"type": deep(100_000)}, {"type": "place", "cell": deep(100_000)}):
        with pytest.raises(RulesError):
            game.apply(state, move)


# ---- boards through the registry


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_a_mutated_real_board_scores_or_lists_its_problems(game_id, data):
    board = mutate(data, data.draw(st.sampled_from(boards(game_id))), JSON | st.sampled_from(GAMES))
    try:
        check_output(default_registry().score(board).to_json())
    except BoardError as exc:
        assert exc.errors and all(isinstance(p, str) and isinstance(m, str) for p, m in exc.errors)


@FUZZ
@given(
    board=JSON
    | st.fixed_dictionaries(
        {"game": st.sampled_from(GAMES) | JSON},
        optional={
            "players": st.lists(JSON, max_size=5) | JSON,
            "sides": JSON,
            "starting_player": JSON,
            "variants": JSON,
        },
    )
)
def test_junk_boards_are_refused_with_a_board_error(board):
    with contextlib.suppress(BoardError):  # anything else escaping fails the test
        check_output(default_registry().score(board).to_json())


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("where", ["game", "players", "player", "sides", "variants"])
def test_deeply_nested_board_parts_are_refused_not_crashed(game_id, where):
    board = copy.deepcopy(boards(game_id)[0])
    if where == "player":
        board["players"][0] = deep(100_000)
    else:
        board[where] = deep(100_000)
    with pytest.raises(BoardError):
        default_registry().score(board)
