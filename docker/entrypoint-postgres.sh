#!/usr/bin/env bash
# Entry point of docker/postgres.Dockerfile: on an empty $PGDATA, make the cluster with
# $POSTGRES_USER (password $POSTGRES_PASSWORD, required) as its superuser and the database
# $POSTGRES_DB; connections over TCP need that password (scram-sha-256). Then exec the command
# (`postgres ARGS...` runs the server; anything else runs as is).
set -euo pipefail
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"

if [[ "${1:-}" == "postgres" && ! -s "$PGDATA/PG_VERSION" ]]; then
  if [[ -z "${POSTGRES_PASSWORD:-}" ]]; then
    echo "entrypoint-postgres: POSTGRES_PASSWORD is empty" >&2
    exit 1
  fi
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [[ "$db" != "postgres" ]]; then
    echo "CREATE DATABASE \"$db\" OWNER \"$user\";" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  echo "entrypoint-postgres: made the cluster, user $user, database $db" >&2
fi
if [[ "${1:-}" == "postgres" ]]; then
  shift
  exec postgres -D "$PGDATA" "$@"
fi
exec "$@"
