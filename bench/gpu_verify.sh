#!/usr/bin/env bash
# The GPU verification runs (verdicts, not speed), each under its own time limit so that a
# slow part leaves the others' output:
#
#   bash bench/gpu_verify.sh tests     # pytest -m gpu tests/runner + the hostile corpus on cuda
#   bash bench/gpu_verify.sh catalog   # validate all 57 packages on cuda (--jobs 8)
#
# Writes logs and JSON under $OUT (the device tool's output folder) or
# bench/results/<date>-h200/, then prints a short summary.
set -uo pipefail
cd "$(dirname "$0")/.."
PART="${1:-tests}"
PY="${PYTHON:-python3}"
OUT_DIR="${OUT:-bench/results/$(date -u +%Y-%m-%d)-h200}"
mkdir -p "$OUT_DIR"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
log() { echo "[gpu_verify $(date -u +%H:%M:%S)] $*" >&2; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; git rev-parse --short HEAD 2>/dev/null; git status --short | head -20; } > "$OUT_DIR/machine.txt" 2>&1

if [[ "$PART" == tests ]]; then
  log "pytest -m gpu tests/runner"
  timeout "${PYTEST_LIMIT:-300}" "$PY" -m pytest -m gpu tests/runner -q -rA -p no:cacheprovider \
    > "$OUT_DIR/pytest_gpu.txt" 2>&1 || log "pytest exited with $?"
  log "hostile corpus on cuda"
  timeout "${HOSTILE_LIMIT:-270}" "$PY" -m runner hostile --device cuda --json \
    > "$OUT_DIR/hostile_cuda.json" 2> "$OUT_DIR/hostile_cuda.log" || log "hostile exited with $?"
  tail -n 25 "$OUT_DIR/pytest_gpu.txt"
  "$PY" - "$OUT_DIR/hostile_cuda.json" <<'EOF'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception as exc:  # noqa: BLE001
    sys.exit(f"hostile: no JSON ({exc})")
print(f"hostile: contained {d['contained']}/{d['total']}")
for c in d["cases"]:
    if not c.get("contained"):
        print("  MISS", c.get("name"), c.get("expected"), "->", c.get("actual"), (c.get("message") or "")[:200])
EOF
fi

if [[ "$PART" == catalog ]]; then
  log "validate the catalog on cuda"
  timeout "${CATALOG_LIMIT:-560}" "$PY" -m runner validate --device cuda --jobs "${JOBS:-8}" --json \
    > "$OUT_DIR/catalog_cuda.json" 2> "$OUT_DIR/catalog_cuda.log" || log "validate exited with $?"
  "$PY" bench/catalog_table.py "$OUT_DIR/catalog_cuda.json" --out "$OUT_DIR/catalog_cuda.md" \
    || tail -n 30 "$OUT_DIR/catalog_cuda.log"
fi
