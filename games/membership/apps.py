from django.apps import AppConfig


class MembershipConfig(AppConfig):
    """Who belongs to the club and with which role: invitations, roles, the demo admin."""

    name = "games.membership"
    label = "membership"
    verbose_name = "Club membership"
    default_auto_field = "django.db.models.BigAutoField"
