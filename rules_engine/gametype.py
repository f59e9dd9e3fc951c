"""What a plugin registers: a game (``GameType``), its variants (``Variant``) and the
inputs a variant reads (``VariantField``)."""

from __future__ import annotations

import abc
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar, cast

from rules_engine.analysis_hooks import AnalysisHooks
from rules_engine.analysis_hooks import Outcome as Outcome  # where plugins imported it from
from rules_engine.apidocs import ApiExample as ApiExample  # what `api_examples` answers
from rules_engine.errors import IllegalMoveError, PluginError, RecordError
from rules_engine.messages import msg
from rules_engine.scores import Json, ScoreResult
from rules_engine.seating import header

ID_PATTERN = re.compile(r"^[a-z][a-z0-9-]{0,39}$")


class JsonMove(Protocol):
    def to_json(self) -> dict[str, Json]: ...


class EngineState(Protocol):
    """What the service reads of any game's position itself, besides the `GameType`'s methods:
    whether the game has ended (`ReplayBase.finished`) and whose turn it is (`GameType.to_move`,
    None when no one's). Both built-in states and the example plugin's have them."""

    @property
    def over(self) -> bool: ...

    @property
    def to_move(self) -> int | None: ...


State = TypeVar("State", bound=EngineState)  # a game's immutable position
Move = TypeVar("Move")  # a game's parsed move

#: What a person entered for a `Needs` (the game's live-entry page reads its form into this):
#: JSON values by the game's own names, e.g. the Duel's ``{"refill": [3, 7, 12]}``.
TableAnswers = Mapping[str, object]


@dataclass(frozen=True)
class Needs:
    """What the table must turn up before a move can be recorded (tokens drawn, cards
    revealed), in a game recorded at a physical table. Each game subclasses it with its
    particulars (the Duel: the draws; the base game: a round card, market cards); its live
    entry page asks for them and hands the answers to `GameType.with_table`."""


class GameType(AnalysisHooks[State, Move], abc.ABC):
    """The rules of one game, as the service uses them: setup, legal moves, apply, end,
    board, score; the analysis's hooks (`AnalysisHooks`, rules_engine/analysis_hooks.py) with
    their defaults. The built-in Duel implements exactly this interface; so does any plugin game.

    States are opaque to the service except through these methods; they must be immutable
    (or never mutated once returned) so that a replay can keep every one of them.
    """

    #: Stable id used in boards, records and URLs (lower case, digits, dashes).
    id: ClassVar[str]
    #: Name for people.
    name: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: Every scored part (monument, site) and the sides it can be played with.
    sides: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: True when ``replay(record, states=False)`` keeps only the last position (a batch
    #: import or a rescore needs no other); the registry asks for it only then.
    replays_final_only: ClassVar[bool] = False
    #: The seats' colours in seat order, and every colour a seat may take (F2: "default black,
    #: white"; classic.md C1: the box's colours in order).
    colours: ClassVar[tuple[str, ...]] = ("black", "white")
    #: BoardGameGeek's id of the game (the "Log it on BoardGameGeek" link), None when BGG lacks it.
    bgg_id: ClassVar[int | None] = None
    #: Whether a game can end with players sharing a place (False: its ranking always parts
    #: them, so a result entered by hand with a shared place is refused, e.g. at an event).
    shared_places: ClassVar[bool] = True

    # -- records -----------------------------------------------------------------------
    def new_record(self, players: Sequence[str], rng: random.Random, *, sides: Mapping[str, str] | None = None,
                   colours: Sequence[str] | None = None, variants: Sequence[str] | None = None) -> dict[str, Any]:
        """The record (F2/F4, no moves) of a new game as the service deals it: ``players`` in
        seat order (the first starts), each part on ``sides`` (default: its first side),
        ``colours`` (default: the game's, in seat order), ``variants``; the setup shuffled with
        ``rng`` (the same seed, the same record). Raises RecordError naming a bad argument
        (player count, unknown part or side, colours). Default: no setup; a game with one
        deals it into ``super().new_record(...)``'s ``setup``."""
        return {**header(self, players, sides=sides, colours=colours, variants=variants), "setup": {}, "moves": []}

    @abc.abstractmethod
    def setup(self, record: Mapping[str, object]) -> State:
        """The state before the first move of ``record`` (an F2-like dict). Raises RecordError."""

    @abc.abstractmethod
    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move of the player to move (empty once the game is over)."""

    @abc.abstractmethod
    def apply(self, state: State, move: Move | Mapping[str, object]) -> State:
        """The state after ``move`` (a move object or its JSON dict). Raises IllegalMoveError;
        never changes ``state``."""

    @abc.abstractmethod
    def is_over(self, state: State) -> bool:
        """Whether the game has ended."""

    @abc.abstractmethod
    def board(self, state: State, record: Mapping[str, object]) -> Mapping[str, object]:
        """The end-game board (F1/F3 dict) of ``state``; works mid-game too."""

    @abc.abstractmethod
    def score(self, board: Mapping[str, object]) -> ScoreResult:
        """Validate a board (BoardError listing every problem) and score it: each player's
        total, breakdown and explained lines, and the winners (`rules_engine.scores`; its JSON
        by ``to_json()``)."""

    @abc.abstractmethod
    def rank(self, result: ScoreResult, board: Mapping[str, object]) -> ScoreResult:
        """Decide the winner(s) of ``result`` from its totals (called again after variants
        change totals) and return the result with its winners set."""

    @abc.abstractmethod
    def replay(self, record: Mapping[str, object]) -> ReplayBase:
        """Replay a record. Raises RecordError with the 0-based move index. The answer has
        ``states`` (``states[0]`` before the first move, ``states[k+1]`` after move k),
        ``moves``, ``finished``, ``plies``, ``final_board()`` and ``score()``. A game with
        `replays_final_only` also takes ``states=False``: then ``states`` is the last position
        alone (every move still checked)."""

    @abc.abstractmethod
    def state_to_json(self, state: State, record: Mapping[str, object] | None = None) -> dict[str, Any]:
        """A JSON view of one state for the replay viewer and the API; ``record`` (the
        record's header: sides, players) labels it and scores it on the right sides."""

    @abc.abstractmethod
    def random_record(
        self, rng: random.Random, *, players: int | None = None, sides: Mapping[str, str] | None = None
    ) -> dict[str, Any]:
        """A whole game of uniformly random legal moves as a record (tests, demo data), the same
        for the same ``rng`` state and arguments. ``players``: how many seats, between
        `min_players` and `max_players`; ``sides``: each part's side, a part left out on side A.
        Either one not given is drawn by ``rng`` among what this game can play with its board
        data in force: a player count, then per part a side `unplayable_sides` does not name
        for that count. ValueError for a count or a side the game does not have; `RecordError`
        for a side its data cannot play."""

    def with_board_data(self, data: Mapping[str, object]) -> GameType[Any, Any]:
        """This game with plugin-supplied board data (hook ``imhotep_board_data``): the open
        numbers of some sides. Checks the data (``PluginError`` naming the bad key). By default
        a game takes none."""
        if not data:
            return self
        raise PluginError(f"game {self.id!r} takes no board data, got keys {', '.join(map(str, data))}")

    def board_data_problems(self, data: Mapping[str, object]) -> list[tuple[str, str]]:
        """Every problem of board data as ``(path in the data, sentence naming the board place)``,
        the checks of `with_board_data` for people (a club's board-data page, an import). By
        default a game takes none."""
        if not data:
            return []
        return [("", msg("this game takes no board data"))]

    def unplayable_sides(self, players: int | None = None) -> Mapping[str, Mapping[str, str]]:
        """Sides that cannot be played yet (data missing), as ``{part: {side: why}}``; with
        ``players``, those that cannot be played with that many players."""
        return {}

    def unscorable_sides(self) -> Mapping[str, Mapping[str, str]]:
        """Sides an end-game board cannot be scored with yet (data missing), as ``{part: {side: why}}``."""
        return {}

    def move_to_json(self, move: Move) -> dict[str, Json]:
        """The move's JSON form: a dict as it is, else its ``to_json()`` (both engines' moves)."""
        return move if isinstance(move, dict) else cast(JsonMove, move).to_json()

    def check_invariants(self, state: State) -> None:
        """Raise AssertionError naming any broken invariant of ``state`` (default: none)."""
        return None

    def to_move(self, state: State) -> int | None:
        """The seat (0-based) of the player to move at ``state``. Default: the state's
        ``to_move`` (`EngineState`)."""
        return state.to_move

    def starting_player(self, board: Mapping[str, object]) -> int:
        """The seat that started the game an end-game ``board`` describes (the history marks it).
        Default: 0, the first seat (the Duel's board names it, F1 ``starting_player``)."""
        return 0

    # -- recording at the table: what a move turns up (live entry) ---------------------
    def table_needs(self, state: State, move: Mapping[str, object]) -> Needs | None:
        """What must be entered before ``move`` can be applied at ``state`` (the tokens it
        draws, the cards it reveals, when the record does not list them yet), or None. An
        illegal move also answers None: applying it names the problem. Default: None (the
        record holds everything a move needs)."""
        return None

    def table_draw(self, state: State, record: Mapping[str, object], needs: Needs,
                   rng: random.Random) -> TableAnswers | None:
        """What ``needs`` asks for, drawn at random from what can still turn up at ``state``, in
        `with_table`'s answer form: for a game recorded at a table and played on without one
        (the bot's moves). The same ``rng`` state gives the same draw. Default: None (this game
        cannot draw for the table; the bot then refuses to play on)."""
        return None

    def with_table(self, record: Mapping[str, object], answers: TableAnswers) -> dict[str, Any]:
        """``record`` (whose last move is the one that needed `table_needs`) with what the table
        turned up (``answers``) written where the game keeps it: into that move, or into the
        setup. Raises RecordError when the record cannot take it. Default: only no answers."""
        if answers:
            raise RecordError(msg("this game takes nothing turned up at the table"))
        return dict(record)

    def without_table(self, record: Mapping[str, object]) -> dict[str, Any]:
        """The undo counterpart of `with_table`: ``record`` (its last move just taken back)
        without what was entered for moves it no longer has, so it can be entered again.
        Default: the record as it is (what a move turned up went away with the move)."""
        return dict(record)

    # -- the API's documentation (OpenAPI; rules_engine/apidocs.py) -------------------------
    def board_schema(self) -> dict[str, Any]:
        """The JSON Schema (OpenAPI 3.0 dialect) of an end-game board, what `score` takes. Default:
        the fields every board has (game, sides, variants, players); a game adds its own."""
        from rules_engine import apidocs

        return apidocs.default_board_schema(self)

    def record_schema(self) -> dict[str, Any]:
        """The JSON Schema of a game record, what `replay` takes. Default: the fields every record
        has (game, sides, variants, players, colours, setup, moves)."""
        from rules_engine import apidocs

        return apidocs.default_record_schema(self)

    def score_schema(self) -> dict[str, Any]:
        """The JSON Schema of a score's JSON (``ScoreResult.to_json``). Default: the generic
        result's (``winners``, ``tie_broken``); a game whose result has its own JSON says it here."""
        from rules_engine import apidocs

        return apidocs.default_score_schema(self)

    def api_examples(self) -> Sequence[ApiExample]:
        """Boards and records the API's docs show (valid ones and ones the engine refuses); the
        answers shown beside them are the engine's. Default: a random game's record and its
        final board (the same every time)."""
        from rules_engine import apidocs

        return apidocs.default_examples(self)

    # -- the club's explorer (games/services/explorer.py) ---------------------------------
    def explorer_facts(self, record: Mapping[str, object]) -> dict[str, Json]:
        """What the club's explorer counts of one finished game, worked out once from its
        ``record`` (a pure function: the same record, the same facts). JSON values under keys
        the explorer knows; a key left out is a section the explorer does not show for this
        game. ``opening``: the first moves (at most 3) as move JSON; ``first_to_five``: the seat
        first to hold five obelisk tokens (the Duel, D7.1 B), or None; ``first_card``:
        ``{"card": id, "seat": n}``, the first market card taken and who took it; ``top_site``:
        per seat, the site that brought the player most points, or None on a tie. Default:
        {} (the explorer shows the seats alone)."""
        return {}


#: One game, whatever its position and move types: what the registry and the API's docs hold.
AnyGame = GameType[Any, Any]


class PlayModule(Protocol[State, Move]):
    """The module that plays a game (both built-in games' ``game.py``)."""

    def legal_moves(self, state: State) -> list[Move]: ...

    def apply_move(self, state: State, move: Move | Mapping[str, object]) -> State: ...

    def is_over(self, state: State) -> bool: ...


class ModuleGameType(GameType[State, Move]):
    """A `GameType` whose `legal_moves`, `apply` and `is_over` are those of its `PlayModule`."""

    @abc.abstractmethod
    def play_module(self) -> PlayModule[State, Move]:
        """The module (a game may import it here, on first use)."""

    def legal_moves(self, state: State) -> list[Move]:
        return self.play_module().legal_moves(state)

    def apply(self, state: State, move: Move | Mapping[str, object]) -> State:
        return self.play_module().apply_move(state, move)

    def is_over(self, state: State) -> bool:
        return self.play_module().is_over(state)


class ReplayBase(abc.ABC):
    """What every game's replay answers besides its board and score (`GameType.replay`):
    ``states`` (``states[0]`` after setup, ``states[k + 1]`` after ``moves[k]``), ``moves``,
    and from them ``finished``, ``plies`` and ``state``. A game's ``Replay`` subclasses this
    and adds ``final_board(ply)`` and ``score(ply)``; its states are `EngineState`."""

    states: Sequence[EngineState]
    moves: Sequence[object]

    @property
    def finished(self) -> bool:
        return self.states[-1].over

    @property
    def plies(self) -> int:
        return len(self.moves)

    @property
    def state(self) -> EngineState:
        """The last position."""
        return self.states[-1]

    @abc.abstractmethod
    def final_board(self, ply: int | None = None) -> Mapping[str, object]:
        """The board at ``ply`` (default: the last position), as `GameType.board` draws it.
        Required: every game's Replay implements it (the Duel's, the base game's, variants')."""

    @abc.abstractmethod
    def score(self, ply: int | None = None) -> ScoreResult:
        """The score of `final_board` at ``ply`` (default: the last position). Required, as
        `final_board`."""

    def extended(self, raw_move: object) -> ReplayBase | None:
        """This replay with one more move (a live move: no need to replay the record again),
        or None when the game cannot tell (the caller then replays the longer record). Raises
        `RecordError` with ``move`` = the new move's index when the move is illegal."""
        return None


def replay_moves(state: Any, raw_moves: Iterable[Any], parse_move: Callable[..., Any], play: Callable[..., Any],
                 first: int = 0, every_state: bool = True) -> tuple[list[Any], list[Any]]:
    """Every engine's replay loop: ``raw_moves`` parsed and played in turn on one working copy
    of ``state`` (``state.thaw()``, `FrozenState`). Returns (positions, parsed moves): the
    positions are ``state`` and the one after each move, or with ``every_state=False`` only
    the last position. Raises `RecordError` naming the move's index in the record (``first`` +
    its place here) and the reason."""
    states: list[Any] = [state]
    moves: list[Any] = []
    w = state.thaw()  # one working copy for the whole run; an error rejects the record
    # Bound once (a hot loop, #40): the positions kept, the moves read, the freezing.
    keep, read, freeze = states.append, moves.append, w.freeze
    k = first
    try:
        for k, raw in enumerate(raw_moves, first):  # noqa: B007 (k names the move refused below)
            move = parse_move(raw)
            play(w, move)
            read(move)
            if every_state:
                keep(freeze())
    except IllegalMoveError as exc:
        raise RecordError(exc.reason, k, exc.rule) from None
    if not every_state:
        return [freeze() if moves else state], moves
    return states, moves


@dataclass(frozen=True)
class VariantField:
    """One per-player input a variant reads, e.g. a house rule's count of scarabs."""

    name: str
    label: str
    kind: str = "int"  # "int" or "bool"
    minimum: int = 0
    maximum: int = 99
    default: int | bool = 0
    help: str = ""

    def to_json(self) -> dict[str, Json]:
        return {
            "name": self.name,
            "label": self.label,
            "kind": self.kind,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "default": self.default,
            "help": self.help,
        }


@dataclass(frozen=True)
class Variant:
    """A named change to a game's scoring, chosen per game like the A/B sides."""

    id: str
    game: str
    name: str
    description: str = ""
