"""The admin: where a club manager fixes anything. Results and moves are shown, not typed:
they come from the engine. Saving or deleting a game here rebuilds the ratings as the
pages and the API do."""

from django.contrib import admin, messages

from games.models import Game, Move, Player, Rating, Result, Seat
from games.services import editing, recording
from rules_engine.errors import RulesError


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["order", "player", "colour", "started", "result_total", "result_winner"]
    readonly_fields = ["order", "result_total", "result_winner"]
    autocomplete_fields = ["player"]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False  # seats come from the board or record

    @admin.display(description="Total")
    def result_total(self, seat):
        return getattr(getattr(seat, "result", None), "total", "–")

    @admin.display(description="Winner", boolean=True)
    def result_winner(self, seat):
        result = getattr(seat, "result", None)
        return result.winner if result else None


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "user", "created_at"]
    search_fields = ["name", "name_key"]
    raw_id_fields = ["user"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "played_on",
        "game_type",
        "source",
        "status",
        "location",
        "created_by",
        "engine_version",
    ]
    list_filter = ["game_type", "source", "status", "played_on"]
    search_fields = ["location", "notes", "seats__player__name"]
    date_hierarchy = "played_on"
    readonly_fields = [
        "source",
        "engine_version",
        "plugin_versions",
        "content_hash",
        "created_at",
        "updated_at",
        "board",
        "header",
    ]
    raw_id_fields = ["created_by"]
    inlines = [SeatInline]
    actions = ["recompute"]

    def save_model(self, request, obj, form, change):
        # Remember where the game stood in the rating order before the edit.
        obj._before_edit = (
            Game.objects.filter(pk=obj.pk).values_list("played_on", "id").first() if change else None
        )
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        game = form.instance
        editing.game_edited(game, getattr(game, "_before_edit", None) or game.sort_key)

    def delete_model(self, request, obj):
        editing.delete_game(obj)

    def delete_queryset(self, request, queryset):
        for game in queryset:
            editing.delete_game(game)

    @admin.action(description="Recompute results and ratings with the current engine")
    def recompute(self, request, queryset):
        done = 0
        for game in queryset.order_by("played_on", "id"):
            try:
                recording.recompute_results(game)
                done += 1
            except RulesError as exc:
                self.message_user(
                    request, f"Game {game.pk}: the current engine rejects it: {exc}", messages.ERROR
                )
        self.message_user(request, f"Recomputed {done} game(s).", messages.SUCCESS)


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = ["seat", "total", "rank", "winner", "tie_broken"]
    list_filter = ["winner", "tie_broken", "seat__game__game_type"]
    readonly_fields = ["seat", "total", "breakdown", "rank", "winner", "tie_broken"]
    list_select_related = ["seat__player", "seat__game"]

    def has_add_permission(self, request):
        return False


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ["game", "ply", "data"]
    readonly_fields = ["game", "ply", "data"]
    list_filter = ["game__game_type"]

    def has_add_permission(self, request):
        return False


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["player", "game", "game_type", "played_on", "ordinal", "mu", "sigma"]
    list_filter = ["game_type"]
    readonly_fields = ["player", "game", "game_type", "played_on", "mu", "sigma", "ordinal"]
    list_select_related = ["player"]

    def has_add_permission(self, request):
        return False
