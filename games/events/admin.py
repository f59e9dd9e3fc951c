from django.contrib import admin

from games.events.models import Event, Pairing, PairingSeat, Registration, Round
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


class SeatInline(admin.TabularInline):
    model = PairingSeat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    formfield_overrides = request_json.ADMIN_FORMFIELDS  # JSON through the door (issue #52)
    list_display = ["round", "table", "bye", "game"]
    raw_id_fields = ["game"]
    inlines = [SeatInline]


admin.site.register(Round)
