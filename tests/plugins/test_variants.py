"""Variants through the registry: inputs validated and stripped, extra lines added, the
winner decided again; unknown variants refused."""

import pytest

from rules_engine.errors import BoardError, RecordError
from rules_engine.registry import Registry
from rules_engine.testing import ScoreCase, check_score_case

imhotep_house_rules = pytest.importorskip(
    "imhotep_house_rules", reason="the example plugin is installed by `make test` (examples/imhotep-house-rules)"
)


@pytest.fixture(scope="module")
def reg():
    return Registry(load_entry_points=False, extra_plugins={"house-rules": imhotep_house_rules})


def board(**over):
    base = {
        "game": "duel",
        "starting_player": 0,
        "players": [
            {"obelisk": 0, "temple": [], "pyramid": {"light": 6, "dark": 0}, "tomb": [],
             "action_tokens": 0, "meeples_on_harbor": 0},
            {"obelisk": 0, "temple": [], "pyramid": {"light": 0, "dark": 0}, "tomb": [],
             "action_tokens": 0, "meeples_on_harbor": 1},
        ],
    }
    base.update(over)
    return base


def with_scarabs(b, *counts):
    for player, n in zip(b["players"], counts, strict=True):
        player["scarabs"] = n
    return b


CASES = [
    # light pyramid 6 on A → 21, plus the complete-pyramid bonus 3
    ScoreCase("complete pyramid bonus", with_scarabs(board(variants=["scarabs"]), 0, 0), totals=[24, 1],
              breakdown=[{"pyramid": 21, "scarabs": 3}, {"scarabs": 0}]),
    ScoreCase("scarabs score two each", with_scarabs(board(variants=["scarabs"]), 1, 3), totals=[26, 7]),
    ScoreCase("without the variant the inputs are not asked for", board(), totals=[21, 1], winner=0),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_scarab_house_rule_scoring_table(case, reg):
    check_score_case(case, registry=reg)


def test_variant_lines_are_explained(reg):
    result = reg.score(with_scarabs(board(variants=["scarabs"]), 2, 0)).to_json()
    texts = [line["text"] for line in result["players"][0]["lines"] if line.get("variant") == "scarabs"]
    assert texts == ["Scarabs: 2 × 2 → 4", "Complete pyramid (light) → 3"]


def test_variant_points_can_change_the_winner(reg):
    b = with_scarabs(board(variants=["scarabs"]), 0, 3)
    b["players"][1]["meeples_on_harbor"] = 4  # 4 + 6 scarab points = 10 < 24
    assert reg.score(b).to_json()["winner"] == 0
    b["players"][0]["pyramid"] = {"light": 1, "dark": 0}  # 1 against 10
    assert reg.score(b).to_json()["winner"] == 1


def test_variant_input_out_of_range_names_the_field(reg):
    with pytest.raises(BoardError) as err:
        reg.score(with_scarabs(board(variants=["scarabs"]), 4, 0))
    assert err.value.errors == [("players[0].scarabs", "must be between 0 and 3, got 4")]


def test_unknown_variant_names_the_known_ones(reg):
    with pytest.raises(BoardError) as err:
        reg.score(board(variants=["pharaohs-wrath"]))
    assert err.value.errors == [("variants[0]", "unknown variant 'pharaohs-wrath' for duel; known: scarabs")]


def test_variant_listed_twice_is_refused(reg):
    with pytest.raises(BoardError) as err:
        reg.score(with_scarabs(board(variants=["scarabs", "scarabs"]), 0, 0))
    assert err.value.errors == [("variants[1]", "variant 'scarabs' is listed twice")]


def test_variant_inputs_without_the_variant_are_refused_by_the_game(reg):
    with pytest.raises(BoardError) as err:
        reg.score(with_scarabs(board(), 1, 0))
    assert any(path == "players[0].scarabs" for path, _ in err.value.errors)


def test_record_with_unknown_variant_is_refused(reg):
    with pytest.raises(RecordError, match="unknown variant 'nope'"):
        reg.replay({"game": "duel", "variants": ["nope"], "players": ["A", "B"], "moves": []})


def test_record_with_a_variant_replays_and_scores_with_it(reg):
    import random

    from rules_engine.duel.playout import random_record

    record = random_record(random.Random(3))
    plain = reg.replay(record).score().to_json()
    with_variant = reg.replay({**record, "variants": ["scarabs"]})
    assert with_variant.finished
    scored = with_variant.score().to_json()
    assert scored["variants"] == ["scarabs"]
    for before, after in zip(plain["players"], scored["players"], strict=True):
        assert after["total"] == before["total"] + after["breakdown"].get("scarabs", 0)
