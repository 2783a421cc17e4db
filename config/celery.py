"""The Celery application. Configuration lives in Django settings (CELERY_* names)."""

import os
from pathlib import Path

from celery import Celery
from celery.signals import worker_ready
from kombu.transport import TRANSPORT_ALIASES

from config import filesystem_broker

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# filesystem:// (the embedded default) writes each message whole before a consumer can see it
TRANSPORT_ALIASES[filesystem_broker.NAME] = filesystem_broker.PATH

app = Celery("judge")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_ready.connect
def _worker_ready_mark(**_kwargs) -> None:
    """A file named after this worker in KJ_CELERY_READY_DIR once it consumes: `run_site`
    prints its summary box after every worker's start-up banner (judge_worker collects them)."""
    folder = os.environ.get("KJ_CELERY_READY_DIR")
    if folder:
        Path(folder, os.environ.get("KJ_WORKER_NAME", "worker").replace("/", "_")).touch()
