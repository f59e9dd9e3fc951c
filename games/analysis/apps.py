from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    """Game analysis: win probability along a replay and move hints, computed by a background
    task (django-tasks) from the rules engine's Monte-Carlo analysis and stored per engine version."""

    name = "games.analysis"
    label = "analysis"
    verbose_name = "Game analysis"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.db.models.signals import post_delete, post_save

        from games.analysis.models import GameAnalysis
        from games.services.history_version import changed

        # The replay page shows the analysis: readers' kept pages (games/pagecache.py) follow it.
        post_save.connect(changed, sender=GameAnalysis, dispatch_uid="history-version-save-GameAnalysis")
        post_delete.connect(changed, sender=GameAnalysis, dispatch_uid="history-version-delete-GameAnalysis")
