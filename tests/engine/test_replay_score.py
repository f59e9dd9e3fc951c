"""A replay scores its final position once, without validating the board the engine made
(`duel.game.engine_board`, `classic.scoring.score_engine_board`): the same result as the board
read off the position, validated and scored (D7, C8), on random games of both engines, at the
end and mid-game (the score "if the game ended now")."""

import random

import pytest

from rules_engine.classic import record as classic_record
from rules_engine.classic.playout import random_record as classic_random_record
from rules_engine.classic.scoring import score_board
from rules_engine.duel import record as duel_record
from rules_engine.duel.board import parse_board
from rules_engine.duel.playout import random_record as duel_random_record
from rules_engine.duel.scoring import score as duel_score


@pytest.mark.parametrize("seed", range(8))
def test_d7_a_duel_replay_scores_as_its_validated_board(seed):
    rec = duel_random_record(random.Random(seed))
    rec["players"] = ["Ana", "Ben"]
    rep = duel_record.replay(rec)
    for ply in (None, len(rep.moves) // 2):
        assert rep.score(ply) == duel_score(parse_board(rep.final_board(ply)))


@pytest.mark.parametrize("seed", range(6))
def test_c8_a_base_game_replay_scores_as_its_validated_board(seed):
    rec = classic_random_record(random.Random(seed), 2 + seed % 3)
    rep = classic_record.replay(rec)
    for ply in (None, len(rep.moves) // 2):
        assert rep.score(ply) == score_board(rep.final_board(ply), rep.data)
