"""`manage.py check` reports plugin problems under stable ids."""

import types

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from imhotep_site.plugins import check_plugins
from rules_engine import hookimpl, registry
from rules_engine.duel.plugin import DuelGame


@pytest.fixture
def restore_registry():
    yield
    registry.configure(load_entry_points=False)


def test_clean_registry_has_no_findings(restore_registry):
    registry.configure(load_entry_points=False)
    assert check_plugins() == []


def test_duplicate_game_is_error_imhotep_e001(restore_registry):
    module = types.ModuleType("dupe")

    def imhotep_games():
        return [DuelGame()]

    module.imhotep_games = hookimpl(imhotep_games)
    registry.configure(load_entry_points=False, extra_plugins={"dupe": module})
    (finding,) = check_plugins()
    assert finding.id == "imhotep.E001"
    assert "game 'duel' is registered twice" in finding.msg
    with pytest.raises(SystemCheckError, match=r"imhotep\.E001"):
        call_command("check")


def test_allow_list_naming_no_plugin_is_warning_imhotep_w001(settings, restore_registry):
    settings.IMHOTEP_PLUGINS_ALLOW = ["duel", "no-such-plugin"]
    registry.configure(load_entry_points=False, allow=settings.IMHOTEP_PLUGINS_ALLOW)
    (finding,) = check_plugins()
    assert finding.id == "imhotep.W001"
    assert "'no-such-plugin'" in finding.msg
