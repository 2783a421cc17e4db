#!/usr/bin/env bash
# Where the judge's events and do_bench part on an H200 (bench/results/gpu_clock/
# 2026-11-29-h200-gated/: the atomic reduction's events 0.88-0.95 of do_bench in every
# judgement, the 15 us softmaxes 0.92-1.07, the radix sort's events 4.67-5.18 ms from one
# judgement to the next): l2_state.py (the work before a call's start event, one thing at a
# time, with one judgement each), the radix sort on six placements of its buffers in one
# process, then do_bench of the radix sort and the reductions in five fresh processes each,
# to see how far do_bench itself moves from one process to the next.
#
#   bash bench/probes/2026-11-29/events_vs_do_bench.sh   # one device call, < 8 min
set -uo pipefail
cd "$(dirname "$0")/../../.." || exit 1
DEST="${OUT:-bench/results/$(date -u +%Y-%m-%d)-events-vs-do-bench}"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
mkdir -p "$DEST"
timeout "${L2_LIMIT:-200}" python3 bench/probes/2026-11-29/l2_state.py --judge \
  --out "$DEST/l2_state.json" > "$DEST/l2_state.log" 2>&1
echo "l2_state exited with $?"
timeout "${PLACE_LIMIT:-60}" python3 bench/probes/2026-11-29/l2_state.py \
  --placements radix-sort/correct_lsd_radix.cu --out "$DEST/placements.json" \
  > "$DEST/placements.log" 2>&1
echo "placements exited with $?"
timeout "${SPREAD_LIMIT:-230}" python3 bench/timing_truth.py --only radix-sort,reduction \
  --outside-processes 5 --repeats 3 --repeats-long 3 --no-ncu --budget 2 \
  --time-budget "$(( ${SPREAD_LIMIT:-230} - 40 ))" --out "$DEST/spread" \
  > "$DEST/spread.log" 2>&1
echo "timing_truth exited with $?"
tail -n 8 "$DEST/l2_state.log"
tail -n 6 "$DEST/placements.log"
python3 - "$DEST/spread/timing_truth.json" <<'PY'
import json, sys
from pathlib import Path
f = Path(sys.argv[1])
if not f.is_file():
    sys.exit(print("no timing_truth report"))
for s in json.loads(f.read_text())["solutions"]:
    for c in s["cases"]:
        print(s["solution"], c["case"], "judge", [round(x, 4) for x in c["judge_medians_ms"]],
              "do_bench per process", [round(x, 4) for x in c.get("do_bench_process_medians_ms") or []])
PY
