"""The plugin registry as the Django side sees it: configured from settings, checked by
`manage.py check` (ids imhotep.E001 and imhotep.W001, stable)."""

from django.conf import settings
from django.core import checks

from rules_engine import registry
from rules_engine.errors import PluginError


def configure_from_settings() -> None:
    registry.configure(
        load_entry_points=settings.IMHOTEP_PLUGINS_LOAD,
        allow=settings.IMHOTEP_PLUGINS_ALLOW,
        block=settings.IMHOTEP_PLUGINS_BLOCK,
    )


@checks.register("imhotep")
def check_plugins(app_configs=None, **kwargs):
    try:
        reg = registry.default_registry()
    except PluginError as exc:
        return [
            checks.Error(
                f"The plugin registry cannot be built: {exc}",
                hint="Uninstall or block the plugin (IMHOTEP_PLUGINS_BLOCK) or fix its registration.",
                id="imhotep.E001",
            )
        ]
    named = set(settings.IMHOTEP_PLUGINS_ALLOW or ()) | set(settings.IMHOTEP_PLUGINS_BLOCK)
    unknown = sorted(named - set(reg.plugins) - set(settings.IMHOTEP_PLUGINS_BLOCK))
    return [
        checks.Warning(
            f"IMHOTEP_PLUGINS_ALLOW names {name!r}, but no installed plugin has that name.",
            hint=f"Loaded plugins: {', '.join(sorted(reg.plugins))}.",
            id="imhotep.W001",
        )
        for name in unknown
    ]
