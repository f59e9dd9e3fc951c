"""Generate the golden classic records: `python tests/data/classic/records/generate.py` from the repo root
(run once; the expectations are then frozen and checked by tests/engine/classic/test_record.py)."""

import json
import random
import sys

sys.path.insert(0, "tests/engine/classic")
from classic_helpers import deck_order, record

from rules_engine.classic.components import RED_CARD_SITE
from rules_engine.classic.game import apply_move, legal_moves, setup
from rules_engine.classic.moves import GetStones, Place, Sail
from rules_engine.classic.playout import random_record
from rules_engine.classic.record import replay
from rules_engine.errors import RecordError

OUT = "tests/data/classic/records/"


def dump_policy(state, rng, market_ok=False):
    moves = legal_moves(state)

    def full(m):
        s = m.ship - 1
        return all(state._slots[s * 4 + k] is not None for k in range(state._caps[s]))

    reds = [m for m in moves if isinstance(m, Sail) and m.site == "market" and any(t in RED_CARD_SITE for t in m.take)]
    tiers = [
        reds if market_ok else [],
        [m for m in moves if isinstance(m, Sail) and m.site != "market" and full(m)],
        [m for m in moves if isinstance(m, Place)],
        [m for m in moves if isinstance(m, GetStones)],
        [m for m in moves if isinstance(m, Sail) and m.site != "market"],
        moves,
    ]
    for t in tiers:
        if t:
            return rng.choice(t)


def play_policy(rec, seed, market_ok=False):
    rng = random.Random(seed)
    s = setup(rec)
    moves = []
    while not s.over:
        m = dump_policy(s, rng, market_ok)
        moves.append(m.to_json())
        s = apply_move(s, m)
    return {**rec, "moves": moves}


def site_count(s, p):
    return (s._pyr.count(p), s._burial.count(p), s._obel[p])


def expected(rec):
    rep = replay(rec)
    sc = rep.score()
    return {
        "plies": rep.plies,
        "finished": rep.finished,
        "final_board": rep.final_board(),
        "totals": [p["total"] for p in sc["players"]],
        "winners": sc["winners"],
        "tie_broken_by_sled": sc["tie_broken_by_sled"],
    }


def save(name, description, rec, exp=None):
    if exp is None:
        exp = expected(rec)
    with open(OUT + name, "w") as f:
        json.dump({"description": description, "record": rec, "expected": exp}, f, indent=1)
    print(name, exp.get("plies"), exp.get("totals"), exp.get("error"))


# 1. deadlock (2 players, greedy "dump every stone" play)
rec = play_policy(record(2, cards=[[4, 4, 3, 3]] * 6), 1)
kinds = [m["type"] for m in rec["moves"]]
assert any(kinds[i] == kinds[i + 1] == "pass" for i in range(len(kinds) - 1))
save(
    "deadlock_two_players.json",
    "2 players dump every stone onto ships and sites (a greedy policy, seed 1); "
    "in round 6 both run out of stones with ships below their minimum load: passes in succession end the round "
    "(C3 deadlock ruling)",
    rec,
)

# 2. red card with an empty quarry
found = None
for seed in range(400):
    draws = deck_order(
        *["statue"] * 10,
        "decoration-temple",
        "decoration-temple",
        "entrance",
        "entrance",
        "sarcophagus",
        "sarcophagus",
        "paved-path",
        "paved-path",
    )
    rec = play_policy(record(2, cards=[[4, 4, 3, 3]] * 6, draws=draws), seed, market_ok=True)
    rep = replay(rec)
    for k, m in enumerate(rep.moves):
        before, after = rep.states[k], rep.states[k + 1]
        if m.kind == "sail" and m.site == "market":
            owners = [p for p in before._slots[(m.ship - 1) * 4 : (m.ship) * 4] if p is not None]
            for p in set(owners):
                reds = [t for q, t in zip(owners, m.take, strict=True) if q == p and t in RED_CARD_SITE]
                gained = sum(site_count(after, p)) - sum(site_count(before, p))
                if reds and gained < len(reds):
                    found = (seed, k, rec)
            if found:
                break
    if found:
        break
seed, k, rec = found
print("red empty quarry at move", k, "seed", seed)
e = expected(rec)
e["red_card_move"] = k
save(
    "red_card_empty_quarry.json",
    f"2 players, greedy play (seed {seed}); at move {k} a stone's owner with an empty "
    "quarry takes a red card at the market: it is discarded without effect (C7 ruling)",
    rec,
    e,
)

# 3. random games
save(
    "random_four_players_a_sides.json",
    "random_record(random.Random(1), 4): uniformly random legal moves, all A sides",
    random_record(random.Random(1), 4),
)
save(
    "random_three_players_market_b.json",
    "random_record(random.Random(2), 3, sides={'market': 'B'})",
    random_record(random.Random(2), 3, sides={"market": "B"}),
)

# 4. invalid records
rec = random_record(random.Random(3), 2)
rec["moves"][5] = {"type": "sail", "ship": 1, "site": "market"}
try:
    replay(rec)
except RecordError as err:
    save(
        "illegal_sail.json",
        "random 2-player game with move 5 replaced by an illegal sail",
        rec,
        {"error": err.to_json()["error"]},
    )
rec = random_record(random.Random(4), 3)
rec["setup"]["market_draws"][20:] = ["lever"] * 3
try:
    replay(rec)
except RecordError as err:
    save(
        "illegal_third_lever.json",
        "random 3-player game whose market draws name a third lever (C7: there are 2)",
        rec,
        {"error": err.to_json()["error"]},
    )
