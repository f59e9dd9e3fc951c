"""Serializers that DESCRIBE the API's JSON documents for the OpenAPI schema (drf-spectacular).

They are not used to validate requests: the rules engine validates boards (formats.md F1)
and records (F2) itself and names every problem, so there is one source of truth for the
limits of the box (duel.md D1). The shapes here mirror formats.md.
"""

from drf_spectacular.utils import extend_schema_field
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


class DetailSerializer(serializers.Serializer):
    detail = serializers.CharField()
