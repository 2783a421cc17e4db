#!/usr/bin/env bash
# A Docker engine on this machine: installs docker.io and debootstrap through
# scripts/install-system-deps.sh when missing, and starts dockerd (log: var/dockerd.log) when no
# engine answers. Used by scripts/docker-e2e.sh and .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
log() { echo "docker-engine: $*" >&2; }

scripts/install-system-deps.sh
if ! docker info >/dev/null 2>&1; then
  command -v dockerd >/dev/null 2>&1 || { log "no dockerd (apt-get install docker.io)"; exit 1; }
  mkdir -p var
  log "starting dockerd (log: var/dockerd.log)"
  nohup dockerd >var/dockerd.log 2>&1 &
  for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || { tail -20 var/dockerd.log >&2; exit 1; }
fi
docker version --format 'docker-engine: engine {{.Server.Version}}, client {{.Client.Version}}' >&2
