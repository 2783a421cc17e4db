#!/usr/bin/env bash
# Does the hand-over's window wait on the child's device-wide synchronise after a long kernel?
# On an H200 the window held 1-3 % more than the events for kernels of 3-31 ms
# (bench/results/gpu_clock/2026-11-29-h200-gated/). The timing truth of a few solutions twice:
# the child as it is (DONE after its synchronise), then with done_after_end_event.patch (the
# child reads its end event in a tight loop first); last, each judgement's bound minus its
# events, per variant.
#
#   bash bench/probes/2026-11-29/done_latency.sh [problems]   # one device call, < 6 min
set -uo pipefail
cd "$(dirname "$0")/../../.." || exit 1
ONLY="${1:-int8-quantized-matmul,reduction}"
DEST="${OUT:-bench/results/$(date -u +%Y-%m-%d)-done-latency}"
PATCH=bench/probes/2026-11-29/done_after_end_event.patch
LIMIT="${LIMIT:-150}"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
mkdir -p "$DEST"
run() {
  timeout "$LIMIT" python3 bench/timing_truth.py --only "$ONLY" --repeats 5 --repeats-long 5 \
    --no-ncu --budget 2 --time-budget "$((LIMIT - 20))" --out "$DEST/$1" 2> "$DEST/$1.log" > /dev/null
}
run sync
git apply "$PATCH" || exit 1
run event
git apply -R "$PATCH"
python3 - "$DEST" <<'PY'
import json, sys
from pathlib import Path
for variant in ("sync", "event"):
    f = Path(sys.argv[1]) / variant / "timing_truth.json"
    if not f.is_file():
        print(variant, "no report")
        continue
    for s in json.loads(f.read_text())["solutions"]:
        for c in s["cases"]:
            gaps = [f"{k['bound_ms'] - k['event_median_ms']:+.4f}" for k in c["judge_clocks"]]
            print(variant, s["solution"], "events", c["judge_median_ms"], "bound-events", *gaps)
PY
