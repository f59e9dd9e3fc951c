from django.apps import AppConfig


class ImhotepSiteConfig(AppConfig):
    """Site-wide wiring: builds the plugin registry settings, registers the system checks, and
    revokes a user's API tokens when their password changes."""

    name = "imhotep_site"
    verbose_name = "Imhotep site"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import pre_save

        from imhotep_site import plugins, tokens

        plugins.configure_from_settings()
        pre_save.connect(tokens.revoke_on_new_password, sender=get_user_model(), dispatch_uid="revoke-tokens")
