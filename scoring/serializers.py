"""Serializers that DESCRIBE the scoring API's own JSON for the OpenAPI schema (drf-spectacular):
its errors and the list of games. They are not used to validate requests.

The games' documents (boards, records, scores) are no serializers: each game declares their JSON
Schema and examples itself (`GameType.board_schema` …, rules_engine/apidocs.py), and the schema
hook imhotep_site/openapi_games.py puts every registered game's into the schema, a plugin's too.
"""

from rest_framework import serializers


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(
        help_text='path of the field, e.g. "players[1].tomb"; "" for the whole body'
    )
    message = serializers.CharField()


class BoardErrorsSerializer(serializers.Serializer):
    errors = FieldErrorSerializer(many=True)


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
