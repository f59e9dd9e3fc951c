"""Monte-Carlo analysis (rules_engine/analysis): seeded, the winner of a finished game is
certain, hidden tokens are re-dealt, and the estimates are calibrated — over 2,000 positions
of random games their Brier score beats "the current leader wins" by at least 0.03."""

import random
from collections import Counter

import pytest

from rules_engine.analysis import estimate, rank_moves, rank_moves_ucb, winners
from rules_engine.classic.playout import random_record as classic_record
from rules_engine.duel.hidden import determinized
from rules_engine.duel.playout import weighted_playout
from rules_engine.registry import default_registry

DUEL = default_registry().game("duel")
CLASSIC = default_registry().game("classic")


def duel_game(seed: int):
    record = DUEL.random_record(random.Random(seed))
    record["players"] = ["Ana", "Ben"]
    return record, DUEL.replay(record)


def test_the_same_seed_gives_the_same_estimate():
    record, replay = duel_game(1)
    first, second = (estimate(DUEL, replay.states[20], record, playouts=30, rng=random.Random(7)) for _ in range(2))
    assert first == second


def test_d8_a_finished_game_is_won_for_certain_by_its_winner():
    record, replay = duel_game(2)
    won = winners(DUEL, replay.states[-1], record)
    result = estimate(DUEL, replay.states[-1], record, playouts=10, rng=random.Random(1))
    assert [result.wins[p] for p in won] == [1.0]


def test_the_interval_holds_the_estimate():
    record, replay = duel_game(3)
    result = estimate(DUEL, replay.states[10], record, playouts=50, rng=random.Random(1))
    assert all(lo <= w <= hi for lo, w, hi in zip(result.low, result.wins, result.high, strict=True))


def face_down(state) -> Counter:
    w = state.thaw()
    return Counter(w.supply[len(w.supply) - w.scount :]) + Counter(w.reserve)


def test_d3_determinizing_re_deals_the_face_down_tokens_and_keeps_what_is_seen():
    _, replay = duel_game(4)
    state = replay.states[12]
    redealt = determinized(state, random.Random(3))
    assert face_down(redealt) == face_down(state)
    assert redealt.thaw().slots == state.thaw().slots and redealt.to_move == state.to_move


def test_hint_ranks_legal_moves_best_first():
    record, replay = duel_game(5)
    state = replay.states[16]
    ranked = rank_moves(DUEL, state, record, playouts=120, rng=random.Random(2))
    assert [v.win for v in ranked] == sorted((v.win for v in ranked), reverse=True)
    assert all(m.move in DUEL.legal_moves(state) for m in ranked)


def test_ucb_hint_spends_the_most_playouts_on_its_best_moves():
    """UCB1 plays the promising moves most; with close means the best two may swap places, and
    each playout deals the hidden tokens anew (rules_engine/analysis `dealt`)."""
    record, replay = duel_game(5)
    state = replay.states[16]
    ranked = rank_moves_ucb(DUEL, state, record, playouts=300, rng=random.Random(2), top=99)
    assert len(ranked) == len(DUEL.legal_moves(state)) and sum(v.playouts for v in ranked) == 300
    most = max(v.playouts for v in ranked)
    assert most in (ranked[0].playouts, ranked[1].playouts) and ranked[-1].playouts < ranked[0].playouts


def score_sheet_winner(state, record) -> int:
    board = DUEL.board(state, record)
    return DUEL.rank(DUEL.score(board), board).winners[0]


@pytest.mark.parametrize("seed", range(6))
def test_d7_a_playout_is_scored_for_the_same_winner_as_the_score_sheet(seed):
    record, replay = duel_game(30 + seed)
    for state in (replay.states[-1], weighted_playout(replay.states[10], random.Random(seed))):
        assert DUEL.final_winners(state, record) == [score_sheet_winner(state, record)]


def test_d7_6_a_tied_playout_goes_to_the_player_who_did_not_start():
    def tie_broken(record, state) -> bool:
        board = DUEL.board(state, record)
        return DUEL.rank(DUEL.score(board), board).tie_broken

    record, state = next((r, s.states[-1]) for r, s in map(duel_game, range(300)) if tie_broken(r, s.states[-1]))
    assert DUEL.final_winners(state, record) == [1]


def brier(game_type, records, players: int, playouts: int, step: int, limit: int) -> tuple[float, float, int]:
    """Mean squared error per player of the estimate and of "the current leader wins"."""
    rng = random.Random(11)
    estimate_error = leader_error = 0.0
    positions = 0
    for record in records:
        replay = game_type.replay(record)
        final = winners(game_type, replay.states[-1], record)
        for ply in range(2, len(replay.states) - 1, step):
            state = replay.states[ply]
            guess = estimate(game_type, state, record, playouts=playouts, rng=rng).wins
            board = game_type.board(state, record)
            totals = [p["total"] for p in game_type.score(board).to_json()["players"]]
            leaders = [p for p, t in enumerate(totals) if t == max(totals)]
            for p in range(players):
                outcome = 1 / len(final) if p in final else 0.0
                estimate_error += (guess[p] - outcome) ** 2
                leader_error += ((1 / len(leaders) if p in leaders else 0.0) - outcome) ** 2
            positions += 1
            if positions == limit:
                return estimate_error / (positions * players), leader_error / (positions * players), positions
    raise AssertionError(f"only {positions} positions")


def test_duel_estimates_are_calibrated_over_2000_positions():
    records = (duel_game(1000 + g)[0] for g in range(400))
    estimate_brier, leader_brier, positions = brier(DUEL, records, 2, playouts=4, step=3, limit=2000)
    assert positions == 2000
    assert estimate_brier <= leader_brier - 0.03, (estimate_brier, leader_brier)


@pytest.mark.slow
def test_three_player_base_game_estimates_are_calibrated_over_2000_positions():
    records = (classic_record(random.Random(2000 + g), players=3) for g in range(400))
    estimate_brier, leader_brier, positions = brier(CLASSIC, records, 3, playouts=4, step=5, limit=2000)
    assert positions == 2000
    assert estimate_brier <= leader_brier - 0.03, (estimate_brier, leader_brier)


def test_d4_the_playout_policy_beats_uniform_random_play():
    """Playouts should play like players, not at random: the greedy policy (unload what gives
    you more than your opponent, D4.2) wins most games against uniform random moves."""
    from rules_engine.duel.game import new_game, shuffled_supply
    from rules_engine.duel.playout import random_step, weighted_step

    rng, wins, games = random.Random(4), 0.0, 600
    for g in range(games):
        w = new_game(supply=shuffled_supply(rng)).thaw()
        greedy = g % 2  # seats alternate
        while not w.over:
            (weighted_step if w.to_move == greedy else random_step)(w, rng)
        won = DUEL.final_winners(w.freeze(), {"players": ["A", "B"]})
        wins += (greedy in won) / len(won)
    assert wins / games > 0.55, wins / games


def test_c4_3_the_base_game_playout_policy_beats_uniform_random_play():
    """The base game's greedy policy (sail a ship holding more of your stones than anyone
    else's, C4.3/C5) wins well over a third of 3-player games against two uniform players."""
    wins = classic_greedy_share(players=3, games=300, rng=random.Random(4))
    assert wins > 0.45, wins


def classic_greedy_share(players: int, games: int, rng: random.Random) -> float:
    """The greedy policy's share of wins (a shared win counts as a share) in ``games`` base
    games, one seat (each in turn) playing `weighted_step`, the others uniformly at random."""
    from rules_engine.classic.game import new_work
    from rules_engine.classic.playout import random_header, random_step, weighted_step
    from rules_engine.classic.sitedata import EMPTY

    wins = 0.0
    for g in range(games):
        header = random_header(rng, players)
        w = new_work(header, EMPTY, random.Random(rng.getrandbits(64)))
        greedy = g % players
        while not w.over:
            (weighted_step if w.to_move == greedy else random_step)(w, rng)
        won = winners(CLASSIC, w.freeze(), header.to_json([]))
        wins += (greedy in won) / len(won)
    return wins / games
