"""Seasons, ladders and leagues in the Django admin: to look at (changes go through the API,
where the rules are applied: docs/seasons.md)."""

from django.contrib import admin

from games.seasons.models import Challenge, Ladder, League, Season
from imhotep_lib import request_json


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    formfield_overrides = request_json.ADMIN_FORMFIELDS
    list_display = ["name", "game_type", "best_of", "scale", "created_at"]


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):
    list_display = ["name", "game_type", "reach", "deadline_rule", "created_at"]


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = ["ladder", "challenger", "defender", "deadline", "status"]
    list_filter = ["status"]
    raw_id_fields = ["challenger", "defender", "game"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "game_type", "promote", "unplayed", "status", "created_at"]
