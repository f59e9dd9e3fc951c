from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = 'django.db.models.BigAutoField'
    name = 'games'

    def ready(self):
        from django.db.models.signals import post_delete, post_migrate, post_save

        from games import boarddata
        from games.models import Game, GameFacts, Player, Rating, Result, Seat
        from games.services.explorer_facts import facts_changed
        from games.services.history_version import changed, migrated
        from rules_engine.overlays import set_board_data_source

        # The club's board data (games/boarddata.py) reaches the engine beside the plugins'.
        set_board_data_source(boarddata.current_overlays)

        # The games list and the standings cache their tables under the history's version
        # (games/services/history_version.py): what the tables show moves it on (a move does not).
        for model in (Game, Player, Seat, Result, Rating):
            post_save.connect(changed, sender=model, dispatch_uid=f"history-version-save-{model.__name__}")
            post_delete.connect(changed, sender=model, dispatch_uid=f"history-version-delete-{model.__name__}")
        # The explorer's facts move the explorer's own version: a fill keeps the other tables' caches.
        post_save.connect(facts_changed, sender=GameFacts, dispatch_uid="explorer-facts-save")
        post_delete.connect(facts_changed, sender=GameFacts, dispatch_uid="explorer-facts-delete")
        # An upgrade runs migrate (`make serve` does on every start): tables drawn by the old
        # templates are not served after it.
        post_migrate.connect(migrated, sender=self, dispatch_uid="history-version-migrate")

        # A worker rates any games an import that died halfway left unrated (games.services.ratings.catch_up),
        # before each task it starts: the first one after it starts, at the latest.
        from django_tasks.signals import task_started

        task_started.connect(_catch_up_ratings, dispatch_uid="games-ratings-catch-up")


def _catch_up_ratings(**kwargs) -> None:
    from games.models import RatingsBacklog
    from games.services import ratings

    if RatingsBacklog.objects.exists():
        ratings.catch_up()
