"""The admin: where a club manager fixes anything. Results and moves are shown, not typed:
they come from the engine. Saving or deleting a game here rebuilds the ratings as the
pages and the API do; a player with games is merged, never deleted."""

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import unquote
from django.db.models import Count
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.models import Game, Move, Player, Rating, Result, Seat
from games.services import editing, players, reason_of, results
from imhotep_lib import request_json
from imhotep_lib.translation import say
from rules_engine.errors import RulesError

MERGE_ACTION = gettext_lazy("Merge the selected player into…")


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["order", "player", "colour", "started", "result_total", "result_winner"]
    readonly_fields = ["order", "result_total", "result_winner"]
    autocomplete_fields = ["player"]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False  # seats come from the board or record

    @admin.display(description=gettext_lazy("Total"))
    def result_total(self, seat):
        return getattr(getattr(seat, "result", None), "total", "–")

    @admin.display(description=gettext_lazy("Winner"), boolean=True)
    def result_winner(self, seat):
        result = getattr(seat, "result", None)
        return result.winner if result else None


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    """A player with games is never deleted here (their games would lose a seat): the delete
    page and the delete action refuse with the reason, and the merge action moves their games
    to another player instead."""

    list_display = ["name", "user", "games", "created_at"]
    search_fields = ["name", "name_key"]
    raw_id_fields = ["user"]
    actions = ["delete_without_games", "merge_into"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(game_count=Count("seats"))

    @admin.display(description=gettext_lazy("Games"), ordering="game_count")
    def games(self, player):
        return player.game_count

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # replaced: it would offer to delete games' seats
        return actions

    def delete_view(self, request, object_id, extra_context=None):
        player = self.get_object(request, unquote(object_id))
        refusal = players.delete_refusal(player) if player is not None else ""
        if refusal:
            self.message_user(
                request,
                _("{refusal} (action “{action}”)").format(refusal=say(refusal), action=MERGE_ACTION),
                messages.ERROR,
            )
            return redirect(reverse("admin:games_player_change", args=[player.pk]))
        return super().delete_view(request, object_id, extra_context)

    def delete_model(self, request, obj):
        players.delete_player(obj)

    @admin.action(description=gettext_lazy("Delete the selected players (only those without games)"),
                  permissions=["delete"])
    def delete_without_games(self, request, queryset):
        deleted, refused = [], []
        for player in queryset:
            try:
                players.delete_player(player)
                deleted.append(player.name)
            except players.PlayerHasGames as exc:
                refused.append(say(reason_of(exc)))
        if deleted:
            self.message_user(
                request,
                ngettext("Deleted {n} player: {names}.", "Deleted {n} players: {names}.", len(deleted)).format(
                    n=len(deleted), names=_(", ").join(deleted)
                ),
                messages.SUCCESS,
            )
        for reason in refused:
            self.message_user(request, reason, messages.ERROR)

    @admin.action(description=MERGE_ACTION, permissions=["change"])
    def merge_into(self, request, queryset):
        """An intermediate page chooses the player who stays; each selected one is merged into them."""
        sources = list(queryset.order_by("name_key"))
        if "into" in request.POST:
            target = Player.objects.filter(pk=request.POST["into"]).first() if request.POST["into"].isdigit() else None
            if target is None:
                self.message_user(request, _("Choose the player to merge into."), messages.ERROR)
                return None
            for source in sources:
                try:
                    merged = players.merge_players(source, target)
                except players.MergeRefused as exc:
                    self.message_user(
                        request,
                        _("{name} not merged: {reason}.").format(name=source.name, reason=say(reason_of(exc))),
                        messages.ERROR,
                    )
                else:
                    self.message_user(
                        request,
                        ngettext(
                            "{source} merged into {target}: {n} game moved, ratings recomputed.",
                            "{source} merged into {target}: {n} games moved, ratings recomputed.",
                            merged.seats_moved,
                        ).format(source=source.name, target=target.name, n=merged.seats_moved),
                        messages.SUCCESS,
                    )
            return None
        return TemplateResponse(
            request,
            "admin/games/player/merge.html",
            {
                **self.admin_site.each_context(request),
                "title": _("Merge players"),
                "opts": self.model._meta,
                "sources": sources,
                "targets": Player.objects.exclude(pk__in=[p.pk for p in sources]).only("id", "name"),
                "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            },
        )


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    formfield_overrides = request_json.ADMIN_FORMFIELDS  # JSON through the door (issue #52)
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
        obj._before_edit = Game.objects.filter(pk=obj.pk).values_list("played_on", "id").first() if change else None
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

    @admin.action(description=gettext_lazy("Recompute results and ratings with the current engine"))
    def recompute(self, request, queryset):
        done = 0
        for game in queryset.order_by("played_on", "id"):
            try:
                results.recompute_results(game)
                done += 1
            except RulesError as exc:
                self.message_user(
                    request,
                    _("Game {game}: the current engine rejects it: {reason}").format(
                        game=game.pk, reason=say(reason_of(exc))
                    ),
                    messages.ERROR,
                )
        self.message_user(
            request,
            ngettext("Recomputed {n} game.", "Recomputed {n} games.", done).format(n=done),
            messages.SUCCESS,
        )


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    formfield_overrides = request_json.ADMIN_FORMFIELDS  # JSON through the door (issue #52)
    list_display = ["seat", "total", "rank", "winner", "tie_broken"]
    list_filter = ["winner", "tie_broken", "seat__game__game_type"]
    readonly_fields = ["seat", "total", "breakdown", "rank", "winner", "tie_broken"]
    list_select_related = ["seat__player", "seat__game"]

    def has_add_permission(self, request):
        return False


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    formfield_overrides = request_json.ADMIN_FORMFIELDS  # JSON through the door (issue #52)
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
