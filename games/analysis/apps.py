from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    """Game analysis: win probability along a replay and move hints, computed by a background
    task (django-tasks) from the rules engine's Monte-Carlo analysis and stored per engine version."""

    name = "games.analysis"
    label = "analysis"
    verbose_name = "Game analysis"
    default_auto_field = "django.db.models.BigAutoField"

