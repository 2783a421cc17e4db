"""`manage.py validate_problems [SLUG...] [--device cpu|cuda]`: judge every package's reference,
solutions and starters through the runner, and fail if any verdict is not the expected one."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from runner.service.client import validate_packages


class Command(BaseCommand):
    help = "Validate problem packages: schema, solutions accepted/rejected, starters compile."

    def add_arguments(self, parser):
        parser.add_argument("slugs", nargs="*")
        parser.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, slugs, device, json, **options):
        argv = [*slugs, "--device", device, "--catalog", str(settings.KJ_CATALOG_DIR)]
        if json:
            argv.append("--json")
        status = validate_packages(argv)
        if status == 2:
            raise CommandError("invalid arguments")
        if status != 0:
            raise CommandError("some problem packages failed validation")
