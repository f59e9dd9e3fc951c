"""A template loader over the adapters' folders (``GameUI.templates``), so a game's templates
live with its adapter, built in or installed, and follow the registry's plugins."""

from __future__ import annotations

from django.template.loaders.filesystem import Loader as FilesystemLoader


class Loader(FilesystemLoader):
    def get_dirs(self):
        from games.ui.registry import ui_registry

        return ui_registry().template_dirs()
