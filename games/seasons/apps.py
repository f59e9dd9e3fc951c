from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "games.seasons"
    label = "seasons"
    verbose_name = _("Club seasons")
    default_auto_field = "django.db.models.BigAutoField"
