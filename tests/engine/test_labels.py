"""Token labels typed at the table resolve to the record ids of duel.md D1 (formats.md F2)."""

import pytest

from rules_engine.duel.labels import FACES, LabelError, parse_label, parse_labels, remaining
from rules_engine.duel.tokens import TOKEN_COUNTS


@pytest.mark.parametrize(
    ("label", "token"),
    [
        ("Ob", "obelisk"), ("obelisk", "obelisk"), ("O", "obelisk"),
        ("PL", "pyramid-light"), ("light pyramid", "pyramid-light"), ("pyramid-light", "pyramid-light"),
        ("PD", "pyramid-dark"), ("dark", "pyramid-dark"),
        ("T1", "temple-1"), ("t4", "temple-4"), ("temple 2", "temple-2"), ("temple-3", "temple-3"),
        ("#7", "tomb-7"), ("#12", "tomb-12"), ("tomb 5", "tomb-5"), ("tomb-1", "tomb-1"),
        ("Take", "take-token"), ("take 1 token", "take-token"),
        ("P23", "place-meeples"), ("place 2-3 meeples", "place-meeples"),
        ("P1U", "place-unload"), ("SwU", "swap-unload"), ("swap", "swap-unload"),
    ],
)
def test_d1_labels_name_their_token(label, token):
    assert parse_label(label) == token


@pytest.mark.parametrize(
    ("label", "reason"),
    [("T5", "1 to 4 symbols"), ("#13", "numbered 1 to 12"), ("#0", "numbered 1 to 12"), ("scarab", "not a token")],
)
def test_d1_a_label_naming_no_token_says_why(label, reason):
    with pytest.raises(LabelError, match=reason):
        parse_label(label)


@pytest.mark.parametrize(
    "text",
    ["tomb 5, obelisk, T2", "#5 Ob T2", "tomb 5 obelisk temple 2", "tomb-5; obelisk; temple-2", "  #5  ob   t2 "],
)
def test_f2_a_refill_can_be_typed_in_any_of_the_usual_ways(text):
    assert parse_labels(text) == ["tomb-5", "obelisk", "temple-2"]


def test_f2_the_bad_word_of_a_refill_is_named():
    with pytest.raises(LabelError, match="'pyramid'"):
        parse_labels("#5 pyramid T2")


def test_d1_the_palette_has_every_face_once_with_a_short_label_that_parses_back():
    assert [f.token for f in FACES] == list(TOKEN_COUNTS)
    assert all(parse_label(f.short) == f.token for f in FACES)


def test_d1_remaining_counts_take_the_picks_of_the_form_off_the_unseen_tokens():
    left = remaining({"obelisk": 2, "tomb-7": 1}, picked=["obelisk", "tomb-7", "tomb-7"])
    assert (left["obelisk"], left["tomb-7"], left["temple-1"]) == (1, 0, 0)
