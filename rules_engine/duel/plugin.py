"""Imhotep: The Duel as a plugin: the built-in game goes through the same hooks as any
third-party package (see docs/plugins.md)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.analysis_hooks import Outcome
from rules_engine.duel import game, playout, record, scoring, statejson, transcription
from rules_engine.duel.board import parse_board
from rules_engine.duel.board_limits import MONUMENTS
from rules_engine.duel.invariants import check_invariants
from rules_engine.duel.moves import Move
from rules_engine.duel.state import DuelState
from rules_engine.duel.transcription import TokensNeeded
from rules_engine.gametype import ApiExample, GameType, ModuleGameType, Needs, PlayModule, TableAnswers
from rules_engine.hookspecs import hookimpl
from rules_engine.messages import msg
from rules_engine.randomgames import players_and_sides
from rules_engine.scores import ScoreResult

_WEIGHTS = {"Unload": 4.0, "PlaceUnload": 3.0, "SwapUnload": 3.0, "TakeToken": 2.0}


class DuelGame(ModuleGameType[DuelState, Move]):
    id = "duel"
    name = msg("Imhotep: The Duel")
    min_players = 2
    max_players = 2
    sides = dict.fromkeys(MONUMENTS, ("A", "B"))
    replays_final_only = True
    colours = record.COLOURS  # F2: "colours is optional (default black, white)"
    bgg_id = 255674  # BoardGameGeek's Imhotep: The Duel (docs/history.md: one source confirms it)
    shared_places = False  # D7.6: on equal totals the player who did not begin wins

    def new_record(self, players: Sequence[str], rng: random.Random, *, sides: Mapping[str, str] | None = None,
                   colours: Sequence[str] | None = None, variants: Sequence[str] | None = None) -> dict[str, Any]:
        """F2 with the D3 shuffle of the 60 tokens as the explicit draw order (``setup.supply``),
        so a stored game never depends on the random generator again."""
        rec = super().new_record(players, rng, sides=sides, colours=colours, variants=variants)
        rec["setup"] = {"supply": game.shuffled_supply(rng)}
        return rec

    def setup(self, rec: Mapping[str, object]) -> DuelState:
        return record.parse_header(rec)[1]

    def play_module(self) -> PlayModule[DuelState, Move]:
        return game

    # -- recording at the table (F2 boats form, rules_engine/duel/transcription.py) ------
    def table_needs(self, state: DuelState, move: Mapping[str, object]) -> TokensNeeded | None:
        return transcription.needs(state, move)

    def table_draw(self, state: DuelState, rec: Mapping[str, object], needs: Needs,
                   rng: random.Random) -> TableAnswers | None:
        """The tokens ``needs`` names, drawn at random from those still face down."""
        if not isinstance(needs, TokensNeeded):
            return None
        return transcription.drawn_at_random(state, needs, rng)

    def with_table(self, rec: Mapping[str, object], answers: TableAnswers) -> dict[str, Any]:
        return transcription.with_tokens(rec, answers)

    # -- analysis hooks (rules_engine/analysis) --------------------------------------
    def unseen(self, state: DuelState) -> dict[str, int]:
        """The face-down tokens (supply and reserve, D3) by token id."""
        if state.unseen is not None:  # recorded at the table: only the counts are known
            return state.unseen
        return dict(Counter([*(state.supply or ()), *(state.reserve or ())]))

    def determinized(self, state: DuelState, rng: random.Random) -> DuelState:
        from rules_engine.duel import hidden

        return hidden.determinized(state, rng)

    def fast_playout(self, state: DuelState, rng: random.Random) -> DuelState:
        """The game played on to its end with the weighted policy, on one mutable Work."""
        return playout.weighted_playout(state, rng)

    def fast_outcomes(self, state: DuelState, rec: Mapping[str, object], rng: random.Random,
                      count: int) -> list[Outcome] | None:
        """``count`` playouts of the same policy in the compiled kernel (rules_engine/duel/
        kernel.py, issue #40), the position converted once; None where numba is missing."""
        from rules_engine.duel import compiled

        return compiled.outcomes(state, rec, rng, count)

    def warm_up(self) -> bool:
        """The compiled kernel loaded or compiled now (`compiled.warm_up`, from the opening);
        False without numba."""
        from rules_engine.duel import compiled
        from rules_engine.duel.tokens import ALL_TOKENS

        return compiled.warm_up(game.new_game(supply=ALL_TOKENS))

    def final_winners(self, state: DuelState, rec: Mapping[str, Any]) -> list[int]:
        """The winner of a finished playout, scored without re-validating the board."""
        return [playout.playout_winner(state, rec.get("sides"))]

    def explorer_facts(self, rec: Mapping[str, object]) -> dict[str, Any]:
        from rules_engine.duel import facts

        return facts.explorer_facts(rec)

    def final_scores(self, state: DuelState, rec: Mapping[str, Any]) -> tuple[int, int]:
        """Both D7 totals of a finished playout, scored without re-validating the board."""
        return playout.playout_totals(state, rec.get("sides"))

    def final_outcome(self, state: DuelState, rec: Mapping[str, Any]) -> Outcome:
        """The totals, scored once, and the winner from them (D7.6)."""
        won, totals = playout.playout_result(state, rec.get("sides"))
        return Outcome([won], totals)

    def playout_weights(self, moves: Sequence[Move]) -> list[float]:
        """The generic loop's weights (the Duel's own `fast_playout` uses the greedy policy of
        rules_engine/duel/playout.py instead, which weighs each unload by who gains)."""
        return [_WEIGHTS.get(type(move).__name__, 1.0) for move in moves]

    def board(self, state: DuelState, rec: Mapping[str, Any]) -> dict[str, Any]:
        return game.final_board(state, names=rec.get("players"), sides=rec.get("sides"))

    def score(self, board: Mapping[str, object]) -> ScoreResult:
        return scoring.score(parse_board(board))

    def starting_player(self, board: Mapping[str, object]) -> int:
        starting = board.get("starting_player", 0)  # F1, validated when the board was scored
        return starting if isinstance(starting, int) else 0

    def rank(self, result: ScoreResult, board: Mapping[str, object]) -> ScoreResult:
        winner, tie_broken = scoring.decide_winner(result.totals, self.starting_player(board))
        return dataclasses.replace(result, winners=(winner,), tie_broken=tie_broken)

    def replay(self, rec: Mapping[str, object], *, states: bool = True) -> record.Replay:
        return record.replay(rec, states=states)

    def state_to_json(self, state: DuelState, rec: Mapping[str, Any] | None = None) -> dict[str, Any]:
        rec = rec or {}
        return statejson.state_to_json(state, sides=rec.get("sides"), names=rec.get("players"))

    def random_record(
        self, rng: random.Random, *, players: int | None = None, sides: Mapping[str, str] | None = None
    ) -> dict[str, Any]:
        """Two players; the sides are drawn after the moves when not given (a side changes only
        the scoring, D7, never which moves are legal), so a seed plays the same moves whatever
        the sides."""
        record = playout.random_record(rng)
        _count, record["sides"] = players_and_sides(self, rng, players, sides)
        return record

    def check_invariants(self, state: DuelState) -> None:
        check_invariants(state)

    # -- the API's documentation (rules_engine/apidocs.py) -------------------------------
    def board_schema(self) -> dict[str, Any]:
        from rules_engine.duel import apidocs

        return apidocs.board_schema(self)

    def record_schema(self) -> dict[str, Any]:
        from rules_engine.duel import apidocs

        return apidocs.record_schema(self)

    def score_schema(self) -> dict[str, Any]:
        from rules_engine.duel import apidocs

        return apidocs.score_schema(self)

    def api_examples(self) -> Sequence[ApiExample]:
        from rules_engine.duel import apidocs

        return apidocs.EXAMPLES


DUEL = DuelGame()


@hookimpl
def imhotep_games() -> list[GameType[Any, Any]]:
    return [DUEL]
