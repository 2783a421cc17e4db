"""KernelJudge Django project package and judging app."""

from judge.celery import app as celery_app

__all__ = ["celery_app"]
