"""Serializers of the club-history API. Output only: games are created from F1/F2
documents by games.services.recording, never by a serializer."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.models import Game, Player, Result, Seat


class PlayerRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name"]


class PlayerSerializer(serializers.ModelSerializer):
    games = serializers.IntegerField(read_only=True, help_text="Games the player sat at.")
    wins = serializers.IntegerField(read_only=True)
    page = serializers.SerializerMethodField(help_text="The player's page.")

    class Meta:
        model = Player
        fields = ["id", "name", "games", "wins", "page"]

    @extend_schema_field(OpenApiTypes.URI_REF)  # site-relative, e.g. /games/4/
    def get_page(self, player) -> str:
        return reverse("games:player", args=[player.pk])


class ResultSerializer(serializers.ModelSerializer):
    breakdown = serializers.DictField(
        child=serializers.IntegerField(), help_text="Points per monument and extra."
    )

    class Meta:
        model = Result
        fields = ["total", "breakdown", "rank", "winner", "tie_broken"]


class SeatSerializer(serializers.ModelSerializer):
    player = PlayerRefSerializer()
    seat = serializers.SerializerMethodField(
        help_text="1-based seat; seat 1 is players[0] of the record/board."
    )
    result = serializers.SerializerMethodField()

    class Meta:
        model = Seat
        fields = ["seat", "player", "colour", "started", "result"]

    def get_seat(self, seat) -> int:
        return seat.order + 1

    @extend_schema_field(ResultSerializer(allow_null=True))
    def get_result(self, seat):
        result = getattr(seat, "result", None)
        return ResultSerializer(result).data if result is not None else None


class GameSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    created_by = serializers.SerializerMethodField()
    page = serializers.SerializerMethodField(help_text="The game's page.")
    export = serializers.SerializerMethodField(help_text="The game as an F2 record or F1 board (API).")

    class Meta:
        model = Game
        fields = [
            "id",
            "game_type",
            "variants",
            "sides",
            "played_on",
            "location",
            "notes",
            "source",
            "status",
            "engine_version",
            "plugin_versions",
            "bot_level",  # a game against the bot (docs/bots.md): null for the club's games
            "bot_seats",
            "seats",
            "created_by",
            "created_at",
            "updated_at",
            "page",
            "export",
        ]
        read_only_fields = fields

    # null: the game came in without a user (a restored backup, a deleted account).
    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_created_by(self, game) -> str | None:
        return game.created_by.get_username() if game.created_by_id else None

    @extend_schema_field(OpenApiTypes.URI_REF)  # site-relative, e.g. /games/4/
    def get_page(self, game) -> str:
        return reverse("games:detail", args=[game.pk])

    @extend_schema_field(OpenApiTypes.URI_REF)  # site-relative, e.g. /games/4/
    def get_export(self, game) -> str:
        return reverse("games-api:game-record", args=[game.pk])


class GameUpdateSerializer(serializers.Serializer):
    """What may change after a game is stored; results never (they are derived)."""

    played_on = serializers.DateField(required=False)
    location = serializers.CharField(required=False, allow_blank=True, max_length=120)
    notes = serializers.CharField(required=False, allow_blank=True, max_length=10_000)
    status = serializers.ChoiceField(required=False, choices=Game.Status.choices)


class ResultRowSerializer(serializers.ModelSerializer):
    """One seat's result with its game and player: the rows of GET /api/v1/results."""

    game = serializers.IntegerField(source="seat.game_id")
    played_on = serializers.DateField(source="seat.game.played_on")
    game_type = serializers.CharField(source="seat.game.game_type")
    seat = serializers.SerializerMethodField()
    player = PlayerRefSerializer(source="seat.player")
    colour = serializers.CharField(source="seat.colour")
    started = serializers.BooleanField(source="seat.started")
    breakdown = serializers.DictField(child=serializers.IntegerField())

    class Meta:
        model = Result
        fields = [
            "game",
            "played_on",
            "game_type",
            "seat",
            "player",
            "colour",
            "started",
            "total",
            "breakdown",
            "rank",
            "winner",
            "tie_broken",
        ]

    def get_seat(self, result) -> int:
        return result.seat.order + 1


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = PlayerRefSerializer(source="*")
    ordinal = serializers.FloatField(help_text="OpenSkill ordinal μ − 3σ: the rating shown.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField(source="rated_games", help_text="Rated (finished) games.")
    wins = serializers.IntegerField()


VERDICTS = ["better", "worse", "unclear"]


class RatingSystemScoreSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="By log loss, 1 = best; null when it scored no game.")
    key = serializers.CharField(help_text="openskill (the ratings in use), elo, wins (most wins so far), equal.")
    name = serializers.CharField(help_text="The system's name in the reader's language.")
    two_player_only = serializers.BooleanField(help_text="Predicts (and learns from) two-player games only.")
    games = serializers.IntegerField(help_text="Games this system scored: the sample size.")
    log_loss = serializers.FloatField(
        allow_null=True,
        help_text="Mean of −ln(probability given to the actual winner) before each game; lower is better.",
    )
    log_loss_se = serializers.FloatField(allow_null=True, help_text="Standard error of the mean log loss.")
    accuracy = serializers.FloatField(
        allow_null=True, help_text="Share of games the favourite won (a favourite shared by k players counts 1/k)."
    )
    difference = serializers.FloatField(
        allow_null=True,
        help_text="Mean of (this system's log loss − the ratings in use's) over the games both scored; "
        "positive = the ratings in use predicted better. Null for the ratings in use.",
    )
    difference_se = serializers.FloatField(allow_null=True, help_text="Standard error of `difference`.")
    against_ratings = serializers.ChoiceField(
        choices=VERDICTS, allow_null=True,
        help_text="better / worse than the ratings in use when |difference| > 2 standard errors, else unclear.",
    )


class RatingsCheckSerializer(serializers.Serializer):
    game = serializers.CharField(source="game_type", help_text="Game type id.")
    games = serializers.IntegerField(help_text="Rated games replayed, in date order.")
    scored = serializers.IntegerField(help_text="Of them, games scored (a single winner).")
    shared_wins = serializers.IntegerField(help_text="Games with a shared first place: learnt from, not scored.")
    ratings_against_chance = serializers.ChoiceField(
        source="against_chance", choices=VERDICTS, allow_null=True,
        help_text="The ratings in use against equal chances: better, worse (beyond 2 standard errors) or unclear.",
    )
    ratings_against_wins = serializers.ChoiceField(
        source="against_wins", choices=VERDICTS, allow_null=True,
        help_text="The ratings in use against the win count: better, worse or unclear.",
    )
    systems = RatingSystemScoreSerializer(many=True, help_text="Best (lowest log loss) first.")


class ErrorDetailSerializer(serializers.Serializer):
    move = serializers.IntegerField(allow_null=True, help_text="0-based index of the rejected move, if any.")
    reason = serializers.CharField()


class RecordErrorSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()


class BoardErrorItemSerializer(serializers.Serializer):
    field = serializers.CharField(help_text='Where, e.g. "players[1].tomb".')
    message = serializers.CharField()


class BoardErrorSerializer(serializers.Serializer):
    errors = BoardErrorItemSerializer(many=True)


class NotFoundSerializer(serializers.Serializer):
    """DRF's answer for a missing row or page."""

    detail = serializers.CharField()


class DuplicateSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()
    game = serializers.IntegerField(help_text="The game already stored with the same record.")


class ExplorerRateSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="What the row is about: a seat (`2-1`: 2 players, seat 1), a side "
                                          "(`obelisk-B`), a first move (its F2 JSON), a card or site id.")
    # A declared field named like Field.label: DRF's metaclass takes it out of the class (ok at runtime).
    label = serializers.CharField(  # type: ignore[assignment]
        help_text="The same in words, in the Accept-Language language.")
    games = serializers.IntegerField(help_text="The sample size.")
    wins = serializers.IntegerField()
    rate = serializers.FloatField(allow_null=True, help_text="wins / games.")
    low = serializers.FloatField(help_text="95 % Wilson score interval, lower bound.")
    high = serializers.FloatField(help_text="95 % Wilson score interval, upper bound.")
    small = serializers.BooleanField(help_text="Fewer games than `small_sample`: not ranked.")
    rank = serializers.IntegerField(allow_null=True, help_text="1 = the best rate among the rows with enough games.")


class ExplorerSectionSerializer(serializers.Serializer):
    id = serializers.ChoiceField(["seats", "sides", "first_move", "first_to_five", "first_card", "top_site"])
    title = serializers.CharField()
    whose = serializers.CharField(help_text="Whose wins the rates count, in words.")
    rows = ExplorerRateSerializer(many=True)


class ExplorerNodeSerializer(serializers.Serializer):
    move = serializers.DictField(help_text="The move's F2 JSON.")
    label = serializers.CharField(help_text="The move in the move list's words.")  # type: ignore[assignment]
    games = serializers.IntegerField(help_text="Games in which it was played after its parents' moves.")
    wins = serializers.IntegerField(help_text="Of those, games the first player won.")
    rate = serializers.FloatField(allow_null=True)
    low = serializers.FloatField()
    high = serializers.FloatField()
    small = serializers.BooleanField()
    children = serializers.ListField(child=serializers.DictField(), help_text="The replies: nodes like this one.")


class ExplorerSerializer(serializers.Serializer):
    game = serializers.CharField()
    games = serializers.IntegerField(help_text="Finished games counted.")
    uncounted = serializers.IntegerField(help_text="Finished recorded games whose moves are not counted yet.")
    small_sample = serializers.IntegerField(help_text="Rates from fewer games are not ranked.")
    confidence = serializers.FloatField(help_text="Of the intervals: 0.95.")
    sections = ExplorerSectionSerializer(many=True)
    tree = ExplorerNodeSerializer(many=True, help_text="The first three moves (the Duel).")


class PrepSectionSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="seats, sides, or first_move_<k> (the player's own first move from seat k).")
    title = serializers.CharField()
    rows = ExplorerRateSerializer(many=True)


class PrepSerializer(serializers.Serializer):
    game = serializers.CharField(help_text="Game type id.")
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    against = serializers.IntegerField(allow_null=True, help_text="The other player of a pair's sheet; null: anyone.")
    against_name = serializers.CharField(allow_blank=True)
    games = serializers.IntegerField(help_text="Finished games counted (with the other player at the table too).")
    uncounted = serializers.IntegerField(help_text="Finished recorded games whose moves are not counted yet.")
    small_sample = serializers.IntegerField(help_text="Rates from fewer games are not ranked.")
    results = ExplorerRateSerializer(many=True, help_text=(
        "The player's wins (key: the player's id) and, for a pair, the other player's, with Wilson intervals."))
    sections = PrepSectionSerializer(many=True, help_text="The player's win rates by seat, sides and own first move.")


class CalibrationBinSerializer(serializers.Serializer):
    low = serializers.FloatField(help_text="The bin's lowest predicted chance (0–1).")
    high = serializers.FloatField(help_text="Its highest (the last bin includes 1).")
    games = serializers.IntegerField(help_text="Games with at least one chance in this bin: the sample size.")
    chances = serializers.IntegerField(source="count", help_text="Chances in the bin (players × positions).")
    mean_predicted = serializers.FloatField(allow_null=True)
    enough = serializers.BooleanField(help_text=(
        "Whether the bin holds chances of at least `min_games` games; when false, `observed` and the interval "
        "are null: too few games to say."))
    observed = serializers.SerializerMethodField(help_text="The share of those chances whose player won.")
    low_95 = serializers.SerializerMethodField(help_text="95 % interval of `observed` from resampling whole games.")
    high_95 = serializers.SerializerMethodField()

    def get_observed(self, row) -> float | None:
        return row.observed if row.enough else None

    def get_low_95(self, row) -> float | None:
        return row.interval[0] if row.enough and row.interval else None

    def get_high_95(self, row) -> float | None:
        return row.interval[1] if row.enough and row.interval else None


class CalibrationSerializer(serializers.Serializer):
    game = serializers.CharField(source="game_type", help_text="Game type id.")
    games = serializers.IntegerField(help_text="Analysed finished games with a single winner counted.")
    chances = serializers.IntegerField(source="positions", help_text="Chances counted (players × positions).")
    ece = serializers.FloatField(allow_null=True, help_text=(
        "Expected calibration error (0–1): the chance-weighted mean gap between predicted and won; 0 is perfect."))
    ece_low_95 = serializers.SerializerMethodField(help_text="95 % interval of the ECE from resampling whole games.")
    ece_high_95 = serializers.SerializerMethodField()
    resamples = serializers.IntegerField(source="spread.resamples", help_text=(
        "Resamples of the bootstrap by game (each draws as many games as counted, with replacement; seeded, so "
        "the same games give the same intervals)."))
    min_games = serializers.IntegerField(help_text="A bin of fewer games shows no share.")
    bins = CalibrationBinSerializer(source="rows", many=True, help_text="Tenths of the predicted chance, lowest first.")

    def get_ece_low_95(self, check) -> float | None:
        return check.ece_interval[0] if check.ece_interval else None

    def get_ece_high_95(self, check) -> float | None:
        return check.ece_interval[1] if check.ece_interval else None
