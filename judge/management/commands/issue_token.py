"""python manage.py issue_token USERNAME [--name N]: create a personal API token, print it."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from accounts.services import TokenError, token_create


class Command(BaseCommand):
    help = "Create a personal API token for a user and print the key (shown only once)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default="cli", help="a label for the token (default: cli)")

    def handle(self, *args, username: str, name: str, **options) -> None:
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"No user {username!r}. Create one with createsuperuser first.")
        try:
            token, key = token_create(user, name=name)
        except TokenError as exc:
            raise CommandError(exc.message) from None
        self.stdout.write(key)
        self.stderr.write(f"Token {token.pk} ({name!r}) for {username}; it is not shown again.")
