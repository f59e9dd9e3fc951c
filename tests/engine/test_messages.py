"""Translatable engine messages (docs/i18n.md): a `Message` is the English sentence and also
carries its template and parameters; the Duel engine and the shared registry, validation and
variant code say everything a player reads with them, in the board's words."""

from __future__ import annotations

import ast
import copy
import json
import pickle
import random
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.duel import game, record, turns
from rules_engine.duel.board import parse_board
from rules_engine.duel.labels import FACES, NAMES, LabelError, parse_label, parse_labels
from rules_engine.duel.moves import Unload, parse_move
from rules_engine.duel.playout import random_record
from rules_engine.duel.scoring import _total, score, winner
from rules_engine.errors import BoardError, IllegalMoveError, RecordError, UnknownGameError, joined
from rules_engine.messages import Message, msg, plural, pmsg
from rules_engine.registry import Registry
from rules_engine.validation import json_type
from tests.engine.board_validation_helpers import make_board, make_player
from tests.engine.duel_helpers import play, start

ENGINE = Path(__file__).resolve().parents[2] / "rules_engine"
# The files this suite holds to the rules of docs/i18n.md (rules_engine/classic and
# rules_engine/analysis have their own).
CHECKED = sorted([*ENGINE.glob("*.py"), *(ENGINE / "duel").glob("*.py")])


# --------------------------------------------------------------------------- Message itself


def test_a_message_is_its_english_sentence():
    m = msg("ship {ship} is full", ship=2)
    assert m == "ship 2 is full" and isinstance(m, str)
    assert hash(m) == hash("ship 2 is full")
    assert {"ship 2 is full": 1}[m] == 1
    assert json.dumps({"text": m}) == '{"text": "ship 2 is full"}'
    assert f"{m}!" == "ship 2 is full!"
    assert (m.template, dict(m.params), m.plural) == ("ship {ship} is full", {"ship": 2}, None)


def test_a_message_without_parameters_is_its_template():
    m = msg("nothing")
    assert m == "nothing" and m.template == "nothing" and dict(m.params) == {}


@pytest.mark.parametrize("value", [
    msg("tomb {number}", number=7),
    plural("{n} token", "{n} tokens", n=3),
    msg("{where}: {problem}", where=msg("take 1 token"), problem=msg("{boat} slot {slot} is empty (D4.3)",
                                                                     boat=msg("row {row}", row=2), slot=1)),
    msg("Temple B: {sets}", sets=(msg("set {values} → {points}", values="1-2", points=4), "plain")),
    pmsg("move", "sail"),
])
def test_a_message_survives_pickle_and_copy_with_its_template(value):
    for again in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value), copy.copy(value)):
        assert type(again) is Message
        assert again == value
        assert (again.template, dict(again.params), again.plural, again.context) == (
            value.template, dict(value.params), value.plural, value.context)
        for key, param in value.params.items():
            assert type(again.params[key]) is type(param)


@pytest.mark.parametrize(("n", "english"), [(0, "0 tokens"), (1, "1 token"), (2, "2 tokens"), (21, "21 tokens")])
def test_plural_picks_the_english_form_by_n(n, english):
    m = plural("{n} token", "{n} tokens", n=n)
    assert m == english
    assert (m.template, m.plural, m.params["n"]) == ("{n} token", "{n} tokens", n)


def test_a_word_with_two_meanings_reads_the_same_in_english_and_keeps_its_context():
    move, card = pmsg("move", "sail"), msg("sail")
    assert move == card == "sail"
    assert (move.context, card.context) == ("move", None)


def test_a_tuple_parameter_is_a_list_joined_with_commas():
    m = msg("known: {names}", names=(msg("tomb {number}", number=1), "b", msg("light pyramid")))
    assert m == "known: tomb 1, b, light pyramid"
    assert isinstance(m.params["names"], tuple) and m.params["names"][0].template == "tomb {number}"
    assert msg("known: {names}", names=()) == "known: "


def test_nested_messages_keep_their_own_templates():
    m = msg("{where}: {problem}", where=NAMES["take-token"], problem=msg("tied with {other}", other="Ben"))
    assert m == "take 1 token: tied with Ben"
    assert m.params["where"].template == "take 1 token"
    assert m.params["problem"].params == {"other": "Ben"}


# --------------------------------------------------------------------------- the board's words


def test_board_words_are_messages_that_read_as_before():
    assert NAMES["pyramid-light"] == "light pyramid" and NAMES["pyramid-light"].template == "light pyramid"
    assert NAMES["tomb-7"] == "tomb 7" and (NAMES["tomb-7"].template, NAMES["tomb-7"].params) == (
        "tomb {number}", {"number": 7})
    assert NAMES["temple-2"] == "temple 2" and NAMES["temple-2"].template == "temple {value}"
    assert NAMES["place-unload"] == "place 1 meeple and unload 1–2×"
    assert all(isinstance(name, Message) for name in NAMES.values())
    assert all(isinstance(face.name, Message) and face.name == NAMES[face.token] for face in FACES)


def test_a_board_word_still_parses_back_to_its_token():
    assert all(parse_label(NAMES[face.token]) == face.token for face in FACES)


# --------------------------------------------------------------------------- Duel texts


def test_a_duel_score_line_is_a_message_with_its_template():
    board = parse_board(make_board(make_player(obelisk=3, tomb=[1, 2, 3, 5]), make_player(obelisk=1, name="Ben")))
    obelisk, temple, _pyramid, tomb, actions_line, meeples = score(board).players[0].lines
    assert obelisk.text == "Obelisk A: 3 tokens → 3 + 6 for more than Ben (1)"
    assert obelisk.text.template == "Obelisk A: {tokens} → {count} + {bonus} for more than {other} ({theirs})"
    assert obelisk.text.params["tokens"].plural == "{n} tokens"
    assert tomb.text.template == "Tomb A: {groups}" and tomb.text.params["groups"] == ("1-2-3 → 9", "5 → 1")
    assert temple.text.template == "Temple {side}: no tokens → 0"
    assert actions_line.text.template == "Action tokens: {n} unused → {points}"
    assert meeples.text.template == "Meeples: {n} on the harbor → {points}"
    json_line = score(board).to_json()["players"][0]["lines"][0]["text"]
    assert isinstance(json_line, Message) and json.loads(json.dumps(json_line)) == obelisk.text


def test_an_unnamed_other_player_is_named_by_seat_in_words():
    board = parse_board(make_board(make_player(obelisk=2), make_player(obelisk=2)))
    text = score(board).players[0].lines[0].text
    assert text == "Obelisk A: 2 tokens → 2 (tied with player 2: no bonus)"
    assert text.params["other"].template == "player {seat}"


def test_a_refusal_is_a_message_in_the_boards_words():
    with pytest.raises(IllegalMoveError) as err:
        game.apply_move(play(start(), "place a2", "place c1"), Unload("row-2"))
    reason = err.value.reason
    assert isinstance(reason, Message)
    assert reason.template == "unload {boat} needs at least 2 meeples in {boat}, it has {n} (D4.2)"
    assert reason.params["boat"].template == "row {row}" and "row-2" not in reason
    assert str(err.value) == reason


def test_a_refusal_inside_an_action_token_names_the_token_as_printed():
    with pytest.raises(IllegalMoveError) as err:  # player 0 holds no action token at the start
        game.apply_move(start(), parse_move({"type": "take-token", "boat": "row-1", "slot": 1}))
    reason = err.value.reason
    assert reason == "take 1 token: player 1 has no such action token to play (D4.3)"
    assert reason.template == "{where}: {problem}" and reason.params["where"] is NAMES["take-token"]


def test_a_passing_refusal_describes_the_legal_move_in_words():
    assert turns.describe(Unload("col-a")) == "unload column a"
    assert turns.describe(parse_move({"type": "take-token", "boat": "row-3", "slot": 2})) == \
        "take 1 token from row 3 slot 2"
    assert turns.describe(parse_move({"type": "place-unload", "cell": "a1", "boats": ["row-1", "col-a"]})) == \
        "place 1 meeple and unload 1–2×: a1, then row 1, column a"


def test_a_record_error_is_a_message_naming_the_move():
    rec = random_record(random.Random(3))
    rec["moves"][1] = {"type": "unload", "boat": "row-2"}
    with pytest.raises(RecordError) as err:
        record.replay(rec)
    text = err.value.args[0]
    assert isinstance(text, Message) and text.template == "move {move}: {reason}"
    assert text.params["reason"] is err.value.reason
    assert err.value.to_json()["error"]["reason"] is err.value.reason


def test_a_board_problem_is_a_message_in_the_boards_words():
    with pytest.raises(BoardError) as err:
        parse_board(make_board(make_player(tomb=[7]), make_player(tomb=[7])))
    [(path, problem)] = err.value.errors
    assert (path, problem) == ("players[1].tomb", "tomb 7 is held by both players")
    assert problem.template == "{token} is held by both players" and problem.params["token"] is NAMES["tomb-7"]


def test_a_field_problem_names_the_json_type_in_words():
    with pytest.raises(BoardError) as err:
        parse_board(make_board(make_player(obelisk=[1])))
    [(path, problem)] = err.value.errors
    assert path == "players[0].obelisk"
    assert problem == "must be a whole number of obelisk tokens (0–12), got a list"
    assert problem.params["what"].template == "obelisk tokens" and problem.params["found"].template == "a list"
    assert json_type(None) == "null" and not isinstance(json_type(None), Message)  # JSON's own word


def test_a_label_error_is_a_message_that_keeps_the_typed_labels():
    with pytest.raises(LabelError) as err:
        parse_labels("#5 pyramid T2")
    text = err.value.args[0]
    assert text.template == "{label} is not a token: type e.g. {examples}" and text.params["label"] == "'pyramid'"
    assert str(err.value) == text
    with pytest.raises(LabelError) as err:
        parse_label("T5")
    assert err.value.args[0].template == "{label}: temple tokens show 1 to 4 symbols"


# --------------------------------------------------------------------------- registry, variants, validation


def test_registry_errors_are_messages():
    registry = Registry(load_entry_points=False)
    with pytest.raises(UnknownGameError) as err:
        registry.game("chess")
    text = err.value.args[0]
    assert text.template == "unknown game {game}; this server knows: {known}"
    assert text == "unknown game 'chess'; this server knows: " + ", ".join(sorted(registry.games))
    with pytest.raises(BoardError) as caught:
        registry.score({"game": "chess"})
    assert caught.value.errors[0][1] is not None and caught.value.errors[0][1].template == text.template
    with pytest.raises(RecordError) as failed:
        registry.replay({"game": "duel", "variants": ["nope", 3]})
    reason = failed.value.reason
    assert reason.template == "{first}; {then}"
    assert reason.startswith("variants[0]: unknown variant 'nope' for duel; known: ")
    missing = registry.missing("duel", ["nope"], {})
    assert missing and missing[0].template.startswith("the variant {variant} of {game} is not available")


def test_joined_problems_read_as_the_english_summary():
    problems = [(f"p{i}", msg("problem {i}", i=i)) for i in range(7)]
    text = joined(problems)
    assert text == "; ".join(f"p{i}: problem {i}" for i in range(7))
    assert text.template == "{first}; {then}"
    assert joined([]) == ""
    assert joined(problems[:1]).template == "{field}: {problem}"


# --------------------------------------------------------------------------- cost


def test_no_message_is_built_while_replaying_legal_moves(monkeypatch):
    rec = random_record(random.Random(11))
    made = []
    original = Message.__new__

    def counting(cls, *args, **kwargs):
        made.append(args[0])
        return original(cls, *args, **kwargs)

    monkeypatch.setattr(Message, "__new__", staticmethod(counting))
    rep = record.replay(rec)
    for state in rep.states[:-1]:
        game.legal_moves(state)
    record.to_transcription(rec)
    assert made == []


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_the_playout_winner_agrees_with_the_explained_score(data):
    rec = random_record(random.Random(data.draw(st.integers(0, 10**6))))
    rec["sides"] = {m: data.draw(st.sampled_from("AB")) for m in rec["sides"]}
    rep = record.replay(rec)
    ply = data.draw(st.integers(0, rep.plies))
    board = parse_board(rep.final_board(ply))
    result = score(board)
    p0, p1 = board.players
    assert (_total(p0, p1, board.sides), _total(p1, p0, board.sides)) == tuple(p.total for p in result.players)
    assert winner(board) == result.winner


# --------------------------------------------------------------------------- the templates themselves


def _calls(path: Path):
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("msg", "plural"):
            yield node


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: str(p.relative_to(ENGINE)))
def test_every_template_is_a_literal_whose_fields_are_given(path):
    for call in _calls(path):
        where = f"{path.name}:{call.lineno}"
        count = 2 if call.func.id == "plural" else 1
        templates = call.args[:count]
        assert len(templates) == count and len(call.args) == count, where
        assert all(isinstance(t, ast.Constant) and isinstance(t.value, str) for t in templates), (
            f"{where}: a template must be a string literal (makemessages collects it)")
        given_names = {k.arg for k in call.keywords}
        assert None not in given_names, f"{where}: no **params, name each field"
        for t in templates:
            assert _fields(t.value) <= given_names, f"{where}: {t.value!r} names a field the call does not give"
            t.value.format(**dict.fromkeys(given_names, 1))  # braces balanced, literal ones doubled
        if call.func.id == "plural":
            assert "n" in given_names, f"{where}: plural() needs n"


def test_the_engine_imports_no_django():
    for path in ENGINE.rglob("*.py"):
        assert "django" not in path.read_text(), path
