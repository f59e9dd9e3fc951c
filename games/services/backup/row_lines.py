"""A backup's row lines (`ROW_KINDS`: accounts, board data, events, analyses of version 2; luck
analyses, puzzle queues, uploads of records and invitations of version 3) restored: Django's own
serialized rows, each line a first row and the rows that belong to it, their links pointed to the
rows the restore wrote. A part of `restore._Restorer`."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.serializers.base import DeserializationError
from django.db import IntegrityError, transaction
from django.db.models import Model

from games.models import BoardData, Game, Player
from games.services.backup.fields import LineError, _clean, _get, _int, _list
from games.services.backup.fileformat import ROW_KINDS, SECTION
from games.services.backup.report import RestoreReport

#: The models of each kind of row line, the line's own first.
_LINE_MODELS: dict[str, tuple[type[Model], ...]] = {
    kind: tuple(apps.get_model(label) for label in SECTION[kind].models) for kind in ROW_KINDS
}
#: The tables a restore into an empty club writes with their ids (PostgreSQL's sequences moved past them).
WITH_IDS: list[type[Model]] = [Player, Game, *(m for models in _LINE_MODELS.values() for m in models)]


class RowLines:
    """The restorer's handling of row lines; the restorer holds the state named here."""

    merge: bool
    report: RestoreReport
    users: dict[int, int]
    players: dict[int, int]
    games: dict[int, int]
    board_data: dict[int, int]
    warning: Callable[[int, str], None]  # the restorer's: a warning on a line of the file

    def _rows(self, number: int, kind: str, data: dict) -> None:
        # An upload's id is its UUID; every other line's a whole number (the links below map those).
        backup_id: int | str = _uuid(data) if kind == "import_job" else _int(data, "id")
        if self.merge:
            self.report.skipped[kind] = self.report.skipped.get(kind, 0) + 1
            return
        label = f"{SECTION[kind].one} {backup_id}"
        try:
            objects = list(serializers.deserialize("python", _list(data, "rows")))
        except (DeserializationError, ValidationError, LookupError, TypeError, AttributeError) as exc:
            raise LineError(f"{label}: the rows cannot be read ({str(exc)[:200]})") from None
        models = _LINE_MODELS[kind]
        if not objects or type(objects[0].object) is not models[0] or any(
                type(o.object) not in models for o in objects):
            names = ", ".join(m._meta.label for m in models)
            raise LineError(f"{label}: the rows must be a {models[0]._meta.label} then its own rows ({names})")
        if kind == "puzzle_queue" and (
                strays := [o.object.pk for o in objects if getattr(o.object, "player_id", None) != backup_id]):
            raise LineError(f"{label}: puzzle(s) {', '.join(map(str, strays))} are not player {backup_id}'s")
        if kind == "import_job" and str(objects[0].object.pk) != backup_id:
            raise LineError(f"{label}: its row is import job {objects[0].object.pk}")
        if kind == "user" and self._account_kept(number, int(backup_id), objects[0].object):
            return
        try:
            with transaction.atomic():
                for row in objects:
                    self._link(row.object, label)
                    self._check(row.object, label)
                    row.m2m_data = {}  # groups and permissions: the deployment's, not the club's
                    row.save()
                    if kind == "user" and row is objects[0]:
                        self.users[int(backup_id)] = row.object.pk
        except IntegrityError as exc:
            if kind == "user":
                self.users.pop(int(backup_id), None)
            raise LineError(f"{label} conflicts with a stored row ({exc})") from None
        if kind == "board_data":
            self.board_data[int(backup_id)] = objects[0].object.pk
        self.report.rows[kind] = self.report.rows.get(kind, 0) + 1
        self.report.tally[kind] += 1
        self.report.tally.update(o.object._meta.label for o in objects)

    def _account_kept(self, number: int, backup_id: int, user) -> bool:
        """An account whose username the database has already (the admin who runs the restore):
        kept as it is, the backup's rows pointing to it; one whose id is taken gets a new id."""
        User = get_user_model()
        same_name = User.objects.filter(**{User.USERNAME_FIELD: user.get_username()})
        existing = same_name.values_list("pk", flat=True).first()
        if existing is not None:
            self.users[backup_id] = existing
            self.warning(number, f"account {user.get_username()!r} already exists: kept as the database has it")
            return True
        if User.objects.filter(pk=user.pk).exists():
            user.pk = None
        return False

    def _link(self, row, label: str) -> None:
        """Point a row's links to the rows restored: accounts, players, games and board data by
        the ids they got; the line's own rows keep theirs."""
        for model_field in row._meta.concrete_fields:
            if not model_field.is_relation:
                continue
            value = getattr(row, model_field.attname)
            mapping = self._ids_of(model_field.related_model)
            if value is None or mapping is None:
                continue
            if value not in mapping:
                raise LineError(f"{label}: {row._meta.model_name}.{model_field.name} is "
                                f"{model_field.related_model._meta.model_name} {value}, which was not restored")
            setattr(row, model_field.attname, mapping[value])

    @staticmethod
    def _check(row, label: str) -> None:
        """The model's own field checks (ranges, lengths, choices), so a bad value is named by its
        field rather than by the database's constraint; links are checked by `_link`."""
        try:
            _clean(row, exclude=[f.name for f in row._meta.concrete_fields if f.is_relation],
                   where=row._meta.model_name)
        except LineError as exc:
            raise LineError(f"{label}: {exc}") from None

    def _ids_of(self, model) -> dict[int, int] | None:
        if model is get_user_model():
            return self.users
        return {Player: self.players, Game: self.games, BoardData: self.board_data}.get(model)


def _uuid(data: dict) -> str:
    """An upload of records's line id: its UUID."""
    value = _get(data, "id", "")
    try:
        return str(uuid.UUID(value))
    except (TypeError, ValueError, AttributeError):
        raise LineError(f"id must be an import job's UUID, got {value!r:.40}") from None
