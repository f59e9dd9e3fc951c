"""The registry of games and variants, built once from the plugins.

Built-in games are plugins like any other (registered through the same hooks); installed
packages add theirs through the entry-point group ``imhotep``. Building refuses duplicate or
malformed registrations with a ``PluginError``; scoring and replay dispatch on the ``game`` of
a board or record.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib.metadata
import json
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict, cast

import pluggy

from rules_engine import ENGINE_VERSION, hookspecs, variants
from rules_engine.errors import BoardError, PluginError, RecordError, UnknownGameError, joined, shown
from rules_engine.gametype import ID_PATTERN, AnyGame, GameType, ReplayBase, Variant, VariantField
from rules_engine.messages import msg
from rules_engine.overlays import in_force, with_plugin_data
from rules_engine.scores import Json, ScoreResult, with_variant_lines
from rules_engine.validation import MAX_DEPTH, too_deep

ENTRY_POINT_GROUP = "imhotep"
BUILTIN_DISTRIBUTION = "imhotep-service"
DEFAULT_GAME = "duel"


def builtin_plugins() -> dict[str, object]:
    """The plugins that ship with the service, by name."""
    from rules_engine.classic import plugin as classic_plugin
    from rules_engine.duel import plugin as duel_plugin

    return {"duel": duel_plugin, "classic": classic_plugin}


@dataclass(frozen=True)
class PluginInfo:
    name: str
    distribution: str
    version: str

    def to_json(self) -> dict[str, Json]:
        return {"name": self.name, "distribution": self.distribution, "version": self.version}


class Registry:
    def __init__(
        self,
        *,
        load_entry_points: bool = True,
        allow: Iterable[str] | None = None,
        block: Iterable[str] = (),
        extra_plugins: Mapping[str, object] | None = None,
    ):
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        allowed = set(allow) if allow is not None else None
        self.blocked = set(block)

        def wanted(name: str) -> bool:
            return name not in self.blocked and (allowed is None or name in allowed)

        self.plugins: dict[str, PluginInfo] = {}
        for name, module in {**builtin_plugins(), **(extra_plugins or {})}.items():
            if wanted(name):
                self._register(module, name, BUILTIN_DISTRIBUTION, ENGINE_VERSION)
        if load_entry_points:
            for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
                if not wanted(ep.name):
                    continue
                try:
                    plugin = ep.load()
                except Exception as exc:  # a broken third-party package must not hide the others' errors
                    raise PluginError(f"plugin {ep.name!r} ({ep.value}) failed to load: {exc}") from exc
                dist = ep.dist
                self._register(plugin, ep.name, dist.name if dist else "?", dist.version if dist else "?")
        try:
            self.pm.check_pending()  # a hookimpl that matches no hook is a typo, not a no-op
        except pluggy.PluginValidationError as exc:
            raise PluginError(f"plugin {self.pm.get_name(exc.plugin)!r} is malformed: {exc}") from exc

        self.games: dict[str, AnyGame] = {}
        self.game_plugin: dict[str, PluginInfo] = {}
        self.variants: dict[tuple[str, str], Variant] = {}
        self.variant_plugin: dict[tuple[str, str], PluginInfo] = {}
        self.variant_fields: dict[tuple[str, str], tuple[VariantField, ...]] = {}
        self._collect()

    # -- building ----------------------------------------------------------------------
    def _register(self, plugin: object, name: str, distribution: str, version: str) -> None:
        if name in self.plugins:
            raise PluginError(f"two plugins are named {name!r}")
        try:
            self.pm.register(plugin, name=name)
        except (ValueError, pluggy.PluginValidationError) as exc:
            raise PluginError(f"plugin {name!r} is malformed: {exc}") from exc
        self.plugins[name] = PluginInfo(name, distribution, version)

    def _results(self, hook_name: str, **kwargs: object) -> list[tuple[PluginInfo, object]]:
        """Call a hook plugin by plugin, keeping track of who answered what."""
        answers = []
        for impl in getattr(self.pm.hook, hook_name).get_hookimpls():
            name = cast(str, self.pm.get_name(impl.plugin))  # registered by `_register`, so named
            answer = impl.function(**{arg: kwargs[arg] for arg in impl.argnames})
            if answer is not None:
                answers.append((self.plugins[name], answer))
        return answers

    def _collect(self) -> None:
        for info, games in self._results("imhotep_games"):
            for game in _iterable(games, info, "imhotep_games"):
                if not isinstance(game, GameType):
                    raise PluginError(f"plugin {info.name!r}: imhotep_games returned {game!r}, not a GameType")
                _check_id(game.id, info, "game")
                if game.id in self.games:
                    other = self.game_plugin[game.id].name
                    raise PluginError(f"game {game.id!r} is registered twice: by {other!r} and {info.name!r}")
                self.games[game.id] = game
                self.game_plugin[game.id] = info
        self.plain_games = dict(self.games)
        self.plugin_board_data: dict[str, dict[str, object]] = {}
        self.board_data_source: dict[str, dict[str, str]] = {}
        self.board_data_label: dict[str, str] = {}
        self._derived: dict[tuple[tuple[str, str], ...], Registry] = {}  # rules_engine.overlays
        for game_id in list(self.games):
            self.games[game_id] = with_plugin_data(self, self.games[game_id])
        for info, answer in self._results("imhotep_variants"):
            for variant in _iterable(answer, info, "imhotep_variants"):
                if not isinstance(variant, Variant):
                    raise PluginError(
                        f"plugin {info.name!r}: imhotep_variants returned {variant!r}, not a Variant"
                    )
                _check_id(variant.id, info, "variant")
                key = (variant.game, variant.id)
                if variant.game not in self.games:
                    raise PluginError(
                        f"plugin {info.name!r}: variant {variant.id!r} is for game {variant.game!r}, "
                        "which no plugin registers"
                    )
                if key in self.variants:
                    other = self.variant_plugin[key].name
                    raise PluginError(
                        f"variant {variant.id!r} of {variant.game!r} is registered twice: "
                        f"by {other!r} and {info.name!r}"
                    )
                self.variants[key] = variant
                self.variant_plugin[key] = info
        for key in self.variants:
            fields: list[VariantField] = []
            for info, answer in self._results("imhotep_variant_fields", game_id=key[0], variant_id=key[1]):
                for f in _iterable(answer, info, "imhotep_variant_fields"):
                    if not isinstance(f, VariantField) or f.kind not in ("int", "bool"):
                        raise PluginError(f"plugin {info.name!r}: {f!r} is not an int or bool VariantField")
                    fields.append(f)
            self.variant_fields[key] = tuple(fields)

    # -- lookups -----------------------------------------------------------------------
    @functools.cached_property
    def fingerprint(self) -> str:
        """The engine version, every plugin (name, distribution, version) registered and the
        labels of overlaid board data: two registries with the same fingerprint replay and score
        every record alike, so caches shared between processes key on it."""
        plugins = sorted((i.name, i.distribution, i.version) for i in self.plugins.values())
        text = json.dumps([ENGINE_VERSION, plugins, sorted(self.board_data_label.items())])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def game(self, game_id: object) -> AnyGame:
        try:
            return self.games[game_id]  # type: ignore[index]
        except (KeyError, TypeError):
            raise UnknownGameError(
                # Translators: {game} is the id a document gave; {known} lists the game ids this server has.
                msg("unknown game {game}; this server knows: {known}", game=shown(game_id),
                    known=tuple(sorted(self.games)))
            ) from None

    def describe(self) -> list[dict[str, Any]]:
        """What ``GET /api/v1/games-types`` answers: every game with its sides and variants."""
        out = []
        for game_id, game in sorted(self.games.items()):
            variants = [
                {
                    "id": v.id,
                    "name": v.name,
                    "description": v.description,
                    "fields": [f.to_json() for f in self.variant_fields[key]],
                    "plugin": self.variant_plugin[key].to_json(),
                }
                for key, v in sorted(self.variants.items())
                if key[0] == game_id
            ]
            out.append(
                {
                    "id": game_id,
                    "name": game.name,
                    "players": {"min": game.min_players, "max": game.max_players},
                    "sides": {part: list(sides) for part, sides in game.sides.items()},
                    "variants": variants,
                    "plugin": self.game_plugin[game_id].to_json(),
                    # {part: {side: why}}: sides whose board data is missing (e.g. classic B sides):
                    # records with them cannot be replayed, end-game boards may still be scored
                    "unplayable_sides": game.unplayable_sides(),
                    "unscorable_sides": game.unscorable_sides(),
                }
            )
        return out

    def versions(self, game_id: str, variants: Iterable[str] = ()) -> dict[str, str]:
        """Which plugin versions score this game with these variants (stored with each game)."""
        out = {self.game_plugin[game_id].distribution: self.game_plugin[game_id].version}
        for v in variants:
            info = self.variant_plugin[(game_id, v)]
            out[info.distribution] = info.version
        return out

    def missing(self, game_id: str, variants: Iterable[str], stored_versions: Mapping[str, str]) -> list[str]:
        """What keeps a stored game from being rescored as it was scored: plugins no longer
        installed, or installed at another version. Empty when all is as it was."""
        if game_id not in self.games:
            # Translators: {game} is a game id, e.g. 'classic'.
            return [msg("the game {game} is not available: its plugin is not installed or is blocked",
                        game=repr(game_id))]
        problems: list[str] = [
            # Translators: {variant} and {game} are ids, e.g. 'scarabs' of duel.
            msg("the variant {variant} of {game} is not available: its plugin is not installed or is blocked",
                variant=repr(v), game=game_id)
            for v in variants
            if (game_id, v) not in self.variants
        ]
        if problems:
            return problems
        now = self.versions(game_id, variants)
        return [
            # Translators: {package} is a Python package name, {was} and {now} its versions ({now} may be "none").
            msg("{package} scored this game at version {was}; version {now} is installed", package=dist, was=was,
                # Translators: no version of the package, as in "version none is installed".
                now=now[dist] if dist in now else msg("none"))
            for dist, was in stored_versions.items()
            if now.get(dist) != was
        ]

    # -- scoring and replay ------------------------------------------------------------
    def score(self, board: object) -> ScoreResult:
        """Score an end-game board of any registered game, with its variants."""
        if not isinstance(board, Mapping):
            raise BoardError([("", msg("the board must be a JSON object, got {kind}", kind=type(board).__name__))])
        if too_deep(board):
            raise BoardError([("", msg("the board is nested more than {depth} levels deep", depth=MAX_DEPTH))])
        game_id = board.get("game", DEFAULT_GAME)
        try:
            game = self.game(game_id)
        except UnknownGameError as exc:
            raise BoardError([("game", exc.args[0])]) from None
        problems = self._variant_problems(board, game_id)
        if problems:
            raise BoardError(problems)
        chosen = board.get("variants", [])
        if not chosen:
            return game.score({k: v for k, v in board.items() if k != "variants"})
        stripped, inputs = self._split_variant_inputs(board, game_id, chosen)
        result = game.score(stripped)
        for variant_id in chosen:
            result = self._apply_variant(game, variant_id, stripped, result, inputs[variant_id])
        return game.rank(dataclasses.replace(result, variants=tuple(chosen)), stripped)

    def replay(self, record: object, *, states: bool = True, depth: int | None = None) -> ReplayBase:
        """Replay a record of any registered game. ``states=False``: only the final position
        is needed (an import, a rescore); games that can (`GameType.replays_final_only`) then
        keep no other. ``depth``: how deep the record nests, when the caller counted it from
        the text it parsed (`imhotep_lib.nesting.check`): then the record is not walked for it."""
        if not isinstance(record, Mapping):
            raise RecordError(msg("the record must be a JSON object, got {kind}", kind=type(record).__name__))
        if too_deep(record) if depth is None else depth > MAX_DEPTH:
            raise RecordError(msg("the record is nested more than {depth} levels deep", depth=MAX_DEPTH))
        try:
            game = self.game(record.get("game", DEFAULT_GAME))
        except UnknownGameError as exc:
            raise RecordError(exc.args[0]) from None
        problems = self._variant_problems(record, game.id)
        if problems:
            raise RecordError(joined(problems))
        batch = {"states": False} if not states and game.replays_final_only else {}
        chosen = record.get("variants", [])
        if not chosen:
            return game.replay(record, **batch)
        # Variants change the scoring only: the game replays the moves without them.
        plain = {k: v for k, v in record.items() if k != "variants"}
        return variants.VariantReplay(game.replay(plain, **batch), self, chosen)

    def replay_summary(self, record: object, *, with_states: bool = False, depth: int | None = None) -> dict[str, Any]:
        """Replay a record (F2, or another game's) → ``{"finished", "plies", "score"}``, plus
        ``"states"`` (one per ply and the start, docs/state-json.md) when asked: the replay API's
        and CLI's answer. Raises ``RecordError`` with the index of the offending move.
        ``depth`` as `replay`'s."""
        replay = self.replay(record, states=with_states, depth=depth)
        out: dict[str, Any] = {"finished": replay.finished, "plies": replay.plies, "score": replay.score().to_json()}
        if with_states:
            assert isinstance(record, Mapping)  # replay() refused anything else
            game = self.game(record.get("game", DEFAULT_GAME))
            out["states"] = [game.state_to_json(state, record) for state in replay.states]
        return out

    # -- variants (the arithmetic is in rules_engine/variants.py) ------------------------
    def _variant_problems(self, doc: Mapping[str, object], game_id: str) -> list[tuple[str, str]]:
        return variants.problems(doc, game_id, self.variants)

    def _split_variant_inputs(
        self, board: Mapping[str, object], game_id: str, chosen: list[str]
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        return variants.split_inputs(board, {v: self.variant_fields[(game_id, v)] for v in chosen})

    def _apply_variant(
        self, game: AnyGame, variant_id: str, board: Mapping[str, object], result: ScoreResult,
        inputs: object,
    ) -> ScoreResult:
        answers = self._results(
            "imhotep_variant_score",
            game_id=game.id,
            variant_id=variant_id,
            board=board,
            result=result.to_json(),  # the hook's plugins read the result's JSON (hookspecs.py)
            inputs=inputs,
        )
        for _info, per_player in answers:  # a plugin answers per player a list of lines
            result = with_variant_lines(result, cast(Sequence[Sequence[Mapping[str, object]]], per_player), variant_id)
        return result


def _iterable(answer: object, info: PluginInfo, hook: str) -> list[Any]:
    try:
        return list(cast(Iterable[Any], answer))  # not iterable: the TypeError below
    except TypeError:
        raise PluginError(f"plugin {info.name!r}: {hook} must return a list, got {answer!r}") from None


def _check_id(value: object, info: PluginInfo, what: str) -> None:
    if not isinstance(value, str) or not ID_PATTERN.match(value):
        raise PluginError(
            f"plugin {info.name!r}: {what} id {value!r} must be lower-case letters, digits and dashes"
        )


_lock = threading.Lock()
_default: Registry | None = None


class _Config(TypedDict):
    """How `configure` asked the default registry to be built (`Registry`'s arguments)."""

    load_entry_points: bool
    allow: Iterable[str] | None
    block: Iterable[str]
    extra_plugins: Mapping[str, object] | None


_config: _Config = {"load_entry_points": True, "allow": None, "block": (), "extra_plugins": None}


def configure(
    *,
    load_entry_points: bool = True,
    allow: Iterable[str] | None = None,
    block: Iterable[str] = (),
    extra_plugins: Mapping[str, object] | None = None,
) -> None:
    """Set how the default registry is built (the Django settings call this at start-up);
    the next ``default_registry()`` builds it anew. ``extra_plugins`` registers plugin
    modules by name without an installed package (embedding, tests)."""
    global _default
    with _lock:
        _config.update(
            {"load_entry_points": load_entry_points, "allow": allow, "block": tuple(block),
             "extra_plugins": extra_plugins}
        )
        _default = None


def base_registry() -> Registry:
    """The process-wide registry as the plugins made it, built once on first use."""
    global _default
    if _default is None:
        with _lock:
            if _default is None:
                _default = Registry(**_config)
    return _default


def default_registry() -> Registry:
    """The process-wide registry with the board data in force: a pinned game's, else the
    current overlays (`rules_engine.overlays.set_board_data_source`), else the plugins' alone."""
    return in_force(base_registry())
