"""The explorer's facts of a game are kept on what its replay depends on (issue #52): the engine
and plugins, and the game's own pinned board-data version. A new version of the base game's
board data (docs/board-data.md) is pinned by no stored game, so it marks no game's facts out of
date: not the Duel's, nor the base games played with an older version."""

import random

import pytest

from games import boarddata
from games.models import Game, GameFacts
from games.services import explorer, recording
from rules_engine.registry import default_registry

pytestmark = pytest.mark.django_db


def _stored(game_type: str, seed: int) -> Game:
    record = default_registry().game(game_type).random_record(random.Random(seed))
    record["players"] = ["Ana", "Ben", "Cy", "Dee"][:len(record["players"])]
    return recording.import_record(record).game


def _facts() -> dict[int, tuple[str, int | None, str]]:
    return {f.game_id: (f.fingerprint, f.board_data_id, f.counted) for f in GameFacts.objects.all()}


def test_a_new_base_game_version_leaves_the_duel_games_facts_fresh(staff, test_set):
    for seed in range(3):
        _stored("duel", seed)
    before = _facts()
    assert boarddata.save("classic", test_set, user=staff).problems == []
    assert explorer.uncounted("duel").count() == 0
    assert _facts() == before


def test_base_games_pinned_to_an_older_version_keep_their_facts(staff, entered, test_set):
    games = [_stored("classic", seed) for seed in range(2)]
    assert {g.board_data_id for g in games} == {entered.pk}
    before = _facts()
    newer = boarddata.save("classic", {**test_set}, user=staff).version
    assert newer.pk != entered.pk
    assert explorer.uncounted("classic").count() == 0
    assert explorer.fill("classic") == 0
    assert _facts() == before


def test_a_game_stored_after_the_new_version_is_counted_with_it(staff, entered, test_set):
    newer = boarddata.save("classic", test_set, user=staff).version
    game = _stored("classic", 5)
    assert GameFacts.objects.get(game=game).board_data_id == newer.pk == game.board_data_id
    assert explorer.uncounted("classic").count() == 0


def test_a_game_pinned_anew_is_worked_out_again_with_its_new_version(staff, entered, test_set):
    # A club admin's rescoring pins a game to the newest version (games/services/rescoring.py).
    game = _stored("classic", 1)
    newer = boarddata.save("classic", test_set, user=staff).version
    Game.objects.filter(pk=game.pk).update(board_data=newer)
    assert list(explorer.uncounted("classic")) == [game]
    assert explorer.fill("classic") == 1
    assert GameFacts.objects.get(game=game).board_data_id == newer.pk


def test_facts_of_another_engine_are_out_of_date_whatever_the_version(entered):
    game = _stored("classic", 2)
    GameFacts.objects.filter(game=game).update(fingerprint="old-engine")
    assert list(explorer.uncounted("classic")) == [game]
