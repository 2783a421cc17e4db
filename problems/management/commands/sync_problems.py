"""python manage.py sync_problems [SLUG ...]: load catalog packages into the database."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from problems.services import problems_sync_from_catalog


class Command(BaseCommand):
    help = "Create or update problems from problems/catalog/<slug>/ packages (idempotent)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("slugs", nargs="*", help="only these packages (default: all)")
        parser.add_argument("--catalog", type=Path, default=None, help="catalog folder")

    def handle(self, *args, slugs: list[str], catalog: Path | None, **options) -> None:
        report = problems_sync_from_catalog(catalog or settings.KJ_CATALOG_DIR, slugs=slugs or None)
        for label in ("created", "updated", "unchanged"):
            names = getattr(report, label)
            self.stdout.write(
                f"{label}: {len(names)}" + (f" ({', '.join(names)})" if names else "")
            )
        for error in report.errors:
            self.stderr.write(f"error: {error}")
        if report.errors:
            raise CommandError(f"{len(report.errors)} package(s) failed to load")
