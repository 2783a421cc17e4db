#!/usr/bin/env bash
# Is the child's wait for GO, pending on its stream while the supervisor writes the inputs and
# flushes, what makes an empty hand-over window 0.35-0.4 ms longer than the supervisor's own
# cycle on an H200, and its noise? A few short solutions judged three times each with the
# child waiting on its stream (as the judge runs) and, with host_go.patch applied, on its host;
# per judgement the empty window, its noise, the events and the bound (handover_variants.py).
#
#   bash bench/probes/2026-11-29/host_go.sh   # one device call, < 4 min
set -uo pipefail
cd "$(dirname "$0")/../../.." || exit 1
DEST="${OUT:-bench/results/$(date -u +%Y-%m-%d)-host-go}"
PATCH=bench/probes/2026-11-29/host_go.patch
SOLUTIONS="${SOLUTIONS:-reduction/correct_atomic.cu,softmax/correct_online.cu,matrix-transpose/correct_tiled.cu,vector-add/correct_pytorch.py}"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
mkdir -p "$DEST"
git apply "$PATCH" || exit 1
timeout "${LIMIT:-200}" python3 bench/probes/2026-11-29/handover_variants.py \
  --variants handover,hostgo --repeat 3 --solutions "$SOLUTIONS" \
  --out "$DEST/host_go.json" > "$DEST/host_go.log" 2>&1
echo "handover_variants exited with $?"
git apply -R "$PATCH"
python3 - "$DEST/host_go.json" <<'PY'
import json, statistics, sys
from pathlib import Path
f = Path(sys.argv[1])
if not f.is_file():
    sys.exit(print("no report"))
for r in json.loads(f.read_text()):
    e = (r.get("samples") or {}).get("empty_windows") or [0.0]
    n = (r.get("samples") or {}).get("null_before") or [0.0]
    print(f"{r['variant']:8} {r['solution']:36} {r['verdict'][:8]:8} go={r.get('handover_go')} "
          f"empty={statistics.median(e):.4f} null={statistics.median(n):.4f} "
          f"noise={r['noise_ms'] or 0:.4f} event={r['event_ms'] or 0:.4f} bound={r['bound_ms'] or 0:.4f}")
PY
