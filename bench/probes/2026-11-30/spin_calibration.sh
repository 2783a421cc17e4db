#!/usr/bin/env bash
# Whether a calibration call of a kernel's own length carries the window's excess after a
# real call (the child's end to the snapshot is 8-25 us longer after a 12-15 us kernel than
# after an empty call, and that excess is what scores honest short kernels from their bound):
# with spin_calibration.patch the calibration's empty call is a spin of SPIN us instead, and
# the timeline (../2026-11-29/timeline.sh) compares its windows with the timed calls'. Per
# judgement, d = bound + SPIN - events: the excess a spin calibration would leave.
#
#   bash bench/probes/2026-11-30/spin_calibration.sh   # one device call, about 4 min
PROBE=spin-calibration . "$(dirname "$0")/common.sh"
RUNS="${RUNS:-reduction/correct_atomic.cu:0 reduction/correct_atomic.cu:11.4 softmax/correct_online.cu:15.0 matrix-transpose/correct_tiled.cu:96.6 int8-quantized-matmul/correct_tiled_int.cu:6794}"
git apply "$HERE/spin_calibration.patch" || exit 1
for run in $RUNS; do
  sol=${run%:*} spin=${run##*:}
  echo "$spin" > /tmp/kj_probe_spin_us
  echo "== $sol, calibration spin $spin us"
  OUT="$DEST/spin-$spin" SOLUTIONS="$sol" bash bench/probes/2026-11-29/timeline.sh 2>&1 | grep -v "WARNING\|warn"
done
rm -f /tmp/kj_probe_spin_us
git apply -R "$HERE/spin_calibration.patch"
python3 - "$DEST" <<'PY'
import json, sys
from pathlib import Path
for f in sorted(Path(sys.argv[1]).glob("spin-*/*.json")):
    spin = float(f.parent.name.split("-", 1)[1]) / 1e3
    for r in json.loads(f.read_text()):
        d = r["bound_ms"] + spin - r["event_ms"]
        print(f"spin={1e3 * spin:7.1f}us {r['solution'][:28]:28} {r['verdict'][:8]:8} ev={r['event_ms']:.4f} "
              f"bound+spin={r['bound_ms'] + spin:.4f} d={1e3 * d:+6.1f}us slack={1e3 * r['slack_ms']:5.1f}us k={r['burst']}")
PY
pack
