#!/usr/bin/env bash
# Entry point of the web image (docker/web.Dockerfile).
#
#   serve (default)  wait for the database, migrate, sync the problem catalog, exec gunicorn
#   anything else    exec it as is, e.g. `docker compose run --rm web python manage.py createsuperuser`
#
# Environment (all optional):
#   DB_WAIT_TIMEOUT_S       seconds to wait for the database (default 90)
#   KJ_MIGRATE_ON_START     1 (default) | 0: with several web replicas let exactly one migrate
#   KJ_SYNC_PROBLEMS        1 (default) | 0: skip `manage.py sync_problems`
#   PORT / GUNICORN_BIND    listen address (default 0.0.0.0:$PORT, PORT=8000)
#   GUNICORN_WORKERS        gunicorn worker processes (default 3)
#   GUNICORN_THREADS        threads per worker (default 16): live event streams
#                           (/api/v1/submissions/{id}/events/) hold a thread for minutes
#   GUNICORN_CMD_ARGS       any further gunicorn settings (read by gunicorn itself)
set -euo pipefail

cd "$(dirname "$0")/.."
export DJANGO_SETTINGS_MODULE="${DJANGO_SETTINGS_MODULE:-config.settings}"

log() { echo "entrypoint-web: $*" >&2; }

wait_for_database() {
  local timeout="${DB_WAIT_TIMEOUT_S:-90}" start=$SECONDS
  until python - <<'PY'
import django
django.setup()
from django.db import connection
connection.ensure_connection()
PY
  do
    if (( SECONDS - start >= timeout )); then
      log "the database did not answer within ${timeout}s (DATABASE_URL's host, user, password?)"
      exit 1
    fi
    log "waiting for the database..."
    sleep 2
  done
  log "database is up"
}

# docker-compose.yml's local-only SECRET_KEY and database password are for a site only this
# machine reaches: a site that answers any other host name must have its own.
refuse_local_secrets() {
  local host
  if [[ "${SECRET_KEY:-}" != kj-local-only* && "${DATABASE_URL:-}" != *:kj-local-only@* ]]; then
    return 0
  fi
  for host in ${ALLOWED_HOSTS//,/ }; do
    case "$host" in
      localhost | 127.0.0.1 | "[::1]" | ::1) ;;
      *)
        log "ALLOWED_HOSTS names $host but SECRET_KEY or POSTGRES_PASSWORD is the local-only"
        log "default of docker-compose.yml: set both in .env (docs/deploy.md)"
        exit 1
        ;;
    esac
  done
}

if [[ "${1:-serve}" != "serve" ]]; then
  exec "$@"
fi

refuse_local_secrets

wait_for_database
if [[ "${KJ_MIGRATE_ON_START:-1}" == "1" ]]; then
  python manage.py migrate --noinput
fi
if [[ "${KJ_SYNC_PROBLEMS:-1}" == "1" ]]; then
  # A broken package must not take the whole site down: the others are still synced and the
  # command names the failures; the site serves what loaded.
  python manage.py sync_problems || log "WARNING: some problem packages failed to sync (see above)"
fi
exec gunicorn config.wsgi:application \
  --bind "${GUNICORN_BIND:-0.0.0.0:${PORT:-8000}}" \
  --workers "${GUNICORN_WORKERS:-3}" \
  --worker-class gthread --threads "${GUNICORN_THREADS:-16}" \
  --access-logfile - \
  --error-logfile -
