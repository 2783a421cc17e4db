"""Django settings for KernelJudge. Everything comes from the environment with safe defaults.

Embedded default (no services needed): SQLite under var/, Celery on kombu's filesystem
transport under var/broker/. Production: DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL
or REDIS_URL (Redis).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import dj_database_url

from config.env import env_bool, env_int, env_list, secret_key

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("KJ_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)

SECRET_KEY = secret_key(VAR_DIR)
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "accounts",
    "problems",
    "judge",
    "contests",
    "web",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "judge.api.middleware.ApiJsonErrorsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- database -------------------------------------------------------------------------------
_SQLITE_DEFAULT = f"sqlite:///{VAR_DIR / 'db.sqlite3'}"
DATABASES = {"default": dj_database_url.parse(os.environ.get("DATABASE_URL") or _SQLITE_DEFAULT)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Web and worker processes share the file: wait on locks instead of failing at once,
    # take the write lock up front, and let readers run beside a writer (WAL).
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 30,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL;",
    }
    # A file (not :memory:) so worker subprocesses started by integration tests see the
    # same test database; the pid keeps parallel test runs apart.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-{os.getpid()}.sqlite3")}
else:
    # A process keeps its server connection for KJ_DB_CONN_MAX_AGE seconds instead of opening
    # one per request (5-8 ms of every PostgreSQL page view here; docs/performance.md); the
    # health check replaces a connection that died (a database restart) before it is used.
    DATABASES["default"]["CONN_MAX_AGE"] = env_int("KJ_DB_CONN_MAX_AGE", 60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"  # collectstatic target (production)
STATIC_ROOT.mkdir(exist_ok=True)
WHITENOISE_USE_FINDERS = True  # serve app static files without collectstatic (make run)
LOGIN_URL = "/admin/login/"

REST_FRAMEWORK = {
    # Token first: an anonymous API call then gets 401 with `WWW-Authenticate: Token`.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "judge.api.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "judge.api.errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "KernelJudge API",
    "DESCRIPTION": "Problems, submissions, leaderboards and tokens (docs/api.md).",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",  # assets served by this site, not a CDN
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
}
# Per-user request throttle on POST /api/v1/submissions/ ("N/s|m|h|d"; empty = off), on top
# of the judging rate limit KJ_RATE_LIMIT_COUNT per KJ_RATE_LIMIT_WINDOW_S.
KJ_SUBMIT_THROTTLE = os.environ.get("KJ_SUBMIT_THROTTLE", "30/min")
KJ_SSE_MAX_S = env_int("KJ_SSE_MAX_S", 900)  # an event stream closes after this long
KJ_SSE_POLL_S = float(os.environ.get("KJ_SSE_POLL_S") or 0.3)

# KJ_LOG_FORMAT=json: one JSON object per line with the judging context (judge/ops/logfmt.py).
KJ_LOG_FORMAT = os.environ.get("KJ_LOG_FORMAT", "text").strip().lower()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
        "json": {"()": "judge.ops.logfmt.JsonFormatter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "json" if KJ_LOG_FORMAT == "json" else "text",
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# --- judging rules (the languages are the runner's: runner.contract.LANGUAGES) --------------
# Email (password resets): printed on the console unless EMAIL_HOST names an SMTP server.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", EMAIL_PORT == 587)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", EMAIL_PORT == 465)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "KernelJudge <noreply@localhost>")
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT", 3 * 24 * 3600)

KJ_MAX_SOURCE_BYTES = env_int("KJ_MAX_SOURCE_BYTES", 64 * 1024)
# A request body over this is refused before it is read (the API answers 413 in JSON).
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("KJ_MAX_REQUEST_BYTES", 2_621_440)  # Django's 2.5 MB
# A web process keeps each contest's board until what it reads changes (off: computed on
# every request); a change of the submissions is taken in at most once per
# KJ_CONTEST_BOARD_REFRESH_S seconds (0: on the next request), in the background while the
# board in hand is under twice that old; organisers' changes at once: docs/contests.md.
KJ_CONTEST_BOARD_CACHE = env_bool("KJ_CONTEST_BOARD_CACHE", True)
KJ_CONTEST_BOARD_REFRESH_S = env_int("KJ_CONTEST_BOARD_REFRESH_S", 2)
KJ_RATE_LIMIT_COUNT = env_int("KJ_RATE_LIMIT_COUNT", 10)  # submissions per user ...
KJ_RATE_LIMIT_WINDOW_S = env_int("KJ_RATE_LIMIT_WINDOW_S", 60)  # ... per this many seconds
# Profiles (mode "profile", docs/profiling.md): their own rate limit, and the Nsight Compute
# reports the worker keeps in KJ_PROFILE_DIR within KJ_PROFILE_BUDGET_BYTES (oldest expire).
KJ_PROFILE_RATE_LIMIT_COUNT = env_int("KJ_PROFILE_RATE_LIMIT_COUNT", 5)
KJ_PROFILE_RATE_LIMIT_WINDOW_S = env_int("KJ_PROFILE_RATE_LIMIT_WINDOW_S", 3600)
KJ_PROFILE_BUDGET_BYTES = env_int("KJ_PROFILE_BUDGET_BYTES", 1 << 30)
KJ_PROFILE_DIR = Path(os.environ.get("KJ_PROFILE_DIR") or VAR_DIR / "profiles")
KJ_WORKER_LIVE_S = env_int("KJ_WORKER_LIVE_S", 60)  # a worker is live if it heartbeated since
KJ_STATS_CACHE_S = env_int("KJ_STATS_CACHE_S", 30)  # problem list counts cached this long (0: off)
KJ_LEADERBOARD_CACHE_S = env_int("KJ_LEADERBOARD_CACHE_S", 10)  # leaderboards, likewise
# GPU device kinds accepted even with no live worker ("*" = any gpu-* kind).
KJ_ALLOW_OFFLINE_DEVICE_KINDS = env_list("KJ_ALLOW_OFFLINE_DEVICE_KINDS", [])
KJ_JOB_TIMEOUT_S = env_int("KJ_JOB_TIMEOUT_S", 600)  # wall clock of one runner child
KJ_QUEUED_STALE_S = env_int("KJ_QUEUED_STALE_S", 900)  # re-enqueue a row queued this long
KJ_MAX_ATTEMPTS = env_int("KJ_MAX_ATTEMPTS", 3)
# Fair scheduling: a judging task claims the queued submission of the least recently served
# user on its device kind, not necessarily the one it was sent for (docs/operations.md).
KJ_FAIR_SCHEDULING = env_bool("KJ_FAIR_SCHEDULING", True)
KJ_DB_RETRIES = env_int("KJ_DB_RETRIES", 6)  # tries of a judging DB write across a dropped
KJ_DB_RETRY_BACKOFF_S = float(os.environ.get("KJ_DB_RETRY_BACKOFF_S") or 0.5)  # connection
KJ_METRICS_TOKEN = os.environ.get("KJ_METRICS_TOKEN", "")  # if set, /metrics wants Bearer it
KJ_QUEUE_PREFIX = os.environ.get("KJ_QUEUE_PREFIX", "")  # isolates parallel test runs
KJ_RUNNER_PYTHON = os.environ.get("KJ_RUNNER_PYTHON", sys.executable)
KJ_RUNNER_CWD = os.environ.get("KJ_RUNNER_CWD", str(BASE_DIR))
# The warm runner service (runner/service/server.py, docs/performance.md): judge_worker starts one
# `python -m runner serve` per device and points its Celery worker at it with
# KJ_RUNNER_SOCKET; the task falls back to spawning `python -m runner job` when the service
# is absent or dies. KJ_RUNNER_SERVICE=0 turns the whole feature off.
KJ_RUNNER_SERVICE = env_bool("KJ_RUNNER_SERVICE", False)
KJ_RUNNER_SOCKET = os.environ.get("KJ_RUNNER_SOCKET", "")  # set per worker by judge_worker
# The name a judging host gives its workers ("<host>:cpu", "<host>:gpu0") and Celery nodes;
# default: the machine's host name. Two worker containers on one host's network set their own.
KJ_WORKER_HOST = os.environ.get("KJ_WORKER_HOST", "")
KJ_RUNNER_SOCKET_DIR = os.environ.get("KJ_RUNNER_SOCKET_DIR", "")  # default: a fresh 0700 tmp dir
# A worker's language self-tests (judge/worker/selftests.py): at start and then every this many
# seconds; 0 only at start, -1 never (the site then offers the languages' records).
KJ_SELFTEST_EVERY_S = env_int("KJ_SELFTEST_EVERY_S", 600)
KJ_CATALOG_DIR = Path(os.environ.get("KJ_CATALOG_DIR", BASE_DIR / "problems" / "catalog"))

# --- Celery ---------------------------------------------------------------------------------
BROKER_DIR = Path(os.environ.get("KJ_BROKER_DIR", VAR_DIR / "broker"))
CELERY_BROKER_URL = (
    os.environ.get("CELERY_BROKER_URL") or os.environ.get("REDIS_URL") or "filesystem://"
)
CELERY_TASK_SOFT_TIME_LIMIT = KJ_JOB_TIMEOUT_S + 30
CELERY_TASK_TIME_LIMIT = KJ_JOB_TIMEOUT_S + 60
# A claimed submission is reclaimable (and requeued by the reconciler) after this long.
KJ_RUNNING_STALE_S = env_int("KJ_RUNNING_STALE_S", CELERY_TASK_TIME_LIMIT + 60)
if CELERY_BROKER_URL.startswith("filesystem"):
    BROKER_DIR.mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS: dict = {
        "data_folder_in": str(BROKER_DIR),
        "data_folder_out": str(BROKER_DIR),
        "processed_folder": str(BROKER_DIR / "processed"),
        "control_folder": str(BROKER_DIR / "control"),
        "store_processed": False,
        "polling_interval": 0.1,  # a Run waits for the poll: 50 ms on average
    }
    # The filesystem transport has no fanout exchange for remote control.
    CELERY_WORKER_ENABLE_REMOTE_CONTROL = False
else:
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": max(3600, CELERY_TASK_TIME_LIMIT * 2),
        "queue_order_strategy": "priority",
        "priority_steps": list(range(10)),
        "sep": ":",
    }
CELERY_RESULT_BACKEND = None  # results live in the database
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_DEFAULT_QUEUE = f"{KJ_QUEUE_PREFIX}cpu"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
