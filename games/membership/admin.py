from django.contrib import admin

from games.membership.models import Invite, Membership


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "role")
    list_filter = ("role",)
    search_fields = ("user__username",)


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin):
    list_display = ("pk", "role", "player", "email", "created_at", "expires_at", "used_at", "used_by")
    readonly_fields = ("token_hash", "created_by", "created_at", "used_at", "used_by")
