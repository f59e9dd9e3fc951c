"""Every table of the service and what a backup does with it (docs/backups.md, "What a backup
carries"): carried (by the section of `SECTIONS` that names its model), derived (worked out
again from what is carried: from what), or not carried (transient, or the deployment's own: why).
A test fails when a model is in none of them, so a table added later cannot be dropped by
backups without anyone deciding it.
"""

from __future__ import annotations

from django.apps import apps
from django.db.models import Model

from games.services.backup.fileformat import SECTIONS

#: Model label → the kind of line that carries its rows.
CARRIED: dict[str, str] = {label: section.kind for section in SECTIONS for label in section.models}

#: Partly carried: the rows a backup leaves out, and why.
LEFT_OUT: dict[str, str] = {
    "analysis.GameAnalysis": "one queued, running or failed: asked again, a worker works it out",
    "analysis.GameLuck": "one queued, running or failed: asked again, a worker works it out",
    "games.ImportJob": "one queued or running: its games stored so far are carried; the uploader sends the rest "
                       "again (a record stored already is recognised)",
    "games.Move": "move_id, the recording page's key against a tap sent twice (seconds long)",
    "auth.User": "groups and per-user permissions (the deployment's)",
}

#: Model label → what a restore works it out from.
DERIVED: dict[str, str] = {
    "games.Rating": "the results in the rating order (played_on, id): import_all rebuilds them",
    "games.GameFacts": "each game's moves (the explorer's facts): import_all works them out at its end",
}

#: Model label → why a backup does not carry it.
NOT_CARRIED: dict[str, str] = {
    "games.RatingsBacklog": "transient: the mark of games not rated yet; import_all rates every game it writes",
    "sessions.Session": "transient: sign-ins; members sign in again",
    "games.CacheVersion": "transient: the history's cache version (a new random value at each write); the restore's "
                          "writes move it, so nothing cached before is served",
    "django_tasks_database.DBTaskResult": "transient: the background task queue; finished work is in its rows",
    "axes.AccessAttempt": "transient: failed sign-ins, counted for lock-outs",
    "axes.AccessAttemptExpiration": "transient: when a lock-out ends",
    "axes.AccessFailureLog": "transient: the log of failed sign-ins",
    "axes.AccessLog": "transient: the log of sign-ins",
    "admin.LogEntry": "the deployment's: the admin site's log, pointing to content types of this database",
    "authtoken.Token": "the deployment's: API tokens; members make new ones",
    "authtoken.TokenProxy": "the deployment's: API tokens (the admin's view of them)",
    "seasons.CalendarFeed": "the deployment's: calendar feed secrets are credentials, like API tokens; a member's "
                            "calendar page makes a new address (and they tick email notices again)",
    "auth.Group": "the deployment's: permission groups",
    "auth.Group_permissions": "the deployment's: permission groups",
    "auth.User_groups": "the deployment's: permission groups",
    "auth.User_user_permissions": "the deployment's: per-user permissions (roles are carried)",
    "auth.Permission": "the deployment's: made by migrate",
    "contenttypes.ContentType": "the deployment's: made by migrate",
}


def unclassified() -> list[str]:
    """The installed models a backup neither carries nor lists as derived or not carried."""
    known = CARRIED.keys() | DERIVED.keys() | NOT_CARRIED.keys()
    return sorted(m._meta.label for m in all_models() if m._meta.label not in known)


def all_models() -> list[type[Model]]:
    """Every installed model, the many-to-many tables Django makes included."""
    return list(apps.get_models(include_auto_created=True))


def carried_models() -> list[type[Model]]:
    """The carried models, in the file's order."""
    return [apps.get_model(label) for label in CARRIED]
