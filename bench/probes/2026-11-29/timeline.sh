#!/usr/bin/env bash
# Where a hand-over window's time goes, on the GPU's own timeline: with timeline.patch applied,
# the supervisor and the child stamp the GPU's global timer between the hand-over's steps
# (stamp.cu), and every cycle of a judgement is one JSON line: the supervisor's writes and
# flush, GO to the child's first work, the child's work, the child's end to the snapshot, the
# snapshot. Last, per solution and kind of cycle (empty: the calibration; timed; null: the
# supervisor alone), each segment's median and spread. Asks: what is an empty window's
# 0.35-0.4 ms beyond the supervisor's own cycle, where its noise is, and where the long
# kernels' 1-3 % beyond their events is (bench/results/gpu_clock/2026-11-29-h200-gated/).
#
#   bash bench/probes/2026-11-29/timeline.sh   # one device call, < 5 min
set -uo pipefail
cd "$(dirname "$0")/../../.." || exit 1
DEST="${OUT:-bench/results/$(date -u +%Y-%m-%d)-timeline}"
HERE=bench/probes/2026-11-29
SOLUTIONS="${SOLUTIONS:-reduction/correct_atomic.cu softmax/correct_online.cu vector-add/correct_pytorch.py int8-quantized-matmul/correct_tiled_int.cu matrix-multiplication/correct_fp32_accumulate.cu}"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
mkdir -p "$DEST"
ARCH=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d '. ')
nvcc -arch="sm_${ARCH:-90}" -shared -Xcompiler -fPIC -o runner/_probe_stamp.so "$HERE/stamp.cu" || exit 1
git apply "$HERE/timeline.patch" || exit 1
for sol in $SOLUTIONS; do
  name=$(echo "$sol" | tr '/.' '__')
  KJ_PROBE_STAMPS_OUT="$DEST/$name.jsonl" timeout "${LIMIT:-80}" python3 "$HERE/handover_variants.py" \
    --variants handover --repeat 2 --solutions "$sol" --out "$DEST/$name.json" \
    > "$DEST/$name.log" 2>&1 || echo "$sol: exited with $?"
done
git apply -R "$HERE/timeline.patch"
rm -f runner/_probe_stamp.so
python3 - "$DEST" <<'PY'
import json, statistics, sys
from pathlib import Path
SEGMENTS = ["window_us", "writes_flush_us", "go_to_child_us", "child_us",
            "child_end_to_snapshot_us", "go_to_snapshot_us", "snapshot_us"]
for f in sorted(Path(sys.argv[1]).glob("*.jsonl")):
    rows = [json.loads(line) for line in f.read_text().splitlines() if line.strip()]
    for phase in ("empty", "timed", "null"):
        got = [r for r in rows if r.get("phase") == phase]
        if not got:
            continue
        cells = []
        for seg in SEGMENTS:
            xs = [r[seg] for r in got if r.get(seg) is not None]
            if xs:
                med = statistics.median(xs)
                mad = statistics.median(abs(x - med) for x in xs)
                cells.append(f"{seg[:-3]}={med:.1f}±{1.4826 * mad:.1f}")
        print(f"{f.stem[:40]:40} {phase:5} n={len(got):4} " + " ".join(cells))
PY
