"""Serializers that DESCRIBE the API's JSON documents for the OpenAPI schema (drf-spectacular).

They are not used to validate requests: the rules engine validates boards (formats.md F1, F3)
and records (F2, F4) itself and names every problem, so there is one source of truth for the
limits of the box (duel.md D1, classic.md C1/C7). The shapes here mirror formats.md; the API
documents each body as one of the Duel's and the base game's shapes (``oneOf``).
"""

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

SIDE_CHOICES = ["A", "B"]


# Wrapped in allOf so drf-spectacular does not turn the four monuments' identical choice sets
# into four differently named enum components (a warning that fails --fail-on-warn).
@extend_schema_field({"allOf": [{"type": "string", "enum": SIDE_CHOICES}], "default": "A"})
class SideField(serializers.ChoiceField):
    """A monument's side, "A" or "B" (D1)."""

    def __init__(self, **kwargs):
        super().__init__(SIDE_CHOICES, required=False, default="A", **kwargs)


# --------------------------------------------------------------------------- F1 board


class DuelSidesSerializer(serializers.Serializer):
    obelisk = SideField()
    temple = SideField()
    pyramid = SideField()
    tomb = SideField()


class PyramidSerializer(serializers.Serializer):
    light = serializers.IntegerField(min_value=0, max_value=6, help_text="light pyramid tokens (D7.3)")
    dark = serializers.IntegerField(min_value=0, max_value=6, help_text="dark pyramid tokens (D7.3)")


class DuelPlayerBoardSerializer(serializers.Serializer):
    name = serializers.CharField(required=False, allow_null=True)
    obelisk = serializers.IntegerField(min_value=0, max_value=12, help_text="obelisk tokens (D7.1)")
    obelisk_first_to_five = serializers.BooleanField(
        required=False, default=False,
        help_text="obelisk side B only: true for exactly one player when both hold 5 or more (D7.1 B)",
    )
    temple = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=4),
        help_text="the value (1–4 circle symbols) of each temple token held (D7.2)",
    )
    pyramid = PyramidSerializer()
    tomb = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=12),
        help_text="the numbers of the tomb tokens held, 1–12, no number twice across both players (D7.4)",
    )
    action_tokens = serializers.IntegerField(min_value=0, max_value=12,
                                             help_text="unused action tokens (D7.5)")
    meeples_on_harbor = serializers.IntegerField(
        min_value=0, max_value=4, help_text="own meeples still on the harbor (D7.5)"
    )


class DuelBoardSerializer(serializers.Serializer):
    """An end-game board of Imhotep: The Duel (formats.md F1)."""

    game = serializers.CharField(
        required=False, default="duel",
        help_text='"duel" (the default); other games listed by GET /api/v1/games-types are scored too',
    )
    sides = DuelSidesSerializer(required=False,
                                help_text="the side of each monument, the same for both players (D1)")
    starting_player = serializers.IntegerField(
        min_value=0, max_value=1, required=False, default=0,
        help_text="index of the player who started; wins a tie (D7.6) when it is the other one",
    )
    players = serializers.ListField(child=DuelPlayerBoardSerializer(), min_length=2, max_length=2)


# --------------------------------------------------------------------------- F1 result


class ScoreLineSerializer(serializers.Serializer):
    monument = serializers.CharField(help_text="the breakdown key these points count towards")
    side = serializers.CharField(allow_null=True, help_text='"A"/"B" for a monument, null for the extras')
    rule = serializers.CharField(help_text='the rules section, e.g. "D7.4"')
    text = serializers.CharField(help_text="how the points come about, for people")
    points = serializers.IntegerField()


class PlayerScoreSerializer(serializers.Serializer):
    name = serializers.CharField(allow_null=True)
    total = serializers.IntegerField()
    breakdown = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="points per monument and extra: obelisk, temple, pyramid, tomb, action_tokens, meeples",
    )
    lines = ScoreLineSerializer(many=True, help_text="every point explained, one line per breakdown key")


class ScoreResultSerializer(serializers.Serializer):
    """The score result (formats.md F1) with every point explained."""

    game = serializers.CharField()
    winner = serializers.IntegerField(help_text="index of the winning player")
    tie_broken = serializers.BooleanField(help_text="totals were equal and D7.6 decided")
    players = PlayerScoreSerializer(many=True)


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(
        help_text='path of the field, e.g. "players[1].tomb"; "" for the whole body'
    )
    message = serializers.CharField()


class BoardErrorsSerializer(serializers.Serializer):
    errors = FieldErrorSerializer(many=True)


# --------------------------------------------------------------------------- F2 record


class DuelRecordSerializer(serializers.Serializer):
    """A whole game of Imhotep: The Duel, move by move (formats.md F2)."""

    game = serializers.CharField(required=False, default="duel")
    sides = DuelSidesSerializer(required=False)
    players = serializers.ListField(child=serializers.CharField(), min_length=2, max_length=2,
                                    help_text="players[0] starts")
    colours = serializers.ListField(child=serializers.CharField(), required=False)
    setup = serializers.DictField(
        help_text='{"supply": [60 token ids in draw order]} or, for a physical game, '
                  '{"boats": [6 lists of 3 token ids]} with "refill"/"reveal" on the moves',
    )
    moves = serializers.ListField(
        child=serializers.DictField(),
        help_text='e.g. {"type": "place", "cell": "b2"}, {"type": "unload", "boat": "row-3"}, '
                  '{"type": "pass"}',
    )


class ReplayResultSerializer(serializers.Serializer):
    finished = serializers.BooleanField(help_text="the game reached its end (D8)")
    plies = serializers.IntegerField(help_text="number of moves replayed")
    score = ScoreResultSerializer(help_text="the score of the final board (F1 result)")
    states = serializers.ListField(
        child=serializers.DictField(), required=False,
        help_text="only with ?states=1: the state before the first move and after every move "
                  "(plies + 1 entries, shape of docs/state-json.md)",
    )


class RecordErrorDetailSerializer(serializers.Serializer):
    move = serializers.IntegerField(allow_null=True,
                                    help_text="0-based index of the rejected move; null for the header/setup")
    reason = serializers.CharField()


class RecordErrorSerializer(serializers.Serializer):
    error = RecordErrorDetailSerializer()


# --------------------------------------------------------------------------- F3 board (base game)

CLASSIC_SITES = ["market", "pyramids", "temple", "burial-chamber", "obelisks"]
CLASSIC_COLOURS = ["black", "white", "brown", "grey"]
BUILDING_SITES = CLASSIC_SITES[1:]


class ClassicSidesSerializer(serializers.Serializer):
    market = SideField()
    pyramids = SideField()
    temple = SideField()
    burial_chamber = SideField()
    obelisks = SideField()

    def get_fields(self):  # the JSON key has a dash, which a Python name cannot
        fields = super().get_fields()
        return {("burial-chamber" if name == "burial_chamber" else name): f for name, f in fields.items()}


@extend_schema_field({"allOf": [{"type": "string", "enum": ["classic"]}]})
class ClassicGameField(serializers.CharField):
    """The base game's id in boards and records."""


@extend_schema_field({"allOf": [{"type": "string", "enum": CLASSIC_COLOURS}]})
class ColourField(serializers.CharField):
    """A player's colour (C1)."""


@extend_schema_field({"allOf": [{"type": "string", "enum": BUILDING_SITES}]})
class BuildingSiteField(serializers.CharField):
    """One of the four building sites (C7 decorations, C9 reached)."""


@extend_schema_field({"type": "array", "items": {"type": "array", "minItems": 1, "maxItems": 3,
                                                  "items": {"allOf": [{"type": "string", "enum": CLASSIC_COLOURS}],
                                                            "nullable": True}}})
class ChamberField(serializers.JSONField):
    """The burial chamber's columns, left to right, each 3 entries top to bottom (C5.4)."""


class ClassicPlayerBoardSerializer(serializers.Serializer):
    name = serializers.CharField(required=False, allow_null=True)
    colour = ColourField(help_text="black, white, brown or grey; distinct (C1)")
    track = serializers.IntegerField(min_value=0, help_text="points on the score track before the final scoring (C8)")
    sled = serializers.IntegerField(min_value=0, max_value=5, help_text="stones on the sled: breaks a tie (C8)")
    obelisk_stones = serializers.IntegerField(
        min_value=0, max_value=30,
        help_text="obelisk height on side A, loose stones not in a tower on side B (C5.5, C6.5)",
    )
    statues = serializers.IntegerField(min_value=0, max_value=10, help_text="statue cards held (C7)")
    decorations = serializers.ListField(
        child=BuildingSiteField(), help_text="the decoration cards held, by site; a site may appear twice (C7)"
    )
    blue_cards = serializers.IntegerField(min_value=0, max_value=10, help_text="unplayed blue cards, 1 point each (C8)")
    reached = serializers.ListField(
        child=BuildingSiteField(), required=False,
        help_text="only with the pharaohs-wrath variant: the building sites this player got a stone onto (C9)",
    )


class ClassicSiteStonesSerializer(serializers.Serializer):
    pyramids = serializers.IntegerField(min_value=0, required=False)
    temple = serializers.IntegerField(min_value=0, required=False)
    obelisks = serializers.IntegerField(
        min_value=0, required=False, help_text="only with obelisks side B, whose towers the board does not show"
    )


class ClassicBoardSerializer(serializers.Serializer):
    """An end-game board of the base game, Imhotep: Builder of Egypt (formats.md F3)."""

    game = ClassicGameField(help_text='"classic"')
    sides = ClassicSidesSerializer(
        required=False, help_text="the side of each site, shared by all; omitted sites are A. A B side whose "
        "board data is missing (classic.md C6 ⚠) is refused with a 400 saying it cannot be scored yet",
    )
    variants = serializers.ListField(child=serializers.CharField(), required=False,
                                     help_text='e.g. ["pharaohs-wrath"] (C9); see GET /api/v1/games-types')
    players = serializers.ListField(child=ClassicPlayerBoardSerializer(), min_length=2, max_length=4,
                                    help_text="2–4 players in seat order")
    burial_chamber = ChamberField(help_text="the chamber's columns from left to right, each 3 entries from top to "
                                  "bottom (a colour or null); only the end of the filling may be empty (C5.4)")
    site_stones = ClassicSiteStonesSerializer(
        required=False, help_text="stones of all colours on a site, needed only for a decoration of that site (C7)"
    )


class ClassicPlayerScoreSerializer(serializers.Serializer):
    name = serializers.CharField(allow_null=True)
    colour = serializers.CharField()
    total = serializers.IntegerField()
    rank = serializers.IntegerField(help_text="1 for the winners; equal totals the sled does not separate share a rank")
    breakdown = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="track, burial_chamber, obelisks, decorations, statues, blue_cards, pharaohs_wrath",
    )
    lines = ScoreLineSerializer(many=True, help_text="every point explained with its rule (C5–C9)")


class ClassicScoreResultSerializer(serializers.Serializer):
    """The base game's score result (formats.md F3) with every point explained."""

    game = serializers.CharField()
    winners = serializers.ListField(child=serializers.IntegerField(),
                                    help_text="indexes of the winners: more than one is a shared win (C8)")
    tie_broken_by_sled = serializers.BooleanField(help_text="the best totals were equal and the sled decided (C8)")
    variants = serializers.ListField(child=serializers.CharField(), required=False)
    players = ClassicPlayerScoreSerializer(many=True)


# --------------------------------------------------------------------------- F4 record (base game)


class ClassicSetupSerializer(serializers.Serializer):
    round_cards = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=4), min_length=4,
                                    max_length=4),
        min_length=6, max_length=6, help_text="the 6 round cards in the order revealed, each 4 ship capacities (C1)",
    )
    market_draws = serializers.ListField(
        child=serializers.CharField(),
        help_text="every market card in the order drawn over the whole game (C7 card ids)",
    )


class ClassicRecordSerializer(serializers.Serializer):
    """A whole game of the base game, move by move (formats.md F4)."""

    game = ClassicGameField(help_text='"classic"')
    sides = ClassicSidesSerializer(required=False)
    variants = serializers.ListField(child=serializers.CharField(), required=False)
    players = serializers.ListField(child=serializers.CharField(), min_length=2, max_length=4,
                                    help_text="in seat order; players[0] is seat 1 and starts round 1")
    colours = serializers.ListField(child=ColourField(), required=False)
    setup = ClassicSetupSerializer()
    moves = serializers.ListField(
        child=serializers.DictField(),
        help_text='e.g. {"type": "get-stones"}, {"type": "place", "ship": 2, "slot": 1}, '
                  '{"type": "sail", "ship": 1, "site": "market", "take": ["statue"]}, '
                  '{"type": "play", "card": "chisel", "places": [...]}, {"type": "pass"}',
    )


class ClassicReplayResultSerializer(serializers.Serializer):
    finished = serializers.BooleanField(help_text="round 6 ended (C3, C8)")
    plies = serializers.IntegerField(help_text="number of moves replayed")
    score = ClassicScoreResultSerializer(help_text="the score of the final board (F3 result)")
    states = serializers.ListField(
        child=serializers.DictField(), required=False,
        help_text="only with ?states=1: the state after setup and after every move (docs/state-json.md)",
    )


# --------------------------------------------------------------------------- any game

# One of the Duel's shapes or the base game's (dispatched on "game"); plugin games document theirs.
BOARD = PolymorphicProxySerializer(
    component_name="Board", serializers=[DuelBoardSerializer, ClassicBoardSerializer], resource_type_field_name=None
)
SCORE_RESULT = PolymorphicProxySerializer(
    component_name="ScoreResponse", serializers=[ScoreResultSerializer, ClassicScoreResultSerializer],
    resource_type_field_name=None,
)
RECORD = PolymorphicProxySerializer(
    component_name="Record", serializers=[DuelRecordSerializer, ClassicRecordSerializer], resource_type_field_name=None
)
REPLAY_RESULT = PolymorphicProxySerializer(
    component_name="ReplayResponse", serializers=[ReplayResultSerializer, ClassicReplayResultSerializer],
    resource_type_field_name=None,
)


# --------------------------------------------------------------------------- games-types


class PlayerCountSerializer(serializers.Serializer):
    min = serializers.IntegerField()
    max = serializers.IntegerField()


class PluginInfoSerializer(serializers.Serializer):
    name = serializers.CharField()
    distribution = serializers.CharField()
    version = serializers.CharField()


class VariantFieldSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    kind = serializers.ChoiceField(["int", "bool"])
    minimum = serializers.IntegerField()
    maximum = serializers.IntegerField()
    default = serializers.JSONField()
    help = serializers.CharField()


class VariantSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()
    fields = VariantFieldSerializer(many=True)
    plugin = PluginInfoSerializer()


class GameTypeSerializer(serializers.Serializer):
    id = serializers.CharField(help_text='the value of "game" in boards and records')
    name = serializers.CharField()
    players = PlayerCountSerializer()
    sides = serializers.DictField(child=serializers.ListField(child=serializers.CharField()),
                                  help_text="every scored part and the sides it can be played with")
    variants = VariantSerializer(many=True)
    plugin = PluginInfoSerializer()
    unplayable_sides = serializers.DictField(
        child=serializers.DictField(child=serializers.CharField()),
        help_text="sides a game record cannot be played with yet, {part: {side: reason}} (board data missing, "
        "e.g. the classic B sides)",
    )
    unscorable_sides = serializers.DictField(
        child=serializers.DictField(child=serializers.CharField()),
        help_text="sides an end-game board cannot be scored with yet, {part: {side: reason}} (board data "
        "missing, e.g. the classic burial chamber B)",
    )


class DetailSerializer(serializers.Serializer):
    detail = serializers.CharField()
