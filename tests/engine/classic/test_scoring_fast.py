"""The analysis playouts score the engine's own boards without validating them
(`scoring.score_engine_board`, the base game's `final_winners`); C8: it must give exactly the
result of the validated `score_board`, on every side and player count."""

import random

import pytest

from rules_engine.classic.finalboard import final_board
from rules_engine.classic.playout import random_record
from rules_engine.classic.record import replay
from rules_engine.classic.scoring import score_board, score_engine_board
from rules_engine.classic.sitecheck import from_mapping
from rules_engine.registry import default_registry
from tests.engine.classic.board_helpers import FICTIONAL_DATA

DATA = from_mapping(FICTIONAL_DATA)
SIDES = ("market", "pyramids", "temple", "burial-chamber", "obelisks")


def game(seed: int) -> tuple[dict, object]:
    rng = random.Random(seed)
    sides = {site: rng.choice("AB") for site in SIDES}
    record = random_record(rng, players=2 + seed % 3, sides=sides, data=DATA)
    if seed % 2:
        record["variants"] = ["pharaohs-wrath"]
    return record, replay(record, DATA)


@pytest.mark.parametrize("seed", range(24))
def test_c8_an_engine_board_scores_as_the_validated_board(seed):
    record, played = game(seed)
    for state in (played.states[len(played.states) // 2], played.states[-1]):
        board = final_board(state, record)
        assert score_engine_board(board, DATA) == score_board(board, DATA)


@pytest.mark.parametrize("seed", range(6))
def test_c8_final_winners_are_the_score_sheet_winners(seed):
    record, played = game(100 + seed)
    classic = default_registry().game("classic").with_board_data(FICTIONAL_DATA)
    sheet = classic.rank(classic.score(played.final_board()), played.final_board())
    assert classic.final_winners(played.states[-1], record) == list(sheet.winners)


def _without_texts(result: dict) -> dict:
    players = [{**p, "lines": [{**line, "text": None} for line in p["lines"]]} for p in result["players"]]
    return {**result, "players": players}


@pytest.mark.parametrize("seed", range(24))
def test_c8_scoring_without_texts_gives_the_same_points(seed):
    record, played = game(seed)
    for state in (played.states[len(played.states) // 2], played.states[-1]):
        board = final_board(state, record)
        quiet = score_engine_board(board, DATA, texts=False).to_json()
        assert quiet == _without_texts(score_board(board, DATA).to_json())
        assert all(line["text"] is None for p in quiet["players"] for line in p["lines"])
