from django.contrib import admin

from games.events.models import ByeRequest, Event, Pairing, PairingSeat, ProhibitedPair, Registration, Round
from imhotep_lib import request_json


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    formfield_overrides = request_json.ADMIN_FORMFIELDS  # JSON through the door (issue #52)
    list_display = ["name", "game_type", "kind", "rounds", "status", "created_at"]
    list_filter = ["game_type", "kind", "status"]
    inlines = [RegistrationInline]

    def get_readonly_fields(self, request, obj=None):
        """The Dutch edition is fixed once round 1 is paired: a running event keeps the rules it
        started with (docs/events.md "Pairing"), in the admin as on the event's pages."""
        fixed = ["pairing_edition"] if obj is not None and obj.round_set.exists() else []
        return [*super().get_readonly_fields(request, obj), *fixed]


class SeatInline(admin.TabularInline):
    model = PairingSeat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    formfield_overrides = request_json.ADMIN_FORMFIELDS  # JSON through the door (issue #52)
    list_display = ["round", "table", "bye", "kind", "game"]
    raw_id_fields = ["game"]
    inlines = [SeatInline]


admin.site.register(Round)


@admin.register(ByeRequest)
class ByeRequestAdmin(admin.ModelAdmin):
    list_display = ["event", "player", "round_number", "kind", "created_at"]
    raw_id_fields = ["player"]


@admin.register(ProhibitedPair)
class ProhibitedPairAdmin(admin.ModelAdmin):
    list_display = ["event", "player_a", "player_b", "created_by", "created_at"]
    raw_id_fields = ["player_a", "player_b"]
