"""A club admin for the demo club, with a fresh password printed each time (development only)."""

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games.membership.models import Role
from games.membership.roles import set_role


class Command(BaseCommand):
    help = "Create or reset the demo club's admin and print a new one-time password (refused when DEBUG is off)."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="admin")

    def handle(self, *args, username: str, **options):
        if not settings.DEBUG:
            raise CommandError("demo_admin is for development only (DJANGO_DEBUG is off); use createsuperuser.")
        password = secrets.token_urlsafe(9)
        user, _ = get_user_model().objects.get_or_create(username=username)
        user.set_password(password)
        user.is_superuser = True
        user.save()
        set_role(user, Role.ADMIN)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo club admin: sign in at /account/login as '{username}' with password {password}\n"
                "(a new password is made at every `make run`; invite members at /account/invites)"
            )
        )
