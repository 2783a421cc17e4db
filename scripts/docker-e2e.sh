#!/usr/bin/env bash
# The Docker deployment, end to end, on this machine's engine: build the images (from
# Debian's archive when no registry is reachable), bring the compose stack up on the host's
# network, judge through it as a user would, break it (worker killed mid-judgement, Redis and
# PostgreSQL restarted, a second worker host), then stop and remove everything it started; and
# judge the CPU hostile corpus through the docker sandbox backend beside bwrap (tests/docker). Starts dockerd when no engine answers; installs docker.io and debootstrap
# through scripts/install-system-deps.sh when missing.
#
#   scripts/docker-e2e.sh [PYTEST_ARGS...]        (make docker-e2e)
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PY:-.venv/bin/python}"
log() { echo "docker-e2e: $*" >&2; }

scripts/install-system-deps.sh
if ! docker info >/dev/null 2>&1; then
  command -v dockerd >/dev/null 2>&1 || { log "no dockerd (apt-get install docker.io)"; exit 1; }
  mkdir -p var
  log "starting dockerd (log: var/dockerd.log)"
  nohup dockerd >var/dockerd.log 2>&1 &
  for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || { tail -20 var/dockerd.log >&2; exit 1; }
fi
docker version --format 'docker-e2e: engine {{.Server.Version}}, client {{.Client.Version}}' >&2

empty_env="$(mktemp)"
cleanup() {
  for project in kje2e kje2e-b; do
    COMPOSE_PROJECT_NAME="$project" docker-compose --env-file "$empty_env" -f docker-compose.yml \
      down -v --remove-orphans --timeout 10 >/dev/null 2>&1 || true
  done
  rm -f "$empty_env"
}
trap cleanup EXIT

start=$SECONDS
scripts/docker-build.sh
build_s=$((SECONDS - start))
# The sandbox's own tests first (the CPU hostile corpus judged under docker and compared with
# bwrap's verdicts), on two pytest workers as make test runs the corpus, the cases marked
# `serial` (their verdict needs a core of their own) alone after them; then the stack's tests.
# Each part timed. Exit 5 (nothing selected by PYTEST_ARGS) is no error.
rc=0
pytest_part() {
  local s=0
  "$PY" -m pytest -p no:cacheprovider --durations=10 "$@" || s=$?
  [[ $s -eq 0 || $s -eq 5 ]] || rc=$s
}
sandbox_tests=(tests/docker/test_docker_sandbox.py tests/docker/test_hostile_docker.py)
start=$SECONDS
pytest_part -m "docker and not serial" -n 2 --dist loadgroup "${sandbox_tests[@]}" "$@"
pytest_part -m "docker and serial" -n 0 "${sandbox_tests[@]}" "$@"
sandbox_s=$((SECONDS - start))
start=$SECONDS
pytest_part -m docker -n 0 tests/docker/test_stack_faults.py tests/docker/test_stack_judges.py "$@"
log "images built in ${build_s} s, docker sandbox and hostile corpus ${sandbox_s} s, stack tests $((SECONDS - start)) s (exit $rc)"
exit "$rc"
