#!/usr/bin/env bash
# Whether the child's steps between its end event and DONE are the window's noise: the
# timeline (../2026-11-29/timeline.sh) with DONE written as soon as the child's synchronise
# returns and its after-sync event is queued (the runner as it is), and with late_done.patch
# (DONE after that event's own wait, as before). Then both processes as clients of one MPS
# server (mps.sh says why): the timeline, and the bound against the events with the
# supervisor's wait for DONE on its host (`handover`) or queued on its stream (`gpuwait`).
#
#   bash bench/probes/2026-11-30/done_order.sh   # one device call, about 5 min
PROBE=done-order . "$(dirname "$0")/common.sh"
SOL="reduction/correct_atomic.cu softmax/correct_online.cu matrix-transpose/correct_tiled.cu int8-quantized-matmul/correct_tiled_int.cu"
SHORT="reduction/correct_atomic.cu softmax/correct_online.cu"
timeline() {  # name, solutions
  echo "== $1"
  OUT="$DEST/$1" SOLUTIONS="$2" bash bench/probes/2026-11-29/timeline.sh 2>&1 | grep -v "^WARNING\|warn"
}
timeline plain-early "$SOL"
git apply "$HERE/late_done.patch" && timeline plain-late "$SOL" && git apply -R "$HERE/late_done.patch"
mps_start
timeline mps-early "$SHORT"
timeout 240 python3 bench/probes/2026-11-29/handover_variants.py --variants handover,gpuwait \
  --repeat 3 --solutions "$(echo "$SHORT matrix-transpose/correct_tiled.cu" | tr ' ' ,)" \
  --out "$DEST/mps-variants.json" > "$DEST/mps-variants.log" 2>&1 || echo "variants exited with $?"
mps_stop
python3 - "$DEST" <<'PY'
import json, sys
from pathlib import Path
for f in sorted(Path(sys.argv[1]).glob("**/*.json")):
    for r in json.loads(f.read_text()):
        print(f"{f.parent.name[:12]:12} {r['variant'][:8]:8} {r['solution'][:26]:26} {r['verdict'][:8]:8} "
              f"ev={r['event_ms']:.4f} bound={r['bound_ms']:.4f} d={1e3 * (r['bound_ms'] - r['event_ms']):+6.1f}us "
              f"noise={1e3 * r['noise_ms']:5.1f}us slack={1e3 * r['slack_ms']:5.1f}us k={r['burst']}")
PY
pack
