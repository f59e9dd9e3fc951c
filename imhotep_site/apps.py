from django.apps import AppConfig


class ImhotepSiteConfig(AppConfig):
    """Site-wide wiring: builds the plugin registry settings and registers the system checks."""

    name = "imhotep_site"
    verbose_name = "Imhotep site"

    def ready(self) -> None:
        from imhotep_site import plugins

        plugins.configure_from_settings()
