"""Every table of the service is decided for backups (issue 52, docs/backups.md "What a backup
carries"): carried by a section of the file, derived from what is carried, or not carried
(transient, the deployment's). A model added later fails here until it is decided, so backups
cannot drop a table silently; a field added to a model whose line is written field by field
(players, games, seats, results) fails here until the line carries it."""

from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings

from games.models import Game, Player, Result, Seat
from games.services.backup import tables
from games.services.backup.fileformat import RESULT_FIELDS, ROW_KINDS, SECTION, game_line, player_line
from tests.factories import finished_game

pytestmark = pytest.mark.django_db


def test_every_installed_model_is_carried_derived_or_said_not_carried():
    assert tables.unclassified() == []


def test_a_model_is_in_one_list_only():
    lists = (tables.CARRIED, tables.DERIVED, tables.NOT_CARRIED)
    labels = [label for listed in lists for label in listed]
    assert len(labels) == len(set(labels))


def test_every_listed_model_is_installed():
    installed = {m._meta.label for m in tables.all_models()}
    listed = tables.CARRIED.keys() | tables.DERIVED.keys() | tables.NOT_CARRIED.keys() | tables.LEFT_OUT.keys()
    assert sorted(listed - installed) == []


def test_a_model_added_later_is_caught(monkeypatch):
    known, before = tables.all_models(), tables.unclassified()
    monkeypatch.setattr(tables, "all_models", lambda: [*known, type("Stray", (), {"_meta": _Meta("games.Stray")})])
    assert tables.unclassified() == sorted([*before, "games.Stray"])


class _Meta:
    def __init__(self, label):
        self.label = label


def test_the_game_line_carries_every_field_of_games_seats_and_results():
    game = finished_game(names=["Ana", "Ben"], totals=[30, 20])
    line = game_line(game)
    assert _fields(Game) - {"id"} <= line.keys()
    assert _fields(Seat) - {"id", "game"} <= line["seats"][0].keys()
    assert _fields(Result) - {"id", "seat"} == set(RESULT_FIELDS)


def test_the_player_line_carries_every_field_but_the_name_key_worked_out_from_the_name():
    player = Player.objects.create(name="Ana")
    assert _fields(Player) - {"id", "name_key"} <= player_line(player).keys()


def _fields(model) -> set[str]:
    return {f.name for f in model._meta.concrete_fields}


def test_docs_backups_names_every_field_of_every_row_line():
    # docs/backups.md documents the row lines field by field: a field added to a carried model
    # fails here until the page names it (the file carries it already: Django's serialisation).
    text = (Path(settings.BASE_DIR) / "docs" / "backups.md").read_text(encoding="utf-8")
    missing = [f"{label}.{field.name}" for kind in ROW_KINDS for label in SECTION[kind].models
               for field in apps.get_model(label)._meta.concrete_fields
               if not field.primary_key and f"`{field.name}`" not in _section_of(text, kind)]
    assert missing == []


def _section_of(text: str, kind: str) -> str:
    start = text.index(f"**`{kind}`**")
    end = text.find("\n**`", start + 1)
    return text[start:end if end != -1 else None]
