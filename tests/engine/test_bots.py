"""The bot (rules_engine/analysis/bots.py, docs/bots.md): at every level it plays only legal
moves, in the Duel, the base game and the example plugin's game; each level is deterministic
under a seed; levels outside 1–5 are refused."""

from __future__ import annotations

import random

import pytest

from rules_engine.analysis import bots
from rules_engine.analysis.bots import LEVELS, BotError, choose_move
from rules_engine.classic.plugin import CLASSIC
from rules_engine.duel.plugin import DUEL
from rules_engine.gametype import GameType


def _race() -> GameType:
    return pytest.importorskip("imhotep_house_rules.race", reason="the example plugin (make test)").RACE


@pytest.fixture(params=["duel", "classic", "obelisk-race"])
def game(request) -> GameType:
    return {"duel": lambda: DUEL, "classic": lambda: CLASSIC, "obelisk-race": _race}[request.param]()


def _record(game: GameType, seed: int) -> dict:
    players = ["Ana", "Ben", "Cleo"][: min(3, game.max_players)]
    return game.new_record(players, random.Random(seed))


def _json(game: GameType, moves) -> list:
    return [game.move_to_json(m) for m in moves]


def test_a_bot_game_between_levels_1_and_2_is_played_to_its_end_with_legal_moves_only(game):
    record = _record(game, 1)
    state = game.setup(record)
    rng = random.Random(5)
    for ply in range(2000):
        if game.is_over(state):
            break
        move = choose_move(game, state, record, 1 + ply % 2, rng)
        assert game.move_to_json(move) in _json(game, game.legal_moves(state))
        state = game.apply(state, move)
    assert game.is_over(state)


@pytest.mark.parametrize("number", [lvl.number for lvl in LEVELS])
def test_every_level_picks_a_legal_move_in_mid_game(game, number):
    record = game.random_record(random.Random(3), players=min(3, game.max_players))
    states = game.replay(record).states
    state = states[len(states) // 3]
    move = choose_move(game, state, record, number, random.Random(number))
    assert game.move_to_json(move) in _json(game, game.legal_moves(state))


@pytest.mark.parametrize("number", [lvl.number for lvl in LEVELS])
def test_each_level_plays_the_same_move_under_the_same_seed(number):
    record = DUEL.random_record(random.Random(8))
    state = DUEL.replay(record).states[6]
    first, again = (DUEL.move_to_json(choose_move(DUEL, state, record, number, random.Random(42))) for _ in range(2))
    assert first == again


def test_the_top_level_searches_through_the_module_level_search(monkeypatch):
    asked = []

    def search(game_type, state, record, *, playouts, rng, top):
        asked.append(playouts)
        return bots.search(game_type, state, record, playouts=playouts, rng=rng, top=top)

    monkeypatch.setattr(bots, "SEARCH", search)
    record = DUEL.new_record(["Ana", "Ben"], random.Random(2))
    choose_move(DUEL, DUEL.setup(record), record, 5, random.Random(1))
    assert asked == [LEVELS[-1].playouts]


def test_level_1_plays_no_search(monkeypatch):
    monkeypatch.setattr(bots, "SEARCH", lambda *a, **k: pytest.fail("level 1 searched"))
    record = DUEL.new_record(["Ana", "Ben"], random.Random(2))
    assert choose_move(DUEL, DUEL.setup(record), record, 1, random.Random(1)) in DUEL.legal_moves(DUEL.setup(record))


@pytest.mark.parametrize("number", [0, 6, "3", True, None])
def test_a_level_outside_1_to_5_is_refused(number):
    record = DUEL.new_record(["Ana", "Ben"], random.Random(2))
    with pytest.raises(BotError, match="from 1 to 5"):
        choose_move(DUEL, DUEL.setup(record), record, number, random.Random(1))


def test_the_levels_grow_in_budget_and_shrink_in_noise():
    budgets = [lvl.playouts for lvl in LEVELS]
    noise = [lvl.blunder for lvl in LEVELS]
    assert budgets == sorted(budgets) and noise == sorted(noise, reverse=True) and len(LEVELS) == 5
