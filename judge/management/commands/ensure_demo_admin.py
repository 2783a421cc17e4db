"""python manage.py ensure_demo_admin: create (once) a demo superuser and print its login."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from accounts.models import ApiToken
from accounts.services import token_create


class Command(BaseCommand):
    help = "Create a demo admin with a random password (kept in var/demo-admin.txt) and print it."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--username", default="admin")

    def handle(self, *args, username: str, **options) -> None:
        path = settings.VAR_DIR / "demo-admin.txt"
        User = get_user_model()
        user = User.objects.filter(username=username).first()
        if user is None:
            password = secrets.token_urlsafe(12)
            user = User.objects.create_superuser(username, f"{username}@localhost", password)
            path.write_text(password + "\n")
            path.chmod(0o600)
        elif path.is_file():
            password = path.read_text().strip()
        else:
            password = "(unchanged; set one with: python manage.py changepassword)"
        # Only a hash of a key is stored, so each run replaces the demo token with a new one.
        ApiToken.objects.filter(user=user, name="demo").delete()
        _, key = token_create(user, "demo")
        self.stdout.write(f"Demo admin  user: {username}  password: {password}")
        self.stdout.write(f"API token   {key}")
