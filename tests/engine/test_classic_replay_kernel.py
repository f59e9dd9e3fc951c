"""The base game's compiled validated replay (rules_engine/classic/compiled/fastreplay.py, issue #40)
against the pure engine's replay loop (`replay_moves` with `actions.play`, the reference): the
same position after every ply of random games (2-4 players, every site on side A and B with
board data), the same first refused move in corrupted ones (moves, choice lists, market draws),
the pure engine for what the kernel leaves to it (a seeded deal, a transcribed game, no numba)."""

import json
import logging
import random
from pathlib import Path

import numpy as np
import pytest

from rules_engine.classic import replay_positions
from rules_engine.classic.actions import play
from rules_engine.classic.compiled import fastreplay, kernel_replay
from rules_engine.classic.compiled import kernel_layout as L
from rules_engine.classic.compiled.fastplay import to_array
from rules_engine.classic.components import CARDS, SITES
from rules_engine.classic.game import apply_move, legal_moves, new_record, parse_header
from rules_engine.classic.moveparse import parse_move
from rules_engine.classic.playout import random_record
from rules_engine.classic.record import replay
from rules_engine.classic.sitecheck import from_mapping
from rules_engine.classic.sitedata import EMPTY
from rules_engine.classic.state import CARD_INDEX
from rules_engine.errors import IllegalMoveError, RecordError
from rules_engine.gametype import replay_moves
from tests.engine.classic.kernel_helpers import KERNEL_SIDES, board_data_set
from tests.kit import run_script

DATA = board_data_set()


def data_for(sides):
    return DATA if sides else EMPTY


def reference(record, data):
    """The pure engine's positions and moves, or the `RecordError` it raises."""
    _, state, raw = parse_header(record, data)
    try:
        return replay_moves(state, raw, parse_move, play)
    except RecordError as exc:
        return exc


def compiled(record, data, every_state=True):
    header, state, raw = parse_header(record, data)
    return fastreplay.replay(state, data, header.variants, raw, every_state)


def random_records(seed, count, players=None, sides=None):
    """Random games as F4 records: ``players`` (else 2-4 in turn) on ``sides`` (else every
    entry of `KERNEL_SIDES` in turn, B sides with the test board data)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        s = KERNEL_SIDES[i % len(KERNEL_SIDES)] if sides is None else sides
        n = 2 + i % 3 if players is None else players
        out.append((random_record(rng, n, sides=s, data=data_for(s)), data_for(s)))
    return out


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("sides", KERNEL_SIDES, ids=lambda s: "+".join(s) or "A")
def test_every_position_of_random_games_is_the_pure_engines(players, sides):
    for record, data in random_records(players * 10, 4, players, sides):
        positions, moves = reference(record, data)
        fast = compiled(record, data)
        assert fast.positions is not None
        assert list(fast.positions) == positions
        assert fast.moves == moves


def test_without_positions_the_last_one_is_the_pure_engines():
    for record, data in random_records(2, 21):
        positions, _ = reference(record, data)
        fast = compiled(record, data, every_state=False)
        assert list(fast.positions) == [positions[-1]]


def test_a_record_without_moves_keeps_its_setup():
    record, data = random_records(3, 1)[0]
    record["moves"] = []
    rep = replay(record, data, states=False)
    assert list(rep.states) == reference(record, data)[0]


def random_choices(rng):
    """Choice lists of any values the F4 shape allows (C5.1, C6.1-C6.3), or none."""
    out = {}
    if rng.random() < 0.5:
        out["take"] = [rng.choice((*CARDS, None, {"pair": rng.choice(tuple(CARDS))})) for _ in range(rng.randint(0, 4))]
    if rng.random() < 0.2:
        out["pyramids"] = [rng.randint(1, 3) for _ in range(rng.randint(1, 2))]
    if rng.random() < 0.2:
        out["temple"] = [rng.choice(("point", "stones")) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.1:
        out["bonus_places"] = [rng.choice((None, {"ship": rng.randint(1, 4), "slot": rng.randint(1, 4)}))]
    return out


def random_move(rng):
    """A well-formed F4 move of any type, whatever the position."""
    ship, slot, site = rng.randint(1, 4), rng.randint(1, 4), rng.choice(SITES)
    kind = rng.choice(("place", "get-stones", "sail", "pass", "lever", "hammer", "sail card", "chisel"))
    if kind == "place":
        return {"type": "place", "ship": ship, "slot": slot}
    if kind == "get-stones":
        return {"type": kind}
    if kind == "sail":
        return {"type": "sail", "ship": ship, "site": site, **random_choices(rng)}
    if kind == "pass":
        return {"type": "pass", **random_choices(rng)}
    if kind == "lever":
        order = rng.sample((1, 2, 3, 4), rng.randint(1, 4))
        return {"type": "play", "card": "lever", "ship": ship, "site": site, "order": order, **random_choices(rng)}
    if kind == "hammer":
        return {"type": "play", "card": "hammer", "ship": ship, "slot": slot}
    if kind == "sail card":
        return {"type": "play", "card": "sail", "ship": ship, "slot": slot, "site": site, **random_choices(rng)}
    spots = rng.sample([(s, k) for s in range(1, 5) for k in range(1, 5)], 2)
    return {"type": "play", "card": "chisel", "places": [{"ship": s, "slot": k} for s, k in spots]}


def corrupt(record, data, rng):
    """One way of spoiling a record: a move swapped for a random one (the rest kept or cut
    off), for another legal one (cut off after it), one choice list changed, or the market draws
    changed (two swapped, one another card, or the list cut short)."""
    moves = record["moves"]
    k = rng.randrange(len(moves))
    way = rng.choice(("swapped", "cut", "legal", "choices", "draws"))
    if way == "legal":
        others = legal_moves(reference(record, data)[0][k])
        moves[k:] = [rng.choice(others).to_json()]
    elif way == "choices":
        with_lists = [j for j, m in enumerate(moves) if any(f in m for f in ("take", "pyramids", "temple"))]
        move = moves[rng.choice(with_lists)] if with_lists else moves[k]
        field = rng.choice([f for f in ("take", "pyramids", "temple") if f in move] or ["take"])
        values = move.setdefault(field, [])
        choice = random_choices(random.Random(rng.random())).get(field) or [rng.choice(list(CARDS))]
        if values and rng.random() < 0.4:
            values.pop(rng.randrange(len(values)))
        elif values and rng.random() < 0.5:
            values[rng.randrange(len(values))] = choice[0] if field != "take" else rng.choice(list(CARDS))
        else:
            values.insert(rng.randint(0, len(values)), choice[0] if field != "take" else rng.choice(list(CARDS)))
    elif way == "draws":
        draws = record["setup"]["market_draws"]
        i, j = rng.randrange(len(draws)), rng.randrange(len(draws))
        how = rng.choice(("swap", "other", "short"))
        if how == "swap":
            draws[i], draws[j] = draws[j], draws[i]
        elif how == "other":
            draws[i] = rng.choice(list(CARDS))
        else:
            del draws[max(i, 5):]
    else:
        moves[k] = random_move(rng)
        if way == "cut":
            del moves[k + 1:]


@pytest.mark.parametrize("seed", range(4))
def test_a_corrupted_game_is_refused_at_the_pure_engines_move(seed):
    """The kernel refuses the first move the pure engine refuses, or plays the record to the
    same positions."""
    rng = random.Random(100 + seed)
    refused = accepted = 0
    for record, data in random_records(200 + seed, 120):
        corrupt(record, data, rng)
        try:
            expected = reference(record, data)
        except RecordError:  # the setup itself is spoilt: `parse_header` refuses it for both
            continue
        fast = compiled(record, data)
        if isinstance(expected, RecordError):
            refused += 1
            assert fast.positions is None
            assert fast.refused == expected.move
        else:
            accepted += 1
            assert list(fast.positions) == expected[0]
    assert refused > 40 and accepted > 15  # both outcomes are exercised


def test_a_refused_record_raises_the_pure_engines_error():
    record, data = random_records(4, 1)[0]
    record["moves"][6] = {"type": "pass"}
    expected = reference(record, data)
    with pytest.raises(RecordError) as caught:
        replay(record, data)
    assert (caught.value.move, str(caught.value)) == (expected.move, str(expected))


def test_a_malformed_move_is_refused_where_it_stands():
    record, data = random_records(5, 1)[0]
    record["moves"][7] = {"type": "place", "ship": 5, "slot": 1}
    with pytest.raises(RecordError) as caught:
        replay(record, data)
    assert caught.value.move == 7


def test_a_position_looked_at_alone_is_the_pure_engines():
    record, data = random_records(6, 1, 4, KERNEL_SIDES[-1])[0]
    pure = reference(record, data)[0]
    for ply in (len(pure) - 1, 0, len(pure) // 2, 5):  # out of order: each made from the start
        assert replay(record, data).states[ply] == pure[ply]


def test_positions_behave_as_a_list():
    record, data = random_records(7, 1)[0]
    states = replay(record, data).states
    pure = reference(record, data)[0]
    assert isinstance(states, replay_positions.Positions)
    assert len(states) == len(pure)
    assert states[-1] == pure[-1] and states[3] == pure[3]
    assert states[2:5] == pure[2:5]
    assert states[3] is states[3]  # made once
    more = states + [pure[0]]  # noqa: RUF005 (Positions' own +, which keeps the rows unmade)
    assert len(more) == len(pure) + 1 and more[-1] is pure[0] and more[-2] == pure[-1]
    with pytest.raises(IndexError):
        states[len(pure)]


def test_extending_a_compiled_replay_plays_on():
    record, data = random_records(8, 1)[0]
    moves = record["moves"]
    record["moves"] = moves[:-1]
    extended = replay(record, data).extended(moves[-1])
    record["moves"] = moves
    assert list(extended.states) == reference(record, data)[0]


def played_on(record, data, rng):
    """``record`` played to the end by random legal moves of the pure engine (`legal_moves`,
    `apply_move`), its moves as F4 dicts."""
    state = parse_header(record, data)[1]
    moves = []
    while not state.over:
        move = rng.choice(legal_moves(state))
        moves.append(move.to_json())
        state = apply_move(state, move)
    return {**record, "moves": moves}


@pytest.mark.parametrize("sides", (KERNEL_SIDES[0], KERNEL_SIDES[-1]), ids=("A", "B"))
def test_a_seeded_game_deals_beyond_its_listed_draws_as_the_pure_engine_does(sides, caplog):
    """F4 ``setup.seed``: a game the service dealt lists 34 market draws and deals the rest
    from its seed (`deck.dealt_index`; the B sides draw more); the compiled replay deals them
    too, to the same positions, and nothing is logged."""
    rng = random.Random(14)
    dealt_beyond = 0
    for seed in range(3):
        data = data_for(sides)
        record = played_on(new_record(["A", "B", "C"], seed, sides=sides), data, rng)
        with caplog.at_level(logging.ERROR):
            fast = compiled(record, data)
        assert list(fast.positions) == reference(record, data)[0]
        dealt_beyond += fast.positions[-1].draws_used > len(record["setup"]["market_draws"])
    assert not caplog.records
    if sides:
        assert dealt_beyond  # the B sides' card bonuses drew beyond the 34


def test_a_seeded_record_cut_short_of_its_draws_is_refused_where_the_pure_engine_refuses_it():
    """The record's later moves were made with other cards than the seed deals: both replays
    refuse at the same move, or play it to the same positions."""
    for record, data in random_records(9, 14):
        record["setup"]["seed"] = 7
        record["setup"]["market_draws"] = record["setup"]["market_draws"][:8]
        expected = reference(record, data)
        fast = compiled(record, data)
        if isinstance(expected, RecordError):
            assert (fast.positions, fast.refused) == (None, expected.move)
        else:
            assert list(fast.positions) == expected[0]


@pytest.mark.parametrize(("field", "size"), (("towers", 9), ("pyramid", 17)))
def test_board_data_beyond_the_kernels_sizes_replays_in_the_pure_engine(field, size):
    """The board data's format sets no limit; the kernel keeps 8 tower values (C6.5) and 16
    spaces a pyramid (C6.2), so a bigger board is the pure engine's."""
    raw = json.loads((Path(__file__).parent.parent / "data" / "board_data_test_set.json").read_text())["data"]
    if field == "towers":
        raw["obelisks_b"]["towers"] = [100 - i for i in range(size)]
        sides = {"obelisks": "B"}
    else:
        raw["pyramids_b"]["pyramids"][0] = [{"level": 1, "value": 10}] * size
        sides = {"pyramids": "B"}
    data = from_mapping(raw)
    record = random_record(random.Random(15), 4, sides=sides, data=data)
    assert compiled(record, data) is None
    assert list(replay(record, data).states) == reference(record, data)[0]


def test_a_game_transcribed_at_the_table_is_the_pure_engines():
    """F4 ``setup.transcribed``: the cards as they were turned up, all of them by the end."""
    for record, data in random_records(10, 14):
        record["setup"]["transcribed"] = True
        fast = compiled(record, data)
        assert list(fast.positions) == reference(record, data)[0]


def test_a_transcript_short_of_cards_is_refused_where_the_pure_engine_asks_for_them():
    """A transcript cut short of its round cards or market cards: the move that needs the
    next one is refused by both (`deck.DrawsNeeded`), or the record ends before it."""
    rng = random.Random(13)
    refused = 0
    for record, data in random_records(11, 28):
        setup = record["setup"]
        setup["transcribed"] = True
        setup["round_cards"] = setup["round_cards"][: rng.randint(1, 6)]
        setup["market_draws"] = setup["market_draws"][: rng.randint(5, len(setup["market_draws"]))]
        expected = reference(record, data)
        fast = compiled(record, data)
        if isinstance(expected, RecordError):
            refused += 1
            assert (fast.positions, fast.refused) == (None, expected.move)
        else:
            assert list(fast.positions) == expected[0]
    assert refused > 20


def test_the_move_codes_fields_are_the_kernels():
    assert (fastreplay._SHIP, fastreplay._SLOT, fastreplay._SITE, fastreplay._SHIP2, fastreplay._SLOT2,
            fastreplay._NORDER, fastreplay._ORDER, fastreplay._COUNTS) == (
        kernel_replay.SHIP, kernel_replay.SLOT, kernel_replay.SITE, kernel_replay.SHIP2, kernel_replay.SLOT2,
        kernel_replay.NORDER, kernel_replay.ORDER, kernel_replay.COUNTS)


FALLBACK = """
import random, sys
sys.modules["numba"] = None  # importing numba now raises ImportError
from rules_engine.classic.playout import random_record
from rules_engine.classic.record import replay
record = random_record(random.Random(1), 3)
rep = replay(record)
replay(record)
print(type(rep.states).__name__, len(rep.states) == len(record["moves"]) + 1)
"""


def test_without_numba_records_replay_in_the_pure_engine_and_it_is_logged_once():
    done = run_script(FALLBACK)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["list", "True"]
    assert done.stderr.count("numba cannot be imported") == 1


def kernel_play(state, data, move):
    """``move`` checked and played by `kernel_replay.play` on ``state``'s kernel array: the
    `ClassicState` it leads to, or None when the kernel refuses it."""
    st = to_array(state, data)[0]
    cards = state._cards
    st[L.CARDS : L.CARDS + 4 * len(cards)] = [cap for card in cards for cap in card]
    draws = np.array([len(state._draws), *[CARD_INDEX[c] for c in state._draws]], dtype=np.int64)
    code, values = fastreplay.encode(move)
    cx = np.zeros(L.CX_SIZE, dtype=np.int64)
    cx[L.CX_GIVEN] = 1
    kernel_replay.given_choices(code, np.array(values or (0,), dtype=np.int64), 0, cx)
    scratch = [np.zeros(4, dtype=np.int64) for _ in range(3)]
    rng = np.random.Generator(np.random.PCG64(0))
    if not kernel_replay.play(st, code, draws, cx, rng, *scratch, np.empty((64, 3), dtype=np.int64)):
        return None
    log = st[L.LOG : L.LOG + st[L.LOGN]].tolist()
    return replay_positions.Positions(state, st[: L.LOG].reshape(1, L.LOG), log)[0]


def pure_play(state, move):
    w = state.thaw()
    try:
        play(w, move)
    except IllegalMoveError:
        return None
    return w.freeze()


def test_every_kind_of_move_in_many_positions_is_refused_or_played_as_the_pure_engine_does():
    """The kernel's check of one move (`kernel_replay.play`) against `actions.play`, for legal
    moves (with their choices) and random ones, in positions from the start to the end of
    random games on every side."""
    rng = random.Random(11)
    checked = played = 0
    for record, data in random_records(12, 14):
        positions, _ = reference(record, data)
        for state in positions[:-1:6]:
            legal = legal_moves(state)
            candidates = rng.sample(legal, min(len(legal), 15))
            candidates += [parse_move(random_move(rng)) for _ in range(25)]
            for move in candidates:
                expected = pure_play(state, move)
                assert kernel_play(state, data, move) == expected, (move, state)
                checked += 1
                played += expected is not None
    assert checked > 3000 and played > 1000
