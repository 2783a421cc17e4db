"""The KernelJudge Django project: settings, URL composition, the Celery app, WSGI/ASGI.

The Celery app is imported here so that `@shared_task`s bind to it in every process that
loads the settings (web, worker, manage.py)."""

from config.celery import app as celery_app

__all__ = ["celery_app"]
