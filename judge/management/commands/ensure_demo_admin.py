"""python manage.py ensure_demo_admin: create (once) a demo superuser and print its login.
The password and the API token stay the same from run to run (kept in var/, mode 0600)."""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand

from accounts.services import demo_admin_ensure


class Command(BaseCommand):
    help = (
        "Create a demo admin with a random password and API token (kept in var/demo-admin.txt "
        "and var/demo-admin-token.txt) and print them; later runs print the same ones."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--username", default="admin")

    def handle(self, *args, username: str, **options) -> None:
        demo = demo_admin_ensure(username=username, var_dir=settings.VAR_DIR)
        self.stdout.write(f"Demo admin  user: {demo.username}  password: {demo.password}")
        self.stdout.write(f"API token   {demo.token}")
