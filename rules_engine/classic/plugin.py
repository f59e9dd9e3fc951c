"""Imhotep: Builder of Egypt (the base game, ``classic``) as a plugin, through the same hooks as
any third-party package (docs/plugins.md), with its variant Pharaoh's wrath (classic.md C9).

The play methods import the engine modules when first called, so scoring works on its own.
Board data for the B sides (classic.md C6 ⚠) comes from plugins through the hook
``imhotep_board_data``; the registry hands it to `ClassicGame.with_board_data`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules_engine.analysis_hooks import Outcome
from rules_engine.classic import scoring, sitedata
from rules_engine.classic.components import COLOURS, GAME_ID, MAX_PLAYERS, MIN_PLAYERS, PHARAOHS_WRATH, SIDES, SITES
from rules_engine.classic.moves import Move
from rules_engine.classic.result import ClassicScore
from rules_engine.classic.shapes import Board, WrathLine
from rules_engine.classic.sitedata import EMPTY, SiteData
from rules_engine.classic.state import ClassicState
from rules_engine.gametype import ApiExample, GameType, ModuleGameType, Needs, PlayModule, TableAnswers, Variant
from rules_engine.hookspecs import hookimpl
from rules_engine.messages import Message, msg
from rules_engine.scores import ScoreResult

if TYPE_CHECKING:
    from rules_engine.classic.record import Replay
    from rules_engine.classic.transcription import CardsNeeded


class ClassicGame(ModuleGameType[ClassicState, Move]):
    id = GAME_ID
    # Translators: the title of the base game (the publisher's title in your language).
    name = msg("Imhotep: Builder of Egypt")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    sides = dict.fromkeys(SITES, SIDES)
    replays_final_only = True
    colours = COLOURS  # the seats take the box's colours in order (C1)
    bgg_id = 191862  # BoardGameGeek's Imhotep: Builder of Egypt

    def __init__(self, data: SiteData = EMPTY):
        self.data = data

    def new_record(self, players: Sequence[str], rng: random.Random, *, sides: Mapping[str, str] | None = None,
                   colours: Sequence[str] | None = None, variants: Sequence[str] | None = None,
                   seed: int | None = None) -> dict[str, Any]:
        """F4 dealt by `game.new_record` from a shuffle seed: the round cards and market in random
        order (C2), and the seed, which deals any draw beyond the 34 cards (C7). ``seed`` is the one a
        player typed, stored as it is so typing a stored game's seed again deals the same game; without
        it the seed is drawn from ``rng``."""
        from rules_engine.classic import game

        head = super().new_record(players, rng, sides=sides, colours=colours, variants=variants)
        dealt_from = rng.getrandbits(32) if seed is None else seed
        return game.new_record(head["players"], dealt_from, colours=head["colours"], sides=head["sides"],
                               variants=head.get("variants", ()))

    def __repr__(self) -> str:
        return f"ClassicGame(data={'EMPTY' if self.data == EMPTY else 'supplied'})"

    def with_board_data(self, data: Mapping[str, object]) -> ClassicGame:
        from rules_engine.classic import sitecheck  # only a game with board data needs the checks

        return self if not data else ClassicGame(sitecheck.from_mapping(data))

    def board_data_problems(self, data: Mapping[str, object]) -> list[tuple[str, str]]:
        from rules_engine.classic import sitecheck

        return [(p.path, p.text()) for p in sitecheck.check(data)]

    def unplayable_sides(self, players: int | None = None) -> dict[str, dict[str, Message]]:
        return sitedata.unplayable_sides(self.data, players)

    def unscorable_sides(self) -> dict[str, dict[str, Message]]:
        return sitedata.unscorable_sides(self.data)

    # -- analysis hooks (rules_engine/analysis) --------------------------------------
    def determinized(self, state: ClassicState, rng: random.Random) -> ClassicState:
        from rules_engine.classic import hidden

        return hidden.determinized(state, rng)

    def fast_playout(self, state: ClassicState, rng: random.Random) -> ClassicState:
        from rules_engine.classic import playout

        return playout.analysis_playout(state, rng)

    def fast_outcomes(self, state: ClassicState, record: Mapping[str, object], rng: random.Random,
                      count: int) -> list[Outcome] | None:
        """``count`` playouts of the compiled kernel (issue #40, `fastplay`): the same policy and
        re-deal as `fast_playout`, scored as `final_outcome`; None where numba is missing, so the
        analysis plays `fast_playout`."""
        from rules_engine.classic import compiled

        return compiled.outcomes(state, self.data, record, rng, count)

    def warm_up(self) -> bool:
        """The compiled kernels loaded or compiled now: one playout from a new 3-player game's
        first position (`compiled.warm_up`); False without numba (or numpy, which the compiled
        floor imports)."""
        try:
            from rules_engine.classic import compiled
        except ImportError:
            return False
        record = self.new_record(["A", "B", "C"], random.Random(0))
        return compiled.warm_up(self.setup(record), self.data, record)

    def final_winners(self, state: ClassicState, record: Mapping[str, object]) -> list[int]:
        """The winners of a finished playout (C8), scored without validating the board the
        engine itself made."""
        return list(self._playout_score(state, record).winners)

    def final_scores(self, state: ClassicState, record: Mapping[str, object]) -> tuple[int, ...]:
        """Each player's C8 total (Pharaoh's wrath included) of a finished playout."""
        return self._playout_score(state, record).totals

    def final_outcome(self, state: ClassicState, record: Mapping[str, object]) -> Outcome:
        """The winners (C8, the sled breaking ties) and the totals of a finished playout, from
        one scoring."""
        result = self._playout_score(state, record)
        return Outcome(list(result.winners), result.totals)

    def _playout_score(self, state: ClassicState, record: Mapping[str, object]) -> ClassicScore:
        """The result of a finished position's board, which the engine made itself: not
        validated, no explanation texts (thousands of playouts score one each)."""
        from rules_engine.classic.finalboard import final_board

        return scoring.score_engine_board(final_board(state, record), self.data, texts=False)

    def explorer_facts(self, record: Mapping[str, object]) -> dict[str, Any]:
        from rules_engine.classic import facts

        return facts.explorer_facts(self.replay(record))

    def playout_weights(self, moves: Sequence[Move]) -> list[float]:
        """The generic loop's weights: sailing (C4.3) delivers stones and scores (the base game's
        own `fast_playout` uses the greedy policy of rules_engine/classic/playout.py instead)."""
        return [3.0 if type(move).__name__ in ("Sail", "PlaySail", "PlayLever") else 1.0 for move in moves]

    def unseen(self, state: ClassicState) -> dict[str, int]:
        """The market cards still face down in the deck (C7), by card."""
        return dict(state.deck_left)

    # -- recording at the table (F4 setup.transcribed, rules_engine/classic/transcription.py)
    def table_needs(self, state: ClassicState, move: Mapping[str, object]) -> CardsNeeded | None:
        """The round card and market cards ``move`` turns up that the record does not list yet."""
        if not state.transcribed:
            return None  # a dealt game lists every card (F4 setup)
        from rules_engine.classic import transcription

        return transcription.needs(state, move)

    def table_draw(self, state: ClassicState, record: Mapping[str, object], needs: Needs,
                   rng: random.Random) -> TableAnswers | None:
        """The round card and market cards ``needs`` asks for, drawn at random from those left."""
        from rules_engine.classic import transcription

        if not isinstance(needs, transcription.CardsNeeded):
            return None
        return transcription.drawn_at_random(state, needs, rng)

    def with_table(self, record: Mapping[str, object], answers: TableAnswers) -> dict[str, Any]:
        from rules_engine.classic import transcription

        return transcription.with_cards(record, answers)

    def without_table(self, record: Mapping[str, object]) -> dict[str, Any]:
        from rules_engine.classic import transcription

        return transcription.without_cards(record)

    # -- records (the engine, rules_engine/classic/game.py and friends) ----------------
    def setup(self, rec: Mapping[str, object]) -> ClassicState:
        from rules_engine.classic import game

        return game.setup(rec, self.data)

    def play_module(self) -> PlayModule[ClassicState, Move]:
        from rules_engine.classic import game

        return game

    def board(self, state: ClassicState, rec: Mapping[str, object]) -> Board:
        from rules_engine.classic.finalboard import final_board

        return final_board(state, rec)

    def replay(self, rec: Mapping[str, object], *, states: bool = True) -> Replay:
        from rules_engine.classic import record

        return record.replay(rec, self.data, states=states)

    def state_to_json(self, state: ClassicState, rec: Mapping[str, object] | None = None) -> dict[str, Any]:
        from rules_engine.classic import statejson

        return statejson.state_to_json(state, rec, self.data)

    def random_record(
        self, rng: random.Random, *, players: int | None = None, sides: Mapping[str, str] | None = None
    ) -> dict[str, Any]:
        """A random game on this game's board data: 2-4 players and the sides it can play with
        that data (C6 ⚠: no B side whose data is missing) drawn when not given."""
        from rules_engine.classic import playout
        from rules_engine.randomgames import players_and_sides

        count, chosen = players_and_sides(self, rng, players, sides)
        return playout.random_record(rng, count, sides=chosen, data=self.data)

    def check_invariants(self, state: ClassicState) -> None:
        from rules_engine.classic import invariants

        invariants.check_invariants(state)

    # -- scoring -----------------------------------------------------------------------
    def score(self, board: Mapping[str, object]) -> ScoreResult:
        return scoring.score_board(board, self.data)

    def rank(self, result: ScoreResult, board: Mapping[str, object]) -> ScoreResult:
        return scoring.rank(result, board)

    # -- the API's documentation (rules_engine/apidocs.py) -------------------------------
    def board_schema(self) -> dict[str, Any]:
        from rules_engine.classic import apidocs

        return apidocs.board_schema(self)

    def record_schema(self) -> dict[str, Any]:
        from rules_engine.classic import apidocs

        return apidocs.record_schema(self)

    def score_schema(self) -> dict[str, Any]:
        from rules_engine.classic import apidocs

        return apidocs.score_schema(self)

    def api_examples(self) -> Sequence[ApiExample]:
        from rules_engine.classic import apidocs

        return apidocs.EXAMPLES


CLASSIC = ClassicGame()

PHARAOHS_WRATH_VARIANT = Variant(
    id=PHARAOHS_WRATH,
    game=GAME_ID,
    # Translators: a variant of Imhotep: Builder of Egypt (classic.md C9).
    name=msg("Pharaoh's wrath"),
    description=msg(
        "A player who did not get a stone onto each of the Pyramids, Temple, Burial chamber and "
        "Obelisks loses 5 points at the end (classic.md C9)."
    ),
)


@hookimpl
def imhotep_games() -> list[GameType[Any, Any]]:
    return [CLASSIC]


@hookimpl
def imhotep_variants() -> list[Variant]:
    return [PHARAOHS_WRATH_VARIANT]


@hookimpl
def imhotep_variant_score(
    game_id: str,
    variant_id: str,
    board: Mapping[str, object],
    result: Mapping[str, object],
    inputs: Sequence[Mapping[str, object]],
) -> list[list[WrathLine]] | None:
    if (game_id, variant_id) != (GAME_ID, PHARAOHS_WRATH):
        return None
    return [[line] for line in scoring.pharaohs_wrath_lines(board)]
